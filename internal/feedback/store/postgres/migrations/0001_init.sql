CREATE TABLE page_feedback (
    id         BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    created_at TIMESTAMPTZ NOT NULL,
    url        TEXT        NOT NULL DEFAULT '',
    helpful    BOOLEAN,
    comment    TEXT        NOT NULL DEFAULT '',
    category   TEXT        NOT NULL DEFAULT '',
    email      TEXT        NOT NULL DEFAULT ''
);
CREATE INDEX page_feedback_created_at ON page_feedback (created_at);
CREATE INDEX page_feedback_url ON page_feedback (url);

CREATE TABLE answer_feedback (
    id         BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    created_at TIMESTAMPTZ NOT NULL,
    message_id TEXT        NOT NULL,
    thumbs     SMALLINT    NOT NULL CHECK (thumbs IN (0, 1)),
    question   TEXT        NOT NULL DEFAULT '',
    answer     TEXT        NOT NULL DEFAULT '',
    sources    JSONB       NOT NULL DEFAULT '[]'
);
CREATE INDEX answer_feedback_created_at ON answer_feedback (created_at);

CREATE TABLE search_queries (
    id            BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    at            TIMESTAMPTZ NOT NULL,
    query         TEXT        NOT NULL,
    nb_hits       INTEGER     NOT NULL,
    processing_us BIGINT      NOT NULL
);
CREATE INDEX search_queries_at ON search_queries (at);

CREATE TABLE insight_events (
    id         BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    at         TIMESTAMPTZ NOT NULL,
    type       TEXT        NOT NULL,
    name       TEXT        NOT NULL DEFAULT '',
    index_name TEXT        NOT NULL DEFAULT '',
    user_token TEXT        NOT NULL DEFAULT '',
    query_id   TEXT        NOT NULL DEFAULT '',
    object_ids JSONB       NOT NULL DEFAULT '[]',
    positions  JSONB       NOT NULL DEFAULT '[]'
);
CREATE INDEX insight_events_at ON insight_events (at);
