package postgres

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"tzdocs/internal/feedback/store"
	"tzdocs/internal/feedback/store/sqlstore"
)

// Day numbers and millisecond times, as store.DashboardSQL wants them.
const (
	atDay      = "((at AT TIME ZONE 'UTC')::date - DATE '1970-01-01')"
	createdDay = "((created_at AT TIME ZONE 'UTC')::date - DATE '1970-01-01')"
	dailyDay   = "(day - DATE '1970-01-01')"
	createdMS  = "(EXTRACT(EPOCH FROM created_at) * 1000)::bigint"
)

// dashboardSQL spells the dashboard's queries for PostgreSQL. Sums are cast to bigint (a sum of
// bigints is numeric) and texts are ordered in byte order (COLLATE "C"), as SQLite orders them.
var dashboardSQL = store.DashboardSQL{
	Time: func(t time.Time) any { return t },
	Day:  func(t time.Time) any { return t },

	RolledUntil: "SELECT value FROM analytics_state WHERE name = ?",
	OldestDay:   "SELECT (day - DATE '1970-01-01')::bigint FROM search_daily ORDER BY day LIMIT 1",

	SearchDaysDaily: `SELECT ` + dailyDay + `, searches, no_results, clicks, positions, position_sum
		FROM dashboard_daily WHERE day >= ? AND day < ?`,
	SearchDaysRaw: `SELECT ` + atDay + `, COUNT(*), SUM(CASE WHEN nb_hits = 0 THEN 1 ELSE 0 END)::bigint, 0, 0, 0
		FROM search_queries WHERE at >= ? AND at < ? GROUP BY 1`,
	ClicksRaw: `SELECT ` + atDay + `, 0, 0, COUNT(*), SUM(jsonb_array_length(positions))::bigint,
		SUM((SELECT COALESCE(SUM(v::bigint), 0) FROM jsonb_array_elements_text(positions) AS v))::bigint
		FROM insight_events WHERE ` + resultClick("insight_events") + ` AND at >= ? AND at < ? GROUP BY 1`,

	QueriesDaily: `SELECT query, SUM(searches)::bigint, MAX(nb_hits)::bigint, SUM(no_results)::bigint, SUM(clicks)::bigint,
			SUM(position_sum)::bigint, SUM(far)::bigint
		FROM search_daily WHERE day >= ? AND day < ? GROUP BY query`,
	QueriesBlocks: `SELECT query, SUM(searches)::bigint, MAX(nb_hits)::bigint, SUM(no_results)::bigint, SUM(clicks)::bigint,
			SUM(position_sum)::bigint, SUM(far)::bigint
		FROM search_blocks WHERE level = ? AND block >= ? AND block < ? GROUP BY query`,
	QueriesRaw: `SELECT query, COUNT(*), MAX(nb_hits)::bigint, SUM(CASE WHEN nb_hits = 0 THEN 1 ELSE 0 END)::bigint, 0, 0, 0
		FROM search_queries WHERE at >= ? AND at < ? GROUP BY query`,
	// The searches of the clicks are looked up one by one in the index on query_id (OFFSET 0 keeps
	// the planner from turning the lookup into a join that reads every search of the raw table).
	ClicksPerQueryRaw: `SELECT q.query, 0, 0, 0, COUNT(*), SUM(p.value::bigint)::bigint,
			SUM(CASE WHEN p.value::bigint > ` + farPosition + ` THEN 1 ELSE 0 END)::bigint
		FROM insight_events e
			CROSS JOIN LATERAL (SELECT s.query FROM search_queries s WHERE s.query_id = e.query_id AND s.query_id <> '' OFFSET 0) q
			CROSS JOIN LATERAL jsonb_array_elements_text(` + positions("e") + `) AS p(value)
		WHERE ` + resultClick("e") + ` AND e.query_id <> '' AND e.at >= ? AND e.at < ?
		GROUP BY q.query`,

	PageVotes: `SELECT url, SUM(CASE WHEN helpful THEN 1 ELSE 0 END)::bigint, SUM(CASE WHEN NOT helpful THEN 1 ELSE 0 END)::bigint,
		SUM(CASE WHEN comment <> '' THEN 1 ELSE 0 END)::bigint
		FROM page_feedback WHERE created_at >= ? AND created_at < ? GROUP BY url`,
	PageTrend: `SELECT ` + createdDay + `, url, SUM(CASE WHEN helpful THEN 1 ELSE 0 END)::bigint,
		SUM(CASE WHEN NOT helpful THEN 1 ELSE 0 END)::bigint, SUM(CASE WHEN comment <> '' THEN 1 ELSE 0 END)::bigint
		FROM page_feedback WHERE created_at >= ? AND created_at < ? GROUP BY 1, 2 ORDER BY url COLLATE "C", 1`,
	PageTrendOf: `SELECT ` + createdDay + `, url, SUM(CASE WHEN helpful THEN 1 ELSE 0 END)::bigint,
		SUM(CASE WHEN NOT helpful THEN 1 ELSE 0 END)::bigint, SUM(CASE WHEN comment <> '' THEN 1 ELSE 0 END)::bigint
		FROM page_feedback WHERE url = ? AND created_at >= ? AND created_at < ? GROUP BY 1, 2 ORDER BY 1`,
	PageDays: `SELECT ` + createdDay + `, SUM(CASE WHEN helpful THEN 1 ELSE 0 END)::bigint, SUM(CASE WHEN NOT helpful THEN 1 ELSE 0 END)::bigint,
		SUM(CASE WHEN comment <> '' THEN 1 ELSE 0 END)::bigint
		FROM page_feedback WHERE created_at >= ? AND created_at < ? GROUP BY 1`,
	Comments: `SELECT ` + createdMS + `, url, COALESCE(helpful::int, -1)::bigint, comment, category FROM page_feedback
		WHERE created_at >= ? AND created_at < ? AND comment <> '' ORDER BY created_at DESC, id DESC LIMIT ?`,

	AskDays: `SELECT ` + createdDay + `, COUNT(*), SUM(CASE WHEN outcome = 'answered' THEN 1 ELSE 0 END)::bigint,
		SUM(CASE WHEN outcome = 'answered' AND sources = '[]'::jsonb THEN 1 ELSE 0 END)::bigint
		FROM ask_exchanges WHERE created_at >= ? AND created_at < ? GROUP BY 1`,
	AskVotes: `SELECT ((a.created_at AT TIME ZONE 'UTC')::date - DATE '1970-01-01'), COALESCE(x.engine, ''),
		SUM(a.thumbs)::bigint, SUM(1 - a.thumbs)::bigint
		FROM answer_feedback a LEFT JOIN ask_exchanges x ON x.message_key = a.vote_key
		WHERE a.created_at >= ? AND a.created_at < ? GROUP BY 1, 2`,
	ThumbsDown: `SELECT (EXTRACT(EPOCH FROM a.created_at) * 1000)::bigint, a.question, a.answer, a.sources::text, COALESCE(x.engine, '')
		FROM answer_feedback a LEFT JOIN ask_exchanges x ON x.message_key = a.vote_key
		WHERE a.thumbs = 0 AND a.created_at >= ? AND a.created_at < ? ORDER BY a.created_at DESC, a.id DESC LIMIT ?`,
	NoSource: `SELECT ` + createdMS + `, question, answer, sources::text, engine FROM ask_exchanges
		WHERE outcome = 'answered' AND sources = '[]'::jsonb AND created_at >= ? AND created_at < ?
		ORDER BY created_at DESC, id DESC LIMIT ?`,
}

// queryer is what runs a dashboard query: the pool or a transaction.
type queryer interface {
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
}

// querier gives the store.Querier of on.
func querier(on queryer) store.Querier {
	return func(ctx context.Context, query string, args []any, row func(scan func(...any) error) error) error {
		rows, err := on.Query(ctx, sqlstore.PostgreSQL.SQL(query), args...)
		if err != nil {
			return err
		}
		defer rows.Close()
		return store.EachRow(rows, row)
	}
}

// inSnapshot runs fn in a read-only, repeatable-read transaction: its queries all see the
// database as it was at the first of them. JIT compilation is off in it: the planner's estimates
// of the JSON array functions make it compile queries that then run in milliseconds, for hundreds
// of milliseconds.
func (s *Store) inSnapshot(ctx context.Context, fn func(store.Querier) error) error {
	return pgx.BeginTxFunc(ctx, s.pool, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly}, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, "SET LOCAL jit = off"); err != nil {
			return fmt.Errorf("starting a dashboard read: %w", err)
		}
		return fn(querier(tx))
	})
}
