package main

import (
	"context"
	"flag"
	"fmt"
	"io"

	"tzdocs/internal/feedback"
)

// databaseURL is TZDOCS_DATABASE_URL, or the embedded default (SQLite under data/).
func databaseURL(getenv func(string) string) string {
	if u := getenv("TZDOCS_DATABASE_URL"); u != "" {
		return u
	}
	return feedback.DefaultURL
}

func cmdFeedback(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	const sub = "Usage: tzdocs feedback export [--format csv|json] [--since DATE]\n       tzdocs feedback stats\n"
	if len(args) == 0 {
		fmt.Fprint(stderr, sub)
		return usageError{"tzdocs feedback: say export or stats"}
	}
	switch args[0] {
	case "export":
		fs := flag.NewFlagSet("feedback export", flag.ContinueOnError)
		format := fs.String("format", "csv", "csv or json")
		since := fs.String("since", "", "only feedback from this date on (2026-05-01 or an RFC 3339 time)")
		if done, err := parseFlags(fs, args[1:], stdout, stderr, "Writes page and answer feedback for maintainers."); done {
			return err
		}
		if *format != "csv" && *format != "json" {
			return usageError{fmt.Sprintf("tzdocs feedback export: --format %q: use csv or json", *format)}
		}
		t, err := feedback.ParseSince(*since)
		if err != nil {
			return usageError{"tzdocs feedback export: --since: " + err.Error()}
		}
		st, err := feedback.Open(ctx, databaseURL(getenv))
		if err != nil {
			return err
		}
		defer st.Close()
		return feedback.Export(ctx, st, stdout, *format, t)
	case "stats":
		fs := flag.NewFlagSet("feedback stats", flag.ContinueOnError)
		if done, err := parseFlags(fs, args[1:], stdout, stderr, "Prints votes, helpful ratio and comments per page, worst pages first."); done {
			return err
		}
		st, err := feedback.Open(ctx, databaseURL(getenv))
		if err != nil {
			return err
		}
		defer st.Close()
		return feedback.Stats(ctx, st, stdout)
	}
	fmt.Fprint(stderr, sub)
	return usageError{fmt.Sprintf("tzdocs feedback: unknown subcommand %q", args[0])}
}

func cmdSearchReport(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("search-report", flag.ContinueOnError)
	since := fs.String("since", "", "only searches from this date on (2026-05-01 or an RFC 3339 time)")
	top := fs.Int("top", 20, "how many queries each list shows")
	if done, err := parseFlags(fs, args, stdout, stderr, "Prints the top search queries, the queries with no results and the click-through rate."); done {
		return err
	}
	t, err := feedback.ParseSince(*since)
	if err != nil {
		return usageError{"tzdocs search-report: --since: " + err.Error()}
	}
	st, err := feedback.Open(ctx, databaseURL(getenv))
	if err != nil {
		return err
	}
	defer st.Close()
	return feedback.SearchReport(ctx, st, stdout, t, *top)
}
