package postgres

import (
	"strconv"

	"tzdocs/internal/feedback/store"
	"tzdocs/internal/feedback/store/sqlstore"
)

// farPosition is store.FarPosition, written into SQL.
var farPosition = strconv.Itoa(store.FarPosition)

// positions is the positions column of the events table named e, as jsonb_array_elements_text
// may read it: an empty array when the column holds no array, so that no stored row can stop a
// statement.
func positions(e string) string {
	return "(CASE WHEN jsonb_typeof(" + e + ".positions) = 'array' THEN " + e + ".positions ELSE '[]'::jsonb END)"
}

// goodEvent holds for a row of the events table named e whose positions are a JSON array of
// integers from 1 to store.MaxPosition: the rows the roll-up and the dashboard count. Each value
// is cast only once its text is known to be a short integer.
func goodEvent(e string) string {
	return "(jsonb_typeof(" + e + ".positions) = 'array' AND NOT EXISTS (SELECT 1 FROM jsonb_array_elements(" + positions(e) +
		") AS j(v) WHERE CASE WHEN jsonb_typeof(j.v) = 'number' AND j.v::text ~ '^[0-9]{1,9}$' THEN (j.v::text)::int NOT BETWEEN 1 AND " +
		strconv.Itoa(store.MaxPosition) + " ELSE true END))"
}

// resultClick holds for a good click of the events table named e on results (not on filters).
func resultClick(e string) string {
	return e + ".type = 'click' AND " + e + ".filters = '[]'::jsonb AND " + goodEvent(e)
}

// rollup is what the analytics housekeeping spells for PostgreSQL: days as DATEs in UTC, JSON
// arrays through the jsonb functions.
var rollup = sqlstore.Rollup{
	CountBadEvents: "SELECT COUNT(*) FROM insight_events WHERE at >= ? AND at < ? AND NOT " + goodEvent("insight_events"),
	RollupQueries: `INSERT INTO search_daily (day, query, searches, nb_hits, no_results)
		SELECT (at AT TIME ZONE 'UTC')::date, query, COUNT(*), MAX(nb_hits), SUM(CASE WHEN nb_hits = 0 THEN 1 ELSE 0 END)
		FROM search_queries WHERE at >= ? AND at < ? GROUP BY 1, 2
		ON CONFLICT (day, query) DO UPDATE SET searches = search_daily.searches + excluded.searches,
			nb_hits = GREATEST(search_daily.nb_hits, excluded.nb_hits), no_results = search_daily.no_results + excluded.no_results`,
	RollupEvents: `INSERT INTO insight_daily (day, type, name, index_name, events, positions, position_sum)
		SELECT (at AT TIME ZONE 'UTC')::date, type, name, index_name, COUNT(*), SUM(jsonb_array_length(positions)),
			SUM((SELECT COALESCE(SUM(v::bigint), 0) FROM jsonb_array_elements_text(positions) AS v))
		FROM insight_events WHERE at >= ? AND at < ? AND ` + goodEvent("insight_events") + ` GROUP BY 1, 2, 3, 4
		ON CONFLICT (day, type, name, index_name) DO UPDATE SET events = insight_daily.events + excluded.events,
			positions = insight_daily.positions + excluded.positions, position_sum = insight_daily.position_sum + excluded.position_sum`,

	RollupDashboard: []string{
		`INSERT INTO dashboard_daily (day, searches, no_results, clicks, positions, position_sum)
		SELECT (at AT TIME ZONE 'UTC')::date, COUNT(*), SUM(CASE WHEN nb_hits = 0 THEN 1 ELSE 0 END), 0, 0, 0
		FROM search_queries WHERE at >= ? AND at < ? GROUP BY 1
		ON CONFLICT (day) DO UPDATE SET searches = dashboard_daily.searches + excluded.searches,
			no_results = dashboard_daily.no_results + excluded.no_results`,
		`INSERT INTO dashboard_daily (day, searches, no_results, clicks, positions, position_sum)
		SELECT (at AT TIME ZONE 'UTC')::date, 0, 0, COUNT(*), SUM(jsonb_array_length(positions)),
			SUM((SELECT COALESCE(SUM(v::bigint), 0) FROM jsonb_array_elements_text(positions) AS v))
		FROM insight_events WHERE ` + resultClick("insight_events") + ` AND at >= ? AND at < ? GROUP BY 1
		ON CONFLICT (day) DO UPDATE SET clicks = dashboard_daily.clicks + excluded.clicks,
			positions = dashboard_daily.positions + excluded.positions, position_sum = dashboard_daily.position_sum + excluded.position_sum`,
		`INSERT INTO search_daily (day, query, searches, nb_hits, clicks, position_sum, far)
		SELECT (e.at AT TIME ZONE 'UTC')::date, q.query, 0, 0, COUNT(*), SUM(p.value::bigint),
			SUM(CASE WHEN p.value::bigint > ` + farPosition + ` THEN 1 ELSE 0 END)
		FROM insight_events e JOIN search_queries q ON q.query_id = e.query_id
			CROSS JOIN LATERAL jsonb_array_elements_text(` + positions("e") + `) AS p(value)
		WHERE ` + resultClick("e") + ` AND e.query_id <> '' AND q.query_id <> '' AND e.at >= ? AND e.at < ? GROUP BY 1, 2
		ON CONFLICT (day, query) DO UPDATE SET clicks = search_daily.clicks + excluded.clicks,
			position_sum = search_daily.position_sum + excluded.position_sum, far = search_daily.far + excluded.far`,
		`INSERT INTO search_blocks (level, block, query, searches, nb_hits, no_results, clicks, position_sum, far)
		SELECT lv.k, ((at AT TIME ZONE 'UTC')::date - DATE '1970-01-01') >> lv.k, query, COUNT(*), MAX(nb_hits),
			SUM(CASE WHEN nb_hits = 0 THEN 1 ELSE 0 END), 0, 0, 0
		FROM search_queries, ` + store.BlockLevelsSQL + ` lv WHERE at >= ? AND at < ? GROUP BY 1, 2, 3
		ON CONFLICT (level, block, query) DO UPDATE SET searches = search_blocks.searches + excluded.searches,
			nb_hits = GREATEST(search_blocks.nb_hits, excluded.nb_hits), no_results = search_blocks.no_results + excluded.no_results`,
		`INSERT INTO search_blocks (level, block, query, searches, nb_hits, no_results, clicks, position_sum, far)
		SELECT lv.k, ((e.at AT TIME ZONE 'UTC')::date - DATE '1970-01-01') >> lv.k, q.query, 0, 0, 0, COUNT(*), SUM(p.value::bigint),
			SUM(CASE WHEN p.value::bigint > ` + farPosition + ` THEN 1 ELSE 0 END)
		FROM insight_events e JOIN search_queries q ON q.query_id = e.query_id
			CROSS JOIN LATERAL jsonb_array_elements_text(` + positions("e") + `) AS p(value) CROSS JOIN ` + store.BlockLevelsSQL + ` lv
		WHERE ` + resultClick("e") + ` AND e.query_id <> '' AND q.query_id <> '' AND e.at >= ? AND e.at < ? GROUP BY 1, 2, 3
		ON CONFLICT (level, block, query) DO UPDATE SET clicks = search_blocks.clicks + excluded.clicks,
			position_sum = search_blocks.position_sum + excluded.position_sum, far = search_blocks.far + excluded.far`,
	},

	ExpireBlocks: `DELETE FROM search_blocks
		WHERE (block::bigint << level) < COALESCE((SELECT (day - DATE '1970-01-01')::bigint FROM search_daily ORDER BY day LIMIT 1), 9223372036854775807)`,
}
