package documentfacts

import "testing"

// Round 19 (issue 29, session 21; docs/documents.md "round 19, the rules
// follow conventions 33-43"): each case is a document of our own and the
// facts of one type it must give, read as in conv19Cases (conv19Items):
// a case fails on a wanted fact missing and on any other fact of that
// type. Parties read "role name", money, dates and durations "key value",
// deadlines the normalised value.

const (
	conv21Instructions   = conv20Tender + "## Instructions to Bidders\n\n"
	conv21InstructionsAR = conv20TenderAR + "## تعليمات للمتناقصين\n\n"
	conv21Consultancy    = "CONSULTANCY AGREEMENT\n\nThis Agreement is made on 2 March 2026 between Nizwa Heritage Foundation (the \"Client\") and Al Qalam Design Consultants LLC (the \"Consultant\").\n\n"
	conv21ConsultancyAR  = "اتفاقية خدمات استشارية\n\nأبرمت هذه الاتفاقية بتاريخ ٢ مارس ٢٠٢٦ بين مؤسسة نزوى للتراث (\"العميل\") ومكتب القلم للاستشارات الهندسية ش.م.م (\"الاستشاري\").\n\n"
	conv21Hire           = "EQUIPMENT HIRE AGREEMENT\n\nThis Agreement is made on 2 March 2026 between Sohar Cranes LLC (the \"Owner\") and Al Batinah Builders LLC (the \"Hirer\").\n\n"
	conv21Supply         = "SUPPLY AGREEMENT\n\nThis Agreement is made on 2 March 2026 between Sohar Furniture LLC (the \"Supplier\") and Batinah Schools Development Company SAOC (the \"Buyer\").\n\n"
	conv21GuaranteeAR    = "ضمان حسن التنفيذ رقم ٢٠٢٦/١١٤\n\nالتاريخ: ٤ مايو ٢٠٢٦\n\nإلى: شركة خدمات المياه العمانية ش.م.ع.م (\"المستفيد\")\n\n"
)

var conv21Cases = []struct {
	decision, name, typ, text string
	want                      []string
}{
	// Decision 33: a rejection sentence gives nothing of its own; alone
	// in naming a bid bond it carries the bond's requirement.
	{"33", "the rejection names the bond alone", "requirement",
		conv21Instructions + "1. Bids must be submitted through the e-tendering portal.\n2. Bids not accompanied by a bid bond of OMR 500 will be rejected.\n3. Late bids will not be considered.\n",
		[]string{"financial mandatory bid bond"}},
	{"33", "the rejection is no obligation", "obligation",
		conv21Instructions + "1. Bids must be submitted through the e-tendering portal.\n2. Bids not accompanied by the bid bond shall be disqualified.\n3. Any bid received after 30 April 2026 shall be rejected.\n",
		[]string{"- must submitted through"}},
	{"33", "a bond stated, then restated by its rejection", "requirement",
		conv21Instructions + "1. Each bidder shall submit a bid bond of OMR 500 with its bid.\n2. Bids not accompanied by the bid bond will be rejected.\n",
		[]string{"financial mandatory each bidder shall submit a bid bond"}},
	{"33", "Arabic: يستبعد كل عطاء غير مصحوب بضمان", "requirement",
		conv21InstructionsAR + "١. تقدم العطاءات عبر بوابة إسناد.\n٢. يستبعد كل عطاء غير مصحوب بضمان العطاء.\n٣. لن ينظر في العطاءات المتأخرة.\n",
		[]string{"financial mandatory ضمان العطاء"}},
	{"33", "Arabic: no obligation of the rejection", "obligation",
		conv21InstructionsAR + "١. تقدم العطاءات عبر بوابة إسناد.\n٢. يستبعد كل عطاء غير مصحوب بضمان العطاء.\n",
		[]string{"- must بوابة إسناد"}},
	{"33 neg", "Arabic: a duty then a rejection clause keeps the duty", "obligation",
		conv21InstructionsAR + "١. تقدم العطاءات في مظروفين منفصلين (فني ومالي) عبر بوابة إسناد فقط، ولا تقبل العطاءات الورقية.\n",
		[]string{"- must مظروفين"}},

	// Decision 34: a bond that must accompany each bid is its financial
	// requirement and an obligation of -.
	{"34", "each bid must be accompanied by a bid bond", "obligation",
		conv20Tender + "## Requirements\n\n1. Bidders must hold a valid Commercial Registration.\n2. Each bid must be accompanied by a bid bond of OMR 2,000.000, valid for 90 days from the closing date.\n",
		[]string{"- must accompanied by a bid bond"}},
	{"34", "each bid must be accompanied: the requirement stays", "requirement",
		conv20Tender + "## Requirements\n\n1. Bidders must hold a valid Commercial Registration.\n2. Each bid must be accompanied by a bid bond of OMR 2,000.000, valid for 90 days from the closing date.\n",
		[]string{"eligibility mandatory commercial registration", "financial mandatory bid bond"}},
	{"34", "a bid bond must accompany each proposal", "obligation",
		"# Request for Proposals No. RFP-07/2026\n\n**Issuer:** Oman Broadband Company SAOC\n\n## Mandatory requirements\n\n1. The bidder shall be a company registered in Oman.\n2. A bid bond of OMR 3,000.000 must accompany each proposal.\n",
		[]string{"- must accompany each proposal"}},
	{"34", "Arabic: يجب أن يرفق بالعطاء ضمان, a bank's kind named", "obligation",
		conv20TenderAR + "## شروط الاشتراك\n\n١. أن يكون المناقص مسجلاً في السجل التجاري.\n٢. يجب أن يرفق بالعطاء ضمان بنكي مؤقت (ضمان العطاء) بقيمة 15,000 ريال عماني صادر من أحد البنوك العاملة في سلطنة عمان.\n",
		[]string{"- must يرفق بالعطاء"}},
	{"34", "Arabic: يرفق مع كل عطاء ضمان", "obligation",
		conv20TenderAR + "## الشروط\n\n١. أن يكون المناقص مسجلاً في السجل التجاري.\n٢. يجب أن يرفق مع كل عطاء ضمان بنكي ابتدائي بقيمة ١٬٥٠٠ ريال عماني.\n",
		[]string{"- must يرفق مع كل عطاء"}},

	// Decision 36: the author of a tender is issuer whatever word the
	// text defines for it.
	{"36", "the Owner invites bids", "party",
		"INVITATION TO TENDER\n\nTender No. 7/2026: Construction of a Warehouse\n\nAl Batinah Development Company SAOC (the \"Owner\") invites bids from contractors registered with the Tender Board.\n\n1. Bids shall be submitted through the e-tendering portal by 30 April 2026.\n",
		[]string{"issuer al batinah development company saoc"}},
	{"36", "the Employer invites bids", "party",
		"INVITATION TO TENDER\n\nTender No. 7/2026: Construction of a Warehouse\n\nAl Batinah Development Company SAOC (the \"Employer\") invites bids from contractors registered with the Tender Board.\n\n1. Bids shall be submitted through the e-tendering portal by 30 April 2026.\n",
		[]string{"issuer al batinah development company saoc"}},
	{"36", "Arabic: الجهة المالكة", "party",
		"إعلان مناقصة رقم ٧/٢٠٢٦ لإنشاء مستودع\n\nتعلن وزارة الإسكان والتخطيط العمراني (ويشار إليها فيما بعد بـ\"الجهة المالكة\") عن طرح المناقصة المذكورة أعلاه.\n\n١. تقدم العطاءات عبر بوابة إسناد.\n",
		[]string{"issuer وزارة الإسكان والتخطيط العمراني"}},
	{"36", "Arabic: صاحب العمل", "party",
		"إعلان مناقصة رقم ٧/٢٠٢٦ لإنشاء مستودع\n\nتعلن وزارة الإسكان والتخطيط العمراني (ويشار إليها فيما بعد بـ\"صاحب العمل\") عن طرح المناقصة المذكورة أعلاه.\n\n١. تقدم العطاءات عبر بوابة إسناد.\n",
		[]string{"issuer وزارة الإسكان والتخطيط العمراني"}},

	// Decision 37: an offer of employment's sender is the employer, its
	// addressee the employee, whether or not the letter says so.
	{"37", "an offer letter with no role word", "party",
		"Sohar Aluminium Trading LLC\nP.O. Box 220, Sohar\n\n3 March 2026\n\nMr. Khalid Al Balushi\nAl Khuwair, Muscat\n\nDear Mr. Al Balushi,\n\nOffer of employment: Site Engineer\n\nWe are pleased to offer you the position of Site Engineer, starting on 1 April 2026.\n\nYours sincerely,\nSalim Al Harthy\nHR Manager\n",
		[]string{"employer sohar aluminium trading llc", "employee khalid al balushi", "- salim al harthy"}},
	{"37", "Arabic: عرض عمل", "party",
		"مؤسسة النور للتجارة\nص.ب ٢٢٠، صحار\n\nالتاريخ: ٣ مارس ٢٠٢٦\n\nالسيد/ خالد بن سالم البلوشي\nالخوير، مسقط\n\nتحية طيبة وبعد،\n\nالموضوع: عرض عمل بوظيفة مهندس موقع\n\nيسرنا أن نعرض عليك وظيفة مهندس موقع اعتباراً من ١ أبريل ٢٠٢٦.\n\nوتفضلوا بقبول فائق الاحترام،\nسالم الحارثي\nمدير الموارد البشرية\n",
		[]string{"employer مؤسسة النور للتجارة", "employee خالد بن سالم البلوشي", "- سالم الحارثي"}},
	{"37 neg", "Arabic: a quotation's يسرنا أن نقدم لكم عرضنا", "party",
		"<p>شركة الظاهرة للتكييف والتبريد ش.م.م</p>\n<p>التاريخ: ٣ مارس ٢٠٢٦</p>\n<p>السادة/ المديرية العامة للخدمات الصحية بمحافظة ظفار المحترمين</p>\n<h1>عرض سعر</h1>\n<p>تحية طيبة وبعد،،، يسرنا أن نقدم لكم عرضنا كما يلي:</p>\n<table><tr><th>البند</th><th>السعر</th></tr><tr><td>مكيف سبليت</td><td>٣٢٠ ر.ع.</td></tr></table>\n",
		[]string{"supplier شركة الظاهرة للتكييف والتبريد ش.م.م", "customer المديرية العامة للخدمات الصحية بمحافظة ظفار"}},

	// Decision 41: the hirer of equipment is tenant, the owner owner.
	{"41", "the Hirer", "party",
		conv21Hire + "1. The Hirer shall pay the monthly hire within five (5) days of each invoice.\n2. The Hirer shall not sublet the equipment.\n",
		[]string{"owner sohar cranes llc", "tenant al batinah builders llc"}},
	{"41", "the Hirer's duties", "obligation",
		conv21Hire + "1. The Hirer shall pay the monthly hire within five (5) days of each invoice.\n2. The Hirer shall not sublet the equipment.\n",
		[]string{"tenant must monthly hire", "tenant must_not sublet"}},

	// Decision 42: a bank that issues a guarantee with no role word is
	// issuer; "the Guarantor", الضامن keep guarantor.
	{"42", "Arabic: نتعهد نحن بنك, no role word", "party",
		conv21GuaranteeAR + "بناء على طلب شركة الحجر للأنابيب ش.م.م (\"المقاول\")، نتعهد نحن بنك الخليج الوطني ش.م.ع.ع تعهدا غير قابل للإلغاء بأن ندفع لكم أي مبلغ لا يتجاوز ١٢٠٬٠٠٠ ريال عماني فور استلام أول طلب كتابي منكم.\n",
		[]string{"beneficiary شركة خدمات المياه العمانية ش.م.ع.م", "contractor شركة الحجر للأنابيب ش.م.م", "issuer بنك الخليج الوطني ش.م.ع.ع"}},
	{"42", "Arabic: its duty", "obligation",
		conv21GuaranteeAR + "بناء على طلب شركة الحجر للأنابيب ش.م.م (\"المقاول\")، نتعهد نحن بنك الخليج الوطني ش.م.ع.ع تعهدا غير قابل للإلغاء بأن ندفع لكم أي مبلغ لا يتجاوز ١٢٠٬٠٠٠ ريال عماني فور استلام أول طلب كتابي منكم.\n",
		[]string{"issuer must ندفع"}},
	{"42 neg", "Arabic: الضامن keeps guarantor", "party",
		conv21GuaranteeAR + "بناء على طلب شركة الحجر للأنابيب ش.م.م (\"المقاول\")، نتعهد نحن بنك الخليج الوطني ش.م.ع.ع (\"الضامن\") تعهدا غير قابل للإلغاء بأن ندفع لكم أي مبلغ لا يتجاوز ١٢٠٬٠٠٠ ريال عماني فور استلام أول طلب كتابي منكم.\n",
		[]string{"beneficiary شركة خدمات المياه العمانية ش.م.ع.م", "contractor شركة الحجر للأنابيب ش.م.م", "guarantor بنك الخليج الوطني ش.م.ع.ع"}},
	{"42 neg", "the Guarantor keeps its duties", "obligation",
		"PERFORMANCE GUARANTEE No. PG/2026/114\n\nDate: 4 May 2026\n\nTo: Oman Water Services Company SAOC (the \"Beneficiary\")\n\nAt the request of Al Hajar Pipelines LLC (the \"Contractor\"), we, Gulf National Bank SAOG (the \"Guarantor\"), irrevocably undertake to pay you any sum up to OMR 120,000.000 on receipt of your first written demand.\n\nThe Guarantor shall pay within seven (7) days of receipt of your demand.\n",
		[]string{"guarantor must undertake to pay", "guarantor must pay within"}},
}

// TestConv21Conventions: each case gives exactly the facts it wants.
// go test -p 1 ./capabilities/documentfacts -run TestConv21Conventions -v
func TestConv21Conventions(t *testing.T) {
	for _, c := range conv21Cases {
		var out Output
		if len(c.text) > 0 && c.text[0] == '<' {
			out = extractHTML(t, c.text)
		} else {
			out = extractText(t, c.text)
		}
		got := conv19Items(out, c.typ)
		checkConvention(t, c.decision, c.name, c.typ, got, c.want)
	}
}
