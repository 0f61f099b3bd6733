package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"dalil/internal/testenv"
)

// adminToken switches the admin API on in the end-to-end tests.
const adminToken = "oman-property-e2e-admin-token-0123456789"

// startDemo runs `dalil serve --demo` on db, with the admin API on, and
// returns its base URL and the demo key; the server stops with the test.
func startDemo(t *testing.T, db string) (base, key string) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	stderr := &lockedBuffer{}
	done := make(chan error, 1)
	go func() {
		env := func(k string) string {
			if k == "DALIL_ADMIN_TOKEN" {
				return adminToken
			}
			return ""
		}
		done <- run(ctx, []string{"serve", "--demo", "--addr", "127.0.0.1:0", "--db", db}, env, nil, io.Discard, stderr)
	}()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("serve: %v", err)
		}
	})
	addrRe := regexp.MustCompile(`listening on (http://[0-9.:]+)`)
	for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if m := addrRe.FindStringSubmatch(stderr.String()); m != nil {
			base = m[1]
			break
		}
	}
	k := regexp.MustCompile(`API key \(shown once\): (dk_live_[a-z0-9]+)`).FindStringSubmatch(stderr.String())
	if base == "" || k == nil {
		t.Fatalf("server did not start with a demo key: %s", stderr.String())
	}
	if !strings.Contains(stderr.String(), "synthetic Muscat comparables") {
		t.Errorf("demo comparables not loaded: %s", stderr.String())
	}
	return base, k[1]
}

func TestOmanPropertyEndToEndSQLite(t *testing.T) {
	testOmanPropertyEndToEnd(t, filepath.Join(t.TempDir(), "dalil.db"))
}

func TestOmanPropertyEndToEndPostgres(t *testing.T) {
	testOmanPropertyEndToEnd(t, testenv.FreshPostgresSchema(t, testenv.Postgres(t)))
}

// used is the demo account's subscription use: USD and calls.
func used(t *testing.T, base, key string) (float64, float64) {
	t.Helper()
	a := do(t, "GET", base+"/api/v1/account/balance", "", map[string]string{"X-API-Key": key})
	sub, _ := a.body["data"].(map[string]any)["subscription"].(map[string]any)
	if a.status != 200 || sub == nil {
		t.Fatalf("balance: %d %s", a.status, a.raw)
	}
	return sub["used"].(float64), sub["calls"].(map[string]any)["used"].(float64)
}

func testOmanPropertyEndToEnd(t *testing.T, db string) {
	base, key := startDemo(t, db)
	hdr := map[string]string{"X-API-Key": key}
	url := base + "/api/v1/oman/property/analyze"

	// A paid call on the demo data: a full answer saying it is synthetic,
	// and not charged: synthetic data is no evidence.
	body := `{"governorate":"Muscat","wilayat":"Bawshar","area":"الخوير","propertyType":"apartment","bedrooms":2,"bathrooms":2,"sizeSqm":120,"askingPriceOMR":68000,"askingMonthlyRentOMR":450,"furnished":"unfurnished","ageYears":8}`
	a := post(t, url, body, hdr)
	if a.status != 200 || a.meta()["price"] != 0.25 || a.meta()["charged"] != false || a.meta()["notChargedReason"] != "synthetic_data_only" {
		t.Fatalf("paid call: %d %s", a.status, a.raw)
	}
	data := a.body["data"].(map[string]any)
	if data["status"] != "ok" || data["normalizedLocation"].(map[string]any)["area"] != "Al Khuwair" || data["market"].(map[string]any)["estimatedMonthlyRentOMR"] == nil {
		t.Fatalf("answer: %s", a.raw)
	}
	if w := fmt.Sprint(data["warnings"]); !strings.Contains(w, "Synthetic demo data") {
		t.Errorf("warnings do not say synthetic: %s", w)
	}
	if ds := data["datasets"].([]any); len(ds) != 1 || ds[0].(map[string]any)["synthetic"] != true {
		t.Errorf("datasets = %v", ds)
	}
	usd, calls := used(t, base, key)
	if usd != 0 || calls != 0 {
		t.Fatalf("the synthetic-only answer was charged: used %v USD, %v calls", usd, calls)
	}

	// No comparables anywhere for 900 sqm townhouses: a 200 that is not charged.
	a = post(t, url, `{"governorate":"Muscat","area":"Qurayyat","propertyType":"townhouse","sizeSqm":1900,"askingPriceOMR":300000}`, hdr)
	if a.status != 200 || a.body["data"].(map[string]any)["status"] != "insufficient_comparables" {
		t.Fatalf("insufficient: %d %s", a.status, a.raw)
	}
	if a.meta()["charged"] != false || !strings.Contains(fmt.Sprint(a.meta()["notChargedReason"]), "insufficient_comparables") {
		t.Errorf("insufficient answer meta: %v", a.meta())
	}
	if usd, calls := used(t, base, key); usd != 0 || calls != 0 {
		t.Errorf("insufficient_comparables was charged: used %v USD, %v calls", usd, calls)
	}

	// Outside the Muscat governorate: 400 naming where it is, not charged.
	a = post(t, url, `{"governorate":"Muscat","area":"Sohar","propertyType":"villa","sizeSqm":300,"askingPriceOMR":150000}`, hdr)
	if a.status != 400 || a.code() != "INVALID_INPUT" || !strings.Contains(string(a.raw), "North Al Batinah") {
		t.Errorf("outside Muscat: %d %s", a.status, a.raw)
	}
	a = post(t, url, `{"governorate":"Muscat","area":"Al Khuwiar","propertyType":"villa","sizeSqm":300,"askingPriceOMR":150000}`, hdr)
	if a.status != 400 || !strings.Contains(string(a.raw), "Did you mean Al Khuwair") {
		t.Errorf("near miss: %d %s", a.status, a.raw)
	}
	if usd, calls := used(t, base, key); usd != 0 || calls != 0 {
		t.Errorf("refused calls were charged: used %v USD, %v calls", usd, calls)
	}

	// The preview: free, counts and levels, never a paid figure.
	a = post(t, base+"/api/v1/preview/analyze_oman_property", body, nil)
	if a.status != 200 || a.body["data"].(map[string]any)["status"] != "available" {
		t.Fatalf("preview: %d %s", a.status, a.raw)
	}
	sig := a.body["data"].(map[string]any)["preview"].(map[string]any)["signals"].(map[string]any)
	if sig["syntheticOnly"] != true || sig["wouldBeCharged"] != false || sig["rentMatchLevel"] != "area" || sig["rentalComparablesFound"].(float64) < 3 {
		t.Errorf("preview signals = %v", sig)
	}
	checkNoPaidKeys(t, a.raw)
	if usd, calls := used(t, base, key); usd != 0 || calls != 0 {
		t.Errorf("preview charged: used %v USD, %v calls", usd, calls)
	}

	// An operator's import (CLI, same database): real rows join the demo ones.
	file := filepath.Join(t.TempDir(), "khuwair.csv")
	csv := "area,propertyType,bedrooms,sizeSqm,kind,amountOMR,date,sourceType\n"
	for i := range 8 {
		csv += fmt.Sprintf("Al Khuwair,apartment,2,%d,rent,%d,%s,transaction\n", 115+i, 380+5*i, time.Now().AddDate(0, 0, -10-i).Format(time.DateOnly))
	}
	if err := os.WriteFile(file, []byte(csv), 0o600); err != nil {
		t.Fatal(err)
	}
	rep := cli(t, db, "comparables", "import", file, "--source", "agency-2026-11", "--license", "licensed for internal use", "--json")
	if rep["imported"] != 8.0 || rep["refused"] != false {
		t.Fatalf("import: %v", rep)
	}
	if rep := cli(t, db, "comparables", "import", file, "--source", "agency-2026-11", "--license", "licensed for internal use", "--json"); rep["unchanged"] != true {
		t.Errorf("second import: %v", rep)
	}
	st := cli(t, db, "comparables", "stats", "--json")
	if len(st["batches"].([]any)) != 2 {
		t.Errorf("stats: %v", st)
	}
	a = post(t, url, body, hdr)
	if a.status != 200 || a.meta()["charged"] == false || a.meta()["paymentMethod"] != "subscription" ||
		!strings.Contains(fmt.Sprint(a.meta()["evidence"]), "kind:dataset") {
		t.Fatalf("after import (real rows: charged, with a dataset source): %d %s", a.status, a.raw)
	}
	data = a.body["data"].(map[string]any)
	sources := fmt.Sprint(data["provenance"])
	if !strings.Contains(sources, "agency-2026-11") || len(data["datasets"].([]any)) != 2 {
		t.Errorf("provenance after import: %s / %v", sources, data["datasets"])
	}
	if usd, calls := used(t, base, key); usd != 0.25 || calls != 1 {
		t.Errorf("second paid call: used %v USD, %v calls", usd, calls)
	}

	// The same importer through the admin API: an unreadable file and a
	// file with a bad row are 400s naming the line; skipBad imports the rest.
	admin := map[string]string{"Authorization": "Bearer " + adminToken, "Content-Type": "text/csv"}
	importURL := base + "/admin/v1/datasets/comparables/import?source=agency-b&license=internal"
	a = do(t, "POST", importURL, "area,colour\nAl Khuwair,blue\n", admin)
	if a.status != 400 || a.code() != "INVALID_INPUT" || !strings.Contains(string(a.raw), "unknown column") {
		t.Errorf("unreadable file: %d %s", a.status, a.raw)
	}
	bad := "area,propertyType,bedrooms,sizeSqm,kind,amountOMR,date\nAzaiba,apartment,2,100,sale,70000,2026-10-01\nSalalah,apartment,2,100,sale,70000,2026-10-01\n"
	a = do(t, "POST", importURL, bad, admin)
	errs, _ := a.details()["errors"].([]any)
	if a.status != 400 || len(errs) != 1 || errs[0].(map[string]any)["line"] != 3.0 || errs[0].(map[string]any)["field"] != "area" {
		t.Errorf("bad row: %d %s", a.status, a.raw)
	}
	a = do(t, "POST", importURL+"&skipBad=true", bad, admin)
	if a.status != 200 || a.body["data"].(map[string]any)["imported"] != 1.0 {
		t.Errorf("skipBad: %d %s", a.status, a.raw)
	}
	a = do(t, "GET", base+"/admin/v1/datasets/comparables", "", admin)
	if a.status != 200 || !strings.Contains(string(a.raw), `"byArea"`) || !strings.Contains(string(a.raw), "agency-b") {
		t.Errorf("admin stats: %d %.400s", a.status, a.raw)
	}
}

// paidKeys are names that only the paid answer has: rent, value, yield,
// position and their figures. The preview must have none, at any depth.
var paidKeys = []string{"estimatedMonthlyRentOMR", "estimatedAnnualRentOMR", "estimatedValueOMR", "rentPerSqmOMR", "salePricePerSqmOMR",
	"grossYieldPct", "netYieldPct", "estimatedNetIncomeOMR", "investment", "market", "pricePosition", "rentPosition", "marketPosition",
	"percentile", "observedComparableRange", "differenceFromMedianPct", "comparablesSummary", "comparablesUsed", "median", "low", "high",
	"medianRentPerSqm", "amountOMR", "perSqmOMR", "confidence", "score", "historicalBenchmarks"}

func checkNoPaidKeys(t *testing.T, raw []byte) {
	t.Helper()
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatal(err)
	}
	var walk func(v any, path string)
	walk = func(v any, path string) {
		switch x := v.(type) {
		case map[string]any:
			for k, sub := range x {
				for _, p := range paidKeys {
					if strings.EqualFold(k, p) {
						t.Errorf("preview has paid key %s.%s", path, k)
					}
				}
				walk(sub, path+"."+k)
			}
		case []any:
			for i, sub := range x {
				walk(sub, fmt.Sprintf("%s.%d", path, i))
			}
		}
	}
	walk(v, "")
}
