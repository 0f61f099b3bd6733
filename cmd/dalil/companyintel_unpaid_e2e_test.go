package main

import (
	"fmt"
	"strings"
	"testing"

	"dalil/capabilities/companyintel"
	"dalil/internal/safehttp/safehttptest"
)

// TestIntelNoSourceToAskEndToEnd: through the server dalil serve builds,
// with Companies House (GB only) as the only vendor configured and no
// web search, requests no configured source can be asked for get a 200
// that is not charged (meta.charged false, meta.notChargedReason
// no_applicable_source, the account's credits and ledger untouched,
// Companies House never asked): find_companies for a company in FR or
// without a query, and analyze_company_risk for a website alone (the
// register and the sanctions screen both need a company name). The
// same server asked about a GB company asks the register and charges.
// docs/company-intelligence.md "When no source can be asked".
func TestIntelNoSourceToAskEndToEnd(t *testing.T) {
	f := newIntelFakes(t)
	s := errServer{newIntelServer(t, map[string]string{
		"DALIL_COMPANIES_HOUSE_API_KEY": "ch-k3y", "DALIL_COMPANIES_HOUSE_URL": f.ch.BaseURL(),
		"DALIL_RATE_LIMITS": "free=100000",
	}, safehttptest.NoNetwork(t))}
	const find = "/api/v1/intelligence/find-companies"
	const risk = "/api/v1/intelligence/analyze-company-risk"
	for _, c := range []struct {
		name, path, body string
		why              string // in data.limitations
		empty            string // an output list that must be []
	}{
		{"find: no register covers FR", find, `{"query":"Acme Trading","country":"FR"}`,
			"no configured company register (companies_house) covers country FR, and no web search provider is configured", "companies"},
		{"find: no query", find, `{"industry":"office supplies","city":"London","country":"GB"}`,
			"company registers are searched by name only (give query, the company's name)", "companies"},
		{"risk: website only", risk, `{"website":"acmetrading.co.uk","country":"GB"}`,
			"corporate_identity, sanctions (configured here) need a company name (give company)", "providers"},
	} {
		before, chBefore := s.money(t), f.ch.Hits()
		a := s.post(t, c.path, c.body)
		d, _ := a.body["data"].(map[string]any)
		if a.status != 200 || d == nil || d["dataMode"] != "not_configured" {
			t.Errorf("%s: %d %s", c.name, a.status, a.raw)
			continue
		}
		if m := a.meta(); m["charged"] != false || m["notChargedReason"] != companyintel.NoSourceReason {
			t.Errorf("%s: meta %v, want charged false and notChargedReason %s", c.name, m, companyintel.NoSourceReason)
		}
		if after := s.money(t); after != before {
			t.Errorf("%s: charged: %s -> %s", c.name, before, after)
		}
		if n := f.ch.Hits() - chBefore; n != 0 {
			t.Errorf("%s: Companies House asked %d times", c.name, n)
		}
		if !strings.Contains(fmt.Sprint(d["limitations"]), c.why) {
			t.Errorf("%s: limitations %v, want %q", c.name, d["limitations"], c.why)
		}
		if l, ok := d[c.empty].([]any); !ok || len(l) != 0 {
			t.Errorf("%s: %s is %v, want []", c.name, c.empty, d[c.empty])
		}
	}
	// The register covering the country is asked: an answer, charged.
	for _, c := range []struct{ name, path, body string }{
		{"find: GB", find, `{"query":"Acme Trading","country":"GB"}`},
		{"risk: company", risk, `{"company":"Acme Trading Ltd","website":"acmetrading.co.uk","country":"GB"}`},
	} {
		before, chBefore := s.money(t), f.ch.Hits()
		a := s.post(t, c.path, c.body)
		if a.status != 200 || a.meta()["charged"] == false || s.money(t) == before || f.ch.Hits() == chBefore {
			t.Errorf("%s: %d (Companies House asked %d times, money %s -> %s) %s", c.name, a.status, f.ch.Hits()-chBefore, before, s.money(t), a.raw)
		}
	}
}
