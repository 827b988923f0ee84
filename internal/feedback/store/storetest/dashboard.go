package storetest

import (
	"context"
	"encoding/json"
	"errors"
	"sort"
	"testing"
	"time"

	"tzdocs/internal/feedback/store"
)

// DashboardDay is 00:00 UTC of the first day SeedDashboard fills.
var DashboardDay = time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)

// at is hour h of the seeded day d (0 = DashboardDay).
func at(d, h int) time.Time { return DashboardDay.AddDate(0, 0, d).Add(time.Duration(h) * time.Hour) }

// SeedDashboard fills s with two days (from DashboardDay) of searches, clicks, page votes and Ask AI
// exchanges, and a few rows four days later, then prunes as on day 5 at noon: every search and
// click is rolled up into the daily totals, the Insights events of day 0 too (raw rows stay, as
// they do for 90 days). The dashboard's API tests read it too.
func SeedDashboard(t *testing.T, s store.Store) {
	t.Helper()
	seedDashboardRows(t, s)
	p, err := s.Prune(t.Context(), store.Retention{}, at(5, 12))
	if err != nil {
		t.Fatal(err)
	}
	if p.RolledUp == 0 {
		t.Fatalf("Prune rolled nothing up (%+v); the test wants the daily totals filled", p)
	}
}

// seedDashboardRows writes SeedDashboard's rows, rolling nothing up.
func seedDashboardRows(t *testing.T, s store.Store) {
	t.Helper()
	ctx := t.Context()
	qs := []store.Query{
		{At: at(0, 1), Query: "fa2", NbHits: 5, QueryID: "qa"},
		{At: at(0, 2), Query: "fa2", NbHits: 5},
		{At: at(0, 3), Query: "fa2", NbHits: 5},
		{At: at(0, 4), Query: "rollup", NbHits: 0, QueryID: "qb"},
		{At: at(0, 5), Query: "Rollup", NbHits: 0},
		{At: at(1, 1), Query: "fa2", NbHits: 4},
		{At: at(1, 2), Query: "smart rollup", NbHits: 0},
		{At: at(1, 3), Query: "smart rollup", NbHits: 0},
		{At: at(4, 3), Query: "fa2", NbHits: 4}, // after the ranges read
	}
	es := []store.Event{
		{At: at(0, 6), Type: "click", Name: "Hit clicked", Index: "docs", QueryID: "qa", ObjectIDs: []string{"x"}, Positions: []int{7}},
		{At: at(0, 7), Type: "click", Name: "Hit clicked", Index: "docs", QueryID: "qa", ObjectIDs: []string{"y"}, Positions: []int{2}},
		{At: at(1, 6), Type: "click", Name: "Hit clicked", Index: "docs", QueryID: "qb", ObjectIDs: []string{"x", "y"}, Positions: []int{9, 1}},
		{At: at(1, 7), Type: "click", Name: "Link clicked", Index: "docs", ObjectIDs: []string{"z"}},
		{At: at(1, 8), Type: "view", Name: "Page viewed", Index: "docs", ObjectIDs: []string{"z"}},
	}
	if err := s.AddQueries(ctx, qs); err != nil {
		t.Fatal(err)
	}
	if err := s.AddEvents(ctx, es); err != nil {
		t.Fatal(err)
	}
	pages := []store.Page{
		{CreatedAt: at(0, 1), URL: "/a", Helpful: ptr(true)},
		{CreatedAt: at(0, 2), URL: "/a", Helpful: ptr(false)},
		{CreatedAt: at(0, 3), URL: "/a", Helpful: ptr(false), Comment: "old"},
		{CreatedAt: at(1, 1), URL: "/b", Helpful: ptr(true)},
		{CreatedAt: at(1, 2), URL: "/b", Helpful: ptr(true)},
		{CreatedAt: at(1, 3), Comment: "more rollups", Category: "missing-topic"},
		{CreatedAt: at(4, 1), URL: "/a", Helpful: ptr(false)},
	}
	for _, p := range pages {
		if _, err := s.AddPage(ctx, p); err != nil {
			t.Fatal(err)
		}
	}
	xs := []store.Exchange{
		{CreatedAt: at(0, 1), MessageID: "m1", Question: "q1", Answer: "a1", Sources: []string{"/a"}, Engine: "local", Outcome: store.OutcomeAnswered},
		{CreatedAt: at(0, 2), MessageID: "m2", Question: "q2", Answer: "a2", Engine: "local", Outcome: store.OutcomeAnswered},
		{CreatedAt: at(1, 1), MessageID: "m3", Question: "q3", Answer: "a3", Sources: []string{"/b"}, Engine: "openai", Outcome: store.OutcomeAnswered},
		{CreatedAt: at(1, 2), MessageID: "m4", Question: "q4", Engine: "openai", Outcome: store.OutcomeFailed},
	}
	for _, x := range xs {
		if err := s.AddExchange(ctx, x); err != nil {
			t.Fatal(err)
		}
	}
	votes := []store.Answer{
		{CreatedAt: at(0, 3), MessageID: "m1", Thumbs: 1, Question: "q1", Answer: "a1", Sources: []string{"/a"}},
		{CreatedAt: at(0, 4), MessageID: "m2", Thumbs: 0, Question: "q2", Answer: "a2"},
		{CreatedAt: at(1, 3), MessageID: "m3", Thumbs: 0, Question: "q3", Answer: "a3", Sources: []string{"/b"}},
		{CreatedAt: at(1, 4), MessageID: "gone", Thumbs: 0, Question: "q5", Answer: "a5"},
	}
	for _, v := range votes {
		if _, err := s.AddAnswer(ctx, v); err != nil {
			t.Fatal(err)
		}
	}
}

// asJSON makes a value comparable in a failure message.
func asJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func same(t *testing.T, what string, got, want any) {
	t.Helper()
	if g, w := asJSON(t, got), asJSON(t, want); g != w {
		t.Errorf("%s:\n got %s\nwant %s", what, g, w)
	}
}

// dashboardRollups are the states of the roll-up the search aggregations are checked in: they must
// give the same numbers whether searches and clicks are read raw or from the daily totals.
var dashboardRollups = []struct {
	name  string
	prune time.Time // when Prune runs; never when zero
}{
	{"Raw", time.Time{}},
	// Searches roll up until 02:00 of day 1: day 0 is read from the daily totals, day 1 from both,
	// its last search (made within the last hour) and its clicks from the raw rows.
	{"RolledUpWithinADay", at(1, 3).Add(30 * time.Minute)},
	{"RolledUpUntilTheEvening", at(1, 10)},
	{"RolledUp", at(5, 12)},
}

func testDashboardSearch(t *testing.T, open func(t *testing.T) store.Store) {
	for _, c := range dashboardRollups {
		t.Run(c.name, func(t *testing.T) {
			s := open(t)
			seedDashboardRows(t, s)
			if !c.prune.IsZero() {
				if _, err := s.Prune(t.Context(), store.Retention{}, c.prune); err != nil {
					t.Fatal(err)
				}
			}
			checkDashboardSearch(t, s)
		})
	}
}

func checkDashboardSearch(t *testing.T, s store.Store) {
	t.Helper()
	ctx := t.Context()
	r := store.Range{From: at(0, 0), To: at(3, 0)}
	days, err := s.SearchDays(ctx, r)
	if err != nil {
		t.Fatal(err)
	}
	same(t, "SearchDays", days, []store.SearchDay{
		{Day: at(0, 0), Searches: 5, NoResults: 2, Clicks: 2, ClickPositions: 2, PositionSum: 9},
		{Day: at(1, 0), Searches: 3, NoResults: 2, Clicks: 2, ClickPositions: 2, PositionSum: 10},
		{Day: at(2, 0)},
	})
	top, err := topQueries(ctx, s, r, false)
	if err != nil {
		t.Fatal(err)
	}
	same(t, "TopQueries", top, []store.QueryCount{
		{Query: "fa2", Searches: 4, NbHits: 5}, {Query: "smart rollup", Searches: 2},
		{Query: "Rollup", Searches: 1}, {Query: "rollup", Searches: 1},
	})
	none, err := topQueries(ctx, s, r, true)
	if err != nil {
		t.Fatal(err)
	}
	same(t, "TopQueries without results", none, []store.QueryCount{
		{Query: "smart rollup", Searches: 2}, {Query: "Rollup", Searches: 1}, {Query: "rollup", Searches: 1},
	})
	// Each day alone.
	one, err := s.SearchDays(ctx, store.Range{From: at(1, 0), To: at(2, 0)})
	if err != nil {
		t.Fatal(err)
	}
	same(t, "SearchDays of day 1", one, days[1:2])
	top0, err := topQueries(ctx, s, store.Range{From: at(0, 0), To: at(1, 0)}, false)
	if err != nil {
		t.Fatal(err)
	}
	same(t, "TopQueries of day 0", top0, []store.QueryCount{
		{Query: "fa2", Searches: 3, NbHits: 5}, {Query: "Rollup", Searches: 1}, {Query: "rollup", Searches: 1},
	})
	// The clicks on "rollup" (searched on day 0) were made on day 1: they count there, and the
	// query is no top query of day 1.
	top1, err := topQueries(ctx, s, store.Range{From: at(1, 0), To: at(2, 0)}, false)
	if err != nil {
		t.Fatal(err)
	}
	same(t, "TopQueries of day 1", top1, []store.QueryCount{{Query: "smart rollup", Searches: 2}, {Query: "fa2", Searches: 1, NbHits: 4}})
	far, err := farClicks(ctx, s, r)
	if err != nil {
		t.Fatal(err)
	}
	same(t, "FarClicks", far, []store.FarClicks{
		{Query: "fa2", Clicks: 2, PositionSum: 9, Far: 1}, {Query: "rollup", Clicks: 2, PositionSum: 10, Far: 1},
	})
	far1, err := farClicks(ctx, s, store.Range{From: at(1, 0), To: at(2, 0)})
	if err != nil {
		t.Fatal(err)
	}
	same(t, "FarClicks of day 1", far1, []store.FarClicks{{Query: "rollup", Clicks: 2, PositionSum: 10, Far: 1}})
	// A long range, read from blocks of up to 256 days, lists the same.
	long, err := s.SearchQueries(ctx, store.Range{From: at(-300, 0), To: at(3, 0)})
	if err != nil {
		t.Fatal(err)
	}
	same(t, "SearchQueries over 303 days", long, store.QueryLists{Top: top, NoResults: none, FarClicks: far})
	if _, err := s.SearchDays(ctx, store.Range{From: at(2, 0), To: at(1, 0)}); !errors.Is(err, store.ErrBadRange) {
		t.Errorf("a reversed range gave %v, want ErrBadRange", err)
	}
}

// testDashboardRetention checks that a query whose day left the daily totals, past their
// retention or by the size cap, is listed by no range, even one read from a block of days that
// also holds days still kept.
func testDashboardRetention(t *testing.T, open func(t *testing.T) store.Store) {
	for _, c := range []struct {
		name string
		keep store.Retention
	}{
		{"PastTheRetention", store.Retention{Daily: 100 * 24 * time.Hour}},
		{"DroppedByTheCap", store.Retention{MaxDailyRows: 2}},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := open(t)
			ctx := t.Context()
			err := s.AddQueries(ctx, []store.Query{{At: at(-200, 1), Query: "gone"},
				{At: at(-50, 1), Query: "kept", NbHits: 3}, {At: at(0, 1), Query: "kept", NbHits: 3}})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := s.Prune(ctx, c.keep, at(5, 12)); err != nil {
				t.Fatal(err)
			}
			// Days -300 to 3: the 256-day block read holds days -289 to -34, "gone"'s day and
			// one of "kept"'s.
			for _, r := range []store.Range{{From: at(-300, 0), To: at(3, 0)}, {From: at(-50, 0), To: at(3, 0)}} {
				lists, err := s.SearchQueries(ctx, r)
				if err != nil {
					t.Fatal(err)
				}
				same(t, "SearchQueries from "+r.From.Format(time.DateOnly), lists, store.QueryLists{
					Top: []store.QueryCount{{Query: "kept", Searches: 2, NbHits: 3}}, NoResults: []store.QueryCount{}, FarClicks: []store.FarClicks{}})
			}
		})
	}
}

// testDashboardSnapshot checks that a Snapshot reads one state: a search recorded and rolled up
// while it is open is not seen inside, and is seen after.
func testDashboardSnapshot(t *testing.T, s store.Store) {
	SeedDashboard(t, s)
	ctx := t.Context()
	r := store.Range{From: at(0, 0), To: at(6, 0)}
	var before, inside []store.SearchDay
	err := s.Snapshot(ctx, func(d store.Dashboard) error {
		var err error
		if before, err = d.SearchDays(ctx, r); err != nil {
			return err
		}
		if err := s.AddQueries(ctx, []store.Query{{At: at(5, 11).Add(30 * time.Minute), Query: "new", NbHits: 1}}); err != nil {
			return err
		}
		if _, err := s.Prune(ctx, store.Retention{}, at(5, 13)); err != nil {
			return err
		}
		inside, err = d.SearchDays(ctx, r)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	same(t, "SearchDays inside the snapshot", inside, before)
	after, err := s.SearchDays(ctx, r)
	if err != nil {
		t.Fatal(err)
	}
	if after[5].Searches != before[5].Searches+1 {
		t.Errorf("searches of day 5 after the snapshot: %d, want %d", after[5].Searches, before[5].Searches+1)
	}
}

func testDashboardPages(t *testing.T, s store.Store) {
	SeedDashboard(t, s)
	ctx := t.Context()
	r := store.Range{From: at(0, 0), To: at(3, 0)}
	votes, err := s.PageVotes(ctx, r)
	if err != nil {
		t.Fatal(err)
	}
	sort.Slice(votes, func(i, j int) bool { return votes[i].URL < votes[j].URL })
	same(t, "PageVotes", votes, []store.PageVotes{
		{URL: "", Comments: 1}, {URL: "/a", Helpful: 1, NotHelpful: 2, Comments: 1}, {URL: "/b", Helpful: 2},
	})
	trend, err := s.PageTrend(ctx, store.Range{From: at(0, 0), To: at(5, 0)}, []string{"/a"})
	if err != nil {
		t.Fatal(err)
	}
	same(t, "PageTrend", trend, []store.PageVotes{
		{Day: at(0, 0), URL: "/a", Helpful: 1, NotHelpful: 2, Comments: 1}, {Day: at(4, 0), URL: "/a", NotHelpful: 1},
	})
	// Several pages (in any order, named twice, or without votes) come in URL order, each by day;
	// nil asks for every page.
	trend, err = s.PageTrend(ctx, store.Range{From: at(0, 0), To: at(5, 0)}, []string{"/nowhere", "/b", "/a", "/b"})
	if err != nil {
		t.Fatal(err)
	}
	same(t, "PageTrend of several pages", trend, []store.PageVotes{
		{Day: at(0, 0), URL: "/a", Helpful: 1, NotHelpful: 2, Comments: 1}, {Day: at(4, 0), URL: "/a", NotHelpful: 1},
		{Day: at(1, 0), URL: "/b", Helpful: 2},
	})
	all, err := s.PageTrend(ctx, store.Range{From: at(0, 0), To: at(5, 0)}, nil)
	if err != nil {
		t.Fatal(err)
	}
	same(t, "PageTrend of every page", all, []store.PageVotes{
		{Day: at(1, 0), Comments: 1},
		{Day: at(0, 0), URL: "/a", Helpful: 1, NotHelpful: 2, Comments: 1}, {Day: at(4, 0), URL: "/a", NotHelpful: 1},
		{Day: at(1, 0), URL: "/b", Helpful: 2},
	})
	days, err := s.PageDays(ctx, store.Range{From: at(0, 0), To: at(5, 0)})
	if err != nil {
		t.Fatal(err)
	}
	same(t, "PageDays", days, []store.PageVotes{
		{Day: at(0, 0), Helpful: 1, NotHelpful: 2, Comments: 1}, {Day: at(1, 0), Helpful: 2, Comments: 1},
		{Day: at(2, 0)}, {Day: at(3, 0)}, {Day: at(4, 0), NotHelpful: 1},
	})
	comments, err := s.Comments(ctx, r)
	if err != nil {
		t.Fatal(err)
	}
	same(t, "Comments", comments, []store.Comment{
		{At: at(1, 3), Comment: "more rollups", Category: "missing-topic"},
		{At: at(0, 3), URL: "/a", Helpful: ptr(false), Comment: "old"},
	})
}

func testDashboardAskAI(t *testing.T, s store.Store) {
	SeedDashboard(t, s)
	ctx := t.Context()
	r := store.Range{From: at(0, 0), To: at(2, 0)}
	days, err := s.AskDays(ctx, r)
	if err != nil {
		t.Fatal(err)
	}
	same(t, "AskDays", days, []store.AskDay{
		{Day: at(0, 0), Questions: 2, Answered: 2, NoSource: 1, Up: 1, Down: 1},
		{Day: at(1, 0), Questions: 2, Answered: 1, Down: 2},
	})
	engines, err := s.EngineVotes(ctx, r)
	if err != nil {
		t.Fatal(err)
	}
	same(t, "EngineVotes", engines, []store.EngineVotes{{Engine: "", Down: 1}, {Engine: "local", Up: 1, Down: 1}, {Engine: "openai", Down: 1}})
	down, err := s.ThumbsDown(ctx, r)
	if err != nil {
		t.Fatal(err)
	}
	same(t, "ThumbsDown", down, []store.AskItem{
		{At: at(1, 4), Question: "q5", Answer: "a5", Sources: []string{}},
		{At: at(1, 3), Question: "q3", Answer: "a3", Sources: []string{"/b"}, Engine: "openai"},
		{At: at(0, 4), Question: "q2", Answer: "a2", Sources: []string{}, Engine: "local"},
	})
	bare, err := s.NoSourceAnswers(ctx, r)
	if err != nil {
		t.Fatal(err)
	}
	same(t, "NoSourceAnswers", bare, []store.AskItem{{At: at(0, 2), Question: "q2", Answer: "a2", Sources: []string{}, Engine: "local"}})
}

// topQueries is the Top list of the store's SearchQueries, or its NoResults list when noResults.
func topQueries(ctx context.Context, s store.Dashboard, r store.Range, noResults bool) ([]store.QueryCount, error) {
	l, err := s.SearchQueries(ctx, r)
	if noResults {
		return l.NoResults, err
	}
	return l.Top, err
}

// farClicks is the FarClicks list of the store's SearchQueries.
func farClicks(ctx context.Context, s store.Dashboard, r store.Range) ([]store.FarClicks, error) {
	l, err := s.SearchQueries(ctx, r)
	return l.FarClicks, err
}
