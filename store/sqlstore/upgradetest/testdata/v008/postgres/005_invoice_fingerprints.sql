-- Operator secrets generated on first use and shared by replicas.
CREATE TABLE secrets (
    name       TEXT PRIMARY KEY,
    value      TEXT NOT NULL,
    created_at BIGINT NOT NULL
);

-- Salted invoice fingerprints kept by invoice_anomaly_check remember: true.
CREATE TABLE invoice_fingerprints (
    account_id   TEXT NOT NULL,
    supplier_key TEXT NOT NULL,
    ref          TEXT NOT NULL,
    invoice_key  TEXT NOT NULL,
    record_key   TEXT NOT NULL,
    amount_minor BIGINT NOT NULL,
    currency     TEXT NOT NULL,
    invoice_date TEXT NOT NULL,
    created_at   BIGINT NOT NULL,
    expires_at   BIGINT NOT NULL,
    PRIMARY KEY (account_id, supplier_key, ref)
);
CREATE INDEX invoice_fingerprints_expiry ON invoice_fingerprints(expires_at);
