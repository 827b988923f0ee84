package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// The hostile probes run against `tzdocs serve` of the real docs (site/), each on a fresh,
// cold server, as an attacker without an account would: Insights events that break the
// dashboard, ids that fill the disk, sign-ins that take memory, bodies that never come, MCP
// batches, heavy searches beside a reader's, and the files a client should not get.

// adminPassword is the password of the probes' servers (their hash goes in
// TZDOCS_ADMIN_PASSWORD_HASH); the sign-in probe sends wrong ones.
const adminPassword = "abuse probe password, never right"

func hostileProbes() []serveProbe {
	return []serveProbe{
		{"Insights event with positions 2^63-1", hostilePositions},
		{"Ask AI: 10 questions with 900 KB message ids", longMessageIDs},
		{"sign-in from 50 addresses at once", signInFlood},
		{"80 stalled bodies on pages, /healthz, /mcp, then a reader (one address)", func(s *server) (string, bool) { return stalledThenReader(s, "") }},
		{"80 stalled uploads to /api/feedback, then a reader (one address)", func(s *server) (string, bool) { return stalledThenReader(s, "/api/feedback") }},
		{"MCP: one batch of 190 search_docs on a cold server", mcpSearchBatch},
		{"MCP: one batch of 482 get_page", mcpPageBatch},
		{"search: heavy client (4,500 optionalFilters) beside a one-word reader", func(s *server) (string, bool) { return searchFairness(s, 4500) }},
		{"search: heavy client (100 optionalFilters, the most allowed) beside a reader", func(s *server) (string, bool) { return searchFairness(s, 100) }},
		{"200 fetches of /_search/records.json", recordsFetches},
		{"/mcp called from Origin: null", mcpNullOrigin},
	}
}

// runHostileProbes builds siteDir with bin and runs each hostile probe whose name holds match on
// a server of its own.
func runHostileProbes(bin, web, siteDir, match string) (failed bool) {
	root, err := os.MkdirTemp("", "tzdocs-abuse-hostile-")
	check(err)
	defer os.RemoveAll(root)
	dir := filepath.Join(root, "dist")
	if r := runBuild(bin, web, siteDir, dir); r.err != "" {
		check(fmt.Errorf("building %s: %s", siteDir, r.err))
	}
	cmd := exec.Command(bin, "admin", "hash-password")
	cmd.Stdin = strings.NewReader(adminPassword + "\n")
	hash, err := cmd.Output()
	check(err)
	env := []string{"TZDOCS_ADMIN_PASSWORD_HASH=" + strings.TrimSpace(string(hash))}
	fmt.Printf("\nhostile probes: `tzdocs serve` of %s on loopback, a cold server each\n", siteDir)
	t := newTable("probe", "result", "peak RSS", "held")
	for i, p := range hostileProbes() {
		if !strings.Contains(p.name, match) {
			continue
		}
		s, err := startServer(bin, dir, filepath.Join(root, fmt.Sprintf("feedback-%d.db", i)), env...)
		check(err)
		result, held := p.run(s)
		rss := s.peakRSSMB()
		held = held && rss <= memBudgetMB
		s.stop()
		failed = failed || !held
		t.row(p.name, result, fmt.Sprintf("%d MB", rss), yesNo(held))
	}
	t.flush()
	return failed
}

// from is an HTTP client whose connections come from the loopback address ip (127.0.0.0/8 is
// all local on Linux), so that the server sees distinct clients.
func from(ip string, timeout time.Duration) *http.Client {
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}, Timeout: 5 * time.Second}
	jar, _ := cookiejar.New(nil)
	return &http.Client{Timeout: timeout, Jar: jar, Transport: &http.Transport{DialContext: d.DialContext, MaxIdleConnsPerHost: 64}}
}

// cpuTime is the server's user and system CPU time so far.
func (s *server) cpuTime() time.Duration {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", s.cmd.Process.Pid))
	if err != nil {
		return -1
	}
	fields := strings.Fields(string(data[bytes.LastIndexByte(data, ')')+2:]))
	user, _ := strconv.ParseInt(fields[11], 10, 64)
	sys, _ := strconv.ParseInt(fields[12], 10, 64)
	return time.Duration(user+sys) * time.Second / 100 // clock ticks of 1/100 s
}

func post(c *http.Client, u, contentType, body string, header ...string) (int, []byte, error) {
	req, err := http.NewRequest(http.MethodPost, u, strings.NewReader(body))
	if err != nil {
		return 0, nil, err
	}
	req.Header.Set("Content-Type", contentType)
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	res, err := c.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	return res.StatusCode, b, err
}

// hostilePositions sends the event that broke the dashboard: positions far past any result.
func hostilePositions(s *server) (string, bool) {
	body := `{"events":[{"eventType":"click","eventName":"c","index":"tezosdocs","userToken":"u","objectIDs":["a","b"],"positions":[9223372036854775807,9223372036854775807]}]}`
	status, answer, err := post(http.DefaultClient, "http://"+s.addr+"/api/insights/1/events", "application/json", body)
	if err != nil {
		return err.Error(), false
	}
	return fmt.Sprintf("%d %s", status, strings.TrimSpace(string(answer))), status == http.StatusUnprocessableEntity
}

// longMessageIDs asks 10 questions whose message ids are 900 KB each, and measures how much the
// database grew.
func longMessageIDs(s *server) (string, bool) {
	base := "http://" + s.addr
	tok, err := askAIToken(base)
	if err != nil {
		return err.Error(), false
	}
	before := s.dbBytes()
	codes := map[int]int{}
	for i := range 10 {
		id := strings.Repeat(strconv.Itoa(i), 900<<10)
		body := `{"id":"c","trigger":"submit-message","messages":[{"id":"` + id + `","role":"user","parts":[{"type":"text","text":"What is a baker?"}]}]}`
		status, _, err := post(http.DefaultClient, base+"/api/askai/chat", "application/json", body, "Authorization", "TOKEN "+tok)
		if err != nil {
			return err.Error(), false
		}
		codes[status]++
	}
	time.Sleep(time.Second) // exchanges are stored as the answer ends
	grew := s.dbBytes() - before
	return fmt.Sprintf("answers %v; database grew %.1f MB", codes, float64(grew)/(1<<20)), grew < 1<<20
}

func askAIToken(base string) (string, error) {
	req, _ := http.NewRequest(http.MethodPost, base+"/api/askai/chat/token", nil)
	req.Header.Set("x-algolia-assistant-id", "tezosdocs")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return "", err
	}
	defer res.Body.Close()
	var tok struct{ Token string }
	if err := json.NewDecoder(res.Body).Decode(&tok); err != nil || tok.Token == "" {
		return "", fmt.Errorf("no Ask AI token (%d, %v)", res.StatusCode, err)
	}
	return tok.Token, nil
}

var csrfField = regexp.MustCompile(`name="csrf" value="([^"]+)"`)

// signInFlood signs in with a wrong password from 50 addresses at once; the table's peak RSS is
// what the password checks took.
func signInFlood(s *server) (string, bool) {
	const n = 50
	var mu sync.Mutex
	codes := map[int]int{}
	var wg, ready sync.WaitGroup
	start := make(chan struct{})
	for i := range n {
		wg.Add(1)
		ready.Add(1)
		go func() {
			defer wg.Done()
			c := from(fmt.Sprintf("127.0.1.%d", i+1), 30*time.Second)
			res, err := c.Get("http://" + s.addr + "/admin/login")
			if err != nil {
				ready.Done()
				return
			}
			page, _ := io.ReadAll(res.Body)
			res.Body.Close()
			m := csrfField.FindSubmatch(page)
			ready.Done()
			if m == nil {
				return
			}
			<-start
			form := url.Values{"csrf": {string(m[1])}, "password": {"wrong " + strconv.Itoa(i)}, "who": {"probe"}}
			status, _, err := post(c, "http://"+s.addr+"/admin/login", "application/x-www-form-urlencoded", form.Encode())
			if err != nil {
				status = -1
			}
			mu.Lock()
			codes[status]++
			mu.Unlock()
		}()
	}
	ready.Wait() // every client has its form
	began := time.Now()
	close(start)
	wg.Wait()
	return fmt.Sprintf("answers %v in %d ms", codes, time.Since(began).Milliseconds()), codes[-1] == 0
}

// stalledThenReader opens 80 connections from 127.0.0.1 (more than the 64 the server lets one
// address hold, or upload on) that announce a body and never send it, to path (a rotation of
// routes when path is ""), then loads a page from the same address, and counts the stalled
// connections still open 2 s later.
func stalledThenReader(s *server, path string) (string, bool) {
	routes := []string{"POST /", "GET /", "GET /healthz", "POST /mcp"}
	var conns []net.Conn
	defer func() {
		for _, c := range conns {
			c.Close()
		}
	}()
	for i := range 80 {
		c, err := net.DialTimeout("tcp", s.addr, time.Second)
		if err != nil {
			break
		}
		conns = append(conns, c)
		req := "POST " + path
		if path == "" {
			req = routes[i%len(routes)]
		}
		fmt.Fprintf(c, "%s HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nContent-Length: 60000\r\n\r\n{", req, s.addr)
	}
	time.Sleep(500 * time.Millisecond)
	start := time.Now()
	res, err := (&http.Client{Timeout: 5 * time.Second}).Get("http://" + s.addr + "/")
	reader := ""
	ok := false
	if err != nil {
		reader = "no page: " + err.Error()
	} else {
		res.Body.Close()
		took := time.Since(start)
		reader = fmt.Sprintf("%d in %d ms", res.StatusCode, took.Milliseconds())
		ok = res.StatusCode == http.StatusOK && took < time.Second
	}
	time.Sleep(1500 * time.Millisecond)
	open := 0
	for _, c := range conns {
		_ = c.SetReadDeadline(time.Now().Add(10 * time.Millisecond))
		buf := make([]byte, 4096)
		for {
			if _, err := c.Read(buf); err != nil {
				if ne, isNet := err.(net.Error); isNet && ne.Timeout() {
					open++
				}
				break
			}
		}
	}
	return fmt.Sprintf("the reader's page: %s; stalled connections still open after 2 s: %d of %d", reader, open, len(conns)), ok
}

// mcpBatch posts one JSON-RPC batch of n calls to /mcp and reports the answer and the server's
// CPU time for it.
func mcpBatch(s *server, n int, call func(i int) string) (string, bool) {
	calls := make([]string, n)
	for i := range calls {
		calls[i] = fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":%s}`, i+1, call(i))
	}
	body := "[" + strings.Join(calls, ",") + "]"
	cpu := s.cpuTime()
	start := time.Now()
	status, answer, err := post(&http.Client{Timeout: 60 * time.Second}, "http://"+s.addr+"/mcp", "application/json", body,
		"Accept", "application/json, text/event-stream")
	if err != nil {
		return err.Error(), false
	}
	used := s.cpuTime() - cpu
	msg := ""
	if status != http.StatusOK {
		msg = " " + strings.TrimSpace(string(answer[:min(len(answer), 120)]))
	}
	return fmt.Sprintf("%d KB request: %d, %.1f MB answered in %d ms, %.1f s CPU%s", len(body)>>10, status,
		float64(len(answer))/(1<<20), time.Since(start).Milliseconds(), used.Seconds(), msg), len(answer) <= 4<<20 && used < 5*time.Second
}

func mcpSearchBatch(s *server) (string, bool) {
	return mcpBatch(s, 190, func(i int) string {
		return fmt.Sprintf(`{"name":"search_docs","arguments":{"query":"smart rollup %d"}}`, i)
	})
}

func mcpPageBatch(s *server) (string, bool) {
	routes := siteRoutes(s)
	if len(routes) == 0 {
		return "no routes in llms.txt", false
	}
	return mcpBatch(s, 482, func(i int) string {
		return fmt.Sprintf(`{"name":"get_page","arguments":{"route":%q}}`, routes[i%len(routes)])
	})
}

var llmsLink = regexp.MustCompile(`\]\((https?://[^)\s]+)\)`)

// siteRoutes lists the pages of the site from its llms.txt.
func siteRoutes(s *server) []string {
	res, err := http.Get("http://" + s.addr + "/llms.txt")
	if err != nil {
		return nil
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	var out []string
	for _, m := range llmsLink.FindAllSubmatch(b, -1) {
		if u, err := url.Parse(string(m[1])); err == nil {
			out = append(out, strings.TrimSuffix(u.Path, ".md"))
		}
	}
	return out
}

// searchFairness runs a heavy client (127.0.0.2: 8 at a time, requests of as many queries with
// conditions optionalFilters each as a body holds) beside a reader (127.0.0.3) searching one word 100 times in a
// row, and reports the reader's median and 90th percentile.
func searchFairness(s *server, conditions int) (string, bool) {
	filters := make([]string, conditions)
	for i := range filters {
		filters[i] = fmt.Sprintf("type:%d", i)
	}
	// As many queries as a 64 KB body holds, at most 50.
	queries := make([]map[string]any, max(1, min(50, 60000/(conditions*10))))
	for i := range queries {
		queries[i] = map[string]any{"indexName": "tezosdocs", "query": "tezos", "hitsPerPage": 1000, "optionalFilters": filters}
	}
	heavyBody, _ := json.Marshal(map[string]any{"requests": queries})
	u := "http://" + s.addr + "/api/search/1/indexes/*/queries"
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	heavy := from("127.0.0.2", 30*time.Second)
	var heavyCodes sync.Map
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for ctx.Err() == nil {
				req, _ := http.NewRequestWithContext(ctx, http.MethodPost, u, bytes.NewReader(heavyBody))
				res, err := heavy.Do(req)
				if err != nil {
					continue
				}
				_, _ = io.Copy(io.Discard, res.Body)
				res.Body.Close()
				v, _ := heavyCodes.LoadOrStore(res.StatusCode, new(atomic.Int64))
				v.(*atomic.Int64).Add(1)
				if res.StatusCode == http.StatusTooManyRequests {
					time.Sleep(100 * time.Millisecond)
				}
			}
		}()
	}
	time.Sleep(500 * time.Millisecond) // the heavy client's queue is full
	reader := from("127.0.0.3", 30*time.Second)
	var took []time.Duration
	for range 100 {
		start := time.Now()
		status, _, err := post(reader, u, "application/json", `{"requests":[{"indexName":"tezosdocs","query":"baker"}]}`)
		if err != nil || status != http.StatusOK {
			return fmt.Sprintf("reader's search failed: %d %v", status, err), false
		}
		took = append(took, time.Since(start))
	}
	cancel()
	wg.Wait()
	slices.Sort(took)
	var codes []string
	heavyCodes.Range(func(k, v any) bool {
		codes = append(codes, fmt.Sprintf("%d× %v", v.(*atomic.Int64).Load(), k))
		return true
	})
	slices.Sort(codes)
	median := took[len(took)/2]
	return fmt.Sprintf("reader: median %.1f ms, p90 %.1f ms; heavy client's %d KB requests: %s", ms(median), ms(took[len(took)*9/10]),
		len(heavyBody)>>10, strings.Join(codes, ", ")), median <= 20*time.Millisecond
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// recordsFetches fetches the search records 200 times, as a scraper would.
func recordsFetches(s *server) (string, bool) {
	cpu := s.cpuTime()
	var bytesIn int64
	status := 0
	for range 200 {
		res, err := http.Get("http://" + s.addr + "/_search/records.json")
		if err != nil {
			return err.Error(), false
		}
		n, _ := io.Copy(io.Discard, res.Body)
		res.Body.Close()
		bytesIn += n
		status = res.StatusCode
	}
	return fmt.Sprintf("status %d, %.1f MB sent, %.2f s CPU", status, float64(bytesIn)/(1<<20), (s.cpuTime() - cpu).Seconds()),
		status == http.StatusNotFound
}

// mcpNullOrigin calls /mcp from an opaque origin, which no site allows.
func mcpNullOrigin(s *server) (string, bool) {
	req, _ := http.NewRequest(http.MethodPost, "http://"+s.addr+"/mcp", strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"ping"}`))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	req.Header.Set("Origin", "null")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return err.Error(), false
	}
	res.Body.Close()
	got := res.Header.Get("Access-Control-Allow-Origin")
	return fmt.Sprintf("%d, Access-Control-Allow-Origin %q", res.StatusCode, got), got == ""
}
