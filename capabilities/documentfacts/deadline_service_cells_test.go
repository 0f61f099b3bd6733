package documentfacts

import (
	"strings"
	"testing"
)

// Round 24 of deadlines (issue 29, session 24): families of
// deadline_service_cells.go. Each case is a short text written for this test; want
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
		checkDeadlineCounts(t, c.name, out, c.want)
	}
}

func TestDeadlines24Intentions(t *testing.T) {
	body := strings.Repeat("The Buyer wishes to purchase the equipment described below.\n", 3)
	cases := []struct {
		name, text string
		want       map[string]int
	}{
		// IN: an intention or an expectation ("intend to sign ... by",
		// "expects to announce ... by", يعتزم الطرفان) binds no one: no
		// deadline.
		{name: "IN english parties intend to sign by", text: "LETTER OF INTENT\n\n" + body + "1. The parties intend to sign the definitive purchase contract by 30 June 2027.\n",
			want: map[string]int{"2027-06-30": 0}},
		{name: "IN arabic the parties intend", text: "خطاب نوايا\n\n" + strings.Repeat("يرغب المشتري في شراء المعدات.\n", 3) + "يعتزم الطرفان توقيع العقد النهائي في موعد أقصاه ٣٠ يونيو ٢٠٢٧م.\n",
			want: map[string]int{"2027-06-30": 0}},
		{name: "IN expects to announce by", text: "INVITATION TO PREQUALIFY\n\n" + body + "The Company expects to announce the shortlist by 15 May 2027.\n",
			want: map[string]int{"2027-05-15": 0}},
		// Near misses: a duty beside an intention stays.
		{name: "IN near miss a duty to deliver", text: "LETTER OF INTENT\n\n" + body + "The Seller shall deliver the Equipment not later than 30 September 2027.\n",
			want: map[string]int{"2027-09-30": 1}},
		{name: "IN near miss intention then a duty", text: "LETTER OF INTENT\n\n" + body + "The parties intend to sign a contract, and the Seller shall furnish a bond within twenty-one (21) days of signing.\n",
			want: map[string]int{"P21D": 1}},
	}
	for _, c := range cases {
		out := extractText(t, c.text)
		checkDeadlineCounts(t, c.name, out, c.want)
	}
}

func TestDeadlines24DigitsThenWords(t *testing.T) {
	body := strings.Repeat("The Contractor shall keep the plant in good working order.\n", 3)
	cases := []struct {
		name, text string
		want       map[string]int
	}{
		// DB: "within 7 (seven) days", "خلال 30 (ثلاثين) يوماً": the digits,
		// the words in brackets repeating them, the unit.
		{name: "DB english remedy within", text: "SERVICES AGREEMENT\n\n" + body + "The Contractor shall remedy any defect within 7 (seven) days of notice.\n",
			want: map[string]int{"P7D": 1}},
		{name: "DB english pay within thirty", text: "SERVICES AGREEMENT\n\n" + body + "The Client shall pay each invoice within 30 (thirty) days of receipt.\n",
			want: map[string]int{"P30D": 1}},
		{name: "DB arabic within thirty", text: "عقد خدمات\n\n" + strings.Repeat("يلتزم المقاول بصيانة المعدات.\n", 3) + "يلتزم المقاول بتقديم ضمان حسن التنفيذ خلال 14 (أربعة عشر) يوماً من تاريخ الترسية.\n",
			want: map[string]int{"P14D": 1}},
		{name: "DB english no later than twenty-one", text: "SERVICES AGREEMENT\n\n" + body + "The Supplier shall deliver the samples no later than 21 (twenty-one) days after the order.\n",
			want: map[string]int{"P21D": 1}},
	}
	for _, c := range cases {
		out := extractText(t, c.text)
		checkDeadlineCounts(t, c.name, out, c.want)
	}
}

// checkDeadlineCounts: out holds, for each normalised value of want,
// exactly that many deadlines.
func checkDeadlineCounts(t *testing.T, name string, out Output, want map[string]int) {
	t.Helper()
	got := map[string]int{}
	for _, d := range out.Deadlines {
		got[d.NormalizedValue]++
	}
	for v, n := range want {
		if got[v] != n {
			t.Errorf("%s: %d deadlines of %s, want %d; got %v", name, got[v], v, n, got)
		}
	}
}
