package documentfacts

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// Session 27 (partydefs; docs/documents.md "Issue 29, session 27:
// parties of defined words (partydefs)"): documents of our own whose
// parties are named by words they define, the role each party must
// have ("name part=role") and the obligations each must give, which
// agree with it ("role modality anchor"; nil: not compared).
var partyDefs27Cases = []struct {
	class, name, text string
	parties           []string
	obls              []string
}{
	{"P1", "English: a trade word in quotes after the name",
		"TRAVEL SERVICES AGREEMENT\n\nThis Agreement is made on 1 March 2027 between Oman Energy Holding SAOC, of PO Box 12, Muscat (the \"Client\"), and Sindbad Journeys LLC, a company registered in Oman under CR No. 1234567 (the \"Travel Management Company\").\n\n" +
			"1. The Travel Management Company shall issue each air ticket within 24 hours of a request.\n" +
			"2. The Client shall pay each invoice within 30 days of receipt.\n",
		[]string{"Sindbad Journeys=travel_management_company", "Oman Energy=customer"},
		[]string{"travel_management_company must issue each air ticket", "customer must pay each invoice"}},
	{"P1", "English: hereinafter referred to as",
		"LABORATORY TESTING AGREEMENT\n\nThis Agreement is made between Al Batinah Water Company SAOC (the \"Owner\") and Gulf Analytical Services LLC, Sohar (hereinafter referred to as the \"Laboratory\").\n\n" +
			"2.1 The Laboratory shall test each water sample within five days of collection.\n",
		[]string{"Gulf Analytical=laboratory", "Al Batinah=owner"},
		[]string{"laboratory must test each water sample"}},
	{"P1", "English: a definitions clause, a thing beside",
		"CLEANING SERVICES CONTRACT\n\n1. Definitions\n\"Hospital\" means Al Raffah Medical Centre LLC, Muscat.\n\"Cleaning Firm\" means Shams Facility Care SPC, Muscat.\n\"Site\" means the hospital's building at Ruwi.\n\n" +
			"2. The Cleaning Firm shall clean the wards twice a day.\n",
		[]string{"Shams Facility=cleaning_firm", "Al Raffah=hospital"},
		[]string{"cleaning_firm must clean the wards"}},
	{"P1", "English: hereinafter called, a representative between",
		"MEDICAL SERVICES AGREEMENT\n\nThis Agreement is made between Sur Cement Company SAOG (the \"Employer\") and Al Shifa Polyclinic LLC, represented by Dr Salim Al Araimi, Medical Director, hereinafter called the Clinic.\n\n" +
			"3. The Clinic shall examine each new worker within seven days of joining.\n",
		[]string{"Al Shifa=clinic", "Salim Al Araimi=-"},
		[]string{"clinic must examine each new worker"}},
	{"P1", "bilingual: the Arabic party takes its English twin's word",
		"TRAVEL SERVICES AGREEMENT / عقد خدمات سفر\n\nThis Agreement is made between Oman Energy Holding SAOC (the \"Client\") and Sindbad Journeys LLC (the \"Travel Management Company\").\n" +
			"أبرم هذا العقد بين شركة نفط الشرق ش.م.ع.ع (\"العميل\") وشركة رحلات السندباد ش.م.م (\"شركة إدارة السفر\").\n\n" +
			"1. The Travel Management Company shall issue each air ticket within 24 hours.\n" +
			"١. تلتزم شركة إدارة السفر بإصدار كل تذكرة خلال ٢٤ ساعة.\n",
		[]string{"Sindbad Journeys=travel_management_company", "رحلات السندباد=travel_management_company"},
		[]string{"travel_management_company must issue each air ticket", "travel_management_company must بإصدار كل تذكرة"}},
	{"P1", "English: a description after a comma, a thing after a verb",
		"TRAVEL AGREEMENT\n\nThis Agreement is made between Sur Cement Company SAOG (the \"Employer\") and Sindbad Journeys LLC, a licensed travel agency (the \"Agency\"). The Employer shall lend to Gulf Motors LLC one ambulance (the \"Ambulance\").\n\n" +
			"3. The Agency shall book each flight within seven days of a request.\n",
		[]string{"Sindbad Journeys=agency", "Gulf Motors=-"},
		nil},
	{"P1", "Arabic: a definitions clause (يقصد بـ)",
		"عقد توريد\n\nالمادة (١) التعريفات\nيقصد بـ\"المورد\": شركة الخليج للتجارة ش.م.م، مسقط.\nيقصد بـ\"المشتري\": شركة نزوى للأسمنت ش.م.ع.ع، نزوى.\n\nالمادة (٢)\n" +
			"١. يلتزم المورد بتوريد المواد خلال أسبوع.\n",
		[]string{"الخليج للتجارة=supplier", "نزوى للأسمنت=buyer"},
		[]string{"supplier must بتوريد المواد"}},
	// P2: a numbered party whose number's role the text defines.
	{"P2", "English: the Second Party (the Supplier)",
		"SUPPLY CONTRACT\n\nThis Contract is made between Muscat Foods SAOC (the \"First Party\") and Al Wadi Packaging LLC (the \"Second Party\").\n\nThe Second Party (the Supplier) shall supply cartons to the First Party (the Buyer).\n\n" +
			"1. The Second Party shall deliver the cartons within 14 days of each order.\n" +
			"2. The First Party shall pay each invoice within 30 days.\n",
		[]string{"Al Wadi=supplier", "Muscat Foods=buyer"},
		[]string{"supplier must supply cartons", "supplier must deliver the cartons", "buyer must pay each invoice"}},
	{"P2", "Arabic: الطرف الثاني (المورد) … الطرف الأول (المشتري)",
		"عقد توريد مواد\n\nالطرف الأول: شركة الواحة للإنشاءات ش.م.م\nالطرف الثاني: مؤسسة النور للتجارة\n\nيقوم الطرف الثاني (المورد) بتوريد مواد البناء إلى الطرف الأول (المشتري) وفق هذا العقد.\n\n" +
			"١. يلتزم الطرف الثاني بتسليم المواد في موقع الطرف الأول.\n",
		[]string{"الواحة للإنشاءات=buyer", "مؤسسة النور=supplier"},
		[]string{"supplier must بتسليم المواد", "supplier must يقوم الطرف الثاني (المورد) بتوريد مواد البناء"}},
	// P3: what stays.
	{"P3", "numbers and no role: the numbers stay",
		"عقد توريد\n\nالطرف الأول: شركة الواحة العقارية ش.م.م\nالطرف الثاني: مؤسسة النور للتجارة\n\n" +
			"١. يلتزم الطرف الثاني بتوريد المواد خلال أسبوع.\n",
		[]string{"الواحة العقارية=first_party", "مؤسسة النور=second_party"},
		[]string{"second_party must بتوريد المواد"}},
	{"P3", "Arabic: a word the lexicon does not know gives no role",
		"عقد تدريب\n\nأبرم هذا العقد بين شركة نزوى للأسمنت ش.م.ع.ع (\"الشركة\") ومعهد الخليج للتدريب ش.م.م (\"المعهد\").\n\n" +
			"١. يلتزم المعهد بتدريب الموظفين.\n",
		[]string{"معهد الخليج=-"},
		[]string{"- must بتدريب الموظفين"}},
	{"P3", "a thing's word names no party",
		"SUPPLY AGREEMENT\n\nThis Agreement is made between Nizwa Cement Co. SAOG (the \"Buyer\") and Falcon Trading LLC (the \"Seller\"). The Seller agrees to supply two forklifts (the \"Goods\") to the Buyer's plant at Nizwa (the \"Site\").\n\n" +
			"1. The Seller shall deliver the Goods with their manuals.\n",
		[]string{"Nizwa Cement=buyer", "Falcon Trading=seller"},
		nil},
}

func TestPartyDefs27Families(t *testing.T) {
	for _, c := range partyDefs27Cases {
		out := extractAs(t, "txt", c.text)
		var got []string
		for _, f := range out.Facts {
			if f.Type == TypeParty {
				r := f.Role
				if r == "" {
					r = "-"
				}
				got = append(got, fmt.Sprintf("%s=%s", f.Value, r))
			}
		}
		for _, w := range c.parties {
			part, role, _ := strings.Cut(w, "=")
			if !slices.ContainsFunc(got, func(g string) bool {
				v, r, _ := strings.Cut(g, "=")
				return strings.Contains(v, part) && r == role
			}) {
				t.Errorf("class %s, %s: no party %q; parties %q", c.class, c.name, w, got)
			}
		}
		if c.obls != nil {
			if msg := obl15Compare(obl24Items(out, "obligation"), c.obls); msg != "" {
				t.Errorf("class %s, %s: obligations:\n%s", c.class, c.name, msg)
			}
		}
	}
}
