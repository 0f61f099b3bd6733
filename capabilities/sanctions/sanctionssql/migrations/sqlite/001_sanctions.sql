-- Sanctions lists imported as the "sanctions" dataset (issue 16). A list
-- is named by its source (--source); importing it again replaces its
-- entries in one transaction and makes the new batch current.
CREATE TABLE sanctions_batches (
    id           TEXT PRIMARY KEY,
    source       TEXT NOT NULL,
    license      TEXT NOT NULL,
    format       TEXT NOT NULL,
    title        TEXT NOT NULL,
    published    TEXT NOT NULL,
    declared     INTEGER NOT NULL,
    entries      INTEGER NOT NULL,
    content_hash TEXT NOT NULL,
    filename     TEXT NOT NULL,
    synthetic    INTEGER NOT NULL,
    current      INTEGER NOT NULL,
    imported_at  INTEGER NOT NULL,
    retrieved_at INTEGER NOT NULL
);
CREATE INDEX sanctions_batches_source ON sanctions_batches(source, current);
CREATE TABLE sanctions_entries (
    source    TEXT NOT NULL,
    entity_id TEXT NOT NULL,
    batch_id  TEXT NOT NULL REFERENCES sanctions_batches(id),
    data      TEXT NOT NULL,
    PRIMARY KEY (source, entity_id)
);
