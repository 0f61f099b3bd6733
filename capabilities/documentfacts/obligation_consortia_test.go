package documentfacts

import "testing"

// Family C: consortia, the duties of all the members and a parties
// table with a Role column (runRoleCases, obligation_subjects_test.go).
var consortiaCases = []roleCase{
	{"C", "English: each a Member, a parties table with a Role column", "CONSORTIUM AGREEMENT\n\n" +
		"This Agreement is made between the parties in the table below.\n\n" +
		"No. | Party | Address | Role\n" +
		"1 | Sohar Civil Works LLC | P.O. Box 1, Sohar | the \"Leader\"\n" +
		"2 | Rusayl Pumps LLC | P.O. Box 2, Rusayl | the \"Supplier\"\n\n" +
		"Each party is referred to by the role shown against its name, and each is also a \"Member\".\n\n" +
		"2.1 The Leader shall:\n(a) represent the Consortium before the Authority;\n(b) not change the bid prices without the consent of the other Members.\n" +
		"2.2 The Leader shall submit the Bid by 30 November 2027.\n" +
		"3.1 Each Member shall pay its share of the bid costs within 14 days of the Leader's call.\n" +
		"3.2 No Member shall submit a separate bid.\n" +
		"3.3 The Members shall keep the bid prices confidential.\n",
		[]string{"leader must represent the Consortium", "leader must_not not change the bid prices", "leader must submit the Bid",
			"member must pay its share", "member must_not submit a separate bid", "member must keep the bid prices"},
		[]string{"leader - sohar civil works llc", "supplier - rusayl pumps llc"}},
	{"C", "Arabic: يلتزم كل عضو when the members are named together", "اتفاقية ائتلاف\n\n" +
		"أبرمت هذه الاتفاقية بين شركة صحار للأعمال المدنية ش.م.م وشركة الرسيل للمضخات ش.م.م، ويشار إليهم مجتمعين بـ\"الأعضاء\".\n\n" +
		"١. يلتزم كل عضو بسداد حصته من تكاليف إعداد العطاء خلال أربعة عشر يوماً.\n",
		[]string{"member must بسداد حصته"}, nil},
	{"C", "negative: Member defined for no one, no collective role", "SERVICES AGREEMENT\n\n" +
		"This Agreement is made between Muscat Foods SAOC (the \"Buyer\") and Al Wadi Catering LLC (the \"Caterer\").\n\n" +
		"1. The Caterer shall serve lunch daily.\n2. Each Member shall attend the monthly meeting.\n",
		[]string{"caterer must serve lunch daily", "- must Each Member shall attend"}, nil},
}

func TestConsortia28Families(t *testing.T) { runRoleCases(t, consortiaCases) }

// TestBlankRoleCell: a Role cell holding only quotes or spaces names no
// role. Before the mend the blank word reached definedWordAliases, which
// indexed its first word and panicked, so the whole extraction failed.
func TestBlankRoleCell(t *testing.T) {
	for _, cell := range []string{`" "`, `“ ”`, `( )`, `the " "`} {
		doc := "CONSORTIUM AGREEMENT\n\n| Party | Role |\n|---|---|\n| Acme Trading LLC | " + cell + " |\n| Beta Pumps LLC | Supplier |\n\n" +
			"The Supplier shall deliver the pumps.\n"
		out := extractText(t, doc)
		found := false
		for _, o := range out.Obligations {
			if o.PartyRole == "supplier" && o.Modality == "must" {
				found = true
			}
		}
		if !found {
			t.Errorf("cell %q: the Supplier's duty is missing: %+v", cell, out.Obligations)
		}
	}
}
