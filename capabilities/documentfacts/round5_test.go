package documentfacts

import (
	"slices"
	"strings"
	"testing"
)

// TestPartiesRound5: parties of Arabic and mixed documents (issue 29,
// fifth round): a bank that writes a guarantee under a letterhead in
// capitals issues it; a name wrapped over two lines is one party; an
// individual listed by name and nationality takes the definition that
// follows on a later line; a person written in both scripts ("Latin /
// عربي") is two names of one person when they transliterate; the
// addressee of an employment offer is the employee; "For the Tenant" /
// "عن المستأجر" heading a signature column and "الشركة" inside a sentence
// name nobody.
func TestPartiesRound5(t *testing.T) {
	checkRound3(t, []round3Case{
		{"NIZWA NATIONAL BANK SAOG\nGuarantees Department\n\nTo: Sur Water Works Company SAOC\n\nPERFORMANCE GUARANTEE No. PG/77\n\nAt the request of the Contractor, we, Nizwa National Bank SAOG, hereby irrevocably\nundertake to pay the Beneficiary any sum not exceeding OMR 12,000.000.",
			TypeParty, []string{"issuer|Nizwa National Bank SAOG"}, []string{"|NIZWA NATIONAL BANK SAOG", "|Nizwa National Bank SAOG"}},
		{"To: Batinah Coastal Fisheries Company SAOC\n\n1. We understand that Ibri Roads LLC is bidding to you, Batinah Coastal\n   Fisheries Company SAOC (hereinafter referred to as the \"Beneficiary\"), for the works.",
			TypeParty, []string{"beneficiary|Batinah Coastal Fisheries Company SAOC"}, []string{"beneficiary|Fisheries Company SAOC"}},
		{"This Lease is made between:\nHamad bin Saif Al Mamari, Omani national, ID No. 1234567, of Sohar (hereinafter referred\nto as the \"Lessor\"); and\nحمد بن سيف المعمري، عماني الجنسية، بطاقة مدنية رقم 1234567 (ويشار إليه\nفيما بعد بـ \"المؤجر\")؛",
			TypeParty, []string{"landlord|Hamad bin Saif Al Mamari", "landlord|حمد بن سيف المعمري"}, nil},
		{"Signed for the Buyer / عن المشتري: Maryam Yousuf Al Hosni / مريم بنت يوسف الحوسنية, Director / مديرة\nChecked by / راجعها: Tariq Anwar Qureshi / طارق أنور قريشي",
			TypeParty, []string{"|Maryam Yousuf Al Hosni", "|مريم بنت يوسف الحوسنية", "|Tariq Anwar Qureshi", "|طارق أنور قريشي"}, nil},
		// Two scripts that are no transliteration of each other: no person.
		{"Head Office / المكتب الرئيسي\nMuscat Branch / فرع مسقط",
			TypeParty, nil, []string{"|Muscat Branch", "|فرع مسقط", "|Head Office"}},
		{"شركة الريان للبرمجيات ش.م.م\n\nالفاضل/ عبدالله بن سالم الوهيبي | المحترم\n\nالموضوع: عرض عمل\nيسرنا أن نعرض عليك وظيفة محاسب أول (ويشار إليك فيما بعد بـ \"الموظف\")، براتب أساسي قدره 900 ر.ع.",
			TypeParty, []string{"employee|عبدالله بن سالم الوهيبي"}, []string{"|عبدالله بن سالم الوهيبي |"}},
		{"LEASE AGREEMENT\nSignatures\n| المؤجر | عن المستأجر |\n|---|---|\n| سالم بن راشد الحجري | شركة الوادي للأثاث ش.م.م |",
			TypeParty, nil, []string{"landlord|عن المستأجر"}},
		{"REQUEST FOR QUOTATION\nSalalah Port Services SAOG (the \"Company\") invites qualified suppliers to submit quotations for mooring ropes.\nتلتزم الشركة بالسداد خلال ثلاثين (30) يوماً. خطاب تفويض من الشركة المصنعة.\nThe Company shall pay within 30 days.",
			TypeParty, []string{"issuer|Salalah Port Services SAOG"}, []string{"|شركة بالسداد خلال ثلاثين", "|شركة المصنعة", "|Company"}},
		{"أعد الفاتورة: سعيد بن حمد الكلباني، المحاسب", TypeParty, []string{"|سعيد بن حمد الكلباني"}, nil},
	})
}

// obligationCase: in text, an obligation binds role with modality and an
// action holding anchor ("role|modality|anchor"); not lists ones that
// must not be found, an empty anchor meaning any action.
type obligationCase struct {
	text      string
	want, not []string
}

func checkObligations(t *testing.T, cases []obligationCase) {
	t.Helper()
	for _, c := range cases {
		out := extractText(t, c.text)
		has := func(spec string) bool {
			p := strings.SplitN(spec, "|", 3)
			for _, o := range out.Obligations {
				role := o.PartyRole
				if role == "" {
					role = "-"
				}
				if role == p[0] && o.Modality == p[1] && strings.Contains(o.Action, p[2]) {
					return true
				}
			}
			return false
		}
		var got []string
		for _, o := range out.Obligations {
			got = append(got, o.PartyRole+"|"+o.Modality+"|"+o.Action)
		}
		for _, w := range c.want {
			if !has(w) {
				t.Errorf("%q: obligation %q missing; got %q", c.text, w, got)
			}
		}
		for _, n := range c.not {
			if has(n) {
				t.Errorf("%q: obligation %q found; got %q", c.text, n, got)
			}
		}
	}
}

// TestObligationsRound5: the roles duties bind in Arabic and mixed
// documents (issue 29, fifth round): "Neither X nor Y shall" binds each
// named party; an Arabic duty verb before its party heads the action
// ("يسدد العميل ..."); "وعليه أن يخطر المؤجر" binds the party named before
// ("يحق للمستأجر"), not the object after the verb; "استلمه عليها" is no
// duty; a word the document defines for a party ('(the "Company")')
// names it; a forum for disputes is no duty.
func TestObligationsRound5(t *testing.T) {
	checkObligations(t, []obligationCase{
		{"Neither the Lessor nor the Lessee shall register this lease without the other's consent.",
			[]string{"landlord|must_not|register", "tenant|must_not|register"}, []string{"each_party|must_not|"}},
		{"يسدد المشتري قيمة كل شحنة خلال أربعين (40) يوماً من تاريخ الاستلام.",
			[]string{"buyer|must|يسدد"}, nil},
		{"يدفع المستأجر أجرة الحارس شهرياً.", []string{"tenant|must|يدفع"}, nil},
		{"يجوز للمستأجر تجديد العقد، وعليه في هذه الحالة أن يخطر المؤجر قبل شهرين (2) على الأقل.",
			[]string{"tenant|must|يخطر"}, []string{"landlord|must|"}},
		{"يلتزم المشتري بإعادة العبوات بالحالة التي تسلمها عليها خلال عشرة (10) أيام.",
			[]string{"buyer|must|بإعادة"}, nil},
		{"INVITATION TO TENDER No. 7/2026\nSohar Cement Company SAOG (the \"Company\") invites qualified contractors to submit bids for the supply of kiln bricks.\nBidders shall submit a bid bond with their tender.\nThe Company shall pay the successful bidder within 30 days of each certified payment.",
			[]string{"issuer|must|pay the successful bidder"}, []string{"-|must|pay"}},
		{"Any dispute arising out of this Contract shall be referred to arbitration in Muscat.\nAll disputes shall be finally settled by the courts of Doha.",
			nil, []string{"-|must|", "each_party|must|"}},
	})
}

// TestRequirementCategoriesRound5: requirement categories of the later
// label specification (issue 29, fifth round): a registration to hold is
// eligibility whatever activity it names; a certificate to a standard
// (ISO, NSF/ANSI) is compliance (the older guideline said technical);
// similar supplies done before are experience; local stock is technical;
// a bond or a turnover with its amount under a requirements heading is
// financial; a bilingual item is one requirement per language.
func TestRequirementCategoriesRound5(t *testing.T) {
	checkRound4(t, []round3Case{
		{"Eligibility criteria\n1. The bidder must be registered with the Ministry of Commerce for the supply of pumping equipment.",
			"requirement", []string{"eligibility|mandatory"}, []string{"technical|mandatory"}},
		{"شروط التأهيل\n1. أن يكون المتقدم مسجلاً لدى وزارة التجارة بنشاط توريد معدات الضخ.",
			"requirement", []string{"eligibility|mandatory"}, []string{"technical|mandatory"}},
		{"Qualification requirements\n1. The pipes offered must be certified to WRAS or an equivalent standard.\n2. The manufacturer must hold a valid ISO 14001 certificate.",
			"requirement", []string{"compliance|mandatory"}, []string{"technical|mandatory", "eligibility|mandatory"}},
		{"شروط التأهيل\n1. أن يكون المصنع حاصلاً على شهادة الأيزو 45001 سارية.",
			"requirement", []string{"compliance|mandatory"}, []string{"eligibility|mandatory"}},
		{"Qualification requirements\n1. The supplier must have completed at least two similar supplies to oil companies in the last three years.",
			"requirement", []string{"experience|mandatory"}, []string{"eligibility|mandatory"}},
		{"Qualification requirements\n1. A local stock of spare parts in Muscat is preferred.",
			"requirement", []string{"technical|optional"}, nil},
		{"المستندات المطلوبة\n- كفالة عطاء مصرفية بقيمة 1,200 ر.ع. سارية لمدة تسعين (90) يوماً.\n\nشروط التأهيل\n- ألا يقل متوسط المبيعات السنوية عن 250,000 ر.ع.",
			"requirement", []string{"financial|mandatory"}, nil},
	})
	out := extractText(t, "Documents to be submitted\n- Copy of the VAT registration certificate / نسخة من شهادة التسجيل الضريبي\n- Company profile / ملف الشركة")
	if n := len(out.Requirements); n != 4 {
		t.Errorf("bilingual items: %d requirements, want 4 (one per language): %+v", n, out.Requirements)
	}
}

// TestDurationKeysRound5: the periods the later label specification
// keys `duration` (issue 29, fifth round): a non-solicitation period, a
// training programme's length, the period rates are fixed for.
func TestDurationKeysRound5(t *testing.T) {
	checkRound3(t, []round3Case{
		{"The Contractor shall not solicit any employee of the Owner for eighteen (18) months after completion.",
			TypeDuration, []string{"duration|P18M"}, []string{"term|P18M"}},
		{"لا يجوز لأي من الطرفين استقطاب موظفي الطرف الآخر لمدة ستة (6) أشهر من تاريخ انتهاء العقد.",
			TypeDuration, []string{"duration|P6M"}, []string{"term|P6M"}},
		{"The Company will provide a training programme of eight (8) weeks in Sohar.",
			TypeDuration, []string{"duration|P8W"}, nil},
		{"Unit rates are fixed for the first eighteen (18) months of the Contract.",
			TypeDuration, []string{"duration|P18M"}, []string{"term|P18M"}},
	})
}

// TestDeadlinesRound5: "at least N days before / in advance" is a limit
// before an event, and a service-level table gives one deadline per cell
// that is a period alone under a column of the time allowed (issue 29,
// fifth round); a period in another column (a term, a warranty) is none.
func TestDeadlinesRound5(t *testing.T) {
	checkRound4(t, []round3Case{
		{"The Customer shall confirm each booking at least seven (7) days before the event date.",
			"deadline", []string{"deadline|P7D"}, nil},
		{"The Employee shall request unpaid leave at least two (2) weeks in advance.",
			"deadline", []string{"deadline|P2W"}, nil},
	})
	out := extractHTML(t, `<html><body><h2>Service levels</h2><table>
<tr><th>Fault</th><th>Response time</th><th>Restoration</th><th>Warranty</th></tr>
<tr><td>Chiller failure</td><td>2 hours</td><td>8 hours</td><td>12 months</td></tr>
<tr><td>Cold room alarm</td><td>30 minutes</td><td>4 hours</td><td>6 months</td></tr>
</table></body></html>`)
	var got []string
	for _, d := range out.Deadlines {
		got = append(got, d.NormalizedValue)
	}
	for _, w := range []string{"PT2H", "PT8H", "PT30M", "PT4H"} {
		if !slices.Contains(got, w) {
			t.Errorf("service-level cell %s: no deadline; got %q", w, got)
		}
	}
	for _, n := range []string{"P12M", "P6M"} {
		if slices.Contains(got, n) {
			t.Errorf("warranty column %s read as a deadline; got %q", n, got)
		}
	}
}
