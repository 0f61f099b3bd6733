package httpapi_test

import (
	"context"
	"encoding/json"
	"log/slog"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"

	"dalil/capabilities/invoiceanomaly"
	"dalil/capabilities/invoiceanomaly/invoicesql"
	"dalil/capability"
	"dalil/httpapi"
	"dalil/store/sqlstore"
)

// TestInvoiceCheckRemembersAcrossCalls: remember: true keeps a fingerprint
// in the caller's account, a later check finds the duplicate without the
// history being resent, and DELETE .../remembered forgets it.
func TestInvoiceCheckRemembersAcrossCalls(t *testing.T) {
	st, err := sqlstore.Open(context.Background(), filepath.Join(t.TempDir(), "d.db"), sqlstore.Options{Modules: []sqlstore.Module{invoicesql.Module()}})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	secret, err := st.Secret(context.Background(), "invoice-fingerprints")
	if err != nil {
		t.Fatal(err)
	}
	reg, err := capability.NewRegistry(invoiceanomaly.Entry(invoiceanomaly.Deps{Store: invoicesql.New(st.DB()), Secret: secret}))
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(httpapi.NewServer(httpapi.Config{Registry: reg, Store: st, Logger: slog.New(slog.DiscardHandler)}))
	defer srv.Close()
	e := &env{t: t, srv: srv, store: st, logs: &syncBuffer{}}
	id, key := e.account("free", 2_000_000)
	_, other := e.account("free", 2_000_000)
	invoice := `{"invoice":{"invoiceNumber":"INV-7781","supplierName":"Gulf Cement Supplies LLC","invoiceDate":"2026-03-02","currency":"OMR",
		"lineItems":[{"description":"Cement 50kg","quantity":100,"unitPrice":2.5,"total":250}],"subtotal":250,"tax":12.5,"taxRate":5,"total":262.5,
		"bankAccount":"OM810180000001299123456"},"remember":true,"options":{"asOfDate":"2026-03-10"}}`
	h := map[string]string{"X-API-Key": key}

	first := e.do("POST", "/api/v1/finance/invoice-anomaly-check", invoice, h)
	if first.Status != 200 || first.meta()["price"] != 0.25 {
		t.Fatalf("first check: %d %s", first.Status, first.Raw)
	}
	if codes := anomalyCodes(first); strings.Contains(codes, "DUPLICATE") {
		t.Fatalf("first check already flags a duplicate: %s", codes)
	}
	if strings.Contains(string(first.Raw), "OM810180000001299123456") {
		t.Error("the whole bank account appears in the answer")
	}
	second := e.do("POST", "/api/v1/finance/invoice-anomaly-check", invoice, h)
	if codes := anomalyCodes(second); !strings.Contains(codes, "DUPLICATE_INVOICE") || second.data()["decision"] != "hold" {
		t.Fatalf("second check: decision %v codes %s", second.data()["decision"], codes)
	}
	// Another account's memory is its own.
	if codes := anomalyCodes(e.do("POST", "/api/v1/finance/invoice-anomaly-check", invoice, map[string]string{"X-API-Key": other})); strings.Contains(codes, "DUPLICATE") {
		t.Errorf("another account sees the fingerprint: %s", codes)
	}
	del := e.do("DELETE", "/api/v1/finance/invoice-anomaly-check/remembered", nil, h)
	if del.Status != 200 || del.data()["deleted"].(float64) < 1 {
		t.Fatalf("forget: %d %s", del.Status, del.Raw)
	}
	if r := e.do("DELETE", "/api/v1/finance/invoice-anomaly-check/remembered", nil, nil); r.Status != 401 {
		t.Errorf("forget without a key: %d", r.Status)
	}
	third := e.do("POST", "/api/v1/finance/invoice-anomaly-check", strings.Replace(invoice, `"remember":true`, `"remember":false`, 1), h)
	if codes := anomalyCodes(third); strings.Contains(codes, "DUPLICATE") {
		t.Errorf("after forgetting: %s", codes)
	}
	// Three successful checks charged, the free DELETE not.
	if got := e.credits(id); got != 2_000_000-3*250_000 {
		t.Errorf("credits = %d", got)
	}
	// The weights are published where agents and people read.
	for _, p := range []string{"/docs", "/llms.txt"} {
		_, _, page := get(t, e, p)
		if !strings.Contains(string(page), "critical 65-100") || !strings.Contains(string(page), "BANK_ACCOUNT_CHANGED high 40") {
			t.Errorf("%s lacks the scoring weights", p)
		}
	}
	// Invalid money is a 400 that names the path, never charged.
	bad := e.do("POST", "/api/v1/finance/invoice-anomaly-check", `{"invoice":{"total":"12,50"}}`, h)
	if bad.Status != 400 || !strings.Contains(string(bad.Raw), "invoice.total") {
		t.Errorf("bad money: %d %s", bad.Status, bad.Raw)
	}
}

func anomalyCodes(r response) string {
	var codes []string
	list, _ := r.data()["anomalies"].([]any)
	for _, a := range list {
		codes = append(codes, a.(map[string]any)["code"].(string))
	}
	b, _ := json.Marshal(codes)
	return string(b)
}
