-- The dashboard reads daily totals up to an hour ago (decision 0015). Searches roll up an hour after
-- they happen, on a marker of their own (analytics_state 'searches_rolled_until'), and so do the
-- clicks the dashboard counts:
-- - search_daily counts, per day and query, the searches that found nothing (no_results), and,
--   per day of the click and query of the search it followed, the click positions given
--   (clicks), their sum and how many were below position 5 (far); a row may hold clicks and no
--   search;
-- - dashboard_daily holds the totals of each day: searches, searches without result, click
--   events, the positions they gave and their sum.
ALTER TABLE search_daily ADD COLUMN no_results BIGINT NOT NULL DEFAULT 0;
ALTER TABLE search_daily ADD COLUMN clicks BIGINT NOT NULL DEFAULT 0;
ALTER TABLE search_daily ADD COLUMN position_sum BIGINT NOT NULL DEFAULT 0;
ALTER TABLE search_daily ADD COLUMN far BIGINT NOT NULL DEFAULT 0;
CREATE TABLE dashboard_daily (
    day          DATE   PRIMARY KEY,
    searches     BIGINT NOT NULL,
    no_results   BIGINT NOT NULL,
    clicks       BIGINT NOT NULL,
    positions    BIGINT NOT NULL,
    position_sum BIGINT NOT NULL
);
-- The search view reads every total of a range's queries from this index alone.
DROP INDEX search_daily_day_hits;
CREATE INDEX search_daily_dashboard ON search_daily (day) INCLUDE (query, searches, nb_hits, no_results, clicks, position_sum, far);

-- Totals rolled up before: a day's searches without result are those of the queries that found
-- nothing that day, as the dashboard counted them. The new marker starts where the Insights one
-- stands: the clicks rolled up so far are copied from the event totals, and matched with their
-- searches from the raw rows still kept.
UPDATE search_daily SET no_results = searches WHERE nb_hits = 0;
INSERT INTO analytics_state (name, value) SELECT 'searches_rolled_until', value FROM analytics_state WHERE name = 'rolled_until';
INSERT INTO dashboard_daily (day, searches, no_results, clicks, positions, position_sum)
    SELECT day, SUM(searches), SUM(no_results), 0, 0, 0 FROM search_daily GROUP BY day;
INSERT INTO dashboard_daily (day, searches, no_results, clicks, positions, position_sum)
    SELECT day, 0, 0, SUM(events), SUM(positions), SUM(position_sum) FROM insight_daily WHERE type = 'click' GROUP BY day
    ON CONFLICT (day) DO UPDATE SET clicks = excluded.clicks, positions = excluded.positions, position_sum = excluded.position_sum;
INSERT INTO search_daily (day, query, searches, nb_hits, clicks, position_sum, far)
    SELECT (e.at AT TIME ZONE 'UTC')::date, q.query, 0, 0, COUNT(*), SUM(p.value::bigint),
        SUM(CASE WHEN p.value::bigint > 5 THEN 1 ELSE 0 END)
    FROM insight_events e JOIN search_queries q ON q.query_id = e.query_id
        CROSS JOIN LATERAL jsonb_array_elements_text(e.positions) AS p(value)
    WHERE e.type = 'click' AND e.query_id <> '' AND q.query_id <> ''
        AND e.at < to_timestamp((SELECT COALESCE(MAX(value), 0) FROM analytics_state WHERE name = 'rolled_until') / 1000.0)
    GROUP BY 1, 2
    ON CONFLICT (day, query) DO UPDATE SET clicks = search_daily.clicks + excluded.clicks,
        position_sum = search_daily.position_sum + excluded.position_sum, far = search_daily.far + excluded.far;

-- search_blocks holds the per-query totals of search_daily summed over aligned spans of 2, 4, 8 …
-- 256 days: at level k, block b spans the days since 1970 from b << k to (b + 1) << k. A range of
-- the dashboard reads a few spans instead of every day (a year: about 15 instead of 365).
CREATE TABLE search_blocks (
    level        INTEGER NOT NULL,
    block        INTEGER NOT NULL,
    query        TEXT    NOT NULL,
    searches     BIGINT  NOT NULL,
    nb_hits      INTEGER NOT NULL,
    no_results   BIGINT  NOT NULL,
    clicks       BIGINT  NOT NULL,
    position_sum BIGINT  NOT NULL,
    far          BIGINT  NOT NULL,
    PRIMARY KEY (level, block, query) INCLUDE (searches, nb_hits, no_results, clicks, position_sum, far)
);
INSERT INTO search_blocks (level, block, query, searches, nb_hits, no_results, clicks, position_sum, far)
    SELECT lv.k, (day - DATE '1970-01-01') >> lv.k, query, SUM(searches), MAX(nb_hits), SUM(no_results), SUM(clicks),
        SUM(position_sum), SUM(far)
    FROM search_daily, (SELECT 1 AS k UNION ALL SELECT 2 UNION ALL SELECT 3 UNION ALL SELECT 4 UNION ALL SELECT 5
        UNION ALL SELECT 6 UNION ALL SELECT 7 UNION ALL SELECT 8) lv
    GROUP BY 1, 2, 3;

-- Ask AI questions per day are counted from the index alone, without reading each answer's text.
DROP INDEX ask_exchanges_created_at;
CREATE INDEX ask_exchanges_created_at ON ask_exchanges (created_at) INCLUDE (outcome, sources);
