package dalil_test

import (
	"testing"

	"dalil"
)

func TestDecideEvidence(t *testing.T) {
	live := dalil.Source{Kind: dalil.SourceLive, Name: "brave_search"}
	real := dalil.Source{Kind: dalil.SourceDataset, Name: "ofac-sdn", Dataset: "sanctions", Batch: "b1"}
	demo := dalil.Source{Kind: dalil.SourceSynthetic, Name: "demo-sanctions", Dataset: "sanctions"}
	caller := dalil.Source{Kind: dalil.SourceCaller, Name: "the property figures given"}
	formula := dalil.Source{Kind: dalil.SourceComputation, Name: "the yield formula"}
	old := real
	old.Stale = true
	staleLive := live
	staleLive.Stale = true
	tests := []struct {
		name   string
		basis  dalil.Basis
		charge bool
		reason string
	}{
		{"nothing at all", dalil.Basis{}, false, dalil.NotChargedNoEvidence},
		{"a computation over nothing", dalil.Basis{Sources: []dalil.Source{formula}}, false, dalil.NotChargedNoEvidence},
		{"synthetic only", dalil.Basis{Sources: []dalil.Source{demo}}, false, dalil.NotChargedSyntheticOnly},
		{"synthetic and a computation", dalil.Basis{Sources: []dalil.Source{demo, formula}}, false, dalil.NotChargedSyntheticOnly},
		{"a stale list only", dalil.Basis{Sources: []dalil.Source{old}}, false, dalil.NotChargedStaleOnly},
		{"synthetic beats stale in the reason", dalil.Basis{Sources: []dalil.Source{old, demo}}, false, dalil.NotChargedSyntheticOnly},
		{"a stale provider answer only", dalil.Basis{Sources: []dalil.Source{staleLive, formula}}, false, dalil.NotChargedStaleOnly},
		{"a real dataset", dalil.Basis{Sources: []dalil.Source{real}}, true, ""},
		{"a live provider beside synthetic data", dalil.Basis{Sources: []dalil.Source{demo, live}}, true, ""},
		{"a real list beside a stale one", dalil.Basis{Sources: []dalil.Source{old, real}}, true, ""},
		{"the caller's figures and a formula", dalil.Basis{Sources: []dalil.Source{caller, formula}}, true, ""},
		{"unanswered whatever the sources", dalil.Basis{Sources: []dalil.Source{real, live}, Unanswered: "insufficient_comparables"}, false, "insufficient_comparables"},
		{"unanswered with nothing", dalil.Basis{Unanswered: "no_facts_found"}, false, "no_facts_found"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			charge, reason := dalil.DecideEvidence(tc.basis)
			if charge != tc.charge || reason != tc.reason {
				t.Errorf("DecideEvidence = %v %q, want %v %q", charge, reason, tc.charge, tc.reason)
			}
			// Charged exactly when no reason is given.
			if charge != (reason == "") {
				t.Errorf("charge %v with reason %q", charge, reason)
			}
		})
	}
}

// Property: adding a source never turns a charged answer into an
// uncharged one, unless the answer is marked unanswered.
func TestDecideEvidenceMonotone(t *testing.T) {
	kinds := []dalil.SourceKind{dalil.SourceLive, dalil.SourceDataset, dalil.SourceSynthetic, dalil.SourceCaller, dalil.SourceComputation}
	var all []dalil.Source
	for _, k := range kinds {
		all = append(all, dalil.Source{Kind: k, Name: string(k)}, dalil.Source{Kind: k, Name: string(k) + "-stale", Stale: true})
	}
	// Every subset of the ten sources.
	for mask := 0; mask < 1<<len(all); mask++ {
		var b dalil.Basis
		for i, s := range all {
			if mask&(1<<i) != 0 {
				b = b.Add(s)
			}
		}
		charged, _ := dalil.DecideEvidence(b)
		wantCharged := false
		for _, s := range b.Sources {
			wantCharged = wantCharged || (!s.Stale && s.Kind != dalil.SourceSynthetic && s.Kind != dalil.SourceComputation)
		}
		if charged != wantCharged {
			t.Fatalf("sources %+v: charged %v, want %v", b.Sources, charged, wantCharged)
		}
		for _, extra := range all {
			if more, _ := dalil.DecideEvidence(b.Add(extra)); charged && !more {
				t.Fatalf("adding %+v to %+v uncharged it", extra, b.Sources)
			}
		}
	}
}

func TestBasisSupports(t *testing.T) {
	b := dalil.Basis{Sources: []dalil.Source{
		{Kind: dalil.SourceSynthetic, Name: "demo-sanctions"},
		{Kind: dalil.SourceDataset, Name: "un-sc", Stale: true},
		{Kind: dalil.SourceDataset, Name: "ofac-sdn"},
	}}
	for name, want := range map[string]bool{"demo-sanctions": false, "un-sc": false, "ofac-sdn": true, "eu-fsf": false} {
		if got := b.Supports(name); got != want {
			t.Errorf("Supports(%q) = %v, want %v", name, got, want)
		}
	}
}
