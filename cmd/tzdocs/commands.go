package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"runtime/debug"
	"runtime/pprof"
	"strconv"
	"strings"
	"time"

	"tzdocs/internal/assistant"
	"tzdocs/internal/assistant/openai"
	"tzdocs/internal/asynclog"
	"tzdocs/internal/feedback"
	"tzdocs/internal/live"
	"tzdocs/internal/metrics"
	"tzdocs/internal/samples"
	"tzdocs/internal/server"
	"tzdocs/internal/sitebuild"
)

// parseFlags parses a command's flags; --help prints them and ends the command successfully.
func parseFlags(fs *flag.FlagSet, args []string, stdout, stderr io.Writer, summary string) (done bool, err error) {
	usage := func(w io.Writer) { printUsage(w, fs, "tzdocs "+fs.Name()+" [flags]", summary) }
	quiet(fs)
	err = fs.Parse(args)
	switch {
	case errors.Is(err, flag.ErrHelp):
		usage(stdout) // asked for: standard output, exit status 0
		return true, nil
	case err != nil:
		usage(stderr)
		return true, usageError{fmt.Sprintf("tzdocs %s: %v", fs.Name(), err)}
	case fs.NArg() > 0:
		usage(stderr)
		return true, usageError{fmt.Sprintf("tzdocs %s: unexpected argument %q", fs.Name(), fs.Arg(0))}
	}
	return false, nil
}

// quiet stops the flag package from printing the usage itself, to its output, while it parses:
// the commands print it once, where it belongs (standard output when asked for with --help).
func quiet(fs *flag.FlagSet) {
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
}

// printUsage writes a command's usage: its synopsis, what it does and its flags.
func printUsage(w io.Writer, fs *flag.FlagSet, synopsis, summary string) {
	fs.SetOutput(w)
	fmt.Fprintf(w, "Usage: %s\n\n%s\n\nFlags:\n", synopsis, summary)
	fs.PrintDefaults()
	fs.SetOutput(io.Discard)
}

func cmdBuild(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("build", flag.ContinueOnError)
	site := fs.String("site", "site", "the site folder (holding site.yaml)")
	out := fs.String("out", "dist", "the output folder")
	web := fs.String("web", filepath.Join("web", "dist"), "the web app's build output (client/ and server/)")
	timings := fs.Bool("timings", false, "print the wall time of each build phase")
	cpuProfile := fs.String("cpuprofile", "", "write a Go CPU profile of the build to this file (go tool pprof reads it)")
	if done, err := parseFlags(fs, args, stdout, stderr, "Builds the static site: page data, prerendered HTML, assets, sitemap and text files."); done {
		return err
	}
	if *cpuProfile != "" {
		f, err := os.Create(*cpuProfile)
		if err != nil {
			return err
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return err
		}
		defer pprof.StopCPUProfile()
	}
	b := sitebuild.New(sitebuild.Options{SiteDir: *site, OutDir: *out, WebDir: *web})
	defer b.Close()
	res, err := b.Build(ctx)
	if err != nil {
		return fmt.Errorf("build failed:\n%w", err)
	}
	printUnsupported(stderr, res.Unsupported)
	for _, w := range res.Warnings {
		fmt.Fprintf(stderr, "warning: %v\n", w)
	}
	for _, n := range res.Notes {
		fmt.Fprintf(stderr, "note: %s\n", n)
	}
	for _, e := range res.Errors {
		fmt.Fprintf(stderr, "error: %v\n", e)
	}
	fmt.Fprintf(stdout, "built %d pages into %s in %d ms (%d warnings)\n", res.Pages, *out, res.Duration.Milliseconds(), len(res.Warnings))
	if *timings {
		for _, p := range res.Phases {
			fmt.Fprintf(stdout, "phase %s %.1f ms\n", p.Name, float64(p.Took.Microseconds())/1000)
		}
	}
	if len(res.Errors) > 0 {
		// Every page was written (the uses in error show as text), so a writer sees the whole
		// site; the exit status still says it needs fixing.
		return fmt.Errorf("build finished with %d site component errors (above)", len(res.Errors))
	}
	return nil
}

func cmdCheck(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("check", flag.ContinueOnError)
	site := fs.String("site", "site", "the site folder (holding site.yaml)")
	withSamples := fs.Bool("samples", false, "also validate the code samples (Michelson, TypeScript, Python, JSON, YAML, bash); needs npm ci --prefix tools/samples")
	strict := fs.Bool("strict", false, "fail on warnings too (broken links and anchors, unknown components…), as CI may want")
	if done, err := parseFlags(fs, args, stdout, stderr, "Checks configuration, front matter, links, anchors, images and components, reporting every error it finds in one run. Exits 1 on errors; warnings fail it only with --strict."); done {
		return err
	}
	warnings, err := sitebuild.Check(ctx, *site)
	for _, w := range warnings {
		fmt.Fprintf(stdout, "warning: %v\n", w)
	}
	if err != nil {
		return fmt.Errorf("check failed:\n%w", err)
	}
	if *withSamples {
		report, err := samples.CheckReport(ctx, *site, samples.ToolsDirFor(*site))
		if err != nil {
			return err
		}
		for _, s := range report.Skipped {
			fmt.Fprintf(stdout, "skipped: %s: %s\n", s.Sample.Location(), s.Reason)
		}
		for _, p := range report.Problems {
			fmt.Fprintf(stdout, "error: %v\n", p)
		}
		fmt.Fprintln(stdout, report.Summary())
		if len(report.Problems) > 0 {
			return fmt.Errorf("check failed: %d code samples are not valid", len(report.Problems))
		}
	}
	if *strict && len(warnings) > 0 {
		return fmt.Errorf("check failed: %d warnings (above), and --strict makes warnings fail", len(warnings))
	}
	fmt.Fprintf(stdout, "check passed: %d warnings\n", len(warnings))
	return nil
}

func cmdServe(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	dir := fs.String("dir", "dist", "the built site folder")
	addr := fs.String("addr", "127.0.0.1:8080", "the address to listen on")
	noLimits := fs.Bool("no-rate-limits", false, "turn off per-client rate limits of the feedback, search and Ask AI APIs (load tests, or behind a proxy that limits)")
	trustProxy := fs.Bool("trust-proxy", false, "key rate limits on X-Forwarded-For (only behind a proxy that sets it)")
	analyticsDays := fs.Int("analytics-days", 90, "days raw search logs and Insights events are kept (at least 7); daily totals are kept 400 days")
	exchangeDays := fs.Int("exchange-days", 90, "days Ask AI questions and answers are kept (the exchanges, and the texts of answer votes; the votes stay), at least 1")
	analyticsRows := fs.Int64("analytics-max-rows", feedback.DefaultMaxAnalyticsRows, "rows kept in each analytics table; past it the oldest are dropped and counted")
	var maxConns optionalCount
	fs.Var(&maxConns, "max-conns-per-client", fmt.Sprintf("the `n`umber of uploads (requests whose body is on its way) one client address may have in progress, and a quarter of the connections it may hold; 0 for no cap (default %d; no cap with --trust-proxy or --no-rate-limits, where connections come from the proxy or a load test)", server.DefaultMaxConnsPerClient))
	metricsAddr := fs.String("metrics-addr", "", "serve Prometheus metrics at /metrics on this separate address, such as 127.0.0.1:9100 (none when empty)")
	drain := fs.Duration("drain", 0, "on SIGTERM, keep answering this long with /readyz failing before closing the listener, so that a load balancer stops sending first, such as 5s (default "+drainEnv+", else 0)")
	if done, err := parseFlags(fs, args, stdout, stderr, "Serves a built site and its APIs. Health: /healthz (alive) and /readyz (feedback can be saved)."); done {
		return err
	}
	if !flagGiven(fs, "drain") {
		d, err := drainFromEnv(getenv)
		if err != nil {
			return err
		}
		*drain = d
	}
	if *drain < 0 {
		return usageError{fmt.Sprintf("tzdocs serve: --drain %s: give a duration of 0 or more, such as 5s", *drain)}
	}
	if *analyticsDays < 7 || *analyticsRows < 1000 {
		return fmt.Errorf("--analytics-days %d --analytics-max-rows %d: keep raw analytics at least 7 days (they are rolled up after 5) and at least 1000 rows", *analyticsDays, *analyticsRows)
	}
	if *exchangeDays < 1 {
		return fmt.Errorf("--exchange-days %d: keep Ask AI questions and answers at least 1 day", *exchangeDays)
	}
	analytics := feedback.Retention{Raw: time.Duration(*analyticsDays) * 24 * time.Hour, MaxRows: *analyticsRows, MaxDailyRows: *analyticsRows,
		Exchanges: time.Duration(*exchangeDays) * 24 * time.Hour}
	conns := maxConns.n
	if !maxConns.set {
		conns = server.DefaultMaxConnsPerClient
		if *trustProxy || *noLimits {
			conns = 0
		}
	}
	logOut := asynclog.Locked(stderr)
	logger := slog.New(slog.NewJSONHandler(logOut, nil))
	// The access log goes through a buffer that a goroutine writes out: a request never waits for
	// its line, and lines the output cannot take are dropped and counted
	// (tzdocs_access_log_dropped_total). Closing it writes what is left.
	accessOut := asynclog.New(logOut, asynclog.DefaultSize, metrics.AccessLogDropped.Inc)
	defer accessOut.Close()
	st, err := feedback.Open(ctx, databaseURL(getenv))
	if err != nil {
		return fmt.Errorf("opening the feedback database: %w", err)
	}
	defer st.Close()
	engine, secret, err := askAI(databaseURL(getenv), getenv, logger)
	if err != nil {
		return err
	}
	srv, err := server.New(server.Options{Dir: *dir, Logger: logger, AccessLog: accessOut, Feedback: st, TrustProxy: *trustProxy, NoRateLimits: *noLimits, Assistant: engine, Secret: secret,
		Analytics: analytics, AdminPasswordHash: getenv("TZDOCS_ADMIN_PASSWORD_HASH")})
	if err != nil {
		return err
	}
	// Loading the site (reading every file, decoding the search records, building the index) leaves
	// about as much garbage as the server keeps: hand it back to the system now rather than over
	// the next minutes.
	debug.FreeOSMemory()
	tuneGC(getenv)
	site := listener{addr: *addr, hs: srv.HTTPServer(), site: true, perClient: conns, what: fmt.Sprintf("serving %s", *dir)}
	// Under systemd socket activation the site's socket is the service manager's: it stays open
	// while the service restarts, so connections wait for the new process instead of being refused.
	if site.ln, err = inheritedListener(getenv, os.Getpid(), listenFDsStart); err != nil {
		return err
	}
	if site.ln != nil {
		site.what += " (socket from the service manager; --addr unused)"
	}
	listeners := []listener{site}
	if *metricsAddr != "" {
		mux := http.NewServeMux()
		mux.Handle("GET /metrics", metrics.Handler())
		listeners = append(listeners, listener{addr: *metricsAddr, hs: server.NewHTTPServer(mux, server.Timeouts{}), what: "metrics", path: "/metrics"})
	}
	err = serve(ctx, stdout, shutdownPlan{drain: *drain, begin: srv.Drain, end: srv.StopAnswers}, listeners...)
	flush, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	return errors.Join(err, srv.Close(flush), accessOut.Close())
}

func cmdDev(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("dev", flag.ContinueOnError)
	site := fs.String("site", "site", "the site folder (holding site.yaml)")
	out := fs.String("out", filepath.Join(".tzdocs", "dev"), "where the development build goes")
	web := fs.String("web", filepath.Join("web", "dist"), "the web app's build output (client/ and server/)")
	addr := fs.String("addr", "127.0.0.1:8080", "the address to listen on")
	if done, err := parseFlags(fs, args, stdout, stderr, "Builds the site, watches the site folder, rebuilds what changed and live-reloads open browsers."); done {
		return err
	}
	// The default folder is dev's own; one given with --out may hold the writer's files.
	owned := true
	fs.Visit(func(f *flag.Flag) { owned = owned && f.Name != "out" })
	// The APIs of `tzdocs serve` (feedback, Ask AI), with the same database and answer engine.
	logger := slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
	st, err := feedback.Open(ctx, databaseURL(getenv))
	if err != nil {
		return fmt.Errorf("opening the feedback database: %w", err)
	}
	defer st.Close()
	engine, secret, err := askAI(databaseURL(getenv), getenv, logger)
	if err != nil {
		return err
	}
	d, err := live.Start(ctx, live.Options{SiteDir: *site, OutDir: *out, WebDir: *web, OwnsOut: owned, Log: stderr,
		Feedback: st, Assistant: engine, Secret: secret, Logger: logger})
	if err != nil {
		return err
	}
	defer d.Close()
	hs := server.NewHTTPServer(d, server.Timeouts{})
	hs.WriteTimeout = 0 // the live-reload event stream stays open as long as the page does
	return serve(ctx, stdout, shutdownPlan{}, listener{addr: *addr, hs: hs, site: true, what: fmt.Sprintf("developing %s", *site)})
}

// askAI picks the answer engine (see answerEngine) and the secret that signs Ask AI tokens.
func askAI(dbURL string, getenv func(string) string, logger *slog.Logger) (assistant.Engine, []byte, error) {
	secret, err := assistant.LoadOrCreateSecret(assistant.SecretPath(dbURL), getenv)
	if err != nil {
		return nil, nil, err
	}
	e, err := answerEngine(getenv, logger)
	if err != nil {
		return nil, nil, err
	}
	return e, secret, nil
}

// answerEngine is an OpenAI-compatible model server when TZDOCS_LLM_BASE_URL is set (the built-in
// extractive engine answers when it cannot), else the extractive engine.
func answerEngine(getenv func(string) string, logger *slog.Logger) (assistant.Engine, error) {
	if cfg, ok := openai.FromEnv(getenv); ok {
		e, err := openai.New(cfg)
		if err != nil {
			return nil, err
		}
		return assistant.WithFallback(e, assistant.NewExtractive(), logger), nil
	}
	return assistant.NewExtractive(), nil
}

// optionalCount is a flag holding a whole number, 0 or more, that knows whether it was given.
type optionalCount struct {
	n   int
	set bool
}

func (c *optionalCount) String() string {
	if c == nil || !c.set {
		return ""
	}
	return strconv.Itoa(c.n)
}

func (c *optionalCount) Set(v string) error {
	n, err := strconv.Atoi(v)
	if err != nil || n < 0 {
		return fmt.Errorf("%q is not a whole number, 0 or more", v)
	}
	c.n, c.set = n, true
	return nil
}

// drainEnv sets --drain when the flag is not given, as a Go duration ("5s").
const drainEnv = "TZDOCS_DRAIN"

// drainFromEnv reads drainEnv; unset means 0.
func drainFromEnv(getenv func(string) string) (time.Duration, error) {
	v := strings.TrimSpace(getenv(drainEnv))
	if v == "" {
		return 0, nil
	}
	d, err := time.ParseDuration(v)
	if err != nil || d < 0 {
		return 0, fmt.Errorf("%s=%q: give a duration of 0 or more, such as 5s", drainEnv, v)
	}
	return d, nil
}

// flagGiven reports whether the flag name was set on the command line.
func flagGiven(fs *flag.FlagSet, name string) bool {
	given := false
	fs.Visit(func(f *flag.Flag) { given = given || f.Name == name })
	return given
}
