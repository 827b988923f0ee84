package server

import (
	"net/http"
	"sync"
	"sync/atomic"

	"tzdocs/internal/mcp"
)

// handleMCP serves the MCP server (streamable HTTP) over the current build.
func (s *Server) handleMCP() http.Handler {
	docs := &mcpDocs{s: s}
	// The title comes from the site data, so the Docs (every page's Markdown) are made on the
	// first MCP request rather than at start.
	opts := mcp.Options{Docs: docs.get, Title: s.site.Load().title, Engine: s.opts.Assistant, Logger: s.opts.Logger,
		Limits: mcp.Limits{TrustProxy: s.opts.TrustProxy},
		CORS: func(w http.ResponseWriter, r *http.Request) bool {
			answered := s.site.Load().origins.HandleHeaders(w, r, "GET, POST, DELETE, OPTIONS", mcp.CORSHeaders)
			if w.Header().Get("Access-Control-Allow-Origin") != "" {
				w.Header().Set("Access-Control-Expose-Headers", mcp.ExposedHeaders)
			}
			return answered
		}}
	opts.Limits.Requests.Off, opts.Limits.Questions.Off = s.opts.NoRateLimits, s.opts.NoRateLimits
	return mcp.New(opts).Handler()
}

// mcpDocs makes the MCP Docs of each loaded build once, on first use after a reload: calls
// arriving together wait for the one reading of the build rather than each making their own.
type mcpDocs struct {
	s       *Server
	read    func(mcp.Source) (*mcp.Docs, error) // nil: mcp.NewDocs
	current atomic.Pointer[builtDocs]
	mu      sync.Mutex // held while a build's Docs are made
}

// builtDocs are the Docs of one loaded build.
type builtDocs struct {
	site *siteFiles
	docs *mcp.Docs
}

// get returns the Docs of the loaded build, nil when it cannot be read.
func (c *mcpDocs) get() *mcp.Docs {
	site := c.s.site.Load()
	if b := c.current.Load(); b != nil && b.site == site {
		return b.docs
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if b := c.current.Load(); b != nil && b.site == site {
		return b.docs
	}
	read := c.read
	if read == nil {
		read = mcp.NewDocs
	}
	d, err := read(site.mcpSource())
	if err != nil {
		c.s.opts.Logger.Error("mcp: reading the built site", "error", err)
		return nil
	}
	c.current.Store(&builtDocs{site: site, docs: d})
	return d
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
