package documentfacts

import (
	"regexp"
	"strings"
)

// Issue 29, session 17, round 15: requirement families (docs/documents.md,
// "round 15, requirement families"). Rules for the families of structure
// and wording that issuers use to set conditions (requirement_lists_tables_test.go),
// written from the families, not from one set's documents. The word lists
// below extend the patterns of requirements.go and requirement_tender.go (joined
// where those are defined); the functions are hooked from there in one
// line each.

const (
	// reqHeadingsListsTables: headings that open a requirements list (family H):
	// criteria that qualify ("Essential Criteria", "Criteria for
	// Participation"), who may bid, documents to enclose or upload,
	// attachments, a checklist, preferences ("Good to have", "Desired
	// skills"), and Arabic الاشتراطات، شروط التقدم، المفضلة.
	reqHeadingsListsTables = `|(?i:\b(?:essential|mandatory|minimum|qualifying|eligibility|pre-?qualification|qualification|participation|bidder|tenderer|applicant|vendor|supplier)\s+criteria\b|\bcriteria\s+(?:for|of)\s+(?:participation|eligibility|qualification|selection)\b|\bwho\s+(?:can|may|should|is\s+eligible\s+to)\s+(?:bid|tender|participate|submit)\b|\bdocuments?\s+to\s+(?:be\s+)?(?:enclosed|uploaded|furnished|included|accompany)\b|\bsupporting\s+documentation\b|\b(?:required|mandatory)\s+(?:attachments|documentation)\b|^(?:[0-9]{1,2}[.)]?\s+)?attachments\s*:?$|\bcheck\s?-?list\b|\babout\s+you\b|\bwho\s+we(?:'re|\s+are)\s+looking\s+for\b|\bthe\s+ideal\s+candidate\b|\bgood\s+to\s+have\b|\bdesired\s+(?:skills|qualifications|experience|profile)\b|\bpreferred\s+qualifications\b)` +
		`|الاشتراطات|اشتراطات|شروط\s+(?:التقدم|الترشح)|(?:المؤهلات|المهارات|الخبرات)\s+المفضلة|قائمة\s+(?:التحقق|المستندات)`
	// reqOptionalListsTables: optional cues (family O): considered favourably, an
	// asset, preferable, beneficial, desired, priority; Arabic الأولوية,
	// ميزة alone, يستحسن.
	reqOptionalListsTables = `|(?i:\bconsidered\s+favou?rably\b|\bfavou?rably\s+considered\b|\ban\s+(?:added\s+)?asset\b|\bpreferable\b|\bbeneficial\b|\bdesired\b|\bpriority\s+(?:will|shall)\s+be\s+given\b|\bgood\s+to\s+have\b)|الأولوية|أولوية|(?:^|\s)ميزة(?:\s|[.،]|$)|يستحسن|يُستحسن`
	// optionalHeadings: headings of things preferred (family O).
	optionalHeadings = `|(?i:\bgood\s+to\s+have\b|\bdesired\b|\bbonus\b|\bassets?\b\s*:?$)|(?:ال)?مفضلة|يستحسن`
	// checkbox: a check box opening a checklist line (family S9): "[ ]",
	// "[x]", "☐", "☑".
	checkbox = `\[\s?[xX✓✔]?\s?\]|[☐☑☒□■✓✔]|`
	// passFail: a status cell that says the condition is checked, not
	// scored (family S8): Pass/Fail, Yes/No, Comply / Not comply.
	passFail = `|pass\s*/\s*fail|yes\s*/\s*no|y\s*/\s*n|compl(?:y|ies|iant)\s*(?:/\s*(?:not\s+compl(?:y|iant)|non-?compliant)|\((?:yes|y)\s*/\s*(?:no|n)\))?|ناجح\s*/\s*راسب|مطابق\s*/\s*غير\s+مطابق|نعم\s*/\s*لا`
)

// Family L: a lead-in sentence that announces the conditions listed after
// it ("Interested firms must satisfy the following criteria:", "To be
// considered, you must:", "يشترط في المتقدم ما يلي:", "يجب أن تتوفر في
// المتقدم الشروط الآتية:", "على المتقدم استيفاء الشروط التالية:") opens a
// requirements list, as a heading does.
var (
	reCondLeadEN = regexp.MustCompile(`(?i)\b(?:must|shall|should|need\s+to|are\s+required\s+to|is\s+required\s+to)\s+(?:meet|satisfy|fulfil+|comply\s+with|possess|have|demonstrate)\s+(?:all\s+(?:of\s+)?)?the\s+following\b|\bthe\s+following\s+(?:minimum\s+|mandatory\s+|eligibility\s+|qualification\s+)?(?:criteria|conditions|requirements)\s+(?:apply|must\s+be\s+met|shall\s+be\s+met)\b|\b(?:to\s+be\s+(?:considered|eligible|shortlisted|pre-?qualified)|to\s+qualify|in\s+order\s+to\s+(?:qualify|be\s+eligible|participate))\b[^.:]{0,60}\b(?:must|shall|should|need\s+to)\s*(?:be\s+able\s+to\s*)?:\s*$|^(?:each\s+|all\s+|the\s+)?(?:bidders?|tenderers?|applicants?|candidates?|suppliers?|vendors?|firms?|companies|consultants?|contractors?)\s+(?:must|shall)\s*:\s*$`)
	reCondLeadAR = regexp.MustCompile(`(?:يشترط|يُشترط|ويشترط)\s+(?:في|لدى|على)\s+[^:]{0,40}(?:ما\s+يلي|ما\s+يأتي|الآتي|التالي)|(?:يجب|ينبغي|يتعين)\s+أن\s+(?:تتوفر|تتوافر|تتحقق)\s+(?:في|لدى)\s+[^:]{0,40}(?:ال)?شروط|(?:على|يجب\s+على|يتعين\s+على)\s+[^:]{0,30}(?:استيفاء|تحقيق|توفير)\s+(?:ال)?(?:شروط|متطلبات|معايير)|(?:ال)?(?:شروط|متطلبات|معايير)\s+(?:ال)?(?:تالية|آتية)\s+(?:في|لدى|على)`)
)

// conditionsLeadIn: t is a line of family L, ending in a colon.
func conditionsLeadIn(t string) bool {
	t = strings.TrimSpace(t)
	if !strings.HasSuffix(t, ":") && !strings.HasSuffix(t, "：") || len([]rune(t)) > 140 {
		return false
	}
	return reCondLeadEN.MatchString(t) || reCondLeadAR.MatchString(t) || condLeadStructures(t) || condLeadCategoriesLeads(t) // requirement_structures.go, requirement_categories_leads.go
}

// condLeadSection: the section a conditions lead-in opened; its list
// items carry on the lead-in's sentence ("must:" / "hold a NEBOSH
// certificate;") and are conditions with no word of their own.
func condLeadSection(section string) bool {
	return strings.HasPrefix(section, tenderMark) && conditionsLeadIn(strings.TrimPrefix(section, tenderMark))
}

// listItemUnit: unit u opens a line that is a list item ("- hold a
// NEBOSH certificate;", "1. Be an authorised distributor", "أ. ...").
func (x *clauseExtractor) listItemUnit(u reqUnit) bool {
	sg := x.a.segs[u.seg]
	return reListMarker.MatchString(x.a.text[u.start:u.end]) || u.start <= sg.start+8 && reItemStart.MatchString(x.a.text[sg.start:sg.end])
}

// Family S4: an Arabic ordinal opening an item of a conditions list
// ("أولاً: أن يكون المناقص مسجلاً ..."), a marker as "١-" is.
var reArOrdinalItem = regexp.MustCompile(`^\s*(?:أولاً|أولا|ثانياً|ثانيا|ثالثاً|ثالثا|رابعاً|رابعا|خامساً|خامسا|سادساً|سادسا|سابعاً|سابعا|ثامناً|ثامنا|تاسعاً|تاسعا|عاشراً|عاشرا)\s*[:：\-–)]\s*`)

// ordinalItemText: t without such an ordinal, for judging it.
func ordinalItemText(t string) string {
	if m := reArOrdinalItem.FindStringIndex(t); m != nil && m[1] < len(t) {
		return t[m[1]:]
	}
	return t
}

// Family S6: a lettered sub-heading naming a kind of condition ("A.
// Legal", "B. Financial", "C. Technical", "أ- الأهلية") inside a
// requirements list in plain text: part of the section, no requirement.
var reSubHeadingKind = regexp.MustCompile(`(?i)^(?:legal|administrative|corporate|commercial|personnel|staffing|quality|hse|health\s+and\s+safety|general\s+eligibility|القانونية|النظامية|الإدارية|الجودة)(?:\s+(?:requirements|criteria|capacity|capability|status|standing))?$`)

// reSubHeadMarker: the marker of a sub-heading, if any: "A.", "B1.",
// "(b)", "ب-", "ثانياً:".
var reSubHeadMarker = regexp.MustCompile(`^\s*(?:\(?[A-Za-z][0-9]{0,2}[.)]|\(\p{Arabic}\)|\p{Arabic}[.)\-]|(?:أولاً|أولا|ثانياً|ثانيا|ثالثاً|ثالثا|رابعاً|رابعا|خامساً|خامسا|سادساً|سادسا|سابعاً|سابعا|ثامناً|ثامنا)\s*[:：\-–])?\s*(\S.*)$`)

// categorySubHeading: t is such a sub-heading: a short line, marked or
// not, that only names a kind of condition ("B2. Experience",
// "Certifications", "ثانياً: الخبرة", "خامساً: الملاءة المالية").
func categorySubHeading(t string) bool {
	t = strings.TrimSpace(strings.Trim(strings.TrimSpace(t), "*#_"))
	m := reSubHeadMarker.FindStringSubmatch(t)
	if m == nil || !pseudoHeading(t) || strings.HasSuffix(t, "؛") || len(strings.Fields(m[1])) > 3 {
		return false
	}
	h := strings.TrimSpace(strings.TrimRight(m[1], ":："))
	if reOtherSection.MatchString(h) || reOfferHeading.MatchString(h) || reReqHeading.MatchString(h) {
		return false
	}
	return len(headingCategories(h)) > 0 && len(strings.Fields(h)) <= 3 || reSubHeadingKind.MatchString(h) || kindSubHeading(h) // requirement_structures.go
}

// Family S10: a statement of who may take part, with no modal ("The
// tender is open to contractors registered with ...", "Only firms
// classified in grade 1 may bid", يقتصر التقدم على ...): eligibility.
var reOpenTo = regexp.MustCompile(`(?i)\b(?:is|are|shall\s+be|will\s+be)\s+(?:only\s+)?(?:open|restricted|limited|confined)\s+(?:only\s+)?to\b|\bonly\s+[a-z-]+(?:\s+[a-z-]+){0,5}\s+(?:may|can|are\s+eligible\s+to|will\s+be\s+eligible\s+to)\s+(?:bid|apply|tender|participate|submit)\b|\b(?:are|is)\s+eligible\s+to\s+(?:bid|apply|tender|participate)\b|يقتصر\s+(?:التقدم|الاشتراك|المشاركة)|(?:التقدم|الاشتراك|المشاركة)\s+(?:مفتوح|متاح|مقصور|مقتصر)\s+(?:لل|أمام|على)`)

// openTo: t is such a statement.
func openTo(t string) bool { return len(t) <= 400 && reOpenTo.MatchString(t) }

// Family S10: one sentence joining conditions, each with its modal ("a
// bidder must be registered ..., must have delivered ..., and must hold
// ISO 27001"): one requirement per condition, as a semicolon parts them.
var reModalJoin = regexp.MustCompile(`(?i),\s+(?:and\s+|or\s+)?(?:must|shall|should)\s|\s+and\s+(?:must|shall|should)\s` + modalJoin) // requirement_structures.go

// modalParts parts t at each repeated modal; parts as it was when t has
// none or was parted already.
func modalParts(t string, parts [][2]int) [][2]int {
	if len(parts) != 1 || len(t) > 600 {
		return parts
	}
	first := regexp.MustCompile(`(?i)\b(?:must|shall|should)\s`).FindStringIndex(t)
	if first == nil {
		return parts
	}
	var out [][2]int
	from := 0
	for _, m := range reModalJoin.FindAllStringIndex(t, -1) {
		if m[0] <= first[0] {
			continue
		}
		out = append(out, [2]int{from, m[0]})
		j := m[0]
		for j < m[1] && (t[j] == ',' || t[j] == ' ') {
			j++
		}
		if strings.HasPrefix(strings.ToLower(t[j:]), "and ") || strings.HasPrefix(strings.ToLower(t[j:]), "or ") {
			j += strings.Index(t[j:], " ") + 1
		}
		from = j
	}
	if len(out) == 0 {
		return parts
	}
	return append(out, [2]int{from, len(t)})
}

// Family C: category cues the earlier patterns miss.
var (
	// reNamedStandard: a standard named by its code ("EN 1789", "ISO/IEC
	// 17025", "BS 476", "ASTM A53", "GSO 150", "HACCP"): compliance, under
	// a technical heading too.
	reNamedStandard = regexp.MustCompile(`\b(?:ISO(?:/IEC)?|IEC|EN|BS|ASTM|ANSI|NFPA|IEEE|GSO|DIN|UL|ASME|API)\s?[A-Z]?[0-9]{2,5}\b|\b(?:HACCP|BIFMA|CE\s+mark(?:ed|ing)?)\b`)
	// reDegree: an academic or professional qualification of a person
	// (a degree, a diploma, a bachelor's or master's): eligibility, not a
	// property of goods.
	reDegree = regexp.MustCompile(`(?i)\b(?:degree|diploma|bachelor'?s?|master'?s|mba|phd|doctorate)\b|بكالوريوس|دبلوم|ماجستير|دكتوراه|مؤهل\s+جامعي|شهادة\s+جامعية`)
	// reCountedPast: a number of contracts, projects or clients ("at
	// least three cleaning contracts with hospitals", "not fewer than four
	// completed projects"): experience.
	reCountedPast = regexp.MustCompile(`(?i)\b(?:at\s+least|a\s+minimum\s+of|minimum\s+of|not\s+(?:fewer|less)\s+than|no\s+fewer\s+than)\s+(?:[0-9]+|two|three|four|five|six|seven|eight|nine|ten|twelve|fifteen|twenty)\s+(?:\([0-9]+\)\s+)?(?:[a-z-]+\s+){0,3}(?:contracts|projects|clients|customers|assignments|installations|references|buildings|sites|plants)\b`)
	// reYearsTrading: years in business ("at least one year of
	// operation", "trading for two years"): experience.
	reYearsTrading = regexp.MustCompile(`(?i)\b(?:years?|months?)\s+(?:of\s+)?(?:operation|operating|trading|in\s+business|of\s+activity|of\s+existence)\b|\b(?:operating|operated|trading|traded|in\s+business|established|incorporated|existed)\s+for\s+(?:at\s+least\s+|a\s+minimum\s+of\s+|not\s+less\s+than\s+|more\s+than\s+|over\s+)?(?:[0-9]+|one|two|three|four|five|six|seven|eight|nine|ten)\s+(?:\([0-9]+\)\s+)?years?\b|مضى\s+على\s+(?:تأسيس|تأسيسه|تأسيسها|تسجيل|تسجيله|تسجيلها)`)
	// reLastYears: a record over the last years ("40 km resurfaced in
	// the last 5 years"): experience.
	reLastYears = regexp.MustCompile(`(?i)\b(?:in|during|over|within)\s+the\s+(?:last|past|previous|preceding)\s+(?:[0-9]+|two|three|four|five|six|seven|eight|ten)\s+(?:\([0-9]+\)\s+)?years\b|خلال\s+(?:آخر|الأعوام|السنوات)\s`)
	// rePriorWork: previous work or participation ("Previous work on
	// heritage sites", "Prior participation in a trade fair"): experience.
	rePriorWork = regexp.MustCompile(`(?i)\b(?:prior|previous|past)\s+(?:[a-z]+\s+)?(?:work|works|participation|involvement|supplies|supply|engagements?|projects?|contracts?|assignments?|dealings)\b`)
)

// familyCategory: the category of requirement t, cat as read before, for
// the cues above.
func familyCategory(t, cat string) string {
	switch {
	case (cat == "technical" || cat == "eligibility") && reNamedStandard.MatchString(t) && !reDocNoun.MatchString(t):
		return "compliance"
	case cat == "technical" && reDegree.MatchString(t):
		return "eligibility"
	case (cat == "technical" || cat == "eligibility") && (reCountedPast.MatchString(t) || rePriorWork.MatchString(t) || reYearsTrading.MatchString(t) || reLastYears.MatchString(t) && !reqCategories[1].re.MatchString(t)):
		return "experience"
	}
	return cat
}

// Family S7 and S8: a table whose header names its columns. A row of
// "No. | Criterion | Requirement | Evidence" is one requirement, the
// requirement cell: the criterion is its label, the evidence its proof;
// a "Pass / Fail" or "Compliant (Yes/No)" column is its status; the
// header row itself is none.
var (
	reLabelColumn    = regexp.MustCompile(`(?i)^(?:criteri(?:on|a)|area|aspect|category|item|parameter|factor|المعيار|المعايير|البند|المجال)$`)
	reReqColumn      = regexp.MustCompile(`(?i)^(?:(?:minimum\s+|mandatory\s+|qualification\s+)?requirements?|description|details|condition|specification|minimum|threshold|pass\s+if|passing\s+(?:condition|threshold)|minimum\s+(?:requirement|standard)|المتطلب(?:ات)?|الشرط|الحد\s+الأدنى|الوصف|شرط\s+الاجتياز)$`)
	reEvidenceColumn = regexp.MustCompile(`(?i)^(?:evidence|proof|(?:supporting|required)\s+documents?|documents?\s+(?:required|to\s+(?:be\s+)?(?:submitted|provided))|means\s+of\s+verification|verification|how\s+(?:to\s+)?(?:demonstrate|verified)|remarks?|notes?|comments?|المستندات\s+(?:المؤيدة|المطلوبة)|الإثبات|وسيلة\s+(?:التحقق|الإثبات)|طريقة\s+الإثبات|ملاحظات)$`)
	reAmountColumn   = regexp.MustCompile(`(?i)^(?:amount|value|fees?|price|cost|القيمة|المبلغ|الرسوم|المبلغ\s+\([^()]{1,12}\))$`)
	reStatusColumn   = regexp.MustCompile(`(?i)^(?:pass\s*/\s*fail|yes\s*/\s*no|compl(?:y|iant|iance)(?:\s*\((?:yes|y)\s*/\s*(?:no|n)\))?(?:\s*/\s*(?:not\s+compl(?:y|iant)|non-?compliant))?|(?:bidder'?s?\s+)?response|score|weight(?:ing)?|marks?|points|مطابق|الدرجة|الوزن)$`)
)

// tableCells: the cells of a row as column index and text bounds, empty
// cells counted.
func tableCells(t string) (cells [][3]int) {
	s := strings.TrimSpace(t)
	off := strings.Index(t, s)
	lead := strings.HasPrefix(s, "|")
	col, from := 0, 0
	if lead {
		from = 1
	}
	for i := from; i <= len(s); i++ {
		if i < len(s) && s[i] != '|' {
			continue
		}
		a, b := from, i
		for a < b && (s[a] == ' ' || s[a] == '\t') {
			a++
		}
		for b > a && (s[b-1] == ' ' || s[b-1] == '\t') {
			b--
		}
		if i < len(s) || b > a {
			cells = append(cells, [3]int{col, off + a, off + b})
		}
		col++
		from = i + 1
	}
	return cells
}

// columnRoles reads a header row: for each column "label", "req",
// "evidence", "status" or ""; nil when the row is no header of a table
// with a requirement column and a column of another role.
func columnRoles(row string) map[int]string {
	roles := map[int]string{}
	req, other := false, false
	for _, c := range tableCells(row) {
		v := strings.TrimSpace(strings.Trim(row[c[1]:c[2]], "*_"))
		switch {
		case v == "":
		case reReqColumn.MatchString(v):
			roles[c[0]], req = "req", true
		case reLabelColumn.MatchString(v):
			roles[c[0]], other = "label", true
		case reRefCell.MatchString(v):
			roles[c[0]], req = "req", true
		case reLabelColumn.MatchString(v):
			roles[c[0]], other = "label", true
		case reEvidenceColumn.MatchString(v):
			roles[c[0]], other = "evidence", true
		case reAmountColumn.MatchString(v):
			roles[c[0]], other = "amount", true
		case reStatusColumn.MatchString(v) || reStatusCell.MatchString(v):
			roles[c[0]], other = "status", true
		default:
			return nil
		}
	}
	if !other {
		return nil
	}
	if !req {
		// "Criterion | Pass / Fail": the label column states the
		// requirement.
		for k, r := range roles {
			if r == "label" {
				roles[k], req = "req", true
			}
		}
	}
	if !req {
		return nil
	}
	return roles
}

// tableHeader: the first row of the table segment seg belongs to, and
// whether seg is that row.
func (x *clauseExtractor) tableHeader(seg int) (string, bool) {
	row := func(i int) string { return x.a.text[x.a.segs[i].start:x.a.segs[i].end] }
	i := seg
	for i > 0 && !x.a.segs[i].tableStart && strings.Contains(row(i-1), "|") && !x.a.segs[i-1].heading {
		i--
	}
	for i < seg && strings.Contains(row(i), "---") {
		i++
	}
	return row(i), i == seg
}

// columnReqs keeps, of the requirements rs of a table row (text t of
// segment seg), those of the requirement column, when the table's header
// names its columns as above; none for the header row.
func (x *clauseExtractor) columnReqs(seg int, t string, rs []rowReq) []rowReq {
	h, isHeader := x.tableHeader(seg)
	roles := columnRoles(h)
	if roles == nil {
		return rs
	}
	if isHeader {
		return nil
	}
	col := map[int]int{}
	for _, c := range tableCells(t) {
		col[c[1]] = c[0]
	}
	kept := rs[:0]
	for _, r := range rs {
		if c, ok := col[r.start]; ok && roles[c] != "req" && roles[c] != "" {
			continue
		}
		kept = append(kept, r)
	}
	return kept
}

// reChecklist: a checklist heading (family S9) lists documents to give.
var reChecklist = regexp.MustCompile(`(?i)\bcheck\s?-?list\b|^(?:[0-9]{1,2}[.)]?\s+)?(?:required\s+|mandatory\s+)?(?:attachments|enclosures)\b|قائمة\s+(?:التحقق|المستندات)`)
