CREATE TABLE idempotency (
    account_id      TEXT NOT NULL,
    tool            TEXT NOT NULL,
    key             TEXT NOT NULL,
    request_hash    TEXT NOT NULL,
    status          TEXT NOT NULL,
    response_status INTEGER NOT NULL DEFAULT 0,
    response_body   BLOB,
    created_at      INTEGER NOT NULL,
    PRIMARY KEY (account_id, tool, key)
);
CREATE INDEX idempotency_created ON idempotency(created_at);
