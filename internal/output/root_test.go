package output

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A release layout: builds in releases/<name>, the served one named by the symlink current.
func TestLoadFollowsASymlinkedRoot(t *testing.T) {
	top := t.TempDir()
	if _, err := NewWriter(filepath.Join(top, "releases", "r1")).Write(sample()); err != nil {
		t.Fatal(err)
	}
	current := filepath.Join(top, "current")
	if err := os.Symlink(filepath.Join("releases", "r1"), current); err != nil {
		t.Fatal(err)
	}
	s, err := Load(current)
	if err != nil {
		t.Fatalf("loading through the symlink: %v", err)
	}
	if s.Files["/a/index.html"] == nil || s.Files["/404.html"] == nil {
		t.Errorf("files read through the symlink: %d, want the pages", len(s.Files))
	}
	// A chain of links works too: current → previous → releases/r1.
	if err := os.Symlink("current", filepath.Join(top, "previous")); err != nil {
		t.Fatal(err)
	}
	if _, err := Load(filepath.Join(top, "previous")); err != nil {
		t.Errorf("loading through two symlinks: %v", err)
	}
}

func TestLoadNamesWhyASymlinkedRootCannotBeRead(t *testing.T) {
	top := t.TempDir()
	dangling := filepath.Join(top, "current")
	if err := os.Symlink(filepath.Join("releases", "gone"), dangling); err != nil {
		t.Fatal(err)
	}
	_, err := Load(dangling)
	if err == nil || !strings.Contains(err.Error(), dangling) || !strings.Contains(err.Error(), "releases/gone") ||
		!strings.Contains(err.Error(), "does not exist") {
		t.Errorf("a dangling symlink: err = %v, want it to name the link, its target and that the target is missing", err)
	}
	file := filepath.Join(top, "file")
	if err := os.WriteFile(file, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("file", filepath.Join(top, "tofile")); err != nil {
		t.Fatal(err)
	}
	if _, err := Load(filepath.Join(top, "tofile")); err == nil || !strings.Contains(err.Error(), "not a folder") {
		t.Errorf("a symlink to a file: err = %v, want it to say it is not a folder", err)
	}
}
