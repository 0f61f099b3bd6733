package invoiceanomaly

import (
	"fmt"
	"strings"
)

// maskAccount shows only the last 4 characters of an account: "****1234";
// 4 characters or fewer give "****". No other form of an account number
// ever leaves the package.
func maskAccount(s string) string {
	n := normalizeAccount(s)
	if len(n) <= 4 {
		return "****"
	}
	return "****" + n[len(n)-4:]
}

// ibanLengths is the IBAN length per country (SWIFT IBAN registry).
var ibanLengths = map[string]int{
	"AD": 24, "AE": 23, "AL": 28, "AT": 20, "AZ": 28, "BA": 20, "BE": 16, "BG": 22, "BH": 22, "BR": 29,
	"BY": 28, "CH": 21, "CR": 22, "CY": 28, "CZ": 24, "DE": 22, "DK": 18, "DO": 28, "EE": 20, "EG": 29,
	"ES": 24, "FI": 18, "FO": 18, "FR": 27, "GB": 22, "GE": 22, "GI": 23, "GL": 18, "GR": 27, "GT": 28,
	"HR": 21, "HU": 28, "IE": 22, "IL": 23, "IQ": 23, "IS": 26, "IT": 27, "JO": 30, "KW": 30, "KZ": 20,
	"LB": 28, "LC": 32, "LI": 21, "LT": 20, "LU": 20, "LV": 21, "LY": 25, "MC": 27, "MD": 24, "ME": 22,
	"MK": 19, "MR": 27, "MT": 31, "MU": 30, "NL": 18, "NO": 15, "OM": 23, "PK": 24, "PL": 28, "PS": 29,
	"PT": 25, "QA": 29, "RO": 24, "RS": 22, "SA": 24, "SC": 31, "SE": 24, "SI": 19, "SK": 24, "SM": 27,
	"ST": 25, "SV": 28, "TL": 23, "TN": 24, "TR": 26, "UA": 29, "VA": 22, "VG": 24, "XK": 20,
}

// looksLikeIBAN: two letters, two digits, then 10 to 30 letters or digits.
func looksLikeIBAN(n string) bool {
	if len(n) < 14 || len(n) > 34 {
		return false
	}
	return isUpper(n[0]) && isUpper(n[1]) && isDigit(n[2]) && isDigit(n[3])
}

func isUpper(c byte) bool { return c >= 'A' && c <= 'Z' }

// ibanProblem returns why a normalized IBAN is invalid, or "" when its
// country length (for countries in the table) and its ISO 7064 mod-97
// check digits are right.
func ibanProblem(n string) string {
	if want, ok := ibanLengths[n[:2]]; ok && len(n) != want {
		return fmt.Sprintf("a %s IBAN has %d characters, this one %d", n[:2], want, len(n))
	}
	rem := 0
	for _, c := range n[4:] + n[:4] {
		switch {
		case c >= '0' && c <= '9':
			rem = (rem*10 + int(c-'0')) % 97
		case c >= 'A' && c <= 'Z':
			v := int(c-'A') + 10
			rem = (rem*100 + v) % 97
		default:
			return "it contains characters other than letters and digits"
		}
	}
	if rem != 1 {
		return "its check digits are wrong (ISO 7064 mod 97)"
	}
	return ""
}

// checkBankFormat validates an IBAN-shaped account.
func checkBankFormat(e *env) ([]Anomaly, string) {
	n := e.inv.bank
	if n == "" {
		return nil, "the invoice has no bankAccount"
	}
	if !looksLikeIBAN(n) {
		return nil, ""
	}
	if why := ibanProblem(n); why != "" {
		return []Anomaly{newAnomaly(CodeInvalidBankAccount, sevHigh, 0.9, "invoice.bankAccount",
			fmt.Sprintf("The IBAN %s is not valid: %s.", maskAccount(n), why),
			Evidence{Expected: "a valid IBAN", Actual: maskAccount(n)})}, ""
	}
	return nil, ""
}

// sameAccount: equal, or one ends with the other when the shorter has at
// least 8 characters (an IBAN and the account number inside it).
func sameAccount(a, b string) bool {
	if a == "" || b == "" {
		return false
	}
	if a == b {
		return true
	}
	if len(a) > len(b) {
		a, b = b, a
	}
	return len(a) >= 8 && strings.HasSuffix(b, a)
}

// largeInvoice: the total reaches approvalContext.largeInvoiceAmount, or
// the approval threshold when that is not given (same currency).
func (e *env) largeInvoice() (bool, string) {
	a := e.in.ApprovalContext
	if a == nil || !e.inv.total.ok || (a.Currency != "" && normCurrency(a.Currency) != e.inv.currency) {
		return false, ""
	}
	for _, d := range []Decimal{a.LargeInvoiceAmount, a.ApprovalThreshold} {
		if t := amt(d); t.ok && t.v > 0 { // 0 means "not set", as for the approval check
			return e.inv.total.v >= t.v, e.money(t.v)
		}
	}
	return false, ""
}

// checkBankAccount compares the account with the supplier's known ones
// (supplier profile, billed history and the accounts of its recorded
// payments):
//
//   - BANK_ACCOUNT_CHANGED high 0.85: not among known accounts; critical on a
//     large invoice (largeInvoice) or when another supplier uses the account.
//   - BANK_ACCOUNT_CHANGED medium 0.7: a profile account added within 30
//     days of the invoice, never paid and not verified.
//   - UNKNOWN_BANK_ACCOUNT medium 0.7: a supplier profile is supplied with
//     no account on record, or the matching profile account is marked unverified;
//     critical when another supplier uses the account.
//
// Without any supplier context nothing is flagged (standalone mode),
// except an account that other suppliers' invoices or payments carry.
func checkBankAccount(e *env) ([]Anomaly, string) {
	acct := e.inv.bank
	if acct == "" {
		return nil, "the invoice has no bankAccount"
	}
	p := e.in.SupplierProfile
	if p != nil && isEmptyProfile(p) {
		p = nil
	}
	if p != nil && !e.profileMatches(p) {
		p = nil
	}
	billed := e.billed()
	if p == nil && len(billed) == 0 && len(e.other) == 0 && len(e.paid) == 0 && len(e.paidOther) == 0 {
		return nil, "no supplierProfile, historicalInvoices or paymentHistory to compare the account with"
	}
	masked := maskAccount(acct)
	var otherUse *record
	for _, group := range [][]*record{e.other, e.paidOther} {
		for _, r := range group {
			if otherUse == nil && sameAccount(acct, r.bank) {
				otherUse = r
			}
		}
	}
	known := 0
	usedBefore := false
	for _, group := range [][]*record{billed, e.paid} {
		for _, r := range group {
			if r.bank != "" {
				known++
				usedBefore = usedBefore || sameAccount(acct, r.bank)
			}
		}
	}
	var match *KnownAccount
	if p != nil {
		for i := range p.BankAccounts {
			k := &p.BankAccounts[i]
			if normalizeAccount(k.Account) == "" {
				continue
			}
			known++
			if match == nil && sameAccount(acct, normalizeAccount(k.Account)) {
				match = k
			}
		}
	}
	fields := []string{"invoice.bankAccount", "supplierProfile.bankAccounts", "historicalInvoices"}
	if len(e.paid)+len(e.paidOther) > 0 {
		fields = append(fields, "paymentHistory")
	}
	ev := func(expected string) Evidence {
		ev := Evidence{Fields: fields, Expected: expected, Actual: masked}
		if otherUse != nil {
			ev.RelatedInvoice = e.related(otherUse)
		}
		return ev
	}
	otherNote := ""
	if otherUse != nil {
		what := "invoice"
		if otherUse.source == "payment" {
			what = "payment"
		}
		otherNote = fmt.Sprintf(" The same account appears on another supplier's %s, %s.", what, e.where(otherUse))
	}

	switch {
	case usedBefore || (match != nil && match.Verified != nil && *match.Verified):
		return nil, ""
	case match != nil:
		if added := date(match.AddedDate); added.ok && e.inv.date.ok && e.inv.date.d >= added.d && e.inv.date.d-added.d <= 30 {
			return []Anomaly{newAnomaly(CodeBankAccountChanged, sevMedium, 0.7, "invoice.bankAccount",
				fmt.Sprintf("Account %s was added to the supplier profile %d days before the invoice and has never been paid.%s", masked, e.inv.date.d-added.d, otherNote),
				ev("an account already paid"))}, ""
		}
		if match.Verified != nil && !*match.Verified {
			return []Anomaly{newAnomaly(CodeUnknownBankAccount, sevMedium, 0.7, "invoice.bankAccount",
				fmt.Sprintf("Account %s is on the supplier profile but marked unverified, and has never been paid.%s", masked, otherNote),
				ev("a verified account"))}, ""
		}
		return nil, ""
	case known > 0:
		sev, conf := sevHigh, 0.85
		large, limit := e.largeInvoice()
		why := ""
		if large {
			sev, why = sevCritical, fmt.Sprintf(" The invoice is large (at least %s %s).", limit, e.inv.currency)
		}
		if otherUse != nil {
			sev, conf = sevCritical, 0.9
		}
		return []Anomaly{newAnomaly(CodeBankAccountChanged, sev, conf, "invoice.bankAccount",
			fmt.Sprintf("Account %s is not among the supplier's %d known accounts.%s%s", masked, known, why, otherNote),
			ev(knownMasks(p, billed, e.paid)))}, ""
	case p != nil:
		// The profile is the master data where accounts belong; history
		// without accounts says nothing either way.
		sev, conf := sevMedium, 0.7
		if otherUse != nil {
			sev, conf = sevCritical, 0.9
		}
		return []Anomaly{newAnomaly(CodeUnknownBankAccount, sev, conf, "invoice.bankAccount",
			fmt.Sprintf("No bank account is on record for this supplier, so %s cannot be confirmed.%s", masked, otherNote),
			ev("an account on record"))}, ""
	case otherUse != nil:
		return []Anomaly{newAnomaly(CodeUnknownBankAccount, sevCritical, 0.9, "invoice.bankAccount",
			fmt.Sprintf("Account %s is not known for this supplier.%s", masked, otherNote),
			ev("an account of this supplier"))}, ""
	}
	return nil, ""
}

// knownMasks lists the known accounts masked, for evidence.
func knownMasks(p *SupplierProfile, billed, paid []*record) string {
	var ms []string
	add := func(a string) {
		if len(ms) > 5 {
			return // five are shown, then "..."
		}
		m := maskAccount(a)
		for _, x := range ms {
			if x == m {
				return
			}
		}
		ms = append(ms, m)
	}
	if p != nil {
		for _, k := range p.BankAccounts {
			if normalizeAccount(k.Account) != "" {
				add(k.Account)
			}
		}
	}
	for _, group := range [][]*record{billed, paid} {
		for _, r := range group {
			if r.bank != "" {
				add(r.bank)
			}
		}
	}
	if len(ms) > 5 {
		ms = append(ms[:5], "...")
	}
	return "one of " + strings.Join(ms, ", ")
}
