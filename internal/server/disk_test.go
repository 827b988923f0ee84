package server

import (
	"bytes"
	"compress/gzip"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unsafe"

	"tzdocs/internal/output"
)

// writeRareFiles adds to a built site what the server leaves on disk: spare font formats, a
// large image, and a large text file with both sidecars. It returns the files' bytes by URL path.
func writeRareFiles(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	rng := rand.New(rand.NewPCG(3, 4))
	noise := func(n int) []byte {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(rng.Uint32())
		}
		return b
	}
	var text strings.Builder
	for i := 0; text.Len() < diskMin+5000; i++ {
		text.WriteString("Bakers validate blocks and earn rewards; delegators stake with them.\n")
	}
	files := map[string][]byte{"/fonts/KaTeX_Main-Regular.ttf": noise(3000), "/fonts/KaTeX_Main-Regular.woff": noise(2500),
		"/img/social-card.png": noise(diskMin + 100), "/llms-full.txt": []byte(text.String())}
	for u, data := range files {
		p := filepath.Join(dir, filepath.FromSlash(strings.TrimPrefix(u, "/")))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write(files["/llms-full.txt"])
	zw.Close()
	p := filepath.Join(dir, "llms-full.txt")
	if err := os.WriteFile(p+".gz", gz.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p+".br", []byte("stands for the brotli form"), 0o644); err != nil {
		t.Fatal(err)
	}
	return files
}

// Spare font formats, large images and large files that no page loads are left on disk and read
// on each request; their answers (GET, HEAD, 304, each encoding) carry the bytes and headers the
// same file held in memory gets, and pages stay in memory.
func TestRareFilesAreServedFromDiskAsFromMemory(t *testing.T) {
	s, dir := newTestServer(t)
	files := writeRareFiles(t, dir)
	if err := s.Reload(); err != nil {
		t.Fatal(err)
	}
	site := s.site.Load()
	for u, f := range site.files {
		if _, rare := files[u]; rare != (f.disk != nil) {
			t.Errorf("%s: left on disk %v", u, f.disk != nil)
		}
		if f.disk != nil && (f.data != nil || f.br != nil || f.gz != nil || f.packed != nil) {
			t.Errorf("%s: on disk but still holds bytes", u)
		}
	}
	for u := range files {
		loaded, err := output.LoadFile(dir, strings.TrimPrefix(u, "/"))
		if err != nil {
			t.Fatal(err)
		}
		mem := newFile(u, loaded) // the same file held in memory, as before
		mem.headers = fileHeaders(mem, http.StatusOK, site.csp, false, "", make(wireLines))
		for _, ae := range []string{"", "gzip", "br", "br, gzip", "identity"} {
			for _, method := range []string{http.MethodGet, http.MethodHead} {
				for _, inm := range []string{"", site.files[u].etags[mem.encoding(ae)]} {
					want, got := httptest.NewRecorder(), httptest.NewRecorder()
					req := httptest.NewRequest(method, u, nil)
					req.Header.Set("Accept-Encoding", ae)
					req.Header.Set("If-None-Match", inm)
					serveFile(want, req, mem, &mem.headers, http.StatusOK, slog.New(slog.DiscardHandler))
					s.ServeHTTP(got, req)
					what := u + " " + method + " Accept-Encoding " + ae + " If-None-Match " + inm
					if got.Code != want.Code || !bytes.Equal(got.Body.Bytes(), want.Body.Bytes()) {
						t.Errorf("%s: %d, %d bytes; from memory %d, %d bytes", what, got.Code, got.Body.Len(), want.Code, want.Body.Len())
					}
					if g, w := got.Header(), want.Header(); !equalHeaders(g, w) {
						t.Errorf("%s: headers\n%v\nfrom memory\n%v", what, g, w)
					}
				}
			}
		}
	}
}

func equalHeaders(a, b http.Header) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if strings.Join(v, "\n") != strings.Join(b[k], "\n") {
			return false
		}
	}
	return true
}

// A file left on disk that is removed or changed after the site was loaded is answered with a
// 500 and logged, never with other bytes under the headers made for the loaded ones; the
// forms still as loaded are answered as before.
func TestRareFilesChangedOnDiskAnswer500(t *testing.T) {
	var logged bytes.Buffer
	dir := writeBuiltSite(t)
	files := writeRareFiles(t, dir)
	s, err := New(Options{Dir: dir, Logger: slog.New(slog.NewJSONHandler(&logged, nil))})
	if err != nil {
		t.Fatal(err)
	}
	llms := filepath.Join(dir, "llms-full.txt")
	if err := os.Remove(llms + ".br"); err != nil {
		t.Fatal(err)
	}
	changed := bytes.Clone(files["/img/social-card.png"])
	changed[100] ^= 1 // same length, other bytes
	if err := os.WriteFile(filepath.Join(dir, "img", "social-card.png"), changed, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "fonts", "KaTeX_Main-Regular.ttf"), append(files["/fonts/KaTeX_Main-Regular.ttf"], 0), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ path, ae string }{{"/llms-full.txt", "br"}, {"/img/social-card.png", ""}, {"/fonts/KaTeX_Main-Regular.ttf", ""}} {
		res := get(t, s, c.path, "Accept-Encoding", c.ae)
		if b := body(t, res); res.StatusCode != http.StatusInternalServerError || strings.Contains(b, dir) {
			t.Errorf("%s (Accept-Encoding %q): %d %q, want a 500 naming no server path", c.path, c.ae, res.StatusCode, b)
		}
	}
	if n := strings.Count(logged.String(), "cannot be served"); n != 3 {
		t.Errorf("%d errors logged, want 3:\n%s", n, logged.String())
	}
	res := get(t, s, "/llms-full.txt", "Accept-Encoding", "gzip")
	if got := body(t, res); res.StatusCode != http.StatusOK || res.Header.Get("Content-Encoding") != "gzip" {
		t.Errorf("gzip form still as loaded: %d, %s, %d bytes", res.StatusCode, res.Header.Get("Content-Encoding"), len(got))
	}
}

// The small forms files hold are moved into shared arrays at load, each with no room past its
// end (an append never writes over its neighbour), and their bytes are those on disk.
func TestFilesBytesArePackedTogether(t *testing.T) {
	s, dir := newTestServer(t)
	site := s.site.Load()
	forms := 0
	for u, f := range site.files {
		loaded, err := output.LoadFile(dir, strings.TrimPrefix(u, "/"))
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range []struct{ held, disk []byte }{{f.br, loaded.Brotli}, {f.gz, loaded.Gzip}, {f.data, loaded.Data}} {
			if c.held == nil {
				continue
			}
			if !bytes.Equal(c.held, c.disk) || cap(c.held) != len(c.held) {
				t.Errorf("%s: a form of %d bytes (room for %d) differs from the %d on disk or has room past its end", u, len(c.held), cap(c.held), len(c.disk))
			}
			forms++
		}
	}
	// Two forms share an array when one starts where the other ends.
	starts := map[*byte]bool{}
	for _, f := range site.files {
		for _, b := range [][]byte{f.br, f.gz, f.data} {
			if len(b) > 0 {
				starts[&b[0]] = true
			}
		}
	}
	adjacent := 0
	for _, f := range site.files {
		for _, b := range [][]byte{f.br, f.gz, f.data} {
			if len(b) > 0 && starts[(*byte)(unsafe.Add(unsafe.Pointer(&b[0]), len(b)))] {
				adjacent++
			}
		}
	}
	if adjacent < forms/2 {
		t.Errorf("%d of %d forms end where another starts: not packed", adjacent, forms)
	}
}
