-- The operator console (issue 20, console/ and store/sqlstore/console.go).
--
-- Its charts add up charges per UTC day. Each hour, once it is over (and a
-- margin has passed), is added once, from the ledger and the settled
-- pay-per-call claims, to its day's rows in console_revenue_days and
-- console_spend_days (console_rolled_hours records which hours are in);
-- the hour still running is read from the ledger itself. Both reads are
-- range scans on the time columns below.
CREATE INDEX ledger_created ON ledger(created_at);
CREATE INDEX payment_claims_settled ON payment_claims(settled_at) WHERE status = 'settled';

-- day is whole days since 1970-01-01 UTC; amount is micro-USD charged
-- (positive); calls counts the charges.
CREATE TABLE console_revenue_days (
    day    BIGINT NOT NULL,
    rail   TEXT NOT NULL,
    tool   TEXT NOT NULL,
    calls  BIGINT NOT NULL,
    amount BIGINT NOT NULL,
    PRIMARY KEY (day, rail, tool)
);
CREATE TABLE console_spend_days (
    day        BIGINT NOT NULL,
    account_id TEXT NOT NULL,
    calls      BIGINT NOT NULL,
    amount     BIGINT NOT NULL,
    PRIMARY KEY (day, account_id)
);
CREATE TABLE console_rolled_hours (
    hour      BIGINT PRIMARY KEY, -- whole hours since 1970-01-01 UTC
    rolled_at BIGINT NOT NULL
);

-- What operators did through the console: top-ups, plan changes, keys
-- issued and revoked, log-ins and log-outs, each with its outcome.
CREATE TABLE operator_audit (
    id         BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    at         BIGINT NOT NULL,
    action     TEXT NOT NULL,
    account_id TEXT NOT NULL DEFAULT '',
    target     TEXT NOT NULL DEFAULT '',
    detail     TEXT NOT NULL DEFAULT '',
    outcome    TEXT NOT NULL,
    session    TEXT NOT NULL DEFAULT '',
    client     TEXT NOT NULL DEFAULT ''
);
CREATE INDEX operator_audit_account ON operator_audit(account_id, id);

-- Console sessions. id is the SHA-256 (hex) of the cookie's secret, never
-- the secret; binding ties the session to the admin token it was opened
-- with (an HMAC keyed by that token), so changing DALIL_ADMIN_TOKEN ends
-- every session.
CREATE TABLE console_sessions (
    id         TEXT PRIMARY KEY,
    csrf       TEXT NOT NULL,
    binding    TEXT NOT NULL,
    client     TEXT NOT NULL DEFAULT '',
    created_at BIGINT NOT NULL,
    seen_at    BIGINT NOT NULL,
    expires_at BIGINT NOT NULL
);
CREATE INDEX console_sessions_expires ON console_sessions(expires_at);
