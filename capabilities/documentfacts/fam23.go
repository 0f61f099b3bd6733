package documentfacts

import (
	"regexp"
	"strings"
)

// Session 23 (issue 29): families left open on the development sets.

// fam23Requirements: the session 23 families over the requirements read.
func (x *clauseExtractor) fam23Requirements(ctx reqContext) {
	if ctx.tender || ctx.selecting {
		x.keyStaff23()
	}
}

// reKeyStaff23: the key staff a bidder must field, as a heading or a
// lead-in names them.
var reKeyStaff23 = regexp.MustCompile(`(?i)\bkey\s+(?:staff|personnel|experts?|positions)\b|\bproposed\s+(?:key\s+)?(?:team|staff)\b|الكادر\s+(?:الرئيسي|الفني\s+الرئيسي)|الكوادر\s+الرئيسية|(?:ال)?موظفين\s+الرئيسيين|(?:ال)?فريق\s+(?:العمل\s+)?الرئيسي|الجهاز\s+الفني`)

// reStaffHead23: the head row of a staff table ("Position | Minimum years
// of experience", "الوظيفة | المؤهل | سنوات الخبرة").
var reStaffHead23 = regexp.MustCompile(`(?i)\b(?:position|role|title|staff|designation|qualifications?|years)\b|الوظيفة|المنصب|المسمى|المؤهل|سنوات`)

// keyStaff23: under a heading or a lead-in that names key staff, each row
// of the staff table ("Project Director | 20", "Site engineer | BSc Civil
// | 10", "مدير المشروع | ١٥") is a technical requirement (keyspec: key
// staff the bidder must field are technical, whatever the condition on
// them); the lead-in that announces the table ("The Consultant's team
// must include the following key staff, each with a relevant university
// degree") is neither requirement nor duty; and a preference stated in
// the block ("A conservation architect accredited by ICOMOS is an
// advantage") is an optional technical requirement.
func (x *clauseExtractor) keyStaff23() {
	in, lead, rows := false, -1, 0
	for i, s := range x.a.segs {
		t := strings.TrimSpace(strings.Trim(strings.TrimSpace(x.a.text[s.start:s.end]), "*#_"))
		if (s.heading || x.pseudo[i] || pseudoHeading(t) && !strings.HasSuffix(t, ":") && !reReqMandatory.MatchString(t)) && !strings.Contains(t, " | ") {
			in, lead, rows = reKeyStaff23.MatchString(t), -1, 0
			continue
		}
		if (!in && reKeyStaff23.MatchString(t) || in && lead < 0 && rows == 0) && !strings.Contains(t, " | ") && (strings.HasSuffix(t, ":") || reFollowing23.MatchString(t)) {
			in, lead, rows = true, i, 0
		}
		if !in {
			continue
		}
		if strings.Contains(t, " | ") {
			cells := strings.Split(t, " | ")
			if len(cells) < 2 || len(cells) > 4 || reStaffHead23.MatchString(cells[0]) && !strings.ContainsAny(t, "0123456789٠١٢٣٤٥٦٧٨٩") {
				continue
			}
			if !staffRole23(cells[0]) {
				continue
			}
			rows++
			if x.reqOverlaps(s.start, s.end) {
				x.recategorise23(s.start, s.end, "technical")
				continue
			}
			x.reqs = append(x.reqs, reqFound{r: Requirement{Requirement: clip(t, 300), Category: "technical", Mandatory: true, Method: "list_item", Confidence: 0.8}, start: s.start, end: s.end, explicit: true, section: x.sectionOf[i]})
			x.markSentences23(s.start, s.end)
			continue
		}
		if rows > 0 || i == lead {
			if i == lead {
				x.markSentences23(s.start, s.end)
				continue
			}
			if reReqOptional.MatchString(t) && !x.reqOverlaps(s.start, s.end) {
				x.reqs = append(x.reqs, reqFound{r: Requirement{Requirement: clip(t, 300), Category: "technical", Mandatory: false, Method: "clause", Confidence: 0.75}, start: s.start, end: s.end, explicit: true, section: x.sectionOf[i]})
				x.markSentences23(s.start, s.end)
			}
		}
	}
}

// reFollowing23: a lead-in announcing a list or table ("the following key
// staff", "as follows", "كما يلي", "التالية").
var reFollowing23 = regexp.MustCompile(`(?i)\bthe\s+following\b|\bas\s+follows\b|كما\s+يلي|التالي(?:ة|ين)?\b`)

// staffRole23: a table's first cell names a post: a few words, no figure,
// no sentence.
func staffRole23(c string) bool {
	c = strings.TrimSpace(c)
	n := len(strings.Fields(c))
	return n >= 1 && n <= 8 && !strings.ContainsAny(c, "0123456789٠١٢٣٤٥٦٧٨٩.:;") && !reReqMandatory.MatchString(c)
}

// recategorise23 sets the category of the requirements within [start, end).
func (x *clauseExtractor) recategorise23(start, end int, cat string) {
	for i := range x.reqs {
		if x.reqs[i].start < end && start < x.reqs[i].end {
			x.reqs[i].r.Category = cat
		}
	}
}

// markSentences23: the sentences over [start, end) are read as
// requirements (no obligation of their own).
func (x *clauseExtractor) markSentences23(start, end int) {
	for si, s := range x.sents {
		if s.start < end && start < s.end {
			x.reqSents[si] = true
		}
	}
}
