package maintenance

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestEstimateHandWorked(t *testing.T) {
	f := func(v float64) *float64 { return &v }
	n := func(v int) *int { return &v }
	tests := []struct {
		name string
		in   Input
		want Output
	}{
		{"defaults: new building 0.6%", Input{PropertyValue: 100000},
			Output{600, 50, 0.6, "OMR", AssumptionsUsed{0, 1, 0.6, 35}, Methodology}},
		{"age 5 is in the 0.9% band", Input{PropertyValue: 100000, AgeYears: f(5)},
			Output{900, 75, 0.9, "OMR", AssumptionsUsed{5, 1, 0.9, 35}, Methodology}},
		{"age 4.99 is still 0.6%", Input{PropertyValue: 100000, AgeYears: f(4.99)},
			Output{600, 50, 0.6, "OMR", AssumptionsUsed{4.99, 1, 0.6, 35}, Methodology}},
		// 1300 / 12 = 108.3333 -> 108.333 OMR (3 decimals).
		{"age 12: 1.3%, monthly to the baisa", Input{PropertyValue: 100000, AgeYears: f(12)},
			Output{1300, 108.333, 1.3, "OMR", AssumptionsUsed{12, 1, 1.3, 35}, Methodology}},
		{"age 20 and over 1.8%", Input{PropertyValue: 100000, AgeYears: f(20)},
			Output{1800, 150, 1.8, "OMR", AssumptionsUsed{20, 1, 1.8, 35}, Methodology}},
		// 100000 x 2% + 2 x 50 = 2100; 2100/12 = 175; 2.1%.
		{"explicit assumptions and units", Input{PropertyValue: 100000, AgeYears: f(12), Units: n(3), Assumptions: &Assumptions{AnnualRatePct: f(2), AdditionalUnitCost: f(50)}},
			Output{2100, 175, 2.1, "OMR", AssumptionsUsed{12, 3, 2, 50}, Methodology}},
		// 600 + 2 x 35 = 670; 670/12 = 55.8333; 0.67%.
		{"default per-unit cost", Input{PropertyValue: 100000, Units: n(3)},
			Output{670, 55.833, 0.67, "OMR", AssumptionsUsed{0, 3, 0.6, 35}, Methodology}},
		{"legacy annualRent is ignored", Input{PropertyValue: 100000, AnnualRent: f(99999)},
			Output{600, 50, 0.6, "OMR", AssumptionsUsed{0, 1, 0.6, 35}, Methodology}},
		{"zero rate", Input{PropertyValue: 100000, Assumptions: &Assumptions{AnnualRatePct: f(0)}},
			Output{0, 0, 0, "OMR", AssumptionsUsed{0, 1, 0, 35}, Methodology}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Estimate(context.Background(), tc.in)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("Estimate (-want +got):\n%s", diff)
			}
		})
	}
}

func TestSchemaRejects(t *testing.T) {
	e := Entry()
	for _, body := range []string{
		`{"propertyValue":100000,"units":1.5}`,
		`{"propertyValue":100000,"units":0}`,
		`{"propertyValue":100000,"ageYears":201}`,
		`{"propertyValue":100000,"assumptions":{"annualRatePct":1,"extra":1}}`,
		`{"propertyValue":100000,"assumptions":{"annualRatePct":101}}`,
	} {
		if _, err := e.Decode([]byte(body)); err == nil {
			t.Errorf("Decode(%s) accepted", body)
		}
	}
	if _, err := e.Decode([]byte(`{"propertyValue":100000,"units":3.0}`)); err != nil {
		t.Errorf("3.0 is an integer in JSON: %v", err)
	}
}
