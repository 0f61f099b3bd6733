-- A change counter for API key caches across processes on one SQLite file
-- (issue 11 item 6): a revocation, plan change or top-up bumps it in its own
-- transaction, and every serving process polls it every 50 ms and flushes
-- its key cache when it moved (store/sqlstore/notify.go). PostgreSQL uses
-- LISTEN/NOTIFY instead and has no such table.
CREATE TABLE cache_epoch (
    id    INTEGER PRIMARY KEY CHECK (id = 1),
    epoch BIGINT NOT NULL
);
INSERT INTO cache_epoch (id, epoch) VALUES (1, 0);
