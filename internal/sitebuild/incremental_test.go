package sitebuild

import (
	"bytes"
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"tzdocs/internal/sitetest"
)

// TestRebuildEqualsAFullBuild holds the rebuild's shortcuts (conversions, records and renders kept
// from the last build, trees not copied again) to what they stand for: after each kind of edit,
// the folder a Builder rebuilt is byte for byte the folder a new Builder makes of the same site.
func TestRebuildEqualsAFullBuild(t *testing.T) {
	dir := sitetest.Write(t, sitetest.Minimal+sitetest.FakeWeb+"-- site/static/img/logo.svg --\n<svg/>\n")
	site := filepath.Join(dir, "site")
	b := New(Options{SiteDir: site, OutDir: filepath.Join(dir, "dev"), WebDir: filepath.Join(dir, "web"), Dev: true})
	t.Cleanup(b.Close)
	ctx := context.Background()
	if _, err := b.Build(ctx); err != nil {
		t.Fatal(err)
	}
	edits := []struct {
		name, file, old, new string
		deferred             bool // whether pages drawn with the changed site data wait for RenderDeferred
	}{
		{"prose", "docs/architecture/bakers.md", "Bakers get rights.", "Bakers earn rights by staking.", false},
		{"a heading", "docs/architecture/bakers.md", "## Rights", "## Baking rights", false},
		{"a title shown in the sidebar", "docs/tutorials/app/part-1.md", "title: Part 1", "title: Part one", true},
		{"the first paragraph, a summary other pages show", "docs/architecture.md", "How it works.", "How the chain works.", false},
		{"a sidebar", "sidebars.yaml", "label: Architecture", "label: How it works", true},
		{"site.yaml", "site.yaml", "tagline: A site for tests.", "tagline: A site for rebuilds.", true},
		{"a static file", "static/img/logo.svg", "<svg/>", "<svg></svg>", false},
		// Keywords reach only the head's meta tags, not the page's data file.
		{"front matter only the head shows", "docs/architecture/bakers.md", "sidebar_label: Bakers\n", "sidebar_label: Bakers\nkeywords: [baking, rights]\n", false},
	}
	for i, e := range edits {
		p := filepath.Join(site, e.file)
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Contains(src, []byte(e.old)) {
			t.Fatalf("%s: %s lacks %q", e.name, e.file, e.old)
		}
		if err := os.WriteFile(p, bytes.Replace(src, []byte(e.old), []byte(e.new), 1), 0o644); err != nil {
			t.Fatal(err)
		}
		res, err := b.Build(ctx)
		if err != nil {
			t.Fatalf("%s: %v", e.name, err)
		}
		if len(res.Files) == 0 {
			t.Fatalf("%s: the rebuild wrote nothing", e.name)
		}
		if e.deferred != (res.Deferred > 0) {
			t.Errorf("%s: %d pages left for later, want some: %t", e.name, res.Deferred, e.deferred)
		}
		if _, err := b.RenderDeferred(ctx); err != nil {
			t.Fatalf("%s: rendering the pages left for later: %v", e.name, err)
		}
		fresh := New(Options{SiteDir: site, OutDir: filepath.Join(dir, "full", string(rune('a'+i))), WebDir: filepath.Join(dir, "web"), Dev: true})
		if _, err := fresh.Build(ctx); err != nil {
			t.Fatal(err)
		}
		fresh.Close()
		if diff := compareTrees(t, filepath.Join(dir, "dev"), filepath.Join(dir, "full", string(rune('a'+i)))); diff != "" {
			t.Errorf("after editing %s, the rebuild differs from a full build: %s", e.name, diff)
		}
	}
}

// compareTrees returns "" when two folders hold the same files with the same bytes, else what
// differs first.
func compareTrees(t *testing.T, a, b string) string {
	t.Helper()
	list := func(root string) map[string][]byte {
		files := map[string][]byte{}
		err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			data, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			rel, _ := filepath.Rel(root, p)
			files[filepath.ToSlash(rel)] = data
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		return files
	}
	fa, fb := list(a), list(b)
	var diffs []string
	for rel, data := range fa {
		other, ok := fb[rel]
		switch {
		case !ok:
			diffs = append(diffs, rel+" only in the rebuild")
		case !bytes.Equal(data, other):
			diffs = append(diffs, rel+" differs")
		}
	}
	for rel := range fb {
		if _, ok := fa[rel]; !ok {
			diffs = append(diffs, rel+" missing from the rebuild")
		}
	}
	return strings.Join(diffs, "; ")
}
