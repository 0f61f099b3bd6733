package sqlstore_test

import (
	"context"
	"path/filepath"
	"testing"

	"dalil/internal/testenv"
	"dalil/rail/mpp"
	"dalil/rail/mpp/sessionstoretest"
	"dalil/store/sqlstore"
)

func TestMPPSessionsSQLite(t *testing.T) {
	sessionstoretest.Run(t, func(t *testing.T) mpp.SessionStore {
		s, err := sqlstore.Open(context.Background(), filepath.Join(t.TempDir(), "dalil.db"), sqlstore.Options{})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		return s.MPPSessions()
	})
}

func TestMPPSessionsPostgres(t *testing.T) {
	url := testenv.Postgres(t)
	sessionstoretest.Run(t, func(t *testing.T) mpp.SessionStore {
		s, err := sqlstore.Open(context.Background(), testenv.FreshPostgresSchema(t, url), sqlstore.Options{})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		return s.MPPSessions()
	})
}
