package documentfacts

import "testing"

// Issue 29, session 15, round 11: parties and obligations from heldout8's
// classes (docs/documents.md, "round 11, parties and obligations from
// heldout8"). Sentences of our own in English and Arabic, guards among
// them: a party absent (noParty) or an obligation absent (noObl, its
// "role modality: anchor" head and anchor).
func TestRound11Parties(t *testing.T) {
	for _, tc := range []struct {
		name    string
		text    string
		parties map[string]string // name -> role
		noParty []string
		obls    []string // "role modality: anchor" each found
		noObl   []string // an anchor no obligation's action holds
	}{
		// Class O1: a role word written with its short vowels.
		{"arabic role word with shadda, present-tense duty",
			"عقد ترخيص\nأبرم هذا العقد بين شركة رأس الحد للمرافئ ش.م.ع.م ويشار إليها بـ \"المرخِّص\" وشركة الأمواج للرحلات ش.م.م ويشار إليها بـ \"المرخَّص له\".\nيدفع المرخَّص له الرسوم مقدماً.\nيلتزم المرخِّص بتوفير الكهرباء.\nلا يجوز للمرخَّص له التنازل عن الترخيص.",
			nil, nil,
			[]string{"licensee must: الرسوم مقدماً", "licensor must: بتوفير الكهرباء", "licensee must_not: التنازل"}, nil},
		{"a voweled role word of the guideline",
			"يلتزم المؤجِّر بصيانة السطح سنوياً.",
			nil, nil,
			[]string{"landlord must: بصيانة السطح"}, nil},
		// Class O2: present-tense verbs of a duty the list lacked.
		{"arabic present-tense duties: attend, supply, replace",
			"عقد خدمات\nيحضر المستشار الاجتماعات الشهرية.\nيزود العميل المستشار بالبيانات اللازمة.\nيستبدل المورد أي قطعة تالفة خلال سبعة أيام.",
			nil, nil,
			[]string{"consultant must: الاجتماعات الشهرية", "customer must: بالبيانات", "supplier must: أي قطعة تالفة"}, nil},
		{"a present-tense verb without a party binds no one",
			"يحضر الاجتماع ممثلون عن الجهات المعنية.",
			nil, nil, nil, []string{"الاجتماع"}},
		{"a present-tense verb in a relative clause describes",
			"تشمل الأتعاب المستندات التي يزود العميل بها المكتب.",
			nil, nil, nil, []string{"بها المكتب"}},
		// Class O3: broker, an Arabic role word the lexicon lacked.
		{"arabic broker",
			"يلتزم الوسيط بعرض العقار على منصتين.\nلا يجوز للوسيط تخفيض السعر.\nيبلغ الوسيط البائع بكل عرض.",
			nil, nil,
			[]string{"broker must: بعرض العقار", "broker must_not: تخفيض السعر", "broker must: البائع بكل عرض"}, nil},
		// Class P1: the people who sign for a role on a signing line.
		{"signers of two roles in one row",
			"MEDICAL EQUIPMENT RENTAL AGREEMENT\nThis Agreement is made between Gulf Medical Leasing Co. W.L.L. (the \"Lessor\") and Salmiya Care Clinics Co. W.L.L. (the \"Lessee\").\nThe Lessee shall pay the rent monthly.\nFor the Lessor: Fahad Abdullah Al Mutairi, Managing Partner | For the Lessee: Nawaf Jassim Al Kandari, Chief Executive Officer",
			map[string]string{"Fahad Abdullah Al Mutairi": "-", "Nawaf Jassim Al Kandari": "-", "Salmiya Care Clinics Co. W.L.L.": "tenant"},
			nil, nil, nil},
		{"bilingual signing label without a colon, name in two scripts",
			"WASTE SERVICES CONTRACT\nThis Contract is made between Wakra Municipal Services W.L.L. (the \"Client\") and Desert Green Waste W.L.L. (the \"Contractor\").\nFor the Client / عن العميل Hamad Rashid Al Marri / حمد راشد المري | For the Contractor / عن المقاول Pradeep Nair, General Manager",
			map[string]string{"Hamad Rashid Al Marri": "-", "حمد راشد المري": "-", "Pradeep Nair": "-"},
			nil, nil, nil},
		{"arabic signing row of two roles",
			"عقد خدمات قانونية\nأبرم هذا العقد بين شركة الخليج للأغذية ش.م.ك.م ويشار إليها بـ \"العميل\" ومكتب الصباح للمحاماة ويشار إليه بـ \"المستشار القانوني\".\nعن العميل: بدر سالم الفضلي | عن المستشار القانوني: خالد عايض العنزي",
			map[string]string{"بدر سالم الفضلي": "-", "خالد عايض العنزي": "-"},
			nil, nil, nil},
		{"a role label over a person and a date after a dash",
			"EXCLUSIVE LISTING AGREEMENT\nThis Agreement is made between Crescent Bay Holdings Ltd (the \"Seller\") and Marina Keys Real Estate Brokers L.L.C. (the \"Broker\").\nSeller / البائع: Omar Farouk Haddad / عمر فاروق حداد — September 3, 2026",
			map[string]string{"Omar Farouk Haddad": "-", "عمر فاروق حداد": "-"},
			nil, nil, nil},
		{"a captain signs",
			"BERTH LICENCE\nThis Licence is made between Bandar Marina SAOC (the \"Licensor\") and Coastline Charters LLC (the \"Licensee\").\nFor the Licensee: Captain Lars Eriksen, Owner",
			map[string]string{"Lars Eriksen": "-"},
			[]string{"Captain Lars Eriksen"}, nil, nil},
		{"a lawyer's title after an arabic representative",
			"أبرم هذا العقد بين شركة الخليج للأغذية ش.م.ك.م ويشار إليها بـ \"العميل\" ومكتب الصباح للمحاماة، ويمثله الأستاذ/ خالد عايض العنزي المحامي، ويشار إليه بـ \"المستشار القانوني\".",
			map[string]string{"خالد عايض العنزي": "-"},
			[]string{"خالد عايض العنزي المحامي"}, nil, nil},
		{"guard: for a phrase that names no role",
			"SUPPLY AGREEMENT\nFor the avoidance of doubt: Jane Doe Trading remains the owner of the goods.\nFor the Client: Finance Department",
			nil, []string{"Jane Doe Trading", "Jane Doe", "Finance Department"}, nil, nil},
		{"guard: a post after the label is nobody",
			"SERVICES AGREEMENT\nThis Agreement is made between Alpha Systems LLC (the \"Supplier\") and Beta Foods SAOC (the \"Client\").\nFor the Supplier: Managing Director | For the Client: Chief Executive Officer",
			nil, []string{"Managing Director", "Chief Executive Officer"}, nil, nil},
		// Class P2: witnesses in a row or after a dash.
		{"a witness row of a table",
			"SALE AGREEMENT\nThis Agreement is made between Adam Quarries LLC (the \"Seller\") and Ibri Crushers SPC (the \"Buyer\").\nWitness | Zainab Ali Al Farsi | 21 June 2026",
			map[string]string{"Zainab Ali Al Farsi": "-"}, nil, nil, nil},
		{"two arabic witnesses parted by a dash",
			"عقد بيع أرض\nالشاهد الأول: سلمان عبدالله العتيبي — الشاهد الثاني: ماجد علي الشهري",
			map[string]string{"سلمان عبدالله العتيبي": "-", "ماجد علي الشهري": "-"}, nil, nil, nil},
		// Class P1b: a label of the lexicon in a cell's second script; a
		// signing heading parted by a dash.
		{"the arabic half of a bilingual labelled cell",
			"LOAN AGREEMENT\nLender: Al Hamra Investments LLC, C.R. 1088213 (the \"Lender\"). | المقرض: شركة الحمراء للاستثمار ش.م.م، سجل تجاري ١٠٨٨٢١٣ (\"المقرض\").",
			map[string]string{"شركة الحمراء للاستثمار ش.م.م": "lender", "Al Hamra Investments LLC": "lender"},
			[]string{"المقرض: شركة الحمراء للاستثمار ش.م.م"}, nil, nil},
		{"names under a signing heading parted by a dash",
			"# Loan Agreement\n\nThis Agreement is made between Al Hamra Investments LLC (the \"Lender\") and Nizwa Cold Stores SAOC (the \"Borrower\").\n\n| For the Lender — عن المقرض | For the Borrower — عن المقترض |\n|---|---|\n| Khalid Mohammed Al Rashdi — خالد محمد الراشدي | Aisha Salim Al Siyabi — عائشة سالم السيابية |\n",
			map[string]string{"Khalid Mohammed Al Rashdi": "-", "خالد محمد الراشدي": "-", "Aisha Salim Al Siyabi": "-", "عائشة سالم السيابية": "-"},
			nil, nil, nil},
		// Class P5: an Arabic party listed at an entry's start, defined
		// after its licence, address or representative.
		{"an enumerated farm defined after its address and representative",
			"عقد حفر بئر\nأبرم هذا العقد بين كل من:\n١- مزرعة الوادي الأخضر للإنتاج الزراعي ش.م.م، سجل تجاري رقم ١٢٦٧٠٩٩، بهلاء، ويمثلها السيد/ مبارك سيف العبري بصفته المدير العام، ويشار إليها فيما بعد بـ \"صاحب العمل\".\n٢- شركة الينابيع لحفر الآبار ش.م.م، ويشار إليها فيما بعد بـ \"المقاول\".",
			map[string]string{"مزرعة الوادي الأخضر للإنتاج الزراعي ش.م.م": "employer", "مبارك سيف العبري": "-"},
			nil, nil, nil},
		{"an office after ordinal, address between",
			"عقد استشارات\nثانياً: مكتب الصباح والعتيبي للمحاماة والاستشارات القانونية، برج التجارية، شرق، ويمثله الأستاذ/ سعود ناصر الصباح، ويشار إليه فيما بعد بـ \"المستشار القانوني\".",
			map[string]string{"مكتب الصباح والعتيبي للمحاماة والاستشارات القانونية": "consultant"},
			nil, nil, nil},
		{"a broker in a parties table, licence between",
			"# عقد بيع\n\n| الطرف | البيانات |\n|---|---|\n| الوسيط | مكتب النخبة للوساطة العقارية، ترخيص رقم 1200001234، ويشار إليه فيما بعد بـ \"الوسيط\" |\n",
			map[string]string{"مكتب النخبة للوساطة العقارية": "broker"},
			nil, nil, nil},
		{"a labelled name of a legal form alone, quoted definition",
			"اتفاقية وساطة\nالوسيط: مارينا كيز للوساطة العقارية ش.ذ.م.م، مكتب ١٨٠٤، دبي مارينا (\"الوسيط\")",
			map[string]string{"مارينا كيز للوساطة العقارية ش.ذ.م.م": "broker"},
			nil, nil, nil},
		{"guard: an entry defining no role",
			"١- مكتب الخدمات المشتركة، الطابق الثاني، ويشار إليه فيما بعد بـ \"المكتب\".",
			nil, []string{"مكتب الخدمات المشتركة"}, nil, nil},
		{"guard: words before a company's kind are not its name",
			"أبرم هذا العقد بين شركة صحار للألمنيوم ش.م.م، ويشار إليها بـ \"الطرف الأول\"",
			map[string]string{"شركة صحار للألمنيوم ش.م.م": "first_party"},
			[]string{"بين شركة صحار للألمنيوم ش.م.م"}, nil, nil},
		// Class P3: a person the label ties to a party by its role.
		{"a party's contact by the possessive",
			"CUSTOMS BROKERAGE AGREEMENT\nThis Agreement is made between Awal Clearing W.L.L. (the \"Broker\") and Sitra Foods B.S.C. (the \"Client\").\nClient's logistics contact: Fatima Ebrahim Janahi.",
			map[string]string{"Fatima Ebrahim Janahi": "-"}, nil, nil, nil},
		{"an agent of a role, bilingual label, licence number after",
			"BROKERAGE AGREEMENT\nBroker's agent / وكيلة الوسيط: Sara Lindqvist, BRN 48123",
			map[string]string{"Sara Lindqvist": "-"}, nil, nil, nil},
		{"an arabic coordinator at a role",
			"عقد خدمات قانونية\nمنسقة العقد لدى العميل: دانة فيصل الرومي، إدارة الشؤون القانونية.",
			map[string]string{"دانة فيصل الرومي": "-"}, nil, nil, nil},
		{"guard: a possessive label of a thing, a department as contact",
			"SUPPLY AGREEMENT\nClient's bank: Gulf Commercial Bank\nSupplier's contact: Finance Department",
			nil, []string{"Finance Department"}, nil, nil},
		{"guard: a contact of no party's role",
			"SUPPLY AGREEMENT\nProject's coordinator: Mariam Al Said",
			nil, []string{"Mariam Al Said"}, nil, nil},
		// Class P6: a role label with an ordinal.
		{"arabic partners numbered by ordinals",
			"عقد تأسيس شركة\nتم الاتفاق بين كل من:\nالشريك الأول: شركة الباطنة القابضة ش.م.ع.م، سجل تجاري رقم ١٠٢٤٤١٨، ويمثلها المهندس/ حمد سيف الهنائي بموجب قرار مجلس إدارتها.\nالشريك الثاني: السيد/ سالم حمد المعمري، عماني الجنسية.",
			map[string]string{"شركة الباطنة القابضة ش.م.ع.م": "partner", "سالم حمد المعمري": "partner", "حمد سيف الهنائي": "-"},
			nil, nil, nil},
		{"english partners numbered",
			"PARTNERSHIP AGREEMENT\nThis Agreement is made between the following:\nFirst Partner: Batinah Holding SAOC\nSecond Partner: Sohar Dates LLC",
			map[string]string{"Batinah Holding SAOC": "partner", "Sohar Dates LLC": "partner"},
			nil, nil, nil},
		{"guard: the first party keeps its own role",
			"عقد توريد\nالطرف الأول: شركة الديار للتطوير ش.م.م\nالطرف الثاني: مؤسسة الأمل للمقاولات",
			map[string]string{"شركة الديار للتطوير ش.م.م": "first_party"}, nil, nil, nil},
		{"guard: a numbered post is no role",
			"SERVICES AGREEMENT\nThis Agreement is made between Alpha Systems LLC and Beta Foods SAOC.\nEngineer 1: Eng. Ahmed Al Balushi",
			map[string]string{"Ahmed Al Balushi": "-"}, nil, nil, nil},
		// Class O4: each partner, any partner, a party that ... (session
		// 16: the key specification binds each partner as partner, the
		// role word the text uses; each_party only for each party).
		{"each partner and any partner bind partner",
			"عقد تأسيس شركة\nيلتزم كل شريك بسداد قيمة حصصه خلال ثلاثين يوماً.\nلا يجوز لأي شريك التنازل عن حصصه لغير الشركاء.",
			nil, nil,
			[]string{"partner must: بسداد قيمة", "partner must_not: التنازل"}, nil},
		{"a party that wishes binds each party",
			"A party that does not wish to renew shall give the other party written notice.\nEach Partner shall keep the accounts open to inspection.",
			nil, nil,
			[]string{"each_party must: give the other party", "partner must: keep the accounts"}, nil},
		// Class O5: a numbered role as the subject.
		{"a numbered partner as the subject, negated duty",
			"يلتزم الشريك الثالث بعدم ممارسة أي نشاط منافس لنشاط الشركة.",
			nil, nil,
			[]string{"partner must_not: ممارسة أي نشاط"}, []string{"الثالث"}},
		// Class O6: a joined يلتزم after a duty of a named party.
		{"a joined duty takes the party named before it",
			"يضمن المقاول سلامة التغليف لمدة سنة واحدة، ويلتزم خلالها بإصلاح أي انهيار في جدار البئر.",
			nil, nil,
			[]string{"contractor must: بإصلاح أي انهيار"}, nil},
		{"guard: a joined duty with its own party keeps it",
			"يلتزم المقاول بتسليم الموقع، ويلتزم صاحب العمل بسداد الدفعة الأولى.",
			nil, nil,
			[]string{"employer must: بسداد الدفعة"}, nil},
		// Class O2 (heldout5): more present-tense verbs of a duty.
		{"arabic present-tense duties: issue, supply",
			"عقد توريد\nيصدر المشتري أوامر توريد خطية قبل سبعة أيام.\nيورد المقاول الكابلات إلى الموقع خلال عشرة أيام.",
			nil, nil,
			[]string{"buyer must: أوامر توريد", "contractor must: الكابلات"}, nil},
		{"guard: a verb of issuing with no party",
			"يصدر هذا الضمان باللغة العربية.",
			nil, nil, nil, []string{"هذا الضمان"}},
		// Class P7 (heldout5): a labelled party on a long line, its
		// definition after its address and representative.
		{"a long labelled line with a bracketed role note",
			"عقد عمل محدد المدة\nالطرف الأول (صاحب العمل): شركة مسندم للصناعات السمكية ش.م.ع.م، سجل تجاري رقم 1156723، وعنوانها: ص.ب 88، الرمز البريدي 811، خصب، محافظة مسندم، سلطنة عمان، ويمثلها السيد/ عبدالله بن راشد بن علي الشحي بصفته مدير الموارد البشرية، وله حق التوقيع نيابة عن الشركة.",
			map[string]string{"شركة مسندم للصناعات السمكية ش.م.ع.م": "employer"}, nil, nil, nil},
		{"a long labelled line defined later by its role",
			"اتفاقية توزيع\nالطرف الأول: شركة الخليج للصناعات الغذائية ش.م.ع.ع، سجل تجاري رقم 1019832، ومقرها المنطقة الصناعية بالرسيل، سلطنة عمان، ويمثلها الفاضل/ هلال بن مسلم الحوسني بصفته الرئيس التنفيذي، ويشار إليها فيما بعد بـ \"المورد\".",
			map[string]string{"شركة الخليج للصناعات الغذائية ش.م.ع.ع": "supplier"}, nil, nil, nil},
		// Class X1: a voyage's ports under From: and To:.
		{"ports of a shipment are no sender or addressee",
			"MARINE CARGO INSURANCE CERTIFICATE\nThis is to certify that Dhofar Insurance Company SAOG (the \"Insurer\") has insured the consignment.\nFrom:    Port of Jebel Ali, UAE\nTo:      Salalah Port\nبيانات الشحن\nمن: ميناء صحار",
			map[string]string{"Dhofar Insurance Company SAOG": "insurer"}, []string{"Port of Jebel Ali", "Salalah Port", "ميناء صحار"}, nil, nil},
		{"guard: a company under From: is still the sender",
			"QUOTATION\nFrom: Gulf Port Services LLC\nTo: Port of Salalah Company SAOG",
			map[string]string{"Gulf Port Services LLC": "supplier", "Port of Salalah Company SAOG": "customer"}, nil, nil, nil},
		// Class X2: a legal form alone; class P4: an appointed manager.
		{"a limited liability company to be founded is no party; the appointed manager is",
			"عقد تأسيس شركة محدودة المسؤولية\nعلى تأسيس شركة محدودة المسؤولية وفقاً لأحكام القانون.\nيعين الشركاء السيد/ طارق يحيى الرواحي مديراً للشركة لمدة ثلاث سنوات.",
			map[string]string{"طارق يحيى الرواحي": "-"}, []string{"شركة محدودة المسؤولية"}, nil, nil},
		// Class O7: a party's people after it.
		{"a party and its agents bind the party",
			"This Agreement is made between Alpha Logistics LLC (the \"Carrier\") and Beta Foods SAOC (the \"Shipper\").\nThe Shipper and its agents shall pack the goods for sea carriage.\nThe Carrier and/or its subcontractors shall not open any sealed container.",
			nil, nil,
			[]string{"shipper must: pack the goods", "carrier must_not: open any sealed"}, nil},
		// Two parties joined bind each (round 15, obligation families:
		// oblprobe's README, "X and Y shall jointly"); round 11 kept the
		// last one only, which this guard held.
		{"two parties joined bind each",
			"The Buyer and the Seller shall sign the delivery note.",
			nil, nil, []string{"buyer must: sign", "seller must: sign"}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			checkRoleFacts(t, tc.text, tc.parties, tc.noParty, tc.obls, tc.noObl)
		})
	}
}
