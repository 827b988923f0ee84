package server

import (
	"compress/gzip"
	"net/http"
	"strings"
	"sync"
)

// compressMin is the smallest API answer sent gzip-compressed: below it the header costs more than
// compression saves. Search answers are 14–32 KB.
const compressMin = 1024

// gzipLevel trades a little size for speed: API answers are compressed for every request.
const gzipLevel = 5

var gzipWriters = sync.Pool{New: func() any {
	zw, _ := gzip.NewWriterLevel(nil, gzipLevel)
	return zw
}}

// compressed gzip-compresses h's answers of compressMin bytes or more for clients that accept
// gzip. An answer is held until it reaches compressMin bytes or ends; one that is streamed (the
// handler flushes it, or it is text/event-stream), already encoded, or answers HEAD goes out as
// the handler writes it.
func compressed(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		cw := &compressWriter{ResponseWriter: w, accepts: accepts(r.Header.Get("Accept-Encoding"), "gzip"),
			head: r.Method == http.MethodHead}
		defer cw.finish()
		h.ServeHTTP(cw, r)
	})
}

// compressWriter holds the start of an answer until it knows whether to compress it.
type compressWriter struct {
	http.ResponseWriter
	accepts, head bool

	status  int          // the status the handler wrote, sent with the first bytes
	held    []byte       // the body so far, while undecided
	decided bool         // the header went out: writes go to zw or straight through
	zw      *gzip.Writer // when compressing
}

func (c *compressWriter) WriteHeader(code int) {
	if c.decided || c.status != 0 {
		if c.decided {
			c.ResponseWriter.WriteHeader(code) // let net/http report the superfluous call
		}
		return
	}
	if code < http.StatusOK { // informational answers (103 Early Hints) go out at once
		c.ResponseWriter.WriteHeader(code)
		return
	}
	c.status = code
	if c.streamed() || code == http.StatusNoContent || code == http.StatusNotModified {
		c.decide(false)
	}
}

// streamed tells whether the answer is one the handler streams or already encoded.
func (c *compressWriter) streamed() bool {
	h := c.Header()
	return c.head || h.Get("Content-Encoding") != "" || strings.HasPrefix(h.Get("Content-Type"), "text/event-stream")
}

func (c *compressWriter) Write(p []byte) (int, error) {
	if !c.decided {
		if c.status == 0 {
			c.WriteHeader(http.StatusOK)
		}
		if !c.decided {
			if len(c.held)+len(p) < compressMin {
				c.held = append(c.held, p...)
				return len(p), nil
			}
			c.decide(true)
		}
	}
	if c.zw != nil {
		return c.zw.Write(p)
	}
	return c.ResponseWriter.Write(p)
}

// decide sends the header, compressing when large says the answer reached compressMin bytes and
// the client accepts gzip, then what was held.
func (c *compressWriter) decide(large bool) {
	c.decided = true
	h := c.Header()
	if large && !c.streamed() {
		h.Add("Vary", "Accept-Encoding")
		if c.accepts {
			h.Set("Content-Encoding", "gzip")
			h.Del("Content-Length")
			c.zw = gzipWriters.Get().(*gzip.Writer)
			c.zw.Reset(c.ResponseWriter)
		}
	}
	if c.status == 0 {
		c.status = http.StatusOK
	}
	c.ResponseWriter.WriteHeader(c.status)
	if len(c.held) > 0 {
		held := c.held
		c.held = nil
		if c.zw != nil {
			_, _ = c.zw.Write(held)
		} else {
			_, _ = c.ResponseWriter.Write(held)
		}
	}
}

// Flush sends what is held uncompressed (a flushed answer is a stream) and flushes.
func (c *compressWriter) Flush() {
	if !c.decided {
		c.decide(false)
	}
	if c.zw != nil {
		_ = c.zw.Flush()
	}
	if f, ok := c.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

// finish sends an answer that stayed under compressMin as it is, or ends the gzip stream.
func (c *compressWriter) finish() {
	if !c.decided {
		if c.status == 0 && len(c.held) == 0 {
			return // the handler wrote nothing: net/http answers 200 with no body, as before
		}
		c.decide(false)
	}
	if c.zw != nil {
		_ = c.zw.Close()
		c.zw.Reset(nil)
		gzipWriters.Put(c.zw)
		c.zw = nil
	}
}

func (c *compressWriter) Unwrap() http.ResponseWriter { return c.ResponseWriter }
