package documentfacts

import (
	"slices"
	"testing"
)

// TestObligationClasses: numbered clauses keep their subject, Arabic
// present-tense duties bind the party after the verb, على + a party after
// a comma binds it, a benefit binds no one (issue 29, class 6).
func TestObligationClasses(t *testing.T) {
	for _, c := range []struct {
		text string
		want []string // party|role|modality
	}{
		{"3.2 The Supplier undertakes to provide training once a year. 3.3 The Buyer shall not sell competing products.",
			[]string{"Supplier|supplier|must", "Buyer|buyer|must_not"}},
		{"3.2 The Distributor undertakes to promote the Products.", []string{"Distributor|distributor|must"}},
		// The agent is a role of its own (issue 29, third round); a
		// subject we know no role for is named as written, its role the
		// word itself (session 15, rolelexicon.go).
		{"3.2 The Agent undertakes to promote the Products.", []string{"Agent|agent|must"}},
		{"3.2 The Surveyor undertakes to inspect the Products.", []string{"The Surveyor|surveyor|must"}},
		{"يتحمل المستأجر فواتير الكهرباء والماء.", []string{"المستأجر|tenant|must"}},
		{"يدفع العميل ٥٠٪ من قيمة العرض عند التعميد.", []string{"العميل|customer|must"}},
		{"الأجرة الشهرية ٦٥٠ ريالاً عمانياً، يدفعها المستأجر مقدماً في بداية كل شهر.", []string{"المستأجر|tenant|must"}},
		{"يضمن المورد الأجهزة لمدة سنتين، ويقوم المورد بإصلاح أي عطل خلال ثلاثة أيام.", []string{"المورد|supplier|must"}},
		{"يجوز تجديد العقد باتفاق الطرفين، وعلى الطرف الراغب في عدم التجديد إخطار الطرف الآخر كتابياً.", []string{"الطرف الراغب|each_party|must"}},
		// Not obligations: a relative clause, a warranty, a benefit, a right.
		{"المبلغ الذي يدفعه المستأجر غير قابل للاسترداد.", nil},
		{"يضمن المورد الأجهزة لمدة سنتين.", nil},
		{"If availability falls below 99.5%, the Client will receive a service credit of 5%.", nil},
		{"The Supplier shall be entitled to a fee.", nil},
		{"The laws of the Sultanate of Oman shall govern this Contract.", nil},
		{"يحق للمستأجر تجديد العقد.", nil},
		// In an employment letter "you" is the employee; being on
		// probation is a state.
		{"OFFER OF EMPLOYMENT\nYour basic salary will be OMR 780.000. You will be on probation for three months. You must not disclose customer information.",
			[]string{"You|employee|must_not"}},
		// A duty that obtains something still binds.
		{"The Lessee shall obtain all municipal licences before opening.", []string{"Lessee|tenant|must"}},
	} {
		var got []string
		for _, o := range extractText(t, c.text).Obligations {
			got = append(got, o.Party+"|"+o.PartyRole+"|"+o.Modality)
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%q:\n got  %q\n want %q", c.text, got, c.want)
		}
	}
}
