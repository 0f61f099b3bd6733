package round

import "testing"

// FuzzHalf: Half and the fast path agree with Rat(Dec(x)) bit for bit.
// Seeds: testdata/fuzz/FuzzHalf (ties, -0, subnormals, NaN, extremes).
func FuzzHalf(f *testing.F) {
	for _, x := range specials {
		f.Add(x, uint8(2))
	}
	f.Fuzz(func(t *testing.T, x float64, dp uint8) {
		checkHalf(t, x, int(dp%30))
	})
}

// FuzzDecimal: Add, Sub, Mul, MulPow10 and Quo agree with big.Rat.
// Seeds: testdata/fuzz/FuzzDecimal.
func FuzzDecimal(f *testing.F) {
	f.Add(1023.0, 60000.0, 100.0, uint8(2))
	f.Add(600.006, 12.0, 0.6, uint8(3))
	f.Fuzz(func(t *testing.T, x, y, z float64, dp uint8) {
		checkArithmetic(t, x, y, z, int(dp%8))
	})
}
