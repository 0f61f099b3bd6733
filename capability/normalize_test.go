package capability

import (
	"math/big"
	"strings"
	"testing"
)

// TestNormalizeNumber: numbers are normalised exactly, never through
// float64; exponent forms are written out, whole numbers with a fraction
// become integers, and numbers outside float64 or with too many digits are
// refused.
func TestNormalizeNumber(t *testing.T) {
	long := "1." + strings.Repeat("0", 70) + "1"
	for _, tc := range []struct {
		lit, want string
		rewrote   bool
		problem   string
	}{
		{"3", "3", false, ""},
		{"-17", "-17", false, ""},
		{"3.0", "3", true, ""},
		{"3e0", "3", true, ""},
		{"0.3e1", "3", true, ""},
		{"300e-2", "3", true, ""},
		{"1.5e2", "150", true, ""},
		{"1.10", "1.10", false, ""},                             // a plain decimal keeps the caller's digits
		{"1.0000000000000001", "1.0000000000000001", false, ""}, // not rounded to 1
		{"1.0000000000000001e0", "1.0000000000000001", true, ""},
		{"10.000000000000001e-1", "1.0000000000000001", true, ""},
		{"1155.00000000000000001e0", "1155.00000000000000001", true, ""},
		{"9007199254740993.0", "9007199254740993", true, ""}, // above 2^53: every digit kept
		{"1e18", "1000000000000000000", true, ""},
		{"-2.5e-3", "-0.0025", true, ""},
		{"1e-5", "0.00001", true, ""},
		{"0", "0", false, ""},
		{"-0.0", "0", true, ""},
		{"0e999999999999999999999", "0", true, ""},
		{long, long, false, ""},
		{"1" + strings.Repeat("0", 80), "1" + strings.Repeat("0", 80), false, ""},
		{"1e400", "", false, "number is out of range"},
		{"-1e400", "", false, "number is out of range"},
		{"1e-400", "", false, "number is out of range"},
		{"1e99999999999999999999", "", false, "number is out of range"},
		{"1e-99999999999999999999", "", false, "number is out of range"},
		{"1." + strings.Repeat("1", 100), "", false, "number has more than 100 significant digits"},
	} {
		got, rewrote, problem := normalizeNumber(tc.lit)
		if got != tc.want || rewrote != tc.rewrote || problem != tc.problem {
			t.Errorf("normalizeNumber(%.40q) = %.40q, %v, %q; want %.40q, %v, %q", tc.lit, got, rewrote, problem, tc.want, tc.rewrote, tc.problem)
		}
		// Whatever is kept has exactly the value written.
		if a, ok := new(big.Rat).SetString(tc.lit); ok && problem == "" {
			b, ok := new(big.Rat).SetString(got)
			if !ok || a.Cmp(b) != 0 {
				t.Errorf("normalizeNumber(%.40q) = %.40q changes the value", tc.lit, got)
			}
		}
	}
}

// FuzzNormalizeNumber: a kept number has exactly the value of the literal.
func FuzzNormalizeNumber(f *testing.F) {
	for _, s := range []string{"3.0", "1e-5", "1155.00000000000000001e0", "9007199254740993.0", "-0.0"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, lit string) {
		a, ok := new(big.Rat).SetString(lit)
		if !ok || !validJSONNumber(lit) {
			return
		}
		got, _, problem := normalizeNumber(lit)
		if problem != "" {
			return
		}
		b, ok := new(big.Rat).SetString(got)
		if !ok || a.Cmp(b) != 0 {
			t.Fatalf("normalizeNumber(%q) = %q changes the value", lit, got)
		}
	})
}

// validJSONNumber reports whether s is a JSON number literal (RFC 8259).
func validJSONNumber(s string) bool {
	i := 0
	if i < len(s) && s[i] == '-' {
		i++
	}
	digits := func() int {
		n := 0
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
			n++
		}
		return n
	}
	start := i
	if n := digits(); n == 0 || (n > 1 && s[start] == '0') {
		return false
	}
	if i < len(s) && s[i] == '.' {
		i++
		if digits() == 0 {
			return false
		}
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		if digits() == 0 {
			return false
		}
	}
	return i == len(s)
}
