package sitebuild

import (
	"encoding/json"
	"path/filepath"
	"reflect"
	"testing"

	"tzdocs/internal/config"
	"tzdocs/internal/content"
	"tzdocs/internal/output"
	"tzdocs/internal/sitetest"
)

func TestPageSourcesNameTheFileAndItsEditURL(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "site")
	docs := []*content.Doc{
		{Route: "/a", File: "site/docs/a.md", Path: filepath.Join(dir, "docs", "a.md")},
		{Route: "/", File: "site/pages/index.md", Path: filepath.Join(dir, "pages", "index.md")},
		{Route: "/category/x", File: "site/sidebars.yaml"}, // a generated index: no file of its own
	}
	site := &content.Site{Config: &config.Config{Dir: dir}, Docs: docs}
	want := map[string]output.PageSource{"/a": {File: "site/docs/a.md"}, "/": {File: "site/pages/index.md"}}
	if got := pageSources(site); !reflect.DeepEqual(got, want) {
		t.Errorf("without editUrl: %+v, want %+v", got, want)
	}
	site.Config.Docs.EditURL = "https://example.org/repo/edit/main/site"
	want = map[string]output.PageSource{
		"/a": {File: "site/docs/a.md", EditURL: "https://example.org/repo/edit/main/site/docs/a.md"},
		"/":  {File: "site/pages/index.md", EditURL: "https://example.org/repo/edit/main/site/pages/index.md"},
	}
	if got := pageSources(site); !reflect.DeepEqual(got, want) {
		t.Errorf("with editUrl: %+v, want %+v", got, want)
	}
}

func TestManifestNamesEachPagesSource(t *testing.T) {
	outDir, _, err := buildSite(t, sitetest.Minimal)
	if err != nil {
		t.Fatal(err)
	}
	var m output.Manifest
	if err := json.Unmarshal([]byte(read(t, outDir, output.ManifestFile)), &m); err != nil {
		t.Fatal(err)
	}
	if got := m.Sources["/architecture/accounts"]; got != (output.PageSource{File: "site/docs/architecture/accounts.md"}) {
		t.Errorf("source of /architecture/accounts: %+v (all: %+v)", got, m.Sources)
	}
	if _, ok := m.Sources["/search"]; ok {
		t.Error("the search page, built from no file, has a source")
	}
}
