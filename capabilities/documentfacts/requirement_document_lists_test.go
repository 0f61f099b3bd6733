package documentfacts

import "testing"

// Issue 29, session 16, round 14: requirements from heldout11's classes
// (docs/documents.md, "round 14, parties, obligations and requirements
// from heldout11"). Sentences of our own in English and Arabic, guards
// among them; the fields read as in TestRound12.
func TestRound14Requirements(t *testing.T) {
	for _, tc := range []roundCase{
		// R1: categories by what the requirement asks.
		{"counted past work is experience",
			"Pre-qualification of Marine Surveyors\n\n1. Eligibility\n\n1.1 Applicants must have completed at least four (4) hull surveys for ship owners in the GCC.\n1.2 Applicants must have served at least three (3) port authority clients.",
			[]string{"experience|mandatory|hull surveys", "experience|mandatory|port authority clients"}, nil, nil, nil},
		// (Session 18's decision 1: the bidder's staff are key staff,
		// technical; requirement_conventions.go.)
		{"staff certification preferred is technical",
			"Pre-qualification of IT Auditors\n\n1. Eligibility\n\n1.1 Applicants must be licensed in Oman.\n1.2 Staff holding the CISA certification are preferred.",
			[]string{"technical|optional|CISA"}, nil, nil, nil},
		{"arabic: owning a facility is technical",
			"إعلان تأهيل مسبق لمقاولي الصيانة\n\nشروط التأهيل\n\n١. يجب أن يكون المتقدم مسجلاً في السجل التجاري.\n٢. يفضل أن يمتلك المتقدم مستودعاً في مسقط.",
			[]string{"technical|optional|مستودعاً", "eligibility|mandatory|مسجلاً"}, nil, nil, nil},
		{"guard: an ISO certificate stays compliance",
			"Pre-qualification of IT Auditors\n\n1. Eligibility\n\n1.1 Applicants must hold ISO 27001 certification.",
			[]string{"compliance|mandatory|ISO 27001"}, nil, nil, nil},
		// R2: the documents a bid must hold, listed in one sentence.
		{"a list of three documents in one sentence",
			"Pre-qualification of Cleaning Contractors\n\n2. Submission\n\n2.1 Each application shall include the commercial registration, the audited accounts and two client references.",
			[]string{"documentation|mandatory|commercial registration", "documentation|mandatory|audited accounts", "documentation|mandatory|two client references"}, nil, nil, nil},
		{"arabic: a list of three documents in one sentence",
			"إعلان تأهيل مسبق لمقاولي النظافة\n\nالمستندات\n\n٢-١ يجب أن يتضمن كل طلب السجل التجاري وشهادة الأيزو وثلاث رسائل توصية.",
			[]string{"documentation|mandatory|السجل التجاري", "documentation|mandatory|شهادة الأيزو", "documentation|mandatory|ثلاث رسائل توصية"}, nil, nil, nil},
		{"a pair of documents is two requirements", // session 20 decision 28 (requirement_conventions.go): was one requirement
			"Pre-qualification of Cleaning Contractors\n\n2. Submission\n\n2.1 Each application shall include the questionnaire and the audited accounts.",
			[]string{"documentation|mandatory|questionnaire", "documentation|mandatory|the audited accounts"}, nil, nil, nil},
		{"guard: documents and a second duty are not three documents",
			"Internship Programme\n\nHow to apply\n\nApplications must include a CV and a transcript and be sent by 30 June 2027.",
			nil, []string{"be sent by"}, nil, nil},
		// R3: a bonds and fees table under a requirements heading.
		{"arabic: a bonds table gives the bonds, not its cells",
			"طلب عروض أسعار لتوريد أسمدة\n\nالضمانات والرسوم\n\n| البند | المبلغ (ر.ع.) |\n|---|---|\n| رسوم وثائق الطلب | ٢٠٫٠٠٠ |\n| ضمان العطاء | ٥٠٠٫٠٠٠ |\n\nيلتزم المورد بتوريد الأسمدة خلال أسبوع.",
			[]string{"financial|mandatory|ضمان العطاء"}, []string{"المبلغ", "٢٠٫٠٠٠", "٥٠٠٫٠٠٠", "رسوم وثائق"}, nil, nil},
		// R4: conditions on the one applying's standing or staff, outside a heading.
		{"an RFQ's desirable membership and staff experience",
			"Request for Quotation: Interpreting Services\nIssued by Sur Events LLC.\n\n1. Who may quote\n\nBidders must be licensed by the Ministry of Commerce.\nEach interpreter proposed must have at least three (3) years of conference experience.\nAccreditation by a recognised interpreters' association is an advantage.",
			[]string{"technical|mandatory|three (3) years", "eligibility|optional|Accreditation"}, nil, nil, nil}, // key staff: session 18, decision 1
		{"guard: a contract's staff clause is no requirement",
			"Services Agreement between Sur Events LLC (the \"Client\") and Reef Interpreting SPC (the \"Provider\").\nEach interpreter assigned must have at least three (3) years of conference experience.",
			nil, []string{"three (3) years"}, nil, nil},
		// O3: the successful applicants' bond under a heading is also their duty.
		{"pre-qualification: the winners' bond is a requirement and a duty",
			"Vendor Pre-qualification for Pipe Coating\n\n## 3. Financial standing\n\n3.1 Applicants must show a turnover of not less than OMR 500,000.\n3.2 The successful applicants shall provide a performance bond of OMR 20,000 on signing.",
			[]string{"financial|mandatory|performance bond"}, nil, nil, []string{"bidder must: provide a performance bond"}},
		// O4: attaching to one's own bid binds the bidder.
		{"arabic RFQ: the supplier attaches to its offer",
			"طلب عروض أسعار لتوريد أعلاف\nتدعو شركة صحار للدواجن ش.م.م الموردين إلى تقديم عروضهم.\n\nالمستندات المطلوبة\n\nيجب أن يرفق المورد بعرضه ما يلي:\n\n- نسخة من السجل التجاري؛\n- شهادة التحليل.\n\nشروط التوريد\n\nيلتزم المورد بتوريد الأعلاف خلال أسبوع من أمر الشراء.",
			[]string{"documentation|mandatory|السجل التجاري"}, nil, nil, []string{"bidder must: يرفق", "supplier must: بتوريد"}},
	} {
		t.Run(tc.name, tc.checkMarkdown)
	}
}
