package documentfacts

import (
	"strings"
	"testing"
)

// TestBilingualPartiesRound7b: a company written in both scripts is one
// party, each written form a party line with the company's role (issue
// 29, round 7b): a letterhead in two columns of one row, the Arabic name
// heading its cell as the English one heads its own; a letterhead with the
// two names on consecutive lines whose role is stated later by one of
// them only. People who sign keep no role; a company of the other script
// that only stands in the same row, not heading its cell, takes nothing.
func TestBilingualPartiesRound7b(t *testing.T) {
	checkRound3(t, []round3Case{
		{"Sahil Marine Supplies LLC, Sur, Oman | شركة الساحل للتجهيزات البحرية ش.م.م، صور\nTAX INVOICE | فاتورة ضريبية\nBill to / العميل | Hormuz Fisheries SAOC\nPrepared by: Nadia Khalfan Al Busaidi",
			TypeParty, []string{"supplier|Sahil Marine Supplies LLC", "supplier|شركة الساحل للتجهيزات البحرية ش.م.م", "customer|Hormuz Fisheries SAOC", "|Nadia Khalfan Al Busaidi"},
			[]string{"|شركة الساحل للتجهيزات البحرية ش.م.م"}},
		{"شركة الوادي للطاقة المتجددة ش.م.م\nWadi Renewable Energy LLC\nشهادة ضمان\nتصدر شركة الوادي للطاقة المتجددة ش.م.م (ويشار إليها فيما بعد بـ\"المورد\") هذه الشهادة لصالح شركة الرمال للعقارات ش.م.م (ويشار إليها فيما بعد بـ\"العميل\").\nالمفوض بالتوقيع: سالم بن علي الهاشمي",
			TypeParty, []string{"supplier|شركة الوادي للطاقة المتجددة ش.م.م", "supplier|Wadi Renewable Energy LLC", "customer|شركة الرمال للعقارات ش.م.م"},
			[]string{"|Wadi Renewable Energy LLC", "supplier|سالم بن علي الهاشمي"}},
		// Not a twin: the Arabic company is named inside the second cell,
		// after a label, not heading it.
		{"QUOTATION\nBarka Steel Works LLC, Barka | المورد المعتمد لدى شركة النخيل للمقاولات ش.م.م\nTo: Sohar Port Services SAOC",
			TypeParty, []string{"supplier|Barka Steel Works LLC"}, []string{"supplier|شركة النخيل للمقاولات ش.م.م"}},
	})
}

// r7bCase: a text, the items it must give and the items it must not.
// Deadlines are "value" or "value|a word of its text"; obligations
// "role|modality|a word of the action"; requirements "category|mandatory
// or optional|a word of the requirement".
type r7bCase struct {
	text      string
	want, not []string
}

func r7bHas(rows [][3]string, item string) bool {
	p := strings.SplitN(item, "|", 3)
	for _, r := range rows {
		switch len(p) {
		case 1:
			if r[0] == p[0] {
				return true
			}
		case 2:
			if r[0] == p[0] && strings.Contains(r[2], p[1]) {
				return true
			}
		case 3:
			if r[0] == p[0] && r[1] == p[1] && strings.Contains(strings.ToLower(r[2]), strings.ToLower(p[2])) {
				return true
			}
		}
	}
	return false
}

func checkR7b(t *testing.T, what string, cases []r7bCase) {
	t.Helper()
	for _, c := range cases {
		out := extractText(t, c.text)
		var rows [][3]string
		switch what {
		case "deadline":
			for _, d := range out.Deadlines {
				rows = append(rows, [3]string{d.NormalizedValue, d.Key, d.Value})
			}
		case "obligation":
			for _, o := range out.Obligations {
				role := o.PartyRole
				if role == "" {
					role = "-"
				}
				rows = append(rows, [3]string{role, o.Modality, o.Action})
			}
		case "requirement":
			for _, r := range out.Requirements {
				m := "optional"
				if r.Mandatory {
					m = "mandatory"
				}
				rows = append(rows, [3]string{r.Category, m, r.Requirement})
			}
		}
		for _, w := range c.want {
			if !r7bHas(rows, w) {
				t.Errorf("%q: %s %q missing; got %q", c.text, what, w, rows)
			}
		}
		for _, n := range c.not {
			if r7bHas(rows, n) {
				t.Errorf("%q: %s %q found; got %q", c.text, what, n, rows)
			}
		}
	}
}

// TestWrappedSentencesRound7b: a plain-text document hard-wrapped to a
// width reads each sentence across its lines (issue 29, round 7b): the
// obligation keeps the words after the break, a deadline preposition at a
// line's end reaches the date on the next line; a line that ends a
// sentence, a label, or a line before a list item is not joined.
func TestWrappedSentencesRound7b(t *testing.T) {
	checkR7b(t, "obligation", []r7bCase{
		{"5. Should the Employer extend the completion date, the Contractor shall procure the\n   renewal of the advance payment bond at least twenty-one (21) days before it lapses.",
			[]string{"contractor|must|renewal of the advance"}, nil},
		{"3. The Lessee shall keep the premises insured with an insurer approved\n   by the Lessor for the whole term.\n4. The Lessor shall repair the roof.",
			[]string{"tenant|must|by the lessor for the whole term", "landlord|must|repair"}, nil},
	})
	checkR7b(t, "deadline", []r7bCase{
		{"7.2 The Seller shall ship the transformers from Jebel Ali port not later than\n    14 March 2027.",
			[]string{"2027-03-14|not later than"}, nil},
		{"5. Should the Employer extend the completion date, the Contractor shall procure the\n   renewal of the advance payment bond at least twenty-one (21) days before it lapses.",
			[]string{"P21D"}, nil},
		// A heading line and the numbered clause under it stay apart.
		{"Delivery terms:\n1. Delivery within ten (10) days of the order.", []string{"P10D"}, nil},
	})
}

// TestGuaranteeUndertakingsRound7b: in a bank's guarantee letter the bank
// is the issuer (since session 16 the guarantor where it defines itself
// so) and what "we" undertake binds it (issue 29, round 7b): "we,
// <bank> (the "Guarantor"), hereby undertake to pay", "We shall pay", "the
// Guarantor shall"; a statement that the guarantor is not discharged is no
// duty; "on or before that date" is a deadline on the date written just
// before; a date a period counts from is no deadline.
func TestGuaranteeUndertakingsRound7b(t *testing.T) {
	letter := "NORTHERN GULF BANK S.A.O.G.\nTo: Sohar Ports Authority (the \"Beneficiary\")\n" +
		"ADVANCE PAYMENT GUARANTEE No. 4471\n" +
		"1. At the request of Barka Marine Works LLC (the \"Contractor\"), we, Northern Gulf Bank S.A.O.G. (the \"Guarantor\"),\n   hereby irrevocably undertake to pay you any sum not exceeding OMR 60,000.000 on your first written demand.\n" +
		"2. We shall pay each demand within three (3) banking days of receiving it.\n" +
		"3. This guarantee remains in force until 31 January 2028. Any demand must reach our branch in Sohar on or before that date.\n" +
		"4. The Guarantor shall not be released by any amendment to the Contract.\n" +
		"5. The Guarantor shall notify the Contractor of every demand.\n" +
		"6. The Contractor shall renew this guarantee within ninety (90) days from the mobilisation date of 2 February 2027."
	checkR7b(t, "obligation", []r7bCase{
		// Session 16: the bank defines itself "the Guarantor", so the key
		// specification makes it guarantor (it was issuer).
		{letter, []string{"guarantor|must|undertake to pay you any sum", "guarantor|must|pay each demand", "guarantor|must|notify", "contractor|must|renew"},
			[]string{"issuer|must|pay", "-|must|hereby", "issuer|must_not|released", "guarantor|must_not|released"}},
		// "We" binds the issuer only where there is one.
		{"Dear Customer,\nWe shall deliver the cables within five (5) days of your order.", nil, []string{"issuer|must|deliver"}},
	})
	checkR7b(t, "deadline", []r7bCase{
		{letter, []string{"P3D", "2028-01-31|that date", "P90D"}, []string{"2027-02-02"}},
		// "by that date" after a deadline already read on the date adds none.
		{"Please settle the balance no later than 15 May 2026. If payment is not received by that date, deliveries stop.",
			[]string{"2026-05-15|no later than"}, []string{"2026-05-15|that date"}},
	})
}

// TestDeadlineRecallRound7b: deadlines the earlier rounds missed (issue
// 29, round 7b): an offer's or a bid's validity however worded ("shall
// remain valid for at least", "يظل العطاء سارياً لمدة", "سارية لمدة لا تقل
// عن"), but not a bond's, nor a validity whose only offer word is the
// event it counts from; a date after a deadline preposition written in
// each language gives a deadline per language, though the date is one
// fact.
func TestDeadlineRecallRound7b(t *testing.T) {
	checkR7b(t, "deadline", []r7bCase{
		{"4.3 Proposals shall remain valid for at least one hundred and eighty (180) days from the submission date.",
			nil, []string{"P180D|valid"}}, // session 16 key specification (round 14): an offer's validity has no deadline line
		{"٣- يظل العطاء سارياً لمدة ستين (60) يوماً من تاريخ فتح المظاريف.", nil, []string{"P60D|سارياً"}}, // session 16 key specification (round 14): no deadline line
		{"تظل الأسعار المقدمة سارية لمدة لا تقل عن خمسة وأربعين (45) يوماً.", nil, []string{"P45D"}},       // session 16 key specification (round 14): no deadline line
		// A bond's validity is its duration, not a deadline; so is a
		// validity that names a bid only as the event it counts from.
		{"The bid bond shall be valid for one hundred and twenty (120) days.", nil, []string{"P120D"}},
		{"خطاب ضمان بنكي بقيمة 900 ر.ع. صادر من بنك محلي، ساري المفعول لمدة مائة (100) يوم من آخر موعد لتقديم العطاءات.", nil, []string{"P100D"}},
		// One date, a deadline in each language.
		{"Required by: 3 March 2027\n1. The Supplier shall install the chillers no later than 3 March 2027.\n   يلتزم المورد بتركيب المبردات في موعد أقصاه 3 مارس 2027.",
			[]string{"2027-03-03|no later than", "2027-03-03|في موعد أقصاه"}, nil},
	})
}

// TestTwinObligationsRound7b: a clause written in English and then in
// Arabic states its duty once per language (issue 29, round 7b): an
// Arabic twin with no duty word of its own (a passive "تسلم", "يتم") is
// the English one's obligation in Arabic; an Arabic twin whose role word
// differs ("المقاول الفائز" for "the successful bidder", "الهيئة" for the
// Authority that issues) takes the English role. A twin with another
// clause number, an Arabic line after an English line with no duty, and
// an English line after an Arabic one give nothing.
func TestTwinObligationsRound7b(t *testing.T) {
	checkR7b(t, "obligation", []r7bCase{
		{"REQUEST FOR PROPOSALS\nIssued by Dhofar Ports Authority (the \"Authority\")\n4.1 Proposals shall be delivered in sealed envelopes to the Authority's reception desk.\n4.1 تسلم العروض في مظاريف مغلقة إلى مكتب الاستقبال بالهيئة.",
			[]string{"-|must|delivered in sealed", "-|must|مظاريف مغلقة"}, nil},
		{"REQUEST FOR PROPOSALS\n4.2 The successful bidder shall install the pumps within six (6) weeks of the award.\n4.2 يلتزم المقاول الفائز بتركيب المضخات خلال ستة (6) أسابيع من الترسية.",
			[]string{"bidder|must|install", "bidder|must|بتركيب"}, []string{"contractor|must|بتركيب"}},
		// Another clause number: no twin.
		{"4.3 The Contractor shall keep the site clean.\n4.4 تسلم المفاتيح عند نهاية العقد.", []string{"contractor|must|site clean"}, []string{"contractor|must|المفاتيح"}},
		// No duty in English: the Arabic statement stays none.
		{"4.5 The prices include delivery to the site.\n4.5 تشمل الأسعار التوصيل إلى الموقع.", nil, []string{"-|must|تشمل"}},
		// Arabic first, then English: the English gains nothing from it.
		{"٥- يلتزم المستأجر بسداد فواتير المياه.\n5. Water bills are listed in Annex B.", []string{"tenant|must|بسداد"}, []string{"tenant|must|water bills"}},
	})
}

// TestTenderRequirementsRound7b: tender requirements the earlier rounds
// missed (issue 29, round 7b): the successful bidder's performance bond is
// a financial requirement of the tender as well as the bidder's
// obligation, in each language; a requirement stated first and its proof
// added after it ("with proof", "مع تقديم", "مع إرفاق") keeps its own kind.
// Outside a tender (no requirements) a performance bond clause is only an
// obligation.
func TestTenderRequirementsRound7b(t *testing.T) {
	tender := "TENDER No. 12/2027\nEligibility requirements\n1. Bidders must be registered with the Ministry of Commerce.\nTerms\n" +
		"5. The successful tenderer shall provide a performance security of 10% of the contract price within fourteen (14) days of the award.\n" +
		"5. يلتزم مقدم العطاء الفائز بتقديم ضمان حسن التنفيذ بنسبة 10% من قيمة العقد خلال أربعة عشر (14) يوماً من الترسية."
	checkR7b(t, "requirement", []r7bCase{
		{tender, []string{"financial|mandatory|performance security", "financial|mandatory|حسن التنفيذ", "eligibility|mandatory|registered"}, nil},
		{"مناقصة رقم 4/2027\nشروط التأهيل\n1. أن يكون لدى المتقدم خبرة لا تقل عن سبع (7) سنوات في صيانة المحطات، مع تقديم شهادات إنجاز.\n2. أن تكون المضخات المعروضة مطابقة للمواصفات الفنية المرفقة، مع إرفاق النشرات الفنية.\n3. تقديم نسخة من البطاقة الضريبية.",
			[]string{"experience|mandatory|خبرة", "technical|mandatory|مطابقة", "documentation|mandatory|البطاقة الضريبية"},
			[]string{"documentation|mandatory|خبرة", "documentation|mandatory|مطابقة"}},
		{"SUPPLY AGREEMENT\n7. The Supplier shall provide a performance bond of 5% of the contract price within ten (10) days.", nil, []string{"financial|mandatory|performance bond"}},
	})
	checkR7b(t, "obligation", []r7bCase{
		{tender, []string{"bidder|must|performance security", "bidder|must|حسن التنفيذ"}, nil},
	})
}

// TestArabicObligationsRound7b: Arabic duties the earlier rounds missed
// (issue 29, round 7b): a word the text defines for a party ("ويشار إليها
// بـ"المؤسسة"") binds that party; لا before يلتزم negates it; "وجب عليه"
// after a condition binds the party the condition names; "لا يجوز للمؤجر
// ولا للمستأجر" forbids each; a passive payment (تُدفع, يتم السداد) binds
// no one named; a duty verb at the end of a wrapped line goes on on the
// next; an English passive ban ("are not allowed") is a prohibition of no
// one. Warranties (يضمن) stay no duty.
func TestArabicObligationsRound7b(t *testing.T) {
	checkR7b(t, "obligation", []r7bCase{
		{"عقد صيانة\nالمورد: شركة الواحة للتبريد ش.م.م (ويشار إليها فيما بعد بـ\"المؤسسة\")\nالعميل: مستشفى النور الخاص\n1. تلتزم المؤسسة بصيانة الوحدات كل ثلاثة أشهر.",
			[]string{"supplier|must|بصيانة الوحدات"}, []string{"-|must|بصيانة الوحدات"}},
		// No party defines the word: it binds no one named.
		{"عقد صيانة\n1. تلتزم المؤسسة بصيانة الوحدات كل ثلاثة أشهر.", nil, []string{"supplier|must|بصيانة الوحدات"}},
		{"عقد إيجار\nالمستأجر: شركة الفجر للتجارة ش.م.م\n1. لا يلتزم المؤجر بأي تجهيزات داخلية.\n2. يلتزم المؤجر بإصلاح السقف.",
			[]string{"landlord|must|بإصلاح السقف"}, []string{"landlord|must|تجهيزات"}},
		{"إذا رغب أي من الطرفين في إنهاء العقد وجب عليه إخطار الطرف الآخر قبل تسعين (90) يوماً.",
			[]string{"each_party|must|إخطار"}, nil},
		{"لا يجوز للبائع ولا للمشتري نشر شروط هذا العقد.",
			[]string{"seller|must_not|نشر", "buyer|must_not|نشر"}, nil},
		{"٤- تُدفع للموظف بدل سكن قدره 200 ر.ع. شهرياً.", []string{"-|must|بدل سكن"}, []string{"employee|must|بدل سكن"}},
		{"6. يلتزم المقاول بتوريد المواد وفق الجدول الزمني، كما تلتزم\n   الشركة بتوفير مخزن في الموقع.", []string{"contractor|must|بتوريد المواد"}, nil},
		{"8. Split deliveries are not allowed.", []string{"-|must_not|split deliveries"}, nil},
		{"9. يضمن المورد الأجهزة لمدة سنتين من تاريخ التركيب.", nil, []string{"supplier|must|الأجهزة"}},
	})
	checkR7b(t, "deadline", []r7bCase{
		{"إذا رغب أي من الطرفين في إنهاء العقد وجب عليه إخطار الطرف الآخر قبل تسعين (90) يوماً.", nil, []string{"P90D"}}, // session 16 key specification (round 14): a notice to end has no deadline line
	})
}

// TestDeadlineRequestsRound7b: a request ("Please acknowledge ... within
// two days", يرجى) sets no deadline unless it asks for payment, the
// invoice's payment term; Arabic net terms ("صافي 30 يوماً") are a
// payment deadline, and a net amount is none; an Arabic clause wrapped
// after خلال reaches its period (issue 29, round 7b).
func TestDeadlineRequestsRound7b(t *testing.T) {
	checkR7b(t, "deadline", []r7bCase{
		{"5. Please confirm receipt of this order within three (3) working days.", nil, []string{"P3D"}},
		{"يرجى إعادة نسخة موقعة من هذا الإشعار خلال سبعة (7) أيام.", nil, []string{"P7D"}},
		{"Please pay the amount due within fifteen (15) days of the invoice date.", []string{"P15D"}, nil},
		{"شروط الدفع: صافي 45 يوماً من تاريخ الفاتورة.", []string{"P45D|صافي"}, nil},
		{"صافي المبلغ المستحق: 4,500.000 ر.ع.", nil, []string{"P45D"}},
		{"3- يلتزم المقاول بإصلاح أي تسرب خلال\n   اثنتي عشرة (12) ساعة من إبلاغه.", []string{"PT12H"}, nil},
	})
}

// TestPermissionNoticeRound7b: the notice of a right in a sentence that
// also binds ("The Owner may suspend the works by giving 21 days' notice,
// in which case the Owner shall pay ...") is no deadline, while the
// binding clause's own limit is; a memorandum's "will explore" states an
// intention, no duty (issue 29, round 7b).
func TestPermissionNoticeRound7b(t *testing.T) {
	checkR7b(t, "deadline", []r7bCase{
		{"9.2 The Owner may suspend the works by giving the Contractor twenty-one (21) days' written notice, in which case the Owner shall pay the demobilisation costs within thirty (30) days.",
			[]string{"P30D"}, []string{"P21D"}},
		{"9.3 The Contractor shall give the Owner twenty-one (21) days' written notice before any shutdown.", []string{"P21D"}, nil},
	})
	checkR7b(t, "obligation", []r7bCase{
		{"2.4 The Parties will jointly explore a logistics venture in Duqm.\n2.5 Each Party shall bear its own costs.",
			[]string{"each_party|must|bear its own costs"}, []string{"each_party|must|explore"}},
	})
}

// TestWrappedNumbersRound7b: a line ending in a number in words goes on
// in the next line's bracketed digits ("within seven" / "(7) days"),
// which is no list marker there; "shall receive, store and dispatch" is a
// duty, "will receive the credits" a benefit (issue 29, round 7b).
func TestWrappedNumbersRound7b(t *testing.T) {
	checkR7b(t, "deadline", []r7bCase{
		{"6.2 The Buyer shall report any shortage to the Carrier in writing within twelve\n    (12) days of unloading.", []string{"P12D"}, nil},
		// A list of bracketed items after a line that ends in no number.
		{"The Supplier shall provide:\n(1) a packing list;\n(2) a certificate of origin.", nil, []string{"P1D"}},
	})
	checkR7b(t, "obligation", []r7bCase{
		{"3.1 The Operator shall receive, inspect and store the Owner's spare parts at its yard.", []string{"operator|must|receive, inspect"}, nil},
		{"3.2 The Owner will receive the service credits in the next invoice.", nil, []string{"owner|must|receive"}},
	})
}

// TestNothingObligesRound7b: "ليس في هذا العقد ما يلزم" (nothing obliges)
// states no duty; "يلزم" that binds a party still does (issue 29, round
// 7b).
func TestNothingObligesRound7b(t *testing.T) {
	checkR7b(t, "obligation", []r7bCase{
		{"ليس في هذا الاتفاق ما يلزم أياً من الطرفين بشراء أي كمية.", nil, []string{"-|must|بشراء", "each_party|must|بشراء"}},
		{"يلزم المورد بتسليم البضاعة خلال عشرة (10) أيام.", []string{"supplier|must|بتسليم"}, nil},
	})
}
