-- The calls with work left: live (not in a terminal state), or ended
-- with their settlement or completion callback still pending. Only
-- those rows are in this partial index, so Unfinished counts them
-- without reading the calls that are done, however many the table keeps
-- (`dalil serve` asks at start when no telephony provider is
-- configured). Its predicate is Unfinished's WHERE clause, word for word.
CREATE INDEX voice_calls_open ON voice_calls(id)
    WHERE status IN ('created', 'queued', 'dialing', 'ringing', 'answered', 'in_progress') OR settle = 'pending' OR callback = 'pending';
