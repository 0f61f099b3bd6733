package invoiceanomaly

import "fmt"

// newAnomaly builds an anomaly; the explanation comes from codeInfo.
func newAnomaly(code, severity string, confidence float64, field, message string, ev Evidence) Anomaly {
	if ev.Fields == nil {
		ev.Fields = []string{field}
	}
	return Anomaly{
		Code: code, Severity: severity, Confidence: confidence, Field: field,
		Message: message, Explanation: codeInfo[code].why, Evidence: ev,
	}
}

// arithmeticSeverity: a difference of at most 0.5 % of the invoice total
// is low (a rounding or keying slip), anything bigger medium. Arithmetic
// alone is never high: it is visible to any reviewer.
func arithmeticSeverity(diff int64, total amount) string {
	if total.ok && total.v > 0 && cmpProducts(diff, 1000, total.v, 5) <= 0 {
		return sevLow
	}
	return sevMedium
}

// lineAmount is a line's amount before tax: its total, or quantity ×
// unit price - discount when the total is missing.
func lineAmount(l line) amount {
	if l.total.ok {
		return l.total
	}
	if exp, ok := expectedLineTotal(l); ok {
		return amount{v: exp, ok: true}
	}
	return amount{}
}

// expectedLineTotal is quantity × unitPrice - discount, rounded half away
// from zero to 10^-6.
func expectedLineTotal(l line) (int64, bool) {
	if !l.quantity.ok || !l.unitPrice.ok {
		return 0, false
	}
	v, ok := mulMicros(l.quantity.v, l.unitPrice.v)
	if !ok {
		return 0, false
	}
	if l.discount.ok {
		v -= l.discount.v
	}
	return v, true
}

func ceilHalf(n int) int64 {
	if n < 2 {
		return 1
	}
	return int64((n + 1) / 2)
}

func boolp(b bool) *bool { return &b }

// checkArithmetic recomputes line totals, subtotal, tax and total with the
// currency's minor unit as tolerance per rounding step: one unit per line,
// ceil(N/2) units for a sum of N lines, one extra unit for tax.
func checkArithmetic(e *env) ([]Anomaly, FinancialChecks) {
	inv := e.in.Invoice
	fc := FinancialChecks{Computed: Computed{Tolerance: decimalOf(e.unit, e.decimals)}}
	var out []Anomaly
	total := e.inv.total

	// Lines.
	allValid, anyChecked := true, false
	for _, l := range e.inv.lines {
		if !l.total.ok {
			continue
		}
		exp, ok := expectedLineTotal(l)
		if !ok {
			continue
		}
		anyChecked = true
		diff := abs64(exp - l.total.v)
		if diff <= e.unit {
			continue
		}
		allValid = false
		p := fmt.Sprintf("invoice.lineItems.%d", l.index)
		fields := []string{p + ".quantity", p + ".unitPrice", p + ".total"}
		if l.discount.ok {
			fields = []string{p + ".quantity", p + ".unitPrice", p + ".discount", p + ".total"}
		}
		out = append(out, newAnomaly(CodeLineTotalMismatch, arithmeticSeverity(diff, total), 0.95, p+".total",
			fmt.Sprintf("Line %d: quantity × unit price%s is %s %s but the line total is %s (difference %s).",
				l.index+1, map[bool]string{true: " - discount", false: ""}[l.discount.ok],
				e.money(exp), e.currency, e.money(l.total.v), e.money(diff)),
			Evidence{Fields: fields, Expected: e.money(exp), Actual: e.money(l.total.v)}))
	}
	if anyChecked {
		fc.LineTotalsValid = boolp(allValid)
	}

	// Sum of lines.
	var sum amount
	if n := len(e.inv.lines); n > 0 {
		sum = amount{ok: true}
		for _, l := range e.inv.lines {
			a := lineAmount(l)
			if !a.ok {
				sum = amount{}
				break
			}
			sum.v = satAdd(sum.v, a.v)
		}
	}
	if sum.ok {
		fc.Computed.LineItemsSum = decimalOf(sum.v, e.decimals)
	}
	subtotal := amt(inv.Subtotal)
	if sum.ok && subtotal.ok {
		tol := ceilHalf(len(e.inv.lines)) * e.unit
		diff := abs64(sum.v - subtotal.v)
		fc.SubtotalValid = boolp(diff <= tol)
		if diff > tol {
			out = append(out, newAnomaly(CodeSubtotalMismatch, arithmeticSeverity(diff, total), 0.95, "invoice.subtotal",
				fmt.Sprintf("The %d line totals add up to %s %s but the subtotal is %s (difference %s).",
					len(e.inv.lines), e.money(sum.v), e.currency, e.money(subtotal.v), e.money(diff)),
				Evidence{Fields: []string{"invoice.lineItems", "invoice.subtotal"}, Expected: e.money(sum.v), Actual: e.money(subtotal.v)}))
		}
	}

	base := subtotal
	if !base.ok {
		base = sum
	}
	discount, shipping, tax, rate := amt(inv.Discount), amt(inv.Shipping), amt(inv.Tax), amt(inv.TaxRate)
	taxBase := base.v
	if discount.ok {
		taxBase -= discount.v
	}

	// Tax from the invoice rate, or from the line rates when every line
	// has one and there is no invoice discount to apportion.
	var expTax amount
	var taxFields []string
	var taxTol int64
	switch {
	case rate.ok && base.ok:
		v, ok := mulDivRound(taxBase, rate.v, 100*microsPerUnit)
		if ok {
			expTax = amount{v: v, ok: true}
			taxFields = []string{"invoice.subtotal", "invoice.taxRate", "invoice.tax"}
			taxTol = 2 * e.unit
			// Shipping may or may not be taxable: accept either reading.
			if shipping.ok && tax.ok {
				if w, ok := mulDivRound(taxBase+shipping.v, rate.v, 100*microsPerUnit); ok && abs64(w-tax.v) < abs64(v-tax.v) {
					expTax.v = w
				}
			}
		}
	case !rate.ok && !discount.ok && len(e.inv.lines) > 0:
		v, ok := int64(0), true
		for _, l := range e.inv.lines {
			a := lineAmount(l)
			if !a.ok || !l.taxRate.ok {
				ok = false
				break
			}
			t, ok2 := mulDivRound(a.v, l.taxRate.v, 100*microsPerUnit)
			if !ok2 {
				ok = false
				break
			}
			v += t
		}
		if ok {
			expTax = amount{v: v, ok: true}
			taxFields = []string{"invoice.lineItems", "invoice.tax"}
			taxTol = (ceilHalf(len(e.inv.lines)) + 1) * e.unit
		}
	}
	if expTax.ok {
		fc.Computed.ExpectedTax = decimalOf(expTax.v, e.decimals)
	}
	if expTax.ok && tax.ok {
		diff := abs64(expTax.v - tax.v)
		fc.TaxValid = boolp(diff <= taxTol)
		if diff > taxTol {
			out = append(out, newAnomaly(CodeTaxMismatch, arithmeticSeverity(diff, total), 0.9, "invoice.tax",
				fmt.Sprintf("The tax is %s %s but the stated rate gives %s (difference %s).",
					e.money(tax.v), e.currency, e.money(expTax.v), e.money(diff)),
				Evidence{Fields: taxFields, Expected: e.money(expTax.v), Actual: e.money(tax.v)}))
		}
	}
	// Rate consistency: every line carries the same rate and it is not the
	// invoice's rate.
	if rate.ok && len(e.inv.lines) > 0 {
		lineRate, same := int64(-1), true
		for _, l := range e.inv.lines {
			if !l.taxRate.ok {
				same = false
				break
			}
			if lineRate >= 0 && l.taxRate.v != lineRate {
				same = false
				break
			}
			lineRate = l.taxRate.v
		}
		if same && lineRate != rate.v {
			out = append(out, newAnomaly(CodeTaxMismatch, sevLow, 0.7, "invoice.taxRate",
				fmt.Sprintf("Every line is taxed at %s %% but the invoice states %s %%.", formatMicros(lineRate, 0), formatMicros(rate.v, 0)),
				Evidence{Fields: []string{"invoice.taxRate", "invoice.lineItems"}, Expected: formatMicros(lineRate, 0) + "%", Actual: formatMicros(rate.v, 0) + "%"}))
		}
	}

	// Total = base - discount + shipping + tax.
	if base.ok && total.ok {
		exp := taxBase
		if shipping.ok {
			exp += shipping.v
		}
		switch {
		case tax.ok:
			exp += tax.v
		case expTax.ok:
			exp += expTax.v
		}
		fc.Computed.ExpectedTotal = decimalOf(exp, e.decimals)
		diff := abs64(exp - total.v)
		fc.TotalValid = boolp(diff <= e.unit)
		if diff > e.unit {
			out = append(out, newAnomaly(CodeTotalMismatch, arithmeticSeverity(diff, total), 0.9, "invoice.total",
				fmt.Sprintf("Subtotal - discount + shipping + tax is %s %s but the total is %s (difference %s).",
					e.money(exp), e.currency, e.money(total.v), e.money(diff)),
				Evidence{Fields: []string{"invoice.subtotal", "invoice.discount", "invoice.shipping", "invoice.tax", "invoice.total"},
					Expected: e.money(exp), Actual: e.money(total.v)}))
		}
	}
	return out, fc
}
