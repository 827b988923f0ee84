// Package search indexes a built site's DocSearch-style records (dist.Record, made by the build)
// in memory and answers Algolia-compatible search requests with ranking, highlights and snippets.
package search

import (
	"time"

	"tzdocs/internal/dist"
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
}

// Result is the answer to a Query.
type Result struct {
	Hits           []Hit
	NbHits         int
	Page           int
	NbPages        int
	HitsPerPage    int
	Query          string
	ProcessingTime time.Duration
}

// Hit is one ranked record with its highlighted attributes.
type Hit struct {
	*dist.Record
	Highlight map[string]HighlightResult // by attribute path
	Snippet   map[string]HighlightResult
	Ranking   RankingInfo
}

// HighlightResult is an attribute's value with matches wrapped in the pre and post tags.
type HighlightResult struct {
	Value            string   `json:"value"`
	MatchLevel       string   `json:"matchLevel"` // none, partial or full
	MatchedWords     []string `json:"matchedWords"`
	FullyHighlighted *bool    `json:"fullyHighlighted,omitempty"`
}

// RankingInfo holds the criteria a hit was ranked by, in order of importance.
type RankingInfo struct {
	Words     int    `json:"words"`     // query words matched, more first
	Typos     int    `json:"nbTypos"`   // fewer first
	Attribute int    `json:"attribute"` // sum over matched words of their best attribute's rank, lower first
	Proximity int    `json:"proximity"` // distance between consecutive matched words, in steps; less first
	Exact     int    `json:"exact"`     // exactly matched words, +16 if an attribute is the whole query; more first
	Score     uint64 `json:"score"`     // all criteria and the record's weight packed, higher first
}

// Search runs a query. An empty query (or one of separators only) has no hits.
func (ix *Index) Search(q Query) Result {
	start := time.Now()
	hpp := q.HitsPerPage
	if hpp <= 0 {
		hpp = DefaultHitsPerPage
	}
	hpp = min(hpp, MaxHitsPerPage)
	res := Result{Hits: []Hit{}, Page: max(q.Page, 0), HitsPerPage: hpp, Query: q.Text}
	pq := parseQuery(cleanQuery(q.Text))
	if len(pq.words) == 0 || len(ix.records) == 0 {
		res.ProcessingTime = time.Since(start)
		return res
	}
	m := ix.match(pq)
	to := min((res.Page+1)*hpp, PaginationLimitedTo)
	from := min(res.Page*hpp, to)
	page, total := ix.rank(pq, m, q, from, to)
	res.NbHits = total
	res.NbPages = (min(total, PaginationLimitedTo) + hpp - 1) / hpp
	if len(page) > 0 {
		hl := newHighlighter(ix, pq, m, q)
		for _, r := range page {
			res.Hits = append(res.Hits, hl.hit(r))
		}
	}
	res.ProcessingTime = time.Since(start)
	return res
}
