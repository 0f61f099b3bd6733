package invoiceanomaly

import (
	"fmt"
	"slices"
	"strings"
	"unicode"
)

// Thresholds of the pattern checks (reference service, supplier behaviour).
const (
	// termsShortDays: terms must be at least this many days shorter than
	// expected, and at most half of it, to be unusual: 25 instead of 30
	// days is ordinary, 7 instead of 30 pushes for early payment.
	termsShortDays = 10
	// formatShare: a number shape carried by at least 4 in 5 of the
	// supplier's invoices is its established format.
	formatShareNum, formatShareDen = 4, 5
	// burstDays, burstMin, burstFactor, burstBaselineDays: at least
	// burstMin invoices (this one included) in the last burstDays, at
	// least burstFactor times the supplier's earlier monthly rate measured
	// over at least burstBaselineDays.
	burstDays, burstMin, burstFactor, burstBaselineDays = 30, 3, 3, 90
)

// checkPaymentTerms: UNUSUAL_PAYMENT_TERMS (medium) when the invoice's
// payment terms (paymentTermsDays, else the days from invoiceDate to
// dueDate) are at most half the expected terms and at least 10 days
// shorter. Expected: the contract's terms (0.85), else the supplier
// profile's (0.85), else the median of the supplier's billed invoices that
// state theirs, when at least minHistoryForPatterns do (0.75). Short terms
// push for a payment before anyone looks closely.
func checkPaymentTerms(e *env) ([]Anomaly, string) {
	t := e.inv.terms
	if !t.ok {
		return nil, "the invoice states no paymentTermsDays, and no dueDate on or after its invoiceDate"
	}
	exp2, src, conf, why := e.expectedTerms()
	if why != "" {
		return nil, why
	}
	field := "invoice.dueDate"
	if e.in.Invoice.PaymentTermsDays != nil {
		field = "invoice.paymentTermsDays"
	}
	// In half days, so that a median of an even count stays exact.
	if 4*t.days > exp2 || exp2-2*t.days < 2*termsShortDays {
		return nil, ""
	}
	expected := halfDays(exp2)
	return []Anomaly{newAnomaly(CodeUnusualPaymentTerms, sevMedium, conf, field,
		fmt.Sprintf("Payment terms of %d days are at most half the expected %s days (%s).", t.days, expected, src),
		Evidence{Fields: []string{field, src}, Expected: expected + " days", Actual: fmt.Sprintf("%d days", t.days)})}, ""
}

// expectedTerms returns twice the expected payment terms in days, where
// they come from and the confidence, or why there are none.
func (e *env) expectedTerms() (twice int64, source string, conf float64, why string) {
	if c := e.in.Contract; c != nil && c.PaymentTermsDays != nil {
		return 2 * int64(*c.PaymentTermsDays), "contract.paymentTermsDays", 0.85, ""
	}
	if p := e.in.SupplierProfile; p != nil && p.PaymentTermsDays != nil && e.profileMatches(p) {
		return 2 * int64(*p.PaymentTermsDays), "supplierProfile.paymentTermsDays", 0.85, ""
	}
	var past []int64
	for _, r := range e.billed() {
		if r.terms.ok {
			past = append(past, r.terms.days)
		}
	}
	if len(past) < e.minHistory {
		return 0, "", 0, fmt.Sprintf("no expected payment terms: none in the contract or supplier profile, and %d of the supplier's earlier invoices state theirs (%d needed)", len(past), e.minHistory)
	}
	slices.Sort(past)
	n := len(past)
	twice = 2 * past[n/2]
	if n%2 == 0 {
		twice = past[n/2-1] + past[n/2]
	}
	return twice, fmt.Sprintf("historicalInvoices: median of %d", n), 0.75, ""
}

// halfDays formats a count of half days: 61 is "30.5".
func halfDays(h int64) string {
	if h%2 == 0 {
		return fmt.Sprint(h / 2)
	}
	return fmt.Sprintf("%d.5", h/2)
}

// numberShape masks an invoice number: letters become A, digits 9, other
// characters stay; spaces are collapsed. "INV-2026-1043" is "AAA-9999-9999".
func numberShape(s string) string {
	var b strings.Builder
	space := false
	for _, r := range strings.TrimSpace(s) {
		switch {
		case unicode.IsSpace(r):
			space = true
			continue
		case space:
			b.WriteByte(' ')
		}
		space = false
		switch {
		case unicode.IsLetter(r):
			b.WriteByte('A')
		case unicode.IsDigit(r):
			b.WriteByte('9')
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// numberParts splits a normalized reference ("INV20261043") into the text
// before its trailing digits and those digits without leading zeros
// ("INV", "20261043"); digits is "" when it does not end in a digit.
func numberParts(ref string) (prefix, digits string, ok bool) {
	i := len(ref)
	for i > 0 && isDigit(ref[i-1]) {
		i--
	}
	if i == len(ref) {
		return ref, "", false
	}
	d := strings.TrimLeft(ref[i:], "0")
	if d == "" {
		d = "0"
	}
	return ref[:i], d, true
}

// cmpDigits compares two digit strings without leading zeros by value.
func cmpDigits(a, b string) int {
	if len(a) != len(b) {
		return len(a) - len(b)
	}
	return strings.Compare(a, b)
}

// checkNumberPattern compares the invoice number with the numbers on the
// supplier's earlier invoices in historicalInvoices (any status), when at
// least minHistory carry one (INVOICE_NUMBER_ANOMALY, low):
//
//   - a shape (numberShape) other than the one at least 80 % of them share,
//     confidence 0.5 + 0.35 × that share, at most 0.85;
//   - a number lower than every earlier number with the same prefix although
//     the invoice is dated after all of them (0.6), when at least
//     minHistory share the prefix.
//
// Placeholders are data-quality findings and are not compared.
func checkNumberPattern(e *env) []Anomaly {
	raw := e.in.Invoice.InvoiceNumber
	ref := normalizeReference(raw)
	if ref == "" || isPlaceholder(raw) {
		return nil
	}
	var numbered []*record
	for _, r := range e.same {
		if r.source == "history" && normalizeReference(r.number) != "" {
			numbered = append(numbered, r)
		}
	}
	if len(numbered) < e.minHistory {
		return nil
	}
	var out []Anomaly
	shapes := map[string]int{}
	for _, r := range numbered {
		shapes[numberShape(r.number)]++
	}
	dominant, count := "", 0
	for s, n := range shapes {
		if n > count || n == count && s < dominant {
			dominant, count = s, n
		}
	}
	shape := numberShape(raw)
	if count*formatShareDen >= len(numbered)*formatShareNum && shape != dominant {
		conf := min(0.85, round2(0.5+0.35*float64(count)/float64(len(numbered))))
		out = append(out, newAnomaly(CodeInvoiceNumberAnomaly, sevLow, conf, "invoice.invoiceNumber",
			fmt.Sprintf("The invoice number's format %s differs from the format %s of %d of the supplier's %d earlier numbered invoices.", shape, dominant, count, len(numbered)),
			Evidence{Fields: []string{"invoice.invoiceNumber", "historicalInvoices"}, Expected: dominant, Actual: shape}))
	}

	prefix, digits, ok := numberParts(ref)
	if !ok || !e.inv.date.ok {
		return out
	}
	var lowest *record
	lowDigits, family := "", 0
	var latest day
	dated := false
	for _, r := range numbered {
		p, d, ok := numberParts(normalizeReference(r.number))
		if !ok || p != prefix {
			continue
		}
		family++
		if lowest == nil || cmpDigits(d, lowDigits) < 0 {
			lowest, lowDigits = r, d
		}
		if r.date.ok && (!dated || r.date.d > latest) {
			latest, dated = r.date.d, true
		}
	}
	if family >= e.minHistory && dated && cmpDigits(digits, lowDigits) < 0 && e.inv.date.d > latest {
		out = append(out, newAnomaly(CodeInvoiceNumberAnomaly, sevLow, 0.6, "invoice.invoiceNumber",
			fmt.Sprintf("The invoice number is lower than all %d earlier numbers of the series, the lowest being %s, although the invoice is dated after all of them (latest %s).", family, e.where(lowest), latest),
			Evidence{Fields: []string{"invoice.invoiceNumber", "invoice.invoiceDate", "historicalInvoices"}, Expected: "a number after " + lowest.number, Actual: raw, RelatedInvoice: e.related(lowest)}))
	}
	return out
}

// checkFrequency: SUPPLIER_PATTERN_DEVIATION (medium, 0.6) when the
// supplier's billed invoices dated in the 30 days up to and including the
// invoice's date (so a monthly bill 30 days earlier is not in them), the
// invoice included and earlier records of its own number left out, are
// at least 3 and at least 3 times the supplier's monthly rate before then,
// measured over at least 90 days and minHistory invoices.
func checkFrequency(e *env, hist []*record) (Anomaly, bool) {
	if !e.inv.date.ok {
		return Anomaly{}, false
	}
	d := e.inv.date.d
	start := d - burstDays
	recent, prior := 1, 0
	var first day
	for _, r := range hist {
		if !r.date.ok || r.date.d > d || e.sameNumber(r) {
			continue
		}
		if r.date.d > start {
			recent++
			continue
		}
		if prior == 0 || r.date.d < first {
			first = r.date.d
		}
		prior++
	}
	if prior < e.minHistory {
		return Anomaly{}, false
	}
	span := int64(start - first)
	// recent >= factor × prior × 30 / span, in integers.
	if span < burstBaselineDays || recent < burstMin || int64(recent)*span < burstFactor*burstDays*int64(prior) {
		return Anomaly{}, false
	}
	rate := ratio(int64(prior)*burstDays, span)
	return newAnomaly(CodeSupplierDeviation, sevMedium, 0.6, "invoice.invoiceDate",
		fmt.Sprintf("%d invoices from this supplier in the %d days up to %s (this one included), against about %s a month over the %d days before.", recent, burstDays, d, rate, span),
		Evidence{Fields: []string{"invoice.invoiceDate", "historicalInvoices"}, Expected: "about " + rate + " a month", Actual: fmt.Sprintf("%d in %d days", recent, burstDays)}), true
}
