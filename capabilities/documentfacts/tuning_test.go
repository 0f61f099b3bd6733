package documentfacts

import "testing"

// tuningFloors (strict precision, recall) for the tuning corpus. Empty
// until the rules are fixed: the first run is the measure before.
var tuningFloors = map[string][2]float64{}

// TestTuning scores the tuning corpus (testdata/tuning, README.md there):
// ten documents written from the guideline for the classes of misses of
// issue 29 and committed before the rules were changed for them. The rules
// are fixed on it, so after the fixes its figures are development figures.
func TestTuning(t *testing.T) {
	scoreCorpus(t, loadEvalCorpus(t, "testdata/tuning", 10), tuningFloors)
}
