package search

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"reflect"
	"slices"
	"strings"
	"testing"

	"tzdocs/internal/output"
	"tzdocs/internal/sitebuild/buildtest"
)

// answerCase is one request and the type its answer must decode into.
type answerCase struct {
	name, method, path, body string
	into                     func() any
	// complete: the answer carries every field its type requires (no responseFields).
	complete bool
}

func multiAnswer() any  { return &MultiQueryAnswer{} }
func queryAnswer() any  { return &QueryAnswer{} }
func facetAnswer() any  { return &FacetAnswer{} }
func mixedAnswers() any { return &struct{ Results []json.RawMessage }{} }

var answerCases = []answerCase{
	{name: "every optional field", method: "POST", path: multiPath, complete: true, into: multiAnswer, body: `{"requests":[{"indexName":"tezosdocs",
		"query":"bakers michelson","getRankingInfo":true,"clickAnalytics":true,"facets":["*"],"length":3,"offset":1,
		"attributesToSnippet":["hierarchy.lvl0:5","hierarchy.lvl1:10","hierarchy.lvl2:10","content:15"],"attributesToHighlight":["*"]}]}`},
	{name: "the web app's query", method: "POST", path: multiPath, complete: true, into: multiAnswer, body: `{"requests":[{"indexName":"tezosdocs",
		"query":"octez client","hitsPerPage":20,"clickAnalytics":true,"snippetEllipsisText":"…","highlightPreTag":"<mark>","highlightPostTag":"</mark>",
		"attributesToRetrieve":["hierarchy.lvl0","hierarchy.lvl1","hierarchy.lvl2","hierarchy.lvl3","hierarchy.lvl4","hierarchy.lvl5","hierarchy.lvl6","content","type","url"],
		"attributesToSnippet":["content:15"],"facetFilters":[["language:en"],["docusaurus_tag:default","docusaurus_tag:docs-default-current"]]}]}`},
	{name: "code records and facet stats", method: "POST", path: multiPath, complete: true, into: multiAnswer, body: `{"requests":[{"indexName":"tezosdocs",
		"query":"","hitsPerPage":100,"facets":["weight.level","type","language"]}]}`},
	{name: "every level highlighted", method: "POST", path: multiPath, complete: true, into: multiAnswer, body: `{"requests":[{"indexName":"tezosdocs",
		"query":"deepest","attributesToSnippet":["*:10"]}]}`},
	{name: "attributes left out", method: "POST", path: multiPath, complete: true, into: multiAnswer, body: `{"requests":[
		{"indexName":"tezosdocs","query":"staking","attributesToRetrieve":["*","-content","-weight"]},
		{"indexName":"tezosdocs","query":"staking","attributesToRetrieve":["hierarchy"]},
		{"indexName":"tezosdocs","query":"staking","attributesToRetrieve":["url","anchor","code"]},
		{"indexName":"tezosdocs","query":"staking","attributesToRetrieve":[]}]}`},
	{name: "response fields chosen", method: "POST", path: multiPath, into: multiAnswer, body: `{"requests":[
		{"indexName":"tezosdocs","query":"bakers","responseFields":["hits","nbHits","facets"],"facets":["type"]},
		{"indexName":"tezosdocs","query":"bakers","responseFields":["*"]}]}`},
	{name: "one query", method: "POST", path: "/api/search/1/indexes/tezosdocs/query", complete: true, into: queryAnswer,
		body: `{"query":"michelson","getRankingInfo":true}`},
	{name: "a query in the URL", method: "GET", path: "/api/search/1/indexes/tezosdocs?query=bakers&attributesToRetrieve=url,type", complete: true, into: queryAnswer},
	{name: "facet values", method: "POST", path: "/api/search/1/indexes/tezosdocs/facets/hierarchy.lvl1/query", complete: true, into: facetAnswer,
		body: `{"facetQuery":"ba"}`},
	{name: "a facet request among queries", method: "POST", path: multiPath, into: mixedAnswers, body: `{"requests":[
		{"indexName":"tezosdocs","query":"bakers"},
		{"indexName":"tezosdocs","type":"facet","facet":"hierarchy.lvl0","facetQuery":"arch"}]}`},
}

// The answers' Go types are the contract the web app's generated types come from: every answer
// the handler writes must decode into them with no field left over, and carry every field they
// require.
func TestHandlerAnswersDecodeIntoTheirTypes(t *testing.T) {
	// The test site's records, and one under six headings taken from a code block.
	deep := output.Record{ObjectID: "deep-code", Hierarchy: output.Hierarchy{"Deepest", "Deepest", "Deepest", "Deepest", "Deepest", "Deepest", "Deepest"},
		Content: "deepest code", Type: "content", URL: "https://docs.example.org/deep#code", URLWithoutAnchor: "https://docs.example.org/deep",
		Anchor: "code", Language: "en", DocusaurusTag: "default", Code: true}
	srv := httptest.NewServer(Handler(NewIndex(append(buildtest.Records(t, testSite), deep)), HandlerOptions{}))
	t.Cleanup(srv.Close)
	seen := map[string]bool{}
	for _, c := range answerCases {
		t.Run(c.name, func(t *testing.T) {
			req, err := http.NewRequest(c.method, srv.URL+c.path, strings.NewReader(c.body))
			if err != nil {
				t.Fatal(err)
			}
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			data, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode != http.StatusOK {
				t.Fatalf("status %d: %s", resp.StatusCode, data)
			}
			v := c.into()
			checkAnswer(t, data, v, c.complete, seen)
			if mixed, ok := v.(*struct{ Results []json.RawMessage }); ok {
				if len(mixed.Results) != 2 {
					t.Fatalf("got %d results, want 2", len(mixed.Results))
				}
				checkAnswer(t, mixed.Results[0], &QueryAnswer{}, true, seen)
				checkAnswer(t, mixed.Results[1], &FacetAnswer{}, true, seen)
			}
		})
	}
	// Every field of the types is in some answer above, so none is declared for nothing.
	var unseen []string
	for _, typ := range []reflect.Type{reflect.TypeFor[MultiQueryAnswer](), reflect.TypeFor[FacetAnswer]()} {
		unseen = append(unseen, fieldsNotSeen(typ, seen, map[reflect.Type]bool{})...)
	}
	if len(unseen) > 0 {
		t.Errorf("no answer has %s: answer a request that sets them, or drop them from the types", strings.Join(unseen, ", "))
	}
}

// fieldsNotSeen lists the fields of typ, and of the struct types it reaches, that seen lacks.
func fieldsNotSeen(typ reflect.Type, seen map[string]bool, done map[reflect.Type]bool) []string {
	for typ.Kind() == reflect.Pointer || typ.Kind() == reflect.Slice || typ.Kind() == reflect.Map {
		typ = typ.Elem()
	}
	if typ.Kind() != reflect.Struct || done[typ] || typ.PkgPath() != reflect.TypeFor[QueryAnswer]().PkgPath() {
		return nil
	}
	done[typ] = true
	var out []string
	for i := range typ.NumField() {
		f := typ.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if !seen[typ.Name()+"."+name] {
			out = append(out, typ.Name()+"."+name)
		}
		out = append(out, fieldsNotSeen(f.Type, seen, done)...)
	}
	return out
}

// checkAnswer decodes data into v, refusing fields v's type lacks, and when complete fails on a
// field the type requires (no omitempty) that data lacks.
func checkAnswer(t *testing.T, data []byte, v any, complete bool, seen map[string]bool) {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		t.Fatalf("the answer does not fit %T: %v\n%s", v, err, data)
	}
	var raw any
	if err := json.Unmarshal(data, &raw); err != nil {
		t.Fatal(err)
	}
	missing := missingFields(reflect.TypeOf(v), raw, "", seen)
	if !complete {
		return
	}
	for _, m := range missing {
		t.Errorf("the answer lacks %s, which %T requires", m, v)
	}
}

// missingFields lists the paths of the fields that typ requires (json tag without omitempty or
// omitzero) and raw, the decoded JSON, lacks, at any depth; it marks in seen the fields raw has.
func missingFields(typ reflect.Type, raw any, path string, seen map[string]bool) []string {
	for typ.Kind() == reflect.Pointer {
		typ = typ.Elem()
	}
	var out []string
	switch typ.Kind() {
	case reflect.Struct:
		obj, ok := raw.(map[string]any)
		if !ok {
			return nil // null, or a json.RawMessage checked on its own
		}
		for i := range typ.NumField() {
			f := typ.Field(i)
			name, opts, _ := strings.Cut(f.Tag.Get("json"), ",")
			if name == "" || name == "-" {
				continue
			}
			val, ok := obj[name]
			if !ok {
				if o := strings.Split(opts, ","); !slices.Contains(o, "omitempty") && !slices.Contains(o, "omitzero") {
					out = append(out, path+name)
				}
				continue
			}
			seen[typ.Name()+"."+name] = true
			out = append(out, missingFields(f.Type, val, path+name+".", seen)...)
		}
	case reflect.Slice:
		arr, _ := raw.([]any)
		for _, e := range arr {
			out = append(out, missingFields(typ.Elem(), e, strings.TrimSuffix(path, ".")+"[].", seen)...)
		}
	case reflect.Map:
		obj, _ := raw.(map[string]any)
		for _, e := range obj {
			out = append(out, missingFields(typ.Elem(), e, path+"*.", seen)...)
		}
	}
	return out
}
