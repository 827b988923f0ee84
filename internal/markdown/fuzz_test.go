package markdown

import (
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/tools/txtar"
)

// FuzzConvert feeds pages to a converter with every extension (math included): any input gives a
// Document, never a panic or an error of the converter itself.
func FuzzConvert(f *testing.F) {
	f.Add(benchPage)
	// Every golden case of every extension is a seed.
	files, _ := filepath.Glob(filepath.FromSlash("*/testdata/*.txtar"))
	for _, file := range files {
		a, err := txtar.ParseFile(file)
		if err != nil {
			continue
		}
		for _, part := range a.Files {
			if filepath.Ext(part.Name) == ".md" || part.Name == "input" || part.Name == "input.md" {
				f.Add(string(part.Data))
			}
		}
	}
	if data, err := os.ReadFile(filepath.FromSlash("testdata/page.md")); err == nil {
		f.Add(string(data))
	}
	c := New(Options{Math: true})
	f.Fuzz(func(t *testing.T, src string) {
		if _, err := c.Convert([]byte(src), testPage); err != nil {
			t.Fatalf("Convert: %v", err)
		}
	})
}
