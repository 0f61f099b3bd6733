package documentfacts

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"unicode"

	"dalil/capabilities/documentfacts/read"
)

// The reference service's document risk flags read from the facts and the
// text (reference-service.md §6 "Risk flags"), beside those riskFlags
// raises from the reading itself. Each is a property of the document a
// reader should check, never a finding about a party.

var (
	rePenalty = regexp.MustCompile(`(?i)\bpenalt(?:y|ies)\b|\bliquidated\s+damages\b|غرام(?:ة|ات)|(?:ال)?شرط\s+(?:ال)?جزائي`)
	// reBareAmount: a labelled amount line with a figure and no currency.
	reBareAmount = regexp.MustCompile(`(?im)^\s*(?:grand\s+total|sub-?total|total(?:\s+amount)?(?:\s+due)?|amount(?:\s+due)?|balance\s+due|price|fees?|rent|contract\s+value)\s*[:：]\s*\d[\d,]*(?:\.\d+)?\s*$|(?m)^\s*(?:الإجمالي|المجموع|المبلغ|السعر|الإيجار)\s*[:：]\s*[\d٠-٩][\d٠-٩,٬]*(?:[.٫][\d٠-٩]+)?\s*$`)
	// rePayWords: the text says something about paying.
	rePayWords     = regexp.MustCompile(`(?i)\b(?:pay|pays|paid|payable|payment|payments)\b|يدفع|تدفع|الدفع|بدفع|سداد|يسدد|تسدد|يُدفع|تُدفع`)
	reUnlimited    = regexp.MustCompile(`(?i)\bunlimited\s+liability\b|\bliability\s+(?:shall\s+be|is|will\s+be)\s+unlimited\b|\bliability\b[^.]{0,60}\b(?:shall\s+be|is|will\s+be)\s+unlimited\b|\b(?:liability|liable)\s+(?:shall\s+not|will\s+not)\s+be\s+(?:limited|capped)\b|\bwithout\s+(?:any\s+)?(?:limit|limitation|cap)\s+(?:of|on|to)\s+(?:its\s+|their\s+)?liability\b|مسؤولية\s+غير\s+محدودة`)
	reLiabilityCap = regexp.MustCompile(`(?i)\blimitation\s+of\s+liability\b|\blimitations?\s+on\s+liability\b|\b(?:total|aggregate|maximum|entire)\s+liability\b|\bliability\s+(?:shall|will)\s+(?:not\s+exceed|be\s+limited|be\s+capped)|\bin\s+no\s+event\s+shall\b[^.]{0,80}\bbe\s+liable\b|\bshall\s+not\s+be\s+liable\s+for\s+(?:any\s+)?(?:indirect|consequential)|(?:تحديد|حدود)\s+المسؤولية`)
	reIndemnity    = regexp.MustCompile(`(?i)\bindemnif(?:y|ies|ied|ication)\b|\bindemnity\b|\bhold\s+(?:\w+\s+)?harmless\b|بتعويض\s+(?:ال)?طرف|يعوض\s+(?:ال)?طرف`)
	reNoCause      = regexp.MustCompile(`(?i)\bterminat\w*\b[^.]{0,120}\b(?:without\s+(?:cause|reason|giving\s+(?:any\s+)?reasons?)|for\s+(?:its\s+)?convenience|for\s+any\s+reason(?:\s+or\s+no\s+reason)?)\b|\b(?:without\s+cause|for\s+convenience)\b[^.]{0,60}\bterminat\w*`)
	reAmend        = regexp.MustCompile(`(?i)\b(?:may|reserves?\s+the\s+right\s+to|(?:is|are)\s+entitled\s+to)\s+(?:unilaterally\s+)?(?:amend|modify|change|vary|revise|update)\b[^.]{0,120}\b(?:at\s+any\s+time|from\s+time\s+to\s+time|without\s+(?:prior\s+)?(?:notice|consent)|(?:in|at)\s+its\s+(?:sole\s+|absolute\s+)?discretion)|\bunilaterally\s+(?:amend|modify|change|vary|revise)`)
	reExclusive    = regexp.MustCompile(`(?i)\bexclusivity\b|\bon\s+an\s+exclusive\s+basis\b|\b(?:sole\s+and\s+)?exclusive\s+(?:supplier|distributor|distribution|agent|agency|right|rights|licen[cs]e|provider|dealer|dealership|reseller|partner)\b|\bshall\s+not\s+(?:engage|appoint|purchase\s+from|buy\s+from)\s+any\s+other\s+(?:supplier|provider|distributor|agent)|(?:بصفة|بشكل)\s+حصري|وكيل\s+حصري|الحصرية`)
	reVaguePay     = regexp.MustCompile(`(?i)\b(?:pay|paid|payable|payment|invoice[sd]?)\b[^.]{0,80}\b(?:as\s+(?:mutually\s+)?agreed(?:\s+between\s+the\s+parties)?|to\s+be\s+(?:agreed|determined|confirmed)|in\s+due\s+course|within\s+a\s+reasonable\s+(?:time|period)|as\s+soon\s+as\s+(?:practicable|possible|reasonably\s+practicable)|(?:in|at)\s+(?:its|the\s+\w+'s)\s+(?:sole\s+)?discretion|TBD|TBC)\b`)
	// reSignature: a signature block or execution line (at a line start,
	// as such blocks are laid out), or a signing line of underscores.
	reSignature = regexp.MustCompile(`(?im)^\s*(?:signed|signature|signatures|signed\s+by|by\s*:|for\s+and\s+on\s+behalf\s+of|on\s+behalf\s+of|in\s+witness\s+whereof|executed\s+(?:by|as)|authori[sz]ed\s+signatory|/s/)|_{6,}|^\s*(?:التوقيع|توقيع|وقع(?:ه|ت)?\s|عن\s+الطرف|بالنيابة\s+عن)`)
	// reNumDate: a numeric date as written.
	reAmbiguousNum = regexp.MustCompile(`^\s*(\d{1,2})[/.-](\d{1,2})[/.-]\d{4}\s*$`)
)

// termsFlags returns the reference's flags read from the document's facts
// and text: totals, currencies, clauses, signatures, dates and quality.
func termsFlags(doc *read.Document, out *Output, facts []Fact, text string) []RiskFlag {
	var flags []RiskFlag
	add := func(code, sev, msg string) { flags = append(flags, RiskFlag{code, sev, msg}) }
	byKey := map[string][]Fact{}
	var money []Fact
	for _, f := range facts {
		byKey[f.Key] = append(byKey[f.Key], f)
		if f.Type == TypeMoney && f.Amount != nil {
			money = append(money, f)
		}
	}
	contract := out.DocumentType == "contract" || out.DocumentType == "lease"

	// Amounts. Money facts need a currency, so an amount without one is
	// a labelled figure that gave none.
	if len(money) == 0 && matches(reBareAmount, text) {
		add("missing_currency", "medium", "Amounts are stated without a currency.")
	}
	contradicted := false
	for _, key := range []string{"total_amount", "subtotal", "tax_amount", "contract_value"} {
		if a, b, ok := contradictory(byKey[key]); ok {
			contradicted = true
			add("contradictory_amounts", "high", fmt.Sprintf("The document states two different %s amounts: %s and %s.", strings.ReplaceAll(key, "_", " "), a, b))
			break
		}
	}
	if !contradicted {
		if msg, ok := unreconciled(byKey); ok {
			add("totals_do_not_reconcile", "high", msg)
		}
	}

	// Clauses.
	if matches(reNoCause, text) {
		add("termination_without_cause", "medium", "A party may terminate without cause (for convenience).")
	}
	for _, f := range byKey["notice_period"] {
		if d, ok := isoDays(f.Normalized); ok && d <= 14 {
			add("short_termination_notice", "medium", fmt.Sprintf("The notice period is short: %s.", f.Value))
			break
		}
	}
	if matches(rePenalty, text) {
		add("penalty_clause_detected", "medium", "The document provides for a penalty or liquidated damages.")
	}
	unlimited := matches(reUnlimited, text)
	if unlimited {
		add("unlimited_liability_language", "high", "The document states a liability that is not limited.")
	} else if contract && !matches(reLiabilityCap, text) {
		add("no_limitation_of_liability_found", "low", "No limitation of liability was found.")
	}
	if matches(reIndemnity, text) {
		add("indemnity_clause_detected", "low", "The document contains an indemnity.")
	}
	if matches(reAmend, text) {
		add("unilateral_amendment_right", "medium", "A party may change the terms on its own.")
	}
	if matches(reExclusive, text) {
		add("exclusivity_clause_detected", "low", "The document contains an exclusivity clause.")
	}
	if matches(reVaguePay, text) {
		add("ambiguous_payment_terms", "medium", "Payment terms are vague (\"as agreed\", \"in due course\", a reasonable time).")
	} else if len(money) > 0 && (contract || out.DocumentType == "purchase_order" || out.DocumentType == "quotation") &&
		len(byKey["payment_terms"])+len(byKey["payment_period"])+len(byKey["due_date"]) == 0 && !periodic(money) && !matches(rePayWords, text) {
		add("missing_payment_terms", "low", "Amounts are stated but no payment terms were found.")
	}

	// Execution.
	if contract && !matches(reSignature, text) && len(byKey["signature_date"]) == 0 {
		add("missing_signature", "medium", "No signature block was found.")
	}

	// Dates written day/month or month/day that nothing in the document
	// settles.
	for _, f := range facts {
		if f.Type != TypeDate || f.Normalized != "" {
			continue
		}
		if m := reAmbiguousNum.FindStringSubmatch(toASCIIDigits(f.Value)); m != nil {
			if a, b := atoi(m[1]), atoi(m[2]); a <= 12 && b <= 12 && a != b {
				add("ambiguous_dates", "low", fmt.Sprintf("%s may be read day/month or month/day; it was not normalised.", f.Value))
				break
			}
		}
	}

	// Reading.
	if doc.Format == read.FormatHTML && len(doc.Hidden) > 0 {
		add("hidden_html_content_removed", "low", "Content hidden from a reader of the page was removed.")
	}
	if lowQuality(text) {
		add("low_text_quality", "medium", "Much of the text is not words (garbled encoding or a poor text layer); facts may be missing.")
	}
	return flags
}

// contradictory finds two labelled amounts of one key and currency that
// differ (tables repeat totals per row, so only labelled fields count).
func contradictory(fs []Fact) (string, string, bool) {
	for i, a := range fs {
		if a.Amount == nil || a.Method != "labeled_field" {
			continue
		}
		for _, b := range fs[i+1:] {
			if b.Amount == nil || b.Method != "labeled_field" || a.Currency != b.Currency || a.Frequency != b.Frequency {
				continue
			}
			if math.Abs(*a.Amount-*b.Amount) > tolerance(math.Max(*a.Amount, *b.Amount)) {
				return a.Value, b.Value, true
			}
		}
	}
	return "", "", false
}

// periodic: an amount stated per period (rent per month) says when it is
// paid.
func periodic(money []Fact) bool {
	for _, f := range money {
		if f.Frequency != "" {
			return true
		}
	}
	return false
}

// tolerance is the reference's: max(0.011, 0.1 % of the total).
func tolerance(total float64) float64 { return math.Max(0.011, 0.001*math.Abs(total)) }

// unreconciled checks subtotal - discount + tax = total when the document
// states a subtotal, a tax amount and a total, each once, in one currency.
func unreconciled(byKey map[string][]Fact) (string, bool) {
	one := func(key string) (*Fact, bool) {
		fs := byKey[key]
		if len(fs) == 0 || fs[0].Amount == nil {
			return nil, false
		}
		for _, f := range fs[1:] {
			if f.Amount == nil || math.Abs(*f.Amount-*fs[0].Amount) > tolerance(*fs[0].Amount) {
				return nil, false // stated differently: contradictory, not summed
			}
		}
		return &fs[0], true
	}
	sub, ok1 := one("subtotal")
	tax, ok2 := one("tax_amount")
	total, ok3 := one("total_amount")
	if !ok1 || !ok2 || !ok3 || sub.Currency != tax.Currency || sub.Currency != total.Currency {
		return "", false
	}
	want := *sub.Amount + *tax.Amount
	discount := ""
	if d, ok := one("discount"); ok && d.Currency == sub.Currency {
		want -= math.Abs(*d.Amount)
		discount = " - discount " + d.Value
	}
	if math.Abs(want-*total.Amount) <= tolerance(*total.Amount) {
		return "", false
	}
	return fmt.Sprintf("Subtotal %s%s + tax %s = %s, but the total is %s.", sub.Value, discount, tax.Value,
		strconv.FormatFloat(want, 'f', -1, 64), total.Value), true
}

// isoDays reads an ISO 8601 period of days, weeks or hours as days.
func isoDays(p string) (float64, bool) {
	if len(p) < 3 || p[0] != 'P' {
		return 0, false
	}
	if strings.HasPrefix(p, "PT") && strings.HasSuffix(p, "H") {
		n, err := strconv.Atoi(p[2 : len(p)-1])
		return float64(n) / 24, err == nil
	}
	n, err := strconv.Atoi(p[1 : len(p)-1])
	if err != nil {
		return 0, false
	}
	switch p[len(p)-1] {
	case 'D':
		return float64(n), true
	case 'W':
		return float64(7 * n), true
	}
	return 0, false
}

// lowQuality: a text of some length in which fewer than 60 % of the
// visible characters are letters or digits, or with replacement
// characters (U+FFFD) from a broken encoding.
func lowQuality(text string) bool {
	var visible, word, broken int
	for _, r := range text {
		switch {
		case r == unicode.ReplacementChar:
			broken++
			visible++
		case unicode.IsSpace(r):
		case unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsMark(r):
			word++
			visible++
		default:
			visible++
		}
	}
	if visible < 40 {
		return false
	}
	return broken*100 >= visible || word*10 < visible*6
}

// toASCIIDigits maps Arabic-Indic digits to ASCII.
func toASCIIDigits(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r >= '٠' && r <= '٩':
			return '0' + r - '٠'
		case r >= '۰' && r <= '۹':
			return '0' + r - '۰'
		}
		return r
	}, s)
}
