-- Daily totals of search analytics, kept longer than the raw rows they are rolled up from. day is
-- Unix milliseconds at 00:00 UTC.
CREATE TABLE search_daily (
    day      INTEGER NOT NULL,
    query    TEXT    NOT NULL,
    searches INTEGER NOT NULL,
    nb_hits  INTEGER NOT NULL, -- the most hits a search of that query found that day
    PRIMARY KEY (day, query)
);

CREATE TABLE insight_daily (
    day        INTEGER NOT NULL,
    type       TEXT    NOT NULL,
    name       TEXT    NOT NULL,
    index_name TEXT    NOT NULL,
    events     INTEGER NOT NULL,
    PRIMARY KEY (day, type, name, index_name)
);

-- Counters of the analytics housekeeping: rolled_until (Unix milliseconds; raw rows before it are
-- in the daily tables) and, per table, the rows the size cap dropped.
CREATE TABLE analytics_state (
    name  TEXT    PRIMARY KEY,
    value INTEGER NOT NULL
);
