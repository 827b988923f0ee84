package sitepages

import (
	"path/filepath"
	"testing"

	"tzdocs/internal/search"
	"tzdocs/internal/sitetest"
)

func TestLoadGivesSectionsPositionsAndTopLevels(t *testing.T) {
	dir := sitetest.Write(t, sitetest.Minimal)
	pages, err := Load(filepath.Join(dir, "site"))
	if err != nil {
		t.Fatal(err)
	}
	byURL := map[string]search.Page{}
	for _, p := range pages {
		byURL[p.URL] = p
	}
	tests := []struct {
		url, lvl0, title string
	}{
		{"/architecture/accounts", "Architecture", "Accounts"},
		{"/architecture/bakers", "Architecture", "Bakers and baking"},
		{"/tutorials/app/part-1", "Tutorials", "Part 1"},
		{"/architecture", "Architecture", "Architecture"},
	}
	for _, tt := range tests {
		p, ok := byURL[tt.url]
		if !ok {
			t.Errorf("no page %s among %d", tt.url, len(pages))
			continue
		}
		if p.Lvl0 != tt.lvl0 || p.Title != tt.title {
			t.Errorf("%s: lvl0 %q title %q, want %q %q", tt.url, p.Lvl0, p.Title, tt.lvl0, tt.title)
		}
	}
	if acc, bak := byURL["/architecture/accounts"], byURL["/architecture/bakers"]; acc.Position >= bak.Position {
		t.Errorf("positions: accounts %d, bakers %d; want sidebar order", acc.Position, bak.Position)
	}
	if !byURL["/hidden"].Unlisted {
		t.Errorf("/hidden is not marked unlisted: %+v", byURL["/hidden"])
	}
	acc := byURL["/architecture/accounts"]
	if len(acc.Sections) != 2 || acc.Sections[1].ID != "implicit-accounts" || acc.Sections[1].Text != "tz1 addresses." {
		t.Errorf("accounts sections = %+v", acc.Sections)
	}
	recs := search.Records(pages)
	for _, r := range recs {
		if r.URLWithoutAnchor == "/hidden" {
			t.Errorf("unlisted page has a record")
		}
	}
}

func TestLoadReportsAMissingSite(t *testing.T) {
	if _, err := Load(filepath.Join(t.TempDir(), "nope")); err == nil {
		t.Error("no error for a missing site folder")
	}
}
