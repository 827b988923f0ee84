package main

import (
	"bufio"
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"
)

// The figures on the real docs come from running the benchmark after make build; these check the
// load generator on a loopback server for a fraction of a second.

func gzipHandler(body []byte) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Accept-Encoding") == "gzip" {
			w.Header().Set("Content-Encoding", "gzip")
		}
		w.Header().Set("Content-Length", strconv.Itoa(len(body)))
		_, _ = w.Write(body)
	})
}

func TestLoadCountsGzipAnswers(t *testing.T) {
	srv := httptest.NewServer(gzipHandler([]byte("0123456789")))
	defer srv.Close()
	addr := strings.TrimPrefix(srv.URL, "http://")
	r := (load{addr: addr, path: "/overview/", conns: 2, duration: 200 * time.Millisecond}).run(context.Background())
	if r.requests == 0 || r.failures != 0 {
		t.Fatalf("requests %d, failures %d (first: %v), want some and none", r.requests, r.failures, r.firstErr)
	}
	if r.bytes != 10*r.requests {
		t.Errorf("read %d body bytes for %d requests of 10 bytes", r.bytes, r.requests)
	}
	if r.perSecond() <= 0 {
		t.Errorf("perSecond = %v", r.perSecond())
	}
}

func TestLoadCountsOtherAnswersAsFailures(t *testing.T) {
	srv := httptest.NewServer(http.NotFoundHandler())
	defer srv.Close()
	addr := strings.TrimPrefix(srv.URL, "http://")
	r := (load{addr: addr, path: "/", conns: 1, duration: 100 * time.Millisecond}).run(context.Background())
	if r.requests != 0 || r.failures == 0 || !errors.Is(r.firstErr, errNotGzip) {
		t.Errorf("requests %d, failures %d, first error %v; want 404s counted as failures", r.requests, r.failures, r.firstErr)
	}
}

func TestReadResponseNeedsContentLength(t *testing.T) {
	br := bufio.NewReader(strings.NewReader("HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n"))
	if _, err := readResponse(br); err == nil || !strings.Contains(err.Error(), "Content-Length") {
		t.Errorf("err = %v, want one about Content-Length bodies", err)
	}
}

func TestFetchGzipReturnsTheBody(t *testing.T) {
	srv := httptest.NewServer(gzipHandler([]byte("gzip bytes")))
	defer srv.Close()
	body, headers, err := fetchGzip(strings.TrimPrefix(srv.URL, "http://"), "/")
	if err != nil || string(body) != "gzip bytes" {
		t.Errorf("fetchGzip = %q, %v", body, err)
	}
	if got := strings.Join(headers, "|"); got != "Content-Encoding: gzip|Content-Length: 10" {
		t.Errorf("headers %q", got)
	}
}

func TestMedian(t *testing.T) {
	if m := median([]float64{3, 1, 2}); m != 2 {
		t.Errorf("median of 3, 1, 2 = %v", m)
	}
	if m := median([]float64{4, 1, 2, 3}); m != 2.5 {
		t.Errorf("median of 4, 1, 2, 3 = %v", m)
	}
}

func TestRefusesUnboundedLoad(t *testing.T) {
	if err := run([]string{"-duration", "10m"}, &strings.Builder{}); err == nil || !strings.Contains(err.Error(), "keep 0 < duration") {
		t.Errorf("err = %v", err)
	}
}
