// Package server serves a built site from memory, with canonical URLs, caching headers,
// precompressed responses and the site's APIs.
package server

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"sync/atomic"

	"tzdocs/internal/admin"
	"tzdocs/internal/assistant"
	"tzdocs/internal/feedback"
	"tzdocs/internal/output"
)

// Options wires a Server's dependencies.
type Options struct {
	// Dir is the built site folder (what `tzdocs build` wrote).
	Dir string
	// Logger receives the server's own messages and, unless AccessLog is set, the access log; nil
	// discards them.
	Logger *slog.Logger
	// AccessLog, when set, receives the access log instead of Logger: one Write a line, in
	// log/slog's JSON format, written by the server itself (a quarter of a handler's cost). Give
	// it an asynclog.Writer so that requests never wait for their line.
	AccessLog io.Writer
	// DevEvents, when set, serves the live-reload event stream of `tzdocs dev` at /_dev/events.
	DevEvents http.Handler
	// Feedback stores what readers send; nil leaves the feedback API out.
	Feedback feedback.Store
	// TrustProxy makes rate limits key on X-Forwarded-For; set it only behind a proxy that sets it.
	TrustProxy bool
	// NoRateLimits turns off the per-client limits of the feedback, search and Ask AI APIs, for load tests
	// or behind a proxy that already limits.
	NoRateLimits bool
	// Analytics bounds the search analytics kept in Feedback (retention and size cap); zero fields
	// take feedback.Retention's defaults.
	Analytics feedback.Retention
	// Assistant answers Ask AI questions; nil leaves the Ask AI API out.
	Assistant assistant.Engine
	// Secret signs Ask AI tokens (see assistant.LoadOrCreateSecret); required with Assistant.
	Secret []byte
	// Timeouts bound the phases of a request; zero fields take the defaults.
	Timeouts Timeouts
	// AdminPasswordHash is TZDOCS_ADMIN_PASSWORD_HASH (argon2id or bcrypt); empty leaves
	// maintainers the one-time links of `tzdocs admin link`. The admin routes need Feedback (where
	// sessions live) and Secret; without them they are left out.
	AdminPasswordHash string
}

// Server is the site's HTTP handler. Reload swaps in a rebuilt site without dropping requests.
type Server struct {
	opts     Options
	recorder *feedback.Recorder // search analytics, when a store is given
	site     atomic.Pointer[siteFiles]
	handler  http.Handler
	timeouts Timeouts
	ready    *readiness
	admin    *admin.Auth // nil when the admin routes are left out
	// stats holds the metric series of each mux pattern; static and unmatched are those of the
	// site handler and of requests no pattern answered.
	stats             map[string]*routeStats
	static, unmatched *routeStats
	patching          patching // Patch's state (`tzdocs dev`)
	// siteHandler is the mux's "/" handler; reserved are the first path segments of its other
	// patterns (see dispatch).
	siteHandler http.Handler
	reserved    []string
	// stopping ends when StopAnswers is called: the Ask AI answers still streaming end then.
	stopping    context.Context
	stopAnswers context.CancelFunc
}

// New loads the built site in opts.Dir into memory and returns its handler.
func New(opts Options) (*Server, error) {
	if opts.Logger == nil {
		opts.Logger = slog.New(slog.DiscardHandler)
	}
	s := &Server{opts: opts, timeouts: opts.Timeouts.withDefaults(), stats: map[string]*routeStats{},
		unmatched: newRouteStats("unmatched")}
	s.stopping, s.stopAnswers = context.WithCancel(context.Background())
	if err := s.Reload(); err != nil {
		return nil, err
	}
	if opts.Feedback != nil {
		s.recorder = feedback.NewRecorder(opts.Feedback, feedback.RecorderOptions{Logger: opts.Logger, Retention: opts.Analytics})
	}
	s.ready = newReadiness(opts.Feedback, opts.Assistant, opts.Logger)
	if opts.Feedback != nil && len(opts.Secret) > 0 {
		a, err := admin.New(admin.Options{Store: opts.Feedback, Secret: opts.Secret, PasswordHash: opts.AdminPasswordHash,
			TrustProxy: opts.TrustProxy, Logger: opts.Logger, Dashboard: func() []byte { return s.site.Load().adminShell }})
		if err != nil {
			return nil, err
		}
		s.admin = a
	}
	routes, err := s.routes()
	if err != nil {
		return nil, err
	}
	s.static = s.stats["/"]
	var direct *jsonAccessLog
	if opts.AccessLog != nil {
		direct = newJSONAccessLog(opts.AccessLog)
	}
	s.handler = s.observe(opts.Logger, direct, s.dispatch(routes, s.siteHandler, s.reserved))
	return s, nil
}

// pageSource names the file the page at a site path (any spelling of its route) was built from,
// for the dashboard's pages view.
func (s *Server) pageSource(path string) (output.PageSource, bool) {
	site := s.site.Load()
	route, ok := site.page(path)
	if !ok {
		return output.PageSource{}, false
	}
	src, ok := site.sources[route]
	return src, ok
}

// Reload reads the built site folder again.
func (s *Server) Reload() error {
	site, err := loadSite(s.opts.Dir)
	if err != nil {
		return err
	}
	s.site.Store(site)
	return nil
}

// Drain begins a shutdown: from now on /readyz answers 503, so that load balancers that poll it
// stop sending requests here, while every request that still comes is answered as before.
func (s *Server) Drain() {
	s.ready.draining.Store(true)
}

// StopAnswers ends the Ask AI answers still streaming, and those asked from now on, with an
// error event the reader sees; each is stored with what it had said. Call it once the drain is
// over, before the listener closes, so that no request waits on an answer that may take minutes.
func (s *Server) StopAnswers() {
	s.stopAnswers()
}

// Close flushes search analytics still held in memory.
func (s *Server) Close(ctx context.Context) error {
	s.stopAnswers()
	if s.recorder != nil {
		return s.recorder.Close(ctx)
	}
	return nil
}

func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.handler.ServeHTTP(w, r)
}

// handleHealth answers load balancers and uptime checks.
func handleHealth() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		w.Header().Set("Cache-Control", "no-store")
		_, _ = w.Write([]byte("ok\n"))
	})
}

// knownRoute reports whether a path (any spelling) is a page of the current build.
func (s *Server) knownRoute(p string) bool {
	_, ok := s.site.Load().page(p)
	return ok
}

// handleSite serves pages by canonical route (redirecting other spellings), then static files,
// then the not-found page with status 404.
func (s *Server) handleSite() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		site := s.site.Load()
		p := r.URL.Path
		if canonical, ok := site.page(p); ok {
			if p != canonical {
				target := canonical
				if r.URL.RawQuery != "" {
					target += "?" + r.URL.RawQuery
				}
				setSecurityHeaders(w.Header(), site.csp) // dispatch skips the middleware for the site
				http.Redirect(w, r, target, http.StatusMovedPermanently)
				return
			}
			if pg := site.pages[canonical]; pg != nil {
				// The page's Markdown, for agents that ask for it (and a link to it for the others).
				if pg.markdown != nil && prefersMarkdown(r.Header.Get("Accept")) {
					serveFile(w, r, pg.markdown, &pg.markdownHeaders, http.StatusOK, s.opts.Logger)
					return
				}
				serveFile(w, r, pg.html, &pg.htmlHeaders, http.StatusOK, s.opts.Logger)
				return
			}
		}
		if f, ok := site.files[p]; ok && !strings.HasSuffix(p, "/") {
			serveFile(w, r, f, &f.headers, http.StatusOK, s.opts.Logger)
			return
		}
		serveFile(w, r, site.notFound, &site.notFoundHeaders, http.StatusNotFound, s.opts.Logger)
	})
}

// prefersMarkdown tells whether an Accept header asks for text/markdown at least as much as for
// HTML: agents list it, browsers do not.
func prefersMarkdown(accept string) bool {
	if !strings.Contains(accept, "markdown") {
		return false // what browsers send: no parsing on the way to every page
	}
	md, htm := -1.0, -1.0
	for _, part := range strings.Split(accept, ",") {
		typ, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		q := 1.0
		for _, p := range strings.Split(params, ";") {
			if v, ok := strings.CutPrefix(strings.TrimSpace(p), "q="); ok {
				if f, err := strconv.ParseFloat(v, 64); err == nil {
					q = f
				}
			}
		}
		switch strings.ToLower(strings.TrimSpace(typ)) {
		case "text/markdown":
			md = max(md, q)
		case "text/html":
			htm = max(htm, q)
		}
	}
	return md > 0 && md >= htm
}

// serveFile writes f with the header set rh worked out for it at load: caching headers, a
// conditional 304, and the best precompressed form the client accepts. A file left on disk that
// cannot be read as loaded is reported to log.
func serveFile(w http.ResponseWriter, r *http.Request, f *file, rh *responseHeaders, status int, log *slog.Logger) {
	h := w.Header()
	enc := f.encoding(r.Header.Get("Accept-Encoding"))
	if status == http.StatusOK && etagMatch(r.Header.Get("If-None-Match"), f.etags[enc]) {
		rh.notModified[enc].apply(h)
		w.WriteHeader(http.StatusNotModified)
		return
	}
	if f.disk != nil {
		serveFromDisk(w, r, f, rh.full[enc], enc, status, log)
		return
	}
	if wh := rh.wire[enc]; wh != nil && len(h) == 0 { // nothing else to say, such as Connection: close
		if c := splicingConn(w, r); c != nil {
			wh.reduced(h)
			w.WriteHeader(status)
			c.gather(w, f.body(enc), wh)
			return
		}
	}
	rh.full[enc].apply(h)
	w.WriteHeader(status)
	switch {
	case r.Method == http.MethodHead:
	case enc == encIdentity && f.data == nil:
		_ = writeIdentity(w, f) // decompressed as it is sent
	default:
		writeBody(w, r, f.body(enc))
	}
}

// accepts reports whether an Accept-Encoding header allows coding (q=0 refuses it).
func accepts(header, coding string) bool {
	for rest := header; ; {
		part, next, more := strings.Cut(rest, ",")
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		name = strings.TrimSpace(name)
		if strings.EqualFold(name, coding) || name == "*" {
			if strings.Contains(params, " ") {
				params = strings.ReplaceAll(params, " ", "")
			}
			return params != "q=0" && params != "q=0.0" && params != "q=0.00" && params != "q=0.000"
		}
		if !more {
			return false
		}
		rest = next
	}
}

func etagMatch(header, etag string) bool {
	if header == "" {
		return false
	}
	for _, t := range strings.Split(header, ",") {
		t = strings.TrimSpace(t)
		if t == "*" || strings.TrimPrefix(t, "W/") == etag {
			return true
		}
	}
	return false
}

// contentSecurityPolicy allows only this origin (nothing third-party is contacted by
// default), plus the build's inline scripts and the inline styles of its content by hash (never
// 'unsafe-inline'), the third-party origins the build asked for (a configured tag manager), and the
// origins of what the pages themselves embed.
func contentSecurityPolicy(p output.CSPSources) string {
	scripts, styles, connect, img := "'self'", "'self'", "'self'", "'self' data:"
	for _, h := range p.ScriptHashes {
		scripts += " '" + h + "'"
	}
	if len(p.StyleHashes) > 0 {
		// 'unsafe-hashes' lets a hash allow a style attribute, not only a <style> element; only the
		// listed texts are allowed either way.
		styles += " 'unsafe-hashes'"
		for _, h := range p.StyleHashes {
			styles += " '" + h + "'"
		}
	}
	for _, o := range p.Origins {
		scripts += " " + o
		connect += " " + o
		img += " " + o
	}
	for _, o := range p.ImgOrigins {
		img += " " + o
	}
	csp := "default-src 'self'; script-src " + scripts + "; style-src " + styles + "; img-src " + img + "; font-src 'self'; connect-src " + connect
	if len(p.FrameOrigins) > 0 {
		csp += "; frame-src 'self' " + strings.Join(p.FrameOrigins, " ")
	}
	if len(p.MediaOrigins) > 0 {
		csp += "; media-src 'self' " + strings.Join(p.MediaOrigins, " ")
	}
	return csp + "; frame-ancestors 'self'; base-uri 'self'; form-action 'self'"
}

// securityHeaders adds headers every response carries.
func (s *Server) securityHeaders(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		setSecurityHeaders(w.Header(), s.site.Load().csp)
		next.ServeHTTP(w, r)
	})
}
