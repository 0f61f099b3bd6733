package documentfacts

import (
	"regexp"
	"strings"
)

// Round 13 (issue 29, session 15): keys from heldout10's misses, by what a
// sum or period is of (docs/documents.md, "Issue 29, session 15: round 13,
// keys from heldout10").

// termsIntrosMoneyKeys re-keys a money fact from its sentence (sent), its line and
// its table's header row (header, "" outside a table); "" when no rule
// applies.
func termsIntrosMoneyKeys(key, sent, line, text string, at int, docType string) string {
	t := tail(sent, 100)
	header := ""
	if strings.Contains(line, " | ") {
		header = tableHeader(text, at)
	}
	switch {
	case key == "fee" && reStipend.MatchString(t):
		// "shall pay the Intern a monthly stipend of AED 6,500": what
		// an intern or a trainee is paid, a salary.
		return "salary"
	case key == "price" && header != "" && !reTotalRowLead.MatchString(line) && reRentHead.MatchString(header) && !reHire.MatchString(header):
		// "المحل | المساحة (م²) | الحد الأدنى للإيجار السنوي (ريال
		// سعودي)": each shop's rent.
		return "rent"
	case key == "rent" && header != "" && docType != "lease" && reItemRental.MatchString(line):
		// "Dispenser rental, per month / إيجار موزع، شهرياً | 2.5000"
		// in a supply contract's price table: an item's price.
		return "price"
	case key == "price" && header != "" && !reTotalRowLead.MatchString(line) && reAllowanceIntro.MatchString(introBefore(text, at)):
		// "The Company pays each travelling employee a daily allowance
		// for meals ...:" above "Grade | GCC (BHD per day) | ...": the
		// table's sums are allowances.
		return "allowance"
	case (key == "price" || key == "fee" || key == "amount") && reDocsFeeAR.MatchString(t):
		// "آخر موعد لشراء كراسة الشروط (قيمتها 500 ريال سعودي)": the
		// price of the tender documents (the key specification's row).
		return "tender_fee"
	case key == "amount" && reLimitPer.MatchString(line) && !reCapWord.MatchString(line):
		// "Annual limit per member / الحد السنوي للفرد: OMR 25,000.000"
		// in a policy's schedule: what the insurance covers.
		return "insurance_cover"
	case key == "amount" && header != "" && strings.Contains(line, " | ") && !reTotalRowLead.MatchString(line) && rePriceHead.MatchString(header) && !reOtherMoneyHead.MatchString(header):
		// "Milestone | Target date | Price (KWD)": each row's sum is
		// the price of its milestone.
		return "price"
	}
	return ""
}

var (
	reDocsFeeAR      = regexp.MustCompile(`(?:كراسة\s+(?:الشروط|المواصفات)|وثائق\s+(?:المناقصة|المزايدة|الممارسة)|كراسات\s+الشروط)[^.؛|]{0,40}(?:\(\s*)?(?:قيمتها|بقيمة|بمبلغ|ثمنها|رسومها|برسوم|رسوم)\s*(?:قدرها\s*)?$`)
	reLimitPer       = regexp.MustCompile(`(?i)\b(?:annual|overall|aggregate|maximum)\s+(?:benefit\s+)?limit\s+(?:per|for\s+each)\s+(?:member|person|insured|beneficiary|employee)\b|الحد\s+(?:السنوي|الأقصى)\s+(?:للفرد|لكل\s+(?:فرد|مؤمن|عضو))`)
	rePriceHead      = regexp.MustCompile(`(?i)\bprice\b|السعر|الثمن`)
	reOtherMoneyHead = regexp.MustCompile(`(?i)\b(?:amount|fee|fees|rent|cost|value|total|deposit|salary|unit)\b|المبلغ|القيمة|الإجمالي|الإيجار`)
)

var (
	// reWaitPeriod: "subject to a waiting period of ten (10) months":
	// how long before a benefit applies, not the term.
	reWaitPeriod = regexp.MustCompile(`(?i)\bwaiting\s+period\b|فترة\s+(?:ال)?انتظار`)
	// reBondValid: "ضمان بنكي مؤقت ... ساري المفعول لمدة تسعين (٩٠)
	// يوماً", "a bid bond valid for": how long a bond stands.
	reBondValid = regexp.MustCompile(`(?i)\b(?:bond|guarantee)\b[^.;]{0,80}\bvalid\s+for\s*$|(?:ضمان|كفالة)[^؛\n]{0,100}(?:ساري|سارية|صالح|صالحة)\s+(?:المفعول\s+)?لمدة\s*$`)
	// reWithinAR13: a window counted "خلال" or "within" the period.
	// rePayDuty: the duty is to pay ("The Company shall pay each
	// approved invoice within", "تدفع الشركة قيمة كل فاتورة خلال").
	rePayDuty           = regexp.MustCompile(`(?i)\b(?:shall|will|must)\s+(?:\w+\s+)?pay\b|(?:^|\s)(?:تدفع|يدفع|تسدد|يسدد)\s`)
	reWithinTermsIntros = regexp.MustCompile(`(?i)\bwithin\s*$|خلال\s*$`)
)

// termsIntrosTermKeys re-keys a period the cues read as the term; ok false when no
// rule applies.
func termsIntrosTermKeys(ctx, clause string) (cue, bool) {
	switch {
	case reWaitPeriod.MatchString(clause) || reBondValid.MatchString(tail(ctx, 200)):
		return durationCueOf("duration"), true
	case reWithinTermsIntros.MatchString(ctx) && rePayWordClauseContext.MatchString(clause) && (!reDutyWord.MatchString(clause) || rePayDuty.MatchString(clause)):
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
//
// The line's start is searched for in its last 321 bytes only: a line
// longer than 320 bytes before the date is no such line.
func issuedByLine(t string, ms int) bool {
	w := max(0, ms-321)
	ls := 0
	if i := strings.LastIndexByte(t[w:ms], '\n'); i >= 0 {
		ls = w + i + 1
	} else if w > 0 {
		return false
	}
	return ms-ls <= 320 && matches(reIssuedByLine, t[ls:ms])
}

var reIssuedByLine = regexp.MustCompile(`(?i)^\s*(?:issued\s+by|(?:صادرة|صادر|الصادرة|الصادر)\s+عن)\s[^\n;؛]{3,300}?(?:,?\s+on|،?\s+(?:بتاريخ|في))\s*$`)

// introBefore: the non-table line just above the table holding text[at]
// (blank lines skipped), "" when there is none.
func introBefore(text string, at int) string {
	ls := strings.LastIndexByte(text[:at], '\n') + 1
	for ls > 0 {
		ps := strings.LastIndexByte(text[:ls-1], '\n') + 1
		l := strings.TrimSpace(text[ps : ls-1])
		ls = ps
		if l == "" || strings.Contains(l, " | ") || strings.Trim(l, "|-: ") == "" {
			continue
		}
		return l
	}
	return ""
}

var (
	reStipend        = regexp.MustCompile(`(?i)\bstipend\s+(?:of\s+)?$|مكافأة\s+(?:شهرية|تدريب)\s+(?:قدرها|بمبلغ)?\s*$`)
	reRentHead       = regexp.MustCompile(`(?i)\brent\b|الإيجار|للإيجار|إيجار|الايجار`)
	reItemRental     = regexp.MustCompile(`(?i)^[\s|]*[\p{L} -]{2,40}\s(?:rental|hire)\b`)
	reAllowanceIntro = regexp.MustCompile(`(?i)\ballowances?\b[^.]{0,120}:?\s*$|(?:بدل|البدل|بدلات)\s[^.]{0,120}:?\s*$`)
)
