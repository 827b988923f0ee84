-- The dashboard reads daily totals up to an hour ago (issue 28): searches roll up an hour after
-- they happen, on a marker of their own (analytics_state 'searches_rolled_until'), and so do the
-- clicks the dashboard counts. search_daily keeps, per day of the click and query of the search
-- it followed, the click positions given (clicks), their sum and how many were below position 5
-- (far); a row may hold clicks and no search. click_daily counts every click per day.
ALTER TABLE search_daily ADD COLUMN clicks BIGINT NOT NULL DEFAULT 0;
ALTER TABLE search_daily ADD COLUMN position_sum BIGINT NOT NULL DEFAULT 0;
ALTER TABLE search_daily ADD COLUMN far BIGINT NOT NULL DEFAULT 0;
CREATE TABLE click_daily (
    day          DATE   PRIMARY KEY,
    clicks       BIGINT NOT NULL, -- click events
    positions    BIGINT NOT NULL, -- positions they gave
    position_sum BIGINT NOT NULL
);
CREATE INDEX search_daily_clicks ON search_daily (day, query, clicks, position_sum, far) WHERE clicks > 0;

-- Until the first roll-up on the new marker, it stands where the Insights one does: the clicks
-- rolled up so far are copied from the event totals, and matched with their searches from the
-- raw rows still kept.
INSERT INTO analytics_state (name, value) SELECT 'searches_rolled_until', value FROM analytics_state WHERE name = 'rolled_until';
INSERT INTO click_daily (day, clicks, positions, position_sum)
    SELECT day, SUM(events), SUM(positions), SUM(position_sum) FROM insight_daily WHERE type = 'click' GROUP BY day;
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
