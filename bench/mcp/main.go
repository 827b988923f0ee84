// Command mcp measures what the docs give coding assistants on the real docs: the size of llms.txt,
// llms-full.txt and the pages' Markdown, and the latency of the MCP server's search_docs (and
// get_page) calls, in process over the SDK's in-memory transport and over streamable HTTP on
// loopback, for the queries of bench/search/queries.tsv.
//
//	make build && go run ./bench/mcp [-dir dist] [-queries bench/search/queries.tsv] [-rounds 3]
package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"io"
	"net/http/httptest"
	"os"
	"slices"
	"strings"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"tzdocs/internal/mcp"
	"tzdocs/internal/output"
	"tzdocs/internal/ratelimit"
)

func main() {
	if err := run(os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "bench/mcp:", err)
		os.Exit(1)
	}
}

func run(args []string, out io.Writer) error {
	flags := flag.NewFlagSet("mcp", flag.ContinueOnError)
	dir := flags.String("dir", "dist", "the built site (make build writes dist/)")
	queriesFile := flags.String("queries", "bench/search/queries.tsv", "the queries, one a line before a tab")
	rounds := flags.Int("rounds", 3, "rounds over all queries, per transport")
	if err := flags.Parse(args); err != nil {
		return err
	}
	queries, err := readQueries(*queriesFile)
	if err != nil {
		return err
	}
	site, err := output.Load(*dir) // its errors say to build first
	if err != nil {
		return err
	}
	docs, err := mcp.FromDist(site)
	if err != nil {
		return err
	}
	sizes(out, site, docs)

	srv := mcp.New(mcp.Options{Docs: func() *mcp.Docs { return docs },
		// One client asking as fast as it can: the rate limits would only measure themselves.
		Limits: mcp.Limits{Requests: ratelimit.Limit{Off: true}, Questions: ratelimit.Limit{Off: true}}})
	ctx := context.Background()
	st, ct := sdk.NewInMemoryTransports()
	ss, err := srv.Connect(ctx, st)
	if err != nil {
		return err
	}
	defer ss.Close()
	mem, err := sdk.NewClient(&sdk.Implementation{Name: "bench"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		return err
	}
	defer mem.Close()
	hs := httptest.NewServer(srv.Handler()) // 127.0.0.1
	defer hs.Close()
	web, err := sdk.NewClient(&sdk.Implementation{Name: "bench"}, nil).Connect(ctx,
		&sdk.StreamableClientTransport{Endpoint: hs.URL, DisableStandaloneSSE: true, MaxRetries: -1}, nil)
	if err != nil {
		return err
	}
	defer web.Close()

	routes := make([]string, 0, len(docs.Pages))
	for _, p := range docs.Pages {
		routes = append(routes, p.Route)
	}
	for _, c := range []struct {
		name string
		cs   *sdk.ClientSession
	}{{"in process (in-memory transport)", mem}, {"streamable HTTP on loopback", web}} {
		searches, bytes, err := measure(ctx, c.cs, "search_docs", *rounds, queries, func(q string) map[string]any { return map[string]any{"query": q} })
		if err != nil {
			return err
		}
		fmt.Fprintf(out, "search_docs %s: %s; %d B of text a result on average\n", c.name, summary(searches), bytes)
		pages, bytes, err := measure(ctx, c.cs, "get_page", *rounds, routes, func(r string) map[string]any { return map[string]any{"route": r} })
		if err != nil {
			return err
		}
		fmt.Fprintf(out, "get_page %s: %s; %d B a page on average\n", c.name, summary(pages), bytes)
	}
	return nil
}

// measure calls tool once per argument, rounds times, and returns the call times and the mean
// size of a result's content.
func measure(ctx context.Context, cs *sdk.ClientSession, tool string, rounds int, values []string, args func(string) map[string]any) ([]time.Duration, int, error) {
	var times []time.Duration
	total := 0
	for range rounds {
		for _, v := range values {
			start := time.Now()
			res, err := cs.CallTool(ctx, &sdk.CallToolParams{Name: tool, Arguments: args(v)})
			times = append(times, time.Since(start))
			if err != nil {
				return nil, 0, fmt.Errorf("%s %q: %w", tool, v, err)
			}
			if res.IsError {
				return nil, 0, fmt.Errorf("%s %q: %v", tool, v, res.Content)
			}
			for _, c := range res.Content {
				if tc, ok := c.(*sdk.TextContent); ok {
					total += len(tc.Text)
				}
			}
		}
	}
	return times, total / max(len(times), 1), nil
}

// summary is "N calls: p50 …, p90 …, p99 …, max …".
func summary(times []time.Duration) string {
	s := slices.Clone(times)
	slices.Sort(s)
	at := func(q float64) time.Duration { return s[min(len(s)-1, int(q*float64(len(s))))] }
	return fmt.Sprintf("%d calls: p50 %v, p90 %v, p99 %v, max %v", len(s), at(0.5).Round(time.Microsecond),
		at(0.9).Round(time.Microsecond), at(0.99).Round(time.Microsecond), s[len(s)-1].Round(time.Microsecond))
}

// sizes prints the size of the text files for language models and of the pages' Markdown.
func sizes(out io.Writer, site *output.Site, docs *mcp.Docs) {
	for _, name := range []string{output.LLMsFile, output.LLMsFullFile} {
		f := site.Files["/"+name]
		if f == nil {
			fmt.Fprintf(out, "%s: missing from the build\n", name)
			continue
		}
		// As served: the build's precompressed sidecars.
		fmt.Fprintf(out, "%s: %s (gzip %s, brotli %s)\n", name, kb(len(f.Data)), kb(len(f.Gzip)), kb(len(f.Brotli)))
	}
	total, largest, largestRoute := 0, 0, ""
	for _, p := range docs.Pages {
		total += len(p.Markdown)
		if len(p.Markdown) > largest {
			largest, largestRoute = len(p.Markdown), p.Route
		}
	}
	fmt.Fprintf(out, "Markdown pages: %d, %s in all, largest %s (%s)\n", len(docs.Pages), kb(total), kb(largest), largestRoute)
}

func kb(n int) string { return fmt.Sprintf("%.1f KB", float64(n)/1024) }

// readQueries reads the first column of a queries file (bench/search's format), skipping comments.
func readQueries(file string) ([]string, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if q, _, _ := strings.Cut(sc.Text(), "\t"); strings.TrimSpace(q) != "" && !strings.HasPrefix(q, "#") {
			out = append(out, q)
		}
	}
	if len(out) == 0 && sc.Err() == nil {
		return nil, fmt.Errorf("%s: no queries", file)
	}
	return out, sc.Err()
}
