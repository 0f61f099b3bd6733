package sqlstore_test

import (
	"context"
	"errors"
	"path/filepath"
	"testing"
	"time"

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

// TestMPPStaleReservationDoesNotBlockClose: a draw left uncommitted by a
// crash holds the session's budget only until it is older than any call.
func TestMPPStaleReservationDoesNotBlockClose(t *testing.T) {
	ctx := context.Background()
	s, err := sqlstore.Open(ctx, filepath.Join(t.TempDir(), "dalil.db"), sqlstore.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	st := s.MPPSessions()
	now := time.Date(2026, 8, 1, 10, 0, 0, 0, time.UTC)
	if err := st.Create(ctx, mpp.Session{ID: "mpps_x", Status: mpp.SessionActive, Payer: "0xabc", Budget: 100_000, AllowedTools: []string{"t"},
		DepositTx: "0xdep", CreatedAt: now, ExpiresAt: now.Add(time.Hour)}); err != nil {
		t.Fatal(err)
	}
	if _, _, err := st.Reserve(ctx, mpp.Reservation{SessionID: "mpps_x", Key: "k", Tool: "t", Amount: 10_000}, now); err != nil {
		t.Fatal(err)
	}
	if _, err := st.Close(ctx, "mpps_x", now.Add(time.Minute)); !errors.Is(err, mpp.ErrCallsInFlight) {
		t.Fatalf("close with a call in flight: %v", err)
	}
	ss, err := st.Close(ctx, "mpps_x", now.Add(11*time.Minute))
	if err != nil || ss.Status == mpp.SessionActive || ss.Reserved != 0 {
		t.Fatalf("close after the reservation went stale: %+v, %v", ss, err)
	}
}
