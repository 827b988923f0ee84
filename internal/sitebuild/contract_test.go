package sitebuild

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"tzdocs/internal/output"
)

// everyOption is a site that sets every optional part of the build's output: announcement bar,
// TOC levels 2–6, tabs, math, diagrams, version, locale and plain dropdowns, raw HTML and search
// navbar items, a footer with columns and a logo, the tag manager, Ask AI, the chatbot, a home
// page, a generated index, a page whose heading differs from its title, and hide_title.
const everyOption = `
-- site/site.yaml --
title: Contract Docs
tagline: Every option set.
url: https://docs.example.org
favicon: /img/favicon.ico
i18n:
  defaultLocale: en
  locales: [en]
  localeConfigs:
    en: { label: English, direction: ltr, htmlLang: en-GB }
docs:
  mainDocId: overview
  showLastUpdateTime: true
markdown: { math: true }
themeConfig:
  tableOfContents: { minHeadingLevel: 2, maxHeadingLevel: 6 }
  colorMode: { defaultMode: dark, disableSwitch: false, respectPrefersColorScheme: true }
  announcementBar: { id: release-2, content: 'Version 2 is out: <a href="/overview">read more</a>', isCloseable: true }
  navbar:
    title: Contract
    logo: { alt: Logo, src: /img/logo.svg }
    hideOnScroll: true
    style: dark
    items:
      - { type: docSidebar, sidebarId: docs, label: Docs, position: left }
      - { type: doc, docId: deep, position: left }
      - { type: docsVersion, position: left }
      - { type: docsVersionDropdown, position: right }
      - { type: localeDropdown, position: right }
      - type: dropdown
        label: More
        position: left
        items:
          - { href: "https://example.org/a", label: A }
          - { to: /deep, label: Deep }
      - { type: html, value: "<b>beta</b>", position: right }
      - { type: search, position: right }
      - { href: "https://example.org/src", label: Source }
  footer:
    style: dark
    links:
      - title: Learn
        items:
          - { label: Overview, to: /overview }
          - { label: Elsewhere, href: "https://example.org" }
    logo: { alt: Footer logo, src: /img/logo.svg, srcDark: /img/logo-dark.svg, href: "https://example.org", width: 120, height: 40 }
    copyright: "Copyright <b>us</b>"
  search:
    indexName: contract
    searchPagePath: /search
    hitsPerPage: 20
    maxResultsPerGroup: 5
    missingResultsUrl: "https://example.org/issues"
    externalUrlRegex: "example\\.org"
  askAi:
    enabled: true
    assistantId: contract
    suggestedQuestions: ["What is a baker?"]
  chatbot:
    enabled: true
    headerTitle: Chatbot
    buttonPosition: center-right
    footerText: Check answers.
  tagManager: { containerId: GTM-TEST }
-- site/sidebars.yaml --
docs:
  - overview
  - type: category
    label: Topics
    link: {type: generated-index}
    collapsed: false
    items:
      - deep
      - titled
  - type: html
    value: "<hr>"
    className: divider
  - type: link
    label: Elsewhere
    href: https://example.org
-- site/docs/overview.md --
---
title: Overview
description: Where to start.
keywords: [tezos, docs]
image: /img/card.png
last_update:
  date: 2025-01-02
---
Start here.

~~~mermaid
graph TD; A-->B
~~~

Baking power is $p = s + d/3$.
-- site/docs/deep.md --
# Deep headings

## Two

### Three

#### Four

##### Five

###### Six

<Tabs>
<TabItem value="a" label="A">

Tab A.

</TabItem>
<TabItem value="b" label="B">

Tab B.

</TabItem>
</Tabs>
-- site/docs/titled.md --
---
title: Front-matter title
hide_title: true
hide_table_of_contents: true
---
# The page's own heading

Text.
-- site/pages/index.md --
---
title: Contract Docs
layout: home
hero:
  title: Contract Docs
  tagline: Learn.
cards:
  - { title: Overview, description: Start here., href: /overview, group: Beginner }
---
Home.
-- site/static/img/logo.svg --
<svg xmlns="http://www.w3.org/2000/svg"></svg>
-- site/static/img/card.png --
png
`

// tscPath is the TypeScript compiler the web app installs (make setup).
func tscPath(t *testing.T) string {
	t.Helper()
	p, err := filepath.Abs(filepath.Join("..", "..", "web", "node_modules", "typescript", "bin", "tsc"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(p); err != nil {
		t.Fatalf("%v: the contract test type-checks with the web app's TypeScript; run make setup", err)
	}
	return p
}

// typeCheck compiles a TypeScript file that assigns JSON values to the generated types, and returns
// tsc's complaints ("" when the values fit).
func typeCheck(t *testing.T, values map[string][]string) string {
	t.Helper()
	contract, err := filepath.Abs(filepath.Join("..", "..", "web", "src", "lib", "contract"))
	if err != nil {
		t.Fatal(err)
	}
	var src bytes.Buffer
	fmt.Fprintf(&src, "import type * as C from %q;\n", contract)
	n := 0
	for _, typ := range sortedKeys(values) {
		for _, v := range values[typ] {
			fmt.Fprintf(&src, "export const v%d: C.%s = %s;\n", n, typ, v)
			n++
		}
	}
	dir := t.TempDir()
	file := filepath.Join(dir, "check.ts")
	if err := os.WriteFile(file, src.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("node", tscPath(t), "--noEmit", "--strict", "--exactOptionalPropertyTypes", "--noUncheckedIndexedAccess",
		"--target", "es2022", "--module", "esnext", "--moduleResolution", "bundler", "--skipLibCheck", file)
	out, err := cmd.CombinedOutput()
	if err != nil && len(out) == 0 {
		t.Fatalf("tsc: %v", err)
	}
	if err == nil {
		return ""
	}
	return string(out)
}

var inlineData = regexp.MustCompile(`<script id="` + output.DataElementID + `" type="application/json">(.*?)</script>`)

func TestBuiltJSONMatchesTheGeneratedTypeScript(t *testing.T) {
	out, _, err := buildSite(t, everyOption)
	if err != nil {
		t.Fatal(err)
	}
	values := map[string][]string{
		"SiteData":   {read(t, out, output.SiteDataFile)},
		"Manifest":   {read(t, out, output.ManifestFile)},
		"CSPSources": {read(t, out, output.CSPFile)},
		"Record[]":   {read(t, out, output.RecordsFile)},
	}
	var manifest output.Manifest
	if err := json.Unmarshal([]byte(values["Manifest"][0]), &manifest); err != nil {
		t.Fatal(err)
	}
	for _, r := range manifest.Routes {
		values["PageData"] = append(values["PageData"], read(t, out, output.DataFile(r)))
		m := inlineData.FindStringSubmatch(read(t, out, output.PageFile(r)))
		if m == nil {
			t.Fatalf("%s has no inline data", output.PageFile(r))
		}
		values["InlineData"] = append(values["InlineData"], m[1])
	}
	if len(values["PageData"]) < 6 {
		t.Fatalf("only %d pages built: %v", len(values["PageData"]), manifest.Routes)
	}
	// Every optional part is really there, so the check covers it.
	site := values["SiteData"][0]
	for _, want := range []string{`"announcementBar":{"id":"release-2"`, `"type":"dropdown"`, `"mobileLabel":"Versions"`, `"mobileLabel":"Languages"`,
		`"type":"html"`, `"type":"search"`, `"columns":[{"title":"Learn"`, `"srcDark":"/img/logo-dark.svg"`, `"type":"category"`, `"className":"divider"`} {
		if !strings.Contains(site, want) {
			t.Errorf("site data lacks %s: %s", want, site)
		}
	}
	deep := read(t, out, output.DataFile("/deep"))
	for level := 2; level <= 6; level++ {
		if !strings.Contains(deep, fmt.Sprintf(`"level":%d`, level)) {
			t.Errorf("the TOC of /deep has no level %d: %s", level, deep)
		}
	}
	if !strings.Contains(read(t, out, output.CSPFile), "googletagmanager") {
		t.Error("the tag manager's origins are not in the CSP sources")
	}
	if problems := typeCheck(t, values); problems != "" {
		t.Errorf("the build's JSON does not fit web/src/lib/contract.ts:\n%s", problems)
	}
}

func TestTypeCheckRejectsJSONTheAppCannotRead(t *testing.T) {
	tests := map[string]string{
		"Go field names":    `{"ID":"a","Content":"b","IsCloseable":true}`,
		"a missing field":   `{"id":"a","content":"b"}`,
		"a wrong type":      `{"id":"a","content":"b","isCloseable":"yes"}`,
		"null for a string": `{"id":null,"content":"b","isCloseable":true}`,
	}
	for name, bad := range tests {
		t.Run(name, func(t *testing.T) {
			if typeCheck(t, map[string][]string{"AnnouncementBar": {bad}}) == "" {
				t.Errorf("tsc accepted %s as an AnnouncementBar", bad)
			}
		})
	}
	if problems := typeCheck(t, map[string][]string{"AnnouncementBar": {`{"id":"a","content":"b","isCloseable":true}`}}); problems != "" {
		t.Errorf("tsc rejected a valid AnnouncementBar: %s", problems)
	}
}
