// Command serve measures how fast `tzdocs serve` answers a page next to the ceiling of Go's HTTP
// server on this machine (a minimal net/http handler writing the same gzip bytes) and, when
// installed, nginx serving the build's .gz sidecars with gzip_static, all in one run: each round
// loads every server in turn (the order rotates) with the same built-in load generator, then the
// medians and the ratio tzdocs / minimal handler are printed, with tzdocs' resident memory after
// the load. tzdocs runs with its access log on (written to a file, as a service's log would be).
//
//	make build && go run ./bench/serve [-dir dist] [-path /overview/] [-conns 64] [-duration 5s] [-rounds 3]
package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"text/tabwriter"
	"time"
)

func main() {
	if len(os.Args) == 5 && os.Args[1] == minimalFlag {
		if err := serveMinimal(os.Args[2], os.Args[3], os.Args[4]); err != nil {
			fmt.Fprintln(os.Stderr, "bench/serve minimal handler:", err)
			os.Exit(1)
		}
		return
	}
	if err := run(os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "bench/serve:", err)
		os.Exit(1)
	}
}

// Bounds of a run: the load is always finite.
const (
	maxDuration = 30 * time.Second
	maxConns    = 1024
	maxRounds   = 20
	warmUp      = time.Second
)

func run(args []string, out io.Writer) error {
	flags := flag.NewFlagSet("serve", flag.ContinueOnError)
	bin := flags.String("bin", "bin/tzdocs", "the tzdocs binary (make build)")
	dir := flags.String("dir", "dist", "the built site (make build writes dist/)")
	path := flags.String("path", "/overview/", "the page every request asks for")
	conns := flags.Int("conns", 64, "open connections, each sending one request after another")
	duration := flags.Duration("duration", 5*time.Second, "how long each server is loaded per round")
	rounds := flags.Int("rounds", 3, "rounds; the figures are the medians")
	withNginx := flags.Bool("nginx", true, "compare with nginx too, when it is installed")
	if err := flags.Parse(args); err != nil {
		return err
	}
	if *duration <= 0 || *duration > maxDuration || *conns < 1 || *conns > maxConns || *rounds < 1 || *rounds > maxRounds {
		return fmt.Errorf("-duration %v -conns %d -rounds %d: keep 0 < duration ≤ %v, 1 ≤ conns ≤ %d, 1 ≤ rounds ≤ %d",
			*duration, *conns, *rounds, maxDuration, maxConns, maxRounds)
	}
	page := filepath.Join(*dir, filepath.FromSlash(strings.TrimPrefix(*path, "/")))
	if strings.HasSuffix(*path, "/") {
		page = filepath.Join(page, "index.html")
	}
	if _, err := os.Stat(page + ".gz"); err != nil {
		return fmt.Errorf("%s: no gzip sidecar for %s; run `make build` first (or pass -dir and -path)", page+".gz", *path)
	}
	work, err := os.MkdirTemp("", "tzdocs-bench-serve-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(work)

	logFile, err := os.Create(filepath.Join(work, "access.log"))
	if err != nil {
		return err
	}
	defer logFile.Close()
	tz, err := startTzdocs(*bin, *dir, work, logFile)
	if err != nil {
		return err
	}
	tzStopped := false
	defer func() {
		if !tzStopped {
			tz.stop()
		}
	}()
	body, headers, err := fetchGzip(tz.addr, *path)
	if err != nil {
		return err
	}
	minimal, err := startMinimal(work, "minimal net/http", body, nil, *path)
	if err != nil {
		return err
	}
	defer minimal.stop()
	withHeaders, err := startMinimal(work, "minimal + tzdocs' headers", body, headers, *path)
	if err != nil {
		return err
	}
	defer withHeaders.stop()
	targets := []*target{tz, minimal, withHeaders}
	nginxNote := ""
	if *withNginx {
		switch ng, err := startNginx(*dir, work, *path); {
		case errors.Is(err, errNoNginx):
			nginxNote = err.Error()
		case err != nil:
			return err
		default:
			defer ng.stop()
			targets = append(targets, ng)
		}
	} else {
		nginxNote = "nginx left out (-nginx=false)"
	}

	fmt.Fprintf(out, "GET %s with Accept-Encoding: gzip (%.1f KB), %d connections × %v per server, %d rounds, GOMAXPROCS of the load generator %d\n",
		*path, float64(len(body))/1024, *conns, *duration, *rounds, runtime.GOMAXPROCS(0))
	ctx := context.Background()
	for _, t := range targets { // warm up: connections, caches, the page cache of nginx's files
		if r := (load{addr: t.addr, path: *path, conns: *conns, duration: warmUp}).run(ctx); r.requests == 0 {
			return fmt.Errorf("%s answered nothing during the warm-up: %v", t.name, r.firstErr)
		}
	}
	perSec := make([][]float64, len(targets))    // [target][round]
	cpuPerReq := make([][]float64, len(targets)) // µs of the server's CPU a request, [target][round]
	var ratios []float64
	tw := tabwriter.NewWriter(out, 2, 4, 2, ' ', tabwriter.AlignRight)
	header := "round\t"
	for _, t := range targets {
		header += t.name + " req/s\t"
	}
	fmt.Fprintln(tw, header+"tzdocs / minimal (CPU: minimal / tzdocs)\t")
	var requests, failures int64
	for round := range *rounds {
		line := fmt.Sprintf("%d\t", round+1)
		got := make([]float64, len(targets))
		for k := range targets {
			i := (k + round) % len(targets) // rotate the order so no server always goes first
			cpu := targets[i].cpuTime()
			r := (load{addr: targets[i].addr, path: *path, conns: *conns, duration: *duration}).run(ctx)
			if r.requests > 0 {
				cpuPerReq[i] = append(cpuPerReq[i], float64(targets[i].cpuTime()-cpu)/float64(time.Microsecond)/float64(r.requests))
			}
			if r.failures > 0 {
				fmt.Fprintf(out, "%s: %d failed requests (first: %v)\n", targets[i].name, r.failures, r.firstErr)
			}
			if i == 0 {
				requests += r.requests
				failures += r.failures
			}
			got[i] = r.perSecond()
		}
		for i, v := range got {
			perSec[i] = append(perSec[i], v)
			line += fmt.Sprintf("%.0f\t", v)
		}
		ratios = append(ratios, got[0]/got[1])
		fmt.Fprintln(tw, line+fmt.Sprintf("%.2f\t", got[0]/got[1]))
	}
	line := "median\t"
	for _, v := range perSec {
		line += fmt.Sprintf("%.0f\t", median(v))
	}
	fmt.Fprintln(tw, line+fmt.Sprintf("%.2f\t", median(ratios)))
	line = "server CPU µs/request (median)\t"
	for _, v := range cpuPerReq {
		line += fmt.Sprintf("%.1f\t", median(v))
	}
	fmt.Fprintln(tw, line+fmt.Sprintf("%.2f\t", median(cpuPerReq[1])/median(cpuPerReq[0])))
	_ = tw.Flush()
	if nginxNote != "" {
		fmt.Fprintln(out, nginxNote)
	}
	for _, q := range []string{"bakers", "smart rollups", "FA2 tokens"} {
		plain, gz, err := searchSizes(tz.addr, q)
		if err != nil {
			return err
		}
		if gz < 0 {
			fmt.Fprintf(out, "search answer for %q: %.1f KB, not compressed for a client accepting gzip\n", q, float64(plain)/1024)
		} else {
			fmt.Fprintf(out, "search answer for %q: %.1f KB, %.1f KB gzip\n", q, float64(plain)/1024, float64(gz)/1024)
		}
	}
	dropped := tz.metric("tzdocs_access_log_dropped_total")
	if dropped == "" {
		dropped = "not counted by this binary"
	}
	now, peak := tz.rssMB()
	fmt.Fprintf(out, "tzdocs serve RSS after the load: %.0f MB (peak %.0f MB; budget < 100 MB)\n", now, peak)
	fmt.Fprintln(out, tz.memoryParts())
	tz.stop()
	tzStopped = true
	lines, err := countLines(logFile.Name())
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "tzdocs access log: %d lines for %d measured requests and the warm-up; dropped under pressure: %s\n",
		lines, requests+failures, dropped)
	return nil
}

// searchSizes asks the search API one query as the site's search box does, without and with
// gzip, and returns the sizes of the two answers as sent (gz -1 when the second is not compressed).
func searchSizes(addr, query string) (plain, gz int, err error) {
	body, _ := json.Marshal(map[string]any{"requests": []map[string]any{{"indexName": "tezosdocs", "query": query, "hitsPerPage": 20}}})
	for _, enc := range []string{"identity", "gzip"} {
		req, err := http.NewRequest(http.MethodPost, "http://"+addr+"/api/search/1/indexes/*/queries", bytes.NewReader(body))
		if err != nil {
			return 0, 0, err
		}
		req.Header.Set("Content-Type", "text/plain")
		req.Header.Set("Accept-Encoding", enc) // set by hand: the client hands the body over as sent
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			return 0, 0, err
		}
		n, err := io.Copy(io.Discard, res.Body)
		res.Body.Close()
		if err != nil || res.StatusCode != http.StatusOK {
			return 0, 0, fmt.Errorf("search %q: status %d, %v", query, res.StatusCode, err)
		}
		if enc == "gzip" {
			gz = int(n)
			if res.Header.Get("Content-Encoding") != "gzip" {
				gz = -1
			}
		} else {
			plain = int(n)
		}
	}
	return plain, gz, nil
}

// countLines counts the access log lines tzdocs wrote (its other log lines are few).
func countLines(name string) (int64, error) {
	f, err := os.Open(name)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	var n int64
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		if strings.Contains(sc.Text(), `"msg":"request"`) {
			n++
		}
	}
	return n, sc.Err()
}

func median(v []float64) float64 {
	if len(v) == 0 {
		return 0
	}
	s := slices.Clone(v)
	slices.Sort(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}
