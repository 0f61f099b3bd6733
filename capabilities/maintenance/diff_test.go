package maintenance

import (
	"math"
	"math/rand/v2"
	"os"
	"strconv"
	"testing"
)

// figuresFast must give exactly what figuresExact (math/big) gives, and
// answer for every valid input of the kind agents send.
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

// checkFigures compares the two paths bit for bit and reports whether the
// fast one answered.
func checkFigures(t *testing.T, value float64, used AssumptionsUsed) bool {
	t.Helper()
	if value == 0 || math.IsNaN(value) || math.IsInf(value, 0) {
		return false // divides by zero on both paths; validation refuses it
	}
	var want, got Output
	figuresExact(value, used, &want)
	if !figuresFast(value, used, &got) {
		if got != (Output{}) {
			t.Fatalf("figuresFast(%v, %+v) declined but wrote %+v", value, used, got)
		}
		return false
	}
	for _, f := range []struct {
		name      string
		want, got float64
	}{
		{"estimatedAnnualMaintenance", want.EstimatedAnnualMaintenance, got.EstimatedAnnualMaintenance},
		{"monthlyReserve", want.MonthlyReserve, got.MonthlyReserve},
		{"maintenancePercentage", want.MaintenancePercentage, got.MaintenancePercentage},
	} {
		if math.Float64bits(f.want) != math.Float64bits(f.got) {
			t.Fatalf("value %v, %+v: %s = %v, math/big gives %v", value, used, f.name, f.got, f.want)
		}
	}
	return true
}

// decimal is ±m × 10^-places with m below 10^digits.
func decimal(r *rand.Rand, digits, places int) float64 {
	x, _ := strconv.ParseFloat(strconv.FormatInt(r.Int64N(int64(math.Pow10(digits))), 10)+"e-"+strconv.Itoa(places), 64)
	return x
}

func TestFiguresFastAgainstExact(t *testing.T) {
	n := iterations(t, 40_000)
	t.Run("inputs as agents send them", func(t *testing.T) {
		r := rand.New(rand.NewPCG(11, 12))
		for range n {
			value := max(decimal(r, 12+2, r.IntN(3)), 0.01)
			used := AssumptionsUsed{Units: float64(1 + r.IntN(10000)), AnnualRatePct: RateForAge(float64(r.IntN(200))), AdditionalUnitCost: DefaultAdditionalUnitCost}
			if r.IntN(2) == 0 {
				used.AnnualRatePct = min(decimal(r, 5, 3), 100)
				used.AdditionalUnitCost = decimal(r, 12, r.IntN(4))
			}
			if !checkFigures(t, value, used) {
				t.Fatalf("the fast path declined value %v, %+v", value, used)
			}
		}
	})
	t.Run("adversarial", func(t *testing.T) {
		r := rand.New(rand.NewPCG(13, 14))
		draw := func() float64 {
			switch r.IntN(6) {
			case 0:
				return math.Float64frombits(r.Uint64())
			case 1:
				return r.Float64() * math.Pow(10, float64(r.IntN(40)-20))
			case 2:
				return math.Copysign(0, -1)
			case 3:
				return -decimal(r, 10, 4)
			case 4:
				return decimal(r, 1+r.IntN(17), r.IntN(9)) // up to 17 digits
			default:
				return math.Float64frombits(r.Uint64() & (1<<52 - 1) >> r.IntN(52))
			}
		}
		fast := 0
		for range n / 5 {
			if checkFigures(t, draw(), AssumptionsUsed{Units: draw(), AnnualRatePct: draw(), AdditionalUnitCost: draw()}) {
				fast++
			}
		}
		t.Logf("%d of %d on the fast path", fast, n/5)
	})
}

// FuzzFigures: the two paths agree. Seeds: testdata/fuzz/FuzzFigures.
func FuzzFigures(f *testing.F) {
	f.Add(100001.0, 0.6, 1.0, 35.0)
	f.Add(100000.0, 1.3, 3.0, 35.0)
	f.Fuzz(func(t *testing.T, value, rate, units, unitCost float64) {
		checkFigures(t, value, AssumptionsUsed{Units: units, AnnualRatePct: rate, AdditionalUnitCost: unitCost})
	})
}
