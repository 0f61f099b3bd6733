package sanctionssql

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"dalil"
	"dalil/capabilities/sanctions/watchlist"
	"dalil/store/sqlstore"
)

// Watchlist implements watchlist.Store on the tables of migration
// sanctions/003_sanctions_watchlist.
type Watchlist struct{ db sqlstore.DB }

var _ watchlist.Store = (*Watchlist)(nil)

// NewWatchlist returns the watchlist's store on db.
func NewWatchlist(db sqlstore.DB) *Watchlist { return &Watchlist{db: db} }

const watchColumns = `id, account_id, request_id, name, country, date_of_birth, registration_number, entity_type, webhook_url, status,
	created_at, paid_through, deleted_at`

func scanWatch(r scanner) (watchlist.Watch, error) {
	var w watchlist.Watch
	var created, paid, deleted int64
	err := r.Scan(&w.ID, &w.AccountID, &w.RequestID, &w.Name, &w.Country, &w.DateOfBirth, &w.RegistrationNumber, &w.EntityType, &w.WebhookURL,
		&w.Status, &created, &paid, &deleted)
	w.CreatedAt, w.PaidThrough, w.DeletedAt = fromMicros(created), fromMicros(paid), fromOptMicros(deleted)
	return w, err
}

func (s *Watchlist) watches(ctx context.Context, where string, args ...any) ([]watchlist.Watch, error) {
	ctx, cancel := s.db.Bound(ctx)
	defer cancel()
	rows, err := s.db.Read().QueryContext(ctx, `SELECT `+watchColumns+` FROM sanctions_watches WHERE `+where, args...)
	if err != nil {
		return nil, sqlstore.Unavailable("list sanctions watches", err)
	}
	defer rows.Close()
	out := []watchlist.Watch{}
	for rows.Next() {
		w, err := scanWatch(rows)
		if err != nil {
			return nil, sqlstore.Unavailable("list sanctions watches", err)
		}
		out = append(out, w)
	}
	return out, sqlstore.Unavailable("list sanctions watches", rows.Err())
}

// AddWatch implements watchlist.Store.
func (s *Watchlist) AddWatch(ctx context.Context, w watchlist.Watch, baseline []watchlist.Alert) error {
	ctx, cancel := s.db.Bound(ctx)
	defer cancel()
	return s.db.Tx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `INSERT INTO sanctions_watches (`+watchColumns+`) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, 0)`,
			w.ID, w.AccountID, w.RequestID, w.Name, w.Country, w.DateOfBirth, w.RegistrationNumber, w.EntityType, w.WebhookURL, w.Status,
			micros(w.CreatedAt), micros(w.PaidThrough)); err != nil {
			return sqlstore.Unavailable("add sanctions watch", err)
		}
		for _, a := range baseline {
			if _, err := insertAlert(ctx, tx, a); err != nil {
				return err
			}
		}
		return nil
	})
}

func insertAlert(ctx context.Context, tx *sql.Tx, a watchlist.Alert) (bool, error) {
	data, err := json.Marshal(a.Match)
	if err != nil {
		return false, err
	}
	res, err := tx.ExecContext(ctx, `INSERT INTO sanctions_watch_alerts (id, watch_id, account_id, list, entity_id, baseline, lists_version, data,
		created_at, delivery, attempts, next_attempt, lease_until, delivered_at, last_error)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 0, $11, 0, 0, '') ON CONFLICT (watch_id, list, entity_id) DO NOTHING`,
		a.ID, a.WatchID, a.AccountID, a.List, a.EntityID, b2i(a.Baseline), a.ListsVersion, string(data), micros(a.CreatedAt), a.Delivery,
		micros(a.CreatedAt))
	if err != nil {
		return false, sqlstore.Unavailable("add sanctions watch alert", err)
	}
	n, err := res.RowsAffected()
	return n == 1, sqlstore.Unavailable("add sanctions watch alert", err)
}

// Watches implements watchlist.Store.
func (s *Watchlist) Watches(ctx context.Context, accountID string) ([]watchlist.Watch, error) {
	return s.watches(ctx, `account_id = $1 ORDER BY created_at DESC, id DESC`, accountID)
}

// Monitored implements watchlist.Store.
func (s *Watchlist) Monitored(ctx context.Context) ([]watchlist.Watch, error) {
	return s.watches(ctx, `status IN ($1, $2) ORDER BY created_at, id`, watchlist.StatusPending, watchlist.StatusActive)
}

// DeleteWatch implements watchlist.Store.
func (s *Watchlist) DeleteWatch(ctx context.Context, accountID, id string, now time.Time) (watchlist.Watch, error) {
	ctx, cancel := s.db.Bound(ctx)
	defer cancel()
	var w watchlist.Watch
	err := s.db.Tx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE sanctions_watches SET status = $1, deleted_at = $2 WHERE id = $3 AND account_id = $4 AND status <> $1`,
			watchlist.StatusDeleted, micros(now), id, accountID)
		if err != nil {
			return sqlstore.Unavailable("delete sanctions watch", err)
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			return errors.Join(dalil.ErrNotFound, err)
		}
		// Its pending deliveries stop with it.
		if _, err := tx.ExecContext(ctx, `UPDATE sanctions_watch_alerts SET delivery = $1, last_error = $2 WHERE watch_id = $3 AND delivery = $4`,
			watchlist.DeliveryFailed, "the watch was deleted", id, watchlist.DeliveryPending); err != nil {
			return sqlstore.Unavailable("delete sanctions watch", err)
		}
		w, err = scanWatch(tx.QueryRowContext(ctx, `SELECT `+watchColumns+` FROM sanctions_watches WHERE id = $1`, id))
		return sqlstore.Unavailable("delete sanctions watch", err)
	})
	return w, err
}

// SetStatus implements watchlist.Store; a deleted watch stays deleted.
func (s *Watchlist) SetStatus(ctx context.Context, id, status string) error {
	ctx, cancel := s.db.Bound(ctx)
	defer cancel()
	return s.db.Tx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `UPDATE sanctions_watches SET status = $1 WHERE id = $2 AND status <> $3`, status, id, watchlist.StatusDeleted)
		return sqlstore.Unavailable("set sanctions watch status", err)
	})
}

// AddAlert implements watchlist.Store.
func (s *Watchlist) AddAlert(ctx context.Context, a watchlist.Alert) (bool, error) {
	ctx, cancel := s.db.Bound(ctx)
	defer cancel()
	var added bool
	err := s.db.Tx(ctx, func(tx *sql.Tx) error {
		var err error
		added, err = insertAlert(ctx, tx, a)
		return err
	})
	return added, err
}

const alertColumns = `a.id, a.watch_id, a.account_id, w.name, w.webhook_url, a.list, a.entity_id, a.baseline, a.lists_version, a.data, a.created_at,
	a.delivery, a.attempts, a.delivered_at, a.last_error`

func scanAlert(r scanner) (watchlist.Alert, error) {
	var a watchlist.Alert
	var baseline, created, delivered int64
	var data string
	if err := r.Scan(&a.ID, &a.WatchID, &a.AccountID, &a.WatchedName, &a.WebhookURL, &a.List, &a.EntityID, &baseline, &a.ListsVersion, &data,
		&created, &a.Delivery, &a.Attempts, &delivered, &a.LastError); err != nil {
		return a, err
	}
	a.Baseline, a.CreatedAt, a.DeliveredAt = baseline != 0, fromMicros(created), fromOptMicros(delivered)
	if err := json.Unmarshal([]byte(data), &a.Match); err != nil {
		return a, fmt.Errorf("sanctions watch alert %s: %w", a.ID, err)
	}
	return a, nil
}

// Alerts implements watchlist.Store.
func (s *Watchlist) Alerts(ctx context.Context, accountID string, limit int) ([]watchlist.Alert, error) {
	ctx, cancel := s.db.Bound(ctx)
	defer cancel()
	rows, err := s.db.Read().QueryContext(ctx, `SELECT `+alertColumns+` FROM sanctions_watch_alerts a JOIN sanctions_watches w ON w.id = a.watch_id
		WHERE a.account_id = $1 AND a.baseline = 0 ORDER BY a.created_at DESC, a.id DESC LIMIT $2`, accountID, limit)
	if err != nil {
		return nil, sqlstore.Unavailable("list sanctions watch alerts", err)
	}
	defer rows.Close()
	out := []watchlist.Alert{}
	for rows.Next() {
		a, err := scanAlert(rows)
		if err != nil {
			return nil, sqlstore.Unavailable("list sanctions watch alerts", err)
		}
		out = append(out, a)
	}
	return out, sqlstore.Unavailable("list sanctions watch alerts", rows.Err())
}

const stateKey = "screened"

// ScreenedVersion implements watchlist.Store.
func (s *Watchlist) ScreenedVersion(ctx context.Context) (string, error) {
	ctx, cancel := s.db.Bound(ctx)
	defer cancel()
	v, err := sqlstore.OptionalString(ctx, s.db.Read(), `SELECT version FROM sanctions_watch_state WHERE id = $1`, stateKey)
	return v, sqlstore.Unavailable("read the sanctions watchlist state", err)
}

// SetScreenedVersion implements watchlist.Store.
func (s *Watchlist) SetScreenedVersion(ctx context.Context, v string) error {
	ctx, cancel := s.db.Bound(ctx)
	defer cancel()
	return s.db.Tx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO sanctions_watch_state (id, version) VALUES ($1, $2)
			ON CONFLICT (id) DO UPDATE SET version = excluded.version`, stateKey, v)
		return sqlstore.Unavailable("record the sanctions watchlist state", err)
	})
}

// ClaimDue implements watchlist.Store: each due alert is leased by an
// UPDATE that only one process's can win.
func (s *Watchlist) ClaimDue(ctx context.Context, now time.Time, lease time.Duration, n int) ([]watchlist.Alert, error) {
	ctx, cancel := s.db.Bound(ctx)
	defer cancel()
	var out []watchlist.Alert
	err := s.db.Tx(ctx, func(tx *sql.Tx) error {
		out = out[:0]
		rows, err := tx.QueryContext(ctx, `SELECT `+alertColumns+` FROM sanctions_watch_alerts a JOIN sanctions_watches w ON w.id = a.watch_id
			WHERE a.delivery = $1 AND a.next_attempt <= $2 AND a.lease_until <= $2 ORDER BY a.next_attempt, a.id LIMIT $3`,
			watchlist.DeliveryPending, micros(now), n)
		if err != nil {
			return sqlstore.Unavailable("claim sanctions watch alerts", err)
		}
		var due []watchlist.Alert
		for rows.Next() {
			a, err := scanAlert(rows)
			if err != nil {
				rows.Close()
				return sqlstore.Unavailable("claim sanctions watch alerts", err)
			}
			due = append(due, a)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return sqlstore.Unavailable("claim sanctions watch alerts", err)
		}
		for _, a := range due {
			res, err := tx.ExecContext(ctx, `UPDATE sanctions_watch_alerts SET lease_until = $1 WHERE id = $2 AND delivery = $3 AND lease_until <= $4`,
				micros(now.Add(lease)), a.ID, watchlist.DeliveryPending, micros(now))
			if err != nil {
				return sqlstore.Unavailable("claim sanctions watch alerts", err)
			}
			if k, _ := res.RowsAffected(); k == 1 {
				out = append(out, a)
			}
		}
		return nil
	})
	return out, err
}

// RecordDelivery implements watchlist.Store.
func (s *Watchlist) RecordDelivery(ctx context.Context, id, state string, attempts int, next, deliveredAt time.Time, lastErr string) error {
	ctx, cancel := s.db.Bound(ctx)
	defer cancel()
	return s.db.Tx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `UPDATE sanctions_watch_alerts SET delivery = $1, attempts = $2, next_attempt = $3, lease_until = 0,
			delivered_at = $4, last_error = $5 WHERE id = $6`, state, attempts, optMicros(next), optMicros(deliveredAt), lastErr, id)
		return sqlstore.Unavailable("record a sanctions watch alert delivery", err)
	})
}
