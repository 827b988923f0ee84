package search

import (
	"math"
	"slices"
	"strconv"
	"strings"

	"tzdocs/internal/output"
)

// Facet attributes of the index (its attributesForFaceting).
var (
	// facetAttributes can be counted, filtered on and searched for values (searchForFacetValues).
	// kind is "tutorial" on the records of tutorial pages and absent on the others.
	facetAttributes = []string{"type", "lang", "language", "version", "docusaurus_tag", "kind", "hierarchy.lvl0", "hierarchy.lvl1"}
	// numericFacets can be counted and have facets_stats.
	numericFacets = []string{"weight.pageRank", "weight.level"}
)

// DefaultMaxValuesPerFacet is how many values of each facet an answer lists, as in Algolia.
const (
	DefaultMaxValuesPerFacet = 100
	MaxValuesPerFacetLimit   = 1000
)

// FacetStats summarises a numeric facet over the matching records.
type FacetStats struct {
	Min float64 `json:"min"`
	Max float64 `json:"max"`
	Avg float64 `json:"avg"`
	Sum float64 `json:"sum"`
}

// isFacet reports whether attr is one of the index's facet attributes.
func isFacet(attr string) bool {
	return slices.Contains(facetAttributes, attr) || slices.Contains(numericFacets, attr)
}

// facetCounter counts facet values over the records of a query.
type facetCounter struct {
	attrs  []string
	counts map[string]map[string]int
	stats  map[string]*FacetStats
	n      map[string]int
}

// newFacetCounter counts the requested attributes that are facets; "*" asks for all of them.
// Other names are left out of the answer, as Algolia does.
func newFacetCounter(requested []string) *facetCounter {
	fc := &facetCounter{counts: map[string]map[string]int{}, stats: map[string]*FacetStats{}, n: map[string]int{}}
	for _, a := range requested {
		a = strings.TrimSpace(a)
		if a == "*" {
			fc.attrs = append(append(fc.attrs[:0:0], facetAttributes...), numericFacets...)
			break
		}
		if isFacet(a) && !slices.Contains(fc.attrs, a) {
			fc.attrs = append(fc.attrs, a)
		}
	}
	for _, a := range fc.attrs {
		fc.counts[a] = map[string]int{}
	}
	return fc
}

func (fc *facetCounter) add(r *output.Record) {
	for _, a := range fc.attrs {
		if v, ok := numericValue(r, a); ok {
			fc.counts[a][formatNumber(v)]++
			st := fc.stats[a]
			if st == nil {
				st = &FacetStats{Min: math.Inf(1), Max: math.Inf(-1)}
				fc.stats[a] = st
			}
			st.Min, st.Max, st.Sum = min(st.Min, v), max(st.Max, v), st.Sum+v
			fc.n[a]++
			continue
		}
		if v, ok := facetValue(r, a); ok && v != "" {
			fc.counts[a][v]++
		}
	}
}

// result returns the counts, at most maxValues values per facet (0 → the default), by count
// (then value) or, with sortBy "alpha", by value; and the stats of numeric facets.
func (fc *facetCounter) result(maxValues int, sortBy string) (map[string]map[string]int, map[string]FacetStats) {
	if maxValues <= 0 {
		maxValues = DefaultMaxValuesPerFacet
	}
	out := make(map[string]map[string]int, len(fc.counts))
	for a, counts := range fc.counts {
		keep := counts
		if len(counts) > maxValues {
			keep = map[string]int{}
			for _, v := range topValues(counts, maxValues, sortBy) {
				keep[v] = counts[v]
			}
		}
		out[a] = keep
	}
	var stats map[string]FacetStats
	for a, st := range fc.stats {
		if stats == nil {
			stats = map[string]FacetStats{}
		}
		s := *st
		s.Avg = s.Sum / float64(fc.n[a])
		stats[a] = s
	}
	return out, stats
}

// topValues returns the first n values of counts, by count then value or, with sortBy "alpha",
// by value.
func topValues(counts map[string]int, n int, sortBy string) []string {
	values := make([]string, 0, len(counts))
	for v := range counts {
		values = append(values, v)
	}
	slices.SortFunc(values, func(a, b string) int {
		if sortBy != "alpha" && counts[a] != counts[b] {
			return counts[b] - counts[a]
		}
		return strings.Compare(a, b)
	})
	return values[:min(n, len(values))]
}

func formatNumber(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }
