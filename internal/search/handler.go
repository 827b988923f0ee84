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
	"net/url"
	"os"
	"slices"
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
	// IndexName is the index the site's search is configured with (site.yaml's
	// themeConfig.search.indexName); it and Replicas are answered, any other name is 404 "Index
	// does not exist". "" answers every name.
	IndexName string
	Replicas  []string
	// Settings fills in what a request leaves out; nil → DefaultSettings().
	Settings *Settings
	// Origins are the browser origins allowed to call the API from other sites (site.yaml's
	// themeConfig.search.allowedOrigins, by default the site's own origin); internal/server
	// passes them. Nil answers Access-Control-Allow-Origin "*" (tests and benchmarks only).
	Origins *Origins
	// Suggested is the suggested-questions index DocSearch's Ask AI reads (nil: none); its names
	// are answered besides IndexName.
	Suggested *Suggested
}

// Handler serves the Algolia search API over ix, under any prefix:
//
//	POST …/1/indexes/*/queries                  multi-query: {"requests":[…]} → {"results":[…]}
//	POST …/1/indexes/{name}/query               one query → one result
//	GET  …/1/indexes/{name}?query=…             one query → one result
//	POST …/1/indexes/{name}/facets/{attr}/query searchForFacetValues → {"facetHits":[…]}
//	GET  …/1/indexes/{name}/settings            the index settings
//
// Bodies are read as JSON whatever their Content-Type (browsers send text/plain to avoid a
// preflight). Errors are {"message", "status"}. A request is answered only within its client's
// rate limit and its budget of time and answer size (Limits).
func Handler(ix *Index, opts HandlerOptions) http.Handler {
	if opts.MaxBodyBytes <= 0 {
		opts.MaxBodyBytes = DefaultMaxBodyBytes
	}
	if opts.Settings == nil {
		def := DefaultSettings()
		opts.Settings = &def
	}
	if opts.Replicas != nil {
		opts.Settings.Replicas = opts.Replicas
	}
	opts.Limits = opts.Limits.withDefaults()
	perClient := ratelimit.New(opts.Limits.RateLimit, DefaultRateLimit, opts.Limits.Now)
	// With per-client limits on, one client holds all turns but one, which stays for others; a
	// load test (limits off) may take them all.
	perClientTurns := opts.Limits.MaxConcurrent - 1
	if opts.Limits.RateLimit.Off {
		perClientTurns = opts.Limits.MaxConcurrent
	}
	turns := newGate(opts.Limits.MaxConcurrent, perClientTurns)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if opts.Origins != nil {
			if opts.Origins.Handle(w, r, "GET, POST, OPTIONS") {
				return
			}
		} else if anyOrigin(w, r) {
			return
		}
		_, rest, ok := strings.Cut(r.URL.Path, "/1/indexes/")
		if !ok || rest == "" {
			httpapi.Error(w, http.StatusNotFound, "no such search endpoint; use POST /1/indexes/*/queries")
			return
		}
		client := ratelimit.ClientKey(r, opts.Limits.TrustProxy)
		if ok, wait := perClient.Allow(client); !ok {
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
		if !turns.enter(r, client) {
			return // the client left while waiting
		}
		defer turns.leave(client)
		s := &session{ix: ix, opts: opts, ctx: r.Context(), userToken: r.Header.Get("X-Algolia-UserToken"), budget: newBudget(opts.Limits)}
		s.route(w, r, rest, body)
	})
}

// route answers one request by its path below /1/indexes/, with its body (read already).
func (s *session) route(w http.ResponseWriter, r *http.Request, rest string, body []byte) {
	name, sub, _ := strings.Cut(rest, "/")
	if name != "*" && !s.knownIndex(name) {
		httpapi.Error(w, http.StatusNotFound, "Index does not exist")
		return
	}
	// post and get answer 405 with the methods allowed when the request has another method.
	post := func() bool {
		if r.Method != http.MethodPost {
			httpapi.MethodNotAllowed(w, http.MethodPost, http.MethodOptions)
			return false
		}
		return true
	}
	get := func() bool {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			httpapi.MethodNotAllowed(w, http.MethodGet, http.MethodOptions)
			return false
		}
		return true
	}
	facet, isFacet := strings.CutPrefix(sub, "facets/")
	// searchForFacetValues: facets/{attribute}/query
	facetQuery := isFacet && strings.HasSuffix(facet, "/query") && !strings.Contains(strings.TrimSuffix(facet, "/query"), "/")
	switch {
	case name == "*" && sub == "queries":
		if !post() {
			return
		}
		reqs, err := decodeMulti(body)
		if err == nil {
			err = s.checkIndexes(reqs)
		}
		var answer []byte
		if err == nil {
			answer, err = s.answerAll(reqs)
		}
		if err != nil {
			writeErr(w, err)
			return
		}
		httpapi.RawJSON(w, http.StatusOK, answer)
	case name != "*" && (sub == "query" || facetQuery):
		if !post() {
			return
		}
		req, err := decodeSingle(name, body)
		if err != nil {
			writeErr(w, err)
			return
		}
		if facetQuery {
			req.Facet, _ = url.PathUnescape(strings.TrimSuffix(facet, "/query"))
		}
		s.answerOne(w, req)
	case name != "*" && sub == "settings":
		if get() {
			httpapi.JSON(w, http.StatusOK, s.opts.Settings)
		}
	case name != "*" && sub == "":
		if !get() {
			return
		}
		req, err := decodeURLParams(name, r.URL.Query())
		if err != nil {
			writeErr(w, err)
			return
		}
		s.answerOne(w, req)
	default:
		httpapi.Error(w, http.StatusNotFound, "no such search endpoint; use POST /1/indexes/*/queries")
	}
}

// knownIndex reports whether name is the configured index or one of its replicas.
func (s *session) knownIndex(name string) bool {
	if s.opts.IndexName == "" {
		return true
	}
	if u, err := url.PathUnescape(name); err == nil {
		name = u
	}
	return name == s.opts.IndexName || s.opts.Suggested.answers(name) || slices.Contains(s.opts.Settings.Replicas, name)
}

// checkIndexes refuses a multi-query request that names an unknown index, as Algolia does.
func (s *session) checkIndexes(reqs []request) error {
	for _, r := range reqs {
		if !s.knownIndex(r.IndexName) {
			return &notFound{"Index does not exist"}
		}
	}
	return nil
}

// notFound is a 404 with Algolia's message.
type notFound struct{ msg string }

func (e *notFound) Error() string { return e.msg }

// anyOrigin is the CORS answer of a handler given no Origins: any origin may call.
func anyOrigin(w http.ResponseWriter, r *http.Request) bool {
	h := w.Header()
	h.Set("Access-Control-Allow-Origin", "*")
	if r.Method != http.MethodOptions {
		return false
	}
	h.Set("Access-Control-Allow-Methods", "GET, POST, OPTIONS")
	h.Set("Access-Control-Allow-Headers", corsHeaders)
	h.Set("Access-Control-Max-Age", "86400")
	w.WriteHeader(http.StatusNoContent)
	return true
}

// session answers the queries of one HTTP request.
type session struct {
	ix        *Index
	opts      HandlerOptions
	ctx       context.Context
	userToken string
	budget    *budget
	queries   int // the number of the query being answered, from 1
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
		s.queries = i + 1
		ans, err := s.answer(req)
		if err != nil {
			return nil, err
		}
		one, err := json.Marshal(ans)
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
	ans, err := s.answer(req)
	var one []byte
	if err == nil {
		one, err = json.Marshal(ans)
	}
	if err == nil {
		err = s.budget.spendBytes(len(one))
	}
	if err != nil {
		writeErr(w, err)
		return
	}
	httpapi.RawJSON(w, http.StatusOK, append(one, '\n'))
}

func (s *session) answer(req request) (map[string]any, error) {
	if s.opts.Suggested.answers(req.IndexName) {
		if req.Facet != "" {
			return nil, badf("the index %s has no facets", req.IndexName)
		}
		return s.opts.Suggested.answer(req), nil
	}
	s.opts.Settings.applyDefaults(&req)
	if req.Facet != "" {
		return s.answerFacet(req)
	}
	req.Query.Stop = s.budget.overTime
	res := s.ix.Search(req.Query)
	if res.Stopped {
		return nil, s.budget.stoppedIn(s.queries)
	}
	out := map[string]any{
		"hits":                  hitsJSON(res.Hits, req),
		"nbHits":                res.NbHits,
		"page":                  res.Page,
		"nbPages":               res.NbPages,
		"hitsPerPage":           res.HitsPerPage,
		"exhaustiveNbHits":      true,
		"exhaustiveFacetsCount": true,
		"exhaustive":            map[string]bool{"nbHits": true, "facetsCount": true},
		"query":                 req.Query.Text,
		"params":                req.Params,
		"index":                 req.IndexName,
		"processingTimeMS":      res.ProcessingTime.Milliseconds(),
	}
	if req.Query.Length > 0 || req.Given["offset"] {
		out["offset"], out["length"] = req.Query.Offset, req.Query.Length
	}
	if res.Facets != nil {
		out["facets"] = res.Facets
	}
	if res.FacetsStats != nil {
		out["facets_stats"] = res.FacetsStats
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
	if s.opts.Logger != nil && !req.NoAnalytics && strings.TrimSpace(req.Query.Text) != "" {
		token := req.UserToken
		if token == "" {
			token = s.userToken
		}
		s.opts.Logger.LogQuery(s.ctx, QueryLog{
			Time: time.Now().UTC(), Index: req.IndexName, Query: cleanQuery(req.Query.Text), NbHits: res.NbHits,
			Page: res.Page, ProcessingTime: res.ProcessingTime, QueryID: queryID, UserToken: token,
		})
	}
	if req.ResponseFields != nil && !slices.Contains(req.ResponseFields, "*") {
		for k := range out {
			if !slices.Contains(req.ResponseFields, k) {
				delete(out, k)
			}
		}
	}
	return out, nil
}

// answerFacet answers searchForFacetValues, alone or as a multi-query request of type facet.
func (s *session) answerFacet(req request) (map[string]any, error) {
	if !canSearchFacet(req.Facet) {
		return nil, badf("Cannot search in `%s` attribute, you need to add `searchable(%s)` to attributesForFaceting.", req.Facet, req.Facet)
	}
	res := s.ix.SearchFacetValues(req.Facet, req.FacetQuery, req.Query, req.MaxFacetHits)
	return map[string]any{"facetHits": res.FacetHits, "exhaustiveFacetsCount": res.ExhaustiveFacetsCount,
		"exhaustive": map[string]bool{"facetsCount": true}, "processingTimeMS": res.ProcessingTimeMS}, nil
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
	var unknown *unknownParam
	var missing *notFound
	switch {
	case errors.Is(err, errSlowBody):
		httpapi.Error(w, http.StatusRequestTimeout, err.Error())
	case errors.As(err, &unknown):
		httpapi.Error(w, http.StatusBadRequest, unknown.Error())
	case errors.As(err, &missing):
		httpapi.Error(w, http.StatusNotFound, missing.msg)
	case errors.As(err, &over):
		httpapi.Error(w, http.StatusBadRequest, over.msg)
	case errors.As(err, &big):
		httpapi.Error(w, http.StatusRequestEntityTooLarge, big.Error())
	case errors.As(err, &bad):
		httpapi.Error(w, http.StatusBadRequest, bad.msg)
	default:
		httpapi.Error(w, http.StatusInternalServerError, "internal error")
	}
}
