package documentfacts

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
)

// TestLabellerAgreement measures how far two labellers who followed the
// same written guideline agree on the same documents: a corpus directory
// with a second/ subdirectory holds a second labeller's .want files for
// some of its documents, written without seeing the first's. The second
// labeller's facts are scored against the first's as an extractor's are
// (precision: of the second's facts, those the first also wrote; recall:
// of the first's, those the second also wrote), strict and loose, per
// type. What two careful readers agree on bounds what any extractor can
// score against one of them (docs/documents.md, "Two labellers").
//
// The matching is evalMatch's, tried both ways round: an obligation's or
// a requirement's anchor is a word or phrase each labeller chose, so the
// two anchors match when either contains the other (an extractor's action
// text is matched by containing the labeller's anchor).
//
// go test ./capabilities/documentfacts -run LabellerAgreement -v
func TestLabellerAgreement(t *testing.T) {
	dirs, _ := filepath.Glob("testdata/*/second")
	if len(dirs) == 0 {
		t.Skip("no corpus has a second labeller's files")
	}
	for _, second := range dirs {
		dir := filepath.Dir(second)
		t.Run(filepath.Base(dir), func(t *testing.T) {
			first := map[string]evalDoc{}
			for _, d := range loadEvalCorpus(t, dir, 1) {
				first[d.name] = d
			}
			again := loadEvalCorpus(t, second, 1)
			for _, b := range again {
				if _, ok := first[b.name]; !ok {
					t.Fatalf("%s/%s.want has no first labelling in %s", second, b.name, dir)
				}
				for _, w := range b.want {
					if !wantTypeKnown(w) {
						t.Errorf("%s/%s.want: malformed line %q", second, b.name, w.line)
					}
				}
			}
			for _, loose := range []bool{false, true} {
				total := map[string]*evalScore{}
				for _, typ := range evalTypes {
					total[typ] = &evalScore{}
				}
				for _, b := range again {
					a := first[b.name]
					for typ, s := range agreeDoc(a.want, b.want, loose) {
						total[typ].tp += s.tp
						total[typ].found += s.found
						total[typ].want += s.want
					}
				}
				mode := "strict"
				if loose {
					mode = "loose"
				}
				var report strings.Builder
				fmt.Fprintf(&report, "%s, %d documents labelled twice: the second labeller against the first\n%-12s %9s %7s %6s %6s %6s\n",
					mode, len(again), "type", "precision", "recall", "agreed", "second", "first")
				var all evalScore
				for _, typ := range evalTypes {
					s := total[typ]
					all.tp, all.found, all.want = all.tp+s.tp, all.found+s.found, all.want+s.want
					fmt.Fprintf(&report, "%-12s %9.2f %7.2f %6d %6d %6d\n", typ, ratio(s.tp, s.found), ratio(s.tp, s.want), s.tp, s.found, s.want)
				}
				fmt.Fprintf(&report, "%-12s %9.2f %7.2f %6d %6d %6d", "all", ratio(all.tp, all.found), ratio(all.tp, all.want), all.tp, all.found, all.want)
				t.Log(report.String())
			}
		})
	}
}

// agreeDoc scores labels b against labels a, one to one, first come.
func agreeDoc(a, b []evalWant, loose bool) map[string]*evalScore {
	scores := map[string]*evalScore{}
	for _, typ := range evalTypes {
		scores[typ] = &evalScore{}
	}
	used := make([]bool, len(b))
	for _, w := range a {
		s := scores[w.typ]
		if s == nil {
			continue
		}
		s.want++
		for i, v := range b {
			if !used[i] && labelsAgree(w, v, loose) {
				used[i] = true
				s.tp++
				break
			}
		}
	}
	for _, v := range b {
		if s := scores[v.typ]; s != nil {
			s.found++
		}
	}
	return scores
}

// labelsAgree is evalMatch between two labels, either way round (see
// TestLabellerAgreement): each label is matched as if the other had been
// extracted.
func labelsAgree(a, b evalWant, loose bool) bool {
	if a.typ != b.typ || !wantTypeKnown(a) || !wantTypeKnown(b) {
		return false
	}
	return evalMatch(a, asExtracted(b), loose) || evalMatch(b, asExtracted(a), loose)
}

// asExtracted is a label in evalItems's terms: what an extractor that
// answered exactly this label would give.
func asExtracted(w evalWant) evalGot {
	f := w.fields
	g := evalGot{typ: w.typ}
	switch w.typ {
	case "party":
		g.key, g.val = f[1], normalName(f[0])
	case "date", "money", "duration":
		g.key, g.val = f[0], f[1]
	case "obligation", "requirement":
		g.key, g.val, g.text = f[0], f[1], strings.ToLower(f[2])
	case "deadline":
		g.key = f[0]
	case "law":
		g.val = f[0]
	}
	return g
}

// TestLabelsAgree pins the agreement matcher on pairs of label lines.
func TestLabelsAgree(t *testing.T) {
	parse := func(line string) evalWant {
		parts := strings.Split(line, "|")
		for i := range parts {
			parts[i] = strings.TrimSpace(parts[i])
		}
		return evalWant{typ: parts[0], fields: parts[1:], line: line}
	}
	cases := []struct {
		a, b          string
		strict, loose bool
	}{
		{"money | price | 12 OMR", "money | price | 12 OMR", true, true},
		{"money | price | 12 OMR", "money | fee | 12 OMR", false, true},
		{"money | price | 12 OMR", "money | price | 13 OMR", false, false},
		{"date | issue_date | 2026-01-02", "date | document_date | 2026-01-02", true, true},
		{"party | Gulf Pipes LLC | supplier", "party | Gulf Pipes LLC | buyer", false, true},
		{"obligation | supplier | must | deliver", "obligation | supplier | must | deliver the goods", true, true},
		{"obligation | supplier | must | deliver the goods", "obligation | supplier | must | deliver", true, true},
		{"obligation | supplier | must | deliver", "obligation | buyer | must | deliver", false, true},
		{"obligation | supplier | must | deliver", "obligation | supplier | must_not | deliver", false, false},
		{"requirement | technical | mandatory | ISO 9001", "requirement | compliance | mandatory | iso 9001 certificate", false, true},
		{"deadline | P14D | pay", "deadline | P14D | settle", true, true},
		{"law | OM", "law | AE", false, false},
		{"duration | term | P1Y", "duration | duration | P1Y", false, true},
		{"duration | term | P1Y", "money | term | P1Y", false, false},
		{"obligation | supplier", "obligation | supplier", false, false},
	}
	for _, c := range cases {
		a, b := parse(c.a), parse(c.b)
		if got := labelsAgree(a, b, false); got != c.strict {
			t.Errorf("strict %q ~ %q = %v, want %v", c.a, c.b, got, c.strict)
		}
		if got := labelsAgree(a, b, true); got != c.loose {
			t.Errorf("loose %q ~ %q = %v, want %v", c.a, c.b, got, c.loose)
		}
	}
}
