package search

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"os"
	"strings"
	"time"

	"tzdocs/internal/httpapi"
	"tzdocs/internal/metrics"
	"tzdocs/internal/ratelimit"
)

// DefaultMaxBodyBytes bounds a search request body.
const DefaultMaxBodyBytes = 64 << 10

// Logger receives every non-empty query, for search analytics. LogQuery is called on the
// request's goroutine, so a slow store should buffer.
type Logger interface {
	LogQuery(ctx context.Context, q QueryLog)
}

// QueryLog is one answered query.
type QueryLog struct {
	Time           time.Time
	Index          string
	Query          string
	NbHits         int
	Page           int
	ProcessingTime time.Duration
	QueryID        string // set when the client asked for click analytics
	UserToken      string // from the userToken parameter or the X-Algolia-UserToken header
}

// HandlerOptions configures Handler.
type HandlerOptions struct {
	Logger       Logger // nil: queries are not logged
	MaxBodyBytes int64  // 0 → DefaultMaxBodyBytes
	Limits       Limits // bounds on the work of a request and per client; zero → defaults
}

// Handler serves the Algolia search API over ix, under any prefix:
//
//	POST …/1/indexes/*/queries       multi-query: {"requests":[…]} → {"results":[…]}
//	POST …/1/indexes/{name}/query    one query → one result
//	GET  …/1/indexes/{name}?query=…  one query → one result
//
// Bodies are read as JSON whatever their Content-Type (browsers send text/plain to avoid a
// preflight). Every answer allows any origin; errors are {"message", "status"}. A request is
// answered only within its client's rate limit and its budget of time and answer size (Limits).
func Handler(ix *Index, opts HandlerOptions) http.Handler {
	if opts.MaxBodyBytes <= 0 {
		opts.MaxBodyBytes = DefaultMaxBodyBytes
	}
	opts.Limits = opts.Limits.withDefaults()
	perClient := ratelimit.New(opts.Limits.RateLimit, DefaultRateLimit, opts.Limits.Now)
	turns := make(gate, opts.Limits.MaxConcurrent)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Access-Control-Allow-Origin", "*")
		if r.Method == http.MethodOptions {
			h.Set("Access-Control-Allow-Methods", "GET, POST, OPTIONS")
			allow := r.Header.Get("Access-Control-Request-Headers")
			if allow == "" {
				allow = "Content-Type, X-Algolia-API-Key, X-Algolia-Application-Id, X-Algolia-Agent, X-Algolia-UserToken"
			}
			h.Set("Access-Control-Allow-Headers", allow)
			h.Set("Access-Control-Max-Age", "86400")
			w.WriteHeader(http.StatusNoContent)
			return
		}
		_, rest, ok := strings.Cut(r.URL.Path, "/1/indexes/")
		if !ok || rest == "" {
			writeError(w, http.StatusNotFound, "no such search endpoint; use POST /1/indexes/*/queries")
			return
		}
		if ok, wait := perClient.Allow(ratelimit.ClientKey(r, opts.Limits.TrustProxy)); !ok {
			refuseRate(w, wait)
			return
		}
		// The body is read before waiting for a turn: a client slow to send it must not hold a
		// turn that others wait for.
		var body []byte
		if r.Method == http.MethodPost {
			var err error
			if body, err = readBody(w, r, opts.MaxBodyBytes); err != nil {
				writeErr(w, err)
				return
			}
		}
		if !turns.enter(r) {
			return // the client left while waiting
		}
		defer turns.leave()
		s := &session{ix: ix, opts: opts, ctx: r.Context(), userToken: r.Header.Get("X-Algolia-UserToken"), budget: newBudget(opts.Limits)}
		switch {
		case rest == "*/queries":
			if r.Method != http.MethodPost {
				httpapi.MethodNotAllowed(w, http.MethodPost, http.MethodOptions)
				return
			}
			reqs, err := decodeMulti(body)
			if err != nil {
				writeErr(w, err)
				return
			}
			answer, err := s.answerAll(reqs)
			if err != nil {
				writeErr(w, err)
				return
			}
			writeRaw(w, http.StatusOK, answer)
		case strings.HasSuffix(rest, "/query") && !strings.Contains(strings.TrimSuffix(rest, "/query"), "/"):
			if r.Method != http.MethodPost {
				httpapi.MethodNotAllowed(w, http.MethodPost, http.MethodOptions)
				return
			}
			req, err := decodeSingle(strings.TrimSuffix(rest, "/query"), body)
			if err != nil {
				writeErr(w, err)
				return
			}
			s.answerOne(w, req)
		case !strings.Contains(rest, "/") && r.Method != http.MethodGet && r.Method != http.MethodHead:
			httpapi.MethodNotAllowed(w, http.MethodGet, http.MethodOptions)
		case !strings.Contains(rest, "/"):
			req, err := decodeURLParams(rest, r.URL.Query())
			if err != nil {
				writeErr(w, err)
				return
			}
			s.answerOne(w, req)
		default:
			writeError(w, http.StatusNotFound, "no such search endpoint; use POST /1/indexes/*/queries")
		}
	})
}

// session answers the queries of one HTTP request.
type session struct {
	ix        *Index
	opts      HandlerOptions
	ctx       context.Context
	userToken string
	budget    *budget
}

// answerAll answers the queries of a multi-query request in order, as {"results":[…]}, stopping
// with an overBudget error at the first query that the request's time or size budget cannot pay.
func (s *session) answerAll(reqs []request) ([]byte, error) {
	var b bytes.Buffer
	b.WriteString(`{"results":[`)
	for i, req := range reqs {
		if err := s.budget.spendTime(i); err != nil {
			return nil, err
		}
		one, err := json.Marshal(s.answer(req))
		if err != nil {
			return nil, err
		}
		if err := s.budget.spendBytes(len(one) + 1); err != nil {
			return nil, err
		}
		if i > 0 {
			b.WriteByte(',')
		}
		b.Write(one)
	}
	b.WriteString("]}\n")
	return b.Bytes(), nil
}

// answerOne writes the answer to a single query, within the request's size budget.
func (s *session) answerOne(w http.ResponseWriter, req request) {
	one, err := json.Marshal(s.answer(req))
	if err == nil {
		err = s.budget.spendBytes(len(one))
	}
	if err != nil {
		writeErr(w, err)
		return
	}
	writeRaw(w, http.StatusOK, append(one, '\n'))
}

func (s *session) answer(req request) map[string]any {
	res := s.ix.Search(req.Query)
	out := map[string]any{
		"hits":             hitsJSON(res.Hits, req),
		"nbHits":           res.NbHits,
		"page":             res.Page,
		"nbPages":          res.NbPages,
		"hitsPerPage":      res.HitsPerPage,
		"exhaustiveNbHits": true,
		"query":            req.Query.Text,
		"params":           req.Params,
		"index":            req.IndexName,
		"processingTimeMS": res.ProcessingTime.Milliseconds(),
	}
	queryID := ""
	if req.ClickAnalytics {
		queryID = newQueryID()
		out["queryID"] = queryID
	}
	if res.NbHits > 0 {
		searchesWithHits.Inc()
	} else {
		searchesWithoutHits.Inc()
	}
	if s.opts.Logger != nil && strings.TrimSpace(req.Query.Text) != "" {
		token := req.UserToken
		if token == "" {
			token = s.userToken
		}
		s.opts.Logger.LogQuery(s.ctx, QueryLog{
			Time: time.Now().UTC(), Index: req.IndexName, Query: cleanQuery(req.Query.Text), NbHits: res.NbHits,
			Page: res.Page, ProcessingTime: res.ProcessingTime, QueryID: queryID, UserToken: token,
		})
	}
	return out
}

// The search query counters, made once: counting a query is then one atomic add.
var (
	searchesWithHits    = metrics.SearchQueries.WithLabelValues("hits")
	searchesWithoutHits = metrics.SearchQueries.WithLabelValues("no_hits")
)

func newQueryID() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

func readBody(w http.ResponseWriter, r *http.Request, limit int64) ([]byte, error) {
	if r.ContentLength > limit {
		return nil, &tooLarge{limit}
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, limit))
	var mbe *http.MaxBytesError
	switch {
	case errors.As(err, &mbe):
		return nil, &tooLarge{limit}
	case errors.Is(err, os.ErrDeadlineExceeded):
		return nil, errSlowBody
	case err != nil:
		return nil, badf("could not read the request body")
	}
	return body, nil
}

type tooLarge struct{ limit int64 }

func (e *tooLarge) Error() string {
	return "request body is larger than the limit of " + itoa(int(e.limit)) + " bytes; send fewer or shorter queries"
}

// errSlowBody is a request body that did not arrive within the server's body timeout.
var errSlowBody = errors.New("the request body did not arrive in time; send it at once")

// writeErr maps an error to its status; only client errors carry their own message.
func writeErr(w http.ResponseWriter, err error) {
	var bad *badRequest
	var big *tooLarge
	var over *overBudget
	switch {
	case errors.Is(err, errSlowBody):
		writeError(w, http.StatusRequestTimeout, err.Error())
	case errors.As(err, &over):
		writeError(w, http.StatusBadRequest, over.msg)
	case errors.As(err, &big):
		writeError(w, http.StatusRequestEntityTooLarge, big.Error())
	case errors.As(err, &bad):
		writeError(w, http.StatusBadRequest, bad.msg)
	default:
		writeError(w, http.StatusInternalServerError, "internal error")
	}
}

func writeError(w http.ResponseWriter, status int, msg string) {
	httpapi.Error(w, status, msg)
}

// writeRaw writes JSON that is already encoded.
func writeRaw(w http.ResponseWriter, status int, body []byte) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_, _ = w.Write(body)
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}
