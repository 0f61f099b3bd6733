-- A committed draw can give part of its amount back to its session
-- (Sessions.RefundDraw: a voice call drawn at its maximum refunds what it
-- did not use). The refund is recorded once per draw, with its time
-- (refunded_at = 0: none yet), and never exceeds the draw. DrawsByDay
-- adds up amount - refunded, so its covering index is rebuilt with the
-- refund in it.
ALTER TABLE mpp_session_reservations ADD COLUMN refunded INTEGER NOT NULL DEFAULT 0 CHECK (refunded >= 0 AND refunded <= amount);
ALTER TABLE mpp_session_reservations ADD COLUMN refunded_at INTEGER NOT NULL DEFAULT 0;

DROP INDEX mpp_session_reservations_drawn;
CREATE INDEX mpp_session_reservations_drawn ON mpp_session_reservations (reserved_at, tool, amount, refunded) WHERE committed = 1;
