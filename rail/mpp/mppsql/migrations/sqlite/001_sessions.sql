-- Core migration 004_mpp_sessions until issue 11 (mppsql.Module names it as this
-- file's legacy, so a database that ran it records this one without running).
--
-- MPP sessions (rail/mpp SessionStore): a budget paid by one deposit,
-- drawn down by reservations. The CHECK keeps spent + reserved within the
-- budget whatever the number of replicas; the primary key of
-- mpp_session_reservations makes an Idempotency-Key draw once.
CREATE TABLE mpp_sessions (
    id            TEXT PRIMARY KEY,
    status        TEXT NOT NULL,
    payer         TEXT NOT NULL,
    budget        INTEGER NOT NULL CHECK (budget >= 0),
    spent         INTEGER NOT NULL DEFAULT 0 CHECK (spent >= 0),
    reserved      INTEGER NOT NULL DEFAULT 0 CHECK (reserved >= 0),
    allowed_tools TEXT NOT NULL,
    deposit_tx    TEXT NOT NULL,
    refund_tx     TEXT NOT NULL DEFAULT '',
    refund_raw    BLOB,
    created_at    INTEGER NOT NULL,
    expires_at    INTEGER NOT NULL,
    closed_at     INTEGER NOT NULL DEFAULT 0,
    CHECK (spent + reserved <= budget)
);

CREATE TABLE mpp_session_reservations (
    session_id TEXT NOT NULL REFERENCES mpp_sessions(id),
    key        TEXT NOT NULL,
    tool       TEXT NOT NULL,
    amount     INTEGER NOT NULL CHECK (amount >= 0),
    committed  INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (session_id, key)
);
