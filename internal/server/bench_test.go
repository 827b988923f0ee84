package server

import (
	"net/http"
	"net/http/httptest"
	"testing"
)

// discardWriter is a ResponseWriter that keeps nothing, so a benchmark measures the server's own
// work on a request (routing, headers, metrics), not a recorder's copies.
type discardWriter struct{ h http.Header }

func (d *discardWriter) Header() http.Header         { return d.h }
func (d *discardWriter) Write(b []byte) (int, error) { return len(b), nil }
func (d *discardWriter) WriteHeader(int)             {}

// BenchmarkStaticFile serves one content-hashed asset, the request a CDN or browser sends most:
// compare its ns/op before and after a change to the static path (metrics, deadlines).
func BenchmarkStaticFile(b *testing.B) {
	s, err := New(Options{Dir: writeBuiltSite(b)})
	if err != nil {
		b.Fatal(err)
	}
	req := httptest.NewRequest(http.MethodGet, "/assets/entry-client-AbCdEf12.js", nil)
	req.Header.Set("Accept-Encoding", "gzip, br")
	if rec := httptest.NewRecorder(); true {
		s.ServeHTTP(rec, req)
		if rec.Code != http.StatusOK {
			b.Fatalf("GET %s: status %d, want 200", req.URL.Path, rec.Code)
		}
	}
	w := &discardWriter{h: http.Header{}}
	b.ReportAllocs()
	for b.Loop() {
		clear(w.h)
		s.ServeHTTP(w, req)
	}
}
