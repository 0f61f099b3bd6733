package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"dalil/capabilities/businessrisk"
	"dalil/dataset/jurisdictions"
)

// Issue 31 item 7 through a real server: business_risk_score judges the
// country against the FATF lists and names them with their date: the
// embedded default (19 June 2026; warned stale once past 135 days), then
// the publication the operator imports with `dalil jurisdictions import`,
// as soon as it is imported; its source's age is in /metrics.
func TestJurisdictionsEndToEnd(t *testing.T) {
	db := filepath.Join(t.TempDir(), "dalil.db")
	acct := cli(t, db, "accounts", "create", "--name", "risk", "--plan", "developer", "--credits", "5")
	key := acct["apiKey"].(string)
	base := startServeEnv(t, db, func(k string) string { return map[string]string{"DALIL_METRICS_TOKEN": testMetricsToken}[k] })
	// A sanctions list is a source business_risk_score can assess with.
	if out, err := sanctionsImport(t, db, sanctionsFile("sdn.xml"), "--format", "ofac-xml", "--source", "ofac-sdn", "--license", "public domain"); err != nil {
		t.Fatalf("import sdn.xml: %v %s", err, out)
	}
	score := func(country string) (map[string]any, answer) {
		t.Helper()
		a := post(t, base+"/api/v1/risk/business-risk-score", `{"companyName":"Caspian Sample Trading Co","country":"`+country+`"}`, map[string]string{"X-API-Key": key})
		if a.status != 200 || data(a)["status"] != "assessed" {
			t.Fatalf("business_risk_score %s: %d %s", country, a.status, a.raw)
		}
		return data(a), a
	}
	flags := func(d map[string]any) string { return fmt.Sprint(d["riskFlags"]) }

	// The embedded default.
	d, _ := score("IR")
	ls, _ := d["jurisdictionLists"].([]any)
	if len(ls) != 2 || path(ls[0], "list") != "call_for_action" || path(ls[0], "published") != "2026-06-19" || path(ls[0], "embedded") != true ||
		path(ls[0], "listed") != true || path(ls[0], "jurisdictions") != 3.0 || path(ls[1], "jurisdictions") != 22.0 ||
		!strings.Contains(flags(d), "HIGH_RISK_JURISDICTION") || !strings.Contains(flags(d), "published 2026-06-19") {
		t.Fatalf("default lists: %v\nflags %s", ls, flags(d))
	}
	staleDefault := time.Since(jurisdictions.Default().PublishedAt()) > businessrisk.JurisdictionsMaxAge
	if warned := strings.Contains(fmt.Sprint(d["warnings"]), "stale_list: the FATF jurisdiction lists used (published 2026-06-19)"); warned != staleDefault {
		t.Errorf("stale_list warning %v, want %v: %v", warned, staleDefault, d["warnings"])
	}

	// The operator imports a newer publication (written for the test,
	// dated ten days ago): used at once.
	published := time.Now().UTC().AddDate(0, 0, -10).Format(time.DateOnly)
	file := filepath.Join(t.TempDir(), "fatf.csv")
	body := "list,country,name,published\ncall_for_action,KP,DPRK," + published + "\ncall_for_action,IR,Iran," + published + "\nincreased_monitoring,KE,Kenya," + published + "\n"
	if err := os.WriteFile(file, []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	if err := run(context.Background(), []string{"jurisdictions", "import", file, "--source", "fatf-test", "--license", "FATF public statements", "--db", db},
		noEnv, nil, &out, &errb); err != nil {
		t.Fatalf("jurisdictions import: %v %s %s", err, out.String(), errb.String())
	}
	d, _ = score("KE")
	ls, _ = d["jurisdictionLists"].([]any)
	if len(ls) != 2 || path(ls[1], "list") != "increased_monitoring" || path(ls[1], "published") != published || path(ls[1], "embedded") != false ||
		path(ls[1], "source") != "fatf-test" || path(ls[1], "batch") == nil || path(ls[1], "listed") != true || path(ls[0], "listed") != false ||
		!strings.Contains(flags(d), "JURISDICTION_UNDER_INCREASED_MONITORING") || strings.Contains(fmt.Sprint(d["warnings"]), "stale_list: the FATF") {
		t.Fatalf("imported lists: %v\nflags %s\nwarnings %v", ls, flags(d), d["warnings"])
	}
	st := cli(t, db, "jurisdictions", "stats", "--json")
	if path(st, "coverage", "used") != "imported" || path(st, "coverage", "published") != published || len(st["batches"].([]any)) != 1 {
		t.Errorf("stats: %v", st)
	}
	m := do(t, "GET", base+"/metrics", "", map[string]string{"Authorization": "Bearer " + testMetricsToken})
	if !strings.Contains(string(m.raw), `dalil_dataset_source_age_seconds{dataset="jurisdictions",source="fatf-test",synthetic="false"}`) {
		t.Errorf("no age of the jurisdictions source:\n%s", grepLines(string(m.raw), "dalil_dataset"))
	}
}
