package invoiceanomaly

import (
	"testing"
	"time"
)

// Quantity above ordered is checked per SKU, not line by line: the same
// SKU split over two invoice lines (6 + 5 of 10 ordered, different
// quantities so it is not a DUPLICATE_LINE_ITEM either) bills 11 units and
// is a PO_MISMATCH.
func TestPOQuantitySplitAcrossLines(t *testing.T) {
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

// The supplier's billed invoices citing the same PO count against it, as
// they do against a contract ceiling (once only remainingAmount or
// totalAmount - invoicedToDate did). PO of 1,000 with 800 already billed
// against it in historicalInvoices, and a new 500 invoice: 300 over the
// remaining balance, reported.
func TestPORemainingCountsBilledHistory(t *testing.T) {
	in := Input{
		Invoice: Invoice{InvoiceNumber: "P-3", SupplierID: "SUP-1", InvoiceDate: "2026-03-10", Currency: "USD", PONumber: "PO-7", Total: "500"},
		HistoricalInvoices: []HistoricalInvoice{
			{InvoiceNumber: "P-1", SupplierID: "SUP-1", InvoiceDate: "2026-02-10", Currency: "USD", PONumber: "PO-7", Total: "400", Status: "paid"},
			{InvoiceNumber: "P-2", SupplierID: "SUP-1", InvoiceDate: "2026-02-20", Currency: "USD", PONumber: "PO-7", Total: "400", Status: "paid"},
		},
		PurchaseOrder: &PurchaseOrder{PONumber: "PO-7", SupplierID: "SUP-1", TotalAmount: "1000"},
	}
	out := Check(in, Options{Now: time.Date(2026, 3, 11, 0, 0, 0, 0, time.UTC)})
	if anomalyByCode(out, CodePOAmountExceeded) == nil {
		t.Errorf("1,300 billed against a 1,000 PO (800 in history) not reported; anomalies %+v", out.Anomalies)
	}
}

// checkContract's "billed so far + total" must not overflow: nine earlier
// invoices of 10^12 in the contract period plus this one exceed a contract
// ceiling of 10^12. (An unchecked int64 sum once wrapped negative and the
// ceiling went unreported.)
func TestContractCeilingSumDoesNotOverflow(t *testing.T) {
	in := Input{
		Invoice:  Invoice{InvoiceNumber: "C-100", SupplierID: "SUP-1", InvoiceDate: "2026-03-10", Currency: "USD", Total: "1000000000000"},
		Contract: &Contract{ContractID: "K-1", MaxAmount: "1000000000000", StartDate: "2026-01-01", EndDate: "2026-12-31"},
	}
	for i := 0; i < 9; i++ {
		in.HistoricalInvoices = append(in.HistoricalInvoices, HistoricalInvoice{InvoiceNumber: "C-" + itoa(i), SupplierID: "SUP-1",
			InvoiceDate: "2026-02-0" + itoa(i+1), Currency: "USD", Total: "1000000000000", Status: "paid"})
	}
	if probs := in.Validate(); len(probs) > 0 {
		t.Fatalf("input should be valid: %v", probs)
	}
	out := Check(in, Options{Now: time.Date(2026, 3, 11, 0, 0, 0, 0, time.UTC)})
	if anomalyByCode(out, CodeContractLimitExceeded) == nil {
		t.Errorf("billing 10x the contract ceiling not reported; anomalies %+v", out.Anomalies)
	}
}
