package documentfacts

import (
	"os"
	"slices"
	"strings"
	"testing"

	"dalil/capabilities/documentfacts/read"
)

// DALIL_DATEKEY_MODEL, DALIL_MONEYKEY_MODEL, DALIL_DURATIONKEY_MODEL
// (and DALIL_ROLE_MODEL, rolemodel_test.go) =off or =on: the package's
// tests run without or with that model, to score a set so.
func init() {
	modelEnvSwitch("DALIL_DATEKEY_MODEL", &dateKeyModelOn)
	modelEnvSwitch("DALIL_MONEYKEY_MODEL", &moneyKeyModelOn)
	modelEnvSwitch("DALIL_DURATIONKEY_MODEL", &durationKeyModelOn)
}

// modelEnvSwitch turns a model off (v=off) or on (v=on).
func modelEnvSwitch(v string, on *bool) {
	switch os.Getenv(v) {
	case "off":
		*on = false
	case "on":
		*on = true
	}
}

// switchModel sets a model's switch (on) to to and answers what sets it
// back.
func switchModel(on *bool, to bool) (restore func()) {
	was := *on
	*on = to
	return func() { *on = was }
}

// dateTestDoc assembles lines as blocks: "# " opens a heading, a line
// with " | " is a table row (the first of a run starts the table).
func dateTestDoc(lines ...string) *assembled {
	var b strings.Builder
	var segs []segment
	section := ""
	inTable := false
	for i, l := range lines {
		if i > 0 {
			b.WriteString("\n")
		}
		heading := strings.HasPrefix(l, "# ")
		if heading {
			l = l[2:]
			section = l
		}
		row := strings.Contains(l, " | ")
		start := b.Len()
		b.WriteString(l)
		segs = append(segs, segment{start: start, end: b.Len(), section: section, heading: heading, tableStart: row && !inTable})
		inTable = row
	}
	return &assembled{text: b.String(), segs: segs}
}

func TestDateWords(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []string
	}{
		{"Effective Date: 1 May", []string{"effective", "date", "may"}},
		{"no later than 12:00 on", []string{"no", "later", "than", "on"}},
		{"تاريخ الإنتهاء", []string{"تاريخ", "الانتهاء", "انتهاء"}},
		{"يُسَلَّمُ قبل", []string{"يسلم", "قبل"}}, // short vowels dropped
		{"إلى حتـــى", []string{"الي", "حتي"}},     // hamza, tatweel, alif maqsura
		{"a 7 x-y", nil}, // single letters and numbers are no words
	} {
		if got := dateWords(tc.in); !slices.Equal(got, tc.want) {
			t.Errorf("dateWords(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestDateKeyFeatures(t *testing.T) {
	for _, tc := range []struct {
		name  string
		lines []string
		date  string
		want  []string
		not   []string
	}{
		{"label on the line", []string{"Effective date: 1 May 2026"}, "1 May 2026",
			[]string{"b:effective", "bb:effective_date", "n1:date", "form:month", "first", "nth:1", "t:contract", "same:1"}, []string{"lead", "table", "sig"}},
		{"bounded window", []string{"Xyzzy " + strings.Repeat("lorem ", 20) + "commencing on 1 May 2026"}, "1 May 2026",
			[]string{"b:commencing", "n1:on"}, []string{"b:xyzzy"}},
		{"label on the line above", []string{"Commencement Date:", "01/05/2026"}, "01/05/2026",
			[]string{"lead", "b:commencement", "n1:date", "form:num"}, nil},
		{"a table's column header", []string{"Milestone | Due date | Amount", "Design report | 15 June 2026 | 1,000"}, "15 June 2026",
			[]string{"table", "h:due", "h:date", "b:design"}, []string{"h:amount", "h:milestone"}},
		{"the nearest heading", []string{"# Payment Schedule", "The balance is paid on 2026-05-01."}, "2026-05-01",
			[]string{"s:payment", "s:schedule", "form:iso", "n1:on"}, nil},
		{"words after", []string{"This lease starts on 1 May 2026 (the Commencement Date) and runs"}, "1 May 2026",
			[]string{"a:the", "a:commencement", "a1:the"}, nil},
		{"Arabic", []string{"تاريخ الإنتهاء: ٣١ ديسمبر ٢٠٢٦"}, "٣١ ديسمبر ٢٠٢٦",
			[]string{"b:تاريخ", "b:الانتهاء", "b:انتهاء", "n1:انتهاء", "form:ar"}, nil},
		{"signature block", []string{"# Terms", "The parties agree.", "IN WITNESS WHEREOF the parties have signed below.", "For the Buyer: Ali", "Date: 2 May 2026"}, "2 May 2026",
			[]string{"sig", "lastlines", "b:date"}, nil},
	} {
		checkFeatsAt(t, tc.name, tc.lines, tc.date, tc.want, tc.not, func(d *keyDoc, start, end int) []string {
			return d.features(start, end, dateForm(tc.date), true, 0, 1)
		})
	}
}

// checkFeatsAt runs the subtest name: in a document of lines, the
// features feats reads of value (its last occurrence) hold want and none
// of not.
func checkFeatsAt(t *testing.T, name string, lines []string, value string, want, not []string, feats func(d *keyDoc, start, end int) []string) {
	t.Run(name, func(t *testing.T) {
		a := dateTestDoc(lines...)
		at := strings.LastIndex(a.text, value)
		checkFeats(t, feats(newKeyDoc(a, "contract"), at, at+len(value)), want, not)
	})
}

// checkFeats: got holds every feature of want and none of not.
func checkFeats(t *testing.T, got, want, not []string) {
	t.Helper()
	for _, w := range want {
		if !slices.Contains(got, w) {
			t.Errorf("missing %q in %q", w, got)
		}
	}
	for _, w := range not {
		if slices.Contains(got, w) {
			t.Errorf("unexpected %q in %q", w, got)
		}
	}
}

// TestDateKeyFeaturesOneLine: a document of one 190 KB line with a
// thousand dates: each date's features read a bounded window and stay
// few (checkFeaturesOneLine).
func TestDateKeyFeaturesOneLine(t *testing.T) {
	checkFeaturesOneLine(t, " the delivery is due on ", "1 May 2026", "b:due", func(d *keyDoc, start, end, i, n int) []string {
		return d.features(start, end, "month", i == 0, i, n)
	})
}

// checkFeaturesOneLine: in a document of one 190 KB line repeating
// "farword", 190 bytes, lead and value, the features feats reads of each
// value (the i-th of n) hold want, not the word over 200 bytes before
// it (as b: or w:), and number at most 60.
func checkFeaturesOneLine(t *testing.T, lead, value, want string, feats func(d *keyDoc, start, end, i, n int) []string) {
	t.Helper()
	var b strings.Builder
	b.WriteString("Service Agreement ")
	var at []int
	for b.Len() < 190_000 {
		b.WriteString("farword " + strings.Repeat("x", 190) + lead)
		at = append(at, b.Len())
		b.WriteString(value + " and ")
	}
	d := newKeyDoc(dateTestDoc(b.String()), "contract")
	for i, s := range at {
		f := feats(d, s, s+len(value), i, len(at))
		if slices.Contains(f, "b:farword") || slices.Contains(f, "w:farword") || len(f) > 60 || !slices.Contains(f, want) {
			t.Fatalf("%s %d: %d features %q", value, i, len(f), f)
		}
	}
}

// modelKeys extracts text through typ's model's tap (the model not
// applied) and returns, per fact of that type (by its normalised value),
// the key the embedded model predicts.
func modelKeys(t *testing.T, typ, text string) map[string]string {
	t.Helper()
	doc, err := read.Text(text, read.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	m := keyModelOf(typ)
	if m == nil {
		t.Fatalf("no %s key model embedded", typ)
	}
	tap := keyTap(typ)
	var items []keyItem
	*tap = func(it []keyItem) { items = append(items, it...) }
	defer func() { *tap = nil }()
	extractAll(doc, source{kind: "text"}, Input{})
	got := map[string]string{}
	for _, it := range items {
		got[it.value], _ = m.predict(it.feats)
	}
	return got
}

// checkModelKeys: typ's embedded model keys the facts of text (by their
// normalised values) as want says.
func checkModelKeys(t *testing.T, typ, text string, want map[string]string) {
	t.Helper()
	got := modelKeys(t, typ, text)
	for v, k := range want {
		if got[v] != k {
			t.Errorf("%s: %q, want %q (all: %v)\n%s", v, got[v], k, got, text)
		}
	}
}

// TestDateKeyModelInvented: the embedded model keys dates of invented
// documents (written for this test, from no corpus) as a reader would.
func TestDateKeyModelInvented(t *testing.T) {
	for _, tc := range []struct {
		text string
		want map[string]string
	}{
		{"EQUIPMENT HIRE AGREEMENT\n\nThis Agreement is made on 3 March 2027 between Qurum Cranes LLC and Bawshar Builders SAOC.\n" +
			"The hire period starts on 10 March 2027 and the hire ends on 9 September 2027.\n",
			map[string]string{"2027-03-03": "agreement_date", "2027-03-10": "effective_date", "2027-09-09": "expiry_date"}},
		{"TAX INVOICE\nInvoice No: INV-7781\nInvoice Date: 12 April 2027\nPayment due date: 12 May 2027\nTotal: OMR 1,250.000\n",
			map[string]string{"2027-04-12": "invoice_date", "2027-05-12": "due_date"}},
		{"INVITATION TO TENDER\nTender No. 44/2027, supply of water meters\nDate of issue: 2 June 2027\n" +
			"Bids must be submitted no later than 30 June 2027 at 12:00.\n",
			map[string]string{"2027-06-02": "issue_date", "2027-06-30": "submission_deadline"}},
		{"عقد إيجار محل تجاري\nحرر هذا العقد بتاريخ 5 يناير 2027 بين المؤجر والمستأجر.\n" +
			"تبدأ مدة الإيجار من 1 فبراير 2027 وتنتهي في 31 يناير 2028.\n",
			map[string]string{"2027-01-05": "agreement_date", "2027-02-01": "effective_date", "2028-01-31": "expiry_date"}},
		{"MAINTENANCE SERVICES AGREEMENT\nThis Agreement is dated 1 March 2027.\nThe Contractor shall complete the works by 30 November 2027.\n" +
			"IN WITNESS WHEREOF the parties have signed this Agreement.\nFor the Contractor\nName: Salim Al Harthy\nDate: 4 March 2027\n",
			map[string]string{"2027-03-01": "agreement_date", "2027-03-04": "signature_date"}},
	} {
		checkModelKeys(t, TypeDate, tc.text, tc.want)
	}
}

// TestDateKeyModelFormat: the model's text survives writing and reading,
// and the embedded one reads.
func TestDateKeyModelFormat(t *testing.T) {
	if m, err := parseKeyModel(dateKeyModelText); err != nil || len(m.classes) == 0 || m.tau > 1 {
		t.Fatalf("datekeys.model: %v", err)
	}
	m := &keyModel{classes: []string{"date", "expiry_date"}, bias: []float64{0.5, -0.5}, tau: 0.8,
		weights: map[string][]float64{"b:until": {-1.25, 2.5}, "n1:on": {0.75, 0}}}
	back, err := parseKeyModel(formatKeyModel(m, 2, "TestDateKeyModelFormat", "dates", 1e-3))
	if err != nil {
		t.Fatal(err)
	}
	for _, feats := range [][]string{{"b:until"}, {"n1:on"}, {"b:until", "n1:on"}, nil} {
		k1, p1 := m.predict(feats)
		k2, p2 := back.predict(feats)
		if k1 != k2 || p1-p2 > 1e-9 || p2-p1 > 1e-9 || back.tau != 0.8 {
			t.Errorf("%q: %s %.3f, read back %s %.3f (τ %v)", feats, k1, p1, k2, p2, back.tau)
		}
	}
}

// TestApplyDateKeyModel: the model re-keys a confident disagreement with
// the label and role of its key, and leaves a date under τ, one whose
// value the rules gave two keys, and one whose new key its value has.
func TestApplyDateKeyModel(t *testing.T) {
	m := &keyModel{classes: []string{"date", "expiry_date", "signature_date"}, bias: []float64{0, 0, 0}, tau: 0.9,
		weights: map[string][]float64{"b:ends": {0, 5, 0}, "b:around": {0, 1, 0}, "sig": {0, 0, 5}}}
	facts := []Fact{
		{Type: TypeDate, Key: "date", Label: "Date", Normalized: "2027-01-31"},
		{Type: TypeDate, Key: "date", Label: "Date", Normalized: "2027-02-28"},
		{Type: TypeDate, Key: "agreement_date", Label: "Agreement date", Role: "issue", Normalized: "2027-03-01"},
		{Type: TypeDate, Key: "signature_date", Label: "Signature date", Role: "signature", Normalized: "2027-03-01"},
		{Type: TypeDate, Key: "expiry_date", Label: "Expiry date", Role: "expiry", Normalized: "2027-04-30"},
		{Type: TypeDate, Key: "date", Label: "Date", Normalized: "2027-04-30"},
	}
	items := []keyItem{
		{idx: 0, value: "2027-01-31", ruleKey: "date", feats: []string{"b:ends"}},                      // re-keyed
		{idx: 1, value: "2027-02-28", ruleKey: "date", feats: []string{"b:around"}},                    // under τ
		{idx: 2, value: "2027-03-01", ruleKey: "agreement_date", feats: []string{"sig"}, shared: true}, // two keys
		{idx: 5, value: "2027-04-30", ruleKey: "date", feats: []string{"b:ends"}},                      // expiry_date taken
	}
	if !applyDateKeyModel(m, facts, items) {
		t.Fatal("nothing re-keyed")
	}
	want := []string{"expiry_date/Expiry date/expiry", "date/Date/", "agreement_date/Agreement date/issue",
		"signature_date/Signature date/signature", "expiry_date/Expiry date/expiry", "date/Date/"}
	for i, f := range facts {
		if got := f.Key + "/" + f.Label + "/" + f.Role; got != want[i] {
			t.Errorf("fact %d: %s, want %s", i, got, want[i])
		}
	}
}

// TestDurationKeyModelInvented: the embedded duration-key model reads
// and keys periods of an invented contract (written for this test, from
// no corpus) as a reader would.
func TestDurationKeyModelInvented(t *testing.T) {
	if m, err := parseKeyModel(durationKeyModelText); err != nil || len(m.classes) == 0 || m.tau > 1 {
		t.Fatalf("durationkeys.model: %v", err)
	}
	checkModelKeys(t, TypeDuration, "SERVICES AGREEMENT\nThis Agreement has a term of two (2) years from signature.\n"+
		"Either party may end it by giving ninety (90) days' written notice.\n"+
		"The Supplier warrants the equipment for a warranty period of eighteen (18) months.\n"+
		"Invoices are payable within forty-five (45) days of receipt.\n",
		map[string]string{"P2Y": "term", "P90D": "notice_period", "P18M": "warranty_period", "P45D": "payment_period"})
}

// TestKeyModelsInExtraction: the date and money models are wired into the
// extraction and change what it answers. In two development documents
// the rules key a fact otherwise than the labels and the models key it as
// the labels do: a date deliveries are suspended from, which the rules
// took for an effective date (the label: a plain date), and a letter of
// intent's price, which the rules took for the contract's value.
func TestKeyModelsInExtraction(t *testing.T) {
	for _, tc := range []struct {
		file, typ, value, rules, model string
		on                             *bool
	}{
		{"testdata/heldout17/h17-04-final-demand-overdue-invoices-om.pdf.txt", TypeDate, "2026-06-24", "effective_date", "date", &dateKeyModelOn},
		{"testdata/heldout21/h21-03-letter-of-intent-crushing-plant-ae.pdf.txt", TypeMoney, "1284500 EUR", "contract_value", "price", &moneyKeyModelOn},
	} {
		raw, err := os.ReadFile(tc.file)
		if err != nil {
			t.Fatal(err)
		}
		// keyOf: the fact's key, and the answer's extraction method.
		keyOf := func(on bool) (string, string) {
			defer switchModel(tc.on, on)()
			out := extractText(t, string(raw))
			var keys []string
			for _, f := range out.Facts {
				if f.Type == tc.typ && f.Normalized == tc.value {
					keys = append(keys, f.Key)
				}
			}
			return strings.Join(keys, ","), out.Metadata.ExtractionMethod
		}
		if got, _ := keyOf(false); got != tc.rules {
			t.Errorf("%s %s, model off: %q, want the rules' %q", tc.file, tc.value, got, tc.rules)
		}
		if got, method := keyOf(true); got != tc.model || method != "deterministic_patterns+learned_keys" {
			t.Errorf("%s %s, model on: %q (method %q), want the model's %q (learned_keys)", tc.file, tc.value, got, method, tc.model)
		}
	}
}
