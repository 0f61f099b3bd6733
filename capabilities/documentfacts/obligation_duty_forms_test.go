package documentfacts

import (
	"fmt"
	"strings"
	"testing"
)

// Round 15, obligation families (issue 29, session 17; docs/documents.md
// "round 15, obligation families"): the ways a drafter binds a party to
// do or not to do something, and the sentences that bind no one, each in
// sentences of our own. A case is a preamble (the parties as a contract
// of that kind defines them) and a body; want lists every obligation the
// whole text gives, "role modality anchor" (the anchor a word of the
// action), none for a text that binds no one. Extras count as failures:
// the guideline is one obligation per sentence, party and language.

// The preambles: the parties and their defined words.
const (
	preServices = "SERVICES AGREEMENT\n\nThis Agreement is made between Sur Ports SAOC (the \"Client\") and Ibri Cleaning LLC (the \"Contractor\").\n\n"
	preLease    = "LEASE AGREEMENT\n\nThis Lease is made between Hamad Salim Al Busaidi (the \"Lessor\") and Nizwa Foods LLC (the \"Lessee\").\n\n"
	preSale     = "SALE AGREEMENT\n\nThis Agreement is made between Dhofar Mills SAOC (the \"Buyer\") and Gulf Grain Trading LLC (the \"Seller\").\n\n"
	preProvider = "MAINTENANCE AGREEMENT\n\nThis Agreement is made between Batinah Water SAOC (the \"Client\") and Oasis Pumps LLC (the \"Service Provider\").\n\n"
	preLetter   = "OFFER OF EMPLOYMENT\n\nDear Ms. Aisha Al Harthy,\n\nMuscat Logistics LLC is pleased to offer you the position of Accountant on the terms below.\n\n"
	preArLease  = "عقد إيجار\n\nالطرف الأول: السيد حمد بن سالم البوسعيدي (\"المؤجر\").\nالطرف الثاني: شركة نزوى للأغذية ش.م.م (\"المستأجر\").\n\n"
	preLetterB  = "Gulf Office Supplies LLC\nPO Box 44, Ruwi\n\n3 May 2026\n\nWadi Kabir Clinic LLC\nAttention: Mr. Said Al Habsi\n\nReference: Supply Agreement SA-7 between Gulf Office Supplies LLC (the Supplier) and Wadi Kabir Clinic LLC (the Customer)\n\nDear Sirs,\n\n"
	preArJV     = "مذكرة تفاهم\n\nالشريك (أ): شركة تبوك للتبريد ش.م.م.\nالشريك (ب): شركة الخليج للأغذية ش.م.م.\n\n"
	preArEmp    = "عقد عمل\n\nالطرف الأول: شركة صحار للصناعات ش.م.م، ويشار إليها بـ \"صاحب العمل\" أو \"الشركة\".\nالطرف الثاني: سالم بن علي الحارثي، ويشار إليه بـ \"الموظف\".\n\n"
	preArServ   = "عقد تقديم خدمات\n\nأبرم هذا العقد بين شركة صحار للموانئ ش.م.ع.ع (\"العميل\") وشركة عبري للتنظيف ش.م.م (\"مزود الخدمة\").\n\n"
)

var dutyFormsObligationsCases = []struct {
	family, pre, body string
	want              []string // "role modality anchor"
}{
	// D. Duty forms.
	{"D shall", preServices, "3.1 The Contractor shall clean the offices every evening.", []string{"contractor must clean the offices"}},
	{"D must", preServices, "3.2 The Client must give the Contractor access to the site.", []string{"customer must access to the site"}},
	{"D is to", preServices, "3.3 The Contractor is to keep a daily log of the works.", []string{"contractor must daily log"}},
	{"D agrees to", preServices, "3.4 The Client agrees to pay each invoice within thirty (30) days.", []string{"customer must pay each invoice"}},
	{"D undertakes to", preServices, "3.5 The Contractor undertakes to replace any damaged fittings at its own cost.", []string{"contractor must replace any damaged fittings"}},
	{"D is required to", preServices, "3.6 The Contractor is required to issue identity badges to its cleaners.", []string{"contractor must identity badges"}},
	{"D is obliged to", preServices, "3.7 The Client is obliged to notify the Contractor of any defect.", []string{"customer must notify the contractor"}},
	{"D is obligated to", preSale, "4.1 The Seller is obligated to insure the goods until delivery.", []string{"seller must insure the goods"}},
	{"D is responsible for", preServices, "3.8 The Contractor is responsible for the disposal of all waste.", []string{"contractor must disposal of all waste"}},
	{"D shall be responsible for", preLease, "5.1 The Lessee shall be responsible for minor repairs to the premises.", []string{"tenant must minor repairs"}},
	{"D will as a promise", preServices, "3.9 The Contractor will supply all cleaning materials and equipment.", []string{"contractor must supply all cleaning materials"}},
	{"D has the obligation to", preServices, "3.10 The Client has the obligation to provide parking for the Contractor's staff.", []string{"customer must provide parking"}},
	{"D it is X's duty to", preServices, "3.11 It is the Contractor's duty to report any damage within one (1) day.", []string{"contractor must report any damage"}},
	{"D covenants to", preLease, "5.2 The Lessee covenants to keep the premises clean and in good order.", []string{"tenant must keep the premises clean"}},
	{"D is bound to", preSale, "4.2 The Buyer is bound to take delivery at the port of Salalah.", []string{"buyer must take delivery"}},
	{"D has to", preLease, "5.3 The Lessee has to return the keys on the last day of the term.", []string{"tenant must return the keys"}},
	{"D shall ensure that", preServices, "3.12 The Contractor shall ensure that its staff wear uniforms at all times.", []string{"contractor must wear uniforms"}},
	{"D commits to", preSale, "4.3 The Seller commits to deliver the goods in sealed bags.", []string{"seller must deliver the goods"}},

	// T. Present tense.
	{"T pays", preLease, "6.1 The Lessee pays the rent monthly in advance.", []string{"tenant must the rent monthly"}},
	{"T bears", preLease, "6.2 The Lessee bears the electricity and water charges.", []string{"tenant must electricity"}},
	{"T supplies", preServices, "6.3 The Contractor supplies all cleaning chemicals.", []string{"contractor must cleaning chemicals"}},
	{"T provides", preLease, "6.4 The Lessor provides two parking spaces.", []string{"landlord must two parking spaces"}},
	{"T maintains", preLease, "6.5 The Lessor maintains the lifts and the air-conditioning plant.", []string{"landlord must the lifts"}},

	// P. Passives.
	{"P is to be paid by", preSale, "7.1 The price is to be paid by the Buyer within sixty (60) days of delivery.", []string{"buyer must paid"}},
	{"P shall be paid by", preLease, "7.2 The service charge shall be paid by the Lessee each quarter.", []string{"tenant must paid"}},
	{"P are supplied by", preServices, "7.3 Consumables are supplied by the Contractor.", []string{"contractor must supplied"}},
	{"P no agent", preLease, "7.4 The rent shall be paid quarterly in advance.", []string{"- must paid quarterly"}},
	{"P must be settled", preSale, "7.5 All invoices must be settled within thirty (30) days.", []string{"- must settled"}},
	{"P will be made", preSale, "7.6 Payment will be made within forty-five (45) days of the invoice.", []string{"- must made within"}},
	{"P agent no party", preServices, "7.7 Inspections shall be carried out by certified engineers.", []string{"- must carried out"}},

	// N. Prohibitions.
	{"N shall not", preServices, "8.1 The Contractor shall not subcontract the services.", []string{"contractor must_not subcontract"}},
	{"N must not", preServices, "8.2 The Client must not instruct the Contractor's cleaners directly.", []string{"customer must_not instruct"}},
	{"N may not", preLease, "8.3 The Lessee may not sublet the premises.", []string{"tenant must_not sublet"}},
	{"N will not", preServices, "8.4 The Contractor will not use the Client's name in its advertising.", []string{"contractor must_not use the client"}},
	{"N no party may", preServices, "8.5 No party may assign this Agreement without the consent of the other.", []string{"each_party must_not assign"}},
	{"N in no event shall X", preServices, "8.6 In no event shall the Contractor remove equipment from the site.", []string{"contractor must_not remove equipment"}},
	{"N under no circumstances may X", preLease, "8.7 Under no circumstances may the Lessee keep animals on the premises.", []string{"tenant must_not keep animals"}},
	{"N neither party shall", preServices, "8.8 Neither party shall disclose the terms of this Agreement.", []string{"each_party must_not disclose"}},
	{"N neither X nor Y shall", preServices, "8.9 Neither the Client nor the Contractor shall solicit the other's employees.", []string{"customer must_not solicit", "contractor must_not solicit"}},
	{"N shall not, and shall ensure that its staff do not", preServices, "8.10 The Contractor shall not, and shall ensure that its staff do not, remove any property of the Client.", []string{"contractor must_not remove any property"}},
	{"N except with consent", preLease, "8.11 The Lessee shall not make structural alterations except with the Lessor's written consent.", []string{"tenant must_not structural alterations"}},
	{"N is prohibited from", preServices, "8.12 The Contractor is prohibited from smoking on the premises.", []string{"contractor must_not smoking"}},
	{"N undertakes not to", preServices, "8.13 The Contractor undertakes not to employ any person under eighteen.", []string{"contractor must_not employ"}},
	{"N shall refrain from", preLease, "8.14 The Lessee shall refrain from causing any nuisance to neighbours.", []string{"tenant must_not nuisance"}},
	{"N is not permitted to", preLease, "8.15 The Lessee is not permitted to change the locks.", []string{"tenant must_not change the locks"}},
	{"N shall in no case", preSale, "8.16 The Seller shall in no case substitute the goods without notice.", []string{"seller must_not substitute"}},

	// S. Subjects.
	{"S company name", preServices, "9.1 Ibri Cleaning LLC shall provide a monthly report.", []string{"contractor must monthly report"}},
	{"S you in a letter", preLetter, "You shall report to the Finance Manager.", []string{"employee must report to the finance manager"}},
	{"S you must not", preLetter, "You must not disclose the Company's confidential information.", []string{"employee must_not disclose"}},
	{"S each party", preServices, "9.2 Each party shall bear its own costs of this Agreement.", []string{"each_party must its own costs"}},
	{"S the parties", preServices, "9.3 The Parties shall meet once a quarter to review performance.", []string{"each_party must meet once a quarter"}},
	{"S both parties", preServices, "9.4 Both parties shall keep this Agreement confidential.", []string{"each_party must keep this agreement confidential"}},
	{"S X and Y shall jointly", preServices, "9.5 The Client and the Contractor shall jointly inspect the offices every month.", []string{"customer must inspect the offices", "contractor must inspect the offices"}},
	{"S lead-in list", preServices, "9.6 The Contractor shall:\n(a) clean the offices daily;\n(b) remove the waste weekly; and\n(c) report any damage to the Client.", []string{"contractor must clean the offices daily", "contractor must remove the waste", "contractor must report any damage"}},
	{"S service provider is supplier", preProvider, "2.1 The Service Provider shall service the pumps every month.", []string{"supplier must service the pumps"}},
	{"S vendor is supplier", "PURCHASE TERMS\n\n", "1. The Vendor shall deliver the goods to the Buyer's warehouse.", []string{"supplier must deliver the goods"}},
	{"S lessor is landlord", preLease, "2.1 The Lessor shall hand over the premises on 1 March 2026.", []string{"landlord must hand over the premises"}},
	{"S client is customer", preProvider, "2.2 The Client shall pay the monthly fee.", []string{"customer must pay the monthly fee"}},

	// C. Conditional duties.
	{"C if, the Seller shall", preSale, "10.1 If the goods are damaged in transit, the Seller shall replace them at its own cost.", []string{"seller must replace them"}},
	{"C should the Buyer fail", preSale, "10.2 Should the Buyer fail to pay on time, the Buyer shall pay interest at one percent per month.", []string{"buyer must pay interest"}},
	{"C in the event of delay", preSale, "10.3 In the event of late delivery, the Seller shall pay liquidated damages of 0.5% of the price per day.", []string{"seller must liquidated damages"}},
	{"C if X, it shall", preServices, "10.4 If the Contractor misses a visit, it shall repeat the visit within two days.", []string{"contractor must repeat the visit"}},
	{"C upon termination", preServices, "10.5 Upon termination, the Contractor shall return all keys and access cards.", []string{"contractor must return all keys"}},

	// A. Arabic.
	{"A يلتزم", preArLease, "١. يلتزم المستأجر بدفع الأجرة في بداية كل شهر.", []string{"tenant must بدفع الأجرة"}},
	{"A تلتزم", preArLease, "٢٠. تلتزم الشركة المستأجرة بسداد الأجرة في موعدها.", []string{"tenant must سداد الأجرة"}},
	{"A على + party + أن", preArLease, "٢. على المستأجر أن يحافظ على العين المؤجرة.", []string{"tenant must يحافظ"}},
	{"A يجب على", preArLease, "٣. يجب على المؤجر إجراء الصيانة الرئيسية للمبنى.", []string{"landlord must الصيانة الرئيسية"}},
	{"A يتعين على", preArServ, "٣. يتعين على العميل تسديد الفواتير خلال ثلاثين يوماً.", []string{"customer must تسديد الفواتير"}},
	{"A يتعهد", preArServ, "٤. يتعهد مزود الخدمة بالحفاظ على سرية معلومات العميل.", []string{"supplier must سرية"}},
	{"A يقوم", preArServ, "٥. يقوم مزود الخدمة بتنظيف المرافق العامة.", []string{"supplier must بتنظيف المرافق"}},
	{"A يتحمل", preArLease, "٤. يتحمل المستأجر فواتير الكهرباء والماء.", []string{"tenant must فواتير الكهرباء"}},
	{"A يدفع", preArLease, "٥. يدفع المستأجر تأميناً قدره خمسمائة ريال.", []string{"tenant must تأميناً"}},
	{"A يسدد", preArServ, "٦. يسدد العميل قيمة كل فاتورة خلال شهر من استلامها.", []string{"customer must قيمة كل فاتورة"}},
	{"A يوفر", preArLease, "٦. يوفر المؤجر موقفين للسيارات.", []string{"landlord must موقفين"}},
	{"A يسلم", preArLease, "٧. يسلم المؤجر العين المؤجرة للمستأجر في تاريخ بدء العقد.", []string{"landlord must العين المؤجرة"}},
	{"A يتكفل", preArLease, "٨. يتكفل المستأجر بأعمال الصيانة البسيطة.", []string{"tenant must الصيانة البسيطة"}},
	{"A يكون مسؤولاً عن", preArServ, "٧. يكون مزود الخدمة مسؤولاً عن سلامة موظفيه.", []string{"supplier must سلامة موظفيه"}},
	{"A ملزم بـ", preArLease, "٩. المستأجر ملزم بإخلاء العين عند انتهاء العقد.", []string{"tenant must بإخلاء العين"}},
	{"A لا يجوز لـ", preArLease, "١٠. لا يجوز للمستأجر تأجير العين من الباطن.", []string{"tenant must_not تأجير العين"}},
	{"A يحظر على", preArLease, "١١. يحظر على المستأجر إجراء أي تعديلات إنشائية.", []string{"tenant must_not تعديلات"}},
	{"A يمتنع", preArServ, "٨. يمتنع مزود الخدمة عن استخدام اسم العميل في الإعلانات.", []string{"supplier must_not استخدام اسم العميل"}},
	{"A لا يحق", preArLease, "١٢. لا يحق للمستأجر تغيير الأقفال.", []string{"tenant must_not تغيير الأقفال"}},
	{"A يلتزم بعدم", preArServ, "٩. يلتزم مزود الخدمة بعدم إفشاء أي معلومات.", []string{"supplier must_not إفشاء"}},
	{"A يجب على عدم", preArLease, "١٣. يجب على المستأجر عدم إزعاج الجيران.", []string{"tenant must_not إزعاج"}},
	{"A passive تدفع", preArLease, "١٤. تدفع الأجرة مقدماً كل ثلاثة أشهر.", []string{"- must الأجرة مقدماً"}},
	{"A passive يتم", preArServ, "١٠. يتم سداد الفواتير خلال ثلاثين يوماً من تاريخ استلامها.", []string{"- must سداد الفواتير"}},
	{"A على كل طرف", preArServ, "١١. على كل طرف أن يحافظ على سرية هذا العقد.", []string{"each_party must سرية"}},
	{"A لا يجوز لأي من الطرفين", preArServ, "١٢. لا يجوز لأي من الطرفين التنازل عن هذا العقد.", []string{"each_party must_not التنازل"}},
	{"A الطرف الأول", preArLease, "١٥. يلتزم الطرف الأول بتسليم مفاتيح العين.", []string{"landlord must مفاتيح"}},
	{"A conditional", preArLease, "١٦. إذا تأخر المستأجر في السداد، يلتزم بدفع غرامة قدرها عشرة ريالات عن كل يوم.", []string{"tenant must غرامة"}},
	{"A لا يجوز للمؤجر ولا للمستأجر", preArLease, "١٧. لا يجوز للمؤجر ولا للمستأجر إنهاء العقد قبل سنة.", []string{"landlord must_not إنهاء العقد", "tenant must_not إنهاء العقد"}},
	{"A يجب أن يقوم", preArServ, "١٣. يجب أن يقوم مزود الخدمة بتقديم تقرير شهري.", []string{"supplier must تقرير شهري"}},

	// L. Letters: "we" is the sender, "you" the addressee, with the roles
	// the letter gives them.
	{"L we will in a letter", preLetterB, "We will replace the damaged toner cartridges by 10 May 2026.", []string{"supplier must replace the damaged toner"}},
	{"L you must in a letter", preLetterB, "You must return the damaged cartridges with the courier.", []string{"customer must return the damaged cartridges"}},
	{"L you are required to", preLetterB, "You are required to pay invoice GOS-118 by 20 May 2026.", []string{"customer must pay invoice"}},
	{"L we undertake", preLetterB, "We undertake to credit the returned items to your account.", []string{"supplier must credit the returned items"}},
	{"L you must not", preLetterB, "You must not open the sealed boxes before our technician arrives.", []string{"customer must_not open the sealed boxes"}},
	{"L Arabic عليك عدم after English", preLetterB, "You must not open the sealed boxes.\nيجب عليك عدم فتح الصناديق المختومة.", []string{"customer must_not open the sealed boxes", "customer must_not فتح الصناديق"}},
	{"L we will place a hold is an announcement", preLetterB, "If payment is not received, we will place your account on hold.", nil},

	// S2. More subjects.
	{"S2 no role may", preServices, "9.7 No subcontractor may enter the offices without a permit.", []string{"subcontractor must_not enter the offices"}},
	{"S2 no role shall", "TENDER CONDITIONS\n\n", "4. No bidder shall submit more than one offer.", []string{"bidder must_not submit more than one offer"}},
	{"S2 no payment is no party", preServices, "9.8 No payment shall be made before the works are accepted.", []string{"- must_not payment shall be made"}},
	{"S2 two partners jointly", "TERM SHEET\n\nPartner A: Tabuk Cold Stores LLC\nPartner B: Gulf Foods LLC\n\n", "1. Partner A and Partner B shall jointly open a bank account.", []string{"partner must open a bank account", "partner must open a bank account"}},
	{"S2 is to after a designated party", "TERM SHEET\n\nPartner A: Tabuk Cold Stores LLC\nPartner B: Gulf Foods LLC\n\n", "2. Partner B is to provide the working capital.", []string{"partner must working capital"}},
	{"S2 in no event shall either party be liable", preServices, "9.9 In no event shall either party be liable for loss of profit.", nil},
	{"S2 passive with agent keeps its subject", preLease, "7.8 Municipal fees are to be paid by the Lessee.", []string{"tenant must municipal fees"}},

	// A2. More Arabic.
	{"A2 clause label before a passive", preArLease, "البند السابع: تدفع الأجرة في بداية كل شهر.", []string{"- must الأجرة"}},
	{"A2 clause label before a lead-in", preArServ, "البند ٢: يلتزم مزود الخدمة بما يلي:\nأ- تنظيف المكاتب يومياً؛\nب- تزويد العميل بتقرير شهري.", []string{"supplier must تنظيف المكاتب", "supplier must بتقرير شهري"}},
	{"A2 يتم + masdar", preArServ, "١٩. يتم تنظيف دورات المياه كل ساعتين.", []string{"- must تنظيف دورات المياه"}},
	{"A2 يتم احتساب is no duty", preArServ, "٢٠. يتم احتساب الغرامة عن كل يوم تأخير.", nil},
	{"A2 second alias of a defined party", preArEmp, "٣. تدفع الشركة للموظف راتباً شهرياً في نهاية كل شهر.", []string{"employer must راتباً"}},
	{"A2 partners jointly", preArJV, "١. يقوم الشريك (أ) والشريك (ب) معاً بإعداد خطة العمل.", []string{"partner must بإعداد", "partner must بإعداد"}},

	// B. Bilingual: once per language.
	{"B English then Arabic", preLease, "5.4 The Lessee shall pay the rent monthly.\nيلتزم المستأجر بدفع الأجرة شهرياً.", []string{"tenant must pay the rent", "tenant must بدفع الأجرة"}},

	// X. Negatives: rights, facts, definitions, warranties, recitals,
	// benefits, options, deductions, headings, law.
	{"X may", preServices, "11.1 The Client may terminate this Agreement on thirty (30) days' notice.", nil},
	{"X is entitled to", preServices, "11.2 The Contractor is entitled to an extension of time for delays caused by the Client.", nil},
	{"X يحق", preArLease, "١٨. يحق للمستأجر تجديد العقد لمدة مماثلة.", nil},
	{"X يجوز", preArLease, "١٩. يجوز للمؤجر دخول العين للمعاينة بعد إخطار المستأجر.", nil},
	{"X statement of fact", preLease, "1.1 The premises comprise two floors and a basement.", nil},
	{"X company description", preServices, "1.2 Ibri Cleaning LLC is a company registered in the Sultanate of Oman.", nil},
	{"X shall mean", preServices, "1.3 \"Services\" shall mean the cleaning services described in Schedule 1.", nil},
	{"X warrants", preSale, "12.1 The Seller warrants that the goods are free from defects.", nil},
	{"X represents", preServices, "12.2 The Contractor represents that it holds all licences required by law.", nil},
	{"X recital", preServices, "WHEREAS the Client wishes to engage a contractor for the cleaning of its offices;", nil},
	{"X benefit", preServices, "13.1 The Client will receive a credit of five percent for each missed visit.", nil},
	{"X option", preLease, "13.2 The Lessee has the option to renew the Lease for a further year.", nil},
	{"X deduction", preServices, "13.3 A penalty of OMR 50 is deducted from the monthly fee for each missed visit.", nil},
	{"X heading", preServices, "14. Obligations of the Contractor\n\nThe Contractor shall clean the offices.", []string{"contractor must clean the offices"}},
	{"X governed by", preServices, "15.1 This Agreement shall be governed by the laws of the Sultanate of Oman.", nil},
	{"X commence", preServices, "15.2 This Agreement shall commence on 1 March 2026.", nil},
	{"X remain in force", preServices, "15.3 This Agreement shall remain in force for two (2) years.", nil},
	{"X liability limit", preServices, "15.4 Neither party shall be liable for delays caused by force majeure.", nil},
	{"X shall not exceed", preServices, "15.5 The liability of the Contractor shall not exceed the annual fee.", nil},
	{"X is not obliged", preServices, "15.6 The Contractor is not obliged to work on public holidays.", nil},
	{"X will be entitled", preLetter, "You will be entitled to thirty (30) days of annual leave.", nil},
	{"X acknowledges", preLease, "15.7 The Lessee acknowledges that it has inspected the premises.", nil},
	{"X agrees that", preSale, "15.8 The Buyer agrees that the price is final.", nil},
	{"X يخضع", preArServ, "١٤. يخضع هذا العقد لقوانين سلطنة عمان.", nil},
	{"X يضمن", preArServ, "١٥. يضمن مزود الخدمة جودة المواد المستخدمة.", nil},
	{"X تخصم", preArServ, "١٦. تخصم الغرامة من مستحقات مزود الخدمة.", nil},
	{"X يعتبر نافذاً", preArServ, "١٧. يعتبر هذا العقد نافذاً من تاريخ توقيعه.", nil},
	{"X يمنح", preArServ, "١٨. يمنح العميل خصماً بنسبة خمسة في المائة عند السداد المبكر.", nil},
}

// TestOblFamilies15 runs every family case and reports the failures by
// family.
func TestOblFamilies15(t *testing.T) {
	failed := 0
	for _, c := range dutyFormsObligationsCases {
		got := dutyFormsObligationsGot(t, c.pre+c.body)
		if msg := compareObligationItems(got, c.want); msg != "" {
			failed++
			t.Errorf("%s: %q\n%s", c.family, c.body, msg)
		}
	}
	t.Logf("%d of %d family cases fail", failed, len(dutyFormsObligationsCases))
}

// dutyFormsObligationsGot is every obligation of text, "role modality action".
func dutyFormsObligationsGot(t *testing.T, text string) []string {
	t.Helper()
	var got []string
	for _, g := range evalItems(extractText(t, text)) {
		if g.typ == "obligation" {
			got = append(got, g.key+" "+g.val+" "+g.text)
		}
	}
	return got
}

// compareObligationItems matches each wanted obligation with one got (role and
// modality equal, the anchor in the action) and reports what is missing
// and what is extra; "" when they match one to one.
func compareObligationItems(got, want []string) string {
	used := make([]bool, len(got))
	var miss []string
	for _, w := range want {
		parts := strings.SplitN(w, " ", 3)
		ok := false
		for i, g := range got {
			gp := strings.SplitN(g, " ", 3)
			if !used[i] && len(gp) == 3 && gp[0] == parts[0] && gp[1] == parts[1] && strings.Contains(gp[2], strings.ToLower(parts[2])) {
				used[i], ok = true, true
				break
			}
		}
		if !ok {
			miss = append(miss, w)
		}
	}
	var extra []string
	for i, g := range got {
		if !used[i] {
			extra = append(extra, g)
		}
	}
	if len(miss) == 0 && len(extra) == 0 {
		return ""
	}
	return fmt.Sprintf("  missing %q\n  extra   %q", miss, extra)
}
