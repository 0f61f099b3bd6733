package documentfacts

import "testing"

// Session 20, requirements (req20.go): each case is a document of our own,
// rendered in its format, and the requirements it must give ("category
// mode word"), as obl20Cases.
var req20Cases = []struct {
	family, name, format, text string
	want                       []string
}{
	// Family R1: a bilingual row's Arabic half lists its documents too.
	{"R1", "bilingual row, three documents in each half", "docx",
		"# PRE-QUALIFICATION NOTICE | إعلان التأهيل المسبق\nThe Authority invites qualified contractors to apply for pre-qualification. | تدعو الهيئة المقاولين المؤهلين لتقديم طلبات التأهيل المسبق.\n# 2. Submission | ٢. التقديم\n2.1 Each application shall include the trade licence, the audited accounts for 2024-2025 and the list of vessels with their registration papers. | ٢-١ يجب أن يتضمن كل طلب الرخصة التجارية والحسابات المدققة للعامين ٢٠٢٤-٢٠٢٥ وقائمة السفن مع أوراق تسجيلها.\n",
		[]string{"documentation mandatory trade licence", "documentation mandatory audited accounts", "documentation mandatory list of vessels",
			"documentation mandatory الرخصة التجارية", "documentation mandatory الحسابات المدققة", "documentation mandatory قائمة السفن"}},
	{"R1 neg", "Arabic prose list, parted as before", "text",
		"إعلان تأهيل مسبق\n\nتدعو الهيئة المقاولين المؤهلين لتقديم طلبات التأهيل المسبق.\n\n٢. المستندات المطلوبة\n\n٢-١ يجب أن يتضمن كل طلب الرخصة التجارية والحسابات المدققة وقائمة السفن.\n",
		[]string{"documentation mandatory الرخصة التجارية", "documentation mandatory الحسابات المدققة", "documentation mandatory قائمة السفن"}},

	// Family R2: conformity to a standards body's standard is compliance.
	{"R2", "furniture to the Gulf standard", "md",
		"إعلان مناقصة رقم ٩/٢٠٢٦ لتوريد أثاث المكاتب\n\nتدعو الهيئة الشركات المؤهلة لتقديم عطاءاتها.\n\n## الشروط الفنية\n\n١. أن يكون الأثاث المعروض مطابقاً للمواصفات القياسية الخليجية.\n٢. أن تكون الأقمشة مطابقة للمواصفة القياسية العمانية الخاصة بالأقمشة المقاومة للحريق.\n",
		[]string{"compliance mandatory الخليجية", "compliance mandatory العمانية"}},
	{"R2 neg", "technical specifications stay technical", "md",
		"إعلان مناقصة رقم ٩/٢٠٢٦ لتوريد أثاث المكاتب\n\nتدعو الهيئة الشركات المؤهلة لتقديم عطاءاتها.\n\n## الشروط الفنية\n\n١. أن يكون الأثاث المعروض مطابقاً للمواصفات الفنية الواردة في الملحق (أ).\n",
		[]string{"technical mandatory الملحق"}},
}

// TestReq20Families: each case gives exactly the requirements it wants.
// go test -p 1 ./capabilities/documentfacts -run TestReq20Families -v
func TestReq20Families(t *testing.T) {
	for _, c := range req20Cases {
		got := conv16Items(extractAs(t, c.format, c.text), "requirement")
		if msg := obl15Compare(got, c.want); msg != "" {
			t.Errorf("family %s, %s:\n%s", c.family, c.name, msg)
		}
	}
}
