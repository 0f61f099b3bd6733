package documentfacts

import (
	"slices"
	"testing"
)

// A half is read where the unit below gives it exactly (a year's half is
// six months, a day's twelve hours), in durations and deadlines; a half
// month, week or hour gives nothing, never the whole units alone.
func TestDurationFractions(t *testing.T) {
	for _, c := range []struct {
		text string
		want []string // durations, key|value|normalized
		dl   []string // deadlines, key|period|relativeTo
	}{
		{"The term of this Agreement is one and a half years.", []string{"term|one and a half years|P18M"}, nil},
		{"The term of this Agreement is one (1) and a half years.", []string{"term|one (1) and a half years|P18M"}, nil},
		{"The term of this Agreement is two and a half years.", []string{"term|two and a half years|P30M"}, nil},
		{"The term of this Agreement is a year and a half.", []string{"term|a year and a half|P18M"}, nil},
		{"The term of this Agreement is one year and a half.", []string{"term|one year and a half|P18M"}, nil},
		{"The term of this Agreement is half a year.", []string{"term|half a year|P6M"}, nil},
		{"The warranty period is 2.5 years.", []string{"warranty_period|2.5 years|P30M"}, nil},
		{"Half a day's notice.", []string{"notice_period|Half a day|PT12H"}, nil},
		// A time limit to complete is a deadline only (the key
		// specification's session 16 row, round 14; was term): the
		// fraction is read in the deadline.
		{"The Contractor shall complete the works within one and a half years of signature.",
			nil, []string{"delivery_deadline|P18M|signature"}},
		// A response time is a deadline only (the key specification).
		{"The Supplier shall respond within a day and a half.", nil, []string{"response_deadline|PT36H|"}},
		{"The Supplier shall deliver within a day and a half.", nil, []string{"delivery_deadline|PT36H|"}}, // session 19 decision 1 (convention_bonds_parent_dates.go): a delivery window is a deadline only
		{"The Supplier shall deliver within 1.5 days.", nil, []string{"delivery_deadline|PT36H|"}},         // session 19 decision 1 (convention_bonds_parent_dates.go): a delivery window is a deadline only
		{"مدة العقد سنة ونصف.", []string{"term|سنة ونصف|P18M"}, nil},
		{"مدة العقد سنتان ونصف.", []string{"term|سنتان ونصف|P30M"}, nil},
		{"مدة العقد ثلاث سنوات ونصف.", []string{"term|ثلاث سنوات ونصف|P42M"}, nil},
		{"مدة العقد نصف سنة.", []string{"term|نصف سنة|P6M"}, nil},
		{"مدة العقد ١٫٥ سنة.", []string{"term|١٫٥ سنة|P18M"}, nil},
		{"مدة العقد 2.5 سنوات.", []string{"term|2.5 سنوات|P30M"}, nil},
		{"يلتزم المقاول بإنجاز الأعمال خلال سنة ونصف من تاريخ التوقيع.", nil, []string{"delivery_deadline|P18M|تاريخ التوقيع"}}, // a time limit: a deadline only (round 14)
		{"يلتزم المورد بالتوريد خلال نصف يوم.", nil, []string{"delivery_deadline|PT12H|"}},                                      // session 19 decision 1 (convention_bonds_parent_dates.go): a delivery window is a deadline only
		// Not exact: nothing, not the whole units (were P2M, P1Y, P5Y).
		{"The notice period is one and a half months.", nil, nil},
		{"The term is half a month.", nil, nil},
		{"The Contractor shall complete the works within two months and a half.", nil, nil},
		{"The Supplier shall deliver within 1.25 days.", nil, nil},
		{"The term of this Agreement is 1.75 years.", nil, nil},
		{"مدة العقد شهر ونصف.", nil, nil},
		{"مدة العقد ١٫٥ شهر.", nil, nil},
		{"مدة العقد شهران ونصف.", nil, nil},
		{"مدة العقد سنة وربع.", nil, nil},
		{"يلتزم المقاول بإنجاز الأعمال خلال ٣ أشهر ونصف.", nil, nil},
		{"يلتزم المورد بالتوريد خلال نصف شهر.", nil, nil},
		// Decimals elsewhere are no duration.
		{"The fee is OMR 1.5 per day; the term is 2 years.", []string{"term|2 years|P2Y"}, nil},
	} {
		out := extractText(t, c.text)
		if got := factRows(out, TypeDuration); !slices.Equal(got, c.want) {
			t.Errorf("%q: durations\n got  %q\n want %q", c.text, got, c.want)
		}
		if got := deadlineRows(out); !slices.Equal(got, c.dl) {
			t.Errorf("%q: deadlines\n got  %q\n want %q", c.text, got, c.dl)
		}
	}
}
