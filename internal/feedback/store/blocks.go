package store

import (
	"strconv"
	"strings"
	"time"
)

// MaxBlockLevel is the highest level of search_blocks: its blocks span 1 << MaxBlockLevel days.
// Level 0, single days, is search_daily itself.
const MaxBlockLevel = 8

// BlockLevelsSQL selects the levels of search_blocks, 1 to MaxBlockLevel, as rows of one column k,
// for the roll-up statements of either database.
var BlockLevelsSQL = func() string {
	parts := make([]string, MaxBlockLevel)
	for k := 1; k <= MaxBlockLevel; k++ {
		parts[k-1] = "SELECT " + strconv.Itoa(k) + " AS k"
	}
	return "(" + strings.Join(parts, " UNION ALL ") + ")"
}()

// blockSpan is a run of consecutive blocks of one level: at level k, the days since 1970 from
// first << k up to end << k.
type blockSpan struct {
	level      int
	first, end int64
}

// epochDay is the number of days from 1970-01-01 to t's day.
func epochDay(t time.Time) int64 { return Day(t).Unix() / 86400 }

// blockSpans covers the days from up to to (days since 1970) with the fewest aligned blocks: at
// each day, the largest block that starts there and ends by to. Consecutive blocks of one level
// make one span.
func blockSpans(from, to int64) []blockSpan {
	var out []blockSpan
	for p := from; p < to; {
		k := 0
		for k < MaxBlockLevel && p%(int64(1)<<(k+1)) == 0 && p+(int64(1)<<(k+1)) <= to {
			k++
		}
		b := p >> k
		if n := len(out); n > 0 && out[n-1].level == k && out[n-1].end == b {
			out[n-1].end++
		} else {
			out = append(out, blockSpan{level: k, first: b, end: b + 1})
		}
		p += int64(1) << k
	}
	return out
}
