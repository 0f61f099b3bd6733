package omanproperty

import (
	"slices"
	"testing"

	"dalil"
)

// withBatch returns rows in the given import batch, synthetic or not.
func withBatch(rows []Comparable, batch string, synthetic bool) []Comparable {
	rows = slices.Clone(rows)
	for i := range rows {
		rows[i].Batch, rows[i].Synthetic = batch, synthetic
	}
	return rows
}

func TestOmanPropertyEvidence(t *testing.T) {
	both := func(area string) []Comparable {
		return slices.Concat(rents(area, 400, 410, 420), sales(area, 70000, 72000, 74000))
	}
	tests := []struct {
		name       string
		rows       []Comparable
		wantCharge bool
		wantReason string
		wantKinds  []dalil.SourceKind // kinds of the sources, in order
	}{
		{"real comparables", withBatch(both("al-khuwair"), "b1", false), true, "",
			[]dalil.SourceKind{dalil.SourceDataset, dalil.SourceComputation}},
		{"synthetic comparables only", withBatch(both("al-khuwair"), "demo1", true), false, dalil.NotChargedSyntheticOnly,
			[]dalil.SourceKind{dalil.SourceSynthetic, dalil.SourceComputation}},
		{"synthetic rents, real sales", slices.Concat(withBatch(rents("al-khuwair", 400, 410, 420), "demo1", true),
			withBatch(sales("al-khuwair", 70000, 72000, 74000), "b1", false)), true, "",
			[]dalil.SourceKind{dalil.SourceSynthetic, dalil.SourceDataset, dalil.SourceComputation}},
		{"too few comparables", withBatch(rents("al-khuwair", 400, 410), "b1", false), false, insufficientReason,
			[]dalil.SourceKind{dalil.SourceComputation}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := analyze(t, &memMarket{rows: tt.rows}, flat("Al Khuwair", 2, 100, 72000))
			b := out.Basis()
			charge, reason := dalil.DecideEvidence(b)
			if charge != tt.wantCharge || reason != tt.wantReason {
				t.Fatalf("DecideEvidence = %v, %q; want %v, %q (basis %+v)", charge, reason, tt.wantCharge, tt.wantReason, b)
			}
			var kinds []dalil.SourceKind
			for _, s := range b.Sources {
				kinds = append(kinds, s.Kind)
			}
			if !slices.Equal(kinds, tt.wantKinds) {
				t.Errorf("source kinds %v, want %v (basis %+v)", kinds, tt.wantKinds, b)
			}
		})
	}
}

// Comparables whose batch has no provenance on record are still listed,
// by their own synthetic flag.
func TestOmanPropertyEvidenceWithoutBatches(t *testing.T) {
	tests := []struct {
		name       string
		synthetic  bool
		wantCharge bool
		wantReason string
	}{
		{"real", false, true, ""},
		{"synthetic", true, false, dalil.NotChargedSyntheticOnly},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := Output{Status: StatusOK, Comparables: []UsedComparable{
				{Source: "agency", Batch: "x", Synthetic: tt.synthetic}, {Source: "agency", Batch: "x", Synthetic: tt.synthetic},
			}}
			b := out.Basis()
			if charge, reason := dalil.DecideEvidence(b); charge != tt.wantCharge || reason != tt.wantReason {
				t.Fatalf("DecideEvidence = %v, %q; want %v, %q", charge, reason, tt.wantCharge, tt.wantReason)
			}
			if len(b.Sources) != 2 || b.Sources[0].Items != 2 {
				t.Errorf("sources %+v, want one batch of 2 and the method", b.Sources)
			}
		})
	}
}
