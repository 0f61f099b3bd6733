-- Voice calls (issue 19): the call records, the provider events already
-- applied (idempotency), and the do-not-call list. The number is kept in
-- clear only while the call is live: the CHECK refuses a terminal call
-- that still holds it. Times are micro-seconds since the epoch (0: not
-- yet); money is micro-USD.
CREATE TABLE voice_calls (
    id                TEXT PRIMARY KEY,
    capability        TEXT NOT NULL,
    account_id        TEXT NOT NULL DEFAULT '',
    payer             TEXT NOT NULL,
    request_id        TEXT NOT NULL,
    status            TEXT NOT NULL,
    number_hash       TEXT NOT NULL,
    number            TEXT NOT NULL DEFAULT '',
    dial              TEXT NOT NULL DEFAULT '{}',
    script            TEXT NOT NULL DEFAULT '{}',
    max_seconds       INTEGER NOT NULL,
    base              BIGINT NOT NULL,
    max_charge        BIGINT NOT NULL,
    final_charge      BIGINT NOT NULL DEFAULT 0,
    refunded          BIGINT NOT NULL DEFAULT 0,
    settle            TEXT NOT NULL DEFAULT '',
    provider          TEXT NOT NULL DEFAULT '',
    provider_call_id  TEXT NOT NULL DEFAULT '',
    connected_seconds INTEGER NOT NULL DEFAULT 0,
    outcome           TEXT NOT NULL DEFAULT '',
    summary           TEXT NOT NULL DEFAULT '',
    facts             TEXT NOT NULL DEFAULT '',
    transcript        TEXT NOT NULL DEFAULT '',
    lead              TEXT NOT NULL DEFAULT '',
    callback_url      TEXT NOT NULL DEFAULT '',
    callback          TEXT NOT NULL DEFAULT '',
    token_hash        TEXT NOT NULL DEFAULT '',
    dial_attempts     INTEGER NOT NULL DEFAULT 0,
    created_at        BIGINT NOT NULL,
    updated_at        BIGINT NOT NULL,
    dialed_at         BIGINT NOT NULL DEFAULT 0,
    answered_at       BIGINT NOT NULL DEFAULT 0,
    ended_at          BIGINT NOT NULL DEFAULT 0,
    CHECK (number = '' OR status IN ('created', 'queued', 'dialing', 'ringing', 'answered', 'in_progress')),
    CHECK (max_charge >= 0 AND final_charge >= 0 AND refunded >= 0 AND refunded <= max_charge)
);
CREATE INDEX voice_calls_account ON voice_calls(account_id, id);
CREATE INDEX voice_calls_provider ON voice_calls(provider, provider_call_id) WHERE provider_call_id <> '';
CREATE INDEX voice_calls_payer ON voice_calls(payer, created_at);
CREATE INDEX voice_calls_number ON voice_calls(number_hash, created_at);

-- Provider events applied, by provider and event id: a redelivery finds
-- its key and changes nothing.
CREATE TABLE voice_events (
    event_key   TEXT PRIMARY KEY,
    call_id     TEXT NOT NULL,
    received_at BIGINT NOT NULL
);

-- Numbers never to call again, as keyed hashes (voice.HashNumber).
CREATE TABLE voice_do_not_call (
    number_hash TEXT PRIMARY KEY,
    source      TEXT NOT NULL,
    created_at  BIGINT NOT NULL
);
