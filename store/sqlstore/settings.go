package sqlstore

import (
	"context"
	"database/sql"
	"errors"
)

// Setting returns the named setting of the database and whether it is
// set. Settings describe the database itself, not an account: "demo"
// marks one that `dalil serve --demo` seeded.
func (s *Store) Setting(ctx context.Context, name string) (string, bool, error) {
	ctx, cancel := s.bound(ctx)
	defer cancel()
	var v string
	err := s.w.QueryRowContext(ctx, `SELECT value FROM settings WHERE name = $1`, name).Scan(&v)
	if errors.Is(err, sql.ErrNoRows) {
		return "", false, nil
	}
	if err != nil {
		return "", false, unavailable("read setting", err)
	}
	return v, true, nil
}

// PutSetting sets the named setting to value, replacing what it was.
func (s *Store) PutSetting(ctx context.Context, name, value string) error {
	ctx, cancel := s.bound(ctx)
	defer cancel()
	_, err := s.w.ExecContext(ctx, `INSERT INTO settings (name, value, updated_at) VALUES ($1, $2, $3)
		ON CONFLICT (name) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`, name, value, micros(s.now()))
	return unavailable("write setting", err)
}

// DeleteSetting removes the named setting (nothing when it is not set).
func (s *Store) DeleteSetting(ctx context.Context, name string) error {
	ctx, cancel := s.bound(ctx)
	defer cancel()
	_, err := s.w.ExecContext(ctx, `DELETE FROM settings WHERE name = $1`, name)
	return unavailable("delete setting", err)
}

// InUse reports whether the database holds an account or a pay-per-call
// payment: whether anyone has used it (dataset rows are the modules' to
// count).
func (s *Store) InUse(ctx context.Context) (bool, error) {
	ctx, cancel := s.bound(ctx)
	defer cancel()
	var n int
	if err := s.r.QueryRowContext(ctx, `SELECT (SELECT COUNT(*) FROM (SELECT 1 FROM accounts LIMIT 1) a) + (SELECT COUNT(*) FROM (SELECT 1 FROM payment_claims LIMIT 1) p)`).Scan(&n); err != nil {
		return false, unavailable("check the database is in use", err)
	}
	return n > 0, nil
}
