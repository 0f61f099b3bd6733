package documentfacts

import "testing"

// Round 19 (issue 29, session 21; docs/documents.md "round 19, the rules
// follow conventions 33-43"): each case is a document of our own and the
// facts of one type it must give, read as in bondsParentDatesConventionCases (bondsParentDatesConventionItems):
// a case fails on a wanted fact missing and on any other fact of that
// type. Parties read "role name", money, dates and durations "key value",
// deadlines the normalised value.

const (
	rejectionsOfferRolesConventionInstructions   = signingBondsConventionTender + "## Instructions to Bidders\n\n"
	rejectionsOfferRolesConventionInstructionsAR = signingBondsConventionTenderAR + "## تعليمات للمتناقصين\n\n"
	rejectionsOfferRolesConventionConsultancy    = "CONSULTANCY AGREEMENT\n\nThis Agreement is made on 2 March 2026 between Nizwa Heritage Foundation (the \"Client\") and Al Qalam Design Consultants LLC (the \"Consultant\").\n\n"
	rejectionsOfferRolesConventionConsultancyAR  = "اتفاقية خدمات استشارية\n\nأبرمت هذه الاتفاقية بتاريخ ٢ مارس ٢٠٢٦ بين مؤسسة نزوى للتراث (\"العميل\") ومكتب القلم للاستشارات الهندسية ش.م.م (\"الاستشاري\").\n\n"
	rejectionsOfferRolesConventionHire           = "EQUIPMENT HIRE AGREEMENT\n\nThis Agreement is made on 2 March 2026 between Sohar Cranes LLC (the \"Owner\") and Al Batinah Builders LLC (the \"Hirer\").\n\n"
	rejectionsOfferRolesConventionSupply         = "SUPPLY AGREEMENT\n\nThis Agreement is made on 2 March 2026 between Sohar Furniture LLC (the \"Supplier\") and Batinah Schools Development Company SAOC (the \"Buyer\").\n\n"
	rejectionsOfferRolesConventionGuaranteeAR    = "ضمان حسن التنفيذ رقم ٢٠٢٦/١١٤\n\nالتاريخ: ٤ مايو ٢٠٢٦\n\nإلى: شركة خدمات المياه العمانية ش.م.ع.م (\"المستفيد\")\n\n"
)

var rejectionsOfferRolesConventionCases = []convCase{
	// Decision 33: a rejection sentence gives nothing of its own; alone
	// in naming a bid bond it carries the bond's requirement.
	{"33", "the rejection names the bond alone", "requirement",
		rejectionsOfferRolesConventionInstructions + "1. Bids must be submitted through the e-tendering portal.\n2. Bids not accompanied by a bid bond of OMR 500 will be rejected.\n3. Late bids will not be considered.\n",
		[]string{"financial mandatory bid bond"}},
	{"33", "the rejection is no obligation", "obligation",
		rejectionsOfferRolesConventionInstructions + "1. Bids must be submitted through the e-tendering portal.\n2. Bids not accompanied by the bid bond shall be disqualified.\n3. Any bid received after 30 April 2026 shall be rejected.\n",
		[]string{"- must submitted through"}},
	{"33", "a bond stated, then restated by its rejection", "requirement",
		rejectionsOfferRolesConventionInstructions + "1. Each bidder shall submit a bid bond of OMR 500 with its bid.\n2. Bids not accompanied by the bid bond will be rejected.\n",
		[]string{"financial mandatory each bidder shall submit a bid bond"}},
	{"33", "Arabic: يستبعد كل عطاء غير مصحوب بضمان", "requirement",
		rejectionsOfferRolesConventionInstructionsAR + "١. تقدم العطاءات عبر بوابة إسناد.\n٢. يستبعد كل عطاء غير مصحوب بضمان العطاء.\n٣. لن ينظر في العطاءات المتأخرة.\n",
		[]string{"financial mandatory ضمان العطاء"}},
	{"33", "Arabic: no obligation of the rejection", "obligation",
		rejectionsOfferRolesConventionInstructionsAR + "١. تقدم العطاءات عبر بوابة إسناد.\n٢. يستبعد كل عطاء غير مصحوب بضمان العطاء.\n",
		[]string{"- must بوابة إسناد"}},
	{"33 neg", "Arabic: a duty then a rejection clause keeps the duty", "obligation",
		rejectionsOfferRolesConventionInstructionsAR + "١. تقدم العطاءات في مظروفين منفصلين (فني ومالي) عبر بوابة إسناد فقط، ولا تقبل العطاءات الورقية.\n",
		[]string{"- must مظروفين"}},

	// Decision 34: a bond that must accompany each bid is its financial
	// requirement and an obligation of -.
	{"34", "each bid must be accompanied by a bid bond", "obligation",
		signingBondsConventionTender + "## Requirements\n\n1. Bidders must hold a valid Commercial Registration.\n2. Each bid must be accompanied by a bid bond of OMR 2,000.000, valid for 90 days from the closing date.\n",
		[]string{"- must accompanied by a bid bond"}},
	{"34", "each bid must be accompanied: the requirement stays", "requirement",
		signingBondsConventionTender + "## Requirements\n\n1. Bidders must hold a valid Commercial Registration.\n2. Each bid must be accompanied by a bid bond of OMR 2,000.000, valid for 90 days from the closing date.\n",
		[]string{"eligibility mandatory commercial registration", "financial mandatory bid bond"}},
	{"34", "a bid bond must accompany each proposal", "obligation",
		"# Request for Proposals No. RFP-07/2026\n\n**Issuer:** Oman Broadband Company SAOC\n\n## Mandatory requirements\n\n1. The bidder shall be a company registered in Oman.\n2. A bid bond of OMR 3,000.000 must accompany each proposal.\n",
		[]string{"- must accompany each proposal"}},
	{"34", "Arabic: يجب أن يرفق بالعطاء ضمان, a bank's kind named", "obligation",
		signingBondsConventionTenderAR + "## شروط الاشتراك\n\n١. أن يكون المناقص مسجلاً في السجل التجاري.\n٢. يجب أن يرفق بالعطاء ضمان بنكي مؤقت (ضمان العطاء) بقيمة 15,000 ريال عماني صادر من أحد البنوك العاملة في سلطنة عمان.\n",
		[]string{"- must يرفق بالعطاء"}},
	{"34", "Arabic: يرفق مع كل عطاء ضمان", "obligation",
		signingBondsConventionTenderAR + "## الشروط\n\n١. أن يكون المناقص مسجلاً في السجل التجاري.\n٢. يجب أن يرفق مع كل عطاء ضمان بنكي ابتدائي بقيمة ١٬٥٠٠ ريال عماني.\n",
		[]string{"- must يرفق مع كل عطاء"}},

	// Decision 35: a guarantor's time to pay on demand is payment_period
	// beside its deadline (the rules followed it already).
	{"35", "payment within seven days of the demand", "duration",
		"PERFORMANCE GUARANTEE No. PG/2026/114\n\nDate: 4 May 2026\n\nTo: Oman Water Services Company SAOC (the \"Beneficiary\")\n\nAt the request of Al Hajar Pipelines LLC (the \"Contractor\"), we, Gulf National Bank SAOG, irrevocably undertake to pay you any sum up to OMR 120,000.000 on receipt of your first written demand.\n\nPayment shall be made within seven (7) days of receipt of your demand.\n",
		[]string{"payment_period P7D"}},
	{"35", "Arabic: ويتم الدفع خلال سبعة أيام", "duration",
		rejectionsOfferRolesConventionGuaranteeAR + "بناء على طلب شركة الحجر للأنابيب ش.م.م (\"المقاول\")، نتعهد نحن بنك الخليج الوطني ش.م.ع.ع تعهدا غير قابل للإلغاء بأن ندفع لكم أي مبلغ لا يتجاوز ١٢٠٬٠٠٠ ريال عماني فور استلام أول طلب كتابي منكم.\n\nويتم الدفع خلال سبعة (٧) أيام من تاريخ استلام طلبكم.\n",
		[]string{"payment_period P7D"}},
	{"35", "Arabic: the deadline beside it", "deadline",
		rejectionsOfferRolesConventionGuaranteeAR + "بناء على طلب شركة الحجر للأنابيب ش.م.م (\"المقاول\")، نتعهد نحن بنك الخليج الوطني ش.م.ع.ع تعهدا غير قابل للإلغاء بأن ندفع لكم أي مبلغ لا يتجاوز ١٢٠٬٠٠٠ ريال عماني فور استلام أول طلب كتابي منكم.\n\nويتم الدفع خلال سبعة (٧) أيام من تاريخ استلام طلبكم.\n",
		[]string{"P7D"}},

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

	// Decision 38: a contract's whole price stated in a sentence as its
	// total or lump-sum fee is fee.
	{"38", "the total fee for the Services", "money",
		rejectionsOfferRolesConventionConsultancy + "1. The total fee for the Services is OMR 48,500.000, payable in three instalments.\n",
		[]string{"fee 48500 OMR"}},
	{"38", "a lump-sum fee", "money",
		rejectionsOfferRolesConventionConsultancy + "1. The Client shall pay the Consultant a lump-sum fee of OMR 22,000.000 for the Services.\n",
		[]string{"fee 22000 OMR"}},
	{"38", "Arabic: الأتعاب الإجمالية", "money",
		rejectionsOfferRolesConventionConsultancyAR + "١. تبلغ الأتعاب الإجمالية للاستشاري مبلغاً مقطوعاً قدره 48,500 ريال عماني.\n",
		[]string{"fee 48500 OMR"}},
	{"38", "Arabic: أتعاباً إجمالية مقطوعة", "money",
		rejectionsOfferRolesConventionConsultancyAR + "١. يدفع العميل للاستشاري أتعاباً إجمالية مقطوعة قدرها ٤٨٬٥٠٠ ريال عماني.\n",
		[]string{"fee 48500 OMR"}},

	// Decision 39: a price table's last row captioned as the contract's
	// value is total_amount; in a sentence or a terms table
	// contract_value.
	{"39", "Total contract value row", "money",
		"MAINTENANCE CONTRACT\n\nThis Contract is made on 2 March 2026 between Sohar Hospital (the \"Client\") and Gulf Lifts LLC (the \"Contractor\").\n\n## Contract price\n\n| Description | Amount (OMR) |\n|---|---|\n| Preventive maintenance | 9,600.000 |\n| Emergency call-outs | 1,500.000 |\n| Total contract value | 11,100.000 |\n",
		[]string{"price 9600 OMR", "price 1500 OMR", "total_amount 11100 OMR"}},
	{"39", "Arabic: قيمة العقد row", "money",
		"عقد صيانة\n\nأبرم هذا العقد بتاريخ ٢ مارس ٢٠٢٦ بين مستشفى صحار (\"العميل\") وشركة مصاعد الخليج ش.م.م (\"المقاول\").\n\n## قيمة العقد\n\n| البيان | المبلغ (ر.ع.) |\n|---|---|\n| الصيانة الوقائية | 9,600.000 |\n| الاستدعاءات الطارئة | 1,500.000 |\n| إجمالي قيمة العقد | 11,100.000 |\n",
		[]string{"price 9600 OMR", "price 1500 OMR", "total_amount 11100 OMR"}},
	{"39 neg", "a terms table's Contract value line", "money",
		"MAINTENANCE CONTRACT\n\nThis Contract is made on 2 March 2026 between Sohar Hospital (the \"Client\") and Gulf Lifts LLC (the \"Contractor\").\n\n| Term | Detail |\n|---|---|\n| Contract No. | SH/12/2026 |\n| Contract value | OMR 11,100.000 |\n| Term | 12 months |\n",
		[]string{"contract_value 11100 OMR"}},

	// Decision 40: the contract value a certificate or letter cites is
	// contract_value (the rules followed it already).
	{"40", "a completion certificate's contract value", "money",
		"COMPLETION CERTIFICATE\n\nDate: 12 May 2026\n\nContract No. MW/22/2025 dated 3 January 2025\nContract value: OMR 245,300.000\nContractor: Al Rawdha Building Contractors LLC\n\nThis is to certify that the works were completed on 30 April 2026.\n",
		[]string{"contract_value 245300 OMR"}},
	{"40", "Arabic: شهادة ضمان, قيمة العقد", "money",
		"شهادة ضمان\n\nالتاريخ: ١٢ مايو ٢٠٢٦\n\nرقم العقد: ٢٢/٢٠٢٥\nقيمة العقد: ٢٤٥٬٣٠٠ ريال عماني\nالمقاول: شركة الروضة للمقاولات ش.م.م\n\nنشهد بأن الأعمال المنفذة بموجب العقد مضمونة لمدة سنتين.\n",
		[]string{"contract_value 245300 OMR"}},

	// Decision 41: the hirer of equipment is tenant, the owner owner.
	{"41", "the Hirer", "party",
		rejectionsOfferRolesConventionHire + "1. The Hirer shall pay the monthly hire within five (5) days of each invoice.\n2. The Hirer shall not sublet the equipment.\n",
		[]string{"owner sohar cranes llc", "tenant al batinah builders llc"}},
	{"41", "the Hirer's duties", "obligation",
		rejectionsOfferRolesConventionHire + "1. The Hirer shall pay the monthly hire within five (5) days of each invoice.\n2. The Hirer shall not sublet the equipment.\n",
		[]string{"tenant must monthly hire", "tenant must_not sublet"}},

	// Decision 42: a bank that issues a guarantee with no role word is
	// issuer; "the Guarantor", الضامن keep guarantor.
	{"42", "Arabic: نتعهد نحن بنك, no role word", "party",
		rejectionsOfferRolesConventionGuaranteeAR + "بناء على طلب شركة الحجر للأنابيب ش.م.م (\"المقاول\")، نتعهد نحن بنك الخليج الوطني ش.م.ع.ع تعهدا غير قابل للإلغاء بأن ندفع لكم أي مبلغ لا يتجاوز ١٢٠٬٠٠٠ ريال عماني فور استلام أول طلب كتابي منكم.\n",
		[]string{"beneficiary شركة خدمات المياه العمانية ش.م.ع.م", "contractor شركة الحجر للأنابيب ش.م.م", "issuer بنك الخليج الوطني ش.م.ع.ع"}},
	{"42", "Arabic: its duty", "obligation",
		rejectionsOfferRolesConventionGuaranteeAR + "بناء على طلب شركة الحجر للأنابيب ش.م.م (\"المقاول\")، نتعهد نحن بنك الخليج الوطني ش.م.ع.ع تعهدا غير قابل للإلغاء بأن ندفع لكم أي مبلغ لا يتجاوز ١٢٠٬٠٠٠ ريال عماني فور استلام أول طلب كتابي منكم.\n",
		[]string{"issuer must ندفع"}},
	{"42 neg", "Arabic: الضامن keeps guarantor", "party",
		rejectionsOfferRolesConventionGuaranteeAR + "بناء على طلب شركة الحجر للأنابيب ش.م.م (\"المقاول\")، نتعهد نحن بنك الخليج الوطني ش.م.ع.ع (\"الضامن\") تعهدا غير قابل للإلغاء بأن ندفع لكم أي مبلغ لا يتجاوز ١٢٠٬٠٠٠ ريال عماني فور استلام أول طلب كتابي منكم.\n",
		[]string{"beneficiary شركة خدمات المياه العمانية ش.م.ع.م", "contractor شركة الحجر للأنابيب ش.م.م", "guarantor بنك الخليج الوطني ش.م.ع.ع"}},
	{"42 neg", "the Guarantor keeps its duties", "obligation",
		"PERFORMANCE GUARANTEE No. PG/2026/114\n\nDate: 4 May 2026\n\nTo: Oman Water Services Company SAOC (the \"Beneficiary\")\n\nAt the request of Al Hajar Pipelines LLC (the \"Contractor\"), we, Gulf National Bank SAOG (the \"Guarantor\"), irrevocably undertake to pay you any sum up to OMR 120,000.000 on receipt of your first written demand.\n\nThe Guarantor shall pay within seven (7) days of receipt of your demand.\n",
		[]string{"guarantor must undertake to pay", "guarantor must pay within"}},

	// Decision 43: a window to notify a defect or a shortage is a
	// claim_period beside its deadline; a report of an accident, a fault
	// or damage to what the reporter hired a deadline only.
	{"43", "defects notified within seven days", "duration",
		rejectionsOfferRolesConventionSupply + "1. Defects in the goods shall be notified to the Supplier within seven (7) days of delivery.\n",
		[]string{"claim_period P7D"}},
	{"43", "the Hirer reports an accident or damage", "duration",
		rejectionsOfferRolesConventionHire + "1. The Hirer shall report any accident or damage to the Owner within twelve (12) hours.\n",
		nil},
	{"43", "the Hirer reports damage to the equipment: the deadline stays", "deadline",
		rejectionsOfferRolesConventionHire + "1. The Hirer shall report any damage to or breakdown of the equipment to the Owner within 24 hours.\n",
		[]string{"PT24H"}},
	{"43", "the Hirer reports damage to the equipment: no duration", "duration",
		rejectionsOfferRolesConventionHire + "1. The Hirer shall report any damage to or breakdown of the equipment to the Owner within 24 hours.\n",
		nil},
	{"43", "Arabic: the tenant reports a fault in the building", "duration",
		"عقد إيجار مستودع\n\nأبرم هذا العقد بتاريخ ٢ مارس ٢٠٢٦ بين شركة صحار للعقارات ش.م.م (\"المؤجر\") وشركة الباطنة للكتب ش.م.م (\"المستأجر\").\n\n١. مدة الإيجار سنة واحدة.\n٢. يجب على المستأجر إخطار المؤجر بأي عطل في المبنى خلال ثمان وأربعين (48) ساعة من اكتشافه.\n",
		[]string{"term P1Y"}},
	{"43", "a loss reported to the police", "duration",
		"MOTOR INSURANCE SCHEDULE\n\nInsurer: Emirates Shield Insurance PJSC\nInsured: Creek Side Contracting LLC\n\n1. The Insured shall notify the Insurer of any event that may give rise to a claim within fourteen (14) days of its occurrence.\n2. Any loss shall be reported to the police within 24 hours where theft is suspected.\n",
		[]string{"claim_period P14D"}},
	{"43 neg", "Arabic: a fault notified under a warranty certificate", "duration",
		"شهادة ضمان\n\nتضمن شركة الإمارات للطاقة الشمسية ش.ذ.م.م الألواح الشمسية لمدة خمس (5) سنوات من تاريخ التركيب.\n\n١. يجب على العميل إخطار الشركة كتابياً بأي عطل خلال عشرة (10) أيام من اكتشافه.\n",
		[]string{"warranty_period P5Y", "claim_period P10D"}},

	// Decision 44: an offer letter's last day to accept is valid_until.
	{"44", "sign and return an offer letter by a date", "date",
		"Gulf Data Systems LLC\nRef: HR/OL/2026/044 | Date: 3 May 2026\n\nDear Ms Salma Al Rawahi,\n\nOffer of Employment\n\nWe are pleased to offer you the position of Data Analyst on the terms below.\n\nPlease sign and return a copy of this letter by 17 May 2026.\n",
		[]string{"document_date 2026-05-03", "valid_until 2026-05-17"}},
	{"44", "Arabic: an offer signed and returned by a date", "date",
		"شركة الخليج للأنظمة ش.م.م\nالتاريخ: ٣ مايو ٢٠٢٦\n\nالفاضلة/ سلمى الرواحية المحترمة\n\nالموضوع: عرض عمل\n\nيسرنا أن نعرض عليك وظيفة محللة بيانات وفق الشروط التالية.\n\nيرجى التوقيع على هذا الخطاب وإعادته في موعد أقصاه ١٧ مايو ٢٠٢٦.\n",
		[]string{"document_date 2026-05-03", "valid_until 2026-05-17"}},
	{"44 neg", "a letter of award signed and returned by a date stays a date", "date",
		"Batinah Schools Development Company SAOC\nRef: LOA/2026/12 | Date: 3 May 2026\n\nTo: Sohar Furniture LLC\n\nLetter of Award\n\nWe are pleased to award you the supply of classroom furniture.\n\nPlease sign and return a copy of this letter by 17 May 2026.\n",
		[]string{"document_date 2026-05-03", "date 2026-05-17"}},
}

// TestConv21Conventions: each case gives exactly the facts it wants.
// go test -p 1 ./capabilities/documentfacts -run TestConv21Conventions -v
func TestConv21Conventions(t *testing.T) {
	checkConvCases(t, rejectionsOfferRolesConventionCases)
}
