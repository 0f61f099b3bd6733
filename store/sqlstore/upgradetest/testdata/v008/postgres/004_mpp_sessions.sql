-- MPP sessions (rail/mpp SessionStore): a budget paid by one deposit,
-- drawn down by reservations. The CHECK keeps spent + reserved within the
-- budget whatever the number of replicas; the primary key of
-- mpp_session_reservations makes an Idempotency-Key draw once.
CREATE TABLE mpp_sessions (
    id            TEXT PRIMARY KEY,
    status        TEXT NOT NULL,
    payer         TEXT NOT NULL,
    budget        BIGINT NOT NULL CHECK (budget >= 0),
    spent         BIGINT NOT NULL DEFAULT 0 CHECK (spent >= 0),
    reserved      BIGINT NOT NULL DEFAULT 0 CHECK (reserved >= 0),
    allowed_tools TEXT NOT NULL,
    deposit_tx    TEXT NOT NULL,
    refund_tx     TEXT NOT NULL DEFAULT '',
    refund_raw    BYTEA,
    created_at    BIGINT NOT NULL,
    expires_at    BIGINT NOT NULL,
    closed_at     BIGINT NOT NULL DEFAULT 0,
    CHECK (spent + reserved <= budget)
);

CREATE TABLE mpp_session_reservations (
    session_id TEXT NOT NULL REFERENCES mpp_sessions(id),
    key        TEXT NOT NULL,
    tool       TEXT NOT NULL,
    amount     BIGINT NOT NULL CHECK (amount >= 0),
    committed  INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (session_id, key)
);
