package invoiceanomaly

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"dalil"
	"dalil/capability"

	"github.com/google/go-cmp/cmp"
)

// previewOf runs the declared preview the way POST /api/v1/preview does:
// the paid call's decoding, then the preview, and returns the report as
// JSON with the status.
func previewOf(t *testing.T, body string) (capability.PreviewStatus, map[string]any, []byte) {
	t.Helper()
	e := Entry(Deps{})
	if !e.Previewable() {
		t.Fatal("invoice_anomaly_check declares no preview")
	}
	in, err := e.Decode([]byte(body))
	if err != nil {
		t.Fatalf("decode %s: %v", body, err)
	}
	status, rep, err := e.RunPreview(context.Background(), in)
	if err != nil {
		t.Fatal(err)
	}
	raw, err := json.Marshal(rep)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatal(err)
	}
	return status, m, raw
}

const previewInvoice = `"invoice":{"invoiceNumber":"INV-500","supplierName":"Gulf Cement Supplies LLC","supplierId":"S-1","invoiceDate":"2026-03-02",
	"currency":"omr","total":262.5,"bankAccount":"OM810180000001299123456",
	"lineItems":[{"description":"Cement 50kg","quantity":100,"unitPrice":2.5,"total":250},{"description":"Delivery","quantity":1,"unitPrice":0,"total":0}]}`

func history(n int) string {
	var parts []string
	for i := 0; i < n; i++ {
		d := time.Date(2026, 1, 5+7*i, 0, 0, 0, 0, time.UTC).Format(time.DateOnly)
		parts = append(parts, `{"invoiceNumber":"INV-4`+string(rune('0'+i))+`0","supplierId":"S-1","invoiceDate":"`+d+`","currency":"OMR","total":240,"status":"paid"}`)
	}
	return `"historicalInvoices":[` + strings.Join(parts, ",") + `]`
}

func TestPreviewStatusAndCoverage(t *testing.T) {
	tests := []struct {
		name     string
		body     string
		status   capability.PreviewStatus
		coverage float64
		words    string
		active   []string
		mode     string
		sources  float64
		freshest string
	}{
		{"invoice alone", `{` + previewInvoice + `}`, capability.PreviewLimited, 0, "low", []string{}, "standalone", 0, ""},
		{"empty context blocks count as absent", `{` + previewInvoice + `,"historicalInvoices":[],"supplierProfile":{},"purchaseOrder":{},"approvalContext":{}}`,
			capability.PreviewLimited, 0, "low", []string{}, "standalone", 0, ""},
		{"two invoices of history", `{` + previewInvoice + `,` + history(2) + `}`, capability.PreviewAvailable, 0.4, "medium",
			[]string{familyDuplicates, familyPayment}, "context_aware", 1, "2026-01-12"},
		{"a matching supplier profile", `{` + previewInvoice + `,"supplierProfile":{"supplierId":"S-1","bankAccounts":["OM810180000001299123456"]}}`,
			capability.PreviewAvailable, 0.4, "medium", []string{familySupplierPatterns, familyPayment}, "context_aware", 1, ""},
		{"a purchase order alone", `{` + previewInvoice + `,"purchaseOrder":{"poNumber":"PO-1"}}`, capability.PreviewAvailable, 0.2, "low",
			[]string{familyPOContract}, "context_aware", 1, ""},
		{"every family", `{` + previewInvoice + `,` + history(3) + `,"contract":{"contractId":"C-1"},"approvalContext":{"approvalThreshold":"1000","currency":"OMR"}}`,
			capability.PreviewAvailable, 1, "high", []string{familyDuplicates, familySupplierPatterns, familyPayment, familyPOContract, familySplit}, "context_aware", 3, "2026-01-19"},
		{"a threshold in another currency does not enable split checks", `{` + previewInvoice + `,` + history(1) + `,"approvalContext":{"approvalThreshold":"1000","currency":"USD"}}`,
			capability.PreviewAvailable, 0.4, "medium", []string{familyDuplicates, familyPayment}, "context_aware", 2, "2026-01-05"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			status, rep, raw := previewOf(t, tc.body)
			sig := rep["signals"].(map[string]any)
			var active []string
			for _, f := range sig["activeFamilies"].([]any) {
				active = append(active, f.(string))
			}
			if active == nil {
				active = []string{}
			}
			if status != tc.status || rep["coverageScore"] != tc.coverage || rep["dataCoverage"] != tc.words || sig["mode"] != tc.mode ||
				rep["sourcesFound"] != tc.sources {
				t.Errorf("status %s coverage %v %v mode %v sources %v, want %s %v %s %s %v\n%s", status, rep["coverageScore"], rep["dataCoverage"],
					sig["mode"], rep["sourcesFound"], tc.status, tc.coverage, tc.words, tc.mode, tc.sources, raw)
			}
			if diff := cmp.Diff(tc.active, active); diff != "" {
				t.Errorf("active families (-want +got):\n%s", diff)
			}
			if got, _ := rep["freshestSourceDate"].(string); got != tc.freshest {
				t.Errorf("freshestSourceDate %q, want %q", got, tc.freshest)
			}
			if n := len(sig["activeFamilies"].([]any)) + len(sig["inactiveFamilies"].([]any)); n != 5 {
				t.Errorf("%d families listed, want 5", n)
			}
			if sig["lineItemCount"] != 2.0 || sig["currency"] != "OMR" || rep["entity"] != "INV-500" || rep["entityType"] != "invoice" {
				t.Errorf("normalised facts wrong: %s", raw)
			}
		})
	}
}

// paidKeys are the paid result's fields (and their parts): none may appear
// as a key anywhere in a preview.
var paidKeys = []string{"riskScore", "score", "riskLevel", "level", "decision", "anomalies", "anomaly", "anomalyCount", "severity",
	"confidence", "evidence", "explanation", "recommendedAction", "summary", "scoring", "breakdown", "points", "financialChecks",
	"subtotalValid", "taxValid", "totalValid", "lineTotalsValid", "computed", "checksRun", "checksSkipped", "invoiceSummary",
	"bankAccountMasked", "dataCompleteness", "missingRequiredFields", "missingRecommendedFields", "remembered", "relatedInvoice"}

func keysOf(v any, out map[string]bool) {
	switch v := v.(type) {
	case map[string]any:
		for k, x := range v {
			out[k] = true
			keysOf(x, out)
		}
	case []any:
		for _, x := range v {
			keysOf(x, out)
		}
	}
}

// TestPreviewNeverReturnsThePaidResult: for invoices the paid check holds
// (an exact duplicate, a changed bank account, a PO overrun), the preview
// carries no paid field under any key, no bank account, and is the very
// same as for a look-alike invoice that the paid check lets through: it
// cannot tell them apart, so it cannot leak the finding.
func TestPreviewNeverReturnsThePaidResult(t *testing.T) {
	const asOf = `,"options":{"asOfDate":"2026-03-10"}`
	risky := `{"invoice":{"invoiceNumber":"INV-77","supplierId":"S-9","supplierName":"Al Noor","invoiceDate":"2026-03-02","currency":"OMR",
		"total":5000,"bankAccount":"OM220330000009999888877","poNumber":"PO-3"},
		"historicalInvoices":[{"invoiceNumber":"INV-77","supplierId":"S-9","invoiceDate":"2026-03-02","currency":"OMR","total":5000,"status":"paid","bankAccount":"OM110180000001111222233"}],
		"supplierProfile":{"supplierId":"S-9","bankAccounts":["OM110180000001111222233"]},
		"purchaseOrder":{"poNumber":"PO-3","totalAmount":1000,"currency":"OMR"}` + asOf + `}`
	clean := `{"invoice":{"invoiceNumber":"INV-77","supplierId":"S-9","supplierName":"Al Noor","invoiceDate":"2026-03-02","currency":"OMR",
		"total":900,"bankAccount":"OM110180000001111222233","poNumber":"PO-3"},
		"historicalInvoices":[{"invoiceNumber":"INV-12","supplierId":"S-9","invoiceDate":"2026-03-02","currency":"OMR","total":880,"status":"paid","bankAccount":"OM110180000001111222233"}],
		"supplierProfile":{"supplierId":"S-9","bankAccounts":["OM110180000001111222233"]},
		"purchaseOrder":{"poNumber":"PO-3","totalAmount":1000,"currency":"OMR"}` + asOf + `}`

	// The pair is meaningful: the paid check tells them apart.
	paid := func(body string) Output {
		var in Input
		if err := json.Unmarshal([]byte(body), &in); err != nil {
			t.Fatal(err)
		}
		return Check(in, Options{})
	}
	if r, c := paid(risky), paid(clean); r.Decision != "hold" || c.Decision != "continue" {
		t.Fatalf("paid decisions: risky %s (%d anomalies), clean %s (%v)", r.Decision, r.AnomalyCount, c.Decision, c.Anomalies)
	}

	rs, rrep, rraw := previewOf(t, risky)
	cs, crep, craw := previewOf(t, clean)
	if rs != cs || string(rraw) != string(craw) {
		t.Errorf("the preview differs between an invoice the paid check holds and one it lets through:\nrisky %s %s\nclean %s %s", rs, rraw, cs, craw)
	}
	for name, rep := range map[string]map[string]any{"risky": rrep, "clean": crep} {
		keys := map[string]bool{}
		keysOf(rep, keys)
		for _, k := range paidKeys {
			if keys[k] {
				t.Errorf("%s: the preview has the paid key %q", name, k)
			}
		}
	}
	for _, acct := range []string{"OM220330000009999888877", "OM110180000001111222233", "8877", "2233"} {
		if strings.Contains(string(rraw), acct) {
			t.Errorf("the preview shows bank account data %q", acct)
		}
	}
}

// TestPreviewDecodesLikeThePaidCall: the preview takes no input the paid
// call refuses (the same Decode with every problem listed), and asks for no
// account.
func TestPreviewDecodesLikeThePaidCall(t *testing.T) {
	e := Entry(Deps{})
	_, err := e.Decode([]byte(`{"invoice":{"total":"12,50","currency":"OMRR"},"extra":1}`))
	de, ok := err.(*dalil.Error)
	if !ok || de.Code != dalil.CodeInvalidInput {
		t.Fatalf("err = %v, want INVALID_INPUT", err)
	}
	paths := map[string]bool{}
	for _, p := range de.Details.([]dalil.Problem) {
		paths[p.Path] = true
	}
	for _, want := range []string{"extra", "invoice.total", "invoice.currency"} {
		if !paths[want] {
			t.Errorf("problem at %s not listed: %v", want, de.Details)
		}
	}
	// remember: true is accepted and said to be ignored (no account).
	_, rep, _ := previewOf(t, `{`+previewInvoice+`,"remember":true}`)
	if rep["signals"].(map[string]any)["rememberIgnored"] != true {
		t.Errorf("remember not reported as ignored: %v", rep["signals"])
	}
}

func TestPreviewSectionsAreThePaidOutputs(t *testing.T) {
	_, rep, _ := previewOf(t, `{`+previewInvoice+`}`)
	var got []string
	for _, s := range rep["availableSections"].([]any) {
		got = append(got, s.(string))
	}
	var schema struct {
		Properties map[string]any `json:"properties"`
	}
	json.Unmarshal(Entry(Deps{}).OutputJSON, &schema)
	if len(got) != len(schema.Properties) {
		t.Errorf("%d sections, the paid output schema has %d properties", len(got), len(schema.Properties))
	}
	for _, s := range got {
		if _, ok := schema.Properties[s]; !ok {
			t.Errorf("section %q is not a field of the paid output", s)
		}
	}
	for _, want := range []string{"riskScore", "decision", "anomalies", "checksSkipped"} {
		if !strings.Contains(strings.Join(got, ","), want) {
			t.Errorf("sections %v lack %s", got, want)
		}
	}
}
