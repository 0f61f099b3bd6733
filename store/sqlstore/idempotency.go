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
// succeeds.
func (s *Store) BeginIdempotent(ctx context.Context, k dalil.IdemKey, hash string) (dalil.IdemState, error) {
	var st dalil.IdemState
	err := s.tx(ctx, func(tx *sql.Tx) error {
		now := s.now()
		// An expired record no longer binds the key.
		if _, err := tx.ExecContext(ctx, `DELETE FROM idempotency WHERE account_id = $1 AND tool = $2 AND key = $3 AND created_at < $4`,
			k.AccountID, k.Tool, k.Key, micros(now.Add(-dalil.IdempotencyTTL))); err != nil {
			return unavailable("idempotency", err)
		}
		res, err := tx.ExecContext(ctx, `INSERT INTO idempotency (account_id, tool, key, request_hash, status, created_at) VALUES ($1, $2, $3, $4, 'in_progress', $5)
			ON CONFLICT (account_id, tool, key) DO NOTHING`, k.AccountID, k.Tool, k.Key, hash, micros(now))
		if err != nil {
			return unavailable("idempotency", err)
		}
		if n, _ := res.RowsAffected(); n == 1 {
			st.Outcome = dalil.IdemStarted
			return nil
		}
		var gotHash, status string
		var code int
		var body []byte
		err = tx.QueryRowContext(ctx, `SELECT request_hash, status, response_status, response_body FROM idempotency WHERE account_id = $1 AND tool = $2 AND key = $3`,
			k.AccountID, k.Tool, k.Key).Scan(&gotHash, &status, &code, &body)
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
		case status != "completed":
			st.Outcome = dalil.IdemInProgress
		default:
			st = dalil.IdemState{Outcome: dalil.IdemReplay, Status: code, Body: body}
		}
		return nil
	})
	return st, err
}

// AbandonIdempotent implements dalil.Store.
func (s *Store) AbandonIdempotent(ctx context.Context, k dalil.IdemKey) error {
	_, err := s.w.ExecContext(ctx, `DELETE FROM idempotency WHERE account_id = $1 AND tool = $2 AND key = $3 AND status = 'in_progress'`, k.AccountID, k.Tool, k.Key)
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
func completeIdempotent(ctx context.Context, tx *sql.Tx, k *dalil.IdemKey, body []byte) error {
	res, err := tx.ExecContext(ctx, `UPDATE idempotency SET status = 'completed', response_status = 200, response_body = $1
		WHERE account_id = $2 AND tool = $3 AND key = $4 AND status = 'in_progress'`, body, k.AccountID, k.Tool, k.Key)
	if err != nil {
		return unavailable("complete idempotency", err)
	}
	if n, _ := res.RowsAffected(); n != 1 {
		// The claim vanished (purged or abandoned): refuse to charge
		// rather than risk a second charge for one key.
		return &dalil.Error{Code: dalil.CodeIdempotencyInProgress, Message: "The Idempotency-Key claim was lost; retry the request.", Headers: map[string]string{"Retry-After": "1"}}
	}
	return nil
}

// CompleteIdempotent implements dalil.Store.
func (s *Store) CompleteIdempotent(ctx context.Context, k dalil.IdemKey, body []byte) error {
	return s.tx(ctx, func(tx *sql.Tx) error { return completeIdempotent(ctx, tx, &k, body) })
}
