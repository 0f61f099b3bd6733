-- Idempotency-Key claims with a lease and an owner (issue 11): a claim left
-- by a request that died is taken over once lease_until has passed, and
-- only the owning request (its request id) may complete or abandon it.
-- Completed answers are stored as the result and its receipt; the HTTP
-- layer renders the envelope. Rows completed before this migration keep
-- their whole body in response_body with response_rail = ''.
ALTER TABLE idempotency ADD COLUMN owner TEXT NOT NULL DEFAULT '';
ALTER TABLE idempotency ADD COLUMN lease_until BIGINT NOT NULL DEFAULT 0;
ALTER TABLE idempotency ADD COLUMN response_rail TEXT NOT NULL DEFAULT '';
ALTER TABLE idempotency ADD COLUMN response_request_id TEXT NOT NULL DEFAULT '';
ALTER TABLE idempotency ADD COLUMN response_price BIGINT NOT NULL DEFAULT 0;
