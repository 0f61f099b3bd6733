package main

import "testing"

// TestEveryCapabilityStatesItsEvidence: every routed capability's result
// states what it rests on (capability.Evidenced), so the one charging rule
// (dalil.DecideEvidence) decides every charge; a capability added without
// a basis fails here.
func TestEveryCapabilityStatesItsEvidence(t *testing.T) {
	reg, err := registry(deps{})
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, e := range reg.Callable() {
		n++
		if !e.StatesEvidence() {
			t.Errorf("%s: its result does not state its evidence basis (capability.Evidenced)", e.ID)
		}
	}
	if n < 20 {
		t.Fatalf("only %d capabilities routed", n)
	}
}
