package httpapi_test

import (
	"strings"
	"testing"

	"dalil/capabilities/invoiceanomaly"
	"dalil/capabilities/property"
	"dalil/capability"
	"dalil/httpapi"
)

// TestInvoiceCheckAnswersTheReferenceCodes (issue 13): invoice_anomaly_check
// answers the reference service's input codes, each 400 with details.path
// and without the value, and never charged; other routes keep
// INVALID_INPUT for the same faults; the free preview decodes alike.
func TestInvoiceCheckAnswersTheReferenceCodes(t *testing.T) {
	e := newEnv(t, func(c *httpapi.Config) {
		reg, err := capability.NewRegistry(invoiceanomaly.Entry(invoiceanomaly.Deps{}), property.AnalyzeEntry())
		if err != nil {
			t.Fatal(err)
		}
		c.Registry = reg
	})
	id, key := e.account("free", 2_000_000)
	h := map[string]string{"X-API-Key": key}
	const route = "/api/v1/finance/invoice-anomaly-check"
	tests := []struct {
		name, body, code, path, secret string
	}{
		{"malformed JSON", `{"invoice":{"total":1,}`, "INVALID_JSON", "", ""},
		{"not JSON at all", `total=1`, "INVALID_JSON", "", ""},
		{"amount with a separator", `{"invoice":{"total":"1,234.56"}}`, "INVALID_MONETARY_VALUE", "invoice.total", "1,234.56"},
		{"February 30th", `{"invoice":{"total":10,"invoiceDate":"2026-02-30"}}`, "INVALID_DATE", "invoice.invoiceDate", "2026-02-30"},
		{"day-first date", `{"invoice":{"total":10,"invoiceDate":"20/09/2026"}}`, "INVALID_DATE", "invoice.invoiceDate", "20/09/2026"},
		{"currency in words", `{"invoice":{"total":10,"currency":"Rial"},"paymentHistory":[{"bankAccount":"GB29NWBK60161331926819"}]}`, "UNSUPPORTED_CURRENCY_FORMAT", "invoice.currency", "GB29NWBK"},
		{"unknown field", `{"invoice":{"total":10},"vendor":"x"}`, "INVALID_INPUT", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := e.do("POST", route, tt.body, h)
			if r.Status != 400 || r.code() != tt.code {
				t.Fatalf("%d %s, want 400 %s", r.Status, r.Raw, tt.code)
			}
			if tt.path != "" {
				details, _ := r.Body["error"].(map[string]any)["details"].(map[string]any)
				if details["path"] != tt.path {
					t.Errorf("details.path = %v, want %s: %s", details["path"], tt.path, r.Raw)
				}
				if ps, _ := details["problems"].([]any); len(ps) == 0 {
					t.Errorf("details.problems is empty: %s", r.Raw)
				}
			}
			if tt.secret != "" && strings.Contains(string(r.Raw), tt.secret) {
				t.Errorf("the answer echoes %q: %s", tt.secret, r.Raw)
			}
			// The free preview decodes like the paid call.
			if p := e.do("POST", "/api/v1/preview/invoice_anomaly_check", tt.body, nil); p.Status != 400 || p.code() != tt.code {
				t.Errorf("preview: %d %s", p.Status, p.Raw)
			}
		})
	}
	if got := e.credits(id); got != 2_000_000 {
		t.Errorf("credits = %d after refused calls, want 2000000 (nothing charged)", got)
	}
	if n := e.ledgerLen(id); n != 1 { // the opening credit only
		t.Errorf("ledger has %d rows, want only the opening credit", n)
	}
	// Another capability keeps INVALID_INPUT for a body that is not JSON.
	if r := e.do("POST", "/api/v1/property/analyze", `{"propertyValue":1,}`, h); r.Status != 400 || r.code() != "INVALID_INPUT" {
		t.Errorf("analyze_property, malformed JSON: %d %s", r.Status, r.Raw)
	}
	// The reference's lenient input is accepted and charged once.
	ok := e.do("POST", route, `{"invoice":{"invoiceNumber":"INV-1","supplierName":"ABC Trading","invoiceDate":"2026-09-21T23:30:00Z","currency":" usd ","total":"10.00"},
		"historicalInvoices":[{"invoiceNumber":"INV-0","supplierName":"ABC Trading","invoiceDate":"2026-08-21","total":9,"paymentTermsDays":30,"status":"paid"}],
		"paymentHistory":[{"invoiceNumber":"INV-0","supplierName":"ABC Trading","paymentDate":"2026-09-01","amount":9}],"options":{"asOfDate":"2026-09-23"}}`, h)
	if ok.Status != 200 || ok.data()["invoiceSummary"].(map[string]any)["currency"] != "USD" {
		t.Fatalf("lenient input: %d %s", ok.Status, ok.Raw)
	}
	if got := e.credits(id); got != 2_000_000-250_000 {
		t.Errorf("credits = %d after one good call", got)
	}
	// /docs and the OpenAPI document list the codes.
	for _, p := range []string{"/docs", "/openapi.json"} {
		page := e.do("GET", p, nil, nil)
		for _, c := range []string{"INVALID_JSON", "INVALID_MONETARY_VALUE", "INVALID_DATE", "UNSUPPORTED_CURRENCY_FORMAT"} {
			if !strings.Contains(string(page.Raw), c) {
				t.Errorf("%s does not list %s", p, c)
			}
		}
	}
}
