package main

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

func testConfig(rate int, d time.Duration) config {
	return config{rate: rate, duration: d, timeout: time.Second, maxInFlight: 64}
}

func TestLoadCountsAnswersAndErrors(t *testing.T) {
	var n atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost || r.URL.Path != "/api/search/1/indexes/*/queries" {
			http.Error(w, "wrong endpoint", http.StatusNotFound)
			return
		}
		if n.Add(1)%4 == 0 {
			http.Error(w, "boom", http.StatusInternalServerError)
			return
		}
		w.Write([]byte(`{"results":[{"hits":[]}]}`))
	}))
	defer srv.Close()
	res := load(srv.Client(), srv.URL+"/api/search/1/indexes/*/queries", [][]byte{[]byte(`{}`)}, testConfig(200, 400*time.Millisecond))
	if res.sent != 80 {
		t.Fatalf("sent %d requests, want 200/s × 0.4 s = 80", res.sent)
	}
	if res.errs["status 500"] != 20 || len(res.latencies) != 60 {
		t.Errorf("errors %v and %d answers, want 20 status 500 and 60 answers", res.errs, len(res.latencies))
	}
}

// Open loop: when the server stalls, the requests due meanwhile are still sent on time and
// each is charged for its wait. A closed-loop client would see one slow request only.
func TestLoadChargesTheStall(t *testing.T) {
	var mu sync.Mutex
	var first atomic.Bool
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock() // one request at a time
		defer mu.Unlock()
		if first.CompareAndSwap(false, true) {
			time.Sleep(150 * time.Millisecond)
		}
		w.Write([]byte(`{"results":[]}`))
	}))
	defer srv.Close()
	res := load(srv.Client(), srv.URL, [][]byte{[]byte(`{}`)}, testConfig(100, 500*time.Millisecond))
	slow := 0
	for _, l := range res.latencies {
		if l > 50*time.Millisecond {
			slow++
		}
	}
	if res.errors() != 0 || slow < 8 {
		t.Errorf("%d requests over 50 ms (want ≥ 8: those due during the 150 ms stall), errors %v", slow, res.errs)
	}
}

func TestRequestBodies(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.tsv")
	os.WriteFile(good, []byte("# comment\twith tab\n\nwhat is \"tezos\"\t/overview/\n"), 0o644)
	b, err := requestBodies(good)
	if err != nil || len(b) != 1 || !strings.Contains(string(b[0]), `"query":"what is \"tezos\""`) {
		t.Fatalf("requestBodies = %q, %v", b, err)
	}
	bad := filepath.Join(dir, "bad.tsv")
	os.WriteFile(bad, []byte("no tab here\n"), 0o644)
	if _, err := requestBodies(bad); err == nil || !strings.Contains(err.Error(), "bad.tsv:1") {
		t.Errorf("bad line: error %v, want one naming bad.tsv:1", err)
	}
}

func TestCheckLoopback(t *testing.T) {
	for _, u := range []string{"http://127.0.0.1:8080", "http://localhost:1", "http://[::1]:9"} {
		if err := checkLoopback(u); err != nil {
			t.Errorf("%s: %v", u, err)
		}
	}
	for _, u := range []string{"http://10.0.0.1:80", "https://127.0.0.1:1", "http://example.com:80"} {
		if checkLoopback(u) == nil {
			t.Errorf("%s accepted, want loopback only", u)
		}
	}
}
