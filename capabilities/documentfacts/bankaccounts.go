package documentfacts

import (
	"math/big"
	"regexp"
	"strings"
)

// Bank accounts: IBANs (checked mod 97), SWIFT codes and account
// numbers, masked.

var (
	reIBAN    = regexp.MustCompile(`\b([A-Z]{2}[0-9]{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,3})?)\b`)
	reSWIFT   = regexp.MustCompile(`(?i:swift|bic)(?:\s*(?i:code))?\s*[:：.]?\s*([A-Z]{6}[A-Z0-9]{2}(?:[A-Z0-9]{3})?)\b`)
	reAccount = regexp.MustCompile(`(?i)(?:account\s*(?:no\.?|number|#)|a/c\s*(?:no\.?)?|acct\.?\s*(?:no\.?)?|رقم الحساب)\s*[:：#.]?\s*(` + D + `[` + `0-9\x{0660}-\x{0669} -]{4,24}` + D + `)`)
)

// ibanLengths are the IBAN lengths of the countries most seen here.
var ibanLengths = map[string]int{"OM": 23, "AE": 23, "SA": 24, "QA": 29, "KW": 30, "BH": 22, "GB": 22, "DE": 22, "FR": 27, "NL": 18,
	"JO": 30, "EG": 29, "IT": 27, "ES": 24, "CH": 21, "TR": 26, "PK": 24, "IE": 22, "BE": 16, "LB": 28}

func validIBAN(s string) bool {
	s = strings.ReplaceAll(s, " ", "")
	if len(s) < 15 || len(s) > 34 {
		return false
	}
	if n, ok := ibanLengths[s[:2]]; ok && n != len(s) {
		return false
	}
	r := s[4:] + s[:4]
	var digits strings.Builder
	for _, c := range r {
		switch {
		case c >= '0' && c <= '9':
			digits.WriteRune(c)
		case c >= 'A' && c <= 'Z':
			digits.WriteString(big.NewInt(int64(c - 'A' + 10)).String())
		default:
			return false
		}
	}
	n, ok := new(big.Int).SetString(digits.String(), 10)
	return ok && new(big.Int).Mod(n, big.NewInt(97)).Int64() == 1
}

// mask keeps the first keep and last 4 alphanumerics of s and replaces the
// others with '*' (spaces stay): same length, so offsets do not move.
func mask(s string, keep int) string {
	var alnum int
	for _, c := range s {
		if c != ' ' && c != '-' {
			alnum++
		}
	}
	b := []byte(s)
	i := 0
	for j, c := range b {
		if c == ' ' || c == '-' {
			continue
		}
		if i >= keep && i < alnum-4 {
			b[j] = '*'
		}
		i++
	}
	return string(b)
}

func (x *extractor) bank(t string, base int) {
	for _, m := range reIBAN.FindAllStringSubmatchIndex(t, -1) {
		raw := t[m[2]:m[3]]
		if !validIBAN(raw) {
			continue
		}
		masked := mask(raw, 4)
		f := Fact{Type: TypeBankAccount, Key: "iban", Label: "IBAN (masked)", Value: masked, Normalized: strings.ReplaceAll(masked, " ", ""), Method: "pattern", Confidence: 0.95}
		x.add(candidate{fact: f, start: base + m[2], end: base + m[3], prio: 5})
	}
	for _, m := range reAccount.FindAllStringSubmatchIndex(t, -1) {
		raw := t[m[2]:m[3]]
		ascii := asciiDigits(raw)
		if len(strings.NewReplacer(" ", "", "-", "").Replace(ascii)) < 6 || len(raw) != len(ascii) {
			continue // Arabic digits are 2 bytes: masking in place needs ASCII
		}
		masked := mask(raw, 0)
		f := Fact{Type: TypeBankAccount, Key: "account_number", Label: "Bank account number (masked)", Value: masked, Normalized: strings.NewReplacer(" ", "", "-", "").Replace(masked), Method: "labeled_field", Confidence: 0.85}
		x.add(candidate{fact: f, start: base + m[2], end: base + m[3], prio: 5})
	}
	for _, m := range reSWIFT.FindAllStringSubmatchIndex(t, -1) {
		code := t[m[2]:m[3]]
		f := Fact{Type: TypeBankAccount, Key: "swift_code", Label: "SWIFT / BIC", Value: code, Normalized: code, Method: "labeled_field", Confidence: 0.9}
		x.add(candidate{fact: f, start: base + m[2], end: base + m[3], prio: 5})
	}
}
