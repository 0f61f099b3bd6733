-- When a reservation was taken: one left behind by a crash between a draw
-- and its commit is released when the session closes, once it is older
-- than any call can take.
ALTER TABLE mpp_session_reservations ADD COLUMN reserved_at INTEGER NOT NULL DEFAULT 0;
