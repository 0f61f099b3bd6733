package documentfacts

import (
	"os"
	"testing"
)

// heldOutFloors (strict precision, recall): just under the figures
// measured after the general fixes that the first run showed were needed
// (docs/documents.md has both runs' figures). The first run, before any
// fix, is the measure of how the rules carry over: party 0.84/0.80, date
// 0.83/0.83, money 0.81/0.81, obligation 0.79/0.61, requirement
// 0.67/0.67, deadline 1.00/0.94.
var heldOutFloors = map[string][2]float64{
	"party":       {0.95, 0.90},
	"date":        {0.90, 0.90},
	"money":       {0.95, 0.95},
	"obligation":  {0.85, 0.85},
	"requirement": {0.85, 0.85},
	"deadline":    {0.95, 0.95},
}

// TestHeldOut scores the held-out documents (testdata/heldout: written
// and annotated from the eval corpus's guideline after the extractor was
// tuned on that corpus, committed before it was run on them).
func TestHeldOut(t *testing.T) {
	scoreCorpus(t, loadEvalCorpus(t, "testdata/heldout", 8), heldOutFloors)
}

// heldOut2Floors (strict precision, recall): just under the first scored
// run after issue 29's rules (docs/documents.md has it beside the run
// before them). They only keep later changes from making it worse.
var heldOut2Floors = map[string][2]float64{
	"party":       {0.60, 0.45},
	"date":        {0.60, 0.58},
	"money":       {0.65, 0.33},
	"obligation":  {0.75, 0.70},
	"requirement": {0.14, 0.12},
	"deadline":    {0.90, 0.63},
	"law":         {0.95, 0.65},
	"duration":    {0.74, 0.65},
}

// TestHeldOut2 scores the second held-out set (testdata/heldout2), written
// and annotated by a writer who had not read the extractor's rules, kept
// from the rules' writer until it was scored: it prints precision and
// recall per type and language, strict and loose. Without the directory
// it is skipped.
func TestHeldOut2(t *testing.T) {
	const dir = "testdata/heldout2"
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("%s is absent: the second held-out set is not in this tree", dir)
	}
	scoreCorpus(t, loadEvalCorpus(t, dir, 18), heldOut2Floors)
}

// heldOut3Floors (strict precision, recall) are zero: the set is scored
// for its figures (docs/documents.md), before and after a change to the
// rules, and never tuned on.
var heldOut3Floors = map[string][2]float64{}

// TestHeldOut3 scores the third held-out set (testdata/heldout3: 20
// documents, 619 facts), written by a writer who had read neither the
// rules nor the other corpora, committed before any rule ran on it. It
// prints precision and recall per type and language, strict and loose.
// go test ./capabilities/documentfacts -run HeldOut3 -v
func TestHeldOut3(t *testing.T) {
	const dir = "testdata/heldout3"
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("%s is absent: the third held-out set is not in this tree", dir)
	}
	scoreCorpus(t, loadEvalCorpus(t, dir, 20), heldOut3Floors)
}
