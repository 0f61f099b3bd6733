package documentfacts

import (
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

func TestParseENNumber(t *testing.T) {
	for _, c := range []struct {
		in   string
		want int // 0: must not parse
	}{
		{"a", 1}, {"An", 1}, {"one", 1}, {"ten", 10}, {"Eleven", 11}, {"nineteen", 19}, {"twenty", 20},
		{"twenty-one", 21}, {"Twenty-One", 21}, {"twenty one", 21}, {"twenty - one", 21}, {"twenty-\none", 21},
		{"forty-five", 45}, {"fourty-five", 45}, {"ninety-one", 91}, {"ninety-nine", 99},
		{"one hundred", 100}, {"a hundred", 100}, {"an hundred", 100}, {"one-hundred", 100},
		{"one hundred and twenty", 120}, {"one hundred twenty", 120}, {"one hundred and\ntwenty", 120},
		{"two hundred five", 205}, {"two hundred and eleven", 211}, {"one-hundred-twenty-one", 121},
		{"nine hundred and ninety-nine", 999}, {"twenty-one ", 21}, {" one hundred and eighty  ", 180},
		// Not numbers, or not ones read here.
		{"", 0}, {"   ", 0}, {"twenty-one-ish", 0}, {"hundred", 0}, {"and twenty", 0}, {"one thousand", 0},
		{"thousand", 0}, {"one hundred and", 0}, {"twenty ninety", 0}, {"one two", 0}, {"twenty-", 0},
		{"-twenty", 0}, {"twenty--one", 0}, {"twenty—one", 0}, {"twentyone", 0}, {"twenty_one", 0},
		{"ten hundred", 0}, {"twenty one hundred", 0}, {"ninety-nine hundred", 0}, {"one hundred hundred", 0},
		{"a twenty", 0}, {"a a", 0}, {"zero", 0}, {"twenteen", 0}, {"fourteen-one", 0}, {"one and twenty", 0}, {"nine hundred And-nine", 0}, {"one hundred-and-five", 0},
		{"nine hundred and ninety-nine and one", 0}, {"twenty 1", 0}, {"21", 0}, {"thirty (30)", 0},
		{"\u00a0one", 0}, {"one\vtwo", 0}, {strings.Repeat("one ", 40), 0}, {strings.Repeat("x", 10000), 0},
	} {
		n, ok := parseENNumber(c.in)
		if ok != (c.want > 0) || n != c.want {
			t.Errorf("parseENNumber(%q) = %d, %v; want %d", c.in, n, ok, c.want)
		}
	}
}

func TestParseARNumber(t *testing.T) {
	for _, c := range []struct {
		in   string
		want int
	}{
		{"واحد", 1}, {"اثنين", 2}, {"ثلاثة", 3}, {"ثلاث", 3}, {"عشرة", 10}, {"أحد عشر", 11}, {"إحدى عشرة", 11},
		{"اثني عشر", 12}, {"اثنا عشر", 12}, {"خمسة عشر", 15}, {"عشرين", 20}, {"ثلاثين", 30}, {"تسعون", 90},
		{"واحد وعشرين", 21}, {"خمسة وأربعين", 45}, {"خمسة واربعين", 45}, {"خمسة و عشرين", 25}, {"تسعة وتسعين", 99},
		{"مائة", 100}, {"مئة", 100}, {"مائتين", 200}, {"مائتي", 200}, {"ثلاثمائة", 300}, {"ثلاث مائة", 300},
		{"مائة وعشرين", 120}, {"مائة وخمسة وعشرين", 125}, {"مائة وخمسة عشر", 115}, {"ثلاثمائة وستين", 360},
		{"تسعمائة وتسعة وتسعين", 999}, {"تسعين ", 90}, {" ستين", 60},
		// Not numbers, or not ones read here.
		{"", 0}, {"و", 0}, {"وعشرين", 0}, {"عشرين وخمسة", 0}, {"عشرين خمسة", 0}, {"خمسة عشرين", 0},
		{"ألف", 0}, {"مائة عشرين", 0}, {"مائة و", 0}, {"خمسة وعشر", 0}, {"واحد وعشرين وثلاثين", 0},
		{"مائة مائة", 0}, {"خمسة و وعشرين", 0}, {"اثنين مائة", 0}, {"عشرة عشر", 0}, {"يوما", 0},
		{"ثلاثين\u00a0يوما", 0}, {strings.Repeat("خمسة ", 40), 0}, {strings.Repeat("ب", 10000), 0},
	} {
		n, ok := parseARNumber(c.in)
		if ok != (c.want > 0) || n != c.want {
			t.Errorf("parseARNumber(%q) = %d, %v; want %d", c.in, n, ok, c.want)
		}
	}
}

// spellEN writes n (1-999) in English words, in one of several styles.
func spellEN(n int, style int) string {
	units := []string{"", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
		"eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"}
	tens := []string{"", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"}
	join := "-"
	if style&1 != 0 {
		join = " "
	}
	below := func(n int) string {
		switch {
		case n < 20:
			return units[n]
		case n%10 == 0:
			return tens[n/10]
		}
		return tens[n/10] + join + units[n%10]
	}
	var s string
	switch h, r := n/100, n%100; {
	case h == 0:
		s = below(r)
	case r == 0:
		s = units[h] + " hundred"
	case style&2 != 0:
		s = units[h] + " hundred and " + below(r)
	default:
		s = units[h] + " hundred " + below(r)
	}
	if style&4 != 0 {
		s = strings.ToUpper(s)
	}
	return s
}

// spellAR writes n (1-999) in Arabic words; style picks the spelling of
// the hundreds and the accusative/genitive or nominative form.
func spellAR(n int, style int) string {
	units := []string{"", "واحد", "اثنين", "ثلاثة", "أربعة", "خمسة", "ستة", "سبعة", "ثمانية", "تسعة"}
	tens := []string{"", "عشرة", "عشرين", "ثلاثين", "أربعين", "خمسين", "ستين", "سبعين", "ثمانين", "تسعين"}
	if style&1 != 0 {
		tens = []string{"", "عشرة", "عشرون", "ثلاثون", "أربعون", "خمسون", "ستون", "سبعون", "ثمانون", "تسعون"}
	}
	hundreds := []string{"", "مائة", "مائتين", "ثلاثمائة", "أربعمائة", "خمسمائة", "ستمائة", "سبعمائة", "ثمانمائة", "تسعمائة"}
	if style&2 != 0 {
		hundreds = []string{"", "مئة", "مئتين", "ثلاث مئة", "أربع مئة", "خمس مئة", "ست مئة", "سبع مئة", "ثماني مئة", "تسع مئة"}
	}
	below := func(n int) string {
		switch {
		case n == 11:
			return "أحد عشر"
		case n == 12:
			return "اثني عشر"
		case n > 12 && n < 20:
			return units[n-10] + " عشر"
		case n%10 == 0:
			return tens[n/10]
		case n < 10:
			return units[n]
		}
		return units[n%10] + " و" + tens[n/10]
	}
	h, r := n/100, n%100
	switch {
	case h == 0:
		return below(r)
	case r == 0:
		return hundreds[h]
	}
	return hundreds[h] + " و" + below(r)
}

// Every number from 1 to 999, in every style, reads back; through the
// extractor's pattern too ("within N days", "خلال N يوماً").
func TestNumberWordsRoundTrip(t *testing.T) {
	for n := 1; n <= 999; n++ {
		for style := range 8 {
			s := spellEN(n, style)
			if got, ok := parseENNumber(s); !ok || got != n {
				t.Fatalf("parseENNumber(%q) = %d, %v; want %d", s, got, ok, n)
			}
			text := "within " + s + " days"
			m := reWithinEN.FindStringSubmatchIndex(text)
			if m == nil || m[0] != 0 || m[1] != len(text) || enPeriod(text, m, 2) != "P"+strconv.Itoa(n)+"D" {
				t.Fatalf("%q: match %v", text, m)
			}
		}
		for style := range 4 {
			s := spellAR(n, style)
			if got, ok := parseARNumber(s); !ok || got != n {
				t.Fatalf("parseARNumber(%q) = %d, %v; want %d", s, got, ok, n)
			}
			text := "خلال " + s + " يوماً"
			m := reWithinPeriodAR.FindStringSubmatchIndex(text)
			if m == nil || m[0] != 0 || m[1] != len(text) || arPeriod(text, m, 2) != "P"+strconv.Itoa(n)+"D" {
				t.Fatalf("%q: match %v", text, m)
			}
		}
	}
}

// Long runs of number words cost time linear in their length and give
// nothing.
func TestNumberWordsLongInput(t *testing.T) {
	long := strings.Repeat("twenty-one hundred and ", 20000) + "days"
	start := time.Now()
	if n, ok := parseENNumber(long); ok {
		t.Fatalf("parsed %d", n)
	}
	if p := periods("The Buyer shall pay within "+long+" of receipt and give "+long+"' notice.", true); len(p) != 0 {
		t.Fatalf("periods %+v", p)
	}
	arLong := "خلال " + strings.Repeat("خمسة وعشرين ", 20000) + "يوماً"
	if p := periods(arLong, true); len(p) != 0 {
		t.Fatalf("periods %+v", p)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Fatalf("%v for %d bytes", d, len(long)+len(arLong))
	}
}

func TestNumberWordBefore(t *testing.T) {
	for _, c := range []struct {
		before string
		want   bool
	}{
		{"two thousand and ", true}, {"thirty-", true}, {"two-thousand-", true}, {"one hundred ", true},
		{"ninety ", true}, {"Thousand\n", true}, {"", false}, {"within ", false}, {"Clause 5 - ", false},
		{"Notice - ", false}, {"for a ", false}, {"the ", false}, {"rock and ", false}, {"give ", false},
	} {
		if got := numberWordBefore(c.before); got != c.want {
			t.Errorf("numberWordBefore(%q) = %v", c.before, got)
		}
	}
}

// Deadlines and durations written with compound number words: the
// period, the value as written, the obligation that carries it, and
// evidence offsets that slice the returned text (in code points) to the
// excerpt, which holds the value.
func TestCompoundNumberDeadlines(t *testing.T) {
	for _, c := range []struct {
		text  string
		want  []string // key|period|relativeTo
		value string   // the first deadline's value
	}{
		{"The Buyer shall pay within twenty-one days of the invoice date.", []string{"payment_deadline|P21D|the invoice date"}, "within twenty-one days of the invoice date"},
		{"The Supplier shall deliver the goods no later than forty-five days after the order date.", []string{"delivery_deadline|P45D|the order date"}, "no later than forty-five days after the order date"},
		{"The Supplier shall deliver the goods not later than 45 days after the order date.", []string{"delivery_deadline|P45D|the order date"}, "not later than 45 days after the order date"},
		{"The Buyer shall pay within ninety-one days of receipt.", []string{"payment_deadline|P91D|receipt"}, "within ninety-one days of receipt"},
		{"The Contractor shall complete the works within one hundred and twenty days from the site handover.", []string{"delivery_deadline|P120D|the site handover"}, "within one hundred and twenty days from the site handover"},
		{"The Buyer shall pay within twenty one business days of receipt.", []string{"payment_deadline|P21D|receipt"}, "within twenty one business days of receipt"},
		{"The Buyer shall pay within thirty-five (35) days of receipt.", []string{"payment_deadline|P35D|receipt"}, "within thirty-five (35) days of receipt"},
		{"Defects must be repaired within Seventy-Two hours.", []string{"response_deadline|PT72H|"}, "within Seventy-Two hours"},
		{"The Tenant shall give twenty-one days' written notice before leaving the flat.", []string{"notice_deadline|P21D|leaving the flat"}, "twenty-one days' written notice before leaving the flat"},
		{"The offer remains valid for one hundred and eighty days from its date.", []string{"valid_until|P180D|its date"}, "valid for one hundred and eighty days from its date"},
		{"يلتزم المشتري بسداد الثمن خلال خمسة وثلاثين يوماً من الاستلام.", []string{"payment_deadline|P35D|الاستلام"}, "خلال خمسة وثلاثين يوماً من الاستلام"},
		{"يلتزم المورد بتوريد البضاعة خلال مائة وعشرين يوماً من تاريخ العقد.", []string{"delivery_deadline|P120D|تاريخ العقد"}, "خلال مائة وعشرين يوماً من تاريخ العقد"},
		{"يلتزم المورد بالتسليم خلال خمسة و عشرين يوما.", []string{"delivery_deadline|P25D|"}, "خلال خمسة و عشرين يوما"},
		{"على المستأجر إخطار المؤجر قبل خمسة وأربعين يوماً من انتهاء العقد.", []string{"notice_deadline|P45D|انتهاء العقد"}, "قبل خمسة وأربعين يوماً من انتهاء العقد"},
		// No period: malformed or too large numbers, not a smaller
		// number read from their tail.
		{"The Buyer shall pay within twenty-one-ish days of receipt.", nil, ""},
		{"The Buyer shall pay within hundred days of receipt.", nil, ""},
		{"The Buyer shall pay within one thousand days of receipt.", nil, ""},
		{"The Buyer shall pay within twenty ninety days of receipt.", nil, ""},
		{"The Tenant shall give two thousand and twenty days' written notice before leaving.", nil, ""},
		{"The Tenant shall give two-thousand-twenty days' written notice before leaving.", nil, ""},
		{"يلتزم المشتري بالسداد خلال عشرين وخمسة يوما.", nil, ""},
		{"يلتزم المشتري بالسداد خلال ألف يوم.", nil, ""},
	} {
		// Characters outside the BMP and Arabic before the clause, so
		// that code points, UTF-16 units and bytes all differ.
		text := "😀 𝔸 تمهيد.\n" + c.text
		out := extractText(t, text)
		if got := deadlineRows(out); !slices.Equal(got, c.want) {
			t.Errorf("%q:\n got  %q\n want %q", c.text, got, c.want)
			continue
		}
		if len(c.want) == 0 {
			continue
		}
		d := out.Deadlines[0]
		if d.Value != c.value {
			t.Errorf("%q: value %q, want %q", c.text, d.Value, c.value)
		}
		// The excerpt is the clause's sentence, at its code-point offset.
		runes := []rune(out.Text)
		at := utf8.RuneCountInString(out.Text[:strings.Index(out.Text, c.text)])
		if d.Evidence == nil || d.Evidence.Start != at || d.Evidence.End != at+utf8.RuneCountInString(c.text) ||
			string(runes[d.Evidence.Start:d.Evidence.End]) != c.text {
			t.Errorf("%q: evidence %+v, want [%d, %d)", c.text, d.Evidence, at, at+utf8.RuneCountInString(c.text))
		}
		// The obligation carries it.
		found := false
		for _, o := range out.Obligations {
			found = found || o.Deadline == c.value && o.DeadlineNormalized == d.NormalizedValue
		}
		if !found && !strings.HasPrefix(c.want[0], "valid_until") && !strings.HasPrefix(c.want[0], "response_deadline") {
			t.Errorf("%q: no obligation carries the deadline: %+v", c.text, out.Obligations)
		}
	}
}

func TestCompoundNumberDurations(t *testing.T) {
	for _, c := range []struct {
		text, key, value, norm string
	}{
		// Was read as "six months" (P6M).
		{"The notice period is thirty-six months.", "notice_period", "thirty-six months", "P36M"},
		{"The probation period is twenty-four months.", "probation_period", "twenty-four months", "P24M"},
		{"The warranty period is one hundred and twenty weeks.", "warranty_period", "one hundred and twenty weeks", "P120W"},
		// The value starts at the number's first word, not inside it.
		{"Payment shall be made within thirty-five (35) days of receipt.", "payment_period", "thirty-five (35) days", "P35D"},
		// Too large: nothing, not "twenty years".
		{"The term of this lease is two thousand and twenty years.", "", "", ""},
	} {
		out := extractText(t, c.text)
		var got []string
		for _, f := range out.Facts {
			if f.Type == TypeDuration {
				got = append(got, f.Key+"|"+f.Value+"|"+f.Normalized)
			}
		}
		var want []string
		if c.key != "" {
			want = []string{c.key + "|" + c.value + "|" + c.norm}
		}
		if !slices.Equal(got, want) {
			t.Errorf("%q: durations %q, want %q", c.text, got, want)
		}
	}
}
