package mppsql_test

import (
	"context"
	"errors"
	"path/filepath"
	"testing"
	"time"

	"dalil/internal/testenv"
	"dalil/rail/mpp"
	"dalil/rail/mpp/channelstoretest"
	"dalil/rail/mpp/mppsql"
	"dalil/rail/mpp/sessionstoretest"
	"dalil/store/sqlstore"
)

// open opens dsn with the MPP module, closed with t.
func open(t *testing.T, dsn string) *sqlstore.Store {
	t.Helper()
	s, err := sqlstore.Open(context.Background(), dsn, sqlstore.Options{Modules: []sqlstore.Module{mppsql.Module()}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func TestSessionsSQLite(t *testing.T) {
	sessionstoretest.Run(t, func(t *testing.T) mpp.SessionStore {
		return mppsql.NewSessions(open(t, filepath.Join(t.TempDir(), "dalil.db")).DB())
	})
}

func TestSessionsPostgres(t *testing.T) {
	url := testenv.Postgres(t)
	sessionstoretest.Run(t, func(t *testing.T) mpp.SessionStore {
		return mppsql.NewSessions(open(t, testenv.FreshPostgresSchema(t, url)).DB())
	})
}

// TestChannelsSQLite runs the channel suite on two stores (two
// "replicas") opening one SQLite file.
func TestChannelsSQLite(t *testing.T) {
	channelstoretest.Run(t, func(t *testing.T) (mpp.ChannelStore, mpp.ChannelStore) {
		path := filepath.Join(t.TempDir(), "dalil.db")
		return mppsql.NewChannels(open(t, path).DB()), mppsql.NewChannels(open(t, path).DB())
	})
}

// TestChannelsPostgres runs the channel suite on two replicas sharing one
// PostgreSQL schema.
func TestChannelsPostgres(t *testing.T) {
	url := testenv.Postgres(t)
	channelstoretest.Run(t, func(t *testing.T) (mpp.ChannelStore, mpp.ChannelStore) {
		dsn := testenv.FreshPostgresSchema(t, url)
		return mppsql.NewChannels(open(t, dsn).DB()), mppsql.NewChannels(open(t, dsn).DB())
	})
}

// TestStaleReservationDoesNotBlockClose: a draw left uncommitted by a
// crash holds the session's budget only until it is older than any call.
func TestStaleReservationDoesNotBlockClose(t *testing.T) {
	ctx := context.Background()
	st := mppsql.NewSessions(open(t, filepath.Join(t.TempDir(), "dalil.db")).DB())
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

// TestRefundBoundedByTheDraw: the schema itself (migration
// 006_draw_refunds) refuses a draw's refund above its amount or below
// zero, on both databases, whatever writes it; an old draw reads as never
// refunded.
func TestRefundBoundedByTheDraw(t *testing.T) {
	for _, d := range []struct {
		name string
		dsn  func(t *testing.T) string
	}{
		{"sqlite", func(t *testing.T) string { return filepath.Join(t.TempDir(), "dalil.db") }},
		{"postgres", func(t *testing.T) string { return testenv.FreshPostgresSchema(t, testenv.Postgres(t)) }},
	} {
		t.Run(d.name, func(t *testing.T) {
			ctx := context.Background()
			s := open(t, d.dsn(t))
			st := mppsql.NewSessions(s.DB())
			now := time.Date(2026, 8, 1, 10, 0, 0, 0, time.UTC)
			if err := st.Create(ctx, mpp.Session{ID: "mpps_b", Status: mpp.SessionActive, Payer: "0xabc", Budget: 100_000, AllowedTools: []string{"t"},
				DepositTx: "0xdep", CreatedAt: now, ExpiresAt: now.Add(time.Hour)}); err != nil {
				t.Fatal(err)
			}
			if _, _, err := st.Reserve(ctx, mpp.Reservation{SessionID: "mpps_b", Key: "k", Tool: "t", Amount: 10_000}, now); err != nil {
				t.Fatal(err)
			}
			if err := st.Commit(ctx, "mpps_b", "k"); err != nil {
				t.Fatal(err)
			}
			var refunded, at int64
			if err := s.DB().Read().QueryRowContext(ctx, `SELECT refunded, refunded_at FROM mpp_session_reservations WHERE key = 'k'`).Scan(&refunded, &at); err != nil || refunded != 0 || at != 0 {
				t.Fatalf("a new draw: refunded %d at %d, %v", refunded, at, err)
			}
			for _, v := range []int64{10_001, -1} {
				if _, err := s.DB().Write().ExecContext(ctx, `UPDATE mpp_session_reservations SET refunded = $1 WHERE key = 'k'`, v); err == nil {
					t.Errorf("the schema took a refund of %d on a draw of 10000", v)
				}
			}
			if _, err := s.DB().Write().ExecContext(ctx, `UPDATE mpp_session_reservations SET refunded = 10000 WHERE key = 'k'`); err != nil {
				t.Errorf("the whole draw: %v", err)
			}
		})
	}
}
