package search

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"
)

type memLogger struct {
	mu   sync.Mutex
	logs []QueryLog
}

func (l *memLogger) LogQuery(_ context.Context, q QueryLog) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.logs = append(l.logs, q)
}

func newTestServer(t *testing.T, opts HandlerOptions) *httptest.Server {
	t.Helper()
	mux := http.NewServeMux()
	mux.Handle("/api/search/", Handler(testIndex(t), opts))
	srv := httptest.NewServer(mux) // listens on 127.0.0.1
	t.Cleanup(srv.Close)
	return srv
}

func post(t *testing.T, srv *httptest.Server, path, contentType, body string) (int, http.Header, map[string]any) {
	t.Helper()
	resp, err := http.Post(srv.URL+path, contentType, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	var out map[string]any
	if err := json.Unmarshal(data, &out); err != nil {
		t.Fatalf("%s: answer is not JSON: %v: %s", path, err, data)
	}
	return resp.StatusCode, resp.Header, out
}

const multiPath = "/api/search/1/indexes/*/queries?x-algolia-agent=test"

func TestHandlerAnswersInAlgoliaShape(t *testing.T) {
	logger := &memLogger{}
	srv := newTestServer(t, HandlerOptions{Logger: logger})
	body := `{"requests":[{"indexName":"tezosdocs","query":"bakers","hitsPerPage":3,"clickAnalytics":true,
		"facetFilters":[["language:en"],["docusaurus_tag:default","docusaurus_tag:docs-default-current"]],
		"attributesToRetrieve":["hierarchy.lvl0","hierarchy.lvl1","content","type","url"],
		"attributesToSnippet":["hierarchy.lvl1:10","content:15"],"snippetEllipsisText":"…"},
		{"indexName":"tezosdocs","query":""}]}`
	status, hdr, out := post(t, srv, multiPath, "application/json", body)
	if status != 200 || hdr.Get("Access-Control-Allow-Origin") != "*" {
		t.Fatalf("status %d, CORS %q: %v", status, hdr.Get("Access-Control-Allow-Origin"), out)
	}
	results := out["results"].([]any)
	if len(results) != 2 {
		t.Fatalf("got %d results, want 2", len(results))
	}
	r0 := results[0].(map[string]any)
	for _, k := range []string{"hits", "nbHits", "page", "nbPages", "hitsPerPage", "query", "params", "index", "processingTimeMS", "queryID"} {
		if _, ok := r0[k]; !ok {
			t.Errorf("result lacks %s: %v", k, r0)
		}
	}
	if r0["query"] != "bakers" || r0["index"] != "tezosdocs" || r0["hitsPerPage"] != 3.0 || len(r0["queryID"].(string)) != 32 {
		t.Errorf("result = %v", r0)
	}
	if !strings.Contains(r0["params"].(string), "hitsPerPage=3") {
		t.Errorf("params = %q", r0["params"])
	}
	hits := r0["hits"].([]any)
	if len(hits) != 3 {
		t.Fatalf("got %d hits, want 3", len(hits))
	}
	hit := hits[0].(map[string]any)
	if hit["url"] != "https://docs.example.org/architecture/bakers" || hit["objectID"] == "" || hit["weight"] != nil || hit["type"] != "lvl1" {
		t.Errorf("first hit = %v", hit)
	}
	hier := hit["hierarchy"].(map[string]any)
	if hier["lvl1"] != "Bakers" || hier["lvl0"] != "Architecture" || len(hier) != 2 {
		t.Errorf("hierarchy = %v, want lvl0 and lvl1 only", hier)
	}
	lvl1 := hit["_highlightResult"].(map[string]any)["hierarchy"].(map[string]any)["lvl1"].(map[string]any)
	if lvl1["value"] != "<mark>Bakers</mark>" || lvl1["matchLevel"] != "full" || lvl1["matchedWords"].([]any)[0] != "bakers" {
		t.Errorf("_highlightResult.hierarchy.lvl1 = %v", lvl1)
	}
	snip := hit["_snippetResult"].(map[string]any)["hierarchy"].(map[string]any)["lvl1"].(map[string]any)
	if snip["value"] != "<mark>Bakers</mark>" {
		t.Errorf("_snippetResult.hierarchy.lvl1 = %v", snip)
	}
	r1 := results[1].(map[string]any)
	if r1["nbHits"].(float64) < 5 || len(r1["hits"].([]any)) == 0 {
		t.Errorf("empty query: %v, want the first page of records", r1)
	}
	if len(logger.logs) != 1 || logger.logs[0].Query != "bakers" || logger.logs[0].NbHits == 0 || logger.logs[0].QueryID != r0["queryID"] {
		t.Errorf("logged %+v, want the one non-empty query with its hits and queryID", logger.logs)
	}
}

func TestHandlerAcceptsParamsStringAndTextPlain(t *testing.T) {
	srv := newTestServer(t, HandlerOptions{})
	params := url.Values{
		"query":           {"michelsn"},
		"hitsPerPage":     {"2"},
		"facetFilters":    {`["language:en"]`},
		"highlightPreTag": {"<b>"}, "highlightPostTag": {"</b>"},
		"attributesToRetrieve": {"url,type"},
	}.Encode()
	body, _ := json.Marshal(map[string]any{"requests": []map[string]any{{"indexName": "docs", "params": params}}})
	status, _, out := post(t, srv, multiPath, "text/plain;charset=UTF-8", string(body))
	if status != 200 {
		t.Fatalf("status %d: %v", status, out)
	}
	r := out["results"].([]any)[0].(map[string]any)
	hits := r["hits"].([]any)
	if r["hitsPerPage"] != 2.0 || len(hits) == 0 {
		t.Fatalf("result %v", r)
	}
	hit := hits[0].(map[string]any)
	if hit["url"] != "https://docs.example.org/smart-contracts/languages/michelson" || hit["hierarchy"] != nil {
		t.Errorf("hit = %v, want the Michelson page with url and type only", hit)
	}
	v := hit["_highlightResult"].(map[string]any)["hierarchy"].(map[string]any)["lvl1"].(map[string]any)["value"]
	if v != "<b>Michelson</b>" {
		t.Errorf("highlight = %v, want custom tags", v)
	}

	// Parameters nested as an object are read as flattened ones.
	status, _, out = post(t, srv, multiPath, "text/plain", `{"requests":[{"indexName":"docs","params":{"query":"bakers","hitsPerPage":1}}]}`)
	r = out["results"].([]any)[0].(map[string]any)
	if status != 200 || r["query"] != "bakers" || len(r["hits"].([]any)) != 1 {
		t.Errorf("params object: %d %v", status, r)
	}

	// The single-index endpoint answers one result.
	status, _, one := post(t, srv, "/api/search/1/indexes/docs/query", "application/x-www-form-urlencoded", `{"params":"query=octez-cl"}`)
	if status != 200 || one["index"] != "docs" || one["nbHits"].(float64) < 1 {
		t.Errorf("single query: %d %v", status, one)
	}
}

func TestHandlerAnswersCORSPreflight(t *testing.T) {
	srv := newTestServer(t, HandlerOptions{})
	req, _ := http.NewRequest(http.MethodOptions, srv.URL+multiPath, nil)
	req.Header.Set("Origin", "https://example.org")
	req.Header.Set("Access-Control-Request-Method", "POST")
	req.Header.Set("Access-Control-Request-Headers", "x-algolia-api-key, content-type")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 204 || resp.Header.Get("Access-Control-Allow-Origin") != "*" ||
		!strings.Contains(resp.Header.Get("Access-Control-Allow-Methods"), "POST") ||
		!strings.Contains(resp.Header.Get("Access-Control-Allow-Headers"), "x-algolia-api-key") {
		t.Errorf("preflight: %d %v", resp.StatusCode, resp.Header)
	}
}

func TestHandlerRejectsBadInput(t *testing.T) {
	srv := newTestServer(t, HandlerOptions{})
	long := strings.Repeat("é", 513)
	tests := []struct {
		name, path, body string
		status           int
		message          string
	}{
		{"malformed JSON", multiPath, `{"requests":[`, 400, "not valid JSON"},
		{"not an object", multiPath, `[1,2]`, 400, "should be an object, not an array"},
		{"requests not an array", multiPath, `{"requests":{"a":1}}`, 400, "field requests should be an array, not an object"},
		{"a request not an object", multiPath, `{"requests":["q"]}`, 400, "field requests should be an object, not a string"},
		{"no requests", multiPath, `{}`, 400, `no "requests"`},
		{"empty body", multiPath, ``, 400, "empty"},
		{"query too long", multiPath, `{"requests":[{"query":"` + long + `"}]}`, 400, "513 characters long; the limit is 512"},
		{"bad hitsPerPage", multiPath, `{"requests":[{"query":"a","hitsPerPage":-1}]}`, 400, "hitsPerPage"},
		{"bad facetFilters", multiPath, `{"requests":[{"query":"a","facetFilters":[1]}]}`, 400, "facetFilters"},
		{"bad params string", multiPath, `{"requests":[{"params":"hitsPerPage=many"}]}`, 400, "hitsPerPage"},
		{"too large", multiPath, `{"requests":[{"query":"` + strings.Repeat("a", 70000) + `"}]}`, 413, "larger than the limit of 65536 bytes"},
		{"unknown endpoint", "/api/search/1/keys", `{}`, 404, "no such search endpoint"},
		{"more than 50 queries", multiPath, `{"requests":[` + strings.Repeat(`{"query":"a"},`, 50) + `{"query":"a"}]}`, 400, "51 queries; at most 50"},
		{"hitsPerPage over 1000", multiPath, `{"requests":[{"query":"a","hitsPerPage":1001}]}`, 400, "between 0 and 1000"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			status, _, out := post(t, srv, tt.path, "application/json", tt.body)
			if status != tt.status || out["status"] != float64(tt.status) || !strings.Contains(out["message"].(string), tt.message) {
				t.Errorf("got %d %v, want %d with %q", status, out, tt.status, tt.message)
			}
		})
	}
	resp, err := http.Get(srv.URL + multiPath)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusMethodNotAllowed || resp.Header.Get("Allow") != "POST, OPTIONS" {
		t.Errorf("GET queries: %d, Allow %q; want 405, POST, OPTIONS", resp.StatusCode, resp.Header.Get("Allow"))
	}
	req, _ := http.NewRequest(http.MethodDelete, srv.URL+"/api/search/1/indexes/docs", nil)
	resp, err = http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusMethodNotAllowed || resp.Header.Get("Allow") != "GET, HEAD, OPTIONS" {
		t.Errorf("DELETE an index: %d, Allow %q; want 405, GET, HEAD, OPTIONS", resp.StatusCode, resp.Header.Get("Allow"))
	}
}

func TestHandlerKeepsHostileQueriesInert(t *testing.T) {
	srv := newTestServer(t, HandlerOptions{})
	q := `staking <script>alert(1)</script> "\u0000\u001b` + "\u202e"
	body, _ := json.Marshal(map[string]any{"requests": []map[string]any{{"query": q, "attributesToSnippet": []string{"content:15"}}}})
	status, _, out := post(t, srv, multiPath, "application/json", string(body))
	if status != 200 {
		t.Fatalf("status %d: %v", status, out)
	}
	r := out["results"].([]any)[0].(map[string]any)
	if r["query"] != q {
		t.Errorf("query echoed as %q", r["query"])
	}
	for _, h := range r["hits"].([]any) {
		hr := h.(map[string]any)["_snippetResult"].(map[string]any)
		if c, ok := hr["content"].(map[string]any); ok {
			assertOnlyMarks(t, c["value"].(string), "<mark>", "</mark>")
		}
	}
}

func TestHandlerParameters(t *testing.T) {
	srv := newTestServer(t, HandlerOptions{})
	first := func(body string) map[string]any {
		t.Helper()
		status, _, out := post(t, srv, multiPath, "application/json", body)
		if status != 200 {
			t.Fatalf("%s: status %d: %v", body, status, out)
		}
		return out["results"].([]any)[0].(map[string]any)
	}
	r := first(`{"requests":[{"query":"bakers","attributesToRetrieve":["*","-content"],"getRankingInfo":true}]}`)
	hit := r["hits"].([]any)[0].(map[string]any)
	if _, ok := hit["content"]; ok {
		t.Errorf("content retrieved despite -content: %v", hit)
	}
	if hit["url"] == nil || hit["hierarchy"] == nil || hit["weight"] == nil {
		t.Errorf("* did not retrieve everything: %v", hit)
	}
	if ri, ok := hit["_rankingInfo"].(map[string]any); !ok || ri["words"] != 1.0 {
		t.Errorf("_rankingInfo = %v", hit["_rankingInfo"])
	}
	one := first(`{"requests":[{"query":"bakers"}]}`)
	all := first(`{"requests":[{"query":"bakers","distinct":false}]}`)
	if all["nbHits"].(float64) <= one["nbHits"].(float64) {
		t.Errorf("distinct:false gave %v hits, distinct by default %v", all["nbHits"], one["nbHits"])
	}
	paged := first(`{"requests":[{"query":"bakers","hitsPerPage":2,"page":1}]}`)
	if paged["page"] != 1.0 || paged["nbPages"].(float64) < 2 || len(paged["hits"].([]any)) != 2 {
		t.Errorf("page 1: %v", paged)
	}

	resp, err := http.Get(srv.URL + "/api/search/1/indexes/docs?query=michelsn&hitsPerPage=1")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var got map[string]any
	if err := json.NewDecoder(resp.Body).Decode(&got); err != nil || resp.StatusCode != 200 || len(got["hits"].([]any)) != 1 {
		t.Errorf("GET: %d %v %v", resp.StatusCode, got, err)
	}
}

// A client slow to send its body holds no turn: others are answered meanwhile.
func TestSlowBodiesHoldNoTurn(t *testing.T) {
	srv := newTestServer(t, HandlerOptions{Limits: Limits{MaxConcurrent: 1}})
	stalled, err := net.Dial("tcp", srv.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer stalled.Close()
	fmt.Fprintf(stalled, "POST %s HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\n{\"requests\":[", multiPath)
	client := &http.Client{Timeout: 5 * time.Second}
	for i := range 5 {
		resp, err := client.Post(srv.URL+multiPath, "application/json", strings.NewReader(`{"requests":[{"indexName":"tezosdocs","query":"bakers"}]}`))
		if err != nil {
			t.Fatalf("search %d while a body stalls: %v", i, err)
		}
		_, _ = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 {
			t.Fatalf("search %d while a body stalls: %d", i, resp.StatusCode)
		}
	}
}
