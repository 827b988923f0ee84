-- Searches and Insights events as a tzdocs at schema version 5 stored them (no filters column yet),
-- for the upgrade to the dashboard's roll-up: two days from 2026-03-01 and a search four days later.
INSERT INTO search_queries (at, query, nb_hits, processing_us, query_id) VALUES
    (unixepoch('2026-03-01 01:00:00') * 1000, 'fa2', 5, 0, 'qa'),
    (unixepoch('2026-03-01 02:00:00') * 1000, 'fa2', 5, 0, ''),
    (unixepoch('2026-03-01 03:00:00') * 1000, 'fa2', 5, 0, ''),
    (unixepoch('2026-03-01 04:00:00') * 1000, 'rollup', 0, 0, 'qb'),
    (unixepoch('2026-03-01 05:00:00') * 1000, 'Rollup', 0, 0, ''),
    (unixepoch('2026-03-02 01:00:00') * 1000, 'fa2', 4, 0, ''),
    (unixepoch('2026-03-02 02:00:00') * 1000, 'smart rollup', 0, 0, ''),
    (unixepoch('2026-03-02 03:00:00') * 1000, 'smart rollup', 0, 0, ''),
    (unixepoch('2026-03-05 03:00:00') * 1000, 'fa2', 4, 0, '');
INSERT INTO insight_events (at, type, name, index_name, query_id, object_ids, positions) VALUES
    (unixepoch('2026-03-01 06:00:00') * 1000, 'click', 'Hit clicked', 'docs', 'qa', '["x"]', '[7]'),
    (unixepoch('2026-03-01 07:00:00') * 1000, 'click', 'Hit clicked', 'docs', 'qa', '["y"]', '[2]'),
    (unixepoch('2026-03-02 06:00:00') * 1000, 'click', 'Hit clicked', 'docs', 'qb', '["x", "y"]', '[9, 1]'),
    (unixepoch('2026-03-02 07:00:00') * 1000, 'click', 'Link clicked', 'docs', '', '["z"]', '[]'),
    (unixepoch('2026-03-02 08:00:00') * 1000, 'view', 'Page viewed', 'docs', '', '["z"]', '[]');
