package sqlstore_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"dalil"
	"dalil/internal/testenv"
	"dalil/store/sqlstore"
	"dalil/store/storetest"
)

func TestSQLite(t *testing.T) {
	storetest.Run(t, func(t *testing.T, clock *storetest.Clock) dalil.Store {
		s, err := sqlstore.Open(context.Background(), filepath.Join(t.TempDir(), "dalil.db"), sqlstore.Options{Now: clock.Now})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		return s
	})
}

func TestPostgres(t *testing.T) {
	url := testenv.Postgres(t)
	storetest.Run(t, func(t *testing.T, clock *storetest.Clock) dalil.Store {
		s, err := sqlstore.Open(context.Background(), testenv.FreshPostgresSchema(t, url), sqlstore.Options{Now: clock.Now})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		return s
	})
}

func TestMigrationsAreIdempotent(t *testing.T) {
	path := filepath.Join(t.TempDir(), "dalil.db")
	for i := 0; i < 2; i++ {
		s, err := sqlstore.Open(context.Background(), path, sqlstore.Options{})
		if err != nil {
			t.Fatalf("open %d: %v", i, err)
		}
		s.Close()
	}
	if _, err := os.Stat(path); err != nil {
		t.Fatal(err)
	}
}
