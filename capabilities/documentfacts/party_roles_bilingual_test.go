package documentfacts

import "testing"

// Issue 29, session 21: party roles (docs/documents.md, "Issue 29,
// session 21: party roles"). Short documents of our own in the
// families' shapes, negatives included, checked as round 16's cases are
// (partyCheck): the parties with their roles ("-" for none), the names
// that are no party, and the duties with the role they bind.

var partyRolesBilingualCases = []partyCase{
	// T. One party defined in both scripts by words of two roles: the
	// English word's role, for the Arabic twin and its Arabic duties.
	{"T intern and المتدرب", "TRAINING AGREEMENT / اتفاقية تدريب\n\nThis agreement is made between Gulf Solar Services LLC (the \"Company\") and Ms. Mariam Saeed Al Shamsi, UAE national (the \"Intern\").\nأبرمت هذه الاتفاقية بين شركة الخليج للخدمات الشمسية ذ.م.م (\"الشركة\") والسيدة/ مريم سعيد الشامسي، إماراتية الجنسية (ويشار إليها بـ\"المتدرب\").\n\n1. The Intern shall attend the site office five days a week.\nيلتزم المتدرب بالحضور إلى مكتب الموقع خمسة أيام في الأسبوع.\n2. The Intern shall not disclose the Company's drawings.\nلا يجوز للمتدرب إفشاء مخططات الشركة.",
		map[string]string{"Mariam Saeed Al Shamsi": "intern", "مريم سعيد الشامسي": "intern"}, nil,
		[]string{"intern must attend the site office", "intern must بالحضور", "intern must_not disclose", "intern must_not إفشاء"}},
	{"T attorney and الوكيل, a P written ب", "POWER OF ATTORNEY / وكالة\n\nWe, Sohar Marble Works SAOG (\"the Principal\"), appoint Mr. Pradeep Kumar, Shipping Manager (\"the Attorney\"), to clear our goods at Sohar Port.\nنحن، شركة صحار للرخام ش.م.ع.ع (\"الموكل\")، نعين السيد/ براديب كومار، مدير الشحن (\"الوكيل\")، لتخليص بضائعنا في ميناء صحار.\n\n1. The Attorney shall keep a copy of each declaration he signs.\n١. يلتزم الوكيل بالاحتفاظ بنسخة من كل بيان يوقعه.",
		map[string]string{"Pradeep Kumar": "attorney", "براديب كومار": "attorney"}, nil,
		[]string{"attorney must keep a copy", "attorney must بالاحتفاظ"}},
	{"T a company defined in each script's preamble", "CATERING AGREEMENT / اتفاقية تموين\n\nThis Agreement is made between Duqm Camps SAOC (the \"Client\") and Saffron Kitchens LLC (the \"Caterer\").\nأبرم هذا العقد بين شركة مخيمات الدقم ش.م.ع.م (\"العميل\") وشركة مطابخ الزعفران ش.م.م (\"المتعهد\").\n\n1. The Caterer shall serve three meals a day.\nيلتزم المتعهد بتقديم ثلاث وجبات يومياً.",
		map[string]string{"Saffron Kitchens LLC": "caterer", "شركة مطابخ الزعفران ش.م.م": "caterer"}, nil,
		[]string{"caterer must serve three meals", "caterer must بتقديم"}},
	{"T negative: two people of two roles, no twins", "TRAINING AGREEMENT / اتفاقية تدريب\n\nThis agreement is made between Gulf Solar Services LLC (the \"Company\") and Ms. Mariam Saeed Al Shamsi, UAE national (the \"Intern\").\nأبرمت هذه الاتفاقية بين شركة الخليج للخدمات الشمسية ذ.م.م (\"الشركة\") والسيدة/ نوال حمد الكعبي، إماراتية الجنسية (ويشار إليها بـ\"المتدرب\").\n\nيلتزم المتدرب بالحضور إلى مكتب الموقع خمسة أيام في الأسبوع.",
		map[string]string{"Mariam Saeed Al Shamsi": "intern", "نوال حمد الكعبي": "trainee"}, nil,
		[]string{"trainee must بالحضور"}},

	// R. A person who represents a company that holds a role, named
	// after words of representation (the name over a line break, the
	// feminine form), signs for it under the role word: no role.
	{"R wrapped name, signing under the role word", "عقد خدمات هندسية\n\nإنه في يوم الأحد 2026/03/15م تم الاتفاق في مدينة الرياض بين:\n\nالطرف الأول: شركة النخيل للتطوير العقاري، سجل تجاري رقم 1010445566، الرياض، ويمثلها في التوقيع\nالمهندس/ ماجد عبدالله الدوسري بصفته الرئيس التنفيذي، ويشار إليها فيما بعد بـ\"العميل\".\nالطرف الثاني: مكتب الأفق للاستشارات الهندسية، ترخيص رقم 3390، الرياض، ويشار إليه فيما بعد بـ\"الاستشاري\".\n\nيلتزم الاستشاري بتسليم التصاميم خلال تسعين يوماً.\n\nالعميل: ماجد عبدالله الدوسري           الاستشاري: ليلى حسن العتيبي",
		map[string]string{"شركة النخيل للتطوير العقاري": "customer", "ماجد عبدالله الدوسري": "-"}, nil, nil},
	{"R a name over two lines, a seller's signing line", "عقد بيع معدات\n\n١. شركة الخليج للمعدات الثقيلة ذ.م.م، سجل تجاري رقم ٤٤١٢٠، الدوحة، ويمثلها السيد/ ناصر علي\nالمهندي مدير المبيعات (ويشار إليها بـ\"البائع\").\n٢. السيد/ فهد راشد النعيمي، بطاقة شخصية رقم ٢٨٨٠١٢٣٤٥ (ويشار إليه بـ\"المشتري\").\n\nيلتزم البائع بتسليم المعدات خلال عشرة أيام.\n\nالبائع: ناصر علي المهندي            المشتري: فهد راشد النعيمي",
		map[string]string{"شركة الخليج للمعدات الثقيلة ذ.م.م": "seller", "ناصر علي المهندي": "-", "فهد راشد النعيمي": "buyer"}, nil, nil},
	{"R feminine representation, bilingual", "PURCHASE CONTRACT / عقد شراء\n\nNizwa Honey Factory LLC, represented by Eng. Muna Said Al Hinai, Purchasing Manager (the \"Buyer\")\nمصنع نزوى للعسل ش.م.م، وتمثله المهندسة/ منى سعيد الهنائية، مديرة المشتريات (ويشار إليه بـ\"المشتري\")\nand / و\nSaif Hamad Al Rawahi, beekeeper (the \"Seller\")\nسيف حمد الرواحي، نحال (ويشار إليه بـ\"البائع\")\n\nThe Seller shall deliver the honey in sealed jars.",
		map[string]string{"مصنع نزوى للعسل ش.م.م": "buyer", "منى سعيد الهنائية": "-", "Muna Said Al Hinai": "-", "Saif Hamad Al Rawahi": "seller"}, nil, nil},
	{"R negative: a person in their own right signs under their role", "عقد إيجار شقة\n\nالمؤجر: شركة الريان العقارية ذ.م.م، ويمثلها السيد/ خالد سالم الكعبي.\nالمستأجر: السيد/ محمود علي الشامسي، بطاقة هوية رقم ٧٨٤١٢٣٤٥.\n\nيلتزم المستأجر بسداد الأجرة في أول كل شهر.\n\nالمستأجر: محمود علي الشامسي",
		map[string]string{"محمود علي الشامسي": "tenant"}, nil, nil},

	// B. المشتريات (purchases) in an addressee's department or post is
	// no "Buyer": the addressee of a quotation or invoice is the customer;
	// المشتري as a word still makes it the buyer.
	{"B a purchasing department in the address", "# عرض سعر\n\n**صادر عن:** مؤسسة الريم للقرطاسية\n**إلى:** جامعة نزوى - دائرة المشتريات\n**تاريخ العرض:** ٣ مايو ٢٠٢٦\n\n| الصنف | الكمية | السعر (ر.ع.) |\n|---|---|---|\n| أقلام | ٥٠٠ | ٥٠٫٠٠٠ |\n\n- العرض صالح لمدة ثلاثين يوماً.",
		map[string]string{"مؤسسة الريم للقرطاسية": "supplier", "جامعة نزوى": "customer"}, nil, nil},
	{"B a purchasing manager under the addressee", "فاتورة ضريبية\nمن: شركة الوادي للأجهزة ش.م.م\nإلى: شركة الباطنة للأغذية ش.م.م\nعناية: الفاضلة/ سميرة حمد البلوشية - مديرة المشتريات\n\nأجهزة حاسب، ١٠ وحدات: ٤٬١٢٥٫٠٠٠ ر.ع.",
		map[string]string{"شركة الوادي للأجهزة ش.م.م": "supplier", "شركة الباطنة للأغذية ش.م.م": "customer"}, nil, nil},
	{"B negative: the quotation's terms name the buyer", "# عرض سعر\n\n**صادر عن:** مؤسسة الريم للقرطاسية\n**إلى:** جامعة نزوى - دائرة المشتريات\n\n| الصنف | الكمية | السعر (ر.ع.) |\n|---|---|---|\n| أقلام | ٥٠٠ | ٥٠٫٠٠٠ |\n\n- يلتزم المشتري بسداد القيمة عند الاستلام.",
		map[string]string{"مؤسسة الريم للقرطاسية": "supplier", "جامعة نزوى": "buyer"}, nil, nil},

	// P. A table whose first column is headed by a role word: the name
	// opening each row is a party of that role.
	{"P partners' table in a resolution", "قرار الشركاء رقم (٢) لسنة ٢٠٢٦\nشركة صور للأسماك ش.م.م، سجل تجاري رقم ١١٢٢٣٣٤\nاجتمع الشركاء في مقر الشركة يوم ٣ مايو ٢٠٢٦م بحضور:\nالشريك | الحصة\nشركة الشرقية القابضة ش.م.ع.م | ٧٠٪\nالفاضل/ حمد سالم العريمي | ٣٠٪\nوقرر الشركاء ما يلي:\n١. يسدد كل شريك حصته في زيادة رأس المال خلال ثلاثين يوماً.",
		map[string]string{"شركة الشرقية القابضة ش.م.ع.م": "partner", "حمد سالم العريمي": "partner"}, nil, nil},
	{"P bidders' table in tender minutes", "محضر لجنة المناقصات رقم (٤)\nشركة ظفار للمياه ش.م.ع.م\nوكانت العطاءات على النحو التالي:\nالمناقص | قيمة العطاء (ر.ع.) | ملاحظات\nشركة الوادي للمضخات ش.م.م | ٩٢٬٤٠٠٫٠٠٠ | مستوف للشروط\nمؤسسة السهل للتجارة | ٨٨٬١٠٠٫٠٠٠ | مستبعد\nقررت اللجنة ترسية المناقصة على شركة الوادي للمضخات ش.م.م.",
		map[string]string{"شركة الوادي للمضخات ش.م.م": "bidder", "مؤسسة السهل للتجارة": "bidder"}, nil, nil},
	{"P English shareholders' table", "MINUTES OF THE ANNUAL GENERAL MEETING OF SEEF BAKERIES B.S.C. (c)\nHeld on 12 April 2026 in Manama.\n\nShareholder | Shares held | Represented by\nGulf Food Holdings W.L.L. | 600,000 | proxy\nKanoo Investments B.S.C. (c) | 400,000 | in person\n\n1. The meeting approved the accounts for 2025.",
		map[string]string{"Gulf Food Holdings W.L.L.": "shareholder", "Kanoo Investments B.S.C. (c)": "shareholder"}, nil, nil},
	{"P negative: a table of goods with a supplier column", "PURCHASE REQUISITION No. 88\nDepartment: Maintenance\n\nSupplier | Description | Qty | Amount (OMR)\nAl Noor Trading LLC | Cement bags | 10 | 25.000\nSohar Steel LLC | Rebar, 12 mm | 4 | 1,120.000",
		map[string]string{"Al Noor Trading LLC": "-"}, nil, nil},
	{"P negative: two role columns of signatories", "LEASE AGREEMENT\n\nThis lease is made between Ruwi Towers LLC (the \"Landlord\") and Bausher Clinic LLC (the \"Tenant\").\n\nThe Tenant shall pay the rent monthly.\n\nLandlord | Tenant\nAhmed Said Al Habsi | Rashid Ali Al Lawati",
		map[string]string{"Ruwi Towers LLC": "landlord", "Bausher Clinic LLC": "tenant"}, nil, nil},

	// M. A role word with a marker letter or number is that role.
	{"M partners A and B in a bilingual table", "# Joint Venture Term Sheet / مذكرة شروط مشروع مشترك\n\n**Date / التاريخ:** 2026/02/01\n\n| Party / الطرف | Name / الاسم |\n|---|---|\n| Partner A / الشريك (أ) | Gulf Polymers Company / شركة البوليمرات الخليجية |\n| Partner B / الشريك (ب) | Baltic Loop Recycling AB / شركة بالتيك لوب |\n\nPartner A shall contribute the land.",
		map[string]string{"Gulf Polymers Company": "partner", "شركة البوليمرات الخليجية": "partner", "Baltic Loop Recycling AB": "partner"}, nil,
		[]string{"partner must contribute the land"}},
	{"M defined with a marker, both scripts", "JOINT VENTURE TERM SHEET / مذكرة شروط مشروع مشترك\nQassim Dairy Co. (\"Partner A\") / شركة ألبان القصيم (\"الشريك أ\")\nNajd Feed Co. (\"Partner B\") / شركة أعلاف نجد (\"الشريك ب\")\n\n1. Partner B shall supply the feed at cost.",
		map[string]string{"Qassim Dairy Co.": "partner", "Najd Feed Co.": "partner"}, nil, nil},
	{"M negative: a marker after no role word", "SUPPLY AGREEMENT\n\nThis Agreement is made between Sur Cement SAOG (the \"Buyer\") and Ibra Bags LLC (the \"Supplier\").\n\nThe Supplier shall deliver the bags listed in Schedule A.",
		map[string]string{"Sur Cement SAOG": "buyer", "Ibra Bags LLC": "supplier"}, []string{"Schedule A"}, nil},
}

// partyRolesBilingualOpen are cases this round leaves open: logged while they fail;
// one that passes fails the test until it is taken out.
var partyRolesBilingualOpen = map[string]bool{}

// TestParties21Families runs the cases: every case outside partyRolesBilingualOpen
// must pass, and every open one must fail.
func TestParties21Families(t *testing.T) {
	failed := 0
	for _, c := range partyRolesBilingualCases {
		msg := partyCheck(t, c)
		switch {
		case msg != "" && partyRolesBilingualOpen[c.family]:
			failed++
			t.Logf("open %s:\n%s", c.family, msg)
		case msg != "":
			failed++
			t.Errorf("%s:\n%s", c.family, msg)
		case partyRolesBilingualOpen[c.family]:
			t.Errorf("open family %q passes now: take it out of party21Open", c.family)
		}
	}
	t.Logf("%d of %d family cases fail", failed, len(partyRolesBilingualCases))
}
