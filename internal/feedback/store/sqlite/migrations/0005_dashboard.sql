-- The dashboard (decision 0015). query_id is the queryID a search answered with when the client asked
-- for click analytics, so that a click (insight_events.query_id) names the query it followed.
-- The indexes keep each dashboard view fast on a year of data: the covering index on
-- search_queries serves the per-day counts and top queries of the raw window from the index alone.
ALTER TABLE search_queries ADD COLUMN query_id TEXT NOT NULL DEFAULT '';
-- The daily totals of events also keep the click positions (how many, and their sum), so the
-- average click position of old days is read from them, not from every raw click.
ALTER TABLE insight_daily ADD COLUMN positions BIGINT NOT NULL DEFAULT 0;
ALTER TABLE insight_daily ADD COLUMN position_sum BIGINT NOT NULL DEFAULT 0;
CREATE INDEX search_queries_query_id ON search_queries (query_id) WHERE query_id <> '';
CREATE INDEX search_queries_at_query ON search_queries (at, nb_hits, query);
CREATE INDEX insight_events_type_at ON insight_events (type, at);
CREATE INDEX search_daily_day_hits ON search_daily (day, nb_hits, query, searches);
