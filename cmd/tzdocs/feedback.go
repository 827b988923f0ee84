package main

import (
	"context"
	"errors"
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

// openServerDatabase opens the server's database for a maintainer's command: it says on stderr
// which database that is, and refuses to create one (feedback.OpenExisting), so that a command
// run without the server's environment fails instead of writing where the server never reads.
func openServerDatabase(ctx context.Context, command string, getenv func(string) string, stderr io.Writer) (feedback.Store, error) {
	dbURL := databaseURL(getenv)
	from := "TZDOCS_DATABASE_URL"
	if getenv("TZDOCS_DATABASE_URL") == "" {
		from = "the default, as TZDOCS_DATABASE_URL is unset"
	}
	fmt.Fprintf(stderr, "%s: database %s (%s)\n", command, feedback.Describe(dbURL), from)
	st, err := feedback.OpenExisting(ctx, dbURL)
	switch {
	case errors.Is(err, feedback.ErrNoDatabase) && getenv("TZDOCS_DATABASE_URL") == "":
		return nil, fmt.Errorf("%s: %w; this command uses the server's database and creates none. TZDOCS_DATABASE_URL is unset: set it as the server has it, for example with (set -a; . /etc/tzdocs/env; %s …)", command, err, command)
	case errors.Is(err, feedback.ErrNoDatabase):
		return nil, fmt.Errorf("%s: %w; this command uses the server's database and creates none: set TZDOCS_DATABASE_URL to the one the server uses (start the server once to create it)", command, err)
	case err != nil:
		return nil, fmt.Errorf("%s: opening the feedback database: %w", command, err)
	}
	return st, nil
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
		st, err := openServerDatabase(ctx, "tzdocs feedback export", getenv, stderr)
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
		st, err := openServerDatabase(ctx, "tzdocs feedback stats", getenv, stderr)
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
	st, err := openServerDatabase(ctx, "tzdocs search-report", getenv, stderr)
	if err != nil {
		return err
	}
	defer st.Close()
	return feedback.SearchReport(ctx, st, stdout, t, *top)
}
