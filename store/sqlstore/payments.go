package sqlstore

import (
	"context"
	"fmt"
	"time"

	"dalil"
)

// ClaimCredential implements dalil.Store with one conditional insert, so
// concurrent duplicates on any replica see exactly one winner.
func (s *Store) ClaimCredential(ctx context.Context, c dalil.Claim) error {
	ctx, cancel := s.bound(ctx)
	defer cancel()
	if c.CredentialID == "" || c.Rail == "" {
		return fmt.Errorf("sqlstore: claim without credential id or rail")
	}
	res, err := s.w.ExecContext(ctx, `INSERT INTO payment_claims (credential_id, rail, tool, amount, request_id, status, payer, expires_at, created_at)
		VALUES ($1, $2, $3, $4, $5, 'claimed', $6, $7, $8) ON CONFLICT (credential_id) DO NOTHING`,
		c.CredentialID, c.Rail, c.Tool, int64(c.Amount), c.RequestID, c.Payer, micros(c.ExpiresAt), micros(s.now()))
	if err != nil {
		return unavailable("claim credential", err)
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return &dalil.Error{Code: dalil.CodePaymentInvalid, Message: "This payment credential was already used; each pays for exactly one call. Pay again for a new call.",
			Details: map[string]any{"rail": c.Rail, "reason": "replayed"}}
	}
	return nil
}

// ReleaseCredential implements dalil.Store.
func (s *Store) ReleaseCredential(ctx context.Context, id string) error {
	ctx, cancel := s.bound(ctx)
	defer cancel()
	_, err := s.w.ExecContext(ctx, `DELETE FROM payment_claims WHERE credential_id = $1 AND status = 'claimed'`, id)
	return unavailable("release credential", err)
}

// SettleCredential implements dalil.Store.
func (s *Store) SettleCredential(ctx context.Context, id string) error {
	ctx, cancel := s.bound(ctx)
	defer cancel()
	_, err := s.w.ExecContext(ctx, `UPDATE payment_claims SET status = 'settled', settled_at = $1 WHERE credential_id = $2`, micros(s.now()), id)
	return unavailable("settle credential", err)
}

// PurgeClaims deletes claims that were never settled and whose credential
// expired before t (left by a crash between claim and answer). Settled
// claims stay: they are the record of pay-per-call payments.
func (s *Store) PurgeClaims(ctx context.Context, t time.Time) (int64, error) {
	res, err := s.w.ExecContext(ctx, `DELETE FROM payment_claims WHERE status = 'claimed' AND expires_at < $1`, micros(t))
	if err != nil {
		return 0, unavailable("purge claims", err)
	}
	n, _ := res.RowsAffected()
	return n, nil
}
