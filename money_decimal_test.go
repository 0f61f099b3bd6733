package dalil

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
)

// decimalBefore is Decimal as it was before session 27 (fmt.Sprintf and
// concatenations): the reference its buffer-written form must equal.
func decimalBefore(m MicroUSD) string {
	neg := m < 0
	v := int64(m)
	if neg {
		v = -v
	}
	whole, frac := v/int64(USD), v%int64(USD)
	fs := fmt.Sprintf("%06d", frac)
	fs = strings.TrimRight(fs, "0")
	for len(fs) < 2 {
		fs += "0"
	}
	s := strconv.FormatInt(whole, 10) + "." + fs
	if neg {
		s = "-" + s
	}
	return s
}

func TestDecimalAsBefore(t *testing.T) {
	vals := []MicroUSD{0, 1, -1, 9, 10, 99, 100, 10_000, 100_000, 500_000, 999_999, USD, USD + 1, -USD, 12_345_678,
		-12_345_678, math.MaxInt64, math.MinInt64 + 1, math.MaxInt64 - 1}
	for k := MicroUSD(0); k <= 2*USD; k += 7 {
		vals = append(vals, k, -k)
	}
	r := rand.New(rand.NewPCG(34, 27))
	for range 200_000 {
		vals = append(vals, MicroUSD(r.Int64()), -MicroUSD(r.Int64N(1e15)), MicroUSD(r.Int64N(1e9)))
	}
	vals = append(vals, math.MinInt64)
	if got := MicroUSD(math.MinInt64).Decimal(); got != "-9223372036854.775808" {
		t.Errorf("MinInt64: Decimal %q", got) // before: "--9223372036854.-775808"
	}
	for _, v := range vals {
		if v == math.MinInt64 {
			continue
		}
		if got, want := v.Decimal(), decimalBefore(v); got != want {
			t.Fatalf("%d: Decimal %q, before %q", int64(v), got, want)
		}
	}
	if n := testing.AllocsPerRun(100, func() { _ = MicroUSD(10_000).Decimal() }); n > 1 {
		t.Errorf("Decimal makes %v allocations; want 1", n)
	}
}
