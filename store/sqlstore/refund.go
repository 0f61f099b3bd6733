package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"sync"

	"dalil"
)

// Refund gives back part or all of one charge: a metered call (a phone
// call) is charged its maximum when it starts and refunded what it did not
// use when it ends. The charge is found by its account and request id;
// amount must be positive and at most the charge. A charge paid from
// credits gets the amount back on the balance; one paid from the
// subscription allowance gets it back on the allowance of the period it
// was charged in. The ledger gets a "refund" entry (positive amount, the
// charge's rail and tool, the same request id).
//
// One refund per charge: asking again with the same amount returns the
// first refund's receipt (so a retried completion is harmless); another
// amount is refused with CodeInvalidInput.
func (s *Store) Refund(ctx context.Context, accountID, requestID string, amount dalil.MicroUSD, note string) (dalil.Receipt, error) {
	ctx, cancel := s.bound(ctx)
	defer cancel()
	if amount <= 0 || requestID == "" {
		return dalil.Receipt{}, dalil.Errorf(dalil.CodeInvalidInput, "a refund needs a positive amount and the charge's request id")
	}
	var rec dalil.Receipt
	var fresh bool              // a new refund, not the same one again
	var refRail, refTool string // the charge's, for the hooks
	err := s.tx(ctx, func(tx *sql.Tx) error {
		fresh = false
		var rail, tool string
		var charged, chargedAt int64
		err := tx.QueryRowContext(ctx, refundedChargeSQL,
			accountID, requestID).Scan(&rail, &tool, &charged, &chargedAt)
		if errors.Is(err, sql.ErrNoRows) {
			return dalil.ErrNotFound
		}
		if err != nil {
			return unavailable("refund", err)
		}
		var prior, balance int64
		switch err := tx.QueryRowContext(ctx, `SELECT amount, balance_after FROM ledger WHERE request_id = $1 AND kind = 'refund'`, requestID).Scan(&prior, &balance); {
		case err == nil:
			if dalil.MicroUSD(prior) != amount {
				return dalil.Errorf(dalil.CodeInvalidInput, "this charge was already refunded %s", dalil.MicroUSD(prior))
			}
			rec = dalil.Receipt{Rail: rail, Amount: amount, CreditsAfter: dalil.MicroUSD(balance)}
			return nil
		case !errors.Is(err, sql.ErrNoRows):
			return unavailable("refund", err)
		}
		if amount > dalil.MicroUSD(-charged) {
			return dalil.Errorf(dalil.CodeInvalidInput, "a refund of %s is more than the charge of %s", amount, dalil.MicroUSD(-charged))
		}
		switch rail {
		case dalil.RailCredits:
			err = tx.QueryRowContext(ctx, `UPDATE accounts SET credits = credits + $1 WHERE id = $2 RETURNING credits`, int64(amount), accountID).Scan(&balance)
		case dalil.RailSubscription:
			var planID string
			var started int64
			if err = tx.QueryRowContext(ctx, `SELECT plan, plan_started_at, credits FROM accounts WHERE id = $1`, accountID).Scan(&planID, &started, &balance); err != nil {
				break
			}
			// The allowance of the period the charge fell in.
			start, _ := dalil.Period(fromMicros(started), fromMicros(chargedAt))
			_, err = tx.ExecContext(ctx, `UPDATE allowance_usage SET used = CASE WHEN used > $1 THEN used - $1 ELSE 0 END
				WHERE account_id = $2 AND period_start = $3`, int64(amount), accountID, micros(start))
		default:
			return dalil.Errorf(dalil.CodeInvalidInput, "a charge paid with %s cannot be refunded here", rail)
		}
		if err != nil {
			return unavailable("refund", err)
		}
		e := dalil.LedgerEntry{AccountID: accountID, Kind: "refund", Rail: rail, Tool: tool, Amount: amount, BalanceAfter: dalil.MicroUSD(balance), RequestID: requestID, Note: note, CreatedAt: s.now()}
		if err := appendLedger(ctx, tx, e, nil); err != nil {
			return err
		}
		rec, fresh, refRail, refTool = dalil.Receipt{Rail: rail, Amount: amount, CreditsAfter: dalil.MicroUSD(balance)}, true, rail, tool
		return s.announce(ctx, tx, changeAccount+accountID)
	})
	if err == nil {
		s.keys.forgetAccount(accountID)
	}
	if err == nil && fresh {
		s.refundHooks.Lock()
		hooks := s.refundHooks.fns
		s.refundHooks.Unlock()
		for _, f := range hooks {
			f(refRail, refTool, amount)
		}
	}
	return rec, err
}

// refundHooks are the functions OnRefund registered.
type refundHooks struct {
	sync.Mutex
	fns []func(rail, tool string, amount dalil.MicroUSD)
}

// OnRefund has f called after each new refund this Store makes commits
// (not when the same refund is asked again), with the charge's rail and
// tool and the amount given back: the HTTP server counts refunds in its
// metrics so that what was charged can be read net of them. f must not
// block.
func (s *Store) OnRefund(f func(rail, tool string, amount dalil.MicroUSD)) {
	s.refundHooks.Lock()
	defer s.refundHooks.Unlock()
	s.refundHooks.fns = append(s.refundHooks.fns[:len(s.refundHooks.fns):len(s.refundHooks.fns)], f)
}

// refundedChargeSQL finds the charge a refund is for. request_id <> ”
// (true: a refund needs a request id) lets the partial index
// ledger_request serve it; without it neither SQLite nor a generic plan
// on PostgreSQL can use that index, and SQLite read every ledger row of
// the account instead (docs/performance.md, issue 34).
const refundedChargeSQL = `SELECT rail, tool, amount, created_at FROM ledger WHERE account_id = $1 AND request_id = $2 AND request_id <> '' AND kind = 'charge'`
