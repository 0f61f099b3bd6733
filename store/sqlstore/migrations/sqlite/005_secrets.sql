-- Operator secrets generated on first use and shared by replicas
-- (Store.Secret). Until issue 11 this file was 005_invoice_fingerprints,
-- which also created invoice_fingerprints (now capabilities/invoiceanomaly/
-- invoicesql); a database that recorded 005_invoice_fingerprints has this
-- table already, so this migration is recorded there without running.
CREATE TABLE secrets (
    name       TEXT PRIMARY KEY,
    value      TEXT NOT NULL,
    created_at INTEGER NOT NULL
);
