package vehiclevalue

import (
	"fmt"
	"math"
	"strings"
)

// Confidence weights of the reference service (sum 1).
var confidenceWeights = Factors{ComparableVolume: 0.22, Similarity: 0.18, TrimMatch: 0.10, MileageEvidence: 0.10, Locality: 0.10,
	Freshness: 0.12, ProviderDiversity: 0.06, PriceConsistency: 0.12}

func freshness(medianAge *float64) float64 {
	switch {
	case medianAge == nil:
		return 0
	case *medianAge <= 30:
		return 1
	case *medianAge >= 180:
		return 0
	}
	return 1 - (*medianAge-30)/150
}

// confidence scores how far the evidence supports the estimate: eight
// weighted factors, then multipliers (stale ×0.85, condition unknown
// ×0.95, heuristic mileage ×0.93 and year ×0.95 effects, regional ×0.9)
// and caps (fewer than 5 comparables ≤ 0.59, insufficient ≤ 0.39), then
// the synthetic-data multiplier, 1 - 0.5 × the share of the comparables
// used that are synthetic demo listings (as the Oman property answer's).
func confidence(s *subject, used []scored, v *valuation, medianAge *float64, regional, insufficient bool, syntheticShare float64) Confidence {
	n := len(used)
	var f Factors
	sim, exact, withKm, locality := 0.0, 0, 0, 0.0
	sources := map[string]bool{}
	for _, c := range used {
		sim += c.sim
		if c.trim == "exact" {
			exact++
		}
		if c.l.MileageKm != nil {
			withKm++
		}
		switch {
		case c.city:
			locality++
		case c.local:
			locality += 0.8
		default:
			locality += 0.35
		}
		sources[strings.ToLower(c.l.SourceName)] = true
	}
	f.ComparableVolume = clamp(float64(n)/12, 0, 1)
	f.TrimMatch = 0.3
	if s.mileage != nil {
		f.MileageEvidence = 0.6
	}
	if n > 0 {
		f.Similarity = clamp(sim/float64(n), 0, 1)
		if s.trimKey != "" {
			f.TrimMatch = float64(exact) / float64(n)
		}
		f.MileageEvidence += 0.4 * float64(withKm) / float64(n)
		f.Locality = locality / float64(n)
		f.Freshness = freshness(medianAge)
		f.ProviderDiversity = 0.5
		if len(sources) == 2 {
			f.ProviderDiversity = 0.8
		} else if len(sources) >= 3 {
			f.ProviderDiversity = 1
		}
	} else if s.trimKey != "" {
		f.TrimMatch = 0
	}
	if v != nil && n >= 2 && !math.IsNaN(v.dispersion) {
		f.PriceConsistency = clamp(1-v.dispersion/0.35, 0, 1)
	}
	w := confidenceWeights
	score := w.ComparableVolume*f.ComparableVolume + w.Similarity*f.Similarity + w.TrimMatch*f.TrimMatch + w.MileageEvidence*f.MileageEvidence +
		w.Locality*f.Locality + w.Freshness*f.Freshness + w.ProviderDiversity*f.ProviderDiversity + w.PriceConsistency*f.PriceConsistency
	var reasons []string
	if n == 0 {
		reasons = append(reasons, "No usable comparable-market evidence was available for this vehicle and market.")
	} else {
		r := fmt.Sprintf("%d comparable(s) used", n)
		if n < 12 {
			r += " (12 or more give full weight to evidence volume)"
		}
		reasons = append(reasons, r+".", fmt.Sprintf("Mean comparable similarity is %.2f.", f.Similarity))
	}
	if s.trimKey == "" {
		reasons = append(reasons, "Trim was not given, so comparables are matched at model level.")
	} else if n > 0 {
		reasons = append(reasons, fmt.Sprintf("%.0f%% of comparables share the exact trim.", f.TrimMatch*100))
	}
	if s.mileage != nil {
		reasons = append(reasons, "Mileage was given.")
	} else {
		reasons = append(reasons, "Mileage was not given; no mileage adjustment was possible.")
	}
	if n > 0 && medianAge != nil {
		reasons = append(reasons, fmt.Sprintf("Median comparable age is %.0f day(s).", *medianAge))
	}
	if n > 0 {
		reasons = append(reasons, fmt.Sprintf("Evidence comes from %d distinct source(s).", len(sources)))
	}
	if v != nil && n >= 2 && !math.IsNaN(v.dispersion) {
		reasons = append(reasons, fmt.Sprintf("Robust price dispersion across comparables is %.1f%%.", v.dispersion*100))
	}
	if n > 0 && medianAge != nil && *medianAge > StaleAfterDays {
		score *= 0.85
		reasons = append(reasons, fmt.Sprintf("Market evidence is stale (median age over %d days; confidence reduced).", StaleAfterDays))
	}
	if s.condition == "unknown" {
		score *= 0.95
		reasons = append(reasons, "Condition was not given (confidence reduced).")
	}
	if v != nil && v.al.fit.kmBasis == "heuristic" {
		score *= 0.93
		reasons = append(reasons, "The mileage effect is a conservative market default: the comparables could not support a derived one (confidence reduced).")
	}
	if v != nil && v.al.fit.yearBasis == "heuristic" {
		score *= 0.95
		reasons = append(reasons, "The model-year effect is a conservative market default (confidence reduced).")
	}
	if regional {
		score *= 0.9
		reasons = append(reasons, "Regional (cross-border) comparables were needed (confidence reduced).")
	}
	if n > 0 && n < TargetComparables {
		score = math.Min(score, 0.59)
		reasons = append(reasons, "Fewer than 5 comparables: confidence capped below medium.")
	}
	if insufficient {
		score = math.Min(score, 0.39)
		reasons = append(reasons, "Evidence is insufficient for a defensible valuation.")
	}
	if syntheticShare > 0 {
		score *= 1 - 0.5*syntheticShare
		reasons = append(reasons, fmt.Sprintf("%.0f%% of the comparables used are synthetic demo listings, not market data (confidence × %.2f: 1 - 0.5 × that share).",
			syntheticShare*100, 1-0.5*syntheticShare))
	}
	score = roundTo(clamp(score, 0, 1), 2)
	level := "very_low"
	switch {
	case score >= 0.8:
		level = "high"
	case score >= 0.6:
		level = "medium"
	case score >= 0.4:
		level = "low"
	}
	r2 := func(x float64) float64 { return roundTo(x, 2) }
	f = Factors{r2(f.ComparableVolume), r2(f.Similarity), r2(f.TrimMatch), r2(f.MileageEvidence), r2(f.Locality), r2(f.Freshness), r2(f.ProviderDiversity), r2(f.PriceConsistency)}
	return Confidence{Score: score, Level: level, Reasons: reasons, Factors: f}
}
