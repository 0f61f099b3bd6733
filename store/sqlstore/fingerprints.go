package sqlstore

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"time"

	"dalil/capabilities/invoiceanomaly"
)

// Secret returns the named operator secret (32 random bytes), creating it
// on first use. Replicas sharing a database share it, and it survives
// restarts, so derived values (fingerprints) stay comparable.
func (s *Store) Secret(ctx context.Context, name string) ([]byte, error) {
	var b [32]byte
	rand.Read(b[:])
	if _, err := s.w.ExecContext(ctx, `INSERT INTO secrets (name, value, created_at) VALUES ($1, $2, $3) ON CONFLICT (name) DO NOTHING`,
		name, hex.EncodeToString(b[:]), micros(s.now())); err != nil {
		return nil, unavailable("secret", err)
	}
	var v string
	if err := s.w.QueryRowContext(ctx, `SELECT value FROM secrets WHERE name = $1`, name).Scan(&v); err != nil {
		return nil, unavailable("secret", err)
	}
	return hex.DecodeString(v)
}

// Fingerprints returns the store's invoiceanomaly.FingerprintStore.
func (s *Store) Fingerprints() invoiceanomaly.FingerprintStore { return fingerprints{s} }

type fingerprints struct{ s *Store }

func (f fingerprints) Remember(ctx context.Context, accountID string, fps []invoiceanomaly.Fingerprint, expires time.Time) error {
	return f.s.tx(ctx, func(tx *sql.Tx) error {
		now := f.s.now()
		for _, fp := range fps {
			if _, err := tx.ExecContext(ctx, `INSERT INTO invoice_fingerprints (account_id, supplier_key, ref, invoice_key, record_key, amount_minor, currency, invoice_date, created_at, expires_at)
				VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
				ON CONFLICT (account_id, supplier_key, ref) DO UPDATE SET invoice_key = excluded.invoice_key, record_key = excluded.record_key, expires_at = excluded.expires_at`,
				accountID, fp.SupplierKey, fp.Ref, fp.InvoiceKey, fp.RecordKey, fp.AmountMinor, fp.Currency, fp.InvoiceDate, micros(now), micros(expires)); err != nil {
				return unavailable("remember fingerprint", err)
			}
		}
		return nil
	})
}

func (f fingerprints) Recall(ctx context.Context, accountID, supplierKey string) ([]invoiceanomaly.Fingerprint, error) {
	rows, err := f.s.r.QueryContext(ctx, `SELECT supplier_key, ref, invoice_key, record_key, amount_minor, currency, invoice_date FROM invoice_fingerprints
		WHERE account_id = $1 AND supplier_key = $2 AND expires_at > $3 ORDER BY created_at DESC, ref`, accountID, supplierKey, micros(f.s.now()))
	if err != nil {
		return nil, unavailable("recall fingerprints", err)
	}
	defer rows.Close()
	var out []invoiceanomaly.Fingerprint
	for rows.Next() {
		var fp invoiceanomaly.Fingerprint
		if err := rows.Scan(&fp.SupplierKey, &fp.Ref, &fp.InvoiceKey, &fp.RecordKey, &fp.AmountMinor, &fp.Currency, &fp.InvoiceDate); err != nil {
			return nil, unavailable("recall fingerprints", err)
		}
		out = append(out, fp)
	}
	return out, unavailable("recall fingerprints", rows.Err())
}

func (f fingerprints) Forget(ctx context.Context, accountID string) (int, error) {
	res, err := f.s.w.ExecContext(ctx, `DELETE FROM invoice_fingerprints WHERE account_id = $1`, accountID)
	if err != nil {
		return 0, unavailable("forget fingerprints", err)
	}
	n, _ := res.RowsAffected()
	return int(n), nil
}

// PurgeFingerprints deletes expired fingerprints.
func (s *Store) PurgeFingerprints(ctx context.Context) (int64, error) {
	res, err := s.w.ExecContext(ctx, `DELETE FROM invoice_fingerprints WHERE expires_at <= $1`, micros(s.now()))
	if err != nil {
		return 0, unavailable("purge fingerprints", err)
	}
	n, _ := res.RowsAffected()
	return n, nil
}
