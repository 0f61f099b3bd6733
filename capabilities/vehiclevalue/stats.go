package vehiclevalue

import (
	"math"
	"sort"
)

// quantile is the linearly interpolated q-quantile of xs (type 7, as R
// and NumPy by default); NaN for none.
func quantile(xs []float64, q float64) float64 {
	if len(xs) == 0 {
		return math.NaN()
	}
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	pos := q * float64(len(s)-1)
	lo := int(math.Floor(pos))
	hi := int(math.Ceil(pos))
	return s[lo] + (s[hi]-s[lo])*(pos-float64(lo))
}

func median(xs []float64) float64 { return quantile(xs, 0.5) }

// mad is the median absolute deviation from the median.
func mad(xs []float64) float64 {
	m := median(xs)
	d := make([]float64, len(xs))
	for i, x := range xs {
		d[i] = math.Abs(x - m)
	}
	return median(d)
}

func mean(xs []float64) float64 {
	if len(xs) == 0 {
		return math.NaN()
	}
	s := 0.0
	for _, x := range xs {
		s += x
	}
	return s / float64(len(xs))
}

// weightedMedian is the lower weighted median: the smallest value whose
// cumulative weight reaches half the total, averaged with the next value
// when it reaches exactly half. Weights must be positive.
func weightedMedian(xs, ws []float64) float64 {
	if len(xs) == 0 {
		return math.NaN()
	}
	idx := make([]int, len(xs))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return xs[idx[a]] < xs[idx[b]] })
	total := 0.0
	for _, w := range ws {
		total += w
	}
	cum := 0.0
	for k, i := range idx {
		cum += ws[i]
		if math.Abs(cum-total/2) <= 1e-12*total && k+1 < len(idx) {
			return (xs[i] + xs[idx[k+1]]) / 2
		}
		if cum > total/2 {
			return xs[i]
		}
	}
	return xs[idx[len(idx)-1]]
}

// point is one observation of a weighted least-squares fit.
type point struct {
	y float64
	x []float64
	w float64
}

// wls fits y = b0 + b·x by weighted least squares (normal equations,
// Gaussian elimination with partial pivoting); nil when singular.
func wls(ps []point) []float64 {
	if len(ps) == 0 {
		return nil
	}
	k := len(ps[0].x) + 1
	a := make([][]float64, k)
	for i := range a {
		a[i] = make([]float64, k+1)
	}
	for _, p := range ps {
		row := append([]float64{1}, p.x...)
		for i := 0; i < k; i++ {
			for j := 0; j < k; j++ {
				a[i][j] += p.w * row[i] * row[j]
			}
			a[i][k] += p.w * row[i] * p.y
		}
	}
	for c := 0; c < k; c++ {
		piv := c
		for r := c + 1; r < k; r++ {
			if math.Abs(a[r][c]) > math.Abs(a[piv][c]) {
				piv = r
			}
		}
		if math.Abs(a[piv][c]) < 1e-9 {
			return nil
		}
		a[c], a[piv] = a[piv], a[c]
		for r := 0; r < k; r++ {
			if r == c {
				continue
			}
			f := a[r][c] / a[c][c]
			for j := c; j <= k; j++ {
				a[r][j] -= f * a[c][j]
			}
		}
	}
	b := make([]float64, k)
	for i := range b {
		b[i] = a[i][k] / a[i][i]
	}
	return b
}

func clamp(x, lo, hi float64) float64 { return math.Max(lo, math.Min(hi, x)) }

// round2 rounds to dp decimals, half away from zero (display only).
func roundTo(x float64, dp int) float64 {
	p := math.Pow(10, float64(dp))
	return math.Round(x*p) / p
}

// priceStep is the rounding step of a published price, by magnitude only
// (so a higher value never rounds below a lower one).
func priceStep(v float64) float64 {
	switch {
	case v < 2_000:
		return 10
	case v < 20_000:
		return 50
	case v < 200_000:
		return 100
	case v < 2_000_000:
		return 500
	}
	return 1000
}

// roundPrice rounds a price to its step.
func roundPrice(v float64) float64 {
	s := priceStep(v)
	return math.Round(v/s) * s
}
