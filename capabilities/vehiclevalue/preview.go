package vehiclevalue

import (
	"context"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"time"

	"dalil/capability"
)

// PreviewSignals are the free preview's signals: which sources cover the
// market, how many imported listings of the model there are, and which
// recommended fields were given. Never a price, a position, an
// adjustment or a confidence.
type PreviewSignals struct {
	PreviewData                   string `json:"previewData" schema:"enum=coverage_signals_only"`
	Country                       string `json:"country"`
	Currency                      string `json:"currency"`
	ValuationParametersConfigured bool   `json:"valuationParametersConfigured"`
	// MarketDataProvidersCovering counts the configured providers that
	// serve this market; none is called by the preview.
	MarketDataProvidersCovering int  `json:"marketDataProvidersCovering" schema:"minimum=0"`
	DatasetConfigured           bool `json:"datasetConfigured" jsonschema:"imported listings can be searched"`
	// DatasetListings counts the imported listings of this make and model
	// within ±2 model years in the market and its regional ones, observed
	// in the last 365 days.
	DatasetListings int `json:"datasetListings" schema:"minimum=0" jsonschema:"imported listings of this make and model within 2 model years, in the market and its regional ones, observed in the last 365 days"`
	// SyntheticListings counts the synthetic demo listings among them.
	SyntheticListings int `json:"syntheticListings" schema:"minimum=0" jsonschema:"synthetic demo listings among datasetListings: never market evidence"`
	// SyntheticOnly: synthetic demo listings alone would answer (no real
	// listing, no covering provider, no caller comparable): the paid call
	// would not be charged.
	SyntheticOnly             bool     `json:"syntheticOnly" jsonschema:"synthetic demo listings alone would answer; such an answer is not charged"`
	CallerComparables         int      `json:"callerComparables" schema:"minimum=0" jsonschema:"comparables given in the request"`
	RegionalFallbackAvailable bool     `json:"regionalFallbackAvailable"`
	MileageProvided           bool     `json:"mileageProvided"`
	TrimProvided              bool     `json:"trimProvided"`
	CityProvided              bool     `json:"cityProvided"`
	ConditionProvided         bool     `json:"conditionProvided"`
	AskingPriceProvided       bool     `json:"askingPriceProvided"`
	VINProvided               bool     `json:"vinProvided" jsonschema:"a VIN was given (the paid call checks it)"`
	SourcesCovering           []string `json:"sourcesCovering" jsonschema:"names of the configured sources that cover the market"`
}

var previewSections = func() []string {
	t := reflect.TypeFor[Output]()
	var out []string
	for i := 0; i < t.NumField(); i++ {
		name, _, _ := strings.Cut(t.Field(i).Tag.Get("json"), ",")
		switch name {
		case "", "-", "status", "vehicle", "valuationDate", "currency", "disclaimer":
		default:
			out = append(out, name)
		}
	}
	return out
}()

// previewFunc is vehicle_value_estimate's free preview (reference service
// Part 2 §8): it validates and normalises the input, counts the imported
// listings that would be searched and the providers that cover the
// market, and never calls a provider, computes a value or returns a
// price. Coverage: 0.6 when evidence could exist (a covering provider, or
// at least 3 real listings or caller comparables; synthetic demo listings
// are no evidence), plus 0.4 × the share of mileage, trim, city and
// condition given.
func previewFunc(deps Deps) capability.PreviewFunc[Input, PreviewSignals] {
	return func(ctx context.Context, in Input) (capability.PreviewReport[PreviewSignals], error) {
		s, err := newSubject(in, capability.CallFrom(ctx).Now)
		if err != nil {
			return capability.PreviewReport[PreviewSignals]{}, err
		}
		countries := append([]string{s.country}, s.market.Regional...)
		sig := PreviewSignals{PreviewData: "coverage_signals_only", Country: s.country, Currency: s.currency, ValuationParametersConfigured: s.market.Configured,
			RegionalFallbackAvailable: len(s.market.Regional) > 0, MileageProvided: s.mileage != nil, TrimProvided: s.trimKey != "", CityProvided: s.cityKey != "",
			ConditionProvided: s.condition != "unknown", AskingPriceProvided: s.asking != nil, VINProvided: s.vin != "", CallerComparables: len(in.Comparables),
			SourcesCovering: []string{}}
		rep := capability.PreviewReport[PreviewSignals]{Status: capability.PreviewLimited, EntityType: "vehicle", AvailableSections: slices.Clone(previewSections)}
		rep.Entity = strings.TrimSpace(strings.Join([]string{strconv.Itoa(s.year), s.make.Display, s.model.Display, s.trim}, " "))
		for _, src := range deps.Sources {
			if slices.ContainsFunc(countries, src.Covers) {
				sig.MarketDataProvidersCovering++
				sig.SourcesCovering = append(sig.SourcesCovering, src.Name())
			}
		}
		if deps.Listings != nil {
			sig.DatasetConfigured = true
			q := Query{Make: s.make, Model: s.model, YearMin: s.year - 2, YearMax: s.year + 2, Countries: countries,
				Since: s.day.AddDate(0, 0, -maxAgeOf(deps)), Until: s.day}
			n, synthetic, newest, err := deps.Listings.Count(ctx, q)
			if err != nil {
				return rep, err
			}
			sig.DatasetListings, sig.SyntheticListings = n, synthetic
			if n > 0 {
				sig.SourcesCovering = append(sig.SourcesCovering, "listings")
				rep.FreshestSourceDate = newest.Format(time.DateOnly)
			}
		}
		rep.SourcesFound = len(sig.SourcesCovering)
		if sig.CallerComparables > 0 {
			rep.SourcesFound++
		}
		recommended := 0
		for _, b := range []bool{sig.MileageProvided, sig.TrimProvided, sig.CityProvided, sig.ConditionProvided} {
			if b {
				recommended++
			}
		}
		coverage := 0.4 * float64(recommended) / 4
		sig.SyntheticOnly = sig.SyntheticListings > 0 && sig.SyntheticListings == sig.DatasetListings &&
			sig.MarketDataProvidersCovering == 0 && sig.CallerComparables == 0
		real := sig.DatasetListings - sig.SyntheticListings
		if sig.MarketDataProvidersCovering > 0 || real+sig.CallerComparables >= MinComparables {
			coverage += 0.6
			rep.Status = capability.PreviewAvailable
		}
		rep.CoverageScore, rep.Signals = roundTo(coverage, 2), sig
		return rep, nil
	}
}

func maxAgeOf(d Deps) int {
	if d.MaxListingAgeDays > 0 {
		return d.MaxListingAgeDays
	}
	return DefaultMaxListingAgeDays
}
