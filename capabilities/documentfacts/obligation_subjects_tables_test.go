package documentfacts

import "testing"

// Session 23 (issue 29, docs/documents.md "Issue 29, session 23:
// obligations and requirements of two new sets"): documents of our own
// and the facts of one type each must give ("role modality word", the
// word contained in the action); a case fails on a wanted fact missing
// and on any other fact of that type.

const (
	subjectsTablesObligationsLoan     = "TERM LOAN AGREEMENT\n\nThis Agreement is made between Gulf Trust Bank SAOG (the \"Lender\") and Rusayl Packaging LLC (the \"Borrower\").\n\n"
	subjectsTablesObligationsService  = "SERVICES AGREEMENT\n\nThis Agreement is made between Nizwa Cement Co. SAOG (the \"Customer\") and Falcon Facility Services LLC (the \"Contractor\").\n\n"
	subjectsTablesObligationsTender   = "REQUEST FOR PROPOSALS\nRFP No. 12/2026: Maintenance of Port Cranes\n\nSohar Port Services SAOC invites eligible firms to submit proposals.\n\nQualification requirements\n"
	subjectsTablesObligationsTenderAR = "إعلان مناقصة\n\nتعلن شركة صحار للموانئ عن طرح المناقصة رقم ٣/٢٠٢٦ لصيانة الرافعات، وتدعو الشركات إلى التقدم بعطاءاتها وفق الشروط الآتية.\n\nشروط التأهيل\n\n"
	subjectsTablesObligationsLoanAR   = "اتفاقية قرض\n\nأبرمت هذه الاتفاقية بين بنك الخليج الأول ش.م.ع.ع (\"المقرض\") وشركة الرسيل للتغليف ش.م.م (\"المقترض\").\n\n"
)

var subjectsTablesObligationsCases = []struct {
	family, name, typ, text string
	want                    []string
}{
	// Family 1: lead-in lists, wider.
	{"1", "a lead-in with its verb and a label before the party", "obligation",
		subjectsTablesObligationsLoan + "4. Security: prior to the first utilisation the Borrower shall provide to the Lender:\n(a) an assignment of the plant insurance policies;\n(b) a pledge over the shares of the Borrower.\n",
		[]string{"borrower must assignment of the plant", "borrower must pledge over the shares"}},
	{"1", "undertakes: with no verb, and an item worded as a prohibition", "obligation",
		subjectsTablesObligationsLoan + "7. Undertakings: so long as the loan is outstanding, the Borrower undertakes:\n(i) to keep its gearing ratio below 2.0 times;\n(ii) not to create any further charge over its assets.\n",
		[]string{"borrower must gearing ratio", "borrower must_not not to create any further charge"}},
	{"1", "a will: lead-in over an HTML list read without markers", "obligation",
		subjectsTablesObligationsService + "3.1 The Contractor will:\nclean the production offices every working day;\nkeep a log of all cleaning visits;\nreplace damaged fittings within three (3) days.\n",
		[]string{"contractor must clean the production offices", "contractor must keep a log", "contractor must replace damaged fittings"}},
	{"1", "Arabic: a label, a clause and words between the party and ما يلي", "obligation",
		subjectsTablesObligationsLoanAR + "٥. الضمانات: يجب على المقترض قبل السحب الأول أن يسلم للمقرض ما يلي:\n(أ) رهن على آلات المصنع؛\n(ب) تنازل عن وثيقة التأمين.\n",
		[]string{"borrower must رهن على آلات", "borrower must تنازل عن وثيقة"}},
	{"1", "Arabic: a clause before يتعهد المقترض بما يلي", "obligation",
		subjectsTablesObligationsLoanAR + "٦. التعهدات: طالما بقي القرض قائماً، يتعهد المقترض بما يلي:\n(أ) تقديم حساباته الربعية؛\n(ب) عدم بيع أصوله الرئيسية.\n",
		[]string{"borrower must حساباته الربعية", "borrower must_not عدم بيع أصوله"}},
	{"1 neg", "a bidder's lead-in with its verb is one duty, its items what it names", "obligation",
		"INVITATION TO TENDER\n\nBidders shall submit:\n(a) a copy of the commercial registration;\n(b) the audited accounts of the last two years.\n",
		[]string{"bidder must submit"}},
	// Family 2: duties of no party, written with their subject.
	{"2", "an Arabic passive duty keeps يجب", "obligation",
		subjectsTablesObligationsLoanAR + "٩. يجب إبلاغ المقرض بأي تغيير في ملكية الشركة خلال عشرة (١٠) أيام.\n",
		[]string{"- must يجب إبلاغ المقرض"}},
	{"2", "an Arabic prohibition of a person who is no party keeps لا يجوز", "obligation",
		"قرار مجلس الإدارة\n\n٣. لا يجوز لأي عضو في المجلس التصويت على عقد له فيه مصلحة.\n",
		[]string{"- must_not لا يجوز لأي عضو"}},
	{"2", "No <person> may: a prohibition of no party, its clause", "obligation",
		"BOARD RESOLUTION\n\n4. No director may approve a payment to himself.\n",
		[]string{"- must_not No director may approve"}},
	{"2", "an officer's duty is the clause from its subject", "obligation",
		"BOARD RESOLUTION\n\n5. The Finance Manager shall circulate the monthly accounts to the Board.\n",
		[]string{"- must The Finance Manager shall circulate"}},
	// Family 3: "is to" and "it is for X to".
	{"3", "a party is to act", "obligation",
		subjectsTablesObligationsService + "6. The Contractor is to replace any cleaner the Customer reasonably objects to.\n",
		[]string{"contractor must replace any cleaner"}},
	{"3", "an officer is to act", "obligation",
		"BOARD RESOLUTION\n\n6. The Company Secretary is to file the resolution with the registry.\n",
		[]string{"- must The Company Secretary is to file"}},
	{"3", "it is for a party to act", "obligation",
		subjectsTablesObligationsService + "9. On expiry, it is for the Contractor to remove its equipment from the site.\n",
		[]string{"contractor must remove its equipment"}},
	{"3 neg", "a purpose is to set out: no duty", "obligation",
		subjectsTablesObligationsService + "1. The purpose of this Agreement is to set out the terms of the cleaning services.\n",
		nil},
	{"3 neg", "a party's aim is to: no duty", "obligation",
		subjectsTablesObligationsService + "2. The Customer's aim is to reduce downtime at the plant.\n",
		nil},
	// Family 6: a party defined by two words, one a short name.
	{"6", "a short name defined beside the role word binds the party", "obligation",
		"SUPPLY AGREEMENT\n\nThis Agreement is made between Nizwa Cement Co. SAOG (the \"Buyer\") and\nDhofar Industrial Gases LLC, CR No. 1029384, Raysut\n(\"the Supplier\" or \"DIG\").\n\n3.1 DIG shall refill each cylinder within five (5) days of its return.\n",
		[]string{"supplier must refill each cylinder"}},
	{"6", "Arabic: a short name of two words beside الطرف الأول", "obligation",
		"مذكرة تفاهم\n\nالطرف الأول: شركة واحة الباطنة للزراعة ش.م.م، سجل تجاري رقم 1234567، ويشار إليها فيما بعد بـ \"واحة الباطنة\" أو \"الطرف الأول\".\n\nالطرف الثاني: شركة الخليج للتدريب ش.م.م، ويشار إليها فيما بعد بـ \"الطرف الثاني\".\n\n١. تلتزم واحة الباطنة بتوفير المزارع للتدريب الميداني.\n",
		[]string{"first_party must بتوفير المزارع"}},
	// Family 7: consequences and "the party wishing".
	{"7 neg", "a bid that will not be scored: no duty", "obligation",
		subjectsTablesObligationsTender + "Applicants that fail the financial criterion will not be evaluated.\n",
		nil},
	{"7 neg", "overdue sums that will attract interest: no duty", "obligation",
		"TAX INVOICE\n\nInvoice No. 77\nTerms: Overdue balances will attract interest of 1% per month.\n",
		nil},
	// Family 8: Arabic duties of officers who are no party.
	{"8", "على أمين السر and يقدم المدير المالي: duties of no party", "obligation",
		"قرار مجلس الإدارة\n\n٤. على أمين سر المجلس إرسال نسخة من القرار إلى البنك خلال أسبوع.\n٥. يقدم المدير المالي إلى المجلس بياناً شهرياً بالمصروفات.\n",
		[]string{"- must على أمين سر المجلس إرسال", "- must يقدم المدير المالي"}},
	// Family 4: requirement categories in a tender.
	{"4", "years in operation are experience; a consortium eligibility", "requirement",
		subjectsTablesObligationsTender + "3.1 The Bidder must have been trading for at least eight (8) years.\n3.2 Joint ventures of up to two (2) firms may bid, provided that the lead firm meets the experience criteria.\n",
		[]string{"experience mandatory trading for", "eligibility mandatory joint ventures"}},
	{"4", "premises and equipment a bidder must have are technical (decision 51)", "requirement",
		subjectsTablesObligationsTender + "4.1 The Bidder must operate a local service workshop in Sohar.\n4.2 The Bidder must have completed at least two office refurbishments.\n",
		[]string{"technical mandatory service workshop", "experience mandatory office refurbishments"}},
	{"4", "Arabic: an engineer the bidder appoints, a site visit, equipment, Omanisation", "requirement",
		subjectsTablesObligationsTenderAR + "١. أن يعين المناقص مهندساً كهربائياً لا تقل خبرته عن ثماني سنوات.\n٢. حضور الاجتماع التمهيدي إلزامي.\n٣. أن تتوفر لدى المناقص رافعات ومعدات الرفع اللازمة.\n٤. أن تكون نسبة التعمين لدى المناقص لا تقل عن النسبة المقررة.\n٥. يفضل أن يكون لدى المناقص تفويض من الشركة المصنعة.\n",
		[]string{"technical mandatory مهندساً كهربائياً", "eligibility mandatory الاجتماع التمهيدي", "technical mandatory معدات الرفع", "compliance mandatory نسبة التعمين", "documentation optional تفويض"}},
	// Family 5: header cells, key staff tables, evaluation tables.
	{"5", "a key staff table: one technical line per row; header cells none", "requirement",
		subjectsTablesObligationsTender + "Position | Minimum qualification | Minimum experience\nSite Engineer | BSc in civil engineering | 10 years\nSafety Officer | IOSH Managing Safely | 5 years\n",
		[]string{"technical mandatory bsc in civil engineering", "technical mandatory iosh managing safely"}},
	{"5", "an evaluation table: the bidder's attributes optional, the proposal's none", "requirement",
		subjectsTablesObligationsTender + "Evaluation\nCriterion | Weight\nMethodology and work plan | 40%\nExperience in similar port projects | 25%\nQualifications of the proposed personnel | 15%\nFinancial proposal | 20%\n",
		[]string{"experience optional experience in similar port", "technical optional qualifications of the proposed"}},
}

func TestObl23Families(t *testing.T) {
	for _, c := range subjectsTablesObligationsCases {
		got := firstSixConventionItems(extractText(t, c.text), c.typ)
		if msg := compareObligationItems(got, c.want); msg != "" {
			t.Errorf("family %s, %s (%s):\n%s", c.family, c.name, c.typ, msg)
		}
	}
}
