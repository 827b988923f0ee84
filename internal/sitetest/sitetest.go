// Package sitetest writes small sites described as txtar archives to temporary folders, so
// whole-site tests read like the site they build.
package sitetest

import (
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/tools/txtar"
)

// Write extracts archive into a new temporary folder and returns the folder.
func Write(t testing.TB, archive string) string {
	t.Helper()
	dir := t.TempDir()
	for _, f := range txtar.Parse([]byte(archive)).Files {
		p := filepath.Join(dir, filepath.FromSlash(f.Name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, f.Data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// Minimal is a small but complete site: configuration, two sidebars, docs with categories,
// a draft, an unlisted doc, a standalone doc and a home page.
const Minimal = `
-- site/site.yaml --
title: Test Docs
tagline: A site for tests.
url: https://docs.example.org
i18n:
  defaultLocale: en
  locales: [en]
  localeConfigs:
    en: { label: English, direction: ltr, htmlLang: en }
docs:
  mainDocId: overview/index
  showLastUpdateTime: true
themeConfig:
  navbar:
    title: Test
    items:
      - { type: docSidebar, sidebarId: documentation, label: Documentation, position: left }
      - { type: docSidebar, sidebarId: tutorials, label: Tutorials, position: left }
      - { href: "https://example.org/src", label: Source }
-- site/sidebars.yaml --
documentation:
  - overview/index
  - type: category
    label: Architecture
    link: architecture
    items:
      - architecture/accounts
      - architecture/bakers
      - secret/draft
  - type: link
    label: Elsewhere
    href: https://example.org
tutorials:
  - tutorials
  - type: category
    label: First app
    items:
      - tutorials/app/part-1
-- site/docs/overview/index.md --
---
title: Overview
description: What this is.
last_update:
  date: 15 March 2024
---
Welcome. See [accounts](../architecture/accounts.md) and [bakers](/architecture/bakers#rights).

## Where to start

Text.
-- site/docs/architecture.md --
# Architecture

How it works.
-- site/docs/architecture/accounts.md --
---
title: Accounts
sidebar_label: Accounts
last_update:
  date: 2025-01-02
---
Accounts hold tez.

## Implicit accounts

tz1 addresses.
-- site/docs/architecture/bakers.md --
---
title: Bakers and baking
sidebar_label: Bakers
---
## Rights

Bakers get rights.
-- site/docs/secret/draft.md --
---
title: Not yet
draft: true
---
Draft.
-- site/docs/hidden.md --
---
title: Hidden
unlisted: true
---
Unlisted page.
-- site/docs/conrefs/network.md --
---
title: Networks
---
A standalone page without a sidebar.
-- site/docs/tutorials.md --
---
title: Tutorials
---
All tutorials.
-- site/docs/tutorials/app/part-1.md --
---
title: Part 1
---
Build it.
-- site/pages/index.md --
---
title: Test Docs
layout: home
hero:
  title: Test Docs
  tagline: Learn.
cards:
  - title: Overview
    description: Start here.
    href: /overview/
---
## Development tools

Tools.
`

// FakeWeb stands in for the React app's build: a manifest, an asset and an SSR bundle whose render
// shows the page's title, sidebar id and content, so the Go side can be tested on its own.
const FakeWeb = `
-- web/client/.vite/manifest.json --
{"src/entry-client.tsx": {"file": "assets/entry-client-AbCdEf12.js", "src": "src/entry-client.tsx", "isEntry": true, "css": ["assets/entry-client-Zz99Yy88.css"], "imports": ["_vendor.js"]},
 "src/diagram-frame.ts": {"file": "assets/diagram-frame-Dd33Ff44.js", "src": "src/diagram-frame.ts", "isEntry": true},
 "_vendor.js": {"file": "assets/vendor-Qq11Ww22.js"}}
-- web/client/assets/diagram-frame-Dd33Ff44.js --
window.tzDiagrams = {};
-- web/client/assets/entry-client-AbCdEf12.js --
console.log("client");
-- web/client/assets/vendor-Qq11Ww22.js --
console.log("vendor");
-- web/client/assets/entry-client-Zz99Yy88.css --
body { margin: 0 }
-- web/client/color-mode.js --
document.documentElement.dataset.x=1
-- web/server/entry-server.js --
export function render({ site, page }) {
  if (!site) throw new Error("no site data");
  return "<main data-sidebar=\"" + (page.sidebar || "") + "\"><h1>" + page.title + "</h1><div data-tz-markdown>" + page.html + "</div></main>";
}
`
