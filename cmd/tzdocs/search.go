package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"tzdocs/internal/output"
	"tzdocs/internal/search"
)

// cmdSearch runs a query against a built index and prints ranked hits with the criteria they were
// ranked by, for tuning the ranking.
func cmdSearch(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("search", flag.ContinueOnError)
	dir := fs.String("dir", "dist", "the built site folder")
	hits := fs.Int("hits", 10, "how many hits to print")
	const synopsis = "tzdocs search [--dir dist] [--hits 10] QUERY"
	const summary = "Runs a query against a built site's search index and prints the ranked hits with the criteria they were ranked by."
	quiet(fs)
	// Flags may come before or after the query words.
	var words []string
	rest := args
	for len(rest) > 0 {
		if err := fs.Parse(rest); err != nil {
			if err == flag.ErrHelp {
				printUsage(stdout, fs, synopsis, summary)
				return nil
			}
			printUsage(stderr, fs, synopsis, summary)
			return usageError{fmt.Sprintf("tzdocs search: %v", err)}
		}
		if fs.NArg() == 0 {
			break
		}
		words = append(words, fs.Arg(0))
		rest = fs.Args()[1:]
	}
	if len(words) == 0 {
		printUsage(stderr, fs, synopsis, summary)
		return usageError{"tzdocs search: no query given"}
	}
	records, err := output.LoadRecords(*dir)
	if err != nil {
		return err
	}
	res := search.NewIndex(records).Search(search.Query{Text: strings.Join(words, " "), HitsPerPage: *hits, HighlightPreTag: "[", HighlightPostTag: "]"})
	fmt.Fprintf(stdout, "%d hits in %s for %q\n", res.NbHits, res.ProcessingTime, res.Query)
	tw := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "#\twords\ttypos\tsubject\tattr\tprox\texact\ttype\turl\ttitle")
	for i, h := range res.Hits {
		r := h.Record
		title := r.Hierarchy[1]
		for l := 6; l >= 2; l-- {
			if r.Hierarchy[l] != "" {
				title += " › " + r.Hierarchy[l]
				break
			}
		}
		fmt.Fprintf(tw, "%d\t%d\t%d\t%d\t%d\t%d\t%d\t%s\t%s\t%s\n", i+1, h.Ranking.Words, h.Ranking.Typos, h.Ranking.Subject,
			h.Ranking.Attribute, h.Ranking.Proximity, h.Ranking.Exact, r.Type, r.URL, title)
	}
	return tw.Flush()
}
