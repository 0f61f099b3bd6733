package names

import (
	"slices"
	"testing"
)

// TestTermsFindTheLabelledPairs measures the term index as a candidate
// filter: of the labelled pairs Match accepts or whose Similarity reaches
// 0.77 (a company search's match: 0.65 x 0.77 = 0.50), same name or not,
// how many share a word or sound term, so that an index lookup of one finds
// the other. A pair that shares none is a match the SQL indexes would
// lose. It prints the share per file and lists the pairs lost.
// go test ./internal/names -run TermsFind -v
func TestTermsFindTheLabelledPairs(t *testing.T) {
	for _, file := range []string{"pairs.tsv", "structure_pairs.tsv", "probe_pairs.tsv", "heldout_pairs.tsv", "translation_pairs.tsv"} {
		pairs := readPairs(t, "testdata/"+file)
		accepted, found := 0, 0
		for _, p := range pairs {
			a, b := Normalize(p.A), Normalize(p.B)
			if a.Match(b) < MatchThreshold && a.Similarity(b) < 0.77 {
				continue
			}
			accepted++
			if shareTerm(a, b) {
				found++
			} else {
				t.Logf("%s:%d lost: %q / %q", file, p.Line, p.A, p.B)
			}
		}
		share := float64(found) / float64(max(accepted, 1))
		t.Logf("%s: %d of %d accepted pairs share a term (%.3f)", file, found, accepted, share)
		if share < 0.99 {
			t.Errorf("%s: only %.3f of the pairs Match accepts share a term", file, share)
		}
	}
}

func shareTerm(a, b Key) bool {
	bt := b.WordTerms()
	for _, x := range a.WordTerms() {
		if _, ok := slices.BinarySearch(bt, x); ok {
			return true
		}
	}
	return a.ExactTerm() == b.ExactTerm()
}

func TestTerms(t *testing.T) {
	k := Normalize("Mohammed bin Ali Al-Hosni")
	terms := k.Terms()
	if !slices.IsSorted(terms) || len(slices.Compact(slices.Clone(terms))) != len(terms) {
		t.Fatalf("terms not sorted and distinct: %q", terms)
	}
	ar := Normalize("محمد بن علي الحسني")
	if !shareTerm(k, ar) {
		t.Errorf("Arabic and Latin spellings share no term: %q / %q", k.WordTerms(), ar.WordTerms())
	}
	if Normalize("   ").Terms() != nil {
		t.Error("an empty key has terms")
	}
}
