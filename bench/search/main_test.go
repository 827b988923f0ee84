package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"tzdocs/internal/output"
	"tzdocs/internal/sitebuild/buildtest"
	"tzdocs/internal/sitetest"
)

// The figures on the real docs come from running the benchmark after make build; these tests run
// it on the records the build makes of a small site.

func TestQueriesFileIsWellFormedAndLargeEnough(t *testing.T) {
	queries, err := readQueries("queries.tsv")
	if err != nil {
		t.Fatal(err)
	}
	if len(queries) < 80 {
		t.Errorf("queries.tsv has %d queries, want at least 80", len(queries))
	}
}

func TestReadQueriesRejectsMalformedLines(t *testing.T) {
	file := writeFile(t, "q.tsv", "# comment\nbakers /architecture/bakers\n")
	_, err := readQueries(file)
	if err == nil || !strings.Contains(err.Error(), "q.tsv:2:") {
		t.Errorf("error = %v, want one naming line 2", err)
	}
}

// builtSite writes the search records the build makes of sitetest.Minimal as a built site's
// records, and returns the folder.
func builtSite(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "dist")
	out := output.NewOutput()
	if err := out.AddJSON(output.RecordsFile, buildtest.Records(t, sitetest.Minimal)); err != nil {
		t.Fatal(err)
	}
	if _, err := output.NewWriter(dir).Write(out); err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestRunScoresTheQueriesOfABuiltSite(t *testing.T) {
	dir := builtSite(t)
	queries := writeFile(t, "q.tsv", "implicit accounts\t/architecture/accounts#implicit-accounts\nbakers rights\t/architecture/bakers\nbuild it\t/tutorials/app/part-1\n")
	var out strings.Builder
	if err := run([]string{"-dir", dir, "-queries", queries, "-rounds", "1"}, &out); err != nil {
		t.Fatalf("run: %v\n%s", err, out.String())
	}
	if !strings.Contains(out.String(), "queries 3  hit@1 1.000  hit@5 1.000  MRR 1.000\n") {
		t.Errorf("output does not score 3 queries all ranked first:\n%s", out.String())
	}
}

func TestRunFailsBelowTheFloor(t *testing.T) {
	dir := builtSite(t)
	// One query of four finds its page first, the others find nothing.
	queries := writeFile(t, "q.tsv", "bakers\t/architecture/bakers\nzzzz\t/architecture/accounts\nqqqq\t/architecture/accounts\nxxxx\t/architecture/accounts\n")
	var out strings.Builder
	err := run([]string{"-dir", dir, "-queries", queries, "-rounds", "1"}, &out)
	if err == nil || !strings.Contains(err.Error(), "below the floor") {
		t.Errorf("error = %v, want hit@5 below the floor", err)
	}
	if !strings.Contains(out.String(), "queries 4  hit@1 0.250  hit@5 0.250  MRR 0.250\n") {
		t.Errorf("the figures are not printed before the failure:\n%s", out.String())
	}
}

func TestRunNamesExpectedURLsTheSiteLacks(t *testing.T) {
	dir := builtSite(t)
	queries := writeFile(t, "q.tsv", "bakers\t/architecture/bakers\nbakers\t/architecture/bakerz\n")
	err := run([]string{"-dir", dir, "-queries", queries, "-rounds", "1"}, &strings.Builder{})
	if err == nil || !strings.Contains(err.Error(), "q.tsv:2: /architecture/bakerz is not a page or section") {
		t.Errorf("error = %v, want one naming q.tsv:2 and the URL", err)
	}
}

func TestRunWithoutABuildSaysToBuild(t *testing.T) {
	queries := writeFile(t, "q.tsv", "bakers\t/architecture/bakers\n")
	err := run([]string{"-dir", filepath.Join(t.TempDir(), "dist"), "-queries", queries}, &strings.Builder{})
	if err == nil || !strings.Contains(err.Error(), "run make build") {
		t.Errorf("error = %v, want one that says to run make build", err)
	}
}

func writeFile(t *testing.T, name, text string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}
