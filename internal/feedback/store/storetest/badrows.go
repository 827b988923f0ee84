package storetest

import (
	"math"
	"strings"
	"testing"
	"time"

	"tzdocs/internal/feedback/store"
)

// testBadEventRows stores Insights events no valid request makes (positions out of range, huge
// enough to overflow any sum) beside good ones and filter events: the dashboard's views and the
// roll-up must skip them, count them, and move on.
func testBadEventRows(t *testing.T, s store.Store) {
	ctx := t.Context()
	huge := []int{math.MaxInt64, math.MaxInt64}
	qs := []store.Query{
		{At: at(0, 1), Query: "fa2", NbHits: 5, QueryID: "qa"},
		{At: at(0, 2), Query: "fa2", NbHits: 5},
	}
	es := []store.Event{
		{At: at(0, 3), Type: "click", Name: "Hit clicked", Index: "docs", QueryID: "qa", ObjectIDs: []string{"x"}, Positions: []int{3}},
		{At: at(0, 4), Type: "click", Name: "Hit clicked", Index: "docs", QueryID: "qa", ObjectIDs: []string{"a", "b"}, Positions: huge},
		{At: at(0, 5), Type: "click", Name: "Hit clicked", Index: "docs", QueryID: "qa", ObjectIDs: []string{"a", "b"}, Positions: huge},
		{At: at(0, 6), Type: "click", Name: "Hit clicked", Index: "docs", QueryID: "qa", ObjectIDs: []string{"a"}, Positions: []int{0}},
		{At: at(0, 7), Type: "click", Name: "Filter clicked", Index: "docs", Filters: []string{"lvl0:Smart contracts"}},
		{At: at(0, 8), Type: "view", Name: "Filter viewed", Index: "docs", Filters: []string{"lvl0:Smart contracts", "lang:en"}},
	}
	if err := s.AddQueries(ctx, qs); err != nil {
		t.Fatal(err)
	}
	if err := s.AddEvents(ctx, es); err != nil {
		t.Fatal(err)
	}
	var filters [][]string
	if err := s.Events(ctx, time.Time{}, func(e store.Event) error {
		if e.Filters != nil {
			filters = append(filters, e.Filters)
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if len(filters) != 2 || len(filters[1]) != 2 || filters[1][1] != "lang:en" {
		t.Fatalf("filters read back %q, want those of the two filter events", filters)
	}
	r := store.Range{From: at(0, 0), To: at(1, 0)}
	// The good click alone counts: one click, position 3; the filter click is no click on a result.
	check := func(when string) {
		t.Helper()
		days, err := s.SearchDays(ctx, r)
		if err != nil {
			t.Fatalf("%s: SearchDays: %v", when, err)
		}
		if d := days[0]; d.Clicks != 1 || d.ClickPositions != 1 || d.PositionSum != 3 {
			t.Errorf("%s: day %+v, want 1 click at position 3", when, d)
		}
		l, err := s.SearchQueries(ctx, r)
		if err != nil {
			t.Fatalf("%s: SearchQueries: %v", when, err)
		}
		if len(l.Top) != 1 || l.Top[0].Searches != 2 {
			t.Errorf("%s: top queries %+v, want fa2 searched twice", when, l.Top)
		}
	}
	check("before the roll-up")
	// Far past the 4 days Insights events wait: both markers move over every row.
	now := at(6, 12)
	if _, err := s.Prune(ctx, store.Retention{}, now); err != nil {
		t.Fatalf("Prune with bad rows stored: %v", err)
	}
	st, err := s.AnalyticsState(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if !st.RolledUntil.Equal(store.RollupUntil(now)) || !st.SearchesRolledUntil.Equal(store.SearchRollupUntil(now)) {
		t.Fatalf("roll-up markers at %v and %v, want %v and %v", st.RolledUntil, st.SearchesRolledUntil,
			store.RollupUntil(now), store.SearchRollupUntil(now))
	}
	if st.SkippedEvents != 3 {
		t.Errorf("%d events counted as skipped, want the 3 bad ones", st.SkippedEvents)
	}
	check("after the roll-up")
	totals := map[string]int64{}
	if err := s.DailyEvents(ctx, time.Time{}, func(d store.DailyEvents) error {
		totals[d.Type+" "+d.Name] += d.Events
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	want := map[string]int64{"click Hit clicked": 1, "click Filter clicked": 1, "view Filter viewed": 1}
	for k, n := range want {
		if totals[k] != n {
			t.Errorf("daily totals %v, want %v", totals, want)
			break
		}
	}
	// A second pass has nothing left to do and counts nothing twice.
	if _, err := s.Prune(ctx, store.Retention{}, now.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	if st, _ := s.AnalyticsState(ctx); st.SkippedEvents != 3 {
		t.Errorf("after a second prune %d skipped, want 3", st.SkippedEvents)
	}
}

// testUnsafeSources stores answer votes whose sources, taken from model text by an older
// release, hold script and data links: the dashboard's lists keep only http(s) URLs and site
// paths.
func testUnsafeSources(t *testing.T, s store.Store) {
	ctx := t.Context()
	sources := []string{"javascript:alert(1)", "/architecture/bakers", "data:text/html,<b>x</b>", "VBScript:msgbox", "//evil.example/x",
		"https://docs.example.org/a", "http://example.com/b", "/\\evil.example", " javascript:x"}
	if _, err := s.AddAnswer(ctx, store.Answer{CreatedAt: at(0, 1), MessageID: "m1", Thumbs: 0, Question: "q", Answer: "a", Sources: sources}); err != nil {
		t.Fatal(err)
	}
	down, err := s.ThumbsDown(ctx, store.Range{From: at(0, 0), To: at(1, 0)})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"/architecture/bakers", "https://docs.example.org/a", "http://example.com/b"}
	if len(down) != 1 || strings.Join(down[0].Sources, " ") != strings.Join(want, " ") {
		t.Fatalf("sources listed %q, want %q", down, want)
	}
}

// testReservePageID takes ids between real rows: none is given to a row afterwards.
func testReservePageID(t *testing.T, s store.Store) {
	ctx := t.Context()
	first, err := s.ReservePageID(ctx) // before any row
	if err != nil {
		t.Fatal(err)
	}
	a, err := s.AddPage(ctx, store.Page{URL: "/a"})
	if err != nil {
		t.Fatal(err)
	}
	r1, err1 := s.ReservePageID(ctx)
	r2, err2 := s.ReservePageID(ctx)
	if err1 != nil || err2 != nil {
		t.Fatal(err1, err2)
	}
	b, err := s.AddPage(ctx, store.Page{URL: "/b"})
	if err != nil {
		t.Fatal(err)
	}
	if !(first < a && a < r1 && r1 < r2 && r2 < b) {
		t.Fatalf("ids: reserved %d, row %d, reserved %d and %d, row %d; want them rising, never shared", first, a, r1, r2, b)
	}
}
