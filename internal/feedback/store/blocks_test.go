package store

import "testing"

func TestBlockSpansCoverTheDaysOnce(t *testing.T) {
	for _, c := range [][2]int64{{0, 1}, {5, 6}, {20000, 20030}, {20413, 20778}, {7, 300}, {1, 1000}, {256, 512}} {
		spans := blockSpans(c[0], c[1])
		p := c[0]
		for _, s := range spans {
			if s.level < 0 || s.level > MaxBlockLevel || s.first >= s.end {
				t.Fatalf("%v: bad span %+v", c, s)
			}
			if s.first<<s.level != p {
				t.Fatalf("%v: span %+v starts at day %d, want %d (spans %+v)", c, s, s.first<<s.level, p, spans)
			}
			p = s.end << s.level
		}
		if p != c[1] {
			t.Fatalf("%v: spans %+v end at day %d", c, spans, p)
		}
	}
	// A year reads a few spans, not 365 days.
	if n := len(blockSpans(20413, 20778)); n > 2*(MaxBlockLevel+1) {
		t.Errorf("a year takes %d spans", n)
	}
	if got := blockSpans(256, 512); len(got) != 1 || got[0] != (blockSpan{level: 8, first: 1, end: 2}) {
		t.Errorf("an aligned block of 256 days: %+v", got)
	}
}
