package names

import (
	"os"
	"testing"

	"dalil/internal/names/labelled"
)

func readPairs(t *testing.T, path string) []labelled.Pair {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	pairs, err := labelled.Read(f)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return pairs
}

// scorePairs scores pairs with Match at MatchThreshold and logs
// every error and the precision and recall per category.
func scorePairs(t *testing.T, pairs []labelled.Pair) labelled.Report {
	t.Helper()
	r := labelled.Evaluate(pairs, func(_ int, p labelled.Pair) (float64, bool) {
		s := Match(p.A, p.B)
		return s, s >= MatchThreshold
	})
	for _, l := range r.Errors() {
		t.Log(l)
	}
	t.Logf("at threshold %.2f:", MatchThreshold)
	for _, l := range r.Table() {
		t.Log("  " + l)
	}
	return r
}

// TestLabelledPairs scores the labelled pairs of testdata/pairs.tsv at
// MatchThreshold and requires precision and recall of at least 0.95 each.
// go test ./internal/names -run LabelledPairs -v
func TestLabelledPairs(t *testing.T) {
	pairs := readPairs(t, "testdata/pairs.tsv")
	if len(pairs) < 300 {
		t.Fatalf("%d labelled pairs, want at least 300", len(pairs))
	}
	r := scorePairs(t, pairs)
	if p, rc := r.All.Precision(), r.All.Recall(); p < 0.95 || rc < 0.95 {
		t.Errorf("precision %.3f, recall %.3f: both must be at least 0.95", p, rc)
	}
}

// TestStructurePairs scores testdata/structure_pairs.tsv: the classes of
// issue 29 (name roles and order, vowels, family names, one-letter
// changes, titles, Persian, Egyptian, y/i, Russian, compounds, company
// word order). go test ./internal/names -run StructurePairs -v
func TestStructurePairs(t *testing.T) {
	pairs := readPairs(t, "testdata/structure_pairs.tsv")
	if len(pairs) < 200 {
		t.Fatalf("%d labelled pairs, want at least 200", len(pairs))
	}
	r := scorePairs(t, pairs)
	if p, rc := r.All.Precision(), r.All.Recall(); p < 0.95 || rc < 0.95 {
		t.Errorf("precision %.3f, recall %.3f: both must be at least 0.95", p, rc)
	}
}

// TestProbePairs scores testdata/probe_pairs.tsv, pairs written after
// the rules to see how they generalise (translations and abbreviations
// among them are known misses). go test ./internal/names -run ProbePairs -v
func TestProbePairs(t *testing.T) {
	r := scorePairs(t, readPairs(t, "testdata/probe_pairs.tsv"))
	if p, rc := r.All.Precision(), r.All.Recall(); p < 0.95 || rc < 0.9 {
		t.Errorf("precision %.3f, recall %.3f: want at least 0.95 and 0.9", p, rc)
	}
}

// TestHeldOutPairs scores testdata/heldout_pairs.tsv: 420 pairs in ten
// classes written by a helper who had not read the matcher, committed
// before either matcher was run on them. It prints the figures of
// Similarity, the order-blind score that decided matches before issue
// #29 ("before"), and of Match ("after"), and keeps floors just under
// Match's first run (P 0.963, R 0.871: docs/sanctions.md) for precision
// and under its figure with the translation rules, which used the set as
// development data, for recall (R 0.948).
// go test ./internal/names -run HeldOutPairs -v
func TestHeldOutPairs(t *testing.T) {
	pairs := readPairs(t, "testdata/heldout_pairs.tsv")
	before := labelled.Evaluate(pairs, func(_ int, p labelled.Pair) (float64, bool) {
		s := Similarity(p.A, p.B)
		return s, s >= MatchThreshold
	})
	t.Logf("before (Similarity) at threshold %.2f:", MatchThreshold)
	for _, l := range before.Table() {
		t.Log("  " + l)
	}
	t.Log("after (Match):")
	r := scorePairs(t, pairs)
	if p, rec := r.All.Precision(), r.All.Recall(); p < 0.95 || rec < 0.93 {
		t.Errorf("held-out pairs: P %.3f R %.3f, under the floors 0.95 / 0.93", p, rec)
	}
}

// TestTranslationPairs scores testdata/translation_pairs.tsv: companies
// named in English on one side and by an Arabic (or Persian) translation
// on the other, and the hard negatives beside them (the same distinctive
// word with another activity, the same activity with another distinctive
// word, one translated word differing, a generic word more). Floors just
// under the figures the rules reached on it (P 1.000, R 0.987;
// docs/sanctions.md): development pairs, not a held-out set.
// go test ./internal/names -run TranslationPairs -v
func TestTranslationPairs(t *testing.T) {
	pairs := readPairs(t, "testdata/translation_pairs.tsv")
	if len(pairs) < 150 {
		t.Fatalf("%d labelled pairs, want at least 150", len(pairs))
	}
	r := scorePairs(t, pairs)
	if p, rc := r.All.Precision(), r.All.Recall(); p < 0.98 || rc < 0.97 {
		t.Errorf("precision %.3f, recall %.3f: want at least 0.98 and 0.97", p, rc)
	}
}

// TestHeldOut2Pairs scores testdata/heldout2_pairs.tsv: 440 pairs in
// eleven classes (company translations among them) written by a helper
// who had not read the matcher, committed before it ran on them. It
// prints the figures per class. Before session 11's translation rules
// (written without it): P 0.970, R 0.873 (company translations 0.000);
// after: P 0.972, R 0.964 (translations 0.950). It is measured, never
// tuned on; the floors sit just under the after run.
// go test ./internal/names -run HeldOut2Pairs -v
func TestHeldOut2Pairs(t *testing.T) {
	r := scorePairs(t, readPairs(t, "testdata/heldout2_pairs.tsv"))
	if p, rec := r.All.Precision(), r.All.Recall(); p < 0.96 || rec < 0.95 {
		t.Errorf("held-out pairs 2: P %.3f R %.3f, under the floors 0.96 / 0.95", p, rec)
	}
}
