// Package invoicesql keeps the invoice fingerprints of invoice_anomaly_check
// (remember: true) in the store's SQL database, SQLite or PostgreSQL. It
// implements the port invoiceanomaly declares (FingerprintStore) on the
// handle store/sqlstore lends modules, and owns its table through its own
// embedded migrations: list Module() in sqlstore.Options.Modules.
package invoicesql

import (
	"context"
	"database/sql"
	"embed"
	"time"

	"dalil/capabilities/invoiceanomaly"
	"dalil/store/sqlstore"
)

//go:embed migrations
var migrations embed.FS

// Module is the schema of the fingerprint table, recorded in
// schema_migrations as "invoiceanomaly/NNN_...". Its first migration is
// what core migration 005_invoice_fingerprints did before this package
// owned the table, so a database that ran that one keeps its rows.
func Module() sqlstore.Module {
	m := sqlstore.EmbeddedModule("invoiceanomaly", migrations)
	m.Legacy = map[string]string{"001_fingerprints": "005_invoice_fingerprints"}
	return m
}

// Store keeps fingerprints per account until they expire. Remember is one
// transaction; every call is bounded by the store's operation timeout and
// wraps dalil.ErrStorageUnavailable when the database fails.
type Store struct{ db sqlstore.DB }

var _ invoiceanomaly.FingerprintStore = (*Store)(nil)

// New returns the fingerprint store on db. Its table exists once the
// store was opened with Module() among its modules.
func New(db sqlstore.DB) *Store { return &Store{db: db} }

func micros(t time.Time) int64 { return t.UTC().UnixMicro() }

// Remember implements invoiceanomaly.FingerprintStore: a fingerprint with
// the same (account, supplier key, ref) is replaced, expiry included.
func (s *Store) Remember(ctx context.Context, accountID string, fps []invoiceanomaly.Fingerprint, expires time.Time) error {
	ctx, cancel := s.db.Bound(ctx)
	defer cancel()
	return s.db.Tx(ctx, func(tx *sql.Tx) error {
		now := s.db.Now()
		for _, fp := range fps {
			if _, err := tx.ExecContext(ctx, `INSERT INTO invoice_fingerprints (account_id, supplier_key, ref, invoice_key, record_key, amount_minor, currency, invoice_date, created_at, expires_at)
				VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
				ON CONFLICT (account_id, supplier_key, ref) DO UPDATE SET invoice_key = excluded.invoice_key, record_key = excluded.record_key, expires_at = excluded.expires_at`,
				accountID, fp.SupplierKey, fp.Ref, fp.InvoiceKey, fp.RecordKey, fp.AmountMinor, fp.Currency, fp.InvoiceDate, micros(now), micros(expires)); err != nil {
				return sqlstore.Unavailable("remember fingerprint", err)
			}
		}
		return nil
	})
}

// Recall implements invoiceanomaly.FingerprintStore: the account's
// unexpired fingerprints under supplierKey, newest first.
func (s *Store) Recall(ctx context.Context, accountID, supplierKey string) ([]invoiceanomaly.Fingerprint, error) {
	ctx, cancel := s.db.Bound(ctx)
	defer cancel()
	rows, err := s.db.Read().QueryContext(ctx, `SELECT supplier_key, ref, invoice_key, record_key, amount_minor, currency, invoice_date FROM invoice_fingerprints
		WHERE account_id = $1 AND supplier_key = $2 AND expires_at > $3 ORDER BY created_at DESC, ref`, accountID, supplierKey, micros(s.db.Now()))
	if err != nil {
		return nil, sqlstore.Unavailable("recall fingerprints", err)
	}
	defer rows.Close()
	var out []invoiceanomaly.Fingerprint
	for rows.Next() {
		var fp invoiceanomaly.Fingerprint
		if err := rows.Scan(&fp.SupplierKey, &fp.Ref, &fp.InvoiceKey, &fp.RecordKey, &fp.AmountMinor, &fp.Currency, &fp.InvoiceDate); err != nil {
			return nil, sqlstore.Unavailable("recall fingerprints", err)
		}
		out = append(out, fp)
	}
	return out, sqlstore.Unavailable("recall fingerprints", rows.Err())
}

// Forget implements invoiceanomaly.FingerprintStore: every fingerprint of
// the account, expired or not, is deleted.
func (s *Store) Forget(ctx context.Context, accountID string) (int, error) {
	ctx, cancel := s.db.Bound(ctx)
	defer cancel()
	res, err := s.db.Write().ExecContext(ctx, `DELETE FROM invoice_fingerprints WHERE account_id = $1`, accountID)
	if err != nil {
		return 0, sqlstore.Unavailable("forget fingerprints", err)
	}
	n, _ := res.RowsAffected()
	return int(n), nil
}

// Purge deletes the fingerprints that expired by now and reports how many
// (dalil serve runs it hourly). It is not on a request path, so only ctx
// bounds it.
func (s *Store) Purge(ctx context.Context) (int64, error) {
	res, err := s.db.Write().ExecContext(ctx, `DELETE FROM invoice_fingerprints WHERE expires_at <= $1`, micros(s.db.Now()))
	if err != nil {
		return 0, sqlstore.Unavailable("purge fingerprints", err)
	}
	n, _ := res.RowsAffected()
	return n, nil
}
