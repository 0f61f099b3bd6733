package documentfacts

import (
	"testing"
)

// Round 18 (issue 29, session 20; docs/documents.md "round 18, the rules
// follow conventions 12-18"): the rules follow the label conventions
// session 20 settled. Each case is a document of our own and the facts of
// one type it must give, read as in bondsParentDatesConventionCases (bondsParentDatesConventionItems): a case
// fails on a wanted fact missing and on any other fact of that type.

const (
	signingBondsConventionTender   = "INVITATION TO TENDER\n\nTender No. 12/2026: Supply of School Furniture\n\nIssued by Batinah Schools Development Company SAOC (the \"Company\"). Bidders are invited to submit bids.\n\n"
	signingBondsConventionTenderAR = "مناقصة رقم ١٢/٢٠٢٦ لتوريد الأثاث المدرسي\n\nتدعو شركة الباطنة لتطوير المدارس ش.م.ع.ع الشركات المؤهلة لتقديم عطاءاتها.\n\n"
	signingBondsConventionWorks    = "CONSTRUCTION CONTRACT\n\nThis Contract is made on 2 March 2026 between Batinah Schools Development Company SAOC (the \"Employer\") and Sohar Builders LLC (the \"Contractor\").\n\n"
	signingBondsConventionWorksAR  = "عقد مقاولة\n\nأبرم هذا العقد بتاريخ ٢ مارس ٢٠٢٦ بين شركة الباطنة لتطوير المدارس ش.م.ع.ع (\"صاحب العمل\") وشركة صحار للمقاولات ش.م.م (\"المقاول\").\n\n"
)

var signingBondsConventionCases = []convCase{
	// Decision 12: one date with two meanings gives one line per
	// meaning; a date written once and referred to ("takes effect on the
	// date above") gives one line.
	{"12", "dated and commencing on one day", "date",
		"SERVICES AGREEMENT\n\nThis Agreement is dated 1 March 2026 and is made between Batinah Schools Development Company SAOC (the \"Client\") and Sohar Cleaning LLC (the \"Contractor\").\n\n1. The services shall run for two (2) years commencing on 1 March 2026.\n",
		[]string{"agreement_date 2026-03-01", "effective_date 2026-03-01"}},
	{"12", "a lease from a day and the premises handed over by it", "date",
		"LEASE AGREEMENT\n\nThis Lease is made on 10 September 2026 between Sohar Properties LLC (the \"Landlord\") and Batinah Books LLC (the \"Tenant\").\n\n1. The Lease runs for three (3) years starting on 1 October 2026.\n2. The Landlord shall hand over the premises to the Tenant on or before 1 October 2026.\n",
		[]string{"agreement_date 2026-09-10", "effective_date 2026-10-01", "delivery_date 2026-10-01"}},
	{"12", "Arabic: announced on a day that starts the sale of documents", "date",
		"إعلان مناقصة\n\nتاريخ الإعلان: ٦ سبتمبر ٢٠٢٦\n\nتعلن شركة الباطنة لتطوير المدارس ش.م.ع.ع عن طرح مناقصة توريد الأثاث المدرسي.\n\n١. تباع وثائق المناقصة من ٦ سبتمبر ٢٠٢٦ حتى ٢٠ سبتمبر ٢٠٢٦.\n",
		[]string{"issue_date 2026-09-06", "date 2026-09-06", "document_purchase_deadline 2026-09-20"}},
	{"12 neg", "takes effect on the date above", "date",
		"SERVICES AGREEMENT\n\nThis Agreement is made on 1 March 2026 between Batinah Schools Development Company SAOC (the \"Client\") and Sohar Cleaning LLC (the \"Contractor\").\n\n1. This Agreement takes effect on the date above and runs for two (2) years.\n",
		[]string{"agreement_date 2026-03-01"}},

	// Decision 13: a date in a signature block or a closing signing
	// statement is the signature_date, beside the agreement_date it
	// equals; a signing line that is the only date of the document's
	// making is its agreement_date; a blank "Date:" gives nothing.
	{"13", "side-by-side Date: labels under the signatures", "date",
		signingBondsConventionWorks + "5. The Contract Price is OMR 240,000.000.\n6. The Contractor shall complete the works within ten (10) months.\n7. This Contract is governed by the laws of the Sultanate of Oman.\n\nFor the Employer                              For the Contractor\nSaid Nasser Al Harthy                          Ali Salim Al Shukaili\nDate: 2 March 2026                             Date: 4 March 2026\n",
		[]string{"agreement_date 2026-03-02", "signature_date 2026-03-02", "signature_date 2026-03-04"}},
	{"13", "Arabic Date line after the signatories' names", "date",
		"عقد عمل\n\nأبرم هذا العقد في صحار بتاريخ ١ يونيو ٢٠٢٦ بين شركة الباطنة لتطوير المدارس ش.م.ع.ع (\"صاحب العمل\") والسيد خالد سالم البلوشي (\"العامل\").\n\n١. يعمل العامل بوظيفة محاسب.\n٢. يتقاضى العامل راتباً شهرياً قدره ٨٥٠ ريالاً عمانياً.\n٣. يخضع هذا العقد لقانون العمل العماني.\n\nصاحب العمل: سالم علي الكندي          العامل: خالد سالم البلوشي\nالشاهد: مبارك سعيد الغافري\nالتاريخ: ١ يونيو ٢٠٢٦\n",
		[]string{"agreement_date 2026-06-01", "signature_date 2026-06-01"}},
	{"13", "place and date line over the signatures", "date",
		"DISTRIBUTION AGREEMENT\n\nDate: 9 April 2026\n\nThis Agreement is made between Batinah Valves LLC (the \"Supplier\") and Sohar Trading LLC (the \"Distributor\").\n\n1. The Distributor shall buy the products only from the Supplier.\n2. This Agreement is governed by the laws of the Sultanate of Oman.\n3. Either party may terminate it on sixty (60) days' notice.\n\nSohar / Muscat, 9 April 2026\n\nFor Batinah Valves LLC: Hamad Said Al Amri, Director\n\nFor Sohar Trading LLC: Nasser Ali Al Hinai, Manager\n",
		[]string{"agreement_date 2026-04-09", "signature_date 2026-04-09"}},
	{"13", "Arabic closing statement that the parties signed", "date",
		"اتفاقية توريد\n\nأبرمت هذه الاتفاقية في عمّان بتاريخ ١٥ نيسان ٢٠٢٦ بين شركة الباطنة لتطوير المدارس ش.م.ع.ع (\"المشتري\") وشركة الأردن للأثاث (\"المورد\").\n\n١. يلتزم المورد بتوريد الأثاث وفق الكميات المتفق عليها.\n٢. تخضع هذه الاتفاقية لقوانين المملكة الأردنية الهاشمية.\n٣. يسدد المشتري قيمة كل فاتورة خلال ثلاثين يوماً.\n\nوإثباتاً لما تقدم وقع الطرفان على هذه الاتفاقية بتاريخ 15/4/2026.\n",
		[]string{"agreement_date 2026-04-15", "signature_date 2026-04-15"}},
	{"13", "a signing line that is the only date of the making", "date",
		"FRAMEWORK AGREEMENT FOR THE SUPPLY OF DESKS\n\nReference: BSD-FA-07\nSignature date: 12 May 2026\n\nThis Framework Agreement is between Batinah Schools Development Company SAOC (the \"Purchaser\") and Sohar Furniture LLC (the \"Supplier\").\n\n1. It runs from 1 June 2026 to 31 May 2027.\n",
		[]string{"agreement_date 2026-05-12", "effective_date 2026-06-01", "expiry_date 2027-05-31"}},
	{"13", "signed in a place at the end, no other date", "date",
		"LEASE AGREEMENT\n\nThis Lease is between Sohar Properties LLC (the \"Landlord\") and Batinah Books LLC (the \"Tenant\").\n\n1. The Tenant shall pay a monthly rent of OMR 600.000.\n2. The Tenant shall use the shop only for selling books.\n3. This Lease is governed by the laws of the Sultanate of Oman.\n\nThis Lease is signed in Sohar on 3 November 2026.\n",
		[]string{"agreement_date 2026-11-03"}},
	{"13", "a bilingual signing line, the only date", "date",
		"FARM LEASE / عقد إيجار مزرعة\n\nThis Lease is between Said Ali Al Maamari (the \"Landlord\") and Batinah Greens LLC (the \"Tenant\").\n\n1. The Tenant shall pay a yearly rent of OMR 3,000.000.\n2. This Lease is governed by the laws of the Sultanate of Oman.\n3. يخضع هذا العقد لقوانين سلطنة عمان.\n\nSigned at Sohar on 20 September 2026 | حرر في صحار بتاريخ ٢٠ سبتمبر ٢٠٢٦\n",
		[]string{"agreement_date 2026-09-20"}},
	{"13 neg", "a blank Date: under the signatures", "date",
		signingBondsConventionWorks + "5. The Contract Price is OMR 240,000.000.\n6. This Contract is governed by the laws of the Sultanate of Oman.\n\nFor the Employer                              For the Contractor\nSignature: __________                         Signature: __________\nDate: __________                              Date: __________\n",
		[]string{"agreement_date 2026-03-02"}},
	{"13 neg", "a dated payment line near the end is no signing", "date",
		signingBondsConventionWorks + "5. The Contract Price is OMR 240,000.000.\n6. This Contract is governed by the laws of the Sultanate of Oman.\n7. The Employer shall pay the first instalment no later than 30 April 2026.\n",
		[]string{"agreement_date 2026-03-02", "due_date 2026-04-30"}},

	// Decision 14: goods offered that must conform to a named standard
	// are a compliance requirement in a tender; a property with no
	// standard, or led by a figure, is technical; a purchase order states
	// no requirement.
	{"14", "Arabic goods conforming to Gulf standards", "requirement",
		signingBondsConventionTenderAR + "## شروط الاشتراك\n\n١. أن يكون المناقص مسجلاً في السجل التجاري.\n٢. أن تكون الكراسي المعروضة مطابقة للمواصفات القياسية الخليجية، مع إرفاق شهادة المطابقة.\n",
		[]string{"eligibility mandatory السجل التجاري", "compliance mandatory مطابقة"}},
	{"14", "equipment that must comply with an EN standard", "requirement",
		signingBondsConventionTender + "## Technical Requirements\n\n1. The school buses offered must comply with the European standard EN 13452.\n2. The buses offered must be new and of model year 2026.\n",
		[]string{"compliance mandatory en 13452", "technical mandatory model year"}},
	{"14", "a figure first, a standard second", "requirement",
		signingBondsConventionTender + "## Technical Requirements\n\n1. The boilers offered must achieve an efficiency of not less than 92% and comply with the emission standards of the Environment Authority.\n",
		[]string{"technical mandatory efficiency"}},
	{"14 neg", "a purchase order's conformity clause", "requirement",
		"PURCHASE ORDER\n\nPO No. 4471\nBuyer: Batinah Schools Development Company SAOC\nSupplier: Sohar Furniture LLC\n\n1. All chairs supplied shall conform to GSO standards.\n",
		nil},

	// Decision 15: a bid bond's validity is the bond's one financial
	// line and a duration; no second requirement, no deadline, no
	// obligation.
	{"15", "validity sentence beside the bonds' lines", "requirement",
		signingBondsConventionTenderAR + "## ثالثاً: الرسوم والضمانات\n\n- الضمان الابتدائي: ٢٬٠٠٠ ر.ع.\n- ضمان حسن التنفيذ: ١٠٪ من قيمة العقد.\n\nيجب أن يكون الضمان الابتدائي سارياً لمدة تسعين (٩٠) يوماً من تاريخ إقفال المناقصة، ويلتزم المناقص الفائز بتقديم ضمان حسن التنفيذ خلال عشرة (١٠) أيام من تاريخ إخطاره بالترسية.\n",
		[]string{"financial mandatory الضمان الابتدائي", "financial mandatory ضمان حسن التنفيذ"}},
	{"15", "the validity's duration", "duration",
		signingBondsConventionTender + "## Bid Security\n\n1. Each bid must be accompanied by a bid bond of OMR 1,500.\n2. The bid bond shall remain valid for ninety (90) days beyond the validity of the bid.\n",
		[]string{"duration P90D"}},
	{"15", "no deadline for the validity", "deadline",
		signingBondsConventionTender + "## Bid Security\n\n1. Each bid must be accompanied by a bid bond of OMR 1,500.\n2. The bid bond shall remain valid for ninety (90) days beyond the validity of the bid.\n",
		nil},
	{"15", "no obligation for the validity", "obligation",
		signingBondsConventionTender + "## Bid Security\n\n1. The bid bond shall remain valid for ninety (90) days beyond the validity of the bid.\n",
		nil},
	{"15", "Arabic: no obligation for the validity", "obligation",
		signingBondsConventionTenderAR + "## ضمان العطاء\n\n١. يجب أن يظل ضمان العطاء سارياً لمدة تسعين (٩٠) يوماً من تاريخ الإغلاق.\n",
		nil},

	// Decision 17: bids that shall remain valid are a state, no
	// obligation, the period a duration; a party binding itself to keep
	// its bid valid is the bidder's obligation.
	{"17", "bids shall remain valid", "obligation",
		signingBondsConventionTender + "## Submission\n\n1. Bids shall remain valid for one hundred and twenty (120) days from the closing date.\n",
		nil},
	{"17", "bids shall remain valid: a duration", "duration",
		signingBondsConventionTender + "## Submission\n\n1. Bids shall remain valid for one hundred and twenty (120) days from the closing date.\n",
		[]string{"duration P120D"}},
	{"17", "Arabic: bids shall remain valid", "obligation",
		signingBondsConventionTenderAR + "## أحكام عامة\n\n١. يجب أن تظل العطاءات سارية لمدة مائة وعشرين (١٢٠) يوماً من تاريخ الإغلاق.\n",
		nil},
	{"17", "the bidder binds itself", "obligation",
		signingBondsConventionTenderAR + "## أحكام عامة\n\n١. يلتزم المناقص بأن يظل عطاؤه سارياً لمدة تسعين (٩٠) يوماً من تاريخ الإغلاق.\n",
		[]string{"bidder must سارياً"}},
	{"17", "a bid letter: we undertake to keep this bid valid", "obligation",
		"BID SUBMISSION LETTER\n\nDate: 3 May 2026\nTo: Batinah Schools Development Company SAOC\nFrom: Sohar Furniture LLC\n\nDear Sirs,\n\nWe submit our bid for Tender No. 12/2026. We undertake to keep this bid valid for ninety (90) days from the closing date.\n\nYours faithfully,\nSohar Furniture LLC\n",
		[]string{"bidder must keep this bid valid"}},

	// Decision 16: a performance bond to furnish is, in a tender, a
	// financial requirement beside the obligation; in a contract an
	// obligation, its deadline and the bond's sum, no requirement.
	{"16", "contractor's bond in a tender's conditions of contract", "requirement",
		signingBondsConventionTender + "## Eligibility\n\n1. The bidder must be registered with the Tender Board.\n\n3. Conditions of Contract\n\n4.1 The Contractor shall furnish a performance bond of five per cent (5%) of the contract price.\n",
		[]string{"eligibility mandatory tender board", "financial mandatory performance bond"}},
	{"16", "Arabic winner's good-performance guarantee", "requirement",
		signingBondsConventionTenderAR + "## شروط الاشتراك\n\n١. أن يكون المناقص مسجلاً في السجل التجاري.\n\n## أحكام عامة\n\n١. يقدم المناقص الفائز ضمان حسن الأداء بنسبة خمسة في المائة (٥٪) من قيمة العقد خلال عشرة (١٠) أيام من تاريخ الترسية.\n",
		[]string{"eligibility mandatory السجل التجاري", "financial mandatory حسن الأداء"}},
	{"16", "Arabic final guarantee of the one awarded", "requirement",
		signingBondsConventionTenderAR + "## شروط الاشتراك\n\n١. أن يكون المناقص مسجلاً في السجل التجاري.\n\n## أحكام عامة\n\n١. على من ترسو عليه المناقصة تقديم ضمان نهائي بنسبة ١٠٪ من قيمة العقد خلال خمسة عشر يوماً.\n",
		[]string{"eligibility mandatory السجل التجاري", "financial mandatory ضمان نهائي"}},
	{"16 neg", "the bond's release", "requirement",
		signingBondsConventionTender + "## Eligibility\n\n1. The bidder must be registered with the Tender Board.\n\n## General\n\n1. The performance bond shall be released after the taking-over certificate is issued.\n",
		[]string{"eligibility mandatory tender board"}},
	{"16 neg", "in a contract: no requirement", "requirement",
		signingBondsConventionWorks + "5. The Contractor shall furnish a performance bond of OMR 24,000.000 within fourteen (14) days of the date of this Contract.\n",
		nil},
	{"16", "in a contract: the contractor's obligation", "obligation",
		signingBondsConventionWorks + "5. The Contractor shall furnish a performance bond of OMR 24,000.000 within fourteen (14) days of the date of this Contract.\n",
		[]string{"contractor must performance bond"}},
	{"16", "in a contract: the bond's sum", "money",
		signingBondsConventionWorks + "5. The Contractor shall furnish a performance bond of OMR 24,000.000 within fourteen (14) days of the date of this Contract.\n",
		[]string{"performance_bond 24000 OMR"}},
	{"16", "in a contract: the deadline", "deadline",
		signingBondsConventionWorks + "5. The Contractor shall furnish a performance bond of OMR 24,000.000 within fourteen (14) days of the date of this Contract.\n",
		[]string{"P14D"}},

	// Decision 18: the latest day to complete works, an installation or
	// a go-live is the completion_date; goods delivered and premises
	// handed over keep delivery_date; "supply and install" too.
	{"18", "complete a part of the works by", "date",
		signingBondsConventionWorks + "4. The Contractor agreed to complete the roof slab of Block C by 30 June 2026.\n",
		[]string{"agreement_date 2026-03-02", "completion_date 2026-06-30"}},
	{"18", "not installed by", "date",
		signingBondsConventionWorks + "5. If the air-conditioning units are not installed by 15 September 2026, the Contractor shall pay liquidated damages.\n",
		[]string{"agreement_date 2026-03-02", "completion_date 2026-09-15"}},
	{"18", "Arabic: complete and hand over the works", "date",
		signingBondsConventionWorksAR + "٤. يلتزم المقاول بإنجاز الأعمال وتسليمها خلال ثمانية أشهر من تاريخ استلام الموقع، على ألا يتجاوز ذلك ٣٠/١١/٢٠٢٦م.\n",
		[]string{"agreement_date 2026-03-02", "completion_date 2026-11-30"}},
	{"18", "Arabic: works handed over at the latest", "date",
		signingBondsConventionWorksAR + "٤. على أن تسلم الأعمال تسليماً ابتدائياً في موعد أقصاه ٣١ ديسمبر ٢٠٢٦م.\n",
		[]string{"agreement_date 2026-03-02", "completion_date 2026-12-31"}},
	{"18", "go-live row and sentence", "date",
		"APP DEVELOPMENT AGREEMENT\n\nThis Agreement is made on 2 March 2026 between Batinah Schools Development Company SAOC (the \"Client\") and Appcraft LLC (the \"Developer\").\n\nMilestone | Target date\nDesign sign-off | 10 April 2026\nGo-live | 31 August 2026\n\n3. The Developer shall achieve go-live no later than 31 August 2026.\n",
		[]string{"agreement_date 2026-03-02", "date 2026-04-10", "completion_date 2026-08-31"}},
	{"18 neg", "works counted from a handover date", "date",
		signingBondsConventionWorks + "4. The Contractor shall complete the works within twenty (20) weeks from the site handover on 16 March 2026.\n",
		[]string{"agreement_date 2026-03-02", "date 2026-03-16"}},
	{"18 neg", "another duty after the completion", "date",
		"GRANT AGREEMENT\n\nThis Agreement is made on 2 March 2026 between the Batinah Export Fund (the \"Fund\") and Sohar Dates LLC (the \"Grantee\").\n\n4. The Grantee must complete the funded training within nine (9) months and must pay the audit fee of the Fund no later than 31 January 2027.\n",
		[]string{"agreement_date 2026-03-02", "due_date 2027-01-31"}},
	{"18 neg", "goods delivered by", "date",
		"SUPPLY AGREEMENT\n\nThis Agreement is made on 2 March 2026 between Batinah Schools Development Company SAOC (the \"Buyer\") and Sohar Furniture LLC (the \"Supplier\").\n\n3. The Supplier shall deliver the desks to the Buyer's store no later than 20 May 2026.\n",
		[]string{"agreement_date 2026-03-02", "delivery_date 2026-05-20"}},
	{"18 neg", "supply and install keeps delivery", "date",
		"SUPPLY AGREEMENT\n\nThis Agreement is made on 2 March 2026 between Batinah Schools Development Company SAOC (the \"Buyer\") and Sohar Furniture LLC (the \"Supplier\").\n\n3. The Supplier shall supply and install the laboratory benches no later than 20 May 2026.\n",
		[]string{"agreement_date 2026-03-02", "delivery_date 2026-05-20"}},
	{"18 neg", "premises handed over", "date",
		"LEASE AGREEMENT\n\nThis Lease is made on 2 March 2026 between Sohar Properties LLC (the \"Landlord\") and Batinah Schools Development Company SAOC (the \"Tenant\").\n\n2. The Landlord shall hand over the premises to the Tenant on or before 1 April 2026.\n",
		[]string{"agreement_date 2026-03-02", "delivery_date 2026-04-01"}},
	{"18 neg", "fit-out and opening for trading", "date",
		"SHOP LEASE\n\nThis Lease is made on 2 March 2026 between Sohar Mall LLC (the \"Landlord\") and Batinah Books LLC (the \"Tenant\").\n\n3. The Tenant must complete its fit-out and open for trading by 15 May 2026.\n",
		[]string{"agreement_date 2026-03-02", "opening_date 2026-05-15"}},
}

// TestConv20Conventions: each case gives exactly the facts it wants.
// go test -p 1 ./capabilities/documentfacts -run TestConv20Conventions -v
func TestConv20Conventions(t *testing.T) {
	checkConvCases(t, signingBondsConventionCases)
}
