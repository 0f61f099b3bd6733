package documentfacts

import "testing"

// dev6Floors (strict precision, recall) for the sixth development corpus
// (testdata/dev6, README.md there), written in session 13 by a helper who
// had not read the rules, weighted toward tender requirements, English
// duties and the keys of money, dates and durations. It was scored once
// before session 13's rounds and once after them, unseen by them both
// times (docs/documents.md); from then on it is development data. Round
// 7c built the tender requirement rules on it (requirements 0.32/0.29 ->
// 1.00/1.00, a development figure). Floors just under the run after
// session 13's rounds.
//
// The date, money and duration floors are just under the figures after the
// key specification was applied (session 14): labels mapped by
// testdata/dev6/keyspec.tsv, rules aligned (round8a_test.go).
// session 13's rounds; party and obligation just under round 8b's
// (session 14).
var dev6Floors = map[string][2]float64{
	"party":       {0.98, 0.98},
	"date":        {0.82, 0.87},
	"money":       {0.79, 0.80},
	"obligation":  {0.94, 0.97},
	"requirement": {0.97, 0.97},
	"deadline":    {0.83, 0.90},
	"law":         {0.97, 0.97},
	"duration":    {0.85, 0.76},
}

// TestDev6 scores the sixth development corpus.
// go test ./capabilities/documentfacts -run 'TestDev6$' -v
func TestDev6(t *testing.T) {
	scoreCorpus(t, loadEvalCorpus(t, "testdata/dev6", 18), dev6Floors)
}
