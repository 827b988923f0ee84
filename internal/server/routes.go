package server

import (
	"context"
	"fmt"
	"net/http"
	"sync/atomic"

	"tzdocs/internal/assistant"
	"tzdocs/internal/dist"
	"tzdocs/internal/feedback"
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
		ix := s.site.Load().index
		c := cache.Load()
		if c == nil || c.ix != ix {
			c = &current{ix: ix, h: search.Handler(ix, opts)}
			cache.Store(c)
		}
		c.h.ServeHTTP(w, r)
	})
}

// queryLogger stores answered queries for search analytics (tzdocs search-report).
type queryLogger struct{ rec *feedback.Recorder }

func (q queryLogger) LogQuery(_ context.Context, l search.QueryLog) {
	q.rec.Query(feedback.Query{At: l.Time, Query: l.Query, NbHits: l.NbHits, ProcessingTime: l.ProcessingTime})
}

// routes lists every route the server answers; the site handler takes the rest.
func (s *Server) routes() (http.Handler, error) {
	mux := http.NewServeMux()
	mux.Handle("GET /healthz", handleHealth())
	if s.opts.DevEvents != nil {
		mux.Handle("GET "+dist.DevEventsURL, s.opts.DevEvents)
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
		mux.Handle("POST /api/feedback", feedback.Handler(s.opts.Feedback, opts))
	}
	mux.Handle("/api/search/", s.handleSearch())
	insights := s.handleInsights() // one handler, so both methods share its rate limits
	mux.Handle("POST /api/insights/1/events", insights)
	mux.Handle("OPTIONS /api/insights/1/events", insights)
	if s.opts.Assistant != nil {
		id := s.site.Load().askAI
		if id == "" {
			id = "tezosdocs"
		}
		opts := assistant.Options{AssistantID: id, Secret: s.opts.Secret, Engine: s.opts.Assistant,
			Index: func() *search.Index { return s.site.Load().index }, Code: func() []dist.CodeBlock { return s.site.Load().code },
			Store:  s.opts.Feedback,
			Logger: s.opts.Logger, TrustProxy: s.opts.TrustProxy}
		if s.opts.NoRateLimits {
			opts.Limits.PerToken.Off, opts.Limits.PerAddress.Off = true, true
		}
		if err := opts.Check(); err != nil {
			return nil, fmt.Errorf("ask AI: %w", err)
		}
		mux.Handle("/api/askai/", assistant.Handler(opts))
	}
	mux.Handle("/mcp", s.handleMCP())
	mux.Handle("/", s.handleSite())
	return mux, nil
}
