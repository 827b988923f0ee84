package main

import (
	"os"
	"strings"
	"testing"

	"tzdocs/internal/search"
	"tzdocs/internal/search/sitepages"
)

// TestQueriesMeetTheQualityFloor checks queries.tsv against the real docs: every expected URL
// exists, and the engine keeps hit@5 at or above the floor (the target is 0.9; the floor leaves
// room for content that is still being added).
func TestQueriesMeetTheQualityFloor(t *testing.T) {
	queries, err := readQueries("queries.tsv")
	if err != nil {
		t.Fatal(err)
	}
	if len(queries) < 80 {
		t.Errorf("queries.tsv has %d queries, want at least 80", len(queries))
	}
	pages, err := sitepages.Load("../../site")
	if err != nil {
		t.Fatal(err)
	}
	records := search.Records(pages)
	if err := checkExpected(queries, records, "queries.tsv"); err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	s := quality(search.NewIndex(records), queries, &out, true)
	if s.hit5 < 0.85 {
		t.Errorf("hit@5 = %.3f, below the floor of 0.85; misses:\n%s", s.hit5, out.String())
	}
}

func TestReadQueriesRejectsMalformedLines(t *testing.T) {
	dir := t.TempDir()
	file := dir + "/q.tsv"
	if err := writeFile(file, "# comment\nbakers /architecture/bakers\n"); err != nil {
		t.Fatal(err)
	}
	_, err := readQueries(file)
	if err == nil || !strings.Contains(err.Error(), "q.tsv:2:") {
		t.Errorf("error = %v, want one naming line 2", err)
	}
}

func writeFile(name, text string) error { return os.WriteFile(name, []byte(text), 0o644) }
