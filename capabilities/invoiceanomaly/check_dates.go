package invoiceanomaly

import (
	"fmt"
	"slices"
)

// checkDates: DATE_ANOMALY for an invoice dated more than one day after
// the as-of date (medium) or more than 365 days before it (low);
// DUE_DATE_ANOMALY for a due date before the invoice date (medium), more
// than 365 days after it (low) or more than 3 days off the payment terms
// (low; terms from the invoice, else the contract, else the profile);
// WEEKEND_OR_HOLIDAY_DATE (info) for an issue date on a weekend day or a
// listed public holiday.
func checkDates(e *env) ([]Anomaly, string) {
	inv := &e.inv
	if !inv.date.ok {
		return nil, "the invoice has no valid invoiceDate"
	}
	var out []Anomaly
	d := inv.date.d
	if e.asOf.ok {
		switch {
		case d > e.asOf.d+1:
			out = append(out, newAnomaly(CodeDateAnomaly, sevMedium, 0.9, "invoice.invoiceDate",
				fmt.Sprintf("The invoice is dated %s, %d days after the check date %s.", d, d-e.asOf.d, e.asOf.d),
				Evidence{Expected: "on or before " + e.asOf.d.String(), Actual: d.String()}))
		case d < e.asOf.d-365:
			out = append(out, newAnomaly(CodeDateAnomaly, sevLow, 0.7, "invoice.invoiceDate",
				fmt.Sprintf("The invoice is dated %s, %d days before the check date.", d, e.asOf.d-d),
				Evidence{Expected: "within the last 365 days", Actual: d.String()}))
		}
	}
	if inv.due.ok {
		due := inv.due.d
		fields := []string{"invoice.dueDate", "invoice.invoiceDate"}
		switch {
		case due < d:
			out = append(out, newAnomaly(CodeDueDateAnomaly, sevMedium, 0.9, "invoice.dueDate",
				fmt.Sprintf("The due date %s is before the invoice date %s.", due, d),
				Evidence{Fields: fields, Expected: "on or after " + d.String(), Actual: due.String()}))
		case due > d+365:
			out = append(out, newAnomaly(CodeDueDateAnomaly, sevLow, 0.6, "invoice.dueDate",
				fmt.Sprintf("The due date %s is more than a year after the invoice date.", due),
				Evidence{Fields: fields, Expected: "within 365 days of " + d.String(), Actual: due.String()}))
		default:
			if terms, src, ok := e.paymentTerms(); ok {
				want := d + day(terms)
				if diff := int64(due - want); diff > 3 || diff < -3 {
					out = append(out, newAnomaly(CodeDueDateAnomaly, sevLow, 0.6, "invoice.dueDate",
						fmt.Sprintf("The due date %s is %d days after the invoice date; the payment terms (%s) are %d days.", due, due-d, src, terms),
						Evidence{Fields: append(fields, src), Expected: want.String(), Actual: due.String()}))
				}
			}
		}
	}
	if e.holidays[d] {
		out = append(out, newAnomaly(CodeWeekendOrHoliday, sevInfo, 0.3, "invoice.invoiceDate",
			fmt.Sprintf("The invoice is dated %s, a public holiday.", d),
			Evidence{Fields: []string{"invoice.invoiceDate", "options.publicHolidays"}, Expected: "a working day", Actual: d.String()}))
	} else if slices.Contains(e.weekend, d.weekday()) {
		out = append(out, newAnomaly(CodeWeekendOrHoliday, sevInfo, 0.3, "invoice.invoiceDate",
			fmt.Sprintf("The invoice is dated %s, a %s (weekend).", d, d.weekday()),
			Evidence{Expected: "a working day", Actual: d.String() + " (" + d.weekday().String() + ")"}))
	}
	return out, ""
}

// paymentTerms returns the agreed payment terms in days and where they
// come from.
func (e *env) paymentTerms() (int, string, bool) {
	if t := e.in.Invoice.PaymentTermsDays; t != nil {
		return *t, "invoice.paymentTermsDays", true
	}
	if c := e.in.Contract; c != nil && c.PaymentTermsDays != nil {
		return *c.PaymentTermsDays, "contract.paymentTermsDays", true
	}
	if p := e.in.SupplierProfile; p != nil && p.PaymentTermsDays != nil && e.profileMatches(p) {
		return *p.PaymentTermsDays, "supplierProfile.paymentTermsDays", true
	}
	return 0, "", false
}

// checkLineItems: DUPLICATE_LINE_ITEM for the same item, quantity and unit
// price twice on the invoice (medium 0.7) or on one of the supplier's
// invoices within the duplicate window that is not itself the same invoice
// (low 0.5: recurring services repeat legitimately).
func checkLineItems(e *env) ([]Anomaly, string) {
	inv := &e.inv
	if len(inv.lines) == 0 {
		return nil, "the invoice has no lineItems"
	}
	var out []Anomaly
	type sig struct {
		key        string
		qty, price int64
	}
	sigOf := func(l line) (sig, bool) {
		if l.key == "" || !l.quantity.ok || !l.unitPrice.ok {
			return sig{}, false
		}
		return sig{l.key, l.quantity.v, l.unitPrice.v}, true
	}
	first := map[sig]int{}
	for _, l := range inv.lines {
		s, ok := sigOf(l)
		if !ok {
			continue
		}
		if j, dup := first[s]; dup {
			p := fmt.Sprintf("invoice.lineItems.%d", l.index)
			out = append(out, newAnomaly(CodeDuplicateLineItem, sevMedium, 0.7, p,
				fmt.Sprintf("Line %d repeats line %d: same item (%s), quantity and unit price.", l.index+1, j+1, label(l)),
				Evidence{Fields: []string{fmt.Sprintf("invoice.lineItems.%d", j), p}, Expected: "each item once", Actual: "billed twice"}))
			continue
		}
		first[s] = l.index
	}
	for _, r := range e.billed() {
		if r.source != "history" || e.sameNumber(r) || r.currency != inv.currency {
			continue
		}
		if gap, ok := gapDays(inv.date, r.date); !ok || gap > int64(e.dupWindow) {
			continue
		}
		for _, hl := range r.lines {
			s, ok := sigOf(hl)
			if !ok {
				continue
			}
			if j, hit := first[s]; hit {
				p := fmt.Sprintf("invoice.lineItems.%d", j)
				out = append(out, newAnomaly(CodeDuplicateLineItem, sevLow, 0.5, p,
					fmt.Sprintf("Line %d (%s) was already billed with the same quantity and price on %s.", j+1, label(hl), e.where(r)),
					Evidence{Fields: []string{p, fmt.Sprintf("historicalInvoices.%d.lineItems.%d", r.index, hl.index)}, Expected: "not billed before", Actual: "billed before", RelatedInvoice: e.related(r)}))
				delete(first, s)
			}
		}
	}
	return out, ""
}

// placeholderNumbers are invoice "numbers" that are not numbers.
var placeholderNumbers = map[string]bool{"0": true, "NA": true, "TBD": true, "TBA": true, "NONE": true, "UNKNOWN": true, "XXX": true, "NIL": true, "NULL": true, "X": true}

// isPlaceholder reports an invoice "number" that is no number: nothing but
// separators, or a placeholder word such as N/A or TBD.
func isPlaceholder(n string) bool {
	k := normalizeReference(n)
	return k == "" || placeholderNumbers[k] || placeholderNumbers[normalizeInvoiceNumber(n)]
}

// checkDataQuality: MISSING_REQUIRED_FIELD (invoiceNumber, supplierId or
// supplierName, invoiceDate, currency: low, three or more medium),
// INVOICE_NUMBER_ANOMALY (a placeholder such as N/A or TBD: medium) and
// UNUSUAL_CURRENCY (not an ISO 4217 code: low). It also fills
// DataCompleteness.
func checkDataQuality(e *env) ([]Anomaly, DataCompleteness) {
	inv := e.in.Invoice
	dc := DataCompleteness{MissingRequiredFields: []string{}, MissingRecommendedFields: []string{}}
	if inv.InvoiceNumber == "" {
		dc.MissingRequiredFields = append(dc.MissingRequiredFields, "invoice.invoiceNumber")
	}
	if inv.SupplierID == "" && inv.SupplierName == "" {
		dc.MissingRequiredFields = append(dc.MissingRequiredFields, "invoice.supplierName")
	}
	if inv.InvoiceDate == "" {
		dc.MissingRequiredFields = append(dc.MissingRequiredFields, "invoice.invoiceDate")
	}
	if inv.Currency == "" {
		dc.MissingRequiredFields = append(dc.MissingRequiredFields, "invoice.currency")
	}
	for _, f := range []struct {
		name    string
		missing bool
	}{
		{"invoice.dueDate", inv.DueDate == ""},
		{"invoice.bankAccount", inv.BankAccount == ""},
		{"invoice.lineItems", len(inv.LineItems) == 0},
		{"invoice.subtotal", inv.Subtotal == ""},
		{"invoice.tax", inv.Tax == ""},
		{"invoice.poNumber", inv.PONumber == ""},
	} {
		if f.missing {
			dc.MissingRecommendedFields = append(dc.MissingRecommendedFields, f.name)
		}
	}
	var out []Anomaly
	if n := len(dc.MissingRequiredFields); n > 0 {
		sev, conf := sevLow, 1.0
		if n >= 3 {
			sev, conf = sevMedium, 0.9
		}
		out = append(out, newAnomaly(CodeMissingRequiredField, sev, conf, dc.MissingRequiredFields[0],
			fmt.Sprintf("Missing: %s.", joinFields(dc.MissingRequiredFields)),
			Evidence{Fields: dc.MissingRequiredFields, Expected: "present", Actual: "missing"}))
	}
	if inv.InvoiceNumber != "" {
		if isPlaceholder(inv.InvoiceNumber) {
			out = append(out, newAnomaly(CodeInvoiceNumberAnomaly, sevMedium, 0.8, "invoice.invoiceNumber",
				fmt.Sprintf("%q is a placeholder, not an invoice number.", inv.InvoiceNumber),
				Evidence{Expected: "the supplier's invoice number", Actual: inv.InvoiceNumber}))
		}
	}
	if c := e.inv.currency; c != "" && !knownCurrency[c] {
		out = append(out, newAnomaly(CodeUnusualCurrency, sevLow, 0.9, "invoice.currency",
			fmt.Sprintf("%s is not an ISO 4217 currency code; amounts were checked with 2 decimals.", c),
			Evidence{Expected: "an ISO 4217 code", Actual: c}))
	}
	return out, dc
}

func joinFields(fs []string) string {
	s := ""
	for i, f := range fs {
		if i > 0 {
			s += ", "
		}
		s += f
	}
	return s
}
