package invoiceanomaly

import (
	"context"
	"fmt"
	"testing"
	"time"
)

// Once a supplier has more than 1,000 remembered invoices, Recall still
// returns the newest -- the likeliest to be resubmitted: an exact duplicate
// of the latest remembered invoice is found. (Recall once kept the first
// 1,000 in storage order, oldest first.)
func TestRememberRecallKeepsNewestFingerprints(t *testing.T) {
	now := time.Date(2026, 6, 1, 12, 0, 0, 0, time.UTC)
	store := &MemoryStore{Now: func() time.Time { return now }}
	deps := Deps{Store: store, Secret: []byte("0123456789abcdef0123456789abcdef"), Now: func() time.Time { return now }}
	ctx := context.Background()
	inv := func(i int) Invoice {
		d := time.Date(2025, 7, 1, 0, 0, 0, 0, time.UTC).AddDate(0, 0, i/4)
		return Invoice{InvoiceNumber: fmt.Sprintf("INV-%05d", i), SupplierID: "SUP-1", SupplierName: "Acme LLC",
			InvoiceDate: d.Format(time.DateOnly), Currency: "USD", Total: Decimal(fmt.Sprintf("%d.00", 100+i))}
	}
	const n = 1001
	for i := 0; i < n; i++ {
		// One supplier key only (id), so exactly one fingerprint per invoice.
		in := Input{Invoice: inv(i), Remember: true}
		in.Invoice.SupplierName = ""
		if _, err := Handle(ctx, deps, "acct-1", in); err != nil {
			t.Fatal(err)
		}
	}
	again := inv(n - 1) // the latest invoice, resubmitted unchanged
	again.SupplierName = ""
	out, err := Handle(ctx, deps, "acct-1", Input{Invoice: again})
	if err != nil {
		t.Fatal(err)
	}
	if anomalyByCode(out, CodeDuplicateInvoice) == nil {
		t.Errorf("exact duplicate of the newest remembered invoice missed (recalled %v); decision %s", out.Remembered, out.Decision)
	}
}

// Fingerprints are filed under the supplier id and, separately, the
// supplier name, and Recall by the name key can return fingerprints of a
// supplier with another id. Remembered fingerprints follow the rule of
// history, "the supplier id wins over the name when both records have
// one": another supplier (other id, same normalized name) with the same
// number, amount and date is no exact DUPLICATE_INVOICE, as with the same
// data in historicalInvoices. (They once ignored it: critical, hold.)
func TestRememberNameKeyRespectsSupplierID(t *testing.T) {
	now := time.Date(2026, 3, 10, 0, 0, 0, 0, time.UTC)
	store := &MemoryStore{Now: func() time.Time { return now }}
	deps := Deps{Store: store, Secret: []byte("0123456789abcdef0123456789abcdef"), Now: func() time.Time { return now }}
	ctx := context.Background()
	first := Invoice{InvoiceNumber: "1001", SupplierID: "SUP-1", SupplierName: "Al Noor Trading LLC",
		InvoiceDate: "2026-03-01", Currency: "OMR", Total: "500.000"}
	if _, err := Handle(ctx, deps, "acct-1", Input{Invoice: first, Remember: true}); err != nil {
		t.Fatal(err)
	}
	second := first
	second.SupplierID, second.SupplierName = "SUP-2", "Al Noor Trading SAOC"

	// Same facts as history: not the same supplier, so no exact duplicate.
	hist := Check(Input{Invoice: second, HistoricalInvoices: []HistoricalInvoice{{InvoiceNumber: first.InvoiceNumber,
		SupplierID: first.SupplierID, SupplierName: first.SupplierName, InvoiceDate: first.InvoiceDate, Currency: "OMR", Total: first.Total}}},
		Options{Now: now})
	if anomalyByCode(hist, CodeDuplicateInvoice) != nil {
		t.Fatalf("precondition: history treats SUP-2 as another supplier")
	}
	out, err := Handle(ctx, deps, "acct-1", Input{Invoice: second})
	if err != nil {
		t.Fatal(err)
	}
	if a := anomalyByCode(out, CodeDuplicateInvoice); a != nil {
		t.Errorf("remembered fingerprint of supplier SUP-1 makes SUP-2's invoice an exact duplicate (decision %s): %s", out.Decision, a.Message)
	}
}
