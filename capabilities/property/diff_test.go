package property

import (
	"math"
	"math/rand/v2"
	"os"
	"strconv"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// compute's fast path (128-bit decimals) must give exactly what the
// math/big path gives. These tests compare computeFast, when it answers,
// and compute with computeExact over random and adversarial inputs, and
// require the fast path to answer for inputs of the kind agents send.
// DALIL_DIFF_ITERATIONS=N raises the number of random inputs.

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

// sameBits compares float64s bit for bit: -0 differs from 0.
var sameBits = cmp.Comparer(func(a, b float64) bool { return math.Float64bits(a) == math.Float64bits(b) })

// checkCompute fails the test when compute or computeFast differs from
// computeExact on in, and reports whether the fast path answered.
func checkCompute(t *testing.T, in Input) bool {
	t.Helper()
	if vanishes(in.PropertyValue) {
		return false // a zero value divides by zero on both paths (validation refuses it)
	}
	want := computeExact(in)
	if got := compute(in); !identical(want, got) {
		t.Fatalf("compute(%s) differs from computeExact (-want +got):\n%s", show(in), cmp.Diff(want, got, sameBits))
	}
	got, ok := computeFast(in)
	if ok && !identical(want, got) {
		t.Fatalf("computeFast(%s) differs from computeExact (-want +got):\n%s", show(in), cmp.Diff(want, got, sameBits))
	}
	return ok
}

// identical is cmp.Equal(a, b, sameBits), fast enough for millions of cases.
func identical(a, b Metrics) bool {
	x := []float64{a.PropertyValue, a.AnnualRent, a.GrossAnnualIncome, a.GrossYield, a.GrossYieldPct, a.NetYield, a.NetYieldPct,
		a.AnnualOperatingCost, a.AnnualOperatingCosts, a.AnnualNetIncome, a.EffectiveAnnualRent}
	y := []float64{b.PropertyValue, b.AnnualRent, b.GrossAnnualIncome, b.GrossYield, b.GrossYieldPct, b.NetYield, b.NetYieldPct,
		b.AnnualOperatingCost, b.AnnualOperatingCosts, b.AnnualNetIncome, b.EffectiveAnnualRent}
	if (a.PaybackYears == nil) != (b.PaybackYears == nil) || a.Currency != b.Currency || a.Note != b.Note {
		return false
	}
	if a.PaybackYears != nil {
		x, y = append(x, *a.PaybackYears), append(y, *b.PaybackYears)
	}
	for i := range x {
		if math.Float64bits(x[i]) != math.Float64bits(y[i]) {
			return false
		}
	}
	return true
}

// vanishes reports whether x stands for the decimal 0 (round.Dec gives 0
// for ±0, NaN and ±Inf).
func vanishes(x float64) bool { return x == 0 || math.IsNaN(x) || math.IsInf(x, 0) }

func show(in Input) string {
	p := func(v *float64) string {
		if v == nil {
			return "nil"
		}
		return strconv.FormatFloat(*v, 'g', -1, 64)
	}
	return "{value " + p(&in.PropertyValue) + ", rent " + p(&in.AnnualRent) + ", service " + p(in.ServiceCharge) +
		", maintenanceCost " + p(in.MaintenanceCost) + ", maintenance " + p(in.Maintenance) +
		", vacancy " + p(in.VacancyRatePct) + ", other " + p(in.OtherAnnualCosts) + "}"
}

// money is an amount as agents write them: up to 1e12, 0 to 4 decimals,
// sometimes a tie one place beyond the baisa.
func money(r *rand.Rand) float64 {
	places := r.IntN(5)
	m := r.Int64N(int64(math.Pow10(12 + places)))
	if r.IntN(8) == 0 {
		m = m/10*10 + 5
	}
	x, _ := strconv.ParseFloat(strconv.FormatInt(m, 10)+"e-"+strconv.Itoa(places), 64)
	return x
}

// percent is a vacancy rate from 0 to 100 with 0 to 3 decimals.
func percent(r *rand.Rand) float64 {
	places := r.IntN(4)
	m := r.Int64N(100*int64(math.Pow10(places)) + 1)
	x, _ := strconv.ParseFloat(strconv.FormatInt(m, 10)+"e-"+strconv.Itoa(places), 64)
	return x
}

// adversarial is any float64 the decoder could let through or the maths
// could meet: full 17-digit precision, huge, tiny and subnormal, negative,
// -0, ties and their neighbours.
func adversarial(r *rand.Rand) float64 {
	switch r.IntN(9) {
	case 0:
		return r.Float64() * 1e12
	case 1:
		return r.Float64() * math.Pow(10, float64(r.IntN(40)-20))
	case 2:
		return math.Float64frombits(r.Uint64() & (1<<52 - 1) >> r.IntN(52)) // subnormal
	case 3:
		return math.Copysign(0, -1)
	case 4:
		return -money(r)
	case 5:
		return math.Nextafter(money(r), math.Inf(2*r.IntN(2)-1))
	case 6:
		return []float64{1e12, 0.01, 1e-320, 5e-324, 100, 1.005, 0.0005, 999999999999.9995}[r.IntN(8)]
	case 7:
		return math.Float64frombits(r.Uint64())
	default:
		return money(r)
	}
}

func inputFrom(r *rand.Rand, draw func(*rand.Rand) float64, vacancy func(*rand.Rand) float64) Input {
	opt := func(d func(*rand.Rand) float64) *float64 {
		if r.IntN(3) == 0 {
			return nil
		}
		v := d(r)
		return &v
	}
	in := Input{PropertyValue: draw(r), AnnualRent: draw(r), ServiceCharge: opt(draw), OtherAnnualCosts: opt(draw), VacancyRatePct: opt(vacancy)}
	if r.IntN(2) == 0 {
		in.MaintenanceCost = opt(draw)
	} else {
		in.Maintenance = opt(draw)
	}
	return in
}

func TestComputeFastAgainstExact(t *testing.T) {
	n := iterations(t, 30_000)
	t.Run("inputs as agents send them", func(t *testing.T) {
		r := rand.New(rand.NewPCG(7, 8))
		for range n {
			in := inputFrom(r, money, percent)
			if in.PropertyValue < 0.01 {
				in.PropertyValue = 0.01
			}
			if !checkCompute(t, in) {
				t.Fatalf("the fast path declined %s: it must answer for every valid input of up to 4 decimals", show(in))
			}
		}
	})
	t.Run("adversarial", func(t *testing.T) {
		r := rand.New(rand.NewPCG(9, 10))
		fast, n := 0, n/5 // the exact path is slow on subnormals' 300-digit denominators
		for range n {
			if checkCompute(t, inputFrom(r, adversarial, adversarial)) {
				fast++
			}
		}
		t.Logf("%d of %d on the fast path", fast, n)
	})
	t.Run("hand-picked", func(t *testing.T) {
		for _, in := range []Input{
			{PropertyValue: 60000, AnnualRent: 1023},                                 // yield 1.705 exactly
			{PropertyValue: 100000, AnnualRent: 1000.1, ServiceCharge: f(1000.0995)}, // net 0.0005
			{PropertyValue: 200.1, AnnualRent: 20},                                   // payback 10.005
			{PropertyValue: 1e12, AnnualRent: 1e-320},                                // payback beyond float64
			{PropertyValue: 1e12, AnnualRent: 0.001},                                 // payback 1e15 years
			{PropertyValue: 0.01, AnnualRent: 1e12},                                  // yield 1e16 %
			{PropertyValue: 100, AnnualRent: math.Copysign(0, -1)},                   // -0 in, no -0 out
			{PropertyValue: 100, AnnualRent: 100, VacancyRatePct: f(100)},            // effective 0
			{PropertyValue: 1e12, AnnualRent: 1e12, ServiceCharge: f(1e12), MaintenanceCost: f(1e12), OtherAnnualCosts: f(1e12), VacancyRatePct: f(33.333)},
			{PropertyValue: 123456.78901234567, AnnualRent: 9876.543210987654, VacancyRatePct: f(7.123456789012345)},
		} {
			checkCompute(t, in)
		}
	})
}

// FuzzCompute: compute and computeFast agree with computeExact. present
// says which optional fields are set (bit 0 serviceCharge, 1
// maintenanceCost, 2 maintenance, 3 vacancyRatePct, 4 otherAnnualCosts).
// Seeds: testdata/fuzz/FuzzCompute.
func FuzzCompute(f *testing.F) {
	f.Add(85000.0, 7200.0, 650.0, 400.0, 0.0, 0.0, 0.0, uint8(0b00011))
	f.Add(60000.0, 1023.0, 0.0, 0.0, 0.0, 0.0, 0.0, uint8(0))
	f.Fuzz(func(t *testing.T, value, rent, service, maintenanceCost, maintenance, vacancy, other float64, present uint8) {
		in := Input{PropertyValue: value, AnnualRent: rent}
		for i, p := range []**float64{&in.ServiceCharge, &in.MaintenanceCost, &in.Maintenance, &in.VacancyRatePct, &in.OtherAnnualCosts} {
			if present&(1<<i) != 0 {
				*p = &[]float64{service, maintenanceCost, maintenance, vacancy, other}[i]
			}
		}
		checkCompute(t, in)
	})
}
