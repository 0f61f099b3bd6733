package documentfacts

import "testing"

// Issue 29, session 18, round 16: requirement structures (requirement_structures.go;
// docs/documents.md, "round 16, requirement structures"). Whether each
// requirement unit is found once, whole and with the right mode, for the
// structures the second pass of round 15 left: headings and lead-ins of
// conditions that name no known kind (A), Arabic condition lists under a
// heading of any kind (B), upper-case acronyms inside list items (C),
// prose trailing a list or table (D), the Arabic half of a bilingual
// line or item that comes second (E), Arabic prose cut at line ends (F),
// mode words (G), a possession, a count or an Arabic kind word that
// decides the category of a structure's item (K). Every case is in our
// own words and lists every requirement it wants; any other fails it.
var reqCases = []reqFamilyCase{
	// A: headings and lead-ins of conditions the rules did not know.
	{"A", "arabic section heading without the article, lettered kinds under it",
		"مؤسسة الري الحديث\nمناقصة رقم ٤/٢٠٢٧\nصيانة قنوات الأفلاج في ولاية بهلاء\n\nالفصل الثاني: شروط تأهيل المقاولين\nأ) الشروط النظامية\n   (١) أن يكون المقاول مسجلاً لدى وزارة التجارة بنشاط أعمال الري.\n   (٢) ألا يكون المقاول ممنوعاً من التعامل مع الجهات الحكومية.\nب) الشروط الفنية\n   (١) توفر حفارات صغيرة مملوكة للمقاول.\nج) الشروط المالية\n   (١) ضمان مصرفي مؤقت بمبلغ ٣٠٠٠ ريال عماني.\n\nالفصل الثالث: التزامات المؤسسة\nتتولى المؤسسة إبلاغ الأهالي بمواعيد العمل.\n",
		[]string{"eligibility|mandatory|مسجلاً لدى وزارة", "eligibility|mandatory|ممنوعاً", "technical|mandatory|حفارات", "financial|mandatory|ضمان مصرفي"},
		[]string{"الشروط النظامية", "تتولى"}, false},
	{"A", "arabic job advert, a heading that is the lead-in, paragraph items",
		"# إعلان وظيفة: مهندس صيانة\n\nشركة النخيل للصناعات الغذائية - صلالة\n\n## يشترط في المتقدم\n\nأن يكون عماني الجنسية.\n\nخبرة لا تقل عن خمس سنوات في صيانة خطوط التعبئة.\n\n## ما نقدمه\n\nراتب مجز وسكن.\n",
		[]string{"eligibility|mandatory|عماني الجنسية", "experience|mandatory|خمس سنوات"}, []string{"راتب"}, false},
	{"A", "english pass/fail heading with the mode in it, items two-script",
		"# Request for Proposals No. 14/2027\n\n## Qualification review\n\n### Mandatory (pass/fail)\n\n1. Firm registered with the Oman Society of Accountants.\n2. No litigation with the Authority in the last five years.\n\n## Submission\n\nProposals are e-mailed to rfp@example.om.\n",
		[]string{"eligibility|mandatory|Society of Accountants", "eligibility|mandatory|No litigation"}, []string{"e-mailed"}, false},
	{"A", "arabic lead-in naming the supplier with a colon",
		"طلب عرض أسعار رقم ٩/٢٠٢٧ لتوريد أجهزة حاسوب\n\nيجب على المورد:\n١- أن يكون وكيلاً معتمداً للشركة المصنعة؛\n٢- أن يقدم ضماناً لمدة ثلاث سنوات.\n\nترسل العروض إلى البريد الإلكتروني قبل ١٠ مارس ٢٠٢٧.\n",
		[]string{"eligibility|mandatory|وكيلاً معتمداً", "technical|mandatory|ضماناً لمدة"}, []string{"ترسل العروض"}, false},
	{"A", "arabic who-can-apply heading",
		"دعوة للتقدم لبرنامج دعم رواد الأعمال\n\nمن يحق له التقدم\n• المواطنون العمانيون المقيمون في السلطنة.\n• أصحاب المؤسسات المسجلة لدى هيئة ريادة.\n\nيغلق باب التقديم في ١ أبريل ٢٠٢٧.\n",
		[]string{"eligibility|mandatory|المواطنون العمانيون", "eligibility|mandatory|المسجلة لدى"}, []string{"يغلق"}, false},
	// B: a list of Arabic conditions of the bidder under a heading that
	// names no requirements ("الشروط العامة") is the tender's conditions.
	{"B", "arabic conditions of the bidder under general conditions",
		"إعلان عن مناقصة رقم ٣/٢٠٢٧\nتوريد حاويات نفايات لبلدية عبري\n\nالشروط العامة:\n١- أن يكون المناقص مسجلاً في السجل التجاري بنشاط التوريد.\n٢- أن يكون قد نفذ ثلاثة عقود مماثلة على الأقل.\n٣- يفضل أن يكون للمناقص مستودع في محافظة الظاهرة.\n\nمواعيد المناقصة:\nآخر موعد لتقديم العطاءات: ٢٠ مارس ٢٠٢٧\n",
		[]string{"eligibility|mandatory|السجل التجاري", "experience|mandatory|ثلاثة عقود", "technical|optional|مستودع"}, []string{"آخر موعد"}, false},
	{"B", "negative: general conditions that bind the contractor stay duties",
		"إعلان عن مناقصة رقم ٥/٢٠٢٧\nتنظيف المباني الإدارية\n\nالشروط العامة:\n١- أن يلتزم المقاول بتوفير عمالة مدربة طوال مدة العقد.\n٢- أن يتحمل المقاول تكاليف المواد.\n",
		nil, nil, false},
	// C: an acronym in upper case inside an item is no heading.
	{"C", "checklist item with an upper-case acronym keeps the list",
		"# قائمة التحقق من مستندات العطاء\n\nمناقصة رقم ١١/٢٠٢٧ لتوريد اللقاحات\n\n## مستندات إلزامية\n\n☐ ترخيص وزارة الصحة\n\n☐ شهادة ممارسات التصنيع الجيد GMP\n\n☐ شهادة المنشأ\n\n## مستندات اختيارية\n\n☐ نشرات المنتجات\n",
		[]string{"documentation|mandatory|ترخيص وزارة", "documentation|mandatory|GMP", "documentation|mandatory|شهادة المنشأ", "documentation|optional|نشرات"}, nil, false},
	// D: prose after a marked list or a table is no item of it.
	{"D", "checklist followed by grant terms and procedure",
		"GRANT APPLICATION CHECKLIST\nCall for Applications: Green Workshops Fund 2027\n\nApplicants must attach:\n[ ] Copy of the owner's ID card\n[ ] Three-year business plan\nOptional:\n[ ] Letters of support from customers\nGrants cover up to half of the cost of new machines.\nThe committee meets every two months; late files are held over.\nHand in the file at the Fund's office in Ibri.\n",
		[]string{"documentation|mandatory|ID card", "documentation|mandatory|business plan", "documentation|optional|Letters of support"}, []string{"committee", "Hand in", "Grants cover"}, false},
	{"D", "arabic list then the issuer's permission and opening",
		"Tender No. 7/2027 - Cold Store Refurbishment\n\nشروط الأهلية\nأ- التسجيل لدى مجلس المناقصات في فئة أعمال التبريد.\nب- ضمان مؤقت بمبلغ ١٥٠٠ ريال عماني.\nتسمح الشركة بزيارة الموقع يوم ٣ مايو ٢٠٢٧، وتفتح العطاءات في جلسة علنية.\n",
		[]string{"eligibility|mandatory|التسجيل لدى", "financial|mandatory|ضمان مؤقت"}, []string{"تسمح", "تفتح"}, false},
	{"D", "issuer's right and weighting after a scored table",
		"# RFP No. 21/2027 — Payroll Audit\n\n## Scored criteria (60 points)\n\n| Criterion | Points |\n|---|---|\n| Payroll audits for government entities, 5 points per audit | 30 |\n| Quality of the audit approach | 30 |\n\nFinancial offers of firms passing the minimum criteria are weighted at 40 points.\n\nThe Client may negotiate with the first-ranked firm.\n",
		[]string{"experience|optional|Payroll audits"}, []string{"weighted", "negotiate", "approach"}, false},
	// E: bilingual lines and items, the Arabic half second.
	{"E", "bilingual line: the arabic half follows the english verdict",
		"CALL FOR APPLICATIONS — SUR BOATBUILDERS RESIDENCY / دعوة للتقدم — إقامة صناع السفن في صور\n\nWho can apply\n- Boatbuilders who hold a craft card from the Public Authority for Crafts.\n\nResidents will host one open day a month. / يستضيف المقيمون يوماً مفتوحاً كل شهر.\n",
		[]string{"eligibility|mandatory|craft card"}, []string{"open day", "يوماً مفتوحاً"}, false},
	{"E", "english item then its arabic ordinal line: the english kind",
		"Expression of Interest / إبداء الرغبة\nCatering for the Nizwa Hospital / التغذية لمستشفى نزوى\n\nQualification requirements / شروط التأهيل\ni. The firm must run a central kitchen in Oman with a capacity of 3,000 meals a day.\nأولاً: أن تمتلك الشركة مطبخاً مركزياً في سلطنة عمان بطاقة ٣٠٠٠ وجبة يومياً.\nii. The firm must have catered for at least two hospitals for three years.\nثانياً: أن تكون الشركة قد قدمت خدماتها لمستشفيين على الأقل لمدة ثلاث سنوات.\n",
		[]string{"technical|mandatory|central kitchen", "technical|mandatory|مطبخاً مركزياً", "experience|mandatory|two hospitals", "experience|mandatory|لمستشفيين"}, nil, false},
	// F: Arabic prose of a PDF, cut at line ends.
	{"F", "arabic prose wrapped over lines",
		"هيئة تنظيم النقل البري\nدعوة لتقديم طلبات الحصول على ترخيص تشغيل حافلات النقل المدرسي\n\nيجب أن يكون مقدم الطلب شركة مسجلة في سلطنة عمان بنشاط النقل البري بالحافلات لا يقل رأس مالها\nعن مائتي ألف ريال عماني، وأن تكون له خبرة لا تقل عن أربع سنوات في تشغيل الحافلات داخل\nالسلطنة. ويشترط كذلك أن يتوفر لدى مقدم الطلب مرآب مجهز لصيانة الحافلات في المحافظة.\n",
		[]string{"eligibility|mandatory|شركة مسجلة", "financial|mandatory|رأس مالها", "experience|mandatory|أربع سنوات", "technical|mandatory|مرآب"}, nil, false},
	// F: a line cut after a comma; duties to provide and preferences in
	// prose that name the applicant.
	{"F", "arabic prose: comma at a line end, provide and prefer",
		"هيئة تنظيم الاتصالات\nدعوة لتقديم طلبات الحصول على ترخيص تشغيل أبراج الاتصالات في المناطق الريفية\n\nويشترط أن تكون أجهزة الإرسال المقترحة حاصلة على شهادة المطابقة من الهيئة أو من جهة معتمدة لديها،\nوأن يتوفر لدى مقدم الطلب مركز صيانة يعمل على مدار الساعة في المحافظة.\nوعلى مقدم الطلب أن يقدم وثيقة تأمين ضد المسؤولية تجاه الغير لا تقل تغطيتها عن نصف مليون ريال عماني.\nويعد امتلاك مقدم الطلب لأراض مخصصة للأبراج في المحافظات المذكورة ميزة عند المفاضلة بين\nالطلبات، كما يفضل أن يرفق خطة لتدريب الفنيين العمانيين في أعمال الصيانة.\n",
		[]string{"compliance|mandatory|شهادة المطابقة", "technical|mandatory|مركز صيانة", "insurance|mandatory|المسؤولية تجاه الغير", "technical|optional|لأراض مخصصة", "documentation|optional|خطة لتدريب"}, nil, false},
	// H: a scored list of criteria in Arabic after the minimum ones: the
	// bidder's attributes optional, the proposal's none.
	{"H", "arabic scored criteria list",
		"طلب عروض لتصميم جناح سلطنة عمان في معرض الكتاب\nرقم المرجع: ث/٤/٢٠٢٧\n\nشروط التأهيل:\n١- سجل تجاري بنشاط تنظيم المعارض.\n\nمعايير التقييم الفني (١٠٠ درجة):\n- الأجنحة المنفذة في معارض دولية (٣٠ درجة).\n- امتلاك مصنع محلي للديكور (٢٠ درجة).\n- الفكرة التصميمية المقترحة (٥٠ درجة).\n",
		[]string{"eligibility|mandatory|سجل تجاري", "experience|optional|الأجنحة المنفذة", "technical|optional|مصنع محلي"}, []string{"الفكرة"}, false},
	// I: an abbreviated degree is one item; a bilingual application line
	// names its document in both languages; the address half is none.
	{"I", "abbreviated degree and bilingual apply line",
		"# Vacancy: Protection Engineer / وظيفة شاغرة: مهندس حماية\n\n## Requirements / المتطلبات\n\n- B.Sc. in Electrical Engineering. / بكالوريوس في الهندسة الكهربائية.\n\n## We offer / نقدم لك\n\nHousing and a company car. / سكن وسيارة.\n\nSend your CV to jobs@example.om. / أرسل سيرتك الذاتية إلى jobs@example.om.\n",
		[]string{"eligibility|mandatory|B.Sc. in Electrical", "eligibility|mandatory|بكالوريوس", "documentation|mandatory|Send your CV", "documentation|mandatory|سيرتك الذاتية"}, nil, false},
	{"I", "documents to include, then where to send them",
		"Vacancy: Data Analyst\n\nRequirements\n- Degree in statistics.\n\nHow to apply\nApplications must include a CV and should be sent to jobs@example.om by 1 May 2027.\n",
		[]string{"eligibility|mandatory|statistics", "documentation|mandatory|CV"}, []string{"jobs@"}, false},
	{"K", "banking or insurance as a sector is no insurance cover",
		"Vacancy: Actuarial Analyst\n\nRequirements\n- Degree in mathematics.\n\nNice to have\n- Experience in banking or insurance reporting.\n",
		[]string{"eligibility|mandatory|mathematics", "experience|optional|insurance reporting"}, nil, false},
	// J: an item joining two conditions of different kinds is two; of
	// one kind, one.
	{"J", "item joining a craft and years of practice",
		"CALL FOR APPLICATIONS — BAHLA POTTERY RESIDENCY\n\nWho can apply\n- Applicants must work in a traditional craft and have at least four years of practice.\n- صانع فخار يمارس الحرفة في سلطنة عمان، وأن تكون لديه ممارسة لا تقل عن أربع سنوات.\n",
		[]string{"eligibility|mandatory|traditional craft", "experience|mandatory|four years of practice", "eligibility|mandatory|صانع فخار", "experience|mandatory|ممارسة لا تقل"}, nil, false},
	{"J", "negative: two experience conditions in one item stay one",
		"إعلان عن مناقصة رقم ٨/٢٠٢٧ لتوريد عدادات الكهرباء\n\nشروط التأهل\n- أن تكون لدى مقدم العطاء خبرة لا تقل عن ست سنوات في توريد العدادات، وأن يكون قد نفذ أربعة مشاريع مماثلة على الأقل.\n",
		[]string{"experience|mandatory|خبرة لا تقل"}, nil, false},
	// K: a checklist item with an infinitive, counted studies, language.
	{"K", "checklist item with to be, counted studies and fluency",
		"EXPRESSION OF INTEREST No. 5/2027\nTourism Master Plan for Masirah\n\nMinimum qualifications\n(a) at least three completed tourism master plans or feasibility studies;\n(b) fluency in English and Arabic.\n\nSubmission checklist\n[ ] Invoices for the vehicles to be purchased\n",
		[]string{"experience|mandatory|feasibility studies", "eligibility|mandatory|fluency", "documentation|mandatory|Invoices"}, nil, false},
	// T: tables and two-level lists that already read right (kept as
	// regression cases of the structures in the brief).
	{"T", "qualification table with a mandatory/optional column",
		"# Tender No. 15/2027 — Supply of Laboratory Fridges\n\n## Qualification Requirements\n\n| No. | Requirement | M/O |\n|---|---|---|\n| 1 | Valid commercial registration for medical equipment trading | Mandatory |\n| 2 | ISO 13485 certificate of the manufacturer | Mandatory |\n| 3 | Service centre in Muscat | Optional |\n\n## Submission\n\nBids are delivered to the tender box.\n",
		[]string{"eligibility|mandatory|commercial registration", "compliance|mandatory|ISO 13485", "technical|optional|Service centre"}, []string{"tender box"}, false},
	{"T", "arabic table with a status column",
		"# مناقصة رقم ١٦/٢٠٢٧ لتوريد مولدات كهربائية\n\n## متطلبات التأهيل\n\n| م | المتطلب | الحالة |\n|---|---|---|\n| ١ | سجل تجاري ساري المفعول | إلزامي |\n| ٢ | مركز خدمة في صحار | يفضل |\n",
		[]string{"eligibility|mandatory|سجل تجاري", "technical|optional|مركز خدمة"}, nil, false},
	{"T", "english two-level list with numbered sub-items",
		"REQUEST FOR PROPOSALS No. 3/2027\nCard Payment Gateway\n\nSection B - Qualification Requirements\nB1 Legal\nB1.1 The bidder must be licensed by the Central Bank of Oman as a payment service provider.\nB2 Experience\nB2.1 At least three gateway implementations for banks in the GCC.\nB3 Certifications\nB3.1 PCI DSS Level 1 certification is preferred.\n\nSection C - Submission\nProposals are e-mailed to rfp@example.om.\n",
		[]string{"eligibility|mandatory|Central Bank", "experience|mandatory|gateway implementations", "compliance|optional|PCI DSS"}, []string{"e-mailed", "B1 Legal"}, false},
	// Negatives of D, E and F: lists with no markers (as HTML and DOCX
	// lists are read) keep every item.
	{"E", "negative: unmarked bilingual items under an english heading",
		"Vacancy: Fleet Supervisor / وظيفة شاغرة: مشرف أسطول\n\nRequirements\nValid Omani driving licence for heavy vehicles.\nرخصة قيادة عمانية سارية للمركبات الثقيلة.\nAt least five years of fleet supervision experience.\nخبرة لا تقل عن خمس سنوات في الإشراف على الأساطيل.\n\nWhat we offer\nHousing allowance.\n",
		[]string{"eligibility|mandatory|driving licence", "eligibility|mandatory|رخصة قيادة", "experience|mandatory|five years", "experience|mandatory|خبرة"}, nil, false},
	{"F", "negative: long unmarked arabic items without stops stay apart",
		"إعلان وظيفة: مهندس مدني\n\nالمتطلبات\nأن يكون المتقدم حاصلاً على درجة البكالوريوس في الهندسة المدنية من جامعة معترف بها\nأن يكون المتقدم عضواً في جمعية المهندسين العمانية ومسجلاً في سجل المهندسين المعتمدين\n\nما نقدمه\nسكن ومواصلات.\n",
		[]string{"eligibility|mandatory|البكالوريوس", "eligibility|mandatory|جمعية المهندسين"}, nil, false},
	// L: items the noun-item rule refused for a verb they hold, and a
	// window of years that is no deadline.
	{"L", "verb items after a lead-in, a not-eligible statement",
		"REQUEST FOR QUOTATION No. 41/2027\nTyres for the Bus Fleet\n\n2. Eligibility\nOnly suppliers meeting all of the following may quote:\n1. Be registered on the Tender Board portal.\n2. Have supplied tyres to at least two transport operators in Oman.\nSuppliers with an unpaid penalty from an earlier order are not eligible.\n\n3. Submission\nQuotations shall be submitted in one sealed envelope.\n",
		[]string{"eligibility|mandatory|Tender Board portal", "experience|mandatory|transport operators", "eligibility|mandatory|not eligible"}, []string{"sealed"}, false},
	{"L", "conditional document, additional documents, roman items, a window of years",
		"Call for Proposals 2027 — River Basin Studies\n\nWho can apply\n• Teams must include one researcher within 5 years of their doctorate.\n\nWhat to submit\n• Where fieldwork on private land is planned, a consent letter from the owner.\n\nAdditional documents (if applicable)\nvii. Partnership agreements with other institutions\nviii. Ethics approval of the university\n",
		[]string{"eligibility|mandatory|within 5 years", "documentation|mandatory|consent letter", "documentation|mandatory|Partnership agreements", "documentation|mandatory|Ethics approval"}, nil, false},
	// A, titles above lists: the assignment's name above "Client:"; an
	// English item cut after a comma goes on.
	{"A", "title block above a lead-in, an item wrapped after a comma",
		"TERMS OF REFERENCE - ANNEX 2\nEvaluation of Qualifications\nDesign Review of the Sohar Desalination Intake Works\nClient: Majis Industrial Services\nA firm that does not meet all of the following is not evaluated further:\n(i) registration as an engineering consultancy with the Ministry of Commerce,\nIndustry and Investment Promotion, valid on the closing date;\n(ii) no conflict of interest with the contractor of the works.\n",
		[]string{"eligibility|mandatory|Promotion, valid", "eligibility|mandatory|conflict of interest"}, []string{"Design Review", "Majis"}, false},
	{"L", "expected to hold, a second condition after ', and it shall'",
		"PRE-QUALIFICATION NOTICE PQ-3/2027\nOperation of the Sur Sewage Plant\n\n2. Qualification of applicants\nThe applicant's average annual turnover shall not be less than OMR 900,000, and it shall have access to credit facilities of OMR 200,000.\nApplicants are expected to hold ISO 14001 certification.\n",
		[]string{"financial|mandatory|turnover", "financial|mandatory|credit facilities", "compliance|mandatory|ISO 14001"}, nil, false},
	// G: mode words.
	{"G", "arabic: taken into account when comparing is optional",
		"Pre-qualification of Dredging Contractors / التأهيل المسبق لمقاولي التجريف\n\nمن يحق له التقدم\nيجب أن يكون المتقدم مقاولاً مسجلاً في سلطنة عمان. وتؤخذ الخبرة في موانئ الصيد بعين الاعتبار عند المفاضلة.\n",
		[]string{"eligibility|mandatory|مسجلاً", "experience|optional|موانئ الصيد"}, nil, false},
	// K: the category a structure's item names by what it is.
	{"K", "insurance companies as clients, a dealership, arabic counted works",
		"Tender No. 9/2027 - Supply of Office Chairs / مناقصة رقم ٩/٢٠٢٧\n\nEligibility Criteria\n(a) An authorised dealership for the offered chairs.\n(b) Bidders must have supplied chairs to at least two insurance companies in Oman.\n\nشروط الأهلية\nأ- وكالة معتمدة للكراسي المعروضة.\nب- تنفيذ ثلاثة عقود توريد على الأقل خلال السنوات الخمس الماضية.\n",
		[]string{"eligibility|mandatory|dealership", "experience|mandatory|insurance companies", "eligibility|mandatory|وكالة معتمدة", "experience|mandatory|ثلاثة عقود"}, nil, false},
	{"K", "arabic shareholding is eligibility, annual revenue financial",
		"# التأهيل المسبق لمقاولي الطرق\n\n## متطلبات التأهيل\n\n- ألا تقل نسبة المساهمة العمانية في رأس المال عن ٣٥٪.\n- ألا يقل متوسط الإيراد السنوي خلال السنوات الثلاث الأخيرة عن مليوني ريال عماني.\n",
		[]string{"eligibility|mandatory|المساهمة العمانية", "financial|mandatory|الإيراد السنوي"}, nil, false},
	{"K", "an eligibility statement inside a checklist stays eligibility",
		"SUBMISSION CHECKLIST\nCall for Applications: Fishermen Equipment Grant 2027\n\nOnly fishermen holding a fishing licence issued before 2025 may apply.\n\nApplicants must attach:\n[ ] Copy of the fishing licence\n",
		[]string{"eligibility|mandatory|fishing licence issued", "documentation|mandatory|Copy of the fishing licence"}, nil, false},
}

// TestReqStructures16 runs round 16's cases; a failing case names its
// family.
// go test -p 1 ./capabilities/documentfacts -run TestReqStructures16 -v
func TestReqStructures16(t *testing.T) {
	for _, c := range reqCases {
		t.Run(c.fam+"/"+c.name, c.run)
	}
}
