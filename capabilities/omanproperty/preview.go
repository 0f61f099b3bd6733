package omanproperty

import (
	"context"
	"reflect"
	"slices"
	"strings"

	"dalil/capability"
)

// PreviewSignals are the free preview's signals: whether the area is
// recognised, where the comparables would come from, how many and how
// recent, and whether they are synthetic. Never a rent, value, yield,
// position or confidence.
type PreviewSignals struct {
	LocationSupported bool   `json:"locationSupported" jsonschema:"always true: an unsupported location is a 400"`
	Area              string `json:"area" jsonschema:"canonical name of the area or wilayat"`
	AreaArabic        string `json:"areaArabic"`
	Wilayat           string `json:"wilayat"`
	MatchType         string `json:"matchType" schema:"enum=exact|alias"`
	// RentMatchLevel and SaleMatchLevel are the levels the paid call would
	// take comparables from: area, wilayat, governorate, or none.
	RentMatchLevel string `json:"rentMatchLevel" schema:"enum=area|wilayat|governorate|none"`
	SaleMatchLevel string `json:"saleMatchLevel" schema:"enum=area|wilayat|governorate|none"`
	// RentalComparablesFound and SaleComparablesFound count the
	// comparables the paid call would use.
	RentalComparablesFound int `json:"rentalComparablesFound" schema:"minimum=0"`
	SaleComparablesFound   int `json:"saleComparablesFound" schema:"minimum=0"`
	// OlderComparablesDropped counts matching comparables past the
	// cut-off.
	OlderComparablesDropped int    `json:"olderComparablesDropped" schema:"minimum=0"`
	OldestComparableDate    string `json:"oldestComparableDate,omitempty" schema:"maxLength=10"`
	// SyntheticOnly: every comparable the paid call would use is synthetic
	// demo data; SyntheticUsed: some are.
	SyntheticOnly bool `json:"syntheticOnly"`
	SyntheticUsed bool `json:"syntheticUsed"`
	// HistoricalBenchmarks (benchmarkCount) counts the published historical figures
	// matching the subject.
	HistoricalBenchmarks int `json:"benchmarkCount" schema:"minimum=0"`
	// WouldBeCharged is false when the paid call would answer
	// insufficient_comparables, or rest on synthetic comparables only:
	// neither is charged.
	WouldBeCharged bool `json:"wouldBeCharged"`
}

// previewSections are the paid answer's top-level sections.
var previewSections = func() []string {
	t := reflect.TypeFor[Output]()
	var out []string
	for i := 0; i < t.NumField(); i++ {
		if name, _, _ := strings.Cut(t.Field(i).Tag.Get("json"), ","); name != "" && name != "-" {
			out = append(out, name)
		}
	}
	return out
}()

// previewFunc is analyze_oman_property's free preview (reference service,
// Part 2 §8): it resolves the location and runs the paid call's selection
// (same levels, filters and outlier rule) and reports counts and dates
// only. Status is available when rents and sales both have enough
// comparables, else limited; coverage is the mean over rent and sale of
// min(1, used / 8).
func previewFunc(deps Deps) capability.PreviewFunc[Input, PreviewSignals] {
	return func(ctx context.Context, in Input) (capability.PreviewReport[PreviewSignals], error) {
		today := day(capability.CallFrom(ctx).Now)
		loc, rent, sale, err := gather(ctx, deps, in, today)
		if err != nil {
			return capability.PreviewReport[PreviewSignals]{}, err
		}
		sig := PreviewSignals{
			LocationSupported: true, Area: loc.place.Name, AreaArabic: loc.place.Arabic, Wilayat: loc.wilayat.Name, MatchType: "alias",
			RentMatchLevel: rent.sel.Level, SaleMatchLevel: sale.sel.Level,
		}
		if loc.exact {
			sig.MatchType = "exact"
		}
		rep := capability.PreviewReport[PreviewSignals]{
			Status: capability.PreviewLimited, Entity: loc.place.Name, EntityType: string(loc.place.Level),
			AvailableSections: slices.Clone(previewSections),
		}
		total, synthetic := 0, 0
		var oldest, newest string
		coverage := 0.0
		for _, c := range []*chosen{rent, sale} {
			if c.ok {
				total += len(c.used)
				for _, r := range c.used {
					if r.Synthetic {
						synthetic++
					}
				}
				if oldest == "" || c.sel.OldestDate < oldest {
					oldest = c.sel.OldestDate
				}
				newest = max(newest, c.sel.NewestDate)
				coverage += min(1, float64(len(c.used))/FewComparables) / 2
			}
			sig.OlderComparablesDropped += c.sel.DroppedStale
			sig.HistoricalBenchmarks += len(benchmarksFor(loc, in.PropertyType, in.Bedrooms, c.kind))
		}
		sig.RentalComparablesFound, sig.SaleComparablesFound = rent.sel.Used, sale.sel.Used
		sig.SyntheticUsed = synthetic > 0
		sig.SyntheticOnly = total > 0 && synthetic == total
		sig.OldestComparableDate = oldest
		sig.WouldBeCharged = (rent.ok || sale.ok) && !sig.SyntheticOnly
		if rent.ok && sale.ok {
			rep.Status = capability.PreviewAvailable
		}
		rep.SourcesFound, rep.FreshestSourceDate, rep.CoverageScore, rep.Signals = total, newest, coverage, sig
		return rep, nil
	}
}
