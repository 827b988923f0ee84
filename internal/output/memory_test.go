package output

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/andybalholm/brotli"
)

// The code theme's stylesheet is a small asset compressed at the assets' high quality on every
// build; with brotli's default window that took a 32 MB hash table.
func TestASmallAssetIsCompressedWithoutTheLargeWindowsTables(t *testing.T) {
	data := []byte(strings.Repeat(".chroma .k { color: #a0f; font-weight: bold }\n", 60))
	c := &compressor{}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	br, gz := c.compress("assets/code-0123.css", data)
	runtime.ReadMemStats(&after)
	if got := after.TotalAlloc - before.TotalAlloc; got > 8<<20 {
		t.Errorf("compressing a %d-byte asset allocated %d MB, want under 8", len(data), got>>20)
	}
	text, err := io.ReadAll(brotli.NewReader(bytes.NewReader(br)))
	if err != nil || !bytes.Equal(text, data) {
		t.Errorf("brotli sidecar decompresses to %d bytes (%v), want the %d of the file", len(text), err, len(data))
	}
	if len(gz) == 0 {
		t.Error("no gzip sidecar")
	}
}

// Once a file is written under its temporary name, the Output needs only that name and the
// file's hash: holding every page and sidecar until the commit made the build's memory grow with
// the site.
func TestAnOutputLetsGoOfTheBytesItHasStaged(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "out")
	w := NewWriter(dir)
	o, err := w.NewOutput()
	if err != nil {
		t.Fatal(err)
	}
	page := []byte(strings.Repeat("<p>Bakers validate blocks.</p>\n", 100))
	o.Add("overview/index.html", page)
	o.Add("robots.txt", []byte("User-agent: *\n"))
	o.wait()
	for rel, f := range o.files {
		if f.data != nil || f.br != nil || f.gz != nil {
			t.Errorf("%s: the Output still holds its bytes after staging", rel)
		}
	}
	if _, err := w.Write(o); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"overview/index.html", "overview/index.html.br", "overview/index.html.gz"} {
		if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
			t.Errorf("%s not written: %v", name, err)
		}
	}
	got, err := os.ReadFile(filepath.Join(dir, "overview/index.html"))
	if err != nil || !bytes.Equal(got, page) {
		t.Errorf("page written as %d bytes (%v), want %d", len(got), err, len(page))
	}
}

// The web app's assets come with their sidecars; a Writer links them into its folder rather than
// creating a file for each and copying its bytes.
func TestATrustedTreeIsLinkedIntoTheFolder(t *testing.T) {
	src := t.TempDir()
	files := map[string]string{"app-0123abcd.js": strings.Repeat("console.log(1);\n", 200), "app-0123abcd.js.br": "br", "app-0123abcd.js.gz": "gz",
		"font-0123abcd.woff2": "wOF2"}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(src, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	dir := filepath.Join(t.TempDir(), "out")
	w := NewWriter(dir)
	o, err := w.NewOutput()
	if err != nil {
		t.Fatal(err)
	}
	if err := o.CopyTree(src, "assets", nil); err != nil {
		t.Fatal(err)
	}
	if _, err := w.Write(o); err != nil {
		t.Fatal(err)
	}
	for name, text := range files {
		got, err := os.ReadFile(filepath.Join(dir, "assets", name))
		if err != nil || string(got) != text {
			t.Errorf("assets/%s holds %q (%v), want %q", name, got, err, text)
			continue
		}
		a, _ := os.Stat(filepath.Join(src, name))
		b, _ := os.Stat(filepath.Join(dir, "assets", name))
		if !os.SameFile(a, b) {
			t.Errorf("assets/%s is a copy, want a link to the tree's file", name)
		}
	}
}

// Building again over a folder leaves alone the tree's files it already holds, linked or not, as
// it does every other file without sidecars.
func TestARebuildLeavesTheTreesUnchangedFilesAlone(t *testing.T) {
	src := t.TempDir()
	if err := os.WriteFile(filepath.Join(src, "font-0123abcd.woff2"), []byte("wOF2"), 0o644); err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "out")
	build := func() map[string]bool {
		w := NewWriter(dir) // a new process: its first Write
		o, err := w.NewOutput()
		if err != nil {
			t.Fatal(err)
		}
		if err := o.CopyTree(src, "assets", nil); err != nil {
			t.Fatal(err)
		}
		o.Add(ManifestFile, []byte(`{"format":1}`))
		changed, err := w.Write(o)
		if err != nil {
			t.Fatal(err)
		}
		return changed
	}
	build()
	if changed := build(); changed["assets/font-0123abcd.woff2"] {
		t.Error("the second build wrote the unchanged font again")
	}
}
