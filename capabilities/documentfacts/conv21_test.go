package documentfacts

import "testing"

// Round 19 (issue 29, session 21; docs/documents.md "round 19, the rules
// follow conventions 33-43"): each case is a document of our own and the
// facts of one type it must give, read as in conv19Cases (conv19Items):
// a case fails on a wanted fact missing and on any other fact of that
// type. Parties read "role name", money, dates and durations "key value",
// deadlines the normalised value.

const (
	conv21Instructions   = conv20Tender + "## Instructions to Bidders\n\n"
	conv21InstructionsAR = conv20TenderAR + "## تعليمات للمتناقصين\n\n"
	conv21Consultancy    = "CONSULTANCY AGREEMENT\n\nThis Agreement is made on 2 March 2026 between Nizwa Heritage Foundation (the \"Client\") and Al Qalam Design Consultants LLC (the \"Consultant\").\n\n"
	conv21ConsultancyAR  = "اتفاقية خدمات استشارية\n\nأبرمت هذه الاتفاقية بتاريخ ٢ مارس ٢٠٢٦ بين مؤسسة نزوى للتراث (\"العميل\") ومكتب القلم للاستشارات الهندسية ش.م.م (\"الاستشاري\").\n\n"
	conv21Hire           = "EQUIPMENT HIRE AGREEMENT\n\nThis Agreement is made on 2 March 2026 between Sohar Cranes LLC (the \"Owner\") and Al Batinah Builders LLC (the \"Hirer\").\n\n"
	conv21Supply         = "SUPPLY AGREEMENT\n\nThis Agreement is made on 2 March 2026 between Sohar Furniture LLC (the \"Supplier\") and Batinah Schools Development Company SAOC (the \"Buyer\").\n\n"
	conv21GuaranteeAR    = "ضمان حسن التنفيذ رقم ٢٠٢٦/١١٤\n\nالتاريخ: ٤ مايو ٢٠٢٦\n\nإلى: شركة خدمات المياه العمانية ش.م.ع.م (\"المستفيد\")\n\n"
)

var conv21Cases = []struct {
	decision, name, typ, text string
	want                      []string
}{
	// Decision 33: a rejection sentence gives nothing of its own; alone
	// in naming a bid bond it carries the bond's requirement.
	{"33", "the rejection names the bond alone", "requirement",
		conv21Instructions + "1. Bids must be submitted through the e-tendering portal.\n2. Bids not accompanied by a bid bond of OMR 500 will be rejected.\n3. Late bids will not be considered.\n",
		[]string{"financial mandatory bid bond"}},
	{"33", "the rejection is no obligation", "obligation",
		conv21Instructions + "1. Bids must be submitted through the e-tendering portal.\n2. Bids not accompanied by the bid bond shall be disqualified.\n3. Any bid received after 30 April 2026 shall be rejected.\n",
		[]string{"- must submitted through"}},
	{"33", "a bond stated, then restated by its rejection", "requirement",
		conv21Instructions + "1. Each bidder shall submit a bid bond of OMR 500 with its bid.\n2. Bids not accompanied by the bid bond will be rejected.\n",
		[]string{"financial mandatory each bidder shall submit a bid bond"}},
	{"33", "Arabic: يستبعد كل عطاء غير مصحوب بضمان", "requirement",
		conv21InstructionsAR + "١. تقدم العطاءات عبر بوابة إسناد.\n٢. يستبعد كل عطاء غير مصحوب بضمان العطاء.\n٣. لن ينظر في العطاءات المتأخرة.\n",
		[]string{"financial mandatory ضمان العطاء"}},
	{"33", "Arabic: no obligation of the rejection", "obligation",
		conv21InstructionsAR + "١. تقدم العطاءات عبر بوابة إسناد.\n٢. يستبعد كل عطاء غير مصحوب بضمان العطاء.\n",
		[]string{"- must بوابة إسناد"}},
	{"33 neg", "Arabic: a duty then a rejection clause keeps the duty", "obligation",
		conv21InstructionsAR + "١. تقدم العطاءات في مظروفين منفصلين (فني ومالي) عبر بوابة إسناد فقط، ولا تقبل العطاءات الورقية.\n",
		[]string{"- must مظروفين"}},

	// Decision 34: a bond that must accompany each bid is its financial
	// requirement and an obligation of -.
	{"34", "each bid must be accompanied by a bid bond", "obligation",
		conv20Tender + "## Requirements\n\n1. Bidders must hold a valid Commercial Registration.\n2. Each bid must be accompanied by a bid bond of OMR 2,000.000, valid for 90 days from the closing date.\n",
		[]string{"- must accompanied by a bid bond"}},
	{"34", "each bid must be accompanied: the requirement stays", "requirement",
		conv20Tender + "## Requirements\n\n1. Bidders must hold a valid Commercial Registration.\n2. Each bid must be accompanied by a bid bond of OMR 2,000.000, valid for 90 days from the closing date.\n",
		[]string{"eligibility mandatory commercial registration", "financial mandatory bid bond"}},
	{"34", "a bid bond must accompany each proposal", "obligation",
		"# Request for Proposals No. RFP-07/2026\n\n**Issuer:** Oman Broadband Company SAOC\n\n## Mandatory requirements\n\n1. The bidder shall be a company registered in Oman.\n2. A bid bond of OMR 3,000.000 must accompany each proposal.\n",
		[]string{"- must accompany each proposal"}},
	{"34", "Arabic: يجب أن يرفق بالعطاء ضمان, a bank's kind named", "obligation",
		conv20TenderAR + "## شروط الاشتراك\n\n١. أن يكون المناقص مسجلاً في السجل التجاري.\n٢. يجب أن يرفق بالعطاء ضمان بنكي مؤقت (ضمان العطاء) بقيمة 15,000 ريال عماني صادر من أحد البنوك العاملة في سلطنة عمان.\n",
		[]string{"- must يرفق بالعطاء"}},
	{"34", "Arabic: يرفق مع كل عطاء ضمان", "obligation",
		conv20TenderAR + "## الشروط\n\n١. أن يكون المناقص مسجلاً في السجل التجاري.\n٢. يجب أن يرفق مع كل عطاء ضمان بنكي ابتدائي بقيمة ١٬٥٠٠ ريال عماني.\n",
		[]string{"- must يرفق مع كل عطاء"}},
}

// TestConv21Conventions: each case gives exactly the facts it wants.
// go test -p 1 ./capabilities/documentfacts -run TestConv21Conventions -v
func TestConv21Conventions(t *testing.T) {
	for _, c := range conv21Cases {
		var out Output
		if len(c.text) > 0 && c.text[0] == '<' {
			out = extractHTML(t, c.text)
		} else {
			out = extractText(t, c.text)
		}
		got := conv19Items(out, c.typ)
		checkConvention(t, c.decision, c.name, c.typ, got, c.want)
	}
}
