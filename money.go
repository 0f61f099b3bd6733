// Package dalil holds the domain of the Dalil service: money, error codes,
// accounts and ledger entries, and the interfaces that storage and payment
// rails implement. Adapters (HTTP, SQL, rails, MCP) import this package;
// it imports none of them.
package dalil

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// MicroUSD is an amount of US dollars in millionths (1 USD = 1,000,000).
// It is the only money type in the ledger: never a float. One micro-USD is
// also exactly one base unit of USDC, which has 6 decimals.
type MicroUSD int64

// USD is one dollar in micro-USD.
const USD MicroUSD = 1_000_000

// Float returns the amount as a JSON-friendly number of dollars (0.01 for
// 10,000). Use it only at the edge, for meta.price and similar fields.
func (m MicroUSD) Float() float64 { return float64(m) / float64(USD) }

// Decimal returns the amount as a decimal string with at least two and at
// most six fractional digits: "10.00", "0.25", "0.000001". It is written
// into one buffer (each paid call's log line carries one: fmt.Sprintf and
// three concatenations were four allocations).
func (m MicroUSD) Decimal() string {
	if m == math.MinInt64 {
		return "-9223372036854.775808" // its magnitude is not an int64
	}
	v := int64(m)
	var buf [32]byte
	b := buf[:0]
	if v < 0 {
		b, v = append(b, '-'), -v
	}
	b = strconv.AppendInt(b, v/int64(USD), 10)
	b = append(b, '.')
	var f [6]byte
	for i, frac := 5, v%int64(USD); i >= 0; i, frac = i-1, frac/10 {
		f[i] = byte('0' + frac%10)
	}
	n := len(f)
	for n > 2 && f[n-1] == '0' {
		n--
	}
	return string(append(b, f[:n]...))
}

// String implements fmt.Stringer as "USD 0.25".
func (m MicroUSD) String() string { return "USD " + m.Decimal() }

// ParseUSD parses a non-negative decimal dollar amount such as "1", "0.25" or
// "10.000001" into micro-USD. More than six fractional digits, signs,
// exponents and amounts above 1e12 USD are refused, so the result is exact.
func ParseUSD(s string) (MicroUSD, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, fmt.Errorf("empty amount")
	}
	whole, frac, hasDot := strings.Cut(s, ".")
	if whole == "" || (hasDot && frac == "") {
		return 0, fmt.Errorf("amount %q is not a plain decimal", s)
	}
	if len(frac) > 6 {
		return 0, fmt.Errorf("amount %q has more than 6 decimals", s)
	}
	for _, part := range []string{whole, frac} {
		for _, c := range part {
			if c < '0' || c > '9' {
				return 0, fmt.Errorf("amount %q is not a plain decimal", s)
			}
		}
	}
	if len(whole) > 13 {
		return 0, fmt.Errorf("amount %q is too large", s)
	}
	w, err := strconv.ParseInt(whole, 10, 64)
	if err != nil {
		return 0, fmt.Errorf("amount %q: %w", s, err)
	}
	f := int64(0)
	if frac != "" {
		f, _ = strconv.ParseInt(frac+strings.Repeat("0", 6-len(frac)), 10, 64)
	}
	if w > 1_000_000_000_000 {
		return 0, fmt.Errorf("amount %q is too large", s)
	}
	return MicroUSD(w*int64(USD) + f), nil
}

// FromFloatUSD converts a dollar amount given as a float (from a CLI flag or
// JSON) to micro-USD, refusing values that are not a whole number of
// micro-dollars within float precision, negatives, NaN and infinities.
func FromFloatUSD(v float64) (MicroUSD, error) {
	if math.IsNaN(v) || math.IsInf(v, 0) || v < 0 || v > 1e12 {
		return 0, fmt.Errorf("amount %v is out of range", v)
	}
	// Going through the shortest decimal form avoids binary artefacts:
	// 0.1 USD is exactly 100000 micro-USD, not 99999.
	return ParseUSD(strconv.FormatFloat(v, 'f', -1, 64))
}
