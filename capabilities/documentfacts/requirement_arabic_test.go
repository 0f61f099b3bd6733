package documentfacts

import "testing"

// Session 22, Arabic requirements (docs/documents.md "Issue 29, session
// 22: Arabic requirements"): each case is a tender of our own in one
// wording family and the requirement lines it must give, "category mode
// word" (the word contained in the requirement). A case fails on a wanted
// line missing and on any other requirement line.

const arabicRequirementsTender = "إعلان مناقصة\n\nتعلن شركة الباطنة للخدمات ش.م.م عن طرح مناقصة لتقديم خدمات الصيانة لمبانيها في صحار.\n\n"

var arabicRequirementsCases = []struct {
	family, name, text string
	want               []string
}{
	// Family C3: goods that must conform or carry a conformity mark.
	{"C3", "goods registered and CE marked, doors to a standard", arabicRequirementsTender + "أولاً: شروط التأهيل\n١- يجب أن تكون جميع المنتجات المعروضة مسجلة لدى الهيئة العامة للغذاء والدواء وحاصلة على علامة المطابقة الأوروبية.\n٢- يجب أن تكون الأبواب المقاومة للحريق مطابقة لمعيار NFPA 80 ومعتمدة من الدفاع المدني.\n٣- يجب أن يكون المناقص مسجلاً لدى وزارة التجارة.\n",
		[]string{"compliance mandatory المطابقة الأوروبية", "compliance mandatory NFPA 80", "eligibility mandatory مسجلاً"}},
	// Family C5: work done before, as a condition or a preference.
	{"C5", "supplied before, experience deemed an advantage", arabicRequirementsTender + "أولاً: شروط التأهيل\n١- يفضل الموردون الذين سبق لهم التوريد لمحطات التبريد المركزي.\n٢- يعد توريد مركبات مبردة سابقاً لجهات حكومية ميزة.\n٣- تعتبر الخبرة في المباني الحاصلة على شهادة LEED ميزة إضافية.\n",
		[]string{"experience optional لمحطات التبريد", "experience optional مركبات مبردة", "experience optional LEED"}},
	// Family C6: insurance named with its article.
	{"C6", "comprehensive insurance, insurance against", arabicRequirementsTender + "أولاً: شروط التأهيل\n١- التأمين الشامل على الشاحنات حتى تسليمها في الموقع.\n٢- يجب أن يكون لدى المناقص التأمين ضد الحريق على مستودعاته.\n",
		[]string{"insurance mandatory التأمين الشامل", "insurance mandatory التأمين ضد"}},
	// Family P: the price of the tender documents is no requirement.
	{"P", "a price of the documents, the price of a copy", arabicRequirementsTender + "ثالثاً: الضمانات والرسوم\n١- قيمة وثائق المناقصة (٥٠) ريالاً عمانياً غير مستردة.\n٢- ثمن نسخة المناقصة (غير مسترد) ٣٥ ر.ع.\n٣- يجب أن يرفق بالعطاء ضمان عطاء بمبلغ ٥٠٠ ر.ع.\n",
		[]string{"financial mandatory ضمان عطاء"}},
	// Family L: the second limb of a condition on goods (joined by
	// obligation_letters_envelopes.go's joinLimbs since the lead merged the two).
	{"L", "goods to a standard and a second property", arabicRequirementsTender + "أولاً: شروط التأهيل\n١- يجب أن تكون المولدات مطابقة للمواصفة ISO 8528 وأن تفي محركاتها بمعايير الانبعاثات.\n٢- يجب أن تكون الوحدة مطابقة لمعيار NSF/ANSI 61، وأن تكون المياه المنتجة مطابقة للمواصفة العمانية.\n",
		[]string{"compliance mandatory ISO 8528", "compliance mandatory NSF/ANSI 61"}},
	{"L", "the bidder's second condition stays", arabicRequirementsTender + "أولاً: شروط التأهيل\nيجب أن يكون المتقدم شركة مسجلة في سلطنة عمان لا يقل رأس مالها عن مائة ألف ريال، وأن تكون له خبرة لا تقل عن ثلاث سنوات في الصيانة.\n",
		[]string{"eligibility mandatory مسجلة", "financial mandatory رأس مالها", "experience mandatory ثلاث سنوات"}},
}

// TestArReq22Families: each case gives exactly the requirement lines it
// wants.
// go test -p 1 ./capabilities/documentfacts -run TestArReq22Families -v
func TestArReq22Families(t *testing.T) {
	for _, c := range arabicRequirementsCases {
		got := firstSixConventionItems(extractText(t, c.text), "requirement")
		if msg := compareObligationItems(got, c.want); msg != "" {
			t.Errorf("family %s, %s:\n%s", c.family, c.name, msg)
		}
	}
}
