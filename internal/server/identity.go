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

// gzipReaders are kept between identity answers: a reader holds about 40 KB of tables.
var gzipReaders sync.Pool

// writeIdentity writes f as it is, decompressing its gzip form when that is all f holds.
func writeIdentity(w http.ResponseWriter, f *file) error {
	if f.data != nil {
		_, err := w.Write(f.data)
		return err
	}
	zr, _ := gzipReaders.Get().(*gzip.Reader)
	var err error
	if zr == nil {
		zr, err = gzip.NewReader(bytes.NewReader(f.gz))
	} else {
		err = zr.Reset(bytes.NewReader(f.gz))
	}
	if err != nil {
		return fmt.Errorf("decompressing a served file: %w", err)
	}
	defer gzipReaders.Put(zr)
	_, err = io.Copy(w, zr)
	return err
}

// identity is f's text, decompressed when f holds only its gzip form.
func (f *file) identity() []byte {
	if f.data != nil {
		return f.data
	}
	zr, err := gzip.NewReader(bytes.NewReader(f.gz))
	if err != nil {
		return nil // cannot be: keepCompressedOnly checked the trailer of this gzip form
	}
	out := make([]byte, 0, f.size)
	buf := bytes.NewBuffer(out)
	if _, err := io.Copy(buf, zr); err != nil {
		return nil
	}
	return buf.Bytes()
}
