package server

import (
	"fmt"
	"hash/crc32"
	"io"
	"log/slog"
	"net/http"
	"os"
	"path"
)

// diskMin is the size from which a file that is neither a page nor what pages load is left on
// disk by loadSite (see keepOnDisk): the site's large images, llms-full.txt.
const diskMin = 64 << 10

// pageAssets are the kinds of file pages are made of or load as they are shown (woff2 is the one
// font format browsers fetch): they stay in memory whatever their size.
var pageAssets = map[string]bool{".html": true, ".js": true, ".mjs": true, ".css": true, ".json": true,
	".md": true, ".woff2": true, ".svg": true, ".ico": true, ".webmanifest": true}

// spareFonts are the font formats the build ships beside woff2 for older browsers, which current
// ones never fetch.
var spareFonts = map[string]bool{".woff": true, ".ttf": true, ".otf": true, ".eot": true}

// diskForms is where a file served from disk is read from on each request: the file and its
// sidecars as loaded, each with the length and CRC-32 it had then, so that an answer never
// carries bytes other than those its headers (Content-Length, ETag) were made for.
type diskForms struct {
	path  string            // the file; its sidecars are path+".br" and path+".gz"
	sizes [encodings]int    // each form's length, -1 when absent
	sums  [encodings]uint32 // each form's CRC-32
}

// keepOnDisk reports whether the file f at urlPath is left on disk and read on each request
// rather than held in memory: a font in a format other than woff2, or a file of diskMin bytes or
// more (its text and sidecars together) that is not of a kind pages are made of or load.
func keepOnDisk(urlPath string, f *file) bool {
	ext := path.Ext(urlPath)
	if spareFonts[ext] {
		return true
	}
	return !pageAssets[ext] && f.size+len(f.br)+len(f.gz) >= diskMin
}

// leaveOnDisk lets f, read from p, drop its bytes and read them from p on each request. f holds
// its forms as loaded (before keepCompressedOnly or pack).
func (f *file) leaveOnDisk(p string) {
	d := &diskForms{path: p}
	for enc, b := range [encodings][]byte{encIdentity: f.data, encBrotli: f.br, encGzip: f.gz} {
		d.sizes[enc], d.sums[enc] = -1, 0
		if b != nil {
			d.sizes[enc], d.sums[enc] = len(b), crc32.ChecksumIEEE(b)
		}
	}
	f.size = len(f.data)
	f.data, f.br, f.gz, f.packed = nil, nil, nil, nil
	f.disk = d
}

// formPath is where the form enc of the file is on disk.
func (d *diskForms) formPath(enc int) string {
	return d.path + [encodings]string{encIdentity: "", encBrotli: ".br", encGzip: ".gz"}[enc]
}

// read reads the form enc of the file from disk, checking it is what was loaded.
func (d *diskForms) read(enc int) ([]byte, error) {
	name := d.formPath(enc)
	fh, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer fh.Close()
	want := d.sizes[enc]
	body := make([]byte, want+1) // one more, to see a file that grew
	n, err := io.ReadFull(fh, body)
	if err != nil && err != io.ErrUnexpectedEOF {
		return nil, fmt.Errorf("reading %s: %w", name, err)
	}
	if n != want || crc32.ChecksumIEEE(body[:n]) != d.sums[enc] {
		return nil, fmt.Errorf("%s changed after the site was loaded", name)
	}
	return body[:n], nil
}

// serveFromDisk answers with the form enc of f, which is on disk, under the header set hs. When
// the form cannot be read as it was loaded (removed, changed), the answer is a 500 saying so: the
// headers made at load no longer describe what is there, and the path does name a file of the
// site, so neither a 404 nor other bytes would be true; log is told which file and why. Restarting
// the server serves what is there now.
func serveFromDisk(w http.ResponseWriter, r *http.Request, f *file, hs headerSet, enc, status int, log *slog.Logger) {
	body, err := f.disk.read(enc)
	if err != nil {
		log.Error("a file of the site left on disk cannot be served; restart the server",
			"path", r.URL.Path, "error", err)
		http.Error(w, "This file cannot be read as it was when the server loaded the site.", http.StatusInternalServerError)
		return
	}
	hs.apply(w.Header())
	w.WriteHeader(status)
	if r.Method != http.MethodHead {
		writeBody(w, r, body)
	}
}
