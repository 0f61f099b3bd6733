package documentfacts

import "testing"

// TestLeadInListsRound8b: a lead-in that binds a party to a list ("The
// Lessee shall:", "The Seller shall not, without the Buyer's consent:",
// يلتزم المورد بما يلي:) gives one obligation per lettered item, in the
// party's role, and none of its own (issue 29, round 8b). An item worded
// عدم ... under يلتزم is a prohibition. A lead-in whose verb is stated
// ("Bidders shall submit:") is a duty of its own and its items are not
// duties; a list under a heading that binds no one gives nothing.
func TestLeadInListsRound8b(t *testing.T) {
	checkR7b(t, "obligation", []r7bCase{
		{"LEASE\nLessee: Coral Bay Trading LLC\n4.1 The Lessee shall:\n(a) keep the premises in good repair;\n(b) insure the stock against fire; and\n(c) settle the water bills monthly.\n4.2 The Lessor may inspect the premises.",
			[]string{"tenant|must|good repair", "tenant|must|insure the stock", "tenant|must|water bills"}, []string{"landlord|must|inspect"}},
		{"SUPPLY AGREEMENT\n7. The Seller shall not, without the Buyer's prior written consent:\n(i) assign this Agreement; or\n(ii) change the place of manufacture.",
			[]string{"seller|must_not|assign this", "seller|must_not|place of manufacture"}, []string{"seller|must_not|, without"}},
		{"SERVICES CONTRACT\nThe Client shall, at its own expense:\na) provide office space for two engineers;\nb) give access to the site within 5 days of a request.",
			[]string{"customer|must|office space", "customer|must|access to the site"}, []string{"customer|must|at its own expense"}},
		{"عقد توريد\n٣. يلتزم المورد بما يلي:\nأ. تسليم الأجهزة إلى المستودع الرئيسي.\nب. تدريب فنيي المشتري على التشغيل.\nج. عدم استخدام قطع غيار مستعملة.\n٤. يسدد المشتري الثمن.",
			[]string{"supplier|must|تسليم الأجهزة", "supplier|must|تدريب فنيي", "supplier|must_not|قطع غيار مستعملة"}, []string{"supplier|must|بما يلي"}},
		{"عقد عمل\nعلى العامل ما يلي:\n- المحافظة على أدوات العمل.\n- إخطار صاحب العمل بأي غياب.",
			[]string{"employee|must|أدوات العمل", "employee|must|بأي غياب"}, nil},
		// The lead-in states the duty; the items are what to submit.
		{"TENDER NOTICE\nBidders shall submit the following:\n(a) a copy of the commercial registration;\n(b) the audited accounts of 2025.",
			nil, []string{"bidder|must|audited accounts"}},
		// A heading binds no one.
		{"PRICE SCHEDULE\nPayment terms:\n(a) 30% on signing;\n(b) 70% on delivery.", nil, []string{"-|must|on delivery"}},
	})
}
