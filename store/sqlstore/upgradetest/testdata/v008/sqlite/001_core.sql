CREATE TABLE accounts (
    id              TEXT PRIMARY KEY,
    name            TEXT NOT NULL,
    plan            TEXT NOT NULL,
    plan_started_at INTEGER NOT NULL,
    credits         INTEGER NOT NULL CHECK (credits >= 0),
    created_at      INTEGER NOT NULL
);

CREATE TABLE api_keys (
    id          TEXT PRIMARY KEY,
    account_id  TEXT NOT NULL REFERENCES accounts(id),
    hash        TEXT NOT NULL UNIQUE,
    prefix      TEXT NOT NULL,
    created_at  INTEGER NOT NULL,
    revoked_at  INTEGER
);
CREATE INDEX api_keys_account ON api_keys(account_id);

CREATE TABLE ledger (
    id            INTEGER PRIMARY KEY, -- rowid: rows are never deleted, so ids only grow
    account_id    TEXT NOT NULL REFERENCES accounts(id),
    kind          TEXT NOT NULL,
    rail          TEXT NOT NULL,
    tool          TEXT NOT NULL DEFAULT '',
    amount        INTEGER NOT NULL,
    balance_after INTEGER NOT NULL CHECK (balance_after >= 0),
    request_id    TEXT NOT NULL DEFAULT '',
    note          TEXT NOT NULL DEFAULT '',
    created_at    INTEGER NOT NULL
);
CREATE INDEX ledger_account ON ledger(account_id, id);

CREATE TABLE allowance_usage (
    account_id   TEXT NOT NULL REFERENCES accounts(id),
    period_start INTEGER NOT NULL,
    used         INTEGER NOT NULL CHECK (used >= 0),
    calls        INTEGER NOT NULL CHECK (calls >= 0),
    PRIMARY KEY (account_id, period_start)
);
