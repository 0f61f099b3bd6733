package maintenance

import (
	"context"
	"testing"
)

var sinkOutput Output

// BenchmarkEstimate is one estimate_maintenance call on the hot path;
// BenchmarkEstimateExact the same figures on math/big (the implementation
// before issue #11, now the fallback).
func BenchmarkEstimate(b *testing.B) {
	age, units := 12.0, 3
	in := Input{PropertyValue: 100001, AgeYears: &age, Units: &units}
	for b.Loop() {
		sinkOutput, _ = Estimate(context.Background(), in)
	}
}

func BenchmarkEstimateExact(b *testing.B) {
	used := AssumptionsUsed{AgeYears: 12, Units: 3, AnnualRatePct: 1.3, AdditionalUnitCost: DefaultAdditionalUnitCost}
	for b.Loop() {
		figuresExact(100001, used, &sinkOutput)
	}
}
