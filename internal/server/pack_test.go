package server

import (
	"bytes"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// A large text file the build wrote no sidecars for is held gzip-compressed
// in memory and still answered as it is, to every client, with no Content-Encoding; a small one
// and one that does not compress keep their bytes.
func TestLargeFilesWithoutSidecarsAreHeldPacked(t *testing.T) {
	s, dir := newTestServer(t)
	var records strings.Builder
	records.WriteString("[")
	for i := 0; records.Len() < packMin+1000; i++ {
		records.WriteString(`{"objectID":"` + strconv.Itoa(i) + `","content":"Bakers validate blocks and earn rewards."},`)
	}
	records.WriteString(`{}]`)
	noise := make([]byte, packMin+1000) // does not compress: kept as it is
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range noise {
		noise[i] = byte(rng.Uint32())
	}
	for name, data := range map[string][]byte{"downloads/big.json": []byte(records.String()), "downloads/small.json": []byte(`{"x":1}`),
		"downloads/noise.json": noise} {
		if err := os.MkdirAll(filepath.Join(dir, "downloads"), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, filepath.FromSlash(name)), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Reload(); err != nil {
		t.Fatal(err)
	}
	files := s.site.Load().files
	if f := files["/downloads/big.json"]; f.data != nil || len(f.packed) == 0 || len(f.packed) > len(records.String())/2 {
		t.Fatalf("big.json: text held %v, packed %d bytes of %d", f.data != nil, len(f.packed), records.Len())
	}
	if f := files["/downloads/small.json"]; f.data == nil || f.packed != nil {
		t.Errorf("small.json was packed")
	}
	if f := files["/downloads/noise.json"]; !bytes.Equal(f.data, noise) || f.packed != nil {
		t.Errorf("noise.json, which does not compress, was packed")
	}
	for i, enc := range []string{"", "gzip", "br, gzip", "identity", ""} { // the last reuses a pooled reader
		res := get(t, s, "/downloads/big.json", "Accept-Encoding", enc)
		if got := body(t, res); got != records.String() || res.Header.Get("Content-Encoding") != "" ||
			res.Header.Get("Content-Length") != strconv.Itoa(records.Len()) || res.Header.Get("Vary") != "" {
			t.Errorf("answer %d (Accept-Encoding %q): %d bytes, Content-Encoding %q, Content-Length %s, Vary %q", i, enc, len(got),
				res.Header.Get("Content-Encoding"), res.Header.Get("Content-Length"), res.Header.Get("Vary"))
		}
	}
	if got := string(files["/downloads/big.json"].identity()); got != records.String() {
		t.Errorf("identity() gave %d bytes, want the file's %d", len(got), records.Len())
	}
}
