package server

import (
	"context"
	"errors"
	"net"
	"net/http"
	"sync"
)

// An answer of a few kilobytes leaves in one write. net/http writes a response through a 4 KB
// buffer: the header and the start of a larger body fill it and go out in one write, the rest of
// the body in another, so a 10 KB page costs two system calls and two TCP segments. On a busy
// server those calls are most of what a static answer costs. The site handler instead gathers
// what net/http writes for one answer, on the connection itself, and sends it in one call.
const (
	// minGathered is the body below which net/http's own buffers already send the answer in one
	// write (its response buffer holds 2 KB of body before passing it on).
	minGathered = 2 << 10
	// maxGathered bounds the copy: past it a body leaves in several TCP segments however it is
	// written, and copying it costs more than the write saved.
	maxGathered = 64 << 10
	// gatherRoom is what the gathered bytes hold besides the body: the status line and headers.
	gatherRoom = 4 << 10
)

// errSpliceFailed stands for the write of an answer that could not be spliced.
var errSpliceFailed = errors.New("answer not spliced: net/http wrote an unexpected header")

// gatherBuffers hold answers being gathered; one is taken per answer, never per connection, so
// idle keep-alive connections hold none.
var gatherBuffers = sync.Pool{New: func() any {
	b := make([]byte, 0, 16<<10)
	return &b
}}

// connKey is the request context key under which the site's connections find themselves
// (connContext).
type connKey struct{}

// connContext makes the connection a request arrived on known to its handler, for writeBody.
func connContext(ctx context.Context, c net.Conn) context.Context {
	if cc, ok := c.(*countedConn); ok {
		return context.WithValue(ctx, connKey{}, cc)
	}
	return ctx
}

// writeBody writes an answer's body after its header was written, as one write of the whole
// answer when the request came over HTTP/1 on a connection of the site's listener and the body's
// size is between minGathered and maxGathered; as w.Write does otherwise.
func writeBody(w http.ResponseWriter, r *http.Request, body []byte) {
	_, ok := w.(http.Flusher)
	if !ok || r.ProtoMajor != 1 || len(body) < minGathered || len(body) > maxGathered {
		_, _ = w.Write(body)
		return
	}
	c, ok := r.Context().Value(connKey{}).(*countedConn)
	if !ok {
		_, _ = w.Write(body)
		return
	}
	c.gather(w, body, nil)
}

// gather writes body, after the header, as one write of the whole answer. With wh, net/http was
// given wh's reduced set, and the answer's header lines are spliced in (splice.go).
func (c *countedConn) gather(w http.ResponseWriter, body []byte, wh *wireHeader) {
	c.startGathering()
	c.splice = wh
	defer c.sendGathered() // also when a write panics: the connection never stays gathering
	_, _ = w.Write(body)
	w.(http.Flusher).Flush() // net/http's buffers pass the whole answer to the connection
}

// startGathering makes the connection's writes collect in a buffer until sendGathered. Only the
// goroutine serving the connection's requests writes to it over HTTP/1, so no lock is needed.
func (c *countedConn) startGathering() {
	b := gatherBuffers.Get().(*[]byte)
	c.gathered = b
}

// sendGathered writes what was gathered in one write. When that fails, part of an answer may
// have left, so the connection can carry no other: it is closed, as net/http closes a connection
// whose write failed.
//
// An answer to be spliced that did not start as net/http's checked format makes it start is not
// sent at all: what net/http wrote lacks the headers. The connection is closed, as after a failed
// write, and no later answer is spliced.
func (c *countedConn) sendGathered() {
	b := c.gathered
	if b == nil {
		return
	}
	c.gathered = nil
	var err error
	if c.splice != nil || c.spliceFailed {
		c.splice, c.spliceFailed = nil, false
		spliceBroken.Store(true)
		err = errSpliceFailed
	} else {
		_, err = c.Conn.Write(*b)
	}
	if c.spliced {
		c.spliced = false
		splicedAnswers.Add(1)
	}
	if cap(*b) <= maxGathered+gatherRoom {
		*b = (*b)[:0]
		gatherBuffers.Put(b)
	}
	if err != nil {
		_ = c.Close()
	}
}

// Write writes p to the connection, or adds it to the answer being gathered.
func (c *countedConn) Write(p []byte) (int, error) {
	if c.gathered != nil {
		if wh := c.splice; wh != nil { // the first write holds net/http's status line and header
			c.splice = nil
			spliced, ok := wh.splice(*c.gathered, p)
			c.spliced, c.spliceFailed = ok, !ok
			*c.gathered = spliced
			if ok {
				return len(p), nil
			}
		}
		*c.gathered = append(*c.gathered, p...)
		return len(p), nil
	}
	return c.Conn.Write(p)
}
