package search

import (
	"fmt"
	"strconv"
	"strings"

	"tzdocs/internal/output"
)

// OptionalFilters is Algolia's optionalFilters: groups of "attribute:value" filters, each with a
// score ("attribute:value<score=3>", 1 by default). A record's score is the sum over groups of
// the best score of the group's filters it passes; records with a higher score rank first among
// those with as many query words and typos, and no record is excluded.
type OptionalFilters [][]optionalFilter

type optionalFilter struct {
	Filter
	score int
}

// parseOptionalFilters reads AND-of-OR groups of optional filters.
func parseOptionalFilters(groups [][]string) (OptionalFilters, error) {
	var out OptionalFilters
	for _, g := range groups {
		group := make([]optionalFilter, 0, len(g))
		for _, s := range g {
			score := 1
			if i := strings.LastIndex(s, "<score="); i >= 0 && strings.HasSuffix(s, ">") {
				n, err := strconv.Atoi(s[i+len("<score=") : len(s)-1])
				if err != nil || n < 0 || n > 1000 {
					return nil, fmt.Errorf("optional filter %q: the score must be a whole number from 0 to 1000", s)
				}
				score, s = n, s[:i]
			}
			f, err := ParseFilter(s)
			if err != nil {
				return nil, err
			}
			group = append(group, optionalFilter{f, score})
		}
		out = append(out, group)
	}
	return out, nil
}

// score is the record's optional filter score. Within a group, the scores of the filters the
// record passes are added up when sum is set (sumOrFiltersScores), else the best one counts.
func (o OptionalFilters) score(r *output.Record, sum bool) uint16 {
	total := 0
	for _, g := range o {
		best := 0
		for _, f := range g {
			switch {
			case !f.match(r):
			case sum:
				best += f.score
			default:
				best = max(best, f.score)
			}
		}
		total += best
	}
	return uint16(min(total, 0xffff))
}
