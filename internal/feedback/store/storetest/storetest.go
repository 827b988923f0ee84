// Package storetest is the one test suite every feedback store implementation must pass.
package storetest

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"tzdocs/internal/feedback/store"
)

// Opener opens (and migrates) one database; every call opens the same database. A nil migrations
// list means the implementation's own migrations.
type Opener func(ctx context.Context, migrations []store.Migration) (store.Store, error)

// Run runs the suite. newDB returns an Opener for a fresh, empty database; migrations are the
// implementation's embedded ones and seeds its migrations/seeds folder, where NNNN.sql fills a
// database at schema version NNNN with rows in that version's columns, for the upgrade tests.
func Run(t *testing.T, newDB func(t *testing.T) Opener, migrations []store.Migration, seeds fs.FS) {
	t.Helper()
	if len(migrations) == 0 {
		t.Fatal("storetest.Run needs the implementation's migrations")
	}
	open := func(t *testing.T, o Opener) store.Store {
		t.Helper()
		s, err := o(t.Context(), nil)
		if err != nil {
			t.Fatalf("open: %v", err)
		}
		t.Cleanup(func() { s.Close() })
		return s
	}
	t.Run("PageFeedbackRoundTrips", func(t *testing.T) { testPages(t, open(t, newDB(t))) })
	t.Run("HostileTextIsStoredVerbatim", func(t *testing.T) { testVerbatim(t, open(t, newDB(t))) })
	t.Run("AnswerFeedbackRoundTrips", func(t *testing.T) { testAnswers(t, open(t, newDB(t))) })
	t.Run("SearchAnalyticsRoundTrip", func(t *testing.T) { testAnalytics(t, open(t, newDB(t))) })
	t.Run("SinceFiltersByTime", func(t *testing.T) { testSince(t, open(t, newDB(t))) })
	t.Run("PageStatsCountVotesAndComments", func(t *testing.T) { testStats(t, open(t, newDB(t))) })
	t.Run("OneVotePerAnswer", func(t *testing.T) { testOneVotePerAnswer(t, open(t, newDB(t))) })
	t.Run("PruneRollsUpAndExpires", func(t *testing.T) { testPruneRollsUpAndExpires(t, open(t, newDB(t))) })
	t.Run("BadEventRowsAreSkippedAndCounted", func(t *testing.T) { testBadEventRows(t, open(t, newDB(t))) })
	t.Run("UnsafeSourcesAreNotListed", func(t *testing.T) { testUnsafeSources(t, open(t, newDB(t))) })
	t.Run("ReservedPageIDsAreNeverGiven", func(t *testing.T) { testReservePageID(t, open(t, newDB(t))) })
	t.Run("PruneCapsSize", func(t *testing.T) { testPruneCapsSize(t, open(t, newDB(t))) })
	t.Run("ExchangesRoundTrip", func(t *testing.T) { testExchanges(t, open(t, newDB(t))) })
	t.Run("PruneExchangesKeepsVotesWithoutText", func(t *testing.T) { testPruneExchanges(t, open(t, newDB(t))) })
	t.Run("SignInLinkWorksOnce", func(t *testing.T) { testSignInLinkWorksOnce(t, open(t, newDB(t))) })
	t.Run("SessionsRoundTrip", func(t *testing.T) { testSessions(t, open(t, newDB(t))) })
	t.Run("DashboardSearch", func(t *testing.T) {
		testDashboardSearch(t, func(t *testing.T) store.Store { return open(t, newDB(t)) })
	})
	t.Run("DashboardRetention", func(t *testing.T) {
		testDashboardRetention(t, func(t *testing.T) store.Store { return open(t, newDB(t)) })
	})
	t.Run("DashboardSnapshot", func(t *testing.T) { testDashboardSnapshot(t, open(t, newDB(t))) })
	t.Run("DashboardPages", func(t *testing.T) { testDashboardPages(t, open(t, newDB(t))) })
	t.Run("DashboardAskAI", func(t *testing.T) { testDashboardAskAI(t, open(t, newDB(t))) })
	t.Run("UpgradeKeepsRows", func(t *testing.T) { testUpgradeKeepsRows(t, newDB(t), migrations, seeds) })
	t.Run("ConcurrentWritersLoseNothing", func(t *testing.T) { testConcurrent(t, open(t, newDB(t))) })
	t.Run("OpensStartingTogetherMigrateOnce", func(t *testing.T) { testConcurrentOpen(t, newDB(t), len(migrations)) })
	t.Run("MigrationsAppliedTwiceAreANoOp", func(t *testing.T) { testMigrateTwice(t, newDB(t), len(migrations)) })
	t.Run("NewerSchemaIsRefused", func(t *testing.T) { testNewerSchema(t, newDB(t), migrations) })
	t.Run("FailedMigrationLeavesNoTrace", func(t *testing.T) { testFailedMigration(t, newDB(t), migrations) })
}

var t0 = time.Date(2026, 3, 4, 5, 6, 7, 8_000_000, time.UTC)

func ptr[T any](v T) *T { return &v }

func pages(t *testing.T, s store.Store, since time.Time) []store.Page {
	t.Helper()
	var out []store.Page
	if err := s.Pages(t.Context(), since, func(p store.Page) error { out = append(out, p); return nil }); err != nil {
		t.Fatalf("Pages: %v", err)
	}
	return out
}

func testPages(t *testing.T, s store.Store) {
	ctx := t.Context()
	in := []store.Page{
		{CreatedAt: t0, URL: "/tutorials/smart-contract", Helpful: ptr(true)},
		{CreatedAt: t0.Add(time.Second), URL: "/architecture/tokens", Helpful: ptr(false), Comment: "The FA2 example is out of date."},
		{CreatedAt: t0.Add(2 * time.Second), Category: "missing-topic", Comment: "Please explain rollups.", Email: "reader@example.com"},
	}
	var ids []int64
	for _, p := range in {
		id, err := s.AddPage(ctx, p)
		if err != nil {
			t.Fatalf("AddPage(%+v): %v", p, err)
		}
		ids = append(ids, id)
	}
	if !(ids[0] < ids[1] && ids[1] < ids[2]) {
		t.Fatalf("ids %v are not increasing", ids)
	}
	got := pages(t, s, time.Time{})
	for i := range in {
		in[i].ID = ids[i]
	}
	if !reflect.DeepEqual(got, in) {
		t.Fatalf("Pages gave\n%s\nwant\n%s", dump(got), dump(in))
	}
	// A zero time is stamped with the current time.
	before := time.Now().Add(-time.Second)
	if _, err := s.AddPage(ctx, store.Page{URL: "/", Helpful: ptr(true)}); err != nil {
		t.Fatal(err)
	}
	got = pages(t, s, before)
	if len(got) != 1 || got[0].CreatedAt.Before(before) || got[0].CreatedAt.After(time.Now().Add(time.Second)) {
		t.Fatalf("row without a time: got %s, want one row stamped about now", dump(got))
	}
}

func dump[T any](v []T) string {
	var b strings.Builder
	for _, x := range v {
		fmt.Fprintf(&b, "  %+v\n", x)
	}
	return b.String()
}

// hostile holds strings that break naive SQL or encodings.
var hostile = []string{
	"'; DROP TABLE page_feedback; --",
	`Robert'); DELETE FROM answer_feedback WHERE ('1'='1`,
	`" OR ""="`,
	"1; SELECT pg_sleep(5); --",
	`\'; \\ %_ $1 ?`,
	"émoji 🎉 and 中文 and RTL \u202e text",
	"line one\nline two\r\n\ttabbed",
	strings.Repeat("x", 5000),
}

func testVerbatim(t *testing.T, s store.Store) {
	ctx := t.Context()
	for _, h := range hostile {
		if _, err := s.AddPage(ctx, store.Page{CreatedAt: t0, URL: "/" + h, Comment: h, Category: "other", Email: h}); err != nil {
			t.Fatalf("AddPage(%q): %v", h, err)
		}
		if _, err := s.AddAnswer(ctx, store.Answer{CreatedAt: t0, MessageID: h, Thumbs: 1, Question: h, Answer: h, Sources: []string{h}}); err != nil {
			t.Fatalf("AddAnswer(%q): %v", h, err)
		}
	}
	got := pages(t, s, time.Time{})
	if len(got) != len(hostile) {
		t.Fatalf("got %d page rows, want %d", len(got), len(hostile))
	}
	for i, p := range got {
		h := hostile[i]
		if p.URL != "/"+h || p.Comment != h || p.Email != h {
			t.Errorf("row %d changed: got comment %q url %q email %q, want %q", i, p.Comment, p.URL, p.Email, h)
		}
	}
	i := 0
	err := s.Answers(ctx, time.Time{}, func(a store.Answer) error {
		h := hostile[i]
		if a.MessageID != h || a.Question != h || a.Answer != h || !reflect.DeepEqual(a.Sources, []string{h}) {
			t.Errorf("answer %d changed: %+v, want %q everywhere", i, a, h)
		}
		i++
		return nil
	})
	if err != nil || i != len(hostile) {
		t.Fatalf("Answers: %d rows, err %v; want %d rows", i, err, len(hostile))
	}
}

func testAnswers(t *testing.T, s store.Store) {
	ctx := t.Context()
	in := []store.Answer{
		{CreatedAt: t0, MessageID: "msg-1", Thumbs: 1, Question: "How do I originate a contract?", Answer: "Use octez-client originate.",
			Sources: []string{"/developing/octez-client/originate", "/smart-contracts"}},
		{CreatedAt: t0.Add(time.Minute), MessageID: "msg-2", Thumbs: 0, Question: "What is a baker?"},
	}
	for i := range in {
		id, err := s.AddAnswer(ctx, in[i])
		if err != nil {
			t.Fatalf("AddAnswer: %v", err)
		}
		in[i].ID = id
	}
	in[1].Sources = []string{} // stored as an empty list, never null
	var got []store.Answer
	if err := s.Answers(ctx, time.Time{}, func(a store.Answer) error { got = append(got, a); return nil }); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, in) {
		t.Fatalf("Answers gave\n%s\nwant\n%s", dump(got), dump(in))
	}
	if _, err := s.AddAnswer(ctx, store.Answer{MessageID: "m", Thumbs: 2}); !errors.Is(err, store.ErrInvalid) {
		t.Fatalf("thumbs 2: err = %v, want store.ErrInvalid", err)
	}
}

func testAnalytics(t *testing.T, s store.Store) {
	ctx := t.Context()
	qs := []store.Query{
		{At: t0, Query: "smart rollup", NbHits: 42, ProcessingTime: 1500 * time.Microsecond},
		{At: t0.Add(time.Second), Query: "zzzz no hits", NbHits: 0, ProcessingTime: 90 * time.Microsecond},
	}
	if err := s.AddQueries(ctx, qs); err != nil {
		t.Fatalf("AddQueries: %v", err)
	}
	if err := s.AddQueries(ctx, nil); err != nil {
		t.Fatalf("AddQueries(nil): %v", err)
	}
	var gotQ []store.Query
	if err := s.Queries(ctx, time.Time{}, func(q store.Query) error { gotQ = append(gotQ, q); return nil }); err != nil {
		t.Fatal(err)
	}
	if len(gotQ) != len(qs) {
		t.Fatalf("got %d queries, want %d", len(gotQ), len(qs))
	}
	for i := range qs {
		qs[i].ID = gotQ[i].ID
	}
	if !reflect.DeepEqual(gotQ, qs) {
		t.Fatalf("Queries gave\n%s\nwant\n%s", dump(gotQ), dump(qs))
	}

	es := []store.Event{
		{At: t0, Type: "click", Name: "Hit clicked", Index: "docs", UserToken: "anon-1", QueryID: "q1",
			ObjectIDs: []string{"a", "b"}, Positions: []int{1, 7}},
		{At: t0, Type: "view", Name: "Page viewed", Index: "docs", UserToken: "anon-2", ObjectIDs: []string{"c"}},
	}
	if err := s.AddEvents(ctx, es); err != nil {
		t.Fatalf("AddEvents: %v", err)
	}
	var gotE []store.Event
	if err := s.Events(ctx, time.Time{}, func(e store.Event) error { gotE = append(gotE, e); return nil }); err != nil {
		t.Fatal(err)
	}
	if len(gotE) != len(es) {
		t.Fatalf("got %d events, want %d", len(gotE), len(es))
	}
	es[1].Positions = []int{}
	for i := range es {
		es[i].ID = gotE[i].ID
	}
	if !reflect.DeepEqual(gotE, es) {
		t.Fatalf("Events gave\n%s\nwant\n%s", dump(gotE), dump(es))
	}
}

func testSince(t *testing.T, s store.Store) {
	ctx := t.Context()
	for i := range 5 {
		at := t0.Add(time.Duration(i) * time.Hour)
		if _, err := s.AddPage(ctx, store.Page{CreatedAt: at, URL: fmt.Sprintf("/p%d", i), Helpful: ptr(true)}); err != nil {
			t.Fatal(err)
		}
		if _, err := s.AddAnswer(ctx, store.Answer{CreatedAt: at, MessageID: fmt.Sprint(i), Thumbs: 1}); err != nil {
			t.Fatal(err)
		}
		if err := s.AddQueries(ctx, []store.Query{{At: at, Query: "q"}}); err != nil {
			t.Fatal(err)
		}
		if err := s.AddEvents(ctx, []store.Event{{At: at, Type: "view"}}); err != nil {
			t.Fatal(err)
		}
	}
	since := t0.Add(3 * time.Hour) // inclusive: rows 3 and 4
	got := pages(t, s, since)
	if len(got) != 2 || got[0].URL != "/p3" || got[1].URL != "/p4" {
		t.Fatalf("Pages since %v gave\n%s", since, dump(got))
	}
	count := func(each func(context.Context, time.Time, func() error) error) int {
		n := 0
		if err := each(ctx, since, func() error { n++; return nil }); err != nil {
			t.Fatal(err)
		}
		return n
	}
	if n := count(func(ctx context.Context, at time.Time, f func() error) error {
		return s.Answers(ctx, at, func(store.Answer) error { return f() })
	}); n != 2 {
		t.Errorf("Answers since: %d rows, want 2", n)
	}
	if n := count(func(ctx context.Context, at time.Time, f func() error) error {
		return s.Queries(ctx, at, func(store.Query) error { return f() })
	}); n != 2 {
		t.Errorf("Queries since: %d rows, want 2", n)
	}
	if n := count(func(ctx context.Context, at time.Time, f func() error) error {
		return s.Events(ctx, at, func(store.Event) error { return f() })
	}); n != 2 {
		t.Errorf("Events since: %d rows, want 2", n)
	}
	// An error from fn stops the walk and comes back.
	stop := errors.New("stop")
	n := 0
	err := s.Pages(ctx, time.Time{}, func(store.Page) error { n++; return stop })
	if !errors.Is(err, stop) || n != 1 {
		t.Fatalf("Pages with a failing callback: err %v after %d rows; want stop after 1", err, n)
	}
}

func testStats(t *testing.T, s store.Store) {
	ctx := t.Context()
	add := func(url string, helpful *bool, comment string) {
		if _, err := s.AddPage(ctx, store.Page{URL: url, Helpful: helpful, Comment: comment}); err != nil {
			t.Fatal(err)
		}
	}
	add("/a", ptr(true), "")
	add("/a", ptr(false), "wrong command")
	add("/a", ptr(false), "")
	add("/b", ptr(true), "great")
	add("/b", nil, "typo in step 2")
	stats, err := s.PageStats(ctx)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]store.PageStat{}
	for _, p := range stats {
		got[p.URL] = p
	}
	want := map[string]store.PageStat{
		"/a": {URL: "/a", Helpful: 1, NotHelpful: 2, Comments: 1},
		"/b": {URL: "/b", Helpful: 1, NotHelpful: 0, Comments: 2},
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("PageStats = %+v, want %+v", got, want)
	}
}

func testConcurrent(t *testing.T, s store.Store) {
	const writers, each = 20, 25
	ctx := t.Context()
	var wg sync.WaitGroup
	errs := make(chan error, writers)
	ids := make(chan int64, writers*each)
	for w := range writers {
		wg.Go(func() {
			for i := range each {
				id, err := s.AddPage(ctx, store.Page{URL: "/concurrent", Helpful: ptr(i%2 == 0), Comment: fmt.Sprintf("w%d-%d", w, i)})
				if err != nil {
					errs <- err
					return
				}
				ids <- id
			}
		})
	}
	wg.Wait()
	close(errs)
	close(ids)
	for err := range errs {
		t.Fatalf("concurrent AddPage: %v", err)
	}
	seen := map[int64]bool{}
	for id := range ids {
		if seen[id] {
			t.Fatalf("id %d handed out twice", id)
		}
		seen[id] = true
	}
	got := pages(t, s, time.Time{})
	if len(got) != writers*each {
		t.Fatalf("%d rows after %d concurrent writes", len(got), writers*each)
	}
	for _, p := range got {
		if !seen[p.ID] {
			t.Fatalf("row %d was never acknowledged", p.ID)
		}
	}
}

func testMigrateTwice(t *testing.T, o Opener, latest int) {
	ctx := t.Context()
	s, err := o(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.AddPage(ctx, store.Page{URL: "/kept", Helpful: ptr(true)}); err != nil {
		t.Fatal(err)
	}
	s.Close()
	s, err = o(ctx, nil)
	if err != nil {
		t.Fatalf("second open: %v", err)
	}
	defer s.Close()
	if v, err := s.SchemaVersion(ctx); err != nil || v != latest {
		t.Fatalf("SchemaVersion = %d, %v; want %d", v, err, latest)
	}
	if got := pages(t, s, time.Time{}); len(got) != 1 || got[0].URL != "/kept" {
		t.Fatalf("rows after reopening: %s", dump(got))
	}
}

func testNewerSchema(t *testing.T, o Opener, ms []store.Migration) {
	ctx := t.Context()
	newer := append(ms[:len(ms):len(ms)], store.Migration{Version: len(ms) + 1, Name: "9999_future.sql",
		SQL: "CREATE TABLE future_feature (id INTEGER PRIMARY KEY)"})
	s, err := o(ctx, newer)
	if err != nil {
		t.Fatalf("open with a newer binary: %v", err)
	}
	if v, _ := s.SchemaVersion(ctx); v != len(newer) {
		t.Fatalf("SchemaVersion = %d, want %d", v, len(newer))
	}
	s.Close()
	s, err = o(ctx, ms)
	if err == nil {
		s.Close()
		t.Fatal("an older binary opened a database migrated by a newer one")
	}
	var se *store.SchemaError
	if !errors.Is(err, store.ErrSchemaTooNew) || !errors.As(err, &se) || se.Database != len(newer) || se.Binary != len(ms) {
		t.Fatalf("err = %v, want a *store.SchemaError{Database: %d, Binary: %d}", err, len(newer), len(ms))
	}
	for _, part := range []string{"newer", fmt.Sprint(len(newer)), "TZDOCS_DATABASE_URL"} {
		if !strings.Contains(err.Error(), part) {
			t.Errorf("error %q does not mention %q", err, part)
		}
	}
}

func testFailedMigration(t *testing.T, o Opener, ms []store.Migration) {
	ctx := t.Context()
	broken := append(ms[:len(ms):len(ms)], store.Migration{Version: len(ms) + 1, Name: "0099_broken.sql",
		SQL: "CREATE TABLE half_done (id INTEGER PRIMARY KEY); THIS IS NOT SQL"})
	s, err := o(ctx, broken)
	if err == nil {
		s.Close()
		t.Fatal("a broken migration was applied")
	}
	if !strings.Contains(err.Error(), "0099_broken.sql") {
		t.Errorf("error %q does not name the migration", err)
	}
	s, err = o(ctx, ms)
	if err != nil {
		t.Fatalf("open after a failed migration: %v", err)
	}
	defer s.Close()
	if v, err := s.SchemaVersion(ctx); err != nil || v != len(ms) {
		t.Fatalf("SchemaVersion after a failed migration = %d, %v; want %d", v, err, len(ms))
	}
	// The good migrations were applied in the same transaction as the broken one, so the database
	// must still be usable now that they ran on their own.
	if _, err := s.AddPage(ctx, store.Page{URL: "/after", Helpful: ptr(true)}); err != nil {
		t.Fatal(err)
	}
}

// testConcurrentOpen plays replicas (or a server and a CLI command) opening a new database at once.
func testConcurrentOpen(t *testing.T, o Opener, latest int) {
	const n = 4
	type result struct {
		s   store.Store
		err error
	}
	results := make(chan result, n)
	for range n {
		go func() {
			s, err := o(t.Context(), nil)
			results <- result{s, err}
		}()
	}
	for range n {
		r := <-results
		if r.err != nil {
			t.Errorf("concurrent open: %v", r.err)
			continue
		}
		defer r.s.Close()
		if v, err := r.s.SchemaVersion(t.Context()); err != nil || v != latest {
			t.Errorf("SchemaVersion = %d, %v; want %d", v, err, latest)
		}
	}
}
