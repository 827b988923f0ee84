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
	checkGolden(t, "sample.ts", got, "Unreached", "hidden", "Secret")
}

// checkGolden compares generated TypeScript with testdata/name (rewritten with -update) and checks
// that none of leftOut was generated.
func checkGolden(t *testing.T, name string, got []byte, leftOut ...string) {
	t.Helper()
	golden := filepath.Join("testdata", name)
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
	for _, name := range leftOut {
		if strings.Contains(string(got), name) {
			t.Errorf("%s should not be generated", name)
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

func TestGenerateFileFollowsTypesAcrossPackages(t *testing.T) {
	got, err := GenerateFile(Options{
		Root:     filepath.Join("testdata", "mod"),
		Module:   "example.com/m",
		Header:   "// header\n\n",
		Sources:  []Source{{Package: "example.com/m/api", Roots: []string{"Report"}, Consts: []string{"Version"}}},
		Imported: map[string]string{"example.com/m/shared": "./shared"},
	})
	if err != nil {
		t.Fatal(err)
	}
	checkGolden(t, "mod.ts", got, "Unused", "Other", "interface Source")
}

func TestGenerateFileExplainsWhatItCannotWrite(t *testing.T) {
	tests := []struct {
		dir    string
		source Source
		want   string
	}{
		{"clash", Source{Package: "example.com/m/a", Roots: []string{"Row"}}, "two types are named Row (example.com/m/a.Row and example.com/m/b.Row)"},
		{"foreign", Source{Package: "example.com/m", Roots: []string{"Root"}}, "not in the module"},
		{"mod", Source{Package: "example.com/m/api", Consts: []string{"Nope"}}, "no exported constant Nope"},
		{"mod", Source{Package: "example.com/m/api", Roots: []string{"Nope"}}, "no exported type Nope in the package example.com/m/api"},
		{".", Source{Package: "example.com/m/foreign", Roots: []string{"Root"}}, "no TypeScript for time.Duration"},
	}
	for _, tt := range tests {
		_, err := GenerateFile(Options{Root: filepath.Join("testdata", tt.dir), Module: "example.com/m", Sources: []Source{tt.source}})
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s %v: err = %v, want %q", tt.dir, tt.source, err, tt.want)
		}
	}
}
