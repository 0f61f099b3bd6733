package documentfacts

import (
	"regexp"
	"strconv"
	"strings"
)

// Payment terms: "Net 30", a labelled term, and a payment clause with
// its period ("payable within 30 days of invoice", "يتم السداد خلال"),
// unless the clause is about a one-off sum or another action.

var (
	// reNet: "Net 30", "net 30 days"; in words only with days ("net
	// forty-five days").
	reNet = regexp.MustCompile(`(?i)\bnet\s?(?:(` + D + `{1,3})\b(?:\s*days)?|(` + enNumRun + `)days?\b)`)
	// reWithin: a payment clause and its period. The head is a passive or
	// nominal form (payable, paid, payment shall be made, due, due for
	// payment, settled, remitted) or an active verb bound by a modal
	// ("shall pay", "will pay", "must pay", "agrees to pay", "is to pay",
	// "please pay", "shall remit") with up to 80 characters of object
	// before "within" ("shall pay each invoice within"); payTermsClause
	// then decides whether the clause states terms.
	reWithin   = regexp.MustCompile(`(?i)(?:payable|paid|payment\s+(?:shall\s+be\s+made|is\s+due|will\s+be\s+made|is\s+made)|due(?:\s+for\s+payment)?|settled?|remitted|\b(?:shall|will|must|agrees?\s+to|undertakes?\s+to|(?:is|are)\s+(?:required\s+)?to|please)\s+(?:pay|remit)\b([^.,;:!?\n]{0,80}?))\s+(?:in\s+full\s+)?within\s+(?:a\s+period\s+of\s+|a\s+)?(?:(` + enNumRun + `)|[a-z-]+\s+)?(?:\(?(` + D + `{1,3})\)?\s*)?(?:-\s*)?(?:calendar\s+|business\s+|working\s+)?days?(?:\s+period)?(?:\s+(?:of|from|after|following)\s+(?:the\s+)?(?:date\s+of\s+)?(?:receipt\s+of\s+(?:the\s+|a\s+|each\s+)?(?:valid\s+)?invoice|invoice(?:\s+date)?|receipt|delivery|the\s+invoice\s+date))?`)
	reTermsLab = regexp.MustCompile(`(?i)(?:payment\s+terms?|terms\s+of\s+payment|شروط الدفع|شروط السداد|طريقة الدفع)\s*[:：|-]\s*([^|\n]{3,120})`)
	// reWithinAR: the Arabic payment clause and its period: a verb
	// (يدفع, تُسدد, يتم الدفع), a verbal noun after an obligation (بدفع,
	// بسداد), the noun (السداد, الدفع: "يرجى السداد خلال") or تستحق/يستحق
	// (due), short vowels allowed, then up to 40 characters of the same
	// clause (no full stop, comma or colon) before خلال.
	reWithinAR = regexp.MustCompile(`(?:` + arTashkeel("يتم الدفع", "يتم دفع", "يتم سداد", "يتم السداد", "يدفع", "تدفع", "يسدد", "تسدد", "بدفع", "بسداد", "السداد", "الدفع", "تستحق", "يستحق") + `)([^.,،;؛:\n]{0,40}?)خلال\s+(?:مدة\s+|فترة\s+)?(?:(?:\(?(` + D + `{1,3})\)?\s*|(` + arNumWords + `))(?:يوماً|يومًا|يوما|يوم|أيام|ايام)|(يومين))`)
)

func (x *extractor) paymentTerms(t string, base int) {
	add := func(m []int, norm, method string, prio int) {
		if norm == "" {
			return // a run of words that is no number ("net twenty ninety days")
		}
		f := Fact{Type: TypePaymentTerms, Key: "payment_terms", Label: "Payment terms", Value: t[m[0]:m[1]], Normalized: norm, Method: method, Confidence: 0.85}
		x.add(candidate{fact: f, start: base + m[0], end: base + m[1], prio: prio})
	}
	for _, m := range reNet.FindAllStringSubmatchIndex(t, -1) {
		if netWeight(t[m[1]:]) { // key_other_documents.go: "net 22.400 kg"
			continue
		}
		add(m, netDays(t, m), "pattern", 3)
	}
	// Prefilters: the clause patterns need "within" / خلال (and cost most
	// where a modal opens an object's window).
	if strings.Contains(t, "within") || strings.Contains(t, "Within") || strings.Contains(t, "WITHIN") {
		for _, m := range reWithin.FindAllStringSubmatchIndex(t, -1) {
			if !payTermsClause(t, m[0], m[2], m[3], false) {
				continue
			}
			// Digits win over words ("thirty (30) days").
			norm := ""
			if m[6] >= 0 {
				norm = "P" + asciiDigits(t[m[6]:m[7]]) + "D"
			} else if m[4] >= 0 {
				if n, _, ok := parseENQty(t[m[4]:m[5]]); ok {
					norm = "P" + strconv.Itoa(n) + "D"
				}
			}
			add(m, norm, "clause", 3)
		}
	}
	if strings.Contains(t, "خلال") {
		for _, m := range reWithinAR.FindAllStringSubmatchIndex(t, -1) {
			if !payTermsClause(t, m[0], m[2], m[3], true) {
				continue
			}
			norm := "P2D" // يومين
			if m[4] >= 0 {
				norm = "P" + asciiDigits(t[m[4]:m[5]]) + "D"
			} else if m[6] >= 0 {
				norm = ""
				if n, ok := parseARNumber(t[m[6]:m[7]]); ok {
					norm = "P" + strconv.Itoa(n) + "D"
				}
			}
			add(m, norm, "clause", 3)
		}
	}
	for _, m := range reTermsLab.FindAllStringSubmatchIndex(t, -1) {
		v := strings.TrimSpace(t[m[2]:m[3]])
		v = strings.TrimRight(v, ".;، ")
		f := Fact{Type: TypePaymentTerms, Key: "payment_terms", Label: "Payment terms", Value: v, Normalized: termsDays(v), Method: "labeled_field", Confidence: 0.85}
		x.add(candidate{fact: f, start: base + m[2], end: base + m[2] + len(v), prio: 4})
	}
}

// netDays is the period of a match of reNet, "" when its words are no
// number.
func netDays(t string, m []int) string {
	if m[2] >= 0 {
		return "P" + asciiDigits(t[m[2]:m[3]]) + "D"
	}
	if n, _, ok := parseENQty(t[m[4]:m[5]]); ok {
		return "P" + strconv.Itoa(n) + "D"
	}
	return ""
}

// termsDays reads the period in days of a labelled payment term ("30
// days from invoice date", "Net 45", "thirty days from receipt", "خلال
// ثلاثين يوماً"), "" when it states none.
func termsDays(v string) string {
	if d := reDuration.FindStringSubmatch(v); d != nil && durationUnit(d[4]) == "day" {
		n := d[2]
		if n == "" {
			n = d[3]
		}
		return "P" + asciiDigits(n) + "D"
	}
	if m := reNet.FindStringSubmatchIndex(v); m != nil {
		if p := netDays(v, m); p != "" {
			return p
		}
	}
	if m := reDurationWord.FindStringSubmatchIndex(v); m != nil && durationUnit(v[m[4]:m[5]]) == "day" && !numberWordBefore(v[:m[0]]) {
		if n, _, ok := parseENQty(v[m[2]:m[3]]); ok {
			return "P" + strconv.Itoa(n) + "D"
		}
	}
	if hasArabic(v) {
		if m := reDurationAR.FindStringSubmatchIndex(v); m != nil && !arNumberWordBefore(v[:m[0]]) && !arLetterAfter(v[m[1]:]) {
			if d := arDuals[v[m[0]:m[1]]]; d[0] != nil && d[1] == "day" {
				return "P2D"
			}
			if m[2] >= 0 && durationUnit(v[m[4]:m[5]]) == "day" {
				if n, ok := parseARNumber(v[m[2]:m[3]]); ok {
					return "P" + strconv.Itoa(n) + "D"
				}
			}
		}
	}
	return ""
}

// arTashkeel is an alternation of Arabic phrases in which every letter
// may carry short vowels, shadda or sukun ("تُسدد", "يُدفع").
func arTashkeel(phrases ...string) string {
	var alts []string
	for _, p := range phrases {
		var b strings.Builder
		for _, r := range p {
			b.WriteRune(r)
			if r != ' ' {
				b.WriteString(`[\x{064B}-\x{0652}]*`)
			}
		}
		alts = append(alts, b.String())
	}
	return strings.Join(alts, "|")
}

// notTermsEN and notTermsAR name payments that are no payment terms: a
// deposit, a penalty, damages, a refund, interest, a gratuity, a bond,
// taxes (one-off sums whose period is still a payment deadline), and a
// dispute or a claim settled.
var (
	notTermsEN = []string{"deposit", "penalty", "penalties", "fine", "fines", "damages", "compensation", "refund", "interest",
		"gratuity", "end of service", "end-of-service", "indemnity", "bond", "guarantee", "dispute", "disputes", "claim", "claims", "tax", "taxes"}
	notTermsAR = []string{"تأمين", "عربون", "غرام", "تعويض", "مكافأة", "فوائد", "فائدة", "ضريب", "كفالة", "ضمان", "نزاع", "خلاف"}
	// otherActionEN/AR: a second action between the payment verb and its
	// period ("pay the fee on signature and deliver the goods within 30
	// days"): the period is the other action's.
	otherActionEN = []string{"deliver", "supply", "install", "complete", "submit", "provide", "return", "notify", "repair", "replace", "respond", "perform", "send", "sign"}
	otherActionAR = []string{"تسليم", "توريد", "تركيب", "إنجاز", "انجاز", "تقديم", "إعادة", "اعادة", "إصلاح", "استبدال", "إخطار"}
)

// payTermsClause says whether a payment clause found at t[at:] states
// payment terms: not a negated one ("not paid within": a condition), no
// other action between the verb and the period (t[gs:ge], the active
// verb's object), and no deposit, penalty, refund or other one-off sum
// named in its clause (after the last comma, semicolon, colon or full
// stop before it, up to the period).
func payTermsClause(t string, at, gs, ge int, arabic bool) bool {
	before := lowerASCII(tail(t[:at], 120))
	if !arabic && (strings.HasSuffix(before, "not ") || strings.HasSuffix(before, "n't ")) {
		return false
	}
	if i := strings.LastIndexAny(before, ".,;:!?\n،؛"); i >= 0 {
		before = before[i+1:]
	}
	obj := ""
	if gs >= 0 {
		obj = lowerASCII(t[gs:ge])
	}
	deny, other := notTermsEN, otherActionEN
	if arabic {
		deny, other = notTermsAR, otherActionAR
	}
	for _, w := range other {
		if lastWordIndex(obj, w) >= 0 {
			return false
		}
	}
	clause := before + " " + obj
	for _, w := range deny {
		if lastWordIndex(clause, w) >= 0 {
			return false
		}
	}
	return true
}
