-- The operator console (issue 20) adds up what budget-session calls drew
-- per day and tool (Sessions.DrawsByDay): the committed reservations of a
-- time range. This partial index holds only committed draws, ordered by
-- the time they were taken, with the tool and amount the sums need, so the
-- query reads the range from the index alone.
CREATE INDEX mpp_session_reservations_drawn ON mpp_session_reservations (reserved_at, tool, amount) WHERE committed = 1;
