package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// probeTime bounds every serve probe (at most 20 s each).
const probeTime = 20 * time.Second

// server is a `tzdocs serve` under test, with its own feedback database.
type server struct {
	cmd  *exec.Cmd
	addr string
	db   string
}

// startServer builds the fixture site once and serves it on a free loopback port.
func startServer(bin, dir, db string, env ...string) (*server, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	addr := ln.Addr().String()
	ln.Close()
	cmd := exec.Command(bin, "serve", "--dir", dir, "--addr", addr)
	cmd.Env = append(append(os.Environ(), "TZDOCS_DATABASE_URL=file:"+db), env...)
	cmd.Stderr = io.Discard
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	s := &server{cmd: cmd, addr: addr, db: db}
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		if res, err := http.Get("http://" + addr + "/healthz"); err == nil {
			res.Body.Close()
			return s, nil
		}
	}
	s.stop()
	return nil, fmt.Errorf("the server on %s did not answer /healthz within 30 s", addr)
}

func (s *server) stop() {
	_ = s.cmd.Process.Signal(os.Interrupt)
	done := make(chan struct{})
	go func() { _ = s.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		_ = s.cmd.Process.Kill()
		<-done
	}
}

// procStatus reads a field of /proc/<pid>/status, in kB.
func (s *server) procStatus(field string) int64 {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", s.cmd.Process.Pid))
	if err != nil {
		return -1
	}
	for _, l := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(l, field+":"); ok {
			n, _ := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
			return n
		}
	}
	return -1
}

func (s *server) peakRSSMB() int64 { return s.procStatus("VmHWM") / 1024 }

// openFiles counts the server's open file descriptors (connections among them).
func (s *server) openFiles() int {
	entries, err := os.ReadDir(fmt.Sprintf("/proc/%d/fd", s.cmd.Process.Pid))
	if err != nil {
		return -1
	}
	return len(entries)
}

// dbBytes is the size of the feedback database with its write-ahead log.
func (s *server) dbBytes() int64 {
	var n int64
	for _, suffix := range []string{"", "-wal"} {
		if fi, err := os.Stat(s.db + suffix); err == nil {
			n += fi.Size()
		}
	}
	return n
}

type serveProbe struct {
	name string
	run  func(s *server) (result string, held bool)
}

func serveProbes() []serveProbe {
	return []serveProbe{
		{"insights flood: 16 clients, 100-event batches", insightsFlood},
		{"2,000 stalled request bodies", stalledBodies},
		{"500 slow clients sending headers a byte a second", slowHeaders},
		{"burst of the largest allowed search requests", largestSearchBurst},
	}
}

// runServeProbes starts a server for each probe (so one probe's damage does not hide another's)
// and reports whether any did not hold.
func runServeProbes(bin, web string) (failed bool) {
	root, err := os.MkdirTemp("", "tzdocs-abuse-serve-")
	check(err)
	defer os.RemoveAll(root)
	dir := filepath.Join(root, "dist")
	site := filepath.Join(root, "site")
	for name, data := range baseSite {
		check(writeFile(filepath.Join(site, name), data))
	}
	if r := runBuild(bin, web, site, dir); r.err != "" {
		check(fmt.Errorf("building the probe site: %s", r.err))
	}
	fmt.Printf("\nserve probes: at most %v each, against `tzdocs serve` on loopback\n", probeTime)
	t := newTable("probe", "result", "peak RSS", "held")
	for i, p := range serveProbes() {
		s, err := startServer(bin, dir, filepath.Join(root, fmt.Sprintf("feedback-%d.db", i)))
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

// insightsFlood sends batches of 100 valid events from 16 clients as fast as the server takes
// them, then checks how much the database grew and whether feedback still saves.
func insightsFlood(s *server) (string, bool) {
	events := make([]map[string]any, 100)
	for i := range events {
		events[i] = map[string]any{"eventType": "click", "eventName": "Hit Clicked", "index": "tezosdocs",
			"userToken": "flood", "objectIDs": []string{"https://docs.example.org/page#x"}, "queryID": fmt.Sprintf("%032x", i),
			"positions": []int{1}}
	}
	body, _ := json.Marshal(map[string]any{"events": events})
	before := s.dbBytes()
	var ok, limited, other atomic.Int64
	ctx, cancel := context.WithTimeout(context.Background(), probeTime/2)
	defer cancel()
	var wg sync.WaitGroup
	client := &http.Client{Timeout: 5 * time.Second}
	for c := 0; c < 16; c++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for ctx.Err() == nil {
				req, _ := http.NewRequestWithContext(ctx, http.MethodPost, "http://"+s.addr+"/api/insights/1/events", bytes.NewReader(body))
				req.Header.Set("Content-Type", "application/json")
				res, err := client.Do(req)
				if err != nil {
					continue
				}
				_, _ = io.Copy(io.Discard, res.Body)
				res.Body.Close()
				switch res.StatusCode {
				case http.StatusOK:
					ok.Add(1)
				case http.StatusTooManyRequests:
					limited.Add(1)
				default:
					other.Add(1)
				}
			}
		}()
	}
	wg.Wait()
	time.Sleep(time.Second) // let the recorder flush what it acknowledged
	grew := s.dbBytes() - before
	fb := postFeedback(s)
	res := fmt.Sprintf("%d batches stored, %d refused (429), %d other; database grew %.1f MB; feedback afterwards: %s",
		ok.Load(), limited.Load(), other.Load(), float64(grew)/(1<<20), fb)
	return res, grew < 50<<20 && strings.HasPrefix(fb, "20")
}

func postFeedback(s *server) string {
	body := `{"url":"/","helpful":true,"comment":"still works"}`
	res, err := http.Post("http://"+s.addr+"/api/feedback", "application/json", strings.NewReader(body))
	if err != nil {
		return err.Error()
	}
	defer res.Body.Close()
	return res.Status
}

// stalledBodies opens connections that announce a body and never send it, then counts how many
// the server still holds when the probe ends.
func stalledBodies(s *server) (string, bool) {
	const n = 2000
	var conns []net.Conn
	defer func() {
		for _, c := range conns {
			c.Close()
		}
	}()
	for i := 0; i < n; i++ {
		c, err := net.DialTimeout("tcp", s.addr, time.Second)
		if err != nil {
			break
		}
		conns = append(conns, c)
		fmt.Fprintf(c, "POST /api/feedback HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nContent-Length: 60000\r\n\r\n{", s.addr)
	}
	files := s.openFiles()
	// Does the server still answer others while the stalled bodies wait?
	start := time.Now()
	res, err := (&http.Client{Timeout: 5 * time.Second}).Get("http://" + s.addr + "/healthz")
	answer := "no answer"
	if err == nil {
		res.Body.Close()
		answer = fmt.Sprintf("%s in %d ms", res.Status, time.Since(start).Milliseconds())
	}
	// Wait for the body deadline to cut them, up to the probe's time.
	deadline := time.Now().Add(probeTime - 2*time.Second)
	for time.Now().Before(deadline) && s.openFiles() > 64 {
		time.Sleep(250 * time.Millisecond)
	}
	after := s.openFiles()
	return fmt.Sprintf("%d opened, server held %d files, %d after %.0f s; /healthz meanwhile: %s", len(conns), files, after,
		probeTime.Seconds()-2, answer), err == nil && after <= 256
}

// slowHeaders sends request headers one byte a second on many connections (slowloris), and checks
// that the server cuts them at its header deadline and keeps answering.
func slowHeaders(s *server) (string, bool) {
	const n = 500
	ctx, cancel := context.WithTimeout(context.Background(), probeTime-2*time.Second)
	defer cancel()
	var cut atomic.Int64
	var wg sync.WaitGroup
	for i := 0; i < n; i++ {
		c, err := net.DialTimeout("tcp", s.addr, time.Second)
		if err != nil {
			break
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer c.Close()
			line := "GET / HTTP/1.1\r\nHost: x\r\nX-Slow: " + strings.Repeat("a", 1000)
			for i := 0; ctx.Err() == nil && i < len(line); i++ {
				if _, err := c.Write([]byte{line[i]}); err != nil {
					cut.Add(1)
					return
				}
				select {
				case <-ctx.Done():
				case <-time.After(time.Second):
				}
			}
			// A closed connection shows as EOF (or a 408) on read.
			_ = c.SetReadDeadline(time.Now().Add(100 * time.Millisecond))
			if _, err := bufio.NewReader(c).ReadByte(); err == io.EOF {
				cut.Add(1)
			}
		}()
	}
	time.Sleep(2 * time.Second)
	files := s.openFiles()
	res, err := (&http.Client{Timeout: 5 * time.Second}).Get("http://" + s.addr + "/")
	answered := err == nil
	if answered {
		res.Body.Close()
	}
	wg.Wait()
	return fmt.Sprintf("server held %d files after 2 s; %d of %d connections cut by %.0f s; pages answered meanwhile: %v",
		files, cut.Load(), n, (probeTime - 2*time.Second).Seconds(), answered), answered && cut.Load() >= n*9/10
}

// largestSearchBurst sends 64 concurrent search requests of the largest size the API takes and
// reports the answers and the server's peak memory.
func largestSearchBurst(s *server) (string, bool) {
	// The most queries a request may hold, each of the longest query text and the most hits.
	queries := make([]map[string]any, 50)
	for i := range queries {
		queries[i] = map[string]any{"indexName": "tezosdocs", "params": "hitsPerPage=1000&query=" + strings.Repeat("tezos baking ", 39)}
	}
	body, _ := json.Marshal(map[string]any{"requests": queries})
	var codes sync.Map
	var wg sync.WaitGroup
	start := time.Now()
	for i := 0; i < 64; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			res, err := (&http.Client{Timeout: probeTime}).Post("http://"+s.addr+"/api/search/1/indexes/*/queries", "application/json", bytes.NewReader(body))
			code := "error"
			if err == nil {
				_, _ = io.Copy(io.Discard, res.Body)
				res.Body.Close()
				code = strconv.Itoa(res.StatusCode)
			}
			v, _ := codes.LoadOrStore(code, new(atomic.Int64))
			v.(*atomic.Int64).Add(1)
		}()
	}
	wg.Wait()
	var parts []string
	codes.Range(func(k, v any) bool {
		parts = append(parts, fmt.Sprintf("%d× %s", v.(*atomic.Int64).Load(), k))
		return true
	})
	_, failed := codes.Load("error")
	return fmt.Sprintf("64 requests of %d KB: %s in %d ms", len(body)>>10, strings.Join(parts, ", "), time.Since(start).Milliseconds()), !failed
}
