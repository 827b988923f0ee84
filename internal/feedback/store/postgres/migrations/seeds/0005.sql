-- Searches and Insights events as a tzdocs at schema version 5 stored them (no filters column yet),
-- for the upgrade to the dashboard's roll-up: two days from 2026-03-01 and a search four days later.
INSERT INTO search_queries (at, query, nb_hits, processing_us, query_id) VALUES
    ('2026-03-01 01:00:00+00', 'fa2', 5, 0, 'qa'),
    ('2026-03-01 02:00:00+00', 'fa2', 5, 0, ''),
    ('2026-03-01 03:00:00+00', 'fa2', 5, 0, ''),
    ('2026-03-01 04:00:00+00', 'rollup', 0, 0, 'qb'),
    ('2026-03-01 05:00:00+00', 'Rollup', 0, 0, ''),
    ('2026-03-02 01:00:00+00', 'fa2', 4, 0, ''),
    ('2026-03-02 02:00:00+00', 'smart rollup', 0, 0, ''),
    ('2026-03-02 03:00:00+00', 'smart rollup', 0, 0, ''),
    ('2026-03-05 03:00:00+00', 'fa2', 4, 0, '');
INSERT INTO insight_events (at, type, name, index_name, query_id, object_ids, positions) VALUES
    ('2026-03-01 06:00:00+00', 'click', 'Hit clicked', 'docs', 'qa', '["x"]', '[7]'),
    ('2026-03-01 07:00:00+00', 'click', 'Hit clicked', 'docs', 'qa', '["y"]', '[2]'),
    ('2026-03-02 06:00:00+00', 'click', 'Hit clicked', 'docs', 'qb', '["x", "y"]', '[9, 1]'),
    ('2026-03-02 07:00:00+00', 'click', 'Link clicked', 'docs', '', '["z"]', '[]'),
    ('2026-03-02 08:00:00+00', 'view', 'Page viewed', 'docs', '', '["z"]', '[]');
