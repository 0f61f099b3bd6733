package documentfacts

import "testing"

// Session 22 (issue 29, docs/documents.md "Issue 29, session 22:
// requirements and obligations"): each case is a document of our own and
// the facts of one type it must give, as in bidsPassivesDutyRequirementsCases.

const (
	lettersEnvelopesDutyRequirementsCapsLetter  = "AL NOOR MARINE WORKS L.L.C.\nP.O. Box 118, Sohar, Sultanate of Oman\n\nRef: ANMW/CT/0231/27\nDate: 4 March 2027\n\nTo: Gulf Dredging Services L.L.C.\nAttention: Mr. Rahul Menon, Project Manager\n\nSubject: NOTICE TO REMEDY - Subcontract No. ANMW-SC-07 dated 2 January 2027 (the \"Subcontract\")\n\nDear Sir,\n\n1. Under the Subcontract, Gulf Dredging Services L.L.C. (the \"Subcontractor\") agreed to complete the berth dredging by 28 February 2027.\n"
	lettersEnvelopesDutyRequirementsCapsSign    = "\nYours faithfully,\n\nFor and on behalf of Al Noor Marine Works L.L.C. (the \"Contractor\")\n\nSaif Hamad Al Maqbali\nGeneral Manager\n"
	lettersEnvelopesDutyRequirementsCapsLetter2 = "BARKA FOOD INDUSTRIES S.A.O.C.\nRusayl Industrial Estate, Muscat\n\nDate: 12 May 2027\n\nTo: Oasis Packaging Co. L.L.C.\n\nSubject: Late delivery under Supply Agreement No. BFI-SA-14 (the \"Agreement\")\n\nDear Sirs,\n\nOasis Packaging Co. L.L.C. (the \"Supplier\") has not delivered the cartons due on 30 April 2027.\n"
	lettersEnvelopesDutyRequirementsTender      = "TENDER DOCUMENT\nTender No. 22/2027: Supply and Installation of CCTV Systems\n\nSohar Port Services SAOC invites bids from qualified contractors.\n\n1. INSTRUCTIONS TO BIDDERS\n\n"
	lettersEnvelopesDutyRequirementsCapsSign2   = "\nSincerely,\nFor Barka Food Industries S.A.O.C. (the \"Buyer\")\nMaryam Al Rawahi, Procurement Manager\n"
)

var lettersEnvelopesDutyRequirementsCases = []struct {
	family, name, typ, text string
	want                    []string
}{
	// Family L1: "you" under a letterhead in capitals is the addressee.
	{"L1", "a notice to remedy under a capitals letterhead", "obligation",
		lettersEnvelopesDutyRequirementsCapsLetter + "2. You are required to resume dredging within three (3) days of this notice.\n3. You shall submit a revised programme no later than 11 March 2027.\n" + lettersEnvelopesDutyRequirementsCapsSign,
		[]string{"subcontractor must resume", "subcontractor must programme"}},
	{"L1", "a buyer's demand under a capitals letterhead", "obligation",
		lettersEnvelopesDutyRequirementsCapsLetter2 + "You must deliver the outstanding cartons by 19 May 2027. You shall not substitute another board grade without our written approval.\n" + lettersEnvelopesDutyRequirementsCapsSign2,
		[]string{"supplier must cartons", "supplier must_not substitute"}},

	// Family L2: the sender's remedies are no duty; its promises are.
	{"L2", "delay damages the sender will deduct", "obligation",
		lettersEnvelopesDutyRequirementsCapsLetter + "2. Delay damages of OMR 500.000 per day have accrued. We will deduct this sum from the next interim payment.\n3. You shall submit a revised programme no later than 11 March 2027.\n" + lettersEnvelopesDutyRequirementsCapsSign,
		[]string{"subcontractor must programme"}},
	{"L2", "the sender will withhold or terminate", "obligation",
		lettersEnvelopesDutyRequirementsCapsLetter2 + "We will withhold payment of invoice No. 889 until the cartons are delivered, and we shall terminate the Agreement if they are not delivered by 19 May 2027.\n" + lettersEnvelopesDutyRequirementsCapsSign2,
		nil},
	{"L2 neg", "the sender's promise to perform stays a duty", "obligation",
		lettersEnvelopesDutyRequirementsCapsLetter2 + "We will issue a purchase order for the replacement cartons within two (2) days of your confirmation.\n" + lettersEnvelopesDutyRequirementsCapsSign2,
		[]string{"buyer must purchase order"}},

	// Family O1-O3: an Arabic offer of employment the type rules read as
	// no employment letter; "you" is the employee.
	{"O1 O2 O3", "an offer letter with no employment words", "obligation",
		"خطاب عرض وظيفي\n\nالتاريخ: ٢ أبريل ٢٠٢٧\n\nإلى: السيد/ خالد بن ناصر الريامي\n\nنود أن نعرض عليكم وظيفة مهندس صيانة في مصنع نزوى للأسمنت ش.م.ع.ع، وذلك وفقاً لما يلي:\n\n- عليك إحضار شهادة اللياقة الطبية قبل تاريخ المباشرة.\n- تلتزم بإشعار المصنع قبل شهر في حال رغبتك في الاستقالة.\n- يجب أن تقدم نسخة من جواز السفر إلى إدارة الموارد البشرية.\n",
		[]string{"employee must شهادة اللياقة", "employee must بإشعار", "employee must جواز السفر"}},
	{"O1 O2 O3", "an offer to a woman, the company's duty kept", "obligation",
		"شركة الباطنة للخدمات اللوجستية ش.م.م\nص.ب ٣٢١، صحار\n\nالموضوع: عرض عمل\n\nالسيدة/ مريم بنت سالم الحارثية المحترمة\n\nيسرنا أن نعرض عليك وظيفة محاسبة أولى وفق الشروط الآتية:\n\n١. عليك تقديم أصول الشهادات الدراسية في أول يوم عمل.\n٢. عليك عدم العمل لدى أي جهة أخرى خلال مدة الخدمة.\n٣. تلتزمين بالمحافظة على سرية معلومات الشركة.\n٤. تلتزم الشركة بتسجيلك في صندوق الحماية الاجتماعية.\n",
		[]string{"employee must الشهادات", "employee must_not العمل", "employee must سرية", "employer must بتسجيلك"}},
	{"O2", "a demand to a customer", "obligation",
		"Al Hamra Trading LLC\nP.O. Box 55, Nizwa\n\nTo: Sur Building Materials LLC\n\nDear Sir,\n\nWe refer to Supply Contract No. 7/2027 between Al Hamra Trading LLC (the \"Supplier\") and Sur Building Materials LLC (the \"Customer\").\n\nعليكم سداد الرصيد المستحق البالغ ٤٬٢٠٠ ر.ع. خلال سبعة أيام من تاريخ هذا الخطاب.\n",
		[]string{"customer must سداد"}},
	{"O3 neg", "a named subject after the verb keeps the older reading", "obligation",
		"خطاب عرض وظيفي\n\nإلى: السيد/ خالد بن ناصر الريامي\n\nنود أن نعرض عليكم وظيفة مهندس صيانة وفقاً لما يلي:\n\n- تلتزم الشركة بتوفير السكن والمواصلات.\n",
		[]string{"- must بتوفير السكن"}},

	// Families D1, D2: the documents listed under a lead-in naming what a
	// bid or an envelope holds.
	{"D1 D2", "the technical envelope's contents", "requirement",
		lettersEnvelopesDutyRequirementsTender + "1.2 The Technical Envelope shall contain:\na) a copy of the Commercial Registration certificate;\nb) the tax card;\nc) CVs of the proposed project manager and site engineer.\n1.3 The Commercial Envelope shall include the priced Bill of Quantities and the bid bond.\n",
		[]string{"documentation mandatory commercial registration", "documentation mandatory tax card", "documentation mandatory cvs", "financial mandatory bid bond"}},
	{"D1", "each bid shall comprise", "requirement",
		lettersEnvelopesDutyRequirementsTender + "Each bid shall comprise:\n- audited financial statements for the last three (3) years;\n- a signed Form of Tender.\n",
		[]string{"documentation mandatory audited financial statements", "documentation mandatory form of tender"}},
	{"D1 D2", "an Arabic technical envelope and an Arabic bid that contains", "requirement",
		"مناقصة رقم ٢٢/٢٠٢٧ لتوريد وتركيب أنظمة المراقبة\n\nتدعو شركة خدمات ميناء صحار المقاولين المؤهلين لتقديم عطاءاتهم.\n\nيجب أن يحتوي المظروف الفني على ما يلي:\n١. صورة من السجل التجاري.\n٢. البطاقة الضريبية.\n",
		[]string{"documentation mandatory السجل التجاري", "documentation mandatory البطاقة الضريبية"}},
	{"D1", "an Arabic bid that includes, and a bidder bound by على", "requirement",
		"مناقصة رقم ٢٣/٢٠٢٧ لصيانة المباني\n\nتدعو بلدية صحار الشركات المؤهلة لتقديم عطاءاتها.\n\nعلى المناقص أن يرفق بعطائه ما يلي:\n١. صورة من السجل التجاري.\n٢. شهادة التسجيل لدى مجلس المناقصات.\n",
		[]string{"documentation mandatory السجل التجاري", "documentation mandatory شهادة التسجيل"}},
	{"D1 D2", "a passive lead-in under a requirements heading", "requirement",
		lettersEnvelopesDutyRequirementsTender + "2. SUBMISSION REQUIREMENTS\n\nBidders are required to submit the following together with their bid:\n- Social Insurance clearance certificate\n- Tax card\n",
		[]string{"documentation mandatory social insurance", "documentation mandatory tax card"}},
	{"D2 neg", "conditions to meet stay conditions", "requirement",
		lettersEnvelopesDutyRequirementsTender + "2. QUALIFICATION REQUIREMENTS\n\nBidders must meet the following conditions:\n- ISO 9001 certification;\n- a service centre in Sohar.\n",
		[]string{"compliance mandatory iso 9001", "technical mandatory service centre"}},

	// Family S1: the Saudi public tender (منافسة عامة) and its bidder
	// (المتنافس).
	{"S1", "a Saudi tender's conditions and documents", "requirement",
		"كراسة الشروط والمواصفات - منافسة عامة\n\nتطرح شركة الخليج للخدمات الطبية منافسة عامة لتوريد أجهزة التعقيم.\n\nأولاً: الشروط الواجب توفرها في المتنافس\n١. يجب أن يكون المتنافس مسجلاً في السجل التجاري بنشاط تجارة الأجهزة الطبية.\n٢. ألا تقل خبرة المتنافس في توريد الأجهزة الطبية عن خمس (٥) سنوات.\n\nثانياً: المستندات المطلوبة\nيلتزم المتنافس بتقديم المستندات الآتية ضمن العرض الفني:\n- صورة السجل التجاري.\n- شهادة الزكاة والضريبة.\n",
		[]string{"eligibility mandatory مسجلاً", "experience mandatory خبرة المتنافس", "documentation mandatory صورة السجل", "documentation mandatory شهادة الزكاة"}},
	{"S1", "a limited Saudi tender's bidder is bound", "obligation",
		"منافسة محدودة رقم ١٢/٢٠٢٧ لصيانة المصاعد\n\nتدعو شركة جدة للعقارات الشركات المؤهلة لتقديم عروضها.\n\n٥. يلتزم المتنافس الذي ترسو عليه المنافسة بتقديم الضمان النهائي خلال عشرة (١٠) أيام من الترسية.\n",
		[]string{"bidder must الضمان النهائي"}},

	// Family D3: one sentence naming several documents a bid encloses.
	{"D3", "the bidder encloses three documents and the bond", "requirement",
		lettersEnvelopesDutyRequirementsTender + "2.1 The Bidder must enclose with its bid the commercial licence, the Chamber of Commerce certificate, the tax card and the bid bond.\n2.2 Each bid must be accompanied by a bid bond of KWD 3,600 valid for ninety (90) days.\n",
		[]string{"documentation mandatory commercial licence", "documentation mandatory chamber of commerce", "documentation mandatory tax card", "documentation mandatory the bid bond", "financial mandatory bid bond of"}},
	{"D3", "an Arabic bid carries three documents and the bond", "requirement",
		"مناقصة رقم ٥/٢٠٢٧ لتوريد وحدة تحلية\n\nتدعو شركة مصيرة للمرافق الشركات المؤهلة لتقديم عطاءاتها.\n\nالمستندات\n٢-١ يجب أن يرفق بالعطاء صورة من السجل التجاري والبطاقة الضريبية ونشرات البيانات الفنية وضمان العطاء.\n٢-٢ يشترط تقديم ضمان عطاء بمبلغ ٦٬٠٠٠ ر.ع. يظل سارياً لمدة تسعين (٩٠) يوماً.\n",
		[]string{"documentation mandatory السجل التجاري", "documentation mandatory البطاقة الضريبية", "documentation mandatory نشرات البيانات", "documentation mandatory وضمان العطاء", "financial mandatory ضمان عطاء بمبلغ"}},
	{"D3 neg", "one bond's terms are no list", "requirement",
		lettersEnvelopesDutyRequirementsTender + "3.1 Each bid must be accompanied by a bid bond of OMR 4,500.000 issued by a bank licensed in Oman, valid for one hundred and twenty (120) days from the closing date, and payable on demand.\n",
		[]string{"financial mandatory bid bond"}},
	{"D3", "the bid's duty to carry the documents", "obligation",
		lettersEnvelopesDutyRequirementsTender + "2.1 Bids shall be accompanied by a copy of the commercial registration, the tax card, the datasheets and the bid bond.\n",
		[]string{"- must accompanied"}},

	// Family C1: nationalisation rates and CE marking are compliance.
	{"C1", "Saudisation and Omanisation rates", "requirement",
		lettersEnvelopesDutyRequirementsTender + "2. QUALIFICATION REQUIREMENTS\n\n- يجب ألا تقل نسبة السعودة لدى المتقدم عن النسبة المحددة لنشاطه.\n- يعد تحقيق نسبة تعمين تزيد على النسبة المقررة للقطاع ميزة تفضيلية.\n",
		[]string{"compliance mandatory السعودة", "compliance optional تعمين"}},
	{"C1", "CE marking", "requirement",
		lettersEnvelopesDutyRequirementsTender + "2. QUALIFICATION REQUIREMENTS\n\n- All offered devices must carry CE marking.\n- يجب أن تكون المنتجات حاصلة على علامة المطابقة الأوروبية.\n",
		[]string{"compliance mandatory ce marking", "compliance mandatory علامة المطابقة"}},

	// Family K1: key staff the bidder fields are technical; T1: a branch
	// or a support office is technical.
	{"K1", "staff after a verb of fielding, a proposed role", "requirement",
		lettersEnvelopesDutyRequirementsTender + "2. QUALIFICATION REQUIREMENTS\n\n2.1 The Tenderer must field a site engineer holding a degree in civil engineering and five (5) years of experience.\n2.2 The proposed camp manager must have at least eight (8) years of experience in remote camp catering.\n",
		[]string{"technical mandatory site engineer", "technical mandatory camp manager"}},
	{"K1", "Arabic staff provided, and all drivers", "requirement",
		"مناقصة رقم ٩/٢٠٢٧ للنقل المدرسي\n\nتدعو المديرية العامة للتعليم الشركات المؤهلة لتقديم عطاءاتها.\n\nشروط التأهيل\n١. يجب توفير مهندس تشغيل لا تقل خبرته عن ثماني (٨) سنوات في الموقع.\n٢. أن يوفر المناقص مشرفاً مقيماً حاصلاً على شهادة في السلامة.\n٣. يجب أن يكون جميع السائقين عمانيين حاصلين على رخصة قيادة حافلات سارية.\n",
		[]string{"technical mandatory مهندس تشغيل", "technical mandatory مشرفاً", "technical mandatory السائقين"}},
	{"T1", "a support office and a branch preferred", "requirement",
		lettersEnvelopesDutyRequirementsTender + "2. QUALIFICATION REQUIREMENTS\n\n2.5 A local support office in Abu Dhabi is preferred.\n٢-٦ يفضل أن يكون للمناقص فرع قائم في محافظة ظفار.\n",
		[]string{"technical optional support office", "technical optional فرع"}},
	{"T1 neg", "a company with a branch in Oman is who may bid", "requirement",
		lettersEnvelopesDutyRequirementsTender + "2. QUALIFICATION REQUIREMENTS\n\n2.1 The bidder shall be a company incorporated in Oman or a GCC state with a branch in Oman.\n",
		[]string{"eligibility mandatory incorporated"}},

	// Family D4: a long lead-in saying what follows, or one ending in a
	// full stop, opens its list; a line after the lettered items is none.
	{"D4", "a long lead-in, a fee after the list", "requirement",
		lettersEnvelopesDutyRequirementsTender + "4. SUBMISSION\n4.1 Applicants must submit the following documents, in one original and one copy:\n  a) the completed PQ questionnaire;\n  b) the commercial registration certificate;\n4.2 A non-refundable PQ fee of OMR 150.000 must be paid through the portal before submission.\n",
		[]string{"documentation mandatory pq questionnaire", "documentation mandatory commercial registration"}},
	{"D4", "a lead-in ending in a full stop, and proposers", "requirement",
		lettersEnvelopesDutyRequirementsTender + "# 5. Contents of the submission\nEach submission shall contain the following documents.\n(a) the firm's commercial registration;\n(b) a valid tax card.\n\n# 6. Proposal\nProposers shall submit:\n- a copy of the firm's audit licence;\n- a signed independence declaration.\n",
		[]string{"documentation mandatory commercial registration", "documentation mandatory tax card", "documentation mandatory audit licence", "documentation mandatory independence declaration"}},

	// Family L3: a letter's addressee named with its role in a header
	// table, its sender's role not yet given.
	{"L3", "a renewal reminder's you and we", "obligation",
		"# Renewal Reminder\n\n**Nizwa Lifts Engineering LLC**\nP.O. Box 12, Nizwa\n\nRef: NLE/AMC/2027/11\nCustomer: Al Dakhiliya Hospital LLC\n\nDear Sir,\n\n1. Your lift maintenance contract expires on 31/10/2027.\n2. We shall respond to breakdown calls within four (4) hours.\n3. If you do not wish to renew, you must notify us in writing at least thirty (30) days before the expiry date.\n",
		[]string{"supplier must respond", "customer must notify"}},

	// Family B1: a benefit and a notice of non-renewal are no duties.
	{"B1", "a relocation allowance received", "obligation",
		"OFFER OF EMPLOYMENT\n\nDear Mr. Rao,\n\nGulf Build LLC (the \"Company\") is pleased to offer you the position of Contracts Engineer.\n\nYou will also receive a one-time relocation allowance of AED 10,000 with your first salary.\nYou shall report to the Commercial Manager.\n",
		[]string{"employee must report"}},
	{"B1", "a contract that will not be renewed", "obligation",
		"NOTICE OF NON-RENEWAL\n\nTo: Pearl Facilities W.L.L.\n\nDear Sirs,\n\nWe refer to the Facilities Management Agreement between Doha Towers W.L.L. (the \"Client\") and Pearl Facilities W.L.L. (the \"Contractor\"). The Client hereby gives notice that the Agreement will not be renewed and will expire on 31 July 2026. The Contractor shall hand over all keys by 31 July 2026.\n",
		[]string{"contractor must keys"}},

	// Family J1: a condition's second limb stays in its requirement.
	{"J1", "a standard, then an approval", "requirement",
		lettersEnvelopesDutyRequirementsTender + "2. REQUIREMENTS\n\n2.1 The tanks must comply with BS EN 13280 and must be approved by WRAS for drinking water.\n",
		[]string{"compliance mandatory bs en 13280"}},
	{"J1", "an Arabic second standard limb, and a staff member's experience", "requirement",
		"مناقصة رقم ٥/٢٠٢٧ لتوريد وحدة تحلية\n\nتدعو شركة مصيرة للمرافق الشركات المؤهلة لتقديم عطاءاتها.\n\nالمتطلبات\n١. يجب أن تكون الوحدة مطابقة لمعيار NSF/ANSI 61، وأن تكون المياه المنتجة مطابقة للمواصفة القياسية العمانية.\n",
		[]string{"compliance mandatory nsf/ansi 61"}},
	{"J1 neg", "a firm's experience after its registration stays apart", "requirement",
		"مناقصة رقم ٦/٢٠٢٧ لتشغيل محطات الشحن\n\nتدعو الهيئة الشركات المؤهلة لتقديم عطاءاتها.\n\nالمتطلبات\n١. يجب أن يكون المتقدم مسجلاً في سلطنة عمان، وأن تكون له خبرة لا تقل عن ثلاث سنوات في تشغيل محطات الشحن.\n",
		[]string{"eligibility mandatory مسجلاً", "experience mandatory ثلاث سنوات"}},

	// Family R4: rejection wordings R3 does not read.
	{"R4", "a document named only by a bid not considered", "requirement",
		lettersEnvelopesDutyRequirementsTender + "5. Bids not accompanied by a copy of the Tender Board registration certificate will not be considered.\n6. Bids without the bid bond will be disregarded.\n",
		[]string{"documentation mandatory registration certificate", "financial mandatory bid bond"}},
	{"R4", "Arabic: not accepted, not looked at", "requirement",
		"مناقصة رقم ٧/٢٠٢٧ لصيانة الطرق\n\nتدعو بلدية صور الشركات المؤهلة لتقديم عطاءاتها.\n\nأحكام عامة\n٤. لا يقبل أي عطاء غير مصحوب بالضمان المؤقت.\n٥. لن ينظر في أي عطاء لا يرفق به شهادة التسجيل في مجلس المناقصات.\n",
		[]string{"financial mandatory الضمان المؤقت", "documentation mandatory شهادة التسجيل"}},
	{"R4 neg", "a document stated, then its rejection: one line", "requirement",
		lettersEnvelopesDutyRequirementsTender + "## Documents\n\n4. Each bid must include a copy of the Tender Board registration certificate.\n5. Bids not accompanied by the registration certificate will not be considered.\n",
		[]string{"documentation mandatory registration certificate"}},
}

// TestOblReq22Families: each case gives exactly the facts it wants.
// go test -p 1 ./capabilities/documentfacts -run TestOblReq22Families -v
func TestOblReq22Families(t *testing.T) {
	for _, c := range lettersEnvelopesDutyRequirementsCases {
		got := firstSixConventionItems(extractText(t, c.text), c.typ)
		if msg := compareObligationItems(got, c.want); msg != "" {
			t.Errorf("family %s, %s (%s):\n%s", c.family, c.name, c.typ, msg)
		}
	}
}
