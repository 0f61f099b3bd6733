package round

import "testing"

// benchValues are figures of the kind the capabilities round: OMR amounts
// with baisa, percentages with long binary expansions, a tie, a large one.
var benchValues = []float64{7200, 108.33333333333333, 8.470588235294118, 1.005, 1234.5675, 123456789012.3456, -0.125, 13.821138211382113}

var sink float64

// BenchmarkHalf is the hot path (Decimal); BenchmarkHalfExact the same
// rounding on math/big (the implementation before issue #11, now the
// fallback and test reference).
func BenchmarkHalf(b *testing.B) {
	for i := 0; b.Loop(); i++ {
		sink = Half(benchValues[i%len(benchValues)], 2+i%2)
	}
}

func BenchmarkHalfExact(b *testing.B) {
	for i := 0; b.Loop(); i++ {
		sink = Rat(Dec(benchValues[i%len(benchValues)]), 2+i%2)
	}
}
