package main

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"dalil/internal/testenv"
	"dalil/store/sqlstore"
)

// dalilCmd runs one dalil command in-process and returns what it printed
// and its error (the exit status: nil is 0).
func dalilCmd(args ...string) (string, error) {
	var out bytes.Buffer
	err := run(context.Background(), args, noEnv, nil, &out, io.Discard)
	return out.String(), err
}

// newPaidAccount creates an account on db with USD credits and returns
// its id and key.
func newPaidAccount(t *testing.T, db string, credits string) (string, string) {
	t.Helper()
	out, err := dalilCmd("accounts", "create", "--name", "load", "--plan", "free", "--credits", credits, "--db", db, "--json")
	if err != nil {
		t.Fatal(err)
	}
	var acct struct{ AccountID, APIKey string }
	if err := json.Unmarshal([]byte(out), &acct); err != nil || acct.APIKey == "" {
		t.Fatalf("accounts create printed %q", out)
	}
	return acct.AccountID, acct.APIKey
}

// ledgerCharges counts the charges in the ledger of db.
func ledgerCharges(t *testing.T, db string) int {
	t.Helper()
	rep, err := sqlstore.Verify(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range rep.Checks {
		if c.Name == "charges" {
			return int(c.Checked)
		}
	}
	t.Fatal("verify has no charges check")
	return 0
}

// TestBackupUnderLoadRestoresAndVerifies takes `dalil backup`s of a real
// dalil serve's SQLite database while four clients make paid calls (some
// with Idempotency-Keys), then restores each backup into a new file with
// `dalil restore` and checks it with `dalil verify`: every backup holds at
// least the calls answered before it started and at most those answered
// by its end, and its money checks out. A restore over the database the
// server holds is refused. Damaging a balance makes verify exit 1 naming
// the account.
func TestBackupUnderLoadRestoresAndVerifies(t *testing.T) {
	if testing.Short() {
		t.Skip("a server under load")
	}
	dir := t.TempDir()
	db := filepath.Join(dir, "live.db")
	acct, key := newPaidAccount(t, db, "100")
	base, _ := serveOn(t, map[string]string{"DALIL_RATE_LIMITS": "free=100000"}, db)

	// Clients call until the backups are done (and at least `calls`
	// times each), so every backup is taken while calls are in flight.
	const clients, calls = 4, 30
	var answered atomic.Int64 // paid calls answered 200 so far
	var failed atomic.Int64
	var wg sync.WaitGroup
	backupsDone := make(chan struct{})
	for c := range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; ; i++ {
				if i >= calls {
					select {
					case <-backupsDone:
						return
					default:
					}
				}
				if failed.Load() > 0 {
					return
				}
				h := map[string]string{"X-API-Key": key}
				if i%3 == 0 {
					h["Idempotency-Key"] = fmt.Sprintf("k-%d-%d", c, i)
				}
				a := post(t, base+"/api/v1/property/analyze", `{"propertyValue":85000,"annualRent":7200}`, h)
				if a.status == 200 {
					answered.Add(1)
				} else {
					failed.Add(1)
				}
			}
		}()
	}
	type taken struct {
		path          string
		before, after int64
	}
	var backups []taken
	for i := range 3 {
		// Each backup starts once more calls were answered, so that all
		// three are taken while calls are in flight.
		for answered.Load() < int64((i+1)*clients*calls/4) && failed.Load() == 0 {
			time.Sleep(time.Millisecond)
		}
		b := taken{path: filepath.Join(dir, fmt.Sprintf("backup-%d.db", i)), before: answered.Load()}
		if out, err := dalilCmd("backup", b.path, "--db", db); err != nil || !strings.Contains(out, "backup    "+b.path) {
			t.Fatalf("dalil backup: %v\n%s", err, out)
		}
		b.after = answered.Load()
		backups = append(backups, b)
	}
	close(backupsDone)
	wg.Wait()
	if failed.Load() > 0 {
		t.Fatalf("%d paid calls failed", failed.Load())
	}
	total := int(answered.Load())
	// The live database, while the server still runs.
	if out, err := dalilCmd("verify", "--db", db); err != nil || !strings.Contains(out, "ok: the money checks out") {
		t.Fatalf("dalil verify of the live database: %v\n%s", err, out)
	}
	if got := ledgerCharges(t, db); got != total {
		t.Errorf("the live ledger has %d charges for %d paid calls", got, total)
	}
	t.Logf("%d paid calls; backups taken after %d-%d, %d-%d, %d-%d answers", total,
		backups[0].before, backups[0].after, backups[1].before, backups[1].after, backups[2].before, backups[2].after)

	for i, b := range backups {
		restored := filepath.Join(dir, fmt.Sprintf("restored-%d.db", i))
		out, err := dalilCmd("restore", b.path, "--db", restored)
		if err != nil || !strings.Contains(out, "restored  "+restored) || !strings.Contains(out, "verify    ok") || strings.Contains(out, "kept") {
			t.Fatalf("dalil restore %s: %v\n%s", b.path, err, out)
		}
		if out, err := dalilCmd("verify", "--db", restored); err != nil || !strings.Contains(out, "ok: the money checks out") {
			t.Errorf("dalil verify of restore %d: %v\n%s", i, err, out)
		}
		// A charge commits before its answer reaches the client, so each
		// of the clients may have one charged call not yet counted.
		if got := int64(ledgerCharges(t, restored)); got < b.before || got > b.after+clients {
			t.Errorf("backup %d holds %d charges; %d calls were answered when it started, %d when it ended, %d clients in flight", i, got, b.before, b.after, clients)
		}
	}

	// The server holds the live database: a restore over it is refused
	// and changes nothing.
	_, err := dalilCmd("restore", backups[0].path, "--db", db)
	if err == nil || !strings.Contains(err.Error(), "in use by another process") {
		t.Errorf("restore over the served database: %v", err)
	}
	if got := ledgerCharges(t, db); got != total {
		t.Errorf("after a refused restore the live ledger has %d charges, want %d", got, total)
	}

	// A damaged balance: verify exits 1 naming the account, in the table
	// and in --json.
	damaged := filepath.Join(dir, "restored-2.db")
	raw, err := sql.Open("sqlite", damaged)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := raw.Exec(`UPDATE accounts SET credits = credits + 50000 WHERE id = ?`, acct); err != nil {
		t.Fatal(err)
	}
	raw.Close()
	out, err := dalilCmd("verify", "--db", damaged)
	if err == nil || !strings.Contains(err.Error(), "1 problems") {
		t.Errorf("dalil verify of a damaged balance: %v", err)
	}
	if !strings.Contains(out, "FAILED: 1 problems") || !strings.Contains(out, "balances  "+acct+"  credits USD ") || !strings.Contains(out, "(off by USD 0.05)") {
		t.Errorf("dalil verify of a damaged balance printed:\n%s", out)
	}
	out, _ = dalilCmd("verify", "--db", damaged, "--json")
	var rep sqlstore.VerifyReport
	if err := json.Unmarshal([]byte(out), &rep); err != nil || rep.OK || rep.Checks[0].Name != "balances" || rep.Checks[0].Failed != 1 || rep.Checks[0].Problems[0].Subject != acct {
		t.Errorf("dalil verify --json: %v\n%s", err, out)
	}
	// And restoring that damaged copy is refused unless forced.
	if _, err := dalilCmd("backup", filepath.Join(dir, "damaged-backup.db"), "--db", damaged); err != nil {
		t.Fatal(err)
	}
	_, err = dalilCmd("restore", filepath.Join(dir, "damaged-backup.db"), "--db", filepath.Join(dir, "elsewhere.db"))
	if err == nil || !strings.Contains(err.Error(), "does not verify (1 problems") {
		t.Errorf("restore of a backup that does not verify: %v", err)
	}
}

// TestVerifyCommandPostgres: `dalil verify` checks a PostgreSQL database a
// real dalil serve charges on, and names a damaged balance; `dalil backup`
// and `dalil restore` point PostgreSQL at pg_dump.
func TestVerifyCommandPostgres(t *testing.T) {
	dsn := testenv.FreshPostgresSchema(t, testenv.Postgres(t))
	acct, key := newPaidAccount(t, dsn, "10")
	base, _ := serveOn(t, map[string]string{"DALIL_RATE_LIMITS": "free=100000"}, dsn)
	for i := range 20 {
		h := map[string]string{"X-API-Key": key}
		if i%2 == 0 {
			h["Idempotency-Key"] = fmt.Sprintf("pg-%d", i)
		}
		if a := post(t, base+"/api/v1/property/analyze", `{"propertyValue":85000,"annualRent":7200}`, h); a.status != 200 {
			t.Fatalf("paid call: %d %s", a.status, a.raw)
		}
	}
	out, err := dalilCmd("verify", "--db", dsn)
	if err != nil || !strings.Contains(out, "(postgres, schema ") || !strings.Contains(out, "ok: the money checks out") {
		t.Fatalf("dalil verify: %v\n%s", err, out)
	}
	if !strings.Contains(out, "charges              20") {
		t.Errorf("verify did not count 20 charges:\n%s", out)
	}
	raw, err := sql.Open("pgx", dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	if _, err := raw.Exec(`UPDATE accounts SET credits = credits - 10000 WHERE id = $1`, acct); err != nil {
		t.Fatal(err)
	}
	out, err = dalilCmd("verify", "--db", dsn)
	if err == nil || !strings.Contains(out, "balances  "+acct+"  credits USD 9.79 but its ledger sums to USD 9.80 (off by USD -0.01)") {
		t.Errorf("dalil verify of a damaged balance: %v\n%s", err, out)
	}
	for _, cmd := range []string{"backup", "restore"} {
		if _, err := dalilCmd(cmd, filepath.Join(t.TempDir(), "x.db"), "--db", dsn); err == nil || !strings.Contains(err.Error(), "pg_dump and pg_restore") {
			t.Errorf("dalil %s on PostgreSQL: %v", cmd, err)
		}
	}
}
