package voicesql

import (
	"context"
	"time"

	"dalil/capabilities/voice"
	"dalil/store/sqlstore"
)

// Charges implements voice.Charges by reading the core store's payment
// records, which live in the same database: the ledger's charge row of
// the request (accounts), the settled pay-per-call claim of the request
// (x402, L402, MPP charge), or the completed idempotency record of the
// request (MPP budget sessions, whose answers are stored that way). It
// only reads those tables; their shape is the core's
// (store/sqlstore/migrations), and a test here follows it.
//
// TODO(lead, issue 19): a Store method (Charged(ctx, requestID)) would
// keep this knowledge in store/sqlstore.
type Charges struct{ db sqlstore.DB }

var _ voice.Charges = Charges{}

// NewCharges returns the charge check on db.
func NewCharges(db sqlstore.DB) Charges { return Charges{db: db} }

// claimLead bounds how long before the call was queued its request could
// have claimed a credential or an idempotency key (a paid call's whole
// deadline is 45 s): it keeps the lookups on the created_at indexes.
const claimLead = 10 * time.Minute

// Committed implements voice.Charges.
func (c Charges) Committed(ctx context.Context, r voice.Record) (bool, error) {
	ctx, cancel := c.db.Bound(ctx)
	defer cancel()
	var n int
	if r.AccountID != "" {
		err := c.db.Read().QueryRowContext(ctx, `SELECT COUNT(*) FROM ledger WHERE account_id = $1 AND request_id = $2 AND kind = 'charge'`,
			r.AccountID, r.RequestID).Scan(&n)
		return n > 0, sqlstore.Unavailable("voice charge check", err)
	}
	from := micros(r.CreatedAt.Add(-claimLead))
	err := c.db.Read().QueryRowContext(ctx, `SELECT COUNT(*) FROM payment_claims WHERE created_at >= $1 AND request_id = $2 AND status = 'settled'`,
		from, r.RequestID).Scan(&n)
	if err != nil || n > 0 {
		return n > 0, sqlstore.Unavailable("voice charge check", err)
	}
	err = c.db.Read().QueryRowContext(ctx, `SELECT COUNT(*) FROM idempotency WHERE created_at >= $1 AND response_request_id = $2 AND status = 'completed'`,
		from, r.RequestID).Scan(&n)
	return n > 0, sqlstore.Unavailable("voice charge check", err)
}
