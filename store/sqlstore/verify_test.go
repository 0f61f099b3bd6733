package sqlstore_test

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"dalil"
	"dalil/internal/testenv"
	"dalil/store/sqlstore"
)

// moneyActivity gives s every kind of ledger row: accounts with and without
// credits, top-ups, charges on both account rails (some under an
// Idempotency-Key), and refunds on both rails. It returns an account id.
func moneyActivity(t *testing.T, s *sqlstore.Store) string {
	t.Helper()
	ctx := context.Background()
	var first string
	for i, plan := range []string{"free", "developer", "growth"} {
		a, err := s.CreateAccount(ctx, fmt.Sprintf("acct-%d", i), plan, dalil.MicroUSD(1_000_000*(i+1)))
		if err != nil {
			t.Fatal(err)
		}
		if i == 0 {
			first = a.ID
		}
		if _, err := s.AddCredits(ctx, a.ID, 250_000, "top-up"); err != nil {
			t.Fatal(err)
		}
		for j := range 5 {
			req := dalil.ChargeRequest{AccountID: a.ID, Tool: "analyze_property", Price: 10_000, RequestID: fmt.Sprintf("req_%d_%d", i, j), Method: dalil.MethodAuto}
			if j%2 == 0 {
				k := dalil.IdemKey{AccountID: a.ID, Tool: req.Tool, Key: fmt.Sprintf("key-%d", j), Owner: req.RequestID}
				st, err := s.BeginIdempotent(ctx, k, "hash")
				if err != nil || st.Outcome != dalil.IdemStarted {
					t.Fatalf("begin idempotent: %+v %v", st, err)
				}
				req.Idem, req.Data = &k, []byte(`{"ok":true}`)
			}
			if _, err := s.Charge(ctx, req); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := s.Refund(ctx, a.ID, fmt.Sprintf("req_%d_1", i), 4_000, "unused"); err != nil {
			t.Fatal(err)
		}
	}
	// Credits bought over x402 by the first account (issue 33 item 11).
	cred := dalil.Claim{CredentialID: "x402:nonce-1", Rail: "x402", Tool: dalil.ToolAccountTopUp, Amount: 500_000, RequestID: "req_fund", Payer: "0xabc", ExpiresAt: time.Now().Add(time.Hour)}
	if err := s.ClaimCredential(ctx, cred); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Fund(ctx, dalil.FundingRequest{CredentialID: cred.CredentialID, Rail: "x402", RequestID: "req_fund", Amount: 500_000, AccountID: first}); err != nil {
		t.Fatal(err)
	}
	return first
}

func verifyOK(t *testing.T, dsn string) sqlstore.VerifyReport {
	t.Helper()
	rep, err := sqlstore.Verify(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	if !rep.OK {
		t.Fatalf("verify found problems: %+v", rep.Checks)
	}
	return rep
}

// failing returns the problems of the checks that failed, as "check:
// subject: detail" lines.
func failing(rep sqlstore.VerifyReport) []string {
	var out []string
	for _, c := range rep.Checks {
		for _, p := range c.Problems {
			out = append(out, c.Name+": "+p.Subject+": "+p.Detail)
		}
	}
	return out
}

// testVerify: a database with every kind of money movement verifies; each
// kind of damage is found by its check and names the row.
func testVerify(t *testing.T, dsn string, raw func(t *testing.T) *sql.DB) {
	s, err := sqlstore.Open(context.Background(), dsn, sqlstore.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	acct := moneyActivity(t, s)
	rep := verifyOK(t, dsn)
	if rep.Accounts != 3 || rep.LedgerRows != 3*(1+1+5+1)+1 || len(rep.Checks) != 8 {
		t.Errorf("report: %d accounts, %d ledger rows, %d checks", rep.Accounts, rep.LedgerRows, len(rep.Checks))
	}
	for _, c := range rep.Checks {
		if c.Checked == 0 && c.Name != "pay-per-call claims" {
			t.Errorf("check %s looked at nothing", c.Name)
		}
	}
	db := raw(t)
	for _, c := range []struct {
		name, damage, undo string
		want               []string
	}{
		{"a balance", `UPDATE accounts SET credits = credits + 1 WHERE id = '` + acct + `'`, `UPDATE accounts SET credits = credits - 1 WHERE id = '` + acct + `'`,
			[]string{"balances: " + acct + ": credits USD 1.704001 but its ledger sums to USD 1.704 (off by USD 0.000001)"}},
		{"a charge's amount", `UPDATE ledger SET amount = -9000 WHERE request_id = 'req_0_3'`, `UPDATE ledger SET amount = -10000 WHERE request_id = 'req_0_3'`,
			[]string{"balances: " + acct + ": credits USD 1.704 but its ledger sums to USD 1.705 (off by USD -0.001)", "ledger chain: ledger "}},
		{"a charge's request id", `UPDATE ledger SET request_id = '' WHERE request_id = 'req_1_3'`, `UPDATE ledger SET request_id = 'req_1_3' WHERE kind = 'charge' AND request_id = ''`,
			[]string{"charges: ledger ", "a charge without a request id"}},
		{"a charge written twice", `INSERT INTO ledger (account_id, kind, rail, tool, amount, balance_after, request_id, note, created_at)
			SELECT account_id, kind, 'subscription', tool, amount, balance_after, request_id, note, created_at FROM ledger WHERE request_id = 'req_2_3'`,
			`DELETE FROM ledger WHERE request_id = 'req_2_3' AND id = (SELECT MAX(id) FROM ledger WHERE request_id = 'req_2_3')`,
			[]string{"charges: req_2_3: charged 2 times"}},
		{"a charge paid under an Idempotency-Key", `UPDATE ledger SET request_id = 'req_moved' WHERE request_id = 'req_1_2'`, `UPDATE ledger SET request_id = 'req_1_2' WHERE request_id = 'req_moved'`,
			[]string{"idempotency: req_1_2: ", "key key-2 (analyze_property): answered as paid 10000 micro-USD on subscription, no such charge in the ledger"}},
		{"a refund's charge", `UPDATE ledger SET request_id = 'req_gone' WHERE kind = 'charge' AND request_id = 'req_2_1'`, `UPDATE ledger SET request_id = 'req_2_1' WHERE request_id = 'req_gone'`,
			[]string{"refunds: ledger ", "request req_2_1: a refund of 4000 micro-USD without its charge"}},
		{"a funded claim's amount", `UPDATE payment_claims SET amount = 400000 WHERE status = 'funded'`, `UPDATE payment_claims SET amount = 500000 WHERE status = 'funded'`,
			[]string{"funding: x402:nonce-1: x402 account_top_up: funded 400000 micro-USD (request req_fund), no such top-up in the ledger",
				"a top-up of 500000 micro-USD paid over x402 without its funded claim"}},
		{"a top-up", `UPDATE ledger SET amount = -amount WHERE kind = 'topup' AND note = 'top-up' AND account_id = '` + acct + `'`,
			`UPDATE ledger SET amount = -amount WHERE kind = 'topup' AND note = 'top-up' AND account_id = '` + acct + `'`,
			[]string{"credits: ledger ", "a topup of -250000 micro-USD"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			if _, err := db.Exec(c.damage); err != nil {
				t.Fatal(err)
			}
			rep, err := sqlstore.Verify(context.Background(), dsn)
			if err != nil {
				t.Fatal(err)
			}
			got := strings.Join(failing(rep), "\n")
			if rep.OK {
				t.Errorf("verify passed with %s damaged", c.name)
			}
			for _, w := range c.want {
				if !strings.Contains(got, w) {
					t.Errorf("verify found:\n%s\nwant %q", got, w)
				}
			}
			if _, err := db.Exec(c.undo); err != nil {
				t.Fatal(err)
			}
			verifyOK(t, dsn)
		})
	}
}

func TestVerifySQLite(t *testing.T) {
	path := filepath.Join(t.TempDir(), "dalil.db")
	testVerify(t, path, func(t *testing.T) *sql.DB {
		db, err := sql.Open("sqlite", "file:"+path+"?_pragma=busy_timeout(5000)")
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		return db
	})
}

func TestVerifyPostgres(t *testing.T) {
	dsn := testenv.FreshPostgresSchema(t, testenv.Postgres(t))
	testVerify(t, dsn, func(t *testing.T) *sql.DB {
		db, err := sql.Open("pgx", dsn)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		return db
	})
}

// TestVerifyCreatesNothing: verify of a path with no database says so and
// leaves no file behind; of a file that is not a Dalil database, says so.
func TestVerifyCreatesNothing(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "typo.db")
	if _, err := sqlstore.Verify(context.Background(), missing); err == nil || !strings.Contains(err.Error(), "no SQLite database at") {
		t.Errorf("verify of a missing file: %v", err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("verify left %v behind", entries)
	}
	other := filepath.Join(dir, "other.db")
	db, err := sql.Open("sqlite", other)
	if err != nil {
		t.Fatal(err)
	}
	db.Exec(`CREATE TABLE t (x)`)
	db.Close()
	if _, err := sqlstore.Verify(context.Background(), other); err == nil || !strings.Contains(err.Error(), "not a Dalil database") {
		t.Errorf("verify of another database: %v", err)
	}
}

// TestBackupRestoreSQLite: a backup taken while charges commit is whole
// and verifies; a restore refuses a database a store has open, restores
// into a new file and over an old one (keeping a copy of it), and what it
// restored verifies and opens.
func TestBackupRestoreSQLite(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	live := filepath.Join(dir, "live.db")
	s, err := sqlstore.Open(ctx, live, sqlstore.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	acct := moneyActivity(t, s)
	// Charges in flight while the backups are taken.
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for w := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; ; i++ {
				select {
				case <-stop:
					return
				default:
				}
				s.Charge(ctx, dalil.ChargeRequest{AccountID: acct, Tool: "estimate_maintenance", Price: 1, RequestID: fmt.Sprintf("load_%d_%d", w, i), Method: dalil.MethodCredits})
			}
		}()
	}
	var backups []sqlstore.BackupInfo
	for i := range 3 {
		info, err := sqlstore.BackupSQLite(ctx, live, filepath.Join(dir, fmt.Sprintf("b%d.db", i)))
		if err != nil {
			close(stop)
			wg.Wait()
			t.Fatal(err)
		}
		backups = append(backups, info)
	}
	close(stop)
	wg.Wait()
	for _, b := range backups {
		if b.Accounts != 3 || b.LedgerRows < 24 || b.Schema == "" {
			t.Errorf("backup %+v", b)
		}
		verifyOK(t, b.Path)
		if fi, err := os.Stat(b.Path); err != nil || fi.Mode().Perm() != 0o600 {
			t.Errorf("backup %s: mode %v, %v", b.Path, fi.Mode(), err)
		}
	}
	if _, err := sqlstore.BackupSQLite(ctx, live, backups[0].Path); err == nil || !strings.Contains(err.Error(), "exists") {
		t.Errorf("backup over an existing file: %v", err)
	}
	if entries, _ := filepath.Glob(filepath.Join(dir, ".*tmp*")); len(entries) != 0 {
		t.Errorf("temporary files left: %v", entries)
	}

	// The live database is open (s): restoring over it is refused.
	_, err = sqlstore.RestoreSQLite(ctx, backups[2].Path, live, "")
	if !errors.Is(err, sqlstore.ErrInUse) {
		t.Errorf("restore over an open database: %v", err)
	}
	// Into a new file.
	fresh := filepath.Join(dir, "restored.db")
	info, err := sqlstore.RestoreSQLite(ctx, backups[2].Path, fresh, "")
	if err != nil {
		t.Fatal(err)
	}
	if info.LedgerRows != backups[2].LedgerRows {
		t.Errorf("restored %d ledger rows, the backup has %d", info.LedgerRows, backups[2].LedgerRows)
	}
	verifyOK(t, fresh)
	// Over that file once it is closed, keeping a copy of it first.
	kept := filepath.Join(dir, "before-restore.db")
	if _, err := sqlstore.RestoreSQLite(ctx, backups[0].Path, fresh, kept); err != nil {
		t.Fatal(err)
	}
	rep := verifyOK(t, fresh)
	if rep.LedgerRows != backups[0].LedgerRows {
		t.Errorf("after the second restore: %d ledger rows, want %d", rep.LedgerRows, backups[0].LedgerRows)
	}
	if rep := verifyOK(t, kept); rep.LedgerRows != backups[2].LedgerRows {
		t.Errorf("the kept copy has %d ledger rows, want %d", rep.LedgerRows, backups[2].LedgerRows)
	}
	// The restored file opens as a store and takes charges.
	r, err := sqlstore.Open(ctx, fresh, sqlstore.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := r.Charge(ctx, dalil.ChargeRequest{AccountID: acct, Tool: "x", Price: 1, RequestID: "after", Method: dalil.MethodCredits}); err != nil {
		t.Error(err)
	}
	r.Close()
	verifyOK(t, fresh)

	// A damaged backup is refused before anything is touched.
	bad := filepath.Join(dir, "bad.db")
	raw, _ := os.ReadFile(backups[1].Path)
	for i := 4096; i < len(raw) && i < 4096*4; i++ {
		raw[i] ^= 0x5a
	}
	os.WriteFile(bad, raw, 0o600)
	if _, err := sqlstore.RestoreSQLite(ctx, bad, filepath.Join(dir, "never.db"), ""); err == nil {
		t.Error("a damaged backup was restored")
	}
	if _, err := os.Stat(filepath.Join(dir, "never.db")); err == nil {
		t.Error("a refused restore created its target")
	}
}
