package search

import (
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"testing"

	"tzdocs/internal/output"
)

// wordRec is a record for the word parameter tests: id names it and its URL; levels holds
// hierarchy.lvl0 onwards; the record is a content record when content is set, else a heading
// of the last level given.
func wordRec(id string, pageRank int, content string, levels ...string) output.Record {
	r := output.Record{ObjectID: id, URL: "/" + id, URLWithoutAnchor: "/" + id, Content: content,
		Language: "en", Weight: output.Weight{PageRank: pageRank}}
	copy(r.Hierarchy[:], levels)
	r.Type = "content"
	if content == "" {
		r.Type = "lvl" + string(rune('0'+len(levels)-1))
	}
	return r
}

// searchParams runs a query given as a URL-encoded parameter string, as the API reads it, and
// returns the objectIDs of its hits in order.
func searchWith(t *testing.T, ix *Index, params string) []string {
	t.Helper()
	values, err := url.ParseQuery(params)
	if err != nil {
		t.Fatal(err)
	}
	r, err := decodeURLParams("tezosdocs", values)
	if err != nil {
		t.Fatalf("%s: %v", params, err)
	}
	var ids []string
	for _, h := range ix.Search(r.Query).Hits {
		ids = append(ids, h.ObjectID)
	}
	return ids
}

// expectHits checks the hits of a query without and with the parameter under test.
func expectHits(t *testing.T, ix *Index, base, param string, without, with []string) {
	t.Helper()
	if got := searchWith(t, ix, base); !slices.Equal(got, without) {
		t.Errorf("%s: hits %v, want %v", base, got, without)
	}
	if got := searchWith(t, ix, base+"&"+param); !slices.Equal(got, with) {
		t.Errorf("%s&%s: hits %v, want %v", base, param, got, with)
	}
}

// wordsIndex holds records for the word-matching parameters: "wallet key" side by side, each
// word alone, and the other words the tests look for.
func wordsIndex() *Index {
	return NewIndex([]output.Record{
		wordRec("both", 0, "the wallet key is here", "Docs", "Page"),
		wordRec("wallet", 3, "a wallet alone", "Docs", "Page"),
		wordRec("key", 2, "a key alone", "Docs", "Page"),
		wordRec("zebra-key", 1, "zebra key", "Docs", "Page"),
		wordRec("apart", 0, "key far from the wallet", "Docs", "Page"),
		wordRec("wallets", 0, "", "Docs", "Wallets"),
		wordRec("number", 0, "protocol 1234 release", "Docs", "Page"),
	})
}

func TestIgnorePlurals(t *testing.T) {
	ix := wordsIndex()
	base := "query=wallets&queryType=prefixNone&typoTolerance=false&restrictSearchableAttributes=content"
	expectHits(t, ix, base, "ignorePlurals=false", []string{"wallet", "both", "apart"}, nil)
	expectHits(t, ix, base, "ignorePlurals=fr", []string{"wallet", "both", "apart"}, nil)
	if got := searchWith(t, ix, base+"&ignorePlurals=en,fr"); len(got) != 3 {
		t.Errorf("ignorePlurals [en, fr]: %v, want the three singular hits", got)
	}
}

func TestRemoveStopWords(t *testing.T) {
	ix := wordsIndex()
	// Kept, "the" is a word to match: of "the wallet", only records holding both are hits.
	expectHits(t, ix, "query=the wallet&queryType=prefixNone&restrictSearchableAttributes=content", "removeStopWords=false",
		[]string{"wallet", "both", "apart"}, []string{"both", "apart"})
}

func TestRemoveWordsIfNoResults(t *testing.T) {
	ix := wordsIndex()
	base := "query=wallet zebra key&queryType=prefixNone&restrictSearchableAttributes=content"
	// tzdocs's default: two of the three words.
	def := []string{"zebra-key", "both", "apart"}
	expectHits(t, ix, base, "removeWordsIfNoResults=none", def, nil)
	// No record holds all three: lastWords makes "key", then "zebra" optional; firstWords
	// makes "wallet" optional.
	expectHits(t, ix, base, "removeWordsIfNoResults=lastWords", def, []string{"both", "apart", "wallet"})
	expectHits(t, ix, base, "removeWordsIfNoResults=firstWords", def, []string{"zebra-key"})
	expectHits(t, ix, base, "removeWordsIfNoResults=allOptional", def, []string{"zebra-key", "both", "apart", "wallet", "key"})
	// Filters count: with the two-word records filtered out, lastWords goes on to one word.
	if got := searchWith(t, ix, "query=wallet key&queryType=prefixNone&restrictSearchableAttributes=content&removeWordsIfNoResults=lastWords&filters=NOT objectID:both AND NOT objectID:apart"); !slices.Equal(got, []string{"wallet"}) {
		t.Errorf("lastWords with filters: %v, want [wallet]", got)
	}
}

func TestNaturalLanguages(t *testing.T) {
	ix := wordsIndex()
	// English: every word optional, so records with one word of three are hits too.
	expectHits(t, ix, "query=wallet zebra key&queryType=prefixNone&restrictSearchableAttributes=content", "naturalLanguages=en",
		[]string{"zebra-key", "both", "apart"}, []string{"zebra-key", "both", "apart", "wallet", "key"})
	// Another language: no English plurals, unless the request says otherwise.
	base := "query=wallets&queryType=prefixNone&typoTolerance=false&restrictSearchableAttributes=content"
	expectHits(t, ix, base, "naturalLanguages=fr", []string{"wallet", "both", "apart"}, nil)
	if got := searchWith(t, ix, base+"&naturalLanguages=fr&ignorePlurals=true"); len(got) != 3 {
		t.Errorf("naturalLanguages fr, ignorePlurals true: %v, want the three singular hits", got)
	}
}

func TestOptionalWords(t *testing.T) {
	ix := wordsIndex()
	base := "query=wallet key&queryType=prefixNone&restrictSearchableAttributes=content"
	expectHits(t, ix, base, "optionalWords=key", []string{"both", "apart"}, []string{"both", "apart", "wallet"})
	expectHits(t, ix, base, "optionalWords=wallet,key", []string{"both", "apart"}, []string{"both", "apart", "wallet", "key", "zebra-key"})
	// Flattened JSON: a string of words, or a list.
	for _, body := range []string{`{"query":"wallet key","queryType":"prefixNone","optionalWords":"key"}`, `{"query":"wallet key","queryType":"prefixNone","optionalWords":["key"]}`} {
		r, err := decodeSingle("tezosdocs", []byte(body))
		if err != nil || !slices.Equal(r.Query.OptionalWords, []string{"key"}) {
			t.Errorf("%s: %v %v", body, r.Query.OptionalWords, err)
		}
	}
}

func TestSimilarQuery(t *testing.T) {
	ix := wordsIndex()
	// The similar query replaces the query; its words are all optional and whole words.
	expectHits(t, ix, "query=zebra wallet key&typoTolerance=false&restrictSearchableAttributes=content", "similarQuery=wallet zebra walle",
		[]string{"zebra-key", "both", "apart"}, []string{"wallet", "zebra-key", "both", "apart"})
}

func TestAdvancedSyntaxFeatures(t *testing.T) {
	ix := wordsIndex()
	base := "query=wallet -key&advancedSyntax=true&queryType=prefixNone&restrictSearchableAttributes=content"
	expectHits(t, ix, base, "advancedSyntaxFeatures=exactPhrase", []string{"wallet"}, []string{"both", "apart"})
	phrase := "query=\"key wallet\"&advancedSyntax=true&queryType=prefixNone&restrictSearchableAttributes=content"
	expectHits(t, ix, phrase, "advancedSyntaxFeatures=excludeWords", nil, []string{"both", "apart"})
}

func TestDisableTypoToleranceOnAttributes(t *testing.T) {
	ix := wordsIndex()
	// "walet" is one typo from "wallet", in contents and in the title "Wallets" (two typos: no).
	expectHits(t, ix, "query=walet&queryType=prefixNone", "disableTypoToleranceOnAttributes=content",
		[]string{"wallet", "both", "apart"}, nil)
}

func TestAllowTyposOnNumericTokens(t *testing.T) {
	ix := wordsIndex()
	expectHits(t, ix, "query=1235&queryType=prefixNone", "allowTyposOnNumericTokens=true", nil, []string{"number"})
}

// exactIndex holds content records that differ in how exactly they hold "key": as the whole
// attribute, as a word in a sentence, as its plural; the less exact ones weigh more.
func exactIndex() *Index {
	return NewIndex([]output.Record{
		wordRec("whole", 1, "Key", "Docs", "Page"),
		wordRec("word", 2, "the key thing", "Docs", "Page"),
		wordRec("plural", 3, "keys here", "Docs", "Page"),
	})
}

func TestExactOnSingleWordQuery(t *testing.T) {
	ix := exactIndex()
	base := "query=key&queryType=prefixNone"
	expectHits(t, ix, base, "exactOnSingleWordQuery=word", []string{"whole", "word", "plural"}, []string{"word", "whole", "plural"})
	expectHits(t, ix, base, "exactOnSingleWordQuery=none", []string{"whole", "word", "plural"}, []string{"plural", "word", "whole"})
	expectHits(t, ix, base, "exactOnSingleWordQuery=attribute", []string{"whole", "word", "plural"}, []string{"whole", "word", "plural"})
	// A word shorter than three letters is never exact under "word": the weightier plural wins.
	short := NewIndex([]output.Record{wordRec("ox", 1, "an ox here", "Docs", "Page"), wordRec("oxs", 2, "some oxs here", "Docs", "Page")})
	if got := searchWith(t, short, "query=ox&queryType=prefixNone&exactOnSingleWordQuery=word"); !slices.Equal(got, []string{"oxs", "ox"}) {
		t.Errorf("ox, word: %v, want [oxs ox]", got)
	}
}

func TestAlternativesAsExact(t *testing.T) {
	ix := exactIndex()
	base := "query=key&queryType=prefixNone&exactOnSingleWordQuery=word"
	expectHits(t, ix, base, "alternativesAsExact=ignorePlurals", []string{"word", "whole", "plural"}, []string{"plural", "word", "whole"})
	// A conjugation is no plural.
	expectHits(t, ix, base, "alternativesAsExact=ignoreConjugations", []string{"word", "whole", "plural"}, []string{"word", "whole", "plural"})
	if !pluralPair("entry", "entries") || !pluralPair("addresses", "address") || pluralPair("key", "keying") {
		t.Error("pluralPair")
	}
}

func TestDisableExactOnAttributes(t *testing.T) {
	ix := exactIndex()
	expectHits(t, ix, "query=key&queryType=prefixNone", "disableExactOnAttributes=content",
		[]string{"whole", "word", "plural"}, []string{"plural", "word", "whole"})
	expectHits(t, ix, "query=key&queryType=prefixNone", "disableExactOnAttributes=hierarchy",
		[]string{"whole", "word", "plural"}, []string{"whole", "word", "plural"})
}

func TestMinProximity(t *testing.T) {
	ix := NewIndex([]output.Record{
		wordRec("near", 1, "alpha beta delta", "Docs", "Page"),
		wordRec("gap", 2, "alpha gamma beta delta", "Docs", "Page"),
	})
	expectHits(t, ix, "query=alpha beta&queryType=prefixNone", "minProximity=2", []string{"near", "gap"}, []string{"gap", "near"})
}

func TestAttributeCriteriaComputedByMinProximity(t *testing.T) {
	ix := NewIndex([]output.Record{
		// The words are in the headings apart (lvl1 and lvl2), and side by side in the content.
		wordRec("split", 0, "alpha beta", "Docs", "Alpha", "Beta"),
		// The words are in two lower headings, and nowhere together.
		wordRec("lower", 0, "other text", "Docs", "Page", "Alpha", "Beta"),
	})
	expectHits(t, ix, "query=alpha beta&queryType=prefixNone", "attributeCriteriaComputedByMinProximity=true",
		[]string{"split", "lower"}, []string{"lower", "split"})
}

func TestSumOrFiltersScores(t *testing.T) {
	sum := wordRec("sum", 0, "alpha", "Small", "Page")
	sum.DocusaurusTag = "docs-default-current"
	best := wordRec("best", 0, "alpha", "Big", "Page")
	best.Language = "fr"
	ix := NewIndex([]output.Record{sum, best})
	base := "query=alpha&optionalFilters=" + url.QueryEscape(`[["language:en<score=2>","docusaurus_tag:docs-default-current<score=2>"],"hierarchy.lvl0:Big<score=3>"]`)
	expectHits(t, ix, base, "sumOrFiltersScores=true", []string{"best", "sum"}, []string{"sum", "best"})
}

func TestNeuralModeAnswersAsKeywordSearch(t *testing.T) {
	ix := wordsIndex()
	base := "query=wallet"
	want := searchWith(t, ix, base)
	for _, p := range []string{"mode=neuralSearch", "mode=keywordSearch", "semanticSearch=" + url.QueryEscape(`{"eventSources":["docs"]}`)} {
		if got := searchWith(t, ix, base+"&"+p); !slices.Equal(got, want) || len(got) == 0 {
			t.Errorf("%s: %v, want %v", p, got, want)
		}
	}
	if _, err := decodeURLParams("tezosdocs", url.Values{"semanticSearch": {"[1]"}}); err == nil || !strings.Contains(err.Error(), "semanticSearch") {
		t.Errorf("semanticSearch [1]: %v", err)
	}
}

func TestWordSettingsAreDefaults(t *testing.T) {
	body := `{"query":"baker","typoTolerance":false,"queryType":"prefixNone","distinct":false}`
	count := func(srv *httptest.Server) float64 {
		t.Helper()
		status, _, out := post(t, srv, "/api/search/1/indexes/tezosdocs/query", "application/json", body)
		if status != 200 {
			t.Fatalf("%d %v", status, out)
		}
		return out["nbHits"].(float64)
	}
	folded := count(newTestServer(t, HandlerOptions{}))
	settings := DefaultSettings()
	settings.IgnorePlurals = false
	exact := count(newTestServer(t, HandlerOptions{Settings: &settings}))
	if exact == 0 || exact >= folded {
		t.Errorf("ignorePlurals false in the settings: %v hits, with plurals folded %v", exact, folded)
	}
}

func TestNoTypoAttributesAreNotHighlighted(t *testing.T) {
	ix := NewIndex([]output.Record{wordRec("r", 0, "a wallet here", "Docs", "Wallet guide")})
	values, _ := url.ParseQuery("query=walet&queryType=prefixNone&disableTypoToleranceOnAttributes=content")
	r, err := decodeURLParams("tezosdocs", values)
	if err != nil {
		t.Fatal(err)
	}
	res := ix.Search(r.Query)
	if len(res.Hits) != 1 {
		t.Fatalf("hits %v", res.Hits)
	}
	h := res.Hits[0].Highlight
	if !strings.Contains(h["hierarchy.lvl1"].Value, "<mark>Wallet</mark>") || strings.Contains(h["content"].Value, "<mark>") {
		t.Errorf("title %q, content %q: the typo is highlighted only where it is allowed", h["hierarchy.lvl1"].Value, h["content"].Value)
	}
}
