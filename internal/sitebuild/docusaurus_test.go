package sitebuild

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"tzdocs/internal/output"
	"tzdocs/internal/sitetest"
)

// A Docusaurus repository builds as it is: its configuration (an async function in ES module
// syntax, with plugins tzdocs does not run), components written as JSX in .js files, a React home
// page, its custom CSS, a component kept beside the docs, Markdown links resolved as Docusaurus
// resolves them and the admonitions it accepts. Only the seeded broken links warn.
func TestDocusaurusRepositoryBuildsAsItIs(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not installed")
	}
	web, err := filepath.Abs(filepath.Join("..", "..", "web"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(web, "node_modules", "vite")); err != nil {
		t.Skip("the web toolchain is not installed (npm ci in web/)")
	}
	archive, err := os.ReadFile(filepath.Join("testdata", "docusaurus.txtar"))
	if err != nil {
		t.Fatal(err)
	}
	dir := sitetest.Write(t, string(archive)+sitetest.FakeWeb)
	out := filepath.Join(dir, "dist")
	b := New(Options{SiteDir: filepath.Join(dir, "website"), OutDir: out, WebDir: filepath.Join(dir, "web"), Toolchain: web, ComponentsCache: t.TempDir()})
	t.Cleanup(b.Close)
	res, err := b.Build(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Errors) > 0 {
		t.Fatalf("errors: %v", res.Errors)
	}

	home := read(t, out, "index.html")
	for _, want := range []string{
		"<title>Welcome | Gadgets</title>",                                                       // the literal title of its <Layout>
		`<div class="tz-site-page"><h1>Gadgets</h1>`,                                             // @theme/Layout, @theme/Heading, useDocusaurusContext
		`<p class="hello">Hello, <!-- -->home<!-- -->! <a href="/docs/intro">Start here</a></p>`, // a .js component with JSX, @docusaurus/Link
	} {
		if !strings.Contains(home, want) {
			t.Errorf("the home page lacks %q:\n%s", want, home)
		}
	}
	head, _, _ := strings.Cut(home, "</head>")
	code, custom := strings.Index(head, "/assets/code-"), strings.Index(head, "/assets/custom-")
	if code < 0 || custom < code {
		t.Errorf("custom.css is not linked after the theme's styles:\n%s", head)
	}

	intro := read(t, out, "docs/intro/index.html")
	for _, want := range []string{
		`<div class="tz-admonition tz-admonition--important tz-admonition--info">`,
		`<a href="/docs/api/store#getstate">store</a>`, // api/store.md, from the docs folder
		`Hello, <!-- -->docs`,
	} {
		if !strings.Contains(intro, want) {
			t.Errorf("the intro lacks %q:\n%s", want, intro)
		}
	}
	setup := read(t, out, "docs/guides/setup/index.html")
	for _, want := range []string{
		`<aside class="explain"><strong>Why?</strong>`,     // the component beside the docs
		`<a href="/docs/api/store#getstate">the store</a>`, // not found beside the file, found in the docs folder
		`<a href="/docs/intro">the introduction</a>`,
		`<div class="tz-admonition tz-admonition--release tz-admonition--info">`, // admonitions.keywords
	} {
		if !strings.Contains(setup, want) {
			t.Errorf("the setup page lacks %q:\n%s", want, setup)
		}
	}
	read(t, out, "docs/api/store/index.html")

	var warnings []string
	for _, w := range res.Warnings {
		warnings = append(warnings, w.Error())
	}
	want := []string{
		"docs/guides/setup.md:13:9: broken link to ./nothere.md",
		"docs/guides/setup.md:13:31: broken link to ./api/store.md", // ./ is relative to the file only
		`docs/guides/setup.md:13:59: broken anchor in ../api/store.md#nope: /docs/api/store has no heading or element with id "nope"`,
		`docs/guides/setup.md:13:95: broken anchor in #nowhere`,
		`docs/guides/setup.md:17:8: broken anchor in ../api/store.md#store`,         // the title heading has no id, as in Docusaurus
		"docs/guides/setup.md:19:175: broken link to /docs/3.x/intro",               // not one of the versions
		"website/src/theme: " + ThemeOverrideWarning + " (overridden here: Footer)", // a swizzled component is named
	}
	if len(warnings) != len(want) {
		t.Errorf("%d warnings, want %d:\n%s", len(warnings), len(want), strings.Join(warnings, "\n"))
	}
	for _, w := range want {
		found := false
		for _, got := range warnings {
			found = found || strings.HasPrefix(got, w)
		}
		if !found {
			t.Errorf("no warning starts %q:\n%s", w, strings.Join(warnings, "\n"))
		}
	}

	var report []string
	for _, u := range res.Unsupported {
		report = append(report, u.String())
	}
	if len(report) != 4 || !strings.Contains(report[0], "docusaurus.config.js:16: presets[0].blog: the blog is not built: its posts have no pages; links into /blog are kept as written and not checked") ||
		!strings.Contains(report[1], "docusaurus.config.js:21: plugins[0] (docusaurus-plugin-sass)") ||
		!strings.Contains(report[2], "docusaurus.config.js:21: plugins[1] (@docusaurus/plugin-content-docs): not run: only one docs folder is built; links into /community are kept") ||
		!strings.Contains(report[3], "versions.json:1: versions.json (2.x, 1.x): only the docs folder is built, at /docs, where Docusaurus serves version 2.x (versioned_docs/version-2.x); versions 1.x are not built; links into /docs/1.x, /docs/next are kept") {
		t.Errorf("the report of what the configuration leaves out:\n%s", strings.Join(report, "\n"))
	}
	if _, err := os.Stat(filepath.Join(dir, "website", "site.yaml")); err == nil {
		t.Error("the build wrote a site.yaml")
	}
}

// A site component that does not compile stops the build with the component's file, line and
// column, what to do, and no terminal colour codes.
func TestSiteComponentThatDoesNotCompileIsReportedAtItsLine(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not installed")
	}
	web, err := filepath.Abs(filepath.Join("..", "..", "web"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(web, "node_modules", "vite")); err != nil {
		t.Skip("the web toolchain is not installed (npm ci in web/)")
	}
	archive := `
-- website/docusaurus.config.js --
module.exports = {title: 'Broken', url: 'https://broken.example.org', baseUrl: '/', presets: [['classic', {docs: {routeBasePath: '/'}}]]};
-- website/docs/intro.md --
# Intro

import Hello from '@site/src/components/Hello';

<Hello />
-- website/src/components/Hello.js --
export default function Hello() {
  return <p className="hello">Hello</p;
}
`
	dir := sitetest.Write(t, archive+sitetest.FakeWeb)
	b := New(Options{SiteDir: filepath.Join(dir, "website"), OutDir: filepath.Join(dir, "dist"), WebDir: filepath.Join(dir, "web"), Toolchain: web, ComponentsCache: t.TempDir()})
	t.Cleanup(b.Close)
	_, err = b.Build(context.Background())
	if err == nil {
		t.Fatal("the build passed")
	}
	msg := err.Error()
	if !strings.Contains(msg, "website/src/components/Hello.js:2:39: a site component does not compile: Expected `>` but found `;`; fix it") || strings.Contains(msg, "\x1b[") {
		t.Errorf("error:\n%q", msg)
	}
}

// A Docusaurus site without a sidebars file (its configuration names none) gets the one sidebar
// Docusaurus makes of the whole docs folder, defaultSidebar, and the report does not call it lost.
func TestDocusaurusSiteWithoutSidebarsFileGetsOneAutogeneratedSidebar(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not installed")
	}
	dir := sitetest.Write(t, `
-- website/docusaurus.config.js --
module.exports = {
  title: 'Gadgets',
  url: 'https://gadgets.example.org',
  baseUrl: '/',
  presets: [['classic', {docs: {path: '../docs'}}]],
};
-- docs/intro.md --
---
sidebar_position: 1
---
# Introduction

Start here.
-- docs/guides/_category_.json --
{"label": "Guides", "position": 2}
-- docs/guides/setup.md --
# Setup

Plug it in.
`+sitetest.FakeWeb)
	out := filepath.Join(dir, "dist")
	b := New(Options{SiteDir: filepath.Join(dir, "website"), OutDir: out, WebDir: filepath.Join(dir, "web")})
	t.Cleanup(b.Close)
	res, err := b.Build(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for _, u := range res.Unsupported {
		if strings.Contains(u.Option, "sidebarPath") {
			t.Errorf("the report still names the sidebar: %s", u)
		}
	}
	var site output.SiteData
	if err := json.Unmarshal([]byte(read(t, out, output.SiteDataFile)), &site); err != nil {
		t.Fatal(err)
	}
	var labels []string
	var walk func(items output.SidebarItems)
	walk = func(items output.SidebarItems) {
		for _, it := range items {
			switch it := it.(type) {
			case output.SidebarLink:
				labels = append(labels, it.Label)
			case output.SidebarCategory:
				labels = append(labels, it.Label+":")
				walk(it.Items)
			}
		}
	}
	walk(site.Sidebars["defaultSidebar"])
	if got := strings.Join(labels, "|"); got != "Introduction|Guides:|Setup" {
		t.Errorf("defaultSidebar = %q, want the whole docs folder", got)
	}
	var page output.PageData
	if err := json.Unmarshal([]byte(read(t, out, output.DataFile("/docs/guides/setup"))), &page); err != nil {
		t.Fatal(err)
	}
	if page.Sidebar != "defaultSidebar" {
		t.Errorf("the setup page shows sidebar %q", page.Sidebar)
	}
}

// The configuration is read again when a file its mapping reads changes, not only the
// configuration itself: a versions.json added between two builds of one Builder is reported.
func TestDocusaurusReportFollowsVersionsFile(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not installed")
	}
	dir := sitetest.Write(t, `
-- website/docusaurus.config.js --
module.exports = {title: 'Gadgets', url: 'https://gadgets.example.org', baseUrl: '/', presets: [['classic', {docs: {path: '../docs'}}]]};
-- docs/intro.md --
# Introduction

Read [version 1](/docs/1.x/intro).
`+sitetest.FakeWeb)
	b := New(Options{SiteDir: filepath.Join(dir, "website"), OutDir: filepath.Join(dir, "dist"), WebDir: filepath.Join(dir, "web")})
	t.Cleanup(b.Close)
	res, err := b.Build(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Unsupported) != 0 || len(res.Warnings) != 1 {
		t.Fatalf("before versions.json: report %v, warnings %v", res.Unsupported, res.Warnings)
	}
	if err := os.WriteFile(filepath.Join(dir, "website", "versions.json"), []byte(`["2.x", "1.x"]`), 0o644); err != nil {
		t.Fatal(err)
	}
	if res, err = b.Build(context.Background()); err != nil {
		t.Fatal(err)
	}
	if len(res.Unsupported) != 1 || !strings.Contains(res.Unsupported[0].String(), "versions.json (2.x, 1.x)") || len(res.Warnings) != 0 {
		t.Errorf("after versions.json: report %v, warnings %v", res.Unsupported, res.Warnings)
	}
}
