package invoiceanomaly

import (
	"fmt"
)

// over10pct reports excess > 10 % of base.
func over10pct(excess, base int64) bool { return base <= 0 || cmpProducts(excess, 10, base, 1) > 0 }

// checkPurchaseOrder covers PO_MISSING (policy requires a PO and the
// invoice cites none), PO_MISMATCH (number, supplier, currency, closed or
// cancelled, expired, quantity above ordered, unit price more than 0.5 %
// above the PO's), PO_AMOUNT_EXCEEDED (above what is left; more than 10 % of
// the PO over is high) and DATE_ANOMALY (invoice dated before the PO).
func checkPurchaseOrder(e *env) ([]Anomaly, string) {
	inv := &e.inv
	var out []Anomaly
	a := e.in.ApprovalContext
	required, policy := false, false
	if a != nil {
		required, policy = a.PORequired, a.PORequired || a.PORequiredAbove != ""
		if t := amt(a.PORequiredAbove); t.ok && inv.total.ok && inv.total.v > t.v {
			required = true
		}
	}
	po := e.in.PurchaseOrder
	if po != nil && isEmptyPO(po) {
		po = nil
	}
	if po == nil && !policy {
		return nil, "no purchaseOrder supplied and no PO policy in approvalContext"
	}
	if required && inv.poNumber == "" {
		out = append(out, newAnomaly(CodePOMissing, sevMedium, 0.85, "invoice.poNumber",
			"The approval policy requires a purchase order for this invoice, and it cites none.",
			Evidence{Fields: []string{"invoice.poNumber", "approvalContext"}, Expected: "a PO number", Actual: "none"}))
	}
	if po == nil {
		return out, ""
	}
	mismatch := func(sev string, conf float64, field, msg, expected, actual string) {
		out = append(out, newAnomaly(CodePOMismatch, sev, conf, field, msg, Evidence{Fields: []string{field, "purchaseOrder"}, Expected: expected, Actual: actual}))
	}
	if n := normalizeReference(po.PONumber); n != "" && inv.poNumber != "" && n != inv.poNumber {
		mismatch(sevHigh, 0.85, "invoice.poNumber", "The invoice cites another purchase order than the one supplied.", po.PONumber, e.in.Invoice.PONumber)
	}
	if id := normalizeReference(po.SupplierID); id != "" && inv.supplierID != "" {
		if id != inv.supplierID {
			mismatch(sevHigh, 0.8, "invoice.supplierId", "The purchase order was issued to another supplier.", po.SupplierID, e.in.Invoice.SupplierID)
		}
	} else if n := normalizeSupplierName(po.SupplierName); n != "" && inv.supplierName != "" && !e.names[n] {
		mismatch(sevMedium, 0.7, "invoice.supplierName", "The purchase order names another supplier.", po.SupplierName, e.in.Invoice.SupplierName)
	}
	if po.Currency != "" && inv.currency != "" && normCurrency(po.Currency) != inv.currency {
		mismatch(sevMedium, 0.8, "invoice.currency", "The invoice is in another currency than its purchase order.", normCurrency(po.Currency), inv.currency)
	}
	switch po.Status {
	case "closed":
		mismatch(sevHigh, 0.85, "purchaseOrder.status", "The purchase order is closed.", "open or partially invoiced", "closed")
	case "cancelled":
		mismatch(sevHigh, 0.9, "purchaseOrder.status", "The purchase order was cancelled.", "open or partially invoiced", "cancelled")
	}
	if x := date(po.ExpiryDate); x.ok && inv.date.ok && inv.date.d > x.d {
		mismatch(sevMedium, 0.8, "invoice.invoiceDate", fmt.Sprintf("The purchase order expired on %s, before the invoice date.", x.d), "on or before "+x.d.String(), inv.date.d.String())
	}
	if is := date(po.IssueDate); is.ok && inv.date.ok && inv.date.d < is.d {
		out = append(out, newAnomaly(CodeDateAnomaly, sevMedium, 0.75, "invoice.invoiceDate",
			fmt.Sprintf("The invoice is dated %s, before its purchase order was issued (%s).", inv.date.d, is.d),
			Evidence{Fields: []string{"invoice.invoiceDate", "purchaseOrder.issueDate"}, Expected: "on or after " + is.d.String(), Actual: inv.date.d.String()}))
	}

	// Lines against ordered lines.
	ordered := map[string]PriceLine{}
	for _, l := range po.LineItems {
		if k := itemKey(l.SKU, l.Description); k != "" {
			if _, dup := ordered[k]; !dup {
				ordered[k] = l
			}
		}
	}
	// Quantities add up over the invoice's lines of one item: an item split
	// over two lines is billed once in full.
	billedQty, reported := map[string]int64{}, map[string]bool{}
	for _, l := range inv.lines {
		if _, ok := ordered[l.key]; ok && l.quantity.ok {
			billedQty[l.key] = satAdd(billedQty[l.key], l.quantity.v)
		}
	}
	for _, l := range inv.lines {
		o, ok := ordered[l.key]
		if !ok {
			continue
		}
		p := fmt.Sprintf("invoice.lineItems.%d", l.index)
		if q := amt(o.Quantity); q.ok && l.quantity.ok && billedQty[l.key] > q.v && !reported[l.key] {
			reported[l.key] = true
			mismatch(sevMedium, 0.7, p+".quantity", fmt.Sprintf("The invoice bills %s units of line %d's item; the purchase order has %s.", formatMicros(billedQty[l.key], 0), l.index+1, formatMicros(q.v, 0)),
				"at most "+formatMicros(q.v, 0), formatMicros(billedQty[l.key], 0))
		}
		if pr := amt(o.UnitPrice); pr.ok && l.unitPrice.ok && cmpProducts(l.unitPrice.v, 1000, pr.v, 1005) > 0 {
			mismatch(sevMedium, 0.75, p+".unitPrice", fmt.Sprintf("Line %d is priced at %s; the purchase order says %s.", l.index+1, e.money(l.unitPrice.v), e.money(pr.v)),
				e.money(pr.v), e.money(l.unitPrice.v))
		}
	}

	// Amount against what is left.
	compare := inv.total
	if po.AmountsIncludeTax != nil && !*po.AmountsIncludeTax {
		if s := amt(e.in.Invoice.Subtotal); s.ok {
			compare = s
		}
	}
	poTotal := amt(po.TotalAmount)
	remaining := amt(po.RemainingAmount)
	if !remaining.ok && poTotal.ok {
		remaining = amount{v: poTotal.v, ok: true}
		if done := amt(po.InvoicedToDate); done.ok {
			remaining.v -= done.v
		} else if inv.poNumber != "" {
			// Without invoicedToDate, what the supplier already billed
			// against this PO (in the invoice's currency) is used.
			for _, r := range e.billed() {
				if r.poNumber == inv.poNumber && r.currency == inv.currency && r.total.ok {
					remaining.v = satAdd(remaining.v, -r.total.v)
				}
			}
		}
	}
	if compare.ok && remaining.ok && compare.v > remaining.v+e.unit {
		excess := compare.v - remaining.v
		base := poTotal.v
		if !poTotal.ok {
			base = remaining.v
		}
		sev, conf := sevMedium, 0.85
		if over10pct(excess, base) {
			sev, conf = sevHigh, 0.9
		}
		out = append(out, newAnomaly(CodePOAmountExceeded, sev, conf, "invoice.total",
			fmt.Sprintf("The invoice (%s %s) exceeds what is left on the purchase order (%s) by %s.", e.money(compare.v), inv.currency, e.money(max(remaining.v, 0)), e.money(excess)),
			Evidence{Fields: []string{"invoice.total", "purchaseOrder.totalAmount", "purchaseOrder.invoicedToDate", "purchaseOrder.remainingAmount"},
				Expected: "at most " + e.money(max(remaining.v, 0)), Actual: e.money(compare.v)}))
	}
	return out, ""
}

// checkContract covers DATE_ANOMALY (invoice outside the contract's
// validity), CONTRACT_LIMIT_EXCEEDED (per-invoice maximum, or the ceiling
// with what was billed so far; more than 10 % over is high),
// CONTRACT_RATE_EXCEEDED (a unit price more than 0.5 % above the agreed
// rate; more than 10 % high) and UNUSUAL_CURRENCY (not the contract's).
func checkContract(e *env) ([]Anomaly, string) {
	c := e.in.Contract
	if c == nil || isEmptyContract(c) {
		return nil, "no contract supplied"
	}
	inv := &e.inv
	var out []Anomaly
	start, end := date(c.StartDate), date(c.EndDate)
	if inv.date.ok && ((start.ok && inv.date.d < start.d) || (end.ok && inv.date.d > end.d)) {
		out = append(out, newAnomaly(CodeDateAnomaly, sevMedium, 0.8, "invoice.invoiceDate",
			fmt.Sprintf("The invoice date %s is outside the contract's validity (%s to %s).", inv.date.d, orOpen(start), orOpen(end)),
			Evidence{Fields: []string{"invoice.invoiceDate", "contract.startDate", "contract.endDate"}, Expected: orOpen(start) + " to " + orOpen(end), Actual: inv.date.d.String()}))
	}
	if c.Currency != "" && inv.currency != "" && normCurrency(c.Currency) != inv.currency {
		out = append(out, newAnomaly(CodeUnusualCurrency, sevLow, 0.8, "invoice.currency",
			"The invoice is in another currency than the contract.",
			Evidence{Fields: []string{"invoice.currency", "contract.currency"}, Expected: normCurrency(c.Currency), Actual: inv.currency}))
	}
	limit := func(field, msg string, excess, base int64, expected string) {
		sev, conf := sevMedium, 0.85
		if over10pct(excess, base) {
			sev, conf = sevHigh, 0.85
		}
		out = append(out, newAnomaly(CodeContractLimitExceeded, sev, conf, "invoice.total", msg,
			Evidence{Fields: []string{"invoice.total", field}, Expected: expected, Actual: e.money(inv.total.v)}))
	}
	if m := amt(c.MaxInvoiceAmount); m.ok && inv.total.ok && inv.total.v > m.v+e.unit {
		limit("contract.maxInvoiceAmount", fmt.Sprintf("The total exceeds the contract's per-invoice maximum of %s %s.", e.money(m.v), inv.currency),
			inv.total.v-m.v, m.v, "at most "+e.money(m.v))
	}
	if m := amt(c.MaxAmount); m.ok && inv.total.ok {
		billed := amt(c.InvoicedToDate)
		how := "as stated in contract.invoicedToDate"
		if !billed.ok {
			billed = amount{ok: true}
			n := 0
			for _, r := range e.billed() {
				if r.currency == inv.currency && r.total.ok && (!start.ok || (r.date.ok && r.date.d >= start.d)) && (!end.ok || (r.date.ok && r.date.d <= end.d)) {
					billed.v = satAdd(billed.v, r.total.v)
					n++
				}
			}
			how = fmt.Sprintf("summed from %d earlier invoices in the contract period", n)
		}
		if after := satAdd(billed.v, inv.total.v); after > satAdd(m.v, e.unit) {
			limit("contract.maxAmount", fmt.Sprintf("With this invoice, billing under the contract reaches %s %s (%s before it, %s), above its ceiling of %s.",
				e.money(after), inv.currency, e.money(billed.v), how, e.money(m.v)),
				after-m.v, m.v, "at most "+e.money(max(m.v-billed.v, 0)))
		}
	}
	rates := map[string]PriceLine{}
	for _, r := range c.Rates {
		if k := itemKey(r.SKU, r.Description); k != "" {
			if _, dup := rates[k]; !dup {
				rates[k] = r
			}
		}
	}
	for _, l := range inv.lines {
		r, ok := rates[l.key]
		if !ok {
			continue
		}
		if pr := amt(r.UnitPrice); pr.ok && l.unitPrice.ok && cmpProducts(l.unitPrice.v, 1000, pr.v, 1005) > 0 {
			sev := sevMedium
			if over10pct(l.unitPrice.v-pr.v, pr.v) {
				sev = sevHigh
			}
			p := fmt.Sprintf("invoice.lineItems.%d.unitPrice", l.index)
			out = append(out, newAnomaly(CodeContractRateExceeded, sev, 0.8, p,
				fmt.Sprintf("Line %d (%s) is billed at %s; the contract rate is %s (+%s %%).", l.index+1, label(l), e.money(l.unitPrice.v), e.money(pr.v), percentUp(l.unitPrice.v, pr.v)),
				Evidence{Fields: []string{p, "contract.rates"}, Expected: "at most " + e.money(pr.v), Actual: e.money(l.unitPrice.v)}))
		}
	}
	return out, ""
}

func orOpen(d optDay) string {
	if d.ok {
		return d.d.String()
	}
	return "open"
}

func isEmptyContract(c *Contract) bool {
	return c.ContractID == "" && c.SupplierID == "" && c.SupplierName == "" && c.Currency == "" && c.MaxAmount == "" &&
		c.MaxInvoiceAmount == "" && c.InvoicedToDate == "" && c.StartDate == "" && c.EndDate == "" && c.PaymentTermsDays == nil && len(c.Rates) == 0
}

func isEmptyPO(p *PurchaseOrder) bool {
	return p.PONumber == "" && p.SupplierID == "" && p.SupplierName == "" && p.Currency == "" && p.TotalAmount == "" &&
		p.InvoicedToDate == "" && p.RemainingAmount == "" && p.AmountsIncludeTax == nil && p.IssueDate == "" && p.ExpiryDate == "" &&
		p.Status == "" && len(p.LineItems) == 0
}
