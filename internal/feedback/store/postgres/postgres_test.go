package postgres_test

import (
	"context"
	"net/url"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"tzdocs/internal/feedback/store"
	"tzdocs/internal/feedback/store/postgres"
	"tzdocs/internal/feedback/store/postgres/pgtest"
	"tzdocs/internal/feedback/store/storetest"
)

// newDB is an Opener of a fresh, empty database, for the shared suites.
func newDB(t *testing.T) storetest.Opener {
	u := pgtest.FreshURL(t)
	return func(ctx context.Context, ms []store.Migration) (store.Store, error) {
		return postgres.Open(ctx, u, postgres.WithMigrations(ms))
	}
}

// seeds fill a database at an older schema version, for the upgrade tests.
var seeds = os.DirFS("migrations/seeds")

// migrations are the embedded ones.
func migrations(t *testing.T) []store.Migration {
	t.Helper()
	ms, err := postgres.Migrations()
	if err != nil {
		t.Fatal(err)
	}
	return ms
}

func TestStoreSuite(t *testing.T) {
	pgtest.ServerURL(t)
	storetest.Run(t, newDB, migrations(t), seeds)
}

func TestUpgradeToDashboardRollup(t *testing.T) {
	pgtest.ServerURL(t)
	storetest.RunUpgradeToDashboardRollup(t, newDB, migrations(t), seeds, func(until time.Time) string {
		// The roll-up statements of Prune before migration 6, for every row before until.
		return strings.NewReplacer("UNTIL_MS", strconv.FormatInt(until.UnixMilli(), 10),
			"UNTIL", "'"+until.Format(time.RFC3339Nano)+"'::timestamptz").Replace(`INSERT INTO search_daily (day, query, searches, nb_hits)
    SELECT (at AT TIME ZONE 'UTC')::date, query, COUNT(*), MAX(nb_hits) FROM search_queries WHERE at < UNTIL GROUP BY 1, 2;
INSERT INTO insight_daily (day, type, name, index_name, events, positions, position_sum)
    SELECT (at AT TIME ZONE 'UTC')::date, type, name, index_name, COUNT(*), SUM(jsonb_array_length(positions)),
        SUM((SELECT COALESCE(SUM(v::bigint), 0) FROM jsonb_array_elements_text(positions) AS v))
    FROM insight_events WHERE at < UNTIL GROUP BY 1, 2, 3, 4;
INSERT INTO analytics_state (name, value) VALUES ('rolled_until', UNTIL_MS)
    ON CONFLICT (name) DO UPDATE SET value = excluded.value;`)
	})
}

func TestOpenErrorsHideThePassword(t *testing.T) {
	u, err := url.Parse(pgtest.ServerURL(t))
	if err != nil {
		t.Fatal(err)
	}
	u.User = url.UserPassword("nobody", "s3cret-password")
	u.Path = "/no_such_database"
	s, err := postgres.Open(t.Context(), u.String())
	if err == nil {
		s.Close()
		t.Fatal("opened a database that does not exist")
	}
	if strings.Contains(err.Error(), "s3cret-password") {
		t.Fatalf("error leaks the password: %v", err)
	}
}

func TestLastMigrationLeavesTheSharedSchema(t *testing.T) {
	u := pgtest.FreshURL(t)
	s, err := postgres.Open(t.Context(), u)
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	conn, err := pgx.Connect(t.Context(), u)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(context.Background())
	rows, err := conn.Query(t.Context(), `SELECT table_name, column_name, data_type FROM information_schema.columns
		WHERE table_schema = current_schema()`)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]map[string]string{}
	var table, col, typ string
	_, err = pgx.ForEachRow(rows, []any{&table, &col, &typ}, func() error {
		if got[table] == nil {
			got[table] = map[string]string{}
		}
		got[table][col] = typ
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	storetest.CheckSchema(t, got, map[storetest.Kind][]string{
		storetest.Integer: {"smallint", "integer", "bigint"},
		storetest.Time:    {"timestamp with time zone"},
		storetest.Day:     {"date"},
		storetest.Bool:    {"boolean"},
		storetest.Text:    {"text"},
		storetest.JSON:    {"jsonb"},
	})
}
