package invoiceanomaly

import (
	"strings"
	"testing"
	"time"
)

// An exact duplicate (same supplier, number, amount and date) whose history
// record omits the optional currency is a DUPLICATE_INVOICE and holds: a
// missing currency counts as the invoice's. (It once fell into "number
// reused for a different amount", medium, although the amounts are
// identical.)
func TestExactDuplicateHistoryWithoutCurrency(t *testing.T) {
	in := Input{
		Invoice: Invoice{InvoiceNumber: "INV-1001", SupplierName: "Acme LLC", InvoiceDate: "2026-03-01",
			Currency: "OMR", Total: "1250.500"},
		HistoricalInvoices: []HistoricalInvoice{{InvoiceNumber: "INV-1001", SupplierName: "Acme LLC",
			InvoiceDate: "2026-03-01", Total: "1250.500", Status: "paid"}},
	}
	out := Check(in, Options{Now: time.Date(2026, 3, 5, 0, 0, 0, 0, time.UTC)})
	found := false
	for _, a := range out.Anomalies {
		if a.Code == CodeDuplicateInvoice {
			found = true
		}
		if strings.Contains(a.Message, "different amount") {
			t.Errorf("message claims a different amount for an identical one: %s", a.Message)
		}
	}
	if !found || out.Decision != "hold" {
		t.Errorf("exact duplicate not detected: decision %s, anomalies %+v", out.Decision, out.Anomalies)
	}
}
