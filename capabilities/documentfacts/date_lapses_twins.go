package documentfacts

import (
	"regexp"
	"strings"
)

// Round 17 of keys (issue 29, session 19): dates by families, read on the
// dev sets' date misses (docs/documents.md, "Issue 29, session 19: round
// 17, dates by families"; table tests in date_lapses_twins_test.go). Each rule states
// a principle of the Guideline's date keys rather than a document's
// wording:
//
//   - DV: the day an offer or a letter lapses unless accepted or signed is
//     its validity (`valid_until`, "offer validity").
//   - DC: a letter, reminder or notice of a party's, referred to by its
//     date, is a plain `date`: it is no date of this document.
//   - DS: `effective_date` and `expiry_date` are the start and the end of
//     the term of the contract (or of a lease, a policy, a guarantee, a
//     licence); a span of anything else (a programme, a stay, a sale of
//     tender documents, days a penalty accrues) is a plain `date`.
//   - DR: a calendar date after a label is no reference number ("تاريخ
//     أمر الشراء: 19/11/2026" is the order's date, not its number).
//   - DD: two days of one month joined by "and" ("held on 17 and 18
//     November 2026", "يومي ٢١ و٢٢ يناير ٢٠٢٧") are two dates, as a range
//     "17-18 November" is (key_rows_day_ranges.go, key_bare_currency_rows.go).
//   - DP: in Arabic, the latest day ("في موعد أقصاه") a sentence that pays
//     a sum names is the sum's `due_date`.
//
// The rules of the other date decisions of session 19 (a contract's date
// in a letter about it, a contract's start against a first day of work)
// are not here.

// lapsesTwinsDateKeys re-keys a date after round 16 (deferred from clauseContextDateKeys
// before round 16, so it runs last) and returns the key it gave, "" when
// no rule applied: t is the date's block, t[ms:me] the date, w the
// windows rounds 12-16 read.
func lapsesTwinsDateKeys(f *Fact, t string, ms, me int, w dateWindows) string {
	set := func(c cue) string {
		f.Key, f.Label, f.Role = c.key, c.label, c.role
		return c.key
	}
	plain := cue{key: "date", label: "Date"}
	switch f.Key {
	case "date", "expiry_date", "submission_deadline", "due_date":
		// DV.
		if offerLapses(w.ctx, t[me:min(len(t), me+400)]) {
			return set(dateCueOf("valid_until"))
		}
	}
	switch f.Key {
	case "expiry_date", "effective_date", "issue_date", "document_date", "due_date", "submission_deadline":
		// DC.
		if matches(reCorrespondenceOf, w.ctx) {
			return set(plain)
		}
	}
	if f.Key == "date" && matches(reLatestByAR, w.ctx) && arabicSumPayable(t[:ms]) {
		// DP.
		return set(dateCueOf("due_date"))
	}
	switch f.Key {
	case "effective_date", "expiry_date":
		// DS.
		if matches(reOtherSpan, w.clause) && !matches(reOwnTerm, w.clause) {
			return set(plain)
		}
	}
	return ""
}

// arabicSumPayable: the Arabic sentence before a date pays a sum
// ("يلتزم الطرف الأول بسداد مبلغ ... ر.ع. في موعد أقصاه"). The sentence
// is read over the stops of a currency's abbreviation (ر.ع.، د.ك.),
// which end no sentence.
func arabicSumPayable(before string) bool {
	s := reCurrencyAbbrevAR.ReplaceAllString(tail(before, 400), " $1$2 ")
	if locs := reStopAR.FindAllStringIndex(s, -1); len(locs) > 0 {
		s = s[locs[len(locs)-1][1]:]
	}
	return rePayVerbAR.MatchString(s) && reSumAR.MatchString(s)
}

// dayPairStart: the first day of "17 and 18 November 2026", "٢١ و٢٢
// يناير" whose second day starts at t[at:]: its bytes, when it is a day
// before the second.
func dayPairStart(t string, at int) (int, int, bool) {
	off := max(0, at-16)
	m := reDayPair.FindStringSubmatchIndex(t[off:at])
	if m == nil {
		return 0, 0, false
	}
	first := atoi(asciiDigits(t[off+m[2] : off+m[3]]))
	second := reLeadDay.FindString(t[at:])
	if d := atoi(asciiDigits(second)); second == "" || first < 1 || first >= d {
		return 0, 0, false
	}
	return off + m[2], off + m[3], true
}

// dateShaped: an identifier's value (ASCII digits) is a whole
// calendar date, day-month-year or year-month-day, one separator
// throughout (with a date label, dateLabelLapsesTwins, a date, not a number).
func dateShaped(v string) bool {
	m := reDateShaped.FindStringSubmatch(v)
	if m == nil {
		return false
	}
	if m[1] != "" {
		return m[2] == m[4] && validDate(atoi(m[5]), atoi(m[3]), atoi(m[1])) != ""
	}
	return m[7] == m[9] && validDate(atoi(m[6]), atoi(m[8]), atoi(m[10])) != ""
}

// dateLabelLapsesTwins: an identifier's label (with the bytes before it) names a
// date ("PO date", "تاريخ أمر الشراء").
func dateLabelLapsesTwins(label string) bool {
	return reDateWord.MatchString(label)
}

// twinDates: a date written once in each language of a bilingual
// document is one date (twinDateKeys, key_clause_context.go): the key round 19 gave
// one form, from its own words, holds for its twin, and the two forms,
// then of one key, are one fact (as dedupe makes two forms of one key
// and value). keyed holds round 19's keys by the date's start. facts and
// cands run in parallel.
func twinDates(facts []Fact, cands []candidate, keyed map[int]string) ([]Fact, []candidate) {
	if len(keyed) == 0 || len(facts) != len(cands) {
		return facts, cands
	}
	groups := map[string][]int{}
	for i, f := range facts {
		if f.Type == TypeDate && f.Normalized != "" {
			groups[f.Normalized] = append(groups[f.Normalized], i)
		}
	}
	drop := map[int]bool{}
	for _, idx := range groups {
		a, e, ok := twins(facts, idx)
		if !ok {
			continue
		}
		ka, kb := keyed[cands[a].start], keyed[cands[e].start]
		k := ka
		switch {
		case ka == "" && kb == "":
			continue
		case ka == "":
			k = kb
		case kb != "" && ka != kb:
			continue // each form's words say something else: each keeps its own
		}
		c := cue{key: "date", label: "Date"}
		if k != "date" {
			c = dateCueOf(k)
		}
		for _, i := range []int{a, e} {
			facts[i].Key, facts[i].Label, facts[i].Role = c.key, c.label, c.role
		}
		later := a
		if cands[e].start > cands[a].start {
			later = e
		}
		drop[later] = true
	}
	return withoutDropped(facts, cands, drop)
}

// offerLapses: the date ends "This offer lapses if it is not accepted
// by", or is followed by ", after which this offer lapses", or the next
// sentence says the offer or letter lapses if not accepted or signed "by
// that date". before is the context before the date, after the text after
// it.
func offerLapses(before, after string) bool {
	if matches(reLapsesBy, before) {
		return true
	}
	// The rest of the sentence, and the sentence after it.
	end := strings.IndexAny(after, ".;؛\n")
	if end < 0 {
		end = len(after)
	}
	if matches(reAfterWhichLapses, after[:end]) {
		return true
	}
	if end < len(after) && after[end] == '.' {
		next := after[end+1:]
		if i := strings.IndexAny(next, ".;؛"); i >= 0 {
			next = next[:i]
		}
		return matches(reLapsesByThatDate, next)
	}
	return false
}

var (
	// reLapsesBy: "This offer lapses if it is not accepted by", "this
	// letter shall lapse unless the contract is signed before", "يسقط هذا
	// العرض إذا لم يقبل قبل".
	reLapsesBy = regexp.MustCompile(`(?i)\b(?:offer|letter|term\s+sheet|proposal|quotation|invitation|memorandum|LOI)\s+(?:lapses|will\s+lapse|shall\s+lapse|expires|will\s+expire|shall\s+expire|is\s+withdrawn|will\s+be\s+withdrawn|becomes\s+void|shall\s+become\s+void)\b[^.;]{0,90}\b(?:by|before|no\s+later\s+than|on\s+or\s+before)\s*$|(?:يسقط|تسقط|يلغى|ينتهي|يعتبر|تعتبر)\s+(?:هذا\s+|هذه\s+)?(?:العرض|الخطاب|الكتاب|المذكرة)[^.؛]{0,90}(?:قبل|بحلول|في\s+موعد\s+أقصاه|حتى)\s*(?:تاريخ\s*)?$`)
	// reAfterWhichLapses: "..., after which this offer lapses", "بعدها
	// يسقط العرض".
	reAfterWhichLapses = regexp.MustCompile(`(?i)^[^.;]{0,30}\bafter\s+which\s+(?:this|the)\s+(?:offer|letter|term\s+sheet|proposal|quotation)\s+(?:lapses|will\s+lapse|shall\s+lapse|expires|will\s+expire|is\s+withdrawn|will\s+be\s+withdrawn)\b|^[^.؛]{0,30}(?:وبعده|وبعدها|بعد\s+ذلك)\s+(?:يسقط|يلغى|ينتهي)\s+(?:هذا\s+)?(?:العرض|الخطاب)|^[^.؛]{0,30}(?:و)?(?:يسقط|تسقط|يعتبر|تعتبر)\s+(?:هذا|هذه)\s+(?:العرض|الخطاب|الكتاب|المذكرة)[^.؛]{0,60}(?:بحلول|قبل)\s+(?:ذلك|هذا)\s+التاريخ`)
	// reLapsesByThatDate: "This term sheet lapses if they are not signed
	// by that date".
	reLapsesByThatDate = regexp.MustCompile(`(?i)^\s*(?:this|the)\s+(?:offer|letter|term\s+sheet|proposal|quotation|memorandum)\s+(?:lapses|will\s+lapse|shall\s+lapse|expires|will\s+expire)\b[^.;]{0,80}\b(?:by|before)\s+(?:that|this|the\s+said)\s+date\b`)
	// reCorrespondenceOf: "our first reminder of", "your letter of",
	// "the Landlord's notice dated", "كتابنا المؤرخ في": a letter of a
	// party's, named by its date.
	reCorrespondenceOf = regexp.MustCompile(`(?i)\b(?:our|your|their|its|his|her|\p{L}+['’]s)\s+(?:\p{L}+\s+){0,2}(?:letter|reminder|notice|e-?mail|fax|memo|message|reply|response|request|enquiry|inquiry|correspondence|communication|demand)\s+(?:(?:no\.?|ref\.?|reference|number)\s*\S+\s+)?(?:of|dated|sent\s+on|issued\s+on)\s*$|(?:خطاب|كتاب|رسالت|رسالة|إشعار|اشعار|تذكير|مراسلت|بريد)(?:كم|نا|هم|ه|ها)\s+(?:رقم\s+\S+\s+)?(?:المؤرخ|المؤرخة|بتاريخ|الصادر\s+بتاريخ|الصادرة\s+بتاريخ)\s*(?:في\s*)?$`)
	// reLatestByAR: "في موعد أقصاه", "في موعد لا يتجاوز", "بحلول",
	// "قبل" right before the date.
	reLatestByAR = regexp.MustCompile(`(?:في\s+موعد\s+(?:أقصاه|اقصاه|لا\s+يتجاوز)|بحلول|قبل)\s*(?:تاريخ\s*)?$`)
	// reCurrencyAbbrevAR: an Arabic currency abbreviation with stops.
	reCurrencyAbbrevAR = regexp.MustCompile(`(?:^|\s)(ر|د)\.(ع|ك|س|ق|ب|إ|ا)\.?`)
	// reStopAR: a sentence's end (not a decimal point).
	reStopAR = regexp.MustCompile(`[.؛;](?:\s|$)|\n`)
	// rePayVerbAR: a verb or noun of paying.
	rePayVerbAR = regexp.MustCompile(`(?:^|\s)(?:بسداد|سداد|يسدد|تسدد|بدفع|دفع|يدفع|تدفع|يستحق|تستحق|يُسدد|يُدفع)(?:\s|$)`)
	// reSumAR: an amount with its currency.
	reSumAR = regexp.MustCompile(`[0-9٠-٩][0-9٠-٩,٬.٫]*\s*(?:ر\s?ع|د\s?ك|ر\s?س|ر\s?ق|د\s?ب|د\s?إ|ريال|ريالاً|دينار|ديناراً|درهم|درهماً|OMR|KWD|SAR|QAR|BHD|AED)`)
	// reDayPair: "17 and ", "17 & ", "٢١ و" before a day.
	reDayPair = regexp.MustCompile(`(?:^|[^\p{L}\p{N}/.:,-])([0-9٠-٩]{1,2})\s+(?:and\s+|&\s+|و\s?)$`)
	// reLeadDay: the day a date starts with.
	reLeadDay = regexp.MustCompile(`^[0-9٠-٩]{1,2}`)
	// reDateShaped: 19/11/2026, 19.11.2026, 2026/11/19, 2026-11-19.
	reDateShaped = regexp.MustCompile(`^(?:(\d{1,2})([/.-])(\d{1,2})([/.-])(\d{4})|(\d{4})([/.-])(\d{1,2})([/.-])(\d{1,2}))$`)
	// reDateWord: the word date in a label.
	reDateWord = regexp.MustCompile(`(?i)\bdated?\b|تاريخ|بتاريخ`)
	// reOtherSpan: a span or a day that is no contract's: days a
	// penalty, damages or interest accrue from, a state since a day, the
	// shareholders of record on a day, a programme, a course, an academic
	// year or a stay, the sale of tender documents.
	reOtherSpan = regexp.MustCompile(`(?i)\b(?:per\s+(?:day|week|month)|accru\w*|interest|damages|penalt(?:y|ies)|since|shareholders|registered|record\s+date|programme|program|course|academic\s+year|semester|accommodation)\b|بيع\s+وثائق|وثائق\s+المناقصة|كراسة\s+الشروط|المساهمين|غرامة|غرامات|فوائد|العام\s+الدراسي`)
	// reOwnTerm: the contract's own term named in the clause.
	reOwnTerm = regexp.MustCompile(`(?i)\b(?:agreement|contract|sub-?contract|lease|tenancy|term|employment|policy|licen[cs]e|subscription|secondment|charter)\b|العقد|هذا\s+العقد|الاتفاقية|الإيجار|الايجار`)
)
