package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"dalil"
)

// BeginIdempotent implements dalil.Store. The primary key makes the claim
// atomic: of several concurrent requests with one key, exactly one insert
// (or one lease take-over) succeeds.
func (s *Store) BeginIdempotent(ctx context.Context, k dalil.IdemKey, hash string) (dalil.IdemState, error) {
	ctx, cancel := s.bound(ctx)
	defer cancel()
	var st dalil.IdemState
	err := s.tx(ctx, func(tx *sql.Tx) error {
		now := s.now()
		lease := micros(now.Add(s.idemLease))
		// An expired record no longer binds the key.
		if _, err := tx.ExecContext(ctx, `DELETE FROM idempotency WHERE account_id = $1 AND tool = $2 AND key = $3 AND created_at < $4`,
			k.AccountID, k.Tool, k.Key, micros(now.Add(-dalil.IdempotencyTTL))); err != nil {
			return unavailable("idempotency", err)
		}
		res, err := tx.ExecContext(ctx, `INSERT INTO idempotency (account_id, tool, key, request_hash, status, created_at, owner, lease_until) VALUES ($1, $2, $3, $4, 'in_progress', $5, $6, $7)
			ON CONFLICT (account_id, tool, key) DO NOTHING`, k.AccountID, k.Tool, k.Key, hash, micros(now), k.Owner, lease)
		if err != nil {
			return unavailable("idempotency", err)
		}
		if n, _ := res.RowsAffected(); n == 1 {
			st.Outcome = dalil.IdemStarted
			return nil
		}
		// A claim whose request died is taken over once its lease is over:
		// its charge, had it committed, would have completed the record in
		// the same transaction, so an in-progress record means unpaid.
		res, err = tx.ExecContext(ctx, `UPDATE idempotency SET owner = $1, lease_until = $2
			WHERE account_id = $3 AND tool = $4 AND key = $5 AND request_hash = $6 AND status = 'in_progress' AND lease_until < $7`,
			k.Owner, lease, k.AccountID, k.Tool, k.Key, hash, micros(now))
		if err != nil {
			return unavailable("idempotency", err)
		}
		if n, _ := res.RowsAffected(); n == 1 {
			st.Outcome = dalil.IdemStarted
			return nil
		}
		var gotHash, status, owner, rail, reqID string
		var price int64
		var body []byte
		err = tx.QueryRowContext(ctx, `SELECT request_hash, status, owner, response_body, response_rail, response_request_id, response_price FROM idempotency WHERE account_id = $1 AND tool = $2 AND key = $3`,
			k.AccountID, k.Tool, k.Key).Scan(&gotHash, &status, &owner, &body, &rail, &reqID, &price)
		if errors.Is(err, sql.ErrNoRows) {
			// Abandoned between our insert and select: the caller retries.
			st.Outcome = dalil.IdemInProgress
			return nil
		}
		if err != nil {
			return unavailable("idempotency", err)
		}
		switch {
		case gotHash != hash:
			st.Outcome = dalil.IdemReused
		case status != "completed" && owner == k.Owner && k.Owner != "":
			// Our own claim, from an attempt whose commit acknowledgement
			// was lost: it is ours to use.
			st.Outcome = dalil.IdemStarted
		case status != "completed":
			st.Outcome = dalil.IdemInProgress
		case rail == "":
			st = dalil.IdemState{Outcome: dalil.IdemReplay, Answer: dalil.Answer{Raw: body}}
		default:
			st = dalil.IdemState{Outcome: dalil.IdemReplay, Answer: dalil.Answer{RequestID: reqID, Rail: rail, Price: dalil.MicroUSD(price), Data: body}}
		}
		return nil
	})
	return st, err
}

// AbandonIdempotent implements dalil.Store.
func (s *Store) AbandonIdempotent(ctx context.Context, k dalil.IdemKey) error {
	ctx, cancel := s.bound(ctx)
	defer cancel()
	_, err := s.w.ExecContext(ctx, `DELETE FROM idempotency WHERE account_id = $1 AND tool = $2 AND key = $3 AND status = 'in_progress' AND owner = $4`, k.AccountID, k.Tool, k.Key, k.Owner)
	return unavailable("abandon idempotency", err)
}

// PurgeIdempotency implements dalil.Store.
func (s *Store) PurgeIdempotency(ctx context.Context, before time.Time) (int64, error) {
	res, err := s.w.ExecContext(ctx, `DELETE FROM idempotency WHERE created_at < $1`, micros(before))
	if err != nil {
		return 0, unavailable("purge idempotency", err)
	}
	n, _ := res.RowsAffected()
	return n, nil
}

// completeIdempotent stores the answer inside the charge's transaction.
// Only the claim's owner completes it: a request whose lease was taken
// over is refused here, and its charge rolls back with it.
func (s *Store) completeIdempotent(ctx context.Context, tx *sql.Tx, k *dalil.IdemKey, a dalil.Answer) error {
	st, err := s.txStmt(ctx, tx, completeIdem)
	if err != nil {
		return err
	}
	res, err := st.ExecContext(ctx, a.Data, a.Rail, a.RequestID, int64(a.Price), k.AccountID, k.Tool, k.Key, k.Owner)
	if err != nil {
		return unavailable("complete idempotency", err)
	}
	if n, _ := res.RowsAffected(); n != 1 {
		// The claim vanished or passed to another request: refuse to
		// charge rather than risk a second charge for one key.
		return errClaimLost()
	}
	return nil
}

// errClaimLost refuses a charge whose Idempotency-Key claim is no longer
// its request's.
func errClaimLost() *dalil.Error {
	return &dalil.Error{Code: dalil.CodeIdempotencyInProgress, Message: "The Idempotency-Key claim was lost (its lease ran out); retry the request with the same key. Nothing was charged.", Headers: map[string]string{"Retry-After": "1"}}
}

// CompleteIdempotent implements dalil.Store.
func (s *Store) CompleteIdempotent(ctx context.Context, k dalil.IdemKey, a dalil.Answer) error {
	ctx, cancel := s.bound(ctx)
	defer cancel()
	return s.tx(ctx, func(tx *sql.Tx) error { return s.completeIdempotent(ctx, tx, &k, a) })
}

const completeIdem = `UPDATE idempotency SET status = 'completed', response_status = 200, response_body = $1, response_rail = $2, response_request_id = $3, response_price = $4
		WHERE account_id = $5 AND tool = $6 AND key = $7 AND status = 'in_progress' AND owner = $8`
