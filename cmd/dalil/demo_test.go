package main

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"dalil"
	"dalil/internal/testenv"
)

// The rules of what serve --demo seeds, one case each.
func TestDemoVerdict(t *testing.T) {
	demo := dalil.Account{ID: "acct_demo", Name: "demo"}
	for _, tc := range []struct {
		name string
		f    demoFacts
		want demoVerdict
	}{
		{"new database", demoFacts{}, demoVerdict{Ours: true}},
		{"synthetic rows only, nobody in it", demoFacts{Synthetic: true}, demoVerdict{Ours: true}},
		{"marked, before the account", demoFacts{Marked: true}, demoVerdict{Ours: true}},
		{"marked, with its account and others", demoFacts{Marked: true, Account: "acct_demo", InUse: true, Accounts: 3}, demoVerdict{Ours: true, Account: "acct_demo"}},
		{"marked, real data imported since", demoFacts{Marked: true, Account: "acct_demo", InUse: true, Accounts: 1, Only: demo, Real: []string{"sanctions"}},
			demoVerdict{Why: "it was a demo database, but real (not synthetic) data in sanctions has been imported into it since"}},
		{"seeded before the marker existed", demoFacts{InUse: true, Accounts: 1, Only: demo, Synthetic: true}, demoVerdict{Ours: true, Account: "acct_demo"}},
		{"its demo data removed", demoFacts{InUse: true, Accounts: 1, Only: demo}, demoVerdict{Why: "it holds 1 account and no mark that serve --demo seeded it"}},
		{"one account, not named demo", demoFacts{InUse: true, Accounts: 1, Only: dalil.Account{ID: "acct_x", Name: "acme"}},
			demoVerdict{Why: "it holds 1 account and no mark that serve --demo seeded it"}},
		{"accounts", demoFacts{InUse: true, Accounts: 2}, demoVerdict{Why: "it holds 2 accounts and no mark that serve --demo seeded it"}},
		{"payments only", demoFacts{InUse: true}, demoVerdict{Why: "it holds pay-per-call payments"}},
		{"real data, nobody in it", demoFacts{Real: []string{"comparables", "companies"}},
			demoVerdict{Why: "it holds real (not synthetic) data in comparables, companies"}},
		{"only account demo, with real data", demoFacts{InUse: true, Accounts: 1, Only: demo, Synthetic: true, Real: []string{"listings"}},
			demoVerdict{Why: "it holds real (not synthetic) data in listings"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.f.verdict(); got != tc.want {
				t.Errorf("verdict = %+v, want %+v", got, tc.want)
			}
		})
	}
}

var (
	addrPattern = regexp.MustCompile(`listening on (http://[0-9.:]+)`)
	regexpKey   = regexp.MustCompile(`API key \(shown once\): (dk_live_[a-z0-9]+)`)
)

// startDemoServe runs `dalil serve --demo` on db until it listens (and
// returns its base URL and what it printed) or stops (and returns its
// error).
func startDemoServe(t *testing.T, db string) (string, string, error) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	stderr := &lockedBuffer{}
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, []string{"serve", "--demo", "--addr", "127.0.0.1:0", "--db", db}, noEnv, nil, io.Discard, stderr)
	}()
	for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		select {
		case err := <-done:
			cancel()
			return "", stderr.String(), err
		default:
		}
		if m := addrPattern.FindStringSubmatch(stderr.String()); m != nil {
			t.Cleanup(func() {
				cancel()
				if err := <-done; err != nil {
					t.Errorf("serve --demo: %v", err)
				}
			})
			return m[1], stderr.String(), nil
		}
	}
	cancel()
	t.Fatalf("serve --demo neither started nor stopped: %s", stderr.String())
	return "", "", nil
}

func TestDemoKeepsToDemoDatabasesSQLite(t *testing.T) {
	dir := t.TempDir()
	testDemoKeepsToDemoDatabases(t, filepath.Join(dir, "real.db"), filepath.Join(dir, "demo.db"))
}

func TestDemoKeepsToDemoDatabasesPostgres(t *testing.T) {
	url := testenv.Postgres(t)
	testDemoKeepsToDemoDatabases(t, testenv.FreshPostgresSchema(t, url), testenv.FreshPostgresSchema(t, url))
}

// serve --demo refuses a database with accounts or real data it did not
// create, saying why and what to do, and loads nothing into it; it seeds
// a new database and starts on it again; `dalil demo remove` retracts
// every synthetic batch and revokes the demo key, after which the
// database is an ordinary one that --demo refuses.
func testDemoKeepsToDemoDatabases(t *testing.T, realDB, demoDB string) {
	// A database in use: an account, and a real sanctions list.
	cli(t, realDB, "accounts", "create", "--name", "acme")
	if out, err := sanctionsImport(t, realDB, sanctionsFile("sdn.xml"), "--format", "ofac-xml", "--source", "ofac-sdn", "--license", "public domain"); err != nil {
		t.Fatalf("import: %v %s", err, out)
	}
	_, out, err := startDemoServe(t, realDB)
	if err == nil || !strings.Contains(err.Error(), "serve --demo: refused: this database is not a demo database: it holds real (not synthetic) data in sanctions") ||
		!strings.Contains(err.Error(), "dalil serve --demo --db dalil-demo.db") || !strings.Contains(err.Error(), "without --demo") {
		t.Fatalf("serve --demo on a database in use: %v\n%s", err, out)
	}
	if strings.Contains(out, "demo: loaded") || strings.Contains(out, "API key") {
		t.Errorf("refused, yet something was loaded: %s", out)
	}
	for _, name := range []string{"comparables", "listings", "companies", "sanctions"} {
		for _, b := range cli(t, realDB, name, "batches", "--json")["batches"].([]any) {
			if b.(map[string]any)["synthetic"] == true {
				t.Errorf("%s: a synthetic batch in the refused database: %v", name, b)
			}
		}
	}
	if accts := cli(t, realDB, "accounts", "list", "--json"); len(accts["accounts"].([]any)) != 1 {
		t.Errorf("accounts after the refusal: %v", accts)
	}
	// Only an account (no data): refused too.
	onlyAccount := realDB + "-accounts"
	if strings.Contains(realDB, "://") {
		onlyAccount = testenv.FreshPostgresSchema(t, testenv.Postgres(t))
	}
	cli(t, onlyAccount, "accounts", "create", "--name", "acme")
	if _, out, err := startDemoServe(t, onlyAccount); err == nil || !strings.Contains(err.Error(), "it holds 1 account and no mark that serve --demo seeded it") {
		t.Fatalf("serve --demo on a database with an account: %v\n%s", err, out)
	}

	// A new database: seeded, and accepted again (its own).
	base, out, err := startDemoServe(t, demoDB)
	if err != nil || !strings.Contains(out, "API key (shown once)") || !strings.Contains(out, "synthetic sanctions list") {
		t.Fatalf("serve --demo on a new database: %v\n%s", err, out)
	}
	key := regexpKey.FindStringSubmatch(out)[1]
	if a := post(t, base+"/api/v1/risk/sanctions-screen", `{"name":"Khalid Saif Al-Example"}`, map[string]string{"X-API-Key": key}); a.status != 200 {
		t.Fatalf("a call with the demo key: %d %s", a.status, a.raw)
	}
	if _, out, err := startDemoServe(t, demoDB); err != nil || !strings.Contains(out, "already has accounts") {
		t.Fatalf("serve --demo again on its own database: %v\n%s", err, out)
	}

	// dalil demo remove, beside the running server.
	var stdout, stderr bytes.Buffer
	if err := run(context.Background(), []string{"demo", "remove", "--db", demoDB}, noEnv, nil, &stdout, &stderr); err != nil {
		t.Fatalf("demo remove: %v %s", err, stderr.String())
	}
	for _, want := range []string{"demo: retracted comparables batch", "demo: retracted listings batch", "demo: retracted companies batch",
		"demo: retracted sanctions batch", "demo: revoked 1 key of the demo account acct_", "no longer a demo database"} {
		if !strings.Contains(stdout.String(), want) {
			t.Errorf("demo remove does not say %q:\n%s", want, stdout.String())
		}
	}
	for _, name := range []string{"comparables", "listings", "companies", "sanctions"} {
		bs := cli(t, demoDB, name, "batches", "--json")["batches"].([]any)
		if len(bs) == 0 {
			t.Errorf("%s: no batch listed after demo remove", name)
		}
		for _, b := range bs {
			if path(b, "retracted", "reason") != demoReason || path(b, "current") != false {
				t.Errorf("%s: a batch demo remove left: %v", name, b)
			}
		}
	}
	// The demo key is refused once the server's key cache forgets it
	// (sqlstore.DefaultKeyCacheTTL, 1 s, for a revocation by another
	// process on SQLite: polled); the capabilities are unconfigured again
	// (read within datasetFresh: polled). The call is to a capability
	// needing no data: one whose data is gone answers 503 before any key
	// is read.
	var revoked answer
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		if revoked = post(t, base+"/api/v1/property/analyze", `{"propertyValue":85000,"annualRent":7200}`, map[string]string{"X-API-Key": key}); revoked.status == http.StatusUnauthorized {
			break
		}
	}
	if revoked.status != http.StatusUnauthorized {
		t.Errorf("a call with the revoked demo key: %d %s", revoked.status, revoked.raw)
	}
	status := ""
	for deadline := time.Now().Add(5 * datasetFresh); time.Now().Before(deadline) && status != "unconfigured"; time.Sleep(50 * time.Millisecond) {
		for _, c := range do(t, http.MethodGet, base+"/api/v1/capabilities", "", nil).body["data"].([]any) {
			if c := c.(map[string]any); c["name"] == "sanctions_screen" {
				status = c["status"].(string)
			}
		}
	}
	if status != "unconfigured" {
		t.Errorf("sanctions_screen after demo remove: %s", status)
	}
	// Run again: nothing left to do, and it says so.
	again := cliText(t, demoDB, "demo", "remove")
	if !strings.Contains(again, "no synthetic batch to retract") || !strings.Contains(again, "no demo account is known") {
		t.Errorf("demo remove again:\n%s", again)
	}
	// An ordinary database now: --demo refuses it (it holds the demo
	// account, whose keys are revoked).
	if _, out, err := startDemoServe(t, demoDB); err == nil || !strings.Contains(err.Error(), "not a demo database") {
		t.Fatalf("serve --demo after demo remove: %v\n%s", err, out)
	}
}

// cliText runs one command and returns what it printed.
func cliText(t *testing.T, db string, args ...string) string {
	t.Helper()
	var out, errb bytes.Buffer
	if err := run(context.Background(), append(args, "--db", db), noEnv, nil, &out, &errb); err != nil {
		t.Fatalf("dalil %v: %v (%s)", args, err, errb.String())
	}
	return out.String()
}

// A marked demo database into which real data was imported is refused,
// and the message points at dalil demo remove.
func TestDemoRefusesADemoDatabaseWithRealData(t *testing.T) {
	db := filepath.Join(t.TempDir(), "demo.db")
	if _, out, err := startDemoServe(t, db); err != nil {
		t.Fatalf("first start: %v %s", err, out)
	}
	file := filepath.Join(t.TempDir(), "companies.csv")
	if err := os.WriteFile(file, []byte("recordId,nameEn,sourceType,observedAt\nr1,Real Trading LLC,public_registry,2026-10-01\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	cli(t, db, "companies", "import", file, "--source", "registry", "--license", "licensed", "--json")
	_, out, err := startDemoServe(t, db)
	if err == nil || !strings.Contains(err.Error(), "it was a demo database, but real (not synthetic) data in companies has been imported into it since") ||
		!strings.Contains(err.Error(), "dalil demo remove --db "+db) {
		t.Fatalf("serve --demo on a demo database with real data: %v\n%s", err, out)
	}
}
