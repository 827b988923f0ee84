// Package goldentest runs Markdown golden files: txtar archives with an "input.md" section and the
// expected "output.html" (plus optional sections such as "output.md", the Markdown export,
// "toc.txt" or "warnings.txt").
package goldentest

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"
)

var update = flag.Bool("update", false, "rewrite golden files under testdata/ with the current output")

// Updating reports whether the tests run with -update, for a golden file kept outside testdata/.
func Updating() bool { return *update }

// Render converts the input of one golden file; it returns the expected section contents by name.
// "output.html" is always compared; any other section is compared when it is non-empty or when the
// golden file has it.
type Render func(t *testing.T, input []byte) map[string]string

// Run checks every dir/*.txtar against render, or rewrites them when the test runs with -update.
func Run(t *testing.T, dir string, render Render) {
	t.Helper()
	RunFiles(t, dir, func(t *testing.T, input []byte, _ map[string][]byte) map[string]string {
		return render(t, input)
	})
}

// RenderFiles is Render for golden files that carry more inputs: every section whose name does
// not end in ".html" or ".txt" (such as partials a page includes) is passed in files by name.
type RenderFiles func(t *testing.T, input []byte, files map[string][]byte) map[string]string

// RunFiles is Run with the golden file's other input sections passed to render.
func RunFiles(t *testing.T, dir string, render RenderFiles) {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.txtar"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatalf("no golden files in %s", dir)
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			ar, err := txtar.ParseFile(file)
			if err != nil {
				t.Fatal(err)
			}
			input, ok := get(ar, "input.md")
			if !ok {
				t.Fatalf("%s: no input.md section", file)
			}
			files := map[string][]byte{}
			for _, f := range ar.Files {
				if f.Name != "input.md" && !strings.HasSuffix(f.Name, ".html") && !strings.HasSuffix(f.Name, ".txt") {
					files[f.Name] = f.Data
				}
			}
			got := render(t, []byte(input), files)
			if *update {
				for name, v := range got {
					if _, had := get(ar, name); had || v != "" || name == "output.html" {
						set(ar, name, v)
					}
				}
				if err := os.WriteFile(file, txtar.Format(ar), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			for name, v := range got {
				want, had := get(ar, name)
				if !had && v == "" && name != "output.html" {
					continue
				}
				if !had {
					t.Errorf("%s: section %s missing; output:\n%s", file, name, v)
					continue
				}
				if v != want {
					t.Errorf("%s: section %s differs (go test -update rewrites it)\n--- got\n%s--- want\n%s", file, name, v, want)
				}
			}
		})
	}
}

func get(ar *txtar.Archive, name string) (string, bool) {
	for _, f := range ar.Files {
		if f.Name == name {
			return string(f.Data), true
		}
	}
	return "", false
}

func set(ar *txtar.Archive, name, data string) {
	for i, f := range ar.Files {
		if f.Name == name {
			ar.Files[i].Data = []byte(data)
			return
		}
	}
	ar.Files = append(ar.Files, txtar.File{Name: name, Data: []byte(data)})
}
