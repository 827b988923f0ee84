package content

import (
	"path/filepath"
	"strings"
	"testing"

	"tzdocs/internal/config"
	"tzdocs/internal/markdown"
	"tzdocs/internal/sitetest"
)

func load(t *testing.T, archive string) (*Site, error) {
	t.Helper()
	dir := sitetest.Write(t, archive)
	cfg, err := config.Load(filepath.Join(dir, "site"))
	if err != nil {
		t.Fatal(err)
	}
	return loadConfig(cfg)
}

// loadConfig scans and resolves a site as the build does, with the converter's headings.
func loadConfig(cfg *config.Config) (*Site, error) {
	s, err := Scan(cfg)
	if err != nil {
		return s, err
	}
	return s, s.Resolve(headingOf)
}

// headingOf is the leading level-1 heading of a doc as the Markdown converter parses it, as the
// build passes it to Resolve.
func headingOf(d *Doc) string {
	doc, err := markdown.New(markdown.Options{}).Convert(d.Body, markdown.PageContext{})
	if err != nil {
		return ""
	}
	return doc.Title
}

func TestLoadBuildsDocusaurusRoutes(t *testing.T) {
	s, err := load(t, sitetest.Minimal)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"overview/index":        "/overview/",
		"architecture":          "/architecture",
		"architecture/accounts": "/architecture/accounts",
		"conrefs/network":       "/conrefs/network",
		"tutorials/app/part-1":  "/tutorials/app/part-1",
		"page:index":            "/",
	}
	for id, route := range want {
		d, ok := s.ByID[id]
		if !ok {
			t.Errorf("doc %s missing", id)
			continue
		}
		if d.Route != route {
			t.Errorf("%s: route %q, want %q", id, d.Route, route)
		}
	}
	if _, ok := s.ByID["secret/draft"]; ok {
		t.Error("draft doc was published")
	}
	if s.ByID["page:index"].Kind != KindHome {
		t.Error("layout: home page is not KindHome")
	}
	if got := s.ByID["architecture"].Title; got != "Architecture" {
		t.Errorf("title from leading h1 = %q", got)
	}
}

func TestRouteRules(t *testing.T) {
	tests := []struct{ noExt, slug, want string }{
		{"a/b", "", "/a/b"},
		{"a/index", "", "/a/"},
		{"a/README", "", "/a/"},
		{"guide/guide", "", "/guide/"},
		{"index", "", "/"},
		{"dApps/taquito", "", "/dApps/taquito"},
		{"a/b", "/custom/place", "/custom/place"},
		{"a/b", "other", "/a/other"},
	}
	for _, tt := range tests {
		got, err := route(tt.noExt, tt.slug, "/", KindDoc)
		if err != nil || got != tt.want {
			t.Errorf("route(%q, %q) = %q, %v; want %q", tt.noExt, tt.slug, got, err, tt.want)
		}
	}
}

func TestSidebarsGiveBreadcrumbsAndPrevNext(t *testing.T) {
	s, err := load(t, sitetest.Minimal)
	if err != nil {
		t.Fatal(err)
	}
	acc := s.ByID["architecture/accounts"]
	if acc.Sidebar != "documentation" {
		t.Errorf("sidebar = %q", acc.Sidebar)
	}
	if len(acc.Breadcrumbs) != 2 || acc.Breadcrumbs[0].Label != "Architecture" || acc.Breadcrumbs[0].Href != "/architecture" || acc.Breadcrumbs[1].Label != "Accounts" {
		t.Errorf("breadcrumbs = %+v", acc.Breadcrumbs)
	}
	if acc.Prev == nil || acc.Prev.ID != "architecture" || acc.Next == nil || acc.Next.ID != "architecture/bakers" {
		t.Errorf("prev/next = %v / %v", acc.Prev, acc.Next)
	}
	if b := s.ByID["architecture/bakers"]; b.Next != nil {
		t.Errorf("last doc of sidebar has next %s", b.Next.ID)
	}
	if d := s.ByID["overview/index"]; d.Prev != nil || d.Next.ID != "architecture" {
		t.Errorf("first doc prev/next = %v / %v", d.Prev, d.Next)
	}
	if d := s.ByID["conrefs/network"]; d.Sidebar != "" || d.Prev != nil || d.Next != nil {
		t.Errorf("standalone doc got sidebar %q", d.Sidebar)
	}
	if s.FirstDoc("tutorials").ID != "tutorials" {
		t.Errorf("first doc of tutorials = %s", s.FirstDoc("tutorials").ID)
	}
	if got := s.ByID["architecture/bakers"].Label; got != "Bakers" {
		t.Errorf("sidebar label = %q", got)
	}
}

func TestLastUpdate(t *testing.T) {
	s, err := load(t, sitetest.Minimal)
	if err != nil {
		t.Fatal(err)
	}
	if got := s.ByID["overview/index"].LastUpdate.Format("2006-01-02"); got != "2024-03-15" {
		t.Errorf("human date = %s", got)
	}
	if got := s.ByID["architecture/accounts"].LastUpdate.Format("2006-01-02"); got != "2025-01-02" {
		t.Errorf("ISO date = %s", got)
	}
	if s.ByID["architecture/bakers"].LastUpdate.IsZero() {
		t.Error("doc without a date has no last update (mtime fallback)")
	}
}

func TestResolveLink(t *testing.T) {
	s, err := load(t, sitetest.Minimal)
	if err != nil {
		t.Fatal(err)
	}
	from := s.ByID["overview/index"]
	tests := []struct {
		dest, want string
		ok         bool
	}{
		{"../architecture/accounts.md", "/architecture/accounts", true},
		{"/architecture/bakers#rights", "/architecture/bakers#rights", true},
		{"/overview", "/overview/", true},
		{"/architecture/", "/architecture", true},
		{"https://example.org/x", "https://example.org/x", true},
		{"#local", "#local", true},
		{"/nowhere", "/nowhere", false},
		{"missing.md", "missing.md", false},
	}
	for _, tt := range tests {
		got, _, ok := s.ResolveLink(from, tt.dest)
		if got != tt.want || ok != tt.ok {
			t.Errorf("ResolveLink(%q) = %q, %v; want %q, %v", tt.dest, got, ok, tt.want, tt.ok)
		}
	}
}

func TestConfigAndContentErrors(t *testing.T) {
	tests := []struct {
		name, from, to string
		wants          []string
	}{
		{"unknown doc id in sidebar", "  - architecture/bakers\n", "  - architecture/bakerz\n",
			[]string{"site/sidebars.yaml:8:9:", `doc id "architecture/bakerz" does not exist`}},
		{"docSidebar with nothing to link", "      - { type: docSidebar, sidebarId: tutorials, label: Tutorials, position: left }\n", "      - { type: docSidebar, sidebarId: empty, label: Tutorials, position: left }\n",
			[]string{"site/site.yaml:", `sidebar "empty" does not exist`}},
		{"missing main doc", "mainDocId: overview/index", "mainDocId: overview/nope",
			[]string{"docs.mainDocId", `"overview/nope" does not exist`}},
		{"bad date", "date: 15 March 2024", "date: someday",
			[]string{"site/docs/overview/index.md:5:", `last_update.date "someday" is not a date`}},
		{"bad front matter", "title: Accounts\n", "title: [Accounts\n",
			[]string{"site/docs/architecture/accounts.md:", "front matter"}},
		{"unclosed front matter", "---\ntitle: Part 1\n---\n", "---\ntitle: Part 1\n",
			[]string{"part-1.md:1:", "never ends"}},
		{"duplicate route", "title: Networks\n", "title: Networks\nslug: /architecture\n",
			[]string{"site/docs/conrefs/network.md:3: route /architecture is also produced by site/docs/architecture.md; give one of them another slug"}},
		{"duplicate route, the other page's slug", "title: Networks\n", "title: Networks\nslug: /tutorials/app/part-1\n",
			[]string{"site/docs/tutorials/app/part-1.md:1: route /tutorials/app/part-1 is also produced by site/docs/conrefs/network.md:3 (its slug)"}},
		{"unknown pagination id", "title: Accounts\n", "title: Accounts\npagination_next: architecture/nope\n",
			[]string{"site/docs/architecture/accounts.md:3:", `pagination_next names doc id "architecture/nope"`}},
		{"TOC level out of range", "title: Accounts\n", "title: Accounts\ntoc_max_heading_level: 7\n",
			[]string{"site/docs/architecture/accounts.md:3:", "toc_max_heading_level is 7; use a heading level from 2 to 6"}},
		{"TOC levels swapped", "title: Accounts\n", "title: Accounts\ntoc_min_heading_level: 4\ntoc_max_heading_level: 3\n",
			[]string{"site/docs/architecture/accounts.md:3:", "toc_min_heading_level 4 is above toc_max_heading_level 3"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			archive := strings.Replace(sitetest.Minimal, tt.from, tt.to, 1)
			if archive == sitetest.Minimal {
				t.Fatalf("replacement %q not found", tt.from)
			}
			_, err := load(t, archive)
			if err == nil {
				t.Fatal("Load succeeded, want an error")
			}
			for _, w := range tt.wants {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not contain %q", err, w)
				}
			}
		})
	}
}

func TestEmptySidebarIsAnError(t *testing.T) {
	archive := strings.Replace(sitetest.Minimal, "tutorials:\n  - tutorials\n  - type: category\n    label: First app\n    items:\n      - tutorials/app/part-1\n", "tutorials:\n  - type: html\n    value: '<hr>'\n", 1)
	_, err := load(t, archive)
	if err == nil || !strings.Contains(err.Error(), `sidebar "tutorials" has no doc to link to`) {
		t.Fatalf("err = %v", err)
	}
}

func TestTitleFollowsDocusaurusRule(t *testing.T) {
	archive := sitetest.Minimal + `-- site/docs/using.md --
# Using [Taquito](https://taquito.io) & *more*

Text.
-- site/docs/setext.md --
Set-ext title
=============

Text.
-- site/docs/plain-name.md --
No heading at all.
-- site/docs/both.md --
---
title: Front matter wins
---
# The page's own heading
`
	archive = strings.Replace(archive, "  - overview/index\n", "  - overview/index\n  - using\n  - setext\n  - plain-name\n  - both\n", 1)
	s, err := load(t, archive)
	if err != nil {
		t.Fatal(err)
	}
	tests := map[string]string{
		"using":      "Using Taquito & more",
		"setext":     "Set-ext title",
		"plain-name": "plain-name",
		"both":       "Front matter wins",
	}
	for id, want := range tests {
		d := s.ByID[id]
		if d == nil {
			t.Fatalf("no doc %s", id)
		}
		if d.Title != want || d.Label != want {
			t.Errorf("%s: title %q, label %q; want %q", id, d.Title, d.Label, want)
		}
	}
	// Sidebars, breadcrumbs and previous/next links name pages by the same title.
	var labels []string
	for _, it := range s.Sidebars["documentation"] {
		labels = append(labels, it.Label)
	}
	if got := strings.Join(labels, "|"); !strings.Contains(got, "Using Taquito & more|Set-ext title|plain-name|Front matter wins") {
		t.Errorf("sidebar labels %s", got)
	}
	if d := s.ByID["setext"]; d.Prev == nil || d.Prev.Label != "Using Taquito & more" || d.Next == nil || d.Next.Label != "plain-name" {
		t.Errorf("setext prev/next = %+v / %+v", d.Prev, d.Next)
	}
	if c := s.ByID["using"].Breadcrumbs; len(c) == 0 || c[len(c)-1].Label != "Using Taquito & more" {
		t.Errorf("breadcrumbs %+v", c)
	}
}

func TestRouteNameTakesTheDocIDAsDocusaurusDoes(t *testing.T) {
	for _, c := range []struct {
		noExt, id string
		kind      Kind
		want      string
	}{
		{"Configuration", "configuration", KindDoc, "configuration"},
		{"faq/OrganizingState", "organizing-state", KindDoc, "faq/organizing-state"},
		{"faq/index", "faq-home", KindDoc, "faq/index"}, // a folder's index keeps its folder's route
		{"guides/guides", "other", KindDoc, "guides/guides"},
		{"about", "x", KindPage, "about"},
		{"Setup", "", KindDoc, "Setup"},
	} {
		if got := routeName(c.noExt, c.id, c.kind); got != c.want {
			t.Errorf("routeName(%q, %q) = %q, want %q", c.noExt, c.id, got, c.want)
		}
	}
}
