-- How a pay-per-call call was paid (all '' for an account's call, and for
-- the calls placed before this migration): the rail's id, and for a call
-- drawn from an MPP budget session the session's id and the draw's
-- idempotency key. Settlement gives the unused part of the maximum back
-- to that draw while the session is open (voice.SessionRefunds).
ALTER TABLE voice_calls ADD COLUMN pay_rail TEXT NOT NULL DEFAULT '';
ALTER TABLE voice_calls ADD COLUMN mpp_session TEXT NOT NULL DEFAULT '';
ALTER TABLE voice_calls ADD COLUMN mpp_session_key TEXT NOT NULL DEFAULT '';
