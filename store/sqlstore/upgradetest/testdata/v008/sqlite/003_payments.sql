-- Pay-per-call credentials (x402 nonces, L402 payment hashes, MPP
-- challenges): the primary key makes each pay for one call, across replicas.
CREATE TABLE payment_claims (
    credential_id TEXT PRIMARY KEY,
    rail          TEXT NOT NULL,
    tool          TEXT NOT NULL,
    amount        INTEGER NOT NULL,
    request_id    TEXT NOT NULL,
    status        TEXT NOT NULL,
    payer         TEXT NOT NULL DEFAULT '',
    expires_at    INTEGER NOT NULL,
    created_at    INTEGER NOT NULL,
    settled_at    INTEGER
);
CREATE INDEX payment_claims_created ON payment_claims(created_at);
