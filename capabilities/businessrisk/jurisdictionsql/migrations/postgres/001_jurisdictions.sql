-- The jurisdictions dataset (issue 31): the FATF's lists of high-risk
-- jurisdictions subject to a call for action and of jurisdictions under
-- increased monitoring, one batch per imported publication. The batch
-- imported last is current (answers use it, or the embedded default when
-- that is a newer publication); times are Unix microseconds.
CREATE TABLE jurisdiction_batches (
    id           TEXT PRIMARY KEY,
    content_hash TEXT NOT NULL,
    source       TEXT NOT NULL,
    license      TEXT NOT NULL,
    synthetic    BIGINT NOT NULL,
    rows_count   BIGINT NOT NULL,
    published    TEXT NOT NULL,
    filename     TEXT NOT NULL,
    current      BIGINT NOT NULL,
    imported_at  BIGINT NOT NULL,
    retrieved_at BIGINT NOT NULL
);
-- One current publication: a concurrent import's insert fails on it, and
-- its transaction runs again after the other committed.
CREATE UNIQUE INDEX jurisdiction_batches_current ON jurisdiction_batches(current) WHERE current = 1;
CREATE TABLE jurisdiction_entries (
    batch_id TEXT NOT NULL REFERENCES jurisdiction_batches(id),
    list     TEXT NOT NULL,
    country  TEXT NOT NULL,
    name     TEXT NOT NULL,
    PRIMARY KEY (batch_id, country)
);
