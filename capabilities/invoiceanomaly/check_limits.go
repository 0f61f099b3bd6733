package invoiceanomaly

import (
	"fmt"
)

// threshold returns the approval threshold when it applies to the invoice
// (same currency), or a reason why not.
func (e *env) threshold() (int64, string) {
	a := e.in.ApprovalContext
	if a == nil {
		return 0, "no approvalContext.approvalThreshold supplied"
	}
	t := amt(a.ApprovalThreshold)
	if !t.ok || t.v == 0 {
		return 0, "no approvalContext.approvalThreshold supplied"
	}
	if a.Currency != "" && normCurrency(a.Currency) != e.inv.currency {
		return 0, fmt.Sprintf("the approval threshold is in %s and the invoice in %s", normCurrency(a.Currency), e.inv.currency)
	}
	if !e.inv.total.ok {
		return 0, "the invoice total is not a valid amount"
	}
	return t.v, ""
}

// checkApproval: APPROVAL_THRESHOLD_EXCEEDED (low: it routes the invoice to
// the higher approver, no more) and APPROVAL_THRESHOLD_PROXIMITY (low: from
// 95 % of the threshold up to it, the zone where amounts are shaded to avoid
// the higher approval).
func checkApproval(e *env) ([]Anomaly, string) {
	t, why := e.threshold()
	if why != "" {
		return nil, why
	}
	x := e.inv.total.v
	fields := []string{"invoice.total", "approvalContext.approvalThreshold"}
	switch {
	case x > t:
		return []Anomaly{newAnomaly(CodeApprovalExceeded, sevLow, 0.9, "invoice.total",
			fmt.Sprintf("The total %s %s is above the approval threshold of %s.", e.money(x), e.inv.currency, e.money(t)),
			Evidence{Fields: fields, Expected: "at most " + e.money(t) + " without higher approval", Actual: e.money(x)})}, ""
	case cmpProducts(x, 100, t, 95) >= 0:
		return []Anomaly{newAnomaly(CodeApprovalProximity, sevLow, 0.6, "invoice.total",
			fmt.Sprintf("The total %s %s is just under the approval threshold of %s (%s %% of it).", e.money(x), e.inv.currency, e.money(t), percentOf(x, t)),
			Evidence{Fields: fields, Expected: "clearly below " + e.money(t), Actual: e.money(x)})}, ""
	}
	return nil, ""
}

func percentOf(a, b int64) string {
	v, _ := mulDivRound(a, 1000, b)
	return fmt.Sprintf("%d.%d", v/10, v%10)
}

// checkSplit looks for split invoices among this supplier's billed
// invoices in the same currency:
//
//   - a group of invoices within splitWindowDays (default 7) of the invoice
//     date, each at most the threshold, the invoice included and at most
//     the threshold too, adding up to more than the threshold. Confidence
//     0.5, +0.15 when one is dated within a day of the invoice, +0.15 when
//     they share the invoice's PO or an item; high from 0.7, else medium.
//   - otherwise three or more invoices (the invoice included) at 90-100 %
//     of the threshold within 90 days: medium 0.6.
//
// Invoices with the invoice's own number are duplicates, not splits.
func checkSplit(e *env) ([]Anomaly, string) {
	t, why := e.threshold()
	if why != "" {
		return nil, why
	}
	if !e.inv.date.ok {
		return nil, "the invoice has no invoiceDate"
	}
	billed := e.billed()
	if len(billed) == 0 {
		return nil, "no earlier invoices of this supplier to group with"
	}
	x := e.inv.total.v
	if x > t {
		return nil, ""
	}
	var group []*record
	sum := x
	near := cmpProducts(x, 100, t, 90) >= 0
	nearCount := 0
	if near {
		nearCount = 1
	}
	adjacent, shared := false, false
	itemSet := map[string]bool{}
	for _, l := range e.inv.lines {
		if l.key != "" {
			itemSet[l.key] = true
		}
	}
	for _, r := range billed {
		if r.currency != e.inv.currency || !r.total.ok || e.sameNumber(r) {
			continue
		}
		gap, ok := gapDays(e.inv.date, r.date)
		if !ok {
			continue
		}
		if gap <= 90 && r.total.v <= t && cmpProducts(r.total.v, 100, t, 90) >= 0 {
			nearCount++
		}
		if gap > int64(e.splitDays) || r.total.v > t {
			continue
		}
		group = append(group, r)
		sum = satAdd(sum, r.total.v)
		adjacent = adjacent || gap <= 1
		if e.inv.poNumber != "" && r.poNumber == e.inv.poNumber {
			shared = true
		}
		for _, l := range r.lines {
			shared = shared || itemSet[l.key]
		}
	}
	if len(group) > 0 && sum > t {
		conf := 0.5
		if adjacent {
			conf += 0.15
		}
		if shared {
			conf += 0.15
		}
		sev := sevMedium
		if conf >= 0.7 {
			sev = sevHigh
		}
		var rel *RelatedInvoice
		if len(group) > 0 {
			rel = e.related(group[0])
		}
		return []Anomaly{newAnomaly(CodeSplitInvoice, sev, round2(conf), "invoice.total",
			fmt.Sprintf("This invoice and %d other(s) from the supplier within %d days are each under the approval threshold of %s but add up to %s %s.",
				len(group), e.splitDays, e.money(t), e.money(sum), e.inv.currency),
			Evidence{Fields: []string{"invoice.total", "historicalInvoices", "approvalContext.approvalThreshold"},
				Expected: "at most " + e.money(t) + " in total", Actual: e.money(sum), RelatedInvoice: rel})}, ""
	}
	if near && nearCount >= 3 {
		return []Anomaly{newAnomaly(CodeSplitInvoice, sevMedium, 0.6, "invoice.total",
			fmt.Sprintf("%d invoices from the supplier within 90 days are each at 90-100 %% of the approval threshold of %s.", nearCount, e.money(t)),
			Evidence{Fields: []string{"invoice.total", "historicalInvoices", "approvalContext.approvalThreshold"},
				Expected: "amounts spread below the threshold", Actual: fmt.Sprintf("%d invoices just under it", nearCount)})}, ""
	}
	return nil, ""
}

func round2(f float64) float64 {
	return float64(int64(f*100+0.5)) / 100
}
