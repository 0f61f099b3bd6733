package documentfacts

import (
	"regexp"
	"strings"
)

// Round 20 (issue 29, session 22; docs/documents.md "round 20, the rules
// follow conventions 45-48"): the rules follow the label conventions
// 45-48 (docs/documents.md, "Issue 29, session 22: conventions 45
// onwards"). Decision 45 (a validity date is valid_until and a deadline)
// the rules followed already (money_conventions_test.go holds its cases); decisions
// 46-48 re-key sums, hooked by one line after totalRowsMoneyFacts (handle.go).

var (
	// Decision 46: the sum of one instalment of the rent ("payable in
	// four quarterly instalments of", "each half-yearly instalment of",
	// "أربعة أقساط ربع سنوية قيمة كل منها", "قسط ... بمبلغ") right
	// before the sum in its sentence.
	reInstalment = regexp.MustCompile(`(?i)\binstal(?:l)?ments?\s+(?:of|amounting\s+to|in\s+the\s+amount\s+of)\s*(?:[A-Z]{3}\s*)?$|\b(?:each|every|one)\s+(?:[\w-]+\s+){0,2}?instal(?:l)?ment\s+(?:shall\s+be|will\s+be|is|of|amounts\s+to)\s*(?:[A-Z]{3}\s*)?$|(?:أقساط|اقساط|قسط|القسط|قسطين)[^.؛\n|]{0,60}(?:قيمة\s+كل\s+(?:منها|منهما|قسط)|مبلغ\s+كل\s+(?:منها|منهما|قسط)|بمبلغ|بقيمة|قدره|قدرها|مقداره)\s*$`)
	// Decision 47: a ceiling on what a bidder may quote ("is expected not
	// to exceed", "must not exceed", "a budget ceiling of", "لا تتجاوز").
	reCeiling = regexp.MustCompile(`(?i)\b(?:not\s+(?:to\s+)?exceed(?:ing)?|(?:budget|fee|price)\s+ceiling|ceiling\s+of|capped\s+at|maximum\s+budget|budget\s+(?:of|is))\b[^.;]{0,40}$|(?:لا\s+(?:تتجاوز|يتجاوز|تزيد\s+عن|يزيد\s+عن|تزيد\s+على|يزيد\s+على)|بحد\s+أقصى|الحد\s+الأقصى)[^.؛]{0,40}$`)
	// reQuoted: a price capped is the bidder's own when the sentence
	// says it is quoted, offered or bid ("the total price quoted must not
	// exceed", "السعر المقدم في العرض"); a cap on what the winner may
	// charge its own customers ("the price of a main meal must not
	// exceed", h12-12) keeps price.
	reQuoted = regexp.MustCompile(`(?i)\b(?:quot(?:ed|es?|ations?)|offer(?:ed|s)?|bids?|bidders?|proposals?|tenders?|budget)\b|(?:ال)?(?:مقدم(?:ة)?|عطاء|عرض|العروض|ميزانية)(?:\s|$)`)
	// Decision 48: interest or a charge for paying late, stated as a sum
	// ("Late payment interest of", "waive late payment interest of", "a
	// late charge of", "فوائد التأخير في السداد البالغة").
	reLateInterest = regexp.MustCompile(`(?i)\b(?:late[\s-]+(?:payment\s+)?(?:interest|charges?|fees?|penalt(?:y|ies))|(?:default|delay|overdue|penalty)\s+interest|interest\s+(?:for|on)\s+(?:late|delayed|overdue)\s+(?:payments?|sums?|amounts?|invoices?))\b[^.;]{0,60}$|(?:فوائد|فائدة|غرامة|غرامات|رسوم)\s+(?:ال)?(?:تأخير|تاخير|التأخر)(?:\s+في\s+(?:ال)?سداد|\s+عن\s+(?:ال)?سداد|\s+(?:ال)?سداد)?[^.؛]{0,60}$`)
)

// moneyConventionsFacts applies decisions 46-48 to the document's sums after the
// money keys of the earlier rounds (handle.go, after totalRowsMoneyFacts); facts
// and cands are aligned.
func moneyConventionsFacts(facts []Fact, cands []candidate, text string) {
	if len(facts) != len(cands) {
		return
	}
	isTender := tenderOnce(text)
	for i := range facts {
		f := &facts[i]
		at := cands[i].startIn(text)
		if f.Type == TypeDate && f.Key == "valid_until" {
			// Decision 45 is an offer's validity: a bond's or a
			// guarantee's "valid until" written over a line break
			// ("The performance bond\nshall remain valid until", which
			// datekeys.go reads by its line) is its expiry_date, and
			// no deadline.
			if s, wrapped := wrappedSentenceBefore(text, at); wrapped && lastMatch(reBondNounMoneyConventions, s) > lastMatch(reOfferNoun, s) {
				f.Key, f.Label = cueExpiryDate.key, cueExpiryDate.label
				cands[i].fact.Key, cands[i].fact.Label = f.Key, f.Label // the deadlines read cands
			}
			continue
		}
		if f.Type != TypeMoney {
			continue
		}
		before := tail(sentenceBefore(text, at), 160)
		k := ""
		switch f.Key {
		case "rent":
			if reInstalment.MatchString(before) {
				k = "amount" // decision 46
			}
		case "fee", "price":
			if reCeiling.MatchString(before) && (f.Key == "fee" || reQuoted.MatchString(before)) && isTender() {
				k = "amount" // decision 47
			}
		case "amount":
			if reLateInterest.MatchString(before) {
				k = "penalty_amount" // decision 48
			}
		}
		if k != "" {
			f.Key, f.Label = k, moneyLabel(k)
		}
	}
}

// reStop: a sentence's end within a line.
var reStop = regexp.MustCompile(`[.;!?؟؛:](?:\s|$)`)

// reBondNounMoneyConventions: a bond or a guarantee, whose "valid until" is its expiry
// (datekeys.go's reExpiringNoun, narrowed: "This letter lapses if the
// contract is not signed by" is an offer's validity, decision 45).
var reBondNounMoneyConventions = regexp.MustCompile(`(?i)\b(?:guarantees?|bonds?)\b|الضمان|ضمان|الكفالة|كفالة`)

// wrappedSentenceBefore is the text of at's sentence before at, joined
// over one line break when the line above runs on into it (no stop at
// its end, not blank, not a table row; wrapped then true), at most 200
// bytes.
func wrappedSentenceBefore(text string, at int) (string, bool) {
	s := sentenceBefore(text, at)
	ls := strings.LastIndexByte(text[:at], '\n') + 1
	if ls == 0 || len(s) != at-ls {
		return tail(s, 200), false
	}
	prev := text[:ls-1]
	prev = prev[strings.LastIndexByte(prev, '\n')+1:]
	p := strings.TrimSpace(prev)
	if p == "" || strings.Contains(p, "|") || reStop.MatchString(p[len(p)-1:]+" ") {
		return tail(s, 200), false
	}
	if locs := reStop.FindAllStringIndex(prev, -1); len(locs) > 0 {
		prev = prev[locs[len(locs)-1][1]:]
	}
	return tail(prev+" "+s, 200), true
}
