package documentfacts

import (
	"slices"
	"strings"
	"testing"
)

// DALIL_OBL_FOLLOW=on (or off): the obligations follow the role model
// where it re-assigns a party (followPartyRoles), to score a set so.
func init() { modelEnvSwitch("DALIL_OBL_FOLLOW", &oblFollowRoles) }

// Session 27 (issue 29, docs/documents.md "Issue 29, session 27:
// obligation roles and modality (oblrole)"): documents of our own and the
// obligations each must give ("role modality word"; a case fails on a
// wanted obligation missing and on any other obligation).
var oblRoleCases = []struct {
	class, name, format, text string
	want                      []string
}{
	// Class M1 (convention 65): an item worded "not <verb>" under a
	// lead-in that binds a party is a prohibition.
	{"M1", "lettered items under \"The Contractor shall:\", one worded \"not <verb>\"", "txt",
		subjectsTablesObligationsService + "5. The Contractor shall:\n(a) keep the site clean;\n(b) not remove any equipment from the site without the Customer's consent; and\n(c) not later than the fifth day of each month, submit a progress report.\n",
		[]string{"contractor must keep the site clean", "contractor must_not remove any equipment", "contractor must submit a progress report"}},
	{"M1", "Arabic: a lettered item under a bullet opening with عدم", "txt",
		"عقد خدمات\n\nأبرم هذا العقد بين شركة صحار للإسمنت ش.م.ع.ع (\"العميل\") وشركة الباطنة للخدمات ش.م.م (\"المقاول\").\n\n٥. يلتزم المقاول بما يلي:\n- أ. تنظيف الموقع يومياً.\n- ب. عدم نقل أي معدات من الموقع دون موافقة العميل.\n",
		[]string{"contractor must تنظيف الموقع", "contractor must_not نقل أي معدات"}},
	// Class M2: "neither Party shall" after an adverbial forbids, as
	// at the clause's start.
	{"M2", "an adverbial before \"neither Party shall\"", "txt",
		subjectsTablesObligationsService + "7. During the term of this Agreement neither Party shall solicit the other's employees.\n",
		[]string{"each_party must_not solicit the other"}},
}

func TestOblRole27Families(t *testing.T) {
	for _, c := range oblRoleCases {
		got := factItemsOfType(extractAs(t, c.format, c.text), "obligation")
		if msg := compareObligationItems(got, c.want); msg != "" {
			t.Errorf("class %s, %s:\n%s", c.class, c.name, msg)
		}
	}
}

// TestFollowPartyRoles27: where the role model re-roles a party, the
// obligations written with its name or a word defined for it that is no
// role word follow; one written with a role word keeps that word's role;
// nothing moves with the follow off.
func TestFollowPartyRoles27(t *testing.T) {
	text := `This Agreement is made between Gulf Trading Company LLC (the "Company") and Nizwa Foods SAOG (the "Buyer").`
	name := "Gulf Trading Company LLC"
	at := strings.Index(text, name)
	facts := []Fact{{Type: TypeParty, Value: name, Role: "seller"}}
	cands := []candidate{{start: at, end: at + len(name)}}
	mk := func() []Obligation {
		return []Obligation{
			{Party: "The Company", PartyRole: "buyer", Modality: "must", Action: "deliver the goods"},
			{Party: "Gulf Trading Company LLC", PartyRole: "buyer", Modality: "must", Action: "pack the goods"},
			{Party: "The Buyer", PartyRole: "buyer", Modality: "must", Action: "pay the price"},
			{Party: "The Company", PartyRole: "supplier", Modality: "must", Action: "insure the goods"},
		}
	}
	defer switchModel(&oblFollowRoles, true)()
	obls := mk()
	if !followPartyRoles(facts, cands, text, []string{"buyer"}, obls) {
		t.Fatal("no obligation followed")
	}
	var got []string
	for _, o := range obls {
		got = append(got, o.PartyRole)
	}
	if want := []string{"seller", "seller", "buyer", "supplier"}; !slices.Equal(got, want) {
		t.Errorf("roles %v, want %v", got, want)
	}
	oblFollowRoles = false
	if followPartyRoles(facts, cands, text, []string{"buyer"}, mk()) {
		t.Error("the follow is off, yet an obligation moved")
	}
}
