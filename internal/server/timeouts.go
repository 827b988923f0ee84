package server

import (
	"io"
	"net/http"
	"time"

	"tzdocs/internal/httpapi"
	"tzdocs/internal/metrics"
)

// Timeouts bound each phase of a connection, so that a stalled or slow client holds it for a
// bounded time. Zero fields take the defaults.
type Timeouts struct {
	// Header is the time to send a request's headers: 10 s.
	Header time.Duration
	// Body is the time, from the headers, for an API request's whole body to arrive: 30 s. A body
	// still missing then is cut: the client gets 408 or the connection closes.
	Body time.Duration
	// Write is the time to write one answer, 2 min (a large file to a slow phone); Ask AI streams
	// instead give each event this long, however long the answer takes.
	Write time.Duration
	// Idle is how long a keep-alive connection may wait for its next request: 60 s.
	Idle time.Duration
}

// Default timeouts.
const (
	DefaultHeaderTimeout = 10 * time.Second
	DefaultBodyTimeout   = 30 * time.Second
	DefaultWriteTimeout  = 2 * time.Minute
	DefaultIdleTimeout   = 60 * time.Second
)

func (t Timeouts) withDefaults() Timeouts {
	if t.Header <= 0 {
		t.Header = DefaultHeaderTimeout
	}
	if t.Body <= 0 {
		t.Body = DefaultBodyTimeout
	}
	if t.Write <= 0 {
		t.Write = DefaultWriteTimeout
	}
	if t.Idle <= 0 {
		t.Idle = DefaultIdleTimeout
	}
	return t
}

// NewHTTPServer returns an http.Server for h with the header, write and idle timeouts of t; the
// body timeout is set per request by the API routes of a Server. Its handlers find the
// connections of a LimitListener in their requests' context, to send small answers in one write.
func NewHTTPServer(h http.Handler, t Timeouts) *http.Server {
	t = t.withDefaults()
	return &http.Server{Handler: h, ReadHeaderTimeout: t.Header, WriteTimeout: t.Write, IdleTimeout: t.Idle,
		ConnContext: connContext}
}

// HTTPServer returns an http.Server for s with its timeouts (Options.Timeouts).
func (s *Server) HTTPServer() *http.Server { return NewHTTPServer(s, s.timeouts) }

// api wraps the handler of an API route. A request with a body must deliver it within the body
// timeout, and an error answered before the body was read to its end closes the connection, so
// that net/http sends it at once instead of first waiting for the rest of the body to discard it
// (a rate limit must reach a client whose body is stalled); behind a trusted proxy, the rest of the
// body is read first (see refusalWriter). Answers of 1 KB or more are
// gzip-compressed for clients that accept it, streams excepted (see compressed).
func (s *Server) api(h http.Handler) http.Handler {
	h = compressed(h)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !hasBody(r) {
			h.ServeHTTP(w, r)
			return
		}
		if cc, ok := r.Context().Value(connKey{}).(*countedConn); ok && cc.l != nil {
			if !cc.startUpload() {
				ignoreBody(w)
				metrics.RateLimited.WithLabelValues("uploads").Inc()
				httpapi.TooManyRequests(w, 10*time.Second, "too many uploads in progress from your address; finish or close some and retry")
				return
			}
			defer cc.endUpload()
		}
		_ = http.NewResponseController(w).SetReadDeadline(time.Now().Add(s.timeouts.Body))
		body := &bodyWatch{ReadCloser: r.Body}
		r.Body = body
		h.ServeHTTP(&refusalWriter{ResponseWriter: w, body: body, drain: s.opts.TrustProxy}, r)
	})
}

// hasBody reports whether r announces a request body.
func hasBody(r *http.Request) bool {
	return r.ContentLength != 0 && r.Body != nil && r.Body != http.NoBody
}

// ignoreBody closes the connection after the answer and stops reading the request's body at
// once, so that the answer never waits for a body that is not coming.
func ignoreBody(w http.ResponseWriter) {
	w.Header().Set("Connection", "close")
	_ = http.NewResponseController(w).SetReadDeadline(time.Now())
}

// bodyless wraps the handler of a route that reads no request body (pages, files, health
// checks): a request that announces one is answered without waiting for it, on a connection
// closed afterwards. Behind a trusted proxy, which sends the whole body before it reads the
// answer, the body is read first (up to drainMax, within the body timeout), as refusalWriter does.
func (s *Server) bodyless(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if hasBody(r) {
			body := &bodyWatch{ReadCloser: r.Body}
			if s.opts.TrustProxy {
				_ = http.NewResponseController(w).SetReadDeadline(time.Now().Add(s.timeouts.Body))
				_, _ = io.Copy(io.Discard, io.LimitReader(body, drainMax))
			}
			if !body.done {
				ignoreBody(w)
			}
		}
		h.ServeHTTP(w, r)
	})
}

// bodyWatch notes when a request body has been read to its end.
type bodyWatch struct {
	io.ReadCloser
	done bool
}

func (b *bodyWatch) Read(p []byte) (int, error) {
	n, err := b.ReadCloser.Read(p)
	if err == io.EOF {
		b.done = true
	}
	return n, err
}

// refusalWriter closes the connection after an error answer written while the body is unread,
// and stops waiting for that body: the answer goes out at once, and the connection is released
// as soon as it has. Behind a trusted proxy (drain), it first reads what is left of the body, up
// to drainMax: a proxy has the whole body already and sends it before it reads the answer, and a
// connection closed while it still sends is all it would report (nginx: a 502).
type refusalWriter struct {
	http.ResponseWriter
	body  *bodyWatch
	drain bool
	wrote bool
}

// drainMax bounds the unread body read behind a trusted proxy before an error answer: above the
// largest body an API takes (Ask AI's 1 MB).
const drainMax = 4 << 20

func (w *refusalWriter) WriteHeader(code int) {
	if !w.wrote {
		w.wrote = true
		if code >= http.StatusBadRequest && !w.body.done && w.drain {
			_, _ = io.Copy(io.Discard, io.LimitReader(w.body, drainMax))
		}
		if code >= http.StatusBadRequest && !w.body.done {
			w.Header().Set("Connection", "close")
			_ = http.NewResponseController(w.ResponseWriter).SetReadDeadline(time.Now())
		}
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *refusalWriter) Write(b []byte) (int, error) {
	if !w.wrote {
		w.WriteHeader(http.StatusOK)
	}
	return w.ResponseWriter.Write(b)
}

// Flush lets streaming answers flush through the wrapper.
func (w *refusalWriter) Flush() {
	if !w.wrote {
		w.WriteHeader(http.StatusOK)
	}
	if f, ok := w.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

func (w *refusalWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// unbounded lifts the write deadline for a handler that streams for as long as the client
// listens (the live-reload events of `tzdocs dev`).
func unbounded(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_ = http.NewResponseController(w).SetWriteDeadline(time.Time{})
		h.ServeHTTP(w, r)
	})
}
