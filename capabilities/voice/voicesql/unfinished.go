package voicesql

import (
	"context"

	"dalil/capabilities/voice"
	"dalil/store/sqlstore"
)

// open is the predicate of the calls with work left, the same text as
// the partial index voice_calls_open (migrations/*/002_open_calls.sql),
// so the databases answer Unfinished from that index alone.
const open = `status IN ('created', 'queued', 'dialing', 'ringing', 'answered', 'in_progress') OR settle = '` + voice.SettlePending +
	`' OR callback = '` + voice.CallbackPending + `'`

// Unfinished counts the calls that still have work for the voice jobs:
// not in a terminal state (to dial, or to be ended by the watchdog), or
// ended with their settlement (a refund on account rails) or completion
// callback still pending. It needs no job queue: `dalil serve` asks it
// when no telephony provider is configured, to decide whether the voice
// workers must run anyway to finish those calls.
func Unfinished(ctx context.Context, db sqlstore.DB) (int, error) {
	ctx, cancel := db.Bound(ctx)
	defer cancel()
	var n int
	if err := db.Read().QueryRowContext(ctx, `SELECT COUNT(*) FROM voice_calls WHERE `+open).Scan(&n); err != nil {
		return 0, sqlstore.Unavailable("unfinished voice calls", err)
	}
	return n, nil
}
