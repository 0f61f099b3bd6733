package vehiclevalue

import (
	"slices"
	"testing"
	"time"

	"dalil"
)

func TestVehicleEvidence(t *testing.T) {
	inBatch := func(ls []Listing, batch string, synthetic bool) []Listing {
		ls = slices.Clone(ls)
		for i := range ls {
			ls[i].Batch, ls[i].Synthetic = batch, synthetic
		}
		return ls
	}
	batches := []DatasetBatch{
		{ID: "real1", Source: "oman-classifieds", License: "licensed", RetrievedAt: today.AddDate(0, 0, -2)},
		{ID: "demo1", Source: "dalil-demo", License: "demo", RetrievedAt: today.AddDate(0, 0, -2), Synthetic: true},
	}
	withCallers := subjectInput()
	for _, l := range lc(3, 2019, "GXR") {
		withCallers.Comparables = append(withCallers.Comparables, CallerComparable{Year: l.Year, Trim: l.Trim, MileageKm: l.MileageKm, Price: l.Price,
			City: "muscat", ObservedOn: l.ListedOn.Format(time.DateOnly)})
	}
	feed := fakeSource{name: "feed", covers: []string{"OM"}, ls: inBatch(lc(6, 2019, "GXR"), "", false)}
	tests := []struct {
		name       string
		deps       Deps
		in         Input
		wantCharge bool
		wantReason string
		wantKinds  []dalil.SourceKind
	}{
		{"real listings", Deps{Listings: &mem{ls: inBatch(lc(6, 2019, "GXR"), "real1", false), batches: batches}}, subjectInput(), true, "",
			[]dalil.SourceKind{dalil.SourceDataset, dalil.SourceComputation}},
		{"synthetic listings only", Deps{Listings: &mem{ls: inBatch(lc(6, 2019, "GXR"), "demo1", true), batches: batches}}, subjectInput(), false, dalil.NotChargedSyntheticOnly,
			[]dalil.SourceKind{dalil.SourceSynthetic, dalil.SourceComputation}},
		{"synthetic listings without a batch on record", Deps{Listings: &mem{ls: inBatch(lc(6, 2019, "GXR"), "gone", true)}}, subjectInput(), false, dalil.NotChargedSyntheticOnly,
			[]dalil.SourceKind{dalil.SourceSynthetic, dalil.SourceComputation}},
		{"synthetic listings and the caller's comparables", Deps{Listings: &mem{ls: inBatch(lc(6, 2019, "GXR"), "demo1", true), batches: batches}}, withCallers, true, "",
			[]dalil.SourceKind{dalil.SourceSynthetic, dalil.SourceCaller, dalil.SourceComputation}},
		{"a live provider", Deps{Sources: []Source{feed}}, subjectInput(), true, "",
			[]dalil.SourceKind{dalil.SourceLive, dalil.SourceComputation}},
		{"too few listings", Deps{Listings: &mem{ls: inBatch(lc(2, 2019, "GXR"), "real1", false), batches: batches}}, subjectInput(), false,
			"insufficient_market_data: 2 usable comparables, 3 needed", []dalil.SourceKind{dalil.SourceDataset, dalil.SourceComputation}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := estimate(t, tt.deps, tt.in)
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
