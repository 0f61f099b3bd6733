package mppsql

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"dalil"
	"dalil/rail/mpp"
	"dalil/store/sqlstore"
)

// Sessions is the mpp.SessionStore kept in the store's database (tables
// mpp_sessions and mpp_session_reservations). Every method is one
// transaction bounded by the store's operation timeout; Reserve is a
// conditional UPDATE of the session's reserved amount, so replicas sharing
// a PostgreSQL database never overspend a budget, and the primary key
// (session_id, key) of a reservation makes one Idempotency-Key draw once.
type Sessions struct{ db sqlstore.DB }

// NewSessions returns the session store on db, whose tables exist once
// the store was opened with Module() among its modules.
func NewSessions(db sqlstore.DB) *Sessions { return &Sessions{db: db} }

var _ mpp.SessionStore = (*Sessions)(nil)

const sessionColumns = `id, status, payer, budget, spent, reserved, allowed_tools, deposit_tx, refund_tx, refund_raw, created_at, expires_at, closed_at`

func getSession(ctx context.Context, q querier, id string) (mpp.Session, error) {
	var ss mpp.Session
	var status, tools string
	var budget, spent, reserved, created, expires, closed int64
	var raw []byte
	err := q.QueryRowContext(ctx, `SELECT `+sessionColumns+` FROM mpp_sessions WHERE id = $1`, id).
		Scan(&ss.ID, &status, &ss.Payer, &budget, &spent, &reserved, &tools, &ss.DepositTx, &ss.RefundTx, &raw, &created, &expires, &closed)
	if errors.Is(err, sql.ErrNoRows) {
		return mpp.Session{}, mpp.ErrSessionNotFound
	}
	if err != nil {
		return mpp.Session{}, sqlstore.Unavailable("read mpp session", err)
	}
	if err := json.Unmarshal([]byte(tools), &ss.AllowedTools); err != nil {
		return mpp.Session{}, fmt.Errorf("mppsql: session %s: allowed tools: %w", id, err)
	}
	ss.Status = mpp.SessionStatus(status)
	ss.Budget, ss.Spent, ss.Reserved = dalil.MicroUSD(budget), dalil.MicroUSD(spent), dalil.MicroUSD(reserved)
	if len(raw) > 0 {
		ss.RefundRaw = raw
	}
	ss.CreatedAt, ss.ExpiresAt = fromMicros(created), fromMicros(expires)
	if closed != 0 {
		ss.ClosedAt = fromMicros(closed)
	}
	return ss, nil
}

// Create implements mpp.SessionStore.
func (m *Sessions) Create(ctx context.Context, ss mpp.Session) error {
	ctx, cancel := m.db.Bound(ctx)
	defer cancel()
	tools, err := json.Marshal(ss.AllowedTools)
	if err != nil {
		return err
	}
	if ss.AllowedTools == nil {
		tools = []byte("[]")
	}
	var closed int64
	if !ss.ClosedAt.IsZero() {
		closed = micros(ss.ClosedAt)
	}
	return m.db.Tx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `INSERT INTO mpp_sessions (`+sessionColumns+`)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) ON CONFLICT (id) DO NOTHING`,
			ss.ID, string(ss.Status), ss.Payer, int64(ss.Budget), int64(ss.Spent), int64(ss.Reserved), string(tools),
			ss.DepositTx, ss.RefundTx, nullBytes(ss.RefundRaw), micros(ss.CreatedAt), micros(ss.ExpiresAt), closed)
		if err != nil {
			return sqlstore.Unavailable("create mpp session", err)
		}
		if n, _ := res.RowsAffected(); n != 1 {
			return mpp.ErrSessionExists
		}
		return nil
	})
}

// Get implements mpp.SessionStore.
func (m *Sessions) Get(ctx context.Context, id string) (mpp.Session, error) {
	ctx, cancel := m.db.Bound(ctx)
	defer cancel()
	return getSession(ctx, m.db.Read(), id)
}

// Reserve implements mpp.SessionStore: an existing reservation under the
// key is returned as is; otherwise the reservation row is inserted and the
// session's reserved amount raised by a conditional UPDATE that holds only
// while the session is active, unexpired and has the amount left. When the
// UPDATE matches nothing the transaction rolls back, reservation included;
// a concurrent insert of the same key makes this call return that
// reservation (existed).
func (m *Sessions) Reserve(ctx context.Context, r mpp.Reservation, now time.Time) (mpp.Reservation, bool, error) {
	ctx, cancel := m.db.Bound(ctx)
	defer cancel()
	var got mpp.Reservation
	existed := false
	err := m.db.Tx(ctx, func(tx *sql.Tx) error {
		ss, err := getSession(ctx, tx, r.SessionID)
		if err != nil {
			return err
		}
		if old, err := getReservation(ctx, tx, r.SessionID, r.Key); err == nil {
			got, existed = old, true
			return nil
		} else if !errors.Is(err, mpp.ErrReservationNotFound) {
			return err
		}
		switch {
		case ss.Status != mpp.SessionActive:
			return mpp.ErrSessionInactive
		case !now.Before(ss.ExpiresAt):
			return mpp.ErrSessionExpired
		case r.Amount < 0 || ss.Remaining() < r.Amount:
			return mpp.ErrBudgetExhausted
		}
		// The checks above ran on a snapshot; the insert and the
		// conditional UPDATE below decide under concurrency.
		res, err := tx.ExecContext(ctx, `INSERT INTO mpp_session_reservations (session_id, key, tool, amount, committed, reserved_at)
			VALUES ($1, $2, $3, $4, 0, $5) ON CONFLICT (session_id, key) DO NOTHING`, r.SessionID, r.Key, r.Tool, int64(r.Amount), micros(now))
		if err != nil {
			return sqlstore.Unavailable("reserve mpp session", err)
		}
		if n, _ := res.RowsAffected(); n != 1 {
			got, err = getReservation(ctx, tx, r.SessionID, r.Key)
			existed = err == nil
			return err
		}
		res, err = tx.ExecContext(ctx, `UPDATE mpp_sessions SET reserved = reserved + $1
			WHERE id = $2 AND status = 'active' AND expires_at > $3 AND budget - spent - reserved >= $1`,
			int64(r.Amount), r.SessionID, micros(now))
		if err != nil {
			return sqlstore.Unavailable("reserve mpp session", err)
		}
		if n, _ := res.RowsAffected(); n != 1 {
			// Another draw won the race for the last of the budget, or the
			// session was closed meanwhile; re-read to say which.
			now2, err := getSession(ctx, tx, r.SessionID)
			if err != nil {
				return err
			}
			switch {
			case now2.Status != mpp.SessionActive:
				return mpp.ErrSessionInactive
			case !now.Before(now2.ExpiresAt):
				return mpp.ErrSessionExpired
			}
			return mpp.ErrBudgetExhausted
		}
		got = r
		got.Committed = false
		return nil
	})
	if err != nil {
		return mpp.Reservation{}, false, err
	}
	return got, existed, nil
}

func getReservation(ctx context.Context, q querier, sessionID, key string) (mpp.Reservation, error) {
	r := mpp.Reservation{SessionID: sessionID, Key: key}
	var amount, committed, refunded, refundedAt int64
	err := q.QueryRowContext(ctx, `SELECT tool, amount, committed, refunded, refunded_at FROM mpp_session_reservations WHERE session_id = $1 AND key = $2`, sessionID, key).
		Scan(&r.Tool, &amount, &committed, &refunded, &refundedAt)
	if errors.Is(err, sql.ErrNoRows) {
		return mpp.Reservation{}, mpp.ErrReservationNotFound
	}
	if err != nil {
		return mpp.Reservation{}, sqlstore.Unavailable("read mpp reservation", err)
	}
	r.Amount, r.Committed, r.Refunded = dalil.MicroUSD(amount), committed != 0, dalil.MicroUSD(refunded)
	if refundedAt != 0 {
		r.RefundedAt = fromMicros(refundedAt)
	}
	return r, nil
}

// Commit implements mpp.SessionStore.
func (m *Sessions) Commit(ctx context.Context, sessionID, key string) error {
	ctx, cancel := m.db.Bound(ctx)
	defer cancel()
	return m.db.Tx(ctx, func(tx *sql.Tx) error {
		var amount int64
		err := tx.QueryRowContext(ctx, `UPDATE mpp_session_reservations SET committed = 1
			WHERE session_id = $1 AND key = $2 AND committed = 0 RETURNING amount`, sessionID, key).Scan(&amount)
		if errors.Is(err, sql.ErrNoRows) {
			// Already committed (a no-op) or absent.
			_, err := getReservation(ctx, tx, sessionID, key)
			return err
		}
		if err != nil {
			return sqlstore.Unavailable("commit mpp reservation", err)
		}
		_, err = tx.ExecContext(ctx, `UPDATE mpp_sessions SET reserved = reserved - $1, spent = spent + $1 WHERE id = $2`, amount, sessionID)
		return sqlstore.Unavailable("commit mpp reservation", err)
	})
}

// Release implements mpp.SessionStore.
func (m *Sessions) Release(ctx context.Context, sessionID, key string) error {
	ctx, cancel := m.db.Bound(ctx)
	defer cancel()
	return m.db.Tx(ctx, func(tx *sql.Tx) error {
		var amount int64
		err := tx.QueryRowContext(ctx, `DELETE FROM mpp_session_reservations
			WHERE session_id = $1 AND key = $2 AND committed = 0 RETURNING amount`, sessionID, key).Scan(&amount)
		if errors.Is(err, sql.ErrNoRows) {
			switch _, err := getReservation(ctx, tx, sessionID, key); {
			case errors.Is(err, mpp.ErrReservationNotFound):
				return nil
			case err != nil:
				return err
			}
			return mpp.ErrReservationCommitted
		}
		if err != nil {
			return sqlstore.Unavailable("release mpp reservation", err)
		}
		_, err = tx.ExecContext(ctx, `UPDATE mpp_sessions SET reserved = reserved - $1 WHERE id = $2`, amount, sessionID)
		return sqlstore.Unavailable("release mpp reservation", err)
	})
}

// staleReservation is older than any call can run (the HTTP server's write
// timeout is 60 s): such a reservation was left by a crash.
const staleReservation = 10 * time.Minute

// Close implements mpp.SessionStore.
func (m *Sessions) Close(ctx context.Context, id string, now time.Time) (mpp.Session, error) {
	ctx, cancel := m.db.Bound(ctx)
	defer cancel()
	var ss mpp.Session
	err := m.db.Tx(ctx, func(tx *sql.Tx) error {
		// Reservations older than any call (left by a crash between a draw
		// and its commit) no longer hold the budget.
		var stale int64
		if err := tx.QueryRowContext(ctx, `SELECT COALESCE(SUM(amount), 0) FROM mpp_session_reservations
			WHERE session_id = $1 AND committed = 0 AND reserved_at < $2`, id, micros(now.Add(-staleReservation))).Scan(&stale); err != nil {
			return sqlstore.Unavailable("close mpp session", err)
		}
		if stale > 0 {
			if _, err := tx.ExecContext(ctx, `DELETE FROM mpp_session_reservations WHERE session_id = $1 AND committed = 0 AND reserved_at < $2`,
				id, micros(now.Add(-staleReservation))); err != nil {
				return sqlstore.Unavailable("close mpp session", err)
			}
			if _, err := tx.ExecContext(ctx, `UPDATE mpp_sessions SET reserved = reserved - $1 WHERE id = $2`, stale, id); err != nil {
				return sqlstore.Unavailable("close mpp session", err)
			}
		}
		if _, err := tx.ExecContext(ctx, `UPDATE mpp_sessions SET status = 'closing' WHERE id = $1 AND status = 'active' AND reserved = 0`, id); err != nil {
			return sqlstore.Unavailable("close mpp session", err)
		}
		var err error
		if ss, err = getSession(ctx, tx, id); err != nil {
			return err
		}
		if ss.Status == mpp.SessionActive {
			return mpp.ErrCallsInFlight
		}
		return nil
	})
	if err != nil {
		return mpp.Session{}, err
	}
	return ss, nil
}

// ResetRefund implements mpp.SessionStore: compare-and-swap on the hash.
func (m *Sessions) ResetRefund(ctx context.Context, id, hash string) error {
	ctx, cancel := m.db.Bound(ctx)
	defer cancel()
	res, err := m.db.Write().ExecContext(ctx, `UPDATE mpp_sessions SET refund_tx = '', refund_raw = NULL WHERE id = $1 AND refund_tx = $2`, id, hash)
	if err != nil {
		return sqlstore.Unavailable("reset mpp refund", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		if _, err := m.Get(ctx, id); err != nil {
			return err
		}
	}
	return nil
}

// SetRefund implements mpp.SessionStore: the first refund recorded wins.
func (m *Sessions) SetRefund(ctx context.Context, id, hash string, raw []byte) (mpp.Session, error) {
	ctx, cancel := m.db.Bound(ctx)
	defer cancel()
	var ss mpp.Session
	err := m.db.Tx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `UPDATE mpp_sessions SET refund_tx = $1, refund_raw = $2 WHERE id = $3 AND refund_tx = ''`, hash, nullBytes(raw), id); err != nil {
			return sqlstore.Unavailable("record mpp refund", err)
		}
		var err error
		ss, err = getSession(ctx, tx, id)
		return err
	})
	if err != nil {
		return mpp.Session{}, err
	}
	return ss, nil
}

// MarkClosed implements mpp.SessionStore.
func (m *Sessions) MarkClosed(ctx context.Context, id string, now time.Time) (mpp.Session, error) {
	ctx, cancel := m.db.Bound(ctx)
	defer cancel()
	var ss mpp.Session
	err := m.db.Tx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `UPDATE mpp_sessions SET status = 'closed', closed_at = $1 WHERE id = $2 AND status = 'closing'`, micros(now), id); err != nil {
			return sqlstore.Unavailable("close mpp session", err)
		}
		var err error
		ss, err = getSession(ctx, tx, id)
		return err
	})
	if err != nil {
		return mpp.Session{}, err
	}
	return ss, nil
}

// RefundDraw implements mpp.SessionStore in one transaction: the draw's
// row is marked refunded by a conditional UPDATE (refunded_at = 0), so of
// two concurrent refunds of one draw only one lands and the other returns
// its amount; then the session's spent is lowered by a conditional UPDATE
// that holds only while the session is active. Close moves a session out
// of active by an UPDATE of the same row, so on PostgreSQL one of the two
// waits for the other: a refund that commits first is in the spent Close
// reads, and one that comes second matches no row and rolls back
// (ErrSessionInactive). The migration 006_draw_refunds CHECK keeps a
// draw's refund within its amount.
func (m *Sessions) RefundDraw(ctx context.Context, sessionID, key string, amount dalil.MicroUSD, now time.Time) (dalil.MicroUSD, error) {
	ctx, cancel := m.db.Bound(ctx)
	defer cancel()
	if now.IsZero() {
		now = time.Now()
	}
	var got dalil.MicroUSD
	err := m.db.Tx(ctx, func(tx *sql.Tx) error {
		if _, err := getSession(ctx, tx, sessionID); err != nil {
			return err
		}
		r, err := getReservation(ctx, tx, sessionID, key)
		if err != nil {
			return err
		}
		if done, err := mpp.CheckRefund(r, amount); err != nil || done {
			got = r.Refunded
			return err
		}
		res, err := tx.ExecContext(ctx, `UPDATE mpp_session_reservations SET refunded = $1, refunded_at = $2
			WHERE session_id = $3 AND key = $4 AND committed = 1 AND refunded_at = 0`, int64(amount), micros(now), sessionID, key)
		if err != nil {
			return sqlstore.Unavailable("refund mpp draw", err)
		}
		if n, _ := res.RowsAffected(); n != 1 {
			// A concurrent refund of this draw landed first: its result.
			r, err := getReservation(ctx, tx, sessionID, key)
			got = r.Refunded
			return err
		}
		res, err = tx.ExecContext(ctx, `UPDATE mpp_sessions SET spent = spent - $1 WHERE id = $2 AND status = 'active' AND spent >= $1`,
			int64(amount), sessionID)
		if err != nil {
			return sqlstore.Unavailable("refund mpp draw", err)
		}
		if n, _ := res.RowsAffected(); n != 1 {
			ss, err := getSession(ctx, tx, sessionID)
			switch {
			case err != nil:
				return err
			case ss.Status != mpp.SessionActive:
				return mpp.ErrSessionInactive
			}
			return fmt.Errorf("mppsql: session %s spent %d is below its draw %s's refund %d", sessionID, ss.Spent, key, amount)
		}
		got = amount
		return nil
	})
	if err != nil {
		return 0, err
	}
	return got, nil
}
