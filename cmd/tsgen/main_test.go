package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

func TestGeneratedTypeScriptIsCurrent(t *testing.T) {
	root := filepath.Join("..", "..")
	want, err := generate(root)
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(outFile)))
	if err != nil {
		t.Fatalf("%v; run go generate ./internal/output", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s is stale: the Go types of internal/output changed since it was generated; run go generate ./internal/output", outFile)
	}
}
