package search

import "slices"

// Settings are the index settings (Algolia's names and shape): the ones a request leaves out are
// taken from here, and GET /1/indexes/{name}/settings returns them.
type Settings struct {
	SearchableAttributes  []string `json:"searchableAttributes"`
	AttributesForFaceting []string `json:"attributesForFaceting"`
	CustomRanking         []string `json:"customRanking"`
	AttributesToSnippet   []string `json:"attributesToSnippet"`
	AttributesToHighlight []string `json:"attributesToHighlight"`
	SnippetEllipsisText   string   `json:"snippetEllipsisText"`
	HighlightPreTag       string   `json:"highlightPreTag"`
	HighlightPostTag      string   `json:"highlightPostTag"`
	HitsPerPage           int      `json:"hitsPerPage"`
	PaginationLimitedTo   int      `json:"paginationLimitedTo"`
	MaxValuesPerFacet     int      `json:"maxValuesPerFacet"`
	Distinct              int      `json:"distinct"`
	AttributeForDistinct  string   `json:"attributeForDistinct"`
	MinWordSizefor1Typo   int      `json:"minWordSizefor1Typo"`
	MinWordSizefor2Typos  int      `json:"minWordSizefor2Typos"`
	TypoTolerance         bool     `json:"typoTolerance"`
	Replicas              []string `json:"replicas"`
}

// DefaultSettings are the settings of an index of DocSearch records, as DocSearch's own index
// configuration has them: distinct sections by URL, content snippets of 10 words.
func DefaultSettings() Settings {
	faceting := []string{}
	for _, a := range facetAttributes {
		faceting = append(faceting, "searchable("+a+")")
	}
	faceting = append(faceting, numericFacets...)
	return Settings{
		SearchableAttributes: []string{"unordered(hierarchy.lvl0)", "unordered(hierarchy.lvl1)", "unordered(hierarchy.lvl2)",
			"unordered(hierarchy.lvl3)", "unordered(hierarchy.lvl4)", "unordered(hierarchy.lvl5)", "unordered(hierarchy.lvl6)", "content"},
		AttributesForFaceting: faceting,
		CustomRanking:         []string{"desc(weight.pageRank)", "desc(weight.level)", "asc(weight.position)"},
		AttributesToSnippet:   []string{"content:10"},
		AttributesToHighlight: []string{"hierarchy", "content"},
		SnippetEllipsisText:   defaultEllipsis,
		HighlightPreTag:       defaultPreTag,
		HighlightPostTag:      defaultPostTag,
		HitsPerPage:           DefaultHitsPerPage,
		PaginationLimitedTo:   PaginationLimitedTo,
		MaxValuesPerFacet:     DefaultMaxValuesPerFacet,
		Distinct:              1,
		AttributeForDistinct:  "url",
		MinWordSizefor1Typo:   minLenOneTypo,
		MinWordSizefor2Typos:  minLenTwoTypos,
		TypoTolerance:         true,
		Replicas:              []string{},
	}
}

// applyDefaults fills in the parameters a request did not give from the settings.
func (s *Settings) applyDefaults(r *request) {
	q := &r.Query
	given := func(k string) bool { return r.Given[k] }
	if !given("attributesToSnippet") {
		q.AttributesToSnippet = slices.Clone(s.AttributesToSnippet)
	}
	if !given("attributesToHighlight") && s.AttributesToHighlight != nil {
		q.AttributesToHighlight = slices.Clone(s.AttributesToHighlight)
	}
	if !given("snippetEllipsisText") {
		q.SnippetEllipsisText = s.SnippetEllipsisText
	}
	if !given("highlightPreTag") {
		q.HighlightPreTag = s.HighlightPreTag
	}
	if !given("highlightPostTag") {
		q.HighlightPostTag = s.HighlightPostTag
	}
	if !given("hitsPerPage") && !given("length") {
		q.HitsPerPage = s.HitsPerPage
	}
	if !given("distinct") && s.Distinct != 1 {
		q.Distinct = s.Distinct
		if q.Distinct == 0 {
			q.Distinct = -1
		}
	}
	if !given("maxValuesPerFacet") {
		q.MaxValuesPerFacet = s.MaxValuesPerFacet
	}
}
