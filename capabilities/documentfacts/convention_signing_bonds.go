package documentfacts

import (
	"regexp"
	"slices"
	"strings"
)

// Round 18 (issue 29, session 20; docs/documents.md "round 18, the rules
// follow conventions 12-18"): the rules follow the label conventions
// session 20 settled (docs/documents.md, "Issue 29, session 20:
// conventions 12 onwards"). Each decision's rule is hooked by one line
// where conv19's are; the table cases are in convention_signing_bonds_test.go.

// signingBondsConventionDateKeys applies the date decisions to f, last of clauseContextDateKeys's
// re-keyings: t is the date's block, t[ms:me] the date, at its start in
// the document, w the windows the earlier rounds read.
func (x *extractor) signingBondsConventionDateKeys(f *Fact, t string, ms, me, at int, w dateWindows) {
	if f.Type != TypeDate {
		return
	}
	if x.signBlock(f.Key, w, at, at+me-ms) {
		f.Key, f.Label, f.Role, f.Method = "signature_date", "Signature date", "signature", "pattern"
		return
	}
	if completion(f.Key, w) {
		c := cueCompletionDate
		if reOpenTrading.MatchString(w.clause) {
			c = cueOpeningDate // "complete its fit-out and open for trading by"
		}
		f.Key, f.Label, f.Role = c.key, c.label, c.role
	}
}

// Decision 18: the latest day to complete works, an installation, a
// fit-out or a go-live ("complete the curtain wall by 30 June 2026", "If
// the devices are not installed by", "achieve go-live no later than",
// "يلتزم المقاول بإنجاز الأعمال وتسليمها ... على ألا يتجاوز", "على أن
// تسلم الأعمال تسليماً ابتدائياً في موعد أقصاه") is its completion_date;
// delivery_date stays for goods delivered or supplied and premises,
// units, documents or keys handed over, and for "supply and install"
// (its first verb). An opening for trading keeps opening_date (it is no
// key this rule reads).
var (
	// reCompletion: a verb or noun of completing works, an
	// installation, a fit-out or a go-live.
	reCompletion = regexp.MustCompile(`(?i)\b(?:complet(?:e|es|ed|ing|ion)|install(?:s|ed|ing|ation)?|fit-?out|go-?live|commission(?:ed|ing)|erect(?:ed|ion)?)\b|(?:إنجاز|انجاز|استكمال|إتمام|اتمام|تركيب)\s|(?:تسلم|تسليم|استلام)\s+(?:ال)?(?:أعمال|اعمال|مشروع)`)
	// reWorksObject: what is completed is works, not a payment, a form
	// or a registration: for a plain date, the completion must name works.
	reWorksObject = regexp.MustCompile(`(?i)\b(?:works?|installation|fit-?out|go-?live|construction|project|building|wall|erection|commissioning|civil|plant|system|site)\b|(?:الأعمال|الاعمال|أعمال|اعمال|المشروع|التركيب|البناء|الإنشاءات|الانشاءات)`)
	// reGoodsVerb: goods delivered or supplied, premises or keys handed
	// over.
	reGoodsVerb = regexp.MustCompile(`(?i)\b(?:deliver\w*|suppl(?:y|ies|ied|ying)|ship\w*|dispatch\w*|hand(?:s|ed|ing)?\s+over|handover)\b|توريد|بتوريد|يورد|شحن`)
	// reCompletionRow: a table row whose label cell names a completion
	// or a go-live.
	reCompletionRow = regexp.MustCompile(`(?i)^[\s|]*(?:go-?live|(?:practical\s+|final\s+)?completion(?:\s+of\s+(?:the\s+)?(?:works|installation|project))?|installation\s+complete[d]?|إنجاز\s+الأعمال|الانتهاء\s+من\s+الأعمال|التشغيل\s+الفعلي)\s*\|\s*$`)
	// reOpenTrading: a shop opening for trading ("open for trading",
	// "وافتتاح المحل"), whose day is its opening_date.
	reOpenTrading  = regexp.MustCompile(`(?i)\bopen(?:s|ed|ing)?\s+(?:for|to)\s+(?:trading|business|the\s+public)\b|افتتاح`)
	cueOpeningDate = cue{key: "opening_date", role: "due", label: "Opening date"}
	// reHandOverThing: the thing handed over is premises, a unit, keys
	// or documents.
	reHandOverThing = regexp.MustCompile(`(?i)\b(?:premises|keys?|units?|villa|apartment|flat|shop|warehouse|land|plot|documents?|vehicles?|goods|equipment)\b|المأجور|العين|المفاتيح|الوحدة|الشقة|المحل|المستودع|الأرض|المستندات|البضاعة|المعدات`)
	// reFinishWork: the clause finishes the contract's work: "complete
	// the curtain wall", "achieve go-live", "practical completion", the
	// works' provisional handover.
	reFinishWork = regexp.MustCompile(`(?i)\b(?:complete|finish)\s+(?:the\s+|all\s+|its\s+)?(?:[\w-]+\s+){0,5}?(?:by|no\s+later\s+than|on\s+or\s+before|before)\s+$|\bachieve\s+(?:the\s+)?(?:go-?live|practical\s+completion|substantial\s+completion|completion|commissioning|handover|taking[\s-]over)\b|\b(?:practical|substantial)\s+completion\b|تسليما\s+ابتدائيا|تسليماً\s+ابتدائياً|التسليم\s+الابتدائي|الاستلام\s+الابتدائي`)
	// reGoodsWord: what is delivered rather than built: goods, a
	// supply, a shipment, a payment.
	reGoodsWord = regexp.MustCompile(`(?i)\b(?:goods|supply|supplies|shipment|consignment|delivery|deliveries|payment|pay|order|forms?|questionnaire|application)\b|البضاعة|البضائع|التوريد|توريد|الشحنة|الدفع|سداد`)
)

// completion: a date keyed key after window w is the completion of
// works (decision 18). It is the one rule of rounds 18-21 that gives
// completion_date: session 20's DW family (date_work_completion.go, written before
// decision 18) is its second branch since session 21.
func completion(key string, w dateWindows) bool {
	if key != "effective_date" && key != "date" && key != "delivery_date" {
		return false
	}
	if key != "delivery_date" && reCompletionRow.MatchString(w.line) {
		// A milestone row labelled by the completion ("Go-live | 31 July
		// 2026", "Practical completion | ...").
		return true
	}
	if matches(reDeadlinePrep, w.ctx) && matches(reFinishWork, w.clause) && !reDeliverable.MatchString(tail(w.clause, 120)) && !reGoodsWord.MatchString(tail(w.clause, 120)) {
		// The work finished by a limit: "complete the curtain wall by",
		// "achieve go-live no later than", the works' provisional
		// handover (تسليماً ابتدائياً), nothing delivered, supplied or
		// paid at the clause's end (session 20's DW).
		return true
	}
	if key == "effective_date" {
		return false
	}
	c := w.clause
	if strings.TrimSpace(c) == "" || len(c) > 600 {
		c = w.line
	}
	at := lastMatch(reCompletion, c)
	if at < 0 || !matches(reDeadlinePrep, tail(w.ctx, 80)) {
		return false // a limit ("by", "no later than", في موعد أقصاه), not a start ("from the site handover on")
	}
	if lead := leadWords(c[at:], 6); reDeliverable.MatchString(lead) && !reWorksObject.MatchString(lead) {
		return false // "complete and submit the final report by": a document handed over
	}
	if reVerbAfterSum.MatchString(c[at:]) {
		return false // another duty after it ("... and must submit a final report no later than")
	}
	// The verb the sentence leads with: "supply and install" keeps the
	// delivery; "complete the works and hand them over" completes them.
	if g := reGoodsVerb.FindStringIndex(c); g != nil && g[0] < at && !reWorksObject.MatchString(c[g[0]:at]) {
		return false
	}
	if g := reGoodsVerb.FindStringIndex(c[at:]); g != nil && (reHandOverThing.MatchString(c[at:]) || !reWorksObject.MatchString(c[at:at+g[0]])) {
		return false // "complete delivery of the cables", "complete the fit-out and hand over the premises"
	}
	if key == "date" && !reWorksObject.MatchString(c) {
		return false
	}
	return true
}

// Decision 13: a date in a signature block or a closing signing statement
// is the signature_date, a line of its own beside the agreement_date or
// issue_date it equals (dedupe keeps one line per key). The blocks the
// earlier rounds did not read (key_clause_context.go, signLineDate):
//
//   - a line of "Date:" labels side by side, one per signatory ("Date: 27
//     August 2026      Date: 27 August 2026", a row "Date: ... | Date:
//     ..."), in the document's last part;
//   - a "Date:" line, or a "place, date" line ("Kleve / Muscat, 2 February
//     2026"), among a block's signature, name, witness or role lines;
//   - a closing statement that the parties signed on the day ("وإثباتاً
//     لما تقدم وقع الفريقان على هذه الاتفاقية بتاريخ", "In witness whereof
//     the parties have signed this Agreement on").
//
// When such a line is the only date of the document's making, it is its
// agreement_date (signingBondsConventionSigningDates).
var (
	// reDateLabelSigningBonds: a "Date:" label; reDateLabelTail: one ending the
	// text before a date.
	reDateLabelSigningBonds = regexp.MustCompile(`(?i)(?:\bdate|التاريخ)\s*[:：]`)
	reDateLabelTail         = regexp.MustCompile(`(?i)(?:^|[\s|*_])(?:date|dated|التاريخ)\s*[:：]?[\s*_]*$`)
	// reSignArea: a line of a signature block: a signature, a name, a
	// witness, a stamp, "for and on behalf of".
	reSignArea = regexp.MustCompile(`(?i)\b(?:signature|signed|witness(?:es|ed)?|stamp|seal|name\s*[:：]|title\s*[:：]|designation|for\s+and\s+on\s+behalf|on\s+behalf\s+of|authori[sz]ed\s+signatory)\b|التوقيع|توقيع|الشاهد|الشهود|شاهد|الختم|الاسم\s*[:：]|عن\s+(?:ال)?طرف|نيابة\s+عن`)
	// reClauseModal: a line stating a clause, not a block's.
	reClauseModal = regexp.MustCompile(`(?i)\b(?:shall|must|will|may|is|are)\b|يلتزم|يجب|يحق|يجوز`)
	// rePlaceCommaSigningBonds: the place a block is signed at, before its date
	// ("Kleve / Muscat, ").
	rePlaceCommaSigningBonds = regexp.MustCompile(`^[\s*_]*\p{L}[\p{L}'’ .-]{1,30}(?:\s*[/،,&-]\s*\p{L}[\p{L}'’ .-]{1,30})*\s*[,،]\s*$`)
	// reSignedOn: a closing statement that the parties signed ("...
	// signed this Agreement on", "وقع الطرفان ... بتاريخ").
	reSignedOn = regexp.MustCompile(`(?i)\b(?:in\s+witness\s+(?:whereof|of\s+which)|the\s+parties\s+(?:have\s+)?(?:signed|executed))\b[^.\n]{0,160}?\b(?:on|dated)\s*(?:this\s+)?$|\bsigned\s+(?:in|at)\s+\p{L}[\p{L} ,'’-]{1,40}?\s+on\s*$|\bsigned\s+on\s*$|(?:وقع|وقّع|وقعت|وقّعت)\s+(?:ال)?(?:طرفان|طرفين|فريقان|فريقين)[^.\n]{0,160}?(?:بتاريخ|في\s+تاريخ|يوم)\s*$`)
)

// signBlock: the date at (to end) keyed key, after windows w, is in a
// signature block or a closing signing statement (decision 13).
func (x *extractor) signBlock(key string, w dateWindows, at, end int) bool {
	switch key {
	case "date", "agreement_date", "document_date", "issue_date":
	default:
		return false
	}
	text := x.a.text
	if at < len(text)*3/5 || end > len(text) {
		return false
	}
	// The line around the date, looked for within 201 bytes of it
	// only: a longer side is no signing line (issue 34: on a one-line
	// document each date scanned the whole text back to its start).
	lo := max(0, at-201)
	i := strings.LastIndexByte(text[lo:at], '\n')
	if i < 0 && lo > 0 {
		return false // more than 200 bytes before the date
	}
	ls := lo + i + 1
	hi := min(len(text), end+201)
	le := hi
	if i := strings.IndexByte(text[end:hi], '\n'); i >= 0 {
		le = end + i
	} else if hi < len(text) {
		return false // more than 200 bytes after the date
	}
	before, after := text[ls:at], text[end:le]
	if len(before) > 200 || len(after) > 200 {
		return false
	}
	if reDateLabelTail.MatchString(before) && len(reDateLabelSigningBonds.FindAllStringIndex(text[ls:le], -1)) >= 2 {
		return true // "Date: X      Date: X": one per signatory
	}
	if strings.Trim(after, " \t.*_|م") == "" && (reDateLabelTail.MatchString(before) && strings.TrimSpace(reDateLabelTail.ReplaceAllString(before, "")) == "" || rePlaceCommaSigningBonds.MatchString(before)) {
		return signLinesNear(text, ls, le)
	}
	return reSignedOn.MatchString(tail(w.clause, 300))
}

// signLinesNear: one of the four lines with text before the line [ls,
// le) or the two after it is a signature block's (reSignArea, a line
// signing for a party, or a role heading before a name: "صاحب العمل:
// علي مسلم الكثيري").
func signLinesNear(text string, ls, le int) bool {
	var lines []string
	for s := ls; len(lines) < 4 && s > 0; {
		p := strings.LastIndexByte(text[:s-1], '\n') + 1
		if l := strings.TrimSpace(text[p : s-1]); l != "" {
			lines = append(lines, l)
		}
		s = p
	}
	for n, e := 0, le; n < 2 && e < len(text); {
		k := strings.IndexByte(text[e+1:], '\n')
		if k < 0 {
			k = len(text) - e - 1
		}
		if l := strings.TrimSpace(text[e+1 : e+1+k]); l != "" {
			lines = append(lines, l)
			n++
		}
		e = e + 1 + k
	}
	for _, l := range lines {
		if len(l) > 200 || reClauseModal.MatchString(l) {
			continue // a clause ("Signed copies ... shall be kept"), no block's line
		}
		if reSignArea.MatchString(l) || reSignLead.MatchString(l) && strings.ContainsAny(l, ":：") {
			return true
		}
		if i := strings.IndexAny(l, ":："); i > 0 && roleHeading(strings.Trim(l[:i], " *_|")) {
			return true
		}
	}
	return false
}

var (
	// reSigningLine: a signing statement or a "Signature date:" label:
	// a date of the document's making when it is the only one.
	reSigningLine = regexp.MustCompile(`(?i)\bsign(?:ed|ature|ing)\b[^\n]{0,80}$|(?:وقع|وقّع|حرر|حُرر|توقيع)[^\n]{0,160}$`)
	// reOwnDateKeys: the keys of a document's own date.
	reOwnDateKeys = map[string]bool{"agreement_date": true, "issue_date": true, "document_date": true, "invoice_date": true}
)

// signingBondsConventionSigningDates, decision 13: in an agreement whose only date of its
// making is a signing line ("This Lease is signed in Abu Dhabi on",
// "Signature date: 30 June 2026" under the title, "حرر في ... بتاريخ"),
// that date is the agreement_date, one line (its twin in the other
// language keyed so already, the signature line is dropped); a "Date:"
// under a signature stays the signature_date. facts and cands are
// aligned, and returned so.
func signingBondsConventionSigningDates(facts []Fact, cands []candidate, a *assembled) ([]Fact, []candidate) {
	if titleKind(a) != "agreement" || len(cands) != len(facts) {
		return facts, cands
	}
	signing := func(i int) bool {
		at := cands[i].startIn(a.text)
		ls := strings.LastIndexByte(a.text[:at], '\n') + 1
		return reSigningLine.MatchString(a.text[max(ls, at-240):at])
	}
	idx, val, twin := -1, "", false
	for i, f := range facts {
		if f.Type != TypeDate {
			continue
		}
		if reOwnDateKeys[f.Key] {
			if f.Key != "agreement_date" || !signing(i) {
				return facts, cands // a date of the making of its own
			}
			twin = true // "حرر في السويق بتاريخ" beside "Signed at Al Suwaiq on"
			if val != "" && val != f.Normalized {
				return facts, cands
			}
			val = f.Normalized
			continue
		}
		if f.Key != "signature_date" || !signing(i) {
			continue
		}
		if idx >= 0 || val != "" && val != f.Normalized {
			return facts, cands // two signing lines: none is the agreement's alone
		}
		idx, val = i, f.Normalized
	}
	if idx < 0 {
		return facts, cands
	}
	if twin {
		return slices.Delete(facts, idx, idx+1), slices.Delete(cands, idx, idx+1)
	}
	c := cueAgreementDate
	facts[idx].Key, facts[idx].Label, facts[idx].Role = c.key, c.label, c.role
	return facts, cands
}

// signingBondsConventionRequirements applies the requirement decisions to x.reqs, after
// session 19's conventions (requirements.go).
func (x *clauseExtractor) signingBondsConventionRequirements(ctx reqContext) {
	if ctx.binding {
		return
	}
	x.standardGoods()
	if ctx.tender {
		x.performanceBonds()
	}
	x.bondValidity()
	x.laterRequirementConventions(ctx) // requirement_conventions.go: conventions 27-32
}

// Decision 14: goods, materials, equipment or a process the bidder offers
// that must conform to, meet or be certified to a named standard ("أن
// تكون الأعمدة المقترحة مطابقة للمواصفات القياسية الخليجية", "must
// comply with EN 1789", "certified to NSF/ANSI 61") is a compliance
// requirement; a property of the goods stated first (a figure: "must
// achieve an outlet emission of not more than 10 mg/Nm³ and comply with
// the emission standards") keeps technical, the standard being its
// second limb. Requirements are read in tenders only (a purchase order
// or a contract states none: ctx.binding).
var (
	// reConform: the goods conform to, meet or are certified to.
	reConform = regexp.MustCompile(`(?i)\b(?:conform(?:s|ing)?|complies|comply(?:ing)?|compliant|certified|meet(?:s|ing)?|in\s+accordance|tested)\s+(?:with|to|by|the|a)?\b|مطابق|مطابقة|مطابقاً|مطابقا|تطابق|يطابق|وفقاً?\s+ل|حسب|معتمدة?\s+من`)
	// reNamedStandardSigningBonds: a standard named, or a standards body's
	// specification.
	reNamedStandardSigningBonds = regexp.MustCompile(`(?i)\b(?:standards?|specifications?\s+of\s+the\s+\p{Lu}|gso|en\s*\d|iec\s*\d|iso\s*\d|bs\s*(?:en\s*)?\d|astm|ansi|nsf|bifma|energy\s+star|ul\s*\d|ce\s+mark(?:ed|ing)?|saso|asme|api\s*\d|din\s*\d)\b|(?:ال)?مواصف(?:ة|ات)\s+(?:ال)?(?:قياسية|دولية|أوروبية|اوروبية|خليجية|عمانية|سعودية|المعتمدة)|(?:ال)?مقاييس|هيئة\s+التقييس|(?:ISO|IEC|EN|GSO)\s*[0-9٠-٩]`)
	// reFigureFirst: a property stated by a figure before the
	// standard ("achieve an outlet emission of not more than 10 mg").
	reFigureFirst = regexp.MustCompile(`(?i)\b(?:achieve|not\s+(?:more|less)\s+than|at\s+least|minimum|maximum|capacity|efficiency)\b|لا\s+(?:تقل|يقل|تزيد|يزيد)|بقدرة|بسعة`)
)

// standardGoods re-categorises the technical requirements that are a
// conformity to a named standard, and the compliance ones led by a
// figure (decision 14).
func (x *clauseExtractor) standardGoods() {
	for i := range x.reqs {
		r := &x.reqs[i]
		t := r.r.Requirement
		m := reConform.FindStringIndex(t)
		if m == nil || !reNamedStandardSigningBonds.MatchString(t[m[0]:]) {
			continue
		}
		figure := reFigureFirst.MatchString(t[:m[0]])
		switch {
		case r.r.Category == "technical" && !figure:
			r.r.Category = "compliance"
		case r.r.Category == "compliance" && figure:
			r.r.Category = "technical"
		}
	}
}

// Decision 16: in a tender, RFQ, RFP or prequalification a performance
// bond the winner, the contractor or the supplier must furnish ("The
// Contractor shall provide a performance bond of 10% of the contract
// price" among its conditions of contract, "يقدم المناقص الفائز ضمان حسن
// الأداء", "يلتزم المناقص الفائز بتقديم ضمان نهائي", "على من ترسو عليه
// المناقصة تقديم ضمان حسن تنفيذ") is a financial requirement as well as
// the party's obligation (winnerBonds read the winner's alone, in its
// narrower words). In a contract it is no requirement (ctx.binding).
var (
	// rePerfBond: a performance bond or final guarantee.
	rePerfBond = regexp.MustCompile(`(?i)\bperformance\s+(?:bond|security|guarantee)\b|حسن\s+(?:ال)?(?:تنفيذ|أداء|اداء)|(?:ال)?(?:ضمان|تأمين|كفالة)\s+(?:ال)?(?:نهائي|نهائية)`)
	// reFurnish: the party is to furnish it.
	reFurnish = regexp.MustCompile(`(?i)\b(?:furnish|provide|submit|lodge|deliver|give|post)\b|تقديم|يقدم|يُقدم|تقدم|بتقديم`)
	// reBondAfterlife: the bond's return, release, forfeiture,
	// reduction or validity: no condition to furnish it.
	reBondAfterlife = regexp.MustCompile(`(?i)\b(?:returned|released|refunded|forfeited|confiscated|reduced|encashed|remain\s+valid|remain\s+in\s+force)\b|يعاد|يُعاد|يرد|يُرد|يصادر|يُصادر|مصادرة|الإفراج|الافراج|يفرج|يخفض`)
)

// performanceBonds adds the financial requirement of a performance
// bond a tender binds a party to furnish, where no requirement reads the
// sentence yet (decision 16).
func (x *clauseExtractor) performanceBonds() {
	for si, sp := range x.sents {
		if x.reqSents[si] || x.skipped(sp) || sp.end-sp.start > 500 {
			continue
		}
		t := x.a.text[sp.start:sp.end]
		if !rePerfBond.MatchString(t) || !reFurnish.MatchString(t) || reBondAfterlife.MatchString(t) {
			continue
		}
		if !reOblEN.MatchString(t) && !reOblAR.MatchString(t) && !reArClauseAla.MatchString(t) && !reArStartAla.MatchString(t) && !reArWinnerDuty.MatchString(t) {
			continue
		}
		if x.reqOverlaps(sp.start, sp.end) {
			continue
		}
		x.addSentenceRequirement(sp, "financial", bondConfidence)
	}
}

// reArWinnerDuty: an Arabic duty stated by its verb before the party
// ("يقدم المناقص الفائز", "على من ترسو عليه المناقصة تقديم").
var reArWinnerDuty = regexp.MustCompile(`(?:^|[\s.:)-])(?:يقدم|يُقدم|تقدم)\s+(?:ال)?(?:مناقص|متناقص|مقاول|مورد|متقدم|شركة)|على\s+(?:من\s+ترسو\s+عليه|المناقص|المقاول|المورد|المتقدم)`)

// Decision 15: the validity of a bid bond ("The bid bond shall remain
// valid for 90 days beyond the validity of the bid", "يجب أن يكون الضمان
// الابتدائي سارياً لمدة تسعين يوماً") is the bond's one financial
// requirement line, carried by the validity sentence only when no other
// sentence names the bond in that language; its period is a duration, and
// it is no obligation (signingBondsConventionObligations).
var (
	// reValidityState: a bid, bond or guarantee that shall remain
	// valid, a state ("shall remain valid", "يظل ساريا", "تبقى العطاءات
	// سارية"), the thing, not a party, as subject.
	reValidityState = regexp.MustCompile(`(?i)\b(?:bids?|tenders?|proposals?|quotations?|offers?|expressions?\s+of\s+interest|eois?|bonds?|guarantees?|security|securities)\s+(?:\([^)]{0,40}\)\s+)?(?:shall|must|will|should|is\s+to|are\s+to)\s+(?:remain|be|stay)\s+(?:valid|open|in\s+force)\b|(?:يظل|تظل|يبقى|تبقى|يكون|تكون)\s+(?:ال)?(?:عطاءات|عطاء|عروض|عرض|ضمان|كفالة|تأمين)[^.،\n]{0,40}?(?:ساري|سارية|سارياً|ساريا|صالح|صالحة|صالحاً|صالحا)`)
	// reKeepValid: a party that binds itself to keep its bid valid
	// ("shall keep its bid valid", "undertake to keep this bid valid",
	// "يلتزم المناقص بأن يظل عطاؤه سارياً", "بأن يبقى هذا العطاء سارياً").
	reKeepValid = regexp.MustCompile(`(?i)\bkeep\s+(?:its|this|our|the|his|their)\s+(?:bid|tender|proposal|offer)s?\s+(?:open\s+and\s+)?valid\b|بأن\s+(?:يظل|يبقى)\s+(?:هذا\s+)?(?:عطاؤه|عطاءه|عرضه|العطاء|عطاءنا|عطاؤنا)`)
)

// bondValidity drops a financial requirement read from a bond's
// validity sentence when another financial requirement of the same
// language names a bond.
func (x *clauseExtractor) bondValidity() {
	drop := map[int]bool{}
	for i, r := range x.reqs {
		if r.r.Category != "financial" || !reValidityState.MatchString(r.r.Requirement) {
			continue
		}
		for j, o := range x.reqs {
			if j != i && !drop[j] && o.r.Category == "financial" && hasArabic(o.r.Requirement) == hasArabic(r.r.Requirement) &&
				!reValidityState.MatchString(o.r.Requirement) && reGuarantee.MatchString(o.r.Requirement) && bondKind(o.r.Requirement) != "performance" && !rePerfBond.MatchString(o.r.Requirement) {
				drop[i] = true
				break
			}
		}
	}
	if len(drop) == 0 {
		return
	}
	kept := x.reqs[:0]
	for i, r := range x.reqs {
		if !drop[i] {
			kept = append(kept, r)
		}
	}
	x.reqs = kept
}

// signingBondsConventionObligations, decisions 15 and 17: a bid, proposal, quotation or
// bond that shall remain valid is a state, no obligation; a party that
// binds itself to keep its bid valid keeps its obligation, and is the
// bidder (the writer of a bid letter, "We undertake to keep this bid
// valid", is read as the letter's issuer).
func (x *clauseExtractor) signingBondsConventionObligations() {
	kept := x.obls[:0:0]
	for _, o := range x.obls {
		a := o.o.Action
		if reKeepValid.MatchString(a) {
			if o.o.PartyRole == "issuer" {
				o.o.PartyRole = "bidder"
			}
		} else if reValidityState.MatchString(a) && (o.o.PartyRole == "" || o.o.PartyRole == "-") {
			continue
		}
		kept = append(kept, o)
	}
	x.obls = kept
}

// leadWords: the first n words of s.
func leadWords(s string, n int) string {
	end := 0
	for i, f := 0, strings.Fields(s); i < n && i < len(f); i++ {
		end = strings.Index(s[end:], f[i]) + end + len(f[i])
	}
	return s[:end]
}
