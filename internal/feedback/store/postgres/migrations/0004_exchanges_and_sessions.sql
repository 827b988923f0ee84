-- Ask AI exchanges, so that a vote reaching any replica or arriving after a restart is stored with
-- what it rates. message_key and question_key are digests of the message ids (store.VoteKey).
-- first_text_ms is NULL when no text was streamed.
CREATE TABLE ask_exchanges (
    id            BIGSERIAL   PRIMARY KEY,
    created_at    TIMESTAMPTZ NOT NULL,
    message_id    TEXT        NOT NULL,
    message_key   TEXT        NOT NULL UNIQUE,
    question_id   TEXT        NOT NULL DEFAULT '',
    question_key  TEXT        NOT NULL DEFAULT '',
    question      TEXT        NOT NULL DEFAULT '',
    answer        TEXT        NOT NULL DEFAULT '',
    sources       JSONB       NOT NULL DEFAULT '[]',
    engine        TEXT        NOT NULL DEFAULT '',
    first_text_ms INTEGER,
    outcome       TEXT        NOT NULL
);
CREATE INDEX ask_exchanges_created_at ON ask_exchanges (created_at);
CREATE INDEX ask_exchanges_question_key ON ask_exchanges (question_key);

-- Maintainers signed in to the admin pages; key is a digest of the cookie's secret.
CREATE TABLE admin_sessions (
    key        TEXT        PRIMARY KEY,
    who        TEXT        NOT NULL,
    method     TEXT        NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    seen_at    TIMESTAMPTZ NOT NULL
);

-- One-time sign-in links (tzdocs admin link); key is a digest of the link's secret.
CREATE TABLE admin_links (
    key        TEXT        PRIMARY KEY,
    who        TEXT        NOT NULL,
    expires_at TIMESTAMPTZ NOT NULL,
    used_at    TIMESTAMPTZ
);
