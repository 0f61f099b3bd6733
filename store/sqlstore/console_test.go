package sqlstore_test

import (
	"context"
	"fmt"
	"math/rand"
	"path/filepath"
	"sort"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"dalil"
	"dalil/console/consoledata"
	"dalil/internal/testenv"
	"dalil/store/sqlstore"
	"dalil/store/storetest"
)

// consoleStores runs f on a fresh SQLite store and, when PostgreSQL is
// available, on a fresh PostgreSQL schema, each with its own clock.
func consoleStores(t *testing.T, f func(t *testing.T, s *sqlstore.Store, clock *storetest.Clock)) {
	start := time.Date(2026, 10, 1, 9, 0, 0, 0, time.UTC)
	t.Run("sqlite", func(t *testing.T) {
		clock := storetest.NewClock(start)
		s, err := sqlstore.Open(context.Background(), filepath.Join(t.TempDir(), "c.db"), sqlstore.Options{Now: clock.Now})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		f(t, s, clock)
	})
	t.Run("postgres", func(t *testing.T) {
		url := testenv.Postgres(t)
		clock := storetest.NewClock(start)
		s, err := sqlstore.Open(context.Background(), testenv.FreshPostgresSchema(t, url), sqlstore.Options{Now: clock.Now})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		f(t, s, clock)
	})
}

// dayKey identifies a row of consoledata.Data.Revenue.
type dayKey struct {
	day        string
	rail, tool string
}

type sums struct {
	calls  int64
	amount dalil.MicroUSD
}

func revenueMap(rows []consoledata.DayRevenue) map[dayKey]sums {
	out := map[dayKey]sums{}
	for _, r := range rows {
		k := dayKey{r.Day.Format("2006-01-02"), r.Rail, r.Tool}
		s := out[k]
		out[k] = sums{s.calls + r.Calls, s.amount + r.Amount}
	}
	return out
}

// TestConsoleRevenueAddsUpTheLedger charges random calls over 40 days on
// both account rails and settles random pay-per-call claims (some left
// unsettled or released), then checks Revenue and TopSpenders against
// sums made here, before and after the days are rolled up, and again
// after more charges today (read live) and tomorrow.
func TestConsoleRevenueAddsUpTheLedger(t *testing.T) {
	consoleStores(t, func(t *testing.T, s *sqlstore.Store, clock *storetest.Clock) {
		ctx := context.Background()
		rng := rand.New(rand.NewSource(20))
		var accts []dalil.Account
		for i := range 4 {
			a, err := s.CreateAccount(ctx, fmt.Sprintf("acct-%d", i), "developer", 1000*dalil.USD)
			if err != nil {
				t.Fatal(err)
			}
			accts = append(accts, a)
		}
		want := map[dayKey]sums{}
		spent := map[string]sums{}
		tools := []string{"analyze_property", "compare_properties", "estimate_maintenance"}
		n := 0
		charge := func() {
			a := accts[rng.Intn(len(accts))]
			tool := tools[rng.Intn(len(tools))]
			price := dalil.MicroUSD(1+rng.Intn(50)) * 1000
			n++
			if rng.Intn(4) == 0 { // pay per call
				rail := []string{dalil.RailX402, dalil.RailL402, dalil.RailMPP}[rng.Intn(3)]
				id := fmt.Sprintf("cred-%d", n)
				if err := s.ClaimCredential(ctx, dalil.Claim{CredentialID: id, Rail: rail, Tool: tool, Amount: price, RequestID: id, ExpiresAt: clock.Now().Add(time.Hour)}); err != nil {
					t.Fatal(err)
				}
				switch rng.Intn(3) {
				case 0: // released: not revenue
					if err := s.ReleaseCredential(ctx, id); err != nil {
						t.Fatal(err)
					}
					return
				case 1: // claimed, never settled: not revenue
					return
				}
				if err := s.SettleCredential(ctx, id); err != nil {
					t.Fatal(err)
				}
				k := dayKey{clock.Now().UTC().Format("2006-01-02"), rail, tool}
				want[k] = sums{want[k].calls + 1, want[k].amount + price}
				return
			}
			method := []string{dalil.MethodCredits, dalil.MethodSubscription}[rng.Intn(2)]
			rec, err := s.Charge(ctx, dalil.ChargeRequest{AccountID: a.ID, Tool: tool, Price: price, RequestID: fmt.Sprintf("req-%d", n), Method: method})
			if err != nil {
				t.Fatal(err)
			}
			k := dayKey{clock.Now().UTC().Format("2006-01-02"), rec.Rail, tool}
			want[k] = sums{want[k].calls + 1, want[k].amount + price}
			spent[a.ID] = sums{spent[a.ID].calls + 1, spent[a.ID].amount + price}
		}
		for range 40 {
			for range rng.Intn(6) {
				charge()
				clock.Advance(time.Duration(rng.Intn(90)) * time.Minute)
			}
			// A top-up is not revenue.
			if _, err := s.AddCredits(ctx, accts[0].ID, dalil.USD, "t"); err != nil {
				t.Fatal(err)
			}
			clock.Advance(time.Duration(12+rng.Intn(12)) * time.Hour)
		}
		check := func(stage string) {
			t.Helper()
			// to is exclusive: the charges made at this very instant are in
			// when it is a microsecond later.
			from, to := clock.Now().AddDate(0, 0, -60), clock.Now().Add(time.Microsecond)
			rows, err := s.Revenue(ctx, from, to)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(want, revenueMap(rows), cmp.AllowUnexported(sums{})); diff != "" {
				t.Errorf("%s: Revenue (-want +got):\n%s", stage, diff)
			}
			top, err := s.TopSpenders(ctx, from, to, 3)
			if err != nil {
				t.Fatal(err)
			}
			var wantTop []consoledata.Spender
			for id, v := range spent {
				a, _ := s.Account(ctx, id)
				wantTop = append(wantTop, consoledata.Spender{AccountID: id, Name: a.Name, Calls: v.calls, Amount: v.amount})
			}
			sort.Slice(wantTop, func(i, j int) bool {
				if wantTop[i].Amount != wantTop[j].Amount {
					return wantTop[i].Amount > wantTop[j].Amount
				}
				return wantTop[i].AccountID < wantTop[j].AccountID
			})
			if len(wantTop) > 3 {
				wantTop = wantTop[:3]
			}
			if diff := cmp.Diff(wantTop, top); diff != "" {
				t.Errorf("%s: TopSpenders (-want +got):\n%s", stage, diff)
			}
		}
		check("first read (rolls the days up)")
		check("second read (from the roll-ups)")
		for range 5 {
			charge()
		}
		check("more charges today")
		clock.Advance(30 * time.Hour)
		for range 5 {
			charge()
		}
		check("a day later")
		// A window that starts and ends inside the data.
		from, to := clock.Now().AddDate(0, 0, -20), clock.Now().AddDate(0, 0, -10)
		rows, err := s.Revenue(ctx, from, to)
		if err != nil {
			t.Fatal(err)
		}
		lo, hi := from.UTC().Format("2006-01-02"), to.UTC().Format("2006-01-02")
		part := map[dayKey]sums{}
		for k, v := range want {
			if k.day >= lo && k.day < hi {
				part[k] = v
			}
		}
		if diff := cmp.Diff(part, revenueMap(rows), cmp.AllowUnexported(sums{})); diff != "" {
			t.Errorf("window [%s, %s): Revenue (-want +got):\n%s", lo, hi, diff)
		}
	})
}

// TestConsoleRollUpLeavesRecentDaysLive: a day is summed for good only
// RollupMargin after it ended, so a charge recorded late in the day is
// still counted when read just after midnight.
func TestConsoleRollUpLeavesRecentDaysLive(t *testing.T) {
	consoleStores(t, func(t *testing.T, s *sqlstore.Store, clock *storetest.Clock) {
		ctx := context.Background()
		a, err := s.CreateAccount(ctx, "late", "free", 10*dalil.USD)
		if err != nil {
			t.Fatal(err)
		}
		midnight := time.Date(2026, 10, 2, 0, 0, 0, 0, time.UTC)
		clock.Advance(midnight.Add(-time.Minute).Sub(clock.Now()))
		if _, err := s.Charge(ctx, dalil.ChargeRequest{AccountID: a.ID, Tool: "t", Price: 1000, RequestID: "r1", Method: dalil.MethodCredits}); err != nil {
			t.Fatal(err)
		}
		clock.Advance(10 * time.Minute) // 00:09, within the margin
		if _, err := s.Revenue(ctx, midnight.AddDate(0, 0, -3), clock.Now()); err != nil {
			t.Fatal(err)
		}
		// A charge of the day before that commits late (its time was
		// taken before midnight) is not lost.
		if _, err := s.DB().Write().ExecContext(ctx, `INSERT INTO ledger (account_id, kind, rail, tool, amount, balance_after, created_at) VALUES ($1, 'charge', 'api_credits', 't', -2000, 0, $2)`,
			a.ID, midnight.Add(-30*time.Second).UnixMicro()); err != nil {
			t.Fatal(err)
		}
		clock.Advance(2 * time.Hour)
		rows, err := s.Revenue(ctx, midnight.AddDate(0, 0, -3), clock.Now())
		if err != nil {
			t.Fatal(err)
		}
		got := revenueMap(rows)[dayKey{"2026-10-01", "api_credits", "t"}]
		if got.calls != 2 || got.amount != 3000 {
			t.Errorf("2026-10-01: %+v; want 2 calls, 3000 micro-USD", got)
		}
	})
}

// TestConsoleRevenueNetOfRefunds: a voice call charged 1.05 that rang
// unanswered and was refunded 1.05 counts nothing in the revenue and the
// top spenders, live and once its hours are rolled up; a call refunded in
// part counts what was kept, and the refunds are shown beside.
func TestConsoleRevenueNetOfRefunds(t *testing.T) {
	consoleStores(t, func(t *testing.T, s *sqlstore.Store, clock *storetest.Clock) {
		ctx := context.Background()
		a, _ := s.CreateAccount(ctx, "unanswered", "free", 10*dalil.USD)
		b, _ := s.CreateAccount(ctx, "talked", "free", 10*dalil.USD)
		for _, c := range []struct {
			acct   string
			req    string
			refund dalil.MicroUSD
		}{{a.ID, "call-a", 1_050_000}, {b.ID, "call-b", 600_000}} {
			if _, err := s.Charge(ctx, dalil.ChargeRequest{AccountID: c.acct, Tool: "voice_call", Price: 1_050_000, RequestID: c.req, Method: dalil.MethodCredits}); err != nil {
				t.Fatal(err)
			}
			clock.Advance(time.Minute)
			if _, err := s.Refund(ctx, c.acct, c.req, c.refund, "unused maximum"); err != nil {
				t.Fatal(err)
			}
		}
		clock.Advance(time.Minute) // the window ends before now
		day := clock.Now().Format("2006-01-02")
		from := clock.Now().AddDate(0, 0, -1)
		check := func(when string) {
			t.Helper()
			rows, err := s.Revenue(ctx, from, clock.Now())
			if err != nil {
				t.Fatal(err)
			}
			var got consoledata.DayRevenue
			for _, r := range rows {
				if r.Day.Format("2006-01-02") == day && r.Tool == "voice_call" {
					got.Calls, got.Amount, got.Refunded = got.Calls+r.Calls, got.Amount+r.Amount, got.Refunded+r.Refunded
				}
			}
			if got.Calls != 2 || got.Amount != 450_000 || got.Refunded != 1_650_000 {
				t.Errorf("%s: revenue %+v; want 2 calls, 450000 kept, 1650000 refunded", when, got)
			}
			top, err := s.TopSpenders(ctx, from, clock.Now(), 10)
			if err != nil {
				t.Fatal(err)
			}
			want := []consoledata.Spender{
				{AccountID: b.ID, Name: "talked", Calls: 1, Amount: 450_000, Refunded: 600_000},
				{AccountID: a.ID, Name: "unanswered", Calls: 1, Amount: 0, Refunded: 1_050_000},
			}
			if diff := cmp.Diff(want, top); diff != "" {
				t.Errorf("%s: top spenders (-want +got):\n%s", when, diff)
			}
		}
		check("live")
		clock.Advance(3 * time.Hour) // the hours are sealed: rolled up
		check("rolled up")
		check("rolled up, read again")
	})
}

func TestConsoleFindAccounts(t *testing.T) {
	consoleStores(t, func(t *testing.T, s *sqlstore.Store, clock *storetest.Clock) {
		ctx := context.Background()
		ids := map[string]string{}
		for _, name := range []string{"Acme Trading", "acme labs", "شركة النور", "100% Pure", "under_score", "Other"} {
			a, err := s.CreateAccount(ctx, name, "free", 0)
			if err != nil {
				t.Fatal(err)
			}
			ids[name] = a.ID
		}
		for _, tc := range []struct {
			query string
			want  []string
		}{
			{"acme", []string{"Acme Trading", "acme labs"}},
			{"ACME L", []string{"acme labs"}},
			{"النور", []string{"شركة النور"}},
			{"%", []string{"100% Pure"}},
			{"_", []string{"under_score"}},
			{"nothing", nil},
			{ids["Other"], []string{"Other"}},
		} {
			got, err := s.FindAccounts(ctx, tc.query, 50)
			if err != nil {
				t.Fatal(err)
			}
			var names []string
			for _, a := range got {
				names = append(names, a.Name)
			}
			sort.Strings(names)
			if diff := cmp.Diff(tc.want, names); diff != "" {
				t.Errorf("FindAccounts(%q) (-want +got):\n%s", tc.query, diff)
			}
		}
	})
}

func TestConsoleAuditAndSessions(t *testing.T) {
	consoleStores(t, func(t *testing.T, s *sqlstore.Store, clock *storetest.Clock) {
		ctx := context.Background()
		for i := range 5 {
			acct := "a"
			if i%2 == 1 {
				acct = "b"
			}
			if err := s.RecordAudit(ctx, consoledata.AuditEntry{Action: consoledata.ActionTopUp, AccountID: acct, Detail: fmt.Sprint(i), Outcome: "ok", Session: "s", Client: "127.0.0.1"}); err != nil {
				t.Fatal(err)
			}
		}
		all, err := s.Audit(ctx, "", 2, 0)
		if err != nil || len(all) != 2 || all[0].Detail != "4" || all[1].Detail != "3" {
			t.Fatalf("newest two: %+v, %v", all, err)
		}
		older, err := s.Audit(ctx, "", 10, all[1].ID)
		if err != nil || len(older) != 3 || older[0].Detail != "2" {
			t.Fatalf("older: %+v, %v", older, err)
		}
		b, err := s.Audit(ctx, "b", 10, 0)
		if err != nil || len(b) != 2 || b[0].Detail != "3" || b[1].Detail != "1" || !b[0].At.Equal(clock.Now()) {
			t.Fatalf("account b: %+v, %v", b, err)
		}

		now := clock.Now()
		cs := consoledata.Session{ID: "h1", CSRF: "c", Binding: "b", Client: "::1", CreatedAt: now, SeenAt: now, ExpiresAt: now.Add(time.Hour)}
		if err := s.CreateSession(ctx, cs); err != nil {
			t.Fatal(err)
		}
		got, err := s.Session(ctx, "h1")
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(cs, got); diff != "" {
			t.Errorf("Session (-want +got):\n%s", diff)
		}
		if err := s.TouchSession(ctx, "h1", now.Add(time.Minute)); err != nil {
			t.Fatal(err)
		}
		if got, _ := s.Session(ctx, "h1"); !got.SeenAt.Equal(now.Add(time.Minute)) {
			t.Errorf("SeenAt after touch = %v", got.SeenAt)
		}
		// Sessions expired a day ago are deleted when another is opened.
		clock.Advance(26 * time.Hour)
		cs2 := consoledata.Session{ID: "h2", CSRF: "c", Binding: "b", CreatedAt: clock.Now(), SeenAt: clock.Now(), ExpiresAt: clock.Now().Add(time.Hour)}
		if err := s.CreateSession(ctx, cs2); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Session(ctx, "h1"); err != consoledata.ErrNoSession {
			t.Errorf("expired session: %v; want ErrNoSession", err)
		}
		if err := s.DeleteSession(ctx, "h2"); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Session(ctx, "h2"); err != consoledata.ErrNoSession {
			t.Errorf("deleted session: %v; want ErrNoSession", err)
		}
	})
}
