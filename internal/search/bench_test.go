package search_test

import (
	"bufio"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"tzdocs/internal/dist"
	"tzdocs/internal/search"
	"tzdocs/internal/search/sitepages"
)

var (
	siteOnce    sync.Once
	siteRecords []dist.Record
	siteErr     error
)

// realRecords builds records from the repository's site/ folder once per test binary.
func realRecords(b *testing.B) []dist.Record {
	siteOnce.Do(func() {
		pages, err := sitepages.Load("../../site")
		siteRecords, siteErr = search.Records(pages), err
	})
	if siteErr != nil {
		b.Skipf("cannot load ../../site: %v", siteErr)
	}
	return siteRecords
}

// benchQueries are the queries of bench/search/queries.tsv and every prefix of them, as typed.
func benchQueries(b *testing.B) []string {
	f, err := os.Open("../../bench/search/queries.tsv")
	if err != nil {
		b.Skipf("no queries: %v", err)
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

// BenchmarkSearch runs the benchmark queries and their typing prefixes against the real docs
// and reports the 50th and 99th percentile latency of one search.
func BenchmarkSearch(b *testing.B) {
	ix := search.NewIndex(realRecords(b))
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

// BenchmarkNewIndex10k indexes 10,000 records made from the real docs (repeated as needed).
func BenchmarkNewIndex10k(b *testing.B) {
	real := realRecords(b)
	recs := make([]dist.Record, 0, 10000)
	for len(recs) < 10000 {
		recs = append(recs, real[:min(len(real), 10000-len(recs))]...)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		search.NewIndex(recs)
	}
	b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N), "ms/index")
}
