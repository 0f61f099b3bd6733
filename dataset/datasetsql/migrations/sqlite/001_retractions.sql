-- Batches retracted from any dataset (dalil <dataset> retract): the
-- batch's provenance as it was, and when, why and how many rows were
-- removed with it. The batch's own row and its rows are deleted in the
-- same transaction as this row is written. Times are Unix microseconds.
CREATE TABLE dataset_retractions (
    dataset      TEXT NOT NULL,
    batch_id     TEXT NOT NULL,
    source       TEXT NOT NULL,
    license      TEXT NOT NULL,
    synthetic    INTEGER NOT NULL,
    rows_count   INTEGER NOT NULL,
    version      TEXT NOT NULL,
    imported_at  INTEGER NOT NULL,
    retrieved_at INTEGER NOT NULL,
    retracted_at INTEGER NOT NULL,
    reason       TEXT NOT NULL,
    rows_removed INTEGER NOT NULL,
    PRIMARY KEY (dataset, batch_id, retracted_at)
);
