package console_test

import (
	"context"
	"fmt"
	"math/rand"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"dalil"
	"dalil/console"
	"dalil/rail/mpp/mppsql"
	"dalil/store/sqlstore"
)

// benchRows is the size of the ledger the overview benchmark reads
// (DALIL_CONSOLE_BENCH_ROWS overrides it, for a quick run).
func benchRows(b *testing.B) int {
	n := 1_000_000
	if v := os.Getenv("DALIL_CONSOLE_BENCH_ROWS"); v != "" {
		var err error
		if n, err = strconv.Atoi(v); err != nil || n < 1 {
			b.Fatalf("DALIL_CONSOLE_BENCH_ROWS=%q", v)
		}
	}
	return n
}

// seedLedger fills a fresh SQLite database with accounts accounts and
// rows ledger charges spread evenly over the last 30 days (today's share
// between midnight and now, so the day the overview reads from the ledger
// itself is always a full share), on both account rails and four
// capabilities, one settled pay-per-call claim for every 20 charges, and
// as many committed MPP budget-session draws (on 1,000 sessions). Rows go
// in by multi-row INSERTs in one transaction.
func seedLedger(b *testing.B, path string, accounts, rows int) {
	ctx := context.Background()
	s, err := sqlstore.Open(ctx, path, sqlstore.Options{Modules: []sqlstore.Module{mppsql.Module()}})
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	db := s.DB().Write()
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		b.Fatal(err)
	}
	defer tx.Rollback()
	now := time.Now().UTC()
	midnight := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC)
	ids := make([]string, accounts)
	for i := range ids {
		ids[i] = fmt.Sprintf("acct_bench%06d", i)
		if _, err := tx.ExecContext(ctx, `INSERT INTO accounts (id, name, plan, plan_started_at, credits, created_at) VALUES ($1, $2, 'developer', $3, 1000000000, $3)`,
			ids[i], fmt.Sprintf("account %d", i), midnight.AddDate(0, -2, 0).UnixMicro()); err != nil {
			b.Fatal(err)
		}
	}
	tools := []string{"analyze_property", "compare_properties", "estimate_maintenance", "invoice_anomaly_check"}
	rails := []string{"api_credits", "subscription"}
	ppc := []string{"x402", "l402", "mpp"}
	rng := rand.New(rand.NewSource(1))
	// when is a random time on day d (0 = 29 days ago, 29 = today).
	when := func(d int) int64 {
		start := midnight.AddDate(0, 0, d-29)
		span := 24 * time.Hour
		if d == 29 {
			span = max(now.Sub(midnight), time.Second)
		}
		return start.Add(time.Duration(rng.Int63n(int64(span)))).UnixMicro()
	}
	const chunk = 200
	insert := func(table, cols string, n int, row func(i int) []any) {
		per := len(row(0))
		var q strings.Builder
		fmt.Fprintf(&q, "INSERT INTO %s (%s) VALUES ", table, cols)
		for i := range chunk {
			if i > 0 {
				q.WriteByte(',')
			}
			q.WriteByte('(')
			for j := range per {
				if j > 0 {
					q.WriteByte(',')
				}
				fmt.Fprintf(&q, "$%d", i*per+j+1)
			}
			q.WriteByte(')')
		}
		st, err := tx.PrepareContext(ctx, q.String())
		if err != nil {
			b.Fatal(err)
		}
		defer st.Close()
		args := make([]any, 0, chunk*per)
		for i := 0; i < n; i++ {
			args = append(args, row(i)...)
			if len(args) == cap(args) {
				if _, err := st.ExecContext(ctx, args...); err != nil {
					b.Fatal(err)
				}
				args = args[:0]
			}
		}
		for i := 0; i < len(args); i += per { // the rest, one by one
			single := fmt.Sprintf("INSERT INTO %s (%s) VALUES (%s)", table, cols, strings.TrimSuffix(strings.Repeat("?,", per), ","))
			if _, err := tx.ExecContext(ctx, single, args[i:i+per]...); err != nil {
				b.Fatal(err)
			}
		}
	}
	insert("ledger", "account_id, kind, rail, tool, amount, balance_after, request_id, created_at", rows, func(i int) []any {
		return []any{ids[rng.Intn(len(ids))], "charge", rails[rng.Intn(2)], tools[rng.Intn(len(tools))], -int64(1000 * (1 + rng.Intn(50))), int64(1_000_000), "req_" + strconv.Itoa(i), when(i * 30 / rows)}
	})
	claims := rows / 20
	insert("payment_claims", "credential_id, rail, tool, amount, request_id, status, expires_at, created_at, settled_at", claims, func(i int) []any {
		t := when(i * 30 / max(claims, 1))
		return []any{"cred_" + strconv.Itoa(i), ppc[rng.Intn(3)], tools[rng.Intn(len(tools))], int64(10_000), "req_p" + strconv.Itoa(i), "settled", t + 3_600_000_000, t, t}
	})
	const sessions = 1000
	insert("mpp_sessions", "id, status, payer, budget, spent, reserved, allowed_tools, deposit_tx, created_at, expires_at", sessions, func(i int) []any {
		return []any{"mpps_bench" + strconv.Itoa(i), "closed", "0xpayer", int64(1000 * dalil.USD), int64(0), int64(0), `["analyze_property"]`, "0xdeposit", midnight.UnixMicro(), midnight.UnixMicro()}
	})
	insert("mpp_session_reservations", "session_id, key, tool, amount, committed, reserved_at", claims, func(i int) []any {
		return []any{"mpps_bench" + strconv.Itoa(i%sessions), "k" + strconv.Itoa(i), tools[rng.Intn(len(tools))], int64(10_000), 1, when(i * 30 / max(claims, 1))}
	})
	if err := tx.Commit(); err != nil {
		b.Fatal(err)
	}
}

// benchDraws is the console's source of MPP budget-session draws over its
// own handle on path, as cmd/dalil wires it.
type benchDraws struct{ s *mppsql.Sessions }

func (d benchDraws) Revenue(ctx context.Context, from, to time.Time) ([]console.DayRevenue, error) {
	days, err := d.s.DrawsByDay(ctx, from, to)
	if err != nil {
		return nil, err
	}
	out := make([]console.DayRevenue, len(days))
	for i, x := range days {
		out[i] = console.DayRevenue{Day: x.Day, Rail: dalil.RailMPP, Tool: x.Tool, Calls: x.Calls, Amount: x.Amount, Source: "budget sessions"}
	}
	return out, nil
}

// BenchmarkOverview renders the overview page through the real HTTP
// server over a SQLite ledger of 1,000,000 charges (and 50,000 settled
// pay-per-call payments and 50,000 MPP budget-session draws) on 1,000
// accounts. The first render sums the 29
// finished days once (reported as cold-ms); the loop measures renders
// after that: the summed days, plus today's charges read from the ledger.
//
//	go test ./console -run '^$' -bench BenchmarkOverview -benchtime 50x
func BenchmarkOverview(b *testing.B) {
	rows := benchRows(b)
	path := filepath.Join(b.TempDir(), "bench.db")
	start := time.Now()
	seedLedger(b, path, 1000, rows)
	b.Logf("seeded %d ledger rows in %v", rows, time.Since(start).Round(time.Millisecond))
	if keep := os.Getenv("DALIL_CONSOLE_BENCH_KEEP"); keep != "" {
		defer copyFile(b, path, keep)
	}
	mppStore, err := sqlstore.Open(context.Background(), path, sqlstore.Options{Modules: []sqlstore.Module{mppsql.Module()}})
	if err != nil {
		b.Fatal(err)
	}
	defer mppStore.Close()
	e := newEnv(b, envOptions{dsn: path, revenue: []console.RevenueSource{benchDraws{mppsql.NewSessions(mppStore.DB())}}})
	br := e.browser()
	if a := br.login(testToken); a.status != http.StatusSeeOther {
		b.Fatalf("log-in: %d", a.status)
	}
	start = time.Now()
	if a := br.get("/console"); a.status != http.StatusOK || !strings.Contains(a.body, "of which budget sessions") {
		b.Fatalf("cold overview: %d, budget sessions shown: %v", a.status, strings.Contains(a.body, "of which budget sessions"))
	}
	cold := time.Since(start)
	for b.Loop() {
		a := br.get("/console")
		if a.status != http.StatusOK || !strings.Contains(a.body, `id="total-calls"`) {
			b.Fatalf("overview: %d", a.status)
		}
	}
	b.ReportMetric(float64(cold.Microseconds())/1000, "cold-ms")
}

// copyFile keeps the seeded database (DALIL_CONSOLE_BENCH_KEEP=path) to
// look at its query plans afterwards.
func copyFile(b *testing.B, from, to string) {
	raw, err := os.ReadFile(from)
	if err != nil {
		b.Fatal(err)
	}
	if err := os.WriteFile(to, raw, 0o644); err != nil {
		b.Fatal(err)
	}
}
