package documentfacts

import (
	"regexp"
	"strings"
)

// Round 21 of keys (issue 29, session 21): dates and durations by
// families, read on the dev sets' wrong keys (docs/documents.md, "Issue
// 29, session 21: keys of dates and durations"; table tests in
// key_guarantees_paperwork_test.go). Each rule is hooked by one line where round 20's are.

// Durations.
//
//   - GW: a guarantee that is an instrument (a bank's, a person's, a bid
//     bond, a performance guarantee; ضمان بنكي، ضمانات العطاءات) names no
//     warranty: furnished or returned "within N days" it is a time limit
//     only, "valid for N days" it is a duration (decision 15).
//   - DR: a period that measures a sum ("(three months' base rent)",
//     "(ما يعادل إيجار شهرين)") is no period.
//   - SC: duties that "continue for five (5) years after its expiry" in
//     a confidentiality clause or a non-disclosure agreement keep the
//     secret that long: a confidentiality_period, not the term.
//   - NI: the time to report an incident is a deadline only: decision
//     43, incidentReport in convention_rejections_offer_roles.go.

// guaranteeWindow: the duration keyed c after ctx (its clause) is the
// window or the validity of a guarantee instrument, not a warranty:
// false drops it (a time limit); its validity is a plain duration.
func guaranteeWindow(c cue, ctx string) (cue, bool) {
	if c.key != "warranty_period" {
		return c, true
	}
	at := lastMatch(reGuaranteeWord, ctx)
	if at < 0 || !reGuaranteeInstrument.MatchString(ctx[max(0, at-40):]) || reProductWarranty.MatchString(ctx[at:]) {
		return c, true
	}
	if reWindowBefore.MatchString(ctx) {
		return c, false // furnished, returned or released within: a deadline only
	}
	if reValidityWord.MatchString(ctx[at:]) {
		return durationCueOf("duration"), true // "ساري المفعول لمدة ١٢٠ يوماً": its validity
	}
	return c, true
}

var (
	// reGuaranteeWord: a guarantee or warranty word.
	reGuaranteeWord = regexp.MustCompile(`(?i)\b(?:guarantee[sd]?|warrant\w*|bonds?)\b|(?:ال)?ضمان(?:ات|اً|ا)?(?:\s|$)|كفالة`)
	// reGuaranteeInstrument: the guarantee is an instrument: a
	// bank's, a person's or a company's, a bid or performance bond.
	reGuaranteeInstrument = regexp.MustCompile(`(?i)\b(?:bank|banker'?s|personal|corporate|parent\s+company|bid|tender|performance|advance\s+payment|on-?demand)\s+(?:guarantee|bond|security)|(?:ال)?ضمان(?:ات|اً|ا)?\s+(?:ال)?(?:بنكي|بنكى|بنكياً|بنكيا|مصرفي|مصرفياً|عطاء|عطاءات|العطاءات|حسن|دفعة|ابتدائي|نهائي|مؤقت|شخصي|شخصياً)|كفالة\s+(?:بنكية|مصرفية|ال)`)
	// reProductWarranty: the words after it warrant goods or work
	// (against defects, the manufacturer's, a warranty period).
	reProductWarranty = regexp.MustCompile(`(?i)\b(?:defects?|workmanship|materials?|manufactur\w*|warranty\s+period)\b|عيوب|العيوب|الصناعة|فترة\s+الضمان|مدة\s+الضمان`)
)

// rentMeasure: the duration t[ms:me] measures a sum ("(two months'
// base rent)", "ما يعادل إيجار شهرين", "أجرة ثلاثة أشهر"): no period
// (DR; round 11's "equal to two months' rent" read only a possessive
// right before the rent word).
func rentMeasure(t string, ms, me int) bool {
	return reMeasureAfterGuaranteesPaperwork.MatchString(t[me:min(len(t), me+40)]) || reMeasureBeforeAR.MatchString(t[max(0, ms-60):ms])
}

var (
	// reMeasureAfterGuaranteesPaperwork: "months' base rent", "months' gross salary".
	reMeasureAfterGuaranteesPaperwork = regexp.MustCompile(`(?i)^['’]s?\s+(?:(?:base|basic|gross|net|monthly|annual|current|full)\s+)?(?:rent|rental|fees?|salary|wages?|pay|premium|charges?|income)\b`)
	// reMeasureBeforeAR: the rent or salary word, in construct (no
	// article: "مدة الإيجار ثلاث سنوات" is the lease's term), right
	// before the period ("إيجار شهرين", "(أجرة ثلاثة أشهر)", "راتب شهر").
	reMeasureBeforeAR = regexp.MustCompile(`(?:^|[\s(])(?:إيجار|ايجار|أجرة|اجرة|راتب|رواتب|أجر)\s*$`)
)

// survivesConfidential: the duration t[ms:me], keyed c, is how long
// duties survive the agreement's end ("continue for five (5) years after
// its expiry", "after expiry or termination of this Agreement") in a
// clause of confidentiality or in a non-disclosure agreement (SC): its
// confidentiality_period, not the term.
func survivesConfidential(c cue, t string, ms, me int, ctx, title string) bool {
	if c.key != "term" && c.key != "duration" {
		return false
	}
	if !reSurviveVerb.MatchString(ctx) || !reAfterEnd.MatchString(t[me:min(len(t), me+60)]) {
		return false
	}
	return reSecretWord.MatchString(ctx) || reNDATitle.MatchString(title)
}

var (
	// reSurviveVerb: duties continue, survive or remain (in force)
	// for the period.
	reSurviveVerb = regexp.MustCompile(`(?i)\b(?:continue|continues|survive|survives|remain|remains)\s+(?:in\s+(?:force|effect)\s+)?(?:for\s+)?(?:a\s+period\s+of\s+)?$|(?:تستمر|يستمر|تظل|يظل|تبقى|يبقى)\s[^.،؛\n]{0,40}(?:لمدة|مدة)\s*$`)
	// reAfterEnd: after the agreement's expiry or termination.
	reAfterEnd = regexp.MustCompile(`(?i)^\s*(?:after|following|from)\s+(?:the\s+|its\s+|this\s+agreement['’]s\s+)?(?:expiry|expiration|termination|end)\b|^\s*(?:بعد|من)\s+(?:تاريخ\s+)?(?:انتهاء|انقضاء|إنهاء|نهاية)`)
	// reNDATitle: the document is a non-disclosure or confidentiality
	// agreement.
	reNDATitle = regexp.MustCompile(`(?i)\b(?:non-?disclosure|confidentiality)\b|عدم\s+(?:ال)?إفصاح|السرية`)
)

// Dates.
//
//   - CQ: in a tender, RFP, EOI or prequalification, the day by which
//     questions or requests for clarification are to be sent ("Applicants
//     shall send any request for clarification in writing by", a
//     timetable row "Written questions to the Company | by 25 May 2026",
//     "ترسل الاستيضاحات قبل") is its clarification_deadline (the key
//     specification: a tender's key dates are keyed), not a plain date.
//   - PD: the day by which a party submits or provides paperwork that
//     proves something (copies of a certificate or an ID card, the
//     inspection certificates, evidence, proof; نسخ، صور، الشهادات)
//     outside a tender is a plain `date`: no bid is submitted and no
//     goods are delivered (h4-16, h5-05; dev5 d5-15's "provide a copy of
//     the policy before" is read so already).
//   - MD: minutes and resolutions are dated by their meeting, also when
//     the place stands between "held" and the date ("Meeting No. 3/2026,
//     held at the Company's head office, Muscat, on 18 May 2026") or the
//     Arabic meeting verb has its subject and a Hijri date before
//     الموافق ("اجتمع الشركاء في مقر الشركة يوم الثلاثاء ... الموافق"):
//     the issue_date, as round 12's "Held on" and "عقدت ... اجتماعها".

// guaranteesPaperworkDateKeys re-keys a date last of clauseContextDateKeys's rounds (after round
// 20): w the windows the earlier rounds read.
func (x *extractor) guaranteesPaperworkDateKeys(f *Fact, base int, w dateWindows) {
	switch f.Key {
	case "date", "document_date":
		if base < x.topEnd && (matches(reMeetingHeldAt, tail(w.ctx, 240)) || matches(reMeetingHeldAt, w.line)) {
			c := dateCueOf("issue_date")
			f.Key, f.Label, f.Role = c.key, c.label, c.role
			return
		}
	}
	switch f.Key {
	case "submission_deadline", "delivery_date":
		if paperworkBy(w) && !isTenderText(x.a.text) && !matches(reTenderTitleLabelFamilies, prefixBytes(x.a.text, 200)) {
			f.Key, f.Label, f.Role = "date", "Date", ""
			return
		}
	}
	switch f.Key {
	case "date", "submission_deadline", "delivery_date", "expiry_date":
		if clarifyBy(w) && (isTenderText(x.a.text) || matches(reTenderTitleLabelFamilies, prefixBytes(x.a.text, 200))) {
			c := dateCueOf("clarification_deadline")
			f.Key, f.Label, f.Role = c.key, c.label, c.role
		}
	}
}

// deadlineClause is the clause of a date that follows a deadline word
// ("by", "no later than", "في موعد أقصاه"), or its line where the clause
// is empty or longer than 400 bytes; ok is false for any other date.
func deadlineClause(w dateWindows) (string, bool) {
	if !matches(reDeadlinePrep, tail(w.ctx, 80)) && !matches(reByDateAR, tail(w.ctx, 80)) {
		return "", false
	}
	if len(w.clause) > 400 || strings.TrimSpace(w.clause) == "" {
		return w.line, true
	}
	return w.clause, true
}

// clarifyBy: the date follows a deadline word and its clause or row
// sends questions or requests for clarification (not their answers).
func clarifyBy(w dateWindows) bool {
	c, ok := deadlineClause(w)
	if !ok {
		return false
	}
	at := lastMatch(reAskWord, c)
	if at < 0 {
		return false
	}
	return !reAnswerWord.MatchString(c) && !reOtherDeadline.MatchString(c[at:])
}

// paperworkBy: the date follows a deadline word and the thing its
// clause submits or hands over is paperwork that proves something.
func paperworkBy(w dateWindows) bool {
	c, ok := deadlineClause(w)
	if !ok {
		return false
	}
	at := lastMatch(reSubmitVerb, c)
	if at < 0 {
		return false
	}
	obj := c[at:]
	return reProofPaper.MatchString(obj) && !reBidWord.MatchString(obj) && !reDeliverable.MatchString(obj) && !reGoodsWord.MatchString(obj)
}

var (
	// reSubmitVerb: submitting or handing over.
	reSubmitVerb = regexp.MustCompile(`(?i)\b(?:submit\w*|provid\w*|furnish\w*|send\w*|deliver\w*|hand\w*\s+over|produce\w*|present\w*)\b|تسليم|بتسليم|تقديم|بتقديم|يقدم|تقدم|إرسال|بإرسال`)
	// reProofPaper: paperwork that proves something: copies, a
	// certificate, an ID card, evidence, proof.
	reProofPaper = regexp.MustCompile(`(?i)\b(?:cop(?:y|ies)\s+of|certificates?|id\s+cards?|passports?|evidence|proof|bank\s+account\s+details)\b|(?:^|\s)(?:نسخة|نسخ|صورة|صور)\s+(?:من|عن)\s|(?:^|\s)(?:ب|و)?(?:الشهادات|شهادة|شهادات)(?:\s|$)|إثبات|اثبات|البطاقة\s+الشخصية`)
	// reMeetingHeldAt: a meeting held at a place, then "on"; an
	// Arabic meeting verb opening the line, its subject and place, then
	// الموافق / بتاريخ (read on the date's line, whose start the word
	// window may cut).
	reMeetingHeldAt = regexp.MustCompile(`(?i)\bmeeting\b[^\n]{0,40}?\b(?:held|convened)\s+(?:at|in)\s+[^.\n]{3,120}?,?\s+on\s*$|(?:^|\n|\s)(?:اجتمع|اجتمعت)\s[^.\n]{0,160}?(?:الموافق|بتاريخ)\s*$|(?:^|\n|\s)(?:عقد|عقدت|انعقد|انعقدت)\s+(?:ال)?(?:اجتماع|جمعية|مجلس|لجنة)[^.\n]{0,160}?(?:الموافق|بتاريخ)\s*$`)
	// reAnswerWord: the date is the answers', not the questions'.
	reAnswerWord = regexp.MustCompile(`(?i)\b(?:answer\w*|respond\w*|responses?|repl(?:y|ies|ied)|issued|circulated|published)\b|الرد|الإجابة|الاجابة|الردود|ستنشر|يرد`)
	// reOtherDeadline: after the questions, another deadline's
	// action (bids submitted, documents bought): its own key.
	reOtherDeadline = regexp.MustCompile(`(?i)\b(?:submit\w*|deliver\w*|lodge\w*|receiv\w*)\s+(?:\w+\s+){0,2}?(?:bids?|tenders?|proposals?|applications?|offers?|quotations?)\b|\b(?:bids?|tenders?|proposals?|applications?|offers?|quotations?)\s+(?:must|shall|should|are\s+to)\s+(?:be\s+)?(?:submitted|delivered|lodged|received)\b|\bpurchase\b|تقديم\s+(?:ال)?(?:عطاءات|عروض|طلبات)|شراء`)
)
