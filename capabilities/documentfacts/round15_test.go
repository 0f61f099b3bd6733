package documentfacts

import (
	"strings"
	"testing"
)

// Issue 29, session 17, round 15: requirements, parties and obligations
// from heldout12's classes (docs/documents.md, "round 15, parties,
// obligations and requirements from heldout12"). Sentences of our own in
// English and Arabic, guards among them; the fields read as in
// TestRound12.
func TestRound15Requirements(t *testing.T) {
	for _, tc := range []roundCase{
		// R1: an engagement letter selects no one.
		{"arabic engagement letter: its scope list and terms are no requirements",
			"خطاب تكليف بمراجعة حسابات\n\nالسادة/ شركة الخليج للتجارة ذ.م.م\n\nيسر مكتب النور للتدقيق ذ.م.م (ويشار إليه بـ \"المدقق\") أن يؤكد شروط تكليفه وفق معايير التدقيق الدولية ومتطلبات هيئة السوق:\n١. مراجعة القوائم المالية لعام ٢٠٢٦.\n٢. إعداد تقرير الإدارة.\nيلتزم العميل بتزويد المدقق بالسجلات خلال عشرة أيام.",
			nil, []string{"مراجعة القوائم", "إعداد تقرير", "بتزويد"}, nil, nil},
		{"english engagement letter",
			"ENGAGEMENT LETTER - PAYROLL AUDIT\n\nThis letter sets out our terms. The requirements of the Labour Law apply:\n1. The Client must provide payroll records.\n2. Copies of contracts are required.",
			nil, []string{"payroll records", "copies of contracts"}, nil, nil},
		// R2: a lead-in whose verb is upload.
		{"applicants shall upload the following documents",
			"Call for Applications - Innovation Voucher\n\n3. Application documents\n\nEach applicant shall upload the following documents:\n\n- the signed application form;\n- a copy of the trade licence;\n- a project budget.",
			[]string{"documentation|mandatory|application form", "documentation|mandatory|trade licence", "documentation|mandatory|project budget"}, nil, nil, nil},
		// R3: a heading that is the lead-in.
		{"a heading saying what the quotation must include",
			"# REQUEST FOR QUOTATION\n\nSur Ports SAOC (the \"Purchaser\") requests quotations for mooring ropes.\n\n## 2. Your quotation must include\n\n1. the priced bill of quantities;\n2. test reports of the ropes offered;\n3. a delivery programme.\n\n## 3. Terms\n\nThe supplier shall deliver within six (6) weeks.",
			[]string{"documentation|mandatory|bill of quantities", "documentation|mandatory|test reports", "documentation|mandatory|delivery programme"}, []string{"deliver within"}, nil, nil},
		// R4: a conditions heading naming the one bidding.
		{"arabic: conditions to be met by the one offering",
			"# طلب تقديم عروض لتشغيل مطعم\n\nتدعو شركة صحار للفنادق ش.م.م الشركات إلى تقديم عروضها.\n\n## أولاً: الشروط الواجب توافرها في مقدم العرض\n\n١. أن يكون مقدم العرض مسجلاً في السجل التجاري.\n٢. أن تكون لديه خبرة لا تقل عن خمس سنوات.\n٣. يفضل أن يكون لدى مقدم العرض طاهٍ معتمد.",
			[]string{"eligibility|mandatory|مسجلاً", "experience|mandatory|خبرة", "eligibility|optional|طاهٍ"}, nil, nil, nil},
		// R5: fees, rents and deposits under a requirements heading.
		{"arabic: a money table of fees and rent is no condition, a bond is",
			"# طلب تقديم عروض لتشغيل مقهى\n\n## ثالثاً: الشروط المالية\n\n| البند | المبلغ (ر.ع.) |\n|---|---|\n| رسم الاشتراك في المناقصة (غير مسترد) | ١٥٫٠٠٠ |\n| الإيجار الشهري (حد أدنى) | ٣٠٠٫٠٠٠ |\n| ضمان العطاء | ٥٠٠٫٠٠٠ |\n\nويجب ألا يتجاوز سعر فنجان القهوة ٠٫٥٠٠ ر.ع.",
			[]string{"financial|mandatory|ضمان العطاء"}, []string{"رسم الاشتراك", "الإيجار", "فنجان"}, nil, nil},
		// R6: owning or chartering the plant.
		{"owning a vessel is technical",
			"PRE-QUALIFICATION OF MARINE CONTRACTORS\n\n1. Requirements\n\n1.1 Applicants must own or have under charter at least one survey vessel.\n1.2 Applicants must be registered in Oman.",
			[]string{"technical|mandatory|survey vessel", "eligibility|mandatory|registered"}, nil, nil, nil},
		// R7: the proof after a semicolon.
		{"a proof clause after a semicolon is no requirement of its own",
			"REQUEST FOR QUOTATION\n\n2. Qualification of suppliers\n\n- Chairs must meet EN 1335 standards; test reports are required.\n- Suppliers must be registered in Oman.",
			[]string{"compliance|mandatory|en 1335"}, []string{"test reports are required"}, nil, nil},
		{"guard: a required document on its own line stays",
			"REQUEST FOR QUOTATION\n\n2. Qualification of suppliers\n\n- Suppliers must be registered in Oman.\n- Test reports are required.",
			[]string{"technical|mandatory|test reports"}, nil, nil, nil},
		// R8: a bond named in the documents list and in the bonds table.
		{"arabic: the listed bond is the document, the table's the condition",
			"# إعلان مناقصة عامة لتوريد مضخات\n\n## أولاً: المستندات المطلوبة\n\nيجب على المناقص أن يرفق بعطائه ما يلي:\n\n- صورة السجل التجاري؛\n- خطاب ضمان ابتدائي.\n\n## ثانياً: الضمانات\n\n| البند | المبلغ (ر.ع.) |\n|---|---|\n| الضمان الابتدائي | ١٬٠٠٠٫٠٠٠ |",
			[]string{"documentation|mandatory|خطاب ضمان ابتدائي", "financial|mandatory|الضمان الابتدائي"}, nil, nil, nil},
		// R9: a bond's validity.
		{"arabic: the bond's validity is no requirement",
			"إعلان مناقصة عامة لتوريد مضخات\n\nشروط التأهيل\n١. أن يكون المناقص مسجلاً لدى وزارة التجارة.\n٢. يجب أن يكون الضمان الابتدائي سارياً لمدة تسعين يوماً.",
			[]string{"eligibility|mandatory|مسجلاً"}, []string{"سارياً"}, nil, nil},
	} {
		if strings.HasPrefix(tc.text, "# ") {
			t.Run(tc.name, tc.checkMarkdown)
			continue
		}
		t.Run(tc.name, tc.check)
	}
}

// TestRound15Parties: classes P1-P6 and O1, with guards.
func TestRound15Parties(t *testing.T) {
	for _, tc := range []roundCase{
		// P1: a call's author defined by its kind, inviting after its address.
		{"a call's company inviting after its address is the issuer",
			"Call for Expressions of Interest\n\nSohar Wind Power SAOC (the \"Company\"), of P.O. Box 12, Sohar, Sultanate of Oman, invites experienced firms to express interest in the maintenance of its wind farm.\n\nThe Company shall acknowledge each submission within three (3) days.",
			nil, nil, map[string]string{"Sohar Wind Power SAOC": "issuer"}, []string{"issuer must: acknowledge"}},
		{"guard: a contract's company is no issuer",
			"SERVICES AGREEMENT\n\nThis Agreement is made between Sohar Wind Power SAOC (the \"Company\"), of P.O. Box 12, Sohar, and Ibri Cranes LLC (the \"Contractor\").",
			nil, nil, map[string]string{"Sohar Wind Power SAOC": "!issuer"}, nil},
		// P2: a contract party defined by the kind of body it is.
		{"a hospital defined as the Hospital",
			"MAINTENANCE CONTRACT\n\nThis Contract is made between Nizwa Care Hospital Co. SAOC, Nizwa (the \"Hospital\"), and Gulf Biomedical LLC, Muscat (the \"Contractor\").\n1. The Hospital shall pay the fees within thirty (30) days.\n2. The Contractor shall service the scanners.",
			nil, nil, map[string]string{"Nizwa Care Hospital Co. SAOC": "hospital", "Gulf Biomedical LLC": "contractor"}, []string{"hospital must: pay the fees"}},
		// P3: a writer defining itself "we".
		{"a firm defined as we binds its We",
			"ENGAGEMENT LETTER\n\nThis letter sets out the terms on which Khaleej Audit LLP (\"we\", the \"Auditor\") will audit Sur Foods SAOC (the \"Client\").\n\n2. We shall deliver the draft report within ten (10) days.",
			nil, nil, map[string]string{"Khaleej Audit LLP": "auditor"}, []string{"auditor must: deliver the draft report"}},
		// P4: defined role words new to the lexicon.
		{"arabic: a subscriber defined as such",
			"اتفاقية اشتراك\nالطرف الأول: شركة مسقط للاتصالات ش.م.م (ويشار إليها بـ \"مزود الخدمة\").\nالطرف الثاني: شركة نزوى للنقل ش.م.م (ويشار إليها بـ \"المشترك\").\n١. يدفع المشترك الرسوم الشهرية مقدماً.\n٢. لا يجوز للمشترك نقل الأجهزة.",
			nil, nil, map[string]string{"شركة نزوى للنقل ش.م.م": "subscriber"}, []string{"subscriber must: يدفع", "subscriber must_not: نقل"}},
		// P5 and P6: a letter's addressee and its writer's definition.
		{"arabic: the addressee defined as you, the writer's definition its own",
			"خطاب تكليف بمراجعة حسابات\n\nالسادة/ بنك صحار للتمويل ش.م.ع.م\nص.ب ١٢، صحار\n\nيسر مكتب الأمانة للتقييم ذ.م.م (ويشار إليه فيما يلي بـ \"المقيّم\")، ومقره مسقط، أن يؤكد شروط تكليفه من قبلكم (ويشار إليكم بـ \"العميل\") كما يلي:\n١. يقوم المقيّم بمعاينة العقار.\n٢. يدفع العميل الأتعاب.",
			nil, nil, map[string]string{"بنك صحار للتمويل ش.م.ع.م": "customer", "مكتب الأمانة للتقييم ذ.م.م": "valuer"}, []string{"valuer must: بمعاينة", "customer must: الأتعاب"}},
		// O1: a sentence opening with ولا يجوز.
		{"arabic: a prohibition opening with wa",
			"عقد صيانة\nبين شركة صحار ش.م.م (\"العميل\") وشركة نزوى ش.م.م (\"المقاول\").\n١. يلتزم المقاول بالصيانة الشهرية. ولا يجوز للمقاول التنازل عن العقد.",
			nil, nil, nil, []string{"contractor must_not: التنازل"}},
		// O2: what the bid must hold binds no one.
		{"each quotation must include is a duty with no party",
			"REQUEST FOR QUOTATION\n\nSur Ports SAOC (the \"Purchaser\") requests quotations for pumps.\n\nEach quotation must include:\n- a copy of the commercial registration;\n- a priced schedule.",
			[]string{"documentation|mandatory|commercial registration"}, nil, nil, []string{"- must: include"}},
		// O3: those who bid once chosen are bidders.
		{"grantees and pre-qualified contractors are bidders",
			"Call for Applications - Green Voucher\n\n5. Next steps\nEach grantee shall sign a grant agreement within ten (10) days.\nPre-qualified contractors shall provide a bid bond of OMR 5,000 with their tenders.",
			nil, nil, nil, []string{"bidder must: grant agreement", "bidder must: bid bond"}},
	} {
		t.Run(tc.name, tc.check)
	}
}

// TestRound15NoDuty: guards of class O2: a list a service includes is no
// duty.
func TestRound15NoDuty(t *testing.T) {
	out := extractText(t, "SERVICES AGREEMENT\nBetween Sur Ports SAOC (the \"Client\") and Ibri Cleaning LLC (the \"Contractor\").\n1. The services shall include cleaning of the offices.")
	for _, g := range evalItems(out) {
		if g.typ == "obligation" && strings.Contains(g.desc, "cleaning of the offices") && g.key == "-" {
			t.Errorf("obligation %q found", g.desc)
		}
	}
}
