package invoiceanomaly

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"
)

// Decimal is an exact decimal number taken from the request: an amount of
// money, a quantity or a percentage. On the wire it is a JSON number or a
// plain decimal string ("12.500"); either way the Go value keeps the text as
// sent, so no binary floating point ever touches it. The empty Decimal means
// "not supplied". Parsing happens in Validate (which reports malformed text
// as a problem with its path) and in Check (which treats unparseable text as
// absent).
//
// Its published JSON Schema is DecimalSchema, which the core maps onto this
// type; jsonschema.For alone would call it a string.
type Decimal string

// DecimalSchema is the JSON Schema of Decimal: a JSON number, or a string
// of at most 40 characters. What the string must hold (a plain decimal: no
// separators, symbols or exponent) and the bounds of amounts and
// quantities are checked by Validate, not by the schema, so that a bad
// amount answers the reference service's INVALID_MONETARY_VALUE; rates keep
// their bounds (0-100) in their fields' schema tags.
const DecimalSchema = `{"type":["number","string"],"maxLength":40}`

// UnmarshalJSON keeps the text of a JSON number or string. null leaves the
// value empty. Other JSON types are an error (the schema rejects them first).
func (d *Decimal) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	switch {
	case len(b) == 0:
		return errors.New("empty decimal")
	case string(b) == "null":
		*d = ""
		return nil
	case b[0] == '"':
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
		*d = Decimal(s)
		return nil
	case b[0] == '-' || (b[0] >= '0' && b[0] <= '9'):
		*d = Decimal(b)
		return nil
	}
	return fmt.Errorf("a decimal must be a JSON number or string, not %s", jsonKind(b[0]))
}

// MarshalJSON writes a parseable Decimal as a JSON number in plain notation
// and anything else as a JSON string, so the output is always valid JSON.
func (d Decimal) MarshalJSON() ([]byte, error) {
	if v, err := parseMicros(string(d)); err == nil {
		return []byte(formatMicros(v, 0)), nil
	}
	return json.Marshal(string(d))
}

func jsonKind(c byte) string {
	switch c {
	case '{':
		return "an object"
	case '[':
		return "an array"
	case 't', 'f':
		return "a boolean"
	}
	return "this value"
}

// microsPerUnit is the scale of every parsed Decimal: 10^-6 of a unit, fine
// enough for any ISO 4217 minor unit (at most 4 decimals) and for unit
// prices and quantities with up to six decimals.
const microsPerUnit = 1_000_000

// maxMicros bounds every parsed value (10^12 units, the spec's money limit,
// with room for quantities) so that sums of 1,000 values cannot overflow.
const maxMicros = 1_000_000_000_000 * microsPerUnit

var (
	errEmptyDecimal    = errors.New("is empty")
	errNotDecimal      = errors.New("is not a plain decimal number")
	errTooManyDecimals = errors.New("has more than 6 decimal places")
	errTooLarge        = errors.New("is larger than 1000000000000")
	errNegative        = errors.New("must not be negative")
)

// parseMicros parses s, in JSON number grammar (optional '-', digits,
// optional fraction, optional exponent; leading zeros tolerated), into an
// exact count of 10^-6 units. More than six significant decimal places,
// magnitudes above maxMicros and anything else are errors; it never panics.
func parseMicros(s string) (int64, error) {
	if v, ok := parsePlainMicros(s); ok {
		return v, nil
	}
	return parseMicrosGeneral(s)
}

// parsePlainMicros is parseMicros without allocating for the usual form:
// an optional '-', at most 12 integer digits and at most 6 decimals, no
// exponent. ok is false for anything else, which parseMicrosGeneral then
// decides (a full request holds some 50,000 amounts).
func parsePlainMicros(s string) (v int64, ok bool) {
	i, neg := 0, false
	if len(s) > 0 && s[0] == '-' {
		i, neg = 1, true
	}
	start := i
	for i < len(s) && isDigit(s[i]) {
		if i-start == 12 {
			return 0, false // 12 digits keep v*10^6 within int64
		}
		v = v*10 + int64(s[i]-'0')
		i++
	}
	if i == start {
		return 0, false
	}
	v *= microsPerUnit
	if i < len(s) {
		if s[i] != '.' {
			return 0, false
		}
		i++
		fs, scale := i, int64(microsPerUnit/10)
		for i < len(s) && isDigit(s[i]) {
			if i-fs == 6 {
				return 0, false
			}
			v += int64(s[i]-'0') * scale
			scale /= 10
			i++
		}
		if i == fs || i != len(s) {
			return 0, false
		}
	}
	if neg {
		v = -v
	}
	return v, true
}

// parseMicrosGeneral is parseMicros for every form.
func parseMicrosGeneral(s string) (int64, error) {
	if s == "" {
		return 0, errEmptyDecimal
	}
	if len(s) > 64 {
		return 0, errNotDecimal
	}
	neg := false
	i := 0
	if s[0] == '-' {
		neg = true
		i++
	}
	start := i
	for i < len(s) && isDigit(s[i]) {
		i++
	}
	intPart := s[start:i]
	if intPart == "" {
		return 0, errNotDecimal
	}
	fracPart := ""
	if i < len(s) && s[i] == '.' {
		i++
		fs := i
		for i < len(s) && isDigit(s[i]) {
			i++
		}
		fracPart = s[fs:i]
		if fracPart == "" {
			return 0, errNotDecimal
		}
	}
	exp := 0
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		es := i
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		ds := i
		for i < len(s) && isDigit(s[i]) {
			i++
		}
		if ds == i || i-ds > 4 {
			return 0, errNotDecimal
		}
		e, err := strconv.Atoi(s[es:i])
		if err != nil {
			return 0, errNotDecimal
		}
		exp = e
	}
	if i != len(s) {
		return 0, errNotDecimal
	}
	digits := strings.TrimLeft(intPart+fracPart, "0")
	if digits == "" {
		return 0, nil
	}
	// value = digits × 10^shift micro-units.
	shift := len(intPart) + exp - len(intPart+fracPart) + 6
	// The leading zeros we trimmed do not move the point.
	if shift < 0 {
		tail := -shift
		if tail > len(digits) || strings.TrimRight(digits[len(digits)-tail:], "0") != "" {
			return 0, errTooManyDecimals
		}
		digits = digits[:len(digits)-tail]
		shift = 0
	}
	if len(digits)+shift > 19 {
		return 0, errTooLarge
	}
	v, err := strconv.ParseInt(digits+strings.Repeat("0", shift), 10, 64)
	if err != nil || v > maxMicros {
		return 0, errTooLarge
	}
	if neg {
		v = -v
	}
	return v, nil
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// formatMicros writes v (10^-6 units) as a plain decimal with at least
// minDecimals fractional digits and no trailing zeros beyond them.
func formatMicros(v int64, minDecimals int) string {
	neg := v < 0
	if neg {
		v = -v
	}
	whole, frac := v/microsPerUnit, v%microsPerUnit
	fs := strings.TrimRight(fmt.Sprintf("%06d", frac), "0")
	for len(fs) < minDecimals {
		fs += "0"
	}
	s := strconv.FormatInt(whole, 10)
	if fs != "" {
		s += "." + fs
	}
	if neg {
		s = "-" + s
	}
	return s
}

// decimalOf returns v as a Decimal with the currency's number of decimals.
func decimalOf(v int64, decimals int) Decimal { return Decimal(formatMicros(v, decimals)) }

// mulMicros returns a×b in micro-units (a and b in micro-units), rounded
// half away from zero. ok is false when the product leaves int64.
func mulMicros(a, b int64) (v int64, ok bool) {
	return mulDivRound(a, b, microsPerUnit)
}

// mulDivRound returns a×b/d rounded half away from zero, exactly.
func mulDivRound(a, b, d int64) (int64, bool) {
	if d == 0 {
		return 0, false
	}
	p := new(big.Int).Mul(big.NewInt(a), big.NewInt(b))
	q, r := new(big.Int).QuoRem(p, big.NewInt(d), new(big.Int))
	// Round half away from zero: |2r| >= |d|.
	r2 := new(big.Int).Abs(r)
	r2.Lsh(r2, 1)
	if r2.Cmp(new(big.Int).Abs(big.NewInt(d))) >= 0 {
		if p.Sign()*big.NewInt(d).Sign() < 0 {
			q.Sub(q, big.NewInt(1))
		} else {
			q.Add(q, big.NewInt(1))
		}
	}
	if !q.IsInt64() {
		return 0, false
	}
	return q.Int64(), true
}

// cmpProducts compares a×b with c×d exactly (-1, 0, +1).
func cmpProducts(a, b, c, d int64) int {
	x := new(big.Int).Mul(big.NewInt(a), big.NewInt(b))
	y := new(big.Int).Mul(big.NewInt(c), big.NewInt(d))
	return x.Cmp(y)
}

func abs64(v int64) int64 {
	if v < 0 {
		return -v
	}
	return v
}

// satAdd adds two amounts in 10^-6 units, saturating at the int64 bounds:
// a sum of many large invoices must stay large, not wrap negative.
func satAdd(a, b int64) int64 {
	if b > 0 && a > math.MaxInt64-b {
		return math.MaxInt64
	}
	if b < 0 && a < math.MinInt64-b {
		return math.MinInt64
	}
	return a + b
}
