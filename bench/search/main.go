// Command search measures the search engine on the real docs: it reads the search records of the
// site that make build wrote into dist/, runs the queries of queries.tsv and prints hit@1, hit@5
// and MRR, then the in-process latency of queries and of their typing prefixes, and the index
// build time. It fails when an expected URL is not in the site or hit@5 falls below its floor.
//
//	make build && go run ./bench/search [-dir dist] [-queries bench/search/queries.tsv] [-v]
package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"tzdocs/internal/output"
	"tzdocs/internal/search"
)

// hit5Floor is the lowest hit@5 accepted. The target is 0.9 (bench/RESULTS.md); the floor leaves
// room for content that is still being added.
const hit5Floor = 0.85

func main() {
	if err := run(os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "bench/search:", err)
		os.Exit(1)
	}
}

func run(args []string, out io.Writer) error {
	flags := flag.NewFlagSet("search", flag.ContinueOnError)
	dir := flags.String("dir", "dist", "the built site (make build writes dist/)")
	queriesFile := flags.String("queries", "bench/search/queries.tsv", "queries with their expected first URL")
	verbose := flags.Bool("v", false, "print every query that misses hit@1")
	rounds := flags.Int("rounds", 5, "latency rounds over all queries and prefixes")
	if err := flags.Parse(args); err != nil {
		return err
	}
	queries, err := readQueries(*queriesFile)
	if err != nil {
		return err
	}
	records, err := output.LoadRecords(*dir)
	if errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("no built site in %s (no %s): run make build first, or give -dir", *dir, filepath.Join(*dir, output.RecordsFile))
	}
	if err != nil {
		return err
	}
	start := time.Now()
	ix := search.NewIndex(records)
	build := time.Since(start)
	if err := checkExpected(queries, records, *queriesFile); err != nil {
		return err
	}

	q := quality(ix, queries, out, *verbose)
	fmt.Fprintf(out, "queries %d  hit@1 %.3f  hit@5 %.3f  MRR %.3f\n", len(queries), q.hit1, q.hit5, q.mrr)
	typing := typed(queries)
	t := quality(ix, typing, io.Discard, false)
	fmt.Fprintf(out, "as typed (last word short of 2 letters): queries %d  hit@1 %.3f  hit@5 %.3f  MRR %.3f\n", len(typing), t.hit1, t.hit5, t.mrr)
	fmt.Fprintf(out, "records %d  index build %v\n", len(records), build.Round(time.Microsecond))
	all, best, n := latency(ix, queries, *rounds)
	fmt.Fprintf(out, "latency over %d searches (queries and their typing prefixes): p50 %v  p99 %v\n", n, all[0], all[1])
	fmt.Fprintf(out, "latency, fastest of %d rounds per search: p50 %v  p99 %v\n", *rounds, best[0], best[1])
	if q.hit5 < hit5Floor {
		return fmt.Errorf("hit@5 %.3f is below the floor of %.2f; run with -v to see the misses", q.hit5, hit5Floor)
	}
	return nil
}

// Query is one line of queries.tsv.
type Query struct {
	Text, Want string
	Line       int
}

func readQueries(file string) ([]Query, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []Query
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		text := sc.Text()
		if strings.TrimSpace(text) == "" || strings.HasPrefix(text, "#") {
			continue
		}
		q, want, ok := strings.Cut(text, "\t")
		if !ok || strings.TrimSpace(q) == "" || !strings.HasPrefix(want, "/") {
			return nil, fmt.Errorf("%s:%d: want \"query<TAB>/expected/url\", got %q", file, line, text)
		}
		out = append(out, Query{Text: q, Want: strings.TrimSpace(want), Line: line})
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: no queries", file)
	}
	return out, nil
}

// checkExpected fails when an expected URL names no page or section of the site.
func checkExpected(queries []Query, records []output.Record, file string) error {
	known := map[string]bool{}
	for _, r := range records {
		known[r.Path()] = true
		known[pagePath(&r)] = true
	}
	var errs []error
	for _, q := range queries {
		if !known[q.Want] {
			errs = append(errs, fmt.Errorf("%s:%d: %s is not a page or section of the site; fix the expected URL", file, q.Line, q.Want))
		}
	}
	return errors.Join(errs...)
}

// typed returns the queries whose last word has 5 letters or more, cut 2 letters short, as
// they stand while being typed.
func typed(queries []Query) []Query {
	var out []Query
	for _, q := range queries {
		f := strings.Fields(q.Text)
		last := []rune(f[len(f)-1])
		if len(last) < 5 {
			continue
		}
		f[len(f)-1] = string(last[:len(last)-2])
		q.Text = strings.Join(f, " ")
		out = append(out, q)
	}
	return out
}

// matches reports whether a hit is the expected one: the same section when the expected URL
// has an anchor, else any hit on the same page. Expected URLs are paths, so records compare by
// theirs, whatever host site.yaml names.
func matches(r *output.Record, want string) bool {
	if strings.Contains(want, "#") {
		return r.Path() == want
	}
	return pagePath(r) == want
}

// pagePath is a record's path without its #anchor.
func pagePath(r *output.Record) string {
	p, _, _ := strings.Cut(r.Path(), "#")
	return p
}

type scores struct{ hit1, hit5, mrr float64 }

func quality(ix *search.Index, queries []Query, out io.Writer, verbose bool) scores {
	var s scores
	for _, q := range queries {
		res := ix.Search(search.Query{Text: q.Text, HitsPerPage: 20})
		rank := 0
		for i, h := range res.Hits {
			if matches(h.Record, q.Want) {
				rank = i + 1
				break
			}
		}
		if rank == 1 {
			s.hit1++
		}
		if rank >= 1 && rank <= 5 {
			s.hit5++
		}
		if rank > 0 {
			s.mrr += 1 / float64(rank)
		}
		if verbose && rank != 1 {
			fmt.Fprintf(out, "rank %2d  %-45q want %s\n", rank, q.Text, q.Want)
			for i, h := range res.Hits[:min(3, len(res.Hits))] {
				fmt.Fprintf(out, "         %d. %s (%s) %+v\n", i+1, h.Record.Path(), h.Record.Type, h.Ranking)
			}
		}
	}
	n := float64(len(queries))
	return scores{s.hit1 / n, s.hit5 / n, s.mrr / n}
}

// latency times every query and every prefix of it (as typed), rounds times over. Besides the
// percentiles of all searches it gives those of each search's fastest round, which leave out
// the pauses other processes cause on a busy machine.
func latency(ix *search.Index, queries []Query, rounds int) (all, best [2]time.Duration, n int) {
	var texts []string
	for _, q := range queries {
		for i := 1; i <= len(q.Text); i++ {
			texts = append(texts, q.Text[:i])
		}
	}
	times := make([]time.Duration, 0, rounds*len(texts))
	fastest := make([]time.Duration, len(texts))
	for r := range rounds {
		for i, t := range texts {
			start := time.Now()
			ix.Search(search.Query{Text: t, HitsPerPage: 20, AttributesToSnippet: []string{"content:15"}})
			d := time.Since(start)
			times = append(times, d)
			if r == 0 || d < fastest[i] {
				fastest[i] = d
			}
		}
	}
	return percentiles(times), percentiles(fastest), len(times)
}

// percentiles returns the 50th and 99th percentiles.
func percentiles(d []time.Duration) [2]time.Duration {
	slices.Sort(d)
	return [2]time.Duration{d[len(d)/2], d[len(d)*99/100]}
}
