package mcp

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"time"
	"unicode/utf8"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"tzdocs/internal/assistant"
	"tzdocs/internal/ratelimit"
	"tzdocs/internal/search"
)

// Limits bound what one client may ask, as the site's other APIs do. Zero fields take the
// defaults of those APIs.
type Limits struct {
	// Requests limits the HTTP requests of one client: search's limit (600 a minute, bursts of
	// 120), since most calls are searches and page reads.
	Requests ratelimit.Limit
	// Questions limits ask_docs calls of one client: Ask AI's limit (20 a minute, bursts of 10).
	Questions ratelimit.Limit
	// MaxQueryRunes bounds a search_docs query: search.MaxQueryLength.
	MaxQueryRunes int
	// MaxQuestionRunes bounds an ask_docs question: assistant.DefaultMaxQuestionRunes.
	MaxQuestionRunes int
	// AnswerTimeout bounds one ask_docs answer: assistant.DefaultAnswerTimeout.
	AnswerTimeout time.Duration
	// MaxBodyBytes bounds an HTTP request body: 64 KB, as the search API's.
	MaxBodyBytes int64
	// TrustProxy makes the client of a request the last address of X-Forwarded-For.
	TrustProxy bool
	// Now is the clock of the rate limits; nil means time.Now.
	Now func() time.Time
}

// Defaults of Limits that no other API defines.
const (
	DefaultMaxBodyBytes = 64 << 10
	// DefaultHits and MaxHits are how many hits search_docs returns by default and at most.
	DefaultHits = 8
	MaxHits     = 20
	// maxSectionRunes bounds the section argument of search_docs: section names are short.
	maxSectionRunes = 200
)

func (l Limits) withDefaults() Limits {
	if l.MaxQueryRunes <= 0 {
		l.MaxQueryRunes = search.MaxQueryLength
	}
	if l.MaxQuestionRunes <= 0 {
		l.MaxQuestionRunes = assistant.DefaultMaxQuestionRunes
	}
	if l.AnswerTimeout <= 0 {
		l.AnswerTimeout = assistant.DefaultAnswerTimeout
	}
	if l.MaxBodyBytes <= 0 {
		l.MaxBodyBytes = DefaultMaxBodyBytes
	}
	return l
}

// checkText fails when an argument is longer than max characters.
func checkText(name, value string, max int) error {
	if n := utf8.RuneCountInString(value); n > max {
		return fmt.Errorf("%s is %d characters long; the limit is %d characters, so shorten it", name, n, max)
	}
	return nil
}

// clientHeader carries a request's client key from Handler to the tools. Handler sets it on every
// request, replacing whatever the client sent, so the tools can trust it.
const clientHeader = "Tzdocs-Mcp-Client"

// localClient is the client key of calls that did not come over HTTP (stdio): one local client.
const localClient = "local"

// clientOf names the client that made a call.
func clientOf(req *sdk.CallToolRequest) string {
	if req != nil && req.Extra != nil && req.Extra.Header != nil {
		if k := req.Extra.Header.Get(clientHeader); k != "" {
			return k
		}
	}
	return localClient
}

// Handler serves MCP's streamable HTTP transport. It keeps no sessions (every request stands
// alone, so any replica can answer it), answers in JSON rather than event streams, and allows
// calls from any origin (CORS); clients over its per-client limit get 429 with Retry-After.
func (s *Server) Handler() http.Handler {
	l := s.opts.Limits
	requests := ratelimit.New(l.Requests, search.DefaultRateLimit, l.Now)
	h := sdk.NewStreamableHTTPHandler(func(*http.Request) *sdk.Server { return s.sdk }, &sdk.StreamableHTTPOptions{
		Stateless:           true,
		JSONResponse:        true,
		MaxRequestBodyBytes: l.MaxBodyBytes,
		// The server only reads public documentation and usually sits behind a proxy on loopback,
		// where every request arrives with the public host name: the SDK's guard against DNS
		// rebinding would refuse them all, and protects nothing here.
		DisableLocalhostProtection: true,
	})
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// Public documentation: any page may call it, as any may search (browser-based MCP clients).
		w.Header().Set("Access-Control-Allow-Origin", "*")
		w.Header().Set("Access-Control-Expose-Headers", "Mcp-Session-Id, Mcp-Protocol-Version")
		if r.Method == http.MethodOptions {
			w.Header().Set("Access-Control-Allow-Methods", "GET, POST, DELETE, OPTIONS")
			w.Header().Set("Access-Control-Allow-Headers", "Content-Type, Accept, Mcp-Protocol-Version, Mcp-Session-Id, Last-Event-ID")
			w.Header().Set("Access-Control-Max-Age", "86400")
			w.WriteHeader(http.StatusNoContent)
			return
		}
		key := ratelimit.ClientKey(r, l.TrustProxy)
		if ok, wait := requests.Allow(key); !ok {
			secs := max(int((wait+time.Second-1)/time.Second), 1)
			w.Header().Set("Retry-After", strconv.Itoa(secs))
			writeError(w, http.StatusTooManyRequests, fmt.Sprintf("Too many requests from your address; wait %d s and try again", secs))
			return
		}
		r = r.Clone(r.Context())
		r.Header.Set(clientHeader, key)
		h.ServeHTTP(w, r)
	})
}

// writeError answers with the JSON error every API of the site uses.
func writeError(w http.ResponseWriter, status int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(map[string]any{"message": msg, "status": status})
}
