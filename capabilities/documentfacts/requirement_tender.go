package documentfacts

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Tender requirements (issue 29, round 7c). A tender, request for
// quotation or prequalification notice lists its conditions under
// headings that name a category ("5. EXPERIENCE", "FINANCIAL, INSURANCE
// AND COMPLIANCE", "الخبرة والقدرة الفنية", "الضمانات والتأمين",
// "Application documents"), in lists whose items wrap over several lines,
// after lead-ins ("Each quotation must include the following documents:",
// "على المتقدم أن يرفق بطلبه ما يلي:") and in tables with a status column
// (Mandatory / Preferred / إلزامي / يفضل) and sometimes a category
// column. In such a document these shapes are read as requirements; other
// documents keep the sentence rules of requirements.go.

var (
	// reTenderText: the opening of a tender-type document.
	reTenderText = regexp.MustCompile(`(?i)request\s+for\s+(?:quotations?|proposals?|tenders?|bids?)|\brf[pqtb]\b|invitation\s+(?:to|for)\s+(?:bids?|tenders?)|\bcall\s+for\s+(?:bids|tenders)\b|\binvites?\s+(?:sealed\s+)?(?:bids|tenders)\b|\btender\b|pre-?qualification|expression\s+of\s+interest|مناقصة|طلب\s+(?:تقديم\s+)?عروض|دعوة\s+لتقديم|تأهيل\s+مسبق|التأهيل\s+المسبق` + tenderTextCategoriesLeads + tenderTextLettersEnvelopes + tenderTextStaffHeadRows) // requirement_categories_leads.go, obligation_letters_envelopes.go, requirement_staff_head_rows.go
	// reTitleHeading: the document's own title ("PREQUALIFICATION
	// NOTICE", "Invitation to Bid / دعوة لتقديم العطاءات"), no section of
	// requirements even when it names prequalification.
	reTitleHeading = regexp.MustCompile(`(?i)\bnotice\b|\binvitation\b|\brequest\s+for\b|إعلان|دعوة|طلب\s+(?:تقديم\s+)?عروض`)
	// reqHeadingCats: the categories a heading of a tender names, English
	// and Arabic ("EXPERIENCE AND TECHNICAL CAPACITY", "القدرة المالية
	// والتأمين", "الضمانات والتأمين").
	reqHeadingCats = []struct {
		name string
		re   *regexp.Regexp
	}{
		{"experience", regexp.MustCompile(`(?i)\bexperience\b|\btrack\s+record\b|الخبرة|خبرة|سابقة\s+الأعمال`)},
		{"technical", regexp.MustCompile(`(?i)\btechnical\b|\bspecifications?\b|الفنية|الفني|التقنية|المواصفات`)},
		{"financial", regexp.MustCompile(`(?i)\bfinancial\b|\bfinance\b|\bguarantees?\b|\bbonds?\b|\bsecurities\b|المالية|المالي|الضمانات|الكفالات`)},
		{"insurance", regexp.MustCompile(`(?i)\binsurances?\b|التأمين`)},
		{"compliance", regexp.MustCompile(`(?i)\bcompliance\b|\bcertifications?\b|الامتثال|الشهادات`)},
		{"documentation", regexp.MustCompile(`(?i)\bdocuments?\b|\bdocumentation\b|المستندات|الوثائق`)},
		{"eligibility", regexp.MustCompile(`(?i)\beligibility\b|\bqualifications?\b|الأهلية|التأهيل`)},
	}
	// reLeadIn: a line introducing a list of things to submit ("Applicants
	// shall submit:", "... the following documents:", "ما يلي:").
	reLeadIn = regexp.MustCompile(`(?i)\b(?:following|submit|include|contain|attach|enclose|provide)\b|ما\s+يلي|الآتي|التالية|يرفق|يقدم|تقديم|إرفاق`)
	// reItemStart: a list item's marker: "-", "3.1", "(a)", "(ب)", "R1".
	reItemStart = regexp.MustCompile(`^\s*(?:` + checkbox + `[-*•·▪–]|\(?[0-9٠-٩]{1,2}(?:\.[0-9٠-٩]{1,2})*[.)]?|\(?[a-zA-Z][.)]|\(\p{Arabic}\)|\p{Arabic}[.)-])\s+`)
	// reArCondition: an Arabic item worded as a condition ("أن يكون
	// المناقص ...", "ألا يقل ...").
	reArCondition = regexp.MustCompile(`^(?:\s*\(?[0-9٠-٩\p{Arabic}]{1,2}[.)-]\s+)?\s*(?:أن|ألا|وأن|وألا)\s`)
	// reDeadlineRef: a reference to the tender's deadline inside a
	// condition ("قبل آخر موعد لتقديم العطاءات"), no time set for the item.
	// reArAbbrevEnd: a sentence that ends with an abbreviation such as
	// ر.ع. or د.ب.
	reArAbbrevEnd = regexp.MustCompile(`(?:^|\s)\p{Arabic}\.\p{Arabic}\.$`)
	reDeadlineRef = regexp.MustCompile(`(?:قبل|من|بعد)\s+آخر\s+موعد`)
	// Table cells: a status ("Mandatory / إلزامي", "Preferred", "M"),
	// a category name, a reference ("2.1", "R4", "#").
	reStatusCell   = regexp.MustCompile(`(?i)^(?:(mandatory|required|compulsory|must|m|yes|إلزامي|الزامي|مطلوب|إجباري` + passFail + `)|(preferred|optional|desirable|advantage|o|اختياري|يفضل|مفضل|ميزة))(?:\s*/\s*(?:mandatory|required|preferred|optional|desirable|إلزامي|الزامي|مطلوب|اختياري|يفضل|مفضل))?$`)
	reCategoryCell = regexp.MustCompile(`(?i)^(eligibility|technical|financial|experience|compliance|documentation|documents|insurance|legal|الأهلية|فني|مالي|خبرة|الخبرة|امتثال|مستندات|تأمين)$`)
	reRefCell      = regexp.MustCompile(`^(?:#|[A-Za-z]{0,3}[0-9٠-٩]{1,3}(?:\.[0-9٠-٩]{1,3})*\.?|No\.?|Ref\.?|م|البند|الرقم)$`)
	// reHeaderCell: the words of a table's header row.
	reHeaderCell = regexp.MustCompile(`(?i)^(?:criteri(?:on|a)|requirements?|category|status|description|condition|item|m/o|remarks?|المتطلب(?:ات)?|الحالة|الفئة|الشرط|الوصف|البيان)(?:\s*/\s*\S+)?$`)
)

// tenderMark prefixes a section that a tender's category heading opens
// ("5. EXPERIENCE"), which reReqHeading alone does not know.
const tenderMark = "\x1f"

// isTenderText: the document opens as a tender, RFQ or prequalification
// (in its first 300 bytes, its title), and not as a contract that cites
// the tender it was awarded under ("Contract No. 4 under Tender No. 9
// ... This Agreement is made ...").
func isTenderText(text string) bool {
	return reTenderText.MatchString(prefixBytes(text, 300)) && !reContractOpening.MatchString(prefixBytes(text, 800))
}

// reContractOpening: the opening words of a contract or agreement.
var reContractOpening = regexp.MustCompile(`(?i)\bthis\s+(?:agreement|contract)\b|\bmade\s+(?:and\s+entered\s+into\s+)?(?:on|this|between)\b|\bentered\s+into\b|هذا\s+العقد|هذه\s+الاتفاقية|أبرم|حرر\s+هذا|تم\s+الاتفاق`)

// prefixBytes: text cut to at most n bytes, on a rune boundary.
func prefixBytes(text string, n int) string {
	if len(text) <= n {
		return text
	}
	for n < len(text) && !utf8.RuneStart(text[n]) {
		n++
	}
	return text[:n]
}

// headingCategories: the categories a section heading names, in the order
// they are written.
func headingCategories(section string) []string {
	section = strings.TrimPrefix(section, tenderMark)
	type hit struct {
		at   int
		name string
	}
	var hits []hit
	for _, c := range reqHeadingCats {
		if m := c.re.FindStringIndex(section); m != nil {
			hits = append(hits, hit{m[0], c.name})
		}
	}
	for i := 1; i < len(hits); i++ {
		for j := i; j > 0 && hits[j].at < hits[j-1].at; j-- {
			hits[j], hits[j-1] = hits[j-1], hits[j]
		}
	}
	out := make([]string, len(hits))
	for i, h := range hits {
		out[i] = h.name
	}
	return out
}

// tenderSection: the requirements section a heading of a tender opens:
// "" for its title, the heading marked when it names a category, else the
// heading as it is.
func tenderSection(h string) string {
	t := strings.TrimSpace(strings.Trim(strings.TrimSpace(h), "*#_"))
	if reTitleHeading.MatchString(t) {
		return ""
	}
	if !reReqHeading.MatchString(t) && !reOfferHeading.MatchString(t) && (len(headingCategories(t)) > 0 || reCriteriaHeading.MatchString(t)) {
		return tenderMark + t
	}
	return h
}

// upperLatin: t has Latin letters and all are upper case ("COMMERCIAL
// TERMS / الشروط التجارية").
func upperLatin(t string) bool {
	n := 0
	for _, r := range t {
		if r < unicode.MaxLatin1 && unicode.IsLetter(r) {
			if unicode.IsLower(r) {
				return false
			}
			n++
		}
	}
	return n >= 3
}

// headingItem: a numbered line the reader took for a heading inside a
// list ("1. Copy of the Commercial Registration certificate" under "7.
// DOCUMENTS TO SUBMIT"): numbered, in mixed case under an upper-case
// heading.
func headingItem(t, cur string) bool {
	return reItemStart.MatchString(t) && hasLatin(t) && !upperLatin(t) && upperLatin(strings.TrimPrefix(cur, tenderMark))
}

// reqUnit is a piece of text read as one requirement candidate: a
// sentence, a list item with its wrapped lines, or a table row.
type reqUnit struct {
	start, end, seg int
	sis             []int // the sentences it holds
	row             bool
}

// reqUnits: outside a tender every sentence is a unit. In a tender, under
// a requirements heading, a list item is one unit with the lines it wraps
// onto, a table row is one unit, a sentence cut at a line end goes on
// with the next line, and a list item the reader took for a heading is a
// unit of its own.
func (x *clauseExtractor) reqUnits(tender bool) []reqUnit {
	if !tender {
		out := make([]reqUnit, len(x.sents))
		for si, s := range x.sents {
			out[si] = reqUnit{s.start, s.end, s.seg, []int{si}, false}
		}
		return out
	}
	bySeg := map[int][]int{}
	for si, s := range x.sents {
		bySeg[s.seg] = append(bySeg[s.seg], si)
	}
	text := func(i int) string { return x.a.text[x.a.segs[i].start:x.a.segs[i].end] }
	inSec := func(i int) bool { return inRequirementSection(x.sectionOf[i]) && !x.pseudo[i] }
	// continues: seg j carries on a unit of seg j-1 that ends with no stop.
	continues := func(j int, unitText string) bool {
		if j >= len(x.a.segs) || x.a.segs[j].heading || x.pseudo[j] || !inSec(j) || x.sectionOf[j] != x.sectionOf[j-1] {
			return false
		}
		u := strings.TrimSpace(unitText)
		last, _ := utf8.DecodeLastRuneInString(u)
		if u == "" || strings.ContainsRune(".;:؛!?؟|", last) {
			return false
		}
		// A wrapped line: the line before is long ("Brochures of past
		// projects" then "The evaluation fee is ..." are two lines).
		if utf8.RuneCountInString(text(j-1)) < 50 {
			return false
		}
		t := strings.TrimSpace(text(j))
		// The same script on both sides of the break: an Arabic item
		// does not go on with an English sentence.
		lastR, _ := utf8.DecodeLastRuneInString(strings.TrimRight(u, " "))
		firstR, _ := utf8.DecodeRuneInString(t)
		if unicode.Is(unicode.Arabic, lastR) != unicode.Is(unicode.Arabic, firstR) {
			return false
		}
		return !reItemStart.MatchString(t) && !strings.Contains(t, " | ") && len(bySeg[j]) > 0
	}
	var out []reqUnit
	for i := 0; i < len(x.a.segs); i++ {
		sg := x.a.segs[i]
		t := text(i)
		switch {
		case sg.heading:
			if x.sectionOf[i] != "" && x.sectionOf[i] != sg.section && x.sectionOf[i] != tenderSection(sg.section) && inRequirementSection(x.sectionOf[i]) {
				out = append(out, reqUnit{sg.start, sg.end, i, nil, false})
			}
			continue
		case !inSec(i) || len(bySeg[i]) == 0:
			for _, si := range bySeg[i] {
				s := x.sents[si]
				out = append(out, reqUnit{s.start, s.end, i, []int{si}, false})
			}
			continue
		case strings.Contains(t, " | "):
			out = append(out, reqUnit{sg.start, sg.end, i, bySeg[i], true})
			continue
		}
		var units []reqUnit
		if reItemStart.MatchString(t) {
			sis := bySeg[i]
			units = []reqUnit{{x.sents[sis[0]].start, x.sents[sis[len(sis)-1]].end, i, append([]int(nil), sis...), false}}
		} else {
			for _, si := range bySeg[i] {
				s := x.sents[si]
				if n := len(units); n > 0 && reArAbbrevEnd.MatchString(x.a.text[units[n-1].start:units[n-1].end]) {
					// "... عن 1,500,000 ر.ع. خلال آخر ثلاث سنوات": the
					// stop of a currency's abbreviation ends no item.
					units[n-1].end = s.end
					units[n-1].sis = append(units[n-1].sis, si)
					continue
				}
				units = append(units, reqUnit{s.start, s.end, i, []int{si}, false})
			}
		}
		u := &units[len(units)-1]
		for i+1 < len(x.a.segs) && continues(i+1, x.a.text[u.start:u.end]) {
			i++
			sis := bySeg[i]
			if reItemStart.MatchString(x.a.text[u.start:u.end]) {
				u.sis = append(u.sis, sis...)
				u.end = x.sents[sis[len(sis)-1]].end
				continue
			}
			u.sis = append(u.sis, sis[0])
			u.end = x.sents[sis[0]].end
			for _, si := range sis[1:] {
				s := x.sents[si]
				units = append(units, reqUnit{s.start, s.end, i, []int{si}, false})
			}
			u = &units[len(units)-1]
		}
		out = append(out, units...)
	}
	return out
}

// rowReq is one requirement of a table row: a text cell, with the row's
// status and category when it has them.
type rowReq struct {
	start, end int // in the row's text
	category   string
	mandatory  bool
	explicit   bool
}

// tableRowReqs reads a row of a requirements table ("2.4 | Average annual
// turnover ... | Financial | Mandatory", "R7 | Driver training ... |
// Optional", "1 | The bidder must ... | أن يكون المناقص ... | Mandatory /
// إلزامي"): each text cell is a requirement, one per language. A header
// row gives none.
func tableRowReqs(t string) (out []rowReq, ok bool) {
	type cell struct{ s, e int }
	var cells []cell
	from := 0
	for i := 0; i <= len(t); i++ {
		if i < len(t) && t[i] != '|' {
			continue
		}
		s, e := from, i
		for s < e && (t[s] == ' ' || t[s] == '\t' || t[s] == '\n') {
			s++
		}
		for e > s && (t[e-1] == ' ' || t[e-1] == '\t' || t[e-1] == '\n') {
			e--
		}
		if e > s {
			cells = append(cells, cell{s, e})
		}
		from = i + 1
	}
	status, category := 0, ""
	var texts []cell
	header := true
	for _, c := range cells {
		v := t[c.s:c.e]
		switch m := reStatusCell.FindStringSubmatch(v); {
		case m != nil:
			header = false
			if m[1] != "" {
				status = 1
			} else {
				status = 2
			}
		case reCategoryCell.MatchString(v):
			header = false
			category = cellCategory(v)
		case reRefCell.MatchString(v):
		case reHeaderCell.MatchString(v):
		default:
			header = false
			if !strings.Contains(v, "---") {
				texts = append(texts, c)
			}
		}
	}
	if header || len(texts) == 0 {
		return nil, len(cells) > 1
	}
	for _, c := range texts {
		r := rowReq{start: c.s, end: c.e, category: category, mandatory: status != 2, explicit: status != 0}
		if status == 0 {
			v := t[c.s:c.e]
			r.explicit = reReqOptional.MatchString(v) || reReqMandatory.MatchString(v)
			r.mandatory = !reReqOptional.MatchString(v)
		}
		out = append(out, r)
	}
	return out, true
}

// cellCategory: the category a table's category cell names.
func cellCategory(v string) string {
	switch strings.ToLower(v) {
	case "documents", "مستندات":
		return "documentation"
	case "الأهلية":
		return "eligibility"
	case "فني":
		return "technical"
	case "مالي":
		return "financial"
	case "خبرة", "الخبرة":
		return "experience"
	case "امتثال":
		return "compliance"
	case "تأمين":
		return "insurance"
	}
	return strings.ToLower(v)
}

// condReqText: the text of a requirement taken from a unit, its list
// marker dropped; a wrapped item keeps its line breaks, so that the text
// is as written and its evidence holds it.
func condReqText(t string) string {
	return strings.TrimSpace(strings.TrimLeft(strings.TrimSpace(t), "-*•·▪ "))
}

// hasLatin: t has a Latin letter.
func hasLatin(t string) bool {
	for _, r := range t {
		if r < unicode.MaxLatin1 && unicode.IsLetter(r) {
			return true
		}
	}
	return false
}

// tableRowRequirements adds the requirements of a table row under a
// requirements heading; false when the row is not one of cells.
func (x *clauseExtractor) tableRowRequirements(u reqUnit, section string, tender bool) bool {
	t := x.a.text[u.start:u.end]
	rs, ok := tableRowReqs(t)
	if !ok {
		return false
	}
	rs = x.columnReqs(u.seg, t, rs) // requirement_lists_tables.go
	for _, rr := range rs {
		v := t[rr.start:rr.end]
		r := Requirement{Requirement: clip(condReqText(v), 300), Method: "list_item", Confidence: 0.85, Mandatory: rr.mandatory}
		r.Category = rr.category
		if r.Category == "" {
			r.Category = requirementCategory(v, section)
			if tender && r.Category == "eligibility" && goodsSpec(v) {
				r.Category = "technical" // requirement_criterion.go
			}
			r.Category = familyCategory(v, bondsSectionsCategories(v, documentListsCategories(v, r.Category))) // requirement_document_lists.go, requirement_lists_tables.go
		}
		x.reqs = append(x.reqs, reqFound{r: r, start: u.start + rr.start, end: u.start + rr.end, explicit: rr.explicit, section: section})
	}
	return true
}

// reOfferHeading: a heading about the bid itself, its form, price or
// evaluation ("TECHNICAL PROPOSAL", "FINANCIAL OFFER", "العرض المالي",
// "Technical evaluation"): what it says binds the bid, no condition to
// qualify.
var reOfferHeading = regexp.MustCompile(`(?i)\b(?:proposals?|offers?|bids?|tenders?|quotations?|submission|evaluation|payments?|prices?|pricing|envelopes?)\b|العرض|العروض|العطاء|العطاءات|التقييم|الدفع|الأسعار|المظروف`)

// reCriteriaHeading: "2. Criteria", "معايير التقييم".
var reCriteriaHeading = regexp.MustCompile(`(?i)\bcriteria\b|معايير`)

// reqCategoryMore: category words of tender items beyond those of
// reqCategories, tried in the same order.
var reqCategoryMore = map[string]*regexp.Regexp{
	// Staff and references of past work: "two engineers holding ...",
	// "a plant manager", "supply of 5,000 elements during the last five
	// years".
	"experience": regexp.MustCompile(`(?i)\b(?:site|project|plant|operations|contract|quality|hse|safety|technical|maintenance)\s+managers?\b|\b(?:proposed|nominated|key)\s+(?:[a-z]+\s+){0,2}(?:managers?|engineers?|supervisors?|staff|team|experts?|specialists?)\b|\b(?:lead|senior|chief|key|principal)\s+(?:auditors?|engineers?|consultants?|experts?|specialists?|staff)\b|\b(?:auditors?|engineers?|supervisors?|specialists?|experts?|technicians?)\s+(?:certified|qualified|holding|with\s+(?:at\s+least\s+)?[0-9]+)\b|\b(?:projects?|contracts?|audits?|studies|assignments?|installations?|works)\b[^.;]{0,60}\b(?:completed|delivered|executed|carried\s+out|performed)\b|\b(?:[0-9]+|one|two|three|four|five|six|seven|eight|nine|ten)\s+(?:\([0-9]+\)\s+)?(?:[a-z-]+\s+)?(?:engineers|technicians|welders|specialists)\b|\bengineers?\s+holding\b|\bplant\s+manager\b|\bproject\s+manager\b|\bkey\s+staff\b|\b(?:during|in|over|within)\s+the\s+(?:last|past)\s+(?:[a-z]+\s+)?(?:\([0-9]+\)\s+)?years\b|\b(?:have|has)\s+(?:(?:successfully|previously|already)\s+)?(?:supplied|delivered|completed|executed|implemented|installed|operated)\b|قد\s+(?:نفذ|نفذت|قام|قامت|ورد|وردت|أنجز|أنجزت)\s|سبق\s+(?:له|لها)\s|خلال\s+السنوات\s+\S+\s+الأخيرة|(?:مشروع|مشاريع|مشروعين|مشروعان|أعمال|عقود|عقدين)\s+مماثل|مدير\s+(?:محطة|مشروع|المشروع)|مهندس`),
	// Paid-up capital written with its article.
	"financial": regexp.MustCompile(`رأس\s+المال`),
	// Local content and origin, and certificates to a product standard.
	"compliance": regexp.MustCompile(`(?i)\bquality\s+management\s+system\b|نظام\s+(?:إدارة\s+)?(?:ال)?جودة|\bin-country\s+value\b|\bICV\b|\blocal\s+content\b|\bomani\s+content\b|(?:ال|لل)قيمة\s+المحلية|المحتوى\s+المحلي|\bassembled\s+in\b|مجمعة\s+في|\bNSF\b|\bANSI\b|حاصلة?\s+على\s+شهادة`),
	// What is supplied and how it performs.
	"technical": regexp.MustCompile(`(?i)\btraining\b|تدريب|\bsupply\s+and\s+install|توريد\s+وتركيب|[0-9]\s*(?:km|kW|kVA)\b|[0-9٠-٩]\s*(?:كم|كيلوواط)(?:\s|$)|\bchargers?\b|شاحن|\blaborator(?:y|ies)\b|مختبر`),
}

// listLine: a line that is a list item ("(أ) استبيان التأهيل المسبق
// مستوفى؛"), no heading.
func listLine(t string) bool {
	return reLetterItem.MatchString(t) || strings.HasSuffix(t, "؛") || strings.HasSuffix(t, ";")
}

// reLetterItem: a bullet or a lettered item ("- ", "(a) ", "(أ) "); a
// numbered line may be a heading ("1. الأهلية").
var reLetterItem = regexp.MustCompile(`^\s*(?:` + checkbox + `[-*•·▪–]|\(?[a-zA-Z][.)]|\(\p{Arabic}\)|\p{Arabic}[.)-])\s+`)

var (
	// reBidValidity: the validity of the bid or quotation itself.
	reBidValidity = regexp.MustCompile(`(?i)\b(?:bids?|quotations?|offers?|tenders?|proposals?|applications?)\s+(?:shall|must|will|should)\s+(?:remain\s+|be\s+)?valid\b|(?:يظل|تظل|يبقى|تبقى|تكون|يكون)\s+(?:ال)?(?:عطاء|عطاءات|عروض|عرض)\s+(?:ساري|سارية)`)
	// reIssuerRight: the issuer's reservations ("The Company reserves
	// the right to reject any bid", غير ملزمة, تحتفظ الشركة بحقها): no
	// condition on the bidder.
	reIssuerRight = regexp.MustCompile(`(?i)\breserves?\s+the\s+right\b|\bnot\s+bound\b|\bat\s+(?:its|their)\s+(?:sole\s+)?discretion\b|تحتفظ|غير\s+ملزم|يحق\s+(?:لل|لـ)`)
	// reProofTail: a second clause asking for the proof of a condition
	// ("..., with client references", "مع تقديم ما يثبت ..."): the
	// condition, not the proof, decides the category.
	reProofTail = regexp.MustCompile(`(?i)[,،]?\s*(?:\bwith\s+(?:client\s+)?(?:references|proof|evidence|copies)|\bsupported\s+by\b|\btogether\s+with\b|مع\s+(?:تقديم|إرفاق|ارفاق))[\s\S]*$`)
	// reClearance: a certificate that taxes or social insurance are paid
	// is compliance with the law, whatever verb asks for it.
	reClearance = regexp.MustCompile(`(?i)\btax\s+clearance\b|\bno\s+(?:tax\s+)?dues\b|\bsocial\s+(?:insurance|security)\s+(?:clearance|contributions?)\b|جهاز\s+الضرائب|مستحقات\s+ضريبية|(?:ال|لل)تأمينات\s+الاجتماعية|براءة\s+ذمة`)
	// reBondWords: a bond or guarantee, financial also in a list of
	// documents.
	reBondWords = regexp.MustCompile(`(?i)\b(?:bid|tender|performance)\s+(?:bond|security|guarantee)\b|\bbank\s+guarantee\b|ضمان|كفالة|التأمين\s+(?:المؤقت|الابتدائي)`)
	// reConformity: goods conforming to specifications are technical.
	reConformity = regexp.MustCompile(`(?i)\bconform(?:s|ing)?\s+to\s+(?:the\s+)?(?:technical\s+)?specifications?\b|\bcomply\s+with\s+the\s+(?:technical\s+)?specifications?\b|مطابقة\s+للمواصفات|مطابقاً\s+للمواصفات`)
)

// tenderCategory: the categories that the content decides before the
// verbs: a clearance certificate (compliance), conformity to
// specifications (technical), and a condition whose proof is asked for
// in a second clause (its category without the proof clause); "" when
// none.
func tenderCategory(t, section string) string {
	switch {
	case docSection(section) && reBondWords.MatchString(t): // requirement_lead_sentences.go
		return "financial"
	case docSection(section):
		// "a bank letter confirming the credit facilities" under
		// "Application documents" is a document to give.
		return "documentation"
	case reClearance.MatchString(t):
		return "compliance"
	case reConformity.MatchString(t):
		return "technical"
	}
	if loc := reProofTail.FindStringIndex(t); loc != nil && loc[0] > 0 {
		head := t[:loc[0]]
		for _, c := range reqCategories {
			if c.name != "documentation" && (c.re.MatchString(head) || reqCategoryMore[c.name] != nil && reqCategoryMore[c.name].MatchString(head)) {
				return c.name
			}
		}
	}
	return ""
}

// reOptionalTail: a preference added to a condition after a comma
// ("..., preferably with ...", "، ويفضل ...").
var reOptionalTail = regexp.MustCompile(`(?i)[,،]\s*(?:and\s+)?(?:preferably|ideally)\s|[,،]\s*و?(?:يفضل|يُفضل)\s`)

// optionalTail: where a condition's optional tail is cut (the end of the
// condition and the start of the tail); 0, 0 when the sentence has none
// or its head is itself optional.
func optionalTail(t string) (int, int) {
	m := reOptionalTail.FindStringIndex(t)
	if m == nil || m[0] == 0 || reReqOptional.MatchString(t[:m[0]]) {
		return 0, 0
	}
	j := m[0] + 1
	for j < len(t) && (t[j] == ' ' || !utf8.RuneStart(t[j])) {
		j++
	}
	return m[0], j
}

// wrappedFragment: the unit opens a line that carries on the sentence of
// the line before (a long line with no stop), so that it is no sentence
// of its own ("... 10% of the Contract" / "Price of KWD ... is
// required.").
func (x *clauseExtractor) wrappedFragment(u reqUnit) bool {
	if u.seg == 0 || u.start != x.a.segs[u.seg].start {
		return false
	}
	prev := x.a.segs[u.seg-1]
	p := strings.TrimSpace(x.a.text[prev.start:prev.end])
	if prev.heading || utf8.RuneCountInString(p) < 50 {
		return false
	}
	last, _ := utf8.DecodeLastRuneInString(p)
	return unicode.IsLetter(last) || unicode.IsDigit(last) || last == ','
}

// reArOrdinalHeading: an Arabic heading opened by an ordinal ("ثالثاً:
// أحكام عامة"), which ends a section of requirements in plain text.
var reArOrdinalHeading = regexp.MustCompile(`^(?:أولاً|أولا|ثانياً|ثانيا|ثالثاً|ثالثا|رابعاً|رابعا|خامساً|خامسا|سادساً|سادسا|سابعاً|سابعا|ثامناً|ثامنا|تاسعاً|تاسعا|عاشراً|عاشرا)\s*[:：\-–]`)
