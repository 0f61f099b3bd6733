package documentfacts

import (
	"slices"
	"testing"
)

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

// TestRepresentativesRound8b: the person who represents or signs for a
// party is a party with no role, however the representation is worded
// (issue 29, round 8b): a capacity word between the verb and the name
// (ويمثلها مالكها السيد/), the name wrapped to the next line after the
// verb, "represented by", "acting through", and a signature line labelled
// by the party's number (الطرف الأول: X) where that number is a company's.
// The company keeps its role.
func TestRepresentativesRound8b(t *testing.T) {
	checkRound3(t, []round3Case{
		{"عقد إيجار\nالمستأجر: مؤسسة نجمة الساحل للتجارة، سجل تجاري رقم 1188001، ويمثلها مالكها السيد/ خالد سالم الحارثي (ويشار إليها فيما بعد بـ\"المستأجر\")",
			TypeParty, []string{"tenant|مؤسسة نجمة الساحل للتجارة", "|خالد سالم الحارثي"}, []string{"tenant|خالد سالم الحارثي"}},
		{"عقد عمل\nصاحب العمل: شركة صحار للألمنيوم ش.م.م، سجل تجاري رقم 1022334، صحار، ويمثلها\nالسيد/ يوسف علي البلوشي بصفته مدير الموارد البشرية (ويشار إليها فيما بعد بـ\"صاحب العمل\").",
			TypeParty, []string{"employer|شركة صحار للألمنيوم ش.م.م", "|يوسف علي البلوشي"}, []string{"employer|يوسف علي البلوشي"}},
		{"SUPPLY AGREEMENT\nBetween Gulf Star Cables LLC, Sohar, represented by\nMr. Daniel Roberts, Managing Director (the \"Supplier\"), and Nizwa Power SAOC (the \"Buyer\").",
			TypeParty, []string{"supplier|Gulf Star Cables LLC", "buyer|Nizwa Power SAOC", "|Daniel Roberts"}, []string{"supplier|Daniel Roberts"}},
		{"عقد صيانة\nالطرف الأول: مستشفى الأمل الخاص ش.م.م، ويمثله السيد/ ماجد حمد العامري (ويشار إليه فيما بعد بـ\"العميل\").\nالطرف الثاني: شركة التبريد الحديث ش.م.م (ويشار إليها فيما بعد بـ\"المقاول\").\n# التوقيعات\nالطرف الأول: ماجد حمد العامري | الطرف الثاني: سعيد خلفان الراشدي",
			TypeParty, []string{"customer|مستشفى الأمل الخاص ش.م.م", "contractor|شركة التبريد الحديث ش.م.م", "|ماجد حمد العامري"}, []string{"first_party|ماجد حمد العامري"}},
		// A party that is a person keeps its role.
		{"عقد إيجار\nالمؤجر: سالم بن راشد الكندي، عماني الجنسية (ويشار إليه فيما بعد بـ\"المؤجر\")\nالمستأجر: شركة الفجر للتجارة ش.م.م (ويشار إليها فيما بعد بـ\"المستأجر\")",
			TypeParty, []string{"landlord|سالم بن راشد الكندي", "tenant|شركة الفجر للتجارة ش.م.م"}, nil},
	})
}

// TestSignatureLabelsRound8b: in the signature lines, a person's name
// under the label of a role a company holds signs for it, and a witness
// line names a party with no role even outside a signature block (issue
// 29, round 8b); a person who is the party keeps the role.
func TestSignatureLabelsRound8b(t *testing.T) {
	checkRound3(t, []round3Case{
		{"عقد عمل\nصاحب العمل: شركة مرباط للأغذية ش.م.م، صلالة، ويمثلها\nالسيد/ فهد سالم المهري بصفته المدير العام (ويشار إليها فيما بعد بـ\"صاحب العمل\").\nالعامل: السيد/ أحمد علي الشحري، عماني الجنسية (ويشار إليه فيما بعد بـ\"العامل\").\n1. يعمل العامل محاسباً.\n\nصاحب العمل: فهد سالم المهري | العامل: أحمد علي الشحري\nالشاهد: مسلم سعيد قطن",
			TypeParty, []string{"employer|شركة مرباط للأغذية ش.م.م", "|فهد سالم المهري", "employee|أحمد علي الشحري", "|مسلم سعيد قطن"}, []string{"employer|فهد سالم المهري"}},
		{"EMPLOYMENT CONTRACT\nEmployer: Sur Fisheries LLC, represented by Mr. Rashid Ali Al Araimi, General Manager\nEmployee: Ms. Priya Menon\nWitness: Hamed Salim Al Saadi",
			TypeParty, []string{"employer|Sur Fisheries LLC", "|Rashid Ali Al Araimi", "employee|Priya Menon", "|Hamed Salim Al Saadi"}, nil},
	})
}

// TestContactsRound8b: a contact or a letter's signer named under a
// contact label or a closing, in either script or both, is a party with
// no role (issue 29, round 8b): "Contact / للتواصل:" alone on its line
// over the names, للتواصل: X، title inline, a bilingual closing over the
// English name and its Arabic twin. A department or an office under the
// label is nobody.
func TestContactsRound8b(t *testing.T) {
	checkRound3(t, []round3Case{
		{"PREQUALIFICATION NOTICE\nAl Qurum Water Company SAOC invites applications.\nContact / للتواصل:\nSalma Nasser Al Rawahi, Procurement Manager\nسلمى ناصر الرواحي، مديرة المشتريات",
			TypeParty, []string{"|Salma Nasser Al Rawahi", "|سلمى ناصر الرواحي"}, nil},
		{"دعوة لتقديم العطاءات\nتدعو شركة صلالة للموانئ ش.م.ع.ع المقاولين إلى تقديم عطاءاتهم.\nللتواصل: مسلم علي الكثيري، أمين سر لجنة المناقصات",
			TypeParty, []string{"|مسلم علي الكثيري"}, nil},
		{"OFFER OF EMPLOYMENT\nFrom: Doha Pharma Trading W.L.L.\nDear Mr. Ravi Kumar,\nWe are pleased to offer you the position of Pharmacist.\nYours sincerely / وتفضلوا بقبول فائق الاحترام،\nMaryam Ahmed Al Sulaiti, Human Resources Manager\nمريم أحمد السليطي، مديرة الموارد البشرية",
			TypeParty, []string{"|Maryam Ahmed Al Sulaiti", "|مريم أحمد السليطي"}, nil},
		// An office under the label is nobody.
		{"TENDER NOTICE\nContact / للتواصل:\nTender Committee Secretariat, Ministry of Health\nأمانة لجنة المناقصات، وزارة الصحة",
			TypeParty, nil, []string{"|Tender Committee Secretariat", "|أمانة لجنة المناقصات"}},
		{"إعلان مناقصة\nللتواصل: قسم المشتريات، هاتف 24500000", TypeParty, nil, []string{"|قسم المشتريات"}},
	})
}

// TestAddressLinesRound8b: the line that continues a party's address
// ("Second\nIndustrial City, Riyadh (the "Lessor")", "Nizwa,\nSultanate of
// Oman (the "Buyer")") is not a second party of that role (issue 29, round
// 8b); a party named on its own line after a line that ends its
// definition, or after "between", is one.
func TestAddressLinesRound8b(t *testing.T) {
	cases := []struct {
		doc       func(t *testing.T) Output
		want, not []string
	}{
		{mdDoc("# Rental Agreement\n\n**Lessor:** Al Sahwa Cranes Co., Commercial Registration 1010101010, Second\nIndustrial City, Dammam (the \"Lessor\")  \n**Lessee:** Tihama Builders Company, Commercial Registration 4030303030, Al Safa\nDistrict, Jeddah (the \"Lessee\")\n"),
			[]string{"landlord|Al Sahwa Cranes Co.", "tenant|Tihama Builders Company"}, []string{"landlord|Industrial City", "tenant|District"}},
		{textDoc("SALES CONTRACT\nBuyer: Sohar Dairy Products SAOG, P.O. Box 12, Postal Code 311, Sohar,\nSultanate of Oman (the \"Buyer\")"),
			[]string{"buyer|Sohar Dairy Products SAOG"}, []string{"buyer|Sultanate of Oman"}},
		{textDoc("SUPPLY AGREEMENT\nThis Agreement is made between\nBarka Foods LLC, Barka (the \"Buyer\") and\nNorth Star Trading LLC, Sohar (the \"Seller\")."),
			[]string{"buyer|Barka Foods LLC", "seller|North Star Trading LLC"}, nil},
		{mdDoc("# Supply Agreement\n\n**Between:**\n\nBarka Foods LLC, Barka, Oman (the \"Buyer\")  \nNorth Star Trading LLC, Sohar, Oman (the \"Seller\")\n"),
			[]string{"buyer|Barka Foods LLC", "seller|North Star Trading LLC"}, nil},
		// The twin in the other script on the next line is a name.
		{textDoc("SUPPLY AGREEMENT\nSur Glass Works LLC, C.R. No. 1200001, Sur, Sultanate of Oman (hereinafter referred to as the \"Supplier\"); and\nشركة صور لصناعة الزجاج ش.م.م، سجل تجاري رقم 1200001، صور، سلطنة عمان (ويشار إليها فيما بعد بـ \"المورد\")؛"),
			[]string{"supplier|Sur Glass Works LLC", "supplier|شركة صور لصناعة الزجاج ش.م.م"}, nil},
	}
	for i, c := range cases {
		got := factSet(c.doc(t), TypeParty)
		for _, w := range c.want {
			if !slices.Contains(got, w) {
				t.Errorf("case %d: party %q missing; got %q", i, w, got)
			}
		}
		for _, n := range c.not {
			if slices.Contains(got, n) {
				t.Errorf("case %d: party %q found; got %q", i, n, got)
			}
		}
	}
}

// TestArabicPassiveDutiesRound8b: an Arabic clause that opens with an
// unvowelled passive verb of paying, returning, submitting or sending and
// names the thing, not a party (تدفع دفعة مقدمة، وترد إلى المقاول، يسدد
// الرصيد، تقدم العطاءات، ترسل الاستفسارات), is a duty of no one named
// (issue 29, round 8b). A verb followed by a party is active and binds it;
// "يرد في الملحق" (is stated in) and a verb inside a relative clause are
// no duty.
func TestArabicPassiveDutiesRound8b(t *testing.T) {
	checkR7b(t, "obligation", []r7bCase{
		{"عقد صيانة\n3. تدفع دفعة مقدمة بنسبة 10% عند توقيع العقد.\n4. يحتفظ العميل بنسبة 5% من كل دفعة، وترد إلى المقاول خلال ستين (60) يوماً من انتهاء العقد.",
			[]string{"-|must|تدفع دفعة", "-|must|ترد إلى المقاول"}, nil},
		{"عقد توريد\n2. يسدد الرصيد خلال خمسة وأربعين (45) يوماً من تاريخ الاستلام.\n3. يسدد المشتري قيمة الفاتورة خلال ثلاثين يوماً.",
			[]string{"-|must|يسدد الرصيد", "buyer|must|قيمة الفاتورة"}, []string{"-|must|قيمة الفاتورة"}},
		{"إعلان مناقصة\nتقدم العطاءات في مظروفين منفصلين إلى مكتب الشركة.\nترسل الاستفسارات بالبريد الإلكتروني في موعد أقصاه 20 مايو 2026.",
			[]string{"-|must|تقدم العطاءات", "-|must|ترسل الاستفسارات"}, nil},
		{"عقد عمل\nيمنح صاحب العمل العامل سلفة، تسترد من أجره على اثني عشر قسطاً.",
			[]string{"-|must|تسترد من أجره"}, nil},
		// A deposit returned to the payer named just before: the labels
		// disagree (dev3, tuning: none; dev6: a duty); left none.
		{"عقد إيجار\nيدفع المستأجر تأميناً قدره 500 ر.ع.، ويرد إليه عند انتهاء العقد.", []string{"tenant|must|تأميناً"}, []string{"-|must|يرد إليه"}},
		// A schedule's lead-in: its duty is in the rows.
		{"اتفاقية تسوية\n2. يسدد مبلغ التسوية على دفعتين كما يلي:\nالدفعة الأولى 500 ر.ع.", nil, []string{"-|must|مبلغ التسوية"}},
		// Not duties: "is stated in", a relative clause.
		{"عقد توريد\nيرد في الملحق (أ) وصف الأجهزة.\nالمبلغ الذي يدفع عند التسليم هو 500 ر.ع.", nil, []string{"-|must|يرد في", "-|must|يدفع عند"}},
	})
}

// TestRightsNotDutiesRound8b: wordings that read as duties but state a
// right or a future event are none (issue 29, round 8b): a party that
// "will retain" a share of a payment "as retention" holds money back, a
// right; applicants who "will be informed / invited / notified" are told
// what will happen. A duty to keep records or to inform someone stays one.
func TestRightsNotDutiesRound8b(t *testing.T) {
	checkR7b(t, "obligation", []r7bCase{
		{"WORKS CONTRACT\n2.5 The Employer will retain 5% of each interim payment as retention money.\n4.2 The Contractor will retain 10% of each certificate as retention.",
			nil, []string{"employer|must|retain", "contractor|must|retain"}},
		{"PREQUALIFICATION NOTICE\n5.3 Applicants will be informed of the results by 30 June 2026.\n5.4 Only applicants who meet all mandatory criteria will be invited to bid.\n5.5 Bidders will be notified of the award in writing.",
			nil, []string{"bidder|must|informed", "bidder|must|invited", "bidder|must|notified", "-|must|informed"}},
		{"SERVICES AGREEMENT\nThe Contractor shall retain all time sheets for five (5) years.\nThe Contractor shall inform the Client of any delay within two (2) days.",
			[]string{"contractor|must|time sheets", "contractor|must|inform the client"}, nil},
	})
}

// TestIssuerWordsRound8b: in a request for quotation the issuer is meant
// by "the Company" when its name is a company's and nothing else is
// defined so, by الشركة when its Arabic name opens with شركة, and by the
// short name it is given in brackets ("ODCS") (issue 29, round 8b).
func TestIssuerWordsRound8b(t *testing.T) {
	checkR7b(t, "obligation", []r7bCase{
		{"REQUEST FOR QUOTATION / طلب عرض أسعار\nRFQ No. / رقم الطلب: SBH/RFQ/2026/04\nFrom: Sur Beach Hotels Company SAOG\nمن: شركة شاطئ صور للفنادق ش.م.ع.ع\nTo: Approved suppliers / إلى: الموردين المعتمدين\nQuotations must be submitted by 10 March 2026.\n1. Suppliers shall quote a monthly lease rate.\n4. The Company will pay each monthly invoice within thirty (30) days of its date.\n   تسدد الشركة كل فاتورة شهرية خلال ثلاثين (30) يوماً من تاريخها.",
			[]string{"issuer|must|pay each monthly", "issuer|must|تسدد الشركة"}, []string{"-|must|pay each monthly"}},
		{"REQUEST FOR QUOTATION\nIssued by: Gulf Data Networks SAOC (\"GDN\"), Muscat\nGDN invites qualified suppliers to quote for twelve network switches.\n8.5 GDN will pay 30% of the order value in advance.",
			[]string{"issuer|must|pay 30%"}, nil},
	})
}

// TestMoneyReturnedRound8b: money held as security that "shall be
// released" or "will be returned / refunded" is a duty of no one named
// (issue 29, round 8b); late applications returned unopened, and a
// guarantor who "shall not be released", are no duty.
func TestMoneyReturnedRound8b(t *testing.T) {
	checkR7b(t, "obligation", []r7bCase{
		{"RENTAL AGREEMENT\n2.3 The deposit will be returned within thirty (30) days after the return of the cranes.\n2.5 Half of the retention money shall be released on taking-over.",
			[]string{"-|must|deposit will be returned", "-|must|released on taking-over"}, nil},
		{"PREQUALIFICATION NOTICE\nLate applications will be returned unopened.\nThe Guarantor shall not be released by any extension of time.",
			nil, []string{"-|must|returned unopened", "-|must_not|released"}},
	})
}

// TestGenericAddresseesRound8b: a request addressed to a class of readers
// ("To: Approved suppliers / إلى: الموردين المعتمدين", "To: All bidders")
// names no party (issue 29, round 8b); a company or a person under To:
// is one.
func TestGenericAddresseesRound8b(t *testing.T) {
	checkRound3(t, []round3Case{
		{"REQUEST FOR QUOTATION / طلب عرض أسعار\nRFQ No. / رقم الطلب: SBH/RFQ/2026/04\nFrom: Sur Beach Hotels Company SAOG\nTo: Approved suppliers / إلى: الموردين المعتمدين\nQuotations must be submitted by 10 March 2026.\n1. Suppliers shall quote a monthly lease rate.",
			TypeParty, []string{"issuer|Sur Beach Hotels Company SAOG"}, []string{"|Approved suppliers", "|الموردين المعتمدين", "addressee|Approved suppliers"}},
		{"REQUEST FOR QUOTATION\nFrom: Sur Beach Hotels Company SAOG\nTo: All prospective bidders\nQuotations must be submitted by 10 March 2026.",
			TypeParty, nil, []string{"|All prospective bidders"}},
		{"QUOTATION\nFrom: Barka Steel Works LLC\nTo: Sohar Port Services SAOC\nTotal: OMR 1,200.000",
			TypeParty, []string{"supplier|Barka Steel Works LLC", "customer|Sohar Port Services SAOC"}, nil},
	})
}

// TestSignatureTwinsRound8b: in a signature block, a row of Arabic names
// under a row of the same people's English names gives each Arabic name
// (a name without بن or a title), and a bilingual cell whose title is not
// English ("Jens Albrecht, Geschäftsführer / ينس ألبرشت") gives both
// names (issue 29, round 8b). A row of Arabic words under names that are
// no names (ختم الشركة) gives nobody.
func TestSignatureTwinsRound8b(t *testing.T) {
	checkRound3(t, []round3Case{
		{"CLEANING SERVICES CONTRACT\n1. The Contractor shall clean the offices daily.\nFor the Client / عن العميل                    For the Contractor / عن المقاول\nSaad Jassim Al Mutairi                          George Mathew Kurian\nسعد جاسم المطيري                                جورج ماثيو كوريان\nختم الشركة                                      ختم الشركة",
			TypeParty, []string{"|Saad Jassim Al Mutairi", "|سعد جاسم المطيري", "|George Mathew Kurian", "|جورج ماثيو كوريان"}, []string{"|ختم الشركة"}},
		{"FRAMEWORK AGREEMENT\n1. The Forwarder shall book space on the first vessel.\nSIGNATURES\nForwarder / وكيل الشحن | Customer / العميل\nKlaus Dieter Brandt, Geschäftsführer / كلاوس ديتر برانت | Hilal Said Al Hinai, General Manager / هلال سعيد الهنائي",
			TypeParty, []string{"|Klaus Dieter Brandt", "|كلاوس ديتر برانت", "|Hilal Said Al Hinai", "|هلال سعيد الهنائي"}, nil},
	})
}

// TestForwarderRoleRound8b: a freight forwarder, a role the guideline
// does not name, keeps the text's word (as a carrier or a shipper does),
// as a party and as the party bound (issue 29, round 8b).
func TestForwarderRoleRound8b(t *testing.T) {
	text := "FREIGHT FORWARDING AGREEMENT / اتفاقية شحن\nBaltic Cargo Logistik GmbH, Bremen, Germany (the \"Forwarder\")\nشركة بلطيق لوجستيك للشحن ش.م.م، بريمن، ألمانيا (\"وكيل الشحن\")\nSohar Tyres Trading LLC, Sohar, Oman (the \"Customer\")\n3.1 The Forwarder shall book space on the first available vessel within two (2) working days.\n3.1 يلتزم وكيل الشحن بحجز مساحة على أول سفينة متاحة خلال يومي عمل (2)."
	checkRound3(t, []round3Case{{text, TypeParty, []string{"forwarder|Baltic Cargo Logistik GmbH", "customer|Sohar Tyres Trading LLC"}, nil}})
	checkR7b(t, "obligation", []r7bCase{{text, []string{"forwarder|must|book space", "forwarder|must|بحجز"}, []string{"-|must|book space"}}})
}

// TestInvitingIssuerRound8b: the company that invites operators,
// applicants or consultants to apply or to bid issues the notice (issue
// 29, round 8b), as one that invites suppliers or bidders does.
func TestInvitingIssuerRound8b(t *testing.T) {
	checkRound3(t, []round3Case{
		{"PREQUALIFICATION NOTICE\nNo.: AWS/PQ/2026/03\nAwali Waste Services W.L.L. invites experienced operators to apply for prequalification for a five-year contract.\nApplications must be submitted by 31 May 2026.",
			TypeParty, []string{"issuer|Awali Waste Services W.L.L."}, []string{"|Awali Waste Services W.L.L."}},
		{"EXPRESSION OF INTEREST\nSalalah Free Zone Company SAOC invites qualified consultants to submit expressions of interest.",
			TypeParty, []string{"issuer|Salalah Free Zone Company SAOC"}, nil},
	})
}

// TestNumberedAlaRound8b: على + a party opening a clause numbered with a
// dotted number ("2.3 على العميل تمكين ...") binds the party, also in the
// Arabic cell of a bilingual row (issue 29, round 8b); على inside a
// sentence ("يعتمد ذلك على العميل") binds no one.
func TestNumberedAlaRound8b(t *testing.T) {
	checkR7b(t, "obligation", []r7bCase{
		{"عقد صيانة\n2.3 على العميل تمكين فنيي المقاول من دخول جميع غرف المعدات.", []string{"customer|must|تمكين فنيي"}, nil},
		{"MAINTENANCE CONTRACT\n2.3 The Client shall give the Contractor's technicians access to all plant rooms. | 2.3 على العميل تمكين فنيي المقاول من دخول جميع غرف المعدات.",
			[]string{"customer|must|access to all plant rooms", "customer|must|تمكين فنيي"}, nil},
		{"عقد صيانة\n2.4 يعتمد موعد الزيارة على العميل.", nil, []string{"customer|must|الزيارة"}},
	})
}

// TestArabicValidityRound8b: "يجب أن تبقى العطاءات سارية لمدة ..." and
// "يظل العرض سارياً" state a validity, no duty, as "Quotations shall remain
// valid" does (issue 29, round 8b); a duty in the same notice stays one.
func TestArabicValidityRound8b(t *testing.T) {
	checkR7b(t, "obligation", []r7bCase{
		{"إعلان مناقصة\nيجب أن تبقى العطاءات سارية لمدة تسعين (90) يوماً من آخر موعد لتقديم العطاءات.\nيظل العرض سارياً لمدة ستين يوماً.\nيجب على المناقص الفائز تقديم ضمان حسن التنفيذ خلال عشرة أيام.",
			[]string{"bidder|must|ضمان حسن التنفيذ"}, []string{"-|must|سارية", "-|must|سارياً"}},
	})
}

// TestEnglishPresentDutiesRound8b: a party named at a clause's start with
// a present-tense verb of paying or bearing a cost ("The Tenant bears the
// electricity charges", "The Client pays the fee") is bound, as the
// Arabic يتحمل / يدفع are (issue 29, round 8b). A condition ("If the
// Tenant pays late"), a relative clause ("the amount the Buyer pays") and
// a limit ("bears no liability") bind no one.
func TestEnglishPresentDutiesRound8b(t *testing.T) {
	checkR7b(t, "obligation", []r7bCase{
		{"WAREHOUSE LEASE\nLandlord: Barka Stores LLC\nTenant: Nizwa Foods SAOC\n5.1 The Tenant bears the electricity and water charges.\n5.2 The Landlord pays the municipality fee.",
			[]string{"tenant|must|electricity", "landlord|must|municipality fee"}, nil},
		{"SERVICES AGREEMENT\n4.1 The Client pays the monthly fee within thirty (30) days of each invoice.\n4.2 If the Client pays late, interest accrues at 1% per month.\n4.3 The amount the Client pays is fixed for the term.\n4.4 The Contractor bears no liability for indirect loss.",
			[]string{"customer|must|monthly fee"}, []string{"customer|must|late", "customer|must|is fixed", "contractor|must|indirect loss"}},
	})
}

// TestHeadingsRound8b pins what round 8b keeps: a terms heading
// ("Delivery:", "Payment:", التسليم:، الدفع:) is no duty, and a heading
// that names a party's obligations ("OBLIGATIONS OF THE SUPPLIER",
// التزامات المشتري:) is neither a duty nor a party; the duties under it
// bind their parties.
func TestHeadingsRound8b(t *testing.T) {
	quote := "QUOTATION\nFrom: Barka Steel Works LLC\nTo: Sohar Port Services SAOC\nDelivery: within fourteen (14) days of the purchase order.\nPayment: 50% advance, balance within 30 days of delivery.\nالتسليم: خلال أسبوعين من أمر الشراء.\nالدفع: 50% مقدماً والباقي خلال 30 يوماً."
	checkR7b(t, "obligation", []r7bCase{
		{quote, nil, []string{"supplier|must|fourteen", "-|must|fourteen", "customer|must|advance", "-|must|advance", "-|must|أسبوعين", "-|must|مقدماً"}},
		{"SUPPLY AGREEMENT\n5. OBLIGATIONS OF THE SUPPLIER\nThe Supplier shall deliver the goods.\nالتزامات المشتري:\nيلتزم المشتري بالسداد.",
			[]string{"supplier|must|deliver the goods", "buyer|must|بالسداد"}, []string{"supplier|must|obligations", "buyer|must|التزامات"}},
	})
	checkRound3(t, []round3Case{
		{quote, TypeParty, []string{"supplier|Barka Steel Works LLC", "customer|Sohar Port Services SAOC"}, []string{"|Delivery", "|Payment"}},
	})
}

// TestLimitsAndRemediesRound8b: a sum that "shall be deducted" for a
// breach is a remedy, and "لا يتحمل العميل أي مسؤولية" (bears no
// liability) a limit; neither is a duty (issue 29, round 8b). "يتحمل
// العميل تكاليف ..." stays one.
func TestLimitsAndRemediesRound8b(t *testing.T) {
	checkR7b(t, "obligation", []r7bCase{
		{"MAINTENANCE CONTRACT\n3.2 If the Contractor misses a monthly inspection, OMR 250.000 shall be deducted from the next instalment.",
			nil, []string{"-|must|deducted", "contractor|must|deducted"}},
		{"عقد صيانة\n1. يتحمل العميل تكاليف الكهرباء والمياه.\n2. لا يتحمل العميل أي مسؤولية عن أدوات المقاول المخزنة في الموقع.",
			[]string{"customer|must|الكهرباء"}, []string{"customer|must|أي مسؤولية"}},
	})
}

// TestArabicUseDutiesRound8b: "يستخدم المستأجر المحل لبيع الزهور فقط"
// binds the tenant to a use, as the other present-tense duty verbs bind
// their party (issue 29, round 8b); the verb with no party after it, or
// in a relative clause, binds no one.
func TestArabicUseDutiesRound8b(t *testing.T) {
	checkR7b(t, "obligation", []r7bCase{
		{"عقد إيجار\n١. يستخدم المستأجر المحل لبيع الزهور والهدايا فقط.\n٢. المواد التي يستخدمها المقاول مطابقة للمواصفات.\n٣. يستخدم النظام لتسجيل الطلبات.",
			[]string{"tenant|must|المحل لبيع"}, []string{"contractor|must|مطابقة", "-|must|النظام"}},
	})
}
