package documentfacts

import "testing"

// Session 27 (issue 29, docs/documents.md "Issue 29, session 27:
// obligation roles and modality (oblrole)"): documents of our own and the
// obligations each must give ("role modality word"; a case fails on a
// wanted obligation missing and on any other obligation).
var oblRole27Cases = []struct {
	class, name, format, text string
	want                      []string
}{
	// Class M1 (convention 65): an item worded "not <verb>" under a
	// lead-in that binds a party is a prohibition.
	{"M1", "lettered items under \"The Contractor shall:\", one worded \"not <verb>\"", "txt",
		obl23Service + "5. The Contractor shall:\n(a) keep the site clean;\n(b) not remove any equipment from the site without the Customer's consent; and\n(c) not later than the fifth day of each month, submit a progress report.\n",
		[]string{"contractor must keep the site clean", "contractor must_not remove any equipment", "contractor must submit a progress report"}},
	{"M1", "Arabic: a lettered item under a bullet opening with عدم", "txt",
		"عقد خدمات\n\nأبرم هذا العقد بين شركة صحار للإسمنت ش.م.ع.ع (\"العميل\") وشركة الباطنة للخدمات ش.م.م (\"المقاول\").\n\n٥. يلتزم المقاول بما يلي:\n- أ. تنظيف الموقع يومياً.\n- ب. عدم نقل أي معدات من الموقع دون موافقة العميل.\n",
		[]string{"contractor must تنظيف الموقع", "contractor must_not نقل أي معدات"}},
}

func TestOblRole27Families(t *testing.T) {
	for _, c := range oblRole27Cases {
		got := obl24Items(extractAs(t, c.format, c.text), "obligation")
		if msg := obl15Compare(got, c.want); msg != "" {
			t.Errorf("class %s, %s:\n%s", c.class, c.name, msg)
		}
	}
}
