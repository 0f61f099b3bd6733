package invoiceanomaly

import (
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func intp(v int) *int { return &v }

// withTerms sets the invoice's stated terms and the due date that follows.
func withTerms(in *Input, days int) {
	in.Invoice.PaymentTermsDays = intp(days)
	d, _ := parseDay(in.Invoice.InvoiceDate)
	in.Invoice.DueDate = (d + day(days)).String()
}

// termsHist is hist(n) with the payment terms cycled over the records.
func termsHist(n int, days ...int) []HistoricalInvoice {
	hs := hist(n)
	for i := range hs {
		hs[i].PaymentTermsDays = intp(days[i%len(days)])
	}
	return hs
}

func TestCheckPaymentTerms(t *testing.T) {
	runCheckCases(t, checkPaymentTerms, []checkCase{
		{name: "net 7 against a history of net 30", mutate: func(in *Input) {
			withTerms(in, 7)
			in.HistoricalInvoices = termsHist(4, 30)
		}, want: []string{"UNUSUAL_PAYMENT_TERMS/medium"}},
		{name: "exactly half and 15 days shorter", mutate: func(in *Input) {
			withTerms(in, 15)
			in.HistoricalInvoices = termsHist(4, 30)
		}, want: []string{"UNUSUAL_PAYMENT_TERMS/medium"}},
		{name: "a day over half", mutate: func(in *Input) {
			withTerms(in, 16)
			in.HistoricalInvoices = termsHist(4, 30)
		}, want: []string{}},
		{name: "net 25 against net 30", mutate: func(in *Input) {
			withTerms(in, 25)
			in.HistoricalInvoices = termsHist(4, 30)
		}, want: []string{}},
		{name: "half but only 7 days shorter", mutate: func(in *Input) {
			withTerms(in, 7)
			in.HistoricalInvoices = termsHist(4, 14)
		}, want: []string{}},
		{name: "longer terms", mutate: func(in *Input) {
			withTerms(in, 90)
			in.HistoricalInvoices = termsHist(4, 30)
		}, want: []string{}},
		{name: "median of an even count (20.5)", mutate: func(in *Input) {
			withTerms(in, 10)
			in.HistoricalInvoices = termsHist(2, 10, 31)
			in.Options = &CheckOptions{MinHistoryForPatterns: 2}
		}, want: []string{"UNUSUAL_PAYMENT_TERMS/medium"}},
		{name: "history terms from due dates", mutate: func(in *Input) {
			withTerms(in, 7)
			in.HistoricalInvoices = hist(4)
			for i := range in.HistoricalInvoices {
				h := &in.HistoricalInvoices[i]
				d, _ := parseDay(h.InvoiceDate)
				h.DueDate = (d + 45).String()
			}
		}, want: []string{"UNUSUAL_PAYMENT_TERMS/medium"}},
		{name: "invoice terms from its due date", mutate: func(in *Input) {
			in.Invoice.PaymentTermsDays = nil
			in.Invoice.DueDate = "2026-03-17"
			in.HistoricalInvoices = termsHist(4, 30)
		}, want: []string{"UNUSUAL_PAYMENT_TERMS/medium"}},
		{name: "the contract's terms come first", mutate: func(in *Input) {
			withTerms(in, 20)
			in.HistoricalInvoices = termsHist(4, 21)
			in.Contract = &Contract{ContractID: "C-1", PaymentTermsDays: intp(60)}
		}, want: []string{"UNUSUAL_PAYMENT_TERMS/medium"}},
		{name: "the profile's terms", mutate: func(in *Input) {
			withTerms(in, 10)
			in.SupplierProfile = &SupplierProfile{SupplierID: "SUP-001", PaymentTermsDays: intp(45), BankAccounts: []KnownAccount{{Account: ibanA}}}
		}, want: []string{"UNUSUAL_PAYMENT_TERMS/medium"}},
		{name: "another supplier's profile says nothing", mutate: func(in *Input) {
			withTerms(in, 10)
			in.SupplierProfile = &SupplierProfile{SupplierID: "SUP-999", PaymentTermsDays: intp(45)}
		}, skip: true},
		{name: "too few history records state terms", mutate: func(in *Input) {
			withTerms(in, 7)
			in.HistoricalInvoices = append(termsHist(2, 30), hist(3)[2])
		}, skip: true},
		{name: "void records do not count", mutate: func(in *Input) {
			withTerms(in, 7)
			in.HistoricalInvoices = termsHist(4, 30)
			for i := range in.HistoricalInvoices[:2] {
				in.HistoricalInvoices[i].Status = "cancelled"
			}
		}, skip: true},
		{name: "no terms and no due date", mutate: func(in *Input) {
			in.Invoice.PaymentTermsDays, in.Invoice.DueDate = nil, ""
			in.HistoricalInvoices = termsHist(4, 30)
		}, skip: true},
	})
}

func TestPaymentTermsEvidence(t *testing.T) {
	in := Input{Invoice: baseInvoice(), HistoricalInvoices: termsHist(2, 10, 31), Options: &CheckOptions{MinHistoryForPatterns: 2}}
	withTerms(&in, 10)
	as, _ := checkPaymentTerms(newEnv(in, Options{Now: testNow}))
	if len(as) != 1 {
		t.Fatalf("anomalies = %v", found(as))
	}
	a := as[0]
	want := Evidence{Fields: []string{"invoice.paymentTermsDays", "historicalInvoices: median of 2"}, Expected: "20.5 days", Actual: "10 days"}
	if diff := cmp.Diff(want, a.Evidence); diff != "" || a.Confidence != 0.75 || a.Field != "invoice.paymentTermsDays" {
		t.Errorf("anomaly %+v; evidence (-want +got):\n%s", a, diff)
	}
	in.Contract = &Contract{PaymentTermsDays: intp(60)}
	as, _ = checkPaymentTerms(newEnv(in, Options{Now: testNow}))
	if len(as) != 1 || as[0].Confidence != 0.85 || as[0].Evidence.Expected != "60 days" {
		t.Errorf("contract terms: %+v", as)
	}
}

func TestNumberShapeAndParts(t *testing.T) {
	for in, want := range map[string]string{
		"INV-2026-1043": "AAA-9999-9999", " inv  2026/7 ": "AAA 9999/9", "20260416": "99999999", "ف-١٢": "A-99", "": "",
	} {
		if got := numberShape(in); got != want {
			t.Errorf("numberShape(%q) = %q, want %q", in, got, want)
		}
	}
	tests := []struct {
		in, prefix, digits string
		ok                 bool
	}{
		{"INV20261043", "INV", "20261043", true},
		{"ASM062", "ASM", "62", true},
		{"0000", "", "0", true},
		{"INV1043A", "INV1043A", "", false},
	}
	for _, tt := range tests {
		p, d, ok := numberParts(tt.in)
		if p != tt.prefix || d != tt.digits || ok != tt.ok {
			t.Errorf("numberParts(%q) = %q, %q, %v", tt.in, p, d, ok)
		}
	}
	if cmpDigits("999", "1000") >= 0 || cmpDigits("1043", "1042") <= 0 || cmpDigits("7", "7") != 0 {
		t.Error("cmpDigits does not compare by value")
	}
}

// seriesHist returns n paid invoices of the base supplier numbered in
// series (numbers rising with the dates), the newest 30 days before the
// base invoice.
func seriesHist(n int, format string) []HistoricalInvoice {
	hs := hist(n)
	for i := range hs {
		hs[i].InvoiceNumber = fmt.Sprintf(format, 100+n-i) // hist(n)[0] is the newest
	}
	return hs
}

func TestCheckNumberPattern(t *testing.T) {
	check := func(e *env) ([]Anomaly, string) { return checkNumberPattern(e), "" }
	runCheckCases(t, check, []checkCase{
		{name: "next in the series", mutate: func(in *Input) {
			in.Invoice.InvoiceNumber = "INV-2026-0106"
			in.HistoricalInvoices = seriesHist(5, "INV-2026-%04d")
		}, want: []string{}},
		{name: "a bare number against an established format", mutate: func(in *Input) {
			in.Invoice.InvoiceNumber = "20260106"
			in.HistoricalInvoices = seriesHist(5, "INV-2026-%04d")
		}, want: []string{"INVOICE_NUMBER_ANOMALY/low"}},
		{name: "four in five share the format", mutate: func(in *Input) {
			in.Invoice.InvoiceNumber = "INV/2026/0106"
			in.HistoricalInvoices = seriesHist(5, "INV-2026-%04d")
			in.HistoricalInvoices[4].InvoiceNumber = "2026-0099"
		}, want: []string{"INVOICE_NUMBER_ANOMALY/low"}},
		{name: "three in five: no established format", mutate: func(in *Input) {
			in.Invoice.InvoiceNumber = "INV/2026/0106"
			in.HistoricalInvoices = seriesHist(5, "INV-2026-%04d")
			in.HistoricalInvoices[3].InvoiceNumber = "2026-0099"
			in.HistoricalInvoices[4].InvoiceNumber = "2026-0098"
		}, want: []string{}},
		{name: "lower than every earlier number on a later date", mutate: func(in *Input) {
			in.Invoice.InvoiceNumber = "INV-2026-0042"
			in.HistoricalInvoices = seriesHist(5, "INV-2026-%04d")
		}, want: []string{"INVOICE_NUMBER_ANOMALY/low"}},
		{name: "lower, but dated before the latest earlier invoice", mutate: func(in *Input) {
			in.Invoice.InvoiceNumber = "INV-2026-0042"
			in.Invoice.InvoiceDate, in.Invoice.DueDate = "2026-01-20", "2026-02-19"
			in.HistoricalInvoices = seriesHist(5, "INV-2026-%04d")
		}, want: []string{}},
		{name: "another prefix is another series", mutate: func(in *Input) {
			in.Invoice.InvoiceNumber = "CRN-2026-0042"
			in.HistoricalInvoices = seriesHist(5, "INV-2026-%04d")
		}, want: []string{}},
		{name: "too little numbered history", mutate: func(in *Input) {
			in.Invoice.InvoiceNumber = "20260106"
			in.HistoricalInvoices = seriesHist(2, "INV-2026-%04d")
		}, want: []string{}},
		{name: "other suppliers' numbers do not count", mutate: func(in *Input) {
			in.Invoice.InvoiceNumber = "20260106"
			in.HistoricalInvoices = seriesHist(5, "INV-2026-%04d")
			for i := range in.HistoricalInvoices {
				in.HistoricalInvoices[i].SupplierID = "SUP-777"
			}
		}, want: []string{}},
		{name: "a placeholder is a data-quality finding only", mutate: func(in *Input) {
			in.Invoice.InvoiceNumber = "N/A"
			in.HistoricalInvoices = seriesHist(5, "INV-2026-%04d")
		}, want: []string{}},
	})
}

func TestNumberPatternConfidence(t *testing.T) {
	in := Input{Invoice: baseInvoice(), HistoricalInvoices: seriesHist(5, "INV-2026-%04d")}
	in.Invoice.InvoiceNumber = "INV/2026/0106"
	in.HistoricalInvoices[4].InvoiceNumber = "2026-0099"
	as := checkNumberPattern(newEnv(in, Options{Now: testNow}))
	if len(as) != 1 || as[0].Confidence != 0.78 || as[0].Evidence.Expected != "AAA-9999-9999" || as[0].Evidence.Actual != "AAA/9999/9999" {
		t.Errorf("anomalies = %+v", as)
	}
}

// burstHist: monthly invoices before the window, then recent ones on the
// given days before the base invoice (2026-03-10).
func burstHist(monthly int, recent ...int) []HistoricalInvoice {
	var hs []HistoricalInvoice
	d0, _ := parseDay("2026-03-10")
	add := func(k int, d day) {
		hs = append(hs, HistoricalInvoice{InvoiceNumber: fmt.Sprintf("INV-%d", 500+k), SupplierID: "SUP-001", InvoiceDate: d.String(),
			Currency: "OMR", Total: Decimal(fmt.Sprintf("%d.000", 120+k)), Status: "paid", BankAccount: ibanA})
	}
	for k := range monthly {
		add(k, d0-day(60+30*k))
	}
	for i, ago := range recent {
		add(100+i, d0-day(ago))
	}
	return hs
}

func TestCheckFrequency(t *testing.T) {
	check := func(e *env) ([]Anomaly, string) {
		if a, ok := checkFrequency(e, e.billed()); ok {
			return []Anomaly{a}, ""
		}
		return nil, ""
	}
	runCheckCases(t, check, []checkCase{
		{name: "monthly, then three in three weeks", mutate: func(in *Input) {
			in.HistoricalInvoices = burstHist(8, 20, 12, 5)
		}, want: []string{"SUPPLIER_PATTERN_DEVIATION/medium"}},
		{name: "monthly, then two more: three with the invoice", mutate: func(in *Input) {
			in.HistoricalInvoices = burstHist(8, 20, 5)
		}, want: []string{"SUPPLIER_PATTERN_DEVIATION/medium"}},
		{name: "one 30 days earlier is outside the window", mutate: func(in *Input) {
			in.HistoricalInvoices = burstHist(8, 30, 5)
		}, want: []string{}},
		{name: "monthly only", mutate: func(in *Input) {
			in.HistoricalInvoices = burstHist(8, 28)
		}, want: []string{}},
		{name: "weekly all along", mutate: func(in *Input) {
			var days []int
			for k := 1; k <= 30; k++ {
				days = append(days, 7*k)
			}
			in.HistoricalInvoices = burstHist(0, days...)
		}, want: []string{}},
		{name: "a baseline shorter than 90 days", mutate: func(in *Input) {
			in.HistoricalInvoices = burstHist(0, 20, 12, 5, 45, 55, 65, 80)
		}, want: []string{}},
		{name: "earlier records of the invoice's own number are not counted", mutate: func(in *Input) {
			in.HistoricalInvoices = burstHist(8, 20, 5)
			in.HistoricalInvoices[8].InvoiceNumber = in.Invoice.InvoiceNumber
		}, want: []string{}},
		{name: "too few earlier invoices", mutate: func(in *Input) {
			in.HistoricalInvoices = burstHist(2, 20, 12, 5)
		}, want: []string{}},
	})
}

// payment is a payment of the base supplier to ibanA.
func payment(number, date, amount string) Payment {
	return Payment{InvoiceNumber: number, SupplierID: "SUP-001", PaymentDate: date, Amount: Decimal(amount), Currency: "OMR", BankAccount: ibanA}
}

func TestCheckDuplicatesFromPayments(t *testing.T) {
	check := func(e *env) ([]Anomaly, string) { return checkDuplicates(e), "" }
	runCheckCases(t, check, []checkCase{
		{name: "number and amount already paid", mutate: func(in *Input) {
			in.PaymentHistory = []Payment{payment("INV-1990", "2026-02-01", "90"), payment("INV-2041", "2026-03-12", "131.250")}
		}, want: []string{"POSSIBLE_DUPLICATE/high"}},
		{name: "an equivalent number, amount as a padded string", mutate: func(in *Input) {
			in.PaymentHistory = []Payment{payment("inv 002041", "2026-03-12", " 131.25 ")}
			in.PaymentHistory[0].Currency = " omr "
		}, want: []string{"POSSIBLE_DUPLICATE/high"}},
		{name: "number paid for another amount", mutate: func(in *Input) {
			in.PaymentHistory = []Payment{payment("INV-2041", "2026-03-12", "50")}
		}, want: []string{"POSSIBLE_DUPLICATE/medium"}},
		{name: "number paid without an amount", mutate: func(in *Input) {
			in.PaymentHistory = []Payment{payment("INV-2041", "2026-03-12", "")}
		}, want: []string{"POSSIBLE_DUPLICATE/medium"}},
		{name: "number paid in another currency", mutate: func(in *Input) {
			in.PaymentHistory = []Payment{payment("INV-2041", "2026-03-12", "131.250")}
			in.PaymentHistory[0].Currency = "USD"
		}, want: []string{"POSSIBLE_DUPLICATE/medium"}},
		{name: "a payment naming no supplier", mutate: func(in *Input) {
			in.PaymentHistory = []Payment{{InvoiceNumber: "INV-2041", Amount: "131.250"}}
		}, want: []string{"POSSIBLE_DUPLICATE/medium"}},
		{name: "another supplier's payment of the number", mutate: func(in *Input) {
			p := payment("INV-2041", "2026-03-12", "131.250")
			p.SupplierID = "SUP-777"
			in.PaymentHistory = []Payment{p}
		}, want: []string{}},
		{name: "the strongest of several payments counts once", mutate: func(in *Input) {
			in.PaymentHistory = []Payment{payment("INV-2041", "2026-03-01", "50"), payment("INV-2041", "2026-03-12", "131.250"), {InvoiceNumber: "INV-2041", Amount: "131.250"}}
		}, want: []string{"POSSIBLE_DUPLICATE/high"}},
		{name: "paid and in history: one finding, the history's", mutate: func(in *Input) {
			h := hist(1)[0]
			h.InvoiceNumber, h.InvoiceDate, h.Total = "INV-2041", "2026-02-20", "131.250"
			in.HistoricalInvoices = []HistoricalInvoice{h}
			in.PaymentHistory = []Payment{payment("INV-2041", "2026-03-12", "131.250")}
		}, want: []string{"POSSIBLE_DUPLICATE/high"}},
		{name: "other numbers paid", mutate: func(in *Input) {
			in.PaymentHistory = []Payment{payment("INV-2040", "2026-03-01", "131.250"), payment("INV-2039", "2026-02-01", "129")}
		}, want: []string{}},
	})
}

func TestPaidEvidenceNamesThePayment(t *testing.T) {
	in := Input{Invoice: baseInvoice(), PaymentHistory: []Payment{payment("INV-1990", "2026-02-01", "90"), payment("INV-2041", "2026-03-12T18:00:00Z", "131.250")}}
	out := Check(in, Options{Now: testNow})
	if len(out.Anomalies) != 1 {
		t.Fatalf("anomalies = %v", found(out.Anomalies))
	}
	rel := out.Anomalies[0].Evidence.RelatedInvoice
	if rel == nil || rel.Source != "payment" || rel.Index == nil || *rel.Index != 1 || rel.InvoiceDate != "2026-03-12" || rel.Total != "131.250" {
		t.Errorf("related = %+v", rel)
	}
	if out.Mode != "context_aware" || !contains(out.ContextUsed, "paymentHistory") || !contains(out.ChecksRun, "duplicates") {
		t.Errorf("mode %s, context %v, run %v", out.Mode, out.ContextUsed, out.ChecksRun)
	}
}

func contains(ss []string, s string) bool {
	for _, x := range ss {
		if x == s {
			return true
		}
	}
	return false
}

func TestCheckBankAccountWithPayments(t *testing.T) {
	runCheckCases(t, checkBankAccount, []checkCase{
		{name: "the account earlier payments went to", mutate: func(in *Input) {
			in.PaymentHistory = []Payment{payment("INV-1990", "2026-02-01", "90")}
		}, want: []string{}},
		{name: "an account no payment went to", mutate: func(in *Input) {
			in.Invoice.BankAccount = ibanB
			in.PaymentHistory = []Payment{payment("INV-1990", "2026-02-01", "90")}
		}, want: []string{"BANK_ACCOUNT_CHANGED/high"}},
		{name: "an account another supplier was paid to", mutate: func(in *Input) {
			in.Invoice.BankAccount = ibanB
			p := payment("X-1", "2026-02-01", "90")
			p.SupplierID, p.BankAccount = "SUP-777", ibanB
			in.PaymentHistory = []Payment{payment("INV-1990", "2026-02-01", "90"), p}
		}, want: []string{"BANK_ACCOUNT_CHANGED/critical"}},
		{name: "another supplier's payment alone", mutate: func(in *Input) {
			p := payment("X-1", "2026-02-01", "90")
			p.SupplierID = "SUP-777"
			in.PaymentHistory = []Payment{p}
		}, want: []string{"UNKNOWN_BANK_ACCOUNT/critical"}},
		{name: "a recently added, unverified profile account already paid to", mutate: func(in *Input) {
			f := false
			in.SupplierProfile = &SupplierProfile{SupplierID: "SUP-001", BankAccounts: []KnownAccount{{Account: ibanA, Verified: &f, AddedDate: "2026-03-01"}}}
			in.PaymentHistory = []Payment{payment("INV-1990", "2026-03-05", "90")}
		}, want: []string{}},
		{name: "the same, never paid to", mutate: func(in *Input) {
			f := false
			in.SupplierProfile = &SupplierProfile{SupplierID: "SUP-001", BankAccounts: []KnownAccount{{Account: ibanA, Verified: &f, AddedDate: "2026-03-01"}}}
		}, want: []string{"BANK_ACCOUNT_CHANGED/medium"}},
		{name: "payments that name no supplier say nothing", mutate: func(in *Input) {
			in.PaymentHistory = []Payment{{InvoiceNumber: "INV-1990", BankAccount: ibanB}}
		}, skip: true},
	})
}
