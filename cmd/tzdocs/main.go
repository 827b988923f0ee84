// Command tzdocs builds, checks and serves the Tezos documentation site.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	// The first signal starts a graceful stop (serve drains and closes); a second one ends the
	// process at once, as signals do by default.
	context.AfterFunc(ctx, stop)
	err := run(ctx, os.Args, os.Getenv, os.Stdout, os.Stderr)
	var ue usageError
	switch {
	case err == nil:
	case errors.As(err, &ue):
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	default:
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

// usageError is a command-line mistake: the usage was printed and the exit code is 2.
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

const usage = `tzdocs builds, checks and serves the Tezos documentation site.

Usage:
  tzdocs build [--site site] [--out dist] [--web web/dist]   build the static site
  tzdocs serve [--dir dist] [--addr 127.0.0.1:8080]          serve a built site
  tzdocs dev   [--site site] [--addr 127.0.0.1:8080]         build, watch and live-reload
  tzdocs check [--site site] [--strict]                      check config, front matter, links, anchors, images
  tzdocs search [--dir dist] QUERY                           print ranked hits with their ranking criteria
  tzdocs mcp [--dir dist]                                    the MCP server over stdio, for coding assistants
  tzdocs search-report [--since DATE] [--top 20]             top queries, queries without results, click-through
  tzdocs feedback export [--format csv|json] [--since DATE]  page and answer feedback for maintainers
  tzdocs feedback stats                                      votes and comments per page, worst first
  tzdocs admin hash-password                                 hash a password (read on stdin) for TZDOCS_ADMIN_PASSWORD_HASH
  tzdocs admin link [--url URL] [--name NAME]                print a one-time sign-in link to /admin
  tzdocs migrate [--site DIR] [--force]                      write site.yaml from a docusaurus.config.{js,mjs,ts}, with what it leaves out

Environment: TZDOCS_DATABASE_URL (default file:data/tzdocs.db; postgres://… for PostgreSQL),
TZDOCS_ADMIN_PASSWORD_HASH (password sign-in to /admin; see tzdocs admin hash-password),
TZDOCS_DRAIN (serve's --drain when not given, such as 5s).

Run 'tzdocs COMMAND --help' for a command's flags.
`

// run is the whole program: main only calls it, so tests run the real program in-process.
func run(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	if len(args) < 2 {
		fmt.Fprint(stderr, usage)
		return usageError{"tzdocs: no command given"}
	}
	cmd, rest := args[1], args[2:]
	switch cmd {
	case "build":
		return cmdBuild(ctx, rest, stdout, stderr)
	case "serve":
		return cmdServe(ctx, rest, getenv, stdout, stderr)
	case "dev":
		return cmdDev(ctx, rest, getenv, stdout, stderr)
	case "check":
		return cmdCheck(ctx, rest, stdout, stderr)
	case "search":
		return cmdSearch(ctx, rest, stdout, stderr)
	case "mcp":
		return cmdMCP(ctx, rest, getenv, os.Stdin, stdout, stderr)
	case "search-report":
		return cmdSearchReport(ctx, rest, getenv, stdout, stderr)
	case "feedback":
		return cmdFeedback(ctx, rest, getenv, stdout, stderr)
	case "admin":
		return cmdAdmin(ctx, rest, getenv, os.Stdin, stdout, stderr)
	case "migrate":
		return cmdMigrate(ctx, rest, stdout, stderr)
	case "help", "-h", "--help", "-help":
		fmt.Fprint(stdout, usage)
		return nil
	}
	fmt.Fprint(stderr, usage)
	return usageError{fmt.Sprintf("tzdocs: unknown command %q", cmd)}
}
