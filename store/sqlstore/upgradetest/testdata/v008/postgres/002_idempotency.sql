CREATE TABLE idempotency (
    account_id      TEXT NOT NULL,
    tool            TEXT NOT NULL,
    key             TEXT NOT NULL,
    request_hash    TEXT NOT NULL,
    status          TEXT NOT NULL,
    response_status BIGINT NOT NULL DEFAULT 0,
    response_body   BYTEA,
    created_at      BIGINT NOT NULL,
    PRIMARY KEY (account_id, tool, key)
);
CREATE INDEX idempotency_created ON idempotency(created_at);
