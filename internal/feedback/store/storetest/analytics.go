package storetest

import (
	"errors"
	"fmt"
	"io/fs"
	"reflect"
	"testing"
	"time"

	"tzdocs/internal/feedback/store"
)

func testOneVotePerAnswer(t *testing.T, s store.Store) {
	ctx := t.Context()
	if _, err := s.AddAnswer(ctx, store.Answer{CreatedAt: t0, MessageID: "msg-1", Thumbs: 1}); err != nil {
		t.Fatal(err)
	}
	_, err := s.AddAnswer(ctx, store.Answer{CreatedAt: t0, MessageID: "msg-1", Thumbs: 0})
	if !errors.Is(err, store.ErrDuplicate) {
		t.Fatalf("second vote on msg-1: err = %v, want store.ErrDuplicate", err)
	}
	if _, err := s.AddAnswer(ctx, store.Answer{CreatedAt: t0, MessageID: "msg-2", Thumbs: 0}); err != nil {
		t.Fatalf("vote on another answer: %v", err)
	}
	var thumbs []int
	if err := s.Answers(ctx, time.Time{}, func(a store.Answer) error { thumbs = append(thumbs, a.Thumbs); return nil }); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(thumbs, []int{1, 0}) {
		t.Fatalf("stored votes %v, want the first vote of each answer: [1 0]", thumbs)
	}
}

// day returns 12:00 UTC n days before now's day.
func day(now time.Time, n int) time.Time {
	return store.Day(now).AddDate(0, 0, -n).Add(12 * time.Hour)
}

func countRows(t *testing.T, s store.Store) (queries, events int) {
	t.Helper()
	if err := s.Queries(t.Context(), time.Time{}, func(store.Query) error { queries++; return nil }); err != nil {
		t.Fatal(err)
	}
	if err := s.Events(t.Context(), time.Time{}, func(store.Event) error { events++; return nil }); err != nil {
		t.Fatal(err)
	}
	return queries, events
}

func dailyQueries(t *testing.T, s store.Store, since time.Time) map[string]int64 {
	t.Helper()
	out := map[string]int64{}
	err := s.DailyQueries(t.Context(), since, func(d store.DailyQuery) error {
		out[fmt.Sprintf("%s %s hits=%d", d.Day.Format(time.DateOnly), d.Query, d.NbHits)] += d.Searches
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func testPruneRollsUpAndExpires(t *testing.T, s store.Store) {
	ctx := t.Context()
	now := time.Now().UTC()
	// 100 and 10 days ago: old enough to roll up; the first also past the 90 days of raw rows.
	// 2 days ago: the search rolls up (an hour later is enough), the Insights event does not (an
	// event of that day may still come).
	var qs []store.Query
	var es []store.Event
	for _, d := range []int{100, 100, 10, 10, 10, 2} {
		qs = append(qs, store.Query{At: day(now, d), Query: "rollup", NbHits: d})
		es = append(es, store.Event{At: day(now, d), Type: "click", Name: "Hit clicked", Index: "docs", ObjectIDs: []string{"a"}})
	}
	qs = append(qs, store.Query{At: day(now, 500), Query: "ancient"}) // past the 400 days of totals too
	if err := s.AddQueries(ctx, qs); err != nil {
		t.Fatal(err)
	}
	if err := s.AddEvents(ctx, es); err != nil {
		t.Fatal(err)
	}
	p, err := s.Prune(ctx, store.Retention{}, now)
	if err != nil {
		t.Fatalf("Prune: %v", err)
	}
	if p.RolledUp != 7+5 || p.Dropped != 0 {
		t.Errorf("Prune = %+v, want 12 rows rolled up and none dropped", p)
	}
	if q, e := countRows(t, s); q != 4 || e != 4 {
		t.Errorf("raw rows left: %d queries, %d events; want the 4 of the last 90 days each", q, e)
	}
	want := map[string]int64{
		day(now, 100).Format(time.DateOnly) + " rollup hits=100": 2,
		day(now, 10).Format(time.DateOnly) + " rollup hits=10":   3,
		day(now, 2).Format(time.DateOnly) + " rollup hits=2":     1,
	}
	if got := dailyQueries(t, s, time.Time{}); !reflect.DeepEqual(got, want) {
		t.Errorf("daily queries %v, want %v", got, want)
	}
	if got := dailyQueries(t, s, day(now, 50)); len(got) != 2 {
		t.Errorf("daily queries since 50 days ago: %v, want two days", got)
	}
	var clicks int64
	if err := s.DailyEvents(ctx, time.Time{}, func(d store.DailyEvents) error {
		if d.Type != "click" || d.Name != "Hit clicked" || d.Index != "docs" {
			t.Errorf("daily events %+v", d)
		}
		clicks += d.Events
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if clicks != 5 {
		t.Errorf("%d clicks in the daily totals, want 5", clicks)
	}
	st, err := s.AnalyticsState(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if !st.RolledUntil.Equal(store.RollupUntil(now)) {
		t.Errorf("RolledUntil = %v, want %v", st.RolledUntil, store.RollupUntil(now))
	}
	if !st.SearchesRolledUntil.Equal(store.SearchRollupUntil(now)) {
		t.Errorf("SearchesRolledUntil = %v, want %v", st.SearchesRolledUntil, store.SearchRollupUntil(now))
	}
	// Pruning again at the same time counts nothing twice.
	if p, err := s.Prune(ctx, store.Retention{}, now); err != nil || p.RolledUp != 0 {
		t.Fatalf("second Prune = %+v, %v; want nothing rolled up", p, err)
	}
	if got := dailyQueries(t, s, time.Time{}); !reflect.DeepEqual(got, want) {
		t.Errorf("daily queries after a second prune %v, want %v", got, want)
	}
	// A week later the 2-day-old event is rolled up too, and 400 days later every total is gone.
	if p, err := s.Prune(ctx, store.Retention{}, now.AddDate(0, 0, 7)); err != nil || p.RolledUp != 1 {
		t.Fatalf("Prune a week later = %+v, %v; want the event of 2 days ago rolled up", p, err)
	}
	if _, err := s.Prune(ctx, store.Retention{}, now.AddDate(0, 0, 500)); err != nil {
		t.Fatal(err)
	}
	if got := dailyQueries(t, s, time.Time{}); len(got) != 0 {
		t.Errorf("daily totals older than 400 days are kept: %v", got)
	}
	l, err := s.SearchQueries(ctx, store.Range{From: store.Day(now).AddDate(0, 0, -200), To: store.Day(now).AddDate(0, 0, 1)})
	if err != nil {
		t.Fatal(err)
	}
	if len(l.Top) != 0 {
		t.Errorf("the dashboard's totals older than 400 days are kept: %+v", l.Top)
	}
}

func testPruneCapsSize(t *testing.T, s store.Store) {
	ctx := t.Context()
	now := time.Now().UTC()
	var qs []store.Query
	var es []store.Event
	for i := range 8 {
		at := now.Add(time.Duration(i-10) * time.Minute)
		qs = append(qs, store.Query{At: at, Query: fmt.Sprint("q", i)})
		es = append(es, store.Event{At: at, Type: "view", Name: fmt.Sprint("e", i), ObjectIDs: []string{"a"}})
	}
	if err := s.AddQueries(ctx, qs); err != nil {
		t.Fatal(err)
	}
	if err := s.AddEvents(ctx, es); err != nil {
		t.Fatal(err)
	}
	p, err := s.Prune(ctx, store.Retention{MaxRows: 5}, now)
	if err != nil {
		t.Fatal(err)
	}
	if p.Dropped != 6 {
		t.Errorf("Prune = %+v, want 3 queries and 3 events dropped", p)
	}
	var left []string
	if err := s.Queries(ctx, time.Time{}, func(q store.Query) error { left = append(left, q.Query); return nil }); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(left, []string{"q3", "q4", "q5", "q6", "q7"}) {
		t.Errorf("queries left %v, want the 5 newest", left)
	}
	if _, err := s.Prune(ctx, store.Retention{MaxRows: 4}, now); err != nil {
		t.Fatal(err)
	}
	st, err := s.AnalyticsState(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if st.DroppedQueries != 4 || st.DroppedEvents != 4 {
		t.Errorf("AnalyticsState = %+v, want 4 queries and 4 events dropped in all", st)
	}
}

// testUpgradeKeepsRows opens a database made by the first migration only, as an older tzdocs left
// it (seed 1: a page vote, a click, a search and three votes on one answer), and checks that
// migrating it loses nothing.
func testUpgradeKeepsRows(t *testing.T, o Opener, ms []store.Migration, seeds fs.FS) {
	ctx := t.Context()
	seedAt(t, o, ms, seeds, 1)
	s, err := o(ctx, ms)
	if err != nil {
		t.Fatalf("upgrading: %v", err)
	}
	defer s.Close()
	n := 0
	if err := s.Answers(ctx, time.Time{}, func(store.Answer) error { n++; return nil }); err != nil || n != 3 {
		t.Fatalf("%d answers after the upgrade (err %v), want the 3 stored before", n, err)
	}
	if q, e := countRows(t, s); q != 1 || e != 1 {
		t.Fatalf("rows after the upgrade: %d queries, %d events", q, e)
	}
	if ps := pages(t, s, time.Time{}); len(ps) != 1 || ps[0].URL != "/kept" || !ps[0].CreatedAt.Equal(t0) || ps[0].Helpful == nil || !*ps[0].Helpful {
		t.Fatalf("page feedback after the upgrade: %+v; want the seeded vote on /kept at %v", ps, t0)
	}
	// The first prune rolls up everything stored before the upgrade.
	if _, err := s.Prune(ctx, store.Retention{Raw: 100 * 365 * 24 * time.Hour, Daily: 100 * 365 * 24 * time.Hour}, time.Now()); err != nil {
		t.Fatal(err)
	}
	if got := dailyQueries(t, s, time.Time{}); got[t0.Format(time.DateOnly)+" old query hits=3"] != 1 {
		t.Fatalf("daily totals after the first prune: %v", got)
	}
}
