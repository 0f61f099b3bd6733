package documentfacts

import (
	"regexp"
	"unicode"
)

// Round 20b of money keys (issue 29, session 20, second pass; table tests
// in money_shares_twins_test.go). Each rule states what a sum is of:
//
//   - MA: a sum given in brackets as a share of the contract's price ("20%
//     of the contract price (EUR 256.030,10) as a down payment", "30% من
//     قيمة العقد (19,200.000 د.ك.) دفعة مقدمة") is that share, the
//     `advance_payment` its sentence names, not the `contract_value`.
//   - MC: a sum one party grants the other towards its marketing
//     ("a marketing contribution of EUR 7.500,00 per contract year",
//     مساهمة تسويقية) is an `allowance`, not a unit `price`.
//   - MB: a bilingual document states a sum in English and again in
//     Arabic (١٤٬٥٥٠٫٠٠٠ د.ك. beside KWD 14,550.000): one sum, one fact;
//     the Arabic twin of a sum of the same key and value written in
//     Latin letters is dropped.

// reShareOfPrice: the text right before a bracketed sum that is a share
// of the contract's price.
var reShareOfPrice = regexp.MustCompile(`(?i)(?:%|per\s?cent|percent|٪)\s*(?:of\s+(?:the\s+)?(?:total\s+)?(?:contract|agreement|purchase)\s+(?:price|value|sum|amount)|من\s+(?:إجمالي\s+)?(?:قيمة|ثمن|مبلغ)\s+(?:العقد|الاتفاقية))\s*\(\s*$`)

// reMarketingAllowance: a contribution or allowance towards marketing,
// named before the sum in its sentence.
var reMarketingAllowance = regexp.MustCompile(`(?i)\b(?:marketing|advertising|promotion(?:al)?|co-?op(?:erative)?\s+advertising)\s+(?:contribution|allowance|support|subsidy|fund)\b|(?:مساهمة|بدل|دعم)\s+(?:تسويقية?|ترويجية?|إعلانية?|التسويق|الترويج|الإعلان)`)

// reAdvanceWordSharesTwins: a down or advance payment named in a sentence.
var reAdvanceWordSharesTwins = regexp.MustCompile(`(?i)\b(?:down|advance)[\s-]+payment|\bin\s+advance\b|دفعة\s+مقدم|الدفعة\s+المقدم|دفعةً\s+مقدم`)

// sharesTwinsMoneyKeys re-keys money facts after dueTablesMoneyKeys (handle.go).
// facts and cands run in parallel.
func sharesTwinsMoneyKeys(facts []Fact, cands []candidate, text string) {
	if len(facts) != len(cands) {
		return
	}
	for i, f := range facts {
		if f.Type != TypeMoney {
			continue
		}
		at := cands[i].startIn(text)
		if k := sharesTwinsMoneyKey(f.Key, text, at); k != "" {
			facts[i].Key, facts[i].Label = k, moneyLabel(k)
		}
	}
}

// sharesTwinsMoneyKey: the key a money fact keyed key at byte at of text takes,
// or "" to keep it.
func sharesTwinsMoneyKey(key, text string, at int) string {
	switch {
	case key == "contract_value" && reShareOfPrice.MatchString(tail(text[:at], 80)) && reAdvanceWordSharesTwins.MatchString(moneySentence(text, at)+" "+sentenceAfterSharesTwins(text, at)):
		// MA.
		return "advance_payment"
	case (key == "price" || key == "amount" || key == "fee") && reMarketingAllowance.MatchString(moneySentence(text, at)):
		// MC.
		return "allowance"
	}
	return ""
}

// sentenceAfterSharesTwins: the rest of at's sentence, at most 200 bytes, up to a
// stop that ends a sentence or a line break.
func sentenceAfterSharesTwins(text string, at int) string {
	s := text[at:]
	if len(s) > 200 {
		s = s[:200]
	}
	if loc := reSentenceEndSharesTwins.FindStringIndex(s); loc != nil {
		s = s[:loc[0]]
	}
	return s
}

// reSentenceEndSharesTwins: a stop not inside a number, or a blank line.
var reSentenceEndSharesTwins = regexp.MustCompile(`[^\d\s][.;!?؟؛](?:\s|$)|\n\s*\n`)

// arabicTwins drops MB's Arabic twins: an Arabic-script sum with the
// key and value of a Latin-script one. Then MB3 (money_total_rows.go, session 22):
// an Arabic-script sum and a Latin-script sum of the same value within
// 600 bytes of each other, one keyed generally (amount, price, fee) and
// one narrowly, become the Latin fact under the narrower key. facts and
// cands run in parallel.
func arabicTwins(facts []Fact, cands []candidate) ([]Fact, []candidate) {
	if len(facts) != len(cands) {
		return facts, cands
	}
	latin := map[string]bool{}
	for _, f := range facts {
		if f.Type == TypeMoney && f.Normalized != "" && !arabicScript(f.Value) {
			latin[f.Key+"|"+f.Normalized] = true
		}
	}
	drop := map[int]bool{}
	for i, f := range facts {
		if f.Type == TypeMoney && f.Normalized != "" && arabicScript(f.Value) && latin[f.Key+"|"+f.Normalized] {
			drop[i] = true
		}
	}
	general := func(k string) bool { return k == "amount" || k == "price" || k == "fee" }
	for i, a := range facts {
		if drop[i] || a.Type != TypeMoney || a.Normalized == "" || !arabicScript(a.Value) {
			continue
		}
		for j, l := range facts {
			if drop[j] || l.Type != TypeMoney || l.Normalized != a.Normalized || l.Key == a.Key || arabicScript(l.Value) ||
				general(l.Key) == general(a.Key) || max(cands[i].start-cands[j].start, cands[j].start-cands[i].start) > 600 {
				continue
			}
			if general(l.Key) {
				facts[j].Key, facts[j].Label = a.Key, a.Label
			}
			drop[i] = true
			break
		}
	}
	if len(drop) == 0 {
		return facts, cands
	}
	return withoutDropped(facts, cands, drop)
}

// arabicScript: s holds a letter or digit of the Arabic script.
func arabicScript(s string) bool {
	for _, r := range s {
		if unicode.Is(unicode.Arabic, r) && (unicode.IsLetter(r) || unicode.IsDigit(r)) {
			return true
		}
	}
	return false
}
