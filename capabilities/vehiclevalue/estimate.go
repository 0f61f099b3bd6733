package vehiclevalue

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"
)

// Disclaimer is sent with every answer.
const Disclaimer = "Estimate derived from available market evidence using deterministic methods. It is not a physical inspection, a vehicle-history check, a formal appraisal or a guarantee of sale price, and it is not financial, lending or insurance advice."

// Defaults of Deps.
const (
	DefaultSourceTimeout     = 4 * time.Second
	DefaultMaxListingAgeDays = 365
	// QueryLimit is the most listings read from the dataset, newest first.
	QueryLimit = 500
)

// Position thresholds: percent difference of askingPrice from mid.
var positionThresholds = Thresholds{WellBelow: -15, Below: -5, Above: 5, WellAbove: 15}

// fraudBelowPercent: an asking price this far under the estimate is
// flagged as a possible fraud or misdescribed vehicle.
const fraudBelowPercent = -30

// Risk flags, in the order they are listed: the reference service's, then
// Dalil's.
var riskFlagOrder = []string{
	"INSUFFICIENT_COMPARABLES", "NO_MARKET_DATA_PROVIDER", "STALE_MARKET_DATA", "HIGH_PRICE_DISPERSION", "MILEAGE_UNKNOWN",
	"TRIM_UNKNOWN", "CONDITION_UNKNOWN", "ACCIDENT_HISTORY_UNKNOWN", "ACCIDENT_SEVERITY_UNVERIFIED", "STRUCTURAL_DAMAGE_REPORTED",
	"HIGH_MILEAGE_FOR_AGE", "ASKING_PRICE_SIGNIFICANTLY_ABOVE_MARKET", "ASKING_PRICE_SIGNIFICANTLY_BELOW_MARKET",
	"CURRENCY_CONVERSION_UNAVAILABLE", "REGIONAL_FALLBACK_USED", "BROADENED_COMPARABLE_SEARCH", "HEURISTIC_ADJUSTMENTS_USED",
	"PROVIDER_PARTIAL_FAILURE", "OUTLIERS_REMOVED",
	// Dalil (issue 18).
	"MILEAGE_IMPLAUSIBLE_FOR_AGE", "VIN_CHECK_DIGIT_INVALID", "VIN_YEAR_MISMATCH", "VIN_MAKE_MISMATCH",
	"ASKING_PRICE_FAR_BELOW_MARKET_POSSIBLE_FRAUD", "FEW_COMPARABLES", "CALLER_COMPARABLES_ONLY", "SYNTHETIC_DATA_USED",
}

// gathered is the evidence from every source.
type gathered struct {
	listings []Listing
	kinds    []string // dataset, provider or caller, per listing
	runs     []ProviderRun
	sources  []SourceCoverage
	batches  []DatasetBatch
	failed   bool
}

// Estimate values the vehicle in `in` on the evidence deps can reach.
// today is the valuation day when the input names none. Errors are
// *dalil.Error for inputs a caller can fix, storage failures otherwise;
// a source that fails or times out is reported in the answer, not as an
// error.
func Estimate(ctx context.Context, deps Deps, in Input, today time.Time) (Output, error) {
	s, err := newSubject(in, today)
	if err != nil {
		return Output{}, err
	}
	maxAge := deps.MaxListingAgeDays
	if maxAge <= 0 {
		maxAge = DefaultMaxListingAgeDays
	}
	q := Query{Make: s.make, Model: s.model, YearMin: s.year - 2, YearMax: s.year + 2, Countries: append([]string{s.country}, s.market.Regional...),
		Since: s.day.AddDate(0, 0, -maxAge), Until: s.day, Limit: QueryLimit, SubjectYear: s.year, SubjectMileageKm: s.mileage,
		SubjectVIN: s.vin, SubjectCountry: s.country}
	g, err := gather(ctx, deps, s, q, in.Comparables)
	if err != nil {
		return Output{}, err
	}
	// A call past its deadline (or whose caller left) values nothing.
	if err := ctx.Err(); err != nil {
		return Output{}, err
	}
	out := build(s, g, maxAge)
	if s.vin != "" {
		check(ctx, deps, s, &out)
	}
	return out, nil
}

// gather asks every source in parallel (providers bounded by
// SourceTimeout) and adds the caller's comparables.
func gather(ctx context.Context, deps Deps, s *subject, q Query, caller []CallerComparable) (gathered, error) {
	var g gathered
	timeout := deps.SourceTimeout
	if timeout <= 0 {
		timeout = DefaultSourceTimeout
	}
	type result struct {
		ls  []Listing
		err error
	}
	results := make([]result, len(deps.Sources))
	called := make([]bool, len(deps.Sources))
	var wg sync.WaitGroup
	for i, src := range deps.Sources {
		if !slices.ContainsFunc(q.Countries, src.Covers) {
			continue
		}
		called[i] = true
		wg.Add(1)
		go func() {
			defer wg.Done()
			cctx, cancel := context.WithTimeout(ctx, timeout)
			defer cancel()
			ls, err := src.Search(cctx, q)
			if err == nil && cctx.Err() != nil {
				err = ErrTimeout
			}
			if err != nil && errors.Is(cctx.Err(), context.DeadlineExceeded) {
				err = errors.Join(ErrTimeout, err)
			}
			results[i] = result{ls, err}
		}()
	}
	if deps.Listings != nil {
		found, err := deps.Listings.Find(ctx, q)
		if err == nil {
			err = ctx.Err() // no batch lookup for a call that is over
		}
		if err != nil {
			wg.Wait()
			return g, err
		}
		g.add("listings", "dataset", true, found.Listings, nil)
		seen := map[string]bool{}
		var ids []string
		for _, l := range found.Listings {
			if l.Batch != "" && !seen[l.Batch] {
				seen[l.Batch] = true
				ids = append(ids, l.Batch)
			}
		}
		sort.Strings(ids)
		if g.batches, err = deps.Listings.Batches(ctx, ids); err != nil {
			wg.Wait()
			return g, err
		}
	} else {
		g.sources = append(g.sources, SourceCoverage{Source: "listings", Kind: "dataset", Status: "not_configured"})
	}
	wg.Wait()
	for i, src := range deps.Sources {
		if !called[i] {
			g.sources = append(g.sources, SourceCoverage{Source: src.Name(), Kind: "provider", Configured: true, Status: "not_covered"})
			continue
		}
		g.add(src.Name(), "provider", true, results[i].ls, results[i].err)
	}
	if len(caller) > 0 {
		g.add("caller", "caller", true, callerListings(s, caller), nil)
	}
	return g, nil
}

// add records one source's answer: its listings (without repeating a VIN
// already seen from an earlier source) and its coverage.
func (g *gathered) add(name, kind string, configured bool, ls []Listing, err error) {
	sc := SourceCoverage{Source: name, Kind: kind, Configured: configured, Covers: true, Status: "ok"}
	switch {
	case errors.Is(err, ErrTimeout):
		sc.Status, g.failed = "timeout", true
	case err != nil:
		sc.Status, g.failed = "error", true
	case len(ls) == 0:
		sc.Status = "empty"
	}
	vins := map[string]bool{}
	for _, l := range g.listings {
		if l.VIN != "" {
			vins[l.VIN] = true
		}
	}
	var newest time.Time
	for _, l := range ls {
		if l.VIN != "" && vins[l.VIN] {
			continue
		}
		if l.VIN != "" {
			vins[l.VIN] = true
		}
		g.listings, g.kinds = append(g.listings, l), append(g.kinds, kind)
		sc.ListingsFound++
		if l.ListedOn.After(newest) {
			newest = l.ListedOn
		}
	}
	if !newest.IsZero() {
		d := newest.Format(time.DateOnly)
		sc.FreshestDate = &d
	}
	g.sources = append(g.sources, sc)
	if kind != "caller" {
		g.runs = append(g.runs, ProviderRun{ID: name, Status: sc.Status, ComparablesReturned: sc.ListingsFound})
	}
}

func ptr[T any](v T) *T { return &v }

func str(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

// build computes the answer from the evidence (pure: no clock, no I/O).
func build(s *subject, g gathered, maxAge int) Output {
	flags := map[string]bool{}
	p := preparePool(s, g.listings, g.kinds, maxAge)
	level, selected := selectLevel(s, p.eligible)
	var v *valuation
	if level != "" && len(selected) >= MinComparables {
		val := value(s, selected, level)
		if len(val.used) >= MinComparables {
			v = &val
		}
	}
	insufficient := v == nil
	used := selected
	if v != nil {
		used = v.used
	}
	sortScored(used)

	// A market-data provider is a configured provider that covers the
	// market, or the imported listings when they hold a real listing of
	// this vehicle: synthetic demo listings are no market data.
	// liveMarketDataAvailable: a source other than the caller answered
	// with a listing that is not synthetic.
	// configured counts the sources other than the caller that were
	// asked (the assumptions say whether any was).
	configured, marketProvider, live := 0, false, false
	for i, l := range g.listings {
		if !l.Synthetic && g.kinds[i] != "caller" {
			live = true
			marketProvider = marketProvider || g.kinds[i] == "dataset"
		}
	}
	for _, sc := range g.sources {
		if sc.Configured && sc.Status != "not_covered" && sc.Kind != "caller" {
			configured++
			marketProvider = marketProvider || sc.Kind == "provider"
		}
	}
	if !marketProvider {
		flags["NO_MARKET_DATA_PROVIDER"] = true
	}
	if g.failed {
		flags["PROVIDER_PARTIAL_FAILURE"] = true
	}
	if p.currencyExcluded > 0 {
		flags["CURRENCY_CONVERSION_UNAVAILABLE"] = true
	}
	if s.mileage == nil {
		flags["MILEAGE_UNKNOWN"] = true
	}
	if s.trimKey == "" {
		flags["TRIM_UNKNOWN"] = true
	}
	if s.condition == "unknown" {
		flags["CONDITION_UNKNOWN"] = true
	}
	switch s.accident {
	case "unknown":
		flags["ACCIDENT_HISTORY_UNKNOWN"] = true
	case "reported":
		flags["ACCIDENT_SEVERITY_UNVERIFIED"] = true
	case "structural":
		flags["STRUCTURAL_DAMAGE_REPORTED"] = true
	}
	var expectedKm, vsExpected *float64
	if s.ageYears >= 0.5 {
		expectedKm = ptr(math.Round(s.ageYears * s.market.ExpectedAnnualKm))
		if s.mileage != nil {
			vsExpected = ptr(roundTo((float64(*s.mileage) / *expectedKm - 1)*100, 1))
			if *vsExpected > 50 {
				flags["HIGH_MILEAGE_FOR_AGE"] = true
			}
		}
	}
	if implausibleMileage(s) {
		flags["MILEAGE_IMPLAUSIBLE_FOR_AGE"] = true
	}
	if insufficient {
		flags["INSUFFICIENT_COMPARABLES"] = true
	}
	if level == "regional_same_model_year_plus_minus_2" && slices.ContainsFunc(used, func(c scored) bool { return !c.local }) {
		flags["REGIONAL_FALLBACK_USED"] = true
	}
	if i := slices.Index(levels, level); level != "" && ((s.trimKey != "" && i > 0) || (s.trimKey == "" && i > 2)) {
		flags["BROADENED_COMPARABLE_SEARCH"] = true
	}
	var ages []float64
	callers, synthetic := 0, 0
	for _, c := range used {
		if c.age != nil {
			ages = append(ages, float64(*c.age))
		}
		if c.kind == "caller" {
			callers++
		}
		if c.l.Synthetic {
			synthetic++
		}
	}
	var medianAge *float64
	if len(ages) > 0 {
		medianAge = ptr(math.Round(median(ages)))
	}
	if !insufficient && (medianAge == nil || *medianAge > StaleAfterDays) {
		flags["STALE_MARKET_DATA"] = true
	}
	if v != nil && !math.IsNaN(v.dispersion) && v.dispersion > 0.20 {
		flags["HIGH_PRICE_DISPERSION"] = true
	}
	if v != nil && v.outliers > 0 {
		flags["OUTLIERS_REMOVED"] = true
	}
	if v != nil && v.heuristic {
		flags["HEURISTIC_ADJUSTMENTS_USED"] = true
	}
	if !insufficient && len(used) < TargetComparables {
		flags["FEW_COMPARABLES"] = true
	}
	if len(used) > 0 && callers == len(used) {
		flags["CALLER_COMPARABLES_ONLY"] = true
	}
	if synthetic > 0 {
		flags["SYNTHETIC_DATA_USED"] = true
	}

	syntheticShare := 0.0
	if len(used) > 0 {
		syntheticShare = float64(synthetic) / float64(len(used))
	}
	conf := confidence(s, used, v, medianAge, flags["REGIONAL_FALLBACK_USED"], insufficient, syntheticShare)
	out := Output{
		Status: StatusEstimated, ValuationDate: s.day.Format(time.DateOnly), Currency: s.currency,
		Adjustments: []Adjustment{}, MarketComparables: []Comparable{}, Assumptions: []string{}, Warnings: []string{}, Datasets: []DatasetUse{},
		Confidence: conf, Disclaimer: Disclaimer,
	}
	if insufficient {
		out.Status = StatusInsufficient
	}
	out.Vehicle = Vehicle{Make: s.make.Display, Model: s.model.Display, Year: s.year, Trim: str(s.trim), MileageKm: s.mileage, Condition: s.condition,
		Country: s.market.Name, CountryCode: s.country, City: str(s.city), FuelType: str(s.fuel), Transmission: str(s.trans), BodyType: str(s.body),
		Drivetrain: str(s.drive), Engine: str(s.engine), AccidentHistory: s.accident, ServiceHistory: s.service, Owners: s.owners, Color: str(s.color),
		Options: s.options, VIN: str(s.vin), AgeYears: s.ageYears, ExpectedMileageKm: expectedKm, MileageVsExpectedPercent: vsExpected}

	var halfWidth, discount, privateAdj, markup *float64
	if v != nil {
		hw := clamp(0.5*nanTo(v.dispersion, 0.15)+0.15*(1-conf.Score)+0.02, 0.04, 0.40)
		mid := roundPrice(v.mid)
		low, high := math.Min(mid, roundPrice(v.mid*(1-hw))), math.Max(mid, roundPrice(v.mid*(1+hw)))
		out.EstimatedValue = &ValueRange{Low: low, Mid: mid, High: high, Currency: s.currency}
		m := s.market
		d := m.DealerBuy[1] - (m.DealerBuy[1]-m.DealerBuy[0])*conf.Score
		pa := m.Private[0] + (m.Private[1]-m.Private[0])*conf.Score
		mk := m.Retail[0] + (m.Retail[1]-m.Retail[0])*conf.Score
		buy, retail := roundPrice(v.mid*(1-d)), roundPrice(v.mid*(1+mk))
		out.EstimatedDealerBuyPrice, out.EstimatedDealerRetailPrice = &buy, &retail
		out.EstimatedPrivateSalePrice = ptr(math.Min(retail, math.Max(buy, roundPrice(v.mid*(1+pa)))))
		halfWidth, discount, privateAdj, markup = ptr(roundTo(hw*100, 1)), ptr(roundTo(d*100, 1)), ptr(roundTo(pa*100, 1)), ptr(roundTo(mk*100, 1))
		if s.asking != nil {
			diff := roundTo(*s.asking-mid, 2)
			pct := roundTo(diff/mid*100, 2)
			pos := position(pct)
			switch pos {
			case "well_above_market":
				flags["ASKING_PRICE_SIGNIFICANTLY_ABOVE_MARKET"] = true
			case "well_below_market":
				flags["ASKING_PRICE_SIGNIFICANTLY_BELOW_MARKET"] = true
			}
			if pct <= fraudBelowPercent {
				flags["ASKING_PRICE_FAR_BELOW_MARKET_POSSIBLE_FRAUD"] = true
				out.Warnings = append(out.Warnings, fmt.Sprintf("The asking price is %.0f%% under the estimate: far below market. Check the vehicle's identity, title and history, and never pay before inspection; this pattern is common in fraudulent listings.", -pct))
			}
			out.AskingPriceAnalysis = &AskingPriceAnalysis{AskingPrice: *s.asking, DifferenceFromMid: diff, DifferencePercent: pct, MarketPosition: pos,
				WithinEstimatedRange: *s.asking >= low && *s.asking <= high, ThresholdsPercent: positionThresholds}
		}
		for _, a := range v.adjustments {
			a.ImpactAmount = math.Round(a.ImpactAmount/(priceStep(v.mid)/10)) * (priceStep(v.mid) / 10)
			a.ImpactPercent = roundTo(a.ImpactPercent, 1)
			out.Adjustments = append(out.Adjustments, a)
		}
	}
	out.Depreciation = depreciation(s, used, v, out.EstimatedValue)

	// Comparables shown: the first 10 by similarity, with their weight.
	totalW := 0.0
	for _, c := range used {
		totalW += c.weight
	}
	for i, c := range used {
		if i == 10 {
			break
		}
		out.MarketComparables = append(out.MarketComparables, comparableOut(s, c, totalW))
	}
	var prices, kms []float64
	var observed []string
	recent := 0
	for _, c := range used {
		prices = append(prices, c.price)
		if c.l.MileageKm != nil {
			kms = append(kms, float64(*c.l.MileageKm))
		}
		if !c.l.ListedOn.IsZero() {
			observed = append(observed, c.l.ListedOn.Format(time.DateOnly))
		}
		if c.age != nil && *c.age <= RecentWindowDays {
			recent++
		}
	}
	sort.Strings(observed)
	out.MarketStats = MarketStats{ComparableCount: len(used), ComparablesConsidered: len(p.eligible), RecentListingCount: recent,
		CurrencyExcludedCount: p.currencyExcluded, CallerSuppliedCount: callers}
	if len(prices) > 0 {
		out.MarketStats.MedianPrice, out.MarketStats.AveragePrice = ptr(roundTo(median(prices), 2)), ptr(roundTo(mean(prices), 2))
	}
	if len(kms) > 0 {
		out.MarketStats.MedianMileageKm = ptr(math.Round(median(kms)))
	}
	out.Methodology = Methodology{OutlierMethod: "Tukey IQR fences (1.5 IQR) on log normalised price from 5 comparables; modified z-score above 3.5 (MAD) for 4.",
		YearEffect: YearEffect{Basis: "not_needed"}, MileageEffect: MileageEffect{Basis: "not_applied"},
		RangeHalfWidthPercent: halfWidth, DealerBuyDiscountPercent: discount, PrivateSaleAdjustmentPercent: privateAdj, DealerRetailMarkupPercent: markup}
	if v != nil {
		out.MarketStats.OutliersExcluded = v.outliers
		if !math.IsNaN(v.dispersion) {
			out.MarketStats.PriceDispersionPercent = ptr(roundTo(v.dispersion*100, 1))
		}
		f := v.al.fit
		if f.kmBasis == "market_derived" {
			out.MarketStats.PricePerKmAdjustment = ptr(roundTo(v.mid*(math.Exp(f.kmCoef/10)-1), 2))
		}
		out.Methodology.FallbackLevel, out.Methodology.FallbackLevelDescription = ptr(level), ptr(levelDescriptions[level])
		out.Methodology.YearEffect.Basis, out.Methodology.MileageEffect.Basis = f.yearBasis, f.kmBasis
		if f.yearBasis != "not_needed" {
			out.Methodology.YearEffect.AnnualPercent = ptr(roundTo((1-math.Exp(-f.yearCoef))*100, 2))
		}
		if f.kmBasis != "not_applied" {
			out.Methodology.MileageEffect.PercentPer10000K = ptr(roundTo((math.Exp(f.kmCoef)-1)*100, 2))
		}
		out.Methodology.ListingNegotiationDiscountPercent = ptr(roundTo(s.market.Negotiation*100, 1))
	}
	out.DataFreshness = DataFreshness{MedianComparableAgeDays: medianAge, RecentListingCount: recent, RecentWindowDays: RecentWindowDays}
	if len(observed) > 0 {
		out.DataFreshness.OldestComparableAt, out.DataFreshness.LatestComparableAt = &observed[0], &observed[len(observed)-1]
	}
	out.MarketCoverage = MarketCoverage{CountryCode: s.country, Country: s.market.Name, Region: s.market.Region, ValuationParametersConfigured: s.market.Configured,
		MarketDataProviders: append([]ProviderRun{}, g.runs...), LiveMarketDataAvailable: live, RegionalFallbackCountries: append([]string{}, s.market.Regional...),
		Sources: append([]SourceCoverage{}, g.sources...)}
	out.Datasets = datasetUses(g.batches, used)
	out.Assumptions = assumptions(s, v, flags, insufficient, configured)
	out.Warnings = append(out.Warnings, warnings(used, callers, synthetic, g)...)
	for _, f := range riskFlagOrder {
		if flags[f] {
			out.RiskFlags = append(out.RiskFlags, f)
		}
	}
	if out.RiskFlags == nil {
		out.RiskFlags = []string{}
	}
	return out
}

func nanTo(x, def float64) float64 {
	if math.IsNaN(x) {
		return def
	}
	return x
}

func position(pct float64) string {
	t := positionThresholds
	switch {
	case pct <= t.WellBelow:
		return "well_below_market"
	case pct <= t.Below:
		return "below_market"
	case pct < t.Above:
		return "near_market"
	case pct < t.WellAbove:
		return "above_market"
	}
	return "well_above_market"
}

// implausibleMileage: more than 2.5 times the market's expected distance
// for the age, more than 150,000 km a year, or under 2 % of the expected
// distance for a vehicle 5 years or older (a likely odometer rollback or
// a typo).
func implausibleMileage(s *subject) bool {
	if s.mileage == nil {
		return false
	}
	km := float64(*s.mileage)
	age := math.Max(s.ageYears, 0.5)
	expected := age * s.market.ExpectedAnnualKm
	return km > 2.5*expected || km/age > 150_000 || (s.ageYears >= 5 && km < 0.02*expected)
}

func comparableOut(s *subject, c scored, totalW float64) Comparable {
	out := Comparable{Make: c.l.Make, Model: c.l.Model, Year: c.l.Year, Trim: str(c.l.Trim), MileageKm: c.l.MileageKm, AskingPrice: roundTo(c.price, 2),
		Currency: s.currency, OriginalAskingPrice: c.l.Price, OriginalCurrency: c.l.Currency, Country: c.l.Country, City: str(c.l.City),
		SourceName: c.l.SourceName, SourceURL: str(c.l.SourceURL), PriceType: "listing", SimilarityScore: roundTo(c.sim, 2),
		Distance: Distance{Years: c.l.Year - s.year, Trim: c.trim}, Source: c.kind, CallerSupplied: c.kind == "caller", Synthetic: c.l.Synthetic}
	if c.l.PriceType == "sale" {
		out.PriceType = "sale"
	}
	if !c.l.ListedOn.IsZero() {
		out.ObservedAt = ptr(c.l.ListedOn.Format(time.DateOnly))
	}
	if s.mileage != nil && c.l.MileageKm != nil {
		out.Distance.Km = ptr(*c.l.MileageKm - *s.mileage)
	}
	if totalW > 0 {
		out.Weight = roundTo(c.weight/totalW, 3)
	}
	return out
}

// depreciation uses a new price when one is known: the median MSRP the
// listings of the subject's model year state, from 3 of them.
func depreciation(s *subject, used []scored, v *valuation, est *ValueRange) Depreciation {
	var d Depreciation
	if v != nil && v.al.fit.yearBasis == "market_derived" {
		d.MarketImpliedAnnualDepreciation = ptr(roundTo((1-math.Exp(-v.al.fit.yearCoef))*100, 2))
	}
	var msrps []float64
	sources := map[string]bool{}
	for _, c := range used {
		if c.l.MSRP > 0 && c.l.Year == s.year && c.l.Currency == s.currency {
			msrps = append(msrps, c.l.MSRP)
			sources[c.l.SourceName] = true
		}
	}
	if len(msrps) < 3 {
		return d
	}
	orig := roundPrice(median(msrps))
	names := make([]string, 0, len(sources))
	for n := range sources {
		names = append(names, n)
	}
	sort.Strings(names)
	d.EstimatedOriginalPrice = &orig
	d.OriginalPriceSource = ptr(fmt.Sprintf("median MSRP of %d listings (%s)", len(msrps), strings.Join(names, ", ")))
	if est != nil {
		d.TotalDepreciationAmount = ptr(orig - est.Mid)
		d.TotalDepreciationPercent = ptr(roundTo((orig-est.Mid)/orig*100, 2))
		if s.ageYears >= 1 && est.Mid < orig {
			d.EstimatedAnnualDepreciationPercent = ptr(roundTo((1-math.Pow(est.Mid/orig, 1/s.ageYears))*100, 2))
		}
	}
	return d
}

func datasetUses(batches []DatasetBatch, used []scored) []DatasetUse {
	count := map[string]int{}
	for _, c := range used {
		if c.l.Batch != "" {
			count[c.l.Batch]++
		}
	}
	out := []DatasetUse{}
	for _, b := range batches {
		if count[b.ID] == 0 {
			continue
		}
		out = append(out, DatasetUse{Batch: b.ID, Source: b.Source, License: b.License, RetrievedAt: b.RetrievedAt.UTC().Format(time.DateOnly),
			Synthetic: b.Synthetic, Used: count[b.ID]})
	}
	return out
}

func assumptions(s *subject, v *valuation, flags map[string]bool, insufficient bool, configured int) []string {
	out := []string{
		"The vehicle has clear title, with no outstanding finance, liens or registration restrictions.",
		"The estimate reflects the market evidence available, not a physical inspection or a vehicle-history report.",
	}
	switch s.accident {
	case "none":
		out = append(out, "No undisclosed accident or structural damage; the stated accident history was not verified.")
	case "unknown":
		out = append(out, "Accident history is unknown; the vehicle is valued as without an accident, which overstates its value if it had one.")
	case "reported":
		out = append(out, "An accident was reported without its severity; it is valued as a repaired, non-structural accident.")
	default:
		out = append(out, fmt.Sprintf("Accident severity (%q) is as stated and was not verified.", s.accident))
	}
	if s.condition == "unknown" {
		out = append(out, "Condition is unknown; the vehicle is valued at the comparables' typical condition.")
	}
	if s.mileage == nil {
		out = append(out, "Mileage is unknown; the vehicle is valued at the comparables' typical mileage.")
	}
	if s.color != "" || s.engine != "" {
		out = append(out, "Colour and engine description are recorded but not priced.")
	}
	if v != nil {
		out = append(out, v.notes...)
	}
	if flags["CURRENCY_CONVERSION_UNAVAILABLE"] {
		out = append(out, fmt.Sprintf("Evidence priced in a currency other than %s was left out: no exchange-rate source is configured, and rates are never guessed.", s.currency))
	}
	if insufficient {
		if configured == 0 {
			out = append(out, fmt.Sprintf("No market-data source covering %s is configured on this deployment, so no comparable evidence could be consulted.", s.market.Name))
		} else {
			out = append(out, fmt.Sprintf("Fewer than %d usable comparables were found for this vehicle in %s or its regional markets.", MinComparables, s.market.Name))
		}
		out = append(out, "No estimate is made without comparable evidence: nothing is fabricated from a depreciation model alone.")
	}
	if !s.market.Configured {
		out = append(out, fmt.Sprintf("%s has no dedicated valuation parameters; generic conservative defaults were used for spreads and fallbacks.", s.market.Name))
	}
	return out
}

func warnings(used []scored, callers, synthetic int, g gathered) []string {
	var out []string
	if synthetic > 0 {
		out = append(out, fmt.Sprintf("Synthetic demo data: %d of the %d comparables are made-up demo listings, not market data. Do not rely on this estimate.", synthetic, len(used)))
	}
	if callers > 0 {
		out = append(out, fmt.Sprintf("%d comparables were supplied by the caller: they are unverified and weigh half as much as market evidence.", callers))
	}
	for _, sc := range g.sources {
		if sc.Status == "timeout" || sc.Status == "error" {
			out = append(out, fmt.Sprintf("Source %s did not answer (%s); the estimate uses the other sources.", sc.Source, sc.Status))
		}
	}
	return out
}

// check validates the VIN and asks the decoder and the predictor, when
// configured; their failures are noted, never fatal.
func check(ctx context.Context, deps Deps, s *subject, out *Output) {
	vc := CheckVIN(s.vin, s.year)
	flag := func(f string) {
		if !slices.Contains(out.RiskFlags, f) {
			out.RiskFlags = append(out.RiskFlags, f)
			sort.SliceStable(out.RiskFlags, func(i, j int) bool {
				return slices.Index(riskFlagOrder, out.RiskFlags[i]) < slices.Index(riskFlagOrder, out.RiskFlags[j])
			})
		}
	}
	if vc.CheckDigit == "invalid" {
		flag("VIN_CHECK_DIGIT_INVALID")
	}
	if vc.ModelYear == "mismatch" {
		flag("VIN_YEAR_MISMATCH")
	}
	timeout := deps.SourceTimeout
	if timeout <= 0 {
		timeout = DefaultSourceTimeout
	}
	if deps.VIN != nil {
		cctx, cancel := context.WithTimeout(ctx, timeout)
		dec, err := deps.VIN.Decode(cctx, s.vin, s.year)
		cancel()
		if err != nil {
			vc.Notes = append(vc.Notes, "The VIN decoder did not answer; the VIN was checked locally only.")
		} else {
			if dec.Make != "" {
				m := NormalizeMake(dec.Make).Key == s.make.Key
				dec.MakeMatches = &m
				if !m {
					flag("VIN_MAKE_MISMATCH")
					vc.Notes = append(vc.Notes, fmt.Sprintf("The VIN decodes to a %s, not a %s.", dec.Make, s.make.Display))
				}
			}
			if dec.ModelYear != nil && *dec.ModelYear != s.year {
				flag("VIN_YEAR_MISMATCH")
				vc.Notes = append(vc.Notes, fmt.Sprintf("The VIN decodes to model year %d.", *dec.ModelYear))
			}
			if dec.Errors == nil {
				dec.Errors = []string{}
			}
			vc.Decoded = &dec
		}
	}
	out.VINCheck = &vc
	if deps.Predictor != nil {
		cctx, cancel := context.WithTimeout(ctx, timeout)
		q := Query{Make: s.make, Model: s.model, SubjectYear: s.year, SubjectMileageKm: s.mileage, SubjectVIN: s.vin, SubjectCountry: s.country}
		p, ok, err := deps.Predictor.Predict(cctx, q)
		cancel()
		if err == nil && ok && p.Currency == s.currency {
			out.ProviderPrediction = &ProviderPrediction{Source: deps.Predictor.Name(), Price: p.Price, Currency: p.Currency,
				Note: "The provider's own model price for this VIN, shown for reference; it is not blended into estimatedValue."}
			if p.MSRP > 0 {
				out.ProviderPrediction.MSRP = ptr(p.MSRP)
			}
		}
	}
}
