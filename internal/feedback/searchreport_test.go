package feedback

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestSearchReport(t *testing.T) {
	ctx := context.Background()
	st := openTestStore(t)
	now := time.Now().UTC()
	err := st.AddQueries(ctx, []Query{
		{At: now, Query: "bakers", NbHits: 12}, {At: now, Query: "Bakers ", NbHits: 12}, {At: now, Query: "michelson", NbHits: 30},
		{At: now, Query: "qwxzv", NbHits: 0},
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := st.AddEvents(ctx, []Event{{At: now, Type: "click", Name: "Item Selected", Index: "tezosdocs", ObjectIDs: []string{"a"}}, {At: now, Type: "view", Name: "v", Index: "tezosdocs", ObjectIDs: []string{"a"}}}); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := SearchReport(ctx, st, &out, time.Time{}, 10); err != nil {
		t.Fatal(err)
	}
	got := out.String()
	for _, want := range []string{"4 searches, 3 distinct queries, 1 result clicks: click-through rate 25.0%", "  2      12    bakers", "Queries with no results\n  count  hits  query\n  1      0     qwxzv"} {
		if !strings.Contains(got, want) {
			t.Errorf("report lacks %q:\n%s", want, got)
		}
	}
}

func TestSearchReportReadsDailyTotalsAndDroppedRows(t *testing.T) {
	ctx := context.Background()
	st := openTestStore(t)
	now := time.Now().UTC()
	daysAgo := func(n int) time.Time { return now.AddDate(0, 0, -n) }
	var qs []Query
	for range 5 {
		qs = append(qs, Query{At: daysAgo(120), Query: "Smart Rollups", NbHits: 4}) // raw rows expire after 90 days
	}
	qs = append(qs, Query{At: daysAgo(20), Query: "smart  rollups", NbHits: 4}, Query{At: daysAgo(20), Query: "dal", NbHits: 0},
		Query{At: now, Query: "dal", NbHits: 2})
	if err := st.AddQueries(ctx, qs); err != nil {
		t.Fatal(err)
	}
	click := Event{Type: "click", Name: "Item Selected", Index: "tezosdocs", ObjectIDs: []string{"a"}}
	c1, c2 := click, click
	c1.At, c2.At = daysAgo(120), now
	if err := st.AddEvents(ctx, []Event{c1, c2}); err != nil {
		t.Fatal(err)
	}
	if _, err := st.Prune(ctx, Retention{}, now); err != nil {
		t.Fatal(err)
	}
	report := func(since time.Time) string {
		var out bytes.Buffer
		if err := SearchReport(ctx, st, &out, since, 10); err != nil {
			t.Fatal(err)
		}
		return out.String()
	}
	got := report(time.Time{})
	for _, want := range []string{"8 searches, 2 distinct queries, 2 result clicks", "  6      4     smart rollups", "  2      2     dal"} {
		if !strings.Contains(got, want) {
			t.Errorf("report lacks %q:\n%s", want, got)
		}
	}
	if got := report(daysAgo(30)); !strings.Contains(got, "3 searches, 2 distinct queries, 1 result clicks") {
		t.Errorf("report of the last 30 days:\n%s", got)
	}
	// Past the size cap, the oldest rows go and the report says how many.
	if _, err := st.Prune(ctx, Retention{MaxRows: 1}, now); err != nil {
		t.Fatal(err)
	}
	if got := report(time.Time{}); !strings.Contains(got, "Not counted: 2 search logs, 0 events and 0 daily totals dropped by the analytics size cap") {
		t.Errorf("report after the cap:\n%s", got)
	}
}

func TestRecorderKeepsAnalyticsUnderTheSizeCap(t *testing.T) {
	ctx := context.Background()
	st := openTestStore(t)
	r := NewRecorder(st, RecorderOptions{FlushInterval: 10 * time.Millisecond, Retention: Retention{MaxRows: 10}})
	defer r.Close(ctx)
	for i := range 30 {
		r.Query(Query{Query: "q\x00\x1b" + strings.Repeat("x", i)})
	}
	deadline := time.Now().Add(10 * time.Second)
	for {
		state, err := st.AnalyticsState(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if state.DroppedQueries == 20 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("after 10s, %d of 30 queries dropped by a cap of 10 rows", state.DroppedQueries)
		}
		time.Sleep(10 * time.Millisecond)
	}
	n := 0
	st.Queries(ctx, time.Time{}, func(q Query) error {
		if !strings.HasPrefix(q.Query, "qxxxxxxxxxxxxxxxxxxxx") {
			t.Errorf("kept %q: want the 10 newest queries, without control characters", q.Query)
		}
		n++
		return nil
	})
	if n != 10 {
		t.Fatalf("%d queries kept, want 10", n)
	}
}

// openTestStore opens a fresh SQLite store, closed at the end of the test.
func openTestStore(t *testing.T) Store {
	t.Helper()
	st, err := Open(context.Background(), "file:"+filepath.Join(t.TempDir(), "a.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}
