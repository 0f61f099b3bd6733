package documentfacts

import (
	"strings"
	"testing"
)

// Issue 29, session 17, round 15: requirement families (docs/documents.md,
// "round 15, requirement families"). The ways issuers lay out and word the
// conditions they set on bidders, applicants and suppliers, written as
// families before any rule: the structure (S), the heading or lead-in
// that opens the list (H, L), the category cue (C), the optional cue (O)
// and what a requirements document says that is no condition (N). Every
// case is in our own words; a case lists the requirements it wants as
// "category|mandatory-or-optional|anchor" and, unless loose, wants no
// other requirement (so the negatives of each case count too).

type reqFamilyCase struct {
	fam, name string
	text      string
	want      []string
	not       []string // no requirement may hold these
	loose     bool     // other requirements may be found
}

func (c reqFamilyCase) run(t *testing.T) {
	var out Output
	if strings.HasPrefix(c.text, "# ") {
		out = extractMarkdown(t, c.text)
	} else {
		out = extractText(t, c.text)
	}
	var got []string
	for _, g := range evalItems(out) {
		if g.typ == "requirement" {
			got = append(got, g.key+"|"+g.val+"|"+g.text)
		}
	}
	used := map[int]bool{}
	for _, w := range c.want {
		cat, rest, _ := strings.Cut(w, "|")
		mod, anchor, _ := strings.Cut(rest, "|")
		ok := false
		for i, r := range got {
			if !used[i] && strings.HasPrefix(r, cat+"|"+mod+"|") && strings.Contains(strings.ToLower(r), strings.ToLower(anchor)) {
				used[i], ok = true, true
				break
			}
		}
		if !ok {
			t.Errorf("requirement %q not found in %q", w, got)
		}
	}
	for _, a := range c.not {
		for _, r := range got {
			if strings.Contains(strings.ToLower(r), strings.ToLower(a)) {
				t.Errorf("requirement holding %q found: %q", a, r)
			}
		}
	}
	if !c.loose && len(got) != len(c.want) {
		t.Errorf("%d requirements, want %d: %q", len(got), len(c.want), got)
	}
}

// reqFamilyCases: the families' cases.
var reqFamilyCases = []reqFamilyCase{
	// S1: a numbered list under an eligibility heading, then a section
	// of another kind.
	{"S1", "numbered list under Eligibility Criteria",
		"INVITATION TO TENDER No. 14/2026\nSupply of Laboratory Furniture\n\nMuscat Water Services SAOC invites sealed tenders for the supply of laboratory furniture.\n\nEligibility Criteria\n1. The tenderer must hold a valid commercial registration in Oman.\n2. The tenderer must have completed at least three similar supply contracts in the last five years.\n3. The tenderer must hold ISO 9001:2015 certification.\n4. Average annual turnover of not less than OMR 200,000 over the last three years.\n\nSubmission\nTenders must be delivered to the tender box at the head office before 12:00 noon on 10 May 2026.",
		[]string{"eligibility|mandatory|commercial registration", "experience|mandatory|similar supply", "compliance|mandatory|ISO 9001", "financial|mandatory|turnover"}, []string{"tender box"}, false},
	// S2: a lettered list under a qualification heading.
	{"S2", "lettered list under Qualification Requirements",
		"REQUEST FOR PROPOSALS\nInternal Audit Services\n\n3. Qualification Requirements\n(a) The consultant shall be an audit firm licensed by the Capital Market Authority.\n(b) The consultant shall have at least eight (8) years of experience in internal audit.\n(c) Professional indemnity insurance of at least OMR 500,000.\n\n4. Evaluation\nProposals will be evaluated on a 70/30 technical and financial basis.",
		[]string{"eligibility|mandatory|licensed", "experience|mandatory|eight", "insurance|mandatory|indemnity"}, []string{"evaluated"}, false},
	// S3: bullets under "Who can apply" in a call.
	{"S3", "bullets under Who can apply",
		"Call for Applications: SME Export Grant 2026\n\nWho can apply\n- Omani-owned enterprises registered with the SME Development Authority.\n- Firms with at least two years of experience in exporting.\n- Prior participation in a trade fair is an advantage.\n\nHow to apply\nApplications shall be sent to grants@example.om by 30 June 2026.",
		[]string{"eligibility|mandatory|registered", "experience|mandatory|two years", "experience|optional|trade fair"}, []string{"grants@"}, true},
	// S4: Arabic ordinals as the items of a conditions list.
	{"S4", "arabic ordinals as items",
		"إعلان مناقصة رقم ٧/٢٠٢٦ لتوريد أجهزة حاسب آلي\n\nشروط التأهيل:\nأولاً: أن يكون المناقص مسجلاً في السجل التجاري.\nثانياً: أن يكون لدى المناقص خبرة لا تقل عن خمس سنوات في توريد أجهزة الحاسب.\nثالثاً: أن يكون المناقص حاصلاً على شهادة الأيزو ٩٠٠١.\nرابعاً: يفضل أن يكون للمناقص مركز خدمة في مسقط.",
		[]string{"eligibility|mandatory|مسجلاً", "experience|mandatory|خبرة", "compliance|mandatory|الأيزو", "technical|optional|مركز خدمة"}, nil, false},
	// S5: Arabic numbers with a dash under "يشترط في المتقدم ما يلي:".
	{"S5", "arabic numbered list after yushtarat lead-in",
		"مناقصة عامة لأعمال صيانة المباني\n\nتعلن بلدية صحار عن طرح مناقصة لأعمال صيانة المباني.\n\nيشترط في المتقدم ما يلي:\n١- أن يكون مصنفاً لدى وزارة العمل في الدرجة الثانية على الأقل.\n٢- أن يكون قد نفذ ثلاثة مشاريع صيانة مماثلة خلال السنوات الخمس الأخيرة.\n٣- تقديم ضمان بنكي ابتدائي بنسبة ١٪ من قيمة العطاء.",
		[]string{"eligibility|mandatory|مصنفاً", "experience|mandatory|مماثلة", "financial|mandatory|ضمان"}, nil, false},
	// S6: two levels: category sub-headings over numbered items.
	{"S6", "two-level list with lettered category headings",
		"PRE-QUALIFICATION DOCUMENT\nMarine Works Framework 2026\n\nSection 3: Minimum Qualification Criteria\n\nA. Legal\n1. Valid commercial registration in the Sultanate of Oman.\n2. Registration with the Tender Board in the marine works category.\n\nB. Financial\n1. Minimum average annual turnover of OMR 2 million.\n\nC. Technical\n1. At least two marine cranes of 100 tonnes capacity owned by the applicant.\n\nSection 4: Submission of Applications\nApplications shall be submitted through the e-tendering portal.",
		[]string{"eligibility|mandatory|commercial registration", "eligibility|mandatory|tender board", "financial|mandatory|turnover", "technical|mandatory|cranes"}, []string{"portal"}, false},
	// S7: a table of criterion | requirement | evidence: one requirement
	// a row, the criterion its label and the evidence its proof.
	{"S7", "table criterion requirement evidence",
		"# Request for Proposals: Facility Management Services\n\n## 4. Qualification Criteria\n\n| No. | Criterion | Requirement | Evidence |\n|---|---|---|---|\n| 1 | Legal status | Registered with the Ministry of Commerce | Copy of CR |\n| 2 | Experience | Three similar contracts in the last five years | Completion certificates |\n| 3 | Quality | ISO 9001 certification | Certificate copy |\n| 4 | Financial standing | Annual turnover above OMR 1 million | Audited accounts |\n",
		[]string{"eligibility|mandatory|registered", "experience|mandatory|similar contracts", "compliance|mandatory|iso 9001", "financial|mandatory|turnover"}, []string{"copy of cr", "audited accounts", "legal status"}, false},
	// S8: a pass/fail table: the status column is no requirement.
	{"S8", "pass fail table",
		"# Request for Quotation: Network Switches\n\n## Mandatory Requirements\n\n| Criterion | Pass / Fail |\n|---|---|\n| Bidder registered in Oman for IT supply | Pass/Fail |\n| Bidder is an authorised partner of the manufacturer | Pass/Fail |\n| ISO 27001 certification | Pass/Fail |\n",
		[]string{"eligibility|mandatory|registered", "eligibility|mandatory|authorised partner", "compliance|mandatory|iso 27001"}, []string{"pass/fail", "pass / fail"}, false},
	{"S8", "compliant yes/no column",
		"# Invitation to Bid: Ambulances\n\n## Technical Requirements\n\n| Ref | Requirement | Compliant (Yes/No) |\n|---|---|---|\n| T1 | Vehicles shall meet EN 1789 type B | |\n| T2 | Diesel engine of at least 150 kW | |\n",
		[]string{"compliance|mandatory|en 1789", "technical|mandatory|150 kw"}, []string{"compliant (yes/no)"}, false},
	// S9: a checklist with check boxes.
	{"S9", "submission checklist with boxes",
		"REQUEST FOR QUOTATION\nOffice Cleaning Services\n\nSubmission Checklist\n[ ] Signed quotation form\n[ ] Copy of commercial registration\n[ ] Bid bond of OMR 500\n[ ] Company profile\n\nQuotations must be sent to procurement@example.om.",
		// session 19 decision 3 (convention_bonds_parent_dates.go): a listed bid bond is
		// documentation as well as financial.
		[]string{"documentation|mandatory|quotation form", "documentation|mandatory|commercial registration", "financial|mandatory|bid bond", "documentation|mandatory|bid bond", "documentation|mandatory|company profile"}, []string{"procurement@"}, false},
	{"S9", "checklist with ballot boxes and arabic heading",
		"طلب عروض أسعار لتوريد أثاث مكتبي\n\nقائمة المستندات المطلوبة\n☐ صورة من السجل التجاري\n☐ شهادة الانتساب إلى غرفة التجارة\n☐ كشف بالأعمال المماثلة",
		[]string{"documentation|mandatory|السجل التجاري", "documentation|mandatory|غرفة", "documentation|mandatory|كشف"}, nil, false},
	// S10: conditions in a paragraph of prose.
	{"S10", "prose paragraph, sentences with pronoun subjects",
		"TENDER NOTICE\nConstruction of a Community Hall, Ibri\n\nEligibility\nThe tender is open to contractors registered with the Tender Board in the first or second grade. They must have completed at least two buildings of similar size in the last five years. They should also hold an ISO 45001 certificate.",
		[]string{"eligibility|mandatory|registered", "experience|mandatory|completed", "compliance|optional|iso 45001"}, nil, false},
	{"S10", "one sentence, conditions joined by and must",
		"REQUEST FOR PROPOSALS\nDigital Archive Services\n\nMinimum Requirements\nTo qualify, a bidder must be registered with the Ministry of Commerce, must have delivered at least two archive digitisation projects, and must hold ISO 27001 certification.",
		[]string{"eligibility|mandatory|registered", "experience|mandatory|delivered", "compliance|mandatory|iso 27001"}, nil, false},
	// S11: a job advert's Requirements and Nice to have (the candidate's
	// own professional certificate compliance: session 18's decision 2).
	{"S11", "job advert requirements and nice to have",
		"Vacancy: Senior Accountant\n\nAl Noor Trading LLC is hiring a senior accountant in Muscat.\n\nRequirements\n- At least 5 years of experience in audit or accounting.\n- A recognised professional qualification (CPA or ACCA).\n\nNice to have\n- Experience in the oil and gas sector.\n\nWhat we offer\n- A competitive salary and housing allowance.",
		[]string{"experience|mandatory|5 years", "compliance|mandatory|cpa", "experience|optional|oil and gas"}, []string{"salary"}, false},
	{"S11", "arabic job advert",
		"وظيفة شاغرة: مهندس صيانة\n\nتعلن شركة الباطنة للطاقة عن حاجتها إلى مهندس صيانة.\n\nالمؤهلات المطلوبة:\n- بكالوريوس في الهندسة الميكانيكية.\n- خبرة لا تقل عن ثلاث سنوات في صيانة المحطات.\n- يفضل الحصول على شهادة PMP.\n\nالمزايا:\n- راتب مجزٍ وتأمين صحي.",
		[]string{"eligibility|mandatory|بكالوريوس", "experience|mandatory|خبرة", "compliance|optional|pmp"}, []string{"راتب"}, false},

	// H: headings that open a list, each over the same two items.
	{"H", "Minimum Qualifications", tenderWith("Minimum Qualifications"), twoItems, nil, false},
	{"H", "Mandatory Requirements", tenderWith("Mandatory Requirements"), twoItems, nil, false},
	{"H", "Essential Criteria", tenderWith("Essential Criteria"), twoItems, nil, false},
	{"H", "Bidder Qualifications", tenderWith("Bidder Qualifications"), twoItems, nil, false},
	{"H", "Prequalification Criteria", tenderWith("Prequalification Criteria"), twoItems, nil, false},
	{"H", "Criteria for Participation", tenderWith("Criteria for Participation"), twoItems, nil, false},
	{"H", "Conditions of Participation", tenderWith("Conditions of Participation"), twoItems, nil, false},
	{"H", "Participation Requirements", tenderWith("Participation Requirements"), twoItems, nil, false},
	{"H", "Who May Bid", tenderWith("Who May Bid"), twoItems, nil, false},
	{"H", "Tenderer Eligibility", tenderWith("Tenderer Eligibility"), twoItems, nil, false},
	{"H", "Mandatory Documents", docsWith("Mandatory Documents"), twoDocs, nil, false},
	{"H", "Documents to be Enclosed", docsWith("Documents to be Enclosed"), twoDocs, nil, false},
	{"H", "Supporting Documentation", docsWith("Supporting Documentation"), twoDocs, nil, false},
	{"H", "Attachments", docsWith("Attachments"), twoDocs, nil, false},
	{"H", "What You Will Need", advertWith("What You Will Need"), twoJob, nil, false},
	{"H", "About You", advertWith("About You"), twoJob, nil, false},
	{"H", "Who We Are Looking For", advertWith("Who We Are Looking For"), twoJob, nil, false},
	{"H", "Key Requirements", advertWith("Key Requirements"), twoJob, nil, false},
	{"H", "Qualifications and Experience", advertWith("Qualifications and Experience"), twoJob, nil, false},
	{"H", "متطلبات التأهيل", arTenderWith("متطلبات التأهيل"), twoArItems, nil, false},
	{"H", "شروط الاشتراك في المناقصة", arTenderWith("شروط الاشتراك في المناقصة"), twoArItems, nil, false},
	{"H", "الشروط الواجب توفرها في المتقدم", arTenderWith("الشروط الواجب توفرها في المتقدم"), twoArItems, nil, false},
	{"H", "الاشتراطات", arTenderWith("الاشتراطات"), twoArItems, nil, false},
	{"H", "شروط التقدم", arTenderWith("شروط التقدم"), twoArItems, nil, false},
	{"H", "المستندات الواجب تقديمها", arTenderWith("المستندات الواجب تقديمها"), twoArDocs2, nil, false},
	{"H", "الوثائق المطلوب إرفاقها", arTenderWith("الوثائق المطلوب إرفاقها"), twoArDocs2, nil, false},

	// L: lead-in sentences that open the list after them.
	{"L", "firms must satisfy the following criteria",
		"REQUEST FOR EXPRESSIONS OF INTEREST\nSolar Plant Operation\n\nInterested firms must satisfy the following criteria:\n- Registered in the Sultanate of Oman.\n- At least five years of experience in operating solar plants.",
		[]string{"eligibility|mandatory|registered", "experience|mandatory|five years"}, nil, false},
	{"L", "applicants are required to meet the following minimum requirements",
		"Call for Applications: Tourism Start-up Fund\n\nApplicants are required to meet the following minimum requirements:\n- A licence from the Ministry of Heritage and Tourism.\n- At least one year of operation.\n\nThe Fund will announce the results in July.",
		[]string{"eligibility|mandatory|licence", "experience|mandatory|one year"}, []string{"results"}, false},
	{"L", "to be considered, you must",
		"Job Opening: HSE Officer\n\nPetro Services LLC is recruiting an HSE officer.\n\nTo be considered, you must:\n- hold a NEBOSH International General Certificate;\n- have at least three years of site experience.",
		[]string{"compliance|mandatory|nebosh", "experience|mandatory|three years"}, nil, false},
	{"L", "the bidder shall fulfil the following conditions",
		"TENDER No. 3/2026\nSupply of Water Meters\n\nThe bidder shall fulfil the following conditions:\n1. Be an authorised distributor of the meter manufacturer.\n2. Have supplied at least 10,000 meters to utilities.\n\nBids will be opened in public.",
		[]string{"eligibility|mandatory|authorised distributor", "experience|mandatory|supplied"}, []string{"opened"}, false},
	{"L", "arabic: yajib an tatawafar fi al-mutaqaddim al-shurut al-atiya",
		"إعلان عن طلب تأهيل مقاولين\n\nيجب أن تتوفر في المتقدم الشروط الآتية:\n- أن يكون مسجلاً لدى غرفة تجارة وصناعة عمان.\n- أن تكون لديه خبرة لا تقل عن عشر سنوات.",
		[]string{"eligibility|mandatory|مسجلاً", "experience|mandatory|خبرة"}, nil, false},
	{"L", "arabic: ala al-mutaqaddim istifa al-shurut al-taliya",
		"طلب عروض لتشغيل مقصف مدرسي\n\nعلى المتقدم استيفاء الشروط التالية:\n١. الحصول على ترخيص صحي ساري المفعول.\n٢. خبرة سابقة في تشغيل المقاصف لا تقل عن سنتين.",
		[]string{"eligibility|mandatory|ترخيص", "experience|mandatory|خبرة"}, nil, false},

	// C: category cues, each an item under a plain requirements heading.
	{"C", "registration, licence, classification are eligibility",
		"TENDER No. 9/2026\nRoad Maintenance\n\nRequirements\n- The bidder must be licensed by the Ministry of Transport.\n- Classification as a first grade road contractor.",
		[]string{"eligibility|mandatory|licensed", "eligibility|mandatory|classification"}, nil, false},
	{"C", "years and counted projects are experience",
		"TENDER No. 10/2026\nCatering Services\n\nRequirements\n- A minimum of ten (10) years in institutional catering.\n- Not fewer than four completed hospital catering contracts.",
		[]string{"experience|mandatory|ten", "experience|mandatory|four"}, nil, false},
	{"C", "ISO and standards are compliance",
		"TENDER No. 11/2026\nLaboratory Services\n\nRequirements\n- Certification to ISO 14001 and ISO 45001.\n- Accreditation to ISO/IEC 17025 for the tests offered.",
		[]string{"compliance|mandatory|14001", "compliance|mandatory|17025"}, nil, false},
	{"C", "turnover, capital, bonds are financial",
		"TENDER No. 12/2026\nSupply of Transformers\n\nRequirements\n- Minimum paid-up capital of OMR 250,000.\n- A tender bond of 2% of the tender value.\n- Net worth not less than OMR 1,000,000 in the last audited year.",
		[]string{"financial|mandatory|capital", "financial|mandatory|tender bond", "financial|mandatory|net worth"}, nil, false},
	{"C", "equipment and facilities are technical",
		"TENDER No. 13/2026\nVehicle Maintenance\n\nRequirements\n- A fully equipped workshop in Muscat.\n- Diagnostic equipment for heavy vehicles.",
		[]string{"technical|mandatory|workshop", "technical|mandatory|diagnostic"}, nil, false},
	{"C", "arabic category cues",
		"مناقصة رقم ٤/٢٠٢٦ لتشغيل وصيانة محطة ضخ\n\nالمتطلبات:\n- أن يكون المتقدم حاصلاً على ترخيص من وزارة الطاقة.\n- خبرة لا تقل عن عشر سنوات في مجال التشغيل والصيانة.\n- أن يكون المتقدم حاصلاً على شهادة الأيزو ١٤٠٠١.\n- ملاءة مالية لا تقل عن ٥٠٠٬٠٠٠ ريال عماني.\n- توفر المعدات اللازمة لتنفيذ الأعمال.",
		[]string{"eligibility|mandatory|ترخيص", "experience|mandatory|خبرة", "compliance|mandatory|الأيزو", "financial|mandatory|ملاءة", "technical|mandatory|المعدات"}, nil, false},
	{"C", "each listed document is documentation",
		"REQUEST FOR QUOTATION\nPrinting Services\n\nRequired Documents\n1. Copy of the tax card.\n2. Chamber of Commerce membership certificate.\n3. Bank statement for the last six months.",
		[]string{"documentation|mandatory|tax card", "documentation|mandatory|chamber", "documentation|mandatory|bank statement"}, nil, false},

	// O: optional cues.
	{"O", "considered favourably, an asset, preferable, would be beneficial",
		"REQUEST FOR PROPOSALS\nHeritage Survey\n\nRequirements\n- Registered consultancy in Oman.\n- Previous work on heritage sites will be considered favourably.\n- Membership of the Oman Society of Engineers is an asset.\n- A service workshop in Salalah is preferable.\n- Experience with GIS would be beneficial.",
		[]string{"eligibility|mandatory|registered", "experience|optional|heritage sites", "eligibility|optional|membership", "technical|optional|workshop", "experience|optional|gis"}, nil, false},
	{"O", "desirable, a plus, given preference",
		"REQUEST FOR PROPOSALS\nTranslation Services\n\nRequirements\n- Membership of a translators' association is desirable.\n- A Master's degree in translation is a plus.\n- Omani firms will be given preference.",
		[]string{"eligibility|optional|membership", "eligibility|optional|master", "eligibility|optional|omani firms"}, nil, false},
	{"O", "good to have and desired skills headings",
		"Vacancy: Data Analyst\n\nWe are hiring a data analyst.\n\nRequirements\n- Degree in statistics or computer science.\n\nGood to have\n- Experience with Power BI.\n\nWhat we offer\n- Flexible hours.",
		[]string{"eligibility|mandatory|degree", "experience|optional|power bi"}, nil, false},
	{"O", "arabic: al-awlawiya, tu'ta al-afdaliya, yu'add mizza",
		"مناقصة رقم ٥/٢٠٢٦ لتوريد أدوية\n\nالمتطلبات:\n- أن يكون المتقدم مرخصاً من وزارة الصحة.\n- تعطى الأولوية للشركات العمانية.\n- يعد وجود مستودع مبرد في مسقط ميزة.\n- يستحسن أن تكون لدى المتقدم خبرة سابقة مع المستشفيات الحكومية.",
		[]string{"eligibility|mandatory|مرخصاً", "eligibility|optional|العمانية", "technical|optional|مستودع", "experience|optional|خبرة"}, nil, false},
	{"O", "arabic preferred heading",
		"وظيفة شاغرة: محاسب\n\nالمؤهلات المطلوبة:\n- بكالوريوس في المحاسبة.\n\nالمؤهلات المفضلة:\n- شهادة CMA.\n- خبرة في برنامج أوراكل.",
		[]string{"eligibility|mandatory|بكالوريوس", "compliance|optional|cma", "experience|optional|أوراكل"}, nil, false},

	// N: what a requirements document says that is no condition.
	{"N", "issuer duties, logistics, fees, evaluation, rights, contract terms, scope",
		"INVITATION TO TENDER No. 21/2026\nSupply and Installation of Chillers\n\n1. Scope of Work\nThe scope includes the supply, installation and commissioning of two chillers. The Contractor shall provide all labour and materials.\n\n2. Eligibility\n- The bidder must be registered with the Tender Board.\n- The bidder must have installed at least three chillers of 500 TR.\n\n3. Tender Documents\nTender documents may be purchased from the Procurement Department for OMR 50 (non-refundable). The Authority will answer written clarifications received by 5 May 2026.\n\n4. Submission\nBids must be delivered in two sealed envelopes to the tender box. The closing time is 10:00 on 20 May 2026.\n\n5. Evaluation\nBids will be evaluated 70% technical and 30% financial. The Authority reserves the right to cancel the tender.\n\n6. Terms of Contract\nThe Contractor shall complete the works within 120 days of the order. Payment will be made within 30 days of each invoice. The Contractor shall provide a performance bond of 10% within 14 days of award.",
		[]string{"eligibility|mandatory|registered", "experience|mandatory|installed"}, []string{"scope", "labour", "purchased", "clarifications", "envelopes", "closing", "evaluated", "reserves", "120 days", "payment"}, true},
	{"N", "a fees table and an evaluation table under requirement headings",
		"# Request for Proposals: Cleaning Services\n\n## 2. Requirements\n\n- Valid commercial registration.\n- At least three cleaning contracts with hospitals.\n\n## 3. Fees\n\n| Item | Amount |\n|---|---|\n| RFP document fee | OMR 25 |\n\n## 4. Evaluation Criteria\n\n| Criterion | Weight |\n|---|---|\n| Technical approach | 40% |\n| Price | 60% |\n",
		[]string{"eligibility|mandatory|registration", "experience|mandatory|hospitals"}, []string{"fee", "approach", "price", "weight"}, false},
	{"N", "job advert duties and how to apply",
		"Vacancy: Procurement Officer\n\nResponsibilities\n- Prepare tender documents and evaluate bids.\n- Maintain the supplier register.\n\nRequirements\n- Degree in supply chain management.\n- Four years of procurement experience.\n\nHow to apply\nSend your CV to jobs@example.om before 1 June 2026.",
		// The CV to send is documentation (round 15, second pass,
		// requirement_split_parts.go: the probe and the newest label set read an
		// application's documents so); the duties stay none.
		[]string{"eligibility|mandatory|degree", "experience|mandatory|four years", "documentation|mandatory|send your cv"}, []string{"prepare tender", "supplier register"}, false},
	{"N", "arabic: issuer duties, logistics and contract terms",
		"إعلان مناقصة رقم ٩/٢٠٢٦ لتوريد مولدات\n\nأولاً: شروط التأهيل\n١. أن يكون المناقص مسجلاً لدى وزارة التجارة.\n٢. أن يكون قد ورد مولدات مماثلة لجهات حكومية.\n\nثانياً: تقديم العطاءات\nتقدم العطاءات في مظروفين مختومين إلى أمانة سر لجنة المناقصات. تقوم الجهة بالرد على الاستفسارات خلال خمسة أيام.\n\nثالثاً: شروط العقد\nيلتزم المورد بتوريد المولدات خلال تسعين يوماً. يتم الدفع خلال ثلاثين يوماً من استلام الفاتورة.",
		[]string{"eligibility|mandatory|مسجلاً", "experience|mandatory|مماثلة"}, []string{"مظروفين", "الاستفسارات", "تسعين", "الدفع"}, false},
}

// The headings family's documents: a tender, a documents list, a job
// advert, an Arabic tender, each around the heading given.
var (
	twoItems   = []string{"eligibility|mandatory|registration", "experience|mandatory|similar projects"}
	twoDocs    = []string{"documentation|mandatory|commercial registration", "documentation|mandatory|audited"}
	twoJob     = []string{"eligibility|mandatory|degree", "experience|mandatory|six years"}
	twoArItems = []string{"eligibility|mandatory|مسجلاً", "experience|mandatory|مماثل"}
	twoArDocs2 = []string{"documentation|mandatory|السجل التجاري", "documentation|mandatory|الميزانية"}
)

func tenderWith(h string) string {
	return "INVITATION TO BID No. 31/2026\nRoof Repairs at Schools\n\n" + h + "\n1. Valid commercial registration in Oman.\n2. At least three similar projects completed in the last five years.\n\nPayment Terms\nPayment will be made within 30 days of the invoice."
}

func docsWith(h string) string {
	return "REQUEST FOR QUOTATION No. 8/2026\nUniforms\n\n" + h + "\n- Copy of the commercial registration certificate.\n- Audited financial statements for 2025.\n\nDelivery\nThe uniforms are needed by 1 September 2026."
}

func advertWith(h string) string {
	return "Vacancy: Civil Engineer\n\nGulf Build LLC is hiring a civil engineer for its Sohar office.\n\n" + h + "\n- Degree in civil engineering.\n- At least six years of site experience.\n\nWhat we offer\n- Housing and transport."
}

func arTenderWith(h string) string {
	body := "- أن يكون المتقدم مسجلاً في السجل التجاري.\n- أن يكون قد نفذ مشروعين مماثلين على الأقل."
	if strings.Contains(h, "المستندات") || strings.Contains(h, "الوثائق") {
		body = "- صورة من السجل التجاري.\n- الميزانية العمومية المدققة لآخر سنة."
	}
	return "إعلان مناقصة رقم ٢/٢٠٢٦ لصيانة المدارس\n\n" + h + ":\n" + body + "\n\nثالثاً: أحكام عامة\nتحتفظ الوزارة بحقها في إلغاء المناقصة."
}

// TestReqFamilies15 runs each family's cases; a failing case names its
// family.
func TestReqFamilies15(t *testing.T) {
	for _, c := range reqFamilyCases {
		t.Run(c.fam+"/"+c.name, c.run)
	}
}
