-- Rows as a tzdocs at schema version 1 stored them, at 2026-03-04 05:06:07.008 UTC: a page vote, a
-- click, a search, and three votes on one answer (repeated votes were accepted until version 2).
INSERT INTO page_feedback (created_at, url, helpful) VALUES ('2026-03-04 05:06:07.008+00', '/kept', true);
INSERT INTO insight_events (at, type, name, object_ids) VALUES ('2026-03-04 05:06:07.008+00', 'click', 'old', '["a"]');
INSERT INTO search_queries (at, query, nb_hits, processing_us) VALUES ('2026-03-04 05:06:07.008+00', 'old query', 3, 0);
INSERT INTO answer_feedback (created_at, message_id, thumbs) VALUES
    ('2026-03-04 05:06:07.008+00', 'legacy', 1),
    ('2026-03-04 05:06:07.008+00', 'legacy', 0),
    ('2026-03-04 05:06:07.008+00', 'legacy', 1);
