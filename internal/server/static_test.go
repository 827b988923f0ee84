package server

import (
	"bytes"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"tzdocs/internal/output"
)

// Precomputed header sets are assigned to the header map by key, skipping the canonicalisation
// Header.Set does: a key in another form would be a second header that Get does not find.
func TestPrecomputedHeaderKeysAreCanonical(t *testing.T) {
	s, _ := newTestServer(t)
	site := s.site.Load()
	sets := []responseHeaders{site.notFoundHeaders}
	for _, f := range site.files {
		sets = append(sets, f.headers)
	}
	for _, pg := range site.pages {
		sets = append(sets, pg.htmlHeaders, pg.markdownHeaders)
	}
	n := 0
	for _, rh := range sets {
		for _, set := range append(rh.notModified[:], rh.full[:]...) {
			for _, h := range set.headers() {
				n++
				if h.key != http.CanonicalHeaderKey(h.key) {
					t.Errorf("header key %q, want %q", h.key, http.CanonicalHeaderKey(h.key))
				}
				if len(h.val) != cap(h.val) {
					t.Errorf("%s: shared value with room to append (len %d, cap %d)", h.key, len(h.val), cap(h.val))
				}
			}
		}
	}
	if n == 0 {
		t.Fatal("no precomputed headers")
	}
}

func TestAcceptsEncodings(t *testing.T) {
	for _, c := range []struct {
		header, coding string
		want           bool
	}{
		{"gzip, deflate, br", "br", true}, {"gzip, deflate, br", "gzip", true}, {"deflate", "gzip", false},
		{"", "gzip", false}, {"*", "br", true}, {"br;q=0, gzip", "br", false}, {"br; q=0.0", "br", false},
		{"br;q=0.5", "br", true}, {"GZIP", "gzip", true}, {"*;q=0, gzip", "gzip", false}, {" br ,gzip", "br", true},
	} {
		if got := accepts(c.header, c.coding); got != c.want {
			t.Errorf("accepts(%q, %q) = %v, want %v", c.header, c.coding, got, c.want)
		}
	}
}

func TestSitePathLeavesTheMuxItsPaths(t *testing.T) {
	reserved := []string{"api", "healthz", "mcp"}
	for p, want := range map[string]bool{
		"/": true, "/overview/": true, "/assets/app.js": true, "/healthz/x": false, "/healthzx": true,
		"/api": false, "/api/search/": false, "/mcp": false, "/a//b": false, "//a": false, "/./a": false,
		"/a/..": false, "/a/.": false, "/a/..b": true, "/.well-known/x": true, "": false,
	} {
		if got := sitePath(p, reserved); got != want {
			t.Errorf("sitePath(%q) = %v, want %v", p, got, want)
		}
	}
}

func TestAccessLogGoesToItsOwnLogger(t *testing.T) {
	var own, access bytes.Buffer
	s, err := New(Options{Dir: writeBuiltSite(t), Logger: slog.New(slog.NewJSONHandler(&own, nil)),
		AccessLog: &access})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"/overview/", "/healthz", "/nope"} {
		get(t, s, p)
	}
	for _, want := range []string{`"path":"/overview/","status":200`, `"path":"/healthz","status":200`, `"path":"/nope","status":404`} {
		if !strings.Contains(access.String(), want) {
			t.Errorf("access log lacks %s:\n%s", want, access.String())
		}
	}
	if strings.Contains(own.String(), `"msg":"request"`) {
		t.Errorf("the server's own logger got access lines:\n%s", own.String())
	}
}

// AccessLog takes the access log's lines, one write each, in slog's JSON form, none through Logger.
func TestAccessLogTakesTheLinesOneWriteEach(t *testing.T) {
	var direct, viaSlog lineWrites
	s, err := New(Options{Dir: writeBuiltSite(t), AccessLog: &direct, Logger: slog.New(slog.NewJSONHandler(&viaSlog, nil))})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"/overview/", "/nope"} {
		get(t, s, p)
	}
	if len(viaSlog) != 0 || len(direct) != 2 {
		t.Fatalf("lines: %d direct, %d through slog; want 2 and 0", len(direct), len(viaSlog))
	}
	for i, want := range []string{`"msg":"request","method":"GET","path":"/overview/","status":200,"bytes":`, `"path":"/nope","status":404`} {
		if !strings.Contains(direct[i], want) || !strings.HasSuffix(direct[i], "}\n") || !strings.HasPrefix(direct[i], `{"time":"`) {
			t.Errorf("line %d = %s, want one JSON line with %s", i, direct[i], want)
		}
	}
}

// lineWrites keeps each Write as one string.
type lineWrites []string

func (w *lineWrites) Write(p []byte) (int, error) {
	*w = append(*w, string(p))
	return len(p), nil
}

// A file whose gzip sidecar holds its text is kept compressed only, and decompressed for the
// clients that accept no compression; a sidecar that does not match keeps the text.
func TestFilesKeptCompressedOnlyAnswerTheirText(t *testing.T) {
	s, dir := newTestServer(t) // the bakers page has a matching gzip sidecar
	overview := filepath.Join(dir, filepath.FromSlash(output.PageFile("/overview/")))
	if err := os.WriteFile(overview+".gz", []byte("not the page's gzip form at all"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := s.Reload(); err != nil {
		t.Fatal(err)
	}
	site := s.site.Load()
	bakers, ov := site.pages["/architecture/bakers"].html, site.pages["/overview/"].html
	if bakers.data != nil || ov.data == nil {
		t.Fatalf("bakers kept its text: %v; overview dropped its text: %v", bakers.data != nil, ov.data == nil)
	}
	for i := range 2 { // the second answer reuses the pooled reader
		res := get(t, s, "/architecture/bakers", "Accept-Encoding", "identity")
		if got := body(t, res); got != "<!doctype html><title>Bakers</title>\n" || res.Header.Get("Content-Length") != "37" {
			t.Errorf("answer %d: %q, Content-Length %s", i, got, res.Header.Get("Content-Length"))
		}
	}
	if got := string(bakers.identity()); got != "<!doctype html><title>Bakers</title>\n" {
		t.Errorf("identity() = %q", got)
	}
	if got := body(t, get(t, s, "/overview/")); !strings.Contains(got, "Overview") {
		t.Errorf("overview answered %q", got)
	}
}

// The search files feed the server's index and Ask AI; the reader's app and the documented
// clients search through the API, so they are not served (4 MB that no one needs to fetch).
func TestSearchFilesAreNotServed(t *testing.T) {
	s, dir := newTestServer(t)
	if err := os.MkdirAll(filepath.Join(dir, "_search"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "_search", "code.json"), []byte(`[]`), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := s.Reload(); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"/" + output.RecordsFile, "/" + output.CodeFile} {
		if res := get(t, s, p); res.StatusCode != http.StatusNotFound {
			t.Errorf("GET %s: %d, want 404", p, res.StatusCode)
		}
	}
	if ix := s.site.Load().index; ix == nil || ix.Len() == 0 {
		t.Error("the search index was not loaded from the records")
	}
}

// Each encoding of a file has an ETag of its own (the bodies differ), and a conditional request
// matches the one of the encoding it would be answered in.
func TestETagsDifferPerEncoding(t *testing.T) {
	s, _ := newTestServer(t)
	const p = "/architecture/bakers"
	tags := map[string]string{}
	for _, enc := range []string{"", "gzip", "br"} {
		res := get(t, s, p, "Accept-Encoding", enc)
		if res.Header.Get("Content-Encoding") != enc {
			t.Fatalf("Accept-Encoding %q answered with %q; the test needs each encoding", enc, res.Header.Get("Content-Encoding"))
		}
		tag := res.Header.Get("ETag")
		for other, seen := range tags {
			if seen == tag {
				t.Errorf("encodings %q and %q share the ETag %s", other, enc, tag)
			}
		}
		tags[enc] = tag
	}
	if res := get(t, s, p, "Accept-Encoding", "br", "If-None-Match", tags["br"]); res.StatusCode != http.StatusNotModified || res.Header.Get("ETag") != tags["br"] {
		t.Errorf("brotli revalidated with its ETag: %d %s, want 304 with it", res.StatusCode, res.Header.Get("ETag"))
	}
	if res := get(t, s, p, "If-None-Match", tags["br"]); res.StatusCode != http.StatusOK {
		t.Errorf("the brotli ETag matched the identity body: %d", res.StatusCode)
	}
}

// Pages deny the browser features the site never uses.
func TestPermissionsPolicy(t *testing.T) {
	s, _ := newTestServer(t)
	for _, p := range []string{"/architecture/bakers", "/nope", "/healthz", "/api/nope"} {
		if got := get(t, s, p).Header.Get("Permissions-Policy"); !strings.Contains(got, "camera=()") || !strings.Contains(got, "geolocation=()") {
			t.Errorf("GET %s: Permissions-Policy %q", p, got)
		}
	}
}
