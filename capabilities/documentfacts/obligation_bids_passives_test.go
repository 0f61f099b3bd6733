package documentfacts

import "testing"

// Session 21 (issue 29, docs/documents.md "Issue 29, session 21:
// obligation and requirement recall"): each case is a document of our own
// and the facts of one type it must give, as in pronounDutiesObligationsCases: "key value
// word", the word contained in the action or requirement. A case fails on
// a wanted fact missing and on any other fact of that type.

const (
	bidsPassivesDutyRequirementsLeaseAR    = "عقد إيجار مستودع\n\nأبرم هذا العقد بين شركة الخليج للعقارات ش.م.م (\"المؤجر\") وشركة صحار للتجارة ش.م.م (\"المستأجر\").\n\n"
	bidsPassivesDutyRequirementsSubAR      = "عقد مقاولة من الباطن\n\nأبرم هذا العقد بين شركة الباطنة للإنشاءات ش.م.م (\"المقاول الرئيسي\") وشركة النور للكهرباء ش.م.م (\"المقاول من الباطن\").\n\n"
	bidsPassivesDutyRequirementsServicesAR = "عقد تقديم خدمات\n\nأبرم هذا العقد بين شركة مسقط للخدمات اللوجستية ش.م.م (الطرف الأول) وشركة الخليج للتقنية ش.م.م (الطرف الثاني).\n\n"
	bidsPassivesDutyRequirementsMinutes    = "محضر لجنة المناقصات\n\nاجتمعت لجنة المناقصات بالشركة لفتح العطاءات وتقرر ما يلي:\n\n"
	bidsPassivesDutyRequirementsLetterhead = "AL RAYYAN COOLING LLC\nP.O. Box 45, PC 320, Barka, Sultanate of Oman\nCR 1234567 | VAT OM1100012345\n\nAl Batinah Dates Factory SAOC\nAttn. Mr. Salim Al Harthy, Procurement\n\n"
	bidsPassivesDutyRequirementsTender     = "INVITATION TO TENDER\nTender No. 14/2027: Maintenance of Pumping Stations\n\nNizwa Water Company SAOC invites eligible contractors to submit bids.\n\n"
	bidsPassivesDutyRequirementsOffer      = "OFFER OF EMPLOYMENT\n\nDear Ms. Al Balushi,\n\nMuscat Logistics LLC (the \"Company\") is pleased to offer you the position of Accountant.\n\n"
	bidsPassivesDutyRequirementsJobAR      = "وظيفة شاغرة: ضابط سلامة\n\nتعلن شركة مصفاة الباطنة عن حاجتها لضابط سلامة.\n\n"
)

var bidsPassivesDutyRequirementsCases = []struct {
	family, name, typ, text string
	want                    []string
}{
	// Family 1: Arabic passive duties of no one named.
	{"1", "a deposit paid, returned within a time limit", "obligation",
		bidsPassivesDutyRequirementsLeaseAR + "٤. يدفع المستأجر تأميناً قدره ٢٬٠٠٠٫٠٠٠ ر.ع. عند توقيع العقد، ويرد إليه خلال ثلاثين (٣٠) يوماً من تاريخ انتهاء العقد بعد خصم أي مستحقات.\n",
		[]string{"tenant must تأميناً", "- must ويرد إليه"}},
	{"1", "a deposit paid in the past, returned within a time limit", "obligation",
		bidsPassivesDutyRequirementsLeaseAR + "البند الرابع: التأمين\nدفع المستأجر عند التوقيع مبلغ ٩٠٠٫٠٠٠ ر.ع. تأميناً مسترداً، يرد إليه خلال خمسة عشر (١٥) يوماً من تسليم المستودع.\n",
		[]string{"- must يرد إليه"}},
	{"1 neg", "a deposit returned at the end of the lease is a term", "obligation",
		bidsPassivesDutyRequirementsLeaseAR + "٥. دفع المستأجر عند التوقيع تأميناً قدره ٩٠٠٫٠٠٠ ر.ع.، يرد إليه عند انتهاء العقد وتسليم المستودع.\n",
		nil},
	{"1", "retentions released after a slash-numbered clause", "obligation",
		bidsPassivesDutyRequirementsSubAR + "٤/٣ تصرف المحتجزات بعد انتهاء فترة الضمان ومدتها اثنا عشر (١٢) شهراً.\n",
		[]string{"- must تصرف المحتجزات"}},
	{"1", "payment claims submitted after a hyphen-numbered clause", "obligation",
		bidsPassivesDutyRequirementsSubAR + "٢-٣ تقدم المستخلصات عبر نظام المقاول الرئيسي الإلكتروني.\n",
		[]string{"- must تقدم المستخلصات"}},
	{"1", "guarantees returned", "obligation",
		bidsPassivesDutyRequirementsMinutes + "٢. تعاد ضمانات العطاءات إلى المناقصين غير الفائزين خلال خمسة عشر (١٥) يوماً من تاريخ هذا المحضر.\n",
		[]string{"- must تعاد ضمانات"}},
	{"1 neg", "late bids returned unopened are a rule on bids", "obligation",
		bidsPassivesDutyRequirementsMinutes + "٣. وتعاد العطاءات المتأخرة دون فتحها.\n",
		nil},
	{"1", "urgent orders supplied, reports raised", "obligation",
		bidsPassivesDutyRequirementsSubAR + "٦. تورد المواد العاجلة خلال ست (٦) ساعات من طلبها.\n٧. ترفع التقارير الشهرية إلى مدير المشروع في اليوم الخامس من كل شهر.\n",
		[]string{"- must تورد المواد", "- must ترفع التقارير"}},
	{"1", "works handed over after على أن", "obligation",
		bidsPassivesDutyRequirementsSubAR + "٨. مدة التنفيذ ثمانية أشهر، على أن تسلم الأعمال تسليماً ابتدائياً في موعد أقصاه ٣١/٣/٢٠٢٧م.\n",
		[]string{"- must تسلم الأعمال"}},
	{"1", "a price paid in instalments", "obligation",
		bidsPassivesDutyRequirementsLeaseAR + "٣-١ الأجرة السنوية ١٢٬٠٠٠٫٠٠٠ ر.ع.، تدفع على أربعة أقساط متساوية مقدماً.\n",
		[]string{"- must أقساط"}},
	{"1 neg", "the party's second payment is its own", "obligation",
		bidsPassivesDutyRequirementsLeaseAR + "٣-٢ يدفع المستأجر القسط الأول عند التوقيع، ويدفع كل قسط لاحق في اليوم الخامس من كل ربع سنة.\n",
		[]string{"tenant must القسط"}},
	{"1 neg", "a redrafting and an active payment", "obligation",
		bidsPassivesDutyRequirementsSubAR + "٥. تعاد صياغة المادة السابعة من العقد.\n٦. تصرف الشركة مكافأة إنجاز للمقاول من الباطن.\n",
		nil},
	{"1", "a bilingual row's Arabic half", "obligation",
		"Prequalification for Audit Services / التأهيل المسبق لخدمات التدقيق\n\n2.2 Applications shall be submitted through the portal. | ٢-٢ تقدم الطلبات عبر البوابة الإلكترونية.\n",
		[]string{"- must submitted", "- must تقدم الطلبات"}},

	// Family 2: a duty with على after a hyphen- or slash-numbered clause.
	{"2", "على after a hyphenated number", "obligation",
		bidsPassivesDutyRequirementsServicesAR + "٣-١ على الطرف الثاني الحصول على جميع التصاريح اللازمة قبل بدء العمل.\n",
		[]string{"second_party must التصاريح"}},
	{"2", "على after a slashed number", "obligation",
		bidsPassivesDutyRequirementsSubAR + "٤/٢ على المقاول من الباطن إخطار المقاول الرئيسي بأي حادث خلال أربع وعشرين ساعة.\n",
		[]string{"subcontractor must إخطار"}},
	{"2 neg", "على أن after a hyphenated number is a proviso", "obligation",
		bidsPassivesDutyRequirementsServicesAR + "٣-٢ على أن تبقى أسعار العقد ثابتة طوال مدته.\n",
		nil},

	// Family 3: a benefit is no duty.
	{"3", "medical cover in an offer letter", "obligation",
		bidsPassivesDutyRequirementsOffer + "5. You will be covered by the Company's group medical insurance from your start date.\n6. You shall report to the Finance Manager.\n",
		[]string{"employee must report"}},
	{"3", "a benefits line in both languages", "obligation",
		bidsPassivesDutyRequirementsOffer + "7. Benefits: you will be covered by the Group's medical insurance.\n7. المزايا: تشملك مظلة التأمين الطبي للمجموعة.\n",
		nil},
	{"3 neg", "a duty to see staff covered", "obligation",
		"SERVICES AGREEMENT\n\nThis Agreement is made between Muscat Logistics LLC (the \"Client\") and Gulf Tech Services LLC (the \"Contractor\").\n\n8. The Contractor shall ensure that all its staff are covered by medical insurance.\n",
		[]string{"contractor must covered"}},

	// Family 4: the sentence listing what each bid contains is a duty of
	// no one, also under a documents heading.
	{"4", "each application under a documents heading", "obligation",
		"# Pre-Qualification of Marine Survey Firms\nRef.: PQ-MS-2027-02 | Date: 7 March 2027\n# 1. Requirements\n1.1 Applicants must hold ISO 9001 certification.\n# 2. Documents\n2.1 Each application shall include the trade licence, the ISO certificate and two client reference letters.\n",
		[]string{"- must include"}},
	{"4", "a bilingual row under a documents heading", "obligation",
		"# Pre-Qualification of Marine Survey Firms / التأهيل المسبق لشركات المسح البحري\nRef. / المرجع: PQ-MS-2027-02 | Date / التاريخ: 7 March 2027\n# 1. Requirements / الشروط\n1.1 Applicants must be licensed in Oman to provide marine survey services. | ١-١ يجب أن يكون المتقدم مرخصاً في سلطنة عمان لتقديم خدمات المسح البحري.\n# 2. Documents / المستندات\n2.1 Each application shall include the trade licence and two client reference letters. | ٢-١ يجب أن يتضمن كل طلب الرخصة التجارية وخطابي توصية من العملاء.\n",
		[]string{"- must include", "- must يتضمن"}},
	{"4 neg", "a plural without each, under a documents heading, states requirements only", "obligation",
		"# Pre-Qualification of Marine Survey Firms\nRef.: PQ-MS-2027-02 | Date: 7 March 2027\n# 1. Requirements\n1.1 Applicants must hold ISO 9001 certification.\n# 2. Documents\n2.1 Applications must include the CVs of the proposed survey manager and hydrographer.\n",
		nil},

	// Family R1: a professional certificate named in Arabic letters.
	{"R1", "NEBOSH in an Arabic job advert", "requirement",
		bidsPassivesDutyRequirementsJobAR + "المتطلبات:\n- بكالوريوس في الهندسة.\n- شهادة نيبوش الدولية العامة.\n- خبرة لا تقل عن خمس سنوات في قطاع النفط والغاز.\n",
		[]string{"eligibility mandatory بكالوريوس", "compliance mandatory نيبوش", "experience mandatory خبرة"}},
	{"R1", "IOSH preferred", "requirement",
		bidsPassivesDutyRequirementsJobAR + "المتطلبات:\n- يفضل الحاصلون على شهادة آيوش.\n",
		[]string{"compliance optional آيوش"}},
	{"R1", "a certified accountant", "requirement",
		"وظيفة شاغرة: محاسب أول\n\nتعلن شركة صلالة للموانئ عن حاجتها لمحاسب أول.\n\nالشروط:\n- أن يكون المتقدم حاصلاً على شهادة محاسب قانوني معتمد.\n",
		[]string{"compliance mandatory محاسب قانوني معتمد"}},
	{"R1 neg", "the bidder's site supervisor holds it", "requirement",
		"مناقصة رقم ١٤/٢٠٢٧ لصيانة محطات الضخ\n\nتدعو شركة نزوى للمياه المقاولين المؤهلين لتقديم عطاءاتهم.\n\nشروط التأهيل:\n١. يجب أن يكون مشرف الموقع حاصلاً على شهادة نيبوش.\n",
		[]string{"technical mandatory نيبوش"}},

	// Family R2: a quotation on a letterhead states no requirements.
	{"R2", "a quotation's site requirements", "requirement",
		bidsPassivesDutyRequirementsLetterhead + "QUOTATION No. Q-2027-044\nDate: 3 May 2027\n\nDear Sir,\nWe are pleased to quote for the supply of two chillers.\n\nSite requirements\nThe Customer shall provide a crane and a 400 V power supply at the site.\n\nWarranty\n18 months from the date of commissioning.\n\nKind regards,\nAhmed Al Lawati\nSales Engineer\n",
		nil},
	{"R2", "the customer's duty under the quotation's site requirements", "obligation",
		bidsPassivesDutyRequirementsLetterhead + "QUOTATION No. Q-2027-044\nDate: 3 May 2027\n\nSite requirements\nThe Customer shall provide a crane and a 400 V power supply at the site.\n",
		[]string{"customer must crane"}},
	{"R2", "an Arabic price offer on a letterhead", "requirement",
		"شركة الريان للتبريد ش.م.م\nص.ب ٤٥، الرمز البريدي ٣٢٠، بركاء\nس.ت ١٢٣٤٥٦٧\n\nعرض سعر رقم ٢٠٢٧/٤٤\n\nالمتطلبات\nيجب أن يوفر العميل مصدر كهرباء ٤٠٠ فولت في الموقع.\n",
		nil},
	{"R2 neg", "an RFQ on a letterhead keeps its requirements", "requirement",
		bidsPassivesDutyRequirementsLetterhead + "REQUEST FOR QUOTATION No. 12/2027\n\nRequirements\n1. Suppliers must hold a valid commercial registration in Oman.\n",
		[]string{"eligibility mandatory commercial registration"}},

	// Family R3: a rejection sentence that names the missing thing.
	{"R3", "a bid bond named only by its rejection", "requirement",
		bidsPassivesDutyRequirementsTender + "## Submission\n\n4. Bids must be submitted through the portal by 10 June 2027.\n5. Bids not accompanied by the bid bond will be rejected.\n",
		[]string{"financial mandatory bid bond"}},
	{"R3", "a document named only by its disqualification", "obligation",
		bidsPassivesDutyRequirementsTender + "## Conditions\n\n6. Bidders who fail to submit the tax card shall be disqualified.\n",
		nil},
	{"R3", "a document named only by its disqualification", "requirement",
		bidsPassivesDutyRequirementsTender + "## Conditions\n\n6. Bidders who fail to submit the tax card shall be disqualified.\n",
		[]string{"documentation mandatory tax card"}},
	{"R3", "Arabic bond and certificate named by rejections", "requirement",
		"مناقصة رقم ١٤/٢٠٢٧ لصيانة محطات الضخ\n\nتدعو شركة نزوى للمياه المقاولين المؤهلين لتقديم عطاءاتهم.\n\nأحكام عامة\n٣. يستبعد العطاء غير المصحوب بالضمان المؤقت.\n٤. يستبعد أي عطاء لا يرفق به شهادة الانتساب لغرفة التجارة.\n",
		[]string{"financial mandatory الضمان المؤقت", "documentation mandatory شهادة الانتساب"}},
	{"R3 neg", "a bond required and then its rejection: one line", "requirement",
		bidsPassivesDutyRequirementsTender + "## Conditions\n\n2. A bid bond of OMR 5,000 must accompany each bid.\n3. Bids not accompanied by the bid bond will be rejected.\n",
		[]string{"financial mandatory bid bond"}},
	{"R3 neg", "a rule on bids names nothing", "requirement",
		bidsPassivesDutyRequirementsTender + "## Conditions\n\n7. Bids missing any mandatory document will be rejected.\n8. Late bids will be rejected.\n",
		nil},
}

// TestOblReq21Families: each case gives exactly the facts it wants.
// go test -p 1 ./capabilities/documentfacts -run TestOblReq21Families -v
func TestOblReq21Families(t *testing.T) {
	for _, c := range bidsPassivesDutyRequirementsCases {
		got := firstSixConventionItems(extractText(t, c.text), c.typ)
		if msg := compareObligationItems(got, c.want); msg != "" {
			t.Errorf("family %s, %s (%s):\n%s", c.family, c.name, c.typ, msg)
		}
	}
}
