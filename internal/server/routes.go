package server

import "net/http"

// routes lists every route the server answers; the site handler takes the rest.
func (s *Server) routes() http.Handler {
	mux := http.NewServeMux()
	mux.Handle("GET /healthz", handleHealth())
	if s.opts.DevEvents != nil {
		mux.Handle("GET /_dev/events", s.opts.DevEvents)
	}
	mux.Handle("/", s.handleSite())
	return mux
}
