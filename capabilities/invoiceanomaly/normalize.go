package invoiceanomaly

import (
	"strconv"
	"strings"
	"time"
	"unicode"
)

// amount is an optional exact amount in 10^-6 units.
type amount struct {
	v  int64
	ok bool
}

func amt(d Decimal) amount {
	if d == "" {
		return amount{}
	}
	v, err := parseMicros(decimalText(d))
	if err != nil || v < 0 {
		return amount{}
	}
	return amount{v: v, ok: true}
}

// optDay is an optional calendar date.
type optDay struct {
	d  day
	ok bool
}

func date(s string) optDay {
	if s == "" {
		return optDay{}
	}
	d, err := parseDay(s)
	if err != nil {
		return optDay{}
	}
	return optDay{d: d, ok: true}
}

// line is a normalized line item.
type line struct {
	index       int
	description string // as sent, for messages
	key         string // sku or normalized description: identifies "the same item"
	quantity    amount
	unitPrice   amount
	discount    amount
	taxRate     amount
	total       amount
}

// record is a normalized invoice: the one under check or one from history
// (source "history", index into historicalInvoices), a remembered
// fingerprint (source "remembered") or a past payment (source "payment",
// index into paymentHistory; date is the payment date, total the amount).
type record struct {
	source        string
	index         int
	invoiceID     string
	number        string // as sent
	numberKey     string // normalizeInvoiceNumber
	supplierID    string // normalized id
	supplierName  string // normalizeSupplierName
	currency      string // upper case
	date          optDay
	due           optDay
	total         amount
	bank          string // normalizeAccount
	poNumber      string // normalizeReference
	status        string
	terms         optTerms // paymentTermsDays, else dueDate - invoiceDate
	lines         []line
	fingerprintID string // remembered: HMAC of supplier+number
}

// optTerms is an optional payment term in days.
type optTerms struct {
	days int64
	ok   bool
}

// termsOf is the stated payment terms, else the days from the invoice date
// to a due date on or after it.
func termsOf(stated *int, date, due optDay) optTerms {
	if stated != nil {
		return optTerms{days: int64(*stated), ok: true}
	}
	if date.ok && due.ok && due.d >= date.d {
		return optTerms{days: int64(due.d - date.d), ok: true}
	}
	return optTerms{}
}

// void reports whether the record no longer counts as billed.
func (r *record) void() bool {
	return r.status == "rejected" || r.status == "cancelled" || r.status == "void"
}

func normLines(items []LineItem, memo map[string]string) []line {
	out := make([]line, 0, len(items))
	for i, it := range items {
		mk := "\x00" + it.SKU + "\x00" + it.Description
		key, ok := memo[mk]
		if !ok {
			key = itemKey(it.SKU, it.Description)
			memo[mk] = key
		}
		out = append(out, line{
			index:       i,
			description: it.Description,
			key:         key,
			quantity:    amt(it.Quantity),
			unitPrice:   amt(it.UnitPrice),
			discount:    amt(it.Discount),
			taxRate:     amt(it.TaxRate),
			total:       amt(it.Total),
		})
	}
	return out
}

// itemKey identifies an item across invoices: the SKU when present,
// otherwise the description folded to lower-case words.
func itemKey(sku, description string) string {
	if s := normalizeReference(sku); s != "" {
		return "sku:" + s
	}
	if d := foldWords(description); d != "" {
		return "desc:" + d
	}
	return ""
}

// foldWords lower-cases s and keeps letters and digits, single-spaced.
func foldWords(s string) string {
	var b strings.Builder
	space := false
	for _, r := range strings.ToLower(s) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			if space && b.Len() > 0 {
				b.WriteByte(' ')
			}
			space = false
			b.WriteRune(r)
		} else {
			space = true
		}
	}
	return b.String()
}

// normalizeReference upper-cases s and drops everything but letters and
// digits: "po-2026/001" and "PO 2026 001" are the same reference.
func normalizeReference(s string) string {
	var b strings.Builder
	for _, r := range strings.ToUpper(s) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// invoicePrefixes are the words suppliers put before the number.
var invoicePrefixes = []string{"INVOICE", "INV", "BILL", "NUMBER", "NUM", "NO", "NR", "REF"}

// normalizeInvoiceNumber makes the comparable form of an invoice number:
// case and separators are ignored, leading prefixes such as INV, INVOICE,
// NO are dropped when digits follow, and leading zeros are dropped.
// "INV-000123", "inv 123" and "Invoice No. 123" all become "123".
func normalizeInvoiceNumber(s string) string {
	n := normalizeReference(s)
	rest := n
	for changed := true; changed; {
		changed = false
		for _, p := range invoicePrefixes {
			if len(rest) > len(p) && strings.HasPrefix(rest, p) {
				rest = rest[len(p):]
				changed = true
				break
			}
		}
	}
	if rest != n && rest != "" && isDigit(rest[0]) {
		n = rest
	}
	trimmed := strings.TrimLeft(n, "0")
	if trimmed == "" && n != "" {
		return "0"
	}
	return trimmed
}

// legalSuffixes are company-form words ignored when comparing names.
var legalSuffixes = map[string]bool{
	"llc": true, "ltd": true, "limited": true, "inc": true, "co": true, "company": true, "corp": true,
	"corporation": true, "saog": true, "saoc": true, "spc": true, "plc": true, "gmbh": true, "sa": true,
	"ag": true, "bv": true, "wll": true, "fze": true, "fzco": true, "the": true, "and": true, "est": true,
}

var nameReplacer = strings.NewReplacer("&", " and ", ".", "")

// normalizeSupplierName folds a supplier name for comparison: lower case,
// punctuation dropped (dots join: L.L.C. is LLC), company forms (LLC,
// SAOC, Ltd...) ignored.
func normalizeSupplierName(s string) string {
	words := strings.Fields(foldWords(nameReplacer.Replace(s)))
	out := words[:0]
	for _, w := range words {
		if !legalSuffixes[w] {
			out = append(out, w)
		}
	}
	return strings.Join(out, " ")
}

// normalizeAccount upper-cases an IBAN or account number and drops spaces
// and separators.
func normalizeAccount(s string) string { return normalizeReference(s) }

func fromInvoice(inv Invoice) record {
	r := record{
		source:       "invoice",
		index:        -1,
		invoiceID:    strings.TrimSpace(inv.InvoiceID),
		number:       inv.InvoiceNumber,
		numberKey:    normalizeInvoiceNumber(inv.InvoiceNumber),
		supplierID:   normalizeReference(inv.SupplierID),
		supplierName: normalizeSupplierName(inv.SupplierName),
		currency:     normCurrency(inv.Currency),
		date:         date(inv.InvoiceDate),
		due:          date(inv.DueDate),
		total:        amt(inv.Total),
		bank:         normalizeAccount(inv.BankAccount),
		poNumber:     normalizeReference(inv.PONumber),
		lines:        normLines(inv.LineItems, map[string]string{}),
	}
	r.terms = termsOf(inv.PaymentTermsDays, r.date, r.due)
	return r
}

// fromHistory normalizes a history record; memo caches normalized
// supplier names and item keys, which repeat across a long history.
func fromHistory(i int, h HistoricalInvoice, memo map[string]string) record {
	name, ok := memo[h.SupplierName]
	if !ok {
		name = normalizeSupplierName(h.SupplierName)
		memo[h.SupplierName] = name
	}
	r := record{
		source:       "history",
		index:        i,
		invoiceID:    strings.TrimSpace(h.InvoiceID),
		number:       h.InvoiceNumber,
		numberKey:    normalizeInvoiceNumber(h.InvoiceNumber),
		supplierID:   normalizeReference(h.SupplierID),
		supplierName: name,
		currency:     normCurrency(h.Currency),
		date:         date(h.InvoiceDate),
		due:          date(h.DueDate),
		total:        amt(h.Total),
		bank:         normalizeAccount(h.BankAccount),
		poNumber:     normalizeReference(h.PONumber),
		status:       h.Status,
		lines:        normLines(h.LineItems, memo),
	}
	r.terms = termsOf(h.PaymentTermsDays, r.date, r.due)
	return r
}

// fromPayment normalizes a past payment as a record: its payment date as
// the date, its amount as the total.
func fromPayment(i int, p Payment, memo map[string]string) record {
	name, ok := memo[p.SupplierName]
	if !ok {
		name = normalizeSupplierName(p.SupplierName)
		memo[p.SupplierName] = name
	}
	return record{
		source:       "payment",
		index:        i,
		number:       p.InvoiceNumber,
		numberKey:    normalizeInvoiceNumber(p.InvoiceNumber),
		supplierID:   normalizeReference(p.SupplierID),
		supplierName: name,
		currency:     normCurrency(p.Currency),
		date:         date(p.PaymentDate),
		total:        amt(p.Amount),
		bank:         normalizeAccount(p.BankAccount),
	}
}

// env is everything the checks share: the normalized invoice, its
// supplier's history, the other suppliers' history and the settings.
type env struct {
	in       Input
	inv      record
	currency string
	unit     int64 // one minor unit in 10^-6 units (or roundingTolerance)
	decimals int
	asOf     optDay
	// same holds this supplier's earlier invoices (history and remembered),
	// ordered by date then position; other holds everyone else's.
	same  []*record
	other []*record
	// paid holds the payments of this supplier, paidOther those of another
	// supplier and paidUnknown those that name no supplier (or when the
	// invoice names none).
	paid, paidOther, paidUnknown []*record
	// knownSupplier: names and ids that identify the supplier.
	names map[string]bool
	ids   map[string]bool

	// invKeys are the invoice's fingerprint InvoiceKeys (remembered matches).
	invKeys map[string]bool

	dupWindow  int
	minHistory int
	splitDays  int
	weekend    []time.Weekday
	holidays   map[day]bool
}

// money formats an amount in the invoice currency.
func (e *env) money(v int64) string { return formatMicros(v, e.decimals) }

func newEnv(in Input, opts Options) *env {
	e := &env{in: in, inv: fromInvoice(in.Invoice)}
	e.currency = e.inv.currency
	e.decimals = minorUnits(e.currency)
	e.unit = unitMicros(e.currency)
	if o := in.Options; o != nil {
		if t := amt(o.RoundingTolerance); t.ok && t.v > 0 {
			e.unit = t.v
		}
	}
	if !opts.Now.IsZero() {
		e.asOf = optDay{d: dayOf(opts.Now), ok: true}
	}
	e.dupWindow, e.minHistory, e.splitDays = 14, 3, 7
	if o := in.Options; o != nil {
		if d := date(o.AsOfDate); d.ok {
			e.asOf = d
		}
		if o.DuplicateWindowDays >= 1 && o.DuplicateWindowDays <= 365 {
			e.dupWindow = o.DuplicateWindowDays
		}
		if o.MinHistoryForPatterns >= 2 && o.MinHistoryForPatterns <= 50 {
			e.minHistory = o.MinHistoryForPatterns
		}
		for _, w := range o.WeekendDays {
			if wd, ok := weekdayNames[strings.ToLower(strings.TrimSpace(w))]; ok {
				e.weekend = append(e.weekend, wd)
			}
		}
		for _, h := range o.PublicHolidays {
			if d := date(h); d.ok {
				if e.holidays == nil {
					e.holidays = map[day]bool{}
				}
				e.holidays[d.d] = true
			}
		}
	}
	if e.weekend == nil {
		e.weekend = defaultWeekend(e.currency)
	}
	if a := in.ApprovalContext; a != nil && a.SplitWindowDays >= 1 && a.SplitWindowDays <= 90 {
		e.splitDays = a.SplitWindowDays
	}

	// Who is the supplier: the invoice's id and name, and the profile's
	// id, name and aliases when the profile is about the same supplier.
	e.ids, e.names = map[string]bool{}, map[string]bool{}
	if e.inv.supplierID != "" {
		e.ids[e.inv.supplierID] = true
	}
	if e.inv.supplierName != "" {
		e.names[e.inv.supplierName] = true
	}
	if p := in.SupplierProfile; p != nil && e.profileMatches(p) {
		if id := normalizeReference(p.SupplierID); id != "" {
			e.ids[id] = true
		}
		for _, n := range append([]string{p.SupplierName}, p.Aliases...) {
			if k := normalizeSupplierName(n); k != "" {
				e.names[k] = true
			}
		}
	}

	memo := map[string]string{}
	for i, h := range in.HistoricalInvoices {
		r := fromHistory(i, h, memo)
		if r.currency == "" {
			// Currency is optional in history: a record without one is in
			// the invoice's currency, or an identical resubmission would
			// not count as the same amount.
			r.currency = e.inv.currency
		}
		if e.inv.invoiceID != "" && r.invoiceID == e.inv.invoiceID {
			continue // the same record as the invoice under check
		}
		if e.sameSupplier(&r) {
			e.same = append(e.same, &r)
		} else {
			e.other = append(e.other, &r)
		}
	}
	for _, fp := range opts.Remembered {
		r := fromFingerprint(fp)
		e.same = append(e.same, &r)
	}
	if len(in.PaymentHistory) > 0 {
		rs := make([]record, len(in.PaymentHistory))
		for i, p := range in.PaymentHistory {
			r := &rs[i]
			*r = fromPayment(i, p, memo)
			if r.currency == "" {
				r.currency = e.inv.currency // as in history
			}
			switch e.supplierOf(r) {
			case 1:
				e.paid = append(e.paid, r)
			case -1:
				e.paidOther = append(e.paidOther, r)
			default:
				e.paidUnknown = append(e.paidUnknown, r)
			}
		}
	}
	return e
}

var weekdayNames = map[string]time.Weekday{
	"sunday": time.Sunday, "monday": time.Monday, "tuesday": time.Tuesday, "wednesday": time.Wednesday,
	"thursday": time.Thursday, "friday": time.Friday, "saturday": time.Saturday,
}

// profileMatches reports whether the supplier profile describes the
// invoice's supplier (an id or name in common, or nothing to compare).
func (e *env) profileMatches(p *SupplierProfile) bool {
	pid := normalizeReference(p.SupplierID)
	if pid != "" && e.inv.supplierID != "" {
		return pid == e.inv.supplierID
	}
	if e.inv.supplierName == "" {
		return true
	}
	for _, n := range append([]string{p.SupplierName}, p.Aliases...) {
		if normalizeSupplierName(n) == e.inv.supplierName {
			return true
		}
	}
	return pid == "" && normalizeSupplierName(p.SupplierName) == ""
}

// sameSupplier: ids decide when both records have one; otherwise names.
func (e *env) sameSupplier(r *record) bool {
	if r.supplierID != "" && len(e.ids) > 0 {
		return e.ids[r.supplierID]
	}
	if r.supplierName != "" {
		return e.names[r.supplierName]
	}
	return false
}

// supplierOf tells whether r is the invoice's supplier's (1), another
// supplier's (-1) or cannot tell (0: r or the invoice names no supplier
// the other can be compared with). Ids decide when both have one.
func (e *env) supplierOf(r *record) int {
	yes := func(b bool) int {
		if b {
			return 1
		}
		return -1
	}
	switch {
	case r.supplierID != "" && len(e.ids) > 0:
		return yes(e.ids[r.supplierID])
	case r.supplierName != "" && len(e.names) > 0:
		return yes(e.names[r.supplierName])
	}
	return 0
}

func itoa(i int) string { return strconv.Itoa(i) }
