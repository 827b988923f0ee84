package server

import (
	"net/http"

	"tzdocs/internal/feedback"
)

// routes lists every route the server answers; the site handler takes the rest.
func (s *Server) routes() http.Handler {
	mux := http.NewServeMux()
	mux.Handle("GET /healthz", handleHealth())
	if s.opts.DevEvents != nil {
		mux.Handle("GET /_dev/events", s.opts.DevEvents)
	}
	if s.opts.Feedback != nil {
		opts := feedback.Options{KnownRoute: s.knownRoute, TrustProxy: s.opts.TrustProxy, Logger: s.opts.Logger}
		if u := s.site.Load().url; u != "" {
			opts.AllowedOrigins = []string{u}
		}
		if err := opts.Check(); err != nil {
			s.opts.Logger.Warn("feedback: ignoring the site URL as an allowed origin", "error", err)
			opts.AllowedOrigins = nil
		}
		mux.Handle("POST /api/feedback", feedback.Handler(s.opts.Feedback, opts))
	}
	mux.Handle("/", s.handleSite())
	return mux
}
