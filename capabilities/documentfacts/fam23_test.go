package documentfacts

import "testing"

// Session 23 (issue 29, docs/documents.md "Issue 29, session 23: left
// families on the development sets"): each case is a document of our own
// and the facts of one type it must give, exactly (obl15Compare).

// fam23TextCases are plain-text documents.
var fam23TextCases = []struct {
	family, name, typ, text string
	want                    []string
}{
	// Family B: the rows of a key-staff table are technical
	// requirements; its lead-in is neither requirement nor duty; a
	// preference under it is an optional technical requirement.
	{"B", "a staff table under a key-staff heading", "requirement",
		"REQUEST FOR PROPOSALS\nDesign of the Ibri Sports Complex\n\nIbri Municipality invites engineering consultancy firms to submit proposals.\n\n3. KEY STAFF\nThe Consultant shall propose the following key staff:\nPosition | Qualification | Minimum years\nTeam Leader | Master's degree in architecture | 15\nStructural Engineer | BSc in civil engineering | 10\nA LEED Accredited Professional in the team is preferred.\n\n4. GENERAL\nThe Municipality is not bound to accept any proposal.\n",
		[]string{"technical mandatory team leader", "technical mandatory structural engineer", "technical optional leed"}},
	{"B", "the lead-in is no duty", "obligation",
		"REQUEST FOR PROPOSALS\nDesign of the Ibri Sports Complex\n\nIbri Municipality invites engineering consultancy firms to submit proposals.\n\n3. KEY STAFF\nThe Consultant shall propose the following key staff:\nPosition | Qualification | Minimum years\nTeam Leader | Master's degree in architecture | 15\nStructural Engineer | BSc in civil engineering | 10\n",
		nil},
	{"B", "an Arabic staff table", "requirement",
		"طلب تقديم عروض\nتصميم المجمع الرياضي في عبري\n\nتدعو بلدية عبري المكاتب الاستشارية الهندسية إلى تقديم عروضها.\n\nالكادر الرئيسي\nيجب أن يضم فريق الاستشاري الوظائف التالية:\nالوظيفة | الحد الأدنى لسنوات الخبرة\nمدير المشروع | ١٥\nمهندس إنشائي | ١٠\n\nأحكام عامة\nالبلدية غير ملزمة بقبول أي عرض.\n",
		[]string{"technical mandatory مدير المشروع", "technical mandatory مهندس إنشائي"}},
	{"B neg", "a price table after the staff block is no staff", "requirement",
		"REQUEST FOR PROPOSALS\nDesign of the Ibri Sports Complex\n\nIbri Municipality invites engineering consultancy firms to submit proposals.\n\nKey staff\nThe Consultant shall propose the following key staff:\nTeam Leader | 15\n\nPayment schedule\nMilestone | Share\nConcept design | 20%\n",
		[]string{"technical mandatory team leader"}},
}

func TestFam23TextFamilies(t *testing.T) {
	for _, c := range fam23TextCases {
		got := conv16Items(extractText(t, c.text), c.typ)
		if msg := obl15Compare(got, c.want); msg != "" {
			t.Errorf("family %s, %s (%s):\n%s", c.family, c.name, c.typ, msg)
		}
	}
}
