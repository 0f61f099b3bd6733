// Package round rounds computed figures the way contract §2 asks: half away
// from zero on the decimal value, so 1.005 rounds to 1.01 (naive binary
// rounding gives 1.00 because 1.005 is stored as 1.00499999...).
//
// Figures are computed on the exact decimals their float64 inputs stand for
// (their shortest decimal forms), then rounded. Two paths give the same
// results:
//
//   - Decimal, Round and Quo: exact decimals held in 128-bit integers, no
//     allocation. This is the hot path. An operation whose exact result
//     does not fit says so (ok false) instead of approximating.
//   - Dec and Rat: the same arithmetic with math/big, exact for every
//     input. It is the fallback when the fast path says it cannot, and the
//     reference the fast path is tested against (diff_test.go).
package round

import (
	"bytes"
	"math"
	"strconv"
)

// Decimal places of contract §2.
const (
	OMRPlaces = 3 // OMR amounts, to the baisa (1 OMR = 1000 baisa)
	PctPlaces = 2 // percentages, rates and paybackYears
)

// Half rounds x to dp decimal places, half away from zero, on the decimal
// value x stands for (its shortest decimal form). Non-finite values and a
// negative dp return x unchanged; callers decide what a non-finite result
// means. Never -0.
func Half(x float64, dp int) float64 {
	if math.IsNaN(x) || math.IsInf(x, 0) || dp < 0 {
		return x
	}
	if f, ok := Of(x).Round(dp); ok {
		return f
	}
	return Rat(Dec(x), dp)
}

// Decimal is an exact decimal number, ±mag / 10^scale, held in 128 bits.
// The zero value is 0.
//
// A Decimal that could not be computed exactly (a non-finite input, a
// result of more than 38 digits, a power of ten beyond 10^38) is inexact,
// and so is everything computed from it; Round and Quo then report ok
// false and the caller computes the figure on the math/big path (Dec, Rat)
// instead. Inexact never means approximate: no Decimal operation rounds.
type Decimal struct {
	mag     u128
	scale   int  // digits after the decimal point; 0 or more
	neg     bool // never set on zero, so that -0 and 0 are one value
	inexact bool
}

var inexact = Decimal{inexact: true}

// Int returns n as a Decimal.
func Int(n int64) Decimal {
	if n < 0 {
		return Decimal{mag: u128{0, uint64(-n)}, neg: true} // -MinInt64 wraps to 2^63, its magnitude
	}
	return Decimal{mag: u128{0, uint64(n)}}
}

// Of returns the decimal value x stands for in JSON: the value of its
// shortest decimal form (0.1 for 0.1, not the binary 0.1000000000000000055…),
// exactly the value Dec returns. -0 is 0. NaN and ±Inf are inexact.
func Of(x float64) Decimal {
	if x == 0 {
		return Decimal{}
	}
	a := math.Abs(x)
	// An integer below 2^53 is its own shortest form: a decimal with no
	// more significant digits would be another integer, and every integer
	// below 2^53 is a float64 of its own, so it cannot round to this one.
	if a < 1<<53 && a == math.Trunc(a) {
		return Decimal{mag: u128{0, uint64(a)}, neg: x < 0}
	}
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return inexact
	}
	// d.dddde±XX with the shortest digits (at most 17), the digits of
	// FormatFloat 'g' -1 (Dec's form).
	var buf [32]byte
	b := strconv.AppendFloat(buf[:0], a, 'e', -1, 64)
	e := bytes.IndexByte(b, 'e')
	var m uint64
	for _, c := range b[:e] {
		if c != '.' {
			m = m*10 + uint64(c-'0')
		}
	}
	exp := 0
	for _, c := range b[e+2:] {
		exp = exp*10 + int(c-'0')
	}
	if b[e+1] == '-' {
		exp = -exp
	}
	if e > 1 { // "d.ddd": the digits after the point scale m down
		exp -= e - 2
	}
	d := Decimal{mag: u128{0, m}, neg: x < 0}
	if exp < 0 {
		d.scale = -exp
		return d
	}
	return d.MulPow10(exp)
}

// Exact reports whether d holds an exact value (see Decimal).
func (d Decimal) Exact() bool { return !d.inexact }

// Sign returns -1, 0 or +1. Meaningless when d is inexact.
func (d Decimal) Sign() int {
	switch {
	case d.mag.isZero():
		return 0
	case d.neg:
		return -1
	}
	return 1
}

// Neg returns -d.
func (d Decimal) Neg() Decimal {
	if !d.mag.isZero() {
		d.neg = !d.neg
	}
	return d
}

// MulPow10 returns d × 10^k, exactly (a negative k divides).
func (d Decimal) MulPow10(k int) Decimal {
	if d.inexact {
		return d
	}
	if k <= d.scale {
		d.scale -= k
		return d
	}
	mag, ok := d.mag.mulPow10(k - d.scale)
	if !ok {
		return inexact
	}
	return Decimal{mag: mag, neg: d.neg}
}

// Add returns d + e.
func (d Decimal) Add(e Decimal) Decimal {
	if d.inexact || e.inexact {
		return inexact
	}
	if d.scale < e.scale {
		d, e = e, d
	}
	em, ok := e.mag.mulPow10(d.scale - e.scale) // e at d's scale
	if !ok {
		return inexact
	}
	if d.neg == e.neg {
		sum, ok := d.mag.add(em)
		if !ok {
			return inexact
		}
		return Decimal{mag: sum, scale: d.scale, neg: d.neg}
	}
	if d.mag.less(em) {
		return Decimal{mag: em.sub(d.mag), scale: d.scale, neg: e.neg}
	}
	diff := d.mag.sub(em)
	return Decimal{mag: diff, scale: d.scale, neg: d.neg && !diff.isZero()}
}

// Sub returns d - e.
func (d Decimal) Sub(e Decimal) Decimal { return d.Add(e.Neg()) }

// Mul returns d × e.
func (d Decimal) Mul(e Decimal) Decimal {
	if d.inexact || e.inexact {
		return inexact
	}
	mag, ok := d.mag.mul(e.mag)
	if !ok {
		return inexact
	}
	return Decimal{mag: mag, scale: d.scale + e.scale, neg: d.neg != e.neg && !mag.isZero()}
}

// Round is Quo(d, 1, dp): d rounded to dp decimals, half away from zero.
func (d Decimal) Round(dp int) (float64, bool) { return Quo(d, Int(1), dp) }

// Quo rounds n / d to dp decimal places, half away from zero, and returns
// the float64 nearest to the rounded decimal (which prints as that
// decimal), never -0: what Rat returns for the same exact quotient. ok is
// false, and the caller must use Rat, when n or d is inexact, d is 0, dp is
// negative, or the quotient cannot be formed in 128 bits.
func Quo(n, d Decimal, dp int) (f float64, ok bool) {
	if n.inexact || d.inexact || d.mag.isZero() || dp < 0 {
		return 0, false
	}
	// |n/d| × 10^dp = n.mag × 10^(d.scale+dp) / (d.mag × 10^n.scale);
	// the power of ten goes to whichever side keeps it whole.
	num, den := n.mag, d.mag
	if k := d.scale + dp - n.scale; k >= 0 {
		num, ok = num.mulPow10(k)
	} else {
		den, ok = den.mulPow10(-k)
	}
	if !ok {
		return 0, false
	}
	q, r := num.divmod(den)
	if !r.less(den.sub(r)) { // r >= den/2: the fraction is a half or more
		if q, ok = q.add(u128{0, 1}); !ok {
			return 0, false
		}
	}
	f = decimalFloat(q, dp)
	if f == 0 {
		return 0, true
	}
	if n.neg != d.neg {
		f = -f
	}
	return f, true
}

// float64Pow10 holds the powers of ten that float64 represents exactly.
var float64Pow10 = [...]float64{1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10,
	1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22}

// decimalFloat returns the float64 nearest to q / 10^dp (ties to even, as
// big.Rat.Float64 and strconv.ParseFloat).
func decimalFloat(q u128, dp int) float64 {
	if q.hi == 0 && q.lo < 1<<53 && dp < len(float64Pow10) {
		// Both operands are exact, and IEEE division rounds the exact
		// quotient once, to nearest.
		return float64(q.lo) / float64Pow10[dp]
	}
	// Beyond 2^53 (paybacks of more than 9×10^13 years, amounts beyond
	// 9×10^12): the correctly rounded parse of the decimal q e-dp.
	// q's digits: the top part below 2^64, then 19-digit groups (q < 2^128
	// < 10^39 has at most two).
	var groups [2]uint64
	n := 0
	for q.hi != 0 {
		var g u128
		q, g = q.divmod(pow10[19])
		groups[n] = g.lo
		n++
	}
	var buf [64]byte
	b := strconv.AppendUint(buf[:0], q.lo, 10)
	for n > 0 {
		n--
		var digits [19]byte
		for i, v := len(digits)-1, groups[n]; i >= 0; i, v = i-1, v/10 {
			digits[i] = byte('0' + v%10)
		}
		b = append(b, digits[:]...)
	}
	b = append(b, 'e', '-')
	b = strconv.AppendInt(b, int64(dp), 10)
	f, _ := strconv.ParseFloat(string(b), 64)
	return f
}
