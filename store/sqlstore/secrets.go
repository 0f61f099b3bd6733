package sqlstore

import (
	"context"
	"crypto/rand"
	"encoding/hex"
)

// Secret returns the named operator secret (32 random bytes), creating it
// on first use. Replicas sharing a database share it, and it survives
// restarts, so values derived from it (invoice fingerprints today) stay
// comparable.
//
// The secrets table stays in the core although its first user is a
// module: it is generic (a name and random bytes, no knowledge of who asks)
// and every module that keys or signs something needs the same facility,
// so one table in the core serves them all instead of one per module. A
// module names its own secret ("invoice-fingerprints").
func (s *Store) Secret(ctx context.Context, name string) ([]byte, error) {
	ctx, cancel := s.bound(ctx)
	defer cancel()
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
