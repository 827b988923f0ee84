package content

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"tzdocs/internal/config"
	"tzdocs/internal/sitetest"
)

// TestScanCacheFollowsEditsAndCommits scans a site in a git repository three times through one
// cache, as `tzdocs dev` does: an edit is read again, a file left alone is not parsed again, and a
// commit brings its new time.
func TestScanCacheFollowsEditsAndCommits(t *testing.T) {
	dir := sitetest.Write(t, sitetest.Minimal)
	git := func(date string, args ...string) {
		t.Helper()
		cmd := exec.Command("git", append([]string{"-C", dir, "-c", "user.name=t", "-c", "user.email=t@localhost"}, args...)...)
		cmd.Env = append(os.Environ(), "GIT_COMMITTER_DATE="+date, "GIT_AUTHOR_DATE="+date)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v: %s", args, err, out)
		}
	}
	git("2020-01-01T00:00:00Z", "init", "-q")
	git("2020-01-01T00:00:00Z", "add", ".")
	git("2020-01-01T00:00:00Z", "commit", "-qm", "first")
	cfg, err := config.Load(filepath.Join(dir, "site"))
	if err != nil {
		t.Fatal(err)
	}
	cache := NewScanCache()
	scan := func() *Site {
		t.Helper()
		s, err := ScanWith(cfg, cache)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	first := scan()
	bakers := first.ByID["architecture/bakers"]
	if got := bakers.LastUpdate.Format(time.DateOnly); got != "2020-01-01" {
		t.Fatalf("last update from git = %s", got)
	}

	file := filepath.Join(dir, "site/docs/architecture/bakers.md")
	if err := os.WriteFile(file, []byte("---\ntitle: Baking\n---\nEdited.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	second := scan()
	if d := second.ByID["architecture/bakers"]; !strings.Contains(string(d.Body), "Edited.") || d.FrontMatter.Title != "Baking" || d == bakers {
		t.Errorf("the edit was not read: %q, %q", d.Body, d.FrontMatter.Title)
	}
	if a, b := first.ByID["architecture/accounts"], second.ByID["architecture/accounts"]; a == b || &a.Body[0] != &b.Body[0] {
		t.Error("a file left alone should give a new Doc with the parse it had")
	}

	git("2021-06-01T00:00:00Z", "commit", "-qam", "second")
	if got := scan().ByID["architecture/bakers"].LastUpdate.Format(time.DateOnly); got != "2021-06-01" {
		t.Errorf("last update after a commit = %s, want 2021-06-01", got)
	}
}
