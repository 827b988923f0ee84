package mcp

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"strconv"
	"time"
	"unicode/utf8"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"tzdocs/internal/assistant"
	"tzdocs/internal/httpapi"
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
	// MaxAnswerBytes bounds an HTTP answer: search.DefaultMaxResponseBytes (4 MB), as the search
	// API's; a longer one is replaced by a JSON-RPC error per call.
	MaxAnswerBytes int
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
	// MaxBatchCalls is how many calls a JSON-RPC batch may hold.
	MaxBatchCalls = 20
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
	if l.MaxAnswerBytes <= 0 {
		l.MaxAnswerBytes = search.DefaultMaxResponseBytes
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
// calls from other origins as Options.CORS says. Each call of a JSON-RPC batch counts against the client's rate
// limit (429 with Retry-After beyond it, decided before the body is read when no call is left); a
// batch holds at most MaxBatchCalls calls and an answer at most Limits.MaxAnswerBytes, beyond
// which JSON-RPC errors say so.
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
	tooMany := func(w http.ResponseWriter, wait time.Duration) {
		secs := max(int((wait+time.Second-1)/time.Second), 1)
		w.Header().Set("Retry-After", strconv.Itoa(secs))
		httpapi.Error(w, http.StatusTooManyRequests, fmt.Sprintf("Too many requests from your address; wait %d s and try again", secs))
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// Browser-based MCP clients call it from the origins the site allows, as they search.
		if s.opts.CORS != nil && s.opts.CORS(w, r) {
			return
		}
		if r.Method == http.MethodOptions {
			w.WriteHeader(http.StatusNoContent)
			return
		}
		key := ratelimit.ClientKey(r, l.TrustProxy)
		if ok, wait := requests.AllowN(key, 0); !ok {
			tooMany(w, wait)
			return
		}
		var calls []rpcCall
		if r.Method == http.MethodPost {
			body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, l.MaxBodyBytes))
			if err != nil {
				var tooBig *http.MaxBytesError
				switch {
				case errors.As(err, &tooBig):
					httpapi.Error(w, http.StatusRequestEntityTooLarge, fmt.Sprintf("The request body is over %d bytes; send fewer calls at once", l.MaxBodyBytes))
				case errors.Is(err, os.ErrDeadlineExceeded):
					httpapi.Error(w, http.StatusRequestTimeout, "The request body did not arrive in time")
				default:
					httpapi.Error(w, http.StatusBadRequest, "The request body could not be read")
				}
				return
			}
			calls = callsOf(body)
			if len(calls) > MaxBatchCalls {
				writeRPCErrors(w, http.StatusBadRequest, []rpcCall{{}}, -32600, fmt.Sprintf(
					"a batch holds at most %d calls; this one holds %d: send them in several requests", MaxBatchCalls, len(calls)))
				return
			}
			r.Body, r.ContentLength = io.NopCloser(bytes.NewReader(body)), int64(len(body))
		}
		if ok, wait := requests.AllowN(key, max(len(calls), 1)); !ok {
			tooMany(w, wait)
			return
		}
		r = r.Clone(r.Context())
		r.Header.Set(clientHeader, key)
		if r.Method != http.MethodPost {
			h.ServeHTTP(w, r)
			return
		}
		// Answers are JSON, never streams: held until complete, so that one over the limit is
		// never half sent.
		capped := &cappedWriter{header: http.Header{}, limit: l.MaxAnswerBytes, status: http.StatusOK}
		h.ServeHTTP(capped, r)
		if capped.over {
			writeRPCErrors(w, http.StatusOK, calls, -32603, fmt.Sprintf(
				"the answer is over %d bytes; ask for less at once (fewer calls in a batch, or one page at a time)", l.MaxAnswerBytes))
			return
		}
		for k, v := range capped.header {
			w.Header()[k] = v
		}
		w.WriteHeader(capped.status)
		_, _ = w.Write(capped.body.Bytes())
	})
}

// rpcCall is what the handler reads of a JSON-RPC message: its id (absent for a notification).
type rpcCall struct {
	ID json.RawMessage `json:"id"`
}

// callsOf lists the messages of a request body: the calls of a batch, or the one message. A
// body that is no JSON-RPC at all counts as one message (the SDK answers its error).
func callsOf(body []byte) []rpcCall {
	trimmed := bytes.TrimLeft(body, " \t\r\n")
	if len(trimmed) > 0 && trimmed[0] == '[' {
		var batch []rpcCall
		if err := json.Unmarshal(trimmed, &batch); err == nil && len(batch) > 0 {
			return batch
		}
	}
	var one rpcCall
	_ = json.Unmarshal(trimmed, &one)
	return []rpcCall{one}
}

// writeRPCErrors answers each call that has an id (every one for an empty id list of one) with
// a JSON-RPC error: an array for a batch, one object otherwise.
func writeRPCErrors(w http.ResponseWriter, status int, calls []rpcCall, code int, msg string) {
	type rpcError struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	}
	type answer struct {
		JSONRPC string          `json:"jsonrpc"`
		ID      json.RawMessage `json:"id"`
		Error   rpcError        `json:"error"`
	}
	var out []answer
	for _, c := range calls {
		id := c.ID
		if len(id) == 0 {
			if len(calls) > 1 {
				continue // a notification gets no answer
			}
			id = json.RawMessage("null")
		}
		out = append(out, answer{JSONRPC: "2.0", ID: id, Error: rpcError{Code: code, Message: msg}})
	}
	if len(calls) == 1 && len(out) == 1 {
		httpapi.JSON(w, status, out[0])
		return
	}
	httpapi.JSON(w, status, out)
}

// cappedWriter holds an answer of at most limit bytes; past it, it notes so and keeps nothing.
type cappedWriter struct {
	header http.Header
	status int
	body   bytes.Buffer
	limit  int
	over   bool
}

func (c *cappedWriter) Header() http.Header    { return c.header }
func (c *cappedWriter) WriteHeader(status int) { c.status = status }
func (c *cappedWriter) Write(p []byte) (int, error) {
	if c.over || c.body.Len()+len(p) > c.limit {
		c.over = true
		c.body = bytes.Buffer{}
		return len(p), nil
	}
	return c.body.Write(p)
}
