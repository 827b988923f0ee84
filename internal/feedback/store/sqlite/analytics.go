package sqlite

import (
	"strconv"

	"tzdocs/internal/feedback/store"
	"tzdocs/internal/feedback/store/sqlstore"
)

// farPosition is store.FarPosition, written into SQL.
var farPosition = strconv.Itoa(store.FarPosition)

// positions is the positions column of the events table named e, as json_each may read it: an
// empty array when the column holds no JSON, so that no stored row can stop a statement.
func positions(e string) string {
	return "(CASE WHEN json_valid(" + e + ".positions) THEN " + e + ".positions ELSE '[]' END)"
}

// goodEvent holds for a row of the events table named e whose positions are a JSON array of
// integers from 1 to store.MaxPosition: the rows the roll-up and the dashboard count.
func goodEvent(e string) string {
	col := e + ".positions"
	return "(CASE WHEN json_valid(" + col + ") AND json_type(" + col + ") = 'array' THEN NOT EXISTS (SELECT 1 FROM json_each(" + col +
		") AS j WHERE j.type <> 'integer' OR j.value < 1 OR j.value > " + strconv.Itoa(store.MaxPosition) + ") ELSE 0 END)"
}

// resultClick holds for a good click of the events table named e on results (not on filters).
func resultClick(e string) string {
	return e + ".type = 'click' AND " + e + ".filters = '[]' AND " + goodEvent(e)
}

// rollup is what the analytics housekeeping spells for SQLite: days from Unix milliseconds,
// JSON arrays through json_each.
var rollup = sqlstore.Rollup{
	CountBadEvents: "SELECT COUNT(*) FROM insight_events WHERE at >= ? AND at < ? AND NOT " + goodEvent("insight_events"),
	RollupQueries: `INSERT INTO search_daily (day, query, searches, nb_hits, no_results)
		SELECT at - at % 86400000, query, COUNT(*), MAX(nb_hits), SUM(CASE WHEN nb_hits = 0 THEN 1 ELSE 0 END)
		FROM search_queries WHERE at >= ? AND at < ? GROUP BY 1, 2
		ON CONFLICT (day, query) DO UPDATE SET searches = searches + excluded.searches, nb_hits = MAX(nb_hits, excluded.nb_hits),
			no_results = no_results + excluded.no_results`,
	RollupEvents: `INSERT INTO insight_daily (day, type, name, index_name, events, positions, position_sum)
		SELECT at - at % 86400000, type, name, index_name, COUNT(*), SUM(json_array_length(positions)),
			SUM((SELECT COALESCE(SUM(value), 0) FROM json_each(positions)))
		FROM insight_events WHERE at >= ? AND at < ? AND ` + goodEvent("insight_events") + ` GROUP BY 1, 2, 3, 4
		ON CONFLICT (day, type, name, index_name) DO UPDATE SET events = events + excluded.events,
			positions = positions + excluded.positions, position_sum = position_sum + excluded.position_sum`,

	RollupDashboard: []string{
		`INSERT INTO dashboard_daily (day, searches, no_results, clicks, positions, position_sum)
		SELECT at - at % 86400000, COUNT(*), SUM(CASE WHEN nb_hits = 0 THEN 1 ELSE 0 END), 0, 0, 0
		FROM search_queries WHERE at >= ? AND at < ? GROUP BY 1
		ON CONFLICT (day) DO UPDATE SET searches = searches + excluded.searches, no_results = no_results + excluded.no_results`,
		`INSERT INTO dashboard_daily (day, searches, no_results, clicks, positions, position_sum)
		SELECT at - at % 86400000, 0, 0, COUNT(*), SUM(json_array_length(positions)),
			SUM((SELECT COALESCE(SUM(value), 0) FROM json_each(positions)))
		FROM insight_events WHERE ` + resultClick("insight_events") + ` AND at >= ? AND at < ? GROUP BY 1
		ON CONFLICT (day) DO UPDATE SET clicks = clicks + excluded.clicks, positions = positions + excluded.positions,
			position_sum = position_sum + excluded.position_sum`,
		`INSERT INTO search_daily (day, query, searches, nb_hits, clicks, position_sum, far)
		SELECT e.at - e.at % 86400000, q.query, 0, 0, COUNT(*), SUM(p.value), SUM(CASE WHEN p.value > ` + farPosition + ` THEN 1 ELSE 0 END)
		FROM insight_events e JOIN search_queries q ON q.query_id = e.query_id, json_each(` + positions("e") + `) p
		WHERE ` + resultClick("e") + ` AND e.query_id <> '' AND q.query_id <> '' AND e.at >= ? AND e.at < ? GROUP BY 1, 2
		ON CONFLICT (day, query) DO UPDATE SET clicks = clicks + excluded.clicks,
			position_sum = position_sum + excluded.position_sum, far = far + excluded.far`,
		`INSERT INTO search_blocks (level, block, query, searches, nb_hits, no_results, clicks, position_sum, far)
		SELECT lv.k, (at / 86400000) >> lv.k, query, COUNT(*), MAX(nb_hits), SUM(CASE WHEN nb_hits = 0 THEN 1 ELSE 0 END), 0, 0, 0
		FROM search_queries, ` + store.BlockLevelsSQL + ` lv WHERE at >= ? AND at < ? GROUP BY 1, 2, 3
		ON CONFLICT (level, block, query) DO UPDATE SET searches = searches + excluded.searches,
			nb_hits = MAX(nb_hits, excluded.nb_hits), no_results = no_results + excluded.no_results`,
		`INSERT INTO search_blocks (level, block, query, searches, nb_hits, no_results, clicks, position_sum, far)
		SELECT lv.k, (e.at / 86400000) >> lv.k, q.query, 0, 0, 0, COUNT(*), SUM(p.value),
			SUM(CASE WHEN p.value > ` + farPosition + ` THEN 1 ELSE 0 END)
		FROM insight_events e JOIN search_queries q ON q.query_id = e.query_id, json_each(` + positions("e") + `) p, ` + store.BlockLevelsSQL + ` lv
		WHERE ` + resultClick("e") + ` AND e.query_id <> '' AND q.query_id <> '' AND e.at >= ? AND e.at < ? GROUP BY 1, 2, 3
		ON CONFLICT (level, block, query) DO UPDATE SET clicks = clicks + excluded.clicks,
			position_sum = position_sum + excluded.position_sum, far = far + excluded.far`,
	},

	ExpireBlocks: `DELETE FROM search_blocks
		WHERE (block << level) < COALESCE((SELECT day / 86400000 FROM search_daily ORDER BY day LIMIT 1), 9223372036854775807)`,
}
