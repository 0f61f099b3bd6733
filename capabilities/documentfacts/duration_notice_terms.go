package documentfacts

import (
	"regexp"
	"strings"
)

// Round 20 of keys (issue 29, session 20): durations by families, read
// on the dev sets' duration misses, false and wrong-key durations
// (docs/documents.md, "Issue 29, session 20: durations and the remaining
// date families"; table tests in duration_notice_terms_test.go):
//
//   - NW: the notice word of "N days' written notice" wrapped onto the
//     next line ("ninety (90) days' written" / "notice to the other
//     Party") still makes the period a notice period.
//   - RD: the time to repair, remedy, correct, replace or answer a
//     reported fault ("remedy any defect notified to it within seven (7)
//     days of the notice", "تقوم الشركة بإصلاح الأجهزة المشمولة بالضمان
//     خلال عشرة أيام", "Response to a warranty call: within 8 hours") is a
//     time limit only (the key specification: repair and response times
//     are deadlines), not a claim, warranty or notice period.
//   - PC: notice of something other than ending or not renewing the
//     contract ("sixty (60) days' notice of any price change", "notice
//     of any new sub-processor", "notify ... of any change in price at
//     least seven (7) days before it applies") is a `duration`, as the
//     key specification says: a notice period ends the contract.
//   - TV: the length of the engagement itself, stated with a verb or a
//     noun of the contract ("This contract is for one (1) year", "The
//     engagement is for three (3) years", "under a contract of five (5)
//     years", "runs for two (2) academic years", "The internship lasts
//     six (6) months", "a three-year framework", "مدة التدريب ستة أشهر")
//     is its `term`.
//   - LW: a renewal "for a like period" wrapped between two lines
//     ("ويجوز تجديده لمدة" / "مماثلة باتفاق الطرفين") runs as long as
//     the term, as on one line.
//   - FN: the first months or years of the term ("The first six (6)
//     months from commencement are rent-free", "after the first six (6)
//     months of the rental period") are a `duration`, not the term or a notice period; a probation
//     keeps its key.
//   - RP: the time an employee must stay or repay ("If you resign within
//     two (2) years of joining, you shall repay", "قبل مضي سنتين على
//     تاريخ الالتحاق، تلتزم الموظفة برد", "shall serve the Employer for
//     three (3) years after resuming work") is a `duration`.

// noticeWrapped: the duration ending at t[me] (t the block at base in
// the text) is followed by the rest of its line and then, on the next
// line, by a notice word: "sixty (60) days'" / "written notice".
func (x *extractor) noticeWrapped(t string, base, me int) bool {
	if base+me > len(x.a.text) || x.a.text[base:base+me] != t[:me] {
		return false
	}
	rest := x.a.text[base+me:]
	if len(rest) > 80 {
		rest = rest[:80]
	}
	if i := strings.IndexByte(rest, '\n'); i < 0 || strings.TrimSpace(rest[:i]) == "" {
		return false // the line ends at the period: a notice word below opens a new clause
	}
	return reNoticeWrapped.MatchString(lowerASCII(rest))
}

// reNoticeWrapped: the possessive and qualifiers left on the line, a
// line break, then the notice (qualified or not) opening the next line.
var reNoticeWrapped = regexp.MustCompile(`^['’]?s?['’]?(?:[ \t]*\(\s*\w+\s*\))?(?:[ \t]+(?:prior|advance|written|clear|calendar|formal))*[ \t]*\r?\n[ \t]*(?:(?:prior|advance|written|clear|calendar|formal)\s+)*(?:notice|notification)\b`)

// serviceWindow: the duration, keyed c, right after "within" / خلال in
// ctx (the clause before it) is the time for a service action on a
// reported fault: a word of repairing, remedying or answering stands in
// the clause, no party's own report or claim follows it ("any failure
// that the Buyer reports within": the buyer's window), and no breach is
// remedied (a cure period).
func serviceWindow(c cue, ctx string) bool {
	switch c.key {
	case "claim_period", "warranty_period", "notice_period", "payment_period", "duration":
	default:
		return false
	}
	if !reWindowBefore.MatchString(ctx) || reBreachWordNoticeTerms.MatchString(ctx) {
		return false
	}
	s := max(lastMatch(reResponseWord, ctx), lastMatch(reRepairWord, ctx), lastMatch(reRemedyWord, ctx))
	if s < 0 {
		return false
	}
	return !reReportVerb.MatchString(ctx[s:])
}

var (
	// reRemedyWord: remedying a defect, beside reRepairWord ("correct"
	// only before a defect: "each correct invoice" is no repair).
	reRemedyWord = regexp.MustCompile(`(?i)\b(?:remedy|remedies|rectify|rectifies|make\s+good|makes\s+good)\b|\bcorrects?\s+(?:\w+\s+){0,2}?(?:defects?|errors?|faults?|bugs?|deficienc\w*|non-?conformit\w*)\b|معالجة|بمعالجة|يصلح|تصلح|يستبدل|تستبدل`)
	// reBreachWordNoticeTerms: a breach or default to remedy: a cure period.
	reBreachWordNoticeTerms = regexp.MustCompile(`(?i)\b(?:breach|breaches|default|defaults|non-?compliance|failure\s+to\s+(?:pay|perform|comply))\b|إخلال|الإخلال|مخالفة|المخالفة`)
	// reReportVerb: a party's own report, notice or claim in the
	// active voice ("that the Buyer reports within", "must notify"); a
	// participle ("any defect notified to it", "reported by") is none.
	reReportVerb = regexp.MustCompile(`(?i)\b(?:reports|report|notify|notifies|inform|informs|claim|claims|lodge|lodges|submit|submits)\s+(?:\w+\s+){0,3}?(?:within|no\s+later|not\s+later)|\b(?:reports|notifies|informs|claims)\b|يخطر|تخطر|بإخطار|يبلغ|تبلغ|بإبلاغ|يطالب|بالمطالبة`)
)

// changeNotice: the duration ending at t[me] (t the block at base)
// is notice of a change or of a new thing, not of ending the contract:
// the notice word after it names what it is of, or the clause before it
// notifies a change and the period is counted before it applies.
func (x *extractor) changeNotice(t string, base, me int, ctx string) bool {
	after := t[me:]
	if base+me <= len(x.a.text) && x.a.text[base:base+me] == t[:me] {
		after = x.a.text[base+me:] // the notice may wrap onto the next line
	}
	if len(after) > 120 {
		after = after[:120]
	}
	after = lowerASCII(after)
	if m := reNoticeOf.FindStringSubmatch(after); m != nil {
		return !reEndNotice.MatchString(m[1])
	}
	if reChangeNoticeAR.MatchString(ctx) {
		return true // "بإخطار المشتري بأي تغيير في السعر قبل سريانه بسبعة أيام"
	}
	return reChangeNotice.MatchString(ctx) && reNotifyVerb.MatchString(ctx) && reBeforeApplies.MatchString(after)
}

var (
	// reNoticeOf: "days' (prior written) notice of any X": X in group 1.
	reNoticeOf = regexp.MustCompile(`^['’]?s?['’]?\s*(?:\(\s*\w+\s*\)\s*)?(?:(?:prior|advance|written|clear|calendar|formal)\s+)*(?:notice|notification)\s+(?:(?:to|in)\s+(?:\w+\s+){1,3}?)?of\s+(?:any|a|an|each|every|the|its|such)\s+([^.;\n]{0,40})`)
	// reEndNotice: what a notice period is notice of: ending the
	// contract, not renewing it, leaving.
	reEndNotice = regexp.MustCompile(`terminat|non-?renewal|renew|\bend\b|expir|cancel|withdraw|intention|intent\b|resign|vacat|leav|quit|dissol`)
	// reNotifyVerb: the clause gives notice ("shall notify", "give notice").
	reNotifyVerb = regexp.MustCompile(`(?i)\b(?:notify|notifies|inform|informs|give\s+(?:\w+\s+){0,3}?notice|gives\s+(?:\w+\s+){0,3}?notice)\b`)
	// reChangeNoticeAR: Arabic notice of a change to a price, given a
	// period before it applies.
	reChangeNoticeAR = regexp.MustCompile(`(?:بإخطار|يخطر|تخطر|إخطار|اخطار|بإشعار|إشعار|اشعار)[^.؛\n]{0,40}?(?:تغيير|تعديل|زيادة)\s+(?:في\s+)?(?:ال)?(?:سعر|أسعار|اسعار|رسوم|أجرة|اجرة|تعرفة|إيجار)[^.؛\n]{0,20}?قبل\s+(?:سريانه|سريانها|تطبيقه|تطبيقها|نفاذه|نفاذها)[^.؛\n]{0,12}$`)
	// reBeforeApplies: the period is counted before the change applies.
	reBeforeApplies = regexp.MustCompile(`^\s*(?:(?:working|business|calendar|clear)\s+)?(?:in\s+advance\s+|prior\s+)?(?:before|prior\s+to|ahead\s+of)\s+(?:it|they|the\s+change|such\s+change|the\s+new\s+(?:price|rate)s?)\s+(?:applies|apply|takes?\s+effect|comes?\s+into\s+(?:force|effect)|is\s+applied)`)
)

// ownTerm: the duration at t[ms:me] (ctx the clause before it, glued
// for "a three-year ...") is the length of the engagement itself.
func ownTerm(ctx, after string, glued bool) bool {
	low := lowerASCII(ctx)
	if glued {
		return reTermHead.MatchString(lowerASCII(after))
	}
	if reEngagementFor.MatchString(low) || reTermNounAR.MatchString(ctx) {
		return true
	}
	if m := reRunsFor.FindStringIndex(low); m != nil {
		s := low[:m[0]]
		if i := strings.LastIndexAny(s, ".;:"); i >= 0 {
			s = s[i+1:]
		}
		return reEngagementNoun.MatchString(s)
	}
	return false
}

var (
	// reEngagementNoun: a word naming the engagement itself.
	reEngagementNoun = regexp.MustCompile(`\b(?:agreement|contract|engagement|framework|lease|tenancy|concession|secondment|internship|traineeship|apprenticeship|appointment|mou|memorandum|arrangement|programme|program|assignment)\b`)
	// reEngagementFor: "this contract is for", "under a contract of".
	reEngagementFor = regexp.MustCompile(`\b(?:agreement|contract|engagement|framework|lease|tenancy|concession|secondment|internship|traineeship|appointment|mou)\s+(?:(?:is|shall\s+be|will\s+be|is\s+concluded|is\s+entered\s+into|is\s+made|is\s+granted|is\s+awarded)\s+)?(?:for|of)\s+(?:a\s+(?:fixed\s+|minimum\s+|firm\s+)?(?:term|period|duration)\s+of\s+)?$`)
	// reRunsFor: a verb of lasting right before the period.
	reRunsFor = regexp.MustCompile(`\b(?:runs|shall\s+run|will\s+run|lasts|shall\s+last|will\s+last)\s+(?:for\s+)?(?:a\s+(?:term|period)\s+of\s+)?$`)
	// reTermHead: the noun a glued period qualifies names the
	// engagement ("a three-year framework").
	reTermHead = regexp.MustCompile(`^\s*(?:framework|contract|engagement|concession|secondment|internship|tenancy|lease)\b`)
	// reTermNounAR: "مدة التدريب", "مدة الإعارة": the engagement's own
	// length named by its noun.
	reTermNounAR = regexp.MustCompile(`مدة\s+(?:ال)?(?:تدريب|إعارة|اعارة|انتداب|امتياز|تعاقد)\s*(?:هي\s+)?$`)
)

// likeText is block t (at base in the text) with the head of the
// next line when t ends in the first word of a like period ("لمدة",
// "for a like") and the next line opens with its second ("مماثلة",
// "period"): the text stays contiguous, so offsets into it are offsets
// from base.
func (x *extractor) likeText(t string, base int) string {
	if !reLikeOpen.MatchString(t) || base+len(t) > len(x.a.text) || x.a.text[base:base+len(t)] != t {
		return t
	}
	rest := x.a.text[base+len(t):]
	if m := reLikeClose.FindStringIndex(rest); m != nil {
		return x.a.text[base : base+len(t)+m[1]]
	}
	return t
}

var (
	// reLikeOpen: a block ending in the first words of a like period.
	reLikeOpen = regexp.MustCompile(`(?i)(?:لمدة|لمدد|لفترة|لفترات|مدة|مدداً|مددا)(?:\s+أخرى)?\s*$|\bfor\s+(?:a|an|the)?\s*(?:similar|like|equal|identical|same)?\s*$`)
	// reLikeClose: the next line opening with the rest of it.
	reLikeClose = regexp.MustCompile(`(?i)^\s*\r?\n[ \t]*(?:(?:أخرى\s+)?مماثلة|(?:a\s+|an\s+|the\s+)?(?:similar|like|equal|identical|same)\s+(?:period|term)s?\b)`)
)

// firstPart: the duration, ctx the clause before it and after the text
// after it, is the first part of the term ("the first six (6) months"),
// not a window ("within the first 30 days") nor a probation.
func firstPart(ctx, after string) bool {
	low := lowerASCII(ctx)
	if len(after) > 60 {
		after = after[:60]
	}
	if reProbationWord.MatchString(low) || reProbationWord.MatchString(lowerASCII(after)) {
		return false
	}
	return reFirstBefore.MatchString(low) && !reWithinFirst.MatchString(low)
}

var (
	// reFirstBefore: "the first" right before the period.
	reFirstBefore = regexp.MustCompile(`\b(?:the|its|their)\s+first\s+$`)
	// reWithinFirst: a window opened by "within the first".
	reWithinFirst = regexp.MustCompile(`\bwithin\s+(?:the|its|their)\s+first\s+$`)
	// reProbationWord: a probation or trial period.
	reProbationWord = regexp.MustCompile(`probation|trial\s+period|تجربة|التجربة|الاختبار`)
)

// stayOrRepay: the duration, ctx the clause before it and after the
// text after it, is how long an employee must stay: leaving within it
// makes the employee repay, or the employee is bound to serve it.
func stayOrRepay(ctx, after string) bool {
	if len(after) > 200 {
		after = after[:200]
	}
	low := lowerASCII(ctx)
	if reServeFor.MatchString(low) {
		return true
	}
	return reLeaveWithin.MatchString(low) && reRepayWordNoticeTerms.MatchString(lowerASCII(after))
}

var (
	// reServeFor: "shall serve the Employer for".
	reServeFor = regexp.MustCompile(`\b(?:serve|work\s+for|remain\s+(?:employed|in\s+the\s+employ(?:ment)?)\s+(?:with|of|by))\s+(?:the\s+\w+\s+|its\s+\w+\s+|him\s+|her\s+)?(?:for\s+)?(?:a\s+(?:minimum\s+)?(?:period\s+of\s+)?|at\s+least\s+)?$|(?:بالعمل|العمل)\s+لدى\s+\S+(?:\s+\S+)?\s+(?:لمدة|مدة)\s+(?:لا\s+تقل\s+عن\s+)?$`)
	// reLeaveWithin: leaving the employment within or before the period.
	reLeaveWithin = regexp.MustCompile(`\b(?:resign|resigns|leave|leaves|quit|quits|(?:employment|service)\s+(?:ends|is\s+terminated))\b[^.;]{0,40}?\b(?:within|before|during)\s+(?:the\s+first\s+)?$|(?:انتهاء\s+الخدمة|استقالة|استقال|ترك\s+العمل)[^.؛]{0,40}?(?:قبل\s+مضي|قبل\s+انقضاء|خلال)\s+$`)
	// reRepayWordNoticeTerms: the employee repays what was spent on it.
	reRepayWordNoticeTerms = regexp.MustCompile(`\b(?:repay|repays|refund|refunds|reimburse|reimburses|pay\s+back)\b|برد|بإعادة|باسترداد|بسداد|رد\s+تكاليف|يرد|ترد`)
)
