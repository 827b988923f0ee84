package search

import (
	"slices"
	"strings"
	"testing"
)

func urls(res Result) []string {
	var out []string
	for _, h := range res.Hits {
		out = append(out, h.Record.Path())
	}
	return out
}

func TestRankingPutsBestMatchFirst(t *testing.T) {
	ix := testIndex(t)
	tests := []struct {
		query, first string
	}{
		{"bakers", "/architecture/bakers"},                   // page title above content mentions
		{"baker", "/architecture/bakers"},                    // stem
		{"michelsn", "/smart-contracts/languages/michelson"}, // one typo
		{"Michelson", "/smart-contracts/languages/michelson"},
		{"octez-cl", "/developing/octez-client"}, // prefix on the last word
		{"install the client", "/developing/octez-client#installing"},
		{"baking rights", "/architecture/bakers#baking-rights"},
		{"stake", "/using/staking"},
		{"what is staking?", "/using/staking"},
		{"rewards", "/architecture/bakers#rewards"},
		{"NIL operation", "/smart-contracts/languages/michelson#instructions"}, // code
		{"mihcel", "/smart-contracts/languages/michelson"},                     // typo while typing
	}
	for _, tt := range tests {
		res := ix.Search(Query{Text: tt.query})
		if len(res.Hits) == 0 || res.Hits[0].Record.Path() != tt.first {
			t.Errorf("%q: hits %v, want %s first", tt.query, urls(res), tt.first)
		}
	}
}

func TestRankingCriteria(t *testing.T) {
	ix := testIndex(t)
	res := ix.Search(Query{Text: "bakers", Distinct: -1})
	if len(res.Hits) < 3 {
		t.Fatalf("got %d hits", len(res.Hits))
	}
	top := res.Hits[0]
	if top.Record.Type != "lvl1" || top.Ranking.Attribute != 1 || top.Ranking.Exact != 1+wholeAttributeBonus {
		t.Errorf("top hit %s %s ranking %+v, want the lvl1 record with attribute 1 and a whole-attribute exact match", top.Record.Path(), top.Record.Type, top.Ranking)
	}
	for i := 1; i < len(res.Hits); i++ {
		if res.Hits[i].Ranking.Score > res.Hits[i-1].Ranking.Score {
			t.Errorf("hit %d scores above hit %d", i, i-1)
		}
	}
	// Fewer typos rank first: "bakrs" is one typo from "bakers" only.
	res = ix.Search(Query{Text: "bakrs"})
	if len(res.Hits) == 0 || res.Hits[0].Ranking.Typos != 1 {
		t.Errorf("bakrs: hits %v, want typo matches", urls(res))
	}
	// Three-letter words get no typo.
	if res := ix.Search(Query{Text: "bkr "}); res.NbHits != 0 {
		t.Errorf("bkr: %d hits, want none", res.NbHits)
	}
	// First letter typos are not forgiven.
	if res := ix.Search(Query{Text: "vakers "}); res.NbHits != 0 {
		t.Errorf("vakers: %v, want no hits", urls(res))
	}
}

func TestMoreWordsMatchedRankFirst(t *testing.T) {
	ix := testIndex(t)
	res := ix.Search(Query{Text: "bakers octez daemon"})
	if len(res.Hits) == 0 || res.Hits[0].Record.Path() != "/architecture/bakers#running-a-baker" || res.Hits[0].Ranking.Words != 3 {
		t.Fatalf("hits %v, want the daemon paragraph first with 3 words", urls(res))
	}
	for _, h := range res.Hits {
		if h.Ranking.Words < 2 {
			t.Errorf("%s matches %d of 3 words; at least 2 are required", h.Record.Path(), h.Ranking.Words)
		}
	}
	// When no record has all words, fewer are accepted.
	if res := ix.Search(Query{Text: "michelson zzzzqqq"}); res.NbHits == 0 {
		t.Errorf("michelson zzzzqqq: no hits, want michelson ones")
	}
}

func TestDistinctKeepsOneHitPerSection(t *testing.T) {
	ix := testIndex(t)
	res := ix.Search(Query{Text: "bakers"})
	seen := map[string]bool{}
	for _, h := range res.Hits {
		if seen[h.Record.Path()] {
			t.Errorf("two hits for %s", h.Record.Path())
		}
		seen[h.Record.Path()] = true
	}
	all := ix.Search(Query{Text: "bakers", Distinct: -1})
	if all.NbHits <= res.NbHits {
		t.Errorf("without distinct %d hits, with %d; want more without", all.NbHits, res.NbHits)
	}
}

func TestPagingAndEmptyQueries(t *testing.T) {
	ix := testIndex(t)
	full := ix.Search(Query{Text: "tez", HitsPerPage: 100})
	if full.NbHits < 3 {
		t.Fatalf("tez: %d hits", full.NbHits)
	}
	p1 := ix.Search(Query{Text: "tez", HitsPerPage: 2, Page: 1})
	if p1.NbPages != (full.NbHits+1)/2 || p1.Page != 1 || len(p1.Hits) == 0 || p1.Hits[0].Record.Path() != full.Hits[2].Record.Path() {
		t.Errorf("page 1 of 2: %+v, want the third hit of %v", urls(p1), urls(full))
	}
	beyond := ix.Search(Query{Text: "tez", Page: 99})
	if len(beyond.Hits) != 0 || beyond.NbHits != full.NbHits {
		t.Errorf("page 99: %d hits of %d", len(beyond.Hits), beyond.NbHits)
	}
	// An empty query browses: every section, in the records' custom ranking, the same each time.
	browse := ix.Search(Query{Text: "", HitsPerPage: 100})
	if browse.NbHits < full.NbHits || len(browse.Hits) != browse.NbHits || browse.Hits[0].Type != "lvl1" {
		t.Fatalf("empty query: %d hits, want every section, page titles first: %v", browse.NbHits, urls(browse))
	}
	for _, q := range []string{"   ", "?!", "\x00\x01"} {
		res := ix.Search(Query{Text: q, HitsPerPage: 100})
		if res.NbHits != browse.NbHits || !slices.Equal(urls(res), urls(browse)) || res.HitsPerPage != 100 {
			t.Errorf("%q: %v, want the browse order %v", q, urls(res), urls(browse))
		}
	}
}

func TestFacetFilters(t *testing.T) {
	ix := testIndex(t)
	parse := func(s string) Filters {
		t.Helper()
		fs, err := ParseFilters([]byte(s))
		if err != nil {
			t.Fatal(err)
		}
		return fs
	}
	tests := []struct {
		filters string
		want    bool // hits expected
	}{
		{`[["language:en"],["docusaurus_tag:default","docusaurus_tag:docs-default-current"]]`, true},
		{`["language:fr"]`, false},
		{`[["language:fr","language:en"]]`, true},
		{`["language:-en"]`, false},
		{`["-language:en"]`, false},
		{`["hierarchy.lvl0:Architecture"]`, true},
		{`"language:en"`, true},
		{`"[\"language:de\"]"`, false},
	}
	for _, tt := range tests {
		res := ix.Search(Query{Text: "bakers", Filters: parse(tt.filters)})
		if (res.NbHits > 0) != tt.want {
			t.Errorf("filters %s: %d hits, want hits: %v", tt.filters, res.NbHits, tt.want)
		}
	}
	res := ix.Search(Query{Text: "tez", Filters: parse(`["hierarchy.lvl0:-Architecture"]`)})
	for _, h := range res.Hits {
		if h.Record.Hierarchy[0] == "Architecture" {
			t.Errorf("negated filter let through %s", h.Record.Path())
		}
	}
	for _, bad := range []string{`[1]`, `{"a":1}`, `["nocolon"]`, `[[2]]`, `[`} {
		if _, err := ParseFilters([]byte(bad)); err == nil {
			t.Errorf("ParseFilters(%s): no error", bad)
		}
	}
}

func TestSearchHandlesHostileQueries(t *testing.T) {
	ix := testIndex(t)
	for _, q := range []string{"<script>alert(1)</script>", "\"><img src=x onerror=alert(1)>", "bakers\x00\x1b[31m", strings.Repeat("ab ", 400), "日本語", "\uFFFD\uFEFF"} {
		res := ix.Search(Query{Text: q, AttributesToSnippet: []string{"content:15"}})
		for _, h := range res.Hits {
			for _, r := range h.Highlight {
				assertOnlyMarks(t, r.Value, "<mark>", "</mark>")
			}
		}
	}
}

// assertOnlyMarks fails if value holds a '<' that does not start one of the tags.
func assertOnlyMarks(t *testing.T, value, pre, post string) {
	t.Helper()
	rest := strings.ReplaceAll(strings.ReplaceAll(value, pre, ""), post, "")
	if strings.ContainsAny(rest, "<>") {
		t.Errorf("highlight injects markup: %q", value)
	}
}

func TestConcurrentSearchesAgree(t *testing.T) {
	ix := testIndex(t)
	queries := []string{"bakers", "michelsn", "octez-cl", "staking rewards", "tez"}
	want := map[string][]string{}
	for _, q := range queries {
		want[q] = urls(ix.Search(Query{Text: q}))
	}
	done := make(chan string, 8)
	for g := 0; g < 8; g++ {
		go func() {
			for i := 0; i < 50; i++ {
				q := queries[(g+i)%len(queries)]
				if got := urls(ix.Search(Query{Text: q})); strings.Join(got, " ") != strings.Join(want[q], " ") {
					done <- q
					return
				}
			}
			done <- ""
		}()
	}
	for g := 0; g < 8; g++ {
		if q := <-done; q != "" {
			t.Errorf("%q: a concurrent search gave other hits", q)
		}
	}
}
