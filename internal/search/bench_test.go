package search_test

import (
	"bufio"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"tzdocs/internal/output"
	"tzdocs/internal/search"
	"tzdocs/internal/sitebuild/buildtest"
)

// benchQueries are the queries of bench/search/queries.tsv and every prefix of them, as typed.
func benchQueries(b *testing.B) []string {
	f, err := os.Open("../../bench/search/queries.tsv")
	if err != nil {
		b.Fatalf("the benchmark queries: %v", err)
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		q, _, _ := strings.Cut(line, "\t")
		for i := 1; i <= len(q); i++ {
			out = append(out, q[:i])
		}
	}
	return out
}

// BenchmarkSearch runs the benchmark queries and their typing prefixes against the built site's
// records and reports the 50th and 99th percentile latency of one search.
func BenchmarkSearch(b *testing.B) {
	ix := search.NewIndex(buildtest.BuiltRecords(b))
	queries := benchQueries(b)
	times := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		q := queries[i%len(queries)]
		start := time.Now()
		ix.Search(search.Query{Text: q, HitsPerPage: 20, AttributesToSnippet: []string{"content:15"}})
		times = append(times, time.Since(start))
	}
	b.StopTimer()
	slices.Sort(times)
	b.ReportMetric(float64(times[len(times)/2].Microseconds()), "p50-µs")
	b.ReportMetric(float64(times[len(times)*99/100].Microseconds()), "p99-µs")
}

// BenchmarkNewIndex10k indexes 10,000 records of the built site (repeated as needed).
func BenchmarkNewIndex10k(b *testing.B) {
	built := buildtest.BuiltRecords(b)
	recs := make([]output.Record, 0, 10000)
	for len(recs) < 10000 {
		recs = append(recs, built[:min(len(built), 10000-len(recs))]...)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		search.NewIndex(recs)
	}
	b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N), "ms/index")
}

// BenchmarkBrowseFacets runs what DocSearch's facet bar asks when it opens: an empty query, no
// hits, the counts of two facets over every record of the built site.
func BenchmarkBrowseFacets(b *testing.B) {
	ix := search.NewIndex(buildtest.BuiltRecords(b))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		ix.Search(search.Query{NoHits: true, Facets: []string{"hierarchy.lvl0", "docusaurus_tag"}})
	}
	b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N), "µs/search")
}

// BenchmarkSearchForFacetValues searches the page titles for a prefix, over every record.
func BenchmarkSearchForFacetValues(b *testing.B) {
	ix := search.NewIndex(buildtest.BuiltRecords(b))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		ix.SearchFacetValues("hierarchy.lvl1", "sma", search.Query{}, 10)
	}
	b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N), "µs/search")
}
