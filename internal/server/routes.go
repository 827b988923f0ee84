package server

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"sync/atomic"

	"tzdocs/internal/assistant"
	"tzdocs/internal/dashboard"
	"tzdocs/internal/feedback"
	"tzdocs/internal/httpapi"
	"tzdocs/internal/metrics"
	"tzdocs/internal/output"
	"tzdocs/internal/search"
)

// handleSearch answers the Algolia-compatible search API from the current build's index.
func (s *Server) handleSearch() http.Handler {
	opts := search.HandlerOptions{Limits: search.Limits{TrustProxy: s.opts.TrustProxy}}
	opts.Limits.RateLimit.Off = s.opts.NoRateLimits
	if s.recorder != nil {
		opts.Logger = queryLogger{s.recorder}
	}
	// One handler per loaded index, made again only when a rebuild swaps the index in.
	type current struct {
		ix *search.Index
		h  http.Handler
	}
	var cache atomic.Pointer[current]
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		site := s.site.Load()
		c := cache.Load()
		if c == nil || c.ix != site.index {
			o := opts
			o.IndexName, o.Replicas = site.searchCfg.IndexName, site.searchCfg.Replicas
			origins := site.origins
			o.Origins = &origins
			o.Suggested = site.suggested
			c = &current{ix: site.index, h: search.Handler(site.index, o)}
			cache.Store(c)
		}
		c.h.ServeHTTP(w, r)
	})
}

// allowOrigins answers CORS preflights and marks responses for the browser origins the site allows
// (its own and site.yaml's themeConfig.search.allowedOrigins), never "*", before next.
func (s *Server) allowOrigins(methods string, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if s.site.Load().origins.Handle(w, r, methods) {
			return
		}
		next.ServeHTTP(w, r)
	})
}

// queryLogger stores answered queries for search analytics (tzdocs search-report).
type queryLogger struct{ rec *feedback.Recorder }

func (q queryLogger) LogQuery(_ context.Context, l search.QueryLog) {
	q.rec.Query(feedback.Query{At: l.Time, Query: l.Query, NbHits: l.NbHits, ProcessingTime: l.ProcessingTime,
		QueryID: l.QueryID})
}

// routes lists every route the server answers; the site handler takes the rest. API routes are
// registered without a method and check it themselves, so that a wrong method gets a JSON 405 with
// the route's own Allow header, and unknown paths under /api/ a JSON 404, not the site's pages.
func (s *Server) routes() (http.Handler, error) {
	mux := http.NewServeMux()
	s.handle(mux, "GET /healthz", s.bodyless(handleHealth()))
	s.handle(mux, "GET /readyz", s.bodyless(s.ready.handler()))
	if s.opts.DevEvents != nil {
		s.handle(mux, "GET "+output.DevEventsURL, s.bodyless(unbounded(s.opts.DevEvents)))
	}
	if s.opts.Feedback != nil {
		opts := feedback.Options{KnownRoute: s.knownRoute, TrustProxy: s.opts.TrustProxy, Logger: s.opts.Logger,
			RateLimit: feedback.RateLimit{Off: s.opts.NoRateLimits}}
		if u := s.site.Load().url; u != "" {
			opts.AllowedOrigins = []string{u}
		}
		if err := opts.Check(); err != nil {
			s.opts.Logger.Warn("feedback: ignoring the site URL as an allowed origin", "error", err)
			opts.AllowedOrigins = nil
		}
		s.handle(mux, "/api/feedback", s.api(methods(feedback.Handler(countWrites{s.opts.Feedback}, opts), http.MethodPost)))
	}
	s.handle(mux, "/api/search/", s.api(s.handleSearch()))
	// One insights handler for both methods, so they share its rate limits.
	s.handle(mux, "/api/insights/1/events", s.api(methods(s.allowOrigins("POST, OPTIONS", s.handleInsights()), http.MethodPost, http.MethodOptions)))
	if s.opts.Assistant != nil {
		id := s.site.Load().askAI
		if id == "" {
			id = output.DefaultAssistantID // a site built before the build wrote a default
		}
		opts := assistant.Options{AssistantID: id, Secret: s.opts.Secret, Engine: s.opts.Assistant,
			Corpus:    func() *assistant.Corpus { return s.site.Load().answers },
			SiteTitle: func() string { return s.site.Load().title },
			Store:     countWrites{s.opts.Feedback},
			Logger:    s.opts.Logger, TrustProxy: s.opts.TrustProxy, Stopping: s.stopping}
		if s.opts.Feedback == nil {
			opts.Store = nil
		}
		opts.Limits.EventWriteTimeout = s.timeouts.Write
		if s.opts.NoRateLimits {
			opts.Limits.PerToken.Off, opts.Limits.PerAddress.Off = true, true
		}
		if err := opts.Check(); err != nil {
			return nil, fmt.Errorf("ask AI: %w", err)
		}
		s.handle(mux, "/api/askai/", s.api(s.allowOrigins("GET, POST, OPTIONS", assistant.Handler(opts))))
	}
	if s.admin != nil {
		// Sign-in and the admin pages, then the dashboard's APIs behind a session.
		h := s.api(s.admin.Handler())
		for _, p := range []string{"/admin", "/admin/", "/api/admin/"} {
			s.handle(mux, p, h)
		}
		if s.opts.Feedback != nil {
			dh, err := dashboard.Handler(dashboard.Options{Store: s.opts.Feedback, Logger: s.opts.Logger, Source: s.pageSource})
			if err != nil {
				return nil, err
			}
			for _, p := range dashboard.Paths {
				s.handle(mux, p, s.api(s.admin.RequireSession(dh)))
			}
		}
	}
	s.handle(mux, "/api/", s.bodyless(http.HandlerFunc(httpapi.NotFound)))
	s.handle(mux, "/mcp", s.api(s.handleMCP()))
	s.handle(mux, "/", s.bodyless(s.handleSite()))
	return mux, nil
}

// methods answers a JSON 405 naming allowed unless the request uses one of them.
func methods(h http.Handler, allowed ...string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !slices.Contains(allowed, r.Method) {
			httpapi.MethodNotAllowed(w, allowed...)
			return
		}
		h.ServeHTTP(w, r)
	})
}

// countWrites counts the feedback rows written, and those that failed, in the metrics.
type countWrites struct{ feedback.Store }

func (c countWrites) AddPage(ctx context.Context, p feedback.Page) (int64, error) {
	id, err := c.Store.AddPage(ctx, p)
	countWrite("page", err)
	return id, err
}

func (c countWrites) AddAnswer(ctx context.Context, a feedback.Answer) (int64, error) {
	id, err := c.Store.AddAnswer(ctx, a)
	countWrite("answer", err)
	return id, err
}

func countWrite(kind string, err error) {
	outcome := "saved"
	if err != nil {
		outcome = "failed"
	}
	metrics.FeedbackWrites.WithLabelValues(kind, outcome).Inc()
}
