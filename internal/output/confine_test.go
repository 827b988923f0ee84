package output

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A symbolic link inside a built site is followed when its target lies inside the folder (a
// linked folder's files are served under the link's name) and refused, naming the link and its
// target, when the target lies outside: the server reads nothing outside the folder, as the
// build does.
func TestLoadConfinesSymbolicLinksToTheFolder(t *testing.T) {
	outside := t.TempDir()
	if err := os.WriteFile(filepath.Join(outside, "secret.txt"), []byte("secret"), 0o644); err != nil {
		t.Fatal(err)
	}
	build := func(t *testing.T) string {
		dir := filepath.Join(t.TempDir(), "out")
		if _, err := NewWriter(dir).Write(sample()); err != nil {
			t.Fatal(err)
		}
		return dir
	}
	link := func(t *testing.T, target, name string) {
		if err := os.Symlink(target, name); err != nil {
			t.Skipf("no symbolic links here: %v", err)
		}
	}

	dir := build(t)
	link(t, filepath.Join(dir, "a"), filepath.Join(dir, "mirror")) // a folder inside
	link(t, filepath.Join(dir, "404.html"), filepath.Join(dir, "missing.html"))
	s, err := Load(dir)
	if err != nil {
		t.Fatalf("links inside the folder: %v", err)
	}
	if s.Files["/mirror/index.html"] == nil || s.Files["/missing.html"] == nil {
		t.Errorf("files behind links inside the folder were not loaded")
	}

	for name, target := range map[string]string{
		"file":    filepath.Join(outside, "secret.txt"),
		"folder":  outside,
		"sidecar": filepath.Join(outside, "secret.txt"),
	} {
		t.Run(name, func(t *testing.T) {
			dir := build(t)
			at := filepath.Join(dir, "leak.txt")
			switch name {
			case "folder":
				at = filepath.Join(dir, "leaks")
			case "sidecar":
				at = filepath.Join(dir, "a", "index.html.br")
				_ = os.Remove(at)
			}
			link(t, target, at)
			_, err := Load(dir)
			if err == nil || !strings.Contains(err.Error(), at) || !strings.Contains(err.Error(), "outside") {
				t.Errorf("a link to %s: err = %v, want one naming the link and saying it points outside", target, err)
			}
		})
	}
}
