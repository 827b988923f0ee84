package server

import (
	"log/slog"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"tzdocs/internal/metrics"
	"tzdocs/internal/ratelimit"
)

// commonCodes are the statuses whose request counters each route makes in advance, so that
// counting a request is an atomic add, without building labels or looking them up.
var commonCodes = [...]int{200, 201, 204, 301, 304, 400, 401, 403, 404, 405, 408, 409, 413, 415, 429, 500, 503}

// routeStats are the metric series of one route, made when the routes are.
type routeStats struct {
	label    string
	duration prometheus.Observer // nil for static files: answered from memory, their latency is the network's
	codes    [len(commonCodes)]prometheus.Counter
	limited  prometheus.Counter
}

// staticRoute labels the site handler's requests: pages, files and the not-found page.
const staticRoute = "static"

func newRouteStats(label string) *routeStats {
	rs := &routeStats{label: label, limited: metrics.RateLimited.WithLabelValues(label)}
	if label != staticRoute {
		rs.duration = metrics.Duration.WithLabelValues(label)
	}
	for i, c := range commonCodes {
		rs.codes[i] = metrics.Requests.WithLabelValues(label, strconv.Itoa(c))
	}
	return rs
}

func (rs *routeStats) observe(code int, d time.Duration) {
	if rs.duration != nil {
		rs.duration.Observe(d.Seconds())
	}
	if code == http.StatusTooManyRequests {
		rs.limited.Inc()
	}
	for i, c := range commonCodes {
		if c == code {
			rs.codes[i].Inc()
			return
		}
	}
	metrics.Requests.WithLabelValues(rs.label, strconv.Itoa(code)).Inc()
}

// routeLabel is a mux pattern without its method: "POST /api/feedback" → "/api/feedback".
func routeLabel(pattern string) string {
	if _, p, ok := strings.Cut(pattern, " "); ok {
		return p
	}
	return pattern
}

// handle registers h for pattern on mux and makes the pattern's metric series.
func (s *Server) handle(mux *http.ServeMux, pattern string, h http.Handler) {
	mux.Handle(pattern, h)
	label := routeLabel(pattern)
	if pattern == "/" {
		label = staticRoute
		s.siteHandler = h
	} else if first := firstSegment(pattern); !slices.Contains(s.reserved, first) {
		s.reserved = append(s.reserved, first)
	}
	for _, rs := range s.stats {
		if rs.label == label { // "GET /x" and "POST /x" share their series
			s.stats[pattern] = rs
			return
		}
	}
	s.stats[pattern] = newRouteStats(label)
}

// statsFor finds the series of the pattern that answered r; set by the ServeMux on r itself.
func (s *Server) statsFor(r *http.Request) *routeStats {
	if r.Pattern == "/" {
		return s.static
	}
	if rs, ok := s.stats[r.Pattern]; ok {
		return rs
	}
	return s.unmatched // a redirect of the mux itself, such as /api/search → /api/search/
}

// statusRecorder remembers what a handler wrote, for the access log and the metrics.
type statusRecorder struct {
	http.ResponseWriter
	status int
	bytes  int
}

func (s *statusRecorder) WriteHeader(code int) {
	if s.status == 0 {
		s.status = code
	}
	s.ResponseWriter.WriteHeader(code)
}

func (s *statusRecorder) Write(b []byte) (int, error) {
	if s.status == 0 {
		s.status = http.StatusOK
	}
	n, err := s.ResponseWriter.Write(b)
	s.bytes += n
	return n, err
}

// Flush lets streaming handlers (server-sent events) flush through the recorder.
func (s *statusRecorder) Flush() {
	if s.status == 0 {
		s.status = http.StatusOK
	}
	if f, ok := s.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

func (s *statusRecorder) Unwrap() http.ResponseWriter { return s.ResponseWriter }

// observe logs each request and counts it in the metrics of its route. The access log line goes
// to direct when not nil, else straight to the logger's handler: a Logger would also look up its
// caller's program counter, which an access log never prints.
func (s *Server) observe(log *slog.Logger, direct *jsonAccessLog, next http.Handler) http.Handler {
	h := log.Handler()
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		rec := &statusRecorder{ResponseWriter: w}
		next.ServeHTTP(rec, r)
		end := time.Now()
		d := end.Sub(start)
		if rec.status == 0 {
			rec.status = http.StatusOK
		}
		s.statsFor(r).observe(rec.status, d)
		if direct == nil && !h.Enabled(r.Context(), slog.LevelInfo) {
			return
		}
		e := accessEntry{end: end, method: r.Method, path: r.URL.Path, query: redactQuery(r.URL.RawQuery), status: rec.status,
			bytes: rec.bytes, d: d, remote: r.RemoteAddr, ua: r.UserAgent()}
		if s.opts.TrustProxy {
			if fwd, ok := ratelimit.Forwarded(r); ok {
				e.remote, e.peer = fwd, r.RemoteAddr
			}
		}
		if direct != nil {
			direct.line(&e)
			return
		}
		line := slog.NewRecord(end, slog.LevelInfo, "request", 0)
		line.AddAttrs(e.attrs()...)
		_ = h.Handle(r.Context(), line)
	})
}
