package documentfacts

import (
	"regexp"
	"strings"
)

// Round 16 (issue 29, session 18): the requirement conventions session 18
// settled (docs/documents.md, "six conventions settled", decisions 1 and
// 2; tests in convention_first_six_test.go). One pass over the requirements found,
// hooked once at the end of requirements():
//
//   - decision 1: a condition on the people the bidder must field (a named
//     role, its engineers, drivers, analysts, staff) is technical, whatever
//     the condition on them (degree, years, certificate, licence); not in a
//     job advert or a call to individuals (there the person is the
//     applicant), and not a floor or a cap on the enterprise's headcount or
//     its Omani share (eligibility);
//   - decision 2: the applicant's own named professional certificate
//     (NEBOSH, IOSH, CIPS, CPA, ACCA, PMP, a cloud certification) is
//     compliance; a degree, a licence to practise, a driving licence and a
//     membership stay eligibility.

var (
	// reStaffLead16: the words that may open a key-staff condition before
	// the role: a list marker, the bidder's possessive, a quantifier and
	// qualifiers ("1.4 The proposed", "The applicant's proposed", "Each",
	// "At least two (2)", "Lead").
	reStaffEN = regexp.MustCompile(`(?i)^\s*(?:[-*•·]\s*|\(?[a-z]?[0-9][0-9.]*[.)]?\s+|\(?(?:[a-h]|[ivx]{1,4})[.)]\s+)?` +
		`(?:(?:the|a|an|each|every|all|any|one|two|three|four|five|six|seven|eight|nine|ten|at\s+least|a\s+minimum\s+of|minimum|not\s+less\s+than|[0-9]+|\([0-9]+\))\s+){0,4}` +
		`(?:(?:bidder|applicant|tenderer|contractor|supplier|consultant|firm|company|service\s+provider|vendor)(?:'s|’s|s')\s+)?` +
		`(?:(?:proposed|nominated|assigned|dedicated|designated|qualified|certified|licensed|experienced|trained|skilled|full-time|resident|permanent|local|support|service|security|in-house|on-?site|senior|key|lead|chief|principal|head|site|project|field|engagement|operations|plant|qa/qc|hse|safety|quality|technical|maintenance|audit|design|contract|construction|commercial|[a-z]+ing)\s+){0,3}` +
		`(?:staff|personnel|team\s+(?:leaders?|members)|engineers?|managers?|supervisors?|foremen|foreman|coordinators?|partners?|designers?|experts?|specialists?|analysts?|drivers?|technicians?|operators?|inspectors?|auditors?|surveyors?|architects?|translators?|interpreters?|trainers?|instructors?|officers?|chemists?|nurses?|doctors?|physicians?|pharmacists?|dietitians?|nutritionists?|accountants?|guards?|welders?|electricians?|pilots?|crew|divers?|actuar(?:y|ies)|chefs?|cooks?|lifeguards?|veterinarians?)\b`)
	// reStaffARRequirementConventions: the Arabic forms ("مدير المشروع", "يفضل أن يكون لدى
	// الشركة مهندسون", "يفضل أن يحمل الموظفون", "وجود مصمم رئيسي").
	reStaffARRequirementConventions = regexp.MustCompile(`^\s*(?:[-*•·]\s*|[0-9٠-٩][0-9٠-٩.\-]*\s*[.)\-]?\s+|\p{Arabic}\s*[-.)]\s+)?` +
		`(?:(?:يجب|يشترط|يُشترط|يفضل|يُفضل|يتعين|ينبغي)\s+(?:أن|ان)\s+)?(?:(?:يكون|تكون|يتوفر|تتوفر|يتوافر|يحمل|تحمل|يمتلك|يملك)\s+)?` +
		`(?:(?:لدى|لدي|ضمن\s+(?:فريق|طاقم)|في\s+(?:فريق|طاقم))\s+(?:مقدم\s+(?:العطاء|العرض|الطلب)|الشركة|المتناقص|المورد|المقاول|المتقدم|المكتب|الاستشاري)\s+)?` +
		`(?:(?:وجود|توفر|توافر|تعيين|عدد)\s+)?` +
		`(?:ال)?(?:مهندس|مهندسو|مهندسين|مدير\s+(?:ال)?(?:مشروع|محطة|موقع|عمليات|فني)|مصمم|خبير|خبراء|مشرف|مشرفو|مشرفين|فني|فنيو|فنيين|سائق|سائقو|سائقين|مراقب|أخصائي|اخصائي|مدقق|مدققو|مدققين|مترجم|مترجمو|مترجمين|موظفو|موظفون|موظفين|فريق\s+(?:ال)?عمل|شريك\s+مسؤول|طاقم|كادر)`)
	// reHeadcount: a floor or cap on the enterprise's people or their
	// Omani share: the enterprise's attribute, eligibility.
	reHeadcount = regexp.MustCompile(`(?i)\b(?:(?:workers|employees|staff)\s+registered|registered\s+(?:workers|employees|staff)|omanis?|nationals?|omani[sz]ation|headcount|social\s+insurance|workforce|fewer\s+than|no\s+more\s+than|not\s+more\s+than|up\s+to|maximum\s+of)\b|التعمين|(?:ال)?عمانيين|(?:ال)?عمانيون|مسجلين|التأمينات|لا\s+يزيد|أقل\s+من`)
	// reNotStaffPartner: partners that are firms, not people.
	reNotStaffPartner = regexp.MustCompile(`(?i)\b(?:joint[\s-]+venture|jv|consortium|local|business|strategic|technology|implementation)\s+partners?\b`)
	// reJobLike: a job advert or a call to individuals: the person is
	// the applicant.
	reJobLike = regexp.MustCompile(`(?i)\bvacanc(?:y|ies)\b|\bjob\b|\b(?:is|are)\s+(?:hiring|recruiting)\b|\bwe\s+are\s+(?:hiring|recruiting|looking\s+for)\b|\bindividual\s+consultants?\b|\bcandidates?\b|وظيفة|وظائف|المرشح|المرشحين`)
	// reProCert: a named professional certificate of a person.
	reProCert = regexp.MustCompile(`\b(?:NEBOSH|IOSH|CIPS|CPA|ACCA|CMA|CIMA|ICAEW|CFA|PMP|PRINCE2|CISSP|CISA|CISM|OSCP|CEH|CCNA|CCNP|CCIE|ITIL|TOGAF|LEED|CIPD|SHRM|CSCP|CPSM|FRM|CBAP|CMRP)\b|(?i:\bprofessional\s+(?:qualification|certification|certificate)s?\b|\bsix\s+sigma\b|\b(?:aws|azure|google\s+cloud)\s+(?:certified|certification)\b)`)
	// reNotCert: a membership, a degree or a licence: eligibility.
	reNotCert = regexp.MustCompile(`(?i)\bmember(?:ship)?\b|\bdegree\b|\bbachelor|\bmaster'?s\b|\blicen[cs]e\b|عضوية|عضو|بكالوريوس|ماجستير|رخصة`)
)

// keyStaffRequirementConventions: requirement t is a condition on a person the bidder fields.
func keyStaffRequirementConventions(t string) bool {
	t = strings.TrimSpace(t)
	if reHeadcount.MatchString(t) {
		return false
	}
	if m := reStaffEN.FindStringIndex(t); m != nil {
		return !reNotStaffPartner.MatchString(t[:min(len(t), m[1]+20)])
	}
	return reStaffARRequirementConventions.MatchString(stripTashkeel(t))
}

// requirementConventionsCategory is the category of requirement t, cat as read before.
func requirementConventionsCategory(t, cat string, ctx reqContext, jobLike bool) string {
	switch cat {
	case "documentation", "financial", "insurance":
		return cat
	}
	if ctx.selecting && !jobLike && !reDocNoun.MatchString(t) && keyStaffRequirementConventions(t) {
		return "technical" // decision 1
	}
	if (cat == "eligibility" || cat == "experience") && reProCert.MatchString(t) && !reNotCert.MatchString(t) && (jobLike || !keyStaffRequirementConventions(t)) {
		return "compliance" // decision 2
	}
	return cat
}

// requirementConventions applies the conventions to x.reqs; the other half
// of a line in two languages (the requirement next to it on the same
// line, in the other script) takes the category too.
func (x *clauseExtractor) requirementConventions(ctx reqContext) {
	if ctx.binding || len(x.reqs) == 0 {
		return
	}
	jobLike := reJobLike.MatchString(prefixBytes(x.a.text, 600))
	text := x.a.text
	for i := range x.reqs {
		r := &x.reqs[i]
		c := requirementConventionsCategory(text[r.start:r.end], r.r.Category, ctx, jobLike)
		if c == r.r.Category {
			continue
		}
		r.r.Category = c
		for _, j := range []int{i - 1, i + 1} {
			if j < 0 || j >= len(x.reqs) {
				continue
			}
			o := &x.reqs[j]
			lo, hi := min(r.end, o.end), max(r.start, o.start)
			if lo <= hi && strings.Contains(text[lo:hi], "\n") {
				continue // not on the same line
			}
			if hasArabic(text[o.start:o.end]) != hasArabic(text[r.start:r.end]) && o.r.Category != "documentation" {
				o.r.Category = c
			}
		}
	}
}

// Round 18c (issue 29, session 20; docs/documents.md "round 18c, the
// rules follow conventions 27-32"): the rules follow the label
// conventions 27-32 (docs/documents.md, "Issue 29, session 20:
// conventions 27 onwards"). Hooked by one line after signingBondsConventionRequirements
// (requirements.go); the table cases are in requirement_conventions_test.go.

// laterRequirementConventions applies the requirement decisions of 27-32.
func (x *clauseExtractor) laterRequirementConventions(ctx reqContext) {
	if ctx.binding {
		return
	}
	x.splitDocuments()
	if ctx.selecting {
		x.bidderConditionsRequirementConventions()
	}
}

// Decisions 29, 30 and 32: a tender's condition on the bidder read from
// its sentence wherever it stands (the requirement sections read those
// under their headings), a requirement instead of an obligation:
//
//   - 29: years of experience of the bidder, the applicant or the
//     candidate ("ألا تقل خبرة المتقدم عن خمس سنوات", "the bidder must
//     have at least 5 years' experience") are experience; of the staff it
//     fields (a project manager) technical, as the sections read them;
//   - 30: "Companies not registered with X may not apply", "only ... may
//     apply", "is not eligible", "shall not be listed on any debarment
//     list", "لا يحق للشركات غير المسجلة التقدم": eligibility; a rule on
//     the bids ("late bids will not be accepted") nothing;
//   - 32: a site visit or pre-bid meeting the bidder must attend ("Bidders
//     must attend a pre-bid meeting", "Attendance at the site visit is
//     mandatory", "على مقدم العطاء زيارة الموقع"): eligibility; an optional
//     or recommended visit, or a key-dates row without "mandatory", nothing.
var (
	reMustAttend                        = regexp.MustCompile(`(?i)\b(?:must|shall|is\s+required\s+to|are\s+required\s+to|required\s+to)\s+(?:\w+\s+){0,2}?(?:attend\b[^.;\n]{0,60}?\b(?:site\s+visit|pre-?bid|pre-?tender|pre-?proposal|clarification\s+meeting|bidders'?\s+(?:conference|meeting)|site\s+inspection)|visit\s+the\s+(?:site|premises)\b)|\b(?:site\s+visit|pre-?bid\s+(?:meeting|conference)|pre-?tender\s+meeting|site\s+inspection)\b[^.;\n]{0,60}?\b(?:is|are|shall\s+be|will\s+be)\s+(?:mandatory|compulsory|obligatory)\b|\b(?:mandatory|compulsory)\s+(?:site\s+visit|pre-?bid\s+(?:meeting|conference)|site\s+inspection)\b|(?:يجب|يتعين|يلتزم|على|يشترط|يُشترط)[^.؛\n]{0,50}?(?:حضور|زيارة)\s+(?:ال)?(?:موقع|اجتماع\s+(?:ال)?تمهيدي|الاجتماع\s+التمهيدي|اجتماع\s+ما\s+قبل)|(?:زيارة\s+(?:ال)?موقع|(?:ال)?اجتماع\s+(?:ال)?تمهيدي)[^.؛\n]{0,60}?(?:إلزامي|إلزامية|الزامي|الزامية|إجباري|إجبارية)`)
	reOptionalVisit                     = regexp.MustCompile(`(?i)\b(?:optional|recommended|encouraged|advised|advisable|may\s+attend|may\s+visit|not\s+mandatory|non-mandatory)\b|يفضل|يُفضل|اختياري|يمكن|يجوز|ينصح|يُنصح`)
	reNotEligibleRequirementConventions = regexp.MustCompile(`(?i)\b(?:not\s+eligible|ineligible)\b|\b(?:may|shall|can|will)\s+not\s+(?:apply|bid|tender|participate)\b|\bcannot\s+(?:apply|bid|tender|participate)\b|\b(?:may|can)\s+(?:apply|bid|tender|participate|respond)\s+only\b|^\W*(?:[0-9][0-9.]*\s+)?only\b[^.;\n]{0,100}?\b(?:may|can)\s+(?:apply|bid|tender|participate|respond)\b|\bshall\s+not\s+be\s+(?:listed|blacklisted|debarred|suspended)\b|لا\s+(?:يحق|يجوز|يسمح)\s+(?:لل|ل)(?:شركات|مؤسسات|متقدمين|مناقصين|متناقصين|موردين|مقاولين|جهات|أفراد|شركة|مؤسسة)[^.؛\n]{0,80}?(?:التقدم|الاشتراك|المشاركة|الدخول)|لا\s+(?:يحق|يجوز)\s+(?:التقدم|الاشتراك|المشاركة)[^.؛\n]{0,60}?إلا|يقتصر\s+(?:ال)?(?:اشتراك|تقدم|مشاركة)`)
	// reBidsSubject: a rule on the bids, not on the bidder.
	reBidsSubject = regexp.MustCompile(`(?i)^\W*(?:[0-9][0-9.]*\s+)?(?:late\s+|incomplete\s+|any\s+|all\s+|the\s+)?(?:bids?|tenders?|proposals?|offers?|quotations?|submissions?|applications?|documents?)\b|العطاءات|العروض`)
	reBidderYears = regexp.MustCompile(`(?:ألا|الا|أن\s+لا|ان\s+لا|أن\s+لا|لا)\s+(?:تقل|يقل)\s+(?:خبرة\s+(?:ال)?(?:متقدم|مناقص|متناقص|شركة|مقاول|مورد|مقدم\s+العطاء|مكتب|مرشح)|خبرته|خبرتها)[^.؛\n]{0,60}?(?:سنة|سنوات|سنتين|عام|أعوام|اعوام|عامين)|(?i:\b(?:bidder|tenderer|applicant|contractor|supplier|consultant|firm|company|candidate)s?\s+(?:must|shall|should)\s+(?:have|possess|demonstrate)\s+(?:a\s+minimum\s+of\s+|at\s+least\s+|not\s+less\s+than\s+|minimum\s+)?(?:[a-z]+\s+)?\(?[0-9]*\)?\s*years?'?\s+(?:of\s+)?(?:\w+\s+)?experience)`)
)

// conditionRequirementConventions: the category of the bidder's condition sentence t states
// (decisions 29, 30, 32), "" when none.
func conditionRequirementConventions(t string) string {
	switch {
	case reMustAttend.MatchString(t) && !reOptionalVisit.MatchString(t):
		return "eligibility"
	case reNotEligibleRequirementConventions.MatchString(t) && !reBidsSubject.MatchString(t):
		return "eligibility"
	case reBidderYears.MatchString(t):
		return "experience"
	}
	return ""
}

// bidderConditionsRequirementConventions adds the requirement of each sentence stating a
// bidder's condition that no requirement reads yet, and keeps it from the
// obligations; a requirement read already of such a sentence takes its
// category (an eligibility line of the bidder's years is experience).
func (x *clauseExtractor) bidderConditionsRequirementConventions() {
	for i := range x.reqs {
		r := &x.reqs[i]
		c := conditionRequirementConventions(r.r.Requirement)
		if c != "" && r.r.Category != c && r.r.Category != "technical" && r.r.Category != "documentation" {
			r.r.Category = c
		}
	}
	for si, sp := range x.sents {
		if x.reqSents[si] || x.skipped(sp) || sp.end-sp.start > 400 {
			continue
		}
		t := x.a.text[sp.start:sp.end]
		c := conditionRequirementConventions(t)
		if c == "" {
			continue
		}
		x.reqSents[si] = true
		if x.reqOverlaps(sp.start, sp.end) {
			continue
		}
		lead := leadingNumber(t)
		r := Requirement{Requirement: clip(strings.TrimSpace(t[lead:]), 300), Category: c, Mandatory: true, Method: "clause", Confidence: 0.75}
		x.reqs = append(x.reqs, reqFound{r: r, start: sp.start + lead, end: sp.end, explicit: true, section: x.sectionOf[sp.seg]})
	}
}

// Decision 28: each document a submit sentence or a list item names
// ("a copy of its Commercial Registration certificate and Chamber of
// Commerce membership", "Applicants should send a CV and copies of
// certificates", "الكتالوجات والمواصفات الفنية", "السجل التجاري وشهادة
// الانتساب") is a documentation line of its own, anchored on its own
// words (splitDocLists, requirement_document_lists.go, parts lists of three or more led
// by "shall include"; this parts the rest). A noun with joined modifiers
// stays one: a part that names no document of its own ("CVs of the
// project manager and the lead engineer", "degree and NEBOSH
// certificates", "statements for 2023, 2024 and 2025") leaves the line
// whole. A bond among them is left to the bond rules (decision 3).
var (
	// reDocHeadEN: an English noun that is a document.
	reDocHeadEN = regexp.MustCompile(`(?i)\b(?:cop(?:y|ies)|registrations?|certificates?|memberships?|cards?|profiles?|references?|cvs?|résumés?|resumes?|data\s*sheets?|drawings?|statements?|lists?|letters?|catalog(?:ue)?s?|brochures?|licen[cs]es?|transcripts?|specifications?|declarations?|forms?|power\s+of\s+attorney|authori[sz]ations?|undertakings?|reports?|accounts|portfolios?|photo(?:graph)?s?|passports?|diplomas?|manuals?|clearances?|organi[sz]ation\s+charts?|method\s+statements?|schedules?|questionnaires?|(?:work|business|quality|safety)\s+plans?|samples?)\b`)
	// reDocHeadAR: an Arabic noun that is a document, opening a part.
	reDocHeadAR = regexp.MustCompile(`^(?:ال)?(?:كتالوج|كتالوجات|كاتالوج|مواصفات|شهادة|شهادات|سجل|صورة|صور|نسخة|نسخ|بطاقة|قوائم|قائمة|ميزانية|ميزانيات|خطاب|خطابات|رسالة|رسائل|سيرة|سير|مخططات|رسومات|ترخيص|رخصة|كشف|كشوف|إقرار|اقرار|تعهد|نموذج|نماذج|تقرير|تقارير|هوية|جواز|عقد\s+التأسيس|وثيقة|وثائق|بيانات|نتائج|حسابات)(?:\s|$|[.،,؛;])`)
	// reSepEN, reSepAR: where documents part ("and", a comma).
	reSepEN = regexp.MustCompile(`,\s+(?:and\s+)?|\s+and\s+|\s+&\s+`)
	reSepAR = regexp.MustCompile(`\s*[،,]\s*(?:و\s*)?|\s+و`)
	// reBondPart: a bond or guarantee, left to the bond rules.
	reBondPart = regexp.MustCompile(`(?i)\b(?:bonds?|guarantees?|security)\b|ضمان|كفالة|تأمين`)
	// reCertsPlural, reCertWordRequirementConventions: certificates the last part opens
	// its documents with, in the plural, the head its earlier parts share
	// when they name no certificate of their own.
	reCertsPlural                    = regexp.MustCompile(`(?i)^certificates$`)
	reCertWordRequirementConventions = regexp.MustCompile(`(?i)\bcertificates?\b`)
	// rePrepPart: a part that opens on a preposition ("..., with
	// client references") qualifies the document before it.
	// reCopyOf: "a copy of", whose "of" a later part repeats.
	reCopyOf = regexp.MustCompile(`(?i)\bcop(?:y|ies)\s+of\b`)
	// reLaterDuty: a second duty joined after the documents ("... and
	// be sent by 30 September"), left to the last document's line.
	reLaterDuty = regexp.MustCompile(`(?i)\s+and\s+(?:be|must|shall|should|are|is|will)\s`)
	rePrepPart  = regexp.MustCompile(`(?i)^(?:with|for|of|in|from|by|including|includ\w+|showing|covering|stating|signed|duly)\b`)
)

// splitDocuments parts each documentation line naming two or more
// documents into one line per document (decision 28).
func (x *clauseExtractor) splitDocuments() {
	var out []reqFound
	for _, r := range x.reqs {
		if r.r.Category != "documentation" || r.end-r.start > 300 || r.end > len(x.a.text) {
			out = append(out, r)
			continue
		}
		parts := docParts(x.a.text[r.start:r.end])
		if len(parts) < 2 {
			out = append(out, r)
			continue
		}
		for _, p := range parts {
			n := r
			n.start, n.end = r.start+p[0], r.start+p[1]
			n.r.Requirement = clip(strings.TrimSpace(x.a.text[n.start:n.end]), 300)
			out = append(out, n)
		}
	}
	x.reqs = out
}

// docParts: the spans of t, one per document it names, when t names
// two to six documents joined by "and", "و" or commas; nil otherwise.
// The first span runs from t's start (its verb), the last to t's end.
func docParts(t string) [][2]int {
	if reBondPart.MatchString(t) || strings.Contains(t, "\n") {
		return nil
	}
	body := strings.TrimRight(t, " .;:؛")
	arabic := firstLetterArabic(body)
	sep := reSepEN
	if arabic {
		sep = reSepAR
	}
	limit := len(body)
	if m := reLaterDuty.FindStringIndex(body); m != nil && !arabic {
		limit = m[0]
	}
	var spans [][2]int
	from := 0
	for _, m := range sep.FindAllStringIndex(body[:limit], -1) {
		if arabic && !reDocHeadAR.MatchString(body[m[1]:]) {
			continue // "لغرفة تجارة وصناعة عمان": a name's و, no document after it
		}
		spans = append(spans, [2]int{from, m[0]})
		from = m[1]
	}
	spans = append(spans, [2]int{from, len(body)})
	if len(spans) < 2 || len(spans) > 6 {
		return nil
	}
	copyOf := reCopyOf.MatchString(body[:spans[0][1]])
	for i, s := range spans {
		p := strings.TrimSpace(body[s[0]:s[1]])
		if copyOf && i > 0 && strings.HasPrefix(p, "of ") {
			p = p[len("of "):] // "a copy of the CR and of the VAT registration certificate"
		}
		if !docPart(p, i == 0, arabic) {
			return nil
		}
	}
	if last := body[spans[len(spans)-1][0]:]; !arabic && reCertsPlural.MatchString(reDocHeadEN.FindString(last)) && !reCertWordRequirementConventions.MatchString(body[:spans[0][1]]) {
		return nil // "degree and NEBOSH certificates", "the commercial registration and Tender Board certificates": certificates, one line
	}
	spans[len(spans)-1][1] = len(strings.TrimRight(t, " \n"))
	return spans
}

// docPart: part p names a document of its own: the first part ends on
// its document (within its last words), a later one opens on it.
func docPart(p string, first, arabic bool) bool {
	w := strings.Fields(p)
	if len(w) == 0 || len(w) > 16 {
		return false
	}
	if arabic {
		if first {
			for i := len(w) - 1; i >= 0; i-- {
				if reDocHeadAR.MatchString(strings.Join(w[i:], " ")) {
					return true
				}
			}
			return false
		}
		return reDocHeadAR.MatchString(p)
	}
	if !first && rePrepPart.MatchString(p) {
		return false
	}
	var span []string
	if first {
		span = w[max(0, len(w)-5):]
	} else {
		span = w[:min(len(w), 7)]
	}
	return reDocHeadEN.MatchString(strings.Join(span, " "))
}
