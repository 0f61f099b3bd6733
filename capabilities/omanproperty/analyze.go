package omanproperty

import (
	"context"
	"fmt"
	"math"
	"regexp"
	"slices"
	"strings"
	"time"

	"dalil"
	"dalil/capabilities/maintenance"
	"dalil/internal/round"
)

// The method's constants (docs/oman-property.md explains each).
const (
	// MinComparables is the least number of comparables of a kind, after
	// outlier removal, that an estimate is made from (the reference
	// service's MIN_COMPARABLES).
	MinComparables = 3
	// CutoffDays: comparables observed longer ago are dropped (and
	// counted in selection.*.droppedStale).
	CutoffDays = 730
	// HalfLifeDays is the age at which a comparable counts half.
	HalfLifeDays = 365
	// SizeBand is the relative size difference accepted: ±20 %, inclusive
	// (the reference service's band).
	SizeBand = 0.20
	// QueryLimit caps the comparables read per kind and level, newest
	// first, so that one answer's work is bounded whatever the dataset.
	QueryLimit = 250
	// OlderCountLimit caps the count of matching comparables past the
	// cut-off (selection.*.droppedStale) for the same reason: counting
	// every older 120 sqm apartment of the governorate in a million rows
	// (85,000) took as long as the rest of the answer ten times over. A
	// count at the cap means at least that many; the hint says so.
	OlderCountLimit = 1000
	// FewComparables: below this many comparables used for a kind, the
	// historical benchmarks are shown and used as a sanity bound.
	FewComparables = 8
	// PositionBand: an asking figure within ±10 % of the median per sqm is
	// at market (the reference service's band).
	PositionBand = 0.10
	// StaleDays: data whose median age is above this is stale.
	StaleDays = 365
)

// Status values.
const (
	StatusOK           = "ok"
	StatusPartial      = "partial"
	StatusInsufficient = "insufficient_comparables"
)

// insufficientReason is why an answer with too few comparables for either
// a rent or a value estimate is not charged (Basis.Unanswered).
const insufficientReason = "insufficient_comparables: too few rent and sale comparables for this property; see missing"

// Deps are what the analysis needs: the comparables dataset.
type Deps struct {
	// Market is the comparables dataset; nil answers as an empty dataset
	// (status insufficient_comparables, not charged).
	Market Market
}

// step is one level of the fallback ladder.
type step struct {
	level Level
	place *Place // nil for the governorate
}

func (s step) name() string {
	if s.place == nil {
		return idx.byID[GovernorateID].Name
	}
	return s.place.Name
}

// ladder is the levels searched for the subject, narrowest first: its
// area, its wilayat, the governorate (a wilayat subject starts at its
// wilayat).
func ladder(r resolved) []step {
	var out []step
	if r.place.Level == LevelArea {
		out = append(out, step{LevelArea, r.place})
	}
	return append(out, step{LevelWilayat, r.wilayat}, step{LevelGovernorate, nil})
}

// chosen is one kind's comparables after selection.
type chosen struct {
	kind   Kind
	sel    KindSelection
	used   []Comparable
	points []point // per-sqm values and weights of used, in the same order
	ok     bool
}

// Analyze is the analysis (the handler without the capability wiring):
// now is the call's clock. It returns *dalil.Error for a location outside
// the governorate (normally refused by the input's validation already)
// and storage failures as they are.
func Analyze(ctx context.Context, deps Deps, in Input, now time.Time) (Output, error) {
	today := day(now)
	loc, rent, sale, err := gather(ctx, deps, in, today)
	if err != nil {
		return Output{}, err
	}
	return compose(ctx, deps, in, loc, rent, sale, today)
}

// gather resolves the location and selects the rent and sale comparables,
// walking the ladder until both kinds have enough or every level was
// searched. The preview runs it too.
func gather(ctx context.Context, deps Deps, in Input, today time.Time) (resolved, *chosen, *chosen, error) {
	loc, ps := resolve(in)
	if len(ps) > 0 {
		return loc, nil, nil, dalil.InvalidInput(ps...)
	}
	since := today.AddDate(0, 0, -CutoffDays)
	lo, hi := in.SizeSqm*(1-SizeBand), in.SizeSqm*(1+SizeBand)
	minB, maxB := -1, -1
	if in.Bedrooms != nil {
		minB, maxB = max(0, *in.Bedrooms-1), *in.Bedrooms+1
	}
	kinds := map[Kind]*chosen{KindRent: nil, KindSale: nil}
	for _, st := range ladder(loc) {
		if kinds[KindRent] != nil && kinds[KindRent].ok && kinds[KindSale] != nil && kinds[KindSale].ok {
			break
		}
		// A call past its deadline (or whose caller left) searches no
		// further level.
		if err := ctx.Err(); err != nil {
			return loc, nil, nil, err
		}
		var found Found
		if deps.Market != nil {
			q := Query{Level: st.level, PropertyType: in.PropertyType, Since: since, MinBedrooms: minB, MaxBedrooms: maxB,
				MinSizeSqm: lo, MaxSizeSqm: hi, Limit: QueryLimit}
			if st.place != nil {
				q.Place = st.place.ID
			}
			var err error
			if found, err = deps.Market.Comparables(ctx, q); err != nil {
				return loc, nil, nil, err
			}
		}
		for _, k := range []Kind{KindRent, KindSale} {
			prev := kinds[k]
			if prev != nil && prev.ok {
				continue
			}
			c := selectKind(k, st, found, in, today)
			c.sel.SizeBandSqm = SizeRange{Min: round.Half(lo, 2), Max: round.Half(hi, 2)}
			if prev != nil {
				c.sel.Searched = append(prev.sel.Searched, c.sel.Searched...)
			}
			kinds[k] = c
		}
	}
	return loc, kinds[KindRent], kinds[KindSale], nil
}

// day is t's UTC date at midnight.
func day(t time.Time) time.Time {
	y, m, d := t.UTC().Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}

// ageDays is how many whole days before today c was observed (0 for a
// date in the future).
func ageDays(c Comparable, today time.Time) int {
	return max(0, int(today.Sub(day(c.ObservedOn)).Hours()/24))
}

// selectKind picks one kind's comparables at one level: bedrooms exact
// when MinComparables share the subject's, else ±1; rents of the same
// furnishing when MinComparables share it; then outliers out.
func selectKind(k Kind, st step, found Found, in Input, today time.Time) *chosen {
	c := &chosen{kind: k, sel: KindSelection{Level: string(st.level), Place: st.name(), Truncated: found.Truncated[k], DroppedStale: found.Older[k]}}
	var rows []Comparable
	for _, r := range found.Comparables {
		if r.Kind == k {
			rows = append(rows, r)
		}
	}
	c.sel.Candidates = len(rows)
	// Bedrooms.
	c.sel.BedroomMatch = "any"
	if in.Bedrooms != nil {
		exact := filter(rows, func(r Comparable) bool { return r.Bedrooms == *in.Bedrooms })
		if len(cleaned(exact)) >= MinComparables {
			rows, c.sel.BedroomMatch = exact, "exact"
		} else {
			c.sel.BedroomMatch = "plus_minus_one"
		}
	}
	// Furnishing (rents only; sales are never filtered on it).
	c.sel.FurnishedMatch = "not_applicable"
	if k == KindRent && in.Furnished != "" {
		same := filter(rows, func(r Comparable) bool { return r.Furnished == in.Furnished })
		if len(cleaned(same)) >= MinComparables {
			rows, c.sel.FurnishedMatch = same, "exact"
		} else {
			c.sel.FurnishedMatch = "any"
		}
	}
	kept, removed := splitOutliers(perSqm(rows))
	c.sel.OutliersRemoved = len(removed)
	for _, i := range kept {
		r := rows[i]
		c.used = append(c.used, r)
		c.points = append(c.points, point{x: r.PerSqm(), w: recencyWeight(ageDays(r, today))})
	}
	c.sel.Used = len(c.used)
	c.sel.Searched = []LevelTry{{Level: string(st.level), Place: st.name(), Found: len(c.used)}}
	c.ok = len(c.used) >= MinComparables
	if !c.ok {
		c.sel.Level, c.sel.BedroomMatch = "none", "none"
		return c
	}
	c.sel.EffectiveSampleSize = round.Half(effectiveN(c.points), 2)
	oldest, newest := c.used[0].ObservedOn, c.used[0].ObservedOn
	for _, r := range c.used {
		if r.ObservedOn.Before(oldest) {
			oldest = r.ObservedOn
		}
		if r.ObservedOn.After(newest) {
			newest = r.ObservedOn
		}
	}
	c.sel.OldestDate, c.sel.NewestDate = dateString(oldest), dateString(newest)
	return c
}

// cleaned is rows without their outliers.
func cleaned(rows []Comparable) []int {
	kept, _ := splitOutliers(perSqm(rows))
	return kept
}

func perSqm(rows []Comparable) []float64 {
	xs := make([]float64, len(rows))
	for i, r := range rows {
		xs[i] = r.PerSqm()
	}
	return xs
}

func filter(rows []Comparable, keep func(Comparable) bool) []Comparable {
	var out []Comparable
	for _, r := range rows {
		if keep(r) {
			out = append(out, r)
		}
	}
	return out
}

func dateString(t time.Time) string { return t.UTC().Format(time.DateOnly) }

// perSqmRange is the weighted 25th, 50th and 75th percentiles of the
// points, times factor, rounded to the baisa.
func perSqmRange(ps []point, factor float64) *Range {
	return &Range{
		Low:    round.Half(weightedQuantile(ps, 0.25)*factor, round.OMRPlaces),
		Median: round.Half(weightedQuantile(ps, 0.50)*factor, round.OMRPlaces),
		High:   round.Half(weightedQuantile(ps, 0.75)*factor, round.OMRPlaces),
	}
}

// position places x (per sqm) among the points: below, at or above market
// (more than PositionBand from the median), its percentile and its
// difference from the median in percent.
func position(ps []point, x float64) (string, *int, *float64) {
	m := weightedQuantile(ps, 0.5)
	pos := "at_market"
	switch {
	case x < m*(1-PositionBand):
		pos = "below_market"
	case x > m*(1+PositionBand):
		pos = "above_market"
	}
	pct := int(round.Half(percentileOf(ps, x), 0))
	diff := round.Half((x-m)/m*100, round.PctPlaces)
	return pos, &pct, &diff
}

func ptr[T any](v T) *T { return &v }

// compose builds the answer from the two kinds' selections.
func compose(ctx context.Context, deps Deps, in Input, loc resolved, rent, sale *chosen, today time.Time) (Output, error) {
	o := Output{
		Missing:            []Missing{},
		Location:           location(in, loc),
		Subject:            subject(in),
		RiskFlags:          []string{},
		Provenance:         []SourceUse{},
		Comparables:        []UsedComparable{},
		Datasets:           []DatasetUse{},
		Benchmarks:         []Benchmark{},
		Warnings:           []string{},
		Currency:           "OMR",
		Official:           OfficialContext{Available: false, Reason: "ncsi_not_configured"},
		UnavailableOutputs: []string{},
	}
	flag := func(f string) {
		if !slices.Contains(o.RiskFlags, f) {
			o.RiskFlags = append(o.RiskFlags, f)
		}
	}
	if loc.wilayatMismatch {
		flag("wilayat_mismatch")
		o.Warnings = append(o.Warnings, fmt.Sprintf("The wilayat given (%s) is not the wilayat of %s (%s); %s's was used.", in.Wilayat, loc.place.Name, loc.wilayat.Name, loc.wilayat.Name))
	}
	o.Assumptions = []string{
		"Rents are monthly, in OMR; rents quoted a year are divided by 12 on import.",
		fmt.Sprintf("Comparables: same property type, size within ±%d %%, bedrooms exact when %d or more share them, else ±1; observed within %d days, weighted by 0.5^(age / %d days); outliers out by the median/MAD rule (modified z > %.1f).", int(SizeBand*100), MinComparables, CutoffDays, HalfLifeDays, OutlierZ),
		"Estimates for the subject are the weighted 25th, 50th and 75th percentiles of the comparables' value per sqm times the subject's size.",
	}

	// Market and investment.
	o.Investment = investment(in, &o)
	o.PricePosition = PricePosition{AskingPerSqm: round.Half(in.AskingPrice/in.SizeSqm, round.OMRPlaces), MarketPosition: "insufficient_data"}
	if in.AskingRent != nil {
		o.RentPosition = &RentPosition{AskingMonthlyRent: *in.AskingRent, AskingPerSqm: round.Half(*in.AskingRent/in.SizeSqm, round.OMRPlaces), MarketPosition: "insufficient_data"}
	}
	o.Market.ComparableCount = rent.sel.Candidates + sale.sel.Candidates
	o.Market.SampleSizeUsed = rent.sel.Used*b2i(rent.ok) + sale.sel.Used*b2i(sale.ok)
	var summary Summary
	if rent.ok {
		o.Market.RentPerSqm = perSqmRange(rent.points, 1)
		o.Market.MonthlyRent = perSqmRange(rent.points, in.SizeSqm)
		annual := round.Half(o.Market.MonthlyRent.Median*12, round.OMRPlaces)
		o.Market.AnnualRent = &annual
		o.Investment.GrossYieldPct = ptr(round.Half(annual/in.AskingPrice*100, round.PctPlaces))
		net := round.Half(annual-o.Investment.OperatingCost, round.OMRPlaces)
		o.Investment.NetIncome = &net
		o.Investment.NetYieldPct = ptr(round.Half(net/in.AskingPrice*100, round.PctPlaces))
		summary.MedianRentPerSqm, summary.LowRentPerSqm, summary.HighRentPerSqm = &o.Market.RentPerSqm.Median, &o.Market.RentPerSqm.Low, &o.Market.RentPerSqm.High
		if o.RentPosition != nil {
			o.RentPosition.Range = o.Market.RentPerSqm
			o.RentPosition.MarketPosition, o.RentPosition.Percentile, o.RentPosition.DiffFromMedianPct = position(rent.points, *in.AskingRent/in.SizeSqm)
		}
	} else {
		flag("insufficient_rental_market_data")
		o.UnavailableOutputs = append(o.UnavailableOutputs, "market.estimatedMonthlyRentOMR", "market.estimatedAnnualRentOMR", "market.rentPerSqmOMR",
			"investment.grossYieldPct", "investment.estimatedNetIncomeOMR", "investment.netYieldPct")
		if o.RentPosition != nil {
			o.UnavailableOutputs = append(o.UnavailableOutputs, "rentPosition.observedComparableRange", "rentPosition.percentile")
		}
	}
	if sale.ok {
		o.Market.PricePerSqm = perSqmRange(sale.points, 1)
		o.Market.Value = perSqmRange(sale.points, in.SizeSqm)
		o.PricePosition.Range = o.Market.PricePerSqm
		o.PricePosition.MarketPosition, o.PricePosition.Percentile, o.PricePosition.DiffFromMedianPct = position(sale.points, in.AskingPrice/in.SizeSqm)
		summary.MedianSalePerSqm, summary.LowSalePerSqm, summary.HighSalePerSqm = &o.Market.PricePerSqm.Median, &o.Market.PricePerSqm.Low, &o.Market.PricePerSqm.High
	} else {
		flag("insufficient_sale_market_data")
		o.UnavailableOutputs = append(o.UnavailableOutputs, "market.estimatedValueOMR", "market.salePricePerSqmOMR", "pricePosition.observedComparableRange", "pricePosition.percentile")
	}
	if rent.ok || sale.ok {
		o.Summary = &summary
	}
	switch {
	case rent.ok && sale.ok:
		o.Status = StatusOK
	case rent.ok || sale.ok:
		o.Status = StatusPartial
	default:
		o.Status = StatusInsufficient
		o.InsufficientMarketData = true
	}
	for _, c := range []*chosen{rent, sale} {
		if !c.ok {
			o.Missing = append(o.Missing, missing(c, loc, in))
		}
	}

	// Selection notes, flags and warnings.
	for _, c := range []*chosen{rent, sale} {
		kind := strings.ToLower(kindWord(c))
		switch {
		case !c.ok:
			c.sel.LevelReason = fmt.Sprintf("No level had %d usable %s comparables.", MinComparables, kind)
		case Level(c.sel.Level) == loc.place.Level:
			c.sel.LevelReason = fmt.Sprintf("%s has %d usable %s comparables.", c.sel.Place, c.sel.Used, kind)
		default:
			var thin []string
			for _, t := range c.sel.Searched[:len(c.sel.Searched)-1] {
				thin = append(thin, fmt.Sprintf("%s has %d", t.Place, t.Found))
			}
			c.sel.LevelReason = fmt.Sprintf("Widened to %s %s: %s usable %s comparables, fewer than %d.", c.sel.Level, c.sel.Place, strings.Join(thin, ", "), kind, MinComparables)
			flag(c.sel.Level + "_fallback")
			o.Warnings = append(o.Warnings, fmt.Sprintf("%s figures come from the whole %s of %s, not %s alone.", kindWord(c), c.sel.Level, c.sel.Place, loc.place.Name))
		}
		if c.ok && c.sel.BedroomMatch == "plus_minus_one" {
			flag("bedroom_tolerance_applied")
		}
		if c.ok && c.sel.FurnishedMatch == "any" {
			flag("furnished_filter_relaxed")
		}
		if c.ok && c.sel.OutliersRemoved > 0 {
			flag("outliers_removed")
		}
		if c.sel.DroppedStale > 0 {
			flag("stale_comparables_dropped")
		}
		if c.sel.Truncated {
			flag("results_truncated")
		}
		if c.ok && c.sel.Used < FewComparables {
			flag("small_sample")
		}
	}
	o.Selection = Selection{Rent: rent.sel, Sale: sale.sel, CutoffDays: CutoffDays, HalfLifeDays: HalfLifeDays}

	// Comparables used, provenance, datasets.
	if err := o.provenance(ctx, deps, []*chosen{rent, sale}, today); err != nil {
		return Output{}, err
	}
	o.benchmarks(loc, in, rent, sale, flag)
	o.Confidence = confidence(rent, sale, o.DataQuality.SyntheticShare)
	if o.DataQuality.SyntheticShare > 0 {
		flag("demo_dataset_not_live_market_data")
	}
	if slices.ContainsFunc(o.Comparables, func(c UsedComparable) bool { return c.SourceType == "listing_asking_price" }) {
		flag("listing_asking_prices")
		o.Assumptions = append(o.Assumptions, "Listing figures are asking prices and rents, not transactions; they usually sit above what is agreed.")
	}
	return o, nil
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

func kindWord(c *chosen) string {
	if c.kind == KindSale {
		return "Sale"
	}
	return "Rent"
}

func location(in Input, loc resolved) Location {
	gov := idx.byID[GovernorateID]
	l := Location{
		Governorate: "Muscat", GovernorateArabic: gov.Arabic,
		Wilayat: loc.wilayat.Name, WilayatArabic: loc.wilayat.Arabic,
		Area: loc.place.Name, AreaArabic: loc.place.Arabic, AreaID: loc.place.ID, AreaLevel: string(loc.place.Level),
		InputArea: in.Area, MatchType: "alias", Supported: true,
	}
	if loc.exact {
		l.MatchType = "exact"
	}
	return l
}

func subject(in Input) Subject {
	s := Subject{PropertyType: in.PropertyType, Bedrooms: in.Bedrooms, Bathrooms: in.Bathrooms, SizeSqm: in.SizeSqm, AskingPrice: in.AskingPrice,
		AskingRent: in.AskingRent, Furnished: in.Furnished, AgeYears: in.AgeYears, ServiceCharge: in.ServiceCharge, Maintenance: in.Maintenance}
	if s.Furnished == "" {
		s.Furnished = "unspecified"
	}
	return s
}

// investment is the operating cost: service charge and maintenance as
// given; maintenance, when not given, at contract §4's rate for the age.
func investment(in Input, o *Output) Investment {
	var inv Investment
	if in.ServiceCharge != nil {
		inv.ServiceCharge = *in.ServiceCharge
	}
	inv.MaintenanceBasis = "given"
	if in.Maintenance != nil {
		inv.MaintenanceOMR = *in.Maintenance
	} else {
		age := 0
		if in.AgeYears != nil {
			age = *in.AgeYears
		}
		rate := maintenance.RateForAge(float64(age)) // contract §4, estimate_maintenance's own table
		inv.MaintenanceOMR = round.Half(in.AskingPrice*rate/100, round.OMRPlaces)
		inv.MaintenanceBasis = "estimated_from_age"
		how := fmt.Sprintf("%d years", age)
		if in.AgeYears == nil {
			how = "0 years (ageYears not given)"
		}
		o.Assumptions = append(o.Assumptions, fmt.Sprintf("Maintenance not given: estimated at %.1f %% of the asking price a year for a building aged %s (the age bands of estimate_maintenance).", rate, how))
		o.RiskFlags = append(o.RiskFlags, "maintenance_estimated")
	}
	if in.ServiceCharge == nil {
		o.Assumptions = append(o.Assumptions, "No service charge given: counted as 0.")
	}
	inv.OperatingCost = round.Half(inv.ServiceCharge+inv.MaintenanceOMR, round.OMRPlaces)
	return inv
}

// missing says what a thin kind lacked and what would help.
func missing(c *chosen, loc resolved, in Input) Missing {
	m := Missing{Kind: string(c.kind), Needed: MinComparables, Searched: []string{}}
	for _, t := range c.sel.Searched {
		m.Searched = append(m.Searched, t.Place)
		m.Found = t.Found
	}
	beds := ""
	if in.Bedrooms != nil {
		beds = fmt.Sprintf(" with %d±1 bedrooms", *in.Bedrooms)
	}
	m.Hint = fmt.Sprintf("Import %s comparables of %ss of %.0f-%.0f sqm%s observed in the last %d days in %s or %s (dalil comparables import).",
		c.kind, in.PropertyType, in.SizeSqm*(1-SizeBand), in.SizeSqm*(1+SizeBand), beds, CutoffDays, loc.place.Name, loc.wilayat.Name)
	if c.sel.DroppedStale > 0 {
		atLeast := ""
		if c.sel.DroppedStale >= OlderCountLimit {
			atLeast = "at least "
		}
		m.Hint += fmt.Sprintf(" %s%d older comparables matched but are past the %d-day cut-off.", atLeast, c.sel.DroppedStale, CutoffDays)
	}
	return m
}

// provenance fills comparablesUsed, provenance, datasets, dataQuality and
// historicalSalesContext.
func (o *Output) provenance(ctx context.Context, deps Deps, kinds []*chosen, today time.Time) error {
	type srcKey struct{ typ, name string }
	bySource := map[srcKey]*SourceUse{}
	var order []srcKey
	batchRows := map[string]int{}
	var batchOrder []string
	var ages []float64
	synthetic, total := 0, 0
	types := []string{}
	var newest time.Time
	for _, c := range kinds {
		if !c.ok {
			continue
		}
		for i, r := range c.used {
			age := ageDays(r, today)
			st := r.SourceType
			if st == "" {
				st = "unspecified"
			}
			o.Comparables = append(o.Comparables, UsedComparable{
				ID: r.ID, Kind: string(r.Kind), Area: placeName(r.Area), Wilayat: placeName(r.Wilayat), PropertyType: r.PropertyType,
				Bedrooms: r.Bedrooms, SizeSqm: r.SizeSqm, AmountOMR: round.Half(r.AmountOMR, round.OMRPlaces),
				PerSqmOMR: round.Half(r.PerSqm(), round.OMRPlaces), Date: dateString(r.ObservedOn), AgeDays: age,
				Weight: round.Half(c.points[i].w, 3), Source: r.SourceName, SourceType: st, Batch: r.Batch, Synthetic: r.Synthetic,
			})
			k := srcKey{st, r.SourceName}
			if bySource[k] == nil {
				bySource[k] = &SourceUse{SourceType: st, SourceName: r.SourceName}
				order = append(order, k)
			}
			s := bySource[k]
			s.RecordCount++
			if d := dateString(r.ObservedOn); d > s.SourceDate {
				s.SourceDate = d
			}
			if batchRows[r.Batch] == 0 {
				batchOrder = append(batchOrder, r.Batch)
			}
			batchRows[r.Batch]++
			ages = append(ages, float64(age))
			total++
			if r.Synthetic {
				synthetic++
			}
			if !slices.Contains(types, st) {
				types = append(types, st)
			}
			if r.ObservedOn.After(newest) {
				newest = r.ObservedOn
			}
		}
	}
	for _, k := range order {
		o.Provenance = append(o.Provenance, *bySource[k])
	}
	slices.Sort(types)
	o.DataQuality = DataQuality{SampleSize: total, SourceTypes: types}
	if total > 0 {
		d := dateString(newest)
		fresh := int(today.Sub(day(newest)).Hours() / 24)
		fresh = max(fresh, 0)
		o.DataQuality.LatestDataDate, o.DataQuality.FreshnessDays = &d, &fresh
		o.Market.FreshnessDays = &fresh
		o.DataQuality.Stale = median(ages) > StaleDays
		o.DataQuality.SyntheticShare = round.Half(float64(synthetic)/float64(total), 2)
	}
	if o.DataQuality.Stale {
		o.RiskFlags = append(o.RiskFlags, "stale_market_data")
		o.Warnings = append(o.Warnings, fmt.Sprintf("The comparables used are a median %.0f days old: the market may have moved since.", median(ages)))
	}
	if synthetic > 0 {
		o.Warnings = append([]string{fmt.Sprintf("Synthetic demo data: %d of the %d comparables used are made up (provenance synthetic). The figures illustrate the method and are not market evidence.", synthetic, total)}, o.Warnings...)
	}
	if len(batchOrder) > 0 && deps.Market != nil {
		bs, err := deps.Market.Batches(ctx, batchOrder)
		if err != nil {
			return err
		}
		for _, b := range bs {
			o.Datasets = append(o.Datasets, DatasetUse{
				Name: "comparables", Batch: b.ID, Source: b.Source, License: b.License, Synthetic: b.Synthetic,
				RetrievedAt: dateString(b.RetrievedAt), ImportedAt: b.ImportedAt.UTC().Format(time.RFC3339),
				PeriodFrom: dateString(b.PeriodFrom), PeriodTo: dateString(b.PeriodTo), RowsUsed: batchRows[b.ID],
			})
		}
	}
	// Sales history at the level the sale comparables came from (or the
	// widest level searched).
	sale := kinds[1]
	h := HistoricalSalesContext{SourceTypes: []string{}, PhaseBreakdown: []PhaseStat{}, RecordsAvailable: sale.sel.Candidates + sale.sel.DroppedStale,
		RecentComparableSales: sale.sel.Used * b2i(sale.ok), OlderRecords: sale.sel.DroppedStale}
	if sale.ok {
		h.Available = true
		h.RecentMedianPerSqm = &o.Market.PricePerSqm.Median
		h.OldestRecordDate, h.LatestRecordDate = &sale.sel.OldestDate, &sale.sel.NewestDate
		for _, r := range sale.used {
			st := r.SourceType
			if st == "" {
				st = "unspecified"
			}
			if !slices.Contains(h.SourceTypes, st) {
				h.SourceTypes = append(h.SourceTypes, st)
			}
		}
		slices.Sort(h.SourceTypes)
	}
	h.PriceSemantics = priceSemantics(h.SourceTypes)
	o.HistoricalSales = h
	return nil
}

// priceSemantics says what sale prices of these source types are.
func priceSemantics(types []string) string {
	words := map[string]string{
		"listing_asking_price": "asking prices from listings", "transaction": "agreed transaction prices", "valuation": "valuations",
		"partner_feed": "prices reported by a partner", "official_statistics": "official statistics", "manual_benchmark": "manually entered benchmarks",
		"unspecified": "prices of unspecified kind",
	}
	var parts []string
	for _, t := range types {
		parts = append(parts, words[t])
	}
	if len(parts) == 0 {
		return "no sale comparables used"
	}
	return strings.Join(parts, "; ")
}

func placeName(id string) string {
	if p, ok := idx.byID[id]; ok {
		return p.Name
	}
	return id
}

// benchmarks adds the historical benchmarks when comparables are few, and
// flags an estimate far outside them.
func (o *Output) benchmarks(loc resolved, in Input, rent, sale *chosen, flag func(string)) {
	for _, c := range []*chosen{rent, sale} {
		if c.ok && c.sel.Used >= FewComparables {
			continue
		}
		bs := benchmarksFor(loc, in.PropertyType, in.Bedrooms, c.kind)
		for _, b := range bs[:min(len(bs), 6)] {
			o.Benchmarks = append(o.Benchmarks, b.Benchmark)
		}
		if !c.ok || len(bs) == 0 {
			continue
		}
		lo, hi := math.Inf(1), math.Inf(-1)
		for _, b := range bs {
			for _, v := range []*float64{b.Low, b.High} {
				if v != nil {
					lo, hi = min(lo, *v), max(hi, *v)
				}
			}
		}
		est := o.Market.MonthlyRent
		if c.kind == KindSale {
			est = o.Market.Value
		}
		if est.Median < lo/2 || est.Median > hi*2 {
			flag("outside_historical_benchmark_range")
			o.Warnings = append(o.Warnings, fmt.Sprintf("The %s estimate (median %.0f OMR) is outside half to twice the range of published historical figures for similar property (%.0f-%.0f OMR, published %s); check the comparables.",
				c.kind, est.Median, lo, hi, periodYears(bs)))
		}
	}
	if len(o.Benchmarks) > 0 {
		o.Assumptions = append(o.Assumptions, "historicalBenchmarks are published figures from past years (mostly 2010-2019), shown because comparables are few: context and a sanity bound, never comparables or current levels.")
	}
}

// periodYears is the span of years the benchmarks' periods name
// ("2013-2017"), from the first four-digit year in each.
func periodYears(bs []benchmark) string {
	lo, hi := "", ""
	for _, b := range bs {
		y := yearRe.FindString(b.Period)
		if y == "" {
			continue
		}
		if lo == "" || y < lo {
			lo = y
		}
		hi = max(hi, y)
	}
	switch {
	case lo == "":
		return "undated"
	case lo == hi:
		return lo
	}
	return lo + "-" + hi
}

var yearRe = regexp.MustCompile(`(19|20)\d\d`)
