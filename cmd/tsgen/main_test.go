package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

func TestGeneratedTypeScriptIsCurrent(t *testing.T) {
	root := filepath.Join("..", "..")
	for _, f := range files {
		want, err := generate(root, f)
		if err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(f.path)))
		if err != nil {
			t.Fatalf("%v; run go run ./cmd/tsgen", err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s is stale: the Go types it is generated from changed; run go run ./cmd/tsgen", f.path)
		}
	}
}

func TestEveryPackageIsGeneratedIntoOneFile(t *testing.T) {
	owner := map[string]string{}
	for _, f := range files {
		for _, s := range f.sources {
			if other, ok := owner[s.Package]; ok {
				t.Errorf("%s is generated into both %s and %s; import its types from one", s.Package, other, f.path)
			}
			owner[s.Package] = f.path
		}
	}
}
