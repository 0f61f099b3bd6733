package documentfacts

import (
	"strings"
	"testing"
)

// DALIL_OBL_DEFS=off (or on): the obligations of defined parties keep
// the rules' roles (definedPartyObligationRoles); DALIL_PARTY_DEFS=off (or on): the
// party facts of defined words keep the rules' and the role model's roles
// (partyDefinedWordRoles); DALIL_OWN_WORD=off (or on): a party's own word does
// not overrule the role model's role and persons keep no defined role
// (ownDefinedWordRoles). To score a set so.
func init() {
	modelEnvSwitch("DALIL_OBL_DEFS", &definedObligationsOn)
	modelEnvSwitch("DALIL_PARTY_DEFS", &partyDefinedWordsOn)
	modelEnvSwitch("DALIL_OWN_WORD", &ownWordOn)
}

// Session 27 (oblrole2; docs/documents.md "Issue 29, session 27:
// obligations of defined parties (oblrole2)"): documents of our own whose
// parties are named by words they define that the role lexicon does not
// know, and the obligations each must give ("role modality anchor"; a
// case fails on a wanted obligation missing and on any other one).
var definedPartyObligationCases = []struct {
	class, name, format, text string
	want                      []string
}{
	{"D1", "English: a trade word in quotes after the name", "txt",
		"TRAVEL SERVICES AGREEMENT\n\nThis Agreement is made on 1 March 2027 between Oman Energy Holding SAOC, of PO Box 12, Muscat (the \"Client\"), and Sindbad Journeys LLC, a company registered in Oman under CR No. 1234567 (the \"Travel Management Company\").\n\n" +
			"1. The Travel Management Company shall issue each air ticket within 24 hours of a request.\n" +
			"2. The Travel Management Company shall not charge any fee not listed in Schedule 1.\n" +
			"3. The Client shall pay each invoice within 30 days of receipt.\n",
		[]string{"travel_management_company must issue each air ticket", "travel_management_company must_not charge any fee", "customer must pay each invoice"}},
	{"D1", "English: hereinafter, an organisation's kind for a party of no role", "txt",
		"LABORATORY TESTING AGREEMENT\n\nThis Agreement is made between Al Batinah Water Company SAOC (the \"Owner\") and Gulf Analytical Services LLC, Sohar (hereinafter referred to as the \"Laboratory\").\n\n" +
			"2.1 The Laboratory shall test each water sample within five days of collection.\n" +
			"2.2 The Owner shall deliver the samples to the Laboratory in sealed containers.\n",
		[]string{"laboratory must test each water sample", "owner must deliver the samples"}},
	{"D1", "English: a definitions clause", "txt",
		"CLEANING SERVICES CONTRACT\n\n1. Definitions\n\"Hospital\" means Al Raffah Medical Centre LLC, Muscat.\n\"Cleaning Firm\" means Shams Facility Care SPC, Muscat.\n\"Site\" means the hospital's building at Ruwi.\n\n" +
			"2. The Cleaning Firm shall clean the wards twice a day.\n" +
			"3. The Hospital shall provide a store room at the Site.\n",
		[]string{"cleaning_firm must clean the wards", "hospital must provide a store room"}},
	{"D1", "Arabic: a defined word through the party's role", "txt",
		"عقد توريد بن\n\nالمشتري: شركة ليالي للضيافة ش.م.م\nالمورد: شركة محمصة الجبل الأخضر ش.م.م (ويشار إليها في هذا العقد بـ\"المحمصة\")\n\n" +
			"١. تلتزم المحمصة بتوريد البن المحمص إلى المشتري كل أسبوع.\n" +
			"٢. لا يجوز للمحمصة بيع الخلطة الخاصة بالمشتري للغير.\n",
		nil}, // filled below: the role of the party as the answer gives it
	{"D1", "bilingual: the English twin's defined word", "txt",
		"TRAVEL SERVICES AGREEMENT / عقد خدمات سفر\n\nThis Agreement is made between Oman Energy Holding SAOC (the \"Client\") and Sindbad Journeys LLC (the \"Travel Management Company\").\n" +
			"أبرم هذا العقد بين شركة نفط الشرق ش.م.ع.ع (\"العميل\") وشركة رحلات السندباد ش.م.م (\"شركة إدارة السفر\").\n\n" +
			"1. The Travel Management Company shall issue each air ticket within 24 hours.\n" +
			"١. تلتزم شركة إدارة السفر بإصدار كل تذكرة خلال ٢٤ ساعة.\n",
		nil},
	{"D1", "English: hereinafter unquoted, a representative between", "txt",
		"MEDICAL SERVICES AGREEMENT\n\nThis Agreement is made between Sur Cement Company SAOG (the \"Employer\") and Al Shifa Polyclinic LLC, represented by Dr Salim Al Araimi, Medical Director, hereinafter called the Clinic.\n\n" +
			"3. The Clinic shall examine each new worker within seven days of joining.\n" +
			"4. Any report of the Clinic shall be sent to the Employer.\n" +
			"5. Payment to the Clinic shall be made within 30 days of each invoice.\n",
		[]string{"clinic must examine each new worker", "- must be sent to the employer", "- must be made within 30 days"}},
	// D3: a word defined for a thing names no party.
	{"D3", "the Goods and the Site are things", "txt",
		"SUPPLY AGREEMENT\n\nThis Agreement is made between Nizwa Cement Co. SAOG (the \"Buyer\") and Falcon Trading LLC (the \"Seller\"). The Seller agrees to supply two forklifts (the \"Goods\") to the Buyer's plant at Nizwa (the \"Site\").\n\n" +
			"1. The Goods shall be delivered to the Site by 30 April 2027.\n" +
			"2. The Seller shall deliver the Goods with their manuals.\n",
		[]string{"- must be delivered to the site", "seller must deliver the goods", "seller must supply two forklifts"}},
	// D2: a numbered party whose role the document defines.
	{"D2", "the Second Party (the Supplier)", "txt",
		"SUPPLY CONTRACT\n\nFirst Party: Muscat Foods SAOC\nSecond Party: Al Wadi Packaging LLC\n\nThe Second Party (the Supplier) shall supply cartons to the First Party (the Buyer).\n\n" +
			"1. The Second Party shall deliver the cartons within 14 days of each order.\n" +
			"2. The First Party shall pay each invoice within 30 days.\n",
		nil},
	{"D2", "Arabic: الطرف الأول (المؤجر) in a sentence of its own", "txt",
		"عقد إيجار محل\n\nالطرف الأول: شركة الواحة العقارية ش.م.م\nالطرف الثاني: مؤسسة النور للتجارة\n\nويشار إلى الطرف الأول (المؤجر) وإلى الطرف الثاني (المستأجر) في هذا العقد بصفتيهما.\n\n" +
			"١. يلتزم الطرف الثاني بسداد الأجرة في أول كل شهر.\n" +
			"٢. يلتزم الطرف الأول بصيانة المبنى.\n",
		[]string{"tenant must بسداد الأجرة", "landlord must بصيانة المبنى"}},
	{"D2", "numbers and no role: the numbers stay", "txt",
		"عقد توريد\n\nالطرف الأول: شركة الواحة العقارية ش.م.م\nالطرف الثاني: مؤسسة النور للتجارة\n\n" +
			"١. يلتزم الطرف الثاني بتوريد المواد خلال أسبوع.\n" +
			"٢. يلتزم الطرف الأول بسداد الفاتورة خلال ثلاثين يوماً.\n",
		[]string{"second_party must بتوريد المواد", "first_party must بسداد الفاتورة"}},
}

func TestDefinedPartyObligationFamilies(t *testing.T) {
	for _, c := range definedPartyObligationCases {
		out := extractAs(t, c.format, c.text)
		got := factItemsOfType(out, "obligation")
		want := c.want
		if want == nil {
			want = definedPartyObligationsWant(t, c.name, out)
		}
		if msg := compareObligationItems(got, want); msg != "" {
			t.Errorf("class %s, %s:\n%s", c.class, c.name, msg)
		}
	}
}

// definedPartyObligationsWant: the cases whose wanted role is the party's role as the
// answer gives it (its fact role), whatever the rules or the role model
// make it, as long as it is a role.
func definedPartyObligationsWant(t *testing.T, name string, out Output) []string {
	role := func(sub string) string {
		for _, f := range out.Facts {
			if f.Type == TypeParty && strings.Contains(f.Value, sub) {
				if f.Role == "" {
					t.Errorf("%s: party %q has no role", name, f.Value)
				}
				return f.Role
			}
		}
		t.Errorf("%s: no party %q", name, sub)
		return "?"
	}
	switch {
	case strings.HasPrefix(name, "Arabic"):
		r := role("محمصة الجبل")
		return []string{r + " must بتوريد البن", r + " must_not بيع الخلطة"}
	case strings.HasPrefix(name, "bilingual"):
		return []string{"travel_management_company must issue each air ticket", "travel_management_company must بإصدار كل تذكرة"}
	case strings.Contains(name, "Second Party"):
		return []string{"supplier must supply cartons", "supplier must deliver the cartons", "buyer must pay each invoice"}
	}
	return nil
}
