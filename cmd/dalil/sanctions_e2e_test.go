package main

import (
	"bytes"
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"dalil/internal/testenv"
)

func TestSanctionsEndToEndSQLite(t *testing.T) {
	testSanctionsEndToEnd(t, filepath.Join(t.TempDir(), "dalil.db"))
}

// serve --demo screens against the synthetic demo list, and says so.
func TestSanctionsDemo(t *testing.T) {
	base, key := startDemo(t, filepath.Join(t.TempDir(), "demo.db"))
	a := post(t, base+"/api/v1/risk/sanctions-screen", `{"name":"سالم حمد الديموي","country":"YE","dateOfBirth":"1975"}`, map[string]string{"X-API-Key": key})
	d := data(a)
	if a.status != 200 || d["status"] != "high_confidence_match" || !strings.Contains(fmt.Sprint(d["warnings"]), "synthetic") ||
		path(d["lists"].([]any)[0], "synthetic") != true || path(d["lists"].([]any)[0], "list") != "demo-sanctions" {
		t.Fatalf("demo: %d %s", a.status, a.raw)
	}
}

func TestSanctionsEndToEndPostgres(t *testing.T) {
	testSanctionsEndToEnd(t, testenv.FreshPostgresSchema(t, testenv.Postgres(t)))
}

// sanctionsFile is a test file of dataset/sanctions.
func sanctionsFile(name string) string {
	return filepath.Join("..", "..", "dataset", "sanctions", "testdata", name)
}

// sanctionsImport runs `dalil sanctions import` (while the server runs).
func sanctionsImport(t *testing.T, db string, args ...string) (string, error) {
	t.Helper()
	var out, errb bytes.Buffer
	err := run(context.Background(), append([]string{"sanctions", "import"}, append(args, "--db", db)...), noEnv, nil, &out, &errb)
	return out.String() + errb.String(), err
}

func testSanctionsEndToEnd(t *testing.T, db string) {
	acct := cli(t, db, "accounts", "create", "--name", "screener", "--plan", "developer", "--credits", "5")
	key := acct["apiKey"].(string)
	base := startPlainServe(t, db)
	hdr := map[string]string{"X-API-Key": key}
	url := base + "/api/v1/risk/sanctions-screen"

	// Nothing imported: 503 PROVIDER_NOT_CONFIGURED, status not_checked,
	// never clear, not charged.
	a := post(t, url, `{"name":"Khalid Saif Al-Example"}`, hdr)
	if a.status != 503 || a.code() != "PROVIDER_NOT_CONFIGURED" || a.details()["status"] != "not_checked" || !strings.Contains(string(a.raw), "sanctions import") {
		t.Fatalf("nothing imported: %d %s", a.status, a.raw)
	}
	if usd, calls := used(t, base, key); usd != 0 || calls != 0 {
		t.Fatalf("charged with nothing imported: %v USD, %v calls", usd, calls)
	}

	// The operator imports the OFAC SDN XML and the UN list.
	if out, err := sanctionsImport(t, db, sanctionsFile("sdn.xml"), "--format", "ofac-xml", "--source", "ofac-sdn", "--license", "public domain (17 U.S.C. 105)"); err != nil {
		t.Fatalf("import sdn.xml: %v %s", err, out)
	}
	if out, err := sanctionsImport(t, db, sanctionsFile("un.xml"), "--format", "un-xml", "--source", "un-consolidated", "--license", "UN public information"); err != nil {
		t.Fatalf("import un.xml: %v %s", err, out)
	}
	// OpenSanctions without a commercial licence: refused, nothing imported.
	out, err := sanctionsImport(t, db, sanctionsFile("entities.ftm.json"), "--format", "ftm", "--source", "opensanctions", "--license", "CC BY-NC 4.0")
	if err == nil || !strings.Contains(err.Error()+out, "commercial licence") {
		t.Fatalf("ftm without a commercial licence: %v %s", err, out)
	}

	// An alias written in Arabic, with a corroborating country: high.
	a = post(t, url, `{"name":"خالد سيف المثال","country":"Yemen","entityType":"individual"}`, hdr)
	d := data(a)
	ms, _ := d["matches"].([]any)
	if a.status != 200 || d["status"] != "high_confidence_match" || len(ms) != 1 {
		t.Fatalf("Arabic alias: %d %s", a.status, a.raw)
	}
	m := ms[0].(map[string]any)
	if m["listedName"] != "Khalid Saif AL-EXAMPLE" || m["matchedAlias"] != "Khaled Seif AL-MITHAL" || m["list"] != "ofac-sdn" || m["listVersion"] != "2026-10-28" ||
		m["matchScore"] != 1.0 || m["matchStrength"] != "high" || !strings.Contains(fmt.Sprint(m["corroboratingIdentifiers"]), "country YE") ||
		len(m["contradictions"].([]any)) != 0 || m["entityId"] != "90001" {
		t.Errorf("match: %v", m)
	}
	lists, _ := d["lists"].([]any)
	if len(lists) != 2 || path(lists[0], "version") != "2026-10-28" || path(lists[1], "list") != "un-consolidated" || path(lists[1], "entries") != 2.0 {
		t.Errorf("lists: %v", d["lists"])
	}
	if a.meta()["charged"] == false || a.meta()["price"] != 0.05 {
		t.Errorf("a screening is charged: %v", a.meta())
	}

	// A transliteration with a contradicting date of birth: possible.
	a = post(t, url, `{"name":"Abdulrahman Mohamed Al Sample","dateOfBirth":"1990-01-01"}`, hdr)
	d = data(a)
	if a.status != 200 || d["status"] != "possible_match" || !strings.Contains(fmt.Sprint(path(d["matches"].([]any)[0], "contradictions")), "1968-02-14") {
		t.Errorf("contradicted: %d %s", a.status, a.raw)
	}
	// The registration number the list states: high, by identifier.
	a = post(t, url, `{"name":"Gulf Example Shipping","registrationNumber":"1122334"}`, hdr)
	if d = data(a); a.status != 200 || d["status"] != "high_confidence_match" {
		t.Errorf("identifier: %d %s", a.status, a.raw)
	}
	// A near miss stays out; no match is an answer, charged.
	a = post(t, url, `{"name":"Oman Trading Services LLC","country":"OM"}`, hdr)
	if d = data(a); a.status != 200 || d["status"] != "no_match_found" || len(d["matches"].([]any)) != 0 || len(d["listsChecked"].([]any)) != 2 {
		t.Errorf("no match: %d %s", a.status, a.raw)
	}
	// The threshold may be raised, never lowered.
	a = post(t, url, `{"name":"Abdulrahman Mohamed Al Sample","threshold":1}`, hdr)
	if d = data(a); a.status != 200 || d["threshold"] != 1.0 {
		t.Errorf("threshold 1: %d %s", a.status, a.raw)
	}
	for _, body := range []string{`{"name":"X Y","threshold":0.5}`, `{"name":"A"}`, `{"name":"Ali","country":"Atlantis"}`, `{"name":"Ali","dateOfBirth":"1990-13-45"}`,
		`{"name":"Ali","entityType":"company"}`, `{"name":"Ali","unknown":1}`, `{"name":"!!"}`} {
		if a := post(t, url, body, hdr); a.status != 400 || a.code() != "INVALID_INPUT" {
			t.Errorf("%s: %d %s", body, a.status, a.raw)
		}
	}
	// Charged: the five answered screenings, nothing else.
	if usd, calls := used(t, base, key); calls != 5 || fmt.Sprintf("%.2f", usd) != "0.25" {
		t.Errorf("charged %v USD for %v calls, want 0.25 for 5", usd, calls)
	}

	st := cli(t, db, "sanctions", "stats", "--json")
	if st["rows"] != 5.0 || len(st["batches"].([]any)) != 2 {
		t.Errorf("stats: %v", st)
	}
	// In the capabilities listing, with its price.
	c := do(t, "GET", base+"/api/v1/capabilities", "", nil)
	if !strings.Contains(string(c.raw), `"sanctions_screen"`) {
		t.Errorf("capabilities listing: %s", c.raw)
	}
}
