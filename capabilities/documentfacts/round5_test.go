package documentfacts

import "testing"

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
