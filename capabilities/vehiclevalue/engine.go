package vehiclevalue

import (
	"fmt"
	"math"
	"sort"
	"strings"
	"time"
)

// Selection and outlier constants of the reference service.
const (
	// TargetComparables: widening stops at the first level with this many.
	TargetComparables = 5
	// MinComparables: below this many after outlier removal there is no
	// estimate (insufficient_market_data, not charged).
	MinComparables = 3
	// ShrinkPrior is the pseudo-observations the market default gets
	// when a fitted effect is shrunk towards it (n / (n + 8)).
	ShrinkPrior = 8
	// CallerWeight scales the weight of caller-supplied comparables.
	CallerWeight = 0.5
	// StaleAfterDays: evidence older than this (median) is stale.
	StaleAfterDays = 90
	// RecentWindowDays counts recent listings.
	RecentWindowDays = 30
)

// Fallback levels, narrowest first.
var levels = []string{"same_trim_same_year", "same_trim_year_plus_minus_1", "same_model_year_plus_minus_1", "same_model_year_plus_minus_2",
	"regional_same_model_year_plus_minus_2"}

var levelDescriptions = map[string]string{
	"same_trim_same_year":                   "Same trim and model year in the local market.",
	"same_trim_year_plus_minus_1":           "Same trim within ±1 model year in the local market.",
	"same_model_year_plus_minus_1":          "Same model (any trim) within ±1 model year in the local market.",
	"same_model_year_plus_minus_2":          "Same model (any trim) within ±2 model years in the local market.",
	"regional_same_model_year_plus_minus_2": "Same model within ±2 model years across the local and regional markets.",
}

// subject is the vehicle valued, normalised.
type subject struct {
	make, model          Name
	year                 int
	trim, trimKey        string
	trimWords            []string
	mileage              *int
	condition            string
	country              string
	market               Market
	city, cityKey        string
	currency             string
	fuel, trans, body    string
	drive, engine, color string
	accident, service    string
	owners               *int
	options, premium     []string
	asking               *float64
	day                  time.Time // valuation day, UTC midnight
	ageYears             float64
	vin                  string
}

// scored is one eligible comparable, priced in the result currency.
type scored struct {
	l      Listing
	price  float64
	sim    float64 // similarity, 0-1
	weight float64 // sim (≥ 0.05) × source factor
	trim   string  // exact, partial, different, unknown
	local  bool
	city   bool
	age    *int // days before the valuation day
	kind   string
}

// Similarity weights. Only what does not depend on the subject's model
// year, mileage or condition: those are normalised for (year and mileage
// effects, condition adjustment), never weighted by, so that for the same
// evidence an older year, more kilometres or a worse condition can never
// raise the value.
const (
	wTrim     = 0.35
	wLocation = 0.25
	wFuelTx   = 0.10
	wBodyDr   = 0.10
	wRecency  = 0.20
)

func trimMatch(s *subject, l Listing) (float64, string) {
	if s.trimKey == "" || Key(l.Trim) == "" {
		if s.trimKey == "" {
			return 0.5, "unknown"
		}
		return 0.4, "unknown"
	}
	if Key(l.Trim) == s.trimKey {
		return 1, "exact"
	}
	theirs := map[string]bool{}
	for _, t := range trimTokens(l.Trim) {
		theirs[t] = true
	}
	union := len(theirs)
	shared := 0
	for _, t := range s.trimWords {
		if theirs[t] {
			shared++
		} else {
			union++
		}
	}
	if shared > 0 {
		return 0.4 + 0.4*float64(shared)/float64(union), "partial"
	}
	return 0, "different"
}

func attrMatch(a, b string) float64 {
	if a == "" || b == "" {
		return 0.6
	}
	if a == b {
		return 1
	}
	return 0
}

func recency(days *int) float64 {
	switch {
	case days == nil:
		return 0
	case *days <= 30:
		return 1
	case *days <= 180:
		return 1 - 0.8*float64(*days-30)/150
	case *days <= 365:
		return 0.2 * (1 - float64(*days-180)/185)
	}
	return 0
}

func score(s *subject, l Listing, price float64, kind string) scored {
	c := scored{l: l, price: price, kind: kind, local: l.Country == s.country}
	trim, match := trimMatch(s, l)
	c.trim = match
	loc := 0.35
	if c.local {
		loc = 0.8
		if s.cityKey != "" && Key(l.City) != "" {
			c.city = Key(l.City) == s.cityKey
			loc = 0.7
			if c.city {
				loc = 1
			}
		}
	}
	if !l.ListedOn.IsZero() {
		d := int(math.Max(0, math.Floor(s.day.Sub(l.ListedOn).Hours()/24)))
		c.age = &d
	}
	c.sim = wTrim*trim + wLocation*loc + wFuelTx*(attrMatch(s.fuel, l.FuelType)+attrMatch(s.trans, l.Transmission))/2 +
		wBodyDr*(attrMatch(s.body, l.BodyType)+attrMatch(s.drive, l.Drivetrain))/2 + wRecency*recency(c.age)
	c.sim = math.Round(c.sim*10_000) / 10_000
	c.weight = math.Max(c.sim, 0.05)
	if kind == "caller" {
		c.weight *= CallerWeight
	}
	return c
}

// pool is the eligible evidence.
type pool struct {
	eligible         []scored
	currencyExcluded int
	outOfWindow      int
	otherModel       int
}

// preparePool keeps the listings of the subject's make and model, in its
// country or a regional one, within ±2 model years, observed on or before
// the valuation day and within maxAge days, priced in the result currency
// (no exchange rates: other currencies are counted, never converted).
func preparePool(s *subject, ls []Listing, kinds []string, maxAge int) pool {
	var p pool
	allowed := map[string]bool{s.country: true}
	for _, c := range s.market.Regional {
		allowed[c] = true
	}
	for i, l := range ls {
		if Key(l.Make) != s.make.Key || Key(l.Model) != s.model.Key {
			p.otherModel++
			continue
		}
		if !allowed[l.Country] || abs(l.Year-s.year) > 2 {
			continue
		}
		if !l.ListedOn.IsZero() && (l.ListedOn.After(s.day) || s.day.Sub(l.ListedOn) > time.Duration(maxAge)*24*time.Hour) {
			p.outOfWindow++
			continue
		}
		if l.Currency != s.currency || !(l.Price > 0) || math.IsInf(l.Price, 0) {
			p.currencyExcluded++
			continue
		}
		p.eligible = append(p.eligible, score(s, l, l.Price, kinds[i]))
	}
	return p
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func inLevel(s *subject, c scored, level string) bool {
	dy := abs(c.l.Year - s.year)
	switch level {
	case "same_trim_same_year":
		return c.local && c.trim == "exact" && dy == 0
	case "same_trim_year_plus_minus_1":
		return c.local && c.trim == "exact" && dy <= 1
	case "same_model_year_plus_minus_1":
		return c.local && dy <= 1
	case "same_model_year_plus_minus_2":
		return c.local && dy <= 2
	}
	return dy <= 2
}

// selectLevel widens until a level has TargetComparables; otherwise the
// level with the most (the narrower on ties), when it has MinComparables.
func selectLevel(s *subject, eligible []scored) (string, []scored) {
	var bestLevel string
	var best []scored
	for _, level := range levels {
		if s.trimKey == "" && strings.HasPrefix(level, "same_trim") {
			continue
		}
		if strings.HasPrefix(level, "regional") && len(s.market.Regional) == 0 {
			continue
		}
		var sel []scored
		for _, c := range eligible {
			if inLevel(s, c, level) {
				sel = append(sel, c)
			}
		}
		if len(sel) >= TargetComparables {
			return level, sel
		}
		if len(sel) > len(best) || bestLevel == "" {
			bestLevel, best = level, sel
		}
	}
	return bestLevel, best
}

// fit is the year and mileage effects on log price.
type fit struct {
	yearCoef  float64 // log value per model year newer
	yearBasis string  // market_derived, heuristic, not_needed
	kmCoef    float64 // log value per +10,000 km
	kmBasis   string  // market_derived, heuristic, not_applied
	poolKm    float64 // median mileage of the comparables that state one
}

// Bounds a fitted effect must fall in to be used.
const (
	yearMin, yearMax = 0.01, 0.35
	kmMin, kmMax     = -0.06, -0.0005
)

func fitEffects(s *subject, rows []scored, prices []float64) fit {
	hy := -math.Log(1 - s.market.FallbackDepreciation)
	hk := math.Log(1 - s.market.FallbackPer10000Km)
	years := map[int]bool{}
	yearNeeded := false
	var withKm []int
	for i, r := range rows {
		years[r.l.Year] = true
		if r.l.Year != s.year {
			yearNeeded = true
		}
		if r.l.MileageKm != nil {
			withKm = append(withKm, i)
		}
	}
	kmRelevant := s.mileage != nil && len(withKm) > 0
	var kms []float64
	kmYears := map[int]bool{}
	for _, i := range withKm {
		kms = append(kms, float64(*rows[i].l.MileageKm))
		kmYears[rows[i].l.Year] = true
	}
	canYear := len(rows) >= 6 && len(years) >= 2
	canKm := kmRelevant && len(withKm) >= 6 && quantile(kms, 0.75)-quantile(kms, 0.25) >= 10_000
	dy := func(i int) float64 { return float64(rows[i].l.Year - s.year) }
	dk := func(i int) float64 { return float64(*rows[i].l.MileageKm-*s.mileage) / 10_000 }
	yc, kc := math.NaN(), math.NaN()
	if canYear && canKm && len(kmYears) >= 2 {
		var ps []point
		for _, i := range withKm {
			ps = append(ps, point{math.Log(prices[i]), []float64{dy(i), dk(i)}, rows[i].weight})
		}
		if b := wls(ps); b != nil {
			yc, kc = b[1], b[2]
		}
	}
	if math.IsNaN(yc) && canYear {
		var ps []point
		for i := range rows {
			ps = append(ps, point{math.Log(prices[i]), []float64{dy(i)}, rows[i].weight})
		}
		if b := wls(ps); b != nil {
			yc = b[1]
		}
	}
	if math.IsNaN(kc) && canKm {
		var ps []point
		for _, i := range withKm {
			ps = append(ps, point{math.Log(prices[i]), []float64{dk(i)}, rows[i].weight})
		}
		if b := wls(ps); b != nil {
			kc = b[1]
		}
	}
	shrink := func(derived, prior float64, n int) float64 {
		return (float64(n)*derived + ShrinkPrior*prior) / float64(n+ShrinkPrior)
	}
	f := fit{yearCoef: hy, yearBasis: "heuristic", kmCoef: hk, kmBasis: "heuristic"}
	if len(kms) > 0 {
		f.poolKm = median(kms)
	}
	if yc >= yearMin && yc <= yearMax {
		f.yearCoef, f.yearBasis = shrink(yc, hy, len(rows)), "market_derived"
	}
	if !yearNeeded {
		f.yearBasis = "not_needed"
	}
	switch {
	case !kmRelevant:
		f.kmCoef, f.kmBasis = 0, "not_applied"
	case kc >= kmMin && kc <= kmMax:
		f.kmCoef, f.kmBasis = shrink(kc, hk, len(withKm)), "market_derived"
	}
	return f
}

func (f fit) yearFactor(s *subject, r scored) float64 {
	return math.Exp(f.yearCoef * float64(s.year-r.l.Year))
}

// kmFactor moves a comparable's price to the subject's mileage; one
// without a mileage is taken to be at the pool's median mileage, so that
// every price moves alike when the subject's mileage changes.
func (f fit) kmFactor(s *subject, r scored) float64 {
	if f.kmBasis == "not_applied" {
		return 1
	}
	km := f.poolKm
	if r.l.MileageKm != nil {
		km = float64(*r.l.MileageKm)
	}
	return math.Exp(f.kmCoef * (float64(*s.mileage) - km) / 10_000)
}

// keepMask marks the inliers of log values: Tukey fences (1.5 IQR, IQR at
// least 0.02) from 5 values, modified z-score ≤ 3.5 for 4, all otherwise.
func keepMask(logs []float64) []bool {
	keep := make([]bool, len(logs))
	for i := range keep {
		keep[i] = true
	}
	switch n := len(logs); {
	case n >= 5:
		q1, q3 := quantile(logs, 0.25), quantile(logs, 0.75)
		iqr := math.Max(q3-q1, 0.02)
		for i, v := range logs {
			keep[i] = v >= q1-1.5*iqr && v <= q3+1.5*iqr
		}
	case n == 4:
		m, d := median(logs), mad(logs)
		if d > 0 {
			for i, v := range logs {
				keep[i] = math.Abs(0.6745*(v-m)/d) <= 3.5
			}
		}
	}
	return keep
}

// aligned is one pass of fit, trim alignment and normalisation.
type aligned struct {
	fit         fit
	trimFactor  []float64
	trimMeasure bool
	normalized  []float64
}

// trimFactors align other trims to the subject's in model-level pools:
// each trim with at least 2 comparables is scaled by median(subject's
// trim) / median(its trim), on year- and mileage-normalised prices, within
// ±30 %; only when the subject's trim has 2 or more comparables.
func trimFactors(s *subject, rows []scored, norm []float64, level string) ([]float64, bool) {
	ones := make([]float64, len(rows))
	for i := range ones {
		ones[i] = 1
	}
	if s.trimKey == "" || strings.HasPrefix(level, "same_trim") {
		return ones, false
	}
	groups := map[string][]float64{}
	for i, r := range rows {
		if k := Key(r.l.Trim); k != "" {
			groups[k] = append(groups[k], norm[i])
		}
	}
	own := groups[s.trimKey]
	if len(own) < 2 || len(groups) < 2 {
		return ones, false
	}
	ref := median(own)
	out := make([]float64, len(rows))
	for i, r := range rows {
		out[i] = 1
		if g := groups[Key(r.l.Trim)]; len(g) >= 2 {
			out[i] = clamp(ref/median(g), 0.7, 1/0.7)
		}
	}
	return out, true
}

func alignAndFit(s *subject, rows []scored, level string) aligned {
	prices := make([]float64, len(rows))
	for i, r := range rows {
		prices[i] = r.price
	}
	f := fitEffects(s, rows, prices)
	norm := make([]float64, len(rows))
	for i, r := range rows {
		norm[i] = r.price * f.yearFactor(s, r) * f.kmFactor(s, r)
	}
	factors, measured := trimFactors(s, rows, norm, level)
	if measured {
		for i := range prices {
			prices[i] *= factors[i]
		}
		f = fitEffects(s, rows, prices)
	}
	for i, r := range rows {
		norm[i] = prices[i] * f.yearFactor(s, r) * f.kmFactor(s, r)
	}
	return aligned{fit: f, trimFactor: factors, trimMeasure: measured, normalized: norm}
}

// valuation is the core result.
type valuation struct {
	used        []scored
	outliers    int
	al          aligned
	dispersion  float64 // robust, on log normalised prices; NaN below 2
	marketKm    float64 // weighted median mileage of the comparables; NaN when none
	fairBase    float64 // fair value before vehicle-specific adjustments
	mid         float64
	adjustments []Adjustment
	heuristic   bool
	notes       []string
}

// Vehicle-specific heuristic adjustments (fractions of value).
var (
	conditionPct = map[string]float64{"excellent": 0.04, "very_good": 0.02, "good": 0, "fair": -0.06, "poor": -0.15}
	conditionOrd = []string{"poor", "fair", "good", "very_good", "excellent"}
	accidentPct  = map[string]float64{"none": 0, "minor_cosmetic": -0.03, "repaired": -0.10, "structural": -0.25, "reported": -0.10, "unknown": 0}
	servicePct   = map[string]float64{"full": 0.015, "partial": 0, "none": -0.04, "unknown": 0}
)

// Heuristic adjustments are capped in total to this range.
const heuristicMin, heuristicMax = -0.35, 0.06

func weights(rows []scored) []float64 {
	w := make([]float64, len(rows))
	for i, r := range rows {
		w[i] = r.weight
	}
	return w
}

func value(s *subject, selected []scored, level string) valuation {
	first := alignAndFit(s, selected, level)
	logs := make([]float64, len(selected))
	for i, v := range first.normalized {
		logs[i] = math.Log(v)
	}
	keep := keepMask(logs)
	var used []scored
	for i, k := range keep {
		if k {
			used = append(used, selected[i])
		}
	}
	v := valuation{used: used, outliers: len(selected) - len(used), al: first}
	if v.outliers > 0 {
		v.al = alignAndFit(s, used, level)
	}
	if len(used) < MinComparables {
		return v
	}
	f, w := v.al.fit, weights(used)
	raw, yearOnly, yearAligned := make([]float64, len(used)), make([]float64, len(used)), make([]float64, len(used))
	var kms, kmW, years, logNorm []float64
	minY, maxY := used[0].l.Year, used[0].l.Year
	for i, r := range used {
		raw[i] = r.price
		yearOnly[i] = r.price * f.yearFactor(s, r)
		yearAligned[i] = r.price * v.al.trimFactor[i] * f.yearFactor(s, r)
		if r.l.MileageKm != nil {
			kms, kmW = append(kms, float64(*r.l.MileageKm)), append(kmW, w[i])
		}
		years = append(years, float64(r.l.Year))
		logNorm = append(logNorm, math.Log(v.al.normalized[i]))
		minY, maxY = min(minY, r.l.Year), max(maxY, r.l.Year)
	}
	rawM, yearM, alignedM := weightedMedian(raw, w), weightedMedian(yearOnly, w), weightedMedian(yearAligned, w)
	v.marketKm = math.NaN()
	if len(kms) > 0 {
		v.marketKm = weightedMedian(kms, kmW)
	}
	mileageImpact := 0.0
	if f.kmBasis != "not_applied" && !math.IsNaN(v.marketKm) {
		mileageImpact = alignedM * (math.Exp(f.kmCoef*(float64(*s.mileage)-v.marketKm)/10_000) - 1)
	}
	v.dispersion = math.NaN()
	if len(used) >= 2 {
		v.dispersion = 1.4826 * mad(logNorm)
	}
	push := func(factor string, amount, base float64, basis, reason string) {
		if math.Abs(amount) < 1e-9 {
			return
		}
		v.adjustments = append(v.adjustments, Adjustment{Factor: factor, ImpactAmount: amount, ImpactPercent: amount / base * 100, Basis: basis, Reason: reason})
	}
	if f.yearBasis != "not_needed" {
		push("model_year", yearM-rawM, rawM, f.yearBasis, fmt.Sprintf("Comparables span model years %d-%d (weighted median %.0f); prices were aligned to %d with a %s year effect of %.1f%% per model year.",
			minY, maxY, weightedMedian(years, w), s.year, basisWords(f.yearBasis), (1-math.Exp(-f.yearCoef))*100))
	}
	if v.al.trimMeasure {
		push("trim", alignedM-yearM, yearM, "market_derived", fmt.Sprintf("Comparables of other trims were aligned to the %s trim by the price gap measured in this pool (net %.1f%%).", s.trim, (alignedM/yearM-1)*100))
	} else if s.trimKey != "" && !strings.HasPrefix(level, "same_trim") {
		v.notes = append(v.notes, fmt.Sprintf("Too few %s comparables to measure a trim price gap; other trims were used without a trim adjustment (model-level estimate).", s.trim))
	}
	if f.kmBasis != "not_applied" && !math.IsNaN(v.marketKm) {
		dir := "equal to"
		if float64(*s.mileage) > v.marketKm {
			dir = "above"
		} else if float64(*s.mileage) < v.marketKm {
			dir = "below"
		}
		push("mileage", mileageImpact, alignedM, f.kmBasis, fmt.Sprintf("Mileage (%d km) is %s the comparables' median (%.0f km); the %s mileage effect is %.2f%% per 10,000 km.",
			*s.mileage, dir, v.marketKm, basisWords(f.kmBasis), (math.Exp(f.kmCoef)-1)*100))
	}
	base := alignedM + mileageImpact
	norm := v.al.normalized
	if strings.HasPrefix(level, "regional") {
		local := make([]bool, len(used))
		all := make([]bool, len(used))
		for i, r := range used {
			local[i], all[i] = r.local, true
		}
		if ratio, ok := groupRatio(norm, local, all, 0.15); ok {
			push("local_market", base*(ratio-1), base, "market_derived", fmt.Sprintf("%s comparables are priced %.1f%% relative to the regional pool.", s.market.Name, (ratio-1)*100))
			base *= ratio
		} else {
			v.notes = append(v.notes, fmt.Sprintf("Too few %s comparables to measure a local-versus-regional difference; regional prices were used as they are.", s.market.Name))
		}
	}
	for _, a := range []struct {
		factor, value, label string
		get                  func(Listing) string
	}{
		{"transmission", s.trans, "transmission", func(l Listing) string { return l.Transmission }},
		{"drivetrain", s.drive, "drivetrain", func(l Listing) string { return l.Drivetrain }},
		{"fuel_type", s.fuel, "fuel type", func(l Listing) string { return l.FuelType }},
	} {
		if a.value == "" {
			continue
		}
		known, same := make([]bool, len(used)), make([]bool, len(used))
		for i, r := range used {
			known[i], same[i] = a.get(r.l) != "", a.get(r.l) == a.value
		}
		if ratio, ok := groupRatio(norm, same, known, 0.10); ok {
			push(a.factor, base*(ratio-1), base, "market_derived", fmt.Sprintf("Comparables with the same %s (%s) are priced %.1f%% relative to the pool.", a.label, a.value, (ratio-1)*100))
			base *= ratio
		}
	}
	listings := 0
	for _, r := range used {
		if r.l.PriceType != "sale" {
			listings++
		}
	}
	share := float64(listings) / float64(len(used))
	negotiation := s.market.Negotiation * share
	if negotiation > 0 {
		push("listing_to_transaction", -base*negotiation, base, "heuristic", fmt.Sprintf("%.0f%% of the comparable prices are asking prices; a %.1f%% typical negotiation margin in %s converts them to fair market value.",
			share*100, s.market.Negotiation*100, s.market.Name))
	}
	v.fairBase = base * (1 - negotiation)

	type spec struct {
		factor string
		pct    float64
		reason string
	}
	var specific []spec
	if s.condition != "unknown" {
		baseline := "good"
		var ranks []float64
		for _, r := range used {
			for i, c := range conditionOrd {
				if r.l.Condition == c {
					ranks = append(ranks, float64(i))
				}
			}
		}
		if len(ranks) > 0 && len(ranks) >= (len(used)+1)/2 {
			baseline = conditionOrd[int(math.Round(median(ranks)))]
		}
		if pct := conditionPct[s.condition] - conditionPct[baseline]; pct != 0 {
			specific = append(specific, spec{"condition", pct, fmt.Sprintf("Condition %q against the comparables' typical %q (conservative, capped).", s.condition, baseline)})
		}
	}
	if pct := accidentPct[s.accident]; pct != 0 {
		reason := fmt.Sprintf("Accident history %q typically lowers resale value against comparables without a disclosed accident.", s.accident)
		if s.accident == "reported" {
			reason = "An accident was reported without a stated severity; valued as a repaired, non-structural accident (severity unverified)."
		}
		specific = append(specific, spec{"accident_history", pct, reason})
	}
	if pct := servicePct[s.service]; pct != 0 {
		if s.service == "full" {
			specific = append(specific, spec{"full_service_history", pct, "A documented full service history supports resale value."})
		} else {
			specific = append(specific, spec{"service_history", pct, "No service history lowers buyer confidence and resale value."})
		}
	}
	if s.owners != nil {
		pct := 0.0
		switch o := *s.owners; {
		case o == 1 && s.ageYears >= 3:
			pct = 0.01
		case o == 3:
			pct = -0.02
		case o >= 4:
			pct = -0.04
		}
		if pct != 0 {
			specific = append(specific, spec{"owner_count", pct, fmt.Sprintf("%d previous owner(s) over %.1f years.", *s.owners, s.ageYears)})
		}
	}
	if len(s.premium) > 0 {
		specific = append(specific, spec{"major_options", math.Min(0.02, 0.005*float64(len(s.premium))),
			fmt.Sprintf("Premium equipment (%s): a small capped uplift; comparables do not report equipment, so it is not market-derived.", strings.Join(s.premium, ", "))})
	}
	total := 0.0
	for _, a := range specific {
		total += a.pct
	}
	capped := clamp(total, heuristicMin, heuristicMax)
	scale := 1.0
	if total != 0 {
		scale = capped / total
	}
	if scale != 1 {
		v.notes = append(v.notes, fmt.Sprintf("Vehicle-specific adjustments were capped at %.0f%% in total so that they cannot outweigh the market evidence.", capped*100))
	}
	for _, a := range specific {
		push(a.factor, v.fairBase*a.pct*scale, v.fairBase, "heuristic", a.reason)
	}
	v.mid = v.fairBase * (1 + capped)
	v.heuristic = len(specific) > 0 || f.yearBasis == "heuristic" || f.kmBasis == "heuristic"
	return v
}

func basisWords(b string) string {
	if b == "market_derived" {
		return "market-derived"
	}
	return "conservative default"
}

// groupRatio is median(group) / median(known), within ±limit, when the
// group and the rest of the known values each have at least 2.
func groupRatio(prices []float64, in, known []bool, limit float64) (float64, bool) {
	var group, others, all []float64
	for i, p := range prices {
		if !known[i] {
			continue
		}
		all = append(all, p)
		if in[i] {
			group = append(group, p)
		} else {
			others = append(others, p)
		}
	}
	if len(group) < 2 || len(others) < 2 {
		return 0, false
	}
	return clamp(median(group)/median(all), 1-limit, 1+limit), true
}

// sortScored orders comparables by similarity, then source and id, so
// that output order never depends on the order sources answered in.
func sortScored(cs []scored) {
	sort.SliceStable(cs, func(i, j int) bool {
		a, b := cs[i], cs[j]
		if a.sim != b.sim {
			return a.sim > b.sim
		}
		if a.l.SourceName != b.l.SourceName {
			return a.l.SourceName < b.l.SourceName
		}
		return a.l.ID < b.l.ID
	})
}
