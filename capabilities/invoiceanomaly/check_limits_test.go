package invoiceanomaly

import (
	"testing"
	"time"
)

// checkSplit's sum of the group's totals must not overflow: twenty
// invoices of 500,000,000,000 (each half the threshold of 10^12, all
// inside the validated bounds) are a split. (An unchecked int64 sum in
// micro-units once wrapped negative and the split went unreported.)
func TestSplitSumDoesNotOverflow(t *testing.T) {
	in := Input{
		Invoice:         Invoice{InvoiceNumber: "X-9000", SupplierID: "SUP-1", InvoiceDate: "2026-03-10", Currency: "USD", Total: "500000000000"},
		ApprovalContext: &ApprovalContext{ApprovalThreshold: "1000000000000"},
	}
	for i := 0; i < 19; i++ {
		in.HistoricalInvoices = append(in.HistoricalInvoices, HistoricalInvoice{InvoiceNumber: "S-" + itoa(i), SupplierID: "SUP-1",
			InvoiceDate: "2026-03-08", Currency: "USD", Total: "500000000000", Status: "paid"})
	}
	if probs := in.Validate(); len(probs) > 0 {
		t.Fatalf("input should be valid: %v", probs)
	}
	control := in
	control.HistoricalInvoices = in.HistoricalInvoices[:2]
	if anomalyByCode(Check(control, Options{Now: time.Date(2026, 3, 11, 0, 0, 0, 0, time.UTC)}), CodeSplitInvoice) == nil {
		t.Fatalf("precondition: three such invoices are a split")
	}
	out := Check(in, Options{Now: time.Date(2026, 3, 11, 0, 0, 0, 0, time.UTC)})
	if anomalyByCode(out, CodeSplitInvoice) == nil {
		t.Errorf("20 invoices of half the threshold within 2 days not reported as a split; anomalies %+v", out.Anomalies)
	}
}

// threshold() treats approvalThreshold 0 as "not supplied" (approval and
// split checks are skipped), and largeInvoice() must read it the same way:
// a changed bank account on a 10.00 invoice is high / review, as without
// approvalContext, as documented. (largeInvoice() once read the 0 as a
// threshold every invoice reaches, making it critical and hold.)
func TestZeroApprovalThresholdIsAbsent(t *testing.T) {
	base := Input{
		Invoice: Invoice{InvoiceNumber: "B-1", SupplierID: "SUP-1", InvoiceDate: "2026-03-10", Currency: "USD", Total: "10.00",
			BankAccount: "GB82WEST12345698765432"},
		SupplierProfile: &SupplierProfile{SupplierID: "SUP-1", BankAccounts: []KnownAccount{{Account: "GB33BUKB20201555555555"}}},
	}
	now := Options{Now: time.Date(2026, 3, 11, 0, 0, 0, 0, time.UTC)}
	without := Check(base, now)
	a := anomalyByCode(without, CodeBankAccountChanged)
	if a == nil || a.Severity != sevHigh {
		t.Fatalf("precondition: changed account high without threshold, got %+v", without.Anomalies)
	}
	with := base
	with.ApprovalContext = &ApprovalContext{ApprovalThreshold: "0"}
	if probs := with.Validate(); len(probs) > 0 {
		t.Fatalf("input should be valid: %v", probs)
	}
	out := Check(with, now)
	for _, s := range out.ChecksSkipped {
		if s.Check == "approval_limits" {
			t.Logf("approval_limits skipped: %s", s.Reason)
		}
	}
	if b := anomalyByCode(out, CodeBankAccountChanged); b == nil || b.Severity != sevHigh || out.Decision != "review" {
		t.Errorf("approvalThreshold 0 (treated as absent by the limit checks) made a 10.00 invoice 'large': %+v, decision %s", b, out.Decision)
	}
}
