// Package round rounds computed figures the way contract §2 asks: half away
// from zero on the decimal value, so 1.005 rounds to 1.01 (naive binary
// rounding gives 1.00 because 1.005 is stored as 1.00499999...). Figures
// are computed on exact decimals (Dec, math/big) and rounded with Rat.
package round

import (
	"math"
	"math/big"
	"strconv"
)

// Half rounds x to dp decimal places, half away from zero, on the decimal
// value x stands for (its shortest decimal form). Non-finite values are
// returned unchanged; callers decide what a non-finite result means.
func Half(x float64, dp int) float64 {
	if math.IsNaN(x) || math.IsInf(x, 0) || dp < 0 {
		return x
	}
	return Rat(Dec(x), dp)
}

// Dec is the exact decimal a float64 stands for in JSON: the value of its
// shortest decimal form (7200 for 7200, 0.1 for 0.1, not the binary
// 0.1000000000000000055...). Computing on these, then rounding, is rounding
// "on the decimal value" (contract §2).
func Dec(x float64) *big.Rat {
	r, ok := new(big.Rat).SetString(strconv.FormatFloat(x, 'g', -1, 64))
	if !ok {
		return new(big.Rat)
	}
	return r
}

// Rat rounds r to dp decimal places, half away from zero, and returns the
// nearest float64 (which prints as the rounded decimal). Never -0.
func Rat(r *big.Rat, dp int) float64 {
	scale := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(dp)), nil)
	scaled := new(big.Rat).Mul(r, new(big.Rat).SetInt(scale))
	neg := scaled.Sign() < 0
	scaled.Abs(scaled)
	// floor(|x| + 1/2)
	scaled.Add(scaled, big.NewRat(1, 2))
	q := new(big.Int).Quo(scaled.Num(), scaled.Denom())
	if neg {
		q.Neg(q)
	}
	f, _ := new(big.Rat).SetFrac(q, scale).Float64()
	if f == 0 {
		return 0
	}
	return f
}

// OMRRat rounds an exact OMR amount to baisa (3 decimals).
func OMRRat(r *big.Rat) float64 { return Rat(r, 3) }

// PctRat rounds an exact percentage, rate or number of years to 2 decimals.
func PctRat(r *big.Rat) float64 { return Rat(r, 2) }
