package documentfacts

import (
	"regexp"
	"strings"
)

// Arabic requirements by families (issue 29, session 22;
// docs/documents.md "Issue 29, session 22: Arabic requirements"). Each
// family is a wording of Arabic tenders, or of the Arabic side of
// bilingual ones, seen in more than one document. They run last among
// the requirement passes (requirements.go calls arabicRequirements after
// bidsPassivesRequirements), on requirements written in Arabic. The Saudi
// tender words, staff, nationalisation rates, licences, CE marking and
// one-sentence document lists are req22's families (obligation_letters_envelopes.go) and
// are not repeated here.

var (
	// Family C3: goods (not the bidder) that must conform to a standard
	// or carry a conformity mark ("يجب أن تكون جميع المنتجات المعروضة
	// مسجلة لدى الهيئة ... وحاصلة على علامة المطابقة الأوروبية (CE)", "يجب
	// أن تكون الأبواب والقواطع ... مطابقة لمعيار NFPA 80 ومعتمدة من"):
	// compliance (convention 21), not eligibility for "مسجلة لدى".
	reArConform = regexp.MustCompile(`(?:^|\s)(?:و)?(?:ال)?مطابق(?:ة|ين|اً|ا)?\s+(?:ل|لل|مع)|علامة\s+(?:ال)?مطابقة|(?:ال)?مواصفات\s+(?:ال)?قياسية|(?:ال)?مواصفة\s+(?:ال)?قياسية`)
	reArBidder  = regexp.MustCompile(`(?:ال|لل)(?:مناقص|متناقص|متنافس|متقدم|مورد|مقاول|مرشح)|مقدم\s+(?:ال)?(?:عطاء|عرض|طلب)|(?:^|\s)(?:ال)?شركة\s+مسجلة`)
	// Family C5: work done before, named as a condition or a preference
	// ("يفضل الموردون الذين سبق لهم التوريد لمحطات التبريد", "يعد توريد
	// مركبات مبردة سابقاً لجهات حكومية ميزة", "تعتبر الخبرة في التجهيزات
	// ... ميزة إضافية"): experience.
	reArPriorWork = regexp.MustCompile(`سبق\s+(?:له|لها|لهم)\s+(?:ال)?(?:توريد|تنفيذ|تقديم|العمل|تركيب)|(?:توريد|تنفيذ|تركيب)\s[^.؛]{0,60}\sسابقاً|^(?:[0-9٠-٩]+[-.)]\s*)?(?:[0-9٠-٩]+\s+)?(?:يعد|يعتبر|تعد|تعتبر|يُعد|يُعتبر|تُعد|تُعتبر)\s+(?:ال)?خبرة`)
	// Family C6: insurance named with the article ("التأمين الشامل على
	// الشاحنات حتى تسليمها"): insurance; social insurance and a bid
	// bond's التأمين المؤقت keep their categories.
	reArInsurance = regexp.MustCompile(`(?:ال)?تأمين\s+(?:ال)?(?:شامل|ضد)|(?:ال)?تأمين\s+على\s+(?:ال)?(?:شاحنات|بضائع|مركبات|معدات|أعمال|موقع|عمال|عاملين)`)
)

// arabicRequirements applies the Arabic families to the requirements found.
func (x *clauseExtractor) arabicRequirements(ctx reqContext) {
	if !ctx.tender && !ctx.selecting {
		return
	}
	var kept []reqFound
	for _, r := range x.reqs {
		t := x.a.text[r.start:r.end]
		if !hasArabic(t) || latinMostly(t) {
			kept = append(kept, r)
			continue
		}
		if arDocumentPrice(t) {
			continue
		}
		r.r.Category = arCategory(t, r.r.Category)
		kept = append(kept, r)
	}
	x.reqs = kept
}

// latinMostly: t has as many Latin words as Arabic ones or more (a
// bilingual row, an English sentence with an Arabic name).
func latinMostly(t string) bool {
	n, a := 0, 0
	for _, w := range strings.Fields(t) {
		switch {
		case w[0] >= 'a' && w[0] <= 'z' || w[0] >= 'A' && w[0] <= 'Z':
			n++
		case hasArabic(w):
			a++
		}
	}
	return n >= a
}

// arCategory: the category of Arabic requirement t under families
// C3, C5 and C6.
func arCategory(t, cat string) string {
	if cat == "documentation" || cat == "financial" || cat == "insurance" {
		return cat
	}
	switch {
	case cat == "eligibility" && reArConform.MatchString(t) && !reArBidder.MatchString(t):
		return "compliance"
	case reArPriorWork.MatchString(t):
		return "experience"
	case reArInsurance.MatchString(t):
		return "insurance"
	}
	return cat
}

// Family P: the price of the tender documents in a fees list ("١- قيمة
// وثائق المناقصة (٥٠) ريالاً عمانياً غير مستردة"، "ثمن نسخة المناقصة
// (غير مسترد)"): money (`tender_fee`, convention 21), no condition to
// meet (heldout16 06, 09).
var reArDocPrice = regexp.MustCompile(`^(?:[0-9٠-٩]+\s*[-.)]\s*)?(?:رسوم|رسم|ثمن|قيمة|سعر)\s+(?:شراء\s+)?(?:نسخة|وثائق|مستندات|كراسة|كراسات)\s`)

func arDocumentPrice(t string) bool {
	t = strings.TrimSpace(t)
	return reArDocPrice.MatchString(t) && !reReqMandatory.MatchString(t) && !reReqOptional.MatchString(t)
}
