package documentfacts

import (
	"strings"
	"testing"
)

// reqCase: a document and the requirements it must and must not give,
// each "category|mandatory|words of its text" (optional: "optional").
type reqCase struct {
	name string
	out  func(t *testing.T) Output
	want []string
	not  []string
}

func reqLines(out Output) []string {
	var got []string
	for _, r := range out.Requirements {
		m := "optional"
		if r.Mandatory {
			m = "mandatory"
		}
		got = append(got, r.Category+"|"+m+"|"+r.Requirement)
	}
	return got
}

// hasReq: a requirement of the category and flag whose text holds words.
func hasReq(got []string, w string) bool {
	p := strings.SplitN(w, "|", 3)
	for _, g := range got {
		q := strings.SplitN(g, "|", 3)
		// A wrapped item keeps its line break; compare its words.
		text, words := strings.Join(strings.Fields(strings.ToLower(q[2])), " "), strings.ToLower(p[2])
		ok := strings.Contains(text, words)
		if w, cut := strings.CutPrefix(words, "^"); cut {
			ok = strings.HasPrefix(text, w) // "^": the text opens with the words
		}
		if (p[0] == "*" || q[0] == p[0]) && (p[1] == "*" || q[1] == p[1]) && ok {
			return true
		}
	}
	return false
}

func checkReqs(t *testing.T, cases []reqCase) {
	t.Helper()
	for _, c := range cases {
		got := reqLines(c.out(t))
		for _, w := range c.want {
			if !hasReq(got, w) {
				t.Errorf("%s: requirement %q missing; got %q", c.name, w, got)
			}
		}
		for _, n := range c.not {
			if hasReq(got, n) {
				t.Errorf("%s: requirement %q found; got %q", c.name, n, got)
			}
		}
	}
}

func textDoc(s string) func(t *testing.T) Output {
	return func(t *testing.T) Output { return extractText(t, s) }
}

func mdDoc(s string) func(t *testing.T) Output {
	return func(t *testing.T) Output { return extractMarkdown(t, s) }
}

func htmlDoc(s string) func(t *testing.T) Output {
	return func(t *testing.T) Output { return extractHTML(t, s) }
}

// TestTenderSectionsRound7c: in a tender, a heading that names a category
// opens a section of requirements and gives the category of an item whose
// own words name none (issue 29, round 7c): "TECHNICAL REQUIREMENTS",
// "EXPERIENCE", "FINANCIAL AND INSURANCE", "الخبرة والقدرة الفنية"; the
// document's title ("... NOTICE") opens none; an upper-case heading of
// another kind ends it.
func TestTenderSectionsRound7c(t *testing.T) {
	checkReqs(t, []reqCase{
		{"technical heading", textDoc("REQUEST FOR QUOTATION\nRFQ No. 44/2027\n\n2. TECHNICAL REQUIREMENTS\n(a) Each pump must deliver 40 m3/h at 60 m head.\n(b) Motors shall be rated IP55 or better.\n(c) Preferably, the pumps carry a variable-speed drive.\n\n3. PAYMENT\n3.1 The Buyer shall pay within 30 days of each invoice."),
			[]string{"technical|mandatory|40 m3/h", "technical|mandatory|IP55", "technical|optional|variable-speed"},
			[]string{"*|*|within 30 days"}},
		{"experience heading decides", textDoc("INVITATION TO TENDER\n\n4. EXPERIENCE\n- At least three (3) certified welders on the bidder's payroll.\n- A minimum of two completed pipelines in the last six years."),
			[]string{"technical|mandatory|certified welders", "experience|mandatory|completed pipelines"}, nil}, // key staff: session 18, decision 1
		{"two categories, first is fallback", textDoc("PRE-QUALIFICATION\n\n2. EXPERIENCE AND TECHNICAL CAPACITY\n- one incinerator of 20 tonnes per day run by the applicant for two years;\n- ISO 45001 certification.\n\n3. FINANCIAL CAPACITY AND INSURANCE\n- average annual turnover of at least QAR 4,000,000 over three years;\n- employer's liability insurance of at least QAR 2,000,000."),
			[]string{"experience|mandatory|incinerator", "compliance|mandatory|ISO 45001", "financial|mandatory|turnover", "insurance|mandatory|employer's liability"}, nil},
		{"arabic category heading", textDoc("مناقصة رقم 9/2027\n\n2. الخبرة والقدرة الفنية\n- تشغيل مصنع واحد على الأقل لمدة سنتين؛\n- مدير مشروع ذو خبرة لا تقل عن ثماني سنوات؛\n\n3. الضمانات والتأمين\n- ضمان عطاء بقيمة 3,000 ر.ع. صالح لمدة تسعين يوماً.\n- وثيقة تأمين ضد الحريق لا تقل قيمتها عن 100,000 ر.ع."),
			[]string{"experience|mandatory|تشغيل مصنع", "technical|mandatory|مدير مشروع", // key staff: session 18, decision 1
				"financial|mandatory|ضمان عطاء", "insurance|mandatory|الحريق"}, nil},
		{"title is no section", textDoc("PREQUALIFICATION NOTICE\n\nThe Authority invites contractors to apply for prequalification for the dredging of the harbour basin.\n\n1. ELIGIBILITY\n1.1 Applicants must hold a valid Commercial Registration."),
			[]string{"eligibility|mandatory|Commercial Registration"}, []string{"*|*|invites contractors"}},
		{"arabic ordinal heading ends the section", textDoc("مناقصة رقم 8/2027\n\nثانياً: الشروط المالية\n1. ألا يقل رأس المال عن 80,000 ر.ع.\n\nثالثاً: أحكام عامة\n1. الشركة غير ملزمة بقبول أقل العطاءات."),
			[]string{"financial|mandatory|رأس المال"}, []string{"*|*|غير ملزمة"}},
		{"proposal headings are no requirements", textDoc("REQUEST FOR PROPOSAL\n\n2. TECHNICAL PROPOSAL\n2.1 The technical proposal shall describe the test plan.\n\n3. FINANCIAL OFFER\n3.1 Prices shall be quoted in Bahraini Dinars.\n\n4. QUALIFICATION REQUIREMENTS\n4.1 The bidder must have supplied fenders to at least two ports."),
			[]string{"experience|mandatory|supplied fenders"}, []string{"*|*|test plan", "*|*|Bahraini Dinars"}},
		{"upper-case heading ends the section", textDoc("REQUEST FOR QUOTATION\n\nREQUIREMENTS\n- Authorised distributor of the brand in Kuwait\nCOMMERCIAL TERMS\n- Prices in Kuwaiti Dinars, fixed for the contract"),
			[]string{"eligibility|mandatory|Authorised distributor"}, []string{"*|*|Prices in Kuwaiti"}},
		// A contract citing the tender it was awarded under is no tender.
		{"contract citing a tender", textDoc("CONTRACT No. 31/2027\nTender No. 12/2027\n\nThis Agreement is made on 2 May 2027 between the Ministry and Ghala Builders LLC.\n\n9. INSURANCE\n9.1 The Contractor shall insure the works for their full value."),
			nil, []string{"*|*|insure the works"}},
		// Not a tender: a contract's "Insurance" heading opens no section
		// of requirements.
		{"contract insurance heading", textDoc("SERVICES AGREEMENT\n\n7. INSURANCE\n7.1 The Contractor shall keep public liability insurance of OMR 500,000 during the term."),
			nil, []string{"*|*|public liability"}},
	})
}

// TestTenderItemsRound7c: a list item wrapped over lines is one
// requirement; a lead-in line keeps its section and is no requirement; a
// numbered item the reader takes for a heading is still an item; an
// Arabic item worded as a condition (أن يكون / ألا) is one, also with an
// amount; a sentence cut after ر.ع. goes on; the successful bidder's
// performance bond is a financial requirement (and stays an obligation);
// the bid's own validity is none.
func TestTenderItemsRound7c(t *testing.T) {
	checkReqs(t, []reqCase{
		{"wrapped item", textDoc("REQUEST FOR QUOTATION\n\n3. ELIGIBILITY\n3.1 Bidders must hold a valid Commercial Registration in Qatar whose activities\ninclude the trading of medical gases.\n3.2 Bidders must be listed in the buyer's vendor register."),
			[]string{"eligibility|mandatory|whose activities include the trading"}, []string{"*|*|^include"}},
		{"wrapped onto a capital", textDoc("INVITATION TO TENDER\n\n1. ELIGIBILITY\n1.1 Tenderers must hold a valid licence issued by the Ministry of Energy and\nMinerals of the Sultanate of Oman.\n\n1. الأهلية\n1.1 يجب أن يكون المناقص مرخصاً من وزارة الطاقة والمعادن."),
			[]string{"eligibility|mandatory|Ministry of Energy and Minerals"}, []string{"*|*|الأهلية", "*|*|^Minerals"}},
		{"short item then a statement", textDoc("REQUEST FOR PROPOSALS\nRequired documents\n- Organisation chart\nThe evaluation fee is OMR 10.000."),
			[]string{"documentation|*|Organisation chart"}, []string{"*|*|evaluation fee"}},
		{"bank letter under documents", mdDoc("# Prequalification\n\n### 3. Application documents\n\nApplicants shall submit:\n\n- a bank letter confirming credit facilities of AED 5,000,000;\n- a bid bond of AED 50,000.\n"),
			[]string{"documentation|mandatory|bank letter", "financial|mandatory|bid bond"}, nil},
		{"condition and preference", textDoc("مناقصة رقم 12\n\nشروط التأهيل\n1. أن يكون المناقص حاصلاً على شهادة ISO 14001، ويفضل حصوله على شهادة ISO 50001.\n\nREQUEST FOR QUOTATION\n\nELIGIBILITY\n- Registration with the Chamber of Commerce, preferably for more than five years."),
			[]string{"compliance|mandatory|ISO 14001", "compliance|optional|ISO 50001", "eligibility|mandatory|Registration with the Chamber", "*|optional|preferably for more"},
			[]string{"compliance|mandatory|ISO 50001"}},
		{"bilingual items, then the issuer's right", textDoc("INVITATION TO BID / دعوة لتقديم العطاءات\n\nDOCUMENTS / المستندات\n- Audited accounts for the last two years / الحسابات المدققة لآخر سنتين\n- Bid bond of QAR 25,000 valid for ninety days / ضمان عطاء بقيمة 25,000 ريال قطري\n\nThe Company reserves the right to reject any bid.\nتحتفظ الشركة بحقها في رفض أي عطاء."),
			[]string{"documentation|mandatory|Audited accounts", "documentation|mandatory|الحسابات المدققة", "financial|mandatory|Bid bond", "financial|mandatory|ضمان عطاء"},
			[]string{"*|*|reserves the right", "*|*|تحتفظ"}},
		{"lead-in and heading items", textDoc("REQUEST FOR QUOTATION\n\n6. DOCUMENTS TO SUBMIT\nEach offer must contain the following documents:\n1. Copy of the trade licence\n2. Company profile with organisation chart\n3. Signed bill of quantities\n\n7. SUBMISSION\nOffers must be sent by e-mail."),
			[]string{"documentation|mandatory|trade licence", "documentation|mandatory|organisation chart", "documentation|mandatory|bill of quantities"},
			[]string{"*|*|must contain the following"}},
		{"arabic lead-in", textDoc("مناقصة عامة\n\n4. المستندات\nعلى المناقص أن يرفق بعطائه ما يلي:\n(أ) شهادة عضوية الغرفة سارية؛\n(ب) كشف حساب بنكي لآخر ستة أشهر؛"),
			[]string{"documentation|mandatory|شهادة عضوية", "documentation|mandatory|كشف حساب"}, []string{"*|*|ما يلي"}},
		{"arabic conditions with amounts", htmlDoc(`<h1>إعلان مناقصة</h1><h2>شروط التأهيل</h2><ol><li>أن يكون المناقص قد نفذ مشروعين مماثلين لا تقل قيمة كل منهما عن 250,000 ر.ع.</li><li>ألا يقل رأس المال المدفوع عن 100,000 ر.ع. في آخر ميزانية معتمدة.</li></ol>`),
			[]string{"experience|mandatory|مشروعين مماثلين", "financial|mandatory|في آخر ميزانية"}, nil},
		{"winner's performance bond", textDoc("TENDER No. 7/2027\n\nGENERAL CONDITIONS\n1. The successful tenderer shall furnish a performance guarantee of 5% of the contract price within 21 days of award.\n2. Tenders shall remain valid for ninety (90) days."),
			[]string{"financial|mandatory|performance guarantee"}, []string{"*|*|remain valid"}},
		{"arabic bid validity is none", textDoc("مناقصة رقم 3\n\nالشروط العامة\n- يجب أن يرفق بالعطاء ضمان بنكي بقيمة 900 ر.ع.\n- تظل العطاءات سارية لمدة تسعين يوماً."),
			nil, []string{"*|*|سارية لمدة"}},
	})
	// The performance bond of the successful bidder is also its duty.
	out := extractText(t, "TENDER No. 7/2027\n\nGENERAL CONDITIONS\n1. The successful tenderer shall furnish a performance guarantee of 5% of the contract price within 21 days of award.")
	if len(out.Obligations) == 0 {
		t.Errorf("performance guarantee: no obligation; got %+v", out.Obligations)
	}
}

// TestTenderTablesRound7c: a row of a requirements table is read by its
// cells: its status cell (Mandatory / Preferred / Optional / إلزامي /
// يفضل / اختياري) gives the flag, a category cell the category, each text
// cell one requirement (one per language); a header row gives none.
func TestTenderTablesRound7c(t *testing.T) {
	checkReqs(t, []reqCase{
		{"category column", mdDoc("# Prequalification of dredging contractors\n\n## 2. Criteria\n\n| # | Criterion | Category | Status |\n|---|---|---|---|\n| 2.1 | Ownership of a cutter-suction dredger | Technical | Preferred |\n| 2.2 | Bank facilities of at least AED 8,000,000 | Financial | Mandatory |\n| 2.3 | Membership of the national contractors' union | Eligibility | Mandatory |\n"),
			[]string{"technical|optional|cutter-suction", "financial|mandatory|Bank facilities", "eligibility|mandatory|contractors' union"},
			[]string{"*|*|Criterion"}},
		{"bilingual rows", htmlDoc(`<h1>Invitation to Bid / دعوة لتقديم العطاءات</h1><h2>Requirements / المتطلبات</h2><table><tr><th>#</th><th>Requirement</th><th>المتطلب</th><th>Status / الحالة</th></tr><tr><td>1</td><td>Training of the client's operators by the maker.</td><td>تدريب مشغلي العميل من قبل الصانع.</td><td>Optional / اختياري</td></tr><tr><td>2</td><td>Pumps assembled in a GCC country.</td><td>مضخات مجمعة في إحدى دول الخليج.</td><td>Preferred / يفضل</td></tr><tr><td>3</td><td>Bid bond of OMR 1,000 valid for 90 days.</td><td>ضمان عطاء بقيمة 1,000 ر.ع.</td><td>Mandatory / إلزامي</td></tr></table>`),
			[]string{"technical|optional|Training of the client", "technical|optional|تدريب مشغلي", "compliance|optional|assembled in a GCC", "compliance|optional|مجمعة في", "financial|mandatory|Bid bond", "financial|mandatory|ضمان عطاء"},
			[]string{"*|*|Status", "*|*|Mandatory / إلزامي", "*|*|المتطلب"}},
	})
}

// TestTenderCategoriesRound7c: category words of tender items: an
// authorised dealer and a joint venture are eligibility; a manufacturer's
// authorisation and a registration certificate documentation; local
// content and "assembled in" compliance; staff and past supplies in the
// last years experience; a tax or social-insurance clearance compliance;
// conformity to specifications technical; a condition whose proof is
// asked for "with" a second clause keeps its own category.
func TestTenderCategoriesRound7c(t *testing.T) {
	for _, c := range []struct{ item, cat string }{
		{"Authorised agent of the manufacturer in Bahrain", "eligibility"},
		{"وكيل معتمد للشركة المصنعة في سلطنة عمان", "eligibility"},
		{"Foreign firms may bid only in a joint venture with a local firm.", "eligibility"},
		{"Manufacturer's authorisation for the valves offered", "documentation"},
		{"Valid municipality registration certificate", "documentation"},
		{"In-Country Value plan with at least 20% local content", "compliance"},
		{"خطة للقيمة المحلية المضافة", "compliance"},
		{"Supply of at least 300 transformers to utilities during the last four years", "experience"},
		{"شهادة من جهاز الضرائب تفيد بعدم وجود مستحقات", "compliance"},
		{"أن تكون اللوحات المقترحة مطابقة للمواصفات المعتمدة، مع إرفاق الكتالوجات", "technical"},
		{"أن يكون لدى المتقدم خبرة لا تقل عن أربع سنوات، مع تقديم ما يثبت ذلك", "experience"},
	} {
		if got := requirementCategory(c.item, "REQUIREMENTS"); got != c.cat {
			t.Errorf("%q: category %s, want %s", c.item, got, c.cat)
		}
	}
	if got := requirementCategory("تقديم شهادة من الهيئة العامة للتأمينات الاجتماعية بسداد الاشتراكات", "شروط الاشتراك"); got != "compliance" {
		t.Errorf("social insurance clearance: %s, want compliance", got)
	}
	// A document under a documents heading stays documentation even when
	// it is a clearance.
	if got := requirementCategory("Tax clearance certificate", "Documents to be submitted"); got != "documentation" {
		t.Errorf("clearance under a documents heading: %s, want documentation", got)
	}
}

// TestWrappedPassiveRequiredRound7c: a line that carries on the sentence
// of a long line before it is no sentence of its own: "... a retention of
// five per cent of the Contract" / "Sum of QAR 900,000 is required." gives
// no requirement, while a whole sentence does.
func TestWrappedPassiveRequiredRound7c(t *testing.T) {
	checkReqs(t, []reqCase{
		{"wrapped fragment", textDoc("Dear Sirs,\n\nWe understand that under the subcontract with your company a retention of five per cent of the Contract\nSum of QAR 900,000 is required.\n\nYours faithfully,"),
			nil, []string{"*|*|is required"}},
		{"whole sentence", textDoc("Dear Sirs,\n\nA site safety plan is required for every crew.\n\nYours faithfully,"),
			[]string{"*|mandatory|site safety plan"}, nil},
	})
}
