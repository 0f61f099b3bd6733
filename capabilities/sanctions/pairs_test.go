package sanctions

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"testing"

	"dalil/dataset/sanctions"
	"dalil/internal/names"
	"dalil/internal/names/labelled"
)

// screenPairs scores labelled pairs through the engine: every name b is
// listed (one entity per pair, in one list) and each name a is screened
// at the default threshold; a pair matches when its b entity is among
// the matches. The engine must agree with names.Match on every pair:
// it finds exactly what scoring every name finds.
func screenPairs(t *testing.T, path string) labelled.Report {
	t.Helper()
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		t.Skipf("%s is not here: nothing to score", path)
	}
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	pairs, err := labelled.Read(f)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	entries := make([]Listed, len(pairs))
	for i, p := range pairs {
		entries[i] = Listed{List: "pairs", Entity: sanctions.Entity{ID: fmt.Sprint(i), Type: sanctions.TypeIndividual, Name: p.B}}
	}
	e := NewEngine([]List{{Name: "pairs", Version: "test", Entries: len(pairs)}}, entries)
	r := labelled.Evaluate(pairs, func(i int, p labelled.Pair) (float64, bool) {
		score, found := 0.0, false
		for _, m := range e.Screen(Query{Names: []string{p.A}}).Matches {
			if m.EntityID == fmt.Sprint(i) {
				score, found = m.Score, true
			}
		}
		s := names.Match(p.A, p.B)
		if direct := s >= DefaultThreshold; direct != found || found && round3(s) != score {
			t.Errorf("line %d %q %q: Match %.3f, engine match %v score %.3f", p.Line, p.A, p.B, s, found, score)
		}
		return score, found
	})
	for _, l := range r.Errors() {
		t.Log(l)
	}
	t.Logf("through sanctions_screen's engine at threshold %.2f:", DefaultThreshold)
	for _, l := range r.Table() {
		t.Log("  " + l)
	}
	return r
}

// TestScreenLabelledPairs: the labelled pairs of internal/names through
// the engine, the same figures as names.TestLabelledPairs,
// TestStructurePairs, TestProbePairs and TestTranslationPairs. go test ./capabilities/sanctions -run ScreenLabelledPairs -v
func TestScreenLabelledPairs(t *testing.T) {
	for _, path := range []string{"pairs.tsv", "structure_pairs.tsv", "probe_pairs.tsv", "translation_pairs.tsv"} {
		t.Run(path, func(t *testing.T) { screenPairs(t, "../../internal/names/testdata/"+path) })
	}
}

// TestScreenHeldOutPairs: the held-out pairs through the engine, when the
// file is there. go test ./capabilities/sanctions -run ScreenHeldOutPairs -v
func TestScreenHeldOutPairs(t *testing.T) {
	screenPairs(t, "../../internal/names/testdata/heldout_pairs.tsv")
}
