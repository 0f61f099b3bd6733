package documentfacts

import "testing"

// Issue 29, session 16, round 14: parties and obligations from heldout11's
// classes (docs/documents.md, "round 14, parties, obligations and
// requirements from heldout11"). Sentences of our own in English and
// Arabic, guards among them; the fields read as in TestRound12.
func TestRound14Parties(t *testing.T) {
	for _, tc := range []roundCase{
		// P1: a table of parties whose header names no role column.
		{"party | name table, two scripts in each cell",
			"Catering Agreement / اتفاقية تموين\n\n| Party / الطرف | Name / الاسم |\n|---|---|\n| Caterer / متعهد التموين | Saffron Kitchens LLC / شركة الزعفران للمطابخ ش.م.م |\n| Client / العميل | Ibri Steel SAOC (Ibri) / شركة عبري للصلب ش.م.ع.م (عبري) |\n\nThe Caterer shall serve three meals a day.",
			nil, nil, map[string]string{"Saffron Kitchens LLC": "caterer", "شركة الزعفران للمطابخ ش.م.م": "caterer", "Ibri Steel SAOC": "customer", "شركة عبري للصلب ش.م.ع.م": "customer"},
			[]string{"caterer must: serve three meals"}},
		{"role | name table, names in two scripts",
			"Crane Hire Agreement\n\n| Role / الصفة | Name / الاسم |\n|---|---|\n| Hirer / المستأجر | Sur Lifting LLC / شركة صور للرفع ش.م.م |\n| Owner / المالك | Nizwa Cranes SPC / شركة نزوى للرافعات ش.ش.و |",
			nil, nil, map[string]string{"Sur Lifting LLC": "hirer", "شركة صور للرفع ش.م.م": "hirer", "Nizwa Cranes SPC": "owner", "شركة نزوى للرافعات ش.ش.و": "owner"}, nil},
		{"table whose role column has no header",
			"Printing Services Agreement\n\n| | Party | Address |\n|---|---|---|\n| Publisher | Green Ink Media W.L.L. | Manama |\n| Distributor | Seef Books B.S.C. (c) | Seef |\n\nThe Distributor shall deliver the books by 3 May 2026.",
			nil, nil, map[string]string{"Green Ink Media W.L.L.": "publisher", "Seef Books B.S.C. (c)": "distributor"},
			[]string{"distributor must: deliver the books"}},
		{"guard: a price table with an empty first header is no parties table",
			"Supply Agreement between Gulf Pipes LLC (the \"Supplier\") and Sur Water SAOC (the \"Buyer\").\n\n| | Item | Price |\n|---|---|---|\n| 1 | Steel pipes | OMR 400 |\n| 2 | Valves | OMR 90 |",
			nil, nil, map[string]string{"Gulf Pipes LLC": "supplier", "Sur Water SAOC": "buyer"}, nil},
		{"guard: a party column of a person's post gives no role",
			"Service Agreement between Sur Pumps LLC (the \"Supplier\") and Ibri Farms SAOC (the \"Customer\").\n\n| Party | Name |\n|---|---|\n| Project Manager | Mr. Salim Nasser Al Hinai |",
			nil, nil, map[string]string{"Salim Nasser Al Hinai": "!project_manager"}, nil},
		// P2: a contract party defined only as "the Company".
		{"a rental firm defined as the Company",
			"VEHICLE LEASE AGREEMENT\nBetween:\nSeeb Motors Rental LLC, P.O. Box 12, Seeb (\"the Company\")\nand\nDhofar Foods SAOC, P.O. Box 5, Salalah (\"the Customer\")\n\n1. The Company shall provide a replacement car within six (6) hours.\n2. The Customer shall pay the rent monthly.",
			nil, nil, map[string]string{"Seeb Motors Rental LLC": "company", "Dhofar Foods SAOC": "customer"},
			[]string{"company must: provide a replacement car", "customer must: pay the rent"}},
		{"arabic: a party defined as الشركة",
			"عقد تأجير معدات\nبين:\nشركة المسفاة للمعدات ش.م.م، ص.ب ١٢، مسقط (\"الشركة\")\nو\nشركة الرستاق للبناء ش.م.م، ص.ب ٩، الرستاق (\"العميل\")\n١. تلتزم الشركة بصيانة المعدات على نفقتها.",
			nil, nil, map[string]string{"شركة المسفاة للمعدات ش.م.م": "company", "شركة الرستاق للبناء ش.م.م": "customer"},
			[]string{"company must: بصيانة"}},
		{"guard: an RFQ's company stays its issuer",
			"INVITATION TO TENDER\nBarka Desalination Company SAOC (the \"Company\") invites contractors to bid for the supply of pumps.\nBids must be valid for 90 days.",
			nil, nil, map[string]string{"Barka Desalination Company SAOC": "issuer"}, nil},
		{"guard: a letter's company with no other party has no company role",
			"Sohar Aluminium Trading LLC (the \"Company\")\nP.O. Box 4, Sohar\n\nTo whom it may concern\n\nThis is to certify that Mr. Ali Said worked with us.",
			nil, nil, map[string]string{"Sohar Aluminium Trading LLC": "!company"}, nil},
	} {
		t.Run(tc.name, tc.checkMarkdown)
	}
}

// checkMarkdown checks a case read as Markdown (a table's first row is
// its header there).
func (c roundCase) checkMarkdown(t *testing.T) {
	c.checkOutput(t, extractMarkdown(t, c.text))
}
