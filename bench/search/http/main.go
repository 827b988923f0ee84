// Command http measures the search API over HTTP at a constant request rate on loopback.
//
// It starts `tzdocs serve` on a free 127.0.0.1 port (with a throw-away SQLite database in a
// temporary folder), or uses -url, then sends POST /api/search/1/indexes/*/queries at -rate
// requests per second for -duration, rotating over the queries of queries.tsv with the body the
// site's search dialog sends. The load is open-loop: request i is due at start + i/rate,
// whatever happened to the earlier ones, and its latency runs from that due time to the end of
// the response body, so a stalled server is charged for the requests that queue behind it
// (no coordinated omission). It prints p50/p90/p99/max latency, the achieved rate and errors.
//
//	go run ./bench/search/http [-rate 500] [-duration 20s] [-bin bin/tzdocs] [-dir dist] [-url URL]
//
// With -burst N it sends instead -rounds rounds of N concurrent requests of the largest kind
// the API accepts (50 queries × 1,000 hits with snippets) and fails when the server's peak
// resident memory passes 300 MB.
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
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"tzdocs/internal/output"
)

func main() {
	if err := run(os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "bench/search/http:", err)
		os.Exit(1)
	}
}

type config struct {
	rate        int
	duration    time.Duration
	timeout     time.Duration
	maxInFlight int
	bin, dir    string
	url         string
	queries     string
	strict      bool
	burst       int // concurrent largest requests instead of the rate run; 0 → the rate run
	rounds      int
}

func run(args []string, out io.Writer) error {
	var c config
	fs := flag.NewFlagSet("http", flag.ContinueOnError)
	fs.IntVar(&c.rate, "rate", 500, "requests per second (1–5000)")
	fs.DurationVar(&c.duration, "duration", 20*time.Second, "length of the measured run (at most 2m)")
	fs.DurationVar(&c.timeout, "timeout", 2*time.Second, "per-request timeout; a slower answer counts as an error")
	fs.IntVar(&c.maxInFlight, "max-in-flight", 512, "requests outstanding at once; a request due beyond that counts as an error")
	fs.StringVar(&c.bin, "bin", "bin/tzdocs", "the tzdocs binary to start")
	fs.StringVar(&c.dir, "dir", "dist", "the built site it serves")
	fs.StringVar(&c.url, "url", "", "base URL of a running server on loopback instead of starting one (e.g. http://127.0.0.1:8080)")
	fs.StringVar(&c.queries, "queries", "bench/search/queries.tsv", "queries to rotate over")
	fs.BoolVar(&c.strict, "strict", false, "exit with status 1 when p99 > 10 ms or any request failed")
	fs.IntVar(&c.burst, "burst", 0, "instead of the rate run, send this many largest requests at once and report the server's peak RSS")
	fs.IntVar(&c.rounds, "rounds", 5, "rounds of -burst")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if c.burst < 0 || c.burst > 64 || c.rounds < 1 || c.rounds > 50 {
		return fmt.Errorf("-burst %d -rounds %d: use 0 to 64 requests and 1 to 50 rounds", c.burst, c.rounds)
	}
	if c.rate < 1 || c.rate > 5000 {
		return fmt.Errorf("-rate %d: use 1 to 5000 requests per second", c.rate)
	}
	if c.duration <= 0 || c.duration > 2*time.Minute {
		return fmt.Errorf("-duration %v: use more than 0 and at most 2m", c.duration)
	}
	if c.maxInFlight < 1 {
		return fmt.Errorf("-max-in-flight %d: must be at least 1", c.maxInFlight)
	}
	bodies, err := requestBodies(c.queries)
	if err != nil {
		return err
	}

	base := c.url
	var srv *server
	if base == "" {
		srv, err = startServer(c.bin, c.dir)
		if err != nil {
			return err
		}
		defer srv.stop()
		base = srv.base
	} else if err := checkLoopback(base); err != nil {
		return err
	}
	endpoint := strings.TrimSuffix(base, "/") + "/api/search/1/indexes/*/queries"

	client := &http.Client{
		Timeout: c.timeout,
		Transport: &http.Transport{
			Proxy:               nil,
			MaxIdleConns:        c.maxInFlight,
			MaxIdleConnsPerHost: c.maxInFlight,
			IdleConnTimeout:     30 * time.Second,
		},
	}
	defer client.CloseIdleConnections()

	if c.burst > 0 {
		client.Timeout = 30 * time.Second
		return burst(client, endpoint, srv, c.burst, c.rounds, out)
	}

	// Warm up: every query once, in sequence, so that the run measures a warm server.
	for i, b := range bodies {
		if err := post(client, endpoint, b); err != nil {
			return fmt.Errorf("warm-up query %d: %w", i+1, err)
		}
	}

	load0 := loadAverage()
	cpu0, _ := srv.cpu()
	self0 := selfCPU()
	res := load(client, endpoint, bodies, c)
	res.print(out, c)
	self1 := selfCPU()
	if cpu1, err := srv.cpu(); err == nil && res.elapsed > 0 {
		used := cpu1 - cpu0
		fmt.Fprintf(out, "server CPU during the run: %.2f s, %.0f %% of one core, %.0f µs per request\n",
			used.Seconds(), 100*used.Seconds()/res.elapsed.Seconds(), float64(used.Microseconds())/float64(max(res.sent, 1)))
	}
	fmt.Fprintf(out, "load generator CPU: %.0f µs per request\n", float64((self1-self0).Microseconds())/float64(max(res.sent, 1)))
	fmt.Fprintf(out, "load average (1 min) before %s, after %s, on %d cores\n", load0, loadAverage(), runtime.NumCPU())
	if c.strict && (res.errors() > 0 || res.p(0.99) > 10*time.Millisecond) {
		return errors.New("targets missed: p99 ≤ 10 ms with zero errors")
	}
	return nil
}

// requestBodies reads queries.tsv (query, tab, expected URL; # comments) and returns the JSON
// body the search dialog sends for each query.
func requestBodies(file string) ([][]byte, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, fmt.Errorf("%v (run from the repository root or pass -queries)", err)
	}
	defer f.Close()
	var out [][]byte
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		text := sc.Text()
		if strings.TrimSpace(text) == "" || strings.HasPrefix(text, "#") {
			continue
		}
		q, _, ok := strings.Cut(text, "\t")
		if !ok || strings.TrimSpace(q) == "" {
			return nil, fmt.Errorf("%s:%d: want \"query<TAB>/expected/url\", got %q", file, line, text)
		}
		b, err := json.Marshal(map[string]any{"requests": []map[string]any{{
			"indexName":            "tezosdocs",
			"query":                q,
			"hitsPerPage":          20,
			"attributesToRetrieve": []string{"hierarchy.lvl0", "hierarchy.lvl1", "hierarchy.lvl2", "hierarchy.lvl3", "hierarchy.lvl4", "hierarchy.lvl5", "hierarchy.lvl6", "content", "type", "url"},
			"attributesToSnippet":  []string{"content:15"},
			"snippetEllipsisText":  "…",
			"highlightPreTag":      "<mark>",
			"highlightPostTag":     "</mark>",
			"clickAnalytics":       true,
			"facetFilters":         [][]string{{"language:en"}, {"docusaurus_tag:default", "docusaurus_tag:docs-default-current"}},
		}}})
		if err != nil {
			return nil, err
		}
		out = append(out, b)
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: no queries", file)
	}
	return out, nil
}

// post sends one search and checks the answer: status 200 and a results array.
func post(client *http.Client, endpoint string, body []byte) error {
	req, err := http.NewRequest(http.MethodPost, endpoint, bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	resp, err := client.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		return err
	}
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("status %d: %.200s", resp.StatusCode, data)
	}
	if !bytes.HasPrefix(bytes.TrimSpace(data), []byte(`{"results":[`)) {
		return fmt.Errorf("answer is not a multi-query result: %.200s", data)
	}
	return nil
}

type result struct {
	sent      int
	latencies []time.Duration // from due time to end of body, successful requests
	service   []time.Duration // from actual send to end of body, successful requests
	errs      map[string]int
	perSecond [][]time.Duration // latencies by the second of their due time
	lags      []time.Duration   // how late each request was sent: the scheduling delay on this machine
	elapsed   time.Duration     // from the first due time to the last completion
}

func (r *result) errors() int {
	n := 0
	for _, v := range r.errs {
		n += v
	}
	return n
}

func (r *result) p(q float64) time.Duration { return pct(r.latencies, q) }

func pct(sorted []time.Duration, q float64) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	i := int(q * float64(len(sorted)))
	return sorted[min(i, len(sorted)-1)]
}

// load sends rate×duration requests, request i due at start + i/rate.
func load(client *http.Client, endpoint string, bodies [][]byte, c config) *result {
	total := int(int64(c.rate) * int64(c.duration) / int64(time.Second))
	interval := time.Second / time.Duration(c.rate)
	res := &result{errs: map[string]int{}, perSecond: make([][]time.Duration, (total+c.rate-1)/c.rate)}
	var (
		mu       sync.Mutex
		wg       sync.WaitGroup
		inFlight atomic.Int64
		lastEnd  time.Time
	)
	var start time.Time
	record := func(due, sent, end time.Time, err error) {
		mu.Lock()
		defer mu.Unlock()
		if end.After(lastEnd) {
			lastEnd = end
		}
		if err != nil {
			res.errs[errorKind(err)]++
			return
		}
		res.latencies = append(res.latencies, end.Sub(due))
		sec := int(due.Sub(start) / time.Second)
		res.perSecond[sec] = append(res.perSecond[sec], end.Sub(due))
		res.service = append(res.service, end.Sub(sent))
	}
	// The schedule runs on its own OS thread sleeping in nanosleep: time.Sleep wakes through
	// the network poller, whose millisecond timeouts made sends 0.5 ms late on average.
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	start = time.Now().Add(10 * time.Millisecond)
	for i := range total {
		due := start.Add(time.Duration(i) * interval)
		sleepUntil(due)
		now := time.Now()
		res.lags = append(res.lags, now.Sub(due))
		res.sent++
		if inFlight.Load() >= int64(c.maxInFlight) {
			record(due, now, now, errSaturated)
			continue
		}
		inFlight.Add(1)
		wg.Add(1)
		go func(body []byte) {
			defer wg.Done()
			defer inFlight.Add(-1)
			sent := time.Now()
			err := post(client, endpoint, body)
			record(due, sent, time.Now(), err)
		}(bodies[i%len(bodies)])
	}
	wg.Wait()
	res.elapsed = lastEnd.Sub(start)
	slices.Sort(res.latencies)
	slices.Sort(res.service)
	slices.Sort(res.lags)
	return res
}

// sleepUntil blocks the calling thread until t.
func sleepUntil(t time.Time) {
	for {
		d := time.Until(t)
		if d <= 0 {
			return
		}
		ts := syscall.NsecToTimespec(int64(d))
		syscall.Nanosleep(&ts, nil) // interrupted early: loop
	}
}

var errSaturated = errors.New("too many requests in flight")

func errorKind(err error) string {
	var ne net.Error
	switch {
	case errors.Is(err, errSaturated):
		return "in-flight limit"
	case errors.As(err, &ne) && ne.Timeout():
		return "timeout"
	case strings.HasPrefix(err.Error(), "status "):
		code, _, _ := strings.Cut(err.Error(), ":")
		return code
	default:
		return err.Error()
	}
}

func (r *result) print(out io.Writer, c config) {
	ms := func(d time.Duration) string { return fmt.Sprintf("%.2f ms", float64(d)/float64(time.Millisecond)) }
	ok := len(r.latencies)
	rate := 0.0
	if r.elapsed > 0 {
		rate = float64(ok) / r.elapsed.Seconds()
	}
	fmt.Fprintf(out, "search over HTTP, open loop at %d req/s for %v: %d sent, %d answered, achieved %.1f req/s, errors %d\n",
		c.rate, c.duration, r.sent, ok, rate, r.errors())
	fmt.Fprintf(out, "latency from due time: p50 %s  p90 %s  p99 %s  p99.9 %s  max %s\n",
		ms(r.p(0.50)), ms(r.p(0.90)), ms(r.p(0.99)), ms(r.p(0.999)), ms(pct(r.latencies, 1)))
	fmt.Fprintf(out, "latency from actual send: p50 %s  p99 %s  max %s\n", ms(pct(r.service, 0.50)), ms(pct(r.service, 0.99)), ms(pct(r.service, 1)))
	fmt.Fprintf(out, "generator sending late (CPU contention on this machine): p50 %s  p99 %s  max %s\n", ms(pct(r.lags, 0.50)), ms(pct(r.lags, 0.99)), ms(pct(r.lags, 1)))
	var secs []string
	slow := 0
	for _, l := range r.perSecond {
		slices.Sort(l)
		p := pct(l, 0.99)
		if p > 10*time.Millisecond {
			slow++
		}
		secs = append(secs, fmt.Sprintf("%.1f", float64(p)/float64(time.Millisecond)))
	}
	fmt.Fprintf(out, "p99 of each second (ms): %s; %d of %d seconds above 10 ms\n", strings.Join(secs, " "), slow, len(r.perSecond))
	if len(r.errs) > 0 {
		kinds := make([]string, 0, len(r.errs))
		for k, v := range r.errs {
			kinds = append(kinds, fmt.Sprintf("%s ×%d", k, v))
		}
		slices.Sort(kinds)
		fmt.Fprintf(out, "errors: %s\n", strings.Join(kinds, "; "))
	}
	verdict := "met"
	if r.errors() > 0 || r.p(0.99) > 10*time.Millisecond {
		verdict = "MISSED"
	}
	fmt.Fprintf(out, "target p99 ≤ 10 ms with zero errors: %s\n", verdict)
}

// checkLoopback refuses a -url that is not on 127.0.0.1, ::1 or localhost.
func checkLoopback(base string) error {
	rest, ok := strings.CutPrefix(base, "http://")
	if !ok {
		return fmt.Errorf("-url %q: use http://127.0.0.1:PORT", base)
	}
	host, _, err := net.SplitHostPort(strings.SplitN(rest, "/", 2)[0])
	if err != nil {
		return fmt.Errorf("-url %q: %v", base, err)
	}
	if ip := net.ParseIP(host); host != "localhost" && (ip == nil || !ip.IsLoopback()) {
		return fmt.Errorf("-url %q: the load test runs on loopback only", base)
	}
	return nil
}

type server struct {
	cmd  *exec.Cmd
	base string
	tmp  string
	log  *os.File
	done chan struct{}
}

// startServer runs `bin serve --dir dir --addr 127.0.0.1:PORT` on a free port with a temporary
// database and waits for /healthz.
func startServer(bin, dir string) (*server, error) {
	if _, err := os.Stat(bin); err != nil {
		return nil, fmt.Errorf("%v (run make build, or pass -bin)", err)
	}
	if _, err := output.LoadRecords(dir); err != nil {
		return nil, fmt.Errorf("%v (run make build, or pass -dir)", err)
	}
	port, err := freePort()
	if err != nil {
		return nil, err
	}
	tmp, err := os.MkdirTemp("", "tzdocs-http-bench-")
	if err != nil {
		return nil, err
	}
	log, err := os.Create(filepath.Join(tmp, "server.log"))
	if err != nil {
		os.RemoveAll(tmp)
		return nil, err
	}
	addr := fmt.Sprintf("127.0.0.1:%d", port)
	cmd := exec.Command(bin, "serve", "--dir", dir, "--addr", addr, "--no-rate-limits")
	cmd.Env = append(os.Environ(), "TZDOCS_DATABASE_URL=file:"+filepath.Join(tmp, "tzdocs.db"))
	cmd.Stdout, cmd.Stderr = log, log
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGTERM} // never outlive the bench
	if err := cmd.Start(); err != nil {
		log.Close()
		os.RemoveAll(tmp)
		return nil, err
	}
	s := &server{cmd: cmd, base: "http://" + addr, tmp: tmp, log: log, done: make(chan struct{})}
	go func() { cmd.Wait(); close(s.done) }()
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	for {
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, s.base+"/healthz", nil)
		resp, err := http.DefaultClient.Do(req)
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return s, nil
			}
		}
		select {
		case <-s.done:
			tail := s.logTail()
			s.stop()
			return nil, fmt.Errorf("%s serve exited before answering /healthz:\n%s", bin, tail)
		case <-ctx.Done():
			tail := s.logTail()
			s.stop()
			return nil, fmt.Errorf("%s serve did not answer /healthz within 15s:\n%s", bin, tail)
		case <-time.After(50 * time.Millisecond):
		}
	}
}

func (s *server) logTail() string {
	b, _ := os.ReadFile(s.log.Name())
	if len(b) > 2000 {
		b = b[len(b)-2000:]
	}
	return string(b)
}

// stop ends the server it started (SIGTERM, then SIGKILL after 5 s) and removes its folder.
func (s *server) stop() {
	select {
	case <-s.done:
	default:
		s.cmd.Process.Signal(syscall.SIGTERM)
		select {
		case <-s.done:
		case <-time.After(5 * time.Second):
			s.cmd.Process.Kill()
			<-s.done
		}
	}
	s.log.Close()
	os.RemoveAll(s.tmp)
}

// cpu returns the user+system CPU time the server process has used so far (Linux /proc,
// 100 ticks per second).
func (s *server) cpu() (time.Duration, error) {
	if s == nil {
		return 0, errors.New("no server started")
	}
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", s.cmd.Process.Pid))
	if err != nil {
		return 0, err
	}
	_, rest, ok := strings.Cut(string(b), ") ")
	f := strings.Fields(rest)
	if !ok || len(f) < 13 {
		return 0, errors.New("unexpected /proc stat format")
	}
	utime, err1 := strconv.ParseInt(f[11], 10, 64)
	stime, err2 := strconv.ParseInt(f[12], 10, 64)
	if err1 != nil || err2 != nil {
		return 0, errors.New("unexpected /proc stat format")
	}
	return time.Duration(utime+stime) * 10 * time.Millisecond, nil
}

// selfCPU returns the user+system CPU time this process has used so far.
func selfCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// loadAverage returns the 1-minute load average, or "?".
func loadAverage() string {
	b, err := os.ReadFile("/proc/loadavg")
	if f := strings.Fields(string(b)); err == nil && len(f) > 0 {
		return f[0]
	}
	return "?"
}

func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}
