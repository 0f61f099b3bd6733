package invoiceanomaly

import (
	"fmt"
	"slices"
	"strings"
)

// billed returns this supplier's earlier invoices that count as billed
// (not rejected, cancelled or void).
func (e *env) billed() []*record {
	var out []*record
	for _, r := range e.same {
		if !r.void() {
			out = append(out, r)
		}
	}
	return out
}

// medianMAD returns the median and the median absolute deviation of vs
// (sorted in place). For an even count the median is the lower-middle
// mean, truncated.
func medianMAD(vs []int64) (med, mad int64) {
	slices.Sort(vs)
	med = middle(vs)
	dev := make([]int64, len(vs))
	for i, v := range vs {
		dev[i] = abs64(v - med)
	}
	slices.Sort(dev)
	return med, middle(dev)
}

func middle(s []int64) int64 {
	n := len(s)
	if n == 0 {
		return 0
	}
	if n%2 == 1 {
		return s[n/2]
	}
	return s[n/2-1] + (s[n/2]-s[n/2-1])/2
}

// unusualAmount flags x against the supplier's amounts vs: it must exceed
// every earlier amount, be at least twice the median and have a robust z
// score 0.6745·(x-median)/MAD of at least 3.5 (any when MAD is 0). At five
// times the median it is high, else medium. Integers only: the z test is
// 6745·(x-median) >= 35000·MAD.
func unusualAmount(x int64, vs []int64) (severity string, med int64, flagged bool) {
	if len(vs) == 0 {
		return "", 0, false
	}
	top := slices.Max(vs)
	med, mad := medianMAD(slices.Clone(vs))
	if x <= top || cmpProducts(x, 1, med, 2) < 0 {
		return "", med, false
	}
	if mad > 0 && cmpProducts(x-med, 6745, mad, 35000) < 0 {
		return "", med, false
	}
	if cmpProducts(x, 1, med, 5) >= 0 {
		return sevHigh, med, true
	}
	return sevMedium, med, true
}

// checkSupplierHistory needs at least minHistory billed invoices of the
// supplier: UNUSUAL_AMOUNT, UNUSUAL_CURRENCY (never billed in it),
// UNIT_PRICE_INCREASE (over 10 % against the latest earlier price; over 25 %
// medium), NEW_LINE_ITEM (an item never billed before),
// INVOICE_NUMBER_ANOMALY (checkNumberPattern) and the frequency burst of
// SUPPLIER_PATTERN_DEVIATION (checkFrequency).
func checkSupplierHistory(e *env) ([]Anomaly, string) {
	hist := e.billed()
	if len(hist) < e.minHistory {
		return nil, fmt.Sprintf("needs at least %d earlier invoices of this supplier (found %d)", e.minHistory, len(hist))
	}
	var out []Anomaly
	inv := &e.inv
	var vs []int64
	currencySeen := false
	for _, r := range hist {
		if r.currency == inv.currency {
			currencySeen = true
			if r.total.ok {
				vs = append(vs, r.total.v)
			}
		}
	}
	if inv.currency != "" && !currencySeen {
		out = append(out, newAnomaly(CodeUnusualCurrency, sevLow, 0.7, "invoice.currency",
			fmt.Sprintf("This supplier has not billed in %s before (%d earlier invoices).", inv.currency, len(hist)),
			Evidence{Expected: strings.Join(currenciesOf(hist), ", "), Actual: inv.currency}))
	}
	if inv.total.ok && len(vs) >= e.minHistory {
		if sev, med, ok := unusualAmount(inv.total.v, vs); ok {
			out = append(out, newAnomaly(CodeUnusualAmount, sev, 0.8, "invoice.total",
				fmt.Sprintf("The total %s %s is %s times the supplier's median of %s over %d invoices, and above every earlier one.",
					e.money(inv.total.v), inv.currency, ratio(inv.total.v, med), e.money(med), len(vs)),
				Evidence{Fields: []string{"invoice.total", "historicalInvoices"}, Expected: "around " + e.money(med), Actual: e.money(inv.total.v)}))
		}
	}

	// Latest earlier unit price per item, and every item billed before.
	type seen struct {
		price int64
		date  optDay
		r     *record
	}
	latest := map[string]seen{}
	withLines := 0
	for _, r := range hist {
		if len(r.lines) > 0 {
			withLines++
		}
		if r.currency != inv.currency {
			continue
		}
		for _, l := range r.lines {
			if l.key == "" || !l.unitPrice.ok {
				continue
			}
			if s, ok := latest[l.key]; !ok || (r.date.ok && (!s.date.ok || r.date.d > s.date.d)) {
				latest[l.key] = seen{price: l.unitPrice.v, date: r.date, r: r}
			}
		}
	}
	known := map[string]bool{}
	for _, r := range hist {
		for _, l := range r.lines {
			known[l.key] = true
		}
	}
	for _, l := range inv.lines {
		p := fmt.Sprintf("invoice.lineItems.%d", l.index)
		if s, ok := latest[l.key]; ok && l.unitPrice.ok && s.price > 0 && cmpProducts(l.unitPrice.v, 100, s.price, 110) > 0 {
			sev := sevLow
			if cmpProducts(l.unitPrice.v, 100, s.price, 125) > 0 {
				sev = sevMedium
			}
			out = append(out, newAnomaly(CodeUnitPriceIncrease, sev, 0.7, p+".unitPrice",
				fmt.Sprintf("Line %d (%s) is billed at %s, up %s %% from %s on %s.", l.index+1, label(l), e.money(l.unitPrice.v),
					percentUp(l.unitPrice.v, s.price), e.money(s.price), e.where(s.r)),
				Evidence{Expected: e.money(s.price), Actual: e.money(l.unitPrice.v), RelatedInvoice: e.related(s.r)}))
		}
		if l.key != "" && withLines >= e.minHistory && !known[l.key] {
			out = append(out, newAnomaly(CodeNewLineItem, sevLow, 0.5, p+".description",
				fmt.Sprintf("Line %d (%s) has not appeared on any of the supplier's %d earlier itemised invoices.", l.index+1, label(l), withLines),
				Evidence{Expected: "an item billed before", Actual: label(l)}))
		}
	}
	out = append(out, checkNumberPattern(e)...)
	if a, ok := checkFrequency(e, hist); ok {
		out = append(out, a)
	}
	return out, ""
}

func label(l line) string {
	if l.description != "" {
		if len(l.description) > 60 {
			return l.description[:60] + "..."
		}
		return l.description
	}
	return strings.TrimPrefix(strings.TrimPrefix(l.key, "sku:"), "desc:")
}

func currenciesOf(rs []*record) []string {
	var cs []string
	for _, r := range rs {
		if r.currency != "" && !slices.Contains(cs, r.currency) {
			cs = append(cs, r.currency)
		}
	}
	slices.Sort(cs)
	return cs
}

// ratio formats a/b with one decimal ("5.2").
func ratio(a, b int64) string {
	if b == 0 {
		return "many"
	}
	v, _ := mulDivRound(a, 10, b)
	return fmt.Sprintf("%d.%d", v/10, v%10)
}

// percentUp formats (a-b)/b in percent with one decimal.
func percentUp(a, b int64) string {
	if b == 0 {
		return "∞"
	}
	v, _ := mulDivRound(a-b, 1000, b)
	return fmt.Sprintf("%d.%d", v/10, abs64(v%10))
}

// checkSupplierProfile compares the invoice with the supplier's master
// data: status (blocked or suspended high, inactive or pending medium), a
// name or tax id that does not match, a record created within 30 days of
// the invoice, and currencies the profile does not list.
func checkSupplierProfile(e *env) ([]Anomaly, string) {
	p := e.in.SupplierProfile
	if p == nil || isEmptyProfile(p) {
		return nil, "no supplierProfile supplied"
	}
	var out []Anomaly
	switch p.Status {
	case "blocked", "suspended":
		out = append(out, newAnomaly(CodeSupplierDeviation, sevHigh, 0.95, "supplierProfile.status",
			fmt.Sprintf("The supplier is %s in the supplier master data.", p.Status),
			Evidence{Expected: "active", Actual: p.Status}))
	case "inactive", "pending_verification":
		out = append(out, newAnomaly(CodeSupplierDeviation, sevMedium, 0.8, "supplierProfile.status",
			fmt.Sprintf("The supplier's record is %s.", strings.ReplaceAll(p.Status, "_", " ")),
			Evidence{Expected: "active", Actual: p.Status}))
	}
	if !e.profileMatches(p) {
		out = append(out, newAnomaly(CodeSupplierDeviation, sevMedium, 0.7, "invoice.supplierName",
			"The invoice's supplier does not match the supplier profile (id or name).",
			Evidence{Fields: []string{"invoice.supplierId", "invoice.supplierName", "supplierProfile"}, Expected: p.SupplierName, Actual: e.in.Invoice.SupplierName}))
	} else if e.inv.supplierName != "" && normalizeReference(p.SupplierID) != "" && p.SupplierName != "" {
		match := false
		for _, n := range append([]string{p.SupplierName}, p.Aliases...) {
			match = match || normalizeSupplierName(n) == e.inv.supplierName
		}
		if !match {
			out = append(out, newAnomaly(CodeSupplierDeviation, sevMedium, 0.6, "invoice.supplierName",
				"The supplier name on the invoice is neither the profile's name nor one of its aliases.",
				Evidence{Fields: []string{"invoice.supplierName", "supplierProfile.supplierName", "supplierProfile.aliases"}, Expected: p.SupplierName, Actual: e.in.Invoice.SupplierName}))
		}
	}
	if a, b := normalizeReference(e.in.Invoice.SupplierTaxID), normalizeReference(p.TaxID); a != "" && b != "" && a != b {
		out = append(out, newAnomaly(CodeSupplierDeviation, sevHigh, 0.85, "invoice.supplierTaxId",
			"The tax registration number on the invoice differs from the supplier profile's.",
			Evidence{Fields: []string{"invoice.supplierTaxId", "supplierProfile.taxId"}, Expected: p.TaxID, Actual: e.in.Invoice.SupplierTaxID}))
	}
	if c := date(p.CreatedDate); c.ok && e.inv.date.ok && e.inv.date.d >= c.d && e.inv.date.d-c.d < 30 {
		out = append(out, newAnomaly(CodeSupplierDeviation, sevLow, 0.6, "supplierProfile.createdDate",
			fmt.Sprintf("The supplier record was created %d days before the invoice date.", e.inv.date.d-c.d),
			Evidence{Fields: []string{"supplierProfile.createdDate", "invoice.invoiceDate"}, Expected: "an established supplier (30 days or more)", Actual: c.d.String()}))
	}
	if len(p.Currencies) > 0 && e.inv.currency != "" {
		listed := false
		var listedAs []string
		for _, c := range p.Currencies {
			listed = listed || normCurrency(c) == e.inv.currency
			listedAs = append(listedAs, normCurrency(c))
		}
		if !listed {
			out = append(out, newAnomaly(CodeUnusualCurrency, sevLow, 0.8, "invoice.currency",
				fmt.Sprintf("%s is not among the supplier profile's currencies.", e.inv.currency),
				Evidence{Fields: []string{"invoice.currency", "supplierProfile.currencies"}, Expected: strings.Join(listedAs, ", "), Actual: e.inv.currency}))
		}
	}
	return out, ""
}

func isEmptyProfile(p *SupplierProfile) bool {
	return p.SupplierID == "" && p.SupplierName == "" && len(p.Aliases) == 0 && p.TaxID == "" && len(p.BankAccounts) == 0 &&
		len(p.Currencies) == 0 && p.PaymentTermsDays == nil && p.Status == "" && p.CreatedDate == "" && p.Country == ""
}
