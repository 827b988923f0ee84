package server

import (
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"io"
	"net/http"
	"sync"

	"tzdocs/internal/output"
)

// keepCompressedOnly lets f hold its text in its gzip sidecar alone when the sidecar's trailer
// (CRC-32 and length) matches the text: the few clients that accept no compression get it
// decompressed as it is sent, and the server holds one copy fewer of the site (for the real docs,
// 18 MB of its 23 MB of text).
func (f *file) keepCompressedOnly() {
	n := len(f.gz)
	if f.data == nil || n < 18 { // 10-byte header, 8-byte trailer
		return
	}
	if binary.LittleEndian.Uint32(f.gz[n-4:]) != uint32(len(f.data)) ||
		binary.LittleEndian.Uint32(f.gz[n-8:n-4]) != crc32.ChecksumIEEE(f.data) {
		return // not this text's gzip form: keep the text
	}
	f.size = len(f.data)
	f.data = nil
}

// packMin is the smallest file without a gzip sidecar that loadSite holds gzip-compressed (see
// pack): a large text file put in the site's folder by other means than the build, which writes
// sidecars for every text file it serves.
const packMin = 256 << 10

// pack holds the text of f, served at urlPath, gzip-compressed when the build wrote no gzip form
// for it, it is of a kind the build compresses (output.Compressible), at least packMin bytes, and
// compressing halves it at least. The packed form is only read back: clients are sent the text,
// as before (f.gz stays nil, so no encoding is offered).
func (f *file) pack(urlPath string) {
	if f.data == nil || f.gz != nil || len(f.data) < packMin || !output.Compressible(urlPath) {
		return
	}
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.BestSpeed)
	if _, err := zw.Write(f.data); err != nil || zw.Close() != nil || buf.Len() > len(f.data)/2 {
		return
	}
	f.packed = bytes.Clone(buf.Bytes())
	f.size = len(f.data)
	f.data = nil
}

// compressedText is the gzip form f holds its text in when f.data is nil: the build's sidecar,
// or the form pack made.
func (f *file) compressedText() []byte {
	if f.gz != nil {
		return f.gz
	}
	return f.packed
}

// gzipReaders are kept between identity answers: a reader holds about 40 KB of tables.
var gzipReaders sync.Pool

// writeIdentity writes the text of f, which holds it compressed only (f.data is nil),
// decompressing it as it is sent.
func writeIdentity(w http.ResponseWriter, f *file) error {
	zr, _ := gzipReaders.Get().(*gzip.Reader)
	var err error
	if zr == nil {
		zr, err = gzip.NewReader(bytes.NewReader(f.compressedText()))
	} else {
		err = zr.Reset(bytes.NewReader(f.compressedText()))
	}
	if err != nil {
		return fmt.Errorf("decompressing a served file: %w", err)
	}
	defer gzipReaders.Put(zr)
	_, err = io.Copy(w, zr)
	return err
}

// identity is f's text, decompressed when f holds only its gzip form, read when f is on disk
// (nil when it cannot be read as loaded).
func (f *file) identity() []byte {
	if f.data != nil {
		return f.data
	}
	if f.disk != nil {
		b, _ := f.disk.read(encIdentity)
		return b
	}
	zr, err := gzip.NewReader(bytes.NewReader(f.compressedText()))
	if err != nil {
		return nil // cannot be: keepCompressedOnly checked the trailer of this gzip form, pack made it
	}
	out := make([]byte, 0, f.size)
	buf := bytes.NewBuffer(out)
	if _, err := io.Copy(buf, zr); err != nil {
		return nil
	}
	return buf.Bytes()
}
