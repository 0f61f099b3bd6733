package documentfacts

import (
	"regexp"
	"strings"
)

// Round 22 of keys (issue 29, session 22): dates and durations by
// families (docs/documents.md, "Issue 29, session 22: keys of dates and
// durations"; table tests in key_tender_days_test.go). Each rule is hooked by one
// line: dates last of clauseContextDateKeys's rounds (after round 21), durations
// before rounds 11 and 16 re-key them. durations
// beside round 21's.

// Dates.
//
//   - PB: a tender's pre-bid meeting, pre-tender conference or
//     clarification meeting ("A pre-bid meeting shall be held at the
//     Ministry's offices on", "A clarification meeting with bidders will
//     take place ... on", "سيعقد اجتماع تمهيدي لمقدمي العطاءات ...
//     الموافق") is a plain `date` (the key specification's row; dev6
//     13): not the tender's issue date (a meeting held at a place reads
//     as minutes' date) nor a deadline for questions; held with a site
//     visit, it is the `site_visit_date` (heldout2 10).
//   - BO: a tender's bids opened on a day in a sentence ("Tenders will
//     be opened in public at the Directorate on", "The bids shall be
//     opened at 12:00 on", "Opening of bids will take place on") is its
//     `bid_opening_date`, as the key-dates row is.
//   - PD: a key-dates row "Proposal due date | ..." or "Bid due date" in
//     a tender is its `submission_deadline`, not a sum's due date.

//   - EC (parentDate, after bondsParentDatesConventionParentDates): an agreement,
//     addendum or deed with a date of its own keyed before names an earlier or parent contract by its date ("Under a
//     development contract dated 10 January 2026", "This Addendum amends
//     the Lease Agreement dated 1 May 2025", "the Services Agreement
//     signed on 1 June 2024", "بموجب عقد التوريد المؤرخ في"): that date
//     is a plain `date` (the key specification: agreement_date only when
//     the document has no agreement date of its own, as a letter about
//     a contract has not).

//   - LD (bondsParentDatesConventionParentDates, whose "Date:" label it widened): a letter's
//     bilingual "Date / التاريخ:" under a title naming a contract is
//     its own date (h17-11, h17-12).
//   - DA: an Arabic agreement or addendum drawn up or concluded on a day
//     ("حرر هذا الملحق بتاريخ", "أبرمت هذه الاتفاقية في") is made on it:
//     its agreement_date (keys11's reDrawnUp read it only when an
//     earlier rule had keyed it issue_date).

//   - HO: the day by or on which premises, a site, a kitchen or keys are
//     handed over, returned or vacated ("shall hand over all keys,
//     access cards ... by", "shall vacate the central kitchen ... by",
//     "يسلم صاحب العمل موقع المشروع للمقاول ... في", "وبإخلاء المطبخ
//     المركزي ... في موعد أقصاه") is a delivery_date (decision 18:
//     premises, units, documents or keys handed over), not a plain
//     date or a submission deadline (h17-03, h17-06, h17-11).

//   - CO: "The revised completion date is 22 February 2027 (originally
//     1 February 2027)" in minutes or a letter about works: the first
//     is the completion_date (decision 18; the "completion date" cue
//     gave delivery_date), the superseded one in brackets a plain date
//     (h17-05).

//   - PW: outside a tender, the day by which a party submits, returns or
//     issues a construction project's working papers (a revised
//     programme, shop drawings, a variation order, a method statement)
//     is a plain date, as keys21's PD made copies and certificates: no
//     bid is submitted, no goods delivered and no sum due (h17-05's
//     actions of 21, 28 and 30 April). A report stays: a consultancy's
//     deliverable report is delivered (dev3 d14, dev4 d4-01), though a
//     grant's final report is labelled a date (h12-02).

//   - BO (Arabic, any document): "عطائكم ... والذي فتحت مظاريفه بتاريخ"
//     is the bid_opening_date (keys12 read only "فتحت المظاريف في").
//   - YB: "your bid dated 4th January 2026", "our offer of": the date of
//     the other side's bid is a plain date, as "your letter of" is
//     (h17-01 gave its document_date).
//   - VU: a bid's or an offer's validity ending on a day ("صلاحية
//     عطائكم ... تنتهي في", "لتنتهي في", "the validity of your bid
//     expires on") is its valid_until (the key specification), not an
//     expiry_date; a bond's stays (h17-07).

// tenderDaysDateKeys re-keys a date last of clauseContextDateKeys's rounds (after round
// 21): w the windows the earlier rounds read.
func (x *extractor) tenderDaysDateKeys(f *Fact, w dateWindows) {
	set := func(k string) {
		if k == "date" {
			f.Key, f.Label, f.Role = "date", "Date", ""
			return
		}
		c := dateCueOf(k)
		f.Key, f.Label, f.Role = c.key, c.label, c.role
	}
	if f.Key == "date" && matches(reDrawnUpThis, tail(w.ctx, 120)) {
		c := dateCueOf("agreement_date") // DA: "حرر هذا الملحق بتاريخ"
		f.Key, f.Label, f.Role = c.key, c.label, c.role
		return
	}
	if (f.Key == "date" || f.Key == "submission_deadline" || f.Key == "due_date") && handOver(w) {
		c := dateCueOf("delivery_date") // HO: premises, a site or keys handed over or vacated
		f.Key, f.Label, f.Role = c.key, c.label, c.role
		return
	}
	if f.Key == "delivery_date" || f.Key == "date" {
		switch {
		case matches(reOriginallyBefore, tail(w.ctx, 40)):
			f.Key, f.Label, f.Role = "date", "Date", "" // CO: "(originally 1 February 2027)"
			return
		case matches(reCompletionDateIs, tail(w.ctx, 80)) && matches(reWorksObject, x.a.text):
			c := cueCompletionDate // CO: "The revised completion date is"
			f.Key, f.Label, f.Role = c.key, c.label, c.role
			return
		}
	}
	if (f.Key == "delivery_date" || f.Key == "submission_deadline" || f.Key == "due_date") && paperBy(w) && !x.tenderDoc {
		f.Key, f.Label, f.Role = "date", "Date", "" // PW: a programme, drawings, a report by a day
		return
	}
	switch {
	case (f.Key == "date" || f.Key == "document_date") && matches(reBidsOpenedAR, tail(w.ctx, 80)):
		set("bid_opening_date") // BO: "عطائكم ... والذي فتحت مظاريفه بتاريخ"
		return
	case (f.Key == "document_date" || f.Key == "issue_date") && matches(reYourBidOf, tail(w.ctx, 80)):
		f.Key, f.Label, f.Role = "date", "Date", "" // YB: "your bid dated 4th January 2026"
		return
	case f.Key == "expiry_date" && bidValidityEnd(w):
		set("valid_until") // VU: "صلاحية عطائكم ... تنتهي في"
		return
	}
	if !x.tenderDoc {
		return
	}
	clause := w.clause
	if clause == "" {
		clause = w.line
	}
	switch f.Key {
	case "date", "document_date", "issue_date", "clarification_deadline", "submission_deadline", "due_date":
		if at := lastMatch(rePreBidMeeting, clause); at >= 0 && !matches(reDeadlinePrep, tail(w.ctx, 60)) && !matches(reByDateAR, tail(w.ctx, 60)) {
			if matches(reSiteVisitWord, clause) {
				set("site_visit_date")
			} else {
				set("date")
			}
			return
		}
	}
	switch f.Key {
	case "date", "document_date":
		if matches(reBidsOpenedOn, tail(w.ctx, 160)) {
			set("bid_opening_date")
			return
		}
	}
	if f.Key == "due_date" && matches(reBidDueRow, w.line) {
		set("submission_deadline")
	}
}

var (
	// rePreBidMeeting: a meeting or conference of bidders before the
	// bids (pre-bid, pre-tender, pre-proposal, clarification meeting;
	// الاجتماع التمهيدي، اجتماع ... لمقدمي العطاءات).
	rePreBidMeeting = regexp.MustCompile(`(?i)\bpre-?\s?(?:bid|tender|proposal|quotation|submission)\s+(?:meeting|conference|briefing|session)\b|\b(?:clarification|bidders['’]?|tenderers['’]?|information)\s+(?:meeting|conference|briefing|session)\b|\b(?:meeting|conference|briefing)\s+(?:with|of|for)\s+(?:the\s+)?(?:prospective\s+|interested\s+)?(?:bidders|tenderers|applicants|consultants)\b|(?:ال)?اجتماع\s+(?:ال)?تمهيدي|(?:ال)?اجتماع\s+(?:ال)?توضيحي|اجتماع\s+[^.\n]{0,20}(?:لمقدمي|مع\s+مقدمي|للمتقدمين|مع\s+المتقدمين|للمناقصين|مع\s+المناقصين)\s+(?:ال)?(?:عطاءات|عروض)?`)
	// reSiteVisitWord: a site visit held with it.
	reSiteVisitWord = regexp.MustCompile(`(?i)\bsite\s+(?:visit|inspection)\b|زيارة\s+(?:ال)?موقع|زيارة\s+ميدانية`)
	// reBidsOpenedOn: "bids will be opened (in public) (at a place)
	// on", "opening of the bids will take place ... on".
	reBidsOpenedOn = regexp.MustCompile(`(?i)\b(?:bids|tenders|offers|proposals|quotations|envelopes)\s+(?:will|shall)\s+be\s+(?:publicly\s+)?opened\b[^.;\n]{0,100}?\bon\s*$|\b(?:public\s+)?opening\s+of\s+(?:the\s+)?(?:bids|tenders|offers|proposals|quotations|envelopes)\s+(?:will|shall)\s+(?:take\s+place|be\s+held)\b[^.;\n]{0,100}?\bon\s*$`)
	// reBidDueRow: a key-dates row of the bids' due date.
	reBidDueRow = regexp.MustCompile(`(?i)(?:^|\n|\|)\s*(?:bid|tender|proposals?|quotations?|offers?|applications?|eoi|submissions?)\s+due\s+date\s*(?:\||:)\s*$`)
)

// Durations.
//
//   - NP: the notice once probation is over ("Notice after probation:
//     one (1) month", "Notice period after confirmation", "مدة الإنذار بعد
//     انتهاء فترة التجربة: شهر") is a notice_period: the probation word
//     only says from when it applies.
//   - EW: an extension word names no renewal of the contract when what
//     is extended is time or a validity ("an extension of time of
//     twenty-one (21) days", "تمديد صلاحية العطاء لمدة ستين (60) يوماً"):
//     a duration; and a window after it ("بتقديم خطاب التمديد ... خلال
//     عشرة (10) أيام") is a time limit, no duration (h17-05, 07, 08).
//   - RC: "24-hour" before a service ("the 24-hour helpdesk", "24-hour
//     breakdown call-out") says when the service answers, not a period
//     (h17-03, h17-12 gave renewal_term PT24H).
//   - TN: an invoice's or a quotation's terms of payment written short
//     ("Terms: 30 days net", "Payment terms: net 45 days", "Net 30 days
//     from invoice date", "شروط الدفع: 30 يوماً") are its payment_period.

// tenderDaysKeysDuration re-keys the duration val whose clause before is ctx and
// whose text after is after: c, ok as the earlier rounds left them;
// headed, the noun after a glued number named it.
func tenderDaysKeysDuration(c cue, ok, headed bool, ctx, val, after string) (cue, bool) {
	if reRoundClock.MatchString(val) && reServiceAfter.MatchString(after) {
		return c, false // RC: "the 24-hour helpdesk", "24/7 breakdown call-out": a service's hours, no period
	}
	if headed {
		return c, ok
	}
	if ok && c.key == "renewal_term" {
		switch {
		case reWindowBefore.MatchString(ctx) && reClaimWordTenderDays.MatchString(ctx):
			return cueClaimPeriod, true // EW: "notice of any claim for extension of time within 28 days" (decision 43)
		case reWindowBefore.MatchString(ctx):
			return c, false // EW: "provide the bank's extension letter within ten (10) days": a time limit
		case reExtendOther.MatchString(ctx):
			return durationCueOf("duration"), true // EW: "an extension of time of 21 days", "تمديد صلاحية العطاء لمدة"
		}
	}
	if ok && c.key == "probation_period" && noticeAfterProbation(ctx) {
		return durationCueOf("notice_period"), true
	}
	if (!ok || c.key == "term" || c.key == "duration") && (reNetAfter.MatchString(after) || reTermsLabel.MatchString(tail(ctx, 60))) {
		return durationCueOf("payment_period"), true
	}
	return c, ok
}

// noticeAfterProbation: ctx names a notice, then probation after
// "after", "following", "upon completion of" or بعد: the notice that
// applies once probation is over.
func noticeAfterProbation(ctx string) bool {
	n := lastMatch(reNoticeWordTenderDays, ctx)
	return n >= 0 && reAfterProbation.MatchString(ctx[n:])
}

var (
	// reExtendOther: an extension of time, or of a bid's, an offer's or
	// a bond's validity, not of the contract.
	reExtendOther = regexp.MustCompile(`(?i)\bextension\s+of\s+(?:the\s+)?(?:time|validity|bid|offer|tender|bond|guarantee)\b|\bextend(?:s|ed|ing)?\s+(?:the\s+|its\s+)?(?:time\s+for\s+completion|validity|bid|offer|tender\s+validity|bond|guarantee)\b|تمديد\s+(?:مدة\s+)?(?:صلاحية|سريان)\s+(?:ال)?(?:عطاء|عطائ|العرض|عرض|الضمان|ضمان)|تمديد\s+(?:مدة\s+)?(?:صلاحية|سريان)\s+عطائ|تمديد\s+(?:مدة\s+)?(?:الإنجاز|الانجاز|التنفيذ)|(?:ال)?تمديد\s+(?:ال)?زمني`)
	// reRoundClock: a glued round-the-clock figure ("24-hour", "24 hour").
	reRoundClock = regexp.MustCompile(`(?i)^24[\s-]*(?:hours?|hrs?)$`)
	// reServiceAfter: a service after it.
	reServiceAfter = regexp.MustCompile(`(?i)^\s*(?:\w+\s+)?(?:help\s*desk|helpline|hotline|call[\s-]?(?:out|centre|center)|breakdown|emergency|service|services|support|security|guard|monitoring|operation|operations|access|coverage|reception|standby|control\s+room)\b`)
	// reClaimWordTenderDays: a claim notified within the window.
	reClaimWordTenderDays = regexp.MustCompile(`(?i)\bclaims?\b|مطالبة|المطالبة`)
	// reNoticeWordTenderDays: a notice word (English, Arabic).
	reNoticeWordTenderDays = regexp.MustCompile(`(?i)\bnotice\b|(?:ال)?(?:إنذار|انذار|إشعار|اشعار|إخطار|اخطار)`)
	// reAfterProbation: after, following or on completing probation
	// or confirmation.
	reAfterProbation = regexp.MustCompile(`(?i)\b(?:after|following|post|upon\s+(?:completion\s+of|confirmation)|on\s+(?:completion\s+of|confirmation))\s*[-(]?\s*(?:the\s+|successful\s+)*(?:probation(?:ary)?|confirmation)\b|بعد\s+(?:انتهاء\s+|اجتياز\s+|انقضاء\s+)?(?:فترة\s+)?(?:ال)?تجربة`)
	// reNetAfter: "net" right after the period ("30 days net").
	reNetAfter = regexp.MustCompile(`(?i)^\s*(?:\(\w+\)\s*)?net\b`)
	// reTermsLabel: a line's label of payment terms right before the
	// period ("Terms:", "Payment terms: net", "Credit terms:", "شروط
	// الدفع:").
	reTermsLabel = regexp.MustCompile(`(?i)(?:^|\n|\|)\s*(?:payment\s+|credit\s+)?terms(?:\s+of\s+payment)?\s*[:|]\s*(?:net\s+)?$|(?:^|\n|\|)\s*(?:payment|credit)\s*[:|]\s*net\s+$|\bnet\s*$|(?:^|\n|\|)\s*(?:شروط|طريقة)\s+(?:الدفع|السداد)\s*[:|]\s*(?:خلال\s+)?$`)
)

// sameDates drops a date fact whose key and value an earlier date
// fact holds (DD): the passes after dedupe (bondsParentDatesConventionParentDates, round 19's
// twins, EC, LD) re-key dates, and two forms of one date (a bilingual
// letter's two columns, "dated 03/03/2025" / "المؤرخ 03/03/2025") that
// end under one key are one fact, as dedupe makes them before.
func sameDates(facts []Fact, cands []candidate) ([]Fact, []candidate) {
	if len(facts) != len(cands) {
		return facts, cands
	}
	seen := map[string]bool{}
	drop := map[int]bool{}
	for i, f := range facts {
		if f.Type != TypeDate || f.Normalized == "" {
			continue
		}
		k := f.Key + "|" + f.Normalized
		if seen[k] {
			drop[i] = true
		}
		seen[k] = true
	}
	if len(drop) == 0 {
		return facts, cands
	}
	return withoutDropped(facts, cands, drop)
}

// parentDate applies EC and CD: a date right after the name of a
// contract other than the document ("a development contract dated", "the
// Lease Agreement dated", "العقد الفرعي رقم ... المؤرخ", "العقد رقم ...
// المبرم بتاريخ"), in a document with an agreement_date of another value
// before it, is a plain date (EC); in a document with none (a letter, a
// notice, a certificate about the contract), the contract's
// agreement_date (CD: bondsParentDatesConventionParentDates reads only "المؤرخ في" and a
// date keyed date), but in a quotation, invoice or order. facts and cands are aligned (handle.go).
func parentDate(facts []Fact, cands []candidate, text, docType string) {
	if len(facts) != len(cands) {
		return
	}
	for i, f := range facts {
		if f.Type != TypeDate || !parentKeys[f.Key] {
			continue
		}
		at := cands[i].startIn(text)
		if !earlierContract(text[max(0, at-200):at]) && !contractMadeBetween(text[max(0, at-400):at]) { // date_order_ordinals.go
			continue
		}
		own, other := false, false
		for j, g := range facts {
			if j != i && g.Type == TypeDate && g.Key == "agreement_date" && g.Normalized != f.Normalized {
				other = true
				if cands[j].start < cands[i].start {
					own = true
				}
			}
		}
		switch {
		case own:
			facts[i].Key, facts[i].Label, facts[i].Role = "date", "Date", ""
		case !other && f.Key != "agreement_date" && f.Key != "signature_date" && !tradeDocs[docType]:
			c := dateCueOf("agreement_date")
			facts[i].Key, facts[i].Label, facts[i].Role = c.key, c.label, c.role
		}
	}
}

// tradeDocs: a quotation, invoice or order is about a sale, not about
// a contract it names in passing ("the office you leased under the lease
// dated 1 May 2026").
var tradeDocs = map[string]bool{"quotation": true, "invoice": true, "purchase_order": true}

// parentKeys: the keys a contract's date named in passing may have
// taken from the words around it ("ينتهي عقد الإيجار المؤرخ ... في").
var parentKeys = map[string]bool{"agreement_date": true, "signature_date": true, "date": true, "document_date": true, "issue_date": true, "expiry_date": true, "effective_date": true}

// handOver: the date's clause hands over, returns or vacates
// premises, a site or keys (the verb before the object, the date after
// both).
func handOver(w dateWindows) bool {
	c := w.clause
	if c == "" || len(c) > 400 {
		c = w.line
	}
	return reHandOverEN.MatchString(c) || reHandOverAR.MatchString(c)
}

// bidValidityEnd: the date's clause names a bid's or an offer's
// validity after any bond or guarantee word.
func bidValidityEnd(w dateWindows) bool {
	c := w.clause
	if c == "" || len(c) > 400 {
		c = w.line
	}
	at := lastMatch(reBidValidityTenderDays, c)
	return at >= 0 && lastMatch(reGuaranteeWord, c) < at
}

// paperBy: the date follows a deadline word and the thing its clause
// submits, returns or issues is a working paper.
func paperBy(w dateWindows) bool {
	c, ok := deadlineClause(w)
	if !ok {
		return false
	}
	at := lastMatch(rePaperVerb, c)
	if at < 0 {
		c = w.line // the clause cut at a comma ("the variation order ..., valued at KWD 12,750.000, by")
		if at = lastMatch(rePaperVerb, c); at < 0 {
			return false
		}
	}
	obj := c[at:]
	return rePaperWord.MatchString(obj) && !reGoodsWord.MatchString(obj) && !reBidWord.MatchString(obj)
}

var (
	// reBidsOpenedAR: "فتحت مظاريفه بتاريخ", "تم فتح العطاءات يوم".
	reBidsOpenedAR = regexp.MustCompile(`(?:فتحت|فتح|تم\s+فتح)\s+(?:ال)?(?:مظاريف|عطاءات|عروض|مظاريفه|مظاريفها)\s+(?:في|بتاريخ|يوم)\s*$`)
	// reYourBidOf: "your bid dated", "our offer No. 12 of".
	reYourBidOf = regexp.MustCompile(`(?i)\b(?:your|our|their|its)\s+(?:\p{L}+\s+){0,2}(?:bid|offer|tender|quotation|proposal|application)\s+(?:(?:no\.?|ref\.?)\s*\S+\s+)?(?:dated|of|submitted\s+on)\s*$`)
	// reBidValidityTenderDays: the validity of a bid or an offer.
	reBidValidityTenderDays = regexp.MustCompile(`(?i)\bvalidity\s+of\s+(?:the|your|our|its|their)\s+(?:bid|offer|tender|quotation|proposal)s?\b|\b(?:bid|offer|tender|quotation|proposal)\s+validity\b|صلاحية\s+(?:ال)?(?:عطاء|عطائ|عرض|العرض)\S*`)
	// rePaperVerb: submit, return, issue, send, provide.
	rePaperVerb = regexp.MustCompile(`(?i)\b(?:submit\w*|return\w*|issu(?:e|es|ed|ing)|send\w*|provid\w*|furnish\w*)\b|(?:^|\s)(?:تقديم|بتقديم|يقدم|تقدم|إرسال|بإرسال|إصدار|بإصدار|يصدر)\s`)
	// rePaperWord: a working paper.
	// A report and design drawings stay: a consultancy's deliverable is
	// delivered (dev3 d14, dev4 d4-01, datekeys2_test.go).
	rePaperWord = regexp.MustCompile(`(?i)\b(?:programme|shop\s+drawings|method\s+statements?|variation\s+orders?)\b|البرنامج\s+الزمني|أمر\s+التغيير`)
)

// wrappedDateLine (WL): the date's line opens with the last word or
// two of a phrase the line before began ("shall complete them no later
// / than 31st March 2027", "by 12:00 noon / on 31 May 2026"): a short
// lower-case head continuing a plain-text line that ends in a word.
func wrappedDateLine(prev, head string) bool {
	h := strings.TrimLeft(head, " \t")
	return len(h) > 0 && len(h) <= 24 && reWrapHead.MatchString(h) && continuesLine(prev, head)
}

// reWrapHead: the line's head before the date is one or two lower-case
// words ("than ", "on ", "noon on ", "or before ").
var reWrapHead = regexp.MustCompile(`^[a-z][a-z:.0-9]*(?:\s+[a-z][a-z:.0-9]*)?\s+$`)

// earlierContract: ctx (before a date) names a contract other than the
// document itself, dated, signed or made on the date.
func earlierContract(ctx string) bool {
	c := tail(ctx, 160)
	if m := reEarlierContractAR.FindStringSubmatchIndex(c); m != nil {
		return !matches(reThisContractAR, c[max(0, m[0]-12):m[1]])
	}
	return matches(reEarlierContract, c)
}

var (
	// reEarlierContract: "a/the/that <name> Agreement (No. X) dated",
	// "signed on", "made on", "entered into on"; not "this Agreement".
	reEarlierContract = regexp.MustCompile(`(?i)\b(?:a|an|the|said|that|our|your|their|its|existing|original|principal|main|previous|earlier|prior)\s+(?:[\w&'’-]+\s+){0,4}?(?:contract|agreement|lease|sub-?contract|purchase\s+order|deed|memorandum(?:\s+of\s+understanding)?|mou|licen[cs]e|addendum)(?:\s*\(\s*the\s+["“]?[\w\s]{1,30}["”]?\s*\))?(?:\s*(?:no\.?|number|ref\.?)\s*[\w/.-]+)?\s*,?\s*(?:dated|signed\s+on|made\s+on|executed\s+on|entered\s+into\s+on)\s*$`)
	// reEarlierContractAR: "عقد التوريد المؤرخ في", "الاتفاقية المبرمة
	// بتاريخ".
	reEarlierContractAR = regexp.MustCompile(`(?:عقد|العقد|اتفاقية|الاتفاقية|مذكرة|أمر\s+الشراء|امر\s+الشراء|الملحق|ملحق)\s+[^.\n]{0,60}?(?:المؤرخ|المؤرخة|المبرم|المبرمة|الموقع|الموقعة)\s*(?:في|بتاريخ)?\s*$|(?:أبرم|ابرم)\s+الطرفان\s+(?:عقد|اتفاقية)[^.\n]{0,80}?بتاريخ\s*$`)
	// reHandOverEN: "hand over (all) (the) keys / the site / the
	// premises", "vacate the warehouse", "return the keys", "deliver up
	// possession"; not the noun ("from the handover of the site on": a
	// period's start, keys15).
	reHandOverEN = regexp.MustCompile(`(?i)\b(?:hand(?:s|ed|ing)?\s+over|return(?:s|ed|ing)?|surrender(?:s|ed|ing)?|deliver(?:s|ed|ing)?\s+up)\s+(?:of\s+)?(?:(?:all|the|its|their|your|our|any)\s+)*(?:[\w'’-]+\s+){0,2}?(?:keys|key|access\s+cards|site|premises|warehouse|kitchen|unit|flat|apartment|shop|office|villa|possession)\b(?:\s+(?:equipment|materials))?|\bvacat(?:e|es|ed|ing)\s+(?:the\s+|its\s+|their\s+)?(?:[\w'’-]+\s+){0,2}?(?:site|premises|warehouse|kitchen|unit|flat|apartment|shop|office|villa|property|building)\b`)
	// reHandOverAR: "يسلم ... موقع المشروع", "تسليم المفاتيح", "إخلاء
	// المطبخ".
	reHandOverAR = regexp.MustCompile(`(?:^|\s)(?:و|ب|وب)?(?:يسلم|تسليم|يلتزم\s+بتسليم)\s+(?:[^\s.،]+\s+){0,2}?(?:ال)?(?:موقع|مفاتيح|العين|الوحدة|المحل|المستودع|المبنى|المطبخ)|(?:^|\s)(?:و|ب|وب)?(?:إخلاء|اخلاء)\s`)
	// reOriginallyBefore: a superseded date in brackets or after
	// "instead of" ("(originally", "(previously", "instead of").
	reOriginallyBefore = regexp.MustCompile(`(?i)(?:\(\s*(?:originally|previously|formerly|was)|\binstead\s+of|\breplacing)\s*:?\s*$`)
	// reCompletionDateIs: "the (revised / new / extended) completion
	// date is", "Revised completion date:".
	reCompletionDateIs = regexp.MustCompile(`(?i)\b(?:(?:revised|new|extended|amended|contract(?:ual)?|scheduled|planned|original)\s+)?(?:date\s+(?:of|for)\s+completion|completion\s+date)\s*(?:is|shall\s+be|will\s+be|becomes|was|:|\||is\s+now|is\s+extended\s+to|to)\s*$`)
	// reDrawnUpThis: "حرر هذا العقد / الملحق في ... بتاريخ", "أبرمت هذه
	// الاتفاقية في".
	reDrawnUpThis = regexp.MustCompile(`(?:^|\s)(?:حرر|حررت|تحرر|أبرم|أبرمت|ابرم|ابرمت)\s+(?:هذا|هذه)\s+(?:ال)?(?:عقد|اتفاقية|ملحق|مذكرة|اتفاق)[^.\n]{0,60}?(?:بتاريخ|في|يوم)(?:\s+(?:ال)?(?:أحد|احد|اثنين|إثنين|ثلاثاء|أربعاء|اربعاء|خميس|جمعة|سبت))?(?:\s+الموافق)?\s*$`)
	// reThisContractAR: the document itself (هذا العقد، هذه الاتفاقية).
	reThisContractAR = regexp.MustCompile(`(?:هذا|هذه)\s+(?:ال)?(?:عقد|اتفاقية|مذكرة|ملحق)`)
)
