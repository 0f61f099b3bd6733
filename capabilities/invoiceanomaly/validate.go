package invoiceanomaly

import (
	"fmt"
	"strings"

	"dalil"
	"dalil/capability"
)

// Bounds on parsed values. The JSON Schema states none for amounts and
// quantities: Validate checks both forms (number and string), so that a bad
// amount answers INVALID_MONETARY_VALUE whichever form it was sent in.
const (
	maxMoneyMicros     = 1_000_000_000_000 * microsPerUnit // 10^12 units
	maxQuantityMicros  = 1_000_000_000 * microsPerUnit     // 10^9 units
	maxRateMicros      = 100 * microsPerUnit               // 100 %
	maxToleranceMicros = 1_000_000 * microsPerUnit         // 10^6 units
)

// validator collects problems in the order the reference service
// normalises the request, each with the error code it answers.
type validator struct {
	probs []dalil.Problem
	codes []dalil.Code
}

func (v *validator) add(code dalil.Code, path, format string, args ...any) {
	v.probs = append(v.probs, dalil.Problem{Path: path, Message: fmt.Sprintf(format, args...)})
	v.codes = append(v.codes, code)
}

// decimalText is the text of d as it is read: surrounding spaces and one
// leading '+' are dropped, as the reference service does.
func decimalText(d Decimal) string {
	s := strings.TrimSpace(string(d))
	if len(s) > 1 && s[0] == '+' && isDigit(s[1]) {
		s = s[1:]
	}
	return s
}

// plainDecimal reports whether s is digits with an optional fraction and
// an optional leading '-': the string form the reference accepts (numbers
// reach the input already written out by the core: 1e3 arrives as 1000).
func plainDecimal(s string) bool {
	s = strings.TrimPrefix(s, "-")
	whole, frac, dot := strings.Cut(s, ".")
	return whole != "" && isDigits(whole) && (!dot || frac != "" && isDigits(frac))
}

func isDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isDigit(s[i]) {
			return false
		}
	}
	return true
}

// decimal checks one Decimal: a plain decimal, not negative, at most six
// decimals, at most limit (in 10^-6 units). A bad value answers code. The
// value itself is never echoed, as the reference service does.
func (v *validator) decimal(code dalil.Code, path string, d Decimal, limit int64, what string) {
	if d == "" {
		return
	}
	s := decimalText(d)
	x, err := parseMicros(s)
	switch {
	case !plainDecimal(s):
		v.add(code, path, "%s must be a JSON number or a plain decimal string such as \"125.500\" (no separators, symbols or exponents)", what)
	case s[0] == '-' && strings.Trim(s, "-0.") != "":
		v.add(code, path, "%s must not be negative", what)
	case err == errTooManyDecimals:
		v.add(code, path, "%s must have at most 6 decimal places", what)
	case err != nil || x > limit:
		v.add(code, path, "%s must be at most %s", what, formatMicros(limit, 0))
	}
}

func (v *validator) money(path string, d Decimal) {
	v.decimal(dalil.CodeInvalidMonetaryValue, path, d, maxMoneyMicros, "an amount")
}

func (v *validator) quantity(path string, d Decimal) {
	v.decimal(dalil.CodeInvalidMonetaryValue, path, d, maxQuantityMicros, "a quantity")
}

// rate is a percentage: the reference takes rates as JSON numbers checked
// by its schema, so a bad one answers INVALID_INPUT.
func (v *validator) rate(path string, d Decimal) {
	v.decimal(dalil.CodeInvalidInput, path, d, maxRateMicros, "a tax rate in percent")
}

func (v *validator) date(path, s string) {
	if s == "" {
		return
	}
	if _, err := parseDay(s); err != nil {
		v.add(dalil.CodeInvalidDate, path, "must be a real calendar date as YYYY-MM-DD or an ISO 8601 date-time; it %v", err)
	}
}

func (v *validator) currency(path, s string) {
	if s == "" {
		return
	}
	if c := normCurrency(s); len(c) != 3 || !isLetters(c) {
		v.add(dalil.CodeUnsupportedCurrencyFormat, path, "must be a 3-letter ISO 4217 currency code such as OMR or USD")
	}
}

// normCurrency is a currency code as the checks compare it: spaces around
// it dropped, upper case (" usd " is USD).
func normCurrency(s string) string {
	s = strings.TrimSpace(s)
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= 'a' && c <= 'z' {
			return strings.ToUpper(s)
		}
	}
	return s
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

// okDecimal is decimal without a report: true when d is absent or valid.
// It lets valid lines and history records skip building their paths
// (20,000 lines in a full request).
func okDecimal(d Decimal, limit int64) bool {
	if d == "" {
		return true
	}
	s := decimalText(d)
	if !plainDecimal(s) || s[0] == '-' && strings.Trim(s, "-0.") != "" {
		return false
	}
	x, err := parseMicros(s)
	return err == nil && x <= limit
}

func okLine(it LineItem) bool {
	return okDecimal(it.Quantity, maxQuantityMicros) && okDecimal(it.UnitPrice, maxMoneyMicros) && okDecimal(it.Discount, maxMoneyMicros) &&
		okDecimal(it.TaxRate, maxRateMicros) && okDecimal(it.Total, maxMoneyMicros)
}

func okDate(s string) bool {
	if s == "" {
		return true
	}
	_, err := parseDay(s)
	return err == nil
}

func okCurrency(s string) bool {
	c := normCurrency(s)
	return s == "" || len(c) == 3 && isLetters(c)
}

// okHistory reports a history record without a problem.
func okHistory(h HistoricalInvoice) bool {
	if h.Total == "" || !okDate(h.InvoiceDate) || !okDate(h.DueDate) || !okCurrency(h.Currency) {
		return false
	}
	for _, d := range []Decimal{h.Subtotal, h.Total, h.Discount, h.Shipping, h.Tax} {
		if !okDecimal(d, maxMoneyMicros) {
			return false
		}
	}
	if !okDecimal(h.TaxRate, maxRateMicros) {
		return false
	}
	for _, it := range h.LineItems {
		if !okLine(it) {
			return false
		}
	}
	return true
}

func (v *validator) lines(path string, items []LineItem) {
	for i, it := range items {
		if okLine(it) {
			continue
		}
		p := fmt.Sprintf("%s.%d", path, i)
		v.quantity(p+".quantity", it.Quantity)
		v.money(p+".unitPrice", it.UnitPrice)
		v.money(p+".discount", it.Discount)
		v.rate(p+".taxRate", it.TaxRate)
		v.money(p+".total", it.Total)
	}
}

func (v *validator) priceLines(path string, items []PriceLine) {
	for i, it := range items {
		p := fmt.Sprintf("%s.%d", path, i)
		v.quantity(p+".quantity", it.Quantity)
		v.money(p+".unitPrice", it.UnitPrice)
	}
}

func (v *validator) order(path, from, to string, a, b string) {
	x, errA := parseDay(a)
	y, errB := parseDay(b)
	if a != "" && b != "" && errA == nil && errB == nil && y < x {
		v.add(dalil.CodeInvalidInput, path+"."+to, "must not be before %s.%s", path, from)
	}
}

// Validate reports every problem the JSON Schema cannot express: malformed
// or out-of-range amounts (number or string form), impossible dates
// (2026-02-30, 20/09/2026), bad currency codes, empty bank accounts in the
// supplier profile, date ranges that end before they start and unknown
// weekday names. Paths are dotted ("invoice.lineItems.2.quantity"); the
// value itself is never echoed. A nil result means the input is valid.
// ValidateError says which error code the problems answer.
func (in Input) Validate() []dalil.Problem {
	return in.check().probs
}

// ValidateError is Validate as the request's answer (capability
// ErrorValidator): nil when the input is valid; else 400 INVALID_INPUT
// listing every problem when any of them is one the reference service's
// schema refuses (a missing total, a tax rate above 100) or a rule of
// Dalil's own; otherwise the reference's code of the first problem in the
// order it normalises the request (invoice, history, payments, supplier
// profile, purchase order, contract, approval context, options):
// INVALID_MONETARY_VALUE, INVALID_DATE or UNSUPPORTED_CURRENCY_FORMAT, with
// details {path, problems} so that details.path names the field as the
// reference's does. The value is never echoed; nothing is charged.
func (in Input) ValidateError() *dalil.Error {
	v := in.check()
	if len(v.probs) == 0 {
		return nil
	}
	for _, c := range v.codes {
		if c == dalil.CodeInvalidInput {
			return dalil.InvalidInput(v.probs...)
		}
	}
	first := v.probs[0]
	what := map[dalil.Code]string{
		dalil.CodeInvalidMonetaryValue:      "is not a valid amount: send a JSON number or a plain decimal string such as \"1234.50\" (no thousands separators, currency symbols or exponents), not negative, at most 10^12 with at most 6 decimals",
		dalil.CodeInvalidDate:               "is not a valid date: send YYYY-MM-DD or an ISO 8601 date-time (its UTC date is used)",
		dalil.CodeUnsupportedCurrencyFormat: "is not a currency code: send a 3-letter ISO 4217 code such as USD, EUR or OMR",
	}[v.codes[0]]
	msg := first.Path + " " + what + "."
	if n := len(v.probs); n > 1 {
		msg += fmt.Sprintf(" %d problems in all, each in details.problems.", n)
	}
	return &dalil.Error{Code: v.codes[0], Message: msg + " Nothing was charged.", Details: capability.FieldErrors{Path: first.Path, Problems: v.probs}}
}

// check runs every rule, in the order the reference service normalises the
// request, so that the first problem is the one it would answer.
func (in Input) check() *validator {
	v := &validator{}
	inv := in.Invoice
	if inv.Total == "" {
		v.add(dalil.CodeInvalidInput, "invoice.total", "is required")
	}
	v.date("invoice.invoiceDate", inv.InvoiceDate)
	v.date("invoice.dueDate", inv.DueDate)
	v.currency("invoice.currency", inv.Currency)
	v.money("invoice.subtotal", inv.Subtotal)
	v.money("invoice.discount", inv.Discount)
	v.money("invoice.shipping", inv.Shipping)
	v.money("invoice.tax", inv.Tax)
	v.rate("invoice.taxRate", inv.TaxRate)
	v.money("invoice.total", inv.Total)
	v.lines("invoice.lineItems", inv.LineItems)

	for i, h := range in.HistoricalInvoices {
		if okHistory(h) {
			continue
		}
		p := fmt.Sprintf("historicalInvoices.%d", i)
		if h.Total == "" {
			v.add(dalil.CodeInvalidInput, p+".total", "is required")
		}
		v.date(p+".invoiceDate", h.InvoiceDate)
		v.date(p+".dueDate", h.DueDate)
		v.currency(p+".currency", h.Currency)
		v.money(p+".subtotal", h.Subtotal)
		v.money(p+".total", h.Total)
		v.money(p+".discount", h.Discount)
		v.money(p+".shipping", h.Shipping)
		v.money(p+".tax", h.Tax)
		v.rate(p+".taxRate", h.TaxRate)
		v.lines(p+".lineItems", h.LineItems)
	}
	for i, pm := range in.PaymentHistory {
		if okDate(pm.PaymentDate) && okDecimal(pm.Amount, maxMoneyMicros) && okCurrency(pm.Currency) {
			continue
		}
		p := fmt.Sprintf("paymentHistory.%d", i)
		v.date(p+".paymentDate", pm.PaymentDate)
		v.money(p+".amount", pm.Amount)
		v.currency(p+".currency", pm.Currency)
	}
	if sp := in.SupplierProfile; sp != nil {
		for i, a := range sp.BankAccounts {
			p := fmt.Sprintf("supplierProfile.bankAccounts.%d", i)
			if normalizeAccount(a.Account) == "" {
				v.add(dalil.CodeInvalidInput, p+".account", "must contain letters or digits")
			}
			v.date(p+".addedDate", a.AddedDate)
		}
		for i, c := range sp.Currencies {
			v.currency(fmt.Sprintf("supplierProfile.currencies.%d", i), c)
		}
		v.date("supplierProfile.createdDate", sp.CreatedDate)
		for i, a := range sp.Aliases {
			if len(a) > 200 {
				v.add(dalil.CodeInvalidInput, fmt.Sprintf("supplierProfile.aliases.%d", i), "must be at most 200 characters")
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
		v.priceLines("purchaseOrder.lineItems", po.LineItems)
		v.order("purchaseOrder", "issueDate", "expiryDate", po.IssueDate, po.ExpiryDate)
	}
	if c := in.Contract; c != nil {
		v.currency("contract.currency", c.Currency)
		v.money("contract.maxAmount", c.MaxAmount)
		v.money("contract.maxInvoiceAmount", c.MaxInvoiceAmount)
		v.money("contract.invoicedToDate", c.InvoicedToDate)
		v.date("contract.startDate", c.StartDate)
		v.date("contract.endDate", c.EndDate)
		v.priceLines("contract.rates", c.Rates)
		v.order("contract", "startDate", "endDate", c.StartDate, c.EndDate)
	}
	if a := in.ApprovalContext; a != nil {
		v.money("approvalContext.approvalThreshold", a.ApprovalThreshold)
		v.currency("approvalContext.currency", a.Currency)
		v.money("approvalContext.poRequiredAbove", a.PORequiredAbove)
		v.money("approvalContext.largeInvoiceAmount", a.LargeInvoiceAmount)
	}
	if o := in.Options; o != nil {
		v.date("options.asOfDate", o.AsOfDate)
		v.decimal(dalil.CodeInvalidMonetaryValue, "options.roundingTolerance", o.RoundingTolerance, maxToleranceMicros, "a tolerance")
		for i, w := range o.WeekendDays {
			if _, ok := weekdayNames[strings.ToLower(strings.TrimSpace(w))]; !ok {
				v.add(dalil.CodeInvalidInput, fmt.Sprintf("options.weekendDays.%d", i), "must be a weekday name such as friday")
			}
		}
		for i, h := range o.PublicHolidays {
			v.date(fmt.Sprintf("options.publicHolidays.%d", i), h)
		}
	}
	return v
}
