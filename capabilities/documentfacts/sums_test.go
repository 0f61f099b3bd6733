package documentfacts

import (
	"slices"
	"testing"
)

// A duration and a smaller unit after "and" / و are one duration ("one
// year and six months": P18M), in digits, words or both, with an Arabic
// number, dual, fixed phrase or bare unit first; the parts give nothing
// on their own. Deadlines read the same sums.
func TestDurationSums(t *testing.T) {
	for _, c := range []struct {
		text string
		want []string // durations, key|value|normalized
		dl   []string // deadlines, key|period|relativeTo
	}{
		{"The term of this Agreement is one year and six months from the Effective Date.",
			[]string{"term|one year and six months|P18M"}, nil},
		{"The term of this Agreement is one (1) year and six (6) months.",
			[]string{"term|one (1) year and six (6) months|P18M"}, nil},
		{"The term of this Agreement is 1 year and 6 months.", []string{"term|1 year and 6 months|P18M"}, nil},
		{"The warranty period is two years, and three months.", []string{"warranty_period|two years, and three months|P27M"}, nil},
		{"The warranty period is one year and fifteen days.", []string{"warranty_period|one year and fifteen days|P1Y15D"}, nil},
		{"The Supplier shall deliver within two weeks and three days of the order.",
			nil, []string{"delivery_deadline|P17D|the order"}}, // session 16 key specification (round 14): a time limit: the sum is read in the deadline
		{"The Contractor shall complete the works within one year and six months of signature.",
			nil, []string{"delivery_deadline|P18M|signature"}}, // session 16 key specification (round 14): a time limit: the sum is read in the deadline
		// A response time is a deadline only (the key specification).
		{"The Supplier shall respond within one day and twelve hours.", nil, []string{"response_deadline|PT36H|"}},
		{"The Supplier shall deliver within one day and twelve hours.", nil, []string{"delivery_deadline|PT36H|"}}, // session 19 decision 1 (convention_bonds_parent_dates.go): a delivery window is a deadline only
		// Arabic: a bare unit, a dual, a number, a fixed phrase first; و
		// attached or apart; digits after it.
		{"مدة العقد سنة وستة أشهر من تاريخ التوقيع.", []string{"term|سنة وستة أشهر|P18M"}, nil},
		{"مدة العقد عام وستة أشهر.", []string{"term|عام وستة أشهر|P18M"}, nil},
		{"مدة العقد سنتان وستة أشهر.", []string{"term|سنتان وستة أشهر|P30M"}, nil},
		{"مدة العقد ثلاث سنوات وستة أشهر.", []string{"term|ثلاث سنوات وستة أشهر|P42M"}, nil},
		{"مدة العقد سنة واحدة وشهران.", []string{"term|سنة واحدة وشهران|P14M"}, nil},
		{"مدة الضمان سنة و٦ أشهر.", []string{"warranty_period|سنة و٦ أشهر|P18M"}, nil},
		{"يلتزم المقاول بإنجاز الأعمال خلال سنة وستة أشهر من تاريخ التوقيع.",
			nil, []string{"delivery_deadline|P18M|تاريخ التوقيع"}}, // session 16 key specification (round 14): a time limit: the sum is read in the deadline
		// No sum: the same unit twice, a larger unit second, a notice of
		// its own, a fraction.
		{"The notice period is 30 days and 60 days for the Landlord.",
			[]string{"notice_period|30 days|P30D", "notice_period|60 days|P60D"}, nil},
		{"The term is six months and one year.", []string{"term|six months|P6M", "term|one year|P1Y"}, nil},
		{"The Tenant shall give one month and 30 days' notice.",
			[]string{"notice_period|30 days|P30D"}, []string{"notice_deadline|P30D|"}},
		{"مدة الإيجار شهر ونصف.", nil, nil},
		{"مدة الإيجار سنة و نصف.", []string{"term|سنة و نصف|P18M"}, nil}, // a fraction: TestDurationFractions
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

// An Arabic bare singular unit is one of it where it stands as a
// period, and nothing where it names a point in time, a frequency or a
// month of the calendar.
func TestArabicBareUnit(t *testing.T) {
	for _, c := range []struct {
		text string
		want []string
		dl   []string
	}{
		{"يسري هذا العقد لمدة سنة من تاريخ توقيعه.", []string{"term|سنة|P1Y"}, nil},
		{"مدة العقد عام واحد.", []string{"term|عام واحد|P1Y"}, nil},
		{"يلتزم المورد بالتوريد خلال شهر من تاريخ الطلب.", nil, []string{"delivery_deadline|P1M|تاريخ الطلب"}}, // session 16 key specification (round 14): a time limit
		{"يجب على المستأجر إخطار المؤجر قبل شهر من انتهاء العقد.", []string{"notice_period|شهر|P1M"}, nil},     // session 16 key specification (round 14): a notice before the end has no deadline line
		{"يلتزم المورد بالتوريد خلال شهر مارس.", nil, nil},
		{"يلتزم المورد بالصيانة لمدة شهر رمضان.", nil, nil},
		{"يلتزم المورد بالتوريد يوم الأحد.", nil, nil},
		{"مدة العقد سنة 2026.", nil, nil},
		{"مدة العقد سنة مالية.", nil, nil},
		{"يدفع الإيجار عن كل شهر من مدة العقد.", nil, nil},
		{"مدة الإشعار في اليوم الأول من الشهر.", nil, nil},
		{"مدة الأقساط شهرية.", nil, nil},
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

func TestSumISO(t *testing.T) {
	for _, c := range []struct {
		parts []durPart
		want  string
	}{
		{[]durPart{{1, "year"}, {6, "month"}}, "P18M"},
		{[]durPart{{2, "week"}, {3, "day"}}, "P17D"},
		{[]durPart{{1, "day"}, {12, "hour"}}, "PT36H"},
		{[]durPart{{1, "year"}, {15, "day"}}, "P1Y15D"},
		{[]durPart{{1, "month"}, {2, "week"}}, "P1M14D"},
		{[]durPart{{1, "year"}, {2, "month"}, {3, "day"}, {4, "hour"}}, "P1Y2M3DT4H"},
		{[]durPart{{3, "month"}}, "P3M"},
	} {
		if got := sumISO(c.parts); got != c.want {
			t.Errorf("sumISO(%v) = %q, want %q", c.parts, got, c.want)
		}
	}
}

// head cuts to a rune boundary.
func TestHead(t *testing.T) {
	for _, c := range []struct {
		s    string
		n    int
		want string
	}{{"abc", 5, "abc"}, {"abcdef", 3, "abc"}, {"شهر", 3, "ش"}, {"شهر", 4, "شه"}, {"aشهر", 2, "a"}} {
		if got := head(c.s, c.n); got != c.want {
			t.Errorf("head(%q, %d) = %q, want %q", c.s, c.n, got, c.want)
		}
	}
}
