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
var partyDefinedWordCases = []partyRoleCase{
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

func TestPartyDefinedWordFamilies(t *testing.T) { checkPartyRoleCases(t, partyDefinedWordCases) }

// Session 28 (roledef; docs/documents.md "Issue 29, session 28: a party's
// own word over the model's (roledef)"): documents of our own where the
// role model gives a party a generic role the document never defines for
// it (partner, from "each a Partner" or a signatory's "Managing Partner")
// while the party has a word of its own, and persons defined by a role
// word. Each gives the parties' roles and the obligations, which agree.
// R1-R4 fail with DALIL_OWN_WORD=off; the N cases are guards and pass
// either way.
var ownWordCases = []partyRoleCase{
	{"R1", "English: each a Partner beside two trade words, one a word of the name",
		"SERVICES AGREEMENT\n\nThis Agreement is made on 3 January 2027 between Al Noor Veterinary Clinic SPC, a company registered in the Sultanate of Oman under CR No. 1188221, of PO Box 91, Barka (the \"Clinic\"), and Desert Stud LLC, a company registered in Oman under CR No. 1299331, of PO Box 40, Nizwa (the \"Farm\"), (each a \"Partner\" and together the \"Partners\").\n\n" +
			"1. The Clinic shall examine every horse at the Farm once a month.\n2. The Clinic shall keep a health record of each horse.\n3. The Farm shall give the Clinic access to the stables at all times.\n4. The Farm shall pay the Clinic's invoice within thirty (30) days of receipt.\n5. This Agreement is governed by the laws of the Sultanate of Oman.\n",
		[]string{"Al Noor Veterinary Clinic=clinic", "Desert Stud=farm"},
		[]string{"clinic must examine every horse", "clinic must keep a health record", "farm must give the Clinic access", "farm must pay the Clinic's invoice"}},
	{"R1", "English: a signatory's Managing Partner",
		"SERVICES AGREEMENT\n\nThis Agreement is made on 3 January 2027 between Al Noor Veterinary Clinic SPC, a company registered in the Sultanate of Oman under CR No. 1188221, of PO Box 91, Barka (the \"Clinic\"), and Desert Stud LLC, a company registered in Oman under CR No. 1299331, of PO Box 40, Nizwa (the \"Farm\").\n\n" +
			"1. The Clinic shall examine every horse at the Farm once a month.\n2. The Farm shall pay the Clinic's invoice within thirty (30) days of receipt.\n3. This Agreement is governed by the laws of the Sultanate of Oman.\n\nSigned by the Partners:\nFor the Clinic: Dr Hamed Al Busaidi, Managing Partner\nFor the Farm: Salim Al Kindi, Owner\n",
		[]string{"Al Noor Veterinary Clinic=clinic", "Desert Stud=farm", "Hamed Al Busaidi=-", "Salim Al Kindi=-"},
		[]string{"clinic must examine every horse", "farm must pay the Clinic's invoice"}},
	{"R1", "English: a recruitment agency and a hospital",
		"RECRUITMENT SERVICES AGREEMENT\n\nThis Agreement is made on 1 February 2027 between Gulf Talent Recruitment LLC, a company registered in Oman under CR No. 1455221, Muscat (the \"Agency\"), and Al Raffah Hospital LLC, a company registered in Oman under CR No. 1022113, Sohar (the \"Hospital\"), (each a \"Partner\" and together the \"Partners\").\n\n" +
			"1. The Agency shall present at least three candidates for each vacancy within twenty-one (21) days of a request.\n2. The Agency shall verify each candidate's licence and references.\n3. The Hospital shall pay the Agency a fee of one month's salary for each nurse hired.\n4. The Hospital shall inform the Agency of its decision within ten (10) days of an interview.\n",
		[]string{"Gulf Talent=agency", "Al Raffah Hospital=hospital"},
		[]string{"agency must present at least three candidates", "agency must verify each candidate", "hospital must pay the Agency a fee", "hospital must inform the Agency"}},
	{"R2", "bilingual: the Arabic twin follows its English party's own word",
		"VETERINARY SERVICES AGREEMENT / اتفاقية خدمات بيطرية\n\nThis Agreement is made on 3 January 2027 between Al Noor Veterinary Clinic SPC, Barka (the \"Clinic\"), and Desert Stud LLC, Nizwa (the \"Farm\"), (each a \"Partner\" and together the \"Partners\").\nأبرمت هذه الاتفاقية بين عيادة النور البيطرية ش.ش.و، بركاء (\"العيادة\")، وشركة ديزرت ستد ش.م.م، نزوى (\"المزرعة\").\n\n" +
			"1. The Clinic shall examine every horse at the Farm once a month.\n١. تلتزم العيادة بفحص كل حصان في المزرعة مرة كل شهر.\n2. The Farm shall pay the Clinic's invoice within thirty (30) days of receipt.\n٢. تلتزم المزرعة بدفع فاتورة العيادة خلال ثلاثين يوماً من استلامها.\n3. This Agreement is governed by the laws of the Sultanate of Oman. تخضع هذه الاتفاقية لقوانين سلطنة عمان.\n",
		[]string{"Desert Stud=farm", "ديزرت ستد=farm", "Al Noor Veterinary Clinic=clinic"},
		[]string{"clinic must examine every horse", "- must بفحص كل حصان", "farm must pay the Clinic's invoice", "farm must بدفع فاتورة العيادة"}},
	{"R3", "English: a person defined by a role word",
		"LOCUM ENGAGEMENT AGREEMENT\n\nThis Agreement is made on 5 March 2027 between Al Shifa Polyclinic LLC, a company registered in Oman under CR No. 1033441, Muscat (the \"Practice\"), and Dr. Ahmed Salim Al Balushi, holder of Omani ID No. 9988776 (the \"Locum\").\n\nThe Practice engages the Locum to cover its general practice clinic during the period below.\n\n" +
			"1. The Locum shall attend the clinic from 8 am to 4 pm on each working day.\n2. The Locum shall keep his medical licence valid throughout the engagement.\n3. The Practice shall pay the Locum OMR 120 for each day worked within fifteen (15) days of the end of each month.\n4. The Practice shall provide professional indemnity insurance for the Locum.\n",
		[]string{"Ahmed Salim Al Balushi=locum", "Al Shifa=practice"},
		[]string{"locum must attend the clinic", "locum must keep his medical licence", "practice must pay the Locum", "practice must provide professional indemnity"}},
	{"R3", "bilingual: a person defined by a role word, the Arabic twin its form",
		"LOCUM ENGAGEMENT AGREEMENT / اتفاقية تعاقد طبيب مناوب\n\nThis Agreement is made on 5 March 2027 between Al Shifa Polyclinic LLC, Muscat (the \"Practice\"), and Dr. Ahmed Salim Al Balushi, holder of Omani ID No. 9988776 (the \"Locum\").\nأبرمت هذه الاتفاقية بين عيادة الشفاء ش.م.م، مسقط (\"العيادة\")، والدكتور أحمد سالم البلوشي، بطاقة مدنية رقم 9988776 (\"الطبيب المناوب\").\n\n" +
			"1. The Locum shall attend the clinic from 8 am to 4 pm on each working day.\n١. يلتزم الطبيب المناوب بالحضور إلى العيادة من الساعة ٨ صباحاً حتى ٤ مساءً.\n2. The Practice shall pay the Locum OMR 120 for each day worked.\n٢. تلتزم العيادة بدفع ١٢٠ ريالاً عمانياً للطبيب المناوب عن كل يوم عمل.\n",
		[]string{"Ahmed Salim Al Balushi=locum", "أحمد سالم البلوشي=locum"},
		[]string{"locum must attend the clinic", "locum must بالحضور إلى العيادة", "practice must pay the Locum", "- must بدفع ١٢٠ ريالاً"}},
	// R4: the model gave the Company the Employee's word (defined for the
	// person); "the Company" is generic and never overrules, so the
	// rules' employer is kept and the person takes its own word.
	{"R4", "English: the Company of an employment contract stays the employer",
		"EMPLOYMENT CONTRACT\n\nThis Contract is made on 1 March 2027 between Gulf Engineering LLC, a company registered in Oman under CR No. 1234567, Muscat (the \"Company\"), and Mr. Ahmed Salim Al Balushi, holder of Omani ID No. 9988776 (the \"Employee\").\n\n" +
			"1. The Employee shall work eight hours a day, five days a week.\n2. The Company shall pay the Employee a monthly salary of OMR 800.\n3. The Employee shall keep the Company's information confidential.\n4. The Company shall provide medical insurance for the Employee.\n\nSigned for the Company: Khalid Al Harthy, General Manager\nSigned by the Employee: Ahmed Salim Al Balushi\n",
		[]string{"Gulf Engineering=employer", "Ahmed Salim Al Balushi=employee", "Khalid Al Harthy=-"},
		[]string{"employee must work eight hours", "employer must pay the Employee", "employee must keep the Company's information", "employer must provide medical insurance"}},
	// N: what stays.
	{"N1", "Arabic: الشركة of an employment contract stays the employer",
		"عقد عمل\n\nأبرم هذا العقد في 1 مارس 2027 بين شركة الخليج للهندسة ش.م.م، سجل تجاري رقم 1234567، مسقط (ويشار إليها فيما بعد بـ\"الشركة\")، والسيد أحمد سالم البلوشي، بطاقة مدنية رقم 9988776 (ويشار إليه فيما بعد بـ\"الموظف\").\n\n" +
			"١. يلتزم الموظف بالعمل ثماني ساعات يومياً.\n٢. تلتزم الشركة بدفع راتب شهري قدره ٨٠٠ ريال عماني.\n٣. يلتزم الموظف بالمحافظة على أسرار الشركة.\n٤. تلتزم الشركة بتوفير التأمين الصحي للموظف.\n",
		[]string{"الخليج للهندسة=employer", "أحمد سالم البلوشي=employee"},
		[]string{"employee must بالعمل ثماني ساعات", "employer must بدفع راتب شهري", "employee must بالمحافظة على أسرار", "employer must بتوفير التأمين الصحي"}},
	{"N2", "English: two parties each defined as a Partner keep partner",
		"JOINT VENTURE AGREEMENT\n\nThis Agreement is made on 3 January 2027 between Al Noor Trading LLC, a company registered in Oman under CR No. 1188221, Muscat (hereinafter \"Partner A\"), and Desert Star Investments LLC, a company registered in Oman under CR No. 1299331, Nizwa (hereinafter \"Partner B\"), (each a \"Partner\").\n\nThe Partners wish to set up a joint trading business in Sohar.\n\n" +
			"1. Partner A shall contribute OMR 50,000 to the capital within thirty days.\n2. Partner B shall manage the shop in Sohar.\n3. Each Partner shall share the profits equally.\n",
		[]string{"Al Noor Trading=partner", "Desert Star=partner"},
		[]string{"partner must contribute OMR 50,000", "partner must manage the shop", "partner must share the profits"}},
	{"N2", "English: a label over the name is the document's word",
		"COOPERATION AGREEMENT\n\nThis Agreement is made on 3 January 2027 between Al Noor Veterinary Clinic SPC, a company registered in the Sultanate of Oman under CR No. 1188221, of PO Box 91, Barka (the \"Clinic\"), and Desert Stud LLC, a company registered in Oman under CR No. 1299331, of PO Box 40, Nizwa (the \"Farm\").\n\nWHEREAS the two partners wish to work together.\n\n" +
			"1. The Clinic shall examine every horse at the Farm once a month.\n2. The Farm shall pay the Clinic's invoice within thirty (30) days of receipt.\n\nPartner 1: Al Noor Veterinary Clinic SPC\nPartner 2: Desert Stud LLC\n",
		[]string{"Al Noor Veterinary Clinic=partner", "Desert Stud=partner"},
		nil},
	{"N3", "English: a representative's and the signatories' words stay the companies'",
		"LEASE AGREEMENT\n\nThis Lease is made on 1 April 2027 between Al Khuwair Properties LLC, Muscat (the \"Landlord\"), and Sohar Trading Company LLC, represented by Mr. Yusuf Al Hinai, General Manager (the \"Tenant\").\n\n" +
			"1. The Tenant shall pay the rent of OMR 900 on the first day of each month.\n2. The Landlord shall maintain the air conditioning of the premises.\n3. The Tenant shall not sublet the premises.\n\nSigned / التوقيع: Salim Al Rawahi (Landlord) — Yusuf Al Hinai (Tenant)\n",
		[]string{"Al Khuwair=landlord", "Sohar Trading=tenant", "Yusuf Al Hinai=-", "Salim Al Rawahi=-"},
		[]string{"tenant must pay the rent", "landlord must maintain the air conditioning", "tenant must_not sublet the premises"}},
}

func TestOwnWordFamilies(t *testing.T) { checkPartyRoleCases(t, ownWordCases) }

// partyRoleCase is a document of our own with the role each of its
// parties must have ("name part=role") and the obligations it must give
// ("role modality anchor"; nil: not compared).
type partyRoleCase struct {
	class, name, text string
	parties           []string
	obls              []string
}

// checkPartyRoleCases runs each case and compares its parties' roles and
// its obligations.
func checkPartyRoleCases(t *testing.T, cases []partyRoleCase) {
	t.Helper()
	for _, c := range cases {
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
			if msg := compareObligationItems(factItemsOfType(out, "obligation"), c.obls); msg != "" {
				t.Errorf("class %s, %s: obligations:\n%s", c.class, c.name, msg)
			}
		}
	}
}
