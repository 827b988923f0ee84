package server

import (
	"crypto/sha256"
	"flag"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"tzdocs/internal/output"
)

var updateGolden = flag.Bool("update", false, "rewrite testdata/static-headers.golden from the current server")

// TestStaticResponsesKeepTheirHeaders answers many spellings of static requests (pages, assets,
// Markdown, redirects, 304s, 404s, HEAD, every Accept-Encoding form) and compares status, every
// header and the body's digest with testdata/static-headers.golden, recorded before the static
// path was made faster: serving faster must not change a byte of what clients see.
func TestStaticResponsesKeepTheirHeaders(t *testing.T) {
	s, dir := newTestServer(t)
	// Sidecars of other kinds than the bakers page's (both): gzip only, brotli only, on the 404 page.
	for name, data := range map[string]string{output.PageFile("/overview/") + ".gz": "overview-gzip",
		output.AssetsDir + "/entry-client-AbCdEf12.js.br": "asset-brotli", output.NotFoundFile + ".gz": "404-gzip",
		output.NotFoundFile + ".br": "404-brotli"} {
		if err := os.WriteFile(filepath.Join(dir, filepath.FromSlash(name)), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Reload(); err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	methods, paths, headers := staticVariants(t, s)
	for _, method := range methods {
		for _, p := range paths {
			for _, h := range headers {
				req := httptest.NewRequest(method, p, nil)
				for i := 0; i+1 < len(h); i += 2 {
					req.Header.Set(h[i], h[i+1])
				}
				rec := httptest.NewRecorder()
				s.ServeHTTP(rec, req)
				fmt.Fprintf(&out, "%s %s %q → %d\n", method, p, h, rec.Code)
				keys := make([]string, 0, len(rec.Header()))
				for k := range rec.Header() {
					keys = append(keys, k)
				}
				slices.Sort(keys)
				for _, k := range keys {
					fmt.Fprintf(&out, "  %s: %q\n", k, rec.Header()[k])
				}
				fmt.Fprintf(&out, "  body %d bytes %x\n", rec.Body.Len(), sha256.Sum256(rec.Body.Bytes()))
			}
		}
	}
	golden := filepath.Join("testdata", "static-headers.golden")
	if *updateGolden {
		if err := os.WriteFile(golden, []byte(out.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run go test -run TestStaticResponsesKeepTheirHeaders -update ./internal/server/ to record it)", err)
	}
	if got := out.String(); got != string(want) {
		gl, wl := strings.Split(got, "\n"), strings.Split(string(want), "\n")
		for i := range min(len(gl), len(wl)) {
			if gl[i] != wl[i] {
				t.Fatalf("line %d differs from %s:\n got  %s\n want %s", i+1, golden, gl[i], wl[i])
			}
		}
		t.Fatalf("%d lines, %s has %d", len(gl), golden, len(wl))
	}
}

// staticVariants are the requests TestStaticResponsesKeepTheirHeaders makes of s: every method
// for every path with every set of request headers (name, value, name, value…).
func staticVariants(t *testing.T, s http.Handler) (methods, paths []string, headers [][]string) {
	t.Helper()
	pageETag := get(t, s, "/architecture/bakers").Header.Get("ETag")
	paths = []string{"/", "/index.html", "/overview/", "/overview", "/overview/index.html", "/architecture",
		"/architecture/", "/architecture/bakers", "/architecture/bakers.html", "/architecture/bakers.md",
		"/assets/entry-client-AbCdEf12.js", "/img/logo.svg", "/nope", "/nope/", "/assets/",
		output.DiagramFrameURL, "/overview?x=1", "/a//b", "/./overview", "/healthz", "/api/nope"}
	headers = [][]string{nil, {"Accept-Encoding", "gzip"}, {"Accept-Encoding", "gzip, deflate, br"},
		{"Accept-Encoding", "br;q=0, gzip"}, {"Accept-Encoding", "*"}, {"Accept-Encoding", "gzip;q=0"},
		{"Accept", "text/markdown"}, {"Accept", "text/html, text/markdown;q=0.5", "Accept-Encoding", "br"},
		{"If-None-Match", pageETag}, {"If-None-Match", "*"}, {"If-None-Match", `W/` + pageETag + `, "x"`}}
	return []string{http.MethodGet, http.MethodHead, http.MethodPost}, paths, headers
}
