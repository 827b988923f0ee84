// Package search indexes a built site's DocSearch-style records (output.Record, made by the build)
// in memory and answers Algolia-compatible search requests with ranking, highlights and snippets.
package search

import (
	"time"

	"tzdocs/internal/output"
)

// Defaults of a query.
const (
	DefaultHitsPerPage = 20
	MaxHitsPerPage     = 1000
	// PaginationLimitedTo is how many hits of a query can be reached by paging, as in Algolia:
	// a page that starts past it is empty, and nbPages counts only the pages before it.
	PaginationLimitedTo = 1000
	defaultPreTag       = "<mark>"
	defaultPostTag      = "</mark>"
	defaultEllipsis     = "…"
)

// Query is one search with Algolia's parameters.
type Query struct {
	Text        string
	HitsPerPage int // 0 → DefaultHitsPerPage
	Page        int // 0-based
	Filters     Filters
	// Conditions must all hold: the filters, numericFilters and tagFilters parameters.
	Conditions []Condition
	// Distinct is how many hits one URL (a page section) may have: 0 → 1, negative → no limit.
	Distinct int
	// AttributesToHighlight lists attribute paths ("hierarchy.lvl1", "content"); nil → all.
	AttributesToHighlight []string
	// AttributesToSnippet lists "attribute:words" ("content:15"); words default to 15.
	AttributesToSnippet []string
	HighlightPreTag     string // "" → "<mark>"
	HighlightPostTag    string // "" → "</mark>"
	SnippetEllipsisText string // "" → "…"

	// NoHits asks for counts and facets only (hitsPerPage 0).
	NoHits bool
	// Offset and Length, when Length > 0, select hits Offset … Offset+Length-1 instead of a page.
	Offset, Length int
	// Searchable restricts matching to some attributes (bit a = attribute a); 0 → all.
	Searchable uint8
	// Typos is the typo tolerance: "" or "true" (Algolia's default), "false", "min" (only the
	// hits with the fewest typos) or "strict" (the two lowest typo counts, typos ranked first).
	Typos string
	// MinWordSizeFor1Typo and MinWordSizeFor2Typos override the word lengths from which one and
	// two typos are allowed; 0 → 4 and 8.
	MinWordSizeFor1Typo, MinWordSizeFor2Typos int
	// AdvancedSyntax reads "quoted phrases" (words side by side, exactly) and -word exclusions.
	AdvancedSyntax bool
	// QueryType is prefixLast (""), prefixAll or prefixNone: which words match word starts.
	QueryType string
	// Optional ranks records that pass its filters above those that do not, excluding none.
	Optional OptionalFilters
	// Facets lists the attributes to count values of ("*": all facets); MaxValuesPerFacet bounds
	// the values returned per attribute (0 → 100), sorted by count or, with SortFacetValuesBy
	// "alpha", by value. FacetingAfterDistinct counts only the hits distinct keeps.
	Facets                []string
	MaxValuesPerFacet     int
	SortFacetValuesBy     string
	FacetingAfterDistinct bool

	// Language: the index folds English plurals (with its stemmer, which folds verb forms too)
	// and drops stop words; NoPlurals (ignorePlurals false) and KeepStopWords (removeStopWords
	// false) turn that off.
	NoPlurals, KeepStopWords bool
	// WordRemoval is removeWordsIfNoResults: "" (tzdocs's default: a hit matches two thirds of
	// the words, or as many as the best record does), "none" (every word), "lastWords" or
	// "firstWords" (words made optional from the end or the start until some record matches),
	// "allOptional" (any word).
	WordRemoval string
	// OptionalWords are words that do not count toward the words a hit must match; hits that
	// match them still rank higher (optionalWords).
	OptionalWords []string
	// SimilarQuery replaces Text with words that are all optional, matched as whole words
	// (similarQuery).
	SimilarQuery string
	// NoPhrases and NoExclusions turn off the exactPhrase and excludeWords features of advanced
	// syntax (advancedSyntaxFeatures).
	NoPhrases, NoExclusions bool
	// NoTypoAttrs are attributes (bit a = attribute a) matched without typos
	// (disableTypoToleranceOnAttributes); NoExactAttrs are left out of the exact criterion
	// (disableExactOnAttributes).
	NoTypoAttrs, NoExactAttrs uint8
	// NumericTypos allows typos in query words holding digits (allowTyposOnNumericTokens).
	NumericTypos bool
	// ExactSingleWord is exactOnSingleWordQuery: "" or "attribute" (an attribute that is the
	// word counts most, then the word found as typed), "word" (the word found as typed) or
	// "none" (no exact criterion for one-word queries).
	ExactSingleWord string
	// PluralsAsExact and ConjugationsAsExact count a plural, or another form of the word, as an
	// exact match (alternativesAsExact ignorePlurals and ignoreConjugations).
	PluralsAsExact, ConjugationsAsExact bool
	// MinProximity (1-7, 0 → 1) is the word distance that still counts as side by side.
	MinProximity int
	// AttributeByProximity takes the attribute criterion from the attribute where the words
	// stand closest (attributeCriteriaComputedByMinProximity).
	AttributeByProximity bool
	// SumOrFiltersScores adds up the scores of the optional filters of a group a record passes,
	// instead of taking the best one.
	SumOrFiltersScores bool

	// Stop, when set, is asked every stopEvery records the query visits whether to give up (the
	// request's time budget is spent): once it says so, the query skips the records left and
	// its Result is Stopped.
	Stop func() bool
}

// stopEvery is how many records a query visits between two questions to Query.Stop: a few
// hundred records take well under a millisecond, even with many filters.
const stopEvery = 256

// Result is the answer to a Query.
type Result struct {
	Hits           []Hit
	NbHits         int
	Page           int
	NbPages        int
	HitsPerPage    int
	Query          string
	ProcessingTime time.Duration
	// Facets holds, per requested facet attribute, the count of matching records per value.
	Facets map[string]map[string]int
	// FacetsStats holds min, max, avg and sum of the requested numeric facets.
	FacetsStats map[string]FacetStats
	// Stopped says Query.Stop ended the query early: the hits and counts are incomplete.
	Stopped bool
}

// Hit is one ranked record with its highlighted attributes.
type Hit struct {
	*output.Record
	Highlight map[string]HighlightResult // by attribute path
	Snippet   map[string]HighlightResult
	Ranking   RankingInfo
}

// HighlightResult is an attribute's value with matches wrapped in the pre and post tags.
type HighlightResult struct {
	Value            string   `json:"value"`
	MatchLevel       string   `json:"matchLevel" ts:"\"none\" | \"partial\" | \"full\""`
	MatchedWords     []string `json:"matchedWords"`
	FullyHighlighted *bool    `json:"fullyHighlighted,omitempty"`
}

// RankingInfo holds the criteria a hit was ranked by, in order of importance.
type RankingInfo struct {
	Words     int    `json:"words"`     // query words matched, more first
	Typos     int    `json:"nbTypos"`   // fewer first
	Attribute int    `json:"attribute"` // sum over matched words of their best attribute's rank, lower first
	Subject   int    `json:"subject"`   // 1 unless a tutorial record the query does not name; more first
	Proximity int    `json:"proximity"` // distance between consecutive matched words, in steps; less first
	Exact     int    `json:"exact"`     // exactly matched words, +16 if an attribute is the whole query; more first
	Score     uint64 `json:"score"`     // all criteria and the record's weight packed, higher first
}

// Search runs a query. An empty query (or one of separators only) browses: it matches every
// record that passes the filters, in the records' custom ranking (page rank, level, position).
func (ix *Index) Search(q Query) Result {
	start := time.Now()
	hpp := q.HitsPerPage
	if hpp <= 0 {
		hpp = DefaultHitsPerPage
	}
	hpp = min(hpp, MaxHitsPerPage)
	res := Result{Hits: []Hit{}, Page: max(q.Page, 0), HitsPerPage: hpp, Query: q.Text}
	pq := parseQueryFor(q)
	if ix.Len() == 0 {
		res.ProcessingTime = time.Since(start)
		return res
	}
	m := ix.match(pq)
	to := min((res.Page+1)*hpp, PaginationLimitedTo)
	from := min(res.Page*hpp, to)
	if q.Length > 0 || q.NoHits {
		from = min(max(q.Offset, 0), PaginationLimitedTo)
		to = min(from+q.Length, PaginationLimitedTo)
	}
	var fc *facetCounter
	if len(q.Facets) > 0 {
		fc = newFacetCounter(q.Facets)
	}
	page, total, stopped := ix.rank(pq, m, q, from, to, fc)
	res.Stopped = stopped
	res.NbHits = total
	if q.NoHits {
		res.HitsPerPage = 0
	} else {
		res.NbPages = (min(total, PaginationLimitedTo) + hpp - 1) / hpp
	}
	if fc != nil {
		res.Facets, res.FacetsStats = fc.result(q.MaxValuesPerFacet, q.SortFacetValuesBy)
	}
	if len(page) > 0 {
		hl := newHighlighter(ix, pq, m, q)
		for _, r := range page {
			res.Hits = append(res.Hits, hl.hit(r))
		}
	}
	res.ProcessingTime = time.Since(start)
	return res
}
