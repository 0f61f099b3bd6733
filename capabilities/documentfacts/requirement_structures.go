package documentfacts

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Issue 29, session 18, round 16: requirement structures (docs/documents.md,
// "round 16, requirement structures"; tests in requirement_structures_test.go). Whether
// each requirement unit is found once, whole and with the right mode: the
// headings and lead-ins of conditions the rules did not know (family A),
// Arabic condition lists under a heading of any kind (B), an upper-case
// acronym inside an item (C, a guard in sections), prose that trails a
// list or table (D), the Arabic half of a bilingual line that comes
// second (E), Arabic prose cut at line ends (F, wrapsInto), mode words
// (G) and the category an item's structure names (K). Hooked in one line
// each from requirements.go, requirement_criterion.go, requirement_lists_tables.go and
// clauses.go.

const (
	// reqHeadingsStructures (family A): "شروط تأهيل المقاولين" (no article),
	// "الحد الأدنى للتأهيل", a heading that is the lead-in itself
	// ("يشترط في المتقدم"), "من يحق له التقدم", "Mandatory (pass/fail)",
	// "Mandatory criteria", "شروط إلزامية", "المعايير الإلزامية".
	reqHeadingsStructures = `|(?i:\badditional\s+documents\b|\bdocuments\s*\(if\s+applicable\))|شروط\s+(?:ال)?تأهيل|للتأهيل|^\s*(?:يشترط|يُشترط)\s+(?:في|على)\s+(?:ال)?(?:متقدم|مرشح|مناقص|مورد|مقاول|شركة)\S*\s*:?\s*$|من\s+يحق\s+(?:له|لها|لهم)\s+(?:ال)?(?:تقدم|مشاركة|اشتراك)|(?i:\bmandatory\s*\(\s*pass\s*/\s*fail\s*\)|\bmandatory\s+(?:criteria|conditions)\b)|شروط\s+إلزامية|(?:ال)?معايير\s+(?:ال)?إلزامية`
	// reqOptionalStructures (family G): "تؤخذ ... بعين الاعتبار عند المفاضلة",
	// "عند المفاضلة", "will be an advantage" is known already.
	reqOptionalStructures = `|بعين\s+الاعتبار|عند\s+المفاضلة`
	// selectionOpeningStructures: an Arabic job advert's title ("إعلان وظيفة",
	// "إعلان عن وظيفة", "مطلوب للتعيين").
	// otherSections: Arabic headings of what the employer offers or how
	// to apply, opened by ما (reOtherSection): "ما نقدمه", "ما نقدمه لك".
	otherSections = `|^(?:ما\s+(?:نقدمه|نقدم\s+لك|نوفره|نوفر\s+لك)|المزايا\s+والحوافز|طريقة\s+التقدم|كيفية\s+التقدم)`
	// modalJoin: ", and it shall have ..." joins a second condition
	// (modalParts, requirement_lists_tables.go).
	modalJoin                  = `|,\s+and\s+(?:it|they|he|she)\s+(?:must|shall|should)\s`
	selectionOpeningStructures = `|إعلان\s+(?:عن\s+)?(?:وظيفة|وظائف)|مطلوب\s+للتعيين|طلب\s+عرض\s+(?:سعر|أسعار)\s+رقم`
)

// reCondLead (family A): a short Arabic lead-in naming the candidate,
// with a colon ("يجب على المورد:", "على المتقدم:", "يشترط في المناقص:"),
// and "لا يقبل العرض ما لم يستوف مقدمه الشروط الآتية:".
var reCondLead = regexp.MustCompile(`^\s*(?:(?:يجب|يتعين|ينبغي)\s+على|على|(?:يشترط|يُشترط)\s+(?:في|على))\s+(?:ال|كل\s+)?(?:مورد|موردين|مناقص|مناقصين|متقدم|متقدمين|مرشح|مقاول|مكتب|شركة|مقدم\s+(?:ال)?(?:عرض|عطاء|طلب))\S*\s*:\s*$|(?:يستوف[يِ]?|استيفاء|يستوفي)\s+[^:]{0,20}(?:ال)?شروط\s+(?:ال)?(?:آتية|تالية)\s*:\s*$`)

// condLeadStructures: t is such a lead-in (conditionsLeadIn, requirement_lists_tables.go).
func condLeadStructures(t string) bool { return reCondLead.MatchString(t) }

// Family B: in a selecting document, a list whose items are Arabic
// conditions of the one selected ("١- أن يكون المناقص مسجلاً ...",
// "٢- ألا يكون ...") states its conditions, under whatever heading
// ("الشروط العامة:"), unless an item binds the contractor or the
// successful bidder (then the list is the contract's).
var (
	reArCandidate  = regexp.MustCompile(`(?:ال|لل|لدى\s+ال)(?:مناقص|متناقص|متقدم|مورد|مرشح)|مقدم\s+(?:ال)?(?:عطاء|طلب|عرض)`)
	reArContractor = regexp.MustCompile(`المقاول|المتعهد|الفائز|المرسى\s+عليه|المتعاقد|الطرف\s+الثاني|يلتزم|يتحمل|طوال\s+مدة`)
)

// sectionsStructures: round 16's passes over the sections (hooked from sections).
func (x *clauseExtractor) sectionsStructures(ctx reqContext) {
	x.conditionLists(ctx)
	x.scoredLists(ctx)
	x.bareSubHeadings()
	x.scriptSections()
}

// bareSubHeadings (family A, two levels): inside a requirements
// section, "B1 Legal", "B2 Experience", "C3 Certifications" (a marker with
// a digit and no stop, which pseudoHeading refuses for its digit) open a
// sub-section of that kind, as "B1. Legal" does (categorySubHeading).
func (x *clauseExtractor) bareSubHeadings() {
	parent, cur := "", ""
	for i, s := range x.a.segs {
		sec := x.sectionOf[i]
		if sec != parent {
			parent, cur = sec, sec
		}
		if !inRequirementSection(parent) || s.heading {
			continue
		}
		t := strings.TrimSpace(strings.Trim(strings.TrimSpace(x.a.text[s.start:s.end]), "*#_"))
		if utf8.RuneCountInString(t) <= 40 && reBareMarker.MatchString(t) && !strings.ContainsAny(t, ".:;،") && kindSubHeading(t) {
			cur = tenderMark + t
			x.pseudo[i] = true
		}
		x.sectionOf[i] = cur
	}
}

// conditionLists marks such lists as requirement sections (the line
// before the list, a heading or a label, is their heading).
func (x *clauseExtractor) conditionLists(ctx reqContext) {
	if !ctx.selecting {
		return
	}
	text := func(i int) string { return strings.TrimSpace(x.a.text[x.a.segs[i].start:x.a.segs[i].end]) }
	for i := 0; i < len(x.a.segs); i++ {
		if inRequirementSection(x.sectionOf[i]) || !reArCondition.MatchString(text(i)) || !reItemStart.MatchString(text(i)) {
			continue
		}
		j, cand, bound := i, false, false
		for j < len(x.a.segs) && !x.a.segs[j].heading && reItemStart.MatchString(text(j)) && x.sectionOf[j] == x.sectionOf[i] {
			cand = cand || reArCandidate.MatchString(text(j))
			bound = bound || reArContractor.MatchString(text(j))
			j++
		}
		if j-i < 2 || !cand || bound {
			i = j
			continue
		}
		h := ""
		if i > 0 {
			h = text(i - 1)
		}
		if h == "" || !pseudoHeading(strings.TrimRight(h, ":：")) && !x.a.segs[i-1].heading {
			h = "الشروط"
		}
		sec := tenderMark + strings.TrimRight(h, ":： ")
		if i > 0 && !x.a.segs[i-1].heading && h == text(i-1) {
			x.pseudo[i-1] = true
			x.sectionOf[i-1] = sec
		}
		for k := i; k < j; k++ {
			x.sectionOf[k] = sec
		}
		i = j
	}
}

// Family A, sections in another script: a section opened by a heading in
// English only does not hold the lines in Arabic that follow its English
// items without a list marker (the title of a second page in Arabic, its
// reference and date), until a heading opens another section.
func (x *clauseExtractor) scriptSections() {
	cur, english, cut, marked := "", false, false, false
	for i, s := range x.a.segs {
		sec := x.sectionOf[i]
		if sec != cur || x.pseudo[i] || s.heading {
			cur, cut, marked = sec, false, false
			h := strings.TrimPrefix(sec, tenderMark)
			english = inRequirementSection(sec) && hasLatin(h) && !hasArabic(h)
			continue
		}
		if !english {
			continue
		}
		t := strings.TrimSpace(x.a.text[s.start:s.end])
		if !cut && marked && firstLetterArabic(t) && !markedItem(t) && !strings.Contains(t, "|") {
			// only after marked items: an HTML list has no markers,
			// and its Arabic items are items of the section
			cut = true
		}
		marked = marked || markedItem(t)
		if cut {
			x.sectionOf[i] = ""
		}
	}
}

// reRomanItem, markedItem: a line opened by a list marker of any kind:
// "-", "1.", "(a)", "أ-", "i.", "أولاً:", a check box.
var reRomanItem = regexp.MustCompile(`^\s*\(?(?i:[ivx]{1,5})[.)]\s`)

func markedItem(t string) bool {
	return reItemStart.MatchString(t) || reArOrdinalItem.MatchString(t) || reRomanItem.MatchString(t) || reListMarker.MatchString(t)
}

// reqStructures: the pass over the requirements found (after round 15's
// passes): prose trailing a list (D), the Arabic half of a line whose
// English half is none (E), the English kind for the Arabic item that
// follows it (E), optional words (G) and categories (K).
func (x *clauseExtractor) reqStructures(ctx reqContext) {
	if ctx.binding || len(x.reqs) == 0 {
		return
	}
	var out []reqFound
	for i, r := range x.reqs {
		t := x.a.text[r.start:r.end]
		line := lineAround(x.a.text, r.start, r.end)
		if x.trailingProse(i, line) || notCondition(t) || x.arabicHalfAlone(r, line) || x.titleBlock(r, line) {
			x.unmarkReq(r)
			continue
		}
		if strings.HasPrefix(r.r.Requirement, "/ ") {
			r.r.Requirement = strings.TrimSpace(r.r.Requirement[2:])
			r.start += strings.Index(x.a.text[r.start:], "/") + 1
			for r.start < r.end && x.a.text[r.start] == ' ' {
				r.start++
			}
		}
		if r.r.Mandatory && reOptionalRe.MatchString(t) && !reMarkedMandatory.MatchString(t) {
			r.r.Mandatory = false
		}
		r.r.Category = categoryStructures(t, r.r.Category)
		if hc := headingCategories(r.section); len(hc) == 1 && hc[0] == "compliance" && r.r.Category == "technical" {
			r.r.Category = "compliance" // under "B3 Certifications"
		}
		out = append(out, r)
	}
	x.reqs = pairedLines(x.a.text, x.joinedParts(x.thresholdParts(out)))
}

// reArThreshold: an Arabic threshold clause joined to a condition
// ("... شركة مسجلة في سلطنة عمان لا يقل رأس مالها عن ..."): a second
// condition when it names another kind than the head.
var reArThreshold = regexp.MustCompile(`\s(?:و)?لا\s+(?:يقل|تقل)\s`)

// thresholdParts parts such a clause of prose (list items stay whole,
// as splitReq keeps them) into its two conditions.
func (x *clauseExtractor) thresholdParts(rs []reqFound) []reqFound {
	var out []reqFound
	for _, r := range rs {
		t := x.a.text[r.start:r.end]
		m := reArThreshold.FindStringIndex(t)
		if m == nil || r.r.Method == "list_item" || !firstLetterArabic(t) || markedItem(strings.TrimSpace(lineAround(x.a.text, r.start, r.end))) || utf8.RuneCountInString(t[:m[0]]) < 25 {
			out = append(out, r)
			continue
		}
		ch, ct := cueCategory(t[:m[0]]), cueCategory(t[m[0]:])
		if ch == "" || ct == "" || ch == ct {
			out = append(out, r)
			continue
		}
		a, b := r, r
		a.end = r.start + m[0]
		a.r.Requirement = clip(condReqText(t[:m[0]]), 300)
		a.r.Category = ch
		b.start = r.start + m[0] + 1
		b.r.Requirement = clip(condReqText(t[m[0]+1:]), 300)
		b.r.Category = ct
		out = append(out, a, b)
	}
	return out
}

var reOptionalRe = regexp.MustCompile(reqOptionalStructures[1:])

// trailingProse (family D): requirement i stands on a line with no list
// marker and no word of a requirement, after the marked items (or table
// rows) of its section and before none: the prose after the list (the
// grant's terms, the committee, where to hand in, the issuer's visit).
func (x *clauseExtractor) trailingProse(i int, line string) bool {
	r := x.reqs[i]
	lt := strings.TrimSpace(line)
	if r.section == "" || markedItem(lt) || strings.Contains(lt, "|") {
		return false
	}
	t := x.a.text[r.start:r.end]
	if reReqMandatory.MatchString(t) || reReqOptional.MatchString(t) || reMarkedMandatory.MatchString(t) || openTo(t) || candidateState(t) || reApplyDocs.MatchString(t) || reNotEligibleStructures.MatchString(t) {
		return false
	}
	before := false
	for j, o := range x.reqs {
		if o.section != r.section || j == i {
			continue
		}
		ol := strings.TrimSpace(lineAround(x.a.text, o.start, o.end))
		if o.start > r.end && (markedItem(ol) || strings.Contains(ol, "|")) {
			return false // a list goes on after it: a lead or a wrapped line
		}
		if o.start < r.start && markedItem(ol) {
			// marked items before it (a table's rows do not count: an
			// HTML list after a table has no markers)
			before = true
		}
	}
	return before
}

// reNotCondition: what an issuer may or will do ("The Client may
// negotiate", "The Museum will allow", "يحق للجهة", "تسمح الشركة"), a
// closing date, and the weighting of offers in points ("Financial offers
// ... are weighted at 30 points", "تمنح العروض المالية ... ٣٠ درجة").
var reNotCondition = regexp.MustCompile(`(?i)^\s*(?:the\s+)?(?:client|employer|company|ministry|authority|fund|bank|museum|hospital|committee|board|purchaser|owner|municipality|foundation|council|directorate|issuer)(?:'s\s+committee)?\s+(?:may|will|reserves|can)\b|^\s*(?:applications?|bids?|tenders?|submissions?)\s+close\b|^\s*(?:و)?(?:يغلق|يُغلق)\s+باب\s+التقديم|^\s*(?:و)?(?:تسمح|يسمح|تفتح|تُفتح|تعقد|يحق\s+لل)\s|^\s*(?:and\s+)?(?:should|must|shall)\s+be\s+(?:sent|submitted|e-?mailed|delivered|uploaded|addressed)\b|\bexpressions?\s+of\s+interest\s+(?:must|shall|should)\s+be\s+(?:sent|submitted|e-?mailed|delivered|uploaded)\b|\bweighted\s+at\s+[0-9]+\s*(?:points|%)|(?:تمنح|تُمنح)\s+(?:ال)?عروض\s+(?:ال)?مالية`)

func notCondition(t string) bool {
	t = strings.TrimLeft(strings.TrimSpace(t), "/ ")
	return reNotCondition.MatchString(t)
}

// arabicHalfAlone (family E): r is the Arabic half of a line "English
// ... / Arabic ..." whose English half gave no requirement: a statement
// in two languages is a requirement in both or in neither.
func (x *clauseExtractor) arabicHalfAlone(r reqFound, line string) bool {
	t := x.a.text[r.start:r.end]
	if !firstLetterArabic(t) {
		return false
	}
	ls := strings.LastIndexByte(x.a.text[:r.start], '\n') + 1
	head := x.a.text[ls:r.start]
	k := strings.LastIndex(head, " / ")
	if k < 0 && strings.HasPrefix(strings.TrimSpace(t), "/") {
		k = len(head)
		head = head + " / "
	}
	if k < 0 || strings.TrimSpace(head[k+3:]) != "" && !strings.HasPrefix(strings.TrimSpace(t), "/") {
		return false
	}
	en := head[:k]
	if !hasLatin(en) || hasArabic(en) || strings.Contains(en, "|") {
		return false
	}
	return !x.reqOverlaps(ls, ls+k)
}

// Family K: the category an item names by what it is.
var (
	// reInsurerClients: insurers as past clients ("supplied ... to two
	// insurance companies") are no insurance cover.
	reInsurerClients = regexp.MustCompile(`(?i)\binsurance\s+(?:compan(?:y|ies)|firms?|sector|brokers?|reporting|industry|clients|market|products)\b|\bbanking\s+(?:or|and)\s+insurance\b|شركات?\s+(?:ال)?تأمين|شركتي\s+تأمين`)
	// reDealership: an authorised dealership or agency: eligibility.
	reDealership = regexp.MustCompile(`(?i)\b(?:authori[sz]ed|exclusive|official)\s+(?:dealership|agency|distributorship)\b|وكالة\s+(?:معتمدة|حصرية|تجارية)|وكيلاً?\s+معتمداً?`)
	// reArCountedWork: Arabic counted past work ("تنفيذ ثلاثة عقود",
	// "مشروعين على الأقل", "ثلاثة معارض", "قدمت خدماتها لمستشفيين"),
	// English service to counted clients ("served at least two hospitals",
	// "catered for two hospitals").
	reArCountedWork = regexp.MustCompile(`(?:^|\s)(?:ال)?(?:منفذة|منجزة|المنفذة|المنجزة)(?:\s|$)|(?:تنفيذ|نفذ|نفذت|أنجز|أنجزت|إنجاز|توريد|ورد|وردت|ورّد)\s+(?:\S+\s+){0,2}(?:مشروعين|مشروعان|مشاريع|عقدين|عقود|عقداً|معرضين|معارض|أعمال)|(?:اثنين|اثنتين|ثلاثة|ثلاث|أربعة|أربع|خمسة|خمس|ستة|عشرة)\s+(?:مشاريع|عقود|معارض|مشروعات)|(?:قدم|قدمت|قدّم|قدّمت)\s+خدمات(?:ه|ها)\s+ل|(?:ورّد|ورد|وردت|زود|زودت)\s+(?:\S+\s+){0,2}ل\S+(?:ين|تين)(?:\s|$)|(?i:\b(?:served|catered\s+for|supplied\s+[a-z]+\s+to|worked\s+for)\s+(?:at\s+least\s+)?(?:[0-9]+|two|three|four|five|six|ten)\s+(?:[a-z-]+\s+){0,2}(?:hospitals|clients|customers|banks|hotels|schools|companies|ministries|entities)\b)|(?i:\bhave\s+supplied\b[^.;]{0,60}\bat\s+least\s+(?:[0-9]+|two|three|four|five)\b)`)
	// reShareholding: Omani shareholding or ownership: eligibility.
	reShareholding = regexp.MustCompile(`(?i)\bomani\s+(?:shareholding|ownership|equity)\b|المساهمة\s+العمانية|ملكية\s+عمانية|الحصة\s+العمانية`)
	// reArRevenue: annual revenue (singular): financial.
	reArRevenue = regexp.MustCompile(`(?:ال)?إيراد\s+(?:ال)?سنوي|(?:ال)?إيرادات\s+(?:ال)?سنوية|رقم\s+الأعمال`)
	// reArPossession: the candidate owns or has a means ("أن تمتلك
	// الشركة مطبخاً", "يمتلك ... كراكة", "يتوفر لدى مقدم الطلب مرآب",
	// "توفر حفارات"): technical, when nothing else named a kind.
	reArPossession   = regexp.MustCompile(`(?:يمتلك|تمتلك|امتلاك|يملك|تملك|يستأجر|تستأجر|يتوفر\s+لدى|تتوفر\s+لدى|يتوافر\s+لدى|توفر|توافر)\s`)
	reInsuranceCover = regexp.MustCompile(`(?i)\binsured\b|\binsurance\s+(?:cover|policy|of)\b|وثيقة\s+تأمين|تأمين\s+ضد`)
	// reOnlyMay: "Only enterprises registered less than two years ago
	// may apply", "لا يحق التقدم إلا لـ": who may take part.
	reOnlyMay = regexp.MustCompile(`(?i)^\s*only\s+[^.;]{3,90}?\s+(?:may|can|are\s+eligible\s+to)\s+(?:apply|bid|tender|participate)\b|لا\s+يحق\s+(?:ال)?(?:تقدم|مشاركة|اشتراك)\s+إلا`)
	// reNoRecord: a record the candidate must not have ("No
	// litigation with ...", "عدم قيام ..."): eligibility, over any years.
	reNoRecord = regexp.MustCompile(`(?i)^\s*(?:[0-9]+[.)]\s*)?no\s+(?:litigation|dispute|conflict|external\s+audit|engagement|blacklisting|debarment|termination)|^\s*(?:\S+[.)-]\s*)?عدم\s`)
	// rePerCount: points per past client, project or audit: experience.
	rePerCount = regexp.MustCompile(`(?i)\bpoints?\s+(?:per|for\s+each|each)\s+(?:client|customer|project|contract|audit|study|assignment|hospital|installation)\b|درجات?\s+لكل\s+(?:عميل|مشروع|عقد|دراسة|مهمة)`)
	// reArStateOf: an Arabic condition on what the candidate is.
	reArStateOf = regexp.MustCompile(`(?:أن|ألا)\s+(?:يكون|تكون)\s+(?:ال)?(?:مقاول|مناقص|متقدم|مورد|شركة|مكتب)`)
	// reArWarrantyStructures, reArBankBond: ضمان as a warranty over a time,
	// not a bank's guarantee.
	reArWarrantyStructures = regexp.MustCompile(`ضمان(?:اً|ا)?\s+(?:من\s+(?:ال)?مصنع|(?:لا\s+تقل\s+)?(?:لمدة|مدته)|شامل\s+(?:لل)?قطع)`)
	reArBankBond           = regexp.MustCompile(`مصرفي|بنكي|ابتدائي|مؤقت|نهائي|حسن\s+التنفيذ|العطاء|بمبلغ|بنسبة|ريال|ر\.ع`)
	reHoldsCert            = regexp.MustCompile(`حاصل(?:ة|اً|ا)?\s+على\s+شهادة`)
	reSubmitThing          = regexp.MustCompile(`(?:تقديم|إرفاق|يقدم|يرفق)\s+(?:\S+\s+)?(?:ملف|فيلم|سلسلة\s+صور|عينات?|نماذج|خطة)|(?i:\b(?:portfolio|short\s+film|photo\s+series|video\s+clip)\b)`)
	reYearsPractice        = regexp.MustCompile(`(?i)\b(?:[0-9]+|one|two|three|four|five|six|seven|eight|ten)\s+(?:\([0-9]+\)\s+)?years?\s+of\s+(?:practice|professional\s+practice|work|experience)\b|ممارسة\s+لا\s+تقل|(?:^|\s)(?:قد\s+)?(?:تعامل|تعاملت)\s+(?:من\s+قبل\s+)?مع|\b(?:prior|previous|past)\s+fieldwork\b|\bat\s+least\s+(?:[0-9]+|two|three|four|five)\s+(?:completed\s+)?(?:[a-z-]+\s+){0,5}(?:studies|audits|surveys|designs|evaluations|plans)\b`)
	reMaintAgent           = regexp.MustCompile(`(?i)\bmaintenance\s+(?:agent|partner|contractor)\b|وكيل\s+(?:صيانة|للصيانة)`)
	reLanguage             = regexp.MustCompile(`(?i)\bfluen(?:cy|t)\b|\blanguage\b|\bspeakers?\b|إجادة\s+اللغة|باللغة|اللغة\s+(?:العربية|الإنجليزية)`)
	reNotMeans             = regexp.MustCompile(`سجل|ترخيص|رخصة|شهادة|عضوية|تصنيف|خبرة|مؤهل|جنسية|وكالة|تأمين|ضمان|رأس\s+مال`)
)

// categoryStructures: the category of t, cat as read before, for the cues above.
func categoryStructures(t, cat string) string {
	switch {
	case (openTo(t) || reOnlyMay.MatchString(t)) && cat == "documentation" && !reDocNoun.MatchString(t):
		return "eligibility" // "Only fishermen holding ... may apply" in a checklist
	case cat == "insurance" && reInsurerClients.MatchString(t) && !reInsuranceCover.MatchString(t):
		return requirementCategory(reInsurerClients.ReplaceAllString(t, " "), "")
	case cat == "documentation" && reHoldsCert.MatchString(t) && !reDocNoun.MatchString(t):
		return "compliance" // "حاصلة على شهادة المطابقة": a state, not a document to give
	case (cat == "technical" || cat == "eligibility") && reSecurityStd.MatchString(t):
		return "compliance" // PCI DSS, SOC 2: standards with no number
	case cat == "technical" && reCommercialReg.MatchString(t) && !reDocNoun.MatchString(t):
		return "eligibility" // "Valid commercial registration for ... equipment trading"
	case (cat == "technical" || cat == "eligibility") && reDealership.MatchString(t):
		return "eligibility"
	case (cat == "technical" || cat == "eligibility") && reArCountedWork.MatchString(t):
		return "experience"
	case cat == "technical" && reArStateOf.MatchString(t) && cueCategory(t) == "":
		return "eligibility" // "ألا يكون المقاول محظوراً": who the candidate is
	case cat == "financial" && reArWarrantyStructures.MatchString(t) && !reArBankBond.MatchString(t):
		return "technical" // "ضماناً لمدة ثلاث سنوات": a warranty of the goods
	case cat == "experience" && reNoRecord.MatchString(t):
		return "eligibility" // "No litigation ... in the last five years"
	case (cat == "eligibility" || cat == "technical") && rePerCount.MatchString(t):
		return "experience" // "..., 5 points per client"
	case cat == "eligibility" && reSubmitThing.MatchString(t):
		return "documentation" // "يشترط تقديم ملف أعمال", "a short film"
	case (cat == "eligibility" || cat == "technical") && reYearsPractice.MatchString(t) && !reDegree.MatchString(t):
		return "experience" // "three years of practice", "ممارسة لا تقل عن ثلاث سنوات"
	case cat == "eligibility" && reMaintAgent.MatchString(t):
		return "technical" // a maintenance agent: support of what is offered
	case cat == "technical" && reLanguage.MatchString(t) && !reNamedTool.MatchString(t):
		return "eligibility" // fluency in a language
	case cat == "financial" && reShareholding.MatchString(t):
		return "eligibility"
	case (cat == "experience" || cat == "eligibility") && reArRevenue.MatchString(t):
		return "financial"
	case cat == "eligibility" && hasArabic(t) && reArPossession.MatchString(t) && !reNotMeans.MatchString(t):
		return "technical"
	}
	return cat
}

// pairedLines (family E): an English item and the Arabic item on the
// next line with the same number ("ii. The firm must ..." then "ثانياً:
// أن تكون الشركة ..."), one condition in two languages, take one kind:
// the kind the half that names one by its own words says, else the
// English half's (twinsSplitParts's rule, for two lines).
func pairedLines(text string, rs []reqFound) []reqFound {
	for i := 0; i+1 < len(rs); i++ {
		a, b := &rs[i], &rs[i+1]
		at, bt := text[a.start:a.end], text[b.start:b.end]
		if a.r.Category == b.r.Category || hasArabic(at) || !firstLetterArabic(bt) {
			continue
		}
		between := text[a.end:b.start]
		if strings.Count(between, "\n") != 1 || strings.TrimSpace(strings.ReplaceAll(between, "\n", "")) != "" && !markedItem(strings.TrimSpace(between[strings.Index(between, "\n")+1:])+" ") {
			continue
		}
		la, lb := lineAround(text, a.start, a.end), lineAround(text, b.start, b.end)
		na, nb := itemIndex(la), itemIndex(lb)
		if na == 0 || na != nb {
			continue
		}
		ca, cb := cueCategory(at), cueCategory(bt)
		switch {
		case cb != "" && ca == "":
			a.r.Category = b.r.Category
		default:
			b.r.Category = a.r.Category
		}
	}
	return rs
}

// itemIndex: the number of a list item's marker (1 for "1.", "١-",
// "a)", "أ-", "i.", "أولاً:"), 0 when none.
func itemIndex(line string) int {
	t := strings.TrimSpace(line)
	t = strings.TrimLeft(t, "([")
	ordinals := []string{"أولاً", "ثانياً", "ثالثاً", "رابعاً", "خامساً", "سادساً", "سابعاً", "ثامناً", "تاسعاً", "عاشراً"}
	for k, o := range ordinals {
		if strings.HasPrefix(t, o) || strings.HasPrefix(t, strings.TrimSuffix(o, "ً")) {
			return k + 1
		}
	}
	romans := []string{"i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x"}
	for k := len(romans) - 1; k >= 0; k-- {
		if p := strings.ToLower(romans[k]); len(t) > len(p) && strings.ToLower(t[:len(p)]) == p && (t[len(p)] == '.' || t[len(p)] == ')') {
			return k + 1
		}
	}
	r, size := utf8.DecodeRuneInString(t)
	if size == 0 || size >= len(t) {
		return 0
	}
	next, _ := utf8.DecodeRuneInString(t[size:])
	if !strings.ContainsRune(".)-", next) {
		return 0
	}
	switch {
	case r >= '1' && r <= '9':
		return int(r - '0')
	case r >= '١' && r <= '٩':
		return int(r-'١') + 1
	case r >= 'a' && r <= 'j':
		return int(r-'a') + 1
	}
	if k := strings.IndexRune("أبجدهوزحطي", r); k >= 0 && unicode.Is(unicode.Arabic, r) {
		return utf8.RuneCountInString("أبجدهوزحطي"[:k]) + 1
	}
	return 0
}

// reArItemOpener: a line that opens an item of an unmarked list (an
// HTML or DOCX list: "أن يكون ...", "صورة من ..."), no wrapped line.
var reArItemOpener = regexp.MustCompile(`^(?:أن|ألا|صورة|نسخة|شهادة|خطاب|قائمة|يجب|يشترط|يفضل)\s`)

// arWrap (family F): an Arabic line of running prose cut at its end
// (a PDF or plain text page): a long line ending in a letter goes on in
// the next line when that opens with an Arabic letter and no marker.
func arWrap(t, n string) bool {
	if utf8.RuneCountInString(t) < 65 || utf8.RuneCountInString(n) < 2 || documentTitle(t) {
		return false
	}
	if strings.HasSuffix(t, ",") && hasLatin(t) && !hasArabic(t) {
		// "(i) registration ... with the Ministry of Commerce," /
		// "Industry and Investment Promotion;": an English line cut
		// after a comma goes on in a line that opens with a letter.
		f, _ := utf8.DecodeRuneInString(n)
		return unicode.IsLetter(f) && !hasArabic(n) && !markedItem(n)
	}
	last, _ := utf8.DecodeLastRuneInString(t)
	first, _ := utf8.DecodeRuneInString(n)
	if last == '،' || last == ',' {
		last, _ = utf8.DecodeLastRuneInString(strings.TrimRight(t, "،, "))
	}
	if !unicode.Is(unicode.Arabic, last) || !unicode.IsLetter(last) || !unicode.Is(unicode.Arabic, first) || !unicode.IsLetter(first) {
		return false
	}
	if nl, _ := utf8.DecodeLastRuneInString(strings.TrimSpace(n)); utf8.RuneCountInString(n) < 40 && !strings.ContainsRune(".،؛!؟", nl) {
		return false // a short line with no stop: a heading ("ما نقدمه"), not the rest of a sentence
	}
	if !firstLetterArabic(t) || markedItem(n) || reArOrdinalHeading.MatchString(n) || reArItemOpener.MatchString(n) || strings.Contains(t, ":") && utf8.RuneCountInString(t[strings.Index(t, ":"):]) < 3 {
		return false
	}
	return true
}

// reCondWords: "الشروط" / "Requirements" before the kind of a
// sub-heading ("أ) الشروط النظامية", "B. Legal requirements").
var reCondWords = regexp.MustCompile(`^(?:(?:ال)?شروط|(?:ال)?متطلبات|(?:ال)?معايير)\s+`)

// kindSubHeading: h, with the condition word stripped, names a kind
// (categorySubHeading, requirement_lists_tables.go).
func kindSubHeading(h string) bool {
	if m := reBareMarker.FindStringIndex(h); m != nil {
		// "B1 Legal", "C2 Experience": a marker with no stop.
		k := strings.TrimSpace(h[m[1]:])
		return len(strings.Fields(k)) <= 3 && (len(headingCategories(k)) > 0 || reSubHeadingKind.MatchString(k))
	}
	k := reCondWords.ReplaceAllString(h, "")
	return k != h && reSubHeadingKind.MatchString(k)
}

var reCommercialReg = regexp.MustCompile(`(?i)\bcommercial\s+registration\b|(?:ال)?سجل\s+(?:ال)?تجاري`)

var reSecurityStd = regexp.MustCompile(`\bPCI[\s-]?DSS\b|\bSOC\s?2\b|\bCMMI\b`)

var reBareMarker = regexp.MustCompile(`^[A-H][0-9]{1,2}\s+`)

// Family F: Arabic prose of a selecting document that states conditions
// with no heading: "وعلى مقدم الطلب أن يقدم وثيقة تأمين ..." (a condition
// to submit, and the applicant's duty), "ويعد امتلاك مقدم الطلب ... ميزة
// عند المفاضلة" and "يفضل أن يكون المتقدم ..." (a preference of the
// applicant).
var (
	reArProvide    = regexp.MustCompile(`^\s*(?:و)?(?:يجب\s+)?على\s+(?:ال)?(?:مناقص|متقدم|مورد|مرشح|مقدم\s+(?:ال)?(?:طلب|عرض|عطاء))\S*\s+(?:أن\s+)?(?:يقدم|يرفق|تقديم|إرفاق|يكون|تكون|يمتلك|يوفر|توفير)\s`)
	reArDocOrMeans = regexp.MustCompile(`وثيقة|شهادة|صورة|نسخة|خطاب|ضمان|كفالة|تأمين|سجل|ترخيص|خبرة|مسجل|مصنف|معتمد`)
)

func arCondition(t string) bool {
	if !firstLetterArabic(t) || len(t) > 600 || reNotCondition.MatchString(t) {
		return false
	}
	if reArContractor.MatchString(t) || reWinner.MatchString(t) {
		return false // the contractor's or the winner's duty
	}
	if reArProvide.MatchString(t) && reArDocOrMeans.MatchString(t) && !hasDeadlinePhrase(t) {
		return true
	}
	return reReqOptional.MatchString(t) && reArCandidate.MatchString(t) && !reArContractor.MatchString(t)
}

// arDuty: the sentence binds the applicant to give something, an
// obligation as well.
func arDuty(t string) bool { return reArProvide.MatchString(t) && !reReqOptional.MatchString(t) }

// Family H: a scored list of criteria ("معايير التقييم الفني (١٠٠
// درجة):", "Technical criteria (100 points)") whose items carry points
// ("(٣٠ درجة)", "(20 points)"): the bidder's attributes among them are
// optional requirements (splitPartsRequirementFamilies drops the proposal's).
func (x *clauseExtractor) scoredLists(ctx reqContext) {
	if !ctx.selecting {
		return
	}
	text := func(i int) string { return strings.TrimSpace(x.a.text[x.a.segs[i].start:x.a.segs[i].end]) }
	for i := 0; i+2 < len(x.a.segs); i++ {
		h := strings.TrimSpace(strings.Trim(text(i), "*#_"))
		if inRequirementSection(x.sectionOf[i+1]) || !reScoreHeading.MatchString(h) && !reScoreHeading.MatchString(strings.TrimSpace(h[min(len(h), leadingNumber(h)):])) && !reScoreHeading.MatchString(reSubMarker.ReplaceAllString(h, "$1")) {
			continue
		}
		j := i + 1
		for j < len(x.a.segs) && !x.a.segs[j].heading && markedItem(text(j)) && rePointsCell.MatchString(text(j)) {
			j++
		}
		if j-i-1 < 2 {
			continue
		}
		sec := tenderMark + h
		x.pseudo[i], x.sectionOf[i] = true, sec
		for k := i + 1; k < j; k++ {
			x.sectionOf[k] = sec
		}
		i = j - 1
	}
}

// applyHalves (family E): the Arabic half of a line whose English half
// was read as an application instruction ("Send your CV to ... / أرسل
// سيرتك الذاتية إلى ...") is the same instruction in Arabic.
func (x *clauseExtractor) applyHalves(ctx reqContext) {
	if !ctx.selecting {
		return
	}
	for si, s := range x.sents {
		t := x.a.text[s.start:s.end]
		lt := strings.TrimLeft(t, "/ ")
		if x.reqSents[si] || x.skipped(s) || len(lt) == len(t) || !firstLetterArabic(lt) || !reApplyDocs.MatchString(lt) || x.reqOverlaps(s.start, s.end) {
			continue
		}
		ls := strings.LastIndexByte(x.a.text[:s.start], '\n') + 1
		if !x.reqOverlaps(ls, s.start) {
			continue // the English half gave none
		}
		off := s.start + len(t) - len(lt)
		r := Requirement{Requirement: clip(condReqText(lt), 300), Category: "documentation", Mandatory: true, Method: "clause", Confidence: 0.75}
		x.reqs = append(x.reqs, reqFound{r: r, start: off, end: s.end, explicit: true, section: x.sectionOf[s.seg]})
		x.reqSents[si] = true
	}
}

// reJoin: a second condition joined to an item or sentence ("must
// practise a craft ... and have at least three years", "أن يمارس ...
// وأن تكون لديه ممارسة ...").
var reJoin = regexp.MustCompile(`(?i)\s+and\s+(?:(?:must|shall|should)\s+)?(?:have|hold|be|possess|own)\s|(?:،\s*|\s)و(?:أن|ألا)\s`)

// joinedParts (family J): an item or sentence that joins two
// conditions of different kinds is two requirements, one of each kind;
// two conditions of one kind stay one (heldout3's "خبرة ...، وأن يكون قد
// نفذ ثلاثة مشاريع" is one experience requirement).
func (x *clauseExtractor) joinedParts(rs []reqFound) []reqFound {
	var out []reqFound
	for _, r := range rs {
		t := x.a.text[r.start:r.end]
		m := reJoin.FindStringIndex(t)
		if m == nil || len(t) > 400 || utf8.RuneCountInString(t[:m[0]]) < 15 || utf8.RuneCountInString(t[m[1]:]) < 10 || reJoin.MatchString(t[m[1]:]) {
			out = append(out, r)
			continue
		}
		ca := partCategory(t[:m[0]], r.section)
		cb := partCategory(t[m[0]:], r.section)
		if ca == cb || r.r.Category == "documentation" || r.r.Category == "financial" {
			out = append(out, r)
			continue
		}
		a, b := r, r
		a.end = r.start + m[0]
		a.r.Requirement = clip(condReqText(strings.TrimRight(t[:m[0]], "،, ")), 300)
		a.r.Category = ca
		j := m[0]
		for j < len(t) && (t[j] == ' ' || strings.HasPrefix(t[j:], "،") || strings.HasPrefix(t[j:], "and ")) {
			switch {
			case t[j] == ' ':
				j++
			case strings.HasPrefix(t[j:], "and "):
				j += 4
			default:
				j += len("،")
			}
		}
		b.start = r.start + j
		b.r.Requirement = clip(condReqText(t[j:]), 300)
		b.r.Category = cb
		out = append(out, a, b)
	}
	return out
}

// partCategory: the category of a part as requirements() reads one.
func partCategory(t, section string) string {
	return categoryStructures(t, familyCategory(t, bondsSectionsCategories(t, documentListsCategories(t, requirementCategory(t, section)))))
}

// reCheckbox, checkboxItem: a checklist line with a box ("[ ]
// Quotations for the equipment to be financed") under a documents
// section is an item, whatever verb it holds.
var reCheckbox = regexp.MustCompile(`^\s*(?:[-*]\s*)?(?:\[\s?[xX✓✔]?\s?\]|[☐☑☒□])\s`)

func checkboxItem(t, section string) bool {
	return reCheckbox.MatchString(t) && docSection(section) && !notCondition(t)
}

// reYearsWindow: "within 7 years of their last degree", a window that
// qualifies the candidate, no time set for an action (requirement_criterion.go
// would otherwise read it as a duty with a deadline).
var reYearsWindow = regexp.MustCompile(`(?i)\bwithin\s+(?:[0-9]+|one|two|three|four|five|six|seven|eight|nine|ten)\s+(?:\([0-9]+\)\s+)?years?\b|خلال\s+(?:[0-9٠-٩]+|سنتين|ثلاث|أربع|خمس|سبع|عشر)\s+(?:سنوات|سنة)\s+من\s+(?:تخرج|حصول)`)

// Items of a requirements list that the noun-item rule refuses for a
// verb they hold:
//   - an item opened by the verb the lead-in's modal governs ("2. Be
//     registered on the supplier portal", "3. Have supplied ...");
//   - a statement of who is not eligible ("Applicants with an unfinished
//     report ... are not eligible");
//   - a conditional document under a documents heading ("Where sampling
//     ... is planned, a permit from the Authority").
var (
	reVerbItem              = regexp.MustCompile(`(?i)^(?:be|have|hold|possess|own|maintain|operate|employ|demonstrate|provide|submit|offer)\s`)
	reExpected              = regexp.MustCompile(`(?i)\b(?:is|are)\s+expected\s+to\s+(?:hold|have|be|possess|maintain|demonstrate)\b`)
	reNotEligibleStructures = regexp.MustCompile(`(?i)\b(?:is|are)\s+not\s+eligible\b|\bshall\s+not\s+be\s+eligible\b|(?:^|\s)(?:لا\s+يحق|لا\s+يقبل\s+طلب|غير\s+مؤهل)`)
	reConditionalDoc        = regexp.MustCompile(`(?i)^(?:where|if|when|in\s+case)\b[^,]{3,100},\s*(?:a|an|the)?\s*`)
)

// itemCondition: unit u (text t) is such an item of section.
func (x *clauseExtractor) itemCondition(u reqUnit, t, section string) bool {
	if notCondition(t) || len(t) > 400 {
		return false
	}
	line := strings.TrimSpace(lineAround(x.a.text, u.start, u.end))
	item := markedItem(line) || x.listItemUnit(u)
	body := strings.TrimSpace(t[leadingNumber(t):])
	body = strings.TrimLeft(reListMarker.ReplaceAllString(body, ""), "•-*· ")
	switch {
	case item && reVerbItem.MatchString(body):
		return true
	case reNotEligibleStructures.MatchString(t) || reExpected.MatchString(t):
		return true
	case docSection(section) && reConditionalDoc.MatchString(body) && reDocWord.MatchString(body[len(reConditionalDoc.FindString(body)):]):
		return true
	}
	return false
}

// titleBlock (family A, titles above lists): a line with no marker and
// no word of a requirement next to a title, reference or issuer line
// ("Consultancy for the Feasibility Study of ..." above "Client: ...")
// is part of the document's title block, no item.
func (x *clauseExtractor) titleBlock(r reqFound, line string) bool {
	lt := strings.TrimSpace(line)
	t := x.a.text[r.start:r.end]
	if markedItem(lt) || strings.Contains(lt, "|") || reReqMandatory.MatchString(t) || reReqOptional.MatchString(t) || openTo(t) || reOnlyMay.MatchString(t) || reNotEligibleStructures.MatchString(t) || candidateState(t) {
		return false
	}
	ls := strings.LastIndexByte(x.a.text[:r.start], '\n') + 1
	le := r.end + max(0, strings.IndexByte(x.a.text[r.end:], '\n'))
	if strings.IndexByte(x.a.text[r.end:], '\n') < 0 {
		le = len(x.a.text)
	}
	prev, next := "", ""
	if ls > 0 {
		p := strings.TrimRight(x.a.text[:ls-1], "\n")
		prev = strings.TrimSpace(p[strings.LastIndexByte(p, '\n')+1:])
	}
	if le < len(x.a.text) {
		n := strings.TrimLeft(x.a.text[le+1:], "\n")
		if k := strings.IndexByte(n, '\n'); k >= 0 {
			n = n[:k]
		}
		next = strings.TrimSpace(n)
	}
	return reTitleLine.MatchString(next) || reTitleLine.MatchString(prev) && !reTitleLine.MatchString(lt)
}
