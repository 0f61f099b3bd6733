package omanproperty

import (
	"context"
	"fmt"

	"dalil"
	"dalil/capability"
)

// ID is the capability's id.
const ID = "analyze_oman_property"

// Methodology is how the answer is made, as published on /docs and
// /llms.txt; docs/oman-property.md says the same at length.
var Methodology = []string{
	"Location: governorate, wilayat and area are matched against Dalil's gazetteer of the Muscat governorate (six wilayats, their neighbourhoods, English and Arabic names and common spellings; case, punctuation, the article and Arabic letter variants ignored). A place elsewhere, or unknown, is a 400 naming the nearest known names; nothing is charged.",
	fmt.Sprintf("Selection, for rents and sales separately: same property type, size within ±%d %% (inclusive), observed within the last %d days (older ones are dropped and counted); bedrooms exact when at least %d comparables share them, else ±1; rents of the same furnishing when at least %d share it. The subject's area is searched first, then its wilayat, then the whole governorate; the answer says which level was used and why.", int(SizeBand*100), CutoffDays, MinComparables, MinComparables),
	fmt.Sprintf("Normalisation and outliers: rents are monthly (annual ones ÷ 12 on import) and everything is compared per sqm. Outliers are removed with the median and the median absolute deviation (modified z-score above %.1f), from %d comparables up.", OutlierZ, minForOutliers),
	fmt.Sprintf("Estimates: each comparable is weighted 0.5^(age in days / %d). Low, median and high are the weighted 25th, 50th and 75th percentiles of value per sqm times the subject's size. Annual rent = median monthly × 12; gross yield = annual rent / asking price × 100; net yield = (annual rent − service charge − maintenance) / asking price × 100, maintenance estimated from the building's age when not given (the age bands of estimate_maintenance).", HalfLifeDays),
	fmt.Sprintf("Position: the asking price (and asking rent) per sqm is below market more than %d %% under the median, above market more than %d %% over it, else at market; its percentile is the weighted share of comparables below it.", int(PositionBand*100), int(PositionBand*100)),
	"Confidence 0-1: 0.30 count (effective sample size / 10), 0.20 dispersion (1 − 2 × robust coefficient of variation), 0.20 recency (mean weight), 0.30 match level (area 1, wilayat 0.6, governorate 0.3, × bedroom and furnishing match), times 0.8 when only rents or only sales could be estimated and times (1 − 0.5 × synthetic share). High from 0.7, medium from 0.4.",
	fmt.Sprintf("Too little data: with fewer than %d usable comparables for both rent and sale at every level, status is insufficient_comparables, missing says what would help, and the call is not charged.", MinComparables),
	"Provenance: every comparable used (id, area, type, size, amount, date, source, batch), every import batch (source, licence, retrieval date, period, synthetic). Published historical Muscat figures (mostly 2010-2019) are shown when comparables are few, labelled as a historical prior and used only as a sanity bound, never as comparables or current levels.",
}

// Dataset is the name of the comparables dataset the analysis answers
// from (`dalil comparables import`).
const Dataset = "comparables"

// Entry declares analyze_oman_property (USD 0.25).
func Entry(deps Deps) capability.Entry {
	return capability.Define(ID, capability.Options{
		Group:   "Oman",
		Title:   "Oman property analysis (Muscat)",
		Summary: "Rent and value estimates, yields, the asking price's and rent's market position and a confidence score for a Muscat property, from imported rental and sale comparables, with full provenance.",
		Description: "Muscat governorate only. Matches the area (English or Arabic, common spellings), selects comparable rents and sales by area, then wilayat, " +
			"then governorate, by type, bedrooms and size, weights them by recency, removes outliers (median/MAD) and returns low/median/high rent and value, " +
			"gross and net yield, the asking price's (and asking rent's) position and percentile, a confidence score with its factors, every comparable and " +
			"dataset used, and historical published figures as a labelled prior when comparables are few." +
			"An area outside the Muscat governorate is a 400 naming the nearest known places; an answer with too few comparables " +
			"(status insufficient_comparables) is not charged.",
		WhenToUse:         "Before buying, renting out or pricing a flat, villa or townhouse in Muscat: to see what comparable properties rent and sell for and where an asking price sits.",
		Path:              "/api/v1/oman/property/analyze",
		Price:             250_000, // USD 0.25
		MalformedJSONCode: dalil.CodeInvalidJSON,
		Requires:          []capability.Requirement{capability.NeedsDataset(Dataset)},
		ReadOnly:          true,
		Idempotent:        true,
		Example:           exampleInput(),
		Methodology:       Methodology,
		Preview:           capability.PreviewOf(capability.LeakageLow, previewFunc(deps)),
		Limitations: []string{
			"Only as good as the comparables the operator imported: listings are asking figures, not transactions; the answer names every source and licence.",
			"Muscat governorate only; other places are refused (400) and not charged.",
			"Demo data (dalil serve --demo) is synthetic; every answer that uses it says so.",
			"Historical benchmarks (mostly 2010-2019) are context, never current levels.",
			"Not a valuation, appraisal or investment advice.",
		},
	}, func(ctx context.Context, in Input) (Output, error) {
		return Analyze(ctx, deps, in, capability.CallFrom(ctx).Now)
	})
}

func exampleInput() Input {
	beds, baths := 2, 2
	rent := 450.0
	return Input{
		Governorate: "Muscat", Wilayat: "Bawshar", Area: "Al Khuwair", PropertyType: TypeApartment,
		Bedrooms: &beds, Bathrooms: &baths, SizeSqm: 120, AskingPrice: 68000, AskingRent: &rent, Furnished: "unfurnished",
	}
}
