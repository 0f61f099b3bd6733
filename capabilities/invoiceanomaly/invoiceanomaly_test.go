package invoiceanomaly

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"dalil"

	"github.com/google/go-cmp/cmp"
)

func TestValidate(t *testing.T) {
	tests := []struct {
		name string
		body string
		want []dalil.Problem
	}{
		{"valid", `{"invoice":{"total":"131.250","invoiceDate":"2026-03-10","currency":"omr"}}`, nil},
		{"every problem with its path", `{"invoice":{"total":"1,000","invoiceDate":"2026-02-30","currency":"OM1",
			"lineItems":[{"quantity":1},{"quantity":"1.0000001","unitPrice":-2}],"taxRate":101},
			"historicalInvoices":[{"total":5,"dueDate":"20/09/2026"}],
			"contract":{"startDate":"2026-05-01","endDate":"2026-04-01"},
			"supplierProfile":{"bankAccounts":["--"]},
			"options":{"weekendDays":["funday"],"asOfDate":"2026-13-01"}}`,
			[]dalil.Problem{
				{Path: "invoice.invoiceDate", Message: "must be a real calendar date as YYYY-MM-DD or an ISO 8601 date-time; it is not a valid date"},
				{Path: "invoice.currency", Message: "must be a 3-letter ISO 4217 currency code such as OMR or USD"},
				{Path: "invoice.taxRate", Message: "a tax rate in percent must be at most 100"},
				{Path: "invoice.total", Message: `an amount must be a JSON number or a plain decimal string such as "125.500" (no separators, symbols or exponents)`},
				{Path: "invoice.lineItems.1.quantity", Message: "a quantity must have at most 6 decimal places"},
				{Path: "invoice.lineItems.1.unitPrice", Message: "an amount must not be negative"},
				{Path: "historicalInvoices.0.dueDate", Message: "must be a real calendar date as YYYY-MM-DD or an ISO 8601 date-time; it is not a valid date"},
				{Path: "supplierProfile.bankAccounts.0.account", Message: "must contain letters or digits"},
				{Path: "contract.endDate", Message: "must not be before contract.startDate"},
				{Path: "options.asOfDate", Message: "must be a real calendar date as YYYY-MM-DD or an ISO 8601 date-time; it is not a valid date"},
				{Path: "options.weekendDays.0", Message: "must be a weekday name such as friday"},
			}},
		{"missing total", `{"invoice":{}}`, []dalil.Problem{{Path: "invoice.total", Message: "is required"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var in Input
			if err := json.Unmarshal([]byte(tt.body), &in); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, in.Validate()); diff != "" {
				t.Errorf("Validate (-want +got):\n%s", diff)
			}
		})
	}
}

func TestKnownAccountJSON(t *testing.T) {
	var p SupplierProfile
	err := json.Unmarshal([]byte(`{"bankAccounts":["OM12 3", {"account":"X1","verified":false,"addedDate":"2026-01-01"}]}`), &p)
	if err != nil {
		t.Fatal(err)
	}
	f := false
	want := []KnownAccount{{Account: "OM12 3"}, {Account: "X1", Verified: &f, AddedDate: "2026-01-01"}}
	if diff := cmp.Diff(want, p.BankAccounts); diff != "" {
		t.Errorf("bankAccounts (-want +got):\n%s", diff)
	}
	for _, bad := range []string{`{"bankAccounts":[1]}`, `{"bankAccounts":[{"account":"x","iban":"y"}]}`} {
		if err := json.Unmarshal([]byte(bad), &p); err == nil {
			t.Errorf("Unmarshal(%s) succeeded, want error", bad)
		}
	}
}

// TestCheckInvalidInputDoesNotPanic runs Check on input Validate rejects.
func TestCheckInvalidInputDoesNotPanic(t *testing.T) {
	in := Input{Invoice: Invoice{Total: "x", InvoiceDate: "2026-02-30", Currency: "??", LineItems: []LineItem{{Quantity: "1e400", UnitPrice: "-"}}},
		HistoricalInvoices: []HistoricalInvoice{{Total: "abc", InvoiceNumber: "1"}}, ApprovalContext: &ApprovalContext{ApprovalThreshold: "0"}}
	out := Check(in, Options{})
	if out.Decision == "" || out.Disclaimer == "" {
		t.Errorf("incomplete output: %+v", out)
	}
}

// TestDeterminism: the same input gives byte-identical JSON, whatever the
// order of map iteration, over every corpus scenario.
func TestDeterminism(t *testing.T) {
	for _, s := range loadCorpus(t) {
		first, err := json.Marshal(Check(s.Input, Options{Now: s.Now}))
		if err != nil {
			t.Fatal(err)
		}
		for range 5 {
			again, _ := json.Marshal(Check(s.Input, Options{Now: s.Now}))
			if !bytes.Equal(first, again) {
				t.Fatalf("%s: output differs between runs", s.Name)
			}
		}
	}
}

// TestNoWholeAccountInOutput: no account number from the input appears in
// any output, in any spelling we normalize.
func TestNoWholeAccountInOutput(t *testing.T) {
	for _, s := range loadCorpus(t) {
		b, _ := json.Marshal(Check(s.Input, Options{Now: s.Now}))
		out := normalizeAccount(string(b))
		accounts := []string{s.Input.Invoice.BankAccount}
		for _, h := range s.Input.HistoricalInvoices {
			accounts = append(accounts, h.BankAccount)
		}
		if p := s.Input.SupplierProfile; p != nil {
			for _, k := range p.BankAccounts {
				accounts = append(accounts, k.Account)
			}
		}
		for _, a := range accounts {
			n := normalizeAccount(a)
			if len(n) <= 4 {
				continue
			}
			if strings.Contains(out, n) || strings.Contains(string(b), a) {
				t.Errorf("%s: output contains the account %s", s.Name, maskAccount(a))
			}
		}
	}
}

func TestCheckOutputShape(t *testing.T) {
	in := Input{Invoice: baseInvoice(), HistoricalInvoices: hist(4)}
	in.Invoice.BankAccount = ibanB
	out := Check(in, Options{Now: testNow})
	if out.Decision != "review" || out.RiskLevel != "high" || out.Mode != "context_aware" {
		t.Errorf("decision/level/mode = %s/%s/%s, want review/high/context_aware", out.Decision, out.RiskLevel, out.Mode)
	}
	if out.InvoiceSummary.BankAccountMasked != "****9999" || out.InvoiceSummary.BankAccountType != "iban" {
		t.Errorf("invoice summary = %+v", out.InvoiceSummary)
	}
	wantRun := []string{"data_quality", "arithmetic", "duplicates", "supplier_history", "bank_account", "bank_account_format", "dates", "line_items"}
	if diff := cmp.Diff(wantRun, out.ChecksRun); diff != "" {
		t.Errorf("checksRun (-want +got):\n%s", diff)
	}
	var skipped []string
	for _, s := range out.ChecksSkipped {
		skipped = append(skipped, s.Check)
	}
	if diff := cmp.Diff([]string{"supplier_profile", "payment_terms", "purchase_order", "contract", "approval_limits", "split_invoices"}, skipped); diff != "" {
		t.Errorf("checksSkipped (-want +got):\n%s", diff)
	}
	if out.AsOfDate != "2026-03-20" || out.CheckedAt != "2026-03-20T09:00:00Z" {
		t.Errorf("asOfDate/checkedAt = %s/%s", out.AsOfDate, out.CheckedAt)
	}
}

func TestManyLinesAreCapped(t *testing.T) {
	in := Input{Invoice: Invoice{Currency: "USD", Total: "1000"}}
	for range 60 {
		in.Invoice.LineItems = append(in.Invoice.LineItems, LineItem{Quantity: "1", UnitPrice: "1", Total: "2"})
	}
	out := Check(in, Options{Now: testNow})
	n := 0
	for _, a := range out.Anomalies {
		if a.Code == CodeLineTotalMismatch {
			n++
		}
	}
	if n != maxPerCode || !strings.Contains(strings.Join(out.Limitations, " "), "40 more LINE_TOTAL_MISMATCH") {
		t.Errorf("listed %d LINE_TOTAL_MISMATCH, limitations %q", n, out.Limitations)
	}
}

type failingStore struct{ MemoryStore }

func (*failingStore) Recall(context.Context, string, string) ([]Fingerprint, error) {
	return nil, fmt.Errorf("db: %w", dalil.ErrStorageUnavailable)
}

func TestHandleRemember(t *testing.T) {
	ctx := context.Background()
	clock := testNow
	store := &MemoryStore{Now: func() time.Time { return clock }}
	deps := Deps{Store: store, Secret: []byte("operator-secret"), Now: func() time.Time { return clock }, Retention: 90 * 24 * time.Hour}

	first := Input{Invoice: baseInvoice(), Remember: true}
	out, err := Handle(ctx, deps, "acct-1", first)
	if err != nil {
		t.Fatal(err)
	}
	want := &RememberedResult{Stored: true, Fingerprints: 2, ExpiresAt: "2026-06-18T09:00:00Z"}
	if diff := cmp.Diff(want, out.Remembered); diff != "" {
		t.Errorf("remembered (-want +got):\n%s", diff)
	}
	raw, _ := json.Marshal(store.m)
	for _, secret := range []string{"INV-2041", "2041", "Noor", ibanA, "SUP-001"} {
		if strings.Contains(string(raw), secret) {
			t.Errorf("store holds %q in clear", secret)
		}
	}

	// The same invoice, resent without history, by name only: duplicate.
	again := Input{Invoice: baseInvoice()}
	again.Invoice.SupplierID = ""
	again.Invoice.InvoiceNumber = "inv 002041"
	out, err = Handle(ctx, deps, "acct-1", again)
	if err != nil {
		t.Fatal(err)
	}
	if got := codesOf(out); !cmp.Equal(got, []string{CodeDuplicateInvoice}) || out.Decision != "hold" {
		t.Errorf("second call: codes %v decision %s, want DUPLICATE_INVOICE hold", got, out.Decision)
	}
	if out.Anomalies[0].Evidence.RelatedInvoice.Source != "remembered" || out.Remembered.Recalled != 1 {
		t.Errorf("related = %+v, recalled %+v", out.Anomalies[0].Evidence.RelatedInvoice, out.Remembered)
	}

	// Another account sees nothing.
	out, _ = Handle(ctx, deps, "acct-2", again)
	if len(out.Anomalies) != 0 {
		t.Errorf("other account: %v", codesOf(out))
	}
	// The same record (same invoiceId) checked again is not its own duplicate.
	rec := Input{Invoice: baseInvoice(), Remember: true}
	rec.Invoice.InvoiceNumber, rec.Invoice.InvoiceID = "INV-9", "R-9"
	rec.Invoice.SupplierID, rec.Invoice.SupplierName = "SUP-X", "Other Co"
	if _, err := Handle(ctx, deps, "acct-1", rec); err != nil {
		t.Fatal(err)
	}
	out, _ = Handle(ctx, deps, "acct-1", rec)
	if got := codesOf(out); len(got) != 0 {
		t.Errorf("re-check of the same record: %v", got)
	}

	// Expiry, then Forget.
	clock = clock.Add(91 * 24 * time.Hour)
	again.Invoice.InvoiceDate, again.Invoice.DueDate = "2026-06-16", "2026-07-16"
	out, _ = Handle(ctx, deps, "acct-1", again)
	if len(out.Anomalies) != 0 {
		t.Errorf("after expiry: %v", codesOf(out))
	}
	n, err := Forget(ctx, deps, "acct-1")
	if err != nil || n != 4 {
		t.Errorf("Forget = %d, %v; want 4 fingerprints", n, err)
	}

	// Invalid input, store failures, remember switched off.
	bad := Input{Invoice: Invoice{Total: "1,0"}}
	if _, err := Handle(ctx, deps, "acct-1", bad); dalil.ErrorCode(err) != dalil.CodeInvalidMonetaryValue {
		t.Errorf("invalid input: err = %v", err)
	}
	if _, err := Handle(ctx, Deps{Store: &failingStore{}, Secret: []byte("s")}, "a", first); !errors.Is(err, dalil.ErrStorageUnavailable) {
		t.Errorf("failing store: err = %v", err)
	}
	out, err = Handle(ctx, Deps{}, "acct-1", first)
	if err != nil || out.Remembered == nil || out.Remembered.Stored || out.Remembered.Reason == "" {
		t.Errorf("remember off: %+v, %v", out.Remembered, err)
	}
}

func BenchmarkCheckHistory1000(b *testing.B) {
	in := Input{Invoice: baseInvoice(), ApprovalContext: &ApprovalContext{ApprovalThreshold: "5000"},
		SupplierProfile: &SupplierProfile{SupplierID: "SUP-001", BankAccounts: []KnownAccount{{Account: ibanA}}}}
	d0, _ := parseDay("2026-03-10")
	for k := range 1000 {
		h := hist(1, fmt.Sprintf("%d.%03d", 100+k%50, k))[0]
		h.InvoiceNumber = fmt.Sprintf("INV-%05d", 10000+k)
		h.InvoiceDate = (d0 - day(k%400)).String()
		if k%3 == 0 {
			h.SupplierID, h.SupplierName = fmt.Sprintf("SUP-%d", k%40), "Other"
		}
		in.HistoricalInvoices = append(in.HistoricalInvoices, h)
	}
	b.ReportAllocs()
	for b.Loop() {
		Check(in, Options{Now: testNow})
	}
}

func FuzzParseMicros(f *testing.F) {
	// Seeds: testdata/fuzz/FuzzParseMicros.
	f.Fuzz(func(t *testing.T, s string) {
		v, err := parseMicros(s)
		if fast, ok := parsePlainMicros(s); ok {
			if slow, err := parseMicrosGeneral(s); err != nil || slow != fast {
				t.Fatalf("parsePlainMicros(%q) = %d, parseMicrosGeneral = %d, %v", s, fast, slow, err)
			}
		}
		if err != nil {
			return
		}
		if v > maxMicros || v < -maxMicros {
			t.Fatalf("parseMicros(%q) = %d beyond bounds", s, v)
		}
		// Round trip: the plain form parses to the same value.
		back, err := parseMicros(formatMicros(v, 0))
		if err != nil || back != v {
			t.Fatalf("round trip of %q: %d -> %q -> %d, %v", s, v, formatMicros(v, 0), back, err)
		}
	})
}

func FuzzParseDay(f *testing.F) {
	// Seeds: testdata/fuzz/FuzzParseDay.
	f.Fuzz(func(t *testing.T, s string) {
		d, err := parseDay(s)
		if err != nil {
			return
		}
		back, err := parseDay(d.String())
		if err != nil || back != d {
			t.Fatalf("round trip of %q: %s -> %v, %v", s, d, back, err)
		}
	})
}

// FuzzDecodeCheck decodes arbitrary JSON into Input, validates it and runs
// Check: nothing may panic, and valid input must give a complete output.
func FuzzDecodeCheck(f *testing.F) {
	files, _ := filepath.Glob("testdata/corpus/*.json")
	for _, p := range files[:min(10, len(files))] {
		b, _ := os.ReadFile(p)
		var s struct{ Input json.RawMessage }
		if json.Unmarshal(b, &s) == nil {
			f.Add(string(s.Input))
		}
	}
	f.Add(`{"invoice":{"total":"1e5","lineItems":[{"quantity":"0.5","unitPrice":3}]}}`)
	f.Fuzz(func(t *testing.T, body string) {
		var in Input
		if json.Unmarshal([]byte(body), &in) != nil {
			return
		}
		valid := len(in.Validate()) == 0
		out := Check(in, Options{Now: testNow})
		if valid && (out.Decision == "" || out.RiskLevel == "" || out.RiskScore < 0 || out.RiskScore > 100) {
			t.Fatalf("incomplete output for %s: %+v", body, out)
		}
	})
}
