// Package mcp serves the documentation to coding assistants over the Model Context Protocol:
// tools to search the docs, read a page's Markdown and ask a question, every page as a resource,
// and a prompt that answers from the docs. It speaks the streamable HTTP transport (mounted at
// /mcp by the server) and stdio (`tzdocs mcp`), through the official Go SDK, which no other
// package imports.
package mcp

import (
	"context"
	"log/slog"
	"net/http"
	"slices"
	"strings"
	"sync"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"tzdocs/internal/assistant"
	"tzdocs/internal/ratelimit"
)

// Options wires a Server's dependencies.
type Options struct {
	// Docs returns the current build (nil while none is loaded); it is called on every request,
	// so a rebuild is seen at once.
	Docs func() *Docs
	// Title names the documentation in the server's description and prompt; empty takes the
	// title of Docs (which reads the whole build at start: the server passes it to make its
	// Docs on the first MCP request instead).
	Title string
	// Engine answers ask_docs; nil leaves the tool out.
	Engine assistant.Engine
	// Version is reported to clients as the server's version.
	Version string
	// Logger receives failures of the answer engine; nil discards them.
	Logger *slog.Logger
	Limits Limits
	// CORS writes the CORS headers of an HTTP request, and answers it when it is a preflight
	// (reporting that it did), with the origin rules of the site; nil allows no other origin.
	CORS func(w http.ResponseWriter, r *http.Request) (answered bool)
}

// CORSHeaders are the request headers an MCP client sends, for preflights; ExposedHeaders the
// answer's headers it reads.
const (
	CORSHeaders    = "Content-Type, Accept, Authorization, Mcp-Protocol-Version, Mcp-Session-Id, Last-Event-ID"
	ExposedHeaders = "Mcp-Session-Id, Mcp-Protocol-Version"
)

// Server is an MCP server over the current build of the site.
type Server struct {
	opts Options
	sdk  *sdk.Server
	log  *slog.Logger
	// questions limits ask_docs per client, on top of the per-request limit of Handler.
	questions *ratelimit.Limiter

	mu     sync.Mutex
	synced *Docs // the build whose pages are the listed resources
}

// New makes a Server.
func New(opts Options) *Server {
	if opts.Docs == nil {
		opts.Docs = func() *Docs { return nil } // nothing loaded: every call says so
	}
	if opts.Logger == nil {
		opts.Logger = slog.New(slog.DiscardHandler)
	}
	if opts.Version == "" {
		opts.Version = "dev"
	}
	opts.Limits = opts.Limits.withDefaults()
	s := &Server{opts: opts, log: opts.Logger,
		questions: ratelimit.New(opts.Limits.Questions, assistant.DefaultQuestionRateLimit, opts.Limits.Now)}
	title := opts.Title
	if title == "" {
		if d := opts.Docs(); d != nil {
			title = d.Title
		}
	}
	if title == "" {
		title = "documentation"
	}
	s.sdk = sdk.NewServer(&sdk.Implementation{Name: "tzdocs", Title: title, Version: opts.Version}, &sdk.ServerOptions{
		Instructions: "Answers questions about " + title + " from the documentation itself. Use search_docs to find " +
			"pages, get_page to read one as Markdown, and cite the page URLs you relied on.",
		// Resources change when the site is rebuilt: advertise them even before the first sync.
		Capabilities: &sdk.ServerCapabilities{Resources: &sdk.ResourceCapabilities{ListChanged: true}},
	})
	s.addTools()
	s.addPrompt(title)
	s.sdk.AddReceivingMiddleware(s.syncResources, checkArguments)
	return s
}

// Run serves one client over t (stdio for `tzdocs mcp`, an in-memory transport in tests) until
// the client goes away or ctx ends.
func (s *Server) Run(ctx context.Context, t sdk.Transport) error {
	return s.sdk.Run(ctx, t)
}

// Connect starts a session with one client over t and returns at once; tests use it with
// in-memory transports.
func (s *Server) Connect(ctx context.Context, t sdk.Transport) (*sdk.ServerSession, error) {
	return s.sdk.Connect(ctx, t, nil)
}

// docs is the current build, with the resource list brought up to date first.
func (s *Server) docs() *Docs {
	d := s.opts.Docs()
	s.mu.Lock()
	defer s.mu.Unlock()
	if d == s.synced {
		return d
	}
	if s.synced != nil {
		uris := make([]string, 0, len(s.synced.Pages))
		for _, p := range s.synced.Pages {
			uris = append(uris, p.URL)
		}
		s.sdk.RemoveResources(uris...)
	}
	if d != nil {
		for _, p := range d.Pages {
			s.sdk.AddResource(&sdk.Resource{URI: p.URL, Name: p.Route, Title: p.Title, Description: p.Description,
				MIMEType: markdownType, Size: int64(len(p.Markdown))}, s.readResource)
		}
	}
	s.synced = d
	return d
}

// markdownType is the MIME type of every resource.
const markdownType = "text/markdown"

// syncResources makes every request see the current build's pages as resources.
func (s *Server) syncResources(next sdk.MethodHandler) sdk.MethodHandler {
	return func(ctx context.Context, method string, req sdk.Request) (sdk.Result, error) {
		if method == "resources/list" || method == "resources/read" || method == "resources/templates/list" {
			s.docs()
		}
		return next(ctx, method, req)
	}
}

// readResource reads a page from the current build, so a page that changed since the list was
// made reads as it is now.
func (s *Server) readResource(_ context.Context, req *sdk.ReadResourceRequest) (*sdk.ReadResourceResult, error) {
	d := s.docs()
	if d == nil {
		return nil, sdk.ResourceNotFoundError(req.Params.URI)
	}
	p := d.pageByURL(req.Params.URI)
	if p == nil {
		return nil, sdk.ResourceNotFoundError(req.Params.URI)
	}
	return &sdk.ReadResourceResult{Contents: []*sdk.ResourceContents{{URI: p.URL, MIMEType: markdownType, Text: p.Markdown}}}, nil
}

// addPrompt offers the prompt that has the model answer a question from the docs, citing them.
func (s *Server) addPrompt(title string) {
	s.sdk.AddPrompt(&sdk.Prompt{
		Name:        "answer_from_docs",
		Title:       "Answer from the " + trimThe(title),
		Description: "Answer a question using only " + title + ", citing the pages used.",
		Arguments:   []*sdk.PromptArgument{{Name: "question", Description: "What you want to know", Required: true}},
	}, func(_ context.Context, req *sdk.GetPromptRequest) (*sdk.GetPromptResult, error) {
		q := strings.TrimSpace(req.Params.Arguments["question"])
		if q == "" {
			return nil, missingArgument("question", "the question to answer from the docs, in plain words")
		}
		if err := checkText("question", q, s.opts.Limits.MaxQuestionRunes); err != nil {
			return nil, err
		}
		text := "Answer the question below from " + title + " only. First call search_docs with the question's key " +
			"terms, then read the most relevant pages with get_page. Base the answer on what those pages say, " +
			"quote commands and code exactly as the pages give them, and end with the URLs of the pages you used. " +
			"If the documentation does not answer the question, say so instead of guessing.\n\nQuestion: " + q
		return &sdk.GetPromptResult{Description: "Answer from " + title,
			Messages: []*sdk.PromptMessage{{Role: "user", Content: &sdk.TextContent{Text: text}}}}, nil
	})
}

// trimThe drops a leading "The " so that "Answer from the …" reads well whatever the title.
func trimThe(title string) string {
	if len(title) > 4 && slices.Contains([]string{"The ", "the "}, title[:4]) {
		return title[4:]
	}
	return title
}
