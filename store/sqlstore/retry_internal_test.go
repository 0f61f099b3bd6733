package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"path/filepath"
	"testing"
	"time"

	"dalil/internal/testenv"
)

// TestRetryStopsAtPermanentErrors: a transaction whose statement fails the
// same way every time (a NUL byte in PostgreSQL text, a datatype mismatch
// in a SQLite STRICT table) runs once and reports its error; a failure
// that may pass (a lost connection) is tried again.
func TestRetryStopsAtPermanentErrors(t *testing.T) {
	for name, open := range map[string]func(t *testing.T) *Store{
		"SQLite": func(t *testing.T) *Store {
			s, err := Open(context.Background(), filepath.Join(t.TempDir(), "r.db"), Options{})
			if err != nil {
				t.Fatal(err)
			}
			return s
		},
		"Postgres": func(t *testing.T) *Store {
			s, err := Open(context.Background(), testenv.FreshPostgresSchema(t, testenv.Postgres(t)), Options{})
			if err != nil {
				t.Fatal(err)
			}
			return s
		},
	} {
		t.Run(name, func(t *testing.T) {
			s := open(t)
			defer s.Close()
			ctx := context.Background()
			type stmt struct {
				q   string
				arg any
			}
			bad := []stmt{{"SELECT CAST($1 AS text)", "a\x00b"}, {"SELECT CAST($1 AS integer)", "twelve"}}
			if s.dialect == "sqlite" {
				for _, q := range []string{"CREATE TABLE strict_t (n INTEGER) STRICT", "CREATE TABLE rowid_t (id INTEGER PRIMARY KEY)",
					"CREATE TABLE check_t (n INTEGER CHECK (n >= 0))"} {
					if _, err := s.w.ExecContext(ctx, q); err != nil {
						t.Fatal(err)
					}
				}
				bad = []stmt{{"INSERT INTO strict_t (n) VALUES ($1)", "not a number"}, {"INSERT INTO rowid_t (id) VALUES ($1)", "abc"},
					{"INSERT INTO check_t (n) VALUES ($1)", -1}}
			}
			for _, b := range bad {
				ctx, cancel := context.WithTimeout(ctx, 3*time.Second)
				attempts := 0
				err := s.tx(ctx, func(tx *sql.Tx) error {
					attempts++
					_, err := tx.ExecContext(ctx, b.q, b.arg)
					return unavailable("bad statement", err)
				})
				if err == nil || attempts != 1 || ctx.Err() != nil {
					t.Errorf("%s: %d attempts, err %v, deadline reached %v; want one attempt and the error", b.q, attempts, err, ctx.Err() != nil)
				}
				cancel()
			}

			attempts := 0
			lost := errors.New("connection reset by peer")
			err := s.tx(ctx, func(tx *sql.Tx) error {
				attempts++
				if attempts < 3 {
					return unavailable("flaky statement", lost)
				}
				return nil
			})
			if err != nil || attempts != 3 {
				t.Errorf("transient error: %d attempts, err %v; want success on the third", attempts, err)
			}
		})
	}
}
