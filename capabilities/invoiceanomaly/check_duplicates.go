package invoiceanomaly

import (
	"fmt"
	"strconv"
)

// related describes an earlier record for evidence.
func (e *env) related(r *record) *RelatedInvoice {
	ri := &RelatedInvoice{Source: r.source, InvoiceID: r.invoiceID, InvoiceNumber: r.number, Currency: r.currency, Status: r.status}
	if r.source == "history" || r.source == "payment" {
		i := r.index
		ri.Index = &i
	}
	if r.date.ok {
		ri.InvoiceDate = r.date.d.String()
	}
	if r.total.ok {
		ri.Total = formatMicros(r.total.v, minorUnits(r.currency))
	}
	return ri
}

// where names a record in messages: "historicalInvoices[3] (INV-001, 2026-01-05)".
func (e *env) where(r *record) string {
	s := "a remembered invoice"
	switch r.source {
	case "history":
		s = fmt.Sprintf("historicalInvoices[%d]", r.index)
	case "payment":
		s = fmt.Sprintf("paymentHistory[%d]", r.index)
	}
	if r.number != "" && r.date.ok {
		return fmt.Sprintf("%s (%s, %s)", s, r.number, r.date.d)
	}
	if r.date.ok {
		return fmt.Sprintf("%s (%s)", s, r.date.d)
	}
	return s
}

// gapDays is the distance in days between two dates, ok only when both exist.
func gapDays(a, b optDay) (int64, bool) {
	if !a.ok || !b.ok {
		return 0, false
	}
	g := int64(a.d - b.d)
	if g < 0 {
		g = -g
	}
	return g, true
}

// sameNumber reports whether r carries the invoice's number: equal
// normalized numbers, or for a remembered fingerprint an equal keyed hash.
func (e *env) sameNumber(r *record) bool {
	if r.source == "remembered" {
		return r.fingerprintID != "" && e.invKeys[r.fingerprintID]
	}
	return e.inv.numberKey != "" && r.numberKey == e.inv.numberKey
}

// amountClose: within 0.5 % of the larger amount or one minor unit.
func (e *env) amountClose(a, b int64) bool {
	d := abs64(a - b)
	if d <= e.unit {
		return true
	}
	m := max(a, b)
	return cmpProducts(d, 1000, m, 5) <= 0
}

// checkDuplicates compares the invoice with this supplier's earlier
// invoices (and remembered fingerprints) and with other suppliers'.
//
//   - DUPLICATE_INVOICE (critical, 0.98): same supplier, same normalized
//     number, same currency and amount, same date (or a date missing).
//   - POSSIBLE_DUPLICATE high 0.9: same number and amount on another date;
//     or a similar number (typo, transposition, suffix; not a nearby
//     sequential number) with an amount within 0.5 % inside the window.
//   - POSSIBLE_DUPLICATE medium: resubmission of a cancelled/rejected/void
//     invoice (0.6); number reused with another amount (0.7); identical
//     amount within 3 days under another number when the supplier does not
//     bill that amount routinely (0.6); same number and amount under another
//     supplier (0.6).
//   - from paymentHistory (checkPaid): the invoice's number already paid.
func checkDuplicates(e *env) []Anomaly {
	inv := &e.inv
	var out []Anomaly
	if !inv.total.ok {
		return nil
	}
	sameCount := map[int64]int{}
	for _, r := range e.same {
		if r.total.ok && r.currency == inv.currency {
			sameCount[r.total.v]++
		}
	}
	for _, r := range e.same {
		sameCur := r.currency == inv.currency
		exactAmt := sameCur && r.total.ok && r.total.v == inv.total.v
		gap, dated := gapDays(inv.date, r.date)
		inWindow := !dated || gap <= int64(e.dupWindow)
		rel := e.related(r)
		fields := []string{"invoice.invoiceNumber", "invoice.total", "invoice.invoiceDate"}
		if e.sameNumber(r) {
			switch {
			case exactAmt && r.void():
				out = append(out, newAnomaly(CodePossibleDuplicate, sevMedium, 0.6, "invoice.invoiceNumber",
					fmt.Sprintf("Same number and amount as %s, which is %s: a resubmission?", e.where(r), r.status),
					Evidence{Fields: fields, Expected: "a new invoice", Actual: "resubmission of a " + r.status + " invoice", RelatedInvoice: rel}))
			case exactAmt && (!dated || gap == 0):
				out = append(out, newAnomaly(CodeDuplicateInvoice, sevCritical, 0.98, "invoice.invoiceNumber",
					fmt.Sprintf("Exact duplicate of %s: same supplier, invoice number, amount (%s %s) and date.", e.where(r), e.money(inv.total.v), inv.currency),
					Evidence{Fields: fields, Expected: "no earlier invoice with this number", Actual: "same number, amount and date", RelatedInvoice: rel}))
			case exactAmt:
				out = append(out, newAnomaly(CodePossibleDuplicate, sevHigh, 0.9, "invoice.invoiceNumber",
					fmt.Sprintf("Same supplier, invoice number and amount as %s, dated %d days apart.", e.where(r), gap),
					Evidence{Fields: fields, Expected: "no earlier invoice with this number", Actual: "same number and amount, other date", RelatedInvoice: rel}))
			case !r.void():
				out = append(out, newAnomaly(CodePossibleDuplicate, sevMedium, 0.7, "invoice.invoiceNumber",
					fmt.Sprintf("The invoice number was already used by %s, for a different amount (%s %s).", e.where(r), rel.Total, r.currency),
					Evidence{Fields: fields, Expected: "a number not used before", Actual: "number reused", RelatedInvoice: rel}))
			}
			continue
		}
		if r.void() || !sameCur || !r.total.ok || !inWindow || !e.amountClose(inv.total.v, r.total.v) {
			continue
		}
		if r.source == "history" && numbersSimilar(inv.numberKey, r.numberKey) {
			out = append(out, newAnomaly(CodePossibleDuplicate, sevHigh, 0.9, "invoice.invoiceNumber",
				fmt.Sprintf("Near-duplicate of %s: a similar number (%q vs %q) for about the same amount within %d days.",
					e.where(r), inv.number, r.number, e.dupWindow),
				Evidence{Fields: fields, Expected: "a distinct invoice", Actual: "similar number, amount and date", RelatedInvoice: rel}))
			continue
		}
		if exactAmt && dated && gap <= 3 && sameCount[inv.total.v] < 3 {
			out = append(out, newAnomaly(CodePossibleDuplicate, sevMedium, 0.6, "invoice.total",
				fmt.Sprintf("Same amount (%s %s) as %s, %d days apart, under another number.", e.money(inv.total.v), inv.currency, e.where(r), gap),
				Evidence{Fields: fields, Expected: "a distinct invoice", Actual: "same amount within 3 days", RelatedInvoice: rel}))
		}
	}
	for _, r := range e.other {
		if inv.numberKey != "" && r.numberKey == inv.numberKey && r.currency == inv.currency && r.total.ok && r.total.v == inv.total.v && !r.void() {
			out = append(out, newAnomaly(CodePossibleDuplicate, sevMedium, 0.6, "invoice.supplierName",
				fmt.Sprintf("The same number and amount were billed by another supplier in %s.", e.where(r)),
				Evidence{Fields: []string{"invoice.invoiceNumber", "invoice.total", "invoice.supplierName"}, Expected: "this supplier only", Actual: "another supplier", RelatedInvoice: e.related(r)}))
		}
	}
	if a, ok := checkPaid(e); ok {
		out = append(out, a)
	}
	return out
}

// checkPaid looks for the invoice's number among the recorded payments of
// its supplier, or payments that name no supplier (the reference service's
// "already paid" rule):
//
//   - POSSIBLE_DUPLICATE high 0.9: this supplier was paid this number and
//     amount (within one minor unit) in the invoice's currency. Not
//     DUPLICATE_INVOICE, which needs the same invoice date (a payment has
//     only its own), just as a history record of the same number and amount
//     on another date is not.
//   - POSSIBLE_DUPLICATE medium: the number was paid for another or an
//     unknown amount (0.6), or for this amount by a payment that names no
//     supplier (0.7).
//
// A payment of a number that one of the supplier's earlier invoices already
// carries is evidence about that invoice, reported with it, and adds no
// second finding; of several payments of the number the strongest counts.
func checkPaid(e *env) (Anomaly, bool) {
	inv := &e.inv
	if inv.numberKey == "" || len(e.paid)+len(e.paidUnknown) == 0 {
		return Anomaly{}, false
	}
	for _, r := range e.same {
		if e.sameNumber(r) {
			return Anomaly{}, false
		}
	}
	const (
		numberOnly   = 1
		unknownPayee = 2 // same number and amount, supplier not named
		sameSupplier = 3 // same number and amount, this supplier
	)
	var best *record
	bestRank := 0
	for i, group := range [][]*record{e.paid, e.paidUnknown} {
		for _, r := range group {
			if r.numberKey != inv.numberKey {
				continue
			}
			rank := numberOnly
			if r.total.ok && r.currency == inv.currency && abs64(r.total.v-inv.total.v) <= e.unit {
				rank = unknownPayee
				if i == 0 {
					rank = sameSupplier
				}
			}
			if rank > bestRank {
				best, bestRank = r, rank
			}
		}
	}
	if best == nil {
		return Anomaly{}, false
	}
	fields := []string{"invoice.invoiceNumber", "invoice.total", "paymentHistory"}
	rel := e.related(best)
	switch bestRank {
	case sameSupplier:
		return newAnomaly(CodePossibleDuplicate, sevHigh, 0.9, "invoice.invoiceNumber",
			fmt.Sprintf("This supplier was already paid invoice number %q for the same amount (%s %s): %s.", best.number, e.money(inv.total.v), inv.currency, e.where(best)),
			Evidence{Fields: fields, Expected: "an invoice not paid before", Actual: "number and amount already paid", RelatedInvoice: rel}), true
	case unknownPayee:
		return newAnomaly(CodePossibleDuplicate, sevMedium, 0.7, "invoice.invoiceNumber",
			fmt.Sprintf("A payment of the same number and amount that names no supplier is recorded: %s.", e.where(best)),
			Evidence{Fields: fields, Expected: "an invoice not paid before", Actual: "number and amount already paid", RelatedInvoice: rel}), true
	}
	what := "for another amount"
	switch {
	case !best.total.ok:
		what = "for an amount not recorded"
	case best.currency != inv.currency:
		what = "in another currency"
	}
	return newAnomaly(CodePossibleDuplicate, sevMedium, 0.6, "invoice.invoiceNumber",
		fmt.Sprintf("Invoice number %q was already paid %s: %s.", best.number, what, e.where(best)),
		Evidence{Fields: fields, Expected: "a number not paid before", Actual: "number already paid", RelatedInvoice: rel}), true
}

// numbersSimilar reports a strong similarity between two different
// normalized invoice numbers of at least 3 characters: an adjacent
// transposition, a short letter suffix ("123" / "123A"), or an edit
// distance of 1 (2 for numbers of 6 or more characters) that is not just a
// nearby sequential number (the same text before trailing digits at most
// 20 apart: "1043" and "1051", "ASM060" and "ASM062").
func numbersSimilar(a, b string) bool {
	if a == b || len(a) < 3 || len(b) < 3 {
		return false
	}
	if isTransposition(a, b) {
		return true
	}
	short, long := a, b
	if len(short) > len(long) {
		short, long = long, short
	}
	if len(long)-len(short) <= 3 && long[:len(short)] == short && hasLetter(long[len(short):]) {
		return true
	}
	limit := 1
	if min(len(a), len(b)) >= 6 {
		limit = 2
	}
	if abs(len(a)-len(b)) > limit || editDistance(a, b, limit) > limit {
		return false
	}
	// The next numbers of a series ("ASM062" after "ASM060", "1043" after
	// "1041") are ordinary numbering, not a typo.
	pa, da, okA := numberParts(a)
	pb, db, okB := numberParts(b)
	if okA && okB && pa == pb {
		na, errA := strconv.ParseUint(da, 10, 64)
		nb, errB := strconv.ParseUint(db, 10, 64)
		if errA == nil && errB == nil {
			d := na - nb
			if nb > na {
				d = nb - na
			}
			if d <= 20 {
				return false
			}
		}
	}
	return true
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

func hasLetter(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < '0' || c > '9' {
			return true
		}
	}
	return false
}

// isTransposition: same length, differing only by two adjacent swapped characters.
func isTransposition(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	i := 0
	for i < len(a) && a[i] == b[i] {
		i++
	}
	if i+1 >= len(a) || a[i] != b[i+1] || a[i+1] != b[i] || a[i] == a[i+1] {
		return false
	}
	return a[i+2:] == b[i+2:]
}

// editDistance is the Levenshtein distance of two byte strings, giving up
// (returning limit+1) once every path exceeds limit.
func editDistance(a, b string, limit int) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		best := cur[0]
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			best = min(best, cur[j])
		}
		if best > limit {
			return limit + 1
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
