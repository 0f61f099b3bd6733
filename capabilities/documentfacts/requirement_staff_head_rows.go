package documentfacts

import (
	"regexp"
	"slices"
	"strings"
)

// Session 23 (issue 29): families left open on the development sets.

// tenderTextStaffHeadRows: a call for expressions of interest in the plural ("CALL
// FOR EXPRESSIONS OF INTEREST", "invites ... expressions of interest",
// دعوة لإبداء الاهتمام) selects bidders as a tender does (reTenderText
// had the singular only).
const tenderTextStaffHeadRows = `|\bexpressions\s+of\s+interest\b|لإبداء\s+(?:ال)?اهتمام|إبداء\s+(?:ال)?اهتمام`

// headRow: a table row of two cells, one Latin and one Arabic, each as
// short as a heading and with no figures or sentence end ("Requirements |
// المتطلبات", "Submission | التقديم", "General | أحكام عامة"): the head
// row of a bilingual side-by-side table, which names its section in both
// languages.
func headRow(t string) bool {
	cells := strings.Split(t, " | ")
	if len(cells) != 2 {
		return false
	}
	a, b := strings.TrimSpace(cells[0]), strings.TrimSpace(cells[1])
	if !pseudoHeading(a) || !pseudoHeading(b) || strings.HasSuffix(a, ":") || strings.HasSuffix(b, ":") {
		return false
	}
	return hasLatin(a) && !hasArabic(a) && startsArabic(b) && !hasLatin(b)
}

// headRowText: the head row as one heading, its cells joined by " / ".
func headRowText(t string) string {
	return strings.Replace(t, " | ", " / ", 1)
}

// headRowAfter: the line before a head row (headRow) is a row of
// sentences or text of the document, not a heading or a row of the same
// short shape: "Company registration certificate | شهادة تسجيل الشركة"
// under "# Documents to be submitted", or after another such row, is an
// item of a list.
func (x *clauseExtractor) headRowAfter(j int) bool {
	s := x.a.segs[j]
	t := strings.TrimSpace(strings.Trim(strings.TrimSpace(x.a.text[s.start:s.end]), "*#_"))
	return !s.heading && !x.pseudo[j] && !headRow(t) && !pseudoHeading(t)
}

// reFeePaid: a fee to pay before submitting ("A non-refundable
// registration fee of QAR 1,000 must be paid on the portal", "يجب سداد
// رسم غير مسترد"): a payment the call asks, the obligation of no one
// named, not a condition to qualify (the labels of heldout16, and of the
// call whose section holds it as of one that does not).
var reFeePaid = regexp.MustCompile(`(?i)\bfees?\b[^;]{0,80}\b(?:must|shall)\s+be\s+paid\b|(?:يجب|ويجب)\s+(?:سداد|دفع)\s+(?:ال)?رسو?م`)

// reOperatesNow: the bidder runs at least so many of the kind now ("must
// currently operate at least two (2) camps", "يجب أن يكون المتقدم مشغلاً
// حالياً لمخيمين"): a record of like work, experience, not a status.
var reOperatesNow = regexp.MustCompile(`(?i)\b(?:currently|presently|now)\s+(?:operate|run|manage|serve|maintain)s?\s+(?:at\s+least|a\s+minimum\s+of|not\s+less\s+than)\b|\b(?:operate|run|manage|serve)s?\s+(?:currently|presently)\s+at\s+least\b|(?:مشغلا|مشغلاً|يدير|تدير|يشغل|تشغل)\s+(?:حاليا|حالياً)`)

// staffHeadRowsRequirements: the session 23 families over the requirements read.
func (x *clauseExtractor) staffHeadRowsRequirements(ctx reqContext) {
	for i := range x.reqs {
		if r := &x.reqs[i].r; r.Category == "eligibility" && reOperatesNow.MatchString(r.Requirement) {
			r.Category = "experience"
		}
	}
	if ctx.tender || ctx.selecting {
		x.keyStaffStaffHeadRows()
	}
	if ctx.tender {
		x.visitDates()
	}
	x.reqs = slices.DeleteFunc(x.reqs, func(r reqFound) bool {
		if !reFeePaid.MatchString(r.r.Requirement) || reBondWordsStaffHeadRows.MatchString(r.r.Requirement) {
			return false
		}
		x.freeSentences(r.start, r.end)
		return true
	})
}

// reKeyStaffStaffHeadRows: the key staff a bidder must field, as a heading or a
// lead-in names them.
var reKeyStaffStaffHeadRows = regexp.MustCompile(`(?i)\bkey\s+(?:staff|personnel|experts?|positions)\b|\bproposed\s+(?:key\s+)?(?:team|staff)\b|الكادر\s+(?:الرئيسي|الفني\s+الرئيسي)|الكوادر\s+الرئيسية|(?:ال)?موظفين\s+الرئيسيين|(?:ال)?فريق\s+(?:العمل\s+)?الرئيسي|الجهاز\s+الفني`)

// reStaffHeader: a staff table known by its own head row, with no
// heading or lead-in naming key staff ("Position | Minimum qualification
// | Minimum experience").
var reStaffHeader = regexp.MustCompile(`(?i)^\s*(?:position|role|post|key\s+staff|key\s+personnel|staff)\s*\|.*\b(?:qualifications?|experience)\b`)

// reStaffHead: the head row of a staff table ("Position | Minimum years
// of experience", "الوظيفة | المؤهل | سنوات الخبرة").
var reStaffHead = regexp.MustCompile(`(?i)\b(?:position|role|title|staff|designation|qualifications?|years)\b|الوظيفة|المنصب|المسمى|المؤهل|سنوات`)

// keyStaffStaffHeadRows: under a heading or a lead-in that names key staff, or
// under a staff table's own head row (reStaffHeader), each row
// of the staff table ("Project Director | 20", "Site engineer | BSc Civil
// | 10", "مدير المشروع | ١٥") is a technical requirement (keyspec: key
// staff the bidder must field are technical, whatever the condition on
// them); the lead-in that announces the table ("The Consultant's team
// must include the following key staff, each with a relevant university
// degree") is neither requirement nor duty; and a preference stated in
// the block ("A conservation architect accredited by ICOMOS is an
// advantage") is an optional technical requirement.
func (x *clauseExtractor) keyStaffStaffHeadRows() {
	in, lead, rows, table := false, -1, 0, false
	for i, s := range x.a.segs {
		t := strings.TrimSpace(strings.Trim(strings.TrimSpace(x.a.text[s.start:s.end]), "*#_"))
		row := strings.Contains(t, " | ")
		if table && !row {
			in, table = false, false // a table known by its head row ends with it
		}
		if (s.heading || x.pseudo[i] || pseudoHeading(t) && !strings.HasSuffix(t, ":") && !reReqMandatory.MatchString(t)) && !row {
			in, lead, rows = reKeyStaffStaffHeadRows.MatchString(t), -1, 0
			continue
		}
		if !in && row && reStaffHeader.MatchString(t) && headerRow(t) {
			in, lead, rows, table = true, -1, 0, true
			continue
		}
		if (!in && reKeyStaffStaffHeadRows.MatchString(t) || in && lead < 0 && rows == 0) && !strings.Contains(t, " | ") && (strings.HasSuffix(t, ":") || reFollowing.MatchString(t)) {
			in, lead, rows = true, i, 0
		}
		if !in {
			continue
		}
		if strings.Contains(t, " | ") {
			cells := strings.Split(t, " | ")
			if len(cells) < 2 || len(cells) > 4 || reStaffHead.MatchString(cells[0]) && !strings.ContainsAny(t, "0123456789٠١٢٣٤٥٦٧٨٩") {
				continue
			}
			if !staffRole(cells[0]) {
				continue
			}
			rows++
			// One requirement per row, not one per cell.
			x.reqs = slices.DeleteFunc(x.reqs, func(r reqFound) bool { return r.start >= s.start && r.end <= s.end })
			if x.reqOverlaps(s.start, s.end) {
				x.recategorise(s.start, s.end, "technical")
				continue
			}
			x.reqs = append(x.reqs, reqFound{r: Requirement{Requirement: clip(t, 300), Category: "technical", Mandatory: true, Method: "list_item", Confidence: 0.8}, start: s.start, end: s.end, explicit: true, section: x.sectionOf[i]})
			x.markSentences(s.start, s.end)
			continue
		}
		if rows > 0 || i == lead {
			if i == lead {
				x.markSentences(s.start, s.end)
				continue
			}
			if reReqOptional.MatchString(t) && !x.reqOverlaps(s.start, s.end) {
				x.reqs = append(x.reqs, reqFound{r: Requirement{Requirement: clip(t, 300), Category: "technical", Mandatory: false, Method: "clause", Confidence: 0.75}, start: s.start, end: s.end, explicit: true, section: x.sectionOf[i]})
				x.markSentences(s.start, s.end)
			}
		}
	}
}

// reFollowing: a lead-in announcing a list or table ("the following key
// staff", "as follows", "كما يلي", "التالية").
var reFollowing = regexp.MustCompile(`(?i)\bthe\s+following\b|\bas\s+follows\b|كما\s+يلي|التالي(?:ة|ين)?\b`)

// staffRole: a table's first cell names a post: a few words, no figure,
// no sentence.
func staffRole(c string) bool {
	c = strings.TrimSpace(c)
	n := len(strings.Fields(c))
	return n >= 1 && n <= 8 && !strings.ContainsAny(c, "0123456789٠١٢٣٤٥٦٧٨٩.:;") && !reReqMandatory.MatchString(c)
}

// recategorise sets the category of the requirements within [start, end).
func (x *clauseExtractor) recategorise(start, end int, cat string) {
	for i := range x.reqs {
		if x.reqs[i].start < end && start < x.reqs[i].end {
			x.reqs[i].r.Category = cat
		}
	}
}

// markSentences: the sentences over [start, end) are read as
// requirements (no obligation of their own).
func (x *clauseExtractor) markSentences(start, end int) {
	for si, s := range x.sents {
		if s.start < end && start < s.end {
			x.reqSents[si] = true
		}
	}
}

// reBondWordsStaffHeadRows: a bond or guarantee, which a fee sentence may also
// name; such a sentence stays as read.
var reBondWordsStaffHeadRows = regexp.MustCompile(`(?i)\bbond\b|\bguarantee\b|\bsecurity\b|ضمان|كفالة`)

// freeSentences: the sentences over [start, end) are no longer taken
// as requirements, so the obligation reader reads them.
func (x *clauseExtractor) freeSentences(start, end int) {
	for si, s := range x.sents {
		if s.start < end && start < s.end {
			delete(x.reqSents, si)
		}
	}
}

// reVisitLine: a line of a tender's dates naming a site visit or a
// pre-bid meeting marked mandatory ("- زيارة ميدانية للمدارس (إلزامية):
// ٢٨/٠٤/٢٠٢٦م", "| Site visit (compulsory) | 31 May 2026 |", "Pre-bid
// meeting (mandatory): 27 May 2026") or followed by the exclusion of
// those who did not attend ("ولا يقبل عطاء من لم يحضرها").
var (
	reVisitLine = regexp.MustCompile(`(?i)^[\s|*•·-]*(?:[0-9٠-٩]{1,2}[.)-]\s*)?(?:(?:mandatory|compulsory)\s+)?(?:site\s+(?:visit|inspection)|pre-?bid\s+(?:meeting|conference)|pre-?tender\s+(?:meeting|conference)|clarification\s+meeting|زيارة\s+(?:ميدانية|الموقع|موقعية)|الزيارة\s+الميدانية|اجتماع\s+(?:ما\s+قبل\s+تقديم\s+العطاءات|تمهيدي|توضيحي))`)
	reVisitMust = regexp.MustCompile(`(?i)\((?:mandatory|compulsory|obligatory|attendance\s+(?:is\s+)?(?:mandatory|compulsory))\)|^[\s|*•·-]*(?:mandatory|compulsory)\s|\((?:إلزامية|إلزامي|الزامية|الزامي|حضورها\s+إلزامي)\)|(?:لا|ولا)\s+(?:يقبل|يُقبل)\s+(?:أي\s+)?عطاء\s+(?:من|لمن)\s+لم\s+(?:يحضر|يحضرها)|\b(?:bids?|tenders?|offers?)\s+(?:of|from)\s+(?:bidders|tenderers|those)\s+who\s+(?:do|did)\s+not\s+attend`)
)

// visitDates: in a tender, such a line is an eligibility requirement
// (attending is a condition to bid, the labels' convention for a
// mandatory meeting), unless a requirement stands on it already; an
// optional visit ("(اختيارية)", "(optional)") is a date only.
func (x *clauseExtractor) visitDates() {
	for i, s := range x.a.segs {
		t := x.a.text[s.start:s.end]
		if !reVisitLine.MatchString(t) || !reVisitMust.MatchString(t) || x.reqOverlaps(s.start, s.end) {
			continue
		}
		lead := len(t) - len(strings.TrimLeft(t, " |*•·-"))
		r := Requirement{Requirement: clip(strings.TrimSpace(strings.TrimRight(t[lead:], " |")), 300), Category: "eligibility", Mandatory: true, Method: "list_item", Confidence: 0.75}
		x.reqs = append(x.reqs, reqFound{r: r, start: s.start + lead, end: s.end, explicit: true, section: x.sectionOf[i]})
	}
}

// reSubjectContract: a letter's subject line naming the contract it is
// about, the date right after "dated" ("Re: Overdue invoices under Supply
// Agreement No. SA-2025-118 dated", "Subject: Lease No. 14/2026 dated"),
// where the words before the contract name may key the date otherwise
// (an invoice date, an expiry).
var reSubjectContract = regexp.MustCompile(`(?i)^[\s*_#|]*(?:re|subject|ref(?:erence)?|our\s+ref)\s*[:.\-–]\s*[^\n]*?\b(?:contract|agreement|lease|sub-?contract|deed|memorandum(?:\s+of\s+understanding)?|mou|addendum)(?:\s*\(\s*the\s+["“]?[\w\s]{1,30}["”]?\s*\))?(?:\s*(?:no\.?|number|ref\.?)\s*[\w/.-]+)?\s*,?\s*dated\s*$`)

// subjectContractDates: a date so placed is the contract's
// agreement_date when the document has no agreement_date of its own (a
// letter, a notice, a demand about the contract), as parentDate keys a
// contract named with an article. Unlike parentDate this holds in a
// document typed a quotation, invoice or order too: a subject line names
// what the letter is about (a final demand on overdue invoices is typed
// an invoice).
func subjectContractDates(facts []Fact, cands []candidate, text string) {
	if len(facts) != len(cands) {
		return
	}
	for _, g := range facts {
		if g.Type == TypeDate && g.Key == "agreement_date" {
			return
		}
	}
	for i, f := range facts {
		if f.Type != TypeDate || f.Key == "agreement_date" || f.Key == "signature_date" {
			continue
		}
		at := cands[i].startIn(text)
		line := text[strings.LastIndexByte(text[:at], '\n')+1 : at]
		if !reSubjectContract.MatchString(line) {
			continue
		}
		c := dateCueOf("agreement_date")
		facts[i].Key, facts[i].Label, facts[i].Role = c.key, c.label, c.role
	}
}
