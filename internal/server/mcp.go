package server

import (
	"net/http"
	"sync/atomic"

	"tzdocs/internal/mcp"
)

// handleMCP serves the MCP server (streamable HTTP) over the current build: its Docs are made
// once per loaded build, on first use after a reload.
func (s *Server) handleMCP() http.Handler {
	type current struct {
		site *siteFiles
		docs *mcp.Docs
	}
	var cache atomic.Pointer[current]
	docs := func() *mcp.Docs {
		site := s.site.Load()
		if c := cache.Load(); c != nil && c.site == site {
			return c.docs
		}
		d, err := mcp.NewDocs(site.mcpSource())
		if err != nil {
			s.opts.Logger.Error("mcp: reading the built site", "error", err)
			return nil
		}
		cache.Store(&current{site: site, docs: d})
		return d
	}
	// The title comes from the site data, so the Docs (every page's Markdown) are made on the
	// first MCP request rather than at start.
	opts := mcp.Options{Docs: docs, Title: s.site.Load().title, Engine: s.opts.Assistant, Logger: s.opts.Logger,
		Limits: mcp.Limits{TrustProxy: s.opts.TrustProxy}}
	opts.Limits.Requests.Off, opts.Limits.Questions.Off = s.opts.NoRateLimits, s.opts.NoRateLimits
	return mcp.New(opts).Handler()
}

// mcpSource is the loaded build as the MCP server reads it.
func (s *siteFiles) mcpSource() mcp.Source {
	routes := make([]string, 0, len(s.routes))
	for _, r := range s.routes {
		routes = append(routes, r)
	}
	return mcp.Source{Routes: routes, Index: s.index, Code: s.code, Corpus: s.answers, File: func(p string) []byte {
		if f := s.files[p]; f != nil {
			return f.identity()
		}
		return nil
	}}
}
