package documentfacts

import "testing"

// Round 18c (issue 29, session 20; docs/documents.md "round 18c, the
// rules follow conventions 27-32"): each case is a document of our own
// and the facts of one type it must give, read as in bondsParentDatesConventionCases: a case
// fails on a wanted fact missing and on any other fact of that type.

var requirementConventionsCases = []struct {
	decision, name, typ, text string
	want                      []string
}{
	// Decision 28: each document a submit sentence or list item names is
	// a documentation line of its own; a noun with joined modifiers is
	// one.
	{"28", "two documents in one list item", "requirement",
		signingBondsConventionTender + "## Documents to Submit\n\nThe bid shall include:\n- a copy of the Commercial Registration certificate and the Chamber of Commerce membership card;\n- the technical data sheets and layout drawings.\n",
		[]string{"documentation mandatory commercial registration", "documentation mandatory chamber of commerce", "documentation mandatory data sheets", "documentation mandatory layout drawings"}},
	{"28", "a CV and copies of certificates in one sentence", "requirement",
		"VACANCY: Site Accountant\n\nBatinah Schools Development Company SAOC is hiring a Site Accountant.\n\nRequirements:\n- A degree in accounting.\n\nApplicants should send a CV and copies of certificates to jobs@batinah.example.\n",
		[]string{"eligibility mandatory degree", "documentation optional cv", "documentation optional copies of certificates"}},
	{"28", "Arabic: catalogues and specifications", "requirement",
		signingBondsConventionTenderAR + "## المستندات المطلوبة\n\nيجب أن يتضمن العطاء ما يلي:\n- الكتالوجات والمواصفات الفنية للكراسي المعروضة.\n- السجل التجاري وشهادة الانتساب إلى غرفة التجارة.\n",
		[]string{"documentation mandatory الكتالوجات", "documentation mandatory المواصفات الفنية", "documentation mandatory السجل التجاري", "documentation mandatory شهادة الانتساب"}},
	{"28", "two documents and a second duty", "requirement",
		"CALL FOR APPLICATIONS: Summer Internship 2027\n\nBatinah Schools Development Company SAOC invites applications for its summer internship.\n\nEligibility:\n- Students in their final year of engineering.\n\nApplications must include a CV and academic transcripts and be sent by 30 September 2027.\n",
		[]string{"eligibility mandatory final year", "documentation mandatory cv", "documentation mandatory academic transcripts"}},
	{"28", "Arabic: a registration and a membership of a chamber with و in its name", "requirement",
		signingBondsConventionTenderAR + "## المستندات المطلوبة\n\nيجب أن يتضمن العطاء ما يلي:\n- صورة السجل التجاري وشهادة الانتساب لغرفة تجارة وصناعة عمان.\n- كتالوجات فنية ونتائج اختبارات الكراسي المعروضة.\n",
		[]string{"documentation mandatory صورة السجل التجاري", "documentation mandatory شهادة الانتساب لغرفة تجارة وصناعة عمان", "documentation mandatory كتالوجات فنية", "documentation mandatory نتائج اختبارات"}},
	{"28", "a copy of one and of another", "requirement",
		signingBondsConventionTender + "## Documents to Submit\n\nThe bid shall include:\n- a copy of the CR and of the VAT registration certificate;\n",
		[]string{"documentation mandatory copy of the cr", "documentation mandatory vat registration certificate"}},
	{"28 neg", "CVs of two roles stay one", "requirement",
		signingBondsConventionTender + "## Documents to Submit\n\nThe bid shall include:\n- CVs of the project manager and the site engineer.\n",
		[]string{"documentation mandatory cvs of the project manager and the site engineer"}},
	{"28 neg", "statements for three years stay one", "requirement",
		signingBondsConventionTender + "## Documents to Submit\n\nThe bid shall include:\n- audited financial statements for 2023, 2024 and 2025.\n",
		[]string{"documentation mandatory statements for 2023, 2024 and 2025"}},
	{"28 neg", "degree and NEBOSH certificates stay one", "requirement",
		signingBondsConventionTender + "## Documents to Submit\n\nThe bid shall include:\n- copies of degree and NEBOSH certificates of the safety officer.\n",
		[]string{"documentation mandatory degree and nebosh certificates"}},
	{"28 neg", "a list qualified by a with-phrase stays one", "requirement",
		signingBondsConventionTender + "## Documents to Submit\n\nThe bid shall include:\n- A list of similar contracts completed, with client references.\n",
		[]string{"documentation mandatory client references"}},
	// Decision 29: years of experience of the bidder are experience; of
	// the staff it fields technical.
	{"29", "Arabic: the bidder's years outside a requirements heading", "requirement",
		signingBondsConventionTenderAR + "## تعليمات للمتناقصين\n\n١. يجب أن لا تقل خبرة المتقدم عن خمس سنوات في مجال التوريد.\n",
		[]string{"experience mandatory خبرة المتقدم"}},
	{"29", "Arabic: ألا تقل خبرته joined to a registration", "requirement",
		signingBondsConventionTenderAR + "## شروط الاشتراك\n\n١. أن يكون المناقص مسجلاً في السجل التجاري، وألا تقل خبرته عن خمس سنوات في أعمال مماثلة.\n",
		[]string{"eligibility mandatory السجل التجاري", "experience mandatory خبرته"}},
	{"29", "the bidder's years and the project manager's", "requirement",
		signingBondsConventionTender + "## Eligibility\n\n1. The bidder must have a minimum of 5 years' experience in similar works.\n2. The project manager must have at least 10 years of experience.\n",
		[]string{"experience mandatory 5 years", "technical mandatory project manager"}},
	// Decision 30: a negative or "only ... may apply" condition is one
	// mandatory eligibility requirement; a rule on the bids nothing.
	{"30", "not eligible, may apply only, may not apply", "requirement",
		signingBondsConventionTender + "## 1. Instructions to Bidders\n\n1.1 Firms that are debarred by the Tender Board are not eligible to participate.\n1.2 Foreign companies may apply only in a joint venture with an Omani company.\n1.3 Companies not registered with the Tender Board may not apply.\n1.4 Late bids will not be accepted.\n",
		[]string{"eligibility mandatory debarred", "eligibility mandatory joint venture", "eligibility mandatory not registered"}},
	{"30", "Arabic: لا يحق للشركات غير المسجلة التقدم", "requirement",
		signingBondsConventionTenderAR + "## تعليمات للمتناقصين\n\n١. لا يحق للشركات غير المسجلة في وزارة التجارة التقدم لهذه المناقصة.\n٢. لا تقبل العطاءات المتأخرة.\n",
		[]string{"eligibility mandatory غير المسجلة"}},
	{"30", "Arabic: the condition is no obligation", "obligation",
		signingBondsConventionTenderAR + "## تعليمات للمتناقصين\n\n١. لا يحق للشركات غير المسجلة في وزارة التجارة التقدم لهذه المناقصة.\n",
		nil},
	// Decision 31: a passive instruction how bids are submitted is an
	// obligation of -, no requirement.
	{"31", "bids submitted through the portal", "obligation",
		signingBondsConventionTender + "## 1. Instructions to Bidders\n\n1.1 Bids shall be submitted through the e-tendering portal.\n",
		[]string{"- must submitted through the e-tendering portal"}},
	{"31", "Arabic: تقدم العطاءات في مظروفين", "obligation",
		signingBondsConventionTenderAR + "## تعليمات للمتناقصين\n\n١. تقدم العطاءات في مظروفين منفصلين.\n",
		[]string{"- must مظروفين"}},
	{"31 neg", "Arabic: no requirement of the envelopes", "requirement",
		signingBondsConventionTenderAR + "## تعليمات للمتناقصين\n\n١. تقدم العطاءات في مظروفين منفصلين.\n",
		nil},
	// Decision 32: a site visit or pre-bid meeting the bidder must attend
	// is a mandatory eligibility requirement, not an obligation; an
	// optional visit nothing.
	{"32", "a pre-bid meeting and a mandatory site visit", "requirement",
		signingBondsConventionTender + "## 1. Instructions to Bidders\n\n1.1 Bidders must attend a pre-bid meeting at the Company's office on 3 May 2026.\n1.2 Attendance at the site visit on 5 May 2026 is mandatory.\n1.3 A site visit is recommended; bidders may visit the site on 4 May 2026.\n",
		[]string{"eligibility mandatory pre-bid meeting", "eligibility mandatory attendance at the site visit"}},
	{"32", "the meeting is no obligation", "obligation",
		signingBondsConventionTender + "## 1. Instructions to Bidders\n\n1.1 Bidders must attend a pre-bid meeting at the Company's office on 3 May 2026.\n",
		nil},
	{"32", "Arabic: حضور الاجتماع التمهيدي", "requirement",
		signingBondsConventionTenderAR + "## تعليمات للمتناقصين\n\n١. يجب على المتناقصين حضور الاجتماع التمهيدي يوم ٣ مايو ٢٠٢٦.\n٢. يمكن للمتناقصين زيارة الموقع يوم ٤ مايو ٢٠٢٦.\n",
		[]string{"eligibility mandatory الاجتماع التمهيدي"}},
	{"32", "Arabic: the meeting is no obligation", "obligation",
		signingBondsConventionTenderAR + "## تعليمات للمتناقصين\n\n١. يجب على المتناقصين حضور الاجتماع التمهيدي يوم ٣ مايو ٢٠٢٦.\n",
		nil},
	// Decision 27: "Neither party" one each_party line; parties named
	// one must_not line each.
	{"27", "neither the Supplier nor the Buyer; neither party", "obligation",
		"SUPPLY AGREEMENT\n\nThis Agreement is made on 2 March 2026 between Sohar Furniture LLC (the \"Supplier\") and Batinah Schools Development Company SAOC (the \"Buyer\").\n\n1. Neither the Supplier nor the Buyer shall disclose the prices to third parties.\n2. Neither party shall assign this Agreement.\n",
		[]string{"supplier must_not disclose", "buyer must_not disclose", "each_party must_not assign"}},
	{"27", "Arabic: لا يجوز للمؤجر ولا للمستأجر; لأي من الطرفين", "obligation",
		"عقد إيجار\n\nأبرم هذا العقد بتاريخ ٢ مارس ٢٠٢٦ بين شركة صحار للعقارات ش.م.م (\"المؤجر\") وشركة الباطنة للكتب ش.م.م (\"المستأجر\").\n\n١. لا يجوز للمؤجر ولا للمستأجر إفشاء شروط هذا العقد للغير.\n٢. لا يجوز لأي من الطرفين التنازل عن هذا العقد.\n",
		[]string{"landlord must_not إفشاء", "tenant must_not إفشاء", "each_party must_not التنازل"}},
}

// TestConv20cConventions: each case gives exactly the facts it wants.
// go test -p 1 ./capabilities/documentfacts -run TestConv20cConventions -v
func TestConv20cConventions(t *testing.T) {
	for _, c := range requirementConventionsCases {
		got := bondsParentDatesConventionItems(extractText(t, c.text), c.typ)
		if msg := compareObligationItems(got, c.want); msg != "" {
			t.Errorf("decision %s, %s (%s):\n%s", c.decision, c.name, c.typ, msg)
		}
	}
}
