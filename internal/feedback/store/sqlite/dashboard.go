package sqlite

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"tzdocs/internal/feedback/store"
)

// dashboardSQL spells the dashboard's queries for SQLite, where times and days are Unix
// milliseconds, so a day number is a division.
var dashboardSQL = store.DashboardSQL{
	Time: func(t time.Time) any { return t.UnixMilli() },
	Day:  func(t time.Time) any { return t.UnixMilli() },

	RolledUntil: "SELECT value FROM analytics_state WHERE name = ?",
	OldestDay:   "SELECT day / 86400000 FROM search_daily ORDER BY day LIMIT 1",

	SearchDaysDaily: `SELECT day / 86400000, searches, no_results, clicks, positions, position_sum
		FROM dashboard_daily WHERE day >= ? AND day < ?`,
	SearchDaysRaw: `SELECT at / 86400000, COUNT(*), SUM(CASE WHEN nb_hits = 0 THEN 1 ELSE 0 END), 0, 0, 0
		FROM search_queries WHERE at >= ? AND at < ? GROUP BY 1`,
	ClicksRaw: `SELECT at / 86400000, 0, 0, COUNT(*), SUM(json_array_length(positions)),
		SUM((SELECT COALESCE(SUM(value), 0) FROM json_each(positions)))
		FROM insight_events WHERE ` + resultClick("insight_events") + ` AND at >= ? AND at < ? GROUP BY 1`,

	QueriesDaily: `SELECT query, SUM(searches), MAX(nb_hits), SUM(no_results), SUM(clicks), SUM(position_sum), SUM(far)
		FROM search_daily WHERE day >= ? AND day < ? GROUP BY query`,
	QueriesBlocks: `SELECT query, SUM(searches), MAX(nb_hits), SUM(no_results), SUM(clicks), SUM(position_sum), SUM(far)
		FROM search_blocks WHERE level = ? AND block >= ? AND block < ? GROUP BY query`,
	QueriesRaw: `SELECT query, COUNT(*), MAX(nb_hits), SUM(CASE WHEN nb_hits = 0 THEN 1 ELSE 0 END), 0, 0, 0
		FROM search_queries WHERE at >= ? AND at < ? GROUP BY query`,
	ClicksPerQueryRaw: `SELECT q.query, 0, 0, 0, COUNT(*), SUM(p.value), SUM(CASE WHEN p.value > ` + farPosition + ` THEN 1 ELSE 0 END)
		FROM insight_events e JOIN search_queries q ON q.query_id = e.query_id, json_each(` + positions("e") + `) p
		WHERE ` + resultClick("e") + ` AND e.query_id <> '' AND q.query_id <> '' AND e.at >= ? AND e.at < ?
		GROUP BY q.query`,

	PageVotes: `SELECT url, SUM(CASE WHEN helpful THEN 1 ELSE 0 END), SUM(CASE WHEN NOT helpful THEN 1 ELSE 0 END),
		SUM(CASE WHEN comment <> '' THEN 1 ELSE 0 END)
		FROM page_feedback WHERE created_at >= ? AND created_at < ? GROUP BY url`,
	PageTrend: `SELECT created_at / 86400000, url, SUM(CASE WHEN helpful THEN 1 ELSE 0 END),
		SUM(CASE WHEN NOT helpful THEN 1 ELSE 0 END), SUM(CASE WHEN comment <> '' THEN 1 ELSE 0 END)
		FROM page_feedback WHERE created_at >= ? AND created_at < ? GROUP BY 1, 2 ORDER BY 2, 1`,
	PageTrendOf: `SELECT created_at / 86400000, url, SUM(CASE WHEN helpful THEN 1 ELSE 0 END),
		SUM(CASE WHEN NOT helpful THEN 1 ELSE 0 END), SUM(CASE WHEN comment <> '' THEN 1 ELSE 0 END)
		FROM page_feedback WHERE url = ? AND created_at >= ? AND created_at < ? GROUP BY 1, 2 ORDER BY 1`,
	PageDays: `SELECT created_at / 86400000, SUM(CASE WHEN helpful THEN 1 ELSE 0 END), SUM(CASE WHEN NOT helpful THEN 1 ELSE 0 END),
		SUM(CASE WHEN comment <> '' THEN 1 ELSE 0 END)
		FROM page_feedback WHERE created_at >= ? AND created_at < ? GROUP BY 1`,
	Comments: `SELECT created_at, url, COALESCE(helpful, -1), comment, category FROM page_feedback
		WHERE created_at >= ? AND created_at < ? AND comment <> '' ORDER BY created_at DESC, id DESC LIMIT ?`,

	AskDays: `SELECT created_at / 86400000, COUNT(*), SUM(CASE WHEN outcome = 'answered' THEN 1 ELSE 0 END),
		SUM(CASE WHEN outcome = 'answered' AND sources = '[]' THEN 1 ELSE 0 END)
		FROM ask_exchanges WHERE created_at >= ? AND created_at < ? GROUP BY 1`,
	AskVotes: `SELECT a.created_at / 86400000, COALESCE(x.engine, ''), SUM(a.thumbs), SUM(1 - a.thumbs)
		FROM answer_feedback a LEFT JOIN ask_exchanges x ON x.message_key = a.vote_key
		WHERE a.created_at >= ? AND a.created_at < ? GROUP BY 1, 2`,
	ThumbsDown: `SELECT a.created_at, a.question, a.answer, a.sources, COALESCE(x.engine, '')
		FROM answer_feedback a LEFT JOIN ask_exchanges x ON x.message_key = a.vote_key
		WHERE a.thumbs = 0 AND a.created_at >= ? AND a.created_at < ? ORDER BY a.created_at DESC, a.id DESC LIMIT ?`,
	NoSource: `SELECT created_at, question, answer, sources, engine FROM ask_exchanges
		WHERE outcome = 'answered' AND sources = '[]' AND created_at >= ? AND created_at < ?
		ORDER BY created_at DESC, id DESC LIMIT ?`,
}

// queryer is what runs a dashboard query: the read pool or a transaction on it.
type queryer interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
}

// querier gives the store.Querier of on.
func querier(on queryer) store.Querier {
	return func(ctx context.Context, query string, args []any, row func(scan func(...any) error) error) error {
		rows, err := on.QueryContext(ctx, query, args...)
		if err != nil {
			return err
		}
		defer rows.Close()
		return store.EachRow(rows, row)
	}
}

// inSnapshot runs fn in a read transaction on the read pool: under WAL, its queries all see the
// database as it was at the first of them.
func (s *Store) inSnapshot(ctx context.Context, fn func(store.Querier) error) error {
	tx, err := s.r.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return fmt.Errorf("starting a dashboard read: %w", err)
	}
	defer tx.Rollback()
	return fn(querier(tx))
}
