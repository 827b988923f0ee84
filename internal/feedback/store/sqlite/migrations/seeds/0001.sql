-- Rows as a tzdocs at schema version 1 stored them, at 2026-03-04 05:06:07.008 UTC: a page vote, a
-- click, a search, and three votes on one answer (repeated votes were accepted until version 2).
INSERT INTO page_feedback (created_at, url, helpful) VALUES (unixepoch('2026-03-04 05:06:07') * 1000 + 8, '/kept', 1);
INSERT INTO insight_events (at, type, name, object_ids) VALUES (unixepoch('2026-03-04 05:06:07') * 1000 + 8, 'click', 'old', '["a"]');
INSERT INTO search_queries (at, query, nb_hits, processing_us) VALUES (unixepoch('2026-03-04 05:06:07') * 1000 + 8, 'old query', 3, 0);
INSERT INTO answer_feedback (created_at, message_id, thumbs) VALUES
    (unixepoch('2026-03-04 05:06:07') * 1000 + 8, 'legacy', 1),
    (unixepoch('2026-03-04 05:06:07') * 1000 + 8, 'legacy', 0),
    (unixepoch('2026-03-04 05:06:07') * 1000 + 8, 'legacy', 1);
