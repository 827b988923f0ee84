package search

import (
	"errors"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"tzdocs/internal/output"
)

func FuzzDecodeRequest(f *testing.F) {
	for _, seed := range []string{
		`{"requests":[{"indexName":"docs","query":"bakers","hitsPerPage":5}]}`,
		`{"requests":[{"indexName":"docs","params":"query=octez&hitsPerPage=3&facetFilters=%5B%22language%3Aen%22%5D"}]}`,
		`{"requests":[{"query":"x","facetFilters":[["language:en"],["docusaurus_tag:default","docusaurus_tag:docs-default-current"]]}]}`,
		`{"requests":[{"query":"x","attributesToSnippet":"content:15,hierarchy.lvl1:10","distinct":2}]}`,
		`{"requests":[{"params":"attributesToRetrieve=%5B%22url%22%5D&clickAnalytics=true&page=2"}]}`,
		`{"requests":[null]}`, `{"requests":{}}`, `[]`, `{`, ``, `{"requests":[{"query":7}]}`,
		`{"requests":[{"facetFilters":"\"[\\\"a:b\\\"]\""}]}`,
		`{"requests":[{"query":"a b c","ignorePlurals":["en"],"removeStopWords":"false","optionalWords":"b","removeWordsIfNoResults":"lastWords"}]}`,
		`{"requests":[{"params":"similarQuery=x%20y&naturalLanguages=en&minProximity=3&alternativesAsExact=ignorePlurals&semanticSearch=%7B%7D&mode=neuralSearch"}]}`,
		`{"requests":[{"disableExactOnAttributes":["content"],"disableTypoToleranceOnAttributes":"hierarchy","exactOnSingleWordQuery":"word","sumOrFiltersScores":true}]}`,
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		reqs, err := decodeMulti(body)
		if err != nil {
			var bad *badRequest
			var unknown *unknownParam
			if errors.As(err, &unknown) {
				return
			}
			if !errors.As(err, &bad) || bad.msg == "" {
				t.Fatalf("error %v is not a client error with a message", err)
			}
			return
		}
		if len(reqs) > maxRequests {
			t.Fatalf("%d requests accepted", len(reqs))
		}
		for _, r := range reqs {
			if queryLength(r.Query.Text) > MaxQueryLength || r.Query.HitsPerPage < 0 || r.Query.HitsPerPage > MaxHitsPerPage || r.Query.Page < 0 {
				t.Fatalf("invalid request accepted: %+v", r.Query)
			}
		}
		if _, err := decodeSingle("docs", body); err != nil {
			var bad *badRequest
			var unknown *unknownParam
			if !errors.As(err, &bad) && !errors.As(err, &unknown) {
				t.Fatalf("single: error %v is not a client error", err)
			}
		}
	})
}

func FuzzParseQuery(f *testing.F) {
	for _, seed := range []string{"bakers", "octez-cl", "michelsn ", "How do I stake?", "", "<script>alert(1)</script>",
		"\x00\xff\xfe", "日本語", "a b c d e f g h i j k l m", strings.Repeat("z", 600), "Ǆ\u0301é"} {
		f.Add(seed)
	}
	ix := testIndex(f)
	f.Fuzz(func(t *testing.T, q string) {
		pq := parseQuery(q)
		if len(pq.words) > maxQueryWords {
			t.Fatalf("%d words", len(pq.words))
		}
		for i, w := range pq.words {
			if w.text == "" || len(w.text) > maxTokenBytes || (w.prefix && i != len(pq.words)-1) {
				t.Fatalf("bad word %+v in %q", w, q)
			}
			if utf8.ValidString(q) && !utf8.ValidString(w.text) {
				t.Fatalf("invalid UTF-8 word %q from %q", w.text, q)
			}
		}
		res := ix.Search(Query{Text: q, AttributesToSnippet: []string{"content:5"}})
		for _, h := range res.Hits {
			for _, r := range h.Highlight {
				assertOnlyMarks(t, r.Value, "<mark>", "</mark>")
			}
			for _, r := range h.Snippet {
				assertOnlyMarks(t, r.Value, "<mark>", "</mark>")
			}
		}
	})
}

// FuzzAdvancedSyntax searches with phrases and exclusions of any shape: no panic, and no hit
// holds an excluded word.
func FuzzAdvancedSyntax(f *testing.F) {
	for _, seed := range []string{`"octez baker"`, "bakers -rewards", `"unclosed`, `-`, `- -x "" "a" -"b c"`, `\"-é`} {
		f.Add(seed)
	}
	ix := testIndex(f)
	f.Fuzz(func(t *testing.T, q string) {
		res := ix.Search(Query{Text: q, AdvancedSyntax: true, HitsPerPage: 50})
		if len(res.Hits) > res.NbHits {
			t.Fatalf("%q: %d hits of %d", q, len(res.Hits), res.NbHits)
		}
		pq := parseQueryFor(Query{Text: q, AdvancedSyntax: true})
		for _, h := range res.Hits {
			rec := slices.IndexFunc(ix.records, func(r output.Record) bool { return r.ObjectID == h.ObjectID })
			for _, e := range pq.excluded {
				if ix.hasPhrase(int32(rec), e) {
					t.Fatalf("%q: hit %s holds the excluded %v", q, h.Path(), e)
				}
			}
		}
	})
}
