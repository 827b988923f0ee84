package sitebuild

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"tzdocs/internal/sitetest"
)

// linkedSite writes archive, then makes a symbolic link at link (a path in the site folder) to a
// file outside the site holding secret, and returns the folder and the outside file.
func linkedSite(t *testing.T, archive, link, secret string) (dir, outside string) {
	t.Helper()
	dir = sitetest.Write(t, archive+sitetest.FakeWeb)
	outside = filepath.Join(t.TempDir(), "secret.txt")
	if err := os.WriteFile(outside, []byte(secret), 0o644); err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(dir, "site", filepath.FromSlash(link))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(outside, p); err != nil {
		t.Fatal(err)
	}
	return dir, outside
}

func TestBuildRefusesLinksOutOfTheSite(t *testing.T) {
	withImage := strings.Replace(sitetest.Minimal, "Bakers get rights.", "Bakers get rights.\n\n![diagram](/img/leak.png)", 1)
	withPartial := strings.Replace(sitetest.Minimal, "Bakers get rights.", "import Leak from './_leak.md';\n\nBakers get rights.\n\n<Leak />", 1)
	tests := []struct {
		name, archive, link string
	}{
		{"a static file", sitetest.Minimal, "static/env.txt"},
		{"a static file in a subfolder", sitetest.Minimal, "static/deep/er/env.txt"},
		{"an image", withImage, "static/img/leak.png"},
		{"a doc", sitetest.Minimal, "docs/leak.md"},
		{"a partial", withPartial, "docs/architecture/_leak.md"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir, outside := linkedSite(t, tt.archive, tt.link, "TZDOCS_SECRET=hunter2\n")
			outDir, _, err := buildDir(t, dir)
			if err == nil {
				t.Fatal("the build published a file outside the site")
			}
			msg := err.Error()
			if !strings.Contains(msg, "site/"+tt.link) || !strings.Contains(msg, outside) || !strings.Contains(msg, "outside the site folder") {
				t.Errorf("the error does not name the link and its target: %v", err)
			}
			if _, err := os.Stat(outDir); err == nil {
				filepath.WalkDir(outDir, func(p string, d os.DirEntry, err error) error {
					if err == nil && !d.IsDir() {
						if b, _ := os.ReadFile(p); strings.Contains(string(b), "hunter2") {
							t.Errorf("%s holds the outside file's text", p)
						}
					}
					return nil
				})
			}
		})
	}
}

func TestBuildFollowsLinksThatStayInTheSite(t *testing.T) {
	dir := sitetest.Write(t, sitetest.Minimal+sitetest.FakeWeb+"-- site/static/files/real.txt --\nkept\n")
	if err := os.Symlink(filepath.Join("files", "real.txt"), filepath.Join(dir, "site", "static", "alias.txt")); err != nil {
		t.Fatal(err)
	}
	outDir, _, err := buildDir(t, dir)
	if err != nil {
		t.Fatal(err)
	}
	if got := read(t, outDir, "alias.txt"); got != "kept\n" {
		t.Errorf("alias.txt = %q", got)
	}
}
