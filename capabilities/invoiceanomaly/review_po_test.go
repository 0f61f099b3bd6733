package invoiceanomaly

import (
	"testing"
	"time"
)

// Quantity above ordered is checked line by line: the same SKU split over
// two invoice lines (6 + 5 of 10 ordered, different quantities so it is
// not a DUPLICATE_LINE_ITEM either) bills 11 units and no PO_MISMATCH is
// reported.
func TestReviewPOQuantitySplitAcrossLines(t *testing.T) {
	in := Input{
		Invoice: Invoice{InvoiceNumber: "P-1", SupplierID: "SUP-1", InvoiceDate: "2026-03-10", Currency: "USD", PONumber: "PO-7",
			LineItems: []LineItem{
				{SKU: "A-1", Description: "Widget", Quantity: "6", UnitPrice: "10", Total: "60"},
				{SKU: "A-1", Description: "Widget", Quantity: "5", UnitPrice: "10", Total: "50"},
			},
			Subtotal: "110", Total: "110"},
		PurchaseOrder: &PurchaseOrder{PONumber: "PO-7", SupplierID: "SUP-1", TotalAmount: "1000",
			LineItems: []PriceLine{{SKU: "A-1", Quantity: "10", UnitPrice: "10"}}},
	}
	out := Check(in, Options{Now: time.Date(2026, 3, 11, 0, 0, 0, 0, time.UTC)})
	for _, a := range out.Anomalies {
		if a.Code == CodePOMismatch {
			return
		}
	}
	t.Errorf("11 units billed against 10 ordered (over two lines) not reported; anomalies %+v", out.Anomalies)
}

// Only remainingAmount or totalAmount - invoicedToDate count against the
// PO; the supplier's billed invoices citing the same PO are ignored (the
// contract ceiling does sum them). PO of 1,000 with 800 already billed
// against it in historicalInvoices, and a new 500 invoice: 300 over the
// remaining balance, not reported.
func TestReviewPORemainingIgnoresBilledHistory(t *testing.T) {
	in := Input{
		Invoice: Invoice{InvoiceNumber: "P-3", SupplierID: "SUP-1", InvoiceDate: "2026-03-10", Currency: "USD", PONumber: "PO-7", Total: "500"},
		HistoricalInvoices: []HistoricalInvoice{
			{InvoiceNumber: "P-1", SupplierID: "SUP-1", InvoiceDate: "2026-02-10", Currency: "USD", PONumber: "PO-7", Total: "400", Status: "paid"},
			{InvoiceNumber: "P-2", SupplierID: "SUP-1", InvoiceDate: "2026-02-20", Currency: "USD", PONumber: "PO-7", Total: "400", Status: "paid"},
		},
		PurchaseOrder: &PurchaseOrder{PONumber: "PO-7", SupplierID: "SUP-1", TotalAmount: "1000"},
	}
	out := Check(in, Options{Now: time.Date(2026, 3, 11, 0, 0, 0, 0, time.UTC)})
	if zzHas(out, CodePOAmountExceeded) == nil {
		t.Errorf("1,300 billed against a 1,000 PO (800 in history) not reported; anomalies %+v", out.Anomalies)
	}
}
