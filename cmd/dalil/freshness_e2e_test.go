package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"dalil/internal/testenv"
)

func TestSanctionsFreshnessEndToEndSQLite(t *testing.T) {
	testSanctionsFreshness(t, filepath.Join(t.TempDir(), "dalil.db"))
}

func TestSanctionsFreshnessEndToEndPostgres(t *testing.T) {
	testSanctionsFreshness(t, testenv.FreshPostgresSchema(t, testenv.Postgres(t)))
}

// testMetricsToken reads /metrics in these tests (DALIL_METRICS_TOKEN).
const testMetricsToken = "0123456789abcdef0123456789abcdef-fresh"

// ledgerSize is how many entries the account's ledger holds.
func ledgerSize(t *testing.T, base, key string) int {
	t.Helper()
	a := do(t, "GET", base+"/api/v1/account/transactions?limit=100", "", map[string]string{"X-API-Key": key})
	if a.status != 200 {
		t.Fatalf("transactions: %d %s", a.status, a.raw)
	}
	txs, ok := path(a.body["data"], "transactions").([]any)
	if !ok {
		t.Fatalf("transactions: %s", a.raw)
	}
	return len(txs)
}

// Issue 31 item 3 through a real server: sanctions lists imported with
// retrieval dates in the past. A list past the hard limit (40 days) is
// never screened: sanctions_screen and oman_supplier_check say
// not_checked, never clear, with a stale_list warning, and are not
// charged (meta.charged false, the ledger unchanged). A list past the
// warning limit (10 days) is screened, named with its dates and age, with
// a stale_list warning, and charged; the expired one is still not used.
// The age metric reports each source.
func testSanctionsFreshness(t *testing.T, db string) {
	acct := cli(t, db, "accounts", "create", "--name", "screener", "--plan", "developer", "--credits", "5")
	key := acct["apiKey"].(string)
	base := startServeEnv(t, db, func(k string) string { return map[string]string{"DALIL_METRICS_TOKEN": testMetricsToken}[k] })
	hdr := map[string]string{"X-API-Key": key}
	screen := base + "/api/v1/risk/sanctions-screen"
	supplier := base + "/api/v1/procurement/oman-supplier-check"
	today := time.Now().UTC()
	day := func(ago int) string { return today.AddDate(0, 0, -ago).Format(time.DateOnly) }

	// OFAC's list, downloaded 40 days ago: past the 30-day hard limit.
	if out, err := sanctionsImport(t, db, sanctionsFile("sdn.xml"), "--format", "ofac-xml", "--source", "ofac-sdn", "--license", "public domain", "--retrieved", day(40)); err != nil {
		t.Fatalf("import sdn.xml: %v %s", err, out)
	}
	usd0, calls0 := used(t, base, key)
	ledger0 := ledgerSize(t, base, key)

	// A name on that list: not screened, so neither a match nor no match.
	a := post(t, screen, `{"name":"Khalid Saif Al-Example","country":"Yemen"}`, hdr)
	d := data(a)
	if a.status != 200 || d["status"] != "not_checked" || len(d["matches"].([]any)) != 0 || len(d["lists"].([]any)) != 0 ||
		len(d["listsChecked"].([]any)) != 0 || !strings.Contains(fmt.Sprint(d["summary"]), "Nothing was screened") {
		t.Fatalf("expired list only: %d %s", a.status, a.raw)
	}
	notUsed := d["listsNotUsed"].([]any)
	if len(notUsed) != 1 || path(notUsed[0], "list") != "ofac-sdn" || path(notUsed[0], "freshness") != "expired" || path(notUsed[0], "published") != "2026-10-28" ||
		!strings.HasPrefix(fmt.Sprint(path(notUsed[0], "retrievedAt")), day(40)) || path(notUsed[0], "ageSeconds").(float64) < 40*86400 {
		t.Errorf("listsNotUsed %v", notUsed)
	}
	if w := fmt.Sprint(d["warnings"]); !strings.Contains(w, "stale_list: ofac-sdn is 40d") || !strings.Contains(w, "not screened") {
		t.Errorf("warnings %s", w)
	}
	if m := a.meta(); m["charged"] != false || m["notChargedReason"] != "stale_evidence_only" {
		t.Errorf("an answer resting on an expired list only was charged: %v", m)
	}
	// oman_supplier_check: its sanctions check is not_checked, never
	// clear; nothing else to rest on, so not charged either.
	a = post(t, supplier, `{"companyName":"Gulf Example Shipping LLC","crNumber":"1122334"}`, hdr)
	sc, _ := path(data(a), "checks", "sanctions").(map[string]any)
	if a.status != 200 || sc["status"] != "not_checked" || len(sc["matches"].([]any)) != 0 || path(sc["listsNotUsed"].([]any)[0], "name") != "ofac-sdn" ||
		!strings.Contains(fmt.Sprint(sc["warnings"]), "stale_list: ofac-sdn") || a.meta()["charged"] != false {
		t.Fatalf("supplier check on an expired list: %d %s", a.status, a.raw)
	}
	if usd, calls := used(t, base, key); usd != usd0 || calls != calls0 || ledgerSize(t, base, key) != ledger0 {
		t.Fatalf("charged for answers resting on an expired list: %v USD %v calls (before %v, %v)", usd, calls, usd0, calls0)
	}

	// The UN list, downloaded 10 days ago: past the 7-day limit, still
	// screened, with its warning; OFAC's is still not.
	if out, err := sanctionsImport(t, db, sanctionsFile("un.xml"), "--format", "un-xml", "--source", "un-consolidated", "--license", "UN public information", "--retrieved", day(10)); err != nil {
		t.Fatalf("import un.xml: %v %s", err, out)
	}
	a = post(t, screen, `{"name":"Khalid Saif Al-Example","country":"Yemen"}`, hdr)
	d = data(a)
	lists := d["lists"].([]any)
	if a.status != 200 || d["status"] != "no_match_found" || len(lists) != 1 || path(lists[0], "list") != "un-consolidated" ||
		path(lists[0], "freshness") != "stale" || path(lists[0], "published") == nil || path(lists[0], "currentAsOf") == nil || path(lists[0], "retrievedAt") == nil ||
		path(lists[0], "ageSeconds").(float64) < 10*86400 || fmt.Sprint(d["listsChecked"]) != "[un-consolidated]" ||
		path(d["listsNotUsed"].([]any)[0], "list") != "ofac-sdn" || !strings.Contains(fmt.Sprint(d["summary"]), "Not screened, past the age limit: ofac-sdn") {
		t.Fatalf("a stale and an expired list: %d %s", a.status, a.raw)
	}
	if w := fmt.Sprint(d["warnings"]); !strings.Contains(w, "stale_list: un-consolidated is 10d") || !strings.Contains(w, "stale_list: ofac-sdn") {
		t.Errorf("warnings %s", w)
	}
	if a.meta()["charged"] == false {
		t.Errorf("a screen on a stale (not expired) list was not charged: %v", a.meta())
	}
	// The supplier check with a real company record: its screen is clear
	// on the UN list only, and says which list it did not use.
	file := filepath.Join(t.TempDir(), "registry.csv")
	if err := os.WriteFile(file, []byte(registryFile), 0o600); err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	if err := run(context.Background(), []string{"companies", "import", file, "--source", "test-registry", "--license", "test data", "--db", db}, noEnv, nil, &out, &errb); err != nil {
		t.Fatalf("companies import: %v %s %s", err, out.String(), errb.String())
	}
	a = post(t, supplier, `{"companyName":"Barka Steel Fabrication","crNumber":"2345678"}`, hdr)
	sc, _ = path(data(a), "checks", "sanctions").(map[string]any)
	sl, _ := sc["lists"].([]any)
	if a.status != 200 || sc["status"] != "clear" || len(sl) != 1 || path(sl[0], "name") != "un-consolidated" || path(sl[0], "freshness") != "stale" ||
		path(sl[0], "retrievedAt") == nil || path(sc["listsNotUsed"].([]any)[0], "name") != "ofac-sdn" || len(sc["warnings"].([]any)) != 2 ||
		a.meta()["charged"] == false {
		t.Errorf("supplier check on a stale and an expired list: %d %s", a.status, a.raw)
	}

	// The age of each source, in seconds.
	m := do(t, "GET", base+"/metrics", "", map[string]string{"Authorization": "Bearer " + testMetricsToken})
	re := regexp.MustCompile(`dalil_dataset_source_age_seconds\{dataset="sanctions",source="ofac-sdn",synthetic="false"\} ([0-9.e+]+)`)
	got := re.FindStringSubmatch(string(m.raw))
	if got == nil {
		t.Fatalf("no age of ofac-sdn in /metrics:\n%s", grepLines(string(m.raw), "dalil_dataset"))
	}
	if secs, _ := strconv.ParseFloat(got[1], 64); secs < 40*86400 || secs > 42*86400 {
		t.Errorf("ofac-sdn is %v s old, want 40 to 41 days", secs)
	}
	if !strings.Contains(string(m.raw), `dalil_dataset_source_age_seconds{dataset="companies",source="test-registry",synthetic="false"}`) {
		t.Errorf("no age of the companies source:\n%s", grepLines(string(m.raw), "dalil_dataset"))
	}
}

func grepLines(s, sub string) string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if strings.Contains(l, sub) {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}

// TestSanctionsAgeConfig: DALIL_SANCTIONS_MAX_AGE and _HARD_MAX_AGE are
// read as days or durations, defaulted and checked.
func TestSanctionsAgeConfig(t *testing.T) {
	load := func(env map[string]string) (*Config, error) {
		cfg, _, err := loadConfig(newFlagSet("serve", io.Discard), nil, func(k string) string { return env[k] })
		return cfg, err
	}
	cfg, err := load(nil)
	if err != nil || cfg.SanctionsAge.MaxAge != 7*24*time.Hour || cfg.SanctionsAge.HardMaxAge != 30*24*time.Hour {
		t.Fatalf("defaults %+v %v", cfg, err)
	}
	cfg, err = load(map[string]string{envSanctionsMaxAge: "2d", envSanctionsHardMaxAge: "240h"})
	if err != nil || cfg.SanctionsAge.MaxAge != 48*time.Hour || cfg.SanctionsAge.HardMaxAge != 10*24*time.Hour {
		t.Fatalf("set %+v %v", cfg.SanctionsAge, err)
	}
	for _, c := range []struct{ env map[string]string }{
		{map[string]string{envSanctionsMaxAge: "seven days"}},
		{map[string]string{envSanctionsMaxAge: "0d"}},
		{map[string]string{envSanctionsHardMaxAge: "-1h"}},
		{map[string]string{envSanctionsMaxAge: "40d"}}, // above the default hard limit
	} {
		if _, err := load(c.env); err == nil || !strings.Contains(err.Error(), "DALIL_SANCTIONS_") {
			t.Errorf("%v: %v", c.env, err)
		}
	}
}
