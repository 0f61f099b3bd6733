package maintenance

import (
	"context"
	"testing"

	"dalil"
)

func TestMaintenanceEvidence(t *testing.T) {
	age, units := 12.0, 3
	tests := []struct {
		name string
		in   Input
	}{
		{"value only", Input{PropertyValue: 100000}},
		{"value, age and units", Input{PropertyValue: 250000, AgeYears: &age, Units: &units}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, err := Estimate(context.Background(), tt.in)
			if err != nil {
				t.Fatal(err)
			}
			b := out.Basis()
			if charge, reason := dalil.DecideEvidence(b); !charge || reason != "" {
				t.Fatalf("DecideEvidence = %v, %q; want charged (basis %+v)", charge, reason, b)
			}
			if !b.Supports("the property figures given") {
				t.Errorf("basis %+v does not rest on the figures given", b)
			}
		})
	}
}
