package documentfacts

import "testing"

// Session 20, requirements (requirement_categories_leads.go): each case is a document of our own,
// rendered in its format, and the requirements it must give ("category
// mode word"), as pronounDutiesObligationsCases.
var categoriesLeadsCases = []struct {
	family, name, format, text string
	want                       []string
}{
	// Family R1: a bilingual row's Arabic half lists its documents too.
	{"R1", "bilingual row, three documents in each half", "docx",
		"# PRE-QUALIFICATION NOTICE | إعلان التأهيل المسبق\nThe Authority invites qualified contractors to apply for pre-qualification. | تدعو الهيئة المقاولين المؤهلين لتقديم طلبات التأهيل المسبق.\n# 2. Submission | ٢. التقديم\n2.1 Each application shall include the trade licence, the audited accounts for 2024-2025 and the list of vessels with their registration papers. | ٢-١ يجب أن يتضمن كل طلب الرخصة التجارية والحسابات المدققة للعامين ٢٠٢٤-٢٠٢٥ وقائمة السفن مع أوراق تسجيلها.\n",
		[]string{"documentation mandatory trade licence", "documentation mandatory audited accounts", "documentation mandatory list of vessels",
			"documentation mandatory الرخصة التجارية", "documentation mandatory الحسابات المدققة", "documentation mandatory قائمة السفن"}},
	{"R1 neg", "Arabic prose list, parted as before", "text",
		"إعلان تأهيل مسبق\n\nتدعو الهيئة المقاولين المؤهلين لتقديم طلبات التأهيل المسبق.\n\n٢. المستندات المطلوبة\n\n٢-١ يجب أن يتضمن كل طلب الرخصة التجارية والحسابات المدققة وقائمة السفن.\n",
		[]string{"documentation mandatory الرخصة التجارية", "documentation mandatory الحسابات المدققة", "documentation mandatory قائمة السفن"}},

	// Family R2: conformity to a standards body's standard is compliance.
	{"R2", "furniture to the Gulf standard", "md",
		"إعلان مناقصة رقم ٩/٢٠٢٦ لتوريد أثاث المكاتب\n\nتدعو الهيئة الشركات المؤهلة لتقديم عطاءاتها.\n\n## الشروط الفنية\n\n١. أن يكون الأثاث المعروض مطابقاً للمواصفات القياسية الخليجية.\n٢. أن تكون الأقمشة مطابقة للمواصفة القياسية العمانية الخاصة بالأقمشة المقاومة للحريق.\n",
		[]string{"compliance mandatory الخليجية", "compliance mandatory العمانية"}},
	{"R2 neg", "technical specifications stay technical", "md",
		"إعلان مناقصة رقم ٩/٢٠٢٦ لتوريد أثاث المكاتب\n\nتدعو الهيئة الشركات المؤهلة لتقديم عطاءاتها.\n\n## الشروط الفنية\n\n١. أن يكون الأثاث المعروض مطابقاً للمواصفات الفنية الواردة في الملحق (أ).\n",
		[]string{"technical mandatory الملحق"}},
}

// TestReq20Families: each case gives exactly the requirements it wants.
// go test -p 1 ./capabilities/documentfacts -run TestReq20Families -v
func TestReq20Families(t *testing.T) {
	for _, c := range categoriesLeadsCases {
		got := firstSixConventionItems(extractAs(t, c.format, c.text), "requirement")
		if msg := compareObligationItems(got, c.want); msg != "" {
			t.Errorf("family %s, %s:\n%s", c.family, c.name, msg)
		}
	}
}

// Session 20, requirement recall by families (requirement_categories_leads.go): each case is a
// document of our own, rendered in its format, and the requirements it
// must give ("category mode word"), as categoriesLeadsCases.
var categoriesLeadsAfterCases = []struct {
	family, name, format, text string
	want                       []string
}{
	// Family B1: a public auction states conditions to qualify.
	{"B1", "kiosk auction, conditions and documents", "text",
		"إعلان مزايدة عامة رقم ٣/٢٠٢٦\nتعلن بلدية مسقط عن طرح أكشاك على الواجهة البحرية للاستثمار عن طريق المزايدة العامة.\n\nشروط الدخول في المزايدة\n١. أن يكون المتقدم عماني الجنسية أو شركة مسجلة في السلطنة.\n٢. يفضل من لديه خبرة في إدارة المقاهي.\n\nالمستندات\n\nيجب على المتقدم إرفاق المستندات التالية بطلبه:\n- صورة البطاقة الشخصية.\n- صورة السجل التجاري.\n",
		[]string{"eligibility mandatory عماني الجنسية", "experience optional خبرة", "documentation mandatory البطاقة الشخصية", "documentation mandatory السجل التجاري"}},
	{"B1 neg", "a lease let after an auction binds its parties", "text",
		"عقد إيجار محل تجاري\n\nحرر هذا العقد بين بلدية مسقط (المؤجر) والسيد سالم الحارثي (المستأجر) بعد رسو المزايدة رقم ٣/٢٠٢٦ عليه.\n\n١. يلتزم المستأجر بدفع الإيجار مقدماً.\n٢. لا يجوز للمستأجر التأجير من الباطن.\n",
		nil},
	// Family B2: Arabic category words with a pronoun or a case ending.
	{"B2", "job advert: his experience", "text",
		"إعلان وظيفة شاغرة\nتعلن شركة الخليج للخدمات عن حاجتها لشغل وظيفة مهندس سلامة.\n\nالشروط المطلوبة:\n- أن يكون المتقدم عماني الجنسية.\n- ألا تقل خبرته في مجال السلامة عن ثلاث سنوات.\n- أن تكون لديه خبرات سابقة في المنشآت النفطية.\n",
		[]string{"eligibility mandatory عماني الجنسية", "experience mandatory خبرته", "experience mandatory خبرات"}},
	{"B2", "auction: a provisional security in the accusative", "text",
		"إعلان مزايدة عامة رقم ٣/٢٠٢٦\nتعلن بلدية مسقط عن طرح أكشاك للاستثمار عن طريق المزايدة العامة.\n\nشروط الاشتراك في المزايدة:\n١. أن يكون المتقدم عماني الجنسية.\n٢. أن يقدم المتقدم تأميناً مؤقتاً بمبلغ ٥٠٠ ريال عماني.\n",
		[]string{"eligibility mandatory عماني الجنسية", "financial mandatory تأميناً مؤقتاً"}},
	{"B2 neg", "a document proving experience stays documentation", "text",
		"إعلان مناقصة رقم ١٤/٢٠٢٦\nتعلن البلدية عن طرح مناقصة لصيانة الطرق.\n\nشروط التأهيل:\n١. أن تكون الشركة مسجلة لدى وزارة التجارة والصناعة.\n\nالمستندات المطلوبة:\n- صورة من شهادات خبرته السابقة.\n",
		[]string{"eligibility mandatory مسجلة", "documentation mandatory خبرته"}},
	// Family B3: "على المتقدم الالتزام بما يلي:" opens a list of conditions.
	{"B3", "Arabic ordinal items under a keeping lead-in", "text",
		"مناقصة توريد أجهزة حاسب آلي\n\nعلى المتقدم للمناقصة الالتزام بما يلي:\nأولاً: أن يكون مقدم العطاء وكيلاً معتمداً للشركة المصنعة.\nثانياً: يجب أن تكون الأجهزة جديدة وغير مستعملة.\nثالثاً: يجب أن يكون لدى الشركة خبرة لا تقل عن خمس سنوات في توريد الأجهزة.\n",
		[]string{"eligibility mandatory وكيلاً معتمداً", "technical mandatory جديدة", "experience mandatory خبرة"}},
	{"B3", "English items under \"shall adhere to the following\"", "text",
		"INVITATION TO TENDER No. 7/2026\nSupply of Laboratory Furniture\n\nBidders shall adhere to the following conditions:\n1. Be a company registered in Oman.\n2. Have supplied laboratory furniture to at least two hospitals.\n",
		[]string{"eligibility mandatory registered", "experience mandatory supplied"}},
	{"B3 neg", "a contract's keeping lead-in states duties, not conditions", "text",
		"عقد توريد أجهزة\n\nحرر هذا العقد بين وزارة الصحة والمورد.\n\nعلى المورد الالتزام بما يلي:\nأولاً: توريد الأجهزة خلال ثلاثين يوماً.\nثانياً: تركيب الأجهزة في مواقعها.\n",
		nil},
	// Family B4: an Arabic warranty (ضمان) with its period is technical.
	{"B4", "warranty certificate and warranty period", "text",
		"إعلان مناقصة رقم ٥/٢٠٢٦ لتوريد أجهزة حاسب آلي\n\nشروط التأهيل:\n١. يجب على مقدم العطاء أن يقدم شهادة ضمان لمدة ثلاث سنوات.\n٢. ألا تقل فترة الضمان عن سنتين من تاريخ التركيب.\n٣. يشترط تقديم ضمان عطاء بنسبة ١٪ من قيمة العطاء.\n",
		[]string{"technical mandatory ثلاث سنوات", "technical mandatory فترة الضمان", "financial mandatory ضمان عطاء"}},
	{"B4 neg", "a bank guarantee for a period stays financial", "text",
		"إعلان مناقصة رقم ٥/٢٠٢٦ لتوريد أجهزة حاسب آلي\n\nشروط التأهيل:\n١. يجب تقديم ضمان بنكي لمدة تسعين يوماً.\n",
		[]string{"financial mandatory ضمان بنكي"}},
}

// TestReq20bFamilies: each case gives exactly the requirements it wants.
// go test -p 1 ./capabilities/documentfacts -run TestReq20bFamilies -v
func TestReq20bFamilies(t *testing.T) {
	for _, c := range categoriesLeadsAfterCases {
		got := firstSixConventionItems(extractAs(t, c.format, c.text), "requirement")
		if msg := compareObligationItems(got, c.want); msg != "" {
			t.Errorf("family %s, %s:\n%s", c.family, c.name, msg)
		}
	}
}
