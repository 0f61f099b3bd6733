package mppsql_test

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"dalil"
	"dalil/internal/testenv"
	"dalil/rail/mpp"
	"dalil/rail/mpp/mppsql"
	"dalil/store/sqlstore"
)

// TestDrawsByDay: committed draws are added up per UTC day and tool over
// [from, to), net of what was refunded of them; draws in flight, released
// ones, replays and deposits are not; on SQLite the sums come from the
// partial index alone.
func TestDrawsByDay(t *testing.T) {
	for _, d := range []struct {
		name string
		dsn  func(t *testing.T) string
	}{
		{"sqlite", func(t *testing.T) string { return filepath.Join(t.TempDir(), "dalil.db") }},
		{"postgres", func(t *testing.T) string { return testenv.FreshPostgresSchema(t, testenv.Postgres(t)) }},
	} {
		t.Run(d.name, func(t *testing.T) { testDrawsByDay(t, open(t, d.dsn(t))) })
	}
}

func testDrawsByDay(t *testing.T, s *sqlstore.Store) {
	ctx := context.Background()
	st := mppsql.NewSessions(s.DB())
	day := time.Date(2026, 11, 20, 0, 0, 0, 0, time.UTC)
	newSession := func(id string, created time.Time) {
		t.Helper()
		if err := st.Create(ctx, mpp.Session{ID: id, Status: mpp.SessionActive, Payer: "0xabc", Budget: 10 * dalil.USD, AllowedTools: []string{"a", "b"},
			DepositTx: "0xdep" + id, CreatedAt: created, ExpiresAt: created.Add(72 * time.Hour)}); err != nil {
			t.Fatal(err)
		}
	}
	// draw reserves amount for tool at time at, and commits it unless
	// commit is false.
	draw := func(session, key, tool string, amount dalil.MicroUSD, at time.Time, commit bool) {
		t.Helper()
		if _, existed, err := st.Reserve(ctx, mpp.Reservation{SessionID: session, Key: key, Tool: tool, Amount: amount}, at); err != nil || existed {
			t.Fatalf("reserve %s/%s: existed %v, %v", session, key, existed, err)
		}
		if commit {
			if err := st.Commit(ctx, session, key); err != nil {
				t.Fatal(err)
			}
		}
	}
	newSession("mpps_one", day.Add(-2*time.Hour))
	newSession("mpps_two", day)
	draw("mpps_one", "before", "a", 1_000, day.Add(-time.Microsecond), true) // the day before
	draw("mpps_one", "k1", "a", 10_000, day, true)
	draw("mpps_one", "k2", "a", 10_000, day.Add(5*time.Hour), true)
	draw("mpps_two", "k1", "a", 20_000, day.Add(23*time.Hour), true)
	draw("mpps_two", "k2", "b", 5_000, day.Add(6*time.Hour), true)
	draw("mpps_two", "next", "b", 7_000, day.Add(25*time.Hour), true)
	draw("mpps_two", "inflight", "b", 99_000, day.Add(7*time.Hour), false)
	draw("mpps_two", "released", "a", 88_000, day.Add(8*time.Hour), false)
	if err := st.Release(ctx, "mpps_two", "released"); err != nil {
		t.Fatal(err)
	}
	draw("mpps_one", "late", "a", 3_000, day.Add(48*time.Hour), true) // at to: outside
	// A refund of part of a draw (a voice call's unused maximum) is taken
	// off its day's amount; a draw refunded in full still counts a call.
	draw("mpps_two", "voice", "b", 600_000, day.Add(10*time.Hour), true)
	if got, err := st.RefundDraw(ctx, "mpps_two", "voice", 220_000, day.Add(30*time.Hour)); err != nil || got != 220_000 {
		t.Fatalf("refund: %d, %v", got, err)
	}
	draw("mpps_two", "unanswered", "b", 300_000, day.Add(11*time.Hour), true)
	if got, err := st.RefundDraw(ctx, "mpps_two", "unanswered", 300_000, day.Add(11*time.Hour)); err != nil || got != 300_000 {
		t.Fatalf("refund: %d, %v", got, err)
	}
	// A replay of a committed key draws nothing new.
	if _, existed, err := st.Reserve(ctx, mpp.Reservation{SessionID: "mpps_one", Key: "k1", Tool: "a", Amount: 10_000}, day.Add(9*time.Hour)); err != nil || !existed {
		t.Fatalf("replay: existed %v, %v", existed, err)
	}

	got, err := st.DrawsByDay(ctx, day, day.Add(48*time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	want := []mppsql.DayDraws{
		{Day: day, Tool: "a", Calls: 3, Amount: 40_000},
		{Day: day, Tool: "b", Calls: 3, Amount: 5_000 + 380_000},
		{Day: day.AddDate(0, 0, 1), Tool: "b", Calls: 1, Amount: 7_000},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("draws by day (-want +got):\n%s", diff)
	}
	if got, err := st.DrawsByDay(ctx, day.AddDate(0, 0, 10), day.AddDate(0, 0, 11)); err != nil || len(got) != 0 {
		t.Errorf("an empty range: %v, %v", got, err)
	}

	if s.DB().Dialect() != "sqlite" {
		return
	}
	var plan []string
	rows, err := s.DB().Read().QueryContext(ctx, `EXPLAIN QUERY PLAN SELECT reserved_at / 86400000000 AS d, tool, COUNT(*), SUM(amount - refunded)
		FROM mpp_session_reservations WHERE committed = 1 AND reserved_at >= 1 AND reserved_at < 2 GROUP BY d, tool ORDER BY d, tool`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	for rows.Next() {
		var id, parent, unused int
		var detail string
		if err := rows.Scan(&id, &parent, &unused, &detail); err != nil {
			t.Fatal(err)
		}
		plan = append(plan, detail)
	}
	if p := strings.Join(plan, "; "); !strings.Contains(p, "COVERING INDEX mpp_session_reservations_drawn") {
		t.Errorf("the query does not read the covering index alone: %s", p)
	}
}
