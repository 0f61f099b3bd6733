package round

import (
	"math"
	"math/big"
	"math/rand/v2"
	"os"
	"strconv"
	"testing"
)

// The fast path (Decimal, Quo) must give exactly what the math/big path
// (Dec, Rat) gives, for every input where it answers at all, and it must
// answer for the figures the capabilities compute. These tests check both
// over random and adversarial values; DALIL_DIFF_ITERATIONS=N raises the
// count of each (go test runs a bounded number in a few seconds).

// iterations is how many random cases a differential test runs.
func iterations(t *testing.T, n int) int {
	t.Helper()
	if s := os.Getenv("DALIL_DIFF_ITERATIONS"); s != "" {
		v, err := strconv.Atoi(s)
		if err != nil || v <= 0 {
			t.Fatalf("DALIL_DIFF_ITERATIONS=%q: want a positive integer", s)
		}
		return v
	}
	if testing.Short() {
		return n / 10
	}
	return n
}

// rat is d's exact value (for comparing with the math/big path).
func rat(d Decimal) *big.Rat {
	n := new(big.Int).SetUint64(d.mag.hi)
	n.Lsh(n, 64).Or(n, new(big.Int).SetUint64(d.mag.lo))
	if d.neg {
		n.Neg(n)
	}
	return new(big.Rat).SetFrac(n, new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(d.scale)), nil))
}

func bigOf(a u128) *big.Int {
	n := new(big.Int).SetUint64(a.hi)
	return n.Lsh(n, 64).Or(n, new(big.Int).SetUint64(a.lo))
}

// randU128 draws a value of a random bit length, so that every branch of
// divmod (divisor below and above 2^64, quotient of 0, 1 or 64 bits) is hit.
func randU128(r *rand.Rand) u128 {
	n := r.IntN(129)
	a := u128{r.Uint64(), r.Uint64()}
	if n == 128 {
		return a
	}
	return a.rsh(uint(128 - n))
}

func TestU128AgainstBigInt(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	limit := new(big.Int).Lsh(big.NewInt(1), 128)
	for i := range iterations(t, 100_000) {
		a, b := randU128(r), randU128(r)
		if i%7 == 0 { // neighbours: a quotient of 0 or 1, a remainder of 0 or b-1
			b = a
			switch i % 3 {
			case 0:
				b, _ = b.add(u128{0, 1})
			case 1:
				if !b.isZero() {
					b = b.sub(u128{0, 1})
				}
			}
		}
		A, B := bigOf(a), bigOf(b)
		sum, ok := a.add(b)
		want := new(big.Int).Add(A, B)
		if fits := want.Cmp(limit) < 0; ok != fits || ok && bigOf(sum).Cmp(want) != 0 {
			t.Fatalf("%v + %v = %v (ok %v), want %v", A, B, bigOf(sum), ok, want)
		}
		prod, ok := a.mul(b)
		want = new(big.Int).Mul(A, B)
		if fits := want.Cmp(limit) < 0; ok != fits || ok && bigOf(prod).Cmp(want) != 0 {
			t.Fatalf("%v × %v = %v (ok %v), want %v", A, B, bigOf(prod), ok, want)
		}
		if b.isZero() {
			continue
		}
		q, rem := a.divmod(b)
		wq, wr := new(big.Int).QuoRem(A, B, new(big.Int))
		if bigOf(q).Cmp(wq) != 0 || bigOf(rem).Cmp(wr) != 0 {
			t.Fatalf("%v / %v = %v rem %v, want %v rem %v", A, B, bigOf(q), bigOf(rem), wq, wr)
		}
	}
}

// A float64 generator: one family of values the rounding must get right.
type gen struct {
	name string
	draw func(r *rand.Rand) float64
}

// decimalString is ±m × 10^-scale written out, m of the given digits.
func decimalFloat64(r *rand.Rand, digits, scale int) float64 {
	m := r.Int64N(int64(math.Pow10(digits)))
	x, _ := strconv.ParseFloat(strconv.FormatInt(m, 10)+"e-"+strconv.Itoa(scale), 64)
	if r.IntN(4) == 0 {
		x = -x
	}
	return x
}

// tie is a value whose decimal form ends in 5 one place after dp (1.005 at
// dp 2), with up to 16 significant digits so that the shortest form keeps it.
func tie(r *rand.Rand, dp int) float64 {
	whole := r.Int64N(int64(math.Pow10(r.IntN(13)))) // up to 1e12
	frac := r.Int64N(int64(math.Pow10(dp)))
	s := strconv.FormatInt(whole, 10) + "." + pad(frac, dp) + "5"
	x, _ := strconv.ParseFloat(s, 64)
	if r.IntN(2) == 0 {
		x = -x
	}
	return x
}

func pad(n int64, width int) string {
	s := strconv.FormatInt(n, 10)
	for len(s) < width {
		s = "0" + s
	}
	return s
}

var gens = []gen{
	{"any bit pattern", func(r *rand.Rand) float64 { return math.Float64frombits(r.Uint64()) }},
	{"log-uniform magnitude", func(r *rand.Rand) float64 {
		return (r.Float64() + 0.1) * math.Pow(10, float64(r.IntN(640)-325))
	}},
	{"up to 1e12, full precision", func(r *rand.Rand) float64 { return (r.Float64()*2 - 1) * 1e12 * math.Pow(10, -float64(r.IntN(15))) }},
	{"short decimals", func(r *rand.Rand) float64 { return decimalFloat64(r, 1+r.IntN(17), r.IntN(8)) }},
	{"ties", func(r *rand.Rand) float64 { return tie(r, 2+r.IntN(2)) }},
	{"next to ties", func(r *rand.Rand) float64 {
		x := tie(r, 2+r.IntN(2))
		return math.Nextafter(x, math.Inf(2*r.IntN(2)-1))
	}},
	{"tiny and subnormal", func(r *rand.Rand) float64 {
		x := math.Float64frombits(r.Uint64() & (1<<52 - 1) >> r.IntN(52))
		return math.Copysign(x, float64(2*r.IntN(2)-1))
	}},
	{"integers", func(r *rand.Rand) float64 { return float64(r.Int64N(1<<54) - 1<<53) }},
}

// specials are values every test runs.
var specials = []float64{0, math.Copysign(0, -1), 1.005, -1.005, 2.675, 0.125, -0.125, 0.0005, -0.0005, 9.9995, 99.995,
	1e12, -1e12, 999999999999.9995, 123456789012.3456, 1e-320, -1e-320, math.SmallestNonzeroFloat64, math.MaxFloat64,
	-math.MaxFloat64, 1 << 53, 1<<53 + 2, 1e22, 1e23, 0.1, 0.3, 1.7049999999999998, 1.705, 4.35, 8.345, 1.0000000000000002}

func TestHalfAgainstRat(t *testing.T) {
	n := iterations(t, 40_000)
	for _, g := range gens {
		t.Run(g.name, func(t *testing.T) {
			r := rand.New(rand.NewPCG(3, uint64(len(g.name))))
			fast := 0
			for i := range n + len(specials) {
				x := specials[i%len(specials)]
				if i >= len(specials) {
					x = g.draw(r)
				}
				dp := 2 + i%2 // the places the capabilities use
				if i%16 == 0 {
					dp = r.IntN(25) // and any other
				}
				if checkHalf(t, x, dp) {
					fast++
				}
			}
			t.Logf("%d of %d on the fast path", fast, n+len(specials))
		})
	}
}

// checkHalf compares Half and the fast path with Rat(Dec(x)) bit for bit
// and reports whether the fast path answered. It fails the test when the
// fast path declines a finite value between 1e-15 and 1e20 at 0 to 3
// places: every figure the capabilities round is in that range.
func checkHalf(t *testing.T, x float64, dp int) bool {
	t.Helper()
	if math.IsNaN(x) || math.IsInf(x, 0) {
		if got := Half(x, dp); math.Float64bits(got) != math.Float64bits(x) {
			t.Fatalf("Half(%v, %d) = %v, want it unchanged", x, dp, got)
		}
		return false
	}
	want := Rat(Dec(x), dp)
	if got := Half(x, dp); math.Float64bits(got) != math.Float64bits(want) {
		t.Fatalf("Half(%v, %d) = %v, Rat gives %v", x, dp, got, want)
	}
	d := Of(x)
	if d.Exact() && rat(d).Cmp(Dec(x)) != 0 {
		t.Fatalf("Of(%v) = %v, Dec gives %v", x, rat(d).RatString(), Dec(x).RatString())
	}
	got, ok := d.Round(dp)
	if ok && math.Float64bits(got) != math.Float64bits(want) {
		t.Fatalf("Of(%v).Round(%d) = %v, Rat gives %v", x, dp, got, want)
	}
	if a := math.Abs(x); !ok && dp <= 3 && a >= 1e-15 && a <= 1e20 {
		t.Fatalf("Of(%v).Round(%d) declined a value in the capabilities' range", x, dp)
	}
	return ok
}

// TestDecimalArithmeticAgainstRat checks Add, Sub, Mul and Quo on random
// operands from every generator against the same operations on big.Rat:
// exact results equal, and Quo's rounding equal to Rat's.
func TestDecimalArithmeticAgainstRat(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	n := iterations(t, 60_000)
	var exact, quos int
	for i := range n {
		x, y, z := drawAny(r), drawAny(r), drawAny(r)
		if i < len(specials)*len(specials) {
			x, y = specials[i/len(specials)], specials[i%len(specials)]
		}
		dp := r.IntN(5)
		if checkArithmetic(t, x, y, z, dp) {
			exact++
		}
		if _, ok := Quo(Of(x), Of(y), dp); ok {
			quos++
		}
	}
	t.Logf("%d of %d expressions exact in 128 bits; %d quotients on the fast path", exact, n, quos)
	if exact < n/4 || quos < n/4 {
		t.Errorf("the fast path answered too rarely to prove anything: %d exact, %d quotients of %d", exact, quos, n)
	}
}

func drawAny(r *rand.Rand) float64 {
	if r.IntN(3) > 0 { // mostly the short decimals money comes in
		return decimalFloat64(r, 1+r.IntN(15), r.IntN(6))
	}
	return gens[r.IntN(len(gens))].draw(r)
}

// checkArithmetic compares (x+y)×z, x-y and the rounded quotients x/y and
// (x×y)/(x-z) with big.Rat; it reports whether the whole expression was
// exact on the fast path.
func checkArithmetic(t *testing.T, x, y, z float64, dp int) bool {
	t.Helper()
	X, Y, Z := Of(x), Of(y), Of(z)
	rx, ry, rz := Dec(x), Dec(y), Dec(z)
	same := func(what string, d Decimal, want *big.Rat) {
		t.Helper()
		if d.Exact() && rat(d).Cmp(want) != 0 {
			t.Fatalf("%s with x=%v y=%v z=%v: %s, want %s", what, x, y, z, rat(d).RatString(), want.RatString())
		}
		if d.Exact() && (d.Sign() != want.Sign() || d.neg && d.mag.isZero()) {
			t.Fatalf("%s with x=%v y=%v z=%v: sign %d (neg %v), want %d", what, x, y, z, d.Sign(), d.neg, want.Sign())
		}
	}
	sum := X.Add(Y).Mul(Z)
	same("(x+y)×z", sum, new(big.Rat).Mul(new(big.Rat).Add(rx, ry), rz))
	diff := X.Sub(Y)
	same("x-y", diff, new(big.Rat).Sub(rx, ry))
	same("x×10^-5", X.MulPow10(-5), new(big.Rat).Quo(rx, big.NewRat(100000, 1)))
	same("x×10^7", X.MulPow10(7), new(big.Rat).Mul(rx, big.NewRat(10000000, 1)))
	quo := func(what string, n, d Decimal, rn, rd *big.Rat) {
		t.Helper()
		got, ok := Quo(n, d, dp)
		if !ok {
			return
		}
		want := Rat(new(big.Rat).Quo(rn, rd), dp)
		if math.Float64bits(got) != math.Float64bits(want) {
			t.Fatalf("%s with x=%v y=%v z=%v at %d places: %v, Rat gives %v", what, x, y, z, dp, got, want)
		}
	}
	if ry.Sign() != 0 {
		quo("x/y", X, Y, rx, ry)
	}
	if den := new(big.Rat).Sub(rx, rz); den.Sign() != 0 {
		quo("(x×y)/(x-z)", X.Mul(Y), X.Sub(Z), new(big.Rat).Mul(rx, ry), den)
	}
	return sum.Exact() && diff.Exact()
}

// TestQuoTiesAndCarries builds quotients whose exact value is a tie or
// just off one, at every magnitude the 128-bit path allows.
func TestQuoTiesAndCarries(t *testing.T) {
	tests := []struct {
		name string
		n, d Decimal
		dp   int
		want float64
	}{
		{"1023/60000 × 100 = 1.705", Int(102300), Int(60000), 2, 1.71},
		{"-1023/60000 × 100 = -1.705", Int(-102300), Int(60000), 2, -1.71},
		{"600.006/12 = 50.0005", Of(600.006), Int(12), 3, 50.001},
		{"200.1/20 = 10.005", Of(200.1), Int(20), 2, 10.01},
		{"1/3", Int(1), Int(3), 3, 0.333},
		{"2/3", Int(2), Int(3), 3, 0.667},
		{"-2/3", Int(2), Int(-3), 3, -0.667},
		{"below half of a unit is 0, not -0", Int(-1), Int(3000), 3, 0},
		{"0.9995 carries to 1", Of(0.9995), Int(1), 3, 1},
		{"divisor above 2^64", Of(1e30), Of(3e25), 2, 33333.33},
		{"quotient near 2^64", Of(1.8e19), Int(1), 0, 1.8e19},
		{"quotient above 2^64", Of(1e30), Int(1), 0, 1e30},
		{"quotient above 2^64, zeros inside its low digits", Of(1.0000000000000002e25), Int(1), 3, 1.0000000000000002e25},
		{"quotient above 2^64 rounded", Of(1e30), Int(7), 3, 1e30 / 7},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, ok := Quo(tc.n, tc.d, tc.dp)
			if !ok || math.Float64bits(got) != math.Float64bits(tc.want) {
				t.Errorf("Quo = %v (ok %v), want %v", got, ok, tc.want)
			}
			want := Rat(new(big.Rat).Quo(rat(tc.n), rat(tc.d)), tc.dp)
			if math.Float64bits(want) != math.Float64bits(tc.want) {
				t.Errorf("the reference gives %v: the case is wrong", want)
			}
		})
	}
	// Quotients beyond 128 bits and divisions by zero are declined, never wrong.
	if _, ok := Quo(Of(1e30), Int(1), 9); ok {
		t.Error("Quo(1e30, 1, 9) answered: its quotient needs more than 128 bits")
	}
	if _, ok := Quo(Int(1), Int(0), 2); ok {
		t.Error("Quo(1, 0) answered")
	}
	if _, ok := Quo(Of(math.NaN()), Int(1), 2); ok {
		t.Error("Quo(NaN, 1) answered")
	}
	if d := Int(math.MinInt64); rat(d).Cmp(new(big.Rat).SetInt64(math.MinInt64)) != 0 {
		t.Errorf("Int(MinInt64) = %v", rat(d))
	}
}

// TestOverflowIsInexact: results beyond 128 bits are marked, not wrapped.
func TestOverflowIsInexact(t *testing.T) {
	big38 := Of(1e38)
	if !big38.Exact() {
		t.Fatal("1e38 fits in 128 bits")
	}
	for name, d := range map[string]Decimal{
		"1e38 × 10":        big38.Mul(Int(10)),
		"1e38 × 10 (pow)":  big38.MulPow10(1),
		"1e38 + 3e38":      big38.Add(Of(3e38)),
		"1e300":            Of(1e300),
		"1e-320 + 1":       Of(1e-320).Add(Int(1)),
		"NaN":              Of(math.NaN()),
		"inexact operands": Of(math.Inf(1)).Add(Int(1)),
	} {
		if d.Exact() {
			t.Errorf("%s is exact: %v", name, rat(d))
		}
		if _, ok := d.Round(2); ok {
			t.Errorf("%s rounds", name)
		}
	}
}
