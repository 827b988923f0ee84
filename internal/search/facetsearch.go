package search

import (
	"slices"
	"strings"
	"time"
)

// Bounds of searchForFacetValues, as in Algolia.
const (
	DefaultMaxFacetHits = 10
	MaxFacetHits        = 100
)

// FacetHit is one value of searchForFacetValues: the value, with the matched word starts
// highlighted, and how many records of the query have it.
type FacetHit struct {
	Value       string `json:"value"`
	Highlighted string `json:"highlighted"`
	Count       int    `json:"count"`
}

// FacetSearch is the answer of searchForFacetValues.
type FacetSearch struct {
	FacetHits             []FacetHit `json:"facetHits"`
	ExhaustiveFacetsCount bool       `json:"exhaustiveFacetsCount"`
	ProcessingTimeMS      int64      `json:"processingTimeMS"`
}

// canSearchFacet reports whether facet values of attr can be searched.
func canSearchFacet(attr string) bool { return slices.Contains(facetAttributes, attr) }

// SearchFacetValues returns the values of facet, among the records q matches, in which every
// word of facetQuery starts a word of the value; most frequent first, at most maxHits (0 → 10).
// The facet must be one of facetAttributes.
func (ix *Index) SearchFacetValues(facet, facetQuery string, q Query, maxHits int) FacetSearch {
	start := time.Now()
	if maxHits <= 0 {
		maxHits = DefaultMaxFacetHits
	}
	fc := newFacetCounter([]string{facet})
	pq := parseQueryFor(q)
	q.NoHits = true
	_, _, _ = ix.rank(pq, ix.match(pq), q, 0, 0, fc)
	want := foldedWords(facetQuery)
	pre, post := q.HighlightPreTag, q.HighlightPostTag
	if pre == "" {
		pre, post = defaultPreTag, defaultPostTag
	}
	hits := []FacetHit{}
	for _, v := range topValues(fc.counts[facet], len(fc.counts[facet]), q.SortFacetValuesBy) {
		if hl, ok := highlightFacetValue(v, want, pre, post); ok {
			hits = append(hits, FacetHit{Value: v, Highlighted: hl, Count: fc.counts[facet][v]})
			if len(hits) == maxHits {
				break
			}
		}
	}
	return FacetSearch{FacetHits: hits, ExhaustiveFacetsCount: true, ProcessingTimeMS: time.Since(start).Milliseconds()}
}

// highlightFacetValue reports whether each query word starts some word of value, and returns
// value HTML-escaped with those word starts wrapped in pre and post.
func highlightFacetValue(value string, words []string, pre, post string) (string, bool) {
	type cut struct{ start, end int }
	var toks []token
	tokenize(value, func(t token) { toks = append(toks, t) })
	var cuts []cut
	for _, w := range words {
		found := false
		for _, t := range toks {
			if strings.HasPrefix(t.text, w) {
				found = true
				cuts = append(cuts, cut{t.start, t.start + prefixBytes(value[t.start:t.end], len([]rune(w)))})
			}
		}
		if !found {
			return "", false
		}
	}
	slices.SortFunc(cuts, func(a, b cut) int { return a.start - b.start })
	var b strings.Builder
	pos := 0
	for _, c := range cuts {
		if c.start < pos {
			continue // another query word marked this word already
		}
		writeEscaped(&b, value[pos:c.start])
		b.WriteString(pre)
		writeEscaped(&b, value[c.start:c.end])
		b.WriteString(post)
		pos = c.end
	}
	writeEscaped(&b, value[pos:])
	return b.String(), true
}
