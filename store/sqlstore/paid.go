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
		// An empty id keeps the old question, which no index answers.
		q := paidForSQL
		if requestID == "" {
			q = `SELECT COUNT(*) FROM ledger WHERE account_id = $1 AND request_id = $2 AND kind = 'charge'`
		}
		err := s.r.QueryRowContext(ctx, q, accountID, requestID).Scan(&n)
		return n > 0, unavailable("paid for", err)
	}
	return s.claimedOrAnswered(ctx, "paid for", `'settled'`, requestID, since)
}

// claimedOrAnswered reports whether the pay-per-call request requestID has
// a claim in one of statuses (an SQL list of quoted names) or a completed
// idempotency record whose answer is its own: PaidFor's and HeldFor's
// lookups, which differ only in the claim statuses they count.
func (s *Store) claimedOrAnswered(ctx context.Context, op, statuses, requestID string, since time.Time) (bool, error) {
	from := micros(since)
	var n int
	err := s.r.QueryRowContext(ctx, `SELECT COUNT(*) FROM payment_claims WHERE created_at >= $1 AND request_id = $2 AND status IN (`+statuses+`)`,
		from, requestID).Scan(&n)
	if err != nil || n > 0 {
		return n > 0, unavailable(op, err)
	}
	err = s.r.QueryRowContext(ctx, `SELECT COUNT(*) FROM idempotency WHERE created_at >= $1 AND response_request_id = $2 AND status = 'completed'`,
		from, requestID).Scan(&n)
	return n > 0, unavailable(op, err)
}

// HeldFor reports whether the paid request requestID holds its payment:
// it committed it (PaidFor), or it reserved it and neither committed nor
// released it yet. With accountID that is the ledger's charge (an account
// is charged when its request completes); without, a pay-per-call claim
// that is claimed or settled (released claims are deleted), or a
// completed idempotency record whose answer is the request's. since is
// PaidFor's.
//
// A module that starts work inside a paid request and has that request
// pay only once the work reached a point (a phone call paid when it
// connects) asks it before starting: the request still holds the
// credential, or already paid.
func (s *Store) HeldFor(ctx context.Context, accountID, requestID string, since time.Time) (bool, error) {
	if accountID != "" {
		return s.PaidFor(ctx, accountID, requestID, since)
	}
	ctx, cancel := s.bound(ctx)
	defer cancel()
	return s.claimedOrAnswered(ctx, "held for", `'claimed', 'settled'`, requestID, since)
}

// paidForSQL counts an account's charges of a request; request_id <> ”
// lets the partial index ledger_request serve it (see refundedChargeSQL).
const paidForSQL = `SELECT COUNT(*) FROM ledger WHERE account_id = $1 AND request_id = $2 AND request_id <> '' AND kind = 'charge'`
