package search

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"sort"
	"strconv"
	"strings"

	"tzdocs/internal/httpapi"
)

// maxRequests bounds the queries of one multi-query request.
const maxRequests = 50

// request is one decoded query of an Algolia search request.
type request struct {
	IndexName            string
	Query                Query
	AttributesToRetrieve []string // nil → all
	ClickAnalytics       bool
	NoAnalytics          bool // analytics=false: the query is not logged
	GetRankingInfo       bool
	UserToken            string
	ResponseFields       []string // nil → all
	Params               string   // the parameters as a URL-encoded string, echoed in the result
	// Given names the parameters the request set, so the index settings fill in the others.
	Given map[string]bool
	// A facet request (multi-query type "facet", or searchForFacetValues) searches the values of
	// Facet that match FacetQuery, and returns at most MaxFacetHits of them.
	Facet        string
	FacetQuery   string
	MaxFacetHits int
	// naturalLanguages, once all parameters are read, sets the language and word removal
	// parameters the request left out (see applyNaturalLanguages).
	naturalLanguages []string
}

// badRequest is an error the client can fix; its message is shown to them.
type badRequest struct{ msg string }

func (e *badRequest) Error() string { return e.msg }

func badf(format string, args ...any) error { return &badRequest{fmt.Sprintf(format, args...)} }

// decodeMulti decodes the body of POST /1/indexes/*/queries: {"requests":[{indexName, query,
// params, …}, …]}, each with flattened parameters, a URL-encoded "params" string, or both (the
// flattened ones win).
func decodeMulti(body []byte) ([]request, error) {
	var env struct {
		Requests []map[string]json.RawMessage `json:"requests"`
	}
	if err := decodeJSON(body, &env); err != nil {
		return nil, err
	}
	if env.Requests == nil {
		return nil, badf(`request body has no "requests" array; send {"requests":[{"indexName":"…","query":"…"}]}`)
	}
	if len(env.Requests) > maxRequests {
		return nil, badf("request holds %d queries; at most %d are allowed", len(env.Requests), maxRequests)
	}
	out := make([]request, 0, len(env.Requests))
	for i, fields := range env.Requests {
		if fields == nil {
			return nil, badf("requests[%d] is not an object", i)
		}
		r, err := decodeParams(fields)
		var unknown *unknownParam
		if errors.As(err, &unknown) {
			return nil, err
		}
		if err != nil {
			return nil, badf("requests[%d]: %v", i, err)
		}
		out = append(out, r)
	}
	return out, nil
}

// decodeSingle decodes the body of POST /1/indexes/{name}/query: {"params":"…"} or flattened
// parameters. An empty body is an empty query.
func decodeSingle(indexName string, body []byte) (request, error) {
	fields := map[string]json.RawMessage{}
	if len(bytes.TrimSpace(body)) > 0 {
		if err := decodeJSON(body, &fields); err != nil {
			return request{}, err
		}
		if fields == nil {
			return request{}, badf("request body must be a JSON object")
		}
	}
	r, err := decodeParams(fields)
	r.IndexName = indexName
	return r, err
}

// decodeURLParams decodes the parameters of GET /1/indexes/{name}?query=….
func decodeURLParams(indexName string, values url.Values) (request, error) {
	r := request{IndexName: indexName}
	for _, k := range sortedKeys(values) {
		if isClientCredential(k) {
			values.Del(k)
			continue
		}
		if err := r.apply(k, paramValue{str: values.Get(k), isString: true}); err != nil {
			return r, err
		}
	}
	r.Params = values.Encode()
	return r, r.validate()
}

func decodeJSON(body []byte, v any) error {
	if len(bytes.TrimSpace(body)) == 0 {
		return badf(`request body is empty; send JSON such as {"requests":[{"indexName":"docs","query":"bakers"}]}`)
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	if err := dec.Decode(v); err != nil {
		return badf("request body: %s", httpapi.JSONProblem(err))
	}
	if dec.More() {
		return badf("request body holds more than one JSON value")
	}
	return nil
}

func decodeParams(fields map[string]json.RawMessage) (request, error) {
	var r request
	if raw, ok := fields["indexName"]; ok {
		if err := json.Unmarshal(raw, &r.IndexName); err != nil {
			return r, badf("indexName must be a string")
		}
	}
	if raw, ok := fields["type"]; ok {
		var kind string
		if err := json.Unmarshal(raw, &kind); err != nil || kind != "default" && kind != "facet" {
			return r, badf(`type must be "default" or "facet"`)
		}
		if kind == "facet" {
			if err := json.Unmarshal(fields["facet"], &r.Facet); err != nil || r.Facet == "" {
				return r, badf(`a request of type "facet" needs "facet": the attribute whose values to search`)
			}
		}
	}
	echo := url.Values{}
	if raw, ok := fields["params"]; ok && bytes.HasPrefix(bytes.TrimSpace(raw), []byte("{")) {
		// Some clients nest the parameters as an object: treat them as flattened ones.
		var nested map[string]json.RawMessage
		if err := json.Unmarshal(raw, &nested); err != nil {
			return r, badf("params: %s", httpapi.JSONProblem(err))
		}
		delete(fields, "params")
		for k, v := range nested {
			if _, top := fields[k]; !top && k != "params" {
				fields[k] = v
			}
		}
	}
	if raw, ok := fields["params"]; ok {
		var s string
		if err := json.Unmarshal(raw, &s); err != nil {
			return r, badf("params must be a URL-encoded string such as \"query=bakers&hitsPerPage=5\" or an object")
		}
		values, err := url.ParseQuery(s)
		if err != nil {
			return r, badf("params is not a valid URL-encoded string: %v", err)
		}
		for _, k := range sortedKeys(values) {
			if err := r.apply(k, paramValue{str: values.Get(k), isString: true}); err != nil {
				return r, err
			}
			echo.Set(k, values.Get(k))
		}
	}
	keys := make([]string, 0, len(fields))
	for k := range fields {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if envelopeFields[k] {
			continue
		}
		v := paramValue{raw: fields[k]}
		if err := r.apply(k, v); err != nil {
			return r, err
		}
		if s, err := v.string(); err == nil {
			echo.Set(k, s)
		} else {
			echo.Set(k, string(bytes.TrimSpace(fields[k])))
		}
	}
	r.Params = echo.Encode()
	return r, r.validate()
}

// validate checks the request once all its parameters are read, and completes the parameters
// that depend on others.
func (r *request) validate() error {
	r.applyNaturalLanguages()
	if n := queryLength(r.Query.Text); n > MaxQueryLength {
		return badf("query is %d characters long; the limit is %d characters, so shorten it", n, MaxQueryLength)
	}
	return nil
}

// apply sets one search parameter as its declaration in searchParams says. Algolia parameters
// without effect here are accepted; unknown names are refused as Algolia refuses them.
func (r *request) apply(key string, v paramValue) error {
	p := paramsByName[key]
	if p == nil {
		return &unknownParam{key}
	}
	if r.Given == nil {
		r.Given = map[string]bool{}
	}
	r.Given[key] = true
	if p.apply == nil {
		return nil
	}
	if err := p.apply(r, v); err != nil {
		return badf("parameter %s: %v", key, err)
	}
	return nil
}

// paramValue is a parameter as JSON (flattened form) or as a string (params string form).
type paramValue struct {
	raw      json.RawMessage
	str      string
	isString bool
}

// text returns the value as a string: the string itself, or the JSON text of other values.
func (v paramValue) text() (string, bool) {
	if v.isString {
		return v.str, true
	}
	var s string
	if err := json.Unmarshal(v.raw, &s); err == nil {
		return s, true
	}
	return "", false
}

func (v paramValue) string() (string, error) {
	if s, ok := v.text(); ok {
		return s, nil
	}
	if bytes.Equal(bytes.TrimSpace(v.raw), []byte("null")) {
		return "", nil
	}
	return "", errors.New("must be a string")
}

func (v paramValue) intIn(lo, hi int) (int, error) {
	var n int
	if s, ok := v.text(); ok {
		var err error
		if n, err = strconv.Atoi(strings.TrimSpace(s)); err != nil {
			return 0, fmt.Errorf("must be a whole number, not %q", s)
		}
	} else if err := json.Unmarshal(v.raw, &n); err != nil {
		return 0, errors.New("must be a whole number")
	}
	if n < lo || n > hi {
		return 0, fmt.Errorf("must be between %d and %d, not %d", lo, hi, n)
	}
	return n, nil
}

func (v paramValue) bool() (bool, error) {
	if s, ok := v.text(); ok {
		b, err := strconv.ParseBool(strings.TrimSpace(s))
		if err != nil {
			return false, fmt.Errorf("must be true or false, not %q", s)
		}
		return b, nil
	}
	var b bool
	if err := json.Unmarshal(v.raw, &b); err != nil {
		return false, errors.New("must be true or false")
	}
	return b, nil
}

// oneOf accepts one of the given strings.
func (v paramValue) oneOf(allowed ...string) (string, error) {
	s, err := v.string()
	if err != nil {
		return "", err
	}
	for _, a := range allowed {
		if s == a {
			return s, nil
		}
	}
	return "", fmt.Errorf("must be one of %s, not %q", strings.Join(allowed, ", "), s)
}

// typoTolerance accepts true, false, "min" or "strict" (as a boolean or a string).
func (v paramValue) typoTolerance() (string, error) {
	if b, err := v.bool(); err == nil {
		return strconv.FormatBool(b), nil
	}
	s, err := v.string()
	if err == nil && (s == "min" || s == "strict") {
		return s, nil
	}
	return "", errors.New(`must be true, false, "min" or "strict"`)
}

// searchable reads restrictSearchableAttributes: searchable attribute paths ("hierarchy.lvl1",
// "hierarchy", "content"); an empty list restricts nothing.
func (v paramValue) searchable() (uint8, error) {
	names, err := v.strings()
	if err != nil {
		return 0, err
	}
	var mask uint8
	for _, name := range names {
		attrs := attrsNamed(strings.TrimSpace(name))
		if len(attrs) == 0 || name == "*" {
			return 0, fmt.Errorf("%q is not a searchable attribute; use hierarchy, hierarchy.lvl0 … hierarchy.lvl6 or content", name)
		}
		for _, a := range attrs {
			mask |= 1 << a
		}
	}
	return mask, nil
}

// distinct accepts true/false or a number of hits per URL; false and 0 mean no limit.
func (v paramValue) distinct() (int, error) {
	if b, err := v.bool(); err == nil {
		if b {
			return 1, nil
		}
		return -1, nil
	}
	n, err := v.intIn(0, 4)
	if err != nil {
		return 0, errors.New("must be true, false or a number from 0 to 4")
	}
	if n == 0 {
		return -1, nil
	}
	return n, nil
}

// strings accepts a JSON array of strings, or a string holding a JSON array or a
// comma-separated list.
func (v paramValue) strings() ([]string, error) {
	s, isStr := v.text()
	raw := []byte(v.raw)
	if isStr {
		t := strings.TrimSpace(s)
		if !strings.HasPrefix(t, "[") {
			if t == "" {
				return []string{}, nil
			}
			parts := strings.Split(t, ",")
			for i := range parts {
				parts[i] = strings.TrimSpace(parts[i])
			}
			return parts, nil
		}
		raw = []byte(t)
	}
	var out []string
	if err := json.Unmarshal(raw, &out); err != nil {
		return nil, errors.New("must be an array of strings")
	}
	return out, nil
}

func (v paramValue) filters() (Filters, error) {
	groups, err := v.groups("facetFilters")
	if err != nil {
		return nil, err
	}
	return filtersOf(groups)
}

// groups reads the AND-of-OR array form that facetFilters, numericFilters and tagFilters share.
// It refuses more than MaxFilterConditions conditions in all.
func (v paramValue) groups(name string) ([][]string, error) {
	var groups [][]string
	var err error
	switch t := strings.TrimSpace(v.str); {
	case !v.isString:
		groups, err = parseGroups(v.raw, name)
	case t == "":
		return nil, nil
	case !strings.HasPrefix(t, "["):
		return [][]string{{t}}, nil
	default:
		groups, err = parseGroups([]byte(t), name)
	}
	n := 0
	for _, g := range groups {
		n += len(g)
	}
	if err == nil && n > MaxFilterConditions {
		return nil, badf("%s holds %d conditions; a query may give at most %d conditions per filter parameter", name, n, MaxFilterConditions)
	}
	return groups, err
}

// addCondition parses a filter parameter with parse (given its text, "" when it is not a
// string) and adds the condition, if any, to the query.
func (q *Query) addCondition(v paramValue, parse func(string) (Condition, error)) error {
	text, _ := v.text()
	c, err := parse(text)
	if err != nil || c == nil {
		return err
	}
	q.Conditions = append(q.Conditions, c)
	return nil
}

func sortedKeys(values url.Values) []string {
	keys := make([]string, 0, len(values))
	for k := range values {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
