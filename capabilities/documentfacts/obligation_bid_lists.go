package documentfacts

import (
	"regexp"
	"slices"
	"strings"
)

// Obligations and requirements by families, session 24 (issue 29,
// docs/documents.md "Issue 29, session 24: obligations, requirements and
// parties (bidListsObligations)").

// bidListsObligations applies the session's obligation families after the earlier
// rounds'.
func (x *clauseExtractor) bidListsObligations() {
	x.bankLetterDuties() // party_bank_letters.go
	x.bidListDuties()
	x.docSentenceDuties()
	x.arDefinedSubjects()
	x.arNegatedConditions()
}

// Family C: "shall commence" is a state when a contract, a term or a
// lease commences ("This Agreement shall commence on 1 May"), and a duty
// when a party commences an act ("The Contractor shall commence the works
// within 21 days", "The Consultant shall commence the Services on the
// Effective Date", "The Employee shall commence work on 1 June"): the
// party named before it and the act after it.
var reCommenceAct = regexp.MustCompile(`(?i)^\s*commence\s+(?:the|its|his|her|their|all|any|such|work|works|services?|duty|duties|employment|performance|operations?|mobili[sz]ation|(?:work|pay|perform|deliver|supply|operat|provid|build|construct|install|mobili[sz])ing)\b`)

// commenceDuty: the words after an obligation word are a party's
// commencing of an act (family C).
func (x *clauseExtractor) commenceDuty(pre, after string) bool {
	if !reCommenceAct.MatchString(after) {
		return false
	}
	subj := tail(pre, subjectWindow)
	_, ok := x.partyIn(subj)
	return ok && !possessiveThing(subj)
}

// Family D (convention 66 and decision 31): in a tender's requirements
// section, what tells how a bid is prepared or asked about is the bid's
// duty, no condition to qualify: its prices' currency and terms ("Prices
// shall be quoted in Omani rials", "All rates must be expressed in",
// تقدم الأسعار بالدينار), where questions go ("Questions must be sent in
// writing", ترسل الاستفسارات), as the manner of submission already is
// (reSubmitManner); and a lead-in of the bid's contents ending in a colon
// ("Your quotation must include:", "يجب أن يتضمن العطاء ما يلي:") is a
// lead-in, its items the documents.
var reBidManner = regexp.MustCompile(`(?i)\b(?:prices?|rates?|quotations?|bids?|offers?|tenders?|proposals?|questions?|queries|enquiries|inquiries|clarifications?|requests?\s+for\s+clarifications?)\s+(?:shall|must|should|are\s+to|is\s+to)\s+(?:be\s+)?(?:quoted|expressed|stated|given|priced|sent|directed|addressed|raised|e-?mailed)\b|(?:^|\s)(?:يجب\s+أن\s+)?(?:تقدم|تُقدم|تكون|ترسل|تُرسل|توجه|تُوجه)\s+(?:جميع\s+|كافة\s+)?(?:الأسعار|الاسعار|الاستفسارات|الأسئلة|الاستيضاحات)(?:\s|$)`)

// bidListLead: t leads in a list of the bid's contents (family D).
func bidListLead(t string) bool {
	t = strings.TrimSpace(t)
	return len(t) < 200 && (strings.HasSuffix(t, ":") || strings.HasSuffix(t, "：")) && bidContentLead(t)
}

// reBondItem: an item of a bid's contents that is a bond or a
// guarantee, financial, not a document.
var reBondItem = regexp.MustCompile(`(?i)\b(?:bonds?|guarantees?|security)\b|ضمان|كفالة|تأمين`)

// bidListsRequirements applies the session's requirement families after the earlier
// rounds'.
func (x *clauseExtractor) bidListsRequirements(ctx reqContext) {
	x.bidListItems()
	x.bondPapers()
	x.categoryCues()
	if ctx.tender {
		x.bondClauses()
	}
	if ctx.selecting {
		x.docSentences()
	}
}

// bidListItems (family D, convention 66): under a lead-in of the bid's
// contents ("Your quotation must include:", "Bidders shall submit the
// following:", "يجب أن يتضمن العطاء ما يلي:") each item is a document to
// submit, `documentation` (a bond as the bond rules read it), whatever its words name
// (a licence, datasheets, a bill of quantities); the lead-in is the
// bid's one duty, read by the obligations.
func (x *clauseExtractor) bidListItems() {
	text := x.a.text
	for _, ln := range x.bidLists() {
		for k := range x.reqs {
			r := &x.reqs[k]
			if r.start < ln.e || r.start >= ln.end {
				continue
			}
			if !reBondItem.MatchString(text[r.start:r.end]) {
				r.r.Category = "documentation" // a bond keeps what the bond rules gave it
			}
		}
		x.reqs = slices.DeleteFunc(x.reqs, func(r reqFound) bool { return r.start >= ln.s && r.end <= ln.e })
		for si, sp := range x.sents {
			if sp.start < ln.e && ln.s < sp.end {
				x.reqSents[si] = false
			}
		}
	}
}

// reListEndModal: a line stating a duty or a condition of its own.
var reListEndModal = regexp.MustCompile(`(?i)\b(?:must|shall|should|will)\b|يجب|يشترط|يلتزم|لا\s+يجوز`)

// bidList is a lead-in line of a bid's contents [s, e) and the end of
// its items.
type bidList struct{ s, e, end int }

// bidLists are the text's lead-ins of a bid's contents followed by
// lettered, numbered or bulleted items.
func (x *clauseExtractor) bidLists() []bidList {
	text := x.a.text
	lines := lineSpans(text)
	var out []bidList
	for i, ln := range lines {
		if !bidListLead(text[ln.s:ln.e]) {
			continue
		}
		end := ln.e
		for _, l2 := range lines[i+1:] {
			t := strings.TrimSpace(text[l2.s:l2.e])
			if t == "" {
				continue
			}
			if !reItemStart.MatchString(t) && !reListItem.MatchString(t) || x.a.segmentAt(l2.s).heading || reListEndModal.MatchString(t) {
				break // a heading, or a clause with a modal of its own, ends the list
			}
			end = l2.e
		}
		if end > ln.e {
			out = append(out, bidList{ln.s, ln.e, end})
		}
	}
	return out
}

// bidListDuties (family D): a lead-in of a bid's contents that no
// sentence reader took (a line ending in a colon reads as a heading) is
// the bid's one duty: the bidder's when it names one, else no party's
// ("Your quotation must include:" binds no one).
func (x *clauseExtractor) bidListDuties() {
	text := x.a.text
	for _, ln := range x.bidLists() {
		if slices.ContainsFunc(x.obls, func(o oblFound) bool { return o.start < ln.e && ln.s < o.end }) {
			continue
		}
		t := text[ln.s:ln.e]
		o := Obligation{Modality: "must", Method: "clause", Confidence: 0.75}
		at := ln.s
		if m := reOblEN.FindStringIndex(t); m != nil && !hasArabic(t) {
			if p, ok := x.partyIn(t[:m[0]]); ok && p.role != "" {
				o.Party, o.PartyRole = p.text, p.role
			}
			at = ln.s + m[1]
		} else if m := reBidderWord.FindStringIndex(t); m != nil {
			o.Party, o.PartyRole = strings.TrimSpace(t[m[0]:m[1]]), "bidder"
		}
		for at < ln.e && (text[at] == ' ' || text[at] == '\t') {
			at++
		}
		if !hasArabic(t) {
			at = max(at, ln.s)
		} else if m := reItemStart.FindStringIndex(t); m != nil {
			at = ln.s + m[1]
		}
		o.Action = strings.TrimRight(strings.TrimSpace(text[at:ln.e]), ":： ")
		if o.Action == "" {
			continue
		}
		x.obls = append(x.obls, oblFound{o: o, start: ln.s, end: ln.e, focus: at, sent: x.sentenceAt(at), clauseStart: at, clauseEnd: ln.e})
	}
	slices.SortStableFunc(x.obls, func(a, b oblFound) int { return a.start - b.start })
}

// Family G: a document list's item that is the original or a copy of a
// bond or guarantee letter ("أصل ضمان العطاء", "أصل خطاب الضمان البنكي",
// "the original bid bond", "a copy of the bank guarantee") is a document
// to hand in, `documentation`; the bond's own financial requirement is
// the sentence that states it (its amount, its issuer).
var reBondPaper = regexp.MustCompile(`(?i)^[\s\-•*▪·–]*(?:\(?[0-9a-z٠-٩]{1,3}[.)]\s*|\(?\p{Arabic}[.)\-]\s*)?(?:(?:the|an?)\s+)?(?:original|copy|certified\s+copy|scanned\s+copy)\s+(?:of\s+)?(?:the\s+|a\s+|its\s+)?(?:bank\s+|bid\s+|tender\s+)?(?:bond|guarantee|security)|^[\s\-•*▪·–]*(?:\(?[0-9٠-٩]{1,3}[.)]\s*|\(?\p{Arabic}[.)\-]\s*)?(?:أصل|صورة|نسخة)\s+(?:من\s+)?(?:خطاب\s+)?(?:ال)?(?:ضمان|كفالة)`)

// reAmount: an amount or a share stated in the text.
var reAmount = regexp.MustCompile(`[0-9٠-٩]|٪|%|بمبلغ|بنسبة|قيمته|قدره`)

func (x *clauseExtractor) bondPapers() {
	paper := func(r reqFound) bool {
		t := x.a.text[r.start:r.end]
		return reBondPaper.MatchString(t) && !reAmount.MatchString(strings.TrimLeft(t, " -•*0123456789٠١٢٣٤٥٦٧٨٩.()"))
	}
	x.reqs = slices.DeleteFunc(x.reqs, func(r reqFound) bool {
		// the item's financial twin, read beside its documentation line
		return r.r.Category == "financial" && paper(r) && slices.ContainsFunc(x.reqs, func(o reqFound) bool {
			return o.r.Category == "documentation" && o.start < r.end && r.start < o.end
		})
	})
	for i := range x.reqs {
		if r := &x.reqs[i]; r.r.Category == "financial" && paper(*r) {
			r.r.Category = "documentation"
		}
	}
}

// Family G2: a bond's sentence that goes on to the bond's validity ("يجب
// أن يرفق بالعطاء ضمان عطاء بمبلغ ...، ويجب أن يظل ضمان العطاء سارياً
// لمدة ...", "Each bid must be accompanied by a bid bond of ..., and the
// bond shall remain valid for ...") was read whole as the bond's
// validity, no condition; its first clause is the bond's financial
// requirement.
var reValidityClause = regexp.MustCompile(`(?i)[،,;؛]\s*(?:و\s*)?(?:and\s+)?(?:يجب\s+أن\s+)?(?:(?:the|this|such)\s+(?:bid\s+|tender\s+)?(?:bond|guarantee|security)\s+(?:shall|must|is\s+to)\s+(?:remain|be)\s+valid|(?:و?يجب\s+أن\s+)?(?:ي|ت)ظل\s+(?:ال)?(?:ضمان|كفالة))`)

func (x *clauseExtractor) bondClauses() {
	for i, sg := range x.a.segs {
		if sg.heading || sg.end-sg.start > 600 {
			continue
		}
		t := x.a.text[sg.start:sg.end]
		b := reAccompanyBond.FindStringIndex(t)
		if b == nil {
			continue
		}
		v := reValidityClause.FindStringIndex(t[b[1]:])
		if v == nil {
			continue
		}
		start, end := sg.start, sg.start+b[1]+v[0]
		if x.skipped(span{start, end, i}) || slices.ContainsFunc(x.reqs, func(r reqFound) bool { return r.start < end && start < r.end }) {
			continue
		}
		section := ""
		if i < len(x.sectionOf) {
			section = x.sectionOf[i]
		}
		x.reqs = append(x.reqs, reqFound{r: Requirement{Requirement: clip(strings.Join(strings.Fields(x.a.text[start:end]), " "), 300), Category: "financial", Mandatory: true, Method: "clause", Confidence: 0.8},
			start: start, end: end, explicit: true, section: section})
	}
	slices.SortStableFunc(x.reqs, func(a, b reqFound) int { return a.start - b.start })
}

// Family A: a requirement's category by its strongest cue, in either
// language. A bidder's turnover, revenue, sales or capital is financial
// whatever period it counts ("ألا يقل متوسط إيراداته السنوية خلال آخر
// ثلاث سنوات عن", "average annual turnover over the last three years"),
// not experience by its years; the bidder's own experience in a kind of
// work for a number of years is experience ("ألا تقل خبرته في أعمال
// الإنارة عن ثماني سنوات"), not technical by the work it names, unless
// it is a member of its staff's (an engineer's, a manager's: technical);
// a share of the capital owned by nationals stays what it was.
var (
	reFinancialCue  = regexp.MustCompile(`(?i)\b(?:annual\s+)?turnover\b|\brevenues?\b|\bnet\s+worth\b|\bpaid[- ]up\s+capital\b|\bannual\s+sales\b|(?:^|\s)(?:ال)?(?:إيرادات|ايرادات)(?:ه|ها)?(?:\s|$)|(?:^|\s)(?:ال)?مبيعات(?:ه|ها)?\s+(?:ال)?سنوية|رأس\s*(?:ال)?مال|رأسمال|الملاءة\s+المالية|صافي\s+(?:ال)?أصول`)
	reExperienceCue = regexp.MustCompile(`(?i)(?:^|\s)(?:ال)?خبرت(?:ه|ها|هم)\s|(?:^|\s)(?:ال)?خبرة\s|\bexperience\b`)
	reOwnershipCue  = regexp.MustCompile(`(?i)\bowne(?:d|rship)\b|\bshareholding\b|\bshare\s+of\b|نسبة|المساهمة|حصة|ملكية`)
	reYearsCue      = regexp.MustCompile(`(?i)\byears?\b|سنوات|سنة|عاماً|عاما|أعوام`)
	reStaffCue      = regexp.MustCompile(`(?i)\b(?:engineers?|managers?|supervisors?|staff|personnel|technicians?|specialists?|foremen|foreman|team\s+leader|key\s+experts?|translators?|interpreters?|partners?|accountants?|auditors?|drivers?|operators?|guards?|assigned|nominated|proposed)\b|مهندس|مدير|مشرف|فني|فنيين|أخصائي|موظف|كادر|طاقم|خبير`)
)

func (x *clauseExtractor) categoryCues() {
	for i := range x.reqs {
		r := &x.reqs[i]
		t := x.a.text[r.start:r.end]
		switch {
		case (r.r.Category == "experience" || r.r.Category == "technical" || r.r.Category == "eligibility") && reFinancialCue.MatchString(t) && !reOwnershipCue.MatchString(t):
			r.r.Category = "financial"
		case r.r.Category == "technical" && reExperienceCue.MatchString(t) && reYearsCue.MatchString(t) && !reStaffCue.MatchString(t):
			r.r.Category = "experience"
		case r.r.Category == "experience" && staffSubject(t):
			r.r.Category = "technical"
		}
	}
}

// reFirmCue: the bidder itself named as the subject.
var reFirmCue = regexp.MustCompile(`(?i)\b(?:bidders?|tenderers?|applicants?|firms?|compan(?:y|ies)|suppliers?|contractors?|consultants?|vendors?)\b|المناقص|المتقدم|الشركة|المورد|المقاول|الاستشاري`)

// staffSubject: the requirement is on a member of the bidder's staff,
// named before the experience asked of it ("Team Leader experience in
// the GCC", "Each translator assigned must have five years' experience",
// "يجب أن يكون لدى مدير المشروع خبرة"): technical (the staff), not the
// firm's experience.
func staffSubject(t string) bool {
	e := reExperienceCue.FindStringIndex(t)
	if e == nil {
		return false
	}
	head := t[:e[0]]
	s := reStaffCue.FindStringIndex(head)
	return s != nil && !reFirmCue.MatchString(head[:s[0]])
}

// Family H: a sentence that names the documents to submit inline
// ("Applicants shall submit the commercial registration, the food
// establishment licence and the audited accounts", "يقدم المناقص صورة من
// سجله التجاري وخطاب تفويض من الشركة المصنعة") gives one documentation
// requirement per document (decision on several documents in one
// sentence), when no requirement was read from it; the sentence stays
// the bidder's one duty.
var (
	reDocSentEN  = regexp.MustCompile(`(?i)\b(?:bidders?|tenderers?|applicants?|suppliers?|consultants?|candidates?|firms?)\s+(?:shall|must|are\s+to|is\s+to|(?:is|are)\s+required\s+to)\s+(?:also\s+)?(?:submit|provide|enclose|attach|furnish|upload)\s+(?:with\s+(?:its|their)\s+(?:bids?|offers?|applications?|proposals?)\s+)?`)
	reDocSentAR  = regexp.MustCompile(`(?:^|\s)(?:[0-9٠-٩]+[.)]\s*)?(?:و)?(?:يقدم|يرفق|يُقدم|يُرفق)\s+(?:ال)?(?:مناقص|متقدم|مورد|مقاول|متناقص)(?:ون|ين)?\s+(?:مع\s+(?:عطائه|طلبه|عرضه|عطاءاتهم|طلباتهم)\s+)?(?:بعطائه\s+)?`)
	reDocNounEN  = regexp.MustCompile(`(?i)\b(?:registration|licen[cs]es?|certificates?|accounts|statements?|letters?|cards?|cvs?|profiles?|lists?|schedules?|declarations?|authori[sz]ations?|permits?|bills?\s+of\s+quantities|datasheets?|brochures?|catalogues?|references?|copies|copy|undertakings?|forms?|plans?|programmes?)\b`)
	reDocNounAR  = regexp.MustCompile(`^(?:صورة|نسخة|شهادة|شهادات|خطاب|السجل|سجل|ترخيص|الترخيص|الحسابات|البيانات|كشف|قائمة|جدول|إقرار|الإقرار|بطاقة|البطاقة|ملف|سيرة|السير|الشهادة|الشهادات|القوائم)`)
	reDocVerbAR  = regexp.MustCompile(`(?:و)?(?:يقدم|يرفق|يُقدم|يُرفق)`)
	reDocSplitEN = regexp.MustCompile(`(?i),\s*(?:and\s+)?|\s+and\s+`)
)

func (x *clauseExtractor) docSentences() {
	for si, sp := range x.sents {
		if x.skipped(sp) || sp.end-sp.start > 400 {
			continue
		}
		t := x.a.text[sp.start:sp.end]
		var parts [][2]int // the documents, as offsets in t
		if m := reDocSentEN.FindStringIndex(t); m != nil && !hasArabic(t) {
			rest := strings.TrimRight(t[m[1]:], ". ")
			at := m[1]
			for _, p := range splitKeep(rest, reDocSplitEN) {
				piece := rest[p[0]:p[1]]
				if !reDocNounEN.MatchString(piece) || len(strings.Fields(piece)) > 10 {
					parts = nil
					break
				}
				parts = append(parts, [2]int{at + p[0], at + p[1]})
			}
		} else if m := reDocSentAR.FindStringIndex(t); m != nil {
			rest := strings.TrimRight(t[m[1]:], ". ")
			at := m[1]
			cuts := []int{0}
			for k := 0; k < len(rest); k++ {
				if strings.HasPrefix(rest[k:], " و") && reDocNounAR.MatchString(rest[k+len(" و"):]) {
					cuts = append(cuts, k+1)
				}
			}
			cuts = append(cuts, len(rest))
			for k := 0; k+1 < len(cuts); k++ {
				piece := strings.TrimPrefix(rest[cuts[k]:cuts[k+1]], "و")
				if !reDocNounAR.MatchString(piece) {
					parts = nil
					break
				}
				s := cuts[k] + (len(rest[cuts[k]:cuts[k+1]]) - len(piece))
				parts = append(parts, [2]int{at + s, at + cuts[k+1]})
			}
		}
		lineStart := strings.LastIndexByte(x.a.text[:sp.start], '\n') + 1 // a clause number may stand apart
		if len(parts) < 2 || slices.ContainsFunc(x.reqs, func(r reqFound) bool {
			return r.start < sp.end && sp.start < r.end && (r.r.Category == "documentation" || r.start < lineStart || r.end > sp.end+1)
		}) {
			continue // split already, or read with more than the sentence
		}
		// A whole-sentence line of another category (the section's) gives way.
		x.reqs = slices.DeleteFunc(x.reqs, func(r reqFound) bool { return r.start < sp.end && sp.start < r.end })
		for _, p := range parts {
			v := strings.TrimSpace(t[p[0]:p[1]])
			s := sp.start + p[0] + strings.Index(t[p[0]:p[1]], v)
			x.reqs = append(x.reqs, reqFound{r: Requirement{Requirement: clip(strings.Join(strings.Fields(v), " "), 300), Category: "documentation", Mandatory: true, Method: "clause", Confidence: 0.75},
				start: s, end: s + len(v), explicit: true, section: x.sectionAtBidLists(sp.start)})
		}
		x.reqSents[si] = false
	}
	slices.SortStableFunc(x.reqs, func(a, b reqFound) int { return a.start - b.start })
}

// sectionAtBidLists is the requirements section over off.
func (x *clauseExtractor) sectionAtBidLists(off int) string {
	for i := len(x.a.segs) - 1; i >= 0; i-- {
		if x.a.segs[i].start <= off {
			if i < len(x.sectionOf) {
				return x.sectionOf[i]
			}
			return ""
		}
	}
	return ""
}

// docSentenceDuties (family H): an Arabic sentence that names the
// documents a bidder submits is the bidder's one duty, also when its
// subject is plural ("يقدم المتقدمون السجل التجاري و...").
func (x *clauseExtractor) docSentenceDuties() {
	for si, sp := range x.sents {
		if x.reqSents[si] || x.skipped(sp) || sp.end-sp.start > 400 {
			continue
		}
		t := x.a.text[sp.start:sp.end]
		m := reDocSentAR.FindStringIndex(t)
		if m == nil || !reDocNounAR.MatchString(t[m[1]:]) || slices.ContainsFunc(x.obls, func(o oblFound) bool { return o.start < sp.end && sp.start < o.end }) {
			continue
		}
		at := m[0] + reDocVerbAR.FindStringIndex(t[m[0]:])[0]
		f := strings.Fields(t[at:m[1]])
		party := ""
		if len(f) > 1 {
			party = f[1]
		}
		o := Obligation{Party: party, PartyRole: "bidder", Modality: "must", Action: clip(strings.TrimRight(strings.TrimSpace(t[at:]), "."), 300), Method: "clause", Confidence: 0.75}
		x.obls = append(x.obls, oblFound{o: o, start: sp.start, end: sp.end, focus: sp.start + at, sent: si, clauseStart: sp.start + at, clauseEnd: sp.end})
	}
	slices.SortStableFunc(x.obls, func(a, b oblFound) int { return a.start - b.start })
}

// Family K: an Arabic party's own defined word ('معهد X ذ.م.م ("المعهد")',
// 'شركة X، ويشار إليها فيما يلي بـ"الشركة"') binds the duties whose
// subject it is ("يلتزم المعهد بفحص ...", "يسدد المعهد قيمة الفاتورة"),
// in that party's role, as an English defined word does.
var reArDutyHead = regexp.MustCompile(`^(?:و|ف)?(?:[يت](?:دفع|سدد|تحمل|قوم|تولى|وفر|قدم|سلم|صرف|رد|لتزم|تعهد))\s+(\p{Arabic}+)`)

func (x *clauseExtractor) arDefinedSubjects() {
	text := x.a.text
	roles := map[string]string{} // the defined word -> the role
	for _, f := range x.parties {
		if f.Role == "" || f.EntityType == "person" || !hasArabic(f.Value) {
			continue
		}
		for _, at := range occurrences(text, f.Value) {
			w := strings.Trim(strings.TrimSpace(definitionAt(text, at+len(f.Value), true)), `"«»“”`)
			if strings.HasPrefix(w, "ال") && roleOf(w) == "" {
				if r, ok := roles[w]; ok && r != f.Role {
					roles[w] = "" // two parties, one word: no one's
				} else if !ok {
					roles[w] = f.Role
				}
			}
		}
	}
	if len(roles) == 0 {
		return
	}
	for i := range x.obls {
		o := &x.obls[i].o
		if o.PartyRole != "" || !hasArabic(o.Action) {
			continue
		}
		w := o.Party
		if w == "" {
			if m := reArDutyHead.FindStringSubmatch(o.Action); m != nil {
				w = m[1]
			}
		}
		if r := roles[w]; r != "" {
			o.Party, o.PartyRole = w, r
		}
	}
}

// Family N: a present verb negated by لم under a condition ("إذا لم
// يسدد المستأجر ... خلال خمسة عشر يوماً، يحق للمؤجر", "إذا تأخر المستأجر
// ولم يسددها خلال ثلاثين يوماً") states what triggers a remedy, no duty,
// as "if the Tenant fails to pay" is none.
var (
	reArNegBefore = regexp.MustCompile(`(?:^|\s)و?لم\s*$`)
	reArCondWord  = regexp.MustCompile(`(?:^|\s)(?:إذا|اذا|إن|ان|في\s+حال|حال|حالة|متى|كلما|ما)(?:\s|$)`)
)

func (x *clauseExtractor) arNegatedConditions() {
	text := x.a.text
	x.obls = slices.DeleteFunc(x.obls, func(f oblFound) bool {
		if !hasArabic(f.o.Action) || f.clauseStart <= f.start || f.clauseStart > f.end {
			return false
		}
		before := text[f.start:f.clauseStart]
		m := reArNegBefore.FindStringIndex(before)
		return m != nil && reArCondWord.MatchString(before[max(0, m[0]-160):m[0]])
	})
}
