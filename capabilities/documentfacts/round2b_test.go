package documentfacts

import (
	"slices"
	"testing"
)

// TestRound2SecondBatch: the general rules the second batch of dev3
// (written after this round's rules, scored once before these) asked
// for, each in wordings of its own: signatories "Accepted for X:" and
// "Approved by / اعتمد من:", a contact named by a job title, a title under
// a letterhead is no name, "فيما يلي" definitions, the person under a
// company's role label signs; instalments "each" keep the sentence's key,
// a daily deduction for lateness and a deduction per failure are
// penalties, a total before tax is the subtotal when the tax reconciles
// it; minutes; a look-back span is no period; "the renewal term shall be
// one year" is a renewal and no duty; "انتهائه"; "expiring on"; a
// deadline label with a colon; laws and regulations in force; an
// inverted condition ("Should the Lessee ..., it must").
func TestRound2SecondBatch(t *testing.T) {
	for _, c := range []struct {
		text, typ string
		want      []string
	}{
		{"Accepted for Nahr Trading LLC: Salma Al Kindi, Finance Director", TypeParty, []string{"|Nahr Trading LLC", "|Salma Al Kindi"}},
		{"Approved by / اعتمد من: Omar Haddad, Stores Manager", TypeParty, []string{"|Omar Haddad"}},
		{"المحاسب: خلفان بن سعيد البادي", TypeParty, []string{"|خلفان بن سعيد البادي"}},
		{"مؤسسة الفجر للتجارة\nفاتورة ضريبية\nالعميل: شركة الريم ش.م.م", TypeParty, []string{"customer|شركة الريم ش.م.م", "supplier|مؤسسة الفجر للتجارة"}},
		{`شركة الأمل للنقل ش.م.م، ويمثلها السيد علي بن سالم الكعبي، ويشار إليها فيما يلي بـ "صاحب العمل".` + "\nصاحب العمل: علي بن سالم الكعبي",
			TypeParty, []string{"employer|شركة الأمل للنقل ش.م.م", "|علي بن سالم الكعبي"}},
		{"The annual rent is QAR 120,000, payable in four cheques of QAR 30,000 each.", TypeMoney, []string{"rent|120000 QAR", "rent|30000 QAR"}},
		{"Late deliveries are subject to a deduction of USD 400 per day.", TypeMoney, []string{"penalty_amount|400 USD"}},
		{"For each missed KPI the Client may deduct USD 1,500 from the next invoice.", TypeMoney, []string{"penalty_amount|1500 USD"}},
		{"Item | Amount (OMR)\nPumps | 200.000\nTotal | 200.000\nVAT 5% | 10.000\nTotal payable | 210.000", TypeMoney,
			[]string{"price|200 OMR", "subtotal|200 OMR", "tax_amount|10 OMR", "total_amount|210 OMR"}},
		// A response time is a deadline only (the key specification,
		// issue 29; was duration); minutes still read (below).
		{"The Contractor shall attend emergencies within forty-five (45) minutes.", TypeDuration, nil},
		{"The Contractor shall deliver the samples within forty-five (45) minutes.", TypeDuration, nil}, // session 19 decision 1 (convention_bonds_parent_dates.go): a delivery window is a deadline only
		{"The Supplier's liability is capped at the charges paid during the preceding six months.", TypeDuration, nil},
		{"The initial term is two years; the renewal term shall be one (1) year.", TypeDuration, []string{"renewal_term|P1Y", "term|P2Y"}},
		{"على الطرف الراغب في عدم التجديد إخطار الآخر قبل ثلاثة أشهر من انتهائه.", TypeDuration, []string{"notice_period|P3M"}},
		{"The tenancy starts on 1 May 2026 and runs until the lease expiring on 30 April 2027.", TypeDate, []string{"effective_date|2026-05-01", "expiry_date|2027-04-30"}},
		{"Completion by / الإنجاز قبل: 14/09/2026", TypeDate, []string{"completion_date|2026-09-14"}}, // session 20 decision 18 (convention_signing_bonds.go): a completion limit is completion_date
		{"This contract is subject to the laws and regulations in force in the State of Kuwait.", TypeGoverningLaw, []string{"governing_law|KW"}},
	} {
		got := factSet(extractText(t, c.text), c.typ)
		slices.Sort(got)
		want := slices.Sorted(slices.Values(c.want))
		if !slices.Equal(got, want) {
			t.Errorf("%q:\n %s %q\n want %q", c.text, c.typ, got, want)
		}
	}
	// Obligations: "the renewal term shall be one year" binds no one; an
	// inverted condition names the pronoun's party.
	for _, c := range []struct {
		text string
		want []string
	}{
		{"The initial term is two years; the renewal term shall be one (1) year.", nil},
		{"Should the Lessee wish to renew, it must notify the Lessor in writing.", []string{"tenant|must"}},
	} {
		var got []string
		for _, o := range extractText(t, c.text).Obligations {
			got = append(got, o.PartyRole+"|"+o.Modality)
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%q: obligations %q, want %q", c.text, got, c.want)
		}
	}
	// Minutes are a deadline too.
	out := extractText(t, "The Contractor shall attend emergencies within forty-five (45) minutes.")
	if len(out.Deadlines) != 1 || out.Deadlines[0].NormalizedValue != "PT45M" {
		t.Errorf("minutes: deadlines %+v", out.Deadlines)
	}
}
