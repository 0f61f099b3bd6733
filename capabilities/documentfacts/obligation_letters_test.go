package documentfacts

import "testing"

// Family L: letters written as "we" / "you" that engage their reader
// (runRoleCases, obligation_subjects_test.go).
var lettersCases = []roleCase{
	{"L", "English: an engagement letter written as we / you", "Al Noor Developments SAOC\nP.O. Box 12, Muscat\n\n" +
		"Date: 3 March 2027\n\nMr. Karim Haddad\nVilla 9, Al Khuwair, Muscat\n\nDear Mr. Haddad,\n\n" +
		"We are pleased to engage you as an independent consultant to review the structural design of our tower. " +
		"In this letter \"we\" and \"our\" mean Al Noor Developments SAOC and \"you\" means Karim Haddad.\n\n" +
		"You shall:\n- review the structural drawings of the tower;\n- not disclose the drawings to any third party.\n\n" +
		"You shall deliver your review report to us no later than 30 April 2027.\n" +
		"We will pay your fee within fourteen (14) days of receiving your invoice.\n\n" +
		"Yours sincerely,\nFor Al Noor Developments SAOC\nSaid Al Harthy\nGeneral Manager\n",
		[]string{"consultant must review the structural drawings", "consultant must_not not disclose the drawings",
			"consultant must deliver your review report", "customer must pay your fee"},
		[]string{"customer - al noor developments saoc", "consultant - karim haddad"}},
	{"L", "Arabic: نلتزم / تلتزمون in a letter that engages its reader", "شركة الريم للتطوير ش.م.م\nص.ب ١٢، مسقط\n\n" +
		"السيد/ كريم حداد المحترم\n\nتحية طيبة وبعد،\n\n" +
		"يسرنا التعاقد معكم بصفتكم مستشاراً مستقلاً لمراجعة التصاميم الإنشائية للبرج.\n\n" +
		"تلتزمون بتسليم تقرير المراجعة خلال ثلاثين يوماً من تاريخ هذا الخطاب.\n" +
		"نلتزم بسداد أتعابكم خلال أربعة عشر يوماً من استلام الفاتورة.\n",
		[]string{"consultant must بتسليم تقرير المراجعة", "customer must بسداد أتعابكم"}, nil},
	{"L", "negative: a letter that engages no one keeps its we / you unbound", "Al Noor Developments SAOC\nP.O. Box 12, Muscat\n\n" +
		"Dear Sir,\n\nWe refer to your visit of last week. You shall return the site pass to our gate office.\n",
		[]string{"- must You shall return the site pass"}, nil},
}

func TestLetters28Families(t *testing.T) { runRoleCases(t, lettersCases) }
