package documentfacts

import "testing"

// dev3Floors (strict precision, recall) for the third development corpus
// (testdata/dev3, README.md there): set after the rules were fixed on it
// (docs/documents.md has the first runs and the figures after), a
// regression floor on development data. Money 0.95 -> 0.93 in round 8c:
// dev3 follows the older guideline (testdata/eval/README.md), which keys
// the rows of a fee table `fee`; the later label specification
// (heldout4's README: "Rows of rate and fee tables are `price`") keys
// them `price` and the rules follow it, so d14, d20 and d24's eleven fee
// rows and totals count as misses here until the corpora's keys are
// mapped (docs/documents.md, session 14).
var dev3Floors = map[string][2]float64{
	"party":      {0.95, 0.95},
	"date":       {0.95, 0.95},
	"money":      {0.93, 0.93},
	"obligation": {0.95, 0.95}, // round 16 (obligation_conventions.go): 0.981/0.990
	"deadline":   {0.95, 0.95},
	"law":        {0.95, 0.95},
	"duration":   {0.95, 0.95}, // round 17 (convention_bonds_parent_dates.go, decision 1): 0.974/1.000
}

// TestDev3 scores the third development corpus: documents written for
// issue 29's classes of misses in wordings the tuning corpus does not use,
// in two batches each committed before the rules were changed for it.
// go test ./capabilities/documentfacts -run TestDev3 -v
func TestDev3(t *testing.T) {
	scoreCorpus(t, loadEvalCorpus(t, "testdata/dev3", 29), dev3Floors)
}
