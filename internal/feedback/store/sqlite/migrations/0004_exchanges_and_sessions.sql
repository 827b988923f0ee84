-- Ask AI exchanges, so that a vote reaching any replica or arriving after a restart is stored with
-- what it rates. message_key and question_key are digests of the message ids (store.VoteKey).
-- Times are Unix milliseconds (UTC); first_text_ms is NULL when no text was streamed.
CREATE TABLE ask_exchanges (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    created_at    INTEGER NOT NULL,
    message_id    TEXT    NOT NULL,
    message_key   TEXT    NOT NULL UNIQUE,
    question_id   TEXT    NOT NULL DEFAULT '',
    question_key  TEXT    NOT NULL DEFAULT '',
    question      TEXT    NOT NULL DEFAULT '',
    answer        TEXT    NOT NULL DEFAULT '',
    sources       TEXT    NOT NULL DEFAULT '[]', -- JSON array of strings
    engine        TEXT    NOT NULL DEFAULT '',
    first_text_ms INTEGER,
    outcome       TEXT    NOT NULL
);
CREATE INDEX ask_exchanges_created_at ON ask_exchanges (created_at);
CREATE INDEX ask_exchanges_question_key ON ask_exchanges (question_key);

-- Maintainers signed in to the admin pages; key is a digest of the cookie's secret.
CREATE TABLE admin_sessions (
    key        TEXT    PRIMARY KEY,
    who        TEXT    NOT NULL,
    method     TEXT    NOT NULL,
    created_at INTEGER NOT NULL,
    seen_at    INTEGER NOT NULL
);

-- One-time sign-in links (tzdocs admin link); key is a digest of the link's secret.
CREATE TABLE admin_links (
    key        TEXT    PRIMARY KEY,
    who        TEXT    NOT NULL,
    expires_at INTEGER NOT NULL,
    used_at    INTEGER
);
