package documentfacts

import (
	"strings"
	"testing"
)

// Round 16 (issue 29, session 18; docs/documents.md "round 16, the rules
// follow the six conventions"): the rules follow the label conventions
// session 18 settled. Each case is a document of our own and the facts of
// one type it must give, "key value anchor" (obligation: role, modality,
// a word of the action; requirement: category, mandatory|optional, a word
// of its text; law: the ISO code alone); a case fails on a wanted fact
// missing and on any other fact of that type (none wanted: none found).

const (
	firstSixConventionTender   = "REQUEST FOR PROPOSAL\n\nRFP No. 12/2026: Environmental Audit of the Sohar Plant\n\nIssued by Sohar Power SAOC (the \"Company\"). Bidders are invited to submit proposals.\n\n## Qualification Requirements\n\n"
	firstSixConventionTenderAR = "مناقصة رقم ٤/٢٠٢٦\n\nتدعو شركة صحار للطاقة ش.م.ع.ع الشركات المؤهلة لتقديم عطاءاتها لأعمال صيانة المحطة.\n\n## شروط التأهيل\n\n"
	firstSixConventionJob      = "JOB VACANCY: HSE OFFICER\n\nMuscat Logistics LLC is hiring an HSE Officer for its Sohar depot.\n\n## Requirements\n\n"
	firstSixConventionJobAR    = "إعلان وظيفة شاغرة: محاسب أول\n\nتعلن شركة نزوى للصناعات ش.م.م عن حاجتها إلى محاسب أول.\n\n## المؤهلات المطلوبة\n\n"
	firstSixConventionServices = "SERVICES AGREEMENT\n\nThis Agreement is made between Sur Ports SAOC (the \"Client\") and Ibri Cleaning LLC (the \"Contractor\").\n\n"
	firstSixConventionLease    = "LEASE AGREEMENT\n\nThis Lease is made between Hamad Salim Al Busaidi (the \"Lessor\") and Nizwa Foods LLC (the \"Lessee\").\n\n"
	firstSixConventionSupply   = "SUPPLY AGREEMENT\n\nThis Agreement is made between Batinah Hotels SAOC (the \"Buyer\") and Gulf Furniture LLC (the \"Supplier\").\n\n"
	firstSixConventionArEmp    = "عقد عمل\n\nالطرف الأول: شركة صحار للصناعات ش.م.م، ويشار إليها بـ \"صاحب العمل\".\nالطرف الثاني: سالم بن علي الحارثي، ويشار إليه بـ \"الموظف\".\n\n"
	firstSixConventionArServ   = "عقد تقديم خدمات\n\nأبرم هذا العقد بين شركة صحار للموانئ ش.م.ع.ع (\"العميل\") وشركة عبري للتنظيف ش.م.م (\"مزود الخدمة\").\n\n"
	firstSixConventionArSupply = "عقد توريد\n\nأبرم هذا العقد بين شركة الباطنة للفنادق ش.م.ع.ع (\"المشتري\") وشركة الخليج للأثاث ش.م.م (\"المورد\").\n\n"
)

var firstSixConventionCases = []struct {
	decision, name, typ, text string
	want                      []string
}{
	// Decision 1: key staff the bidder must field are technical, whatever
	// the condition on them; the bidder's own experience, a cap on its
	// headcount and a team that is the applicant itself are not.
	{"1", "site manager with a degree and years", "requirement",
		firstSixConventionTender + "1. The proposed site manager must be a civil engineer with at least ten (10) years of experience.\n",
		[]string{"technical mandatory site manager"}},
	{"1", "engagement partner holding a certificate", "requirement",
		firstSixConventionTender + "1. The engagement partner must hold a CPA, ACCA or ICAEW qualification.\n",
		[]string{"technical mandatory engagement partner"}},
	{"1", "each inspector assigned, years", "requirement",
		firstSixConventionTender + "1. Each inspector assigned must have at least five (5) years of experience in boiler inspection.\n",
		[]string{"technical mandatory inspector"}},
	{"1", "staff holding a certification preferred", "requirement",
		firstSixConventionTender + "1. Staff holding the CISSP certification are preferred.\n",
		[]string{"technical optional cissp"}},
	{"1", "lead auditor certified", "requirement",
		firstSixConventionTender + "1. Lead auditor certified as a Certified Energy Manager (CEM).\n",
		[]string{"technical mandatory lead auditor"}},
	{"1", "Arabic project manager", "requirement",
		firstSixConventionTenderAR + "١. يجب أن يكون مدير المشروع المقترح مهندساً مدنياً بخبرة لا تقل عن عشر سنوات.\n",
		[]string{"technical mandatory مدير المشروع"}},
	{"1", "Arabic engineers on the bidder's staff preferred", "requirement",
		firstSixConventionTenderAR + "١. يفضل أن يكون لدى مقدم العطاء مهندسون معتمدون من جمعية المهندسين العمانية.\n",
		[]string{"technical optional مهندسون"}},
	{"1", "Arabic staff holding a certificate preferred", "requirement",
		firstSixConventionTenderAR + "١. يفضل أن يحمل الموظفون شهادة CISSP.\n",
		[]string{"technical optional يفضل"}},
	{"1 neg", "the bidder's own experience", "requirement",
		firstSixConventionTender + "1. The bidder must have at least five (5) years of experience in environmental audits.\n",
		[]string{"experience mandatory five"}},
	{"1 neg", "a cap on the applicant's headcount", "requirement",
		firstSixConventionTender + "1. The applicant must be an enterprise employing fewer than fifty (50) employees.\n",
		[]string{"eligibility mandatory fewer than fifty"}},
	{"1 neg", "a team that is the applicant", "requirement",
		firstSixConventionTender + "1. Applicants must be research teams of at least three researchers.\n",
		[]string{"eligibility mandatory research teams"}},

	// Decision 2: the candidate's own professional certificate is
	// compliance; a degree or a driving licence stays eligibility.
	{"2", "job advert: NEBOSH", "requirement",
		firstSixConventionJob + "- Bachelor's degree in occupational safety.\n- NEBOSH International General Certificate.\n",
		[]string{"eligibility mandatory bachelor", "compliance mandatory nebosh"}},
	{"2", "job advert: a professional qualification", "requirement",
		firstSixConventionJob + "- A professional qualification (ACCA, CPA or CMA) is required.\n",
		[]string{"compliance mandatory professional qualification"}},
	{"2", "Arabic job advert: CPA", "requirement",
		firstSixConventionJobAR + "- شهادة CPA أو CMA.\n- بكالوريوس في المحاسبة.\n",
		[]string{"compliance mandatory cpa", "eligibility mandatory بكالوريوس"}},
	{"2 neg", "job advert: a driving licence", "requirement",
		firstSixConventionJob + "- A valid Omani driving licence.\n",
		[]string{"eligibility mandatory driving licence"}},

	// Decision 4: one obligation per sentence, party and language; a must
	// and a must_not of one party give the must_not.
	{"4", "two duties of one party", "obligation",
		firstSixConventionServices + "3.1 The Contractor shall prepare a site survey and shall deliver the final drawings within thirty (30) days.\n",
		[]string{"contractor must site survey"}},
	{"4", "a must and a must_not", "obligation",
		firstSixConventionLease + "5.1 The Lessee shall keep the premises clean and shall not store hazardous materials on them.\n",
		[]string{"tenant must_not hazardous"}},
	{"4", "a must and a must_not, the must after", "obligation",
		firstSixConventionServices + "3.2 The Contractor shall not subcontract the services and shall supervise its own staff at all times.\n",
		[]string{"contractor must_not subcontract"}},
	{"4", "Arabic keep secret and not disclose", "obligation",
		firstSixConventionArEmp + "٥. يلتزم الموظف بالمحافظة على سرية معلومات الشركة وعدم إفشائها.\n",
		[]string{"employee must_not إفشائها"}},
	{"4", "Arabic two present-tense duties of one party", "obligation",
		firstSixConventionArServ + "٣. يدفع العميل لمزود الخدمة مبلغاً شهرياً قدره ٣٬٢٠٠ ريال عماني، ويسدد العميل الفواتير خلال عشرين يوماً من تاريخ استلامها.\n",
		[]string{"customer must مبلغاً شهرياً"}},
	{"4 neg", "two parties in one sentence", "obligation",
		firstSixConventionServices + "4.1 The Client shall pay each invoice within thirty (30) days and the Contractor shall issue a receipt for each payment.\n",
		[]string{"customer must pay each invoice", "contractor must issue a receipt"}},
	{"4 neg", "two sentences", "obligation",
		firstSixConventionServices + "4.2 The Contractor shall clean the offices every evening. The Contractor shall remove all waste from the site.\n",
		[]string{"contractor must clean the offices", "contractor must remove all waste"}},
	{"4 neg", "bilingual: one in each language", "obligation",
		firstSixConventionLease + "6.1 The Lessee shall keep the premises clean and shall not store fuel on them.\n٦-١ يلتزم المستأجر بالمحافظة على نظافة العين المؤجرة وعدم تخزين الوقود فيها.\n",
		[]string{"tenant must_not fuel", "tenant must_not تخزين"}},

	// Decision 5: a warranty is no obligation; a duty attached to it is.
	{"5", "warrants", "obligation",
		firstSixConventionSupply + "7.1 The Supplier warrants the furniture against manufacturing defects for twenty-four (24) months.\n",
		nil},
	{"5", "shall warrant and shall replace", "obligation",
		firstSixConventionSupply + "7.2 The Supplier shall warrant the furniture for two (2) years and shall replace defective items within ten (10) days of notice.\n",
		[]string{"supplier must replace"}},
	{"5", "Arabic يضمن", "obligation",
		firstSixConventionArSupply + "٧. يضمن المورد الأثاث ضد عيوب الصناعة لمدة سنتين من تاريخ التسليم.\n",
		nil},
	{"5", "Arabic يضمن then a duty", "obligation",
		firstSixConventionArSupply + "٨. يضمن المورد الأثاث لمدة سنتين، ويلتزم المورد باستبدال أي قطعة معيبة خلال عشرة أيام.\n",
		[]string{"supplier must باستبدال"}},
	{"5 neg", "a duty to provide a warranty", "obligation",
		firstSixConventionSupply + "7.3 The Supplier shall provide a warranty of at least thirty-six (36) months on all items.\n",
		[]string{"supplier must warranty"}},

	// Decision 6: a statute under which a resolution, minutes or a policy
	// is made is the document's law; a statute cited for one matter is not.
	{"6", "minutes held under a statute", "law",
		"MINUTES OF THE ANNUAL GENERAL MEETING\n\nAl Seef Trading B.S.C. (c)\n\nThe meeting was held on 24 March 2026 in accordance with the Commercial Companies Law of the Kingdom of Bahrain.\n\n1. The financial statements for 2025 were approved.\n",
		[]string{"BH"}},
	{"6", "resolution pursuant to a statute", "law",
		"BOARD RESOLUTION\n\nMeeting No. 3/2026 of the Board of Directors of Sohar Foods SAOG, held in Muscat on 18 May 2026, pursuant to the Commercial Companies Law of the Sultanate of Oman.\n\nIt was resolved to open a branch in Salalah.\n",
		[]string{"OM"}},
	{"6", "Arabic resolution issued under a statute", "law",
		"قرار الشركاء\n\nاجتمع الشركاء في شركة نزوى للأغذية ش.م.م وقرروا ما يلي:\n\n١. زيادة رأس مال الشركة.\n٢. صدر هذا القرار وفقاً لأحكام قانون الشركات التجارية في سلطنة عمان.\n",
		[]string{"OM"}},
	{"6", "policy issued under a statute", "law",
		"ANNUAL LEAVE POLICY\n\nMuscat Logistics LLC\n\nThis policy is issued under the Labour Law of the Sultanate of Oman and applies to all employees.\n\n1. Employees accrue thirty (30) days of leave a year.\n",
		[]string{"OM"}},
	{"6 neg", "policy: breaches dealt with under a statute", "law",
		"TRAVEL EXPENSE POLICY\n\nManama Trading W.L.L.\n\n1. Claims must be submitted within fifteen (15) days of return.\n2. Breaches of this policy are dealt with under the disciplinary rules and the Labour Law of the Kingdom of Bahrain.\n",
		nil},
	{"6 neg", "gratuity under a statute", "law",
		"OFFER OF EMPLOYMENT\n\nDear Mr. Ravi Kumar,\n\nMuscat Logistics LLC is pleased to offer you the position of Driver.\n\nYour end-of-service gratuity will be calculated in accordance with the Labour Law of the Sultanate of Oman.\n",
		nil},
	{"6 neg", "VAT under a statute", "law",
		"TAX INVOICE\n\nInvoice No. 441\nSeller: Gulf Office Supplies LLC\n\nVAT at 5% is charged in accordance with the VAT Law of the Sultanate of Oman.\n\nTotal: OMR 420.000\n",
		nil},
}

// firstSixConventionItems is every fact of type typ in out, "key value text".
func firstSixConventionItems(out Output, typ string) []string {
	var got []string
	for _, g := range evalItems(out) {
		if g.typ != typ {
			continue
		}
		if typ == "law" {
			got = append(got, g.val+" - "+strings.ToLower(g.desc)) // "OM - om sultanate of oman"
			continue
		}
		got = append(got, g.key+" "+g.val+" "+g.text)
	}
	return got
}

// TestConv16Conventions: each case gives exactly the facts it wants.
// go test -p 1 ./capabilities/documentfacts -run TestConv16Conventions -v
func TestConv16Conventions(t *testing.T) {
	for _, c := range firstSixConventionCases {
		got := firstSixConventionItems(extractText(t, c.text), c.typ)
		want := c.want
		if c.typ == "law" {
			want = nil
			for _, w := range c.want {
				want = append(want, w+" - "+strings.ToLower(w))
			}
		}
		if msg := compareObligationItems(got, want); msg != "" {
			t.Errorf("decision %s, %s (%s):\n%s", c.decision, c.name, c.typ, msg)
		}
	}
}
