package property

import "testing"

var sinkMetrics Metrics

// BenchmarkCompute is the work of one analyze_property call, on the hot
// path (fast) and on math/big (exact: the implementation before issue #11,
// now the fallback): the reference example (integers) and an input with
// baisa and a vacancy rate.
func BenchmarkCompute(b *testing.B) {
	inputs := []struct {
		name string
		in   Input
	}{
		{"example", example},
		{"decimals", Input{PropertyValue: 123456.789, AnnualRent: 9876.5, ServiceCharge: f(650.25), MaintenanceCost: f(400.125), VacancyRatePct: f(7.5), OtherAnnualCosts: f(99.9)}},
	}
	for _, tc := range inputs {
		b.Run(tc.name+"/fast", func(b *testing.B) {
			for b.Loop() {
				sinkMetrics = compute(tc.in)
			}
		})
		b.Run(tc.name+"/exact", func(b *testing.B) {
			for b.Loop() {
				sinkMetrics = computeExact(tc.in)
			}
		})
	}
}
