package invoiceanomaly

import (
	"fmt"
	"strings"

	"dalil"
)

// Bounds on parsed values (the schema states the same for the number form).
const (
	maxMoneyMicros    = 1_000_000_000_000 * microsPerUnit // 10^12 units
	maxQuantityMicros = 1_000_000_000 * microsPerUnit     // 10^9 units
	maxRateMicros     = 100 * microsPerUnit               // 100 %
)

type validator struct{ probs []dalil.Problem }

func (v *validator) add(path, format string, args ...any) {
	v.probs = append(v.probs, dalil.Problem{Path: path, Message: fmt.Sprintf(format, args...)})
}

// decimal checks one Decimal: well-formed, non-negative, at most six
// decimals, at most limit (in 10^-6 units). The value itself is never
// echoed, as the reference service does.
func (v *validator) decimal(path string, d Decimal, limit int64, what string) {
	if d == "" {
		return
	}
	x, err := parseMicros(string(d))
	switch {
	case err == errTooManyDecimals:
		v.add(path, "%s must have at most 6 decimal places", what)
	case err == errTooLarge:
		v.add(path, "%s must be at most %s", what, formatMicros(limit, 0))
	case err != nil:
		v.add(path, "%s must be a JSON number or a plain decimal string such as \"125.500\" (no signs, separators, symbols or exponents)", what)
	case x < 0:
		v.add(path, "%s must not be negative", what)
	case x > limit:
		v.add(path, "%s must be at most %s", what, formatMicros(limit, 0))
	}
}

func (v *validator) money(path string, d Decimal) { v.decimal(path, d, maxMoneyMicros, "an amount") }

func (v *validator) date(path, s string) {
	if s == "" {
		return
	}
	if _, err := parseDay(s); err != nil {
		v.add(path, "must be a real calendar date as YYYY-MM-DD or an RFC 3339 date-time; it %v", err)
	}
}

func (v *validator) currency(path, s string) {
	if s == "" {
		return
	}
	if len(s) != 3 || !isLetters(s) {
		v.add(path, "must be a 3-letter ISO 4217 currency code such as OMR or USD")
	}
}

func isLetters(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i] | 0x20
		if c < 'a' || c > 'z' {
			return false
		}
	}
	return true
}

func (v *validator) lines(path string, items []LineItem) {
	for i, it := range items {
		p := fmt.Sprintf("%s.%d", path, i)
		v.decimal(p+".quantity", it.Quantity, maxQuantityMicros, "a quantity")
		v.money(p+".unitPrice", it.UnitPrice)
		v.money(p+".discount", it.Discount)
		v.decimal(p+".taxRate", it.TaxRate, maxRateMicros, "a tax rate in percent")
		v.money(p+".total", it.Total)
	}
}

func (v *validator) priceLines(path string, items []PriceLine) {
	for i, it := range items {
		p := fmt.Sprintf("%s.%d", path, i)
		v.decimal(p+".quantity", it.Quantity, maxQuantityMicros, "a quantity")
		v.money(p+".unitPrice", it.UnitPrice)
	}
}

func (v *validator) order(path, from, to string, a, b string) {
	x, errA := parseDay(a)
	y, errB := parseDay(b)
	if a != "" && b != "" && errA == nil && errB == nil && y < x {
		v.add(path+"."+to, "must not be before %s.%s", path, from)
	}
}

// Validate reports every problem the JSON Schema cannot express: malformed
// or out-of-range amounts (number or string form), impossible dates
// (2026-02-30), bad currency codes, empty bank accounts in the supplier
// profile, date ranges that end before they start and unknown weekday
// names. Paths are dotted ("invoice.lineItems.2.quantity"). A nil result
// means the input is valid; the core answers 400 INVALID_INPUT otherwise.
func (in Input) Validate() []dalil.Problem {
	v := &validator{}
	inv := in.Invoice
	if inv.Total == "" {
		v.add("invoice.total", "is required")
	}
	for _, f := range []struct {
		path string
		d    Decimal
	}{
		{"invoice.subtotal", inv.Subtotal}, {"invoice.discount", inv.Discount}, {"invoice.shipping", inv.Shipping},
		{"invoice.tax", inv.Tax}, {"invoice.total", inv.Total},
	} {
		v.money(f.path, f.d)
	}
	v.decimal("invoice.taxRate", inv.TaxRate, maxRateMicros, "a tax rate in percent")
	v.date("invoice.invoiceDate", inv.InvoiceDate)
	v.date("invoice.dueDate", inv.DueDate)
	v.currency("invoice.currency", inv.Currency)
	v.lines("invoice.lineItems", inv.LineItems)

	for i, h := range in.HistoricalInvoices {
		p := fmt.Sprintf("historicalInvoices.%d", i)
		if h.Total == "" {
			v.add(p+".total", "is required")
		}
		v.money(p+".total", h.Total)
		v.date(p+".invoiceDate", h.InvoiceDate)
		v.date(p+".dueDate", h.DueDate)
		v.currency(p+".currency", h.Currency)
		v.lines(p+".lineItems", h.LineItems)
	}
	if sp := in.SupplierProfile; sp != nil {
		for i, a := range sp.BankAccounts {
			p := fmt.Sprintf("supplierProfile.bankAccounts.%d", i)
			if normalizeAccount(a.Account) == "" {
				v.add(p+".account", "must contain letters or digits")
			}
			v.date(p+".addedDate", a.AddedDate)
		}
		for i, c := range sp.Currencies {
			v.currency(fmt.Sprintf("supplierProfile.currencies.%d", i), c)
		}
		v.date("supplierProfile.createdDate", sp.CreatedDate)
		for i, a := range sp.Aliases {
			if len(a) > 200 {
				v.add(fmt.Sprintf("supplierProfile.aliases.%d", i), "must be at most 200 characters")
			}
		}
	}
	if po := in.PurchaseOrder; po != nil {
		v.currency("purchaseOrder.currency", po.Currency)
		v.money("purchaseOrder.totalAmount", po.TotalAmount)
		v.money("purchaseOrder.invoicedToDate", po.InvoicedToDate)
		v.money("purchaseOrder.remainingAmount", po.RemainingAmount)
		v.date("purchaseOrder.issueDate", po.IssueDate)
		v.date("purchaseOrder.expiryDate", po.ExpiryDate)
		v.order("purchaseOrder", "issueDate", "expiryDate", po.IssueDate, po.ExpiryDate)
		v.priceLines("purchaseOrder.lineItems", po.LineItems)
	}
	if c := in.Contract; c != nil {
		v.currency("contract.currency", c.Currency)
		v.money("contract.maxAmount", c.MaxAmount)
		v.money("contract.maxInvoiceAmount", c.MaxInvoiceAmount)
		v.money("contract.invoicedToDate", c.InvoicedToDate)
		v.date("contract.startDate", c.StartDate)
		v.date("contract.endDate", c.EndDate)
		v.order("contract", "startDate", "endDate", c.StartDate, c.EndDate)
		v.priceLines("contract.rates", c.Rates)
	}
	if a := in.ApprovalContext; a != nil {
		v.money("approvalContext.approvalThreshold", a.ApprovalThreshold)
		v.money("approvalContext.poRequiredAbove", a.PORequiredAbove)
		v.money("approvalContext.largeInvoiceAmount", a.LargeInvoiceAmount)
		v.currency("approvalContext.currency", a.Currency)
	}
	if o := in.Options; o != nil {
		v.date("options.asOfDate", o.AsOfDate)
		v.decimal("options.roundingTolerance", o.RoundingTolerance, 1_000_000*microsPerUnit, "a tolerance")
		for i, w := range o.WeekendDays {
			if _, ok := weekdayNames[strings.ToLower(w)]; !ok {
				v.add(fmt.Sprintf("options.weekendDays.%d", i), "must be a weekday name such as friday")
			}
		}
		for i, h := range o.PublicHolidays {
			v.date(fmt.Sprintf("options.publicHolidays.%d", i), h)
		}
	}
	return v.probs
}
