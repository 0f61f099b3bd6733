// Package vehiclevalue is vehicle_value_estimate: the fair-market value of
// a passenger vehicle from comparable-market evidence (imported listings,
// market-data providers, caller-supplied comparables), as the reference
// service computes it (Part 2 §5), with the VIN checks, per-comparable
// distances and weights, per-source coverage and risk flags of issue 18.
// With too little evidence the answer is insufficient_market_data and is
// not charged.
package vehiclevalue

import (
	"context"
	"errors"
	"fmt"

	"dalil"
	"dalil/capability"
)

// ID is the capability's id.
const ID = "vehicle_value_estimate"

// MethodologyText is how the answer is made, as published on /docs and
// /llms.txt; docs/vehicle-value.md says the same at length.
var MethodologyText = []string{
	"Evidence: listings of the same make and model (aliases and Arabic names normalised: Landcruiser, LC200 and لاند كروزر are Toyota Land Cruiser) within ±2 model years, in the subject's country and its regional markets, observed within 365 days before the valuation date, in the result currency (other currencies are counted and left out: no exchange rates). Sources: the operator's imported listings, market-data providers that cover the market (MarketCheck for the US and Canada, a partner feed), and comparables the caller supplies (weighted half).",
	fmt.Sprintf("Widening: same trim and year, same trim ±1 year, same model ±1 year, same model ±2 years, then regional ±2 years; the first level with %d comparables, else the one with the most, from %d.", TargetComparables, MinComparables),
	"Year and mileage effects are fitted by weighted least squares on log price (from 6 comparables spanning 2 years, or a mileage interquartile range of 10,000 km), kept only within 1-35 % a year and -0.05 to -6 % per 10,000 km and shrunk towards the market default by n/(n+8); otherwise the market default (heuristic).",
	"Outliers: Tukey fences (1.5 IQR) on log normalised price from 5 comparables, modified z-score above 3.5 for 4. The anchor is the weighted median of year- and trim-aligned prices, moved by the mileage effect from the comparables' median mileage to the subject's. Weights: similarity on trim, location, fuel/transmission, body/drivetrain and recency (year, mileage and condition are normalised for, not weighted by), halved for caller comparables.",
	"Adjustments: trim, local-market, transmission, drivetrain and fuel ratios only when both groups have 2 comparables; listing-to-transaction discount (GCC and North America 3 %, Europe 4 %); heuristic condition, accident, service, owners and options adjustments capped at -35 % to +6 % in total. Each is listed with its amount, percentage, basis and reason.",
	"Range half-width = clamp(0.5 × dispersion + 0.15 × (1 - confidence) + 0.02, 4 %, 40 %). Dealer buy, private sale and dealer retail prices from per-market spreads, the point chosen by confidence. Confidence: volume 0.22, similarity 0.18, trim 0.10, mileage 0.10, locality 0.10, freshness 0.12, source diversity 0.06, price consistency 0.12, with penalties and caps (under 5 comparables at most 0.59), then times 1 - 0.5 × the share of synthetic demo listings among the comparables used.",
	"VIN: 17 characters without I, O, Q; the ISO 3779 check digit is enforced where the scheme has one (North America, China) and the model-year character (position 10) is compared with year; decoded through NHTSA vPIC when configured. Risk flags include mileage implausible for age, VIN/year mismatch, an asking price far under market (possible fraud), too few or stale comparables and caller comparables only.",
}

// Entry declares vehicle_value_estimate (USD 0.25).
func Entry(deps Deps) capability.Entry {
	return capability.Define(ID, capability.Options{
		Group:   "Automotive",
		Title:   "Vehicle value estimate",
		Summary: "Fair-market value of a passenger vehicle (low / mid / high, private sale, dealer buy and retail, asking-price position, depreciation, adjustments, comparables, confidence and risk flags) from comparable-market evidence.",
		Description: "Values a passenger vehicle from comparable listings: the operator's imported listings, market-data providers (MarketCheck for the US and Canada, " +
			"a partner feed) and comparables the caller supplies. Normalises make and model (aliases, Arabic names), widens the search step by step, fits year and " +
			"mileage effects, removes outliers, lists every adjustment with its basis, shows each comparable's distance and weight and each source's coverage, " +
			"checks the VIN. With too little evidence the status is insufficient_market_data, every price is null " +
			"and the call is not charged.",
		WhenToUse:   "Before buying, selling, financing or insuring a used car: to see what comparable vehicles sell for, where an asking price sits, and how sure that is.",
		Path:        "/api/v1/automotive/vehicle-value-estimate",
		Price:       250_000, // USD 0.25
		ReadOnly:    true,
		Idempotent:  true,
		OpenWorld:   len(deps.Sources) > 0 || deps.VIN != nil || deps.Predictor != nil,
		Example:     exampleInput(),
		Methodology: MethodologyText,
		Preview:     capability.PreviewOf(capability.LeakageLow, previewFunc(deps)),
		Limitations: []string{
			"Only as good as the evidence this deployment has: listings are asking prices, not transactions; every source and licence is named.",
			"No exchange rates: evidence in another currency than the result's is left out and counted.",
			"Not a physical inspection, a vehicle-history check or a formal appraisal.",
			"Demo data (dalil serve --demo) is synthetic; every answer that uses it says so.",
		},
	}, func(ctx context.Context, in Input) (Output, error) {
		out, err := Estimate(ctx, deps, in, capability.CallFrom(ctx).Now)
		return out, valuationFailed(err)
	})
}

// valuationFailed answers an unexpected failure with the reference
// service's 500 VALUATION_FAILED; errors with a code of their own, storage
// outages (503) and deadlines keep theirs.
func valuationFailed(err error) error {
	var de *dalil.Error
	switch {
	case err == nil, errors.As(err, &de), errors.Is(err, dalil.ErrStorageUnavailable),
		errors.Is(err, context.DeadlineExceeded), errors.Is(err, context.Canceled):
		return err
	}
	return &dalil.Error{Code: dalil.CodeValuationFailed, Message: "The valuation failed unexpectedly. Nothing was charged; retry shortly.", Err: err}
}

func exampleInput() Input {
	km := 85_000
	price := 14_500.0
	return Input{Make: "Toyota", Model: "Land Cruiser", Year: 2019, Country: "OM", Trim: "GXR", MileageKm: &km, Condition: "good", City: "Muscat",
		FuelType: "petrol", Transmission: "automatic", AskingPrice: &price}
}
