package main

import (
	"fmt"
	"time"

	"tzdocs/internal/feedback/store"
)

// dialect spells the few expressions the seeding SQL needs in one database.
type dialect struct {
	// series selects i from 0 to n-1 as the row source "n(i)", with what follows it.
	series func(n int, body string) string
	ts     func(ms string) string // a time from Unix milliseconds
	day    func(ms string) string // a daily table's day from Unix milliseconds at 00:00 UTC
	rnd    func(n int) string     // a random integer in [0, n)
	bool   func(expr string) string
	json   func(expr string) string
	// dayNumber is the days since 1970 of a daily table's day column.
	dayNumber func(column string) string
	final     []string // statements run after seeding (statistics)
}

var sqliteDialect = dialect{
	series: func(n int, body string) string {
		return fmt.Sprintf("WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < %d) %s", n-1, body)
	},
	ts:        func(ms string) string { return "(" + ms + ")" },
	day:       func(ms string) string { return "(" + ms + ")" },
	rnd:       func(n int) string { return fmt.Sprintf("(abs(random()) %% %d)", n) },
	bool:      func(expr string) string { return "(CASE WHEN " + expr + " THEN 1 ELSE 0 END)" },
	json:      func(expr string) string { return "(" + expr + ")" },
	dayNumber: func(column string) string { return "(" + column + " / 86400000)" },
	final:     []string{"ANALYZE"},
}

var postgresDialect = dialect{
	series: func(n int, body string) string {
		return fmt.Sprintf("WITH n(i) AS (SELECT generate_series(0, %d)::bigint) %s", n-1, body)
	},
	ts:        func(ms string) string { return "to_timestamp((" + ms + ") / 1000.0)" },
	day:       func(ms string) string { return "(to_timestamp((" + ms + ") / 1000.0) AT TIME ZONE 'UTC')::date" },
	rnd:       func(n int) string { return fmt.Sprintf("floor(random() * %d)::int", n) },
	bool:      func(expr string) string { return "(" + expr + ")" },
	json:      func(expr string) string { return "(" + expr + ")::jsonb" },
	dayNumber: func(column string) string { return "(" + column + " - DATE '1970-01-01')" },
	// Autovacuum keeps the tables' visibility maps set in steady state, which index-only scans
	// need; a vacuum does it at once.
	final: []string{"VACUUM ANALYZE"},
}

// seedSQL is the statements that fill a freshly migrated database with p's rows.
func seedSQL(d dialect, p plan) []string {
	const dayMS = int64(24 * time.Hour / time.Millisecond)
	end := store.Day(p.now).UnixMilli() + dayMS - 1          // the last millisecond of today
	rolled := store.Day(p.now).AddDate(0, 0, -4).UnixMilli() // the Insights events' roll-up
	today := store.Day(p.now).UnixMilli()
	searchesRolled := store.SearchRollupUntil(p.now).UnixMilli()
	rawStep := max(dayMS*int64(p.days)/int64(p.rawRows), 1)
	rawStep = min(rawStep, dayMS/int64(p.perDay)+1) // p.perDay a day, as far back as the cap allows
	// A skewed choice among 20,000 queries: the square of a uniform number favours small ones.
	query := fmt.Sprintf("'query ' || CAST(%s * %s / 20000 AS INTEGER)", d.rnd(20000), d.rnd(20000))
	var out []string
	out = append(out, d.series(p.rawRows, fmt.Sprintf(
		`INSERT INTO search_queries (at, query, nb_hits, processing_us, query_id)
		SELECT %s, %s, CASE WHEN %s = 0 THEN 0 ELSE 1 + %s END, 1000, CASE WHEN i %% 10 < 3 THEN 'q' || i ELSE '' END FROM n`,
		d.ts(fmt.Sprintf("%d - i * %d", end, rawStep)), query, d.rnd(10), d.rnd(40))))
	out = append(out, fmt.Sprintf(
		`INSERT INTO insight_events (at, type, name, index_name, user_token, query_id, object_ids, positions)
		SELECT at, 'click', 'Hit clicked', 'docs', 'anon', query_id, %s, %s FROM search_queries WHERE query_id <> ''`,
		d.json(`'["x"]'`), d.json(fmt.Sprintf("'[' || (1 + %s) || ']'", d.rnd(12)))))
	// Daily totals of searches, rolled up until an hour ago (today's hold its first hours):
	// p.distinct queries a day, Zipf-like counts adding up to about p.perDay, with clicks on 30% of
	// the searches at positions 1 to 12 (7 in 12 below FarPosition).
	perRank := p.perDay / 8
	out = append(out, d.series(p.days*p.distinct, fmt.Sprintf(
		`INSERT INTO search_daily (day, query, searches, nb_hits, no_results, clicks, position_sum, far)
		SELECT day, query, searches, nb_hits, CASE WHEN nb_hits = 0 THEN searches ELSE 0 END,
			searches * 3 / 10, searches * 3 / 10 * 13 / 2, searches * 3 / 10 * 7 / 12
		FROM (SELECT %s AS day, 'query ' || (i %% %d) AS query, 1 + %d / (1 + i %% %d) AS searches,
			CASE WHEN i %% 10 = 0 THEN 0 ELSE 5 END AS nb_hits FROM n) t`,
		d.day(fmt.Sprintf("%d - (i / %d) * %d", today, p.distinct, dayMS)), p.distinct, perRank, p.distinct)))
	out = append(out, fmt.Sprintf(
		`INSERT INTO search_blocks (level, block, query, searches, nb_hits, no_results, clicks, position_sum, far)
		SELECT lv.k, %s >> lv.k, query, SUM(searches), MAX(nb_hits), SUM(no_results), SUM(clicks), SUM(position_sum), SUM(far)
		FROM search_daily, %s lv GROUP BY 1, 2, 3`, d.dayNumber("day"), store.BlockLevelsSQL))
	out = append(out, d.series(p.days, fmt.Sprintf(
		`INSERT INTO dashboard_daily (day, searches, no_results, clicks, positions, position_sum) SELECT %s, %d, %d, %d, %d, %d FROM n`,
		d.day(fmt.Sprintf("%d - i * %d", today, dayMS)), p.perDay, p.perDay/10, p.perDay*3/10, p.perDay*3/10, p.perDay*3/10*13/2)))
	out = append(out, d.series(p.days, fmt.Sprintf(
		`INSERT INTO insight_daily (day, type, name, index_name, events, positions, position_sum)
		SELECT %s, 'click', 'Hit clicked', 'docs', %d, %d, %d FROM n`, d.day(fmt.Sprintf("%d - i * %d", rolled-dayMS, dayMS)),
		p.perDay*3/10, p.perDay*3/10, p.perDay*3/10*13/2)))
	out = append(out, fmt.Sprintf(`INSERT INTO analytics_state (name, value) VALUES ('%s', %d), ('%s', %d)`,
		store.StateRolledUntil, rolled, store.StateSearchesRolledUntil, searchesRolled))
	votes := p.pageVotesPerDay * p.days
	out = append(out, d.series(votes, fmt.Sprintf(
		`INSERT INTO page_feedback (created_at, url, helpful, comment, category, email)
		SELECT %s, '/docs/page-' || %s, %s, CASE WHEN i %% 10 = 0 THEN 'comment ' || i ELSE '' END, '', '' FROM n`,
		d.ts(fmt.Sprintf("%d - i * %d", end, dayMS/int64(p.pageVotesPerDay))), d.rnd(500), d.bool(d.rnd(3)+" > 0"))))
	questions := p.questionsPerDay * p.exchangeDays
	out = append(out, d.series(questions, fmt.Sprintf(
		`INSERT INTO ask_exchanges (created_at, message_id, message_key, question, answer, sources, engine, outcome)
		SELECT %s, 'm' || i, 'k' || i, 'question ' || i, 'An answer of a few words, as long as some are.',
			CASE WHEN i %% 20 = 0 THEN %s ELSE %s END, CASE WHEN i %% 2 = 0 THEN 'extractive' ELSE 'openai' END, 'answered' FROM n`,
		d.ts(fmt.Sprintf("%d - i * %d", end, dayMS/int64(p.questionsPerDay))), d.json(`'[]'`), d.json(`'["/docs/a"]'`))))
	out = append(out, fmt.Sprintf(
		`INSERT INTO answer_feedback (created_at, message_id, thumbs, question, answer, sources, vote_key)
		SELECT created_at, message_id, CASE WHEN id %% 3 = 0 THEN 0 ELSE 1 END, question, answer, sources, message_key
		FROM ask_exchanges WHERE id %% 10 = 0`))
	return append(out, d.final...)
}
