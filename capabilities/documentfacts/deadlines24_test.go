package documentfacts

import (
	"strings"
	"testing"
)

// Round 24 of deadlines (issue 29, session 24): families of
// deadlines24.go. Each case is a short text written for this test; want
// and not list deadlines' normalised periods with the count they must
// have.

func TestDeadlines24ServiceTables(t *testing.T) {
	body := strings.Repeat("The Contractor shall keep the building systems in good order.\n", 3)
	arBody := strings.Repeat("يلتزم المقاول بصيانة أنظمة المبنى.\n", 3)
	cases := []struct {
		name, format, text string
		want               map[string]int
	}{
		// SL: the cells of a service-level table under a time column
		// (response, repair, workaround; زمن الاستجابة، زمن الإصلاح), in
		// digits or words, Arabic units and duals, business days.
		{name: "SL arabic table, minutes, duals and hours", format: "md", text: "# عقد خدمات المرافق\n\n" + arBody +
			"\n| الأولوية | مثال | زمن الاستجابة | زمن الإصلاح |\n|---|---|---|---|\n| طارئ | انقطاع المياه | 45 دقيقة | 6 ساعات |\n| عاجل | تعطل مصعد | ساعتان | 36 ساعة |\n",
			want: map[string]int{"PT45M": 1, "PT6H": 1, "PT2H": 1, "PT36H": 1}},
		{name: "SL english workaround column, business days", format: "html", text: "<h1>SUBSCRIPTION TERMS</h1><p>" + body + "</p>" +
			"<table><tr><th>Severity</th><th>First response</th><th>Workaround</th></tr>" +
			"<tr><td>Severity 1</td><td>2 hours</td><td>6 hours</td></tr>" +
			"<tr><td>Severity 2</td><td>1 business day</td><td>3 business days</td></tr></table>",
			want: map[string]int{"PT2H": 1, "PT6H": 1, "P1D": 1, "P3D": 1}},
		{name: "SL words with digits in brackets", format: "md", text: "# عقد صيانة\n\n" + arBody +
			"\n| نوع البلاغ | زمن الاستجابة | زمن الإصلاح |\n|---|---|---|\n| طارئ | ثلاث (3) ساعات | ثماني (8) ساعات |\n| عادي | أربع وعشرون (24) ساعة | ثلاثة (3) أيام |\n",
			want: map[string]int{"PT3H": 1, "PT8H": 1, "PT24H": 1, "P3D": 1}},
		// Near miss: a price table's column of durations is no time to act.
		{name: "SL near miss a rental table's period column", format: "md", text: "# QUOTATION\n\n" + body +
			"\n| Item | Rental period | Price (OMR) |\n|---|---|---|\n| Scaffolding | 2 weeks | 300.000 |\n",
			want: map[string]int{"P2W": 0, "P14D": 0}},
	}
	for _, c := range cases {
		out := extractAs(t, c.format, c.text)
		got := map[string]int{}
		for _, d := range out.Deadlines {
			got[d.NormalizedValue]++
		}
		for v, n := range c.want {
			if got[v] != n {
				t.Errorf("%s: %d deadlines of %s, want %d; got %v", c.name, got[v], v, n, got)
			}
		}
	}
}
