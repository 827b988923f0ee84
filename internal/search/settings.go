package search

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

	// How the words of a query are read when a request does not say (the engine's defaults;
	// removeWordsIfNoResults is left out: tzdocs's default is none of Algolia's values, see
	// Query.WordRemoval).
	QueryLanguages            []string `json:"queryLanguages"`
	IgnorePlurals             bool     `json:"ignorePlurals"`
	RemoveStopWords           bool     `json:"removeStopWords"`
	AllowTyposOnNumericTokens bool     `json:"allowTyposOnNumericTokens"`
	AdvancedSyntaxFeatures    []string `json:"advancedSyntaxFeatures"`
	ExactOnSingleWordQuery    string   `json:"exactOnSingleWordQuery"`
	AlternativesAsExact       []string `json:"alternativesAsExact"`
	MinProximity              int      `json:"minProximity"`
	Mode                      string   `json:"mode"`
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

		QueryLanguages:            []string{"en"},
		IgnorePlurals:             true,
		RemoveStopWords:           true,
		AllowTyposOnNumericTokens: false,
		AdvancedSyntaxFeatures:    []string{"exactPhrase", "excludeWords"},
		ExactOnSingleWordQuery:    "attribute",
		AlternativesAsExact:       []string{},
		MinProximity:              1,
		Mode:                      "keywordSearch",
	}
}

// applyDefaults fills in the parameters a request did not give from the settings, as each
// parameter's declaration (searchParams) says.
func (s *Settings) applyDefaults(r *request) {
	for i := range searchParams {
		if p := &searchParams[i]; p.fill != nil && !r.Given[p.name] {
			p.fill(s, r)
		}
	}
}
