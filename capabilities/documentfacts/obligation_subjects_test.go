package documentfacts

import (
	"strings"
	"testing"
)

// Session 28, round "letters" (docs/documents.md "Issue 29, session 28:
// letters and consortia (letters)"): documents of our own. Each case
// gives exactly the obligations it wants ("role modality anchor": the
// action opens with the anchor, so no subject or modal stays in it), and
// the parties it names in parties ("role - name", lower case).
type roleCase struct {
	family, name, text string
	obls               []string
	parties            []string
}

// Family S: a party's defined word is a subject form when the clauses
// are read.
var subjectsCases = []roleCase{
	{"S", "English: a defined trade word that is also a word of the party's name", "RECRUITMENT AGREEMENT\n\n" +
		"This Agreement is made between:\n1. Doha Recruitment Services W.L.L., a recruitment agency, P.O. Box 1, Doha (the \"Agency\"); and\n" +
		"2. Al Sadd General Hospital W.L.L., P.O. Box 2, Doha\n   (the \"Hospital\").\n\n" +
		"3.1 The Hospital shall:\n(a) interview each candidate;\n(b) not charge any candidate a fee.\n" +
		"4.1 The Hospital shall bear the cost of each work visa.\n4.2 The Hospital shall not employ any candidate directly.\n" +
		"4.3 Any refund to the Hospital shall be made within 30 days of its request.\n",
		[]string{"hospital must interview each candidate", "hospital must_not not charge any candidate", "hospital must bear the cost",
			"hospital must_not employ any candidate", "- must Any refund to the Hospital shall be made"}, nil},
	{"S", "English: referred to below as, after a numbered heading", "VETERINARY SERVICES AGREEMENT\n\n" +
		"First Party: Al Rai Veterinary Clinic Co. W.L.L., Block 3, Al Rai, referred to below as the \"Clinic\".\n" +
		"Second Party: Jahra Dairy Farms Company K.S.C.C., Jahra, referred to below as the \"Farm\".\n\n" +
		"The Clinic shall attend any emergency call within three (3) hours.\nThe Farm shall pay each invoice within twenty (20) days.\n",
		[]string{"clinic must attend any emergency call", "farm must pay each invoice"}, nil},
	{"S", "negative: a short name opens the party's name", "TRAVEL AGREEMENT\n\n" +
		"This Agreement is made between Oman Energy SAOC (the \"Client\") and Sindbad Journeys LLC (\"Sindbad\").\n\n" +
		"1. Sindbad shall issue each ticket within 24 hours.\n",
		[]string{"- must Sindbad shall issue each ticket"}, nil},
}

func TestSubjects28Families(t *testing.T) { runRoleCases(t, subjectsCases) }

func runRoleCases(t *testing.T, cases []roleCase) {
	t.Helper()
	for _, c := range cases {
		out := extractAs(t, "txt", c.text)
		var got []string
		for _, o := range out.Obligations {
			role := o.PartyRole
			if role == "" {
				role = "-"
			}
			got = append(got, role+" "+o.Modality+" "+o.Action)
		}
		used := make([]bool, len(got))
		for _, w := range c.obls {
			ok := false
			for i, g := range got {
				if !used[i] && strings.HasPrefix(strings.ToLower(g), strings.ToLower(w)) {
					used[i], ok = true, true
					break
				}
			}
			if !ok {
				t.Errorf("family %s, %s: missing %q\n  got %q", c.family, c.name, w, got)
			}
		}
		for i, g := range got {
			if !used[i] {
				t.Errorf("family %s, %s: extra %q", c.family, c.name, g)
			}
		}
		if len(c.parties) > 0 {
			ps := factItemsOfType(out, "party")
			for _, w := range c.parties {
				found := false
				for _, p := range ps {
					if p == w {
						found = true
					}
				}
				if !found {
					t.Errorf("family %s, %s: party %q not in %q", c.family, c.name, w, ps)
				}
			}
		}
	}
}

// TestSplitRoledSubjects28: a duty given its role after the clauses were
// read drops its subject and modal from its action; a duty of no role, a
// subject that is not the action's start, and Arabic stay as read.
func TestSplitRoledSubjects28(t *testing.T) {
	cases := []struct {
		in   Obligation
		want string
	}{
		{Obligation{Party: "The Hospital", PartyRole: "hospital", Modality: "must", Action: "The Hospital shall bear the cost of the visa"}, "bear the cost of the visa"},
		{Obligation{Party: "The Clinic", PartyRole: "clinic", Modality: "must_not", Action: "The Clinic shall not assign the visits"}, "assign the visits"},
		{Obligation{Party: "The Farm", PartyRole: "farm", Modality: "must", Action: "The Farm agrees to provide two handlers"}, "provide two handlers"},
		{Obligation{Party: "The Hospital", PartyRole: "", Modality: "must", Action: "The Hospital shall bear the cost"}, "The Hospital shall bear the cost"},
		{Obligation{Party: "the Lessee", PartyRole: "tenant", Modality: "must", Action: "Municipal fees are to be paid by the Lessee"}, "Municipal fees are to be paid by the Lessee"},
		{Obligation{Party: "The Clinic", PartyRole: "clinic", Modality: "must", Action: "The Clinic shall not assign the visits"}, "The Clinic shall not assign the visits"},
		{Obligation{Party: "العيادة", PartyRole: "clinic", Modality: "must", Action: "العيادة تلتزم بزيارة المزرعة"}, "العيادة تلتزم بزيارة المزرعة"},
	}
	for _, c := range cases {
		obls := []Obligation{c.in}
		splitRoledSubjects(obls)
		if obls[0].Action != c.want {
			t.Errorf("%q: got %q, want %q", c.in.Action, obls[0].Action, c.want)
		}
	}
}
