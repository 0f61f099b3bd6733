package documentfacts

import "testing"

// tuningFloors (strict precision, recall) for the tuning corpus: set
// after the rules were fixed on it (every type was then at 1.00; the
// first run, before any fix, is in docs/documents.md), a regression floor
// on development data.
var tuningFloors = map[string][2]float64{
	"party":      {0.95, 0.95},
	"date":       {0.95, 0.95},
	"money":      {0.95, 0.95},
	"obligation": {0.95, 0.95}, // round 16 (obligation_conventions.go): 0.953/0.976
	"deadline":   {0.95, 0.95},
	"law":        {0.95, 0.95},
	"duration":   {0.95, 0.95}, // round 17 (convention_bonds_parent_dates.go, decision 1): 1.000/1.000
}

// TestTuning scores the tuning corpus (testdata/tuning, README.md there):
// ten documents written from the guideline for the classes of misses of
// issue 29 and committed before the rules were changed for them. The rules
// are fixed on it, so after the fixes its figures are development figures.
func TestTuning(t *testing.T) {
	scoreCorpus(t, loadEvalCorpus(t, "testdata/tuning", 10), tuningFloors)
}
