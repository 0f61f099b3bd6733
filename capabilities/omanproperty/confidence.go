package omanproperty

import (
	"fmt"
	"strings"

	"dalil/internal/round"
)

// Confidence weights and multipliers (docs/oman-property.md).
const (
	weightCount      = 0.30
	weightDispersion = 0.20
	weightRecency    = 0.20
	weightMatch      = 0.30
	// countFull is the effective sample size at which the count factor
	// is 1.
	countFull = 10
	// oneKindOnly multiplies the score when only rents or only sales
	// could be estimated.
	oneKindOnly = 0.8
)

// sampleCaps is the sample-size cap: with fewer than below comparables
// used (the fewest of the kinds estimated), the score before the
// synthetic-data multiplier is at most max. Below FewComparables (the
// small_sample flag) every cap is under 0.7, so a small sample is never
// "high" (docs/oman-property.md).
var sampleCaps = []struct {
	below int
	max   float64
}{{5, 0.45}, {FewComparables, 0.65}}

// sampleCap is the cap for the fewest comparables used of the kinds
// estimated, 1 when none applies, and that fewest number.
func sampleCap(rent, sale *chosen) (float64, int) {
	fewest := -1
	for _, c := range []*chosen{rent, sale} {
		if c.ok && (fewest < 0 || c.sel.Used < fewest) {
			fewest = c.sel.Used
		}
	}
	for _, s := range sampleCaps {
		if fewest < s.below {
			return s.max, fewest
		}
	}
	return 1, fewest
}

// levelFactor is how well comparables from a level describe the subject.
var levelFactor = map[string]float64{"area": 1, "wilayat": 0.6, "governorate": 0.3}

// bedroomFactor is how well the bedroom match describes the subject.
var bedroomFactor = map[string]float64{"exact": 1, "any": 0.9, "plus_minus_one": 0.8}

// kindFactors are one kind's weighted factors, each 0 to 1.
type kindFactors struct {
	count, dispersion, recency, match float64
	rcv                               float64 // robust coefficient of variation
}

func factorsOf(c *chosen) kindFactors {
	var f kindFactors
	f.count = min(1, effectiveN(c.points)/countFull)
	xs := make([]float64, len(c.points))
	wsum := 0.0
	for i, p := range c.points {
		xs[i] = p.x
		wsum += p.w
	}
	if m := median(xs); m > 0 {
		f.rcv = 1.4826 * mad(xs, m) / m
	}
	f.dispersion = 1 - min(1, 2*f.rcv)
	f.recency = wsum / float64(len(c.points))
	f.match = levelFactor[c.sel.Level] * bedroomFactor[c.sel.BedroomMatch]
	if c.sel.FurnishedMatch == "any" {
		f.match *= 0.9
	}
	return f
}

// confidence scores the estimates: four weighted factors (count,
// dispersion, recency, match level; each averaged over the kinds
// estimated), times a coverage multiplier (0.8 when only one kind could be
// estimated), capped by the sample size (sampleCaps), times a
// synthetic-data multiplier (1 - 0.5 × the synthetic share). 0 and "insufficient" when neither kind could be estimated.
// Levels: high from 0.7, medium from 0.4, else low.
func confidence(rent, sale *chosen, syntheticShare float64) Confidence {
	var fs []kindFactors
	var names []string
	for _, c := range []*chosen{rent, sale} {
		if c.ok {
			fs = append(fs, factorsOf(c))
			names = append(names, string(c.kind))
		}
	}
	if len(fs) == 0 {
		return Confidence{Score: 0, Level: "insufficient", Factors: []Factor{},
			Reasons: []string{fmt.Sprintf("Fewer than %d usable rent and sale comparables at every level searched: no estimate.", MinComparables)}}
	}
	var avg kindFactors
	for _, f := range fs {
		avg.count += f.count / float64(len(fs))
		avg.dispersion += f.dispersion / float64(len(fs))
		avg.recency += f.recency / float64(len(fs))
		avg.match += f.match / float64(len(fs))
		avg.rcv += f.rcv / float64(len(fs))
	}
	coverage := 1.0
	if len(fs) == 1 {
		coverage = oneKindOnly
	}
	synth := 1 - 0.5*syntheticShare
	limit, fewest := sampleCap(rent, sale)
	score := min(limit, (weightCount*avg.count+weightDispersion*avg.dispersion+weightRecency*avg.recency+weightMatch*avg.match)*coverage) * synth
	score = round.Half(min(1, max(0, score)), 2)
	r2 := func(x float64) float64 { return round.Half(x, 2) }
	factors := []Factor{
		{Name: "count", Value: r2(avg.count), Weight: weightCount, Effect: "weighted",
			Detail: fmt.Sprintf("effective sample size %s against %d for full marks", effectiveSizes(rent, sale), countFull)},
		{Name: "dispersion", Value: r2(avg.dispersion), Weight: weightDispersion, Effect: "weighted",
			Detail: fmt.Sprintf("robust coefficient of variation of value per sqm %.2f (1.4826 MAD / median); 0.5 or more scores 0", avg.rcv)},
		{Name: "recency", Value: r2(avg.recency), Weight: weightRecency, Effect: "weighted",
			Detail: fmt.Sprintf("mean recency weight (half-life %d days)", HalfLifeDays)},
		{Name: "match_level", Value: r2(avg.match), Weight: weightMatch, Effect: "weighted",
			Detail: "area 1, wilayat 0.6, governorate 0.3; times bedrooms exact 1, not given 0.9, ±1 0.8; times 0.9 when rents of any furnishing were used; " + matchLevels(rent, sale)},
		{Name: "coverage", Value: coverage, Weight: 0, Effect: "multiplier",
			Detail: "estimated: " + strings.Join(names, " and ") + "; 0.8 when only one of rent and sale could be estimated"},
		{Name: "sample_size", Value: limit, Weight: 0, Effect: "cap",
			Detail: fmt.Sprintf("fewest comparables used of the kinds estimated %d; the score before the synthetic-data multiplier is at most 0.45 under 5, 0.65 under %d (never high), else not capped", fewest, FewComparables)},
		{Name: "synthetic_data", Value: r2(synth), Weight: 0, Effect: "multiplier",
			Detail: fmt.Sprintf("%.0f %% of the comparables used are synthetic demo data; 1 - 0.5 × that share", syntheticShare*100)},
	}
	c := Confidence{Score: score, Factors: factors}
	switch {
	case score >= 0.7:
		c.Level = "high"
	case score >= 0.4:
		c.Level = "medium"
	default:
		c.Level = "low"
	}
	for _, f := range factors {
		c.Reasons = append(c.Reasons, fmt.Sprintf("%s %.2f: %s", f.Name, f.Value, f.Detail))
	}
	return c
}

func effectiveSizes(rent, sale *chosen) string {
	var parts []string
	for _, c := range []*chosen{rent, sale} {
		if c.ok {
			parts = append(parts, fmt.Sprintf("%s %.1f", c.kind, effectiveN(c.points)))
		}
	}
	return strings.Join(parts, ", ")
}

func matchLevels(rent, sale *chosen) string {
	var parts []string
	for _, c := range []*chosen{rent, sale} {
		if c.ok {
			parts = append(parts, fmt.Sprintf("%s: %s, bedrooms %s", c.kind, c.sel.Level, c.sel.BedroomMatch))
		}
	}
	return strings.Join(parts, "; ")
}
