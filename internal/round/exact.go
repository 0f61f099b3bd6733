package round

import (
	"math/big"
	"strconv"
)

// Dec is the exact decimal a float64 stands for in JSON, as a big.Rat: the
// value of its shortest decimal form (7200 for 7200, 0.1 for 0.1, not the
// binary 0.1000000000000000055...). Computing on these, then rounding, is
// rounding "on the decimal value" (contract §2). NaN and ±Inf give 0.
//
// Dec and Rat are the slow exact path: the fallback when Decimal cannot
// hold a figure, and the reference Decimal is tested against.
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
