package documentfacts

import (
	"os"
	"testing"
)

// DALIL_COLLECTIVE=off (or on): collective definitions are read as any
// definition (collective27.go), to score a set so.
func init() {
	switch os.Getenv("DALIL_COLLECTIVE") {
	case "on":
		collective27On = true
	case "off":
		collective27On = false
	}
}

// Session 27 (collective; docs/documents.md "Issue 29, session 27:
// collective definitions (collective)"): documents of our own whose
// parties are each defined by their own word and also named together.
// Each must give exactly its obligations ("role modality anchor"), and no
// party may take the collective word's role (collRole). The first four
// fail with DALIL_COLLECTIVE=off; the guards pass either way.
var collective27Cases = []struct {
	name, text, collRole string
	guard                bool
	want                 []string
}{
	{"English: each a Partner and together the Partners, a bracket of its own (the role model)",
		"HEALTH PARTNERSHIP AGREEMENT\n\nThis Agreement is made on 1 May 2027 between:\n\n" +
			"1. Al Nahda Healthcare LLC, CR No. 1122334, Muscat (the \"Clinic\"); and\n" +
			"2. Bright Path Media SPC, CR No. 5566778, Muscat (the \"Agency\"),\n\n(each a \"Partner\" and together the \"Partners\").\n\n" +
			"1. The Clinic shall provide two consulting rooms for the health campaign.\n" +
			"2. The Agency shall design the campaign materials within 30 days of signing.\n" +
			"3. The Agency shall not publish any material without the Clinic's written approval.\n" +
			"4. Each Partner shall keep the other Partner's data confidential.\n" +
			"5. The Partners shall jointly review the campaign every quarter.\n",
		"partner", false,
		[]string{"clinic must provide two consulting rooms", "agency must design the campaign materials", "agency must_not publish any material",
			"partner must keep the other partner's data", "partner must jointly review the campaign"}},
	{"English: together with the Clinic, the Partners, in the Agency's own bracket (the rules)",
		"MARKETING COOPERATION AGREEMENT\n\nThis Agreement is made on 1 May 2027 between Al Nahda Healthcare LLC, CR No. 1122334, Muscat (the \"Clinic\") and Bright Path Media SPC, CR No. 5566778, Muscat (the \"Agency\", and together with the Clinic, the \"Partners\").\n\n" +
			"1. The Clinic shall provide two consulting rooms for the health campaign.\n" +
			"2. The Agency shall design the campaign materials within 30 days of signing.\n" +
			"3. Each Partner shall keep the other Partner's data confidential.\n",
		"partner", false,
		[]string{"clinic must provide two consulting rooms", "agency must design the campaign materials", "partner must keep the other partner's data"}},
	{"English: three parties, collectively the Members and individually a Member",
		"SUPPLY PARTNERSHIP AGREEMENT\n\nThis Agreement is made between:\n(1) Green Valley Produce SAOC, Nizwa (hereinafter the \"Farm\");\n" +
			"(2) Al Rahma Medical Centre LLC, Muscat (hereinafter the \"Hospital\"); and\n(3) Sahara Movers LLC, Sohar (hereinafter the \"Agency\"),\n" +
			"hereinafter collectively referred to as the \"Members\" and individually as a \"Member\".\n\n" +
			"1. The Farm shall supply fresh vegetables to the Hospital every week.\n" +
			"2. The Hospital shall pay each invoice within 30 days of receipt.\n" +
			"3. The Agency shall deliver the produce to the Hospital's kitchen by 7 am.\n" +
			"4. Each Member shall maintain insurance cover of at least OMR 50,000.\n" +
			"5. The Members shall meet once a month to review the deliveries.\n",
		"member", false,
		[]string{"farm must supply fresh vegetables", "hospital must pay each invoice", "agency must deliver the produce",
			"member must maintain insurance cover", "member must meet once a month"}},
	{"bilingual: together the Partners, ويشار إليهما معاً بـ\"الشريكين\"",
		"COOPERATION AGREEMENT / اتفاقية تعاون\n\nThis Agreement is made between Al Nahda Healthcare LLC (the \"Clinic\") and Bright Path Media SPC (the \"Agency\"), together referred to as the \"Partners\".\n" +
			"أبرمت هذه الاتفاقية بين شركة النهضة للرعاية الصحية ش.م.م (\"العيادة\") وشركة المسار المشرق للإعلام ش.ش.و (\"الوكالة\")، ويشار إليهما معاً بـ\"الشريكين\".\n\n" +
			"1. The Clinic shall provide two consulting rooms.\n١. تلتزم العيادة بتوفير غرفتي استشارة.\n" +
			"2. The Agency shall design the campaign materials.\n٢. تلتزم الوكالة بتصميم مواد الحملة.\n" +
			"3. The Partners shall jointly review the campaign every quarter.\n٣. يلتزم الشريكان بمراجعة الحملة بشكل مشترك كل ربع سنة.\n",
		"partner", false,
		[]string{"clinic must provide two consulting rooms", "clinic must بتوفير غرفتي استشارة", "agency must design the campaign materials",
			"agency must بتصميم مواد الحملة", "partner must jointly review the campaign", "partner must بمراجعة الحملة"}},
	// Guards: the individual words are the collective word's own ("Partner
	// A", "Partner B"): the parties keep it (heldout21's joint venture).
	{"guard: Partner A and Partner B, each a Partner",
		"JOINT VENTURE AGREEMENT\n\nThis Joint Venture Agreement is made at Muscat on 12 April 2027 between:\n\n" +
			"1. Nizwa Solar Works LLC, C.R. No. 1187342, Nizwa (\"Partner A\"); and\n2. Gulf Photon Engineering SPC, C.R. No. 1290455, Sohar (\"Partner B\"),\n\n" +
			"each a \"Partner\" and together the \"Partners\".\n\n" +
			"1. Partner A shall contribute OMR 360,000 to the joint venture account.\n" +
			"2. Each Partner shall keep the joint venture's information confidential.\n",
		"", true,
		[]string{"partner must contribute omr 360,000", "partner must keep the joint venture's information"}},
	{"guard Arabic: كل شريك keeps the collective word",
		"اتفاقية شراكة\n\nأبرمت هذه الاتفاقية بين شركة الوادي الأخضر للإنتاج ش.م.م، مسقط (ويشار إليها فيما بعد بـ\"المورد\")، وشركة الرحمة الطبية ش.م.م، مسقط (ويشار إليها فيما بعد بـ\"المشتري\")، ويشار إلى كل منهما بـ\"الشريك\" وإليهما معاً بـ\"الشريكين\".\n\n" +
			"١. يلتزم المورد بتوريد الخضروات الطازجة إلى المشتري كل أسبوع.\n" +
			"٢. يلتزم كل شريك بالمحافظة على سرية المعلومات.\n",
		"partner", true,
		[]string{"supplier must بتوريد الخضروات", "partner must بالمحافظة على سرية المعلومات"}},
}

func TestCollective27Families(t *testing.T) {
	for _, c := range collective27Cases {
		out := extractAs(t, "txt", c.text)
		if msg := obl15Compare(obl24Items(out, "obligation"), c.want); msg != "" {
			t.Errorf("%s:\n%s", c.name, msg)
		}
		if c.collRole == "" {
			continue
		}
		for _, f := range out.Facts {
			if f.Type == TypeParty && f.Role == c.collRole {
				t.Errorf("%s: party %q takes the collective role %s", c.name, f.Value, f.Role)
			}
		}
	}
}
