package documentfacts

import "testing"

// Issue 29, session 20: parties by families (docs/documents.md, "Issue
// 29, session 20: parties by families"). Short documents of our own in
// the families' shapes, negatives included, checked as round 16's cases
// are (partyCheck): the parties a careful reader names with their
// roles ("-" for none) and the names that are no party.

var partyLabelledNamesCases = []partyCase{
	// A. A person after an Arabic or bilingual signing, approval, witness,
	// copy or contact label, or after a post used as a label.
	{"A approved by, Arabic", "إشعار دائن رقم ٤٤/٢٠٢٦\nالتاريخ: ٣ مايو ٢٠٢٦\nالمورد: شركة الرستاق للمواد الغذائية ش.م.م\nالعميل: شركة أسواق الباطنة ش.م.م\n\nقيمة الإشعار: ١٢٠٫٥٠٠ ر.ع.\n\nأعده: سالم بن خلفان الحوسني، محاسب\nاعتمده: خليل بن سيف الرقيشي، المدير المالي",
		map[string]string{"سالم بن خلفان الحوسني": "-", "خليل بن سيف الرقيشي": "-"}, []string{"المدير المالي"}, nil},
	{"A approved by, feminine, no بن", "سياسة الإرجاع\nشركة الريان للأجهزة المنزلية ذ.م.م\n\n١. يجوز إرجاع السلعة خلال سبعة أيام.\n\nأعدتها: ريم سعد المناعي، مديرة خدمة العملاء\nاعتمدها: جاسم علي الهاجري، الرئيس التنفيذي",
		map[string]string{"ريم سعد المناعي": "-", "جاسم علي الهاجري": "-"}, nil, nil},
	{"A authorised signatory, bilingual names", "TAX INVOICE / فاتورة ضريبية\nNo. INV-5521\nSeller / البائع: Sur Marine Works LLC / شركة صور للأعمال البحرية ش.م.م\nBuyer / المشتري: Masirah Fisheries SAOC / شركة مصيرة للأسماك ش.م.ع.م\n\nTotal: OMR 4,410.000\n\nAuthorised signatory / المفوض بالتوقيع: Eng. Hilal Said Al Kindi / م. هلال بن سعيد الكندي",
		map[string]string{"Hilal Said Al Kindi": "-", "هلال بن سعيد الكندي": "-"}, nil, nil},
	{"A witness and signing parties", "مخالصة نهائية\n\nالطرف الأول: شركة الفروانية للتجارة العامة ذ.م.م\nالطرف الثاني: ماهر يوسف النجار\n\nيقر الطرف الثاني باستلام جميع مستحقاته.\n\nالطرف الأول: بدر ناصر الصباح ............ التوقيع\nالطرف الثاني: ماهر يوسف النجار ............ التوقيع\nالشاهد: مازن سعيد الحارثي ............ التوقيع",
		map[string]string{"مازن سعيد الحارثي": "-"}, nil, nil},
	{"A copy to and contact with a short title", "إعلان وظيفة\nتعلن شركة الوفرة للصناعات ذ.م.م عن حاجتها إلى مهندس صيانة.\n\nللتواصل: أ. سلوى حمد الكعبي، إدارة الموارد البشرية\nنسخة إلى: راشد بن علي الشكيلي، مدير المصنع",
		map[string]string{"سلوى حمد الكعبي": "-", "راشد بن علي الشكيلي": "-"}, nil, nil},
	{"A attendance rows and committee posts", "محضر اجتماع لجنة المشتريات رقم (٣)\nشركة صحار للألمنيوم ش.م.م\nالحضور | هيثم سالم الغافري (رئيس اللجنة)\nالحضور | عائشة محمد البلوشية (عضواً)\nقررت اللجنة ترسية الأمر على أقل العروض.\nرئيس اللجنة: هيثم سالم الغافري | أمين السر: يعقوب حمد العبري",
		map[string]string{"هيثم سالم الغافري": "-", "عائشة محمد البلوشية": "-", "يعقوب حمد العبري": "-"}, nil, nil},
	{"A a bilingual sign-off label alone, the names under it", "PURCHASE ORDER / أمر شراء No. 812\nBuyer / المشتري: Ibri Cement SAOG\nSupplier / المورد: Wadi Sahtan Spares LLC\n\n1. Conveyor belts, 4 rolls.\n\nAuthorised by / اعتمد:\nNasser Hamed Al Yaaqoubi, Stores Manager\nناصر بن حامد اليعقوبي، مدير المخازن\nSignature / التوقيع: ________",
		map[string]string{"Ibri Cement SAOG": "buyer", "Nasser Hamed Al Yaaqoubi": "-", "ناصر بن حامد اليعقوبي": "-"}, nil, nil},
	{"A a post as a label, English and Arabic", "PAYMENT REMINDER / تذكير بالسداد\n\nFrom: Ruwi Office Supplies LLC\nTo: Qurum Clinics SAOC\n\nInvoice 771 of OMR 640.000 is overdue.\n\nFor queries / للاستفسار:\nCredit Controller: Reema Saleh Al-Balushi, tel. +968 2400 1122\nالمراقبة الائتمانية: ريما بنت صالح البلوشية",
		map[string]string{"Reema Saleh Al-Balushi": "-", "ريما بنت صالح البلوشية": "-"}, nil, nil},
	{"A negative: a department or desk after the label", "أمر شراء رقم ٩٩\nالمشتري: شركة ظفار للألبان ش.م.ع.م\nالمورد: مؤسسة الحقول للأعلاف\n\nاعتمده: قسم المشتريات\nللاستفسار: إدارة العقود، هاتف ٢٣٢١٠٠٠٠\nProject Manager: to be appointed",
		map[string]string{"شركة ظفار للألبان ش.م.ع.م": "buyer"}, []string{"قسم المشتريات", "إدارة العقود"}, nil},
	{"A negative: a body under a label alone", "NOTICE OF TENDER No. 7/2026\nSohar Port Authority invites bids for dredging the inner basin.\n\nEnquiries / للاستفسار:\nContracts Committee Secretariat, Sohar Port Authority\nأمانة لجنة العقود، هيئة ميناء صحار",
		nil, []string{"Contracts Committee Secretariat"}, nil},

	// B. A contact label with a qualifier.
	{"B contact for notices to a party", "SUPPLY AGREEMENT\n\nThis Agreement is made between Khazaen Steel LLC (the \"Seller\") and Amerat Builders LLC (the \"Buyer\").\n\n9. NOTICES\nContact for notices to the Buyer: Harith Nasser Al Busaidi, Legal Manager.\nContact for notices to the Seller: the Company Secretary.",
		map[string]string{"Khazaen Steel LLC": "seller", "Amerat Builders LLC": "buyer", "Harith Nasser Al Busaidi": "-"}, []string{"Company Secretary"}, nil},
	{"B two contacts in one line, post in brackets", "CLEANING SERVICES AGREEMENT\n\n| 1 | Lakeview Apartments Ltd, Nairobi | the Client |\n| 2 | Sparkle Janitorial Ltd, Nairobi | the Service Provider |\n\nContact for the Client: Grace Achieng (Property Officer). Contact for the Service Provider: Omar Farouk (Site Supervisor).",
		map[string]string{"Grace Achieng": "-", "Omar Farouk": "-"}, nil, nil},
	{"B a party's contact, bilingual label", "PURCHASE ORDER / أمر شراء No. 3310\nBuyer / المشتري: Bidbid Poultry SAOC\nSupplier / المورد: Fanja Feed Trading LLC\nSupplier contact / مسؤول الاتصال لدى المورد: Priya Menon, +968 9000 1234\n\n1. Layer feed, 20 tonnes.",
		map[string]string{"Bidbid Poultry SAOC": "buyer", "Fanja Feed Trading LLC": "supplier", "Priya Menon": "-"}, nil, nil},
	{"B a name with an apostrophe", "EXPRESSION OF INTEREST\n\nCoral Bay Hotel LLC invites facility management firms to express interest in the upkeep of its gardens.\nSubmissions close on 30 June 2026.\nContact: Liam O'Connor, Procurement Manager",
		map[string]string{"Liam O'Connor": "-"}, nil, nil},

	// C. A signing cell, a block of signing columns, a second signatory.
	{"C for a party, then the signer's cell", "TIME CHARTER\n\nGulf Tugs W.L.L. (the \"Owners\") lets and Shuwaikh Terminals K.S.C.C. (the \"Charterers\") hire the tug Bader 3.\n\nFor the Owners | Ahmed Yousef Al Enezi, Fleet Director\nFor the Charterers | Ravi Shankar Menon, Operations Manager",
		map[string]string{"Gulf Tugs W.L.L.": "owner", "Shuwaikh Terminals K.S.C.C.": "charterer", "Ahmed Yousef Al Enezi": "-", "Ravi Shankar Menon": "-"}, nil, nil},
	{"C Arabic signing cell", "محضر استلام ابتدائي\nالمالك: شركة الخرج للتخزين\nالمقاول: مؤسسة الأساس المتين للمقاولات\nعن المالك | م. خالد سعد العتيبي، مدير المشاريع\nتم استلام الأعمال مع الملاحظات المرفقة.",
		map[string]string{"خالد سعد العتيبي": "-"}, nil, nil},
	{"C columns of signing headings over names", "MAINTENANCE CONTRACT\n\nThis contract is made between Marina Heights Owners Association (the \"Client\") and CoolAir Technical Services LLC (the \"Contractor\").\n\nThe Contractor shall service the chillers monthly.\n\nFor the Client:                 For the Contractor:\nSara Ahmed Al Marzouqi          Dimitri Kostas\nChair of the Association        Operations Director",
		map[string]string{"CoolAir Technical Services LLC": "contractor", "Sara Ahmed Al Marzouqi": "-", "Dimitri Kostas": "-"}, nil, nil},
	{"C a second signatory under the first", "PERFORMANCE GUARANTEE No. PG-881\n\nWe, Coastal Commerce Bank SAOG (the \"Guarantor\"), guarantee to Duqm Port Company SAOC (the \"Beneficiary\") the sum of OMR 50,000.000.\n\nFor Coastal Commerce Bank SAOG | عن بنك التجارة الساحلي ش.م.ع.ع\nAmir Hassan Al Lawati, Manager, Guarantees | أمير بن حسن اللواتي، مدير الضمانات\nNeha Sharma, Authorised Signatory | نيها شارما، مفوض بالتوقيع",
		map[string]string{"Coastal Commerce Bank SAOG": "guarantor", "Amir Hassan Al Lawati": "-", "Neha Sharma": "-", "نيها شارما": "-"}, nil, nil},
	{"C negative: role headings in the signing row", "EMPLOYMENT CONTRACT\n\nThis contract is made between Qatar Bakeries W.L.L. (the \"Employer\") and Rania Haddad (the \"Employee\").\n\nThe Employee shall work 48 hours a week.\n\nFor the Employer | The Employee\n______________ | ______________",
		map[string]string{"Qatar Bakeries W.L.L.": "employer", "Rania Haddad": "employee"}, []string{"The Employee"}, nil},

	// D. An Arabic company by its legal form, with no head word.
	{"D beside its English name in a heading", "Al Noor Printing Trading LLC / النور للطباعة والتجارة ش.ذ.م.م\nTAX INVOICE No. 2291\nBill To: Emirates Events Management FZ-LLC\n\nPrinting of 300 banners: AED 9,000.00",
		map[string]string{"Al Noor Printing Trading LLC": "supplier", "النور للطباعة والتجارة ش.ذ.م.م": "supplier"}, nil, nil},
	{"D alone in its line", "الأصالة للأثاث المكتبي ذ.م.م\nالرياض، حي الملز\n\nعرض سعر رقم ١٢٠\nإلى: شركة نجران للتعليم ش.م.م\n\nمكاتب خشبية عدد ٢٠ بسعر ٨٠٠ ريال للوحدة.",
		map[string]string{"الأصالة للأثاث المكتبي ذ.م.م": "supplier"}, nil, nil},
	{"D negative: beside no English company", "Head Office / المكتب الرئيسي للشركة ش.م.م\nعرض سعر رقم ٥\nإلى: شركة الباطنة للتجارة ش.م.م",
		nil, []string{"المكتب الرئيسي للشركة ش.م.م"}, nil},

	// E. A bank named only for payment details.
	{"E bank details line", "TAX INVOICE No. 4410\nDate: 2 May 2026\nFrom: Seef Office Solutions W.L.L.\nBill To: Riffa Dental Centre W.L.L.\n\nToner cartridges: BHD 220.000\n\nBank details: Gulf Horizon Bank B.S.C., Account name: Seef Office Solutions W.L.L., IBAN BH12 GHBK 0000 1111 2222 33",
		map[string]string{"Seef Office Solutions W.L.L.": "supplier", "Riffa Dental Centre W.L.L.": "customer"}, []string{"Gulf Horizon Bank B.S.C."}, nil},
	{"E bilingual bank label", "PRO-FORMA INVOICE No. PF-88\nWest Bay Lab Supplies W.L.L.\nTo: Al Sadd Clinics W.L.L.\n\nGloves, 400 boxes: QAR 6,000\n\nBank / البنك: Qatar Coastal Bank Q.P.S.C., IBAN QA11 QCBK 0000 0000 1234 5678 901",
		nil, []string{"Qatar Coastal Bank Q.P.S.C."}, nil},
	{"E negative: the bank is the guarantor", "PERFORMANCE GUARANTEE\n\nWe, Oasis Trust Bank SAOG (the \"Guarantor\"), guarantee to Musandam Power Company SAOC (the \"Beneficiary\") the sum of OMR 80,000.000.\nPayment shall be made to the Beneficiary's account, IBAN OM12 0000 1111 2222 3333 444.",
		map[string]string{"Oasis Trust Bank SAOG": "guarantor"}, nil, nil},
	{"E negative: a bank that is the customer", "INVOICE No. 901\nFrom: Ghala Cleaning Services LLC\nBill To: Coral Commercial Bank SAOG\n\nOffice cleaning, May 2026: OMR 1,200.000\n\nBank details: Nizwa Savings Bank SAOG, IBAN OM55 0000 1234 5678 9012 345",
		map[string]string{"Ghala Cleaning Services LLC": "supplier", "Coral Commercial Bank SAOG": "customer"}, []string{"Nizwa Savings Bank SAOG"}, nil},

	// F. A company or person named in passing.
	{"F a manufacturer in apposition", "QUOTATION No. 4521\nFrom: Kilimani Pumps Ltd\nTo: Karen Water Estates Ltd\n\n1. Two booster pumps: KES 380,000\n2. The pumps are made by Rheinland Pumpen GmbH, the manufacturer, and carry a two-year warranty.",
		map[string]string{"Kilimani Pumps Ltd": "supplier", "Karen Water Estates Ltd": "customer"}, []string{"Rheinland Pumpen GmbH"}, nil},
	{"F the auditors noted in minutes", "MINUTES OF THE MEETING OF THE BOARD OF DIRECTORS OF ASHDOWN FOODS LIMITED\nHeld on 2 April 2026\nPresent: Helen Carter (Chair) | Marcus Webb\n\n3. The Board noted the report of Harbour & Finch LLP, the auditors, and took no decision.",
		map[string]string{"ASHDOWN FOODS LIMITED": "issuer", "Helen Carter": "-"}, []string{"Harbour & Finch LLP"}, nil},
	{"F a bond's issuing bank and a former post holder", "Coral Reef Contracting LLC\n\nTo: Ras Al Khaimah Ports Authority\n\nDear Sirs,\nWe submit our bid for the quay repairs. Our bid bond has been issued by Al Safa Commercial Bank PJSC.\nThe site manager's post, previously held by Mr. Daniel Brooks, is now filled.\n\nYours faithfully,\nCoral Reef Contracting LLC",
		nil, []string{"Al Safa Commercial Bank PJSC", "Daniel Brooks"}, nil},
	{"F Arabic bond issued by a bank", "خطاب تقديم عطاء\nشركة الشارقة للمقاولات الكهربائية ذ.م.م\n\nنتقدم بعطائنا للمناقصة رقم ٤/٢٠٢٦.\nصدر ضمان العطاء الخاص بنا من بنك الإمارات التجاري ش.م.ع.\n\nعن شركة الشارقة للمقاولات الكهربائية ذ.م.م",
		nil, []string{"بنك الإمارات التجاري ش.م.ع"}, nil},
	{"F negative: a party defined where it is named in passing", "DESIGN AND BUILD CONTRACT\n\nThis Contract is made between Barka Villas SAOC (the \"Employer\") and Hatat Builders LLC (the \"Contractor\").\nThe drawings were prepared by Mutrah Design Studio LLC (the \"Designer\") and are annexed.",
		map[string]string{"Barka Villas SAOC": "employer", "Hatat Builders LLC": "contractor", "Mutrah Design Studio LLC": "designer"}, nil, nil},
	{"F negative: the sender named once in a sentence", "To: Sohar Steel Rolling LLC\n\nThis invoice is issued by Liwa Industrial Gases LLC for the cylinders delivered in May 2026.\nAmount due: OMR 2,350.000",
		map[string]string{"Liwa Industrial Gases LLC": "supplier"}, nil, nil},
}

// partyLabelledNamesOpen are cases this round leaves open: logged while they fail;
// one that passes fails the test until it is taken out.
var partyLabelledNamesOpen = map[string]bool{}

// TestParties20Families runs the cases: every case outside partyLabelledNamesOpen
// must pass, and every open one must fail.
func TestParties20Families(t *testing.T) {
	failed := 0
	for _, c := range partyLabelledNamesCases {
		msg := partyCheck(t, c)
		switch {
		case msg != "" && partyLabelledNamesOpen[c.family]:
			failed++
			t.Logf("open %s:\n%s", c.family, msg)
		case msg != "":
			failed++
			t.Errorf("%s:\n%s", c.family, msg)
		case partyLabelledNamesOpen[c.family]:
			t.Errorf("open family %q passes now: take it out of party20Open", c.family)
		}
	}
	t.Logf("%d of %d family cases fail", failed, len(partyLabelledNamesCases))
}
