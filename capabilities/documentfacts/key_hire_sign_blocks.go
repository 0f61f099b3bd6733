package documentfacts

import (
	"regexp"
	"strings"
	"unicode/utf8"
)

// Round 12 (issue 29, session 15): keys from heldout9's misses, by what a
// sum or date is of (docs/documents.md, "Issue 29, session 15: round 12,
// keys from heldout9").

// hireSignBlocksMoneyKeys re-keys a money fact from the sentence before it (sent,
// as moneySentence returns it); "" when the rule does not apply.
func hireSignBlocksMoneyKeys(key, sent string) string {
	t := tail(sent, 100)
	switch {
	case (key == "amount" || key == "price" || key == "fee") && rePerDayDelay.MatchString(sent):
		// "For each day of delay in handover the Tenant will be
		// charged OMR 180.000", "عن كل يوم تأخير": a sum for default.
		return "penalty_amount"
	case key == "fee" && reDocsObtained.MatchString(sent):
		// "Pre-qualification documents may be obtained ... against a
		// non-refundable fee of OMR 150.000": the documents' price.
		return "tender_fee"
	case key != "contract_value" && reContractValueAR.MatchString(t):
		// "تقدر القيمة السنوية للعقد بمبلغ", "بقيمة تقديرية للعقد
		// قدرها": what the contract is worth.
		return "contract_value"
	case (key == "total_amount" || key == "amount" || key == "price") && reAward.MatchString(sent) && reAwardSumHireSignBlocks.MatchString(t):
		// "قررت اللجنة ترسية المناقصة على ... بقيمة إجمالية قدرها",
		// "the Committee awarded the tender to X for a total of": the
		// value of the contract awarded.
		return "contract_value"
	case key == "amount" && reBidBondsAR.MatchString(t):
		// "تعاد ضمانات العطاءات، وقيمة كل منها": the bid bonds.
		return "bid_bond"
	}
	switch key {
	case "amount", "price":
		if j := lastMatch(reHoldInsurance, sent); j >= 0 && !reCapWord.MatchString(sent[j:]) && !reInsuranceCost.MatchString(sent[j:]) && reCoverFloor.MatchString(tail(sent, 80)) {
			// "must hold professional indemnity insurance with a cover
			// of not less than OMR 2,000,000.000", "shall maintain
			// protection and indemnity insurance with a limit of not
			// less than KWD 3,000,000.000", "يحتفظ الاستشاري بتأمين
			// المسؤولية المهنية بمبلغ لا يقل عن": the cover a party
			// must carry, not a sum paid.
			return "insurance_cover"
		}
	}
	return ""
}

var (
	rePerDayDelay            = regexp.MustCompile(`(?i)\b(?:for\s+)?(?:each|every|per)\s+(?:calendar\s+)?(?:day|week)\s+of\s+(?:delay|late)|عن\s+كل\s+(?:يوم|أسبوع)\s+(?:تأخير|تأخر|من\s+التأخير)`)
	reDocsObtained           = regexp.MustCompile(`(?i)\b(?:tender|bid|bidding|pre-?qualification|rfp|rfq|solicitation)\s+documents?\b[^.;]{0,80}\b(?:obtained|purchased|collected|bought|sold|issued)\b[^.;]{0,120}\bfee\s+of\s*$`)
	reContractValueAR        = regexp.MustCompile(`(?:ال)?قيمة\s+(?:ال)?(?:سنوية|تقديرية|إجمالية|اجمالية)\s+(?:للعقد|للاتفاقية)\s+(?:بمبلغ|قدرها|تبلغ|هي)?\s*$`)
	reAward                  = regexp.MustCompile(`(?i)ترسية\s+(?:المناقصة|العطاء|العقد|الممارسة)|\bawarded?\s+(?:the\s+)?(?:tender|contract|bid)\s+to\b`)
	reAwardSumHireSignBlocks = regexp.MustCompile(`(?i)بقيمة\s+(?:إجمالية\s+)?(?:قدرها|تبلغ)?\s*$|\bfor\s+(?:a\s+|the\s+)?(?:total\s+)?(?:(?:value|sum|price|amount)\s+)?(?:of\s+)?$`)
	reBidBondsAR             = regexp.MustCompile(`ضمانات\s+(?:ال)?(?:عطاءات|عروض|مناقصة)[^.؛]{0,30}$`)
	// reHoldInsurance: a party holding, keeping or taking out an
	// insurance (the verb, then the insurance).
	reHoldInsurance = regexp.MustCompile(`(?i)\b(?:hold|holds|maintain|maintains|carry|carries|keep|keeps|take\s+out|procure|effect)\b[^.;]{0,60}\binsurance\b|(?:يحتفظ|يلتزم|يبرم|يوفر|يستخرج)[^.؛]{0,40}(?:بتأمين|تأمين|التأمين|بوثيقة\s+تأمين|وثيقة\s+تأمين)`)
	// reInsuranceCost: what an insurance costs or leaves uncovered
	// (a premium, an excess) is not its cover.
	reInsuranceCost = regexp.MustCompile(`(?i)\b(?:premium|premiums|excess|deductible|cost|costs)\b|قسط|أقساط|تحمل`)
	// reCoverFloor: the words that set a cover's floor or size just
	// before the sum.
	reCoverFloor = regexp.MustCompile(`(?i)\b(?:not\s+less\s+than|at\s+least|minimum(?:\s+of)?|limit\s+of|cover(?:age)?\s+of|sum\s+of|amount\s+of|for)\s*$|(?:لا\s+يقل\s+عن|لا\s+تقل\s+عن|بمبلغ|بقيمة|بحد\s+أدنى)\s*$`)
)

// hireSignBlocksDateKeys re-keys a date fact from the words just before it (ctx)
// and its sentence (clause); top tells whether the date is among the
// document's first lines, hire whether the document offers a job.
func hireSignBlocksDateKeys(f *Fact, ctx, clause string, top, hire bool) {
	set := func(k string) {
		c := dateCueOf(k)
		f.Key, f.Label, f.Role = c.key, c.label, c.role
	}
	switch {
	case top && matches(reMeetingHeld, ctx):
		// "Held on 24 March 2026 at 10:00 a.m." under a minutes'
		// title, "عقدت لجنة المناقصات ... اجتماعها يوم الثلاثاء
		// الموافق ١٤ أبريل ٢٠٢٦م": minutes are dated by their meeting.
		set("issue_date")
	case f.Key == "date" && matches(rePosted, ctx):
		// "Posted: 2 February 2026" at a job advert's or a notice's
		// head: the day it was issued.
		set("issue_date")
	case hire && f.Key == "effective_date" && matches(reStartDateLabel, ctx):
		// "- Start date: 1 April 2026" in a job advert or an offer
		// letter: the day the employee joins (dev6 18's convention;
		// an employment contract's start stays its effective date).
		set("start_date")
	case (f.Key == "date" || f.Key == "document_date") && matches(reMadeAtOn, ctx):
		// "This Charter Party is made in Kuwait City on 10 April 2026":
		// where and when the agreement was made.
		set("agreement_date")
	case matches(reMinutesOf, ctx):
		// "Minutes of 24 March 2026 - page 2": the same date again.
		set("issue_date")
	case matches(reBidsOpened, ctx):
		// "وفتحت المظاريف في ١ أبريل": the day the bids were opened.
		set("bid_opening_date")
	case matches(reDocSale, ctx):
		// "Sale of pre-qualification documents ends | 22 March 2026".
		set("document_purchase_deadline")
	case f.Key == "submission_deadline" || f.Key == "clarification_deadline" || f.Key == "due_date":
	case matches(reDeadlinePrep, ctx) || matches(reByDateAR, ctx):
		switch {
		case matches(reClarify, clause):
			// "Clarification requests must be sent no later than",
			// "يجب إرسال طلبات الاستيضاح في موعد أقصاه".
			set("clarification_deadline")
		case matches(reApplySend, clause):
			// "Applications must be sent by email ... no later than",
			// "Expressions of interest shall be submitted ... no later
			// than": the last day to apply.
			set("submission_deadline")
		case f.Key == "date" && matches(rePaidBy, clause):
			// "The dividend shall be paid ... on or before 21 April
			// 2026": the day a payment falls due.
			set("due_date")
		}
	}
}

var (
	reMeetingHeld    = regexp.MustCompile(`(?i)(?:^|\n)\s*(?:meeting\s+)?(?:held|convened)\s+on\s*$|(?:عقدت|عقد|انعقد|انعقدت)\s[^.،\n]{0,60}(?:اجتماعها|اجتماعه|الاجتماع)\s[^.،\n]{0,30}(?:الموافق|بتاريخ)\s*$`)
	rePosted         = regexp.MustCompile(`(?i)(?:^|\n|[|·•]\s*)\s*(?:date\s+posted|posted(?:\s+on)?)\s*:?\s*$|(?:^|\n)\s*تاريخ\s+النشر\s*:?\s*$`)
	reStartDateLabel = regexp.MustCompile(`(?i)(?:^|\n|[-*•]\s*)\s*(?:expected\s+|proposed\s+)?start(?:ing)?\s+date\s*(?:/[^:\n]{0,30})?:\s*$`)
	reHireDoc        = regexp.MustCompile(`(?i)\b(?:vacancy|vacancies|job\s+(?:advert\w*|title|description|offer)|position\s+of|we\s+are\s+(?:pleased|delighted)\s+to\s+offer|offer\s+of\s+employment|offer\s+letter|the\s+successful\s+candidate)\b|عرض\s+(?:عمل|وظيفي|التوظيف)|وظيفة\s+شاغرة`)
	reMadeAtOn       = regexp.MustCompile(`(?i)\b(?:agreement|contract|charter\s*party|lease|deed)\s+(?:is|was)\s+(?:made|entered\s+into|concluded|signed)\s+(?:at|in)\s+\p{Lu}[\p{L} .'’-]{1,40}?\s+on\s*$`)
	reMinutesOf      = regexp.MustCompile(`(?i)\bminutes\s+of\s+(?:the\s+)?(?:meeting\s+(?:of|held\s+on)\s+)?$|محضر\s+(?:اجتماع\s+)?(?:بتاريخ|المؤرخ\s+في)\s*$`)
	reBidsOpened     = regexp.MustCompile(`(?:فتحت|فتح|تم\s+فتح)\s+(?:المظاريف|الظروف|العطاءات|العروض)\s+(?:في|بتاريخ)\s*$|(?i)(?:^|\n)\s*(?:public\s+)?opening\s+of\s+(?:the\s+)?(?:[\w-]+\s+){0,2}(?:envelopes|bids|tenders|offers|proposals)\s*(?:\||:)\s*(?:on\s+)?$`)
	reDocSale        = regexp.MustCompile(`(?i)\b(?:sale|purchase)\s+of\s+(?:the\s+)?(?:[\w-]+\s+){0,2}documents\s+(?:ends|closes)\W*$|(?i)(?:^|\n)\s*(?:sale|purchase)\s+of\s+(?:the\s+)?(?:[\w-]+\s+){0,2}documents\b[^|\n]{0,80}\|\s*(?:until|by|no\s+later\s+than|closes)\s*$`)
	reByDateAR       = regexp.MustCompile(`(?:في\s+)?موعد\s+أقصاه\s*$|(?:في\s+)?موعد\s+لا\s+يتجاوز\s*$`)
	reClarify        = regexp.MustCompile(`(?i)\bclarification\s+(?:requests?|questions?|queries)\b|\b(?:requests?\s+for\s+clarification|questions|queries)\s+(?:must|shall|should|may)\b|طلبات\s+الاستيضاح|الاستفسارات\s+(?:يجب|ترسل)`)
	reApplySend      = regexp.MustCompile(`(?i)\b(?:applications?|expressions?\s+of\s+interest|CVs?)\s+(?:must|shall|should)\s+be\s+(?:sent|submitted|received|emailed|delivered)\b|(?:تقدم|ترسل|تسلم)\s+(?:طلبات\s+(?:التوظيف|التقديم|إبداء\s+الاهتمام)|الطلبات)`)
	rePaidBy         = regexp.MustCompile(`(?i)\b(?:shall|will|must)\s+be\s+paid\b|(?:يصرف|تصرف|يدفع|تدفع|تسدد|يسدد)\s`)
)

// clauseHireSignBlocks: the sentence before t[ms], joined to the line before when the
// date's line does not start a sentence ("... quoting the reference, no
// later than" / "16 February 2026.").
func clauseHireSignBlocks(t string, ms int, prev string) string {
	s := t[:ms]
	if p := strings.TrimRight(prev, " \t"); p != "" && !strings.Contains(p, " | ") && !strings.Contains(s, " | ") && reClauseStop.FindStringIndex(s) == nil {
		if r, _ := utf8.DecodeLastRuneInString(p); !strings.ContainsRune(".:;؛!?؟", r) {
			s = p + " " + s
		}
	}
	s = tail(s, 2*cueWindow)
	if locs := findAllIndexAt(reClauseStop, s); len(locs) > 0 { // findat.go
		s = s[locs[len(locs)-1][0]+1:]
	}
	return s
}

var (
	// reElectTerm: "The General Assembly elected the following
	// directors for a term of": how long an office lasts (round 11's
	// appointment class), not the term of an agreement.
	reElectTerm = regexp.MustCompile(`(?i)\b(?:elect|elects|elected|re-elected)\b[^.;]{0,80}\bfor\s+a\s+(?:further\s+)?term\s+of\s*$|(?:انتخب|انتخاب|بانتخاب)\s[^.؛]{0,80}لمدة\s*$`)
	// reListValid: "The shortlist shall remain valid for one (1)
	// year", "تظل القائمة المختصرة سارية لمدة": how long a shortlist or
	// a pre-qualification stands, not a contract's term.
	reListValid = regexp.MustCompile(`(?i)\b(?:shortlist|short\s+list|pre-?qualification|prequalified\s+list|approved\s+list)\b[^.;]{0,30}\b(?:remain|remains|be|is)\s+valid\s+for\s*$|(?:القائمة\s+المختصرة|التأهيل\s+المسبق|قائمة\s+المؤهلين)\s+(?:سارية|ساري|صالحة|صالح|نافذة)\s+لمدة\s*$`)
)

// signBlockDate: a "Date:" line alone at the foot of a signing block ("For
// Green Oasis Catering LLC" / "Sultan Al Habsi, Managing Partner" /
// "Date: 16 July 2026"): one of the two lines above it, with no blank line
// between, signs for a party. ls is the date line's start in text, label
// the words before the date on it.
func signBlockDate(text string, ls int, label string) bool {
	if !reDateLabelOnly.MatchString(label) {
		return false
	}
	end := ls
	for range 2 {
		if end <= 0 {
			return false
		}
		start := strings.LastIndexByte(text[:end-1], '\n') + 1
		line := strings.TrimSpace(text[start : end-1])
		if line == "" || utf8.RuneCountInString(line) > 80 {
			return false
		}
		if reSignLead.MatchString(line) && !strings.ContainsAny(line[len(line)-1:], ".;") {
			return true
		}
		end = start
	}
	return false
}

// reDateLabelOnly: a line that is only a "Date:" label.
var reDateLabelOnly = regexp.MustCompile(`(?i)^[\s*_]*(?:date|dated|التاريخ)\s*[:：]\s*$`)
