package vehiclevalue

import "testing"

// TestVehicleReferenceConfidenceLevels reaches every confidence.level of
// the reference's vehicle_value_estimate (reference-service.md Part 2 §5:
// ≥0.8 high, ≥0.6 medium, ≥0.4 low, else very_low) and both statuses, from
// the number of comparable listings alone: fewer than 3 is
// insufficient_market_data with confidence ≤0.39, fewer than 5 caps it at
// 0.59.
func TestVehicleReferenceConfidenceLevels(t *testing.T) {
	for _, c := range []struct {
		listings      int
		status, level string
	}{
		{2, StatusInsufficient, "very_low"},
		{3, StatusEstimated, "low"},
		{5, StatusEstimated, "medium"},
		{12, StatusEstimated, "high"},
	} {
		out := estimate(t, Deps{Listings: &mem{ls: lc(c.listings, 2019, "GXR")}}, subjectInput())
		if out.Status != c.status || out.Confidence.Level != c.level {
			t.Errorf("%d listings: %s %s (%v), want %s %s", c.listings, out.Status, out.Confidence.Level, out.Confidence.Score, c.status, c.level)
		}
		lvl := map[string][2]float64{"very_low": {0, 0.4}, "low": {0.4, 0.6}, "medium": {0.6, 0.8}, "high": {0.8, 1.01}}[out.Confidence.Level]
		if s := out.Confidence.Score; s < lvl[0] || s >= lvl[1] {
			t.Errorf("%d listings: score %v does not fit level %s", c.listings, s, out.Confidence.Level)
		}
	}
}

// TestVehicleReferenceAskingRange: askingPriceAnalysis.withinEstimatedRange
// says whether the asking price lies in [low, high] of the estimate.
func TestVehicleReferenceAskingRange(t *testing.T) {
	deps := Deps{Listings: &mem{ls: lc(8, 2019, "GXR")}}
	v := estimate(t, deps, subjectInput()).EstimatedValue
	for _, c := range []struct {
		asking float64
		within bool
	}{{v.Mid, true}, {v.Low, true}, {v.High, true}, {v.Low * 0.9, false}, {v.High * 1.1, false}} {
		in := subjectInput()
		in.AskingPrice = ptr(c.asking)
		a := estimate(t, deps, in).AskingPriceAnalysis
		if a == nil || a.WithinEstimatedRange != c.within {
			t.Errorf("asking %v (range %v–%v): %+v, want within %v", c.asking, v.Low, v.High, a, c.within)
		}
	}
}
