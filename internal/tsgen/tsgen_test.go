package tsgen

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite testdata/sample.ts")

func TestGenerateFollowsEveryRule(t *testing.T) {
	got, err := Generate(filepath.Join("testdata", "sample"), []string{"Root"}, "// header\n\n")
	if err != nil {
		t.Fatal(err)
	}
	golden := filepath.Join("testdata", "sample.ts")
	if *update {
		if err := os.WriteFile(golden, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != string(want) {
		t.Errorf("generated TypeScript differs from %s (go test -update rewrites it; read the diff):\n%s", golden, got)
	}
	for _, leftOut := range []string{"Unreached", "hidden", "Secret"} {
		if strings.Contains(string(got), leftOut) {
			t.Errorf("%s should not be generated", leftOut)
		}
	}
}

func TestGenerateExplainsWhatItCannotWrite(t *testing.T) {
	tests := []struct {
		dir   string
		roots []string
		want  string
	}{
		{"untagged", []string{"Root"}, "field Name has no json tag"},
		{"sample", []string{"Missing"}, "no exported type Missing"},
		{"nowhere", []string{"Root"}, "no such file"},
	}
	for _, tt := range tests {
		_, err := Generate(filepath.Join("testdata", tt.dir), tt.roots, "")
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s %v: err = %v, want %q", tt.dir, tt.roots, err, tt.want)
		}
	}
}
