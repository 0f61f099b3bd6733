package sqlstore

import (
	"context"
	"time"
)

// PaidFor reports whether the paid request requestID committed its
// payment, on whichever rail paid it: with accountID, the account's charge
// in the ledger; without, a settled pay-per-call claim (x402, L402, MPP
// charge and channel vouchers) or a completed idempotency record whose
// answer is the request's (MPP budget sessions store their answers that
// way). since bounds how long before now the request could have claimed
// its credential or key, keeping the lookups on the created_at indexes.
//
// A module that does work after a paid request's answer (a queued phone
// call) asks it before acting, so the payment's tables stay the core's.
func (s *Store) PaidFor(ctx context.Context, accountID, requestID string, since time.Time) (bool, error) {
	ctx, cancel := s.bound(ctx)
	defer cancel()
	var n int
	if accountID != "" {
		err := s.r.QueryRowContext(ctx, `SELECT COUNT(*) FROM ledger WHERE account_id = $1 AND request_id = $2 AND kind = 'charge'`,
			accountID, requestID).Scan(&n)
		return n > 0, unavailable("paid for", err)
	}
	from := micros(since)
	err := s.r.QueryRowContext(ctx, `SELECT COUNT(*) FROM payment_claims WHERE created_at >= $1 AND request_id = $2 AND status = 'settled'`,
		from, requestID).Scan(&n)
	if err != nil || n > 0 {
		return n > 0, unavailable("paid for", err)
	}
	err = s.r.QueryRowContext(ctx, `SELECT COUNT(*) FROM idempotency WHERE created_at >= $1 AND response_request_id = $2 AND status = 'completed'`,
		from, requestID).Scan(&n)
	return n > 0, unavailable("paid for", err)
}
