-- Salted invoice fingerprints kept by invoice_anomaly_check remember: true.
-- Core migration 005_invoice_fingerprints created this table before the
-- module owned it (invoicesql.Module names it as this file's legacy).
CREATE TABLE invoice_fingerprints (
    account_id   TEXT NOT NULL,
    supplier_key TEXT NOT NULL,
    ref          TEXT NOT NULL,
    invoice_key  TEXT NOT NULL,
    record_key   TEXT NOT NULL,
    amount_minor INTEGER NOT NULL,
    currency     TEXT NOT NULL,
    invoice_date TEXT NOT NULL,
    created_at   INTEGER NOT NULL,
    expires_at   INTEGER NOT NULL,
    PRIMARY KEY (account_id, supplier_key, ref)
);
CREATE INDEX invoice_fingerprints_expiry ON invoice_fingerprints(expires_at);
