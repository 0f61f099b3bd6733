package documentfacts

import (
	"strings"
	"testing"
)

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
			// session 21, decision 41: the hirer of equipment is tenant
			nil, nil, map[string]string{"Sur Lifting LLC": "tenant", "شركة صور للرفع ش.م.م": "tenant", "Nizwa Cranes SPC": "owner", "شركة نزوى للرافعات ش.ش.و": "owner"}, nil},
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
		// P3: who signs for a party.
		{"signers with their role in brackets after the name",
			"Boat Charter Agreement\nBetween Sur Dhow Tours LLC (the \"Owner\") and Reef Divers SPC (the \"Charterer\").\n1. The Owner shall provide a skipper.\n\nSigned / التوقيع: Khalfan Said Al Ghailani (Owner / المالك) — Maria Lopez Garcia (Charterer / المستأجر)",
			nil, nil, map[string]string{"Khalfan Said Al Ghailani": "-", "Maria Lopez Garcia": "-", "Sur Dhow Tours LLC": "owner"}, nil},
		{"guard: a bracket of a place after a name signs for no one",
			"Boat Charter Agreement\nBetween Sur Dhow Tours LLC (the \"Owner\") and Reef Divers SPC (the \"Charterer\").\n\nSigned: Sur Dhow Tours LLC (Muscat)",
			nil, nil, map[string]string{"Sur Dhow Tours LLC": "owner"}, nil},
		{"received for the contractor",
			"COMPLETION CERTIFICATE\nContract: C-12/2026\nEmployer: Ibra Schools SAOC\nContractor: Nizwa Builders LLC\n\n1. The Contractor shall clear the site by 1 June 2026.\n\nReceived for the Contractor: Yousuf Hamed Al Kindi, Site Manager",
			nil, nil, map[string]string{"Yousuf Hamed Al Kindi": "-", "Nizwa Builders LLC": "contractor"}, nil},
		{"arabic: two parties' signers on one line",
			"عقد توريد\nالطرف الأول (البائع): شركة نزوى للتمور ش.م.م\nالطرف الثاني (المشتري): شركة صحار للأغذية ش.م.م\n١. يلتزم البائع بتسليم التمور.\nالطرف الأول: خالد ناصر الحارثي — الطرف الثاني: يوسف علي البلوشي",
			nil, nil, map[string]string{"خالد ناصر الحارثي": "-", "شركة نزوى للتمور ش.م.م": "seller"}, nil},
		{"guard: two parties named by labels on one line keep their roles",
			"عقد توريد\nالبائع: شركة نزوى للتمور ش.م.م — المشتري: شركة صحار للأغذية ش.م.م\n١. يلتزم البائع بتسليم التمور.",
			nil, nil, map[string]string{"شركة نزوى للتمور ش.م.م": "seller"}, nil},
		// P4: a firm named under a post's word.
		{"the engineer named as a firm",
			"TAKING-OVER CERTIFICATE\nContract: W-7/2025\nEmployer: Sur Ports SAOC, Sur\nContractor: Batinah Marine Works LLC, Sohar\nEngineer: Wadi Design Consultants, Muscat\n\n1. The Contractor shall remove its equipment within 14 days.",
			nil, nil, map[string]string{"Wadi Design Consultants": "engineer", "Sur Ports SAOC": "employer"}, nil},
		{"guard: an engineer named as a person has no role",
			"Site Services Contract\nContract: W-7/2025\nEmployer: Sur Ports SAOC, Sur\nEngineer: Eng. Salim Nasser Al Hinai\nSite office: Head Office, Sur",
			nil, nil, map[string]string{"Salim Nasser Al Hinai": "!engineer"}, nil},
		{"arabic: the consultant's firm after its engineer in the attendance",
			"محضر اجتماع\nالمالك: شركة صلالة للفنادق ش.م.م، صلالة\nالمقاول: مؤسسة ظفار للمقاولات، صلالة\nالحضور\nعن المقاول | م. علي سالم الكثيري، مدير المشروع\nعن الاستشاري | م. هند سعيد الشحري، مكتب الريادة للاستشارات الهندسية\n١. يلتزم المقاول بتسليم المخططات.",
			nil, nil, map[string]string{"مكتب الريادة للاستشارات الهندسية": "consultant", "هند سعيد الشحري": "-"}, nil},
		// X: one party named twice, a title's words.
		{"arabic: an announcing company is its labelled self",
			"إعلان تأهيل مسبق\nالجهة المعلنة: شركة سترة للتطوير ش.م.ب (مقفلة)، سترة\nتعلن شركة سترة للتطوير عن رغبتها في تأهيل مقاولين.\nيجب أن يكون المتقدم مسجلاً في السجل التجاري.",
			nil, nil, map[string]string{"شركة سترة للتطوير ش.م.ب (مقفلة)": "issuer"}, nil},
		{"a title's group is no party",
			"Family Group Travel Contract\nBetween Nizwa Tours LLC (the \"Organiser\") and Said Ali Al Abri (the \"Traveller\").\n1. The Organiser shall book the flights.",
			nil, nil, map[string]string{"Nizwa Tours LLC": "organiser"}, nil},
		// O5: a state of a party's thing binds no one; the party's people do.
		{"the contractor's bond remains valid, the contractor's staff remain on site",
			"Works Contract between Sur Ports SAOC (the \"Employer\") and Batinah Marine Works LLC (the \"Contractor\").\n1. The Contractor's performance bond of OMR 12,500.000 shall remain valid until 1 June 2027.\n2. The Contractor's staff shall remain on site until the handover.\n3. The Contractor shall remain responsible for defects.",
			nil, nil, nil, []string{"contractor must: remain on site"}},
		// P5: the key specification's session-16 roles.
		{"a guarantee's bank takes its defined word",
			"PERFORMANCE BANK GUARANTEE\nTo: Sur Ports SAOC (the \"Beneficiary\")\nWe, Dhofar Trust Bank SAOG (the \"Guarantor\"), hereby irrevocably undertake to pay the Beneficiary any sum up to OMR 8,000.\nWe shall pay within five (5) days of a written demand.",
			nil, nil, map[string]string{"Dhofar Trust Bank SAOG": "guarantor"}, []string{"guarantor must: undertake", "guarantor must: pay within"}},
		{"guard: a guarantee's bank with no definition is the issuer",
			"BID BOND\nTo: Sur Ports SAOC\nDhofar Trust Bank SAOG hereby undertakes to pay Sur Ports SAOC any sum up to OMR 8,000 on first demand.",
			nil, nil, map[string]string{"Dhofar Trust Bank SAOG": "!guarantor"}, nil},
		{"guard: an RFQ's author stays issuer whatever it calls itself",
			"REQUEST FOR QUOTATION\nSur Ports SAOC (the \"Purchaser\") requests quotations for mooring ropes.\nThe Purchaser shall pay within 30 days.",
			nil, nil, map[string]string{"Sur Ports SAOC": "!purchaser"}, nil},
		{"each partner binds partner, each party each_party",
			"PARTNERSHIP AGREEMENT\nBetween Ali Said Al Abri (the \"First Partner\") and Salim Nasser Al Hinai (the \"Second Partner\").\n1. Each partner shall contribute OMR 5,000 within thirty (30) days.\n2. يلتزم كل شريك بسداد حصته.\n3. Each party shall keep the accounts confidential.",
			nil, nil, nil, []string{"partner must: contribute", "partner must: بسداد", "each_party must: keep the accounts"}},
		// O2: present-tense duty verbs heldout11 writes.
		{"arabic: pays out, insures, attaches",
			"عقد نقل\nبين شركة صحار للحديد ش.م.م (\"الشاحن\") وشركة البريمي للنقل ش.م.م (\"الناقل\").\n١. يؤمن الناقل على الحمولة طوال الرحلة.\n٢. يصرف الشاحن للناقل أجرة النقل خلال ثلاثين يوماً.\n٣. يرفق الناقل بكل شحنة بوليصة موقعة.",
			nil, nil, nil, []string{"carrier must: يؤمن", "shipper must: يصرف", "carrier must: يرفق"}},
	} {
		t.Run(tc.name, tc.checkMarkdown)
	}
}

// checkMarkdown checks a case read as Markdown (a table's first row is
// its header there).
func (c roundCase) checkMarkdown(t *testing.T) {
	c.checkOutput(t, extractMarkdown(t, c.text))
}

// TestRound14NoParty: names that are no party of their own (class X): a
// party's name without its legal form beside its full name, a title's
// words; and, as guards, a company named in the title and again in the
// text, and a short form with a role of its own.
func TestRound14NoParty(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		absent     []string
		present    []string
	}{
		{"arabic announcing company",
			"إعلان تأهيل مسبق\nالجهة المعلنة: شركة سترة للتطوير ش.م.ب (مقفلة)، سترة\nتعلن شركة سترة للتطوير عن رغبتها في تأهيل مقاولين.",
			[]string{"شركة سترة للتطوير"}, []string{"شركة سترة للتطوير ش.م.ب (مقفلة)"}},
		{"a title's group",
			"Family Group Travel Contract\nBetween Nizwa Tours LLC (the \"Organiser\") and Said Ali Al Abri (the \"Traveller\").",
			[]string{"Family Group"}, []string{"Nizwa Tours LLC"}},
		{"signing columns headed by role words in brackets name no one",
			"عقد توزيع\nالطرف الأول (المورد): شركة نزوى للتمور ش.م.م\nالطرف الثاني (الموزع): شركة صحار للأغذية ش.م.م\nالتوقيعات\nعن الطرف الأول (المورد) | عن الطرف الثاني (الموزع)",
			[]string{"عن الطرف الأول", "الطرف الأول", "عن الطرف الثاني"}, []string{"شركة نزوى للتمور ش.م.م"}},
		{"a guarantee's writer is no party called We",
			"PERFORMANCE BANK GUARANTEE\nWe, Dhofar Trust Bank SAOG (the \"Guarantor\"), hereby undertake to pay Sur Ports SAOC any sum up to OMR 8,000.",
			[]string{"We"}, []string{"Dhofar Trust Bank SAOG"}},
		{"guard: a company in the title and in the text",
			"Rawda Group Supply Agreement\nBetween Rawda Group (the \"Supplier\") and Sur Water SAOC (the \"Buyer\").",
			nil, []string{"Rawda Group", "Sur Water SAOC"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			found := map[string]bool{}
			for _, g := range evalItems(extractText(t, tc.text)) {
				if g.typ == "party" {
					found[g.val] = true
				}
			}
			for _, a := range tc.absent {
				if found[normalName(a)] {
					t.Errorf("%q found as a party: %v", a, found)
				}
			}
			for _, p := range tc.present {
				if !found[normalName(p)] {
					t.Errorf("%q not found: %v", p, found)
				}
			}
		})
	}
}

// TestRound14NoDuty: guards of class O2: a duty verb in a relative clause
// or naming no party binds no one.
func TestRound14NoDuty(t *testing.T) {
	for _, tc := range []struct{ name, text, not string }{
		{"relative clause", "عقد نقل\nبين شركة صحار للحديد ش.م.م (\"الشاحن\") وشركة البريمي للنقل ش.م.م (\"الناقل\").\n١. البوليصة التي يرفقها الناقل هي المرجع في أي نزاع.", "carrier must"},
		{"a state of a party's thing", "Works Contract between Sur Ports SAOC (the \"Employer\") and Batinah Marine Works LLC (the \"Contractor\").\n1. The Contractor's performance bond of OMR 12,500.000 shall remain valid until 1 June 2027.", "remain valid"},
		{"a believer, no party", "نشرة توعوية\nيؤمن الكثيرون بأهمية السلامة المرورية.", " must"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, g := range evalItems(extractText(t, tc.text)) {
				if g.typ == "obligation" && strings.Contains(g.desc, tc.not) {
					t.Errorf("obligation %q found", g.desc)
				}
			}
		})
	}
}
