package search

import (
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"testing"

	"tzdocs/internal/output"
	"tzdocs/internal/sitebuild/buildtest"
)

func TestFacetCounts(t *testing.T) {
	ix := testIndex(t)
	res := ix.Search(Query{Text: "bakers", Distinct: -1, NoHits: true, Facets: []string{"type", "hierarchy.lvl1", "weight.level", "url"}})
	if len(res.Hits) != 0 || res.NbHits == 0 {
		t.Fatalf("hitsPerPage 0: %d hits of %d", len(res.Hits), res.NbHits)
	}
	if _, ok := res.Facets["url"]; ok {
		t.Error("url is not a facet but was counted")
	}
	total := 0
	for _, n := range res.Facets["type"] {
		total += n
	}
	if total != res.NbHits {
		t.Errorf("type counts %v sum to %d, want nbHits %d", res.Facets["type"], total, res.NbHits)
	}
	if res.Facets["hierarchy.lvl1"]["Bakers"] == 0 {
		t.Errorf("hierarchy.lvl1 counts %v, want Bakers", res.Facets["hierarchy.lvl1"])
	}
	st, ok := res.FacetsStats["weight.level"]
	if !ok || st.Max != 90 || st.Min > st.Max || st.Avg < st.Min || st.Avg > st.Max {
		t.Errorf("facets_stats weight.level = %+v", st)
	}
	// Filters narrow the counts; all facets with "*", one value each with maxValuesPerFacet 1.
	lvl1Only := ix.Search(Query{Text: "bakers", Distinct: -1, Filters: Filters{{{Attr: "type", Value: "lvl1"}}}, Facets: []string{"type"}})
	if len(lvl1Only.Facets["type"]) != 1 || lvl1Only.Facets["type"]["lvl1"] != lvl1Only.NbHits {
		t.Errorf("filtered facet counts %v", lvl1Only.Facets["type"])
	}
	star := ix.Search(Query{Text: "tez", Facets: []string{"*"}, MaxValuesPerFacet: 1})
	for _, a := range []string{"type", "lang", "language", "version", "docusaurus_tag", "hierarchy.lvl0", "hierarchy.lvl1"} {
		if len(star.Facets[a]) != 1 {
			t.Errorf("facets * with maxValuesPerFacet 1: %s = %v", a, star.Facets[a])
		}
	}
	if star.Facets["version"]["current"] == 0 {
		t.Errorf("version facet %v, want current (from the Docusaurus tag)", star.Facets["version"])
	}
	// Distinct keeps one hit per section; faceting after distinct counts only those.
	before := ix.Search(Query{Text: "bakers", Facets: []string{"hierarchy.lvl0"}})
	after := ix.Search(Query{Text: "bakers", Facets: []string{"hierarchy.lvl0"}, FacetingAfterDistinct: true})
	if after.Facets["hierarchy.lvl0"]["Architecture"] != after.NbHits-countOther(after, "Architecture") ||
		before.Facets["hierarchy.lvl0"]["Architecture"] < after.Facets["hierarchy.lvl0"]["Architecture"] {
		t.Errorf("faceting before distinct %v, after %v", before.Facets, after.Facets)
	}
}

func countOther(res Result, lvl0 string) int {
	n := 0
	for v, c := range res.Facets["hierarchy.lvl0"] {
		if v != lvl0 {
			n += c
		}
	}
	return n
}

func TestSearchForFacetValues(t *testing.T) {
	srv := newTestServer(t, HandlerOptions{})
	status, _, out := post(t, srv, "/api/search/1/indexes/tezosdocs/facets/hierarchy.lvl1/query", "application/json",
		`{"params":"facetQuery=oct&maxFacetHits=5"}`)
	hits, _ := out["facetHits"].([]any)
	if status != 200 || len(hits) != 1 {
		t.Fatalf("searchForFacetValues: %d %v", status, out)
	}
	h := hits[0].(map[string]any)
	if h["value"] != "The Octez client" || h["highlighted"] != "The <mark>Oct</mark>ez client" || h["count"].(float64) < 2 {
		t.Errorf("facet hit %v", h)
	}
	// The query and filters of the search narrow the values and their counts.
	_, _, out = post(t, srv, "/api/search/1/indexes/tezosdocs/facets/hierarchy.lvl0/query", "application/json",
		`{"facetQuery":"","params":"query=baker&filters=type%3Alvl1"}`)
	var values []string
	for _, h := range out["facetHits"].([]any) {
		values = append(values, h.(map[string]any)["value"].(string))
	}
	if !slices.Contains(values, "Architecture") || slices.Contains(values, "Smart contracts") {
		t.Errorf("values for baker among page titles: %v", values)
	}
	// A facet that is not searchable: Algolia's message.
	status, _, out = post(t, srv, "/api/search/1/indexes/tezosdocs/facets/weight.level/query", "application/json", `{"facetQuery":"9"}`)
	if status != 400 || !strings.Contains(out["message"].(string), "searchable(weight.level)") {
		t.Errorf("weight.level: %d %v", status, out)
	}
	// The multi-query form, next to a search.
	status, _, out = post(t, srv, multiPath, "application/json", `{"requests":[
		{"indexName":"tezosdocs","type":"facet","facet":"type","facetQuery":"lv","maxFacetHits":2},
		{"indexName":"tezosdocs","query":"bakers","hitsPerPage":0,"facets":["type"]}]}`)
	results, _ := out["results"].([]any)
	if status != 200 || len(results) != 2 {
		t.Fatalf("multi-query with a facet request: %d %v", status, out)
	}
	fh := results[0].(map[string]any)["facetHits"].([]any)
	if len(fh) != 2 || !strings.HasPrefix(fh[0].(map[string]any)["value"].(string), "lvl") {
		t.Errorf("facet request: %v", results[0])
	}
	r1 := results[1].(map[string]any)
	if len(r1["hits"].([]any)) != 0 || r1["facets"].(map[string]any)["type"] == nil || r1["exhaustiveFacetsCount"] != true {
		t.Errorf("facets with hitsPerPage 0: %v", r1)
	}
	status, _, out = post(t, srv, multiPath, "application/json", `{"requests":[{"indexName":"tezosdocs","type":"facet"}]}`)
	if status != 400 || !strings.Contains(out["message"].(string), `"facet"`) {
		t.Errorf("facet request without facet: %d %v", status, out)
	}
}

func TestSettingsDefaultsAndIndexNames(t *testing.T) {
	settings := DefaultSettings()
	settings.HitsPerPage = 3
	srv := newTestServer(t, HandlerOptions{IndexName: "tezosdocs", Replicas: []string{"tezosdocs_by_date"}, Settings: &settings})
	resp, err := http.Get(srv.URL + "/api/search/1/indexes/tezosdocs/settings")
	if err != nil {
		t.Fatal(err)
	}
	got := decodeBody(t, resp)
	if resp.StatusCode != 200 || got["hitsPerPage"] != 3.0 || !slices.Contains(toStrings(got["attributesForFaceting"]), "searchable(docusaurus_tag)") ||
		!slices.Contains(toStrings(got["replicas"]), "tezosdocs_by_date") {
		t.Errorf("settings: %d %v", resp.StatusCode, got)
	}
	// What a request leaves out comes from the settings: 3 hits, content snippets, <mark> tags.
	_, _, out := post(t, srv, "/api/search/1/indexes/tezosdocs/query", "application/json", `{"query":"bakers","distinct":false}`)
	hits := out["hits"].([]any)
	if len(hits) != 3 || out["hitsPerPage"] != 3.0 || out["nbHits"].(float64) < 5 {
		t.Fatalf("default hitsPerPage: %v", out)
	}
	_, _, out = post(t, srv, "/api/search/1/indexes/tezosdocs/query", "application/json", `{"query":"collateral"}`)
	snippetted := false
	for _, h := range out["hits"].([]any) {
		if c, ok := h.(map[string]any)["_snippetResult"].(map[string]any)["content"].(map[string]any); ok {
			snippetted = strings.Contains(c["value"].(string), "<mark>")
		}
	}
	if !snippetted {
		t.Errorf("no content snippet by default: %v", hits)
	}
	_, _, out = post(t, srv, "/api/search/1/indexes/tezosdocs/query", "application/json", `{"query":"bakers","hitsPerPage":5,"distinct":false}`)
	if len(out["hits"].([]any)) != 5 {
		t.Errorf("hitsPerPage 5 given: %d hits", len(out["hits"].([]any)))
	}
	// Index names: the configured index and its replicas; anything else is Algolia's 404.
	for _, tt := range []struct {
		path, body string
		status     int
	}{
		{"/api/search/1/indexes/tezosdocs_by_date/query", `{"query":"bakers"}`, 200},
		{"/api/search/1/indexes/other/query", `{"query":"bakers"}`, 404},
		{"/api/search/1/indexes/other/facets/type/query", `{}`, 404},
		{multiPath, `{"requests":[{"indexName":"tezosdocs","query":"a"},{"indexName":"other","query":"b"}]}`, 404},
	} {
		status, _, out := post(t, srv, tt.path, "application/json", tt.body)
		if status != tt.status || status == 404 && (out["message"] != "Index does not exist" || out["status"] != 404.0) {
			t.Errorf("%s %s: %d %v, want %d", tt.path, tt.body, status, out, tt.status)
		}
	}
	resp, err = http.Get(srv.URL + "/api/search/1/indexes/other/settings")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 404 {
		t.Errorf("settings of an unknown index: %d", resp.StatusCode)
	}
}

func TestCORSOrigins(t *testing.T) {
	origins, err := ParseOrigins([]string{"https://docs.example.org/", "http://localhost:3000"})
	if err != nil {
		t.Fatal(err)
	}
	srv := newTestServer(t, HandlerOptions{Origins: &origins})
	do := func(method, origin string) *http.Response {
		t.Helper()
		req, _ := http.NewRequest(method, srv.URL+multiPath, strings.NewReader(`{"requests":[{"indexName":"tezosdocs","query":"bakers"}]}`))
		req.Header.Set("Origin", origin)
		if method == http.MethodOptions {
			req.Header.Set("Access-Control-Request-Method", "POST")
			req.Header.Set("Access-Control-Request-Headers", "x-algolia-api-key, x-algolia-application-id, content-type")
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp
	}
	for _, origin := range []string{"https://docs.example.org", "http://localhost:3000"} {
		pre := do(http.MethodOptions, origin)
		h := pre.Header
		if pre.StatusCode != 204 || h.Get("Access-Control-Allow-Origin") != origin || !strings.Contains(h.Get("Access-Control-Allow-Methods"), "POST") {
			t.Errorf("preflight from %s: %d %v", origin, pre.StatusCode, h)
		}
		for _, name := range []string{"x-algolia-api-key", "x-algolia-application-id", "x-algolia-usertoken", "x-algolia-agent", "authorization", "content-type"} {
			if !strings.Contains(h.Get("Access-Control-Allow-Headers"), name) {
				t.Errorf("preflight from %s does not allow %s", origin, name)
			}
		}
		if got := do(http.MethodPost, origin); got.StatusCode != 200 || got.Header.Get("Access-Control-Allow-Origin") != origin {
			t.Errorf("POST from %s: %d %q", origin, got.StatusCode, got.Header.Get("Access-Control-Allow-Origin"))
		}
	}
	for _, origin := range []string{"https://evil.example", "https://docs.example.org.evil.example", "null"} {
		for _, m := range []string{http.MethodOptions, http.MethodPost} {
			if got := do(m, origin).Header.Get("Access-Control-Allow-Origin"); got != "" {
				t.Errorf("%s from %s: Access-Control-Allow-Origin %q, want none", m, origin, got)
			}
		}
	}
	if _, err := ParseOrigins([]string{"docs.example.org"}); err == nil || !strings.Contains(err.Error(), "https://") {
		t.Errorf("an origin without scheme: %v", err)
	}
	if o, _ := ParseOrigins([]string{"https://docs.example.org:443"}); !o.Allows("https://docs.example.org") {
		t.Error("the default port is not part of an origin")
	}
}

func decodeBody(t *testing.T, resp *http.Response) map[string]any {
	t.Helper()
	defer resp.Body.Close()
	var out map[string]any
	if err := json.NewDecoder(resp.Body).Decode(&out); err != nil {
		t.Fatalf("answer is not JSON: %v", err)
	}
	return out
}

func toStrings(v any) []string {
	var out []string
	list, _ := v.([]any)
	for _, s := range list {
		if str, ok := s.(string); ok {
			out = append(out, str)
		}
	}
	return out
}

func TestKindFacet(t *testing.T) {
	ix := NewIndex(buildtest.Records(t, subjectSite))
	all := ix.Search(Query{Text: "stake", Facets: []string{"kind"}, Distinct: -1})
	n := all.Facets["kind"]["tutorial"]
	if n == 0 || n >= all.NbHits {
		t.Fatalf("kind facet: %v of %d hits", all.Facets, all.NbHits)
	}
	cond, err := ParseCondition("kind:tutorial")
	if err != nil {
		t.Fatal(err)
	}
	tut := ix.Search(Query{Text: "stake", Conditions: []Condition{cond}, Distinct: -1, HitsPerPage: 100})
	if tut.NbHits != n {
		t.Errorf("kind:tutorial: %d hits, the facet counts %d", tut.NbHits, n)
	}
	for _, h := range tut.Hits {
		if h.Kind != output.KindTutorial {
			t.Errorf("kind:tutorial: %s is not a tutorial record", h.URL)
		}
	}
	if !slices.Contains(DefaultSettings().AttributesForFaceting, "searchable(kind)") {
		t.Errorf("attributesForFaceting: %v", DefaultSettings().AttributesForFaceting)
	}
}
