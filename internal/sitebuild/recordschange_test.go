package sitebuild

import (
	"bytes"
	"context"
	"encoding/json"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"tzdocs/internal/output"
	"tzdocs/internal/search"
	"tzdocs/internal/sitetest"
)

// TestRecordsChangeReplacesPagesInPlace rebuilds after edits and checks what the build tells of
// its records: an edit of a page names that page alone, and replacing the named pages' records in
// an index of the previous records (search.Index.Replace) gives the new records, in order; an edit
// that brings a page or moves every page says the records are to be indexed afresh.
func TestRecordsChangeReplacesPagesInPlace(t *testing.T) {
	dir := sitetest.Write(t, sitetest.Minimal+sitetest.FakeWeb)
	site := filepath.Join(dir, "site")
	b := New(Options{SiteDir: site, OutDir: filepath.Join(dir, "dev"), WebDir: filepath.Join(dir, "web"), Dev: true})
	t.Cleanup(b.Close)
	ctx := context.Background()
	res, err := b.Build(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if c := res.RecordsChange; c.From != 0 || c.To != 1 || c.Pages != nil {
		t.Fatalf("the first build's records change: %+v, want a first version and no pages", c)
	}
	const bakers = "https://docs.example.org/architecture/bakers"
	edits := []struct {
		name, file, old, new string
		pages                []string // nil: indexed afresh
	}{
		{"a code block", "docs/architecture/bakers.md", "Bakers get rights.", "Bakers get rights.\n\n```sh\noctez-client bake for <baker> && echo done\n```", []string{bakers}},
		{"prose", "docs/architecture/bakers.md", "Bakers get rights.", "Bakers earn rights by staking.", []string{bakers}},
		{"a heading", "docs/architecture/bakers.md", "## Rights", "## Baking rights", []string{bakers}},
		{"a page made unlisted", "docs/conrefs/network.md", "title: Networks", "title: Networks\nunlisted: true", []string{"https://docs.example.org/conrefs/network"}},
		{"nothing the records hold", "docs/architecture/accounts.md", "date: 2025-01-02", "date: 2025-01-03", []string{}},
		{"a page added", "docs/architecture/nodes.md", "", "# Nodes\n\nNodes gossip.\n", nil},
		// The records are in route order: pages moved in the sidebar change weights only.
		{"a sidebar", "sidebars.yaml", "      - architecture/accounts\n      - architecture/bakers", "      - architecture/bakers\n      - architecture/accounts",
			[]string{"https://docs.example.org/architecture/accounts", bakers}},
		{"the site moved", "site.yaml", "url: https://docs.example.org", "url: https://docs.example.com", []string{"*"}},
	}
	prev := res.Records
	for _, e := range edits {
		p := filepath.Join(site, e.file)
		src, err := os.ReadFile(p)
		if err != nil && e.old != "" {
			t.Fatal(err)
		}
		if !strings.Contains(string(src), e.old) {
			t.Fatalf("%s: %s lacks %q", e.name, e.file, e.old)
		}
		if err := os.WriteFile(p, []byte(strings.Replace(string(src), e.old, e.new, 1)), 0o644); err != nil {
			t.Fatal(err)
		}
		next, err := b.Build(ctx)
		if err != nil {
			t.Fatalf("%s: %v", e.name, err)
		}
		c := next.RecordsChange
		if c.From != res.RecordsChange.To || c.To != c.From+1 {
			t.Errorf("%s: records numbered %d from %d, after %d", e.name, c.To, c.From, res.RecordsChange.To)
		}
		if (c.Pages == nil) != (e.pages == nil) {
			t.Fatalf("%s: pages changed %v, want %v", e.name, slices.Sorted(maps.Keys(c.Pages)), e.pages)
		}
		if c.Pages != nil {
			if got := slices.Sorted(maps.Keys(c.Pages)); !slices.Equal(got, e.pages) && !slices.Equal(e.pages, []string{"*"}) {
				t.Errorf("%s: pages changed %v, want %v", e.name, got, e.pages)
			}
			var recs []output.Record
			for _, p := range slices.Sorted(maps.Keys(c.Pages)) {
				recs = append(recs, c.Pages[p]...)
			}
			got := search.NewIndex(slices.Clone(prev)).Replace(slices.Sorted(maps.Keys(c.Pages)), recs).Records()
			if !reflect.DeepEqual(got, next.Records) {
				t.Errorf("%s: replacing the pages' records gives %d records, not the build's %d in order", e.name, len(got), len(next.Records))
			}
		}
		res, prev = next, next.Records
		// The code blocks' file, made of each page's kept JSON, is what marshalling them all gives.
		code, err := Code(ctx, site)
		if err != nil {
			t.Fatal(err)
		}
		want, err := json.Marshal(code)
		if err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(filepath.Join(dir, "dev", filepath.FromSlash(output.CodeFile)))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s: %s holds %s, want %s", e.name, output.CodeFile, got, want)
		}
	}
}
