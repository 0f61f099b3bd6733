package omanproperty

import (
	"math"
	"slices"
)

// point is one comparable's per-sqm value and recency weight.
type point struct {
	x, w float64
}

// median of xs (the mean of the two middle values for an even count); 0
// for none. xs is not modified.
func median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

// mad is the median absolute deviation of xs from m.
func mad(xs []float64, m float64) float64 {
	d := make([]float64, len(xs))
	for i, x := range xs {
		d[i] = math.Abs(x - m)
	}
	return median(d)
}

// OutlierZ is the modified z-score (Iglewicz and Hoaglin: 0.6745 (x -
// median) / MAD) beyond which a per-sqm value is an outlier.
const OutlierZ = 3.5

// minForOutliers is the least number of comparables outliers are looked
// for in: with three, the median and MAD say nothing about which is odd.
const minForOutliers = 4

// splitOutliers returns the indexes of xs kept and removed by the
// median/MAD rule. When more than half the values are equal (MAD 0), the
// mean absolute deviation from the median (× 1.2533, its ratio to the
// standard deviation for a normal sample, against 1.4826 for the MAD)
// stands in; when that is 0 too, every value is equal and all are kept.
func splitOutliers(xs []float64) (kept, removed []int) {
	if len(xs) < minForOutliers {
		return seq(len(xs)), nil
	}
	m := median(xs)
	scale := mad(xs, m) / 0.6745 // a standard deviation's estimate
	if scale == 0 {
		sum := 0.0
		for _, x := range xs {
			sum += math.Abs(x - m)
		}
		scale = 1.2533 * sum / float64(len(xs))
	}
	for i, x := range xs {
		if scale > 0 && math.Abs(x-m)/scale > OutlierZ {
			removed = append(removed, i)
		} else {
			kept = append(kept, i)
		}
	}
	return kept, removed
}

func seq(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i
	}
	return out
}

// weightedQuantile is the q-quantile (0..1) of the points: sorted by
// value, each point stands at the middle of its share of the total weight
// (with equal weights, at (i - 0.5) / n: the Hazen plotting position),
// and values between two points are interpolated. Below the first point's
// position it is the smallest value, above the last's the largest.
func weightedQuantile(ps []point, q float64) float64 {
	s := sortedPoints(ps)
	total := 0.0
	for _, p := range s {
		total += p.w
	}
	if len(s) == 0 || total <= 0 {
		return 0
	}
	cum, prevPos, prevX := 0.0, 0.0, 0.0
	for i, p := range s {
		pos := (cum + p.w/2) / total
		cum += p.w
		if q <= pos {
			if i == 0 {
				return p.x
			}
			return prevX + (p.x-prevX)*(q-prevPos)/(pos-prevPos)
		}
		prevPos, prevX = pos, p.x
	}
	return s[len(s)-1].x
}

func sortedPoints(ps []point) []point {
	s := slices.Clone(ps)
	slices.SortStableFunc(s, func(a, b point) int {
		switch {
		case a.x < b.x:
			return -1
		case a.x > b.x:
			return 1
		}
		return 0
	})
	return s
}

// percentileOf is the weighted share (0-100) of the points below x, the
// points equal to x counting half.
func percentileOf(ps []point, x float64) float64 {
	below, total := 0.0, 0.0
	for _, p := range ps {
		total += p.w
		switch {
		case p.x < x:
			below += p.w
		case p.x == x:
			below += p.w / 2
		}
	}
	if total == 0 {
		return 0
	}
	return 100 * below / total
}

// effectiveN is Kish's effective sample size, (Σw)² / Σw²: n for equal
// weights, less when a few comparables carry most of the weight.
func effectiveN(ps []point) float64 {
	s, s2 := 0.0, 0.0
	for _, p := range ps {
		s += p.w
		s2 += p.w * p.w
	}
	if s2 == 0 {
		return 0
	}
	return s * s / s2
}

// recencyWeight is 0.5^(ageDays / HalfLifeDays): a comparable a
// half-life old counts half as much as one from today.
func recencyWeight(ageDays int) float64 {
	return math.Pow(0.5, float64(max(ageDays, 0))/HalfLifeDays)
}
