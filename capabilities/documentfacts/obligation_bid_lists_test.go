package documentfacts

import (
	"strings"
	"testing"
)

// Session 24 (issue 29, docs/documents.md "Issue 29, session 24:
// obligations, requirements and parties (bidListsObligations)"): documents of our own
// and the facts of one type each must give. Obligations and
// requirements are "role modality word" (the word contained in the
// action or the requirement; for a requirement, category and
// mandatory|optional), parties "role - name"; a case fails on a wanted
// fact missing and on any other fact of that type.

const (
	bidListsObligationsOffer   = "FACILITY OFFER LETTER\n\nBank Dhofar SAOG (the \"Bank\")\nTo: Al Noor Trading LLC (the \"Customer\")\n\nDear Sirs,\n\nWe are pleased to offer you a working capital facility of OMR 500,000 on the terms below.\n\n"
	bidListsObligationsRFQ     = "REQUEST FOR QUOTATION\n\nRFQ No. 4/2026\n\nMajan Foods LLC requests quotations for the supply of two cold rooms.\n\n4. QUOTATION REQUIREMENTS\n\n"
	bidListsObligationsOfferAR = "خطاب عرض تسهيلات\n\nبنك ظفار ش.م.ع.ع (\"البنك\")\nإلى: شركة النور للتجارة ش.م.م (\"العميل\")\n\nيسرنا أن نعرض عليكم تسهيلات بمبلغ ٥٠٠٬٠٠٠ ر.ع. وفق الشروط التالية.\n\n"
)

var bidListsObligationsCases = []struct {
	family, name, format, typ, text string
	want                            []string
}{
	// Family B (convention 68): a bank's facility letter.
	{"B", "an offer letter's Bank and Customer are lender and borrower", "txt", "party",
		bidListsObligationsOffer + "1. The Customer shall maintain its main account with the Bank.\n",
		[]string{"lender - bank dhofar saog", "borrower - al noor trading llc"}},
	{"B", "their duties take the same roles", "txt", "obligation",
		bidListsObligationsOffer + "1. The Customer shall maintain its main account with the Bank.\n2. The Bank shall disburse the facility within five (5) days of signing.\n",
		[]string{"borrower must maintain its main account", "lender must disburse the facility"}},
	{"B", "a loan letter calling its customer the Client", "txt", "party",
		"TERM LOAN SANCTION LETTER\n\nFrom: Gulf Commercial Bank B.S.C. (the \"Bank\")\nTo: Manama Fresh Foods W.L.L. (the \"Client\")\n\nWe approve a term loan of BHD 120,000 for the purchase of two refrigerated trucks.\n\nThe Client shall repay the loan in twenty-four monthly instalments.\n",
		[]string{"lender - gulf commercial bank b.s.c.", "borrower - manama fresh foods w.l.l."}},
	{"B", "Arabic: البنك and العميل, parties and duties", "txt", "party",
		bidListsObligationsOfferAR + "١. يلتزم العميل بالاحتفاظ بحسابه الرئيسي لدى البنك.\n",
		[]string{"lender - بنك ظفار ش.م.ع.ع", "borrower - شركة النور للتجارة ش.م.م"}},
	{"B", "Arabic: the bank's duty named by البنك alone", "txt", "obligation",
		bidListsObligationsOfferAR + "١. يلتزم العميل بالاحتفاظ بحسابه الرئيسي لدى البنك.\n٢. يلتزم البنك بصرف التسهيلات خلال خمسة أيام من التوقيع.\n",
		[]string{"borrower must بالاحتفاظ بحسابه", "lender must بصرف التسهيلات"}},
	{"B neg", "a supply contract whose customer is a bank keeps its roles", "txt", "party",
		"SUPPLY AGREEMENT\n\nThis Agreement is made between National Bank of Sohar SAOG (the \"Customer\") and Falcon IT Systems LLC (the \"Supplier\").\n\n1. The Supplier shall deliver forty cash counting machines to the Customer's branches.\n",
		[]string{"customer - national bank of sohar saog", "supplier - falcon it systems llc"}},
	// Family C: a party's "shall commence" an act is a duty.
	{"C", "a contractor commences the works within a period", "txt", "obligation",
		subjectsTablesObligationsService + "5. The Contractor shall commence the works within fourteen (14) days of the site handover.\n",
		[]string{"contractor must commence the works"}},
	{"C", "a consultant commences the services on a date, in a Markdown table row", "md", "obligation",
		"CONSULTANCY AGREEMENT\n\nThis Agreement is made between Barka Water Company SAOC (the \"Client\") and Delta Engineering Consultants LLC (the \"Consultant\").\n\n| Clause | Term |\n|---|---|\n| 4.1 | The Consultant shall commence the Services on the Effective Date. |\n",
		[]string{"consultant must commence the services"}},
	{"C", "an employee commences work, and commencing by a gerund", "txt", "obligation",
		"EMPLOYMENT CONTRACT\n\nThis contract is made between Sohar Logistics LLC (the \"Employer\") and Ravi Kumar (the \"Employee\").\n\n2. The Employee shall commence work on 1 June 2026.\n3. The Employer shall commence paying the housing allowance from the second month.\n",
		[]string{"employee must commence work", "employer must commence paying"}},
	{"C", "Arabic: the contractor's duty to start the works", "txt", "obligation",
		"عقد مقاولة\n\nأبرم هذا العقد بين بلدية صحار (\"صاحب العمل\") وشركة الباطنة للمقاولات ش.م.م (\"المقاول\").\n\n٥. يلتزم المقاول بالبدء في تنفيذ الأعمال خلال أربعة عشر (١٤) يوماً من تاريخ تسليم الموقع.\n",
		[]string{"contractor must بالبدء في تنفيذ"}},
	{"C neg", "an agreement, a lease term and a party's insurance commence: states", "txt", "obligation",
		subjectsTablesObligationsService + "2. This Agreement shall commence on 1 May 2026.\n3. The lease term shall commence on the handover date.\n4. The Contractor's insurance cover shall commence on the start date.\n",
		nil},
	{"C neg", "a contractor commences on a date, no act named", "txt", "obligation",
		subjectsTablesObligationsService + "2. The services shall commence on 1 May 2026 and run for two years.\n",
		nil},
	// Family D (convention 66): a tender's lists of documents and its
	// instructions on the bid's form, inside a requirements section.
	{"D", "a quotation's contents under a requirements heading: documents, a bond", "txt", "requirement",
		bidListsObligationsRFQ + "4.1 Your quotation must include:\n(a) a copy of the commercial registration;\n(b) datasheets of the offered units;\n(c) a priced bill of quantities;\n(d) a bid bond of OMR 1,000.\n",
		[]string{"documentation mandatory commercial registration", "documentation mandatory datasheets", "documentation mandatory bill of quantities", "financial mandatory bid bond"}},
	{"D", "the same lead-in is one duty of no party", "txt", "obligation",
		bidListsObligationsRFQ + "4.1 Your quotation must include:\n(a) a copy of the commercial registration;\n(b) datasheets of the offered units;\n",
		[]string{"- must include"}},
	{"D", "a bulleted list under \"The technical offer shall contain:\"", "md", "obligation",
		"# RFQ 12/2026\n\nDhofar Cattle Feed SAOG requests quotations for a pellet mill.\n\n## Submission requirements\n\nThe technical offer shall contain:\n\n- the method statement;\n- the CVs of the site team.\n",
		[]string{"- must contain"}},
	{"D", "Arabic: the bid's contents, one duty of no party", "txt", "obligation",
		"طلب عروض أسعار\n\nتدعو شركة مجان للأغذية إلى تقديم عروض أسعار لغرف التبريد.\n\nالمتطلبات التجارية\n\n١. يجب أن يتضمن العطاء ما يلي:\n- صورة من السجل التجاري.\n- شهادة التسجيل الضريبي.\n",
		[]string{"- must يتضمن العطاء"}},
	{"D", "prices to be quoted and questions to be sent are duties, no requirements", "txt", "requirement",
		bidListsObligationsRFQ + "4.2 Prices shall be quoted in Omani rials, delivered to site.\n4.3 Questions must be sent by e-mail to tenders@majan.example.\n4.4 Bidders must hold a valid trade licence.\n",
		[]string{"eligibility mandatory trade licence"}},
	{"D", "the same, as obligations of no party, in both languages", "md", "obligation",
		"# RFQ 9/2026\n\nGulf Labs W.L.L. invites quotations for two centrifuges.\n\n## Commercial requirements\n\n1. Prices shall be quoted in Bahraini Dinars, DDP Manama.\n   تقدم الأسعار بالدينار البحريني شاملة التوريد.\n2. All rates must be expressed net of VAT.\n",
		[]string{"- must prices shall be quoted", "- must تقدم الأسعار", "- must all rates must be expressed"}},
	{"D neg", "a lead-in of a party's duties is not a bid's contents: duties per item", "txt", "obligation",
		bidListsObligationsRFQ + "4.5 The successful bidder shall:\n(a) deliver the cold rooms within sixty (60) days;\n(b) install them within ninety (90) days of delivery.\n",
		[]string{"bidder must deliver the cold rooms", "bidder must install them"}},
	{"D neg", "a price that must not exceed the budget is no instruction", "txt", "obligation",
		bidListsObligationsRFQ + "4.6 The total price shall not exceed OMR 40,000.\n",
		nil},
	// Family S: a signature cell whose lines run together.
	{"S", "HTML cells: For the <role>, name, title, date", "html", "party",
		"<html><body><h1>MAINTENANCE CONTRACT</h1><p>This Contract is made between Lusail Towers W.L.L. (the \"Client\") and Gulf Cool Services W.L.L. (the \"Contractor\").</p><table>\n<tr><td>For the Client<br>Nasser Ali Al Kaabi<br>Facilities Director<br>Date: 03/05/2026</td>\n<td>For the Contractor<br>Rajesh Kumar Menon<br>General Manager<br>Date: 03/05/2026</td></tr>\n</table></body></html>",
		[]string{"customer - lusail towers w.l.l.", "contractor - gulf cool services w.l.l.", "- - nasser ali al kaabi", "- - rajesh kumar menon"}},
	{"S", "a cell for a role the contract does not define, a three-word title", "html", "party",
		"<html><body><h1>CONSULTANCY AGREEMENT</h1><p>This Agreement is made between Al Wakra Marine W.L.L. (the \"Client\") and Harbour Design Partners LLP (the \"Consultant\").</p><table>\n<tr><td>For the Client<br>Khalifa Saad Al Marri<br>Chief Operating Officer</td>\n<td>For the Consultant<br>Laura Bianchi<br>Partner</td></tr>\n</table></body></html>",
		[]string{"customer - al wakra marine w.l.l.", "consultant - harbour design partners llp", "- - khalifa saad al marri", "- - laura bianchi"}},
	{"S", "a text line: for and on behalf of the Supplier, name and title run together", "txt", "party",
		"SUPPLY AGREEMENT\n\nThis Agreement is made between Nizwa Cement Co. SAOG (the \"Buyer\") and Oman Refractories LLC (the \"Supplier\").\n\n1. The Supplier shall deliver the bricks to the plant.\n\nFor and on behalf of the Supplier Priya Nair Sales Manager Signature: ________\n",
		[]string{"buyer - nizwa cement co. saog", "supplier - oman refractories llc", "- - priya nair"}},
	{"S neg", "a cell naming a document, not a person", "html", "party",
		"<html><body><h1>MAINTENANCE CONTRACT</h1><p>This Contract is made between Lusail Towers W.L.L. (the \"Client\") and Gulf Cool Services W.L.L. (the \"Contractor\").</p><table>\n<tr><td>For the Contractor<br>Works Programme see Annex B</td><td>For the Client<br>Monthly Reports</td></tr>\n</table></body></html>",
		[]string{"customer - lusail towers w.l.l.", "contractor - gulf cool services w.l.l."}},
	// Family T: a bilingual tender's author, the issuer in both languages.
	{"T", "a bilingual RFQ: the Purchaser and المشتري", "md", "party",
		"# Request for Quotation / طلب عروض أسعار\n\n**Salalah Port Laboratories W.L.L. / مختبرات ميناء صلالة ذ.م.م**\n\nSalalah Port Laboratories W.L.L. (the \"Purchaser\") invites quotations for two gas chromatographs.\nتدعو مختبرات ميناء صلالة ذ.م.م (\"المشتري\") إلى تقديم عروض أسعار لجهازي كروماتوغرافيا غازية.\n\n1. The spectrometers must be new.\n",
		[]string{"issuer - salalah port laboratories w.l.l.", "issuer - مختبرات ميناء صلالة ذ.م.م"}},
	{"T", "a bilingual tender: the Employer and صاحب العمل, lines apart", "txt", "party",
		"TENDER No. 7/2026 / مناقصة رقم ٧/٢٠٢٦\n\nMuscat Water Services SAOC (the \"Employer\") invites tenders for the renewal of pumping stations.\n\nتدعو شركة مسقط لخدمات المياه ش.م.ع.م (\"صاحب العمل\") إلى تقديم العطاءات لتجديد محطات الضخ.\n\nBidders must hold a valid registration with the Tender Board.\n",
		[]string{"issuer - muscat water services saoc", "issuer - شركة مسقط لخدمات المياه ش.م.ع.م"}},
	{"T neg", "a bilingual supply contract keeps the buyer", "txt", "party",
		"SUPPLY CONTRACT / عقد توريد\n\nThis Contract is made between Dhofar Poultry SAOG (the \"Buyer\") and Gulf Feed Mills LLC (the \"Seller\").\nأبرم هذا العقد بين شركة ظفار للدواجن ش.م.ع.ع (\"المشتري\") وشركة مطاحن الخليج للأعلاف ش.م.م (\"البائع\").\n\n1. The Seller shall deliver 200 tonnes of feed each month.\n",
		[]string{"buyer - dhofar poultry saog", "seller - gulf feed mills llc", "buyer - شركة ظفار للدواجن ش.م.ع.ع", "seller - شركة مطاحن الخليج للأعلاف ش.م.م"}},
	// Family G: the original or a copy of a bond in a list of documents,
	// and a bond's sentence that goes on to its validity.
	{"G", "Arabic: the original of the bid bond among the documents", "txt", "requirement",
		subjectsTablesObligationsTenderAR + "١. أن يكون المناقص مسجلاً لدى مجلس المناقصات.\n\nالمستندات المطلوبة\n\nيقدم المناقص مع عطائه المستندات الآتية:\n- صورة من السجل التجاري.\n- شهادة التسجيل الضريبي.\n- أصل ضمان العطاء.\n",
		[]string{"eligibility mandatory مسجلاً لدى مجلس المناقصات", "documentation mandatory صورة من السجل التجاري", "documentation mandatory شهادة التسجيل الضريبي", "documentation mandatory أصل ضمان العطاء"}},
	{"G", "English: the original bank guarantee among enclosures", "txt", "requirement",
		bidListsObligationsRFQ + "4.1 Your quotation must include:\n(a) a copy of the commercial registration;\n(b) the original bank guarantee;\n(c) a certified copy of the tax card.\n",
		[]string{"documentation mandatory commercial registration", "documentation mandatory original bank guarantee", "documentation mandatory tax card"}},
	{"G", "a bond and its validity in one sentence: the bond is financial", "txt", "requirement",
		bidListsObligationsRFQ + "4.2 Each quotation must be accompanied by a bid bond of OMR 2,000, and the bond shall remain valid for one hundred and twenty (120) days after the closing date.\n",
		[]string{"financial mandatory accompanied by a bid bond"}},
	{"G", "Arabic: the same, its validity after ويجب", "txt", "requirement",
		subjectsTablesObligationsTenderAR + "١. أن يكون المناقص مسجلاً لدى مجلس المناقصات.\n\nالضمانات\n\nيجب أن يرفق بالعطاء ضمان عطاء بمبلغ ٢٬٠٠٠ ر.ع. صادر من بنك محلي، ويجب أن يظل الضمان سارياً لمدة مائة وعشرين (١٢٠) يوماً.\n",
		[]string{"eligibility mandatory مسجلاً لدى مجلس المناقصات", "financial mandatory يرفق بالعطاء ضمان عطاء"}},
	{"G neg", "a bond's validity alone is no requirement", "txt", "requirement",
		bidListsObligationsRFQ + "4.3 The bid bond shall remain valid for one hundred and twenty (120) days after the closing date.\n",
		nil},
	// Family A: a requirement's category by its strongest cue.
	{"A", "Arabic: revenue over years is financial, the bidder's years in a work experience", "txt", "requirement",
		subjectsTablesObligationsTenderAR + "١. ألا يقل متوسط إيرادات المناقص السنوية خلال آخر ثلاث سنوات عن ١٬٥٠٠٬٠٠٠ ر.ع.\n٢. ألا تقل خبرة المناقص في أعمال صيانة الرافعات عن سبع (٧) سنوات.\n٣. أن يوفر مهندساً ميكانيكياً لا تقل خبرته عن عشر (١٠) سنوات.\n",
		[]string{"financial mandatory متوسط إيرادات", "experience mandatory صيانة الرافعات", "technical mandatory مهندساً ميكانيكياً"}},
	{"A", "English: turnover over the last three years is financial", "txt", "requirement",
		subjectsTablesObligationsTender + "1. The bidder's average annual turnover over the last three (3) years must be at least OMR 1,500,000.\n",
		[]string{"financial mandatory average annual turnover"}},
	{"A", "Markdown list: paid-up capital and the firm's experience", "md", "requirement",
		"# Prequalification of contractors\n\nSohar Port Services SAOC invites contractors to prequalify.\n\n## Qualification requirements\n\n- The applicant must have a paid-up capital of not less than OMR 250,000.\n- The applicant must have at least ten (10) years of experience in marine works.\n",
		[]string{"financial mandatory paid-up capital", "experience mandatory ten (10) years of experience"}},
	{"A neg", "the audited accounts are a document, a staff member's experience technical", "txt", "requirement",
		subjectsTablesObligationsTender + "1. The bidder must submit audited financial statements showing its revenue for 2024 and 2025.\n2. The site manager must have at least fifteen (15) years of experience.\n",
		[]string{"documentation mandatory audited financial statements", "technical mandatory site manager"}},
	{"A", "a staff member's experience, in a scoring table, is technical", "txt", "requirement",
		subjectsTablesObligationsTender + "Criterion | Points\nProject Manager experience in port crane maintenance | 20\n",
		[]string{"technical optional project manager experience"}},
	{"A", "Arabic: the project manager's experience is technical", "txt", "requirement",
		subjectsTablesObligationsTenderAR + "١. يجب أن يكون لدى مدير المشروع خبرة لا تقل عن عشر (١٠) سنوات في صيانة الرافعات.\n",
		[]string{"technical mandatory مدير المشروع"}},
	{"A neg", "a national share of the capital is no financial standing", "txt", "requirement",
		subjectsTablesObligationsTender + "1. At least 51% of the bidder's share capital must be owned by Omani nationals.\n",
		[]string{"eligibility mandatory owned by omani nationals"}},
	// Family H: documents named inline in one sentence.
	{"H", "English: three documents in one sentence", "txt", "requirement",
		bidListsObligationsRFQ + "4.1 Bidders shall submit the commercial registration, the tax card and the audited accounts for 2024 and 2025.\n",
		[]string{"documentation mandatory commercial registration", "documentation mandatory tax card", "documentation mandatory audited accounts"}},
	{"H", "Arabic: two documents joined by و", "txt", "requirement",
		subjectsTablesObligationsTenderAR + "١. يقدم المناقص صورة من السجل التجاري وشهادة التسجيل الضريبي.\n",
		[]string{"documentation mandatory صورة من السجل التجاري", "documentation mandatory شهادة التسجيل الضريبي"}},
	{"H", "Arabic, plural subject: the documents and the bidder's one duty", "txt", "obligation",
		subjectsTablesObligationsTenderAR + "١. يقدم المتقدمون السجل التجاري وشهادة الانتساب للغرفة.\n",
		[]string{"bidder must يقدم المتقدمون"}},
	{"H", "an HTML row, English beside Arabic", "html", "requirement",
		"<html><body><table><tr><th>Call for Expressions of Interest</th><th dir=\"rtl\">دعوة لإبداء الاهتمام</th></tr>\n<tr><td>Sohar Port Services SAOC invites facility management companies to express their interest.</td><td dir=\"rtl\">تدعو شركة صحار لخدمات الموانئ شركات إدارة المرافق إلى إبداء اهتمامها.</td></tr>\n<tr><th>Submission</th><th dir=\"rtl\">التقديم</th></tr>\n<tr><td>3. Applicants shall submit the commercial registration and a company profile.</td><td dir=\"rtl\">٣. يقدم المتقدمون السجل التجاري وملف تعريفي بالشركة.</td></tr></table></body></html>",
		[]string{"documentation mandatory commercial registration", "documentation mandatory company profile", "documentation mandatory السجل التجاري", "documentation mandatory ملف تعريفي"}},
	{"H neg", "a bidder submits its bid in two envelopes: no documents", "txt", "requirement",
		bidListsObligationsRFQ + "4.1 Bidders shall submit their bids in two sealed envelopes and by e-mail.\n",
		nil},
	// Family R: an Arabic signature under a sign-off or a title.
	{"R", "under مع خالص التحية: name | title | company", "txt", "party",
		"إشعار\n\nالسادة/ شركة الخليج للمقاولات ش.م.م المحترمين\n\nنحيطكم علماً بتمديد موعد تقديم العطاءات.\n\nمع خالص التحية،\nسالم حمد الكعبي | مدير المشتريات | شركة صحار للألمنيوم ش.م.ع.ع\n",
		[]string{"- - سالم حمد الكعبي", "customer - شركة الخليج للمقاولات ش.م.م", "- - شركة صحار للألمنيوم ش.م.ع.ع"}},
	{"R", "under a title line: an engineer's name on its own line", "md", "party",
		"# إعلان مناقصة\n\nتعلن بلدية صور عن طرح مناقصة لإنارة الطرق.\n\nالمدير العام للمشاريع\nم. خالد بن سعيد العلوي\n",
		[]string{"- - خالد بن سعيد العلوي", "issuer - بلدية صور"}},
	{"R", "under وتفضلوا بقبول فائق الاحترام: a doctor's name, then the title", "txt", "party",
		"خطاب\n\nإلى: شركة النور للتجارة ش.م.م\n\nنود إفادتكم بقبول عرضكم.\n\nوتفضلوا بقبول فائق الاحترام،\n\nد. منى بنت راشد الحوسنية\nرئيسة قسم المشتريات\n",
		[]string{"- - منى بنت راشد الحوسنية", "customer - شركة النور للتجارة ش.م.م"}},
	{"R neg", "under a sign-off: a department and a company, no person", "txt", "party",
		"إشعار\n\nنحيطكم علماً بتمديد موعد تقديم العطاءات.\n\nمع خالص التحية،\nإدارة المشتريات\nشركة صحار للألمنيوم ش.م.ع.ع\n",
		[]string{"- - شركة صحار للألمنيوم ش.م.ع.ع"}},
	// Family K: an Arabic party's defined word as a duty's subject.
	{"K", "a purchase order: المعهد pays and inspects", "txt", "obligation",
		"أمر شراء\n\nالمشتري: معهد صحار للتدريب ذ.م.م (\"المعهد\")\nالمورد: شركة النور للحاسوب ش.م.م (\"المورد\")\n\n١. يلتزم المورد بتسليم الأجهزة خلال عشرة أيام.\n٢. يسدد المعهد قيمة الفاتورة خلال ثلاثين يوماً من استلامها.\n٣. يلتزم المعهد بفحص الأجهزة خلال خمسة أيام.\n",
		[]string{"supplier must بتسليم الأجهزة", "buyer must يسدد المعهد", "buyer must بفحص الأجهزة"}},
	{"K", "a bilingual order: the Arabic line of the Institute's payment", "txt", "obligation",
		"Buyer / المشتري: Sohar Training Institute LLC (the \"Institute\") / معهد صحار للتدريب ذ.م.م (\"المعهد\")\nSupplier / المورد: Al Noor Computers LLC (the \"Supplier\") / شركة النور للحاسوب ش.م.م (\"المورد\")\n\n1. The Institute shall pay the invoice within 30 days.\n١. يسدد المعهد قيمة الفاتورة خلال ثلاثين يوماً من استلامها.\n",
		[]string{"buyer must pay the invoice", "buyer must يسدد المعهد"}},
	{"K", "a service contract: المستشفى defined later, pays monthly", "txt", "obligation",
		"عقد خدمات نظافة\n\nالطرف الأول: مستشفى النهضة الخاص ش.م.م، ويشار إليه فيما يلي بـ\"المستشفى\" أو \"الطرف الأول\".\nالطرف الثاني: شركة اللمعة للتنظيف ش.م.م، ويشار إليها فيما يلي بـ\"الطرف الثاني\".\n\n١. يلتزم الطرف الثاني بتنظيف الأجنحة يومياً.\n٢. يسدد المستشفى المستحقات الشهرية خلال خمسة وأربعين يوماً.\n",
		// (Session 28, numbered: the first party defined "المستشفى" أو
		// "الطرف الأول" is given a role word, so it and its duty take it.)
		[]string{"second_party must بتنظيف الأجنحة", "hospital must يسدد المستشفى"}},
	{"K neg", "a word defined for no party with a role binds no one", "txt", "obligation",
		"محضر اجتماع\n\nحضر الاجتماع ممثلو اللجنة (\"اللجنة\").\n\n١. تلتزم اللجنة برفع تقريرها خلال أسبوع.\n",
		[]string{"- must برفع تقريرها"}},
	// Family N: a negated verb under a condition is no duty.
	{"N", "إذا لم يسدد ... يحق للمؤجر: the remedy's trigger", "txt", "obligation",
		"عقد إيجار\n\nأبرم هذا العقد بين السيد سالم بن علي (\"المؤجر\") وشركة النور للتجارة (\"المستأجر\").\n\n١. يلتزم المستأجر بسداد الأجرة مقدماً في بداية كل شهر.\n٢. إذا لم يسدد المستأجر أي قسط خلال عشرة (١٠) أيام من تاريخ استحقاقه، يحق للمؤجر فسخ العقد.\n",
		[]string{"tenant must بسداد الأجرة"}},
	{"N", "ولم يسددها after a condition several words back", "txt", "obligation",
		"عقد إيجار\n\nأبرم هذا العقد بين السيد سالم بن علي (\"المؤجر\") وشركة النور للتجارة (\"المستأجر\").\n\n٣. يحق للمؤجر إنهاء العقد إذا تأخر المستأجر في سداد الأجرة ولم يسددها خلال عشرين (٢٠) يوماً من إنذاره.\n",
		nil},
	{"N", "في حال لم يقم المقاول: no duty of the contractor", "txt", "obligation",
		"عقد مقاولة\n\nأبرم هذا العقد بين بلدية صحار (\"صاحب العمل\") وشركة الباطنة للمقاولات ش.م.م (\"المقاول\").\n\n٤. في حال لم يقم المقاول بإصلاح العيوب خلال سبعة أيام، يجوز لصاحب العمل إصلاحها على نفقته.\n",
		nil},
	{"N neg", "a plain duty with a deadline stays a duty", "txt", "obligation",
		"عقد إيجار\n\nأبرم هذا العقد بين السيد سالم بن علي (\"المؤجر\") وشركة النور للتجارة (\"المستأجر\").\n\n٥. يسدد المستأجر فواتير الكهرباء خلال خمسة عشر يوماً من استلامها.\n",
		[]string{"tenant must يسدد المستأجر فواتير"}},
	// Family U: a public body's unit on the letterhead's next line.
	{"U", "Arabic: a municipality, then its directorate", "txt", "party",
		"بلدية صحار\nالمديرية العامة للمشاريع\n\nعقد صيانة الحدائق العامة\n\nتم الاتفاق بين بلدية صحار، ويشار إليها فيما يلي بـ\"البلدية\"، وشركة الواحة الخضراء للزراعة ش.م.م، ويشار إليها فيما يلي بـ\"المقاول\".\n\n١. يلتزم المقاول بري الحدائق يومياً.\n",
		[]string{"- - بلدية صحار", "contractor - شركة الواحة الخضراء للزراعة ش.م.م"}},
	{"U", "English: a ministry, then its directorate general", "txt", "party",
		"Ministry of Health\nDirectorate General of Medical Supplies\n\nPURCHASE ORDER No. 77/2026\n\nSupplier: Gulf Medical Trading LLC\n\nThe Supplier shall deliver the items within thirty (30) days.\n",
		[]string{"supplier - gulf medical trading llc"}},
	{"U neg", "a directorate addressed as the customer stays", "txt", "party",
		"عرض سعر\n\nشركة النور للتكييف ش.م.م\n\nالسادة/ المديرية العامة للخدمات الصحية بمحافظة ظفار المحترمين\n\nنقدم لكم عرض سعرنا لتوريد مكيفات.\n",
		[]string{"supplier - شركة النور للتكييف ش.م.م", "customer - المديرية العامة للخدمات الصحية بمحافظة ظفار"}},
	// Family S2: a company's name ends at its legal form before an address.
	{"S2", "an HTML invoice's customer cell, its lines run together", "html", "party",
		"<html><body><table><tr><td>Al Noor Refrigeration LLC<br>Muscat, Oman</td><td><h1>TAX INVOICE</h1></td></tr></table><table><tr><td><strong>Bill to:</strong><br>Sohar Fresh Dairy SAOC<br>Sohar Industrial Estate, Sohar<br>VATIN OM1100012345</td><td><strong>Invoice No.:</strong> INV-77<br><strong>Invoice date:</strong> 18/04/2026</td></tr></table><table><tr><th>Item</th><th>Amount (OMR)</th></tr><tr><td>Cold room service</td><td>450.000</td></tr></table></body></html>",
		[]string{"supplier - al noor refrigeration llc", "customer - sohar fresh dairy saoc"}},
	{"S2", "a text line: name, then its street", "txt", "party",
		"PURCHASE ORDER\n\nVendor: Gulf Valves Trading LLC Al Khuwair Street, Muscat\nBuyer: Nizwa Cement Co. SAOG\n\nThe Vendor shall deliver the valves within 14 days.\n",
		[]string{"supplier - gulf valves trading llc", "buyer - nizwa cement co. saog"}},
	{"S2 neg", "a name that goes on after its form with no address stays whole", "txt", "party",
		"SERVICES AGREEMENT\n\nThis Agreement is made between Nizwa Cement Co. SAOG (the \"Customer\") and Falcon Facility Services LLC (the \"Contractor\").\n\n1. The Contractor shall clean the offices.\n",
		[]string{"customer - nizwa cement co. saog", "contractor - falcon facility services llc"}},
}

// factItemsOfType are a text's facts of typ as the cases write them.
func factItemsOfType(out Output, typ string) []string {
	if typ != "party" {
		return firstSixConventionItems(out, typ)
	}
	var got []string
	for _, f := range out.Facts {
		if f.Type == TypeParty {
			role := f.Role
			if role == "" {
				role = "-"
			}
			got = append(got, role+" - "+strings.ToLower(f.Value))
		}
	}
	return got
}

// TestObl24Families: each case gives exactly the facts it wants.
// go test -p 1 ./capabilities/documentfacts -run TestObl24Families -v
func TestObl24Families(t *testing.T) {
	for _, c := range bidListsObligationsCases {
		got := factItemsOfType(extractAs(t, c.format, c.text), c.typ)
		if msg := compareObligationItems(got, c.want); msg != "" {
			t.Errorf("family %s, %s (%s):\n%s", c.family, c.name, c.typ, msg)
		}
	}
}
