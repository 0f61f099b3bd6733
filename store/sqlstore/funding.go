package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"dalil"
)

// claimFunded is the status of a pay-per-call claim spent on a
// self-funding (dalil.Funder): the payment record of credits bought over
// x402, L402 or MPP. It is neither "claimed" (so the hourly purge keeps
// it) nor "settled" (the console counts settled claims as revenue; the
// credits are counted when they are charged, like every top-up).
const claimFunded = "funded"

var _ dalil.Funder = (*Store)(nil)

// Fund implements dalil.Funder in one transaction: the claim, held by
// r.RequestID, becomes "funded"; the account is created with its key (or
// read); its credits grow by r.Amount; one ledger row (kind "topup", the
// pay-per-call rail, the request id, the credential id in its note)
// records it. When the claim is already funded by r.RequestID (a retried
// write whose first commit was not confirmed) nothing is written and
// Again is set.
func (s *Store) Fund(ctx context.Context, r dalil.FundingRequest) (dalil.Funded, error) {
	ctx, cancel := s.bound(ctx)
	defer cancel()
	if r.CredentialID == "" || r.Rail == "" || r.RequestID == "" {
		return dalil.Funded{}, fmt.Errorf("sqlstore: funding without credential, rail or request id")
	}
	if r.Amount <= 0 {
		return dalil.Funded{}, dalil.Errorf(dalil.CodeInvalidInput, "amount must be positive")
	}
	if r.Amount > dalil.MaxCredits {
		return dalil.Funded{}, creditsLimit("usd", 0, r.Amount)
	}
	if r.Create {
		if _, ok := dalil.PlanByID(r.Plan); !ok {
			return dalil.Funded{}, dalil.Errorf(dalil.CodeInvalidInput, "unknown plan %q", r.Plan)
		}
		if r.AccountID == "" || r.KeyID == "" || len(r.Secret) < len(dalil.KeyPrefix)+4 {
			return dalil.Funded{}, fmt.Errorf("sqlstore: funding a new account needs its account id, key id and secret")
		}
	} else if r.AccountID == "" {
		return dalil.Funded{}, fmt.Errorf("sqlstore: top-up without an account")
	}
	var out dalil.Funded
	err := s.tx(ctx, func(tx *sql.Tx) error {
		out = dalil.Funded{}
		now := s.now().UTC().Truncate(time.Microsecond)
		res, err := tx.ExecContext(ctx, `UPDATE payment_claims SET status = $1, settled_at = $2 WHERE credential_id = $3 AND status = 'claimed' AND request_id = $4`,
			claimFunded, micros(now), r.CredentialID, r.RequestID)
		if err != nil {
			return unavailable("fund: claim", err)
		}
		if n, err := res.RowsAffected(); err != nil {
			return unavailable("fund: claim", err)
		} else if n == 0 {
			var status, owner string
			switch err := tx.QueryRowContext(ctx, `SELECT status, request_id FROM payment_claims WHERE credential_id = $1`, r.CredentialID).Scan(&status, &owner); {
			case errors.Is(err, sql.ErrNoRows):
				return fmt.Errorf("sqlstore: fund: credential %s has no claim", r.CredentialID)
			case err != nil:
				return unavailable("fund: claim", err)
			case status == claimFunded && owner == r.RequestID:
				out.Again = true
				a, err := scanAccount(tx.QueryRowContext(ctx, `SELECT id, name, plan, plan_started_at, credits, created_at FROM accounts WHERE id = $1`, r.AccountID))
				out.Account = a
				return err
			default:
				return &dalil.Error{Code: dalil.CodePaymentInvalid, Message: "This payment credential was already used.", Details: map[string]any{"rail": r.Rail, "reason": "replayed"}}
			}
		}
		var balance int64
		if r.Create {
			out.Account = dalil.Account{ID: r.AccountID, Name: r.Name, Plan: r.Plan, PlanStartedAt: now, Credits: r.Amount, CreatedAt: now}
			if _, err := tx.ExecContext(ctx, `INSERT INTO accounts (id, name, plan, plan_started_at, credits, created_at) VALUES ($1, $2, $3, $4, $5, $6)`,
				r.AccountID, r.Name, r.Plan, micros(now), int64(r.Amount), micros(now)); err != nil {
				return unavailable("fund: create account", err)
			}
			k := dalil.Key{ID: r.KeyID, AccountID: r.AccountID, Prefix: r.Secret[:len(dalil.KeyPrefix)+4], CreatedAt: now}
			if _, err := tx.ExecContext(ctx, `INSERT INTO api_keys (id, account_id, hash, prefix, created_at) VALUES ($1, $2, $3, $4, $5)`,
				k.ID, k.AccountID, dalil.HashSecret(r.Secret), k.Prefix, micros(now)); err != nil {
				return unavailable("fund: create key", err)
			}
			out.Key = &k
			balance = int64(r.Amount)
		} else {
			err := tx.QueryRowContext(ctx, `UPDATE accounts SET credits = credits + $1 WHERE id = $2 AND credits <= $3 RETURNING credits`,
				int64(r.Amount), r.AccountID, int64(dalil.MaxCredits-r.Amount)).Scan(&balance)
			if errors.Is(err, sql.ErrNoRows) {
				var cur int64
				switch err := tx.QueryRowContext(ctx, `SELECT credits FROM accounts WHERE id = $1`, r.AccountID).Scan(&cur); {
				case errors.Is(err, sql.ErrNoRows):
					return dalil.ErrNotFound
				case err != nil:
					return unavailable("fund: top up", err)
				default:
					return creditsLimit("usd", dalil.MicroUSD(cur), r.Amount)
				}
			}
			if err != nil {
				return unavailable("fund: top up", err)
			}
			a, err := scanAccount(tx.QueryRowContext(ctx, `SELECT id, name, plan, plan_started_at, credits, created_at FROM accounts WHERE id = $1`, r.AccountID))
			if err != nil {
				return err
			}
			out.Account = a
		}
		tool := dalil.ToolAccountTopUp
		if r.Create {
			tool = dalil.ToolAccountCreate
		}
		e := dalil.LedgerEntry{AccountID: r.AccountID, Kind: "topup", Rail: r.Rail, Tool: tool, Amount: r.Amount, BalanceAfter: dalil.MicroUSD(balance),
			RequestID: r.RequestID, Note: "paid over " + r.Rail + ": credential " + r.CredentialID, CreatedAt: now}
		if err := appendLedger(ctx, tx, e, &out.LedgerID); err != nil {
			return err
		}
		if r.Create {
			return nil
		}
		// Cached keys carry their account's credits (as AddCredits).
		return s.announce(ctx, tx, changeAccount+r.AccountID)
	})
	if !r.Create {
		s.keys.forgetAccount(r.AccountID)
	}
	return out, err
}
