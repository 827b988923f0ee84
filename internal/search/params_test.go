package search

import (
	"encoding/json"
	"flag"
	"net/http"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"
)

var updateREADME = flag.Bool("update", false, "rewrite the README's table of search parameters from searchParams")

// The README's table of search parameters sits between these lines.
const (
	readmeTableStart = "<!-- The table below is written from searchParams (internal/search/params.go): go test ./internal/search -run TestREADMEParameterTable -update -->\n"
	readmeTableEnd   = "<!-- end of the table of search parameters -->\n"
)

func TestREADMEParameterTable(t *testing.T) {
	const path = "../../README.md"
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	readme := string(b)
	before, rest, ok := strings.Cut(readme, readmeTableStart)
	table, after, ok2 := strings.Cut(rest, readmeTableEnd)
	if !ok || !ok2 {
		t.Fatalf("README.md has no table of search parameters between %q and %q", readmeTableStart, readmeTableEnd)
	}
	want := paramTable()
	if table == want {
		return
	}
	if *updateREADME {
		if err := os.WriteFile(path, []byte(before+readmeTableStart+want+readmeTableEnd+after), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Errorf("README.md's table of search parameters differs from searchParams; run go test ./internal/search -run TestREADMEParameterTable -update\nREADME:\n%s\nwant:\n%s", table, want)
}

func TestParameterDeclarations(t *testing.T) {
	settings := map[string]bool{}
	for _, f := range reflect.VisibleFields(reflect.TypeFor[Settings]()) {
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		settings[name] = true
	}
	seen := map[string]bool{}
	for _, p := range searchParams {
		if seen[p.name] {
			t.Errorf("%s is declared twice", p.name)
		}
		seen[p.name] = true
		if p.fill != nil && !settings[p.name] {
			t.Errorf("%s is filled in from the settings, which have no %s field to say so", p.name, p.name)
		}
		if p.group != groupNoEffect && p.apply == nil {
			t.Errorf("%s is declared with an effect but has no apply", p.name)
		}
		if envelopeFields[p.name] {
			t.Errorf("%s is both a parameter and a field of the multi-query envelope", p.name)
		}
	}
	// A setting that a request may give has a fill, or is the engine's fixed default.
	fixed := map[string]bool{"typoTolerance": true, "minWordSizefor1Typo": true, "minWordSizefor2Typos": true}
	for name := range settings {
		if p := paramsByName[name]; p != nil && p.group != groupNoEffect && p.fill == nil && !fixed[name] {
			t.Errorf("the settings answer %s, but a request that leaves it out does not get that value", name)
		}
	}
	// Every value the settings answer is one a request could send.
	var m map[string]json.RawMessage
	b, _ := json.Marshal(DefaultSettings())
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	for name, raw := range m {
		if p := paramsByName[name]; p != nil && p.apply != nil {
			var r request
			if err := p.apply(&r, paramValue{raw: raw}); err != nil {
				t.Errorf("the settings answer %s: %s, which a request may not send: %v", name, raw, err)
			}
		}
	}
}

// stockClientParams are the search parameters the official clients send: DocSearch 3, 4 and 5
// (createDocSearchSources, useFacetValues, Ask AI suggestions), Docusaurus's search page
// (algoliasearch-helper with disjunctive facets) and algoliasearch 4 and 5 (searchForHits,
// searchForFacetValues).
var stockClientParams = []string{
	"query", "attributesToRetrieve", "attributesToSnippet", "snippetEllipsisText", "highlightPreTag",
	"highlightPostTag", "hitsPerPage", "clickAnalytics", "facetFilters", "facets", "distinct", "filters",
	"page", "advancedSyntax", "analytics", "attributesToHighlight", "tagFilters", "numericFilters",
	"maxValuesPerFacet", "facetQuery", "maxFacetHits", "userToken", "getRankingInfo", "analyticsTags",
	"ruleContexts", "enablePersonalization", "optionalFilters", "typoTolerance", "restrictSearchableAttributes",
	"facetingAfterDistinct", "responseFields", "enableABTest", "enableRules", "aroundLatLngViaIP",
}

func TestStockClientParametersAreAccepted(t *testing.T) {
	for _, p := range stockClientParams {
		if paramsByName[p] == nil {
			t.Errorf("%s, sent by a stock client, is not accepted", p)
		}
	}
}

func TestUnknownAndUnsupportedParameters(t *testing.T) {
	srv := newTestServer(t, HandlerOptions{})
	tests := []struct {
		name, body string
		status     int
		message    string
	}{
		{"unknown flattened", `{"requests":[{"indexName":"tezosdocs","query":"bakers","hitsPerPages":5}]}`, 400, "Unknown parameter: hitsPerPages"},
		{"unknown in params", `{"requests":[{"indexName":"tezosdocs","params":"query=bakers&colour=red"}]}`, 400, "Unknown parameter: colour"},
		{"bad word removal", `{"requests":[{"indexName":"tezosdocs","query":"bakers","removeWordsIfNoResults":"some"}]}`, 400, "parameter removeWordsIfNoResults: must be one of none, lastWords, firstWords, allOptional"},
		{"bad language", `{"requests":[{"indexName":"tezosdocs","query":"bakers","ignorePlurals":["english"]}]}`, 400, `parameter ignorePlurals: must be true, false or a list of language codes such as ["en"]: "english" is not a language code`},
		{"bad stop words", `{"requests":[{"indexName":"tezosdocs","query":"bakers","removeStopWords":3}]}`, 400, "parameter removeStopWords: must be true, false or a list of language codes"},
		{"bad natural languages", `{"requests":[{"indexName":"tezosdocs","params":"query=bakers&naturalLanguages=xx"}]}`, 400, `parameter naturalLanguages: "xx" is not a language code`},
		{"bad feature", `{"requests":[{"indexName":"tezosdocs","query":"bakers","advancedSyntaxFeatures":["phrases"]}]}`, 400, `parameter advancedSyntaxFeatures: "phrases" is not one of exactPhrase, excludeWords`},
		{"bad alternative", `{"requests":[{"indexName":"tezosdocs","query":"bakers","alternativesAsExact":["stems"]}]}`, 400, `parameter alternativesAsExact: "stems" is not one of`},
		{"bad attribute", `{"requests":[{"indexName":"tezosdocs","query":"bakers","disableExactOnAttributes":["title"]}]}`, 400, `parameter disableExactOnAttributes: "title" is not a searchable attribute`},
		{"bad typo attribute", `{"requests":[{"indexName":"tezosdocs","query":"bakers","disableTypoToleranceOnAttributes":"body"}]}`, 400, `parameter disableTypoToleranceOnAttributes: "body" is not a searchable attribute`},
		{"bad proximity", `{"requests":[{"indexName":"tezosdocs","query":"bakers","minProximity":8}]}`, 400, "parameter minProximity: must be between 1 and 7, not 8"},
		{"bad single word", `{"requests":[{"indexName":"tezosdocs","query":"bakers","exactOnSingleWordQuery":"all"}]}`, 400, "parameter exactOnSingleWordQuery: must be one of attribute, none, word"},
		{"bad sum", `{"requests":[{"indexName":"tezosdocs","query":"bakers","sumOrFiltersScores":"yes"}]}`, 400, "parameter sumOrFiltersScores: must be true or false"},
		{"bad numeric typos", `{"requests":[{"indexName":"tezosdocs","query":"bakers","allowTyposOnNumericTokens":1}]}`, 400, "parameter allowTyposOnNumericTokens: must be true or false"},
		{"bad by proximity", `{"requests":[{"indexName":"tezosdocs","query":"bakers","attributeCriteriaComputedByMinProximity":"x"}]}`, 400, "parameter attributeCriteriaComputedByMinProximity: must be true or false"},
		{"bad optional words", `{"requests":[{"indexName":"tezosdocs","query":"bakers","optionalWords":{"a":1}}]}`, 400, "parameter optionalWords: must be an array of strings"},
		{"bad similar query", `{"requests":[{"indexName":"tezosdocs","query":"bakers","similarQuery":["a"]}]}`, 400, "parameter similarQuery: must be a string"},
		{"bad mode", `{"requests":[{"indexName":"tezosdocs","query":"bakers","mode":"hybrid"}]}`, 400, "parameter mode: must be one of keywordSearch, neuralSearch"},
		{"bad semantic search", `{"requests":[{"indexName":"tezosdocs","query":"bakers","semanticSearch":{"sources":[]}}]}`, 400, `parameter semanticSearch: must be an object such as {"eventSources":["docs"]}`},
		{"word parameters", `{"requests":[{"indexName":"tezosdocs","query":"bakers","ignorePlurals":"true","removeStopWords":["en","fr"],"naturalLanguages":["en"],"optionalWords":null,"mode":"neuralSearch","semanticSearch":{"eventSources":null},"params":"alternativesAsExact=ignorePlurals,singleWordSynonym&minProximity=2&advancedSyntaxFeatures=exactPhrase"}]}`, 200, ""},
		{"no effect", `{"requests":[{"indexName":"tezosdocs","query":"bakers","aroundLatLngViaIP":true,"analyticsTags":["a"],"ruleContexts":["b"],"enablePersonalization":true}]}`, 200, ""},
	}
	for _, tt := range tests {
		status, _, out := post(t, srv, multiPath, "application/json", tt.body)
		if status != tt.status {
			t.Errorf("%s: status %d, want %d: %v", tt.name, status, tt.status, out)
			continue
		}
		if tt.status != 200 && (!strings.Contains(out["message"].(string), tt.message) || out["status"] != float64(tt.status)) {
			t.Errorf("%s: %v, want message %q", tt.name, out, tt.message)
		}
	}
	// Algolia's exact answer to a name it does not know.
	_, _, out := post(t, srv, "/api/search/1/indexes/tezosdocs/query", "application/json", `{"query":"bakers","foo":1}`)
	if out["message"] != "Unknown parameter: foo" || out["status"] != 400.0 || len(out) != 2 {
		t.Errorf("unknown parameter: %v", out)
	}
	// The clients' credentials in the URL are not search parameters.
	resp, err := http.Get(srv.URL + "/api/search/1/indexes/tezosdocs?query=bakers&x-algolia-agent=x&x-algolia-api-key=k&x-algolia-application-id=a")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Errorf("GET with credentials in the URL: %d", resp.StatusCode)
	}
}

func TestRestrictSearchableAttributes(t *testing.T) {
	ix := testIndex(t)
	all := ix.Search(Query{Text: "octez", HitsPerPage: 100})
	if !slices.ContainsFunc(urls(all), func(u string) bool { return strings.HasPrefix(u, "/architecture/bakers") }) {
		t.Fatalf("octez: %v, want the bakers page (its content names the Octez baker)", urls(all))
	}
	lvl1 := ix.Search(Query{Text: "octez", HitsPerPage: 100, Searchable: 1 << 1})
	if lvl1.NbHits == 0 || lvl1.NbHits >= all.NbHits {
		t.Fatalf("restricted to lvl1: %v of %v", urls(lvl1), urls(all))
	}
	for _, u := range urls(lvl1) {
		if !strings.HasPrefix(u, "/developing/octez-client") {
			t.Errorf("restricted to lvl1: %s has no Octez in its title", u)
		}
	}
	var r request
	if err := r.apply("restrictSearchableAttributes", paramValue{str: "url", isString: true}); err == nil {
		t.Error("url accepted as a searchable attribute")
	}
}

func TestTypoTolerance(t *testing.T) {
	ix := testIndex(t)
	typos := func(res Result) []int {
		var out []int
		for _, h := range res.Hits {
			out = append(out, h.Ranking.Typos)
		}
		return out
	}
	on := ix.Search(Query{Text: "bakes ", HitsPerPage: 100})
	if !slices.Contains(typos(on), 0) || !slices.Contains(typos(on), 1) {
		t.Fatalf("bakes: typos %v, want exact and one-typo hits", typos(on))
	}
	minimum := ix.Search(Query{Text: "bakes ", HitsPerPage: 100, Typos: "min"})
	if minimum.NbHits == 0 || minimum.NbHits >= on.NbHits || slices.Contains(typos(minimum), 1) {
		t.Errorf("min: typos %v of %v", typos(minimum), typos(on))
	}
	strict := ix.Search(Query{Text: "bakes ", HitsPerPage: 100, Typos: "strict"})
	if strict.NbHits != on.NbHits {
		t.Errorf("strict keeps the two lowest typo counts: %d hits of %d", strict.NbHits, on.NbHits)
	}
	if off := ix.Search(Query{Text: "michelsn", Typos: "false"}); off.NbHits != 0 {
		t.Errorf("typoTolerance false: %v", urls(off))
	}
	if ix.Search(Query{Text: "michelsn"}).NbHits == 0 {
		t.Error("michelsn finds nothing with typos on")
	}
	if got := ix.Search(Query{Text: "michelsn", MinWordSizeFor1Typo: 9, MinWordSizeFor2Typos: 10}); got.NbHits != 0 {
		t.Errorf("minWordSizefor1Typo 9: %v", urls(got))
	}
}

func TestAdvancedSyntax(t *testing.T) {
	ix := testIndex(t)
	// "Octez baker daemon": the words in the other order are no phrase of the pages.
	plain := ix.Search(Query{Text: `"baker octez"`, HitsPerPage: 100, Distinct: -1})
	reversed := ix.Search(Query{Text: `"baker octez"`, HitsPerPage: 100, Distinct: -1, AdvancedSyntax: true})
	phrase := ix.Search(Query{Text: `"octez baker"`, HitsPerPage: 100, Distinct: -1, AdvancedSyntax: true})
	if plain.NbHits == 0 || reversed.NbHits != 0 || phrase.NbHits == 0 {
		t.Fatalf("words %v, reversed phrase %v, phrase %v", urls(plain), urls(reversed), urls(phrase))
	}
	for _, h := range phrase.Hits {
		if !strings.Contains(strings.ToLower(h.Content+h.Hierarchy[1]+h.Hierarchy[2]), "octez baker") {
			t.Errorf("phrase hit %s does not hold \"octez baker\"", h.Path())
		}
	}
	with := ix.Search(Query{Text: "bakers", HitsPerPage: 100, Distinct: -1, AdvancedSyntax: true})
	without := ix.Search(Query{Text: "bakers -rewards", HitsPerPage: 100, Distinct: -1, AdvancedSyntax: true})
	if without.NbHits == 0 || without.NbHits >= with.NbHits {
		t.Fatalf("exclusion: %v of %v", urls(without), urls(with))
	}
	for _, h := range without.Hits {
		if strings.Contains(strings.ToLower(h.Content+strings.Join(h.Hierarchy[:], " ")), "reward") {
			t.Errorf("excluded word in %s", h.Path())
		}
	}
	// Without advanced syntax the dash is a separator: rewards is a query word like any other.
	if off := ix.Search(Query{Text: "bakers -rewards", HitsPerPage: 100, Distinct: -1}); off.NbHits == without.NbHits {
		t.Errorf("advancedSyntax off still excludes: %v", urls(off))
	}
}

func TestOptionalFiltersRankWithoutExcluding(t *testing.T) {
	ix := testIndex(t)
	base := ix.Search(Query{Text: "tez", HitsPerPage: 100})
	if len(base.Hits) < 2 {
		t.Fatalf("tez: %v", urls(base))
	}
	last := base.Hits[len(base.Hits)-1]
	of, err := parseOptionalFilters([][]string{{"url:" + last.URL + "<score=2>"}})
	if err != nil {
		t.Fatal(err)
	}
	boosted := ix.Search(Query{Text: "tez", HitsPerPage: 100, Optional: of})
	if boosted.NbHits != base.NbHits {
		t.Errorf("optional filters changed the hit count: %d, want %d", boosted.NbHits, base.NbHits)
	}
	if boosted.Hits[0].URL != last.URL {
		t.Errorf("boosted first hit %s, want %s (last before)", boosted.Hits[0].URL, last.URL)
	}
	if _, err := parseOptionalFilters([][]string{{"type:lvl1<score=x>"}}); err == nil {
		t.Error("bad score accepted")
	}
}

func TestAnalyticsParameters(t *testing.T) {
	logger := &memLogger{}
	srv := newTestServer(t, HandlerOptions{Logger: logger})
	_, _, out := post(t, srv, multiPath, "application/json",
		`{"requests":[{"indexName":"tezosdocs","query":"bakers","analytics":false,"clickAnalytics":true},{"indexName":"tezosdocs","query":"michelson"}]}`)
	results := out["results"].([]any)
	if id, _ := results[0].(map[string]any)["queryID"].(string); len(id) != 32 {
		t.Errorf("clickAnalytics: queryID %q", id)
	}
	if _, ok := results[1].(map[string]any)["queryID"]; ok {
		t.Error("queryID without clickAnalytics")
	}
	if len(logger.logs) != 1 || logger.logs[0].Query != "michelson" {
		t.Errorf("logged %+v, want only the query with analytics on", logger.logs)
	}
}

func TestQueryTypeAndOffset(t *testing.T) {
	ix := testIndex(t)
	if got := ix.Search(Query{Text: "micheL", QueryType: "prefixNone", Typos: "false"}); got.NbHits != 0 {
		t.Errorf("prefixNone: %v", urls(got))
	}
	if got := ix.Search(Query{Text: "micheL"}); got.NbHits == 0 {
		t.Error("prefixLast finds nothing for micheL")
	}
	all := ix.Search(Query{Text: "tez", HitsPerPage: 100})
	part := ix.Search(Query{Text: "tez", Offset: 1, Length: 2})
	if !slices.Equal(urls(part), urls(all)[1:3]) {
		t.Errorf("offset 1 length 2: %v of %v", urls(part), urls(all))
	}
}
