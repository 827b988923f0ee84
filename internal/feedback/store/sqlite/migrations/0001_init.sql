-- Times are Unix milliseconds (UTC). AUTOINCREMENT keeps ids from ever being reused, so an id handed to
-- a reader always names the same row.
CREATE TABLE page_feedback (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    created_at INTEGER NOT NULL,
    url        TEXT    NOT NULL DEFAULT '',
    helpful    INTEGER CHECK (helpful IN (0, 1)),
    comment    TEXT    NOT NULL DEFAULT '',
    category   TEXT    NOT NULL DEFAULT '',
    email      TEXT    NOT NULL DEFAULT ''
);
CREATE INDEX page_feedback_created_at ON page_feedback (created_at);
CREATE INDEX page_feedback_url ON page_feedback (url);

CREATE TABLE answer_feedback (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    created_at INTEGER NOT NULL,
    message_id TEXT    NOT NULL,
    thumbs     INTEGER NOT NULL CHECK (thumbs IN (0, 1)),
    question   TEXT    NOT NULL DEFAULT '',
    answer     TEXT    NOT NULL DEFAULT '',
    sources    TEXT    NOT NULL DEFAULT '[]' -- JSON array of strings
);
CREATE INDEX answer_feedback_created_at ON answer_feedback (created_at);

CREATE TABLE search_queries (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    at            INTEGER NOT NULL,
    query         TEXT    NOT NULL,
    nb_hits       INTEGER NOT NULL,
    processing_us INTEGER NOT NULL
);
CREATE INDEX search_queries_at ON search_queries (at);

CREATE TABLE insight_events (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    at         INTEGER NOT NULL,
    type       TEXT    NOT NULL,
    name       TEXT    NOT NULL DEFAULT '',
    index_name TEXT    NOT NULL DEFAULT '',
    user_token TEXT    NOT NULL DEFAULT '',
    query_id   TEXT    NOT NULL DEFAULT '',
    object_ids TEXT    NOT NULL DEFAULT '[]', -- JSON array of strings
    positions  TEXT    NOT NULL DEFAULT '[]'  -- JSON array of integers
);
CREATE INDEX insight_events_at ON insight_events (at);
