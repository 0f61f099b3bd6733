package documentfacts

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Requirements: conditions a bidder, applicant, candidate or supplier
// must (mandatory) or should (optional) meet. Under a requirements heading
// every sentence with a requirement word and every item that is a noun
// phrase ("A copy of the Commercial Registration (mandatory).") is one;
// elsewhere a sentence is one when it says "should", "preferred", "an
// advantage" of bidders or applicants, or "is required" / "يشترط" without
// naming who must act. Whether a unit is one at all is decided in one
// place, judgeRequirement (requirement_criterion.go): none in a document that binds
// parties already chosen, none for what is no condition (validity,
// reservations, definitions, the manner of submission, headings).

var (
	reReqHeading = regexp.MustCompile(`(?i)\b(?:requirements|eligibility|qualifications?|qualification\s+criteria|pre-?qualification|who\s+(?:can|may|should)\s+apply|documents?\s+(?:to\s+(?:be\s+)?(?:submit(?:ted)?|provide[d]?|attach(?:ed)?)|required)|required\s+documents|mandatory\s+documents|supporting\s+documents|submission\s+documents|bid\s+(?:security|bond)|tender\s+(?:security|bond)|what\s+we(?:'re|\s+are)\s+looking\s+for|desirable|preferred|nice\s+to\s+have|advantageous|your\s+profile|selection\s+criteria|minimum\s+criteria|conditions\s+(?:of|for)\s+(?:participation|eligibility|registration|qualification))\b` +
		`|شروط\s+(?:التأهيل|المشاركة|الاشتراك|التقديم|التأهل)|المتطلبات|متطلبات|المؤهلات|مزايا\s+إضافية|يفضل|المستندات\s+المطلوبة|الوثائق\s+المطلوبة|الضمان\s+الابتدائي|التأمين\s+المؤقت|التأمين\s+الابتدائي|التأهيل|الأهلية` + reqHeadingsListsTables + reqHeadingsSplitParts + reqHeadingsStructures) // requirement_lists_tables.go, requirement_split_parts.go, requirement_structures.go
	// Requirement words.
	reReqOptional  = regexp.MustCompile(`(?i)\bshould\b|\b(?:additional|extra|bonus)\s+(?:points|marks|credit)\b|\bpreference\s+(?:will|shall)\s+be\s+given\b|\bgiven\s+preference\b|أفضلية|\bpreferred\b|\bpreferably\b|\bdesirable\b|\ban\s+advantage\b|\badvantageous\b|\ba\s+plus\b|\bideally\b|\bnice\s+to\s+have\b|\(optional\)|\boptional\b|يفضل|يُفضل|ويفضل|من\s+المستحسن|ميزة\s+إضافية|اختياري` + reqOptionalListsTables + reqOptionalStructures) // requirement_structures.go
	reReqMandatory = regexp.MustCompile(`(?i)\bmust\b|\bshall\b|\brequired\b|\bmandatory\b|\bessential\b|\bcompulsory\b|\bneed(?:s)?\s+to\b|\bis\s+a\s+must\b|\bobligatory\b|يجب|يشترط|يُشترط|يتعين|يلزم|إلزامي|الزامي|مطلوب|ضروري|(?:^|\s)على\s+\S+\s+أن`)
	// reCopula: a sentence with one is a statement, not an item.
	reCopula     = regexp.MustCompile(`(?i)\b(?:is|are|was|were|will|has|have|had|be)\b|(?:^|\s)(?:هو|هي|قدره|قدرها|بقيمة)(?:\s|$)|:\s`)
	reListMarker = regexp.MustCompile(`^\s*(?:` + checkbox + `[-*•·▪]|\(?[0-9٠-٩]{1,2}[.)]|\(?[a-z][.)])\s+`)
	// rePassiveRequired: "A professional qualification is required."
	rePassiveRequired = regexp.MustCompile(`(?i)\b(?:is|are)\s+(?:required|mandatory|essential|compulsory)\b(?:\s*(?:[.;,]|$)|\s+(?:for|of|from|with|in)\b)`)
	reMarkedMandatory = regexp.MustCompile(`(?i)\(\s*(?:mandatory|required|compulsory)\s*\)|\((?:إلزامي|الزامي|مطلوب)\)`)

	// Categories, tried in order (documentation also by its heading or a
	// document noun, see requirementCategory); none is eligibility.
	reqCategories = []struct {
		name string
		re   *regexp.Regexp
	}{
		{"insurance", regexp.MustCompile(`(?i)\binsurance\b|\binsured\b|تأمين\s+(?:ال)?مسؤولية|تأمين\s+ضد|تأمين\s+شامل|وثيقة\s+تأمين|بوليصة`)},
		{"financial", regexp.MustCompile(`(?i)\b(?:bid|tender)\s+(?:bond|security)\b|\bperformance\s+(?:bond|security|guarantee)\b|\bbank\s+guarantee\b|\bguarantee\b|\bturnover\b|\bpaid-?up\s+capital\b|\bsolvency\b|\bnet\s+worth\b|\bannual\s+(?:sales|revenues?)\b|\bcredit\s+facilit(?:y|ies)\b|حجم\s+الأعمال|تسهيلات\s+ائتمانية|المبيعات\s+السنوية|متوسط\s+المبيعات|الإيرادات\s+السنوية|ضمان|كفالة|التأمين\s+المؤقت|تأمين\s+مؤقت|التأمين\s+الابتدائي|رأس\s+مال|ملاءة`)},
		// A registration or licence to hold is eligibility (the later
		// label specification), whatever the activity it names ("for
		// the supply of equipment" is no technical requirement), also
		// when its sentence says "include" of the activity; so are an
		// authorised dealer or partner and a joint venture rule.
		{"eligibility", regexp.MustCompile(`(?i)\b(?:be|is|are)\s+registered\b|\bhold\s+(?:a\s+)?(?:valid\s+)?(?:commercial\s+)?(?:registration|licen[cs]e)\b|\bregistered\s+(?:with|in|on)\b|مسجل(?:ة|اً|ا)?\s+(?:لدى|في)|حاصلاً?\s+على\s+سجل|سجل\s+تجاري\s+ساري|مرخصة?\s+(?:من|لدى)|\bauthori[sz]ed\s+(?:dealers?|distributors?|agents?|partners?|resellers?)\b|وكيل\s+معتمد|موزع\s+معتمد|\bjoint\s+ventures?\b|بالمشاركة\s+مع|ائتلاف`)},
		{"documentation", regexp.MustCompile(`(?i)\b(?:provide|submit|submitted|attach|attached|include|enclose|send|upload|furnish|present)\b|تقديم|إرفاق|ارفاق|يرفق|إرسال|ارسال|\bauthori[sz]ation\s+letter\b|\bletter\s+of\s+authori[sz]ation\b|\bmanufacturer'?s\s+authori[sz]ation\b|تفويض\s+من|\b(?:registration|membership|completion)\s+certificates?\b|شهادة\s+(?:تسجيل|عضوية)`)},
		{"experience", regexp.MustCompile(`(?i)\bexperience\b|\btrack\s+record\b|\bsimilar\s+(?:projects|contracts|works|supplies|supply|services|assignments|installations)\b|(?:مشاريع|أعمال|عمليات|عقود)[^.؛]{0,30}مماثلة|\byears?\s+in\b|\b(?:delivered|completed|executed|implemented|carried\s+out)\b[^.;]{0,40}\b(?:projects?|contracts?|works|installations?)\b|خبرة|سابقة\s+أعمال|سنوات\s+في|مشاريع[^.؛]{0,30}مماثلة|أعمال\s+مماثلة`)},
		// A certificate to a standard (ISO 9001, NSF/ANSI 61) is
		// compliance in the later label specification (the older
		// guideline said technical; see docs/documents.md).
		{"compliance", regexp.MustCompile(`(?i)\biso\b|\bcertified\s+(?:to|under|as\s+per|according\s+to)\b|\bstandards?\b|الأيزو|الايزو|معتمدة?\s+وفق|المواصفة\s+القياسية|وفق\s+المواصفة|\bomani[sz]ation\b|\bcomply\b|\bcompliance\b|\bcompliant\b|\bcode\s+of\s+conduct\b|\bregulations?\b|\bpolicy\b|\banti-?bribery\b|التعمين|الامتثال|اللوائح|الأنظمة`)},
		{"technical", regexp.MustCompile(`(?i)\bcertification\b|\b(?:local\s+)?stock\b|\bspare\s+parts\b|مخزون|قطع\s+غيار|\bservice\s+cent(?:re|er)\b|\bshowroom\b|\bworkshop\b|\bwarehouse\b|\bequipment\b|\bspecifications?\b|\btechnical\b|\bfacilit(?:y|ies)\b|\bcapacity\b|صالة\s+عرض|ورشة|مستودع|معدات|مواصفات|فني|الفنية|مركز\s+خدمة` +
			// Local support of what is offered: a maintenance centre,
			// service support, local assembly, after-sales service.
			`|\bmaintenance\s+(?:cent(?:re|er)|facilit(?:y|ies)|team)\b|\bservice\s+support\b|\blocal\s+assembly\b|\bassembled\s+locally\b|\bafter-?\s?sales\b|(?:مركز|مراكز|فريق|فرق)\s+(?:صيانة|للصيانة)|خدمة\s+ما\s+بعد\s+البيع|خدمات\s+ما\s+بعد\s+البيع|(?:ال)?تجميع\s+(?:ال)?محلي|دعم\s+فني`)},
	}
	// Document nouns: an item naming a document is documentation.
	reDocNoun    = regexp.MustCompile(`(?i)^\s*(?:[-*•]\s*)?(?:an?\s+|the\s+|two\s+|three\s+)?(?:valid\s+|certified\s+|signed\s+|audited\s+|recent\s+|updated\s+|up-to-date\s+|detailed\s+|company\s+|client\s+)?(?:cop(?:y|ies)\b|certificate|statements?\b|profile\b|references?\b|letter\b|cv\b|résumé|resume\b|list\b|portfolio\b|brochure\b|declaration\b)|^\s*(?:صورة|نسخة|شهادة|قائمة|خطاب|رسالة|سيرة)`)
	reDocHeading = regexp.MustCompile(`(?i)\bdocument|مستندات|وثائق`)
	// reOptionalHeading: a section of things preferred, not required.
	reOptionalHeading = regexp.MustCompile(`(?i)\b(?:desirable|preferred|nice\s+to\s+have|advantageous|optional)\b|مزايا\s+إضافية|يفضل` + optionalHeadings)
	// reWinner: the successful bidder's duties are obligations, not
	// conditions to qualify.
	reWinner = regexp.MustCompile(`(?i)\b(?:successful|selected|winning|awarded)\s+(?:bidder|tenderer|applicant|supplier|contractor|candidate)\b|الفائز|المرسى\s+عليه|المختار|` + reWinnerRel)
)

// reInstrumentTitle: the title of a guarantee or bond issued as the
// document itself ("BID BOND", "Performance Guarantee", "ضمان العطاء",
// "كفالة حسن التنفيذ"), not a tender's section about one.
var reInstrumentTitle = regexp.MustCompile(`(?i)^(?:(?:bank|bid|tender|performance|advance\s+payment)\s+(?:bond|guarantee|security)|guarantee|letter\s+of\s+guarantee|(?:خطاب\s+)?(?:ضمان|كفالة)(?:\s+(?:العطاء|بنكي|مصرفي|حسن\s+التنفيذ|ابتدائي|نهائي|دفعة\s+مقدمة))?)(?:\s+(?:no\.?|form|رقم)\b.*)?(?:\s*[|/(].*)?$`)

type reqFound struct {
	r          Requirement
	start, end int
	explicit   bool // a mandatory/optional word or marker was written
	section    string
}

// inRequirementSection: the block's heading names requirements.
func inRequirementSection(section string) bool {
	return section != "" && (strings.HasPrefix(section, tenderMark) || reReqHeading.MatchString(section))
}

// sections gives each block the heading it falls under for requirements:
// the reader's headings, and also a short line that names requirements
// without looking like a heading to the reader ("Eligibility criteria",
// "المستندات المطلوبة" in plain text), which is itself no requirement.
// Such a section ends at the next heading or at a label line of another
// kind ("Payment:").
func (x *clauseExtractor) sections() {
	x.sectionOf = make([]string, len(x.a.segs))
	x.pseudo = map[int]bool{}
	cur := ""
	ctx := requirementContext(x.a.text) // requirement_criterion.go
	tender := ctx.tender                // see requirement_tender.go
	leadList, prevT := false, ""
	for i, s := range x.a.segs {
		t := strings.TrimSpace(strings.Trim(strings.TrimSpace(x.a.text[s.start:s.end]), "*#_"))
		if leadList && leadListEnds(t, prevT) {
			// the list a lead-in opened outside a requirements
			// section has ended (requirement_lead_sentences.go).
			cur, leadList = "", false
		}
		prevT = t
		if c, ok := modeSection(cur, t); ok {
			cur, x.pseudo[i], x.sectionOf[i] = c, true, c // "### Optional" (requirement_split_parts.go)
			continue
		}
		switch {
		case (tender || ctx.selecting) && headRow(t) && i > 0 && x.headRowAfter(i-1):
			// "Requirements | المتطلبات": a bilingual table's head row
			// opens a section as a heading does (requirement_staff_head_rows.go).
			cur = candidateSection(tenderSection(headRowText(t)), ctx)
			x.pseudo[i] = true
		case i == 0 && documentTitle(t):
			// "PREQUALIFICATION OF CONTRACTORS": the document's title
			// opens no section (requirement_criterion.go).
			cur = ""
		case inRequirementSection(cur) && categorySubHeading(t):
			cur, x.pseudo[i] = tenderMark+t, true // "B2. Experience" (requirement_lists_tables.go)
		case ctx.selecting && conditionsLeadIn(t):
			cur, leadList, x.pseudo[i] = tenderMark+t, !tender, true // requirement_lists_tables.go
		case s.heading && tender && inRequirementSection(cur) && headingItem(t, cur):
			// a list item the reader took for a heading
		case s.heading && tender && inRequirementSection(cur) && subHeading(t) && !inRequirementSection(tenderSection(s.section)):
			// "A. Legal" under "Qualification requirements": a part of
			// the section, no requirement itself (requirement_criterion.go).
			x.pseudo[i] = true
		case s.heading && tender:
			cur = candidateSection(tenderSection(s.section), ctx)
			x.pseudo[i] = cur != tenderSection(s.section)
		case s.heading:
			cur = candidateSection(s.section, ctx)
			x.pseudo[i] = cur != s.section
		case ctx.selecting && pseudoHeading(t) && !listLine(t) && strings.HasPrefix(candidateSection(t, ctx), tenderMark):
			// "الشروط", "Conditions" in plain text (requirement_criterion.go).
			cur = candidateSection(t, ctx)
			x.pseudo[i] = true
		case pseudoHeading(t) && reReqHeading.MatchString(t) && !(tender && (reTitleHeading.MatchString(t) || listLine(t))):
			cur = t
			x.pseudo[i] = true
		case inRequirementSection(cur) && pseudoHeading(t) && !listLine(t) && reOtherSection.MatchString(t):
			// "What we offer", "How to apply", "COMMERCIAL TERMS": a
			// section of another kind ends the requirements
			// (requirement_criterion.go).
			cur = ""
		case tender && pseudoHeading(t) && !listLine(t) && (upperLatin(t) || !hasLatin(t)) && strings.HasPrefix(tenderSection(t), tenderMark):
			cur = tenderSection(t)
			x.pseudo[i] = true
		case tender && pseudoHeading(t) && !listLine(t) && (upperLatin(t) || reArOrdinalHeading.MatchString(t)): // requirement_structures.go: "☐ ... GMP" is an item
			cur = ""
		case (tender || ctx.selecting && bidContentLead(t)) && (strings.HasSuffix(t, ":") || followingLead(t)) && (utf8.RuneCountInString(leadSentence(t)) <= 70 || followingLead(t)) && (reLeadIn.MatchString(t) || reBidContentLeadLettersEnvelopes.MatchString(t)) && (inRequirementSection(cur) || reDocHeading.MatchString(t) || bidContentLead(t)):
			// "Each quotation must include the following documents:":
			// the list goes on under the lead-in, which is no
			// requirement of its own.
			if !inRequirementSection(cur) {
				cur = tenderMark + t
				leadList = !tender
			}
			x.pseudo[i] = true
		case strings.HasSuffix(t, ":") && utf8.RuneCountInString(t) <= 60:
			cur = ""
		}
		x.sectionOf[i] = cur
	}
	x.sectionsStructures(ctx) // requirement_structures.go
}

// pseudoHeading: a short line with no sentence end, no table cells and no
// figures.
func pseudoHeading(t string) bool {
	n := utf8.RuneCountInString(t)
	if n < 3 || n > 60 || len(strings.Fields(t)) > 7 || strings.Contains(t, " | ") {
		return false
	}
	last, _ := utf8.DecodeLastRuneInString(t)
	if strings.ContainsRune(".!?؟;,،", last) {
		return false
	}
	t = t[leadingNumber(t):]
	return !strings.ContainsAny(t, "0123456789٠١٢٣٤٥٦٧٨٩")
}

// requirements reads every sentence; it marks the sentences it takes so
// that they give no obligation.
func (x *clauseExtractor) requirements() {
	ctx := requirementContext(x.a.text) // requirement_criterion.go
	tender := ctx.tender
units:
	for _, u := range x.reqUnits(tender) {
		x.stop.step() // stop.go
		for _, si := range u.sis {
			if x.skipped(x.sents[si]) {
				continue units
			}
		}
		if x.pseudo[u.seg] {
			continue
		}
		s := u
		section := x.sectionOf[s.seg]
		t := x.a.text[s.start:s.end]
		x.stop.pass(len(t)) // stop.go: a unit can be the whole text
		v := x.judgeRequirement(u, t, section, ctx)
		inSection := v.inSection
		if v.row {
			// A row of a requirements table (requirement_tender.go).
			if x.tableRowRequirements(u, section, tender) {
				for _, si := range u.sis {
					x.reqSents[si] = true
				}
			}
			continue
		}
		if v.bond {
			// The successful bidder's performance bond: financial, and
			// still the bidder's obligation (reqSents not marked).
			conf := 0.8
			if inSection {
				conf = 0.85
			}
			x.reqs = append(x.reqs, reqFound{r: Requirement{Requirement: clip(condReqText(t), 300), Category: "financial", Mandatory: true, Method: v.method, Confidence: conf}, start: s.start, end: s.end, explicit: true, section: section})
			continue
		}
		take, method := v.take, v.method
		if !take {
			continue
		}
		if reListMarker.MatchString(t) {
			method = "list_item"
		}
		for _, si := range s.sis {
			// (requirement_document_lists.go: the winner's bond stays its duty)
			x.reqSents[si] = !v.alsoDuty && !winnerBondDuty(t)
		}
		// "Suppliers must be authorised resellers; a letter of
		// authorisation must be attached": two requirements.
		parts := [][2]int{{0, len(t)}}
		if i := strings.IndexAny(t, ";؛"); i > 0 {
			a, b := t[:i], t[i+1:]
			if (reReqMandatory.MatchString(a) || reReqOptional.MatchString(a)) && (reReqMandatory.MatchString(b) || reReqOptional.MatchString(b)) {
				j := i + 1
				for j < len(t) && t[j] == ' ' {
					j++
				}
				parts = [][2]int{{0, i}, {j, len(t)}}
			}
		}
		parts = modalParts(t, parts) // requirement_lists_tables.go
		if i, j := optionalTail(t); len(parts) == 1 && tender && i > 0 {
			// "... ISO 9001، ويفضل حصوله على شهادة ISO 45001": a
			// condition and a preference, two requirements.
			parts = [][2]int{{0, i}, {j, len(t)}}
		}
		if i := strings.Index(t, " / "); len(parts) == 1 && i > 0 && !hasArabic(t[:i]) && startsArabic(t[i+3:]) {
			// "- Copy of the CR certificate / نسخة من شهادة السجل
			// التجاري": an item in two languages is one requirement in
			// each, as a bilingual document's sentences are.
			parts = [][2]int{{0, i}, {i + 3, len(t)}}
		}
		for _, p := range parts {
			pt := t[p[0]:p[1]]
			r := Requirement{Requirement: clip(condReqText(pt), 300), Method: method, Confidence: 0.8}
			popt, pmand := reReqOptional.MatchString(pt), reReqMandatory.MatchString(pt) || reMarkedMandatory.MatchString(pt)
			if !popt && !pmand && reOptionalHeading.MatchString(section) {
				popt = true // an item under "Desirable"
			}
			r.Mandatory = !popt || pmand && !popt
			if popt && reMarkedMandatory.MatchString(pt) {
				r.Mandatory = true
			}
			if inSection {
				r.Confidence = 0.85
			}
			r.Category = requirementCategory(pt, section)
			if v.category != "" {
				r.Category = v.category
			}
			if ctx.tender && r.Category == "eligibility" && goodsSpec(pt) {
				r.Category = "technical" // requirement_criterion.go
			}
			r.Category = familyCategory(pt, bondsSectionsCategories(pt, documentListsCategories(pt, r.Category))) // requirement_document_lists.go, requirement_bonds_sections.go, requirement_lists_tables.go
			subj := pt
			if m := reReqMandatory.FindStringIndex(pt); m != nil {
				subj = pt[:m[0]]
			} else if m := reReqOptional.FindStringIndex(pt); m != nil {
				subj = pt[:m[0]]
			}
			if sp, ok := x.partyIn(tail(subj, subjectWindow)); ok && (sp.role == "bidder" || sp.role == "supplier") {
				r.Subject = sp.text
			} else if hasArabic(pt) {
				for _, w := range []string{"مقدم العطاء", "مقدمي العطاءات", "المتناقص", "المتقدم", "المورد", "الموردين", "المرشح"} {
					if strings.Contains(pt, w) {
						r.Subject = w
						break
					}
				}
			}
			x.reqs = append(x.reqs, reqFound{r: r, start: s.start + p[0], end: s.start + p[1], explicit: popt || pmand, section: section})
		}
	}
	x.winnerBonds()
	x.splitDocLists()                                 // requirement_document_lists.go
	x.dropTableCells()                                // requirement_document_lists.go
	x.dropMoneyRows()                                 // requirement_bonds_sections.go
	x.dropProofClauses()                              // requirement_bonds_sections.go
	x.listedBonds()                                   // requirement_bonds_sections.go
	x.dropRepeats()                                   // requirement_criterion.go
	x.splitPartsRequirementFamilies(ctx)              // requirement_split_parts.go
	x.reqStructures(ctx)                              // requirement_structures.go
	x.requirementConventions(ctx)                     // requirement_conventions.go: the session 18 conventions
	x.bondsParentDatesConventionRequirements()        // convention_bonds_parent_dates.go: the session 19 conventions
	x.signingBondsConventionRequirements(ctx)         // convention_signing_bonds.go: the session 20 conventions
	x.rejectionsOfferRolesConventionRequirements(ctx) // convention_rejections_offer_roles.go: the session 21 conventions
	x.applyHalves(ctx)                                // requirement_structures.go: after the categories are settled
	x.categoriesLeadsRequirements()                   // requirement_categories_leads.go
	x.bidsPassivesRequirements(ctx)
	x.lettersEnvelopesRequirements(ctx) // obligation_letters_envelopes.go
	x.arabicRequirements(ctx)           // requirement_arabic.go
	x.staffHeadRowsRequirements(ctx)    // requirement_staff_head_rows.go
	x.subjectsTablesRequirements(ctx)   // obligation_subjects_tables.go
	x.bidListsRequirements(ctx)         // obligation_bid_lists.go
	x.missedClausesRequirements(ctx)    // obligation_missed_clauses.go
	// An item with no word of its own, in a list whose other items are
	// marked mandatory, is optional ("A list of similar contracts" after
	// three "(mandatory)" items).
	for i := range x.reqs {
		r := &x.reqs[i]
		if r.explicit {
			continue
		}
		for _, o := range x.reqs {
			if o.section == r.section && reMarkedMandatory.MatchString(o.r.Requirement) {
				r.r.Mandatory = false
				break
			}
		}
	}
}

// rePerformanceBond: the security the successful bidder furnishes, a
// financial requirement of a tender as well as the bidder's obligation
// (the tender items' rule above and winnerBonds).
var rePerformanceBond = regexp.MustCompile(`(?i)\bperformance\s+(?:bond|security|guarantee)\b|حسن\s+(?:ال)?تنفيذ`)

// winnerBonds: in a tender (a document with requirements), the duty of
// the successful bidder to furnish a performance bond ("The successful
// bidder shall furnish a performance bond of 5%", "يلتزم المتقدم الفائز
// بتقديم ضمان حسن التنفيذ") is also a financial requirement of the tender
// (the later label specification); the sentence stays an obligation.
func (x *clauseExtractor) winnerBonds() {
	if len(x.reqs) == 0 {
		return
	}
	for si, s := range x.sents {
		if x.reqSents[si] || x.skipped(s) {
			continue
		}
		t := x.a.text[s.start:s.end]
		if !reWinner.MatchString(t) || !rePerformanceBond.MatchString(t) || !reOblEN.MatchString(t) && !reOblAR.MatchString(t) && !reArClauseAla.MatchString(t) && !reArStartAla.MatchString(t) {
			continue
		}
		if x.reqOverlaps(s.start, s.end) {
			continue // read already, as a tender's item (requirement_tender.go)
		}
		x.addSentenceRequirement(s, "financial", bondConfidence)
	}
}

// bondConfidence is the confidence of a bond requirement read from one
// sentence.
const bondConfidence = 0.75

// addSentenceRequirement adds the sentence s, less its clause number, as
// a mandatory requirement of category cat. A bond or guarantee to furnish
// is financial at confidence 0.75 (bondConfidence).
func (x *clauseExtractor) addSentenceRequirement(s span, cat string, confidence float64) {
	t := x.a.text[s.start:s.end]
	lead := leadingNumber(t)
	r := Requirement{Requirement: clip(strings.TrimSpace(t[lead:]), 300), Category: cat, Mandatory: true, Method: "clause", Confidence: confidence}
	x.reqs = append(x.reqs, reqFound{r: r, start: s.start + lead, end: s.end, explicit: true, section: x.sectionOf[s.seg]})
}

// reqOverlaps: a requirement found already overlaps [start, end).
func (x *clauseExtractor) reqOverlaps(start, end int) bool {
	for _, r := range x.reqs {
		if r.start < end && start < r.end {
			return true
		}
	}
	return false
}

// isNounItem: a list item stating a thing, without a verb of its own
// ("Audited financial statements for the last two years."), not a
// statement ("The tender fee is OMR 50.").
func isNounItem(t string) bool {
	if len(t) > 300 || reCopula.MatchString(t) {
		return false
	}
	if reMoneyBefore.MatchString(t) || reMoneyAfter.MatchString(t) {
		return false
	}
	return true
}

// requirementCategory: financial, insurance, documentation (a document
// to provide, or an item under a documents heading), experience,
// compliance, technical, else eligibility.
//
// A heading that names experience or technical alone decides ("5.
// EXPERIENCE": "two engineers holding a certification" is experience); a
// heading's first category is the fallback of an item whose words name
// none (requirement_tender.go).
func requirementCategory(t, section string) string {
	hc := headingCategories(section)
	if len(hc) == 1 && (hc[0] == "experience" || hc[0] == "technical") {
		return hc[0]
	}
	if c := tenderCategory(t, section); c != "" {
		return c
	}
	for i, c := range reqCategories {
		if c.re.MatchString(t) || reqCategoryMore[c.name] != nil && reqCategoryMore[c.name].MatchString(t) || c.name == "documentation" && (reDocHeading.MatchString(section) || reDocNoun.MatchString(t)) {
			if loc := c.re.FindStringIndex(t); loc != nil && c.name == "documentation" && !reDocHeading.MatchString(section) && !reDocNoun.MatchString(t) {
				if !reDocWord.MatchString(t) {
					// "provide on-site training": a verb of giving with no
					// document is no documentation (requirement_criterion.go).
					continue
				}
				// Documentation only by a verb: a requirement of another
				// kind stated first, with its proof added after it ("خبرة
				// لا تقل عن خمس سنوات، مع تقديم ما يثبت", "مطابقة
				// للمواصفات، مع إرفاق الكتالوجات"), is of that kind.
				for _, o := range reqCategories[i+1:] {
					if m := o.re.FindStringIndex(t); m != nil && m[0] < loc[0] && (o.name == "experience" || o.name == "technical") {
						return o.name
					}
				}
			}
			return c.name
		}
	}
	if len(hc) > 0 {
		return hc[0]
	}
	return "eligibility"
}

// requirementResults are the requirements with evidence.
func (x *clauseExtractor) requirementResults(ri *runeIndex, withEvidence bool) []Requirement {
	out := []Requirement{}
	for _, f := range x.reqs {
		r := f.r
		r.Confidence = round2(r.Confidence)
		if withEvidence {
			r.Evidence, r.SourceEvidence = x.evidence(ri, f.start, f.end, f.start, runeAdvance(x.a.text, f.start, 48))
		}
		out = append(out, r)
	}
	return out
}

// hasDeadlinePhrase: the sentence sets a time for its action ("no later
// than 28 September", "within 10 days", "في موعد أقصاه").
func hasDeadlinePhrase(t string) bool {
	return reDeadlineWords.MatchString(t) || reWithinEN.MatchString(t) || reWithinPeriodAR.MatchString(t)
}

var reDeadlineWords = regexp.MustCompile(`(?i)\b(?:no|not)\s+later\s+than\b|\bon\s+or\s+before\b|في\s+موعد\s+(?:أقصاه|اقصاه|لا\s+يتجاوز)|آخر\s+موعد`)

// startsArabic: s (after spaces) starts with an Arabic letter.
func startsArabic(s string) bool {
	r, _ := utf8.DecodeRuneInString(strings.TrimLeft(s, " "))
	return unicode.Is(unicode.Arabic, r) && unicode.IsLetter(r)
}

// categoryRe is the pattern of requirement category name.
func categoryRe(name string) *regexp.Regexp {
	for _, c := range reqCategories {
		if c.name == name {
			return c.re
		}
	}
	panic("documentfacts: no requirement category " + name)
}
