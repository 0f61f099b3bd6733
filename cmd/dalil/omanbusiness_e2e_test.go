package main

import (
	"bytes"
	"context"
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

// startPlainServe runs `dalil serve` (no --demo) on db and returns its base URL.
func startPlainServe(t *testing.T, db string) string {
	t.Helper()
	return startServeEnv(t, db, noEnv)
}

// startServeEnv is startPlainServe with the environment getenv.
func startServeEnv(t *testing.T, db string, getenv func(string) string) string {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	stderr := &lockedBuffer{}
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, []string{"serve", "--addr", "127.0.0.1:0", "--db", db}, getenv, nil, io.Discard, stderr)
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
			return m[1]
		}
	}
	t.Fatalf("server did not start: %s", stderr.String())
	return ""
}

func TestOmanBusinessEndToEndSQLite(t *testing.T) {
	dir := t.TempDir()
	testOmanBusinessEmpty(t, filepath.Join(dir, "empty.db"))
	testOmanBusinessDemo(t, filepath.Join(dir, "demo.db"))
}

func TestOmanBusinessEndToEndPostgres(t *testing.T) {
	url := testenv.Postgres(t)
	testOmanBusinessEmpty(t, testenv.FreshPostgresSchema(t, url))
	testOmanBusinessDemo(t, testenv.FreshPostgresSchema(t, url))
}

// bannedWords must never appear in a supplier screen.
var bannedWords = regexp.MustCompile(`(?i)\b(approved|certified|cleared|kyc passed|sanctioned)\b`)

func data(a answer) map[string]any { d, _ := a.body["data"].(map[string]any); return d }

func path(v any, keys ...string) any {
	for _, k := range keys {
		m, ok := v.(map[string]any)
		if !ok {
			return nil
		}
		v = m[k]
	}
	return v
}

// Nothing imported, no provider: the business routes can say nothing (503
// PROVIDER_NOT_CONFIGURED, not charged); the supplier check answers
// honestly (insufficient_data, not_checked, low confidence), not charged.
func testOmanBusinessEmpty(t *testing.T, db string) {
	acct := cli(t, db, "accounts", "create", "--name", "buyer", "--plan", "developer", "--credits", "5")
	key := acct["apiKey"].(string)
	base := startPlainServe(t, db)
	hdr := map[string]string{"X-API-Key": key}
	for _, c := range []struct{ path, body string }{
		{"/api/v1/business/search", `{"query":"Al Noor Trading"}`},
		{"/api/v1/business/profile", `{"companyId":"OM-CR-1000001"}`},
		{"/api/v1/business/analyze", `{"companyId":"OM-CR-1000001","purpose":"supplier"}`},
		{"/api/v1/business/due-diligence", `{"companyId":"OM-CR-1000001","transactionType":"supplier_contract"}`},
	} {
		a := post(t, base+c.path, c.body, hdr)
		if a.status != 503 || a.code() != "PROVIDER_NOT_CONFIGURED" || !strings.Contains(string(a.raw), "companies import") {
			t.Errorf("%s with nothing imported: %d %s", c.path, a.status, a.raw)
		}
	}
	a := post(t, base+"/api/v1/procurement/oman-supplier-check", `{"companyName":"Al Noor Trading LLC","crNumber":"1000001","email":"info@gmail.com","phone":"+968 2412 3456"}`, hdr)
	d := data(a)
	if a.status != 200 || path(d, "screeningResult", "risk") != "insufficient_data" || path(d, "screeningResult", "procurementSuitability") != "insufficient_information" ||
		path(d, "checks", "sanctions", "status") != "not_checked" || path(d, "checks", "publicRisk", "status") != "not_checked" ||
		path(d, "checks", "companyIdentity", "execution") != "not_checked" || path(d, "supplier", "identityMatch") != "unconfirmed" {
		t.Fatalf("supplier check with nothing configured: %d %s", a.status, a.raw)
	}
	if c := d["confidence"].(float64); c > 0.25 {
		t.Errorf("confidence %v with nothing to go on", c)
	}
	if a.meta()["charged"] != false || !strings.Contains(fmt.Sprint(a.meta()["notChargedReason"]), "insufficient_data") {
		t.Errorf("insufficient supplier check meta: %v", a.meta())
	}
	if bannedWords.Match(a.raw) {
		t.Errorf("banned wording: %s", bannedWords.Find(a.raw))
	}
	if usd, calls := used(t, base, key); usd != 0 || calls != 0 {
		t.Errorf("charged with nothing imported: %v USD, %v calls", usd, calls)
	}
	p := post(t, base+"/api/v1/preview/oman_supplier_check", `{"companyName":"Al Noor Trading LLC"}`, nil)
	if p.status != 200 || data(p)["status"] != "limited" || path(data(p), "preview", "signals", "companyRecordsLoaded") != false {
		t.Errorf("preview: %d %s", p.status, p.raw)
	}
	p = post(t, base+"/api/v1/preview/search_oman_company", `{"query":"x"}`, nil)
	if p.status != 200 || data(p)["status"] != "unavailable" {
		t.Errorf("business preview: %d %s", p.status, p.raw)
	}
}

const registryFile = `recordId,crNumber,nameEn,nameAr,legalForm,status,registrationDate,industry,activities,governorate,wilayat,address,website,email,phone,sourceType,sourceUrl,observedAt
reg-1,2345678,Barka Steel Fabrication LLC,بركاء لتصنيع الحديد ش.م.م,LLC,active,2011-05-01,Steel fabrication,2511 Manufacture of structural metal products;4662 Wholesale of metals,South Al Batinah,Barka,"Barka Industrial Area",https://barkasteel.om,sales@barkasteel.om,+968 2688 1234,public_registry,https://registry.example/2345678,2026-10-15
`

func testOmanBusinessDemo(t *testing.T, db string) {
	base, key := startDemo(t, db)
	hdr := map[string]string{"X-API-Key": key}
	search := func(body string) answer { return post(t, base+"/api/v1/business/search", body, hdr) }
	// demoOnly: an answer resting on synthetic demo data alone is sent
	// and not charged.
	demoOnly := func(a answer) bool {
		return a.meta()["charged"] == false && a.meta()["notChargedReason"] == "synthetic_data_only"
	}
	supplier := func(body string, charged bool) map[string]any {
		t.Helper()
		a := post(t, base+"/api/v1/procurement/oman-supplier-check", body, hdr)
		if a.status != 200 || (a.meta()["charged"] != false) != charged || (!charged && !demoOnly(a)) {
			t.Fatalf("supplier check %s (charged %v): %d %s", body, charged, a.status, a.raw)
		}
		if bannedWords.Match(a.raw) {
			t.Errorf("banned wording %q in %s", bannedWords.Find(a.raw), a.raw)
		}
		return data(a)
	}

	// Search: CR, exact, typo, Arabic, and the same name under two CRs.
	for _, c := range []struct{ q, id, by string }{
		{`{"query":"1000001"}`, "OM-CR-1000001", "cr_number"},
		{`{"query":"al noor trading l.l.c."}`, "OM-CR-1000001", "exact_name"},
		{`{"query":"Al Nour Tradng"}`, "OM-CR-1000001", "similar_name"},
		{`{"query":"شركة النور للتجارة"}`, "OM-CR-1000001", "exact_name"},
		{`{"query":"Gulf Star","governorate":"North Al Batinah"}`, "OM-CR-1000002", "prefix"},
	} {
		a := search(c.q)
		m, _ := path(data(a), "matches").([]any)
		if a.status != 200 || len(m) == 0 || path(m[0], "companyId") != c.id || path(m[0], "matchedBy") != c.by || path(m[0], "synthetic") != true || !demoOnly(a) {
			t.Errorf("search %s: %d %s", c.q, a.status, a.raw)
		}
	}
	a := search(`{"query":"Oman Trading LLC"}`)
	m, _ := path(data(a), "matches").([]any)
	if len(m) < 2 || !demoOnly(a) || path(m[0], "confidence") != 0.94 || path(m[1], "confidence") != 0.94 || path(m[0], "companyId") == path(m[1], "companyId") {
		t.Errorf("same name, two CRs: %s", a.raw)
	}
	a = search(`{"query":"Zzqx Vvjk"}`)
	if a.status != 200 || path(data(a), "totalMatches") != 0.0 || a.meta()["charged"] != false {
		t.Errorf("no match: %d %s", a.status, a.raw)
	}
	a = search(`{"query":"x","limit":0}`)
	if a.status != 400 || a.code() != "INVALID_INPUT" {
		t.Errorf("limit 0: %d %s", a.status, a.raw)
	}

	// Profile, analysis, due diligence of a demo company: answered, marked synthetic.
	a = post(t, base+"/api/v1/business/profile", `{"companyId":"OM-CR-1000001"}`, hdr)
	if a.status != 200 || !demoOnly(a) || path(data(a), "company", "registrationNumber") != "1000001" || path(data(a), "company", "wilayat") != "Bawshar" ||
		!strings.Contains(fmt.Sprint(data(a)["warnings"]), "synthetic") || path(data(a), "sources").([]any)[0].(map[string]any)["sourceType"] != "demo" {
		t.Errorf("profile: %d %s", a.status, a.raw)
	}
	a = post(t, base+"/api/v1/business/profile", `{"companyId":"OM-CR-9999999"}`, hdr)
	if a.status != 404 || a.code() != "COMPANY_NOT_FOUND" {
		t.Errorf("unknown company: %d %s", a.status, a.raw)
	}
	a = post(t, base+"/api/v1/business/analyze", `{"companyId":"OM-CR-1000004","purpose":"supplier"}`, hdr)
	if a.status != 200 || !demoOnly(a) || !strings.Contains(string(a.raw), "INACTIVE_COMPANY") {
		t.Errorf("analyze inactive: %d %s", a.status, a.raw)
	}
	a = post(t, base+"/api/v1/business/due-diligence", `{"companyId":"OM-CR-1000001","transactionType":"investment","transactionValueOMR":250000}`, hdr)
	if a.status != 200 || !demoOnly(a) || path(data(a), "verification", "identityVerified") != false || !strings.Contains(string(a.raw), "legal counsel") {
		t.Errorf("due diligence: %d %s", a.status, a.raw)
	}
	// Screened through the engine, against the synthetic demo list only:
	// never "no match"; the website was not fetched (fetching is off), so
	// neither a strong footprint nor high coverage; unverified, not low.
	if path(data(a), "sanctionsScreening", "status") != "synthetic_lists_only" || path(data(a), "websiteCheck", "status") != "not_checked" ||
		path(data(a), "commercialAssessment", "digitalFootprint") == "strong" || path(data(a), "commercialAssessment", "publicInformationCoverage") == "high" ||
		path(data(a), "riskAssessment", "riskLevel") == "low" || !strings.Contains(string(a.raw), "IDENTITY_NOT_VERIFIED") {
		t.Errorf("due diligence checks: %s", a.raw)
	}
	// Nothing charged: every answer rests on the synthetic demo companies
	// only (synthetic_data_only), and the search that found nothing, the
	// 400 and the 404 are never charged.
	if usd, calls := used(t, base, key); calls != 0 || usd != 0 {
		t.Errorf("charged %v USD for %v calls on demo data only", usd, calls)
	}

	// Supplier check on demo data: never a confirmed identity.
	d := supplier(`{"companyName":"Al Noor Trading LLC","crNumber":"1000001","website":"alnoor-trading.example","email":"info@alnoor-trading.example","phone":"+968 2412 3456","address":"Bawshar, Muscat","requiredProductOrService":"construction materials"}`, false)
	if path(d, "screeningResult", "identityConfirmed") != false || path(d, "supplier", "identityMatch") == "strong" ||
		path(d, "dataCoverage", "demoDataOnly") != true || path(d, "screeningResult", "procurementSuitability") == "appears_suitable" ||
		!strings.Contains(fmt.Sprint(d["riskFlags"]), "DEMO_DATA_ONLY") {
		t.Errorf("demo supplier: %v", d)
	}
	// The demo sanctions list is screened and named with its version.
	if path(d, "checks", "sanctions", "status") != "clear" || path(d, "checks", "sanctions", "execution") != "performed" ||
		len(path(d, "checks", "sanctions", "lists").([]any)) != 1 {
		t.Errorf("sanctions on the demo list: %v", path(d, "checks", "sanctions"))
	}
	// A supplier whose name is on the list: potential_match, high.
	d = supplier(`{"companyName":"Demo Horizon Shipping LLC","address":"Sohar"}`, false)
	if path(d, "checks", "sanctions", "status") != "potential_match" || path(d, "screeningResult", "risk") != "high" ||
		!strings.Contains(fmt.Sprint(d["riskFlags"]), "POTENTIAL_SANCTIONS_MATCH") {
		t.Errorf("listed name: %v", d["checks"])
	}
	// A CR that belongs to another company: high, CR_NUMBER_CONFLICT.
	d = supplier(`{"companyName":"Gulf Star Logistics SPC","crNumber":"1000001"}`, false)
	if path(d, "screeningResult", "risk") != "high" || path(d, "screeningResult", "procurementSuitability") != "potential_risk" ||
		!strings.Contains(fmt.Sprint(d["riskFlags"]), "CR_NUMBER_CONFLICT") || path(d, "checks", "companyIdentity", "points").(float64) < 35 {
		t.Errorf("CR of another company: %v", d)
	}

	// A registry-grade record imported by the operator (the CLI, while the
	// server runs): strong identity, appears_suitable.
	file := filepath.Join(t.TempDir(), "registry.csv")
	if err := os.WriteFile(file, []byte(registryFile), 0o600); err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	if err := run(context.Background(), []string{"companies", "import", file, "--source", "test-registry", "--license", "test data", "--db", db}, noEnv, nil, &out, &errb); err != nil {
		t.Fatalf("companies import: %v %s %s", err, out.String(), errb.String())
	}
	d = supplier(`{"companyName":"Barka Steel Fabrication","crNumber":"2345678","website":"barkasteel.om","email":"info@barkasteel.om","phone":"26881234","address":"Barka, South Al Batinah","requiredProductOrService":"steel fabrication"}`, true)
	if path(d, "supplier", "identityMatch") != "strong" || path(d, "screeningResult", "identityConfirmed") != true ||
		path(d, "screeningResult", "procurementSuitability") != "appears_suitable" || path(d, "screeningResult", "risk") != "low" {
		t.Errorf("strong identity: %v", d)
	}
	// "Barka Iron Works" resembles the real record only faintly (a word
	// shared, under the match threshold): a possible match, no result,
	// not charged (issue 30). A name sharing no word or sound with any
	// record ("Omantel") is not even a possible match: candidates come
	// from the name index (issue 34).
	a = search(`{"query":"Barka Iron Works"}`)
	if a.status != 200 || len(path(data(a), "matches").([]any)) != 0 || path(data(a), "totalMatches") != 0.0 || a.meta()["charged"] != false ||
		!strings.Contains(fmt.Sprint(path(data(a), "possibleMatches")), "OM-CR-2345678") {
		t.Errorf("low-confidence search: %d %s", a.status, a.raw)
	}
	// Only the check on the real record was charged.
	if _, calls := used(t, base, key); calls != 1 {
		t.Errorf("%v calls charged, want the one on a real record", calls)
	}
	// Due diligence of the real record: charged; the demo list is still
	// no real screening, and the unfetched website no strong footprint.
	a = post(t, base+"/api/v1/business/due-diligence", `{"companyId":"OM-CR-2345678","transactionType":"supplier_contract"}`, hdr)
	if a.status != 200 || a.meta()["charged"] == false || path(data(a), "sanctionsScreening", "status") != "synthetic_lists_only" ||
		path(data(a), "commercialAssessment", "digitalFootprint") == "strong" || path(data(a), "verification", "identityVerified") != true {
		t.Errorf("due diligence of a real record: %d %s", a.status, a.raw)
	}
	st := cli(t, db, "companies", "stats", "--json")
	if st["rows"] != 11.0 || len(st["batches"].([]any)) != 2 {
		t.Errorf("stats: %v", st)
	}
	// Preview: free, the identity lookup only.
	p := post(t, base+"/api/v1/preview/oman_supplier_check", `{"companyName":"Barka Steel Fabrication LLC"}`, nil)
	if p.status != 200 || data(p)["status"] != "available" || strings.Contains(string(p.raw), "riskScore") {
		t.Errorf("preview: %d %s", p.status, p.raw)
	}
	// On a demo record with the demo list only: synthetic, not high, not
	// charged, no sanctions screening configured (issue 30 item 5).
	p = post(t, base+"/api/v1/preview/oman_supplier_check", `{"companyName":"Al Noor Trading LLC","crNumber":"1000001"}`, nil)
	if p.status != 200 || path(data(p), "preview", "signals", "syntheticOnly") != true || path(data(p), "preview", "signals", "wouldBeCharged") != false ||
		path(data(p), "preview", "signals", "sanctionsConfigured") != false || path(data(p), "preview", "dataCoverage") == "high" {
		t.Errorf("demo preview: %d %s", p.status, p.raw)
	}
}
