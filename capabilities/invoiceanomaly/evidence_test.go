package invoiceanomaly

import (
	"context"
	"testing"
	"time"

	"dalil"
)

func TestInvoiceEvidence(t *testing.T) {
	now := time.Date(2026, 6, 1, 12, 0, 0, 0, time.UTC)
	deps := Deps{Store: &MemoryStore{Now: func() time.Time { return now }}, Secret: []byte("0123456789abcdef0123456789abcdef"), Now: func() time.Time { return now }}
	ctx := context.Background()
	inv := Invoice{InvoiceNumber: "INV-1", SupplierID: "SUP-1", SupplierName: "Acme LLC", InvoiceDate: "2026-05-20", Currency: "USD", Total: "100.00"}
	earlier := inv
	earlier.InvoiceNumber, earlier.Total = "INV-0", "90.00"
	// Remember one invoice for the account, so that a later check recalls it.
	if _, err := Handle(ctx, deps, "acct-1", Input{Invoice: earlier, Remember: true}); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name     string
		account  string
		in       Input
		wantSrcs []string // names of the sources, in order
		recalled int
	}{
		{"invoice alone", "acct-2", Input{Invoice: inv},
			[]string{"the invoice given", "the invoice anomaly checks"}, 0},
		{"invoice with history", "acct-2", Input{Invoice: inv, HistoricalInvoices: []HistoricalInvoice{{InvoiceNumber: "INV-0", SupplierID: "SUP-1", InvoiceDate: "2026-05-01", Total: "90.00"}}},
			[]string{"the invoice given", "historicalInvoices given", "the invoice anomaly checks"}, 0},
		{"invoice compared with remembered fingerprints", "acct-1", Input{Invoice: inv},
			[]string{"the invoice given", "remembered invoice fingerprints", "the invoice anomaly checks"}, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, err := Handle(ctx, deps, tt.account, tt.in)
			if err != nil {
				t.Fatal(err)
			}
			b := out.Basis()
			if charge, reason := dalil.DecideEvidence(b); !charge || reason != "" {
				t.Fatalf("DecideEvidence = %v, %q; want charged (basis %+v)", charge, reason, b)
			}
			var names []string
			for _, s := range b.Sources {
				names = append(names, s.Name)
				if s.Name == "remembered invoice fingerprints" && (s.Kind != dalil.SourceDataset || s.Items != tt.recalled) {
					t.Errorf("remembered source %+v, want a dataset of %d", s, tt.recalled)
				}
			}
			if len(names) != len(tt.wantSrcs) {
				t.Fatalf("sources %q, want %q", names, tt.wantSrcs)
			}
			for i := range names {
				if names[i] != tt.wantSrcs[i] {
					t.Fatalf("sources %q, want %q", names, tt.wantSrcs)
				}
			}
		})
	}
}
