package documentfacts

import "testing"

// Issue 29, session 22: party roles (docs/documents.md, "Issue 29,
// session 22: party roles"). Short documents of our own in the
// families' shapes, two wordings or more a family, negatives included,
// checked as round 16's cases are (partyCheck): the parties with their
// roles ("-" for none), the names that are no party, the duties with
// the role they bind.
var partySendersCopiesCases = []partyCase{
	// C. A copy line names an organisation by its role.
	{"C Arabic copy line, role then office", "إشعار بتسليم الموقع\n\nشركة صور للتطوير ش.م.ع.م\nالتاريخ: 3 مايو 2026م\n\nالسادة/ شركة البريمي للمقاولات ش.م.م المحترمين\n\nتحية طيبة وبعد،\nنفيدكم بأن الموقع جاهز للتسليم.\n\nعن صاحب العمل\nالمهندس/ سالم حمد العامري\n\nنسخة إلى: الاستشاري – مكتب الصخرة للاستشارات الهندسية",
		map[string]string{"مكتب الصخرة للاستشارات الهندسية": "consultant"}, []string{"عن صاحب العمل"}, nil},
	{"C English C.C., the role word first", "NOTICE OF DELAY\n\nMuscat Bay Developments SAOC\nDate: 4 June 2026\n\nTo: Al Hajar Builders LLC\n\nDear Sirs,\nThe works are 21 days late.\n\nFor the Employer\nSaif Nasser Al Busaidi\n\nC.C.: The Engineer – Crescent Design Consultants LLC",
		map[string]string{"Crescent Design Consultants LLC": "engineer"}, []string{"For the Employer"}, nil},
	{"C English copy to, role then name", "LETTER OF AWARD\n\nSohar Port Authority\nDate: 1 July 2026\n\nTo: Batinah Marine Works LLC\n\nDear Sirs,\nWe award you the contract.\n\nCopy to: Consultant - Harbour Engineering Partners",
		map[string]string{"Harbour Engineering Partners": "consultant"}, nil, nil},
	{"C negative: a copy line to a person and a department", "إشعار\n\nشركة صور للتطوير ش.م.ع.م\n\nنفيدكم بأن الموقع جاهز للتسليم.\n\nنسخة إلى: الدائرة المالية - الطرف الأول\nنسخة إلى: سعيد بن ناصر الغافري، مندوب المبيعات",
		nil, []string{"الدائرة المالية", "الطرف الأول"}, nil},

	// N. The addressee's frame around a name; a caption is no name.
	{"N السادة/ ... المحترمين with a definition", "خطاب ضمان\n\nشركة الوادي للعزل ذ.م.م\n\nإلى: السادة/ شركة النخيل العقارية ش.م.ب المحترمين\nص.ب 1200، المنامة\n(ويشار إليها فيما يلي بـ \"المالك\")\n\nنحن شركة الوادي للعزل ذ.م.م (ويشار إليها فيما يلي بـ \"المقاول\") نضمن للمالك جودة الأعمال.",
		map[string]string{"شركة النخيل العقارية ش.م.ب": "owner", "شركة الوادي للعزل ذ.م.م": "contractor"}, nil, nil},
	{"N captions of a bilingual invoice (a guard: none read as a person)", "# Tax Invoice / فاتورة ضريبية\n\n| Invoice No. / رقم الفاتورة | INV-88 |\n|---|---|\n| Due date / تاريخ الاستحقاق | 30/11/2026 |\n| Subtotal / المجموع الفرعي | 4,000.00 |",
		nil, []string{"رقم الفاتورة", "تاريخ الاستحقاق", "المجموع الفرعي"}, nil},

	// O. The owner of a tender, a competition or a bid is its issuer.
	{"O الجهة المالكة of a competition", "# كراسة الشروط - منافسة عامة\n\nتطرح شركة الواحة للخدمات الصحية (ويشار إليها بـ \"الجهة المالكة\") منافسة عامة لتوريد الأدوية.\n\nيلتزم المورد بالتوريد خلال عشرة أيام.\nتسدد الجهة المالكة قيمة الفواتير خلال ستين يوماً.",
		map[string]string{"شركة الواحة للخدمات الصحية": "issuer"}, nil, []string{"issuer must تسدد", "supplier must بالتوريد"}},
	{"O a letter about a bid, الجهة المالكة", "طلب تمديد صلاحية العطاء\nالتاريخ: 2026/04/12م\n\nتشير شركة مياه الخبر للخدمات المحدودة (ويشار إليها فيما يلي بـ \"الجهة المالكة\") إلى عطائكم المقدم في المنافسة رقم 4/2026.\nيجب على المناقص تقديم رده خلال عشرة أيام.",
		map[string]string{"شركة مياه الخبر للخدمات المحدودة": "issuer"}, nil, []string{"bidder must رده"}},
	{"O negative: the owner of a construction contract", "CONSTRUCTION CONTRACT\n\nThis Contract is made between Ruwi Heights SAOC (the \"Owner\") and Qurum Builders LLC (the \"Contractor\").\n\nThe Owner shall pay each certificate within 30 days.",
		map[string]string{"Ruwi Heights SAOC": "owner", "Qurum Builders LLC": "contractor"}, nil, []string{"owner must pay each certificate"}},

	// S. A quotation, invoice or renewal reminder: the letterhead's
	// company supplies, the addressee is the customer.
	{"S Arabic invoice, the addressee under its own label", "شركة المدى للتقنية ش.م.م\nص.ب 1120، مسقط\n\nفاتورة ضريبية\n\nرقم الفاتورة: INV-2026-0041\n\nفاتورة إلى:\nشركة صحار للأغذية ش.م.ع.م\nالمنطقة الصناعية، صحار\n\nم   الوصف   الكمية   المبلغ (ر.ع.)\n1   طابعة   2   300.000",
		map[string]string{"شركة المدى للتقنية ش.م.م": "supplier", "شركة صحار للأغذية ش.م.ع.م": "customer"}, nil, nil},
	{"S bilingual reminder, twins in each script", "# Renewal Reminder / تذكير بتجديد عقد الصيانة\n\n**Nizwa Cooling Services LLC / شركة نزوى لخدمات التبريد ش.م.م**\n\n| Item / البند | Details / التفاصيل |\n|---|---|\n| Customer / العميل | Ibri Hospital LLC / مستشفى عبري ش.م.م |\n\nDear Sir, / السيد الفاضل،\n\n1. Your contract expires on 31/10/2026.",
		map[string]string{"Nizwa Cooling Services LLC": "supplier", "شركة نزوى لخدمات التبريد ش.م.م": "supplier", "Ibri Hospital LLC": "customer"}, nil, nil},
	{"S English quotation, letterhead in capitals, a lease named", "RAYAN REFRIGERATION B.V.\nHavenweg 4, Rotterdam\n\nAl Sharqiya Fisheries LLC\nAttn. Mr. Hamed Said Al Amri\nSur, Sultanate of Oman\n\nQUOTATION No. Q-2026-77\nDate: 2 March 2026\n\nDear Mr. Al Amri,\nWe are pleased to quote for two cold rooms for the hall you lease. The tenant's landlord need not approve.",
		map[string]string{"RAYAN REFRIGERATION B.V.": "supplier", "Al Sharqiya Fisheries LLC": "customer"}, nil, nil},
	{"S negative: a request for quotations", "REQUEST FOR QUOTATION No. 12/2026\n\nMuscat Electricity Distribution SAOC\n\nTo: Al Noor Cables LLC\n\nDear Sirs,\nPlease quote for 2 km of cable.",
		map[string]string{"Al Noor Cables LLC": "bidder"}, nil, nil},
	{"S negative: a quotation whose header names the sides", "QUOTATION\n\nSeller: Gulf Pumps LLC\nBuyer: Sohar Aluminium Company LLC\n\nItem 1: pump, OMR 1,200.000",
		map[string]string{"Gulf Pumps LLC": "seller", "Sohar Aluminium Company LLC": "buyer"}, nil, nil},

	// Y. A letter defines its addressee as "your company": the company
	// it addresses takes the role.
	{"Y Arabic شركتكم defined", "شركة صحار للتطوير ش.م.ع.م\nص.ب 215، صحار\n\nالسادة/ شركة الظاهرة للمقاولات ش.م.م المحترمين\nص.ب 92، عبري\n\nالموضوع: أمر المباشرة\n\nبالإشارة إلى العقد المبرم بين شركة صحار للتطوير ش.م.ع.م (ويشار إليها فيما يلي بـ \"صاحب العمل\") وشركتكم (ويشار إليها فيما يلي بـ \"المقاول\")، نفيدكم بما يلي:\nيلتزم المقاول بتقديم البرنامج الزمني خلال عشرة أيام.",
		map[string]string{"شركة الظاهرة للمقاولات ش.م.م": "contractor", "شركة صحار للتطوير ش.م.ع.م": "employer"}, nil, nil},
	{"Y English your company defined", "DHOFAR PORTS SAOC\nP.O. Box 12, Salalah\n\nTo: Mirbat Dredging LLC\nP.O. Box 40, Mirbat\n\nSubject: Notice to proceed\n\nWe refer to the contract between Dhofar Ports SAOC (the \"Employer\") and your company (the \"Contractor\"). The Contractor shall mobilise within 14 days.",
		map[string]string{"Mirbat Dredging LLC": "contractor"}, nil, nil},

	// A. A person on a contact's line under a company is no party of a
	// role, whatever the letter defines.
	{"A Attention under a company, a letter of award", "AL BATINAH PORTS SAOC\nP.O. Box 9, Sohar\n\nM/s Rustaq Marine Works LLC\nP.O. Box 88, Rustaq\nAttention: Mr. Vijay Kumar Nair, Managing Director\n\nLETTER OF AWARD\n\nDear Sirs,\nWe are pleased to inform you that Al Batinah Ports SAOC (the \"Employer\") has accepted your bid.",
		map[string]string{"Vijay Kumar Nair": "-"}, nil, nil},
	{"A عناية under a company", "شركة الباطنة للموانئ ش.م.ع.م\nص.ب 9، صحار\n\nالسادة/ شركة الرستاق للأعمال البحرية ش.م.م المحترمين\nعناية: السيد/ فيجاي كومار ناير، المدير العام\n\nالموضوع: خطاب ترسية\n\nيسرنا إبلاغكم بأن شركة الباطنة للموانئ ش.م.ع.م (ويشار إليها بـ \"صاحب العمل\") قد قبلت عطاءكم.",
		map[string]string{"فيجاي كومار ناير": "-"}, nil, nil},
	{"A Attn. under a company, a notice to proceed", "SALALAH FREE ZONE COMPANY SAOC\nP.O. Box 3, Salalah\n\nTo: Taqah Civil Works LLC\nAttn. Ms. Reema Suresh Pillai, Projects Director\n\nNOTICE TO PROCEED\n\nDear Madam,\nWe confirm that Salalah Free Zone Company SAOC (the \"Employer\") instructs you to commence the works.",
		map[string]string{"Reema Suresh Pillai": "-"}, nil, nil},
	{"A negative: an offer letter to a person", "GULF TECH LLC\nP.O. Box 5, Muscat\n\nMr. Sanjay Menon\nP.O. Box 7, Ruwi\n\nDear Sanjay,\nWe are pleased to offer you the position of Engineer. The Employee shall report on 1 May 2026.",
		map[string]string{"Sanjay Menon": "employee"}, nil, nil},

	// W. An organisation named with no legal form, by a head noun, opens
	// a party's entry: the whole name is the party the entry defines.
	{"W an association with its address before the definition", "POOL MAINTENANCE AGREEMENT\n\nBETWEEN\n(1) Al Khuwair Gardens Residents Association, Building 12, Way 3010, Al Khuwair, Sultanate of\n    Oman, represented by Mr. Salim Nasser Al Harthy, Chairman (the \"Client\"); and\n(2) Bright Pools L.L.C., Building 5, Way 220, Ghala, Muscat (the \"Contractor\").\n\nThe Contractor shall clean the pool weekly.",
		map[string]string{"Al Khuwair Gardens Residents Association": "customer", "Bright Pools L.L.C.": "contractor"}, []string{"Oman"}, nil},
	{"W a name in capitals, the definition on the next line", "SECURITY SERVICES CONTRACT\n\nThis Contract is made on 2 March 2026 between:\n\nMUSCAT HILLS GOLF CLUB, Muscat Hills, Sultanate of Oman\n(hereinafter the \"Client\")\n\nand\n\nSHIELD GUARDING SERVICES L.L.C., Ruwi, Muscat (hereinafter the \"Contractor\").",
		map[string]string{"MUSCAT HILLS GOLF CLUB": "customer"}, nil, nil},
	{"W a name over a line break after between", "Sohar Marina Sailing Club\nP.O. Box 5, Sohar\n\n1. We refer to the licence dated 3 May 2025 between Sohar\n   Marina Sailing Club (the \"Licensee\") and Sohar Port Company SAOC (the \"Licensor\").",
		map[string]string{"Sohar Marina Sailing Club": "licensee"}, []string{"Marina Sailing Club"}, nil},
	{"W negative: a head noun before a legal form", "LEASE AGREEMENT\n\n(1) Ruwi Towers LLC, Muscat (the \"Landlord\"); and\n(2) Seeb Imaging Centre LLC, Way 12, Seeb (the \"Tenant\").\n\nThe Tenant shall pay the rent monthly.",
		map[string]string{"Seeb Imaging Centre LLC": "tenant"}, []string{"Seeb Imaging Centre"}, nil},
	{"W negative: the definition belongs to the next entry", "AGREEMENT\n\n(1) Gulf Sports Club, Muscat; and\n(2) Oman Turf LLC, Seeb (the \"Contractor\").\n\nThe Contractor shall lay the pitch.",
		map[string]string{"Oman Turf LLC": "contractor"}, nil, nil},

	// B. The bidder's words of a competition or a request for
	// proposals: المتنافس, "Proposers", "the successful proposer".
	{"B المتنافس of a competition", "# منافسة عامة رقم ٤/٢٠٢٦\n\nتطرح شركة جدة للخدمات الصحية منافسة عامة لتوريد الأدوية.\n\nيلتزم المتنافس بتقديم المستندات الآتية ضمن العرض الفني.\nلا يجوز للمتنافس تعديل أسعار عرضه بعد فتح المظاريف.",
		nil, nil, []string{"bidder must بتقديم المستندات", "bidder must_not تعديل"}},
	{"B proposers of a request for proposals", "REQUEST FOR PROPOSALS No. 7/2026\n\nKuwait Ports Services Company K.S.C.C. invites proposals for the audit of its accounts.\n\nProposers shall submit a technical and a financial proposal.\nThe successful proposer shall issue the audited financial statements within sixty (60) days.",
		nil, nil, []string{"bidder must submit a technical", "bidder must issue the audited"}},
	{"B negative: an insurance proposer", "PROPOSAL FORM - MOTOR INSURANCE\n\nThe Proposer shall disclose every accident of the last three years.",
		nil, nil, []string{"proposer must disclose every accident"}},

	// H. A person named in both scripts on adjacent lines, a title
	// before the second: one party, one role.
	{"H offer letter, Mr. then السيد/", "Gulf Pearl Hotels W.L.L.\nمجموعة فنادق لؤلؤة الخليج ذ.م.م\nManama, Kingdom of Bahrain\n\nMr. Hasan Ali Al Mahroos\nالسيد/ حسن علي المحروس\nFlat 4, Road 12, Riffa\n\nOffer of Employment\n\nDear Hasan,\nWe are pleased to offer you the position of Chef.",
		map[string]string{"Hasan Ali Al Mahroos": "employee", "حسن علي المحروس": "employee"}, nil, nil},
	{"H offer letter, Ms. then الفاضلة/", "Gulf Pearl Hotels W.L.L.\nمجموعة فنادق لؤلؤة الخليج ذ.م.م\nManama, Kingdom of Bahrain\n\nMs. Zainab Ahmed Al Sayed\nالفاضلة/ زينب أحمد السيد\nFlat 9, Road 40, Isa Town\n\nOffer of Employment\n\nDear Zainab,\nWe are pleased to offer you the position of Cashier.",
		map[string]string{"Zainab Ahmed Al Sayed": "employee", "زينب أحمد السيد": "employee"}, nil, nil},
	{"H negative: two people on adjacent lines", "Gulf Pearl Hotels W.L.L.\nManama, Kingdom of Bahrain\n\nMr. Hasan Ali Al Mahroos\nالسيد/ يوسف جاسم بوحجي\nFlat 4, Road 12, Riffa\n\nOffer of Employment\n\nDear Hasan,\nWe are pleased to offer you the position of Chef.",
		map[string]string{"Hasan Ali Al Mahroos": "employee", "يوسف جاسم بوحجي": "-"}, nil, nil},

	// E. An Arabic party entry closed by its definition in brackets: the
	// entry's first name takes the role; a role word over a blank
	// signature is no name.
	{"E أولاً: a hospital with no legal form, (الطرف الأول)", "# اتفاقية توريد\nأبرمت هذه الاتفاقية بين كل من:\nأولاً: مستشفى الشفاء التخصصي (شركة مساهمة مقفلة)، سجل تجاري رقم ١٠١٠٢٣٤٥٦٧، الرياض، ويمثله في التوقيع الدكتور/ سعد بن علي القحطاني بصفته المدير العام، ويشار إليه فيما بعد بـ (الطرف الأول).\nثانياً: شركة النخبة للتجهيزات الطبية المحدودة، سجل تجاري رقم ١٠١٠٩٨٧٦٥٤، الرياض، ويشار إليها فيما بعد بـ (الطرف الثاني).\n# المادة الأولى\nيلتزم الطرف الثاني بتوريد المستلزمات خلال عشرة أيام.",
		map[string]string{"مستشفى الشفاء التخصصي": "first_party", "شركة النخبة للتجهيزات الطبية المحدودة": "second_party", "سعد بن علي القحطاني": "-"}, nil, nil},
	{"E الطرف الأول: a person, the role word over the number", "عقد إيجار محل تجاري\n\nتم الاتفاق بين كل من:\n\nالطرف الأول: السيد/ خالد بن سعيد بن حمد الحارثي، عماني الجنسية، يحمل البطاقة المدنية رقم ٠٨٧٦٥٤٣٢،\nص.ب ٢٢١، روي، ويشار إليه فيما بعد بـ (المؤجر).\n\nالطرف الثاني: شركة الريان للتجارة ش.م.م، سجل تجاري رقم ١٢٣٤٥٦٧، ويشار إليها فيما بعد بـ (المستأجر).\n\nيلتزم المستأجر بسداد الإيجار.\n\nالمؤجر:                                  المستأجر:",
		map[string]string{"خالد بن سعيد بن حمد الحارثي": "landlord", "شركة الريان للتجارة ش.م.م": "tenant"}, []string{"المستأجر", "المؤجر"}, nil},
	{"E negative: a numbered entry defined as the first party", "عقد مقاولة\n١- السيد/ حمود بن ناصر الغافري، عماني الجنسية، ويشار إليه فيما بعد بـ (الطرف الأول).\n٢- شركة الوادي للمقاولات ش.م.م، ويشار إليها فيما بعد بـ (الطرف الثاني).",
		map[string]string{"حمود بن ناصر الغافري": "first_party", "شركة الوادي للمقاولات ش.م.م": "second_party"}, nil, nil},

	// P. A country's last word wrapped onto the definition's line is no
	// party; its role goes to the entry's company.
	{"P United Arab / Emirates after From:", "REQUEST FOR QUOTATION\n\nRFQ No.: RDS/IT/2026/7\nDate: 03/08/2026\n\nFrom: Reem Data Systems LLC, Khalifa Park, Abu Dhabi, United Arab\nEmirates (the \"Purchaser\")\nTo: Prospective suppliers\n\n1. Suppliers shall quote for 20 servers.\n2. The Purchaser will pay 30% of the order value on delivery.",
		map[string]string{"Reem Data Systems LLC": "issuer"}, []string{"Emirates"}, []string{"issuer must pay 30%"}},
	{"P Sultanate of / Oman after Bill To:", "TAX INVOICE\n\nInvoice No.: INV-2026-0042\nDate: 05/10/2026\n\nFrom: Majan Print LLC, Ruwi, Muscat, Sultanate of\nOman (the \"Supplier\")\nBill To: Al Batinah Foods SAOC, Sohar\n\nPrinting of 5,000 leaflets: OMR 450.000",
		map[string]string{"Majan Print LLC": "supplier"}, []string{"Oman"}, nil},
	{"P Kingdom of / Bahrain, a representative between", "CLEANING AGREEMENT\n\nBETWEEN\n(1) Seef Star Mall W.L.L., Building 10, Road 2825, Seef District, Kingdom of\n    Bahrain, represented by Mr. Ali Hasan Al Aali, Chairman (the \"Client\"); and\n(2) Pure Shine Services W.L.L., Manama, represented by Ms. Rekha Nair, Director (the \"Contractor\").\n\nThe Contractor shall clean the mall daily.",
		map[string]string{"Seef Star Mall W.L.L.": "customer", "Pure Shine Services W.L.L.": "contractor"}, []string{"Bahrain"}, nil},
}

// TestParties22Families runs the cases: every case must pass.
func TestParties22Families(t *testing.T) {
	for _, c := range partySendersCopiesCases {
		if msg := partyCheck(t, c); msg != "" {
			t.Errorf("%s:\n%s", c.family, msg)
		}
	}
}
