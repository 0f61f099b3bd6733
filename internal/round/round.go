// Package round rounds computed figures the way contract §2 asks: half away
// from zero on the decimal value, so 1.005 rounds to 1.01 (naive binary
// rounding gives 1.00 because 1.005 is stored as 1.00499999...).
package round

import (
	"math"
	"strconv"
	"strings"
)

// Half rounds x to dp decimal places, half away from zero, working on the
// shortest decimal string that identifies x. Non-finite values are returned
// unchanged; callers decide what a non-finite result means.
func Half(x float64, dp int) float64 {
	if math.IsNaN(x) || math.IsInf(x, 0) || dp < 0 {
		return x
	}
	neg := x < 0
	s := strconv.FormatFloat(math.Abs(x), 'f', -1, 64)
	whole, frac, _ := strings.Cut(s, ".")
	if len(frac) <= dp {
		return x
	}
	digits := []byte(whole + frac[:dp])
	if frac[dp] >= '5' {
		// Propagate the carry from the last kept digit.
		i := len(digits) - 1
		for ; i >= 0; i-- {
			if digits[i] == '9' {
				digits[i] = '0'
				continue
			}
			digits[i]++
			break
		}
		if i < 0 {
			digits = append([]byte{'1'}, digits...)
		}
	}
	intLen := len(digits) - dp
	out := string(digits[:intLen])
	if dp > 0 {
		out += "." + string(digits[intLen:])
	}
	v, _ := strconv.ParseFloat(out, 64)
	if neg {
		v = -v
	}
	if v == 0 {
		return 0 // never -0 in JSON
	}
	return v
}

// OMR rounds an amount of Omani rials to baisa (3 decimals).
func OMR(x float64) float64 { return Half(x, 3) }

// Pct rounds a percentage, rate or number of years to 2 decimals.
func Pct(x float64) float64 { return Half(x, 2) }
