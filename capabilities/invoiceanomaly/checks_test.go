package invoiceanomaly

import (
	"fmt"
	"math/big"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

var testNow = time.Date(2026, 3, 20, 9, 0, 0, 0, time.UTC)

// makeIBAN returns a valid IBAN for the country and BBAN.
func makeIBAN(cc, bban string) string {
	var digits strings.Builder
	for _, c := range bban + cc + "00" {
		if c >= 'A' && c <= 'Z' {
			fmt.Fprintf(&digits, "%d", c-'A'+10)
		} else {
			digits.WriteRune(c)
		}
	}
	n, _ := new(big.Int).SetString(digits.String(), 10)
	check := 98 - new(big.Int).Mod(n, big.NewInt(97)).Int64()
	return fmt.Sprintf("%s%02d%s", cc, check, bban)
}

var (
	ibanA = makeIBAN("OM", "0180000001234567890")
	ibanB = makeIBAN("OM", "0180000009999999999")
)

// baseInvoice is a correct OMR invoice dated Tuesday 2026-03-10:
// 40 × 2.750 + 15.000 = 125.000, 5 % tax 6.250, total 131.250.
func baseInvoice() Invoice {
	terms := 30
	return Invoice{
		InvoiceNumber: "INV-2041", SupplierName: "Al Noor Trading LLC", SupplierID: "SUP-001",
		InvoiceDate: "2026-03-10", DueDate: "2026-04-09", PaymentTermsDays: &terms, Currency: "OMR",
		Subtotal: "125.000", TaxRate: "5", Tax: "6.250", Total: "131.250", BankAccount: ibanA,
		LineItems: []LineItem{
			{Description: "Cement bags 50kg", Quantity: "40", UnitPrice: "2.750", Total: "110.000"},
			{Description: "Delivery", Quantity: "1", UnitPrice: "15.000", Total: "15.000"},
		},
	}
}

// hist returns n paid invoices of the base supplier, 30 days apart, with
// the given totals (cycled) and the base account and items.
func hist(n int, totals ...string) []HistoricalInvoice {
	if len(totals) == 0 {
		totals = []string{"126.000", "135.200", "129.900", "137.800"}
	}
	var hs []HistoricalInvoice
	d0, _ := parseDay("2026-03-10")
	for k := 1; k <= n; k++ {
		hs = append(hs, HistoricalInvoice{
			InvoiceID: fmt.Sprintf("H-%d", k), InvoiceNumber: fmt.Sprintf("INV-%d", 1000+k),
			SupplierName: "Al Noor Trading LLC", SupplierID: "SUP-001", InvoiceDate: (d0 - day(30*k)).String(),
			Currency: "OMR", Total: Decimal(totals[(k-1)%len(totals)]), BankAccount: ibanA, Status: "paid",
			LineItems: []LineItem{
				{Description: "Cement bags 50kg", Quantity: "40", UnitPrice: "2.750"},
				{Description: "Delivery", Quantity: "1", UnitPrice: "15.000"},
			},
		})
	}
	return hs
}

// anomalyByCode returns out's first anomaly with code, or nil.
func anomalyByCode(out Output, code string) *Anomaly {
	for i := range out.Anomalies {
		if out.Anomalies[i].Code == code {
			return &out.Anomalies[i]
		}
	}
	return nil
}

// found lists "CODE/severity" of anomalies, in order.
func found(as []Anomaly) []string {
	out := []string{}
	for _, a := range as {
		out = append(out, a.Code+"/"+a.Severity)
	}
	return out
}

type checkCase struct {
	name   string
	mutate func(in *Input)
	want   []string
	skip   bool // the check is expected to be skipped
}

func runCheckCases(t *testing.T, check func(*env) ([]Anomaly, string), cases []checkCase) {
	t.Helper()
	for _, tt := range cases {
		t.Run(tt.name, func(t *testing.T) {
			in := Input{Invoice: baseInvoice()}
			if tt.mutate != nil {
				tt.mutate(&in)
			}
			if probs := in.Validate(); len(probs) > 0 {
				t.Fatalf("test input invalid: %v", probs)
			}
			e := newEnv(in, Options{Now: testNow})
			as, skip := check(e)
			if (skip != "") != tt.skip {
				t.Fatalf("skip reason = %q, want skipped %v", skip, tt.skip)
			}
			if tt.skip {
				if len(as) > 0 {
					t.Errorf("skipped check returned %v", found(as))
				}
				return
			}
			sortAnomalies(as)
			if diff := cmp.Diff(tt.want, found(as)); diff != "" {
				for _, a := range as {
					t.Log(a.Message)
				}
				t.Errorf("anomalies (-want +got):\n%s", diff)
			}
		})
	}
}

func TestCheckArithmetic(t *testing.T) {
	wrap := func(e *env) ([]Anomaly, string) { as, _ := checkArithmetic(e); return as, "" }
	runCheckCases(t, wrap, []checkCase{
		{name: "clean", want: []string{}},
		{name: "within one minor unit", mutate: func(in *Input) { in.Invoice.Total = "131.251" }, want: []string{}},
		{name: "line total off", mutate: func(in *Input) { in.Invoice.LineItems[0].Total = "112.000" },
			want: []string{"LINE_TOTAL_MISMATCH/medium", "SUBTOTAL_MISMATCH/medium"}},
		{name: "line discount respected", mutate: func(in *Input) {
			in.Invoice.LineItems[0].Discount = "10.000"
			in.Invoice.LineItems[0].Total = "100.000"
			in.Invoice.Subtotal, in.Invoice.Tax, in.Invoice.Total = "115.000", "5.750", "120.750"
		}, want: []string{}},
		{name: "subtotal off", mutate: func(in *Input) { in.Invoice.Subtotal = "135.000" },
			want: []string{"SUBTOTAL_MISMATCH/medium", "TOTAL_MISMATCH/medium", "TAX_MISMATCH/low"}},
		{name: "tax off", mutate: func(in *Input) { in.Invoice.Tax, in.Invoice.Total = "12.500", "137.500" },
			want: []string{"TAX_MISMATCH/medium"}},
		{name: "total small slip is low", mutate: func(in *Input) { in.Invoice.Total = "131.500" },
			want: []string{"TOTAL_MISMATCH/low"}},
		{name: "line rates differ from invoice rate", mutate: func(in *Input) {
			for i := range in.Invoice.LineItems {
				in.Invoice.LineItems[i].TaxRate = "10"
			}
		}, want: []string{"TAX_MISMATCH/low"}},
		{name: "tax from line rates", mutate: func(in *Input) {
			in.Invoice.TaxRate = ""
			in.Invoice.LineItems[0].TaxRate = "5"
			in.Invoice.LineItems[1].TaxRate = "0"
			in.Invoice.Tax, in.Invoice.Total = "5.500", "130.500"
		}, want: []string{}},
		{name: "taxable shipping accepted", mutate: func(in *Input) {
			in.Invoice.Shipping = "10.000"
			in.Invoice.Tax, in.Invoice.Total = "6.750", "141.750"
		}, want: []string{}},
		{name: "discount then tax", mutate: func(in *Input) {
			in.Invoice.Discount = "25.000"
			in.Invoice.Tax, in.Invoice.Total = "5.000", "105.000"
		}, want: []string{}},
		{name: "JPY tolerance is one yen", mutate: func(in *Input) {
			in.Invoice.Currency = "JPY"
			in.Invoice.LineItems = []LineItem{{Description: "Rice", Quantity: "3", UnitPrice: "333", Total: "1000"}}
			in.Invoice.Subtotal, in.Invoice.TaxRate, in.Invoice.Tax, in.Invoice.Total = "1000", "", "", "1000"
		}, want: []string{}},
		{name: "JPY two yen off", mutate: func(in *Input) {
			in.Invoice.Currency = "JPY"
			in.Invoice.LineItems = []LineItem{{Description: "Rice", Quantity: "3", UnitPrice: "333", Total: "1001"}}
			in.Invoice.Subtotal, in.Invoice.TaxRate, in.Invoice.Tax, in.Invoice.Total = "1001", "", "", "1001"
		}, want: []string{"LINE_TOTAL_MISMATCH/low"}},
		{name: "USD 0.1 + 0.2 is exact", mutate: func(in *Input) {
			in.Invoice.Currency = "USD"
			in.Invoice.LineItems = []LineItem{{Quantity: "1", UnitPrice: "0.1", Total: "0.1"}, {Quantity: "1", UnitPrice: "0.2", Total: "0.2"}}
			in.Invoice.Subtotal, in.Invoice.TaxRate, in.Invoice.Tax, in.Invoice.Total = "0.3", "", "", "0.30"
		}, want: []string{}},
	})
}

func TestFinancialChecks(t *testing.T) {
	in := Input{Invoice: baseInvoice()}
	in.Invoice.Total = "140.000"
	_, fc := checkArithmetic(newEnv(in, Options{}))
	want := FinancialChecks{
		SubtotalValid: boolp(true), TaxValid: boolp(true), TotalValid: boolp(false), LineTotalsValid: boolp(true),
		Computed: Computed{LineItemsSum: "125.000", ExpectedTax: "6.250", ExpectedTotal: "131.250", Tolerance: "0.001"},
	}
	if diff := cmp.Diff(want, fc); diff != "" {
		t.Errorf("financial checks (-want +got):\n%s", diff)
	}
}

func TestCheckDuplicates(t *testing.T) {
	wrap := func(e *env) ([]Anomaly, string) { return checkDuplicates(e), "" }
	dup := func(mut func(h *HistoricalInvoice)) func(in *Input) {
		return func(in *Input) {
			h := HistoricalInvoice{InvoiceNumber: "INV-2041", SupplierID: "SUP-001", InvoiceDate: "2026-03-10", Currency: "OMR", Total: "131.250", Status: "paid"}
			mut(&h)
			in.HistoricalInvoices = append(hist(4), h)
		}
	}
	runCheckCases(t, wrap, []checkCase{
		{name: "history without duplicates", mutate: func(in *Input) { in.HistoricalInvoices = hist(6) }, want: []string{}},
		{name: "exact", mutate: dup(func(h *HistoricalInvoice) {}), want: []string{"DUPLICATE_INVOICE/critical"}},
		{name: "exact with normalized number and name", mutate: dup(func(h *HistoricalInvoice) {
			h.InvoiceNumber, h.SupplierID, h.SupplierName = "inv 0002041", "", "AL NOOR TRADING L.L.C."
		}), want: []string{"DUPLICATE_INVOICE/critical"}},
		{name: "same record id is not a duplicate", mutate: func(in *Input) {
			in.Invoice.InvoiceID = "R-1"
			dup(func(h *HistoricalInvoice) { h.InvoiceID = "R-1" })(in)
		}, want: []string{}},
		{name: "other date", mutate: dup(func(h *HistoricalInvoice) { h.InvoiceDate = "2026-01-10" }), want: []string{"POSSIBLE_DUPLICATE/high"}},
		{name: "number reused", mutate: dup(func(h *HistoricalInvoice) { h.Total = "50.000" }), want: []string{"POSSIBLE_DUPLICATE/medium"}},
		{name: "cancelled resubmitted", mutate: dup(func(h *HistoricalInvoice) { h.Status = "cancelled" }), want: []string{"POSSIBLE_DUPLICATE/medium"}},
		{name: "other currency", mutate: dup(func(h *HistoricalInvoice) { h.Currency = "USD" }), want: []string{"POSSIBLE_DUPLICATE/medium"}},
		{name: "transposed number", mutate: dup(func(h *HistoricalInvoice) { h.InvoiceNumber, h.InvoiceDate = "INV-2014", "2026-03-05" }), want: []string{"POSSIBLE_DUPLICATE/high"}},
		{name: "transposed but outside window", mutate: dup(func(h *HistoricalInvoice) { h.InvoiceNumber, h.InvoiceDate = "INV-2014", "2026-02-01" }), want: []string{}},
		{name: "sequential number same amount two days", mutate: dup(func(h *HistoricalInvoice) { h.InvoiceNumber, h.InvoiceDate = "INV-2040", "2026-03-08" }), want: []string{"POSSIBLE_DUPLICATE/medium"}},
		{name: "sequential number same amount six days", mutate: dup(func(h *HistoricalInvoice) { h.InvoiceNumber, h.InvoiceDate = "INV-2040", "2026-03-04" }), want: []string{}},
		{name: "another supplier same number and amount", mutate: dup(func(h *HistoricalInvoice) { h.SupplierID, h.SupplierName = "SUP-999", "Other" }), want: []string{"POSSIBLE_DUPLICATE/medium"}},
	})
}

func TestCheckSupplierHistory(t *testing.T) {
	runCheckCases(t, checkSupplierHistory, []checkCase{
		{name: "too little history", mutate: func(in *Input) { in.HistoricalInvoices = hist(2) }, skip: true},
		{name: "usual", mutate: func(in *Input) { in.HistoricalInvoices = hist(5) }, want: []string{}},
		{name: "void history does not count", mutate: func(in *Input) {
			in.HistoricalInvoices = hist(3)
			in.HistoricalInvoices[0].Status = "void"
		}, skip: true},
		{name: "unusual amount", mutate: func(in *Input) {
			in.HistoricalInvoices = hist(5)
			in.Invoice.LineItems = in.Invoice.LineItems[:1]
			in.Invoice.LineItems[0].Quantity, in.Invoice.LineItems[0].Total = "400", "1100.000"
			in.Invoice.Subtotal, in.Invoice.Tax, in.Invoice.Total = "1100.000", "55.000", "1155.000"
		}, want: []string{"UNUSUAL_AMOUNT/high"}},
		{name: "price increase and new item", mutate: func(in *Input) {
			in.HistoricalInvoices = hist(4)
			in.Invoice.LineItems[0].UnitPrice = "3.500"
			in.Invoice.LineItems = append(in.Invoice.LineItems, LineItem{Description: "Consulting", Quantity: "1", UnitPrice: "1"})
		}, want: []string{"UNIT_PRICE_INCREASE/medium", "NEW_LINE_ITEM/low"}},
		{name: "new currency", mutate: func(in *Input) {
			in.HistoricalInvoices = hist(4)
			in.Invoice.Currency = "USD"
		}, want: []string{"UNUSUAL_CURRENCY/low"}},
	})
}

func TestCheckSupplierProfile(t *testing.T) {
	prof := func(mut func(p *SupplierProfile)) func(in *Input) {
		return func(in *Input) {
			p := &SupplierProfile{SupplierID: "SUP-001", SupplierName: "Al Noor Trading", Status: "active", Currencies: []string{"omr"}}
			mut(p)
			in.SupplierProfile = p
		}
	}
	runCheckCases(t, checkSupplierProfile, []checkCase{
		{name: "none", skip: true},
		{name: "empty object is none", mutate: func(in *Input) { in.SupplierProfile = &SupplierProfile{} }, skip: true},
		{name: "matching", mutate: prof(func(p *SupplierProfile) {}), want: []string{}},
		{name: "blocked", mutate: prof(func(p *SupplierProfile) { p.Status = "blocked" }), want: []string{"SUPPLIER_PATTERN_DEVIATION/high"}},
		{name: "pending", mutate: prof(func(p *SupplierProfile) { p.Status = "pending_verification" }), want: []string{"SUPPLIER_PATTERN_DEVIATION/medium"}},
		{name: "other name, alias ok", mutate: func(in *Input) {
			prof(func(p *SupplierProfile) { p.Aliases = []string{"ANT Cement"} })(in)
			in.Invoice.SupplierName = "ANT Cement LLC"
		}, want: []string{}},
		{name: "other name", mutate: func(in *Input) {
			prof(func(p *SupplierProfile) {})(in)
			in.Invoice.SupplierName = "Noor Al Trading"
		}, want: []string{"SUPPLIER_PATTERN_DEVIATION/medium"}},
		{name: "tax id differs", mutate: func(in *Input) {
			prof(func(p *SupplierProfile) { p.TaxID = "OM-1100-1" })(in)
			in.Invoice.SupplierTaxID = "OM11002"
		}, want: []string{"SUPPLIER_PATTERN_DEVIATION/high"}},
		{name: "created recently", mutate: prof(func(p *SupplierProfile) { p.CreatedDate = "2026-03-01" }), want: []string{"SUPPLIER_PATTERN_DEVIATION/low"}},
		{name: "currency not listed", mutate: prof(func(p *SupplierProfile) { p.Currencies = []string{"USD"} }), want: []string{"UNUSUAL_CURRENCY/low"}},
	})
}

func TestCheckBankAccount(t *testing.T) {
	verified := true
	unverified := false
	runCheckCases(t, checkBankAccount, []checkCase{
		{name: "no account", mutate: func(in *Input) { in.Invoice.BankAccount = "" }, skip: true},
		{name: "standalone", skip: true},
		{name: "known from history", mutate: func(in *Input) { in.HistoricalInvoices = hist(3) }, want: []string{}},
		{name: "history without accounts", mutate: func(in *Input) {
			in.HistoricalInvoices = hist(3)
			for i := range in.HistoricalInvoices {
				in.HistoricalInvoices[i].BankAccount = ""
			}
		}, want: []string{}},
		{name: "known from profile with spaces", mutate: func(in *Input) {
			in.SupplierProfile = &SupplierProfile{SupplierID: "SUP-001", BankAccounts: []KnownAccount{{Account: ibanA[:4] + " " + ibanA[4:]}}}
		}, want: []string{}},
		{name: "account number inside IBAN", mutate: func(in *Input) {
			in.SupplierProfile = &SupplierProfile{SupplierID: "SUP-001", BankAccounts: []KnownAccount{{Account: "0001234567890"}}}
		}, want: []string{}},
		{name: "changed", mutate: func(in *Input) { in.HistoricalInvoices = hist(3); in.Invoice.BankAccount = ibanB }, want: []string{"BANK_ACCOUNT_CHANGED/high"}},
		{name: "changed on large invoice", mutate: func(in *Input) {
			in.HistoricalInvoices = hist(3)
			in.Invoice.BankAccount = ibanB
			in.ApprovalContext = &ApprovalContext{ApprovalThreshold: "100"}
		}, want: []string{"BANK_ACCOUNT_CHANGED/critical"}},
		{name: "changed, under large amount", mutate: func(in *Input) {
			in.HistoricalInvoices = hist(3)
			in.Invoice.BankAccount = ibanB
			in.ApprovalContext = &ApprovalContext{ApprovalThreshold: "100", LargeInvoiceAmount: "5000"}
		}, want: []string{"BANK_ACCOUNT_CHANGED/high"}},
		{name: "recently added to profile", mutate: func(in *Input) {
			in.HistoricalInvoices = hist(3)
			in.Invoice.BankAccount = ibanB
			in.SupplierProfile = &SupplierProfile{SupplierID: "SUP-001", BankAccounts: []KnownAccount{{Account: ibanA}, {Account: ibanB, AddedDate: "2026-03-05"}}}
		}, want: []string{"BANK_ACCOUNT_CHANGED/medium"}},
		{name: "recently added but verified", mutate: func(in *Input) {
			in.Invoice.BankAccount = ibanB
			in.SupplierProfile = &SupplierProfile{SupplierID: "SUP-001", BankAccounts: []KnownAccount{{Account: ibanB, AddedDate: "2026-03-05", Verified: &verified}}}
		}, want: []string{}},
		{name: "unverified", mutate: func(in *Input) {
			in.SupplierProfile = &SupplierProfile{SupplierID: "SUP-001", BankAccounts: []KnownAccount{{Account: ibanA, Verified: &unverified}}}
		}, want: []string{"UNKNOWN_BANK_ACCOUNT/medium"}},
		{name: "profile without accounts", mutate: func(in *Input) {
			in.SupplierProfile = &SupplierProfile{SupplierID: "SUP-001", Status: "active"}
		}, want: []string{"UNKNOWN_BANK_ACCOUNT/medium"}},
		{name: "used by another supplier", mutate: func(in *Input) {
			in.HistoricalInvoices = []HistoricalInvoice{{SupplierID: "SUP-777", InvoiceNumber: "Z-1", Total: "10", BankAccount: ibanA}}
		}, want: []string{"UNKNOWN_BANK_ACCOUNT/critical"}},
		{name: "changed and used by another supplier", mutate: func(in *Input) {
			in.HistoricalInvoices = append(hist(3), HistoricalInvoice{SupplierID: "SUP-777", InvoiceNumber: "Z-1", Total: "10", BankAccount: ibanB})
			in.Invoice.BankAccount = ibanB
		}, want: []string{"BANK_ACCOUNT_CHANGED/critical"}},
	})
}

func TestCheckBankFormat(t *testing.T) {
	runCheckCases(t, checkBankFormat, []checkCase{
		{name: "none", mutate: func(in *Input) { in.Invoice.BankAccount = "" }, skip: true},
		{name: "valid", want: []string{}},
		{name: "plain account number", mutate: func(in *Input) { in.Invoice.BankAccount = "0123-456789" }, want: []string{}},
		{name: "check digits", mutate: func(in *Input) { in.Invoice.BankAccount = ibanA[:len(ibanA)-1] + "9" }, want: []string{"INVALID_BANK_ACCOUNT/high"}},
		{name: "length", mutate: func(in *Input) { in.Invoice.BankAccount = makeIBAN("OM", "018000000123456789") }, want: []string{"INVALID_BANK_ACCOUNT/high"}},
	})
}

func TestCheckPurchaseOrder(t *testing.T) {
	po := func(mut func(p *PurchaseOrder)) func(in *Input) {
		return func(in *Input) {
			in.Invoice.PONumber = "PO-7"
			p := &PurchaseOrder{PONumber: "po 7", SupplierID: "SUP-001", Currency: "OMR", TotalAmount: "1000", Status: "open",
				IssueDate: "2026-03-01", LineItems: []PriceLine{{Description: "Cement bags 50kg", Quantity: "40", UnitPrice: "2.750"}}}
			mut(p)
			in.PurchaseOrder = p
		}
	}
	runCheckCases(t, checkPurchaseOrder, []checkCase{
		{name: "nothing", skip: true},
		{name: "matching", mutate: po(func(p *PurchaseOrder) {}), want: []string{}},
		{name: "required and missing", mutate: func(in *Input) { in.ApprovalContext = &ApprovalContext{PORequired: true} }, want: []string{"PO_MISSING/medium"}},
		{name: "required above, under it", mutate: func(in *Input) { in.ApprovalContext = &ApprovalContext{PORequiredAbove: "500"} }, want: []string{}},
		{name: "required above, over it", mutate: func(in *Input) { in.ApprovalContext = &ApprovalContext{PORequiredAbove: "100"} }, want: []string{"PO_MISSING/medium"}},
		{name: "other number", mutate: po(func(p *PurchaseOrder) { p.PONumber = "PO-8" }), want: []string{"PO_MISMATCH/high"}},
		{name: "other supplier", mutate: po(func(p *PurchaseOrder) { p.SupplierID = "SUP-2" }), want: []string{"PO_MISMATCH/high"}},
		{name: "cancelled", mutate: po(func(p *PurchaseOrder) { p.Status = "cancelled" }), want: []string{"PO_MISMATCH/high"}},
		{name: "expired", mutate: po(func(p *PurchaseOrder) { p.ExpiryDate = "2026-03-09" }), want: []string{"PO_MISMATCH/medium"}},
		{name: "currency", mutate: po(func(p *PurchaseOrder) { p.Currency = "USD" }), want: []string{"PO_MISMATCH/medium"}},
		{name: "quantity and price", mutate: po(func(p *PurchaseOrder) { p.LineItems[0].Quantity, p.LineItems[0].UnitPrice = "30", "2.500" }),
			want: []string{"PO_MISMATCH/medium", "PO_MISMATCH/medium"}},
		{name: "price within 0.5 %", mutate: po(func(p *PurchaseOrder) { p.LineItems[0].UnitPrice = "2.740" }), want: []string{}},
		{name: "issued after invoice", mutate: po(func(p *PurchaseOrder) { p.IssueDate = "2026-03-15" }), want: []string{"DATE_ANOMALY/medium"}},
		{name: "over remaining a little", mutate: po(func(p *PurchaseOrder) { p.InvoicedToDate = "900" }), want: []string{"PO_AMOUNT_EXCEEDED/medium"}},
		{name: "over remaining a lot", mutate: po(func(p *PurchaseOrder) { p.RemainingAmount = "10" }), want: []string{"PO_AMOUNT_EXCEEDED/high"}},
		{name: "tax-exclusive PO compares the subtotal", mutate: po(func(p *PurchaseOrder) {
			no := false
			p.AmountsIncludeTax, p.RemainingAmount = &no, "127.000"
		}), want: []string{}},
	})
}

func TestCheckContract(t *testing.T) {
	ct := func(mut func(c *Contract)) func(in *Input) {
		return func(in *Input) {
			c := &Contract{ContractID: "K", Currency: "OMR", StartDate: "2026-01-01", EndDate: "2026-12-31"}
			mut(c)
			in.Contract = c
		}
	}
	runCheckCases(t, checkContract, []checkCase{
		{name: "none", skip: true},
		{name: "valid", mutate: ct(func(c *Contract) {}), want: []string{}},
		{name: "expired", mutate: ct(func(c *Contract) { c.EndDate = "2026-02-28" }), want: []string{"DATE_ANOMALY/medium"}},
		{name: "currency", mutate: ct(func(c *Contract) { c.Currency = "USD" }), want: []string{"UNUSUAL_CURRENCY/low"}},
		{name: "per-invoice max", mutate: ct(func(c *Contract) { c.MaxInvoiceAmount = "125" }), want: []string{"CONTRACT_LIMIT_EXCEEDED/medium"}},
		{name: "ceiling with invoicedToDate", mutate: ct(func(c *Contract) { c.MaxAmount, c.InvoicedToDate = "1000", "950" }), want: []string{"CONTRACT_LIMIT_EXCEEDED/medium"}},
		{name: "ceiling from history", mutate: func(in *Input) {
			in.HistoricalInvoices = hist(2) // 2026-02-08 and 2026-01-09: 261.200 billed
			ct(func(c *Contract) { c.MaxAmount = "300" })(in)
		}, want: []string{"CONTRACT_LIMIT_EXCEEDED/high"}},
		{name: "rate above", mutate: ct(func(c *Contract) { c.Rates = []PriceLine{{Description: "CEMENT BAGS 50KG", UnitPrice: "2.500"}} }), want: []string{"CONTRACT_RATE_EXCEEDED/medium"}},
		{name: "rate by sku", mutate: func(in *Input) {
			in.Invoice.LineItems[1].SKU = "DLV"
			ct(func(c *Contract) { c.Rates = []PriceLine{{SKU: "dlv", UnitPrice: "10"}} })(in)
		}, want: []string{"CONTRACT_RATE_EXCEEDED/high"}},
	})
}

func TestCheckApprovalAndSplit(t *testing.T) {
	threshold := func(v string) func(in *Input) {
		return func(in *Input) { in.ApprovalContext = &ApprovalContext{ApprovalThreshold: Decimal(v), Currency: "omr"} }
	}
	runCheckCases(t, checkApproval, []checkCase{
		{name: "none", skip: true},
		{name: "other currency", mutate: func(in *Input) { in.ApprovalContext = &ApprovalContext{ApprovalThreshold: "100", Currency: "USD"} }, skip: true},
		{name: "under", mutate: threshold("1000"), want: []string{}},
		{name: "above", mutate: threshold("131.249"), want: []string{"APPROVAL_THRESHOLD_EXCEEDED/low"}},
		{name: "equal is not above", mutate: threshold("131.250"), want: []string{"APPROVAL_THRESHOLD_PROXIMITY/low"}},
		{name: "95 percent", mutate: threshold("138.157"), want: []string{"APPROVAL_THRESHOLD_PROXIMITY/low"}},
		{name: "94 percent", mutate: threshold("139.700"), want: []string{}},
	})
	near := func(days int, total string, po string) HistoricalInvoice {
		d0, _ := parseDay("2026-03-10")
		return HistoricalInvoice{InvoiceNumber: fmt.Sprintf("S-%d", days), SupplierID: "SUP-001", InvoiceDate: (d0 - day(days)).String(), Currency: "OMR", Total: Decimal(total), PONumber: po, Status: "paid"}
	}
	runCheckCases(t, checkSplit, []checkCase{
		{name: "no threshold", mutate: func(in *Input) { in.HistoricalInvoices = hist(2) }, skip: true},
		{name: "no history", mutate: threshold("200"), skip: true},
		{name: "group under threshold", mutate: func(in *Input) {
			threshold("300")(in)
			in.HistoricalInvoices = []HistoricalInvoice{near(3, "100", "")}
		}, want: []string{}},
		{name: "two over threshold", mutate: func(in *Input) {
			threshold("200")(in)
			in.HistoricalInvoices = []HistoricalInvoice{near(4, "100", "")}
		}, want: []string{"SPLIT_INVOICE_PATTERN/medium"}},
		{name: "adjacent day same PO", mutate: func(in *Input) {
			threshold("200")(in)
			in.Invoice.PONumber = "PO-1"
			in.HistoricalInvoices = []HistoricalInvoice{near(1, "100", "PO-1")}
		}, want: []string{"SPLIT_INVOICE_PATTERN/high"}},
		{name: "outside window", mutate: func(in *Input) {
			threshold("200")(in)
			in.HistoricalInvoices = []HistoricalInvoice{near(8, "100", "")}
		}, want: []string{}},
		{name: "invoice itself above threshold", mutate: func(in *Input) {
			threshold("130")(in)
			in.HistoricalInvoices = []HistoricalInvoice{near(1, "100", "")}
		}, want: []string{}},
		{name: "cancelled ones do not count", mutate: func(in *Input) {
			threshold("200")(in)
			h := near(1, "100", "")
			h.Status = "cancelled"
			in.HistoricalInvoices = []HistoricalInvoice{h}
		}, skip: true},
		{name: "series just under", mutate: func(in *Input) {
			threshold("140")(in)
			in.HistoricalInvoices = []HistoricalInvoice{near(30, "130", ""), near(60, "135", "")}
		}, want: []string{"SPLIT_INVOICE_PATTERN/medium"}},
	})
}

func TestCheckDates(t *testing.T) {
	runCheckCases(t, checkDates, []checkCase{
		{name: "no date", mutate: func(in *Input) { in.Invoice.InvoiceDate = "" }, skip: true},
		{name: "fine", want: []string{}},
		{name: "tomorrow is fine", mutate: func(in *Input) { in.Invoice.InvoiceDate, in.Invoice.DueDate = "2026-03-21", "2026-04-20" }, want: []string{"WEEKEND_OR_HOLIDAY_DATE/info"}},
		{name: "future", mutate: func(in *Input) { in.Invoice.InvoiceDate, in.Invoice.DueDate = "2026-03-24", "2026-04-23" }, want: []string{"DATE_ANOMALY/medium"}},
		{name: "old", mutate: func(in *Input) { in.Invoice.InvoiceDate, in.Invoice.DueDate = "2025-03-10", "2025-04-09" }, want: []string{"DATE_ANOMALY/low"}},
		{name: "as-of option", mutate: func(in *Input) { in.Options = &CheckOptions{AsOfDate: "2026-03-01"} }, want: []string{"DATE_ANOMALY/medium"}},
		{name: "due before issue", mutate: func(in *Input) { in.Invoice.DueDate = "2026-03-01" }, want: []string{"DUE_DATE_ANOMALY/medium"}},
		{name: "due off terms", mutate: func(in *Input) { in.Invoice.DueDate = "2026-03-15" }, want: []string{"DUE_DATE_ANOMALY/low"}},
		{name: "due within 3 days of terms", mutate: func(in *Input) { in.Invoice.DueDate = "2026-04-12" }, want: []string{}},
		{name: "terms from contract", mutate: func(in *Input) {
			in.Invoice.PaymentTermsDays = nil
			sixty := 60
			in.Contract = &Contract{PaymentTermsDays: &sixty}
		}, want: []string{"DUE_DATE_ANOMALY/low"}},
		{name: "due in two years", mutate: func(in *Input) { in.Invoice.PaymentTermsDays, in.Invoice.DueDate = nil, "2028-03-10" }, want: []string{"DUE_DATE_ANOMALY/low"}},
		{name: "Omani Friday", mutate: func(in *Input) { in.Invoice.InvoiceDate, in.Invoice.DueDate = "2026-03-13", "2026-04-12" }, want: []string{"WEEKEND_OR_HOLIDAY_DATE/info"}},
		{name: "USD Friday is a workday", mutate: func(in *Input) {
			in.Invoice.Currency = "USD"
			in.Invoice.InvoiceDate, in.Invoice.DueDate = "2026-03-13", "2026-04-12"
		}, want: []string{}},
		{name: "custom weekend", mutate: func(in *Input) { in.Options = &CheckOptions{WeekendDays: []string{"Tuesday"}} }, want: []string{"WEEKEND_OR_HOLIDAY_DATE/info"}},
		{name: "listed holiday", mutate: func(in *Input) { in.Options = &CheckOptions{PublicHolidays: []string{"2026-03-10"}} }, want: []string{"WEEKEND_OR_HOLIDAY_DATE/info"}},
	})
}

func TestCheckLineItems(t *testing.T) {
	runCheckCases(t, checkLineItems, []checkCase{
		{name: "no lines", mutate: func(in *Input) { in.Invoice.LineItems = nil }, skip: true},
		{name: "distinct", want: []string{}},
		{name: "repeated in invoice", mutate: func(in *Input) {
			in.Invoice.LineItems = append(in.Invoice.LineItems, in.Invoice.LineItems[0])
		}, want: []string{"DUPLICATE_LINE_ITEM/medium"}},
		{name: "same item other quantity", mutate: func(in *Input) {
			l := in.Invoice.LineItems[0]
			l.Quantity = "10"
			in.Invoice.LineItems = append(in.Invoice.LineItems, l)
		}, want: []string{}},
		{name: "billed last week", mutate: func(in *Input) {
			h := hist(1)[0]
			h.InvoiceDate = "2026-03-03"
			in.HistoricalInvoices = []HistoricalInvoice{h}
		}, want: []string{"DUPLICATE_LINE_ITEM/low", "DUPLICATE_LINE_ITEM/low"}},
		{name: "billed last month", mutate: func(in *Input) { in.HistoricalInvoices = hist(1) }, want: []string{}},
	})
}

func TestCheckDataQuality(t *testing.T) {
	wrap := func(e *env) ([]Anomaly, string) { as, _ := checkDataQuality(e); return as, "" }
	runCheckCases(t, wrap, []checkCase{
		{name: "complete", want: []string{}},
		{name: "no number", mutate: func(in *Input) { in.Invoice.InvoiceNumber = "" }, want: []string{"MISSING_REQUIRED_FIELD/low"}},
		{name: "three missing", mutate: func(in *Input) {
			in.Invoice.InvoiceNumber, in.Invoice.InvoiceDate, in.Invoice.Currency = "", "", ""
		}, want: []string{"MISSING_REQUIRED_FIELD/medium"}},
		{name: "placeholder", mutate: func(in *Input) { in.Invoice.InvoiceNumber = "n/a" }, want: []string{"INVOICE_NUMBER_ANOMALY/medium"}},
		{name: "placeholder with prefix", mutate: func(in *Input) { in.Invoice.InvoiceNumber = "INV-000" }, want: []string{"INVOICE_NUMBER_ANOMALY/medium"}},
		{name: "not ISO", mutate: func(in *Input) { in.Invoice.Currency = "ABC" }, want: []string{"UNUSUAL_CURRENCY/low"}},
	})
}

func TestScore(t *testing.T) {
	a := func(code, sev string, conf float64) Anomaly {
		return Anomaly{Code: code, Severity: sev, Confidence: conf}
	}
	tests := []struct {
		name     string
		as       []Anomaly
		score    int
		level    string
		decision string
	}{
		{"none", nil, 0, "low", "continue"},
		{"info only", []Anomaly{a(CodeWeekendOrHoliday, sevInfo, 0.3)}, 0, "low", "continue"},
		{"lows capped at 10", []Anomaly{a(CodeTotalMismatch, sevLow, 1), a(CodeDueDateAnomaly, sevLow, 1), a(CodeNewLineItem, sevLow, 1)}, 10, "low", "continue"},
		{"one medium floors at 15", []Anomaly{a(CodePOMissing, sevMedium, 0.5)}, 15, "medium", "review"},
		{"one medium", []Anomaly{a(CodeTaxMismatch, sevMedium, 0.9)}, 18, "medium", "review"},
		{"one high floors at 40", []Anomaly{a(CodeInvalidBankAccount, sevHigh, 0.9)}, 40, "high", "review"},
		{"exact duplicate alone holds", []Anomaly{a(CodeDuplicateInvoice, sevCritical, 0.98)}, 65, "critical", "hold"},
		{"mediums in three families", []Anomaly{a(CodeTaxMismatch, sevMedium, 0.9), a(CodePOMissing, sevMedium, 0.85), a(CodeDueDateAnomaly, sevMedium, 0.9)}, 61, "high", "review"},
		{"correlated payment and duplicate", []Anomaly{a(CodeBankAccountChanged, sevHigh, 0.85), a(CodePossibleDuplicate, sevHigh, 0.9)}, 88, "critical", "hold"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, l, d, _ := score(tt.as)
			if diff := cmp.Diff([]any{tt.score, tt.level, tt.decision}, []any{s, l, d}); diff != "" {
				t.Errorf("score (-want +got):\n%s", diff)
			}
		})
	}
}
