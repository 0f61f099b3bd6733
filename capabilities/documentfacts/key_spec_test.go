package documentfacts

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The key specification (docs/documents.md, "Issue 29, session 13: the key
// specification") settles the keys of money, dates and durations that the
// corpora's writers chose differently for the same wording. No writer's
// .want file is edited to follow it: a corpus may have a keyspec.tsv beside
// its documents that maps its labels to the specification when the corpus
// is loaded for scoring (loadEvalCorpus).
//
// The file is UTF-8 and tab-separated; "#" comment lines and blank lines
// are ignored. A line is one of
//
//	<want file>  <type>  <old key>  <value>  <new key>  <reason>   re-key
//	<want file>  <type>  <old key>  <value>  -          <reason>   drop
//	<want file>  +       <a full .want line>            <reason>   add
//
// where <want file> is the basename of a .want file of the corpus (the
// ".want" suffix may be left off), <type> is date, money or duration and
// <old key> and <value> are the label's first two fields as written
// (a deadline's period and anchor; a deadline line may only drop)
// (trimmed). A re-key or drop applies to the first label of that file with
// that type, key and value that no earlier line has mapped (two identical
// labels need two lines); a drop removes the label from the expected set;
// an add appends an expected fact. A line that is malformed, names no file
// of the corpus or matches no label is an error, and the corpus's test
// fails on it, so that a typo cannot pass silently.

// keySpecLine is one mapping line of a keyspec.tsv.
type keySpecLine struct {
	n      int    // line number, for messages
	file   string // the .want basename without ".want"
	typ    string // date, money, duration; "+" for an add
	oldKey string
	value  string
	newKey string // "-" drops the label
	add    string // the .want line an add appends
	reason string
}

// keySpecTypes are the fact types the specification re-keys. A deadline
// line is a drop only (session 16: a bid's validity and a notice to end or
// renew are durations with no deadline line); its "old key" and value are
// the label's period and anchor ("P90D", "valid").
var keySpecTypes = map[string]bool{"date": true, "money": true, "duration": true, "deadline": true}

// parseKeySpec reads a keyspec.tsv's text; name prefixes its messages.
func parseKeySpec(name, src string) ([]keySpecLine, []error) {
	var lines []keySpecLine
	var errs []error
	src = strings.TrimPrefix(src, "\ufeff") // a byte-order mark some editors write
	for i, raw := range strings.Split(src, "\n") {
		n := i + 1
		raw = strings.TrimRight(raw, "\r")
		if strings.TrimSpace(raw) == "" || strings.HasPrefix(strings.TrimSpace(raw), "#") {
			continue
		}
		bad := func(format string, a ...any) {
			errs = append(errs, fmt.Errorf("%s:%d: %s: %q", name, n, fmt.Sprintf(format, a...), raw))
		}
		cols := strings.Split(raw, "\t")
		for j := range cols {
			cols[j] = strings.TrimSpace(cols[j])
		}
		if len(cols) < 2 {
			bad("not tab-separated (want 6 columns, or 4 for an add)")
			continue
		}
		l := keySpecLine{n: n, file: strings.TrimSuffix(cols[0], ".want"), typ: cols[1]}
		if l.file == "" {
			bad("no want file named")
			continue
		}
		if l.typ == "+" {
			if len(cols) != 4 {
				bad("an add has 4 columns (file, +, .want line, reason), this line %d", len(cols))
				continue
			}
			l.add, l.reason = cols[2], cols[3]
			w, ok := parseWantLine(l.add)
			if !ok || !wantTypeKnown(w) {
				bad("the added line is no .want line of a scored type")
				continue
			}
		} else {
			if len(cols) != 6 {
				bad("a re-key or drop has 6 columns (file, type, old key, value, new key, reason), this line %d", len(cols))
				continue
			}
			if !keySpecTypes[l.typ] {
				bad("type %q is none of date, money, duration, deadline", l.typ)
				continue
			}
			l.oldKey, l.value, l.newKey, l.reason = cols[2], cols[3], cols[4], cols[5]
			if l.oldKey == "" || l.value == "" || l.newKey == "" {
				bad("an empty key or value")
				continue
			}
			if l.typ == "deadline" && l.newKey != "-" {
				bad("a deadline line can only drop the label")
				continue
			}
			if strings.ContainsAny(l.newKey, " |") {
				bad("new key %q is no key", l.newKey)
				continue
			}
		}
		if l.reason == "" {
			bad("no reason given")
			continue
		}
		lines = append(lines, l)
	}
	return lines, errs
}

// parseWantLine splits a .want line into its type and fields.
func parseWantLine(line string) (evalWant, bool) {
	line = strings.TrimSpace(line)
	if line == "" || strings.HasPrefix(line, "#") {
		return evalWant{}, false
	}
	parts := strings.Split(line, "|")
	for i := range parts {
		parts[i] = strings.TrimSpace(parts[i])
	}
	return evalWant{typ: parts[0], fields: parts[1:], line: line}, true
}

// wantTypeKnown: the line names a scored type with the fields evalMatch
// reads (two for dates, money and durations).
func wantTypeKnown(w evalWant) bool {
	for _, typ := range evalTypes {
		if w.typ != typ {
			continue
		}
		switch typ {
		case "law", "deadline":
			return len(w.fields) >= 1 && w.fields[0] != ""
		case "party", "date", "money", "duration":
			return len(w.fields) >= 2 && w.fields[0] != "" && w.fields[1] != ""
		default:
			return len(w.fields) >= 3
		}
	}
	return false
}

// applyKeySpec maps the labels of a corpus's documents by the lines, in
// order, and returns an error for each line that names no document or
// matches no label not yet mapped.
func applyKeySpec(docs []evalDoc, lines []keySpecLine, name string) []error {
	var errs []error
	byName := map[string]*evalDoc{}
	for i := range docs {
		byName[docs[i].name] = &docs[i]
	}
	// mapped[doc][i]: the label was re-keyed or dropped by an earlier line.
	mapped := map[*evalDoc][]bool{}
	dropped := map[*evalDoc][]bool{}
	for _, l := range lines {
		d := byName[l.file]
		if d == nil {
			errs = append(errs, fmt.Errorf("%s:%d: no file %s.want in the corpus", name, l.n, l.file))
			continue
		}
		if mapped[d] == nil {
			mapped[d] = make([]bool, len(d.want))
			dropped[d] = make([]bool, len(d.want))
		}
		if l.typ == "+" {
			w, _ := parseWantLine(l.add)
			w.line += "  (keyspec.tsv:" + fmt.Sprint(l.n) + " added)"
			d.want = append(d.want, w)
			mapped[d] = append(mapped[d], true)
			dropped[d] = append(dropped[d], false)
			continue
		}
		hit := false
		for i, w := range d.want {
			if mapped[d][i] || w.typ != l.typ || len(w.fields) < 2 || w.fields[0] != l.oldKey || w.fields[1] != l.value {
				continue
			}
			mapped[d][i], hit = true, true
			if l.newKey == "-" {
				dropped[d][i] = true
				break
			}
			fields := append([]string{l.newKey}, w.fields[1:]...)
			d.want[i] = evalWant{typ: w.typ, fields: fields,
				line: w.typ + " | " + strings.Join(fields, " | ") + "  (keyspec: was " + l.oldKey + ")"}
			break
		}
		if !hit {
			errs = append(errs, fmt.Errorf("%s:%d: no %s label %q with value %q left in %s.want to map", name, l.n, l.typ, l.oldKey, l.value, l.file))
		}
	}
	for d, drop := range dropped {
		var kept []evalWant
		for i, w := range d.want {
			if !drop[i] {
				kept = append(kept, w)
			}
		}
		d.want = kept
	}
	return errs
}

// loadKeySpec applies <dir>/keyspec.tsv to the corpus's documents when the
// file exists.
func loadKeySpec(dir string, docs []evalDoc) []error {
	name := filepath.Join(dir, "keyspec.tsv")
	raw, err := os.ReadFile(name)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return []error{err}
	}
	lines, errs := parseKeySpec(name, string(raw))
	return append(errs, applyKeySpec(docs, lines, name)...)
}

// TestKeySpecLoader pins the keyspec.tsv reader: a re-key, two identical
// labels mapped by two lines, a drop, an add, a line that matches nothing,
// a file that is not in the corpus and malformed lines.
func TestKeySpecLoader(t *testing.T) {
	corpus := func() []evalDoc {
		var d1 evalDoc
		d1.name = "d1"
		for _, l := range []string{
			"money | price | 100 OMR",
			"money | price | 100 OMR",
			"money | price | 250 OMR",
			"date | expiry_date | 2026-03-01",
			"duration | response_time | PT4H",
			"obligation | supplier | must | deliver",
		} {
			w, _ := parseWantLine(l)
			d1.want = append(d1.want, w)
		}
		return []evalDoc{d1, {name: "d2"}}
	}
	keys := func(d evalDoc) string {
		var s []string
		for _, w := range d.want {
			s = append(s, w.typ+":"+strings.Join(w.fields[:min(2, len(w.fields))], "="))
		}
		return strings.Join(s, " ")
	}
	const all = "money:price=100 OMR money:price=100 OMR money:price=250 OMR date:expiry_date=2026-03-01 duration:response_time=PT4H obligation:supplier=must"
	for _, c := range []struct {
		name, tsv string
		want      string // d1's labels after the mapping
		d2        string // d2's labels after the mapping
		errs      []string
	}{
		{"nothing", "# only a comment\n\n", all, "", nil},
		{"re-key one of two identical labels", "d1.want\tmoney\tprice\t100 OMR\tamount\tan instalment\n",
			"money:amount=100 OMR money:price=100 OMR money:price=250 OMR date:expiry_date=2026-03-01 duration:response_time=PT4H obligation:supplier=must", "", nil},
		{"two lines map two identical labels", "d1.want\tmoney\tprice\t100 OMR\tamount\tinstalment 1\nd1\tmoney\tprice\t100 OMR\tamount\tinstalment 2\r\n",
			"money:amount=100 OMR money:amount=100 OMR money:price=250 OMR date:expiry_date=2026-03-01 duration:response_time=PT4H obligation:supplier=must", "", nil},
		{"a third line for two labels matches nothing",
			"d1.want\tmoney\tprice\t100 OMR\tamount\t1\nd1.want\tmoney\tprice\t100 OMR\tamount\t2\nd1.want\tmoney\tprice\t100 OMR\tamount\t3\n",
			"money:amount=100 OMR money:amount=100 OMR money:price=250 OMR date:expiry_date=2026-03-01 duration:response_time=PT4H obligation:supplier=must", "",
			[]string{":3: no money label \"price\" with value \"100 OMR\" left in d1.want"}},
		{"re-key a date", "d1.want\tdate\texpiry_date\t2026-03-01\tvalid_until\ta quotation\n",
			"money:price=100 OMR money:price=100 OMR money:price=250 OMR date:valid_until=2026-03-01 duration:response_time=PT4H obligation:supplier=must", "", nil},
		{"a byte-order mark before the first line", "\ufeffd1.want\tmoney\tprice\t250 OMR\tamount\tx\n",
			"money:price=100 OMR money:price=100 OMR money:amount=250 OMR date:expiry_date=2026-03-01 duration:response_time=PT4H obligation:supplier=must", "", nil},
		{"drop", "d1.want\tduration\tresponse_time\tPT4H\t-\tdeadlines only\n",
			"money:price=100 OMR money:price=100 OMR money:price=250 OMR date:expiry_date=2026-03-01 obligation:supplier=must", "", nil},
		{"a dropped label is mapped: a re-key after it matches nothing",
			"d1.want\tduration\tresponse_time\tPT4H\t-\tdeadlines only\nd1.want\tduration\tresponse_time\tPT4H\tterm\tx\n",
			"money:price=100 OMR money:price=100 OMR money:price=250 OMR date:expiry_date=2026-03-01 obligation:supplier=must", "",
			[]string{":2: no duration label \"response_time\""}},
		{"add", "d2.want\t+\tdate | submission_deadline | 2026-04-01 | table\ta key-dates row\n",
			all, "date:submission_deadline=2026-04-01", nil},
		{"re-key after an add to the same file", "d1.want\t+\tmoney | bid_bond | 5 OMR\tx\nd1.want\tmoney\tprice\t250 OMR\tcontract_value\ty\n",
			"money:price=100 OMR money:price=100 OMR money:contract_value=250 OMR date:expiry_date=2026-03-01 duration:response_time=PT4H obligation:supplier=must money:bid_bond=5 OMR", "", nil},
		{"value as written, not another value", "d1.want\tmoney\tprice\t100.000 OMR\tamount\tx\n", all, "",
			[]string{":1: no money label \"price\" with value \"100.000 OMR\" left in d1.want"}},
		{"wrong type", "d1.want\tmoney\texpiry_date\t2026-03-01\tvalid_until\tx\n", all, "", []string{"no money label"}},
		{"no such file", "d9.want\tmoney\tprice\t100 OMR\tamount\tx\n", all, "", []string{":1: no file d9.want in the corpus"}},
		{"malformed: spaces, not tabs", "d1.want money price 100 OMR amount x\n", all, "", []string{":1: not tab-separated"}},
		{"malformed: five columns", "d1.want\tmoney\tprice\t100 OMR\tamount\n", all, "", []string{":1: a re-key or drop has 6 columns"}},
		{"malformed: no reason", "d1.want\tmoney\tprice\t100 OMR\tamount\t\n", all, "", []string{":1: no reason given"}},
		{"malformed: unknown type", "d1.want\tparty\tbuyer\tX LLC\tseller\tx\n", all, "", []string{"is none of date, money, duration"}},
		{"malformed: add of no .want line", "d1.want\t+\tmoney price 5 OMR\tx\n", all, "", []string{"no .want line of a scored type"}},
		{"malformed: add without reason column", "d1.want\t+\tmoney | fee | 5 OMR\n", all, "", []string{"an add has 4 columns"}},
		{"malformed: empty key", "d1.want\tmoney\t\t100 OMR\tamount\tx\n", all, "", []string{"an empty key or value"}},
		{"a bad line does not stop the good ones", "d1.want\tmoney\tprice\n\nd1.want\tmoney\tprice\t250 OMR\tamount\tx\n",
			"money:price=100 OMR money:price=100 OMR money:amount=250 OMR date:expiry_date=2026-03-01 duration:response_time=PT4H obligation:supplier=must", "",
			[]string{":1: a re-key or drop has 6 columns"}},
	} {
		docs := corpus()
		lines, errs := parseKeySpec("keyspec.tsv", c.tsv)
		errs = append(errs, applyKeySpec(docs, lines, "keyspec.tsv")...)
		if got := keys(docs[0]); got != c.want {
			t.Errorf("%s: d1 is\n  %s\nwant\n  %s", c.name, got, c.want)
		}
		if got := keys(docs[1]); got != c.d2 {
			t.Errorf("%s: d2 is %q, want %q", c.name, got, c.d2)
		}
		if len(errs) != len(c.errs) {
			t.Errorf("%s: errors %v, want %d", c.name, errs, len(c.errs))
			continue
		}
		for i, e := range errs {
			if !strings.Contains(e.Error(), c.errs[i]) {
				t.Errorf("%s: error %q, want it to say %q", c.name, e, c.errs[i])
			}
		}
	}
}

// TestKeySpecMapsScoring: a mapped label is scored with its new key, a
// dropped one not at all, through scoreDoc.
func TestKeySpecMapsScoring(t *testing.T) {
	var d evalDoc
	d.dir, d.name = "testdata/dev4", "x"
	for _, l := range []string{"money | price | 100 OMR", "duration | response_time | PT4H"} {
		w, _ := parseWantLine(l)
		d.want = append(d.want, w)
	}
	docs := []evalDoc{d}
	lines, errs := parseKeySpec("k", "x\tmoney\tprice\t100 OMR\tamount\tinstalment\nx\tduration\tresponse_time\tPT4H\t-\tSLA\n")
	if errs = append(errs, applyKeySpec(docs, lines, "k")...); len(errs) > 0 {
		t.Fatal(errs)
	}
	got := []evalGot{{typ: "money", key: "amount", val: "100 OMR"}}
	scores, missed, extra := scoreDoc(docs[0], got, false)
	if s := scores["money"]; s.tp != 1 || s.want != 1 || scores["duration"].want != 0 || len(missed)+len(extra) > 0 {
		t.Errorf("money %+v duration %+v missed %v extra %v", *s, *scores["duration"], missed, extra)
	}
}
