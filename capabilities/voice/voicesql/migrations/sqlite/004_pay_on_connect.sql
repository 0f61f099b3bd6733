-- A pay-per-call call paid on a rail that cannot refund part of a payment
-- (x402, L402, MPP charge): 1 when it is paid only once it connects (its
-- request waits, holding the credential; voice.Record.PayOnConnect), so
-- the dial job dials it once the credential is held and the settlement
-- records whether the request settled it. 0 for every other call, and for
-- the calls placed before this migration (they paid the maximum when
-- queued).
ALTER TABLE voice_calls ADD COLUMN pay_on_connect INTEGER NOT NULL DEFAULT 0;
