package invoiceanomaly

import (
	"cmp"
	"fmt"
	"slices"
	"time"
)

// Disclaimer is returned with every result.
const Disclaimer = "Risk indicators only. This is an automated screen of the data supplied, not an audit, a fraud finding or " +
	"legal, tax or accounting advice. A finding can have an innocent explanation and a clean result does not prove an " +
	"invoice is genuine: confirm bank-account changes with the supplier through a contact already on file before paying."

// maxPerCode bounds the anomalies listed per code, so the output stays
// bounded for invoices with hundreds of lines.
const maxPerCode = 20

// Check runs every check on the input and scores the result. It is pure and
// deterministic: the same input and options give byte-identical JSON. It
// never panics, also on input that Validate would reject (unparseable
// amounts and dates then count as absent).
func Check(in Input, opts Options) Output {
	e := newEnv(in, opts)
	e.invKeys = invoiceKeys(in.Invoice, opts.Secret)

	out := Output{ChecksRun: []string{}, ChecksSkipped: []SkippedCheck{}, Limitations: []string{}}
	var all []Anomaly
	add := func(name string, as []Anomaly, skip string) {
		if skip != "" {
			out.ChecksSkipped = append(out.ChecksSkipped, SkippedCheck{Check: name, Reason: skip})
			return
		}
		out.ChecksRun = append(out.ChecksRun, name)
		all = append(all, as...)
	}

	dq, dc := checkDataQuality(e)
	add("data_quality", dq, "")
	out.DataCompleteness = dc

	ar, fc := checkArithmetic(e)
	out.FinancialChecks = fc
	if fc.LineTotalsValid == nil && fc.SubtotalValid == nil && fc.TaxValid == nil && fc.TotalValid == nil && len(ar) == 0 {
		add("arithmetic", nil, "nothing to recompute: no line items, subtotal or tax rate with the total")
	} else {
		add("arithmetic", ar, "")
	}

	if len(e.same)+len(e.other)+len(in.PaymentHistory) == 0 {
		add("duplicates", nil, "no historicalInvoices, paymentHistory or remembered fingerprints to compare with")
	} else if !e.inv.total.ok {
		add("duplicates", nil, "the invoice total is not a valid amount")
	} else {
		add("duplicates", checkDuplicates(e), "")
	}
	for _, c := range []struct {
		name string
		run  func(*env) ([]Anomaly, string)
	}{
		{"supplier_history", checkSupplierHistory},
		{"supplier_profile", checkSupplierProfile},
		{"payment_terms", checkPaymentTerms},
		{"bank_account", checkBankAccount},
		{"bank_account_format", checkBankFormat},
		{"purchase_order", checkPurchaseOrder},
		{"contract", checkContract},
		{"approval_limits", checkApproval},
		{"split_invoices", checkSplit},
		{"dates", checkDates},
		{"line_items", checkLineItems},
	} {
		as, skip := c.run(e)
		add(c.name, as, skip)
	}

	sortAnomalies(all)
	all = capPerCode(all, &out)
	out.Anomalies = all
	out.AnomalyCount = len(all)
	out.RiskScore, out.RiskLevel, out.Decision, out.Scoring = score(all)

	out.ContextUsed = contextUsed(in, opts)
	out.Mode = "standalone"
	if len(out.ContextUsed) > 0 {
		out.Mode = "context_aware"
	}
	out.InvoiceSummary = summarize(e)
	out.RecommendedAction = recommend(out.Decision, all)
	out.Summary = summary(out)
	out.Limitations = append(out.Limitations, limitations(e, out)...)
	out.Disclaimer = Disclaimer
	if e.asOf.ok {
		out.AsOfDate = e.asOf.d.String()
	}
	if !opts.Now.IsZero() {
		out.CheckedAt = opts.Now.UTC().Format(time.RFC3339)
	}
	return out
}

// sortAnomalies orders by severity (worst first), confidence, code, field
// and message: a total order, so the output never depends on check order.
func sortAnomalies(as []Anomaly) {
	slices.SortStableFunc(as, func(a, b Anomaly) int {
		if c := cmp.Compare(severityRank[b.Severity], severityRank[a.Severity]); c != 0 {
			return c
		}
		if c := cmp.Compare(b.Confidence, a.Confidence); c != 0 {
			return c
		}
		return cmp.Or(cmp.Compare(a.Code, b.Code), cmp.Compare(a.Field, b.Field), cmp.Compare(a.Message, b.Message))
	})
}

func capPerCode(as []Anomaly, out *Output) []Anomaly {
	count := map[string]int{}
	kept := make([]Anomaly, 0, len(as)) // never nil: no anomalies is []
	for _, a := range as {
		count[a.Code]++
		if count[a.Code] <= maxPerCode {
			kept = append(kept, a)
		}
	}
	codes := make([]string, 0, len(count))
	for c := range count {
		codes = append(codes, c)
	}
	slices.Sort(codes)
	for _, c := range codes {
		if n := count[c]; n > maxPerCode {
			out.Limitations = append(out.Limitations, fmt.Sprintf("%d more %s anomalies were found and not listed (at most %d per code).", n-maxPerCode, c, maxPerCode))
		}
	}
	return kept
}

func contextUsed(in Input, opts Options) []string {
	used := []string{}
	if len(in.HistoricalInvoices) > 0 {
		used = append(used, "historicalInvoices")
	}
	if p := in.SupplierProfile; p != nil && !isEmptyProfile(p) {
		used = append(used, "supplierProfile")
	}
	if p := in.PurchaseOrder; p != nil && !isEmptyPO(p) {
		used = append(used, "purchaseOrder")
	}
	if c := in.Contract; c != nil && !isEmptyContract(c) {
		used = append(used, "contract")
	}
	if a := in.ApprovalContext; a != nil && *a != (ApprovalContext{}) {
		used = append(used, "approvalContext")
	}
	if len(in.PaymentHistory) > 0 {
		used = append(used, "paymentHistory")
	}
	if len(opts.Remembered) > 0 {
		used = append(used, "rememberedFingerprints")
	}
	return used
}

func summarize(e *env) InvoiceSummary {
	inv := e.in.Invoice
	s := InvoiceSummary{
		InvoiceNumber: inv.InvoiceNumber, SupplierName: inv.SupplierName, SupplierID: inv.SupplierID,
		Currency: e.currency, LineItemCount: len(inv.LineItems),
	}
	if e.inv.date.ok {
		s.InvoiceDate = e.inv.date.d.String()
	}
	if e.inv.due.ok {
		s.DueDate = e.inv.due.d.String()
	}
	if e.inv.total.ok {
		s.Total = decimalOf(e.inv.total.v, e.decimals)
	}
	if e.inv.bank != "" {
		s.BankAccountMasked = maskAccount(e.inv.bank)
		s.BankAccountType = "account_number"
		if looksLikeIBAN(e.inv.bank) {
			s.BankAccountType = "iban"
		}
	}
	return s
}

func hasFamily(as []Anomaly, fam string, minRank int) bool {
	for _, a := range as {
		if codeInfo[a.Code].family == fam && severityRank[a.Severity] >= minRank {
			return true
		}
	}
	return false
}

// recommend gives at most three next steps.
func recommend(decision string, as []Anomaly) []string {
	var rs []string
	switch decision {
	case "hold":
		rs = append(rs, "Hold payment until the critical findings are resolved.")
	case "review":
		rs = append(rs, "Have a reviewer confirm the findings below before payment.")
	default:
		return []string{"No indicator needs action; continue with the usual approval."}
	}
	if hasFamily(as, famPayment, 2) {
		rs = append(rs, "Confirm the bank account with the supplier through a contact already on file, never one given on the invoice.")
	}
	if hasFamily(as, famDuplicate, 2) {
		rs = append(rs, "Compare with the related invoice and make sure it has not already been paid.")
	}
	if len(rs) < 3 && (hasFamily(as, famPOContract, 2) || hasFamily(as, famSplit, 2)) {
		rs = append(rs, "Check the invoice against its purchase order, contract and approval limits with the budget owner.")
	}
	if len(rs) < 3 && hasFamily(as, famArithmetic, 1) {
		rs = append(rs, "Ask the supplier for a corrected invoice where the amounts do not add up.")
	}
	if len(rs) > 3 {
		rs = rs[:3]
	}
	return rs
}

func summary(o Output) string {
	s := fmt.Sprintf("Risk %s (score %d), decision %s: %d anomal%s", o.RiskLevel, o.RiskScore, o.Decision, o.AnomalyCount,
		map[bool]string{true: "y", false: "ies"}[o.AnomalyCount == 1])
	if o.AnomalyCount == 0 {
		return s + " found by the checks that ran."
	}
	return s + ". Most serious: " + o.Anomalies[0].Message
}

func limitations(e *env, o Output) []string {
	ls := []string{
		"Only the data in the request (and fingerprints remembered for this account) is checked; no supplier, bank or registry is contacted.",
		"No public-holiday calendar is built in; holidays count only when listed in options.publicHolidays.",
	}
	if o.Mode == "standalone" {
		ls = append(ls, "Standalone mode: without history, payments, supplier profile, purchase order, contract or approval context only arithmetic, dates, line items and data quality were checked.")
	}
	if !e.asOf.ok {
		ls = append(ls, "No check date: future and stale invoice dates were not checked.")
	}
	return ls
}
