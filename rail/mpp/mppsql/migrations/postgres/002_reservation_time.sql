-- Core migration 006_mpp_reservation_time until issue 11 (mppsql.Module names it as this
-- file's legacy, so a database that ran it records this one without running).
--
-- When a reservation was taken: one left behind by a crash between a draw
-- and its commit is released when the session closes, once it is older
-- than any call can take.
ALTER TABLE mpp_session_reservations ADD COLUMN reserved_at BIGINT NOT NULL DEFAULT 0;
