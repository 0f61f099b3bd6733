package documentfacts

import "testing"

// Issue 29, session 15, round 13: parties, obligations and requirements
// from heldout10's classes (docs/documents.md, "round 13, parties and
// requirements from heldout10"). Sentences of our own in English and
// Arabic, guards among them; the fields read as in TestRound12.
func TestRound13(t *testing.T) {
	for _, tc := range []roundCase{
		// R6: "must contain:" opens a documents list; its items are documentation.
		{"rfp, each proposal must contain",
			"Request for Proposals: Cleaning Services\n\n## 3. Proposal contents\n\nEach proposal must contain:\n\n- the firm's commercial registration;\n- a signed conflict of interest declaration;\n- a price schedule for each year.\n\nProposals shall be sent by e-mail.",
			[]string{"documentation|mandatory|commercial registration", "documentation|mandatory|conflict of interest declaration", "documentation|mandatory|price schedule"}, []string{"sent by e-mail"}, nil, nil},
		{"arabic tender, the offer must contain",
			"مناقصة رقم ٤/٢٠٢٦ لتوريد أثاث مكتبي\n\nمحتويات العرض\n\nيجب أن يتضمن العرض ما يلي:\n\n- صورة السجل التجاري؛\n- جدول الأسعار موقعاً ومختوماً.",
			[]string{"documentation|mandatory|السجل التجاري", "documentation|mandatory|جدول الأسعار"}, nil, nil, nil},
		{"guard: a contract's invoice contents are no requirements",
			"Supply Agreement made between Gulf Pipes LLC (the \"Supplier\") and Sur Water SAOC (the \"Buyer\").\n\nEach invoice must contain:\n\n- the purchase order number;\n- the delivery note number.",
			nil, []string{"purchase order number", "delivery note number"}, nil, nil},
		// P8: a party's Arabic line under its English line is its twin.
		{"bilingual parties on consecutive lines",
			"Hall Hire Agreement / اتفاقية استئجار قاعة\n\nBetween / بين:\n\nDana Halls W.L.L., Manama, Kingdom of Bahrain (the \"Venue\")\nشركة قاعات دانة ذ.م.م، المنامة، مملكة البحرين (ويشار إليها بـ\"القاعات\")\n\nand / و:\n\nReef Events Co. W.L.L., Seef (the \"Organiser\")\nشركة الريف للفعاليات ذ.م.م، السيف (ويشار إليها بـ\"المنظم\")\n\nThe Venue shall provide the hall.",
			nil, nil, map[string]string{"شركة قاعات دانة ذ.م.م": "venue", "Dana Halls W.L.L.": "venue"}, nil},
		{"guard: an Arabic party on the next line with its own role keeps it",
			"Supply Agreement / اتفاقية توريد\n\nGulf Pipes LLC, Muscat (the \"Supplier\")\nشركة صحار للمياه ش.م.ع.ع، صحار (ويشار إليها بـ\"المشتري\")",
			nil, nil, map[string]string{"شركة صحار للمياه ش.م.ع.ع": "buyer"}, nil},
		// P9: the company over a policy's title is its issuer.
		{"company policy, english",
			"GULF GLASS INDUSTRIES W.L.L.\nGROUP POLICY HR-02: OVERTIME\n\nVersion: 1.0\n\n1. This policy applies to all employees of Gulf Glass Industries W.L.L. (the \"Company\").\n2. The Company shall pay overtime within thirty (30) days.",
			nil, nil, map[string]string{"GULF GLASS INDUSTRIES W.L.L.": "issuer"}, nil},
		{"company policy, arabic",
			"شركة الريان للأجهزة المنزلية ذ.م.م\nسياسة الإرجاع والاستبدال\n\nتسري هذه السياسة على مشتريات العملاء من معارض شركة الريان للأجهزة المنزلية ذ.م.م (ويشار إليها بـ\"الشركة\").\n١. تلتزم الشركة برد المبلغ خلال سبعة (٧) أيام.",
			nil, nil, map[string]string{"شركة الريان للأجهزة المنزلية ذ.م.م": "issuer"}, nil},
		{"guard: a contract naming a policy keeps its roles",
			"Gulf Pipes LLC\nSupply Agreement under the Buyer's procurement policy\n\nThis Agreement is made between Gulf Pipes LLC (the \"Supplier\") and Sur Water SAOC (the \"Buyer\").",
			nil, nil, map[string]string{"Gulf Pipes LLC": "supplier"}, nil},
		// P5: role words of the lexicon heldout10 adds.
		{"secondment parties",
			"Secondment Agreement between Gulf Cement Company LLC (the \"Home Company\") and Sohar Clinker Operations SAOC (the \"Host Company\").\nThe Host Company shall provide accommodation to the Secondee.\nThe Home Company shall continue to pay the salary.",
			nil, nil, map[string]string{"Gulf Cement Company LLC": "home_company", "Sohar Clinker Operations SAOC": "host_company"},
			[]string{"host_company must: provide accommodation", "home_company must: continue to pay"}},
		{"venue and policyholder",
			"Hall Hire Agreement between Dana Halls W.L.L. (the \"Venue\") and Reef Events Co. W.L.L. (the \"Organiser\").\nThe Venue shall provide the main hall on the event day.",
			nil, nil, map[string]string{"Dana Halls W.L.L.": "venue", "Reef Events Co. W.L.L.": "organiser"},
			[]string{"venue must: provide the main hall"}},
		{"arabic policyholder label",
			"وثيقة تأمين صحي جماعي\nحامل الوثيقة: شركة الريم للحديد ش.م.م\nيدفع حامل الوثيقة القسط خلال ثلاثين يوماً.",
			nil, nil, map[string]string{"شركة الريم للحديد ش.م.م": "policyholder"}, nil},
		// P6: a table of parties headed Party | Details.
		{"party details table",
			"Deed of Assignment\n\n| Party | Details |\n|---|---|\n| Assignor | Blue Falcon Studio SPC, CR 1234567, Muscat |\n| Assignee | Sea Breeze Apps LLC, CR 7654321, Muscat |\n\nThe Assignee shall pay the price on signing.",
			nil, nil, map[string]string{"Blue Falcon Studio SPC": "assignor", "Sea Breeze Apps LLC": "assignee"},
			[]string{"assignee must: pay the price"}},
		{"guard: a details table of a person's job is no party's role",
			"Service Agreement between Sur Pumps LLC (the \"Supplier\") and Ibri Farms SAOC (the \"Customer\").\n\n| Party | Details |\n|---|---|\n| Project Manager | Mr. Salim Nasser Al Hinai |",
			nil, nil, map[string]string{"Salim Nasser Al Hinai": "!project_manager"}, nil},
		// P7: a two-cell row with no header and no colon.
		{"role cell row without a colon",
			"WEBSITE DEVELOPMENT AGREEMENT\nDate | 3 May 2026\nClient | Desert Rose Trading Co. W.L.L., Kuwait City\nDeveloper | Pixel Dunes Solutions Co., Sharq\nThe Developer shall launch the website.",
			nil, nil, map[string]string{"Pixel Dunes Solutions Co.": "developer"}, []string{"developer must: launch the website"}},
		{"guard: a role cell row in an invoice gives no role word",
			"TAX INVOICE\nInvoice No | 2211\nDeveloper | Pixel Dunes Solutions Co., Sharq\nTotal | KWD 500.000",
			nil, nil, map[string]string{"Pixel Dunes Solutions Co.": "!developer"}, nil},
	} {
		t.Run(tc.name, tc.check)
	}
}
