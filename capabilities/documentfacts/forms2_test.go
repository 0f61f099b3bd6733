package documentfacts

import (
	"slices"
	"testing"
)

// TestCommonForms: everyday forms of the cues (issue 29, second round):
// w.e.f., termination date, تاريخ انتهاء, completion date, موعد
// الاستحقاق, a probationary period, مدة الإنذار, "has to", "Applicable
// law:", تفسير ... وفقاً للقوانين, a column "المبلغ بالريال العماني".
func TestCommonForms(t *testing.T) {
	for _, c := range []struct {
		text, typ string
		want      []string
	}{
		{"The revised rates apply w.e.f. 1 June 2026.", TypeDate, []string{"effective_date|2026-06-01"}},
		{"Termination date: 31 May 2027", TypeDate, []string{"expiry_date|2027-05-31"}},
		{"تاريخ انتهاء العقد: ٣١ مايو ٢٠٢٧", TypeDate, []string{"expiry_date|2027-05-31"}},
		{"Completion date: 30 September 2026", TypeDate, []string{"delivery_date|2026-09-30"}},
		{"موعد الاستحقاق: ١٥ يونيو ٢٠٢٦", TypeDate, []string{"due_date|2026-06-15"}},
		{"The Employee serves a probationary period of three months.", TypeDuration, []string{"probation_period|P3M"}},
		{"مدة الإنذار شهر واحد.", TypeDuration, []string{"notice_period|P1M"}},
		{"Applicable law: the laws of the State of Qatar", TypeGoverningLaw, []string{"governing_law|QA"}},
		{"Applicable Law: Oman", TypeGoverningLaw, []string{"governing_law|OM"}},
		{"يتم تفسير هذا العقد وفقاً للقوانين العمانية.", TypeGoverningLaw, []string{"governing_law|OM"}},
		{"البيان | الكمية | المبلغ بالريال العماني\nمضخة | ٢ | ٤٠٠٫٠٠٠", TypeMoney, []string{"price|400 OMR"}},
	} {
		got := factSet(extractText(t, c.text), c.typ)
		slices.Sort(got)
		if !slices.Equal(got, c.want) {
			t.Errorf("%q:\n %s %q\n want %q", c.text, c.typ, got, c.want)
		}
	}
	var got []string
	for _, o := range extractText(t, "The Buyer has to pay the balance within 15 days.").Obligations {
		got = append(got, o.PartyRole+"|"+o.Modality)
	}
	if !slices.Equal(got, []string{"buyer|must"}) {
		t.Errorf("has to: obligations %q", got)
	}
}
