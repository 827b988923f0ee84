package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"tzdocs/internal/sitebuild/buildtest"
	"tzdocs/internal/sitetest"
)

// The figures on the real docs come from running the benchmark after make build; this runs it on a
// build of a small site.
func TestPrintsSizesAndLatenciesOfABuild(t *testing.T) {
	dir := buildtest.Site(t, sitetest.Minimal)
	queries := filepath.Join(t.TempDir(), "q.tsv")
	if err := os.WriteFile(queries, []byte("# comment\nbakers\t/architecture/bakers\naccounts\t/architecture/accounts\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := run([]string{"-dir", dir, "-queries", queries, "-rounds", "1"}, &out); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"llms.txt: ", "llms-full.txt: ", "Markdown pages: ",
		"search_docs in process (in-memory transport): 2 calls: p50 ", "search_docs streamable HTTP on loopback: 2 calls: p50 ",
		"get_page streamable HTTP on loopback: "} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
}

func TestSaysToBuildFirst(t *testing.T) {
	err := run([]string{"-dir", filepath.Join(t.TempDir(), "none"), "-queries", "../search/queries.tsv"}, &bytes.Buffer{})
	if err == nil || !strings.Contains(err.Error(), "run `tzdocs build` first") {
		t.Errorf("err = %v", err)
	}
}
