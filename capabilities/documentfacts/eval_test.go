package documentfacts

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"dalil/capabilities/documentfacts/read"
	"dalil/capabilities/documentfacts/testdoc"
)

// The evaluation corpus (testdata/eval, README.md there): documents and
// the facts a human reader finds in them, annotated by hand from a written
// guideline and committed before the obligation, requirement and deadline
// extractor. TestEvalCorpus scores the extractor against it.

// evalFloors are the regression floors of TestEvalCorpus, per fact type
// (strict precision, strict recall). They are just under the figures
// measured when they were set (docs/documents.md has the figures; the
// rules were fixed while reading this corpus's failures, so they are
// development figures, not a blind measure: see heldout_test.go for one);
// a change that drops a type under its floor fails.
var evalFloors = map[string][2]float64{
	"party":       {0.95, 0.95},
	"date":        {0.95, 0.95},
	"money":       {0.95, 0.95},
	"obligation":  {0.95, 0.95},
	"requirement": {0.95, 0.95}, // round 16 (requirement_conventions.go): 0.967/0.967
	"deadline":    {0.95, 0.95},
}

var evalTypes = []string{"party", "date", "money", "obligation", "requirement", "deadline", "law", "duration"}

// scopedTypes are the fact types added to the guideline later (law,
// duration): the older corpora do not annotate them. In a document they
// are scored only when its expectations annotate at least one fact of the
// type, or declare the type scored with a comment line
// "# scored: law, duration" (a document that states no governing law and
// no duration, annotated as such); elsewhere the extractor's facts of the
// type count neither as found nor as extra. So a corpus without law or
// duration lines scores as it did, and a document whose writer annotated
// durations is held to every duration the extractor finds in it.
var scopedTypes = []string{"law", "duration"}

// evalWant is one expected fact: its type and fields as annotated.
type evalWant struct {
	typ    string
	fields []string
	line   string
}

// evalGot is one extracted item in the same terms.
type evalGot struct {
	typ  string
	key  string // party role, date/money key, obligation role, requirement category, deadline value
	val  string // party name, date ISO, money "n CUR", obligation modality, requirement mandatory|optional
	text string // obligation action, requirement text (anchors are looked for in it)
	// sentence: an obligation's evidence excerpt, lowercased, for an anchor
	// written with the clause's subject and obligation word (see
	// anchoredObligation).
	sentence string
	desc     string
	// arabic: an obligation's action or a deadline's value written in
	// Arabic script (see onceInBilingual).
	arabic bool
}

type evalDoc struct {
	dir  string
	name string
	want []evalWant
	// scored are the scoped types the document declares annotated
	// ("# scored: law, duration"), even with no fact of the type.
	scored []string
	// bilingual is set by scoreCorpus for a document whose text is in
	// English and Arabic (see onceInBilingual).
	bilingual bool
}

func loadEvalCorpus(t testing.TB, dir string, least int) []evalDoc {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.want"))
	if err != nil || len(files) < least {
		t.Fatalf("eval corpus: %v (%d files)", err, len(files))
	}
	var docs []evalDoc
	for _, f := range files {
		raw, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		d := evalDoc{dir: dir, name: strings.TrimSuffix(filepath.Base(f), ".want")}
		for _, line := range strings.Split(string(raw), "\n") {
			line = strings.TrimSpace(line)
			if decl, ok := strings.CutPrefix(line, "# scored:"); ok {
				for _, typ := range strings.Split(decl, ",") {
					d.scored = append(d.scored, strings.TrimSpace(typ))
				}
				continue
			}
			if w, ok := parseWantLine(line); ok {
				d.want = append(d.want, w)
			}
		}
		docs = append(docs, d)
	}
	// The corpus's labels mapped to the key specification (key_spec_test.go);
	// a line that maps nothing fails the corpus's test.
	for _, err := range loadKeySpec(dir, docs) {
		t.Errorf("key specification: %v", err)
	}
	return docs
}

// renderEval reads <dir>/<name>.<ext> as its extension says.
func renderEval(t testing.TB, dir, name string) *read.Document {
	t.Helper()
	matches, _ := filepath.Glob(filepath.Join(dir, name+".*"))
	for _, m := range matches {
		if strings.HasSuffix(m, ".want") {
			continue
		}
		raw, err := os.ReadFile(m)
		if err != nil {
			t.Fatal(err)
		}
		base := filepath.Base(m)
		var doc *read.Document
		switch {
		case strings.HasSuffix(base, ".pdf.txt"):
			var pages []testdoc.Page
			for _, p := range strings.Split(string(raw), "\f") {
				pages = append(pages, testdoc.LinesPage(nonEmptyLines(p)...))
			}
			doc, err = read.Read(context.Background(), testdoc.PDF(pages, testdoc.Options{Compress: true}), "", "", read.Limits{})
		case strings.HasSuffix(base, ".fpdf.txt"):
			var pages [][]string
			for _, p := range strings.Split(string(raw), "\f") {
				pages = append(pages, nonEmptyLines(p))
			}
			doc, err = read.Read(context.Background(), testdoc.FPDF(pages), "", "", read.Limits{})
		case strings.HasSuffix(base, ".docx.txt"):
			var ps []testdoc.Para
			for _, l := range nonEmptyLines(string(raw)) {
				switch {
				case strings.HasPrefix(l, "# "):
					ps = append(ps, testdoc.Para{Text: l[2:], Style: "Heading1"})
				case strings.Contains(l, " | "):
					ps = append(ps, testdoc.Para{Table: [][]string{strings.Split(l, " | ")}})
				default:
					ps = append(ps, testdoc.Para{Text: l})
				}
			}
			doc, err = read.Read(context.Background(), testdoc.DOCX(ps, nil), "", "", read.Limits{})
		case strings.HasSuffix(base, ".txt"):
			doc, err = read.Text(string(raw), read.Limits{})
		default: // .html, .md: read by format from the bytes and the name
			doc, err = read.Read(context.Background(), raw, "", base, read.Limits{})
		}
		if err != nil {
			t.Fatalf("%s: %v", base, err)
		}
		return doc
	}
	t.Fatalf("no document for %s", name)
	return nil
}

func nonEmptyLines(s string) []string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if strings.TrimSpace(l) != "" {
			out = append(out, l)
		}
	}
	return out
}

// evalItems turns an answer into comparable items.
func evalItems(out Output) []evalGot {
	var got []evalGot
	for _, f := range out.Facts {
		switch f.Type {
		case TypeParty:
			role := f.Role
			if role == "" {
				role = "-"
			}
			got = append(got, evalGot{typ: "party", key: role, val: normalName(f.Value), desc: f.Value + " (" + role + ")"})
		case TypeDate:
			if f.Precision != "day" {
				continue // the guideline annotates dates with day, month and year
			}
			got = append(got, evalGot{typ: "date", key: f.Key, val: f.Normalized, desc: f.Key + " " + f.Value})
		case TypeMoney:
			got = append(got, evalGot{typ: "money", key: f.Key, val: f.Normalized, desc: f.Key + " " + f.Value})
		case TypeGoverningLaw:
			got = append(got, evalGot{typ: "law", val: f.Normalized, desc: f.Normalized + " " + f.Value})
		case TypeDuration:
			got = append(got, evalGot{typ: "duration", key: f.Key, val: f.Normalized, desc: f.Key + " " + f.Normalized + " " + f.Value})
		}
	}
	for _, o := range out.Obligations {
		role := o.PartyRole
		if role == "" {
			role = "-"
		}
		var sentence string
		if o.Evidence != nil {
			sentence = strings.ToLower(o.Evidence.Excerpt)
		}
		got = append(got, evalGot{typ: "obligation", key: role, val: o.Modality, text: strings.ToLower(o.Action), sentence: sentence, desc: role + " " + o.Modality + ": " + clip(o.Action, 60), arabic: hasArabic(o.Action)})
	}
	for _, r := range out.Requirements {
		m := "optional"
		if r.Mandatory {
			m = "mandatory"
		}
		got = append(got, evalGot{typ: "requirement", key: r.Category, val: m, text: strings.ToLower(r.Requirement), desc: r.Category + " " + m + ": " + clip(r.Requirement, 60)})
	}
	for _, d := range out.Deadlines {
		got = append(got, evalGot{typ: "deadline", key: d.NormalizedValue, desc: d.Key + " " + d.NormalizedValue + " " + clip(d.Value, 40), arabic: hasArabic(d.Value)})
	}
	return got
}

// evalMatch: party by normalised name and role; date and money by key and
// normalised value; obligation by role, modality and anchor in the action;
// requirement by category, mandatory and anchor in its text; deadline by
// its normalised date or period (the anchor is for the reader).
func evalMatch(w evalWant, g evalGot, loose bool) bool {
	if w.typ != g.typ {
		return false
	}
	f := w.fields
	switch w.typ {
	case "party":
		return normalName(f[0]) == g.val && (loose || f[1] == g.key)
	case "date", "money":
		return f[1] == g.val && (loose || sameKey(f[0], g.key))
	case "obligation":
		return f[1] == g.val && (loose || f[0] == g.key) && anchoredObligation(strings.ToLower(f[2]), g)
	case "requirement":
		return strings.Contains(g.text, strings.ToLower(f[2])) && (loose || f[0] == g.key && f[1] == g.val)
	case "deadline":
		return f[0] == g.key
	case "law":
		// law | <ISO 3166 code>: the governing law's normalised code.
		return f[0] == g.val
	case "duration":
		// duration | <key> | <ISO 8601>: strict, key and value; loose,
		// the value.
		return len(f) > 1 && f[1] == g.val && (loose || f[0] == g.key)
	}
	return false
}

// anchoredObligation says whether an obligation's anchor is in its action,
// or spans the clause's subject and obligation word and the action's start:
// "The Operator shall provide fourteen buses" for the action "provide
// fourteen buses, each with a driver", نلتزم بتسليم مسودة for بتسليم مسودة
// التقرير; "not employ" for the prohibition "shall not employ ...". Labels written so are read as the action they cover; the
// action's first sixteen characters must be in the anchor, so an anchor
// from elsewhere in the sentence matches no obligation but its own.
func anchoredObligation(anchor string, g evalGot) bool {
	if strings.Contains(g.text, anchor) {
		return true
	}
	// "not employ" for "shall not employ": the prohibition's action
	// starts after its "not".
	if rest, ok := strings.CutPrefix(anchor, "not "); ok && strings.Contains(g.text, rest) && strings.Contains(g.sentence, anchor) {
		return true
	}
	head := []rune(g.text)
	if len(head) > 16 {
		head = head[:16]
	}
	return len(head) > 0 && strings.Contains(g.sentence, anchor) && strings.Contains(anchor, string(head))
}

// keySynonyms are the guideline's key names that the output spells
// otherwise: the guideline's issue_date (the date a letter, quotation,
// order, tender or policy is issued) is the reference service's
// document_date, which the extractor answers for a bare "Date:" label.
var keySynonyms = map[string]string{"issue_date": "document_date"}

func sameKey(want, got string) bool {
	return want == got || keySynonyms[want] == got
}

// The older corpora (eval, tuning, dev3 and the first held-out set) were
// labelled under an older guideline that named fewer money keys (a minimum
// purchase and an advance "amount", a service charge "fee"), and their
// narrower extracted keys were once scored as the older ones. Session 23's
// decisions 49, 52 and 56 relabelled those lines minimum_purchase,
// advance_payment and service_charge (docs/documents.md, "conventions 49
// onwards"), so every corpus is now scored by the keys as they are.

// onceInBilingual are the corpora whose guideline annotates a clause
// written in both languages once, on its English text (dev5's README),
// where the label specification the held-out sets follow (heldout3's
// README, and dev4's) annotates an obligation or a deadline once per
// language, and the extractor answers one per language. In a bilingual
// document of these corpora an extracted obligation or deadline in Arabic
// script that matches no expectation is the other language's copy of a
// clause: it counts neither as found nor as extra. A clause annotated in
// Arabic there is still matched and scored.
var onceInBilingual = map[string]bool{"testdata/dev5": true}

type evalScore struct{ tp, found, want int }

// annotates says whether the document's expectations cover typ: always
// for the original types, for a scoped one when a line of the type or a
// "# scored:" declaration names it.
func (d evalDoc) annotates(typ string) bool {
	if !slices.Contains(scopedTypes, typ) || slices.Contains(d.scored, typ) {
		return true
	}
	for _, w := range d.want {
		if w.typ == typ {
			return true
		}
	}
	return false
}

// scoreDoc matches a document's wanted and extracted items one to one
// (first come) and returns the scores per type with what was missed and
// extra, leaving out the found items of a scoped type the document does
// not annotate (see scopedTypes).
func scoreDoc(d evalDoc, got []evalGot, loose bool) (map[string]*evalScore, []string, []string) {
	want := d.want
	for _, typ := range scopedTypes {
		if !d.annotates(typ) {
			got = slices.DeleteFunc(slices.Clone(got), func(g evalGot) bool { return g.typ == typ })
		}
	}
	scores := map[string]*evalScore{}
	for _, typ := range evalTypes {
		scores[typ] = &evalScore{}
	}
	used := make([]bool, len(got))
	var missed, extra []string
	for _, w := range want {
		s := scores[w.typ]
		if s == nil {
			continue
		}
		s.want++
		hit := false
		for i, g := range got {
			if !used[i] && evalMatch(w, g, loose) {
				used[i], hit = true, true
				s.tp++
				break
			}
		}
		if !hit {
			missed = append(missed, w.line)
		}
	}
	for i, g := range got {
		if !used[i] && g.arabic && d.bilingual && onceInBilingual[d.dir] && (g.typ == "obligation" || g.typ == "deadline") {
			continue
		}
		scores[g.typ].found++
		if !used[i] {
			extra = append(extra, g.typ+": "+g.desc)
		}
	}
	return scores, missed, extra
}

// TestEvalCorpus reports precision and recall per fact type on the
// independent corpus, strict (roles and keys must agree too) and loose
// (values only), and fails when a strict figure is under its floor.
func TestEvalCorpus(t *testing.T) {
	scoreCorpus(t, loadEvalCorpus(t, "testdata/eval", 20), evalFloors)
}

// scoreCorpus extracts every document, prints the strict and loose
// figures per type and language (with each document's misses and extras
// under -v) and fails a strict figure under its floor.
func fmtPR(s *evalScore) string {
	if s.found == 0 && s.want == 0 {
		return "-"
	}
	return fmt.Sprintf("%.2f/%.2f", ratio(s.tp, s.found), ratio(s.tp, s.want))
}

func scoreCorpus(t *testing.T, docs []evalDoc, floors map[string][2]float64) {
	// Each document is read and extracted once, and scored strict and
	// loose from that one answer (issue 34: the package's test time).
	outs := make([]Output, len(docs))
	for i, d := range docs {
		outs[i] = extractAll(renderEval(t, d.dir, d.name), source{kind: "text"}, Input{})
		checkEvidence(t, outs[i])
	}
	for _, loose := range []bool{false, true} {
		total := map[string]*evalScore{}
		for _, typ := range evalTypes {
			total[typ] = &evalScore{}
		}
		langTotal := map[string]map[string]*evalScore{}
		for i, d := range docs {
			out := outs[i]
			lang := detectLanguage(out.Text)
			d.bilingual = lang == "mixed"
			scores, missed, extra := scoreDoc(d, evalItems(out), loose)
			if lang != "ar" && lang != "mixed" {
				lang = "en"
			}
			if langTotal[lang] == nil {
				langTotal[lang] = map[string]*evalScore{}
			}
			for typ, s := range scores {
				total[typ].tp += s.tp
				total[typ].found += s.found
				total[typ].want += s.want
				if langTotal[lang][typ] == nil {
					langTotal[lang][typ] = &evalScore{}
				}
				lt := langTotal[lang][typ]
				lt.tp, lt.found, lt.want = lt.tp+s.tp, lt.found+s.found, lt.want+s.want
			}
			if !loose && testing.Verbose() && len(missed)+len(extra) > 0 {
				sort.Strings(missed)
				sort.Strings(extra)
				t.Logf("%s:\n  missed: %s\n  extra:  %s", d.name, strings.Join(missed, "\n          "), strings.Join(extra, "\n          "))
			}
		}
		mode := "strict"
		if loose {
			mode = "loose"
		}
		var report strings.Builder
		fmt.Fprintf(&report, "%s (%d documents)\n%-12s %9s %7s %5s %5s %5s   %-13s %-13s %-13s\n", mode, len(docs), "type", "precision", "recall", "tp", "found", "want", "en P/R", "ar P/R", "mixed P/R")
		for _, typ := range evalTypes {
			s := total[typ]
			p, r := ratio(s.tp, s.found), ratio(s.tp, s.want)
			var byLang []string
			for _, lang := range []string{"en", "ar", "mixed"} {
				ls := langTotal[lang][typ]
				if ls == nil {
					ls = &evalScore{}
				}
				byLang = append(byLang, fmtPR(ls))
			}
			if s.found == 0 && s.want == 0 {
				fmt.Fprintf(&report, "%-12s %9s %7s %5d %5d %5d   %-13s %-13s %-13s\n", typ, "-", "-", 0, 0, 0, "-", "-", "-")
			} else {
				fmt.Fprintf(&report, "%-12s %9.3f %7.3f %5d %5d %5d   %-13s %-13s %-13s\n", typ, p, r, s.tp, s.found, s.want, byLang[0], byLang[1], byLang[2])
			}
			if fl, ok := floors[typ]; ok && !loose && (p < fl[0] || r < fl[1]) {
				t.Errorf("%s: precision %.3f recall %.3f, floors %.2f / %.2f", typ, p, r, fl[0], fl[1])
			}
			if _, floored := floors[typ]; floored && s.want == 0 {
				t.Errorf("%s: the corpus states no fact of this type", typ)
			}
		}
		t.Log("\n" + report.String())
	}
}

// TestEvalScorerScopedTypes pins the scorer's law and duration lines: the
// law by its ISO code, a duration by key and value (strict) or value
// (loose), and a document that annotates neither type is not scored on
// them unless it declares them ("# scored:").
func TestEvalScorerScopedTypes(t *testing.T) {
	got := []evalGot{
		{typ: "law", val: "OM"}, {typ: "duration", key: "term", val: "P24M"}, {typ: "duration", key: "notice_period", val: "P90D"},
	}
	want := []evalWant{
		{typ: "law", fields: []string{"OM"}}, {typ: "duration", fields: []string{"warranty_period", "P24M"}},
		{typ: "duration", fields: []string{"notice_period", "P90D"}},
	}
	for _, tc := range []struct {
		doc                   evalDoc
		loose                 bool
		law, duration, foundD int
	}{
		{evalDoc{want: want}, false, 1, 1, 2},
		{evalDoc{want: want}, true, 1, 2, 2},
		{evalDoc{}, false, 0, 0, 0},                                                      // not annotated: not scored
		{evalDoc{want: want[:1]}, false, 1, 0, 0},                                        // law annotated, duration not
		{evalDoc{scored: []string{"duration"}}, false, 0, 0, 2},                          // declared: both durations are extra
		{evalDoc{want: []evalWant{{typ: "law", fields: []string{"AE"}}}}, true, 0, 0, 0}, // wrong code
	} {
		scores, _, _ := scoreDoc(tc.doc, got, tc.loose)
		if scores["law"].tp != tc.law || scores["duration"].tp != tc.duration || scores["duration"].found != tc.foundD {
			t.Errorf("%+v loose=%v: law %+v duration %+v", tc.doc, tc.loose, *scores["law"], *scores["duration"])
		}
	}
}
