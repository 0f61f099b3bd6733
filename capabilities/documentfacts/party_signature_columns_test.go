package documentfacts

import "testing"

// Issue 29, session 22: parties on heldout18 (docs/documents.md, "Issue
// 29, session 22: parties on heldout18"). Short documents of our own in
// the family's shape, checked as round 16's cases are (partyCheck).
var partySignatureColumnsCases = []partyCase{
	// G. A signature line in columns, each a label and a name.
	{"G Arabic, الطرف الأول / الطرف الثاني in columns", "عقد توريد\n\nأبرم هذا العقد بين شركة الريان للتجارة ذ.م.م ويمثلها السيد/ سالم حمد الكندي (ويشار إليها بـ \"الطرف الأول\") وشركة الوفاء للمعدات ش.م.م (ويشار إليها بـ \"الطرف الثاني\").\n\nيلتزم الطرف الثاني بالتوريد خلال ثلاثين يوماً.\n\nالطرف الأول: سالم حمد الكندي          الطرف الثاني: يوسف علي البلوشي\n",
		map[string]string{"سالم حمد الكندي": "-", "يوسف علي البلوشي": "-"}, []string{"سالم حمد الكندي الطرف الثاني: يوسف علي البلوشي"}, nil},
	{"G Arabic, role words in columns", "عقد عمل\n\nالطرف الأول: شركة النجوم للفنادق ذ.م.م (ويشار إليها بـ \"صاحب العمل\").\nالطرف الثاني: السيدة/ منى سعيد الحارثي (ويشار إليها بـ \"العاملة\").\n\nتلتزم العاملة بأداء العمل.\n\nصاحب العمل: خالد ناصر الشامسي العاملة: منى سعيد الحارثي\n",
		map[string]string{"خالد ناصر الشامسي": "-", "منى سعيد الحارثي": "employee"}, []string{"خالد ناصر الشامسي العاملة: منى سعيد الحارثي"}, nil},
	{"G English, Signed by in columns", "MUTUAL NON-DISCLOSURE AGREEMENT\n\nThis Agreement is made between Nizwa Dates Company LLC and Ibri Cold Chain SAOC.\n\nEach party shall keep the other's information confidential.\n\nSigned by: Eng. Rashid Salim Al Hinai              Signed by: Maryam Ali Al Farsi\n",
		map[string]string{"Rashid Salim Al Hinai": "-", "Maryam Ali Al Farsi": "-"}, nil, nil},
	{"G one column, a bilingual For the Second Party label", "MEMORANDUM OF UNDERSTANDING\n\nThis Memorandum is made between Sur Marine Foods SAOC (the \"First Party\") and Kobe Seafood Trading Co. Ltd. (the \"Second Party\").\n\nEach Party shall bear its own costs.\n\nFor the Second Party / عن الطرف الثاني: Kim Min-jun\n",
		map[string]string{"Kim Min-jun": "-"}, nil, nil},
	{"G one column, عن صاحب العمل first, a title and a post", "ENGINEERING SERVICES AGREEMENT\n\nThis Agreement is made between Salalah Free Zone Company SAOC (the \"Employer\") and Dhofar Design Consultants LLC (the \"Consultant\").\n\nThe Consultant shall deliver the design within 60 days.\n\nعن صاحب العمل / For the Employer: Eng. Wang Li-na, General Manager\n",
		map[string]string{"Wang Li-na": "-"}, []string{"Wang Li-na, General Manager"}, nil},
	{"G negative: columns of a date and a place", "SUPPLY AGREEMENT\n\nThis Agreement is made between Sur Fisheries LLC (the \"Buyer\") and Masirah Ice Company LLC (the \"Seller\").\n\nDate: 3 May 2026          Place: Sur Wilayat\n",
		map[string]string{"Sur Fisheries LLC": "buyer", "Masirah Ice Company LLC": "seller"}, []string{"Sur Wilayat"}, nil},
}

// TestParties18Families runs the cases: every case must pass.
func TestParties18Families(t *testing.T) {
	for _, c := range partySignatureColumnsCases {
		if msg := partyCheck(t, c); msg != "" {
			t.Errorf("%s:\n%s", c.family, msg)
		}
	}
}
