package documentfacts

import (
	"regexp"
	"strings"
)

// Round 13 (issue 29, session 15): keys from heldout10's misses, by what a
// sum or period is of (docs/documents.md, "Issue 29, session 15: round 13,
// keys from heldout10").

// round13Money re-keys a money fact from its sentence (sent), its line and
// its table's header row (header, "" outside a table); "" when no rule
// applies.
func round13Money(key, sent, line, header string) string {
	t := tail(sent, 100)
	switch {
	case (key == "price" || key == "fee" || key == "amount") && reDocsFeeAR13.MatchString(t):
		// "آخر موعد لشراء كراسة الشروط (قيمتها 500 ريال سعودي)": the
		// price of the tender documents (the key specification's row).
		return "tender_fee"
	case key == "amount" && reLimitPer13.MatchString(line) && !reCapWord.MatchString(line):
		// "Annual limit per member / الحد السنوي للفرد: OMR 25,000.000"
		// in a policy's schedule: what the insurance covers.
		return "insurance_cover"
	case key == "amount" && header != "" && strings.Contains(line, " | ") && !reTotalRowLead.MatchString(line) && rePriceHead13.MatchString(header) && !reOtherMoneyHead13.MatchString(header):
		// "Milestone | Target date | Price (KWD)": each row's sum is
		// the price of its milestone.
		return "price"
	}
	return ""
}

var (
	reDocsFeeAR13      = regexp.MustCompile(`(?:كراسة\s+(?:الشروط|المواصفات)|وثائق\s+(?:المناقصة|المزايدة|الممارسة)|كراسات\s+الشروط)[^.؛|]{0,40}(?:\(\s*)?(?:قيمتها|بقيمة|بمبلغ|ثمنها|رسومها|برسوم|رسوم)\s*(?:قدرها\s*)?$`)
	reLimitPer13       = regexp.MustCompile(`(?i)\b(?:annual|overall|aggregate|maximum)\s+(?:benefit\s+)?limit\s+(?:per|for\s+each)\s+(?:member|person|insured|beneficiary|employee)\b|الحد\s+(?:السنوي|الأقصى)\s+(?:للفرد|لكل\s+(?:فرد|مؤمن|عضو))`)
	rePriceHead13      = regexp.MustCompile(`(?i)\bprice\b|السعر|الثمن`)
	reOtherMoneyHead13 = regexp.MustCompile(`(?i)\b(?:amount|fee|fees|rent|cost|value|total|deposit|salary|unit)\b|المبلغ|القيمة|الإجمالي|الإيجار`)
)

var (
	// reWaitPeriod13: "subject to a waiting period of ten (10) months":
	// how long before a benefit applies, not the term.
	reWaitPeriod13 = regexp.MustCompile(`(?i)\bwaiting\s+period\b|فترة\s+(?:ال)?انتظار`)
	// reBondValid13: "ضمان بنكي مؤقت ... ساري المفعول لمدة تسعين (٩٠)
	// يوماً", "a bid bond valid for": how long a bond stands.
	reBondValid13 = regexp.MustCompile(`(?i)\b(?:bond|guarantee)\b[^.;]{0,80}\bvalid\s+for\s*$|(?:ضمان|كفالة)[^.؛]{0,80}(?:ساري|سارية|صالح|صالحة)\s+(?:المفعول\s+)?لمدة\s*$`)
	// reWithinAR13: a window counted "خلال" or "within" the period.
	reWithin13 = regexp.MustCompile(`(?i)\bwithin\s*$|خلال\s*$`)
)

// round13Term re-keys a period the cues read as the term; ok false when no
// rule applies.
func round13Term(ctx, clause string) (cue, bool) {
	switch {
	case reWaitPeriod13.MatchString(clause) || reBondValid13.MatchString(clause):
		return durationCueOf("duration"), true
	case reWithin13.MatchString(ctx) && rePayWord11.MatchString(clause) && !reDutyWord.MatchString(clause):
		// "تدفع الشركة قيمة كل فاتورة معتمدة خلال خمسة وأربعين (٤٥)
		// يوماً": the time to pay.
		return durationCueOf("payment_period"), true
	}
	return cue{}, false
}

// issuedByLine: the date ends a line that opens "Issued by ...", "صادرة
// عن ..." ("Issued by Oman Medical Emergency Services Company SAOC (the
// "Company"), Al Rusayl, Muscat, on 3 August 2026"): the day a tender, a
// notice or a certificate was issued. The line, not the sentence, since
// a company's name may hold full stops ("ش.م.ع.م").
func issuedByLine(t string, ms int) bool {
	ls := strings.LastIndexByte(t[:ms], '\n') + 1
	return ms-ls <= 320 && reIssuedByLine13.MatchString(t[ls:ms])
}

var reIssuedByLine13 = regexp.MustCompile(`(?i)^\s*(?:issued\s+by|(?:صادرة|صادر|الصادرة|الصادر)\s+عن)\s[^\n;؛]{3,300}?(?:,?\s+on|،?\s+(?:بتاريخ|في))\s*$`)
