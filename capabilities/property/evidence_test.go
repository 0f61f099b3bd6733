package property

import (
	"context"
	"testing"

	"dalil"
	"dalil/capability"
)

func TestPropertyEvidence(t *testing.T) {
	one, err := Analyze(context.Background(), example)
	if err != nil {
		t.Fatal(err)
	}
	two, err := Compare(context.Background(), CompareInput{Properties: []Item{
		{Name: "a", Input: example}, {Name: "b", Input: Input{PropertyValue: 100000, AnnualRent: 7000}},
	}})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name       string
		out        capability.Evidenced
		wantCharge bool
		wantReason string
		wantItems  int
	}{
		{"analyze on the figures given", one, true, "", 1},
		{"compare on two properties given", two, true, "", 2},
		{"compare on nothing given", CompareOutput{}, false, dalil.NotChargedNoEvidence, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := tt.out.Basis()
			charge, reason := dalil.DecideEvidence(b)
			if charge != tt.wantCharge || reason != tt.wantReason {
				t.Fatalf("DecideEvidence = %v, %q; want %v, %q (basis %+v)", charge, reason, tt.wantCharge, tt.wantReason, b)
			}
			items := 0
			for _, s := range b.Sources {
				if s.Kind == dalil.SourceCaller {
					items += s.Items
				}
			}
			if items != tt.wantItems {
				t.Errorf("caller-supplied items = %d, want %d", items, tt.wantItems)
			}
		})
	}
}
