package sitebuild

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"tzdocs/internal/content"
	"tzdocs/internal/output"
	"tzdocs/internal/sitetest"
)

func buildSite(t *testing.T, archive string) (string, *Result, error) {
	t.Helper()
	if _, err := exec.LookPath("node"); err != nil {
		t.Fatal("node is needed for prerendering tests")
	}
	return buildDir(t, sitetest.Write(t, archive+sitetest.FakeWeb))
}

// buildDir builds the site a test wrote into dir/site (with a web app in dir/web) into dir/dist.
func buildDir(t *testing.T, dir string) (string, *Result, error) {
	t.Helper()
	b := New(Options{SiteDir: filepath.Join(dir, "site"), OutDir: filepath.Join(dir, "dist"), WebDir: filepath.Join(dir, "web")})
	t.Cleanup(b.Close)
	res, err := b.Build(context.Background())
	return filepath.Join(dir, "dist"), res, err
}

func read(t *testing.T, outDir, rel string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(outDir, rel))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestBuildWritesEveryRoute(t *testing.T) {
	outDir, res, err := buildSite(t, sitetest.Minimal)
	if err != nil {
		t.Fatal(err)
	}
	files := []string{output.PageFile(output.NotFoundRoute), output.SitemapFile, output.LLMsFile, output.LLMsFullFile, output.SiteDataFile,
		output.ManifestFile, output.CSPFile, output.RecordsFile, output.CodeFile, output.MarkdownFile("/architecture/accounts"), output.AssetsDir + "/entry-client-AbCdEf12.js"}
	for _, r := range []string{"/", "/overview/", "/architecture", "/architecture/accounts", "/conrefs/network", "/hidden", "/tutorials/app/part-1", "/search"} {
		files = append(files, output.PageFile(r), output.DataFile(r))
	}
	for _, p := range files {
		if _, err := os.Stat(filepath.Join(outDir, p)); err != nil {
			t.Errorf("missing %s", p)
		}
	}
	if _, err := os.Stat(filepath.Join(outDir, output.PageFile("/secret/draft"))); err == nil {
		t.Error("draft was published")
	}
	if res.Pages != 10 {
		t.Errorf("pages = %d, want 10 (9 docs and the search page)", res.Pages)
	}
}

func TestPrerenderedPageHoldsContentHeadAndData(t *testing.T) {
	outDir, _, err := buildSite(t, sitetest.Minimal)
	if err != nil {
		t.Fatal(err)
	}
	html := read(t, outDir, "architecture/accounts/index.html")
	for _, want := range []string{
		`<html lang="en" dir="ltr" data-theme="light">`,
		"<head>\n<meta charset=\"utf-8\">\n<script>document.documentElement.dataset.x=1</script>",
		"<title>Accounts | Test Docs</title>",
		`<link rel="canonical" href="https://docs.example.org/architecture/accounts">`,
		`<meta name="description" content="Accounts hold tez.">`,
		`<link rel="stylesheet" href="/assets/entry-client-Zz99Yy88.css">`,
		`<script type="module" src="/assets/entry-client-AbCdEf12.js"></script>`,
		`<link rel="modulepreload" href="/assets/vendor-Qq11Ww22.js">`,
		`<main data-sidebar="documentation"><h1>Accounts</h1>`,
		`id="implicit-accounts"`,
		`<script id="__TZ_DATA__" type="application/json">`,
	} {
		if !strings.Contains(html, want) {
			t.Errorf("page lacks %s", want)
		}
	}
	if got := read(t, outDir, output.CSPFile); !strings.HasPrefix(got, `{"scriptHashes":["sha256-`) || !strings.Contains(got, `"origins":[]`) {
		t.Errorf("content security policy sources: %s", got)
	}
	if strings.Contains(html, "googletagmanager") {
		t.Error("a tag manager is loaded without a containerId")
	}
	inline := html[strings.Index(html, `<script id="__TZ_DATA__"`):]
	if strings.Contains(inline, `"html":`) {
		t.Error("inline data repeats the page HTML; the client reads it from the DOM")
	}
	if strings.Contains(inline, `"toc":`) {
		t.Error("inline data repeats the table of contents; the client reads it from the prerendered list")
	}
	if home := read(t, outDir, "index.html"); !strings.Contains(home, "<title>Test Docs</title>") {
		t.Error("home title is not the site title")
	}
	if nf := read(t, outDir, "404.html"); !strings.Contains(nf, "<h1>Page Not Found</h1>") || !strings.Contains(nf, `noindex`) {
		t.Error("404 page wrong")
	}
}

func TestPageDataCarriesNavigation(t *testing.T) {
	outDir, _, err := buildSite(t, sitetest.Minimal)
	if err != nil {
		t.Fatal(err)
	}
	var p output.PageData
	if err := json.Unmarshal([]byte(read(t, outDir, output.DataFile("/architecture/accounts"))), &p); err != nil {
		t.Fatal(err)
	}
	if p.Route != "/architecture/accounts" || p.Kind != "doc" || p.Sidebar != "documentation" || p.LastUpdated != "2025-01-02" {
		t.Errorf("page data %+v", p)
	}
	if p.Prev == nil || p.Prev.Href != "/architecture" || p.Next == nil || p.Next.Title != "Bakers" {
		t.Errorf("prev/next %+v %+v", p.Prev, p.Next)
	}
	if len(p.TOC) != 1 || p.TOC[0].ID != "implicit-accounts" || p.TOC[0].Level != 2 {
		t.Errorf("toc %+v", p.TOC)
	}
	if len(p.Breadcrumbs) != 2 || p.Breadcrumbs[0].Href != "/architecture" {
		t.Errorf("breadcrumbs %+v", p.Breadcrumbs)
	}
	var overview output.PageData
	json.Unmarshal([]byte(read(t, outDir, output.DataFile("/overview/"))), &overview)
	if !strings.Contains(*overview.HTML, `href="/architecture/accounts"`) {
		t.Errorf(".md link not rewritten to its route: %s", *overview.HTML)
	}
	var site map[string]any
	json.Unmarshal([]byte(read(t, outDir, output.SiteDataFile)), &site)
	nav := site["navbar"].(map[string]any)["items"].([]any)
	first := nav[0].(map[string]any)
	if first["href"] != "/overview/" || first["activeSidebar"] != "documentation" || first["position"] != "left" {
		t.Errorf("docSidebar item resolved to %v", first)
	}
	if last := nav[2].(map[string]any); last["external"] != true || last["position"] != "right" {
		t.Errorf("external item %v", last)
	}
	var home output.PageData
	json.Unmarshal([]byte(read(t, outDir, output.DataFile("/"))), &home)
	if home.Kind != "home" || home.Home == nil || home.Home.Hero.Tagline != "Learn." || len(home.Home.Cards) != 1 {
		t.Errorf("home data %+v", home.Home)
	}
}

// Docusaurus front matter beyond the basics: the page's own TOC levels, a hidden title, and
// keywords and a social image in the head.
func TestDocusaurusFrontMatterReachesPageDataAndHead(t *testing.T) {
	archive := strings.Replace(sitetest.Minimal, "title: Accounts\n",
		"title: Accounts\nhide_title: true\ntoc_min_heading_level: 3\ntoc_max_heading_level: 4\nkeywords: [account, tz1]\nimage: /img/card.png\n", 1)
	outDir, p, levels := buildAccountsWithDeepHeadings(t, archive)
	if !p.HideTitle || fmt.Sprint(levels) != "[3 4]" {
		t.Errorf("hideTitle %v, TOC levels %v", p.HideTitle, levels)
	}
	page := read(t, outDir, "architecture/accounts/index.html")
	for _, want := range []string{`<meta name="keywords" content="account, tz1">`,
		`<meta property="og:image" content="https://docs.example.org/img/card.png">`, `<meta name="twitter:card" content="summary_large_image">`} {
		if !strings.Contains(page, want) {
			t.Errorf("head lacks %s", want)
		}
	}
	if strings.Contains(page, `<h1 class="tz-doc__title">`) {
		t.Error("hidden title drawn in the prerendered page")
	}
}

// A page with a front-matter title and its own level-1 heading shows the heading, as Docusaurus
// does; the title still names it in <title>.
func TestOwnHeadingOverFrontMatterTitle(t *testing.T) {
	archive := strings.Replace(sitetest.Minimal, "Accounts hold tez.\n", "# Accounts at a glance\n\nAccounts hold tez.\n", 1)
	outDir, _, err := buildSite(t, archive)
	if err != nil {
		t.Fatal(err)
	}
	var p output.PageData
	if err := json.Unmarshal([]byte(read(t, outDir, output.DataFile("/architecture/accounts"))), &p); err != nil {
		t.Fatal(err)
	}
	if p.Title != "Accounts" || p.Heading != "Accounts at a glance" || strings.Contains(*p.HTML, "<h1") {
		t.Errorf("title %q, heading %q, HTML %s", p.Title, p.Heading, *p.HTML)
	}
	if page := read(t, outDir, "architecture/accounts/index.html"); !strings.Contains(page, "<title>Accounts | ") {
		t.Error("the front-matter title no longer names the page")
	}
}

// themeConfig.tableOfContents sets the TOC levels of every page.
func TestSiteTOCLevels(t *testing.T) {
	archive := strings.Replace(sitetest.Minimal, "themeConfig:\n", "themeConfig:\n  tableOfContents: { minHeadingLevel: 2, maxHeadingLevel: 4 }\n", 1)
	if _, _, levels := buildAccountsWithDeepHeadings(t, archive); fmt.Sprint(levels) != "[2 3 4]" {
		t.Errorf("TOC levels %v", levels)
	}
}

// buildAccountsWithDeepHeadings gives the accounts page of archive headings down to level 5, builds
// the site, and returns the output folder, the page's data and the levels of its TOC entries.
func buildAccountsWithDeepHeadings(t *testing.T, archive string) (outDir string, p output.PageData, levels []int) {
	t.Helper()
	archive = strings.Replace(archive, "tz1 addresses.\n", "tz1 addresses.\n\n### Keys\n\n#### Seeds\n\n##### Deeper\n", 1)
	outDir, _, err := buildSite(t, archive)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(read(t, outDir, output.DataFile("/architecture/accounts"))), &p); err != nil {
		t.Fatal(err)
	}
	for _, e := range p.TOC {
		levels = append(levels, e.Level)
	}
	return outDir, p, levels
}

// Math is read only on sites that turn it on, as remark-math is only on where configured.
func TestMathOnlyWhenConfigured(t *testing.T) {
	page := strings.Replace(sitetest.Minimal, "tz1 addresses.\n", "tz1 addresses cost $O(1)$ to look up.\n", 1)
	for _, on := range []bool{false, true} {
		archive := page
		if on {
			archive = strings.Replace(archive, "themeConfig:\n", "markdown:\n  math: true\nthemeConfig:\n", 1)
		}
		outDir, _, err := buildSite(t, archive)
		if err != nil {
			t.Fatal(err)
		}
		html := read(t, outDir, "architecture/accounts/index.html")
		if got := strings.Contains(html, `<span class="tz-math">O(1)</span>`); got != on {
			t.Errorf("math on=%v: span present=%v", on, got)
		}
		if !on && !strings.Contains(html, "cost $O(1)$ to look up") {
			t.Error("without math, the dollars are text")
		}
	}
}

// The content security policy allows the origins of what pages embed from other sites, by kind.
func TestEmbedOriginsReachThePolicy(t *testing.T) {
	archive := strings.Replace(sitetest.Minimal, "tz1 addresses.\n",
		"tz1 addresses.\n\n![Chart](https://stats.example.net/c.png)\n\n<iframe src=\"https://www.youtube-nocookie.com/embed/x\" title=\"Talk\"></iframe>\n", 1)
	outDir, _, err := buildSite(t, archive)
	if err != nil {
		t.Fatal(err)
	}
	var policy output.CSPSources
	if err := json.Unmarshal([]byte(read(t, outDir, output.CSPFile)), &policy); err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(policy.ImgOrigins, policy.FrameOrigins, policy.MediaOrigins) != "[https://stats.example.net] [https://www.youtube-nocookie.com] []" {
		t.Errorf("policy %+v", policy)
	}
}

func TestUnlistedPagesStayOutOfSitemapAndSidebars(t *testing.T) {
	outDir, _, err := buildSite(t, sitetest.Minimal)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(read(t, outDir, "sitemap.xml"), "/hidden") || strings.Contains(read(t, outDir, "llms.txt"), "/hidden") {
		t.Error("unlisted page listed")
	}
	if !strings.Contains(read(t, outDir, "sitemap.xml"), "<loc>https://docs.example.org/architecture/bakers</loc>") {
		t.Error("sitemap lacks a page")
	}
}

func TestBrokenLinksAndAnchorsWarn(t *testing.T) {
	archive := strings.Replace(sitetest.Minimal, "Accounts hold tez.", "Accounts hold tez. See [x](/missing) and [y](/architecture/bakers#no-such-heading) and [w](/architecture/bakers#right) and [z](#implicit-accounts)"+
		" and [a <span id=\"delegate\">delegate</span>](#delegate) and <a name=\"old-name\"></a>[old](#old-name).", 1)
	_, res, err := buildSite(t, archive)
	if err != nil {
		t.Fatal(err)
	}
	var all []string
	for _, w := range res.Warnings {
		all = append(all, w.Error())
	}
	joined := strings.Join(all, "\n")
	for _, want := range []string{
		"site/docs/architecture/accounts.md:7:",
		"broken link to /missing",
		`broken anchor in /architecture/bakers#no-such-heading: /architecture/bakers has no heading or element with id "no-such-heading"; fix the link, or give the heading you mean that id with {#no-such-heading} after its text, or link without the anchor`,
		`broken anchor in /architecture/bakers#right: /architecture/bakers has no heading or element with id "right"; did you mean #rights? Fix the link`,
	} {
		if !strings.Contains(joined, want) {
			t.Errorf("warnings lack %q:\n%s", want, joined)
		}
	}
	for _, valid := range []string{"#implicit-accounts", "#delegate", "#old-name"} {
		if strings.Contains(joined, valid) {
			t.Errorf("a valid same-page anchor %s was reported:\n%s", valid, joined)
		}
	}
}

func TestMissingImageFailsTheBuild(t *testing.T) {
	archive := strings.Replace(sitetest.Minimal, "Bakers get rights.", "Bakers get rights.\n\n![diagram](/img/nope.png)", 1)
	_, _, err := buildSite(t, archive)
	if err == nil || !strings.Contains(err.Error(), "site/docs/architecture/bakers.md:9:1:") || !strings.Contains(err.Error(), "image /img/nope.png not found") {
		t.Fatalf("err = %v", err)
	}
}

func TestImagesAreHashedAndSized(t *testing.T) {
	archive := strings.Replace(sitetest.Minimal, "Bakers get rights.", "Bakers get rights.\n\n![diagram](/img/d.svg)", 1) +
		"-- site/static/img/d.svg --\n<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 120 40\"></svg>\n"
	outDir, _, err := buildSite(t, archive)
	if err != nil {
		t.Fatal(err)
	}
	html := read(t, outDir, "architecture/bakers/index.html")
	if !strings.Contains(html, `width="120" height="40"`) || !strings.Contains(html, `src="/assets/img/d-`) {
		t.Errorf("image not hashed and sized: %s", html[strings.Index(html, "<img"):][:200])
	}
}

func TestRebuildRendersOnlyWhatChanged(t *testing.T) {
	dir := sitetest.Write(t, sitetest.Minimal+sitetest.FakeWeb)
	b := New(Options{SiteDir: filepath.Join(dir, "site"), OutDir: filepath.Join(dir, "dist"), WebDir: filepath.Join(dir, "web")})
	defer b.Close()
	if _, err := b.Build(context.Background()); err != nil {
		t.Fatal(err)
	}
	res, err := b.Build(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Changed) != 0 {
		t.Errorf("unchanged rebuild changed %v", res.Changed)
	}
	file := filepath.Join(dir, "site/docs/architecture/bakers.md")
	src, _ := os.ReadFile(file)
	os.WriteFile(file, []byte(strings.Replace(string(src), "Bakers get rights.", "Bakers earn rights.", 1)), 0o644)
	res, err = b.Build(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Changed) != 1 || res.Changed[0] != "/architecture/bakers" {
		t.Errorf("changed = %v, want only /architecture/bakers", res.Changed)
	}
	if !strings.Contains(read(t, filepath.Join(dir, "dist"), "architecture/bakers/index.html"), "Bakers earn rights.") {
		t.Error("edit not in output")
	}
}

func TestBuildRefusesToWipeAForeignFolder(t *testing.T) {
	dir := sitetest.Write(t, sitetest.Minimal+sitetest.FakeWeb+"-- dist/precious.txt --\nkeep me\n")
	b := New(Options{SiteDir: filepath.Join(dir, "site"), OutDir: filepath.Join(dir, "dist"), WebDir: filepath.Join(dir, "web")})
	defer b.Close()
	_, err := b.Build(context.Background())
	if err == nil || !strings.Contains(err.Error(), "is not a tzdocs build") {
		t.Fatalf("err = %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "dist/precious.txt")); err != nil {
		t.Error("foreign file deleted")
	}
}

func TestMissingWebBuildIsAClearError(t *testing.T) {
	dir := sitetest.Write(t, sitetest.Minimal)
	b := New(Options{SiteDir: filepath.Join(dir, "site"), OutDir: filepath.Join(dir, "dist"), WebDir: filepath.Join(dir, "web")})
	_, err := b.Build(context.Background())
	if err == nil || !strings.Contains(err.Error(), "build the web app first") {
		t.Fatalf("err = %v", err)
	}
}

func TestContentReferencesTabsAndGeneratedIndexes(t *testing.T) {
	archive := strings.Replace(sitetest.Minimal, "Accounts hold tez.\n", "import Networks from '@site/docs/conrefs/_networks.md';\n\nAccounts hold tez.\n\n<Networks />\n\n<Tabs groupId=\"lang\">\n<TabItem value=\"py\" label=\"SmartPy\">\n\nPython here.\n\n</TabItem>\n<TabItem value=\"ligo\" label=\"JsLIGO\">\n\nLIGO here.\n\n</TabItem>\n</Tabs>\n", 1)
	archive = strings.Replace(archive, "tutorials:\n  - tutorials\n", "tutorials:\n  - tutorials\n  - type: category\n    label: More guides\n    link: {type: generated-index, description: Every guide.}\n    items:\n      - conrefs/network\n", 1)
	archive += "-- site/docs/conrefs/_networks.md --\n## Networks table\n\nMainnet and a [test network](/conrefs/network).\n"
	outDir, res, err := buildSite(t, archive)
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range res.Warnings {
		t.Errorf("warning: %v", w)
	}
	acc := read(t, outDir, "architecture/accounts/index.html")
	for _, want := range []string{`id="networks-table"`, `href="/conrefs/network"`, `<div class="tz-tabs" data-group-id="lang">`, `aria-selected="true"`} {
		if !strings.Contains(acc, want) {
			t.Errorf("accounts page lacks %s", want)
		}
	}
	gen := read(t, outDir, "category/more-guides/index.html")
	if !strings.Contains(gen, `<a class="tz-tutorial-card" href="/conrefs/network">`) || !strings.Contains(gen, "Every guide.") {
		t.Errorf("generated index page: %s", gen[strings.Index(gen, "<main"):])
	}

	// A partial that includes itself is an error naming the chain.
	cyclic := archive + "-- site/docs/conrefs/_loop.md --\nimport Loop from './_loop.md';\n\n<Loop />\n"
	cyclic = strings.Replace(cyclic, "Bakers get rights.", "import Loop from '@site/docs/conrefs/_loop.md';\n\nBakers get rights.\n\n<Loop />", 1)
	if _, _, err := buildSite(t, cyclic); err == nil || !strings.Contains(err.Error(), "_loop.md") {
		t.Errorf("cyclic partial: %v", err)
	}
}

func TestTagManagerOnlyWhenConfigured(t *testing.T) {
	archive := strings.Replace(sitetest.Minimal, "themeConfig:\n", "themeConfig:\n  tagManager: { containerId: GTM-TEST1 }\n", 1)
	outDir, _, err := buildSite(t, archive)
	if err != nil {
		t.Fatal(err)
	}
	html := read(t, outDir, "architecture/bakers/index.html")
	if !strings.Contains(html, `<script async src="https://www.googletagmanager.com/gtm.js?id=GTM-TEST1"></script>`) {
		t.Error("tag manager not loaded")
	}
	policy := read(t, outDir, output.CSPFile)
	if !strings.Contains(policy, "https://www.googletagmanager.com") || strings.Count(policy, "sha256-") != 2 {
		t.Errorf("policy %s", policy)
	}
}

func TestVersionAndLocaleDropdownsHaveMobileLabels(t *testing.T) {
	archive := strings.Replace(sitetest.Minimal, `      - { href: "https://example.org/src", label: Source }`,
		`      - { href: "https://example.org/src", label: Source }
      - { type: docsVersionDropdown }
      - { type: localeDropdown }`, 1)
	outDir, _, err := buildSite(t, archive)
	if err != nil {
		t.Fatal(err)
	}
	var site output.SiteData
	if err := json.Unmarshal([]byte(read(t, outDir, output.SiteDataFile)), &site); err != nil {
		t.Fatal(err)
	}
	items := site.Navbar.Items
	versions, ok1 := items[len(items)-2].(output.NavDropdownItem)
	locales, ok2 := items[len(items)-1].(output.NavDropdownItem)
	if !ok1 || !ok2 {
		t.Fatalf("the last navbar items are not dropdowns: %#v", items)
	}
	if versions.Label != "Next" || versions.MobileLabel != "Versions" || versions.Items[0].Version != "current" || !versions.Items[0].SameDoc {
		t.Errorf("version dropdown %+v", versions)
	}
	if locales.Label != "English" || locales.MobileLabel != "Languages" {
		t.Errorf("locale dropdown %+v", locales)
	}
}

func TestPagesAreNamedByOneTitleEverywhere(t *testing.T) {
	archive := strings.Replace(sitetest.Minimal, "      - architecture/accounts\n", "      - architecture/accounts\n      - architecture/using\n", 1) + `
-- site/docs/architecture/using.md --
# Using [Taquito](https://taquito.io) & *more*

Text.
`
	outDir, _, err := buildSite(t, archive)
	if err != nil {
		t.Fatal(err)
	}
	const title = "Using Taquito & more"
	var site output.SiteData
	if err := json.Unmarshal([]byte(read(t, outDir, output.SiteDataFile)), &site); err != nil {
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
				walk(it.Items)
			}
		}
	}
	walk(site.Sidebars["documentation"])
	if !strings.Contains(strings.Join(labels, "|"), "Accounts|"+title+"|Bakers") {
		t.Errorf("sidebar labels %v", labels)
	}
	var page, next output.PageData
	if err := json.Unmarshal([]byte(read(t, outDir, output.DataFile("/architecture/using"))), &page); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(read(t, outDir, output.DataFile("/architecture/bakers"))), &next); err != nil {
		t.Fatal(err)
	}
	if page.Title != title || page.Heading != "" || page.Breadcrumbs[len(page.Breadcrumbs)-1].Label != title {
		t.Errorf("page data title %q heading %q breadcrumbs %+v", page.Title, page.Heading, page.Breadcrumbs)
	}
	if next.Prev == nil || next.Prev.Title != title {
		t.Errorf("previous link of the next page = %+v", next.Prev)
	}
	if !strings.Contains(read(t, outDir, output.LLMsFile), "- ["+title+"](") {
		t.Errorf("llms.txt does not list %q", title)
	}
	records, err := output.LoadRecords(outDir)
	if err != nil {
		t.Fatal(err)
	}
	named := false
	for _, r := range records {
		named = named || (r.Path() == "/architecture/using" && r.Type == "lvl1" && r.Hierarchy[1] == title)
	}
	if !named {
		t.Error("the search records do not name the page by its title")
	}
}

// builtThenEdited builds the minimal site, then edits the bakers page, so the next Build converts it.
func builtThenEdited(t *testing.T) (*Builder, string) {
	t.Helper()
	dir := sitetest.Write(t, sitetest.Minimal+sitetest.FakeWeb)
	b := New(Options{SiteDir: filepath.Join(dir, "site"), OutDir: filepath.Join(dir, "dist"), WebDir: filepath.Join(dir, "web")})
	t.Cleanup(b.Close)
	if _, err := b.Build(context.Background()); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "site/docs/architecture/bakers.md"), []byte("## Rights\n\nEdited.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return b, dir
}

func TestAPageThatPanicsIsAnErrorNamingItsFile(t *testing.T) {
	b, dir := builtThenEdited(t)
	before := read(t, filepath.Join(dir, "dist"), output.PageFile("/architecture/bakers"))
	b.faultAt = func(d *content.Doc) {
		if strings.HasSuffix(d.File, "bakers.md") {
			panic("index out of range")
		}
	}
	_, err := b.Build(context.Background())
	if err == nil || !strings.Contains(err.Error(), "site/docs/architecture/bakers.md: converting this page failed (index out of range)") {
		t.Fatalf("err = %v", err)
	}
	if got := read(t, filepath.Join(dir, "dist"), output.PageFile("/architecture/bakers")); got != before {
		t.Error("a failed build changed the output")
	}
	// Once the fault is gone, the next build converts the page again.
	b.faultAt = nil
	if _, err := b.Build(context.Background()); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(read(t, filepath.Join(dir, "dist"), output.PageFile("/architecture/bakers")), "Edited.") {
		t.Error("the page was not rebuilt after the fault")
	}
}

func TestACancelledBuildLeavesThePreviousOutput(t *testing.T) {
	b, dir := builtThenEdited(t)
	ctx, cancel := context.WithCancel(context.Background())
	b.faultAt = func(*content.Doc) { cancel() } // cancelled while converting
	if _, err := b.Build(ctx); !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
	if strings.Contains(read(t, filepath.Join(dir, "dist"), output.PageFile("/architecture/bakers")), "Edited.") {
		t.Error("a cancelled build wrote its output")
	}
}
