package documentfacts

import "testing"

// Issue 29, session 17, round 15, second pass: the requirement families
// the first pass left (requirement_split_parts.go; docs/documents.md, "round 15,
// requirement families, second pass"). Each case is in our own words and
// lists every requirement it wants ("category|mode|anchor"); unless
// loose, any other requirement fails it, so each is a negative test too.
var reqFamilyCasesSplitParts = []reqFamilyCase{
	// F1: a row or line in two languages, English first: one requirement
	// per language, both of the kind the half that names it says.
	{"F1", "bilingual pass/fail row, the kind named by the Arabic half",
		"Qualification Requirements / متطلبات التأهيل\nTender No. 8/2026 — Hotel Laundry Services / مناقصة رقم ٨/٢٠٢٦ — خدمات غسيل الفنادق\n\nNo. | Requirement | المتطلب | Pass/Fail\n1 | Licence from the Ministry of Commerce for laundry services | ترخيص من وزارة التجارة لخدمات الغسيل | ☐\n2 | At least 4 years of hotel laundry service | خبرة لا تقل عن ٤ سنوات في خدمات غسيل الفنادق | ☐\n",
		[]string{"eligibility|mandatory|Licence from", "eligibility|mandatory|ترخيص", "experience|mandatory|4 years", "experience|mandatory|خبرة"}, []string{"Tender No.", "مناقصة رقم"}, false},
	{"F1", "bilingual list items under a bilingual heading",
		"# Vacancy: Pharmacist / وظيفة شاغرة: صيدلي\n\n## Requirements / المتطلبات\n\n- Licensed by the Ministry of Health. / مرخص من وزارة الصحة.\n- Membership of the Oman Pharmacists Society. / عضوية جمعية الصيادلة العمانية.\n",
		[]string{"eligibility|mandatory|Licensed", "eligibility|mandatory|مرخص", "eligibility|mandatory|Membership", "eligibility|mandatory|عضوية"}, nil, false},
	// F2: Arabic prose joining conditions by وأن، ويشترط، كما يفضل.
	{"F2", "arabic prose conditions joined by وأن and كما يفضل",
		"دعوة لتقديم طلبات الحصول على ترخيص تشغيل مواقف السيارات الذكية\n\nيجب أن يكون مقدم الطلب شركة مسجلة في سلطنة عمان، وأن تكون له خبرة لا تقل عن خمس سنوات في إدارة المواقف، كما يفضل أن يرفق مقدم الطلب خطة لتدريب الشباب العمانيين.\n",
		[]string{"eligibility|mandatory|شركة مسجلة", "experience|mandatory|خمس سنوات", "documentation|optional|خطة لتدريب"}, nil, false},
	// F3: the title, reference and issuer lines above a checklist are
	// no requirements.
	{"F3", "title, reference and issuer lines above a checklist",
		"SUBMISSION CHECKLIST\nCall for Applications: Fisheries Start-up Grant 2027\nIssued by the Al Wusta Fisheries Fund\nReference No. FF/2027/03\n\nApplicants must attach:\n[ ] Copy of the founder's ID card\n[ ] Business plan with a cash-flow forecast\n",
		[]string{"documentation|mandatory|ID card", "documentation|mandatory|Business plan"}, []string{"Issued by", "Reference No", "Call for Applications"}, false},
	// F4: a weighted scoring table: criteria of the bidder are optional
	// requirements, criteria of the proposal and the header are none.
	{"F4", "weighted scoring table, bidder and proposal criteria",
		"REQUEST FOR PROPOSALS\nDesign of the Sur Maritime Museum Extension\n\nMinimum Qualifications\n1. The consultant must be registered with the Ministry of Commerce.\n\nWeighted Criteria (100 points)\n| Criterion | Points |\n| Similar museum projects completed in the GCC | 30 |\n| A local office in Oman | 10 |\n| Quality of the proposed methodology | 40 |\n| Proposed schedule | 20 |\n",
		[]string{"eligibility|mandatory|registered", "experience|optional|museum projects", "technical|optional|local office"}, []string{"methodology", "schedule", "Criterion"}, false},
	// F5: a job advert's application instruction names documents.
	{"F5", "apply by sending your CV",
		"Vacancy: Site Accountant\n\nRequirements\n- Degree in accounting.\n\nApply by sending your CV and a cover letter to jobs@example.om.\n",
		[]string{"eligibility|mandatory|accounting", "documentation|mandatory|CV", "documentation|mandatory|cover letter"}, nil, false}, // session 20 decision 28 (requirement_conventions.go): each document its own line
	{"F5", "arabic: يرسل المتقدم سيرته الذاتية وصورة من المؤهل",
		"وظيفة شاغرة: محاسب\n\nالمتطلبات\n- بكالوريوس في المحاسبة.\n\nطريقة التقديم\nيرسل المتقدم سيرته الذاتية وصورة من المؤهل الدراسي إلى البريد الإلكتروني hr@example.om.\n",
		[]string{"eligibility|mandatory|بكالوريوس", "documentation|mandatory|سيرته الذاتية", "documentation|mandatory|المؤهل الدراسي"}, nil, false},
	// F6: a skill with a named tool is technical; a certificate is not.
	{"F6", "skills with named tools",
		"Vacancy: Planning Engineer\n\nRequirements\n- Proficiency in Primavera P6 and MS Project.\n- Working knowledge of SQL.\n- Five years of planning experience.\n",
		[]string{"technical|mandatory|Primavera", "technical|mandatory|SQL", "experience|mandatory|Five years"}, nil, false},
	// F7: key staff the bidder must field are technical (the probe's
	// convention); under an Experience heading they keep its kind.
	{"F7", "key staff under qualification criteria",
		"INVITATION TO TENDER No. 31/2026\nRehabilitation of the Ibri Water Tank\n\nMinimum Qualifications\n(a) The tenderer must hold a valid commercial registration.\n(b) A site engineer with a degree in civil engineering.\n(c) A team leader with a master's degree in hydraulics.\n\nSubmission\nTenders shall be delivered to the tender box by 1 May 2026.\n",
		[]string{"eligibility|mandatory|commercial registration", "technical|mandatory|site engineer", "technical|mandatory|team leader"}, []string{"tender box"}, false},
	// (Session 18's decision 1: key staff are technical under any heading;
	// requirement_conventions.go.)
	{"F7", "key staff under an Experience heading are technical",
		"INVITATION TO TENDER No. 32/2026\nSupply of CCTV Systems\n\nQualification Requirements\nB. Experience\n1. A project manager with ten years of experience in security systems.\n",
		[]string{"technical|mandatory|project manager"}, nil, false},
	// M: sub-headings that give only the mode of a checklist's items
	// keep the checklist; the instruction how to tick it is none.
	{"M", "mandatory and optional sub-headings of a checklist",
		"# Tender No. 12/2026 — Supply of Infusion Pumps\n\n## Submission checklist\n\nTick each item and attach this page to the technical envelope.\n\n### Mandatory\n\n- [ ] Copy of the Commercial Registration certificate\n- [ ] Manufacturer's authorisation letter\n\n### Optional\n\n- [ ] Product brochures in Arabic\n",
		[]string{"documentation|mandatory|Commercial Registration", "documentation|mandatory|authorisation letter", "documentation|optional|brochures"}, []string{"Tick each"}, false},
	// D: a "What to submit" heading lists documents.
	{"D", "what to submit",
		"Call for Proposals: Coastal Ecology Grants 2027\n\nWho can apply\n- Researchers employed by an Omani university.\n\nWhat to submit\n• A proposal of no more than 8 pages.\n• CVs of the lead applicant and co-applicants.\n\nHow proposals are assessed\nProposals are scored by two reviewers.\n",
		[]string{"eligibility|mandatory|Researchers", "documentation|mandatory|proposal of no more", "documentation|mandatory|CVs"}, []string{"What to submit", "scored"}, false},
	// F4, the header of a weighted table in plain text.
	{"F4", "plain-text weighted table header",
		"TERMS OF REFERENCE\nEvaluation of Qualifications\n\nStage 2 - Weighted criteria (100 points)\n| Criterion | Points |\n| A resident office in Oman | 10 |\n| Proposed work plan | 30 |\n",
		[]string{"technical|optional|resident office"}, []string{"Criterion", "work plan", "Stage 2"}, false},
	{"M", "arabic mandatory and optional documents, title and exclusion",
		"# قائمة التحقق من مستندات العطاء\n\nمناقصة رقم ٧/٢٠٢٦ لتوريد الأسمدة\n\nويستبعد العطاء الذي ينقصه مستند إلزامي.\n\n## مستندات إلزامية\n\n- ☐ ترخيص مزاولة النشاط التجاري\n\n## مستندات اختيارية\n\n- ☐ كتالوجات المنتجات\n",
		[]string{"documentation|mandatory|ترخيص", "documentation|optional|كتالوجات"}, []string{"مناقصة رقم", "يستبعد"}, false},
}

// TestReqFamilies15b runs the second pass's families.
// go test -p 1 ./capabilities/documentfacts -run TestReqFamilies15b -v
func TestReqFamilies15b(t *testing.T) {
	for _, c := range reqFamilyCasesSplitParts {
		t.Run(c.fam+"/"+c.name, c.run)
	}
}
