package sqlite_test

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"tzdocs/internal/feedback/store"
	"tzdocs/internal/feedback/store/sqlite"
	"tzdocs/internal/feedback/store/storetest"
)

// newDB is an Opener of a fresh, empty database, for the shared suites.
func newDB(t *testing.T) storetest.Opener {
	path := filepath.Join(t.TempDir(), "feedback.db")
	return func(ctx context.Context, ms []store.Migration) (store.Store, error) {
		return sqlite.Open(ctx, path, sqlite.WithMigrations(ms))
	}
}

// seeds fill a database at an older schema version, for the upgrade tests.
var seeds = os.DirFS("migrations/seeds")

// migrations are the embedded ones.
func migrations(t *testing.T) []store.Migration {
	t.Helper()
	ms, err := sqlite.Migrations()
	if err != nil {
		t.Fatal(err)
	}
	return ms
}

func TestStoreSuite(t *testing.T) {
	storetest.Run(t, newDB, migrations(t), seeds)
}

func TestUpgradeToDashboardRollup(t *testing.T) {
	storetest.RunUpgradeToDashboardRollup(t, newDB, migrations(t), seeds, func(until time.Time) string {
		// The roll-up statements of Prune before migration 6, for every row before until.
		return strings.ReplaceAll(`INSERT INTO search_daily (day, query, searches, nb_hits)
    SELECT at - at % 86400000, query, COUNT(*), MAX(nb_hits) FROM search_queries WHERE at < UNTIL GROUP BY 1, 2;
INSERT INTO insight_daily (day, type, name, index_name, events, positions, position_sum)
    SELECT at - at % 86400000, type, name, index_name, COUNT(*), SUM(json_array_length(positions)),
        SUM((SELECT COALESCE(SUM(value), 0) FROM json_each(positions)))
    FROM insight_events WHERE at < UNTIL GROUP BY 1, 2, 3, 4;
INSERT INTO analytics_state (name, value) VALUES ('rolled_until', UNTIL)
    ON CONFLICT (name) DO UPDATE SET value = excluded.value;`, "UNTIL", strconv.FormatInt(until.UnixMilli(), 10))
	})
}

func TestOpenCreatesTheFolderAndAnIntactWALDatabase(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "nested", "deeper", "tzdocs.db")
	s, err := sqlite.Open(t.Context(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if _, err := os.Stat(path); err != nil {
		t.Fatalf("database file not created: %v", err)
	}
	if _, err := s.AddPage(t.Context(), store.Page{URL: "/"}); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(path + "-wal"); err != nil {
		t.Fatalf("no write-ahead log beside the database: %v", err)
	}
	if err := s.IntegrityCheck(t.Context()); err != nil {
		t.Fatal(err)
	}
}

func TestOpenWithoutPathUsesTheDefaultLocation(t *testing.T) {
	t.Chdir(t.TempDir())
	s, err := sqlite.Open(t.Context(), "")
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if s.Path() != sqlite.DefaultPath {
		t.Fatalf("Path() = %q, want %q", s.Path(), sqlite.DefaultPath)
	}
	if _, err := os.Stat(sqlite.DefaultPath); err != nil {
		t.Fatal(err)
	}
}

func TestOpenRefusesAFileThatIsNotADatabase(t *testing.T) {
	path := filepath.Join(t.TempDir(), "notes.txt")
	if err := os.WriteFile(path, []byte("this is not an SQLite database, just some text that is long enough to look like a header\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := sqlite.Open(t.Context(), path)
	if err == nil {
		s.Close()
		t.Fatal("opened a text file as a database")
	}
	if !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), "not a database") {
		t.Fatalf("error %q should name the file and say it is not a database", err)
	}
}

func BenchmarkAddPage(b *testing.B) {
	s, err := sqlite.Open(b.Context(), filepath.Join(b.TempDir(), "bench.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	yes := true
	for b.Loop() {
		if _, err := s.AddPage(b.Context(), store.Page{URL: "/bench", Helpful: &yes, Comment: "a comment of ordinary length"}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkPrune rolls up, expires and caps 100,000 search logs spread over 100 days (cap 50,000).
func BenchmarkPrune(b *testing.B) {
	now := time.Now().UTC()
	for b.Loop() {
		b.StopTimer()
		s, err := sqlite.Open(b.Context(), filepath.Join(b.TempDir(), "bench.db"))
		if err != nil {
			b.Fatal(err)
		}
		qs := make([]store.Query, 100_000)
		for i := range qs {
			qs[i] = store.Query{At: now.Add(-time.Duration(i) * 86 * time.Second), Query: fmt.Sprint("query ", i%5000), NbHits: i % 7}
		}
		if err := s.AddQueries(b.Context(), qs); err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		p, err := s.Prune(b.Context(), store.Retention{MaxRows: 50_000}, now)
		if err != nil {
			b.Fatal(err)
		}
		b.StopTimer()
		if p.RolledUp == 0 || p.Dropped == 0 {
			b.Fatalf("Prune = %+v", p)
		}
		s.Close()
		b.StartTimer()
	}
}

// BenchmarkAddExchange is the database write every Ask AI answer now costs before its stream ends.
func BenchmarkAddExchange(b *testing.B) {
	s, err := sqlite.Open(b.Context(), filepath.Join(b.TempDir(), "bench.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	answer := strings.Repeat("Staking locks tez so a baker can use them for consensus. ", 20)
	i := 0
	for b.Loop() {
		i++
		e := store.Exchange{MessageID: fmt.Sprint("answer-", i), QuestionID: fmt.Sprint("q-", i), Question: "How do I stake tez?",
			Answer: answer, Sources: []string{"/using/staking", "/architecture/bakers"}, Engine: "extractive",
			FirstText: 40 * time.Millisecond, Outcome: store.OutcomeAnswered}
		if err := s.AddExchange(b.Context(), e); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSessionLookup is what every admin request costs to find its session.
func BenchmarkSessionLookup(b *testing.B) {
	s, err := sqlite.Open(b.Context(), filepath.Join(b.TempDir(), "bench.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	now := time.Now()
	if err := s.AddSession(b.Context(), store.Session{Key: "k", Who: "Ada", Method: "link", CreatedAt: now, SeenAt: now}); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := s.Session(b.Context(), "k"); err != nil {
			b.Fatal(err)
		}
	}
}

// The blocks of days keep no query past its retention: a block goes with the first of its days
// to leave the daily totals, even while it also spans days still kept.
func TestExpiredQueriesLeaveTheBlocksOfDays(t *testing.T) {
	path := filepath.Join(t.TempDir(), "feedback.db")
	s, err := sqlite.Open(t.Context(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	day := time.Date(2026, 3, 1, 1, 0, 0, 0, time.UTC)
	err = s.AddQueries(t.Context(), []store.Query{{At: day.AddDate(0, 0, -200), Query: "gone"},
		{At: day.AddDate(0, 0, -50), Query: "kept"}, {At: day, Query: "kept"}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Prune(t.Context(), store.Retention{Daily: 100 * 24 * time.Hour}, day.AddDate(0, 0, 5)); err != nil {
		t.Fatal(err)
	}
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for query, kept := range map[string]bool{"gone": false, "kept": true} {
		var n int
		if err := db.QueryRow("SELECT COUNT(*) FROM search_blocks WHERE query = ?", query).Scan(&n); err != nil {
			t.Fatal(err)
		}
		if (n > 0) != kept {
			t.Errorf("%d blocks of days hold %q after the prune", n, query)
		}
	}
}

func TestLastMigrationLeavesTheSharedSchema(t *testing.T) {
	path := filepath.Join(t.TempDir(), "feedback.db")
	s, err := sqlite.Open(t.Context(), path)
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	got := map[string]map[string]string{}
	rows, err := db.QueryContext(t.Context(), `SELECT m.name, p.name, p.type FROM sqlite_schema m, pragma_table_info(m.name) p
		WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%'`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	for rows.Next() {
		var table, col, typ string
		if err := rows.Scan(&table, &col, &typ); err != nil {
			t.Fatal(err)
		}
		if got[table] == nil {
			got[table] = map[string]string{}
		}
		got[table][col] = typ
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	// Times and days are Unix milliseconds, booleans 0 or 1, JSON is text.
	integer := []string{"integer", "bigint"}
	storetest.CheckSchema(t, got, map[storetest.Kind][]string{
		storetest.Integer: integer, storetest.Time: integer, storetest.Day: integer, storetest.Bool: integer,
		storetest.Text: {"text"}, storetest.JSON: {"text"},
	})
}
