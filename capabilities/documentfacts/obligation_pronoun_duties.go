package documentfacts

import (
	"regexp"
	"slices"
	"strings"
)

// Obligations by families (issue 29, session 20; docs/documents.md "Issue
// 29, session 20: obligations and requirements by families"). Each family
// is a wording seen in two labelled documents or more; pronounDutiesObligations runs after the
// obligations of every sentence have been read.

func (x *clauseExtractor) pronounDutiesObligations() {
	var again []int
	x.obls = slices.DeleteFunc(x.obls, func(o oblFound) bool {
		if reKeepsRight.MatchString(o.o.Action) {
			again = append(again, o.sent)
			return true
		}
		return false
	})
	for _, si := range again {
		// "يحتفظ العميل بنسبة 5% ...، وترد إلى المقاول": the passive
		// duty the dropped one covered.
		s := x.sents[si]
		x.arPassiveDuties(si, s, arClauseLabel(x.a.text[s.start:s.end]))
	}
	x.pronounDuties()
	x.ownKindDuties()
}

// Family 2: an Arabic present-tense verb of a duty with its party right
// after it, beyond the verbs of paying, bearing, supplying and notifying
// round 8b and 14 read ("يفحص المشتري الشحنات عند الاستلام", "يؤكد المنظم
// العدد النهائي", "يقصر الطرف المتلقي الاطلاع على المعلومات", "يحتفظ
// الاستشاري بتأمين المسؤولية المهنية"; heldout4 13, 20, heldout9 13,
// heldout10 16). The Guideline binds any such verb; the ones a document
// uses for a right, a benefit or a state (يحق، يحصل، يستحق، يعد مسؤولاً،
// يخضع), to appoint (يعين الموكل الوكيل وكيلاً: a grant) and to cure a
// breach (يعالج الإخلال خلال: a cure period before a right) are not
// here. arDutyVerbs extends reArDutyVerb (clauses.go).
const arDutyVerbs = `|فحص|ؤكد|حتفظ|قصر|تخذ|بذل|تبع|طبق|ستخرج|راقب|شرف|سجل|جدد|نظف|زيل|خلي|نشر|ودع|درب|تابع|متثل|حترم|دير|شغل`

// reKeepsRight: "يحتفظ المؤجر بحق ...", "يحتفظ العميل بنسبة 5% من كل
// دفعة": a right or a retention kept, no duty; "يؤكد المقيّم عدم وجود
// تعارض", "يؤكد المورد أن": a statement, no duty.
var reKeepsRight = regexp.MustCompile(`^و?[يت]حتفظ\s+(?:\S+\s+){1,3}(?:ب|ل)(?:ال)?(?:حق|نسبة|مبلغ)|^و?[يت]ؤكد\s+(?:\S+\s+){1,3}(?:عدم|أن|أنه|أنها|بأن|بأنه)(?:\s|$)`)

// Family 3: a party's clause and then its pronoun. "يوفر المستأجر الوقود،
// ولا يجوز له توصيل أي حمل", "يلتزم مزود الخدمة بالمحافظة على السرية، ولا
// يجوز له بيعها": the prohibition binds the party named before it, and one
// sentence gives that party's must_not only (session 18, decision 4;
// heldout11 17, heldout12 12, 13). "... . ويجب عليه حذف البيانات": a
// sentence opening with the pronoun binds the party of the sentence before
// it (heldout12 13).
var (
	reArNotForHim = regexp.MustCompile(`[،,؛]\s*و?لا\s+يجوز\s+(?:له|لها|لهم|لهما)\s+`)
	reArUponHim   = regexp.MustCompile(`^\s*(?:و|ف)?(?:يجب\s+)?(?:عليه|عليها|عليهم|عليهما)\s`)
)

func (x *clauseExtractor) pronounDuties() {
	for i := range x.obls {
		o := &x.obls[i]
		if o.o.Modality != "must" || o.o.PartyRole == "" || !hasArabic(o.o.Action) {
			continue
		}
		if m := reArNotForHim.FindStringIndex(o.o.Action); m != nil && m[1] < len(o.o.Action) {
			o.o.Modality, o.o.Action = "must_not", o.o.Action[m[1]:]
		}
	}
	for i := range x.obls {
		o := &x.obls[i]
		if o.o.PartyRole != "" || o.sent == 0 || !reArUponHim.MatchString(x.a.text[o.start:o.end]) {
			continue
		}
		for _, p := range x.obls {
			if p.sent == o.sent-1 && p.o.PartyRole != "" && hasArabic(p.o.Action) {
				o.o.Party, o.o.PartyRole = p.o.Party, p.o.PartyRole
			}
		}
	}
}

// Family 4: "The Company shall register you with the Social Protection
// Fund", "The Group shall ...", "تلتزم المجموعة بتسجيلك", "The Company will
// release": the author of an offer letter, minutes, a resolution or a
// letter of intent names itself by its kind, never defined in quotes. Its
// duty was left to no one; it binds the document's own employer or issuer
// when the parties hold one such role only (heldout3 06, heldout4 17,
// heldout9 05, 16, partyprobe 09).
var (
	reOwnKindEN = regexp.MustCompile(`(?i)\bthe\s+(?:company|group)\s+(?:shall|will|must|is\s+to|agrees\s+to|undertakes\s+to|is\s+required\s+to)(?:\s+also)?\s*$`)
	reOwnKindAR = regexp.MustCompile(`(?:^|\s)و?(?:تلتزم|يلتزم|تتعهد|يتعهد|تقوم|يجب\s+على)\s+(?:ال)?(?:شركة|مجموعة)\s*(?:ب)?$`)
)

func (x *clauseExtractor) ownKindDuties() {
	role := ""
	for _, p := range x.parties {
		if p.Role != "employer" && p.Role != "issuer" {
			continue
		}
		if role != "" && role != p.Role {
			return // both an employer and an issuer: which one is meant is not known
		}
		role = p.Role
	}
	if role == "" {
		return
	}
	for i := range x.obls {
		o := &x.obls[i]
		if o.o.PartyRole != "" || o.clauseStart <= o.start {
			continue
		}
		pre := x.a.text[max(o.start, o.clauseStart-80):o.clauseStart]
		if m := reOwnKindEN.FindStringIndex(pre); m != nil || reOwnKindAR.MatchString(pre) {
			o.o.PartyRole = role
			if m != nil {
				o.o.Party = strings.Fields(pre[m[0]:])[1]
			}
		}
	}
}
