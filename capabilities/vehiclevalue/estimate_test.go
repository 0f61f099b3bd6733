package vehiclevalue

import (
	"context"
	"encoding/json"
	"errors"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"dalil"
)

// The reference service's expectations (Part 2 §5).
func TestReferenceExpectations(t *testing.T) {
	t.Run("no provider: insufficient, confidence under 0.2", func(t *testing.T) {
		out := estimate(t, Deps{}, subjectInput())
		if out.Status != StatusInsufficient || out.Confidence.Score >= 0.2 || !has(out.RiskFlags, "NO_MARKET_DATA_PROVIDER") ||
			!has(out.RiskFlags, "INSUFFICIENT_COMPARABLES") {
			t.Fatalf("status %s confidence %v flags %v", out.Status, out.Confidence.Score, out.RiskFlags)
		}
		if out.EstimatedValue != nil || out.EstimatedDealerBuyPrice != nil || out.EstimatedPrivateSalePrice != nil || out.EstimatedDealerRetailPrice != nil {
			t.Errorf("insufficient answer carries prices: %+v", out)
		}
		if charge, reason := dalil.DecideEvidence(out.Basis()); charge || !strings.HasPrefix(reason, "insufficient_market_data") {
			t.Errorf("DecideEvidence = %v, %q", charge, reason)
		}
	})
	t.Run("two listings: insufficient, both shown", func(t *testing.T) {
		out := estimate(t, Deps{Listings: &mem{ls: lc(2, 2019, "GXR")}}, subjectInput())
		if out.Status != StatusInsufficient || len(out.MarketComparables) != 2 || out.MarketStats.ComparableCount != 2 {
			t.Fatalf("status %s, %d comparables shown", out.Status, len(out.MarketComparables))
		}
		if has(out.RiskFlags, "NO_MARKET_DATA_PROVIDER") || out.Confidence.Score > 0.39 || out.EstimatedValue != nil {
			t.Errorf("flags %v confidence %v value %v", out.RiskFlags, out.Confidence.Score, out.EstimatedValue)
		}
		if charge, _ := dalil.DecideEvidence(out.Basis()); charge {
			t.Error("two listings charged")
		}
	})
	t.Run("two outliers removed move the estimate under 2 %", func(t *testing.T) {
		base := lc(10, 2019, "GXR")
		clean := estimate(t, Deps{Listings: &mem{ls: base}}, subjectInput())
		dirty := append(append([]Listing{}, base...), base[0], base[1])
		dirty[10].ID, dirty[10].Price = "outlier-high", base[0].Price*3
		dirty[11].ID, dirty[11].Price = "outlier-low", base[1].Price*0.3
		got := estimate(t, Deps{Listings: &mem{ls: dirty}}, subjectInput())
		if got.MarketStats.OutliersExcluded != 2 || !has(got.RiskFlags, "OUTLIERS_REMOVED") {
			t.Fatalf("outliers excluded %d, flags %v", got.MarketStats.OutliersExcluded, got.RiskFlags)
		}
		if d := math.Abs(got.EstimatedValue.Mid-clean.EstimatedValue.Mid) / clean.EstimatedValue.Mid; d >= 0.02 {
			t.Errorf("estimate moved %.2f %% (%v -> %v)", d*100, clean.EstimatedValue.Mid, got.EstimatedValue.Mid)
		}
		for _, c := range got.MarketComparables {
			if c.AskingPrice == dirty[10].Price || c.AskingPrice == dirty[11].Price {
				t.Errorf("outlier shown as used: %+v", c)
			}
		}
	})
}

// A fixed comparable set: the figures follow the market the listings
// were made from (about 30,000 × 0.88^5 × 0.99^14 ≈ 13,670 OMR at 140,000
// km, less the 3 % negotiation margin).
func TestFixedSetEstimate(t *testing.T) {
	ls := append(lc(6, 2019, "GXR"), append(lc(4, 2018, "GXR"), lc(4, 2020, "GXR")...)...)
	out := estimate(t, Deps{Listings: &mem{ls: ls, batches: []DatasetBatch{{ID: "b1", Source: "agency", License: "licensed"}}}}, subjectInput())
	if out.Status != StatusEstimated || out.EstimatedValue == nil {
		t.Fatalf("status %s: %v", out.Status, out.Confidence.Reasons)
	}
	want := lcPrice(2019, 140_000, 1) * 0.97
	if mid := out.EstimatedValue.Mid; math.Abs(mid-want)/want > 0.04 {
		t.Errorf("mid %v, want about %.0f", mid, want)
	}
	ev := out.EstimatedValue
	if !(ev.Low <= ev.Mid && ev.Mid <= ev.High) || !(*out.EstimatedDealerBuyPrice <= *out.EstimatedPrivateSalePrice && *out.EstimatedPrivateSalePrice <= *out.EstimatedDealerRetailPrice) {
		t.Errorf("ordering: %+v buy %v private %v retail %v", ev, *out.EstimatedDealerBuyPrice, *out.EstimatedPrivateSalePrice, *out.EstimatedDealerRetailPrice)
	}
	if *out.Methodology.FallbackLevel != "same_trim_same_year" || out.MarketStats.ComparableCount != 6 {
		t.Errorf("level %s with %d comparables", *out.Methodology.FallbackLevel, out.MarketStats.ComparableCount)
	}
	if len(out.Datasets) != 1 || out.Datasets[0].Used != 6 || out.Datasets[0].License != "licensed" {
		t.Errorf("datasets %+v", out.Datasets)
	}
	sum := 0.0
	for _, c := range out.MarketComparables {
		sum += c.Weight
		if c.Distance.Years != 0 || c.Distance.Trim != "exact" || c.Distance.Km == nil || c.Source != "dataset" {
			t.Errorf("comparable %+v", c)
		}
	}
	if math.Abs(sum-1) > 0.01 {
		t.Errorf("weights add up to %v", sum)
	}
	var factors []string
	for _, a := range out.Adjustments {
		factors = append(factors, a.Factor)
		if a.Reason == "" || (a.Basis != "market_derived" && a.Basis != "heuristic") {
			t.Errorf("adjustment %+v", a)
		}
	}
	if !strings.Contains(strings.Join(factors, ","), "listing_to_transaction") {
		t.Errorf("adjustments %v", factors)
	}
	src := out.MarketCoverage.Sources
	if len(src) != 1 || src[0].Source != "listings" || src[0].ListingsFound != 14 || src[0].FreshestDate == nil || src[0].Status != "ok" {
		t.Errorf("sources %+v", src)
	}
}

func TestWideningLevels(t *testing.T) {
	ae := lc(6, 2019, "GXR")
	for i := range ae {
		ae[i].Country, ae[i].City = "AE", "Dubai"
		ae[i].Currency = "OMR"
	}
	vxr := lc(6, 2019, "VXR")
	for _, tc := range []struct {
		name  string
		ls    []Listing
		trim  string
		level string
		flags []string
	}{
		{"same trim and year", lc(5, 2019, "GXR"), "GXR", "same_trim_same_year", nil},
		{"same trim ±1", append(lc(3, 2019, "GXR"), lc(3, 2020, "GXR")...), "GXR", "same_trim_year_plus_minus_1", []string{"BROADENED_COMPARABLE_SEARCH"}},
		{"other trims", vxr, "GXR", "same_model_year_plus_minus_1", []string{"BROADENED_COMPARABLE_SEARCH"}},
		{"no trim", append(lc(2, 2021, "GXR"), lc(3, 2017, "GXR")...), "", "same_model_year_plus_minus_2", []string{"TRIM_UNKNOWN", "BROADENED_COMPARABLE_SEARCH"}},
		{"regional", ae, "GXR", "regional_same_model_year_plus_minus_2", []string{"REGIONAL_FALLBACK_USED"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in := subjectInput()
			in.Trim = tc.trim
			out := estimate(t, Deps{Listings: &mem{ls: tc.ls}}, in)
			if out.Methodology.FallbackLevel == nil || *out.Methodology.FallbackLevel != tc.level {
				t.Fatalf("level %v, want %s (%s)", out.Methodology.FallbackLevel, tc.level, out.Status)
			}
			for _, f := range tc.flags {
				if !has(out.RiskFlags, f) {
					t.Errorf("flags %v lack %s", out.RiskFlags, f)
				}
			}
		})
	}
}

func TestCurrencyCallerAndSyntheticEvidence(t *testing.T) {
	usd := lc(6, 2019, "GXR")
	for i := range usd {
		usd[i].Currency = "USD"
	}
	out := estimate(t, Deps{Listings: &mem{ls: usd}}, subjectInput())
	if out.Status != StatusInsufficient || out.MarketStats.CurrencyExcludedCount != 6 || !has(out.RiskFlags, "CURRENCY_CONVERSION_UNAVAILABLE") {
		t.Errorf("other currency: %s excluded %d flags %v", out.Status, out.MarketStats.CurrencyExcludedCount, out.RiskFlags)
	}

	in := subjectInput()
	for _, l := range lc(5, 2019, "GXR") {
		in.Comparables = append(in.Comparables, CallerComparable{Year: l.Year, Trim: l.Trim, MileageKm: l.MileageKm, Price: l.Price, City: "muscat",
			ObservedOn: l.ListedOn.Format(time.DateOnly)})
	}
	out = estimate(t, Deps{}, in)
	if out.Status != StatusEstimated || !has(out.RiskFlags, "CALLER_COMPARABLES_ONLY") || out.MarketStats.CallerSuppliedCount != 5 ||
		!out.MarketComparables[0].CallerSupplied || !strings.Contains(strings.Join(out.Warnings, " "), "supplied by the caller") {
		t.Errorf("caller only: %s %v %+v", out.Status, out.RiskFlags, out.MarketComparables)
	}
	// Mixed with market evidence, a caller comparable weighs half as much
	// as an otherwise identical market one.
	m := lc(5, 2019, "GXR")
	out = estimate(t, Deps{Listings: &mem{ls: m}}, in)
	var market, caller float64
	for _, c := range out.MarketComparables {
		if c.CallerSupplied {
			caller = c.Weight
		} else {
			market = c.Weight
		}
	}
	if has(out.RiskFlags, "CALLER_COMPARABLES_ONLY") || math.Abs(caller*2-market) > 0.002 {
		t.Errorf("weights: market %v caller %v flags %v", market, caller, out.RiskFlags)
	}

	syn := lc(6, 2019, "GXR")
	for i := range syn {
		syn[i].Synthetic = true
	}
	out = estimate(t, Deps{Listings: &mem{ls: syn}}, subjectInput())
	if !has(out.RiskFlags, "SYNTHETIC_DATA_USED") || !strings.Contains(strings.Join(out.Warnings, " "), "Synthetic demo data") || !out.MarketComparables[0].Synthetic {
		t.Errorf("synthetic: %v %v", out.RiskFlags, out.Warnings)
	}
}

func TestAskingPriceAndRiskFlags(t *testing.T) {
	deps := Deps{Listings: &mem{ls: lc(8, 2019, "GXR")}}
	mid := estimate(t, deps, subjectInput()).EstimatedValue.Mid
	for _, tc := range []struct {
		factor   float64
		position string
		flag     string
	}{
		{0.5, "well_below_market", "ASKING_PRICE_FAR_BELOW_MARKET_POSSIBLE_FRAUD"},
		{0.8, "well_below_market", "ASKING_PRICE_SIGNIFICANTLY_BELOW_MARKET"},
		{0.93, "below_market", ""},
		{1.0, "near_market", ""},
		{1.1, "above_market", ""},
		{1.3, "well_above_market", "ASKING_PRICE_SIGNIFICANTLY_ABOVE_MARKET"},
	} {
		in := subjectInput()
		in.AskingPrice = ptr(mid * tc.factor)
		out := estimate(t, deps, in)
		a := out.AskingPriceAnalysis
		if a == nil || a.MarketPosition != tc.position || (tc.flag != "" && !has(out.RiskFlags, tc.flag)) {
			t.Errorf("asking ×%v: %+v flags %v", tc.factor, a, out.RiskFlags)
		}
		if tc.factor > 0.7 && has(out.RiskFlags, "ASKING_PRICE_FAR_BELOW_MARKET_POSSIBLE_FRAUD") {
			t.Errorf("asking ×%v flagged as possible fraud", tc.factor)
		}
	}
	for _, tc := range []struct {
		km, year int
		flag     string
		want     bool
	}{
		{600_000, 2019, "MILEAGE_IMPLAUSIBLE_FOR_AGE", true},
		{1_000, 2015, "MILEAGE_IMPLAUSIBLE_FOR_AGE", true},
		{140_000, 2019, "MILEAGE_IMPLAUSIBLE_FOR_AGE", false},
		{300_000, 2019, "HIGH_MILEAGE_FOR_AGE", true},
	} {
		in := subjectInput()
		in.MileageKm, in.Year = &tc.km, tc.year
		if out := estimate(t, deps, in); has(out.RiskFlags, tc.flag) != tc.want {
			t.Errorf("%d km, %d: flags %v", tc.km, tc.year, out.RiskFlags)
		}
	}
	stale := lc(6, 2019, "GXR")
	for i := range stale {
		stale[i].ListedOn = today.AddDate(0, 0, -200).Truncate(24 * time.Hour)
	}
	out := estimate(t, Deps{Listings: &mem{ls: stale}}, subjectInput())
	if !has(out.RiskFlags, "STALE_MARKET_DATA") || out.Confidence.Factors.Freshness != 0 {
		t.Errorf("stale: %v %+v", out.RiskFlags, out.Confidence.Factors)
	}
	few := estimate(t, Deps{Listings: &mem{ls: lc(3, 2019, "GXR")}}, subjectInput())
	if few.Status != StatusEstimated || !has(few.RiskFlags, "FEW_COMPARABLES") || few.Confidence.Score > 0.59 {
		t.Errorf("three comparables: %s %v %v", few.Status, few.RiskFlags, few.Confidence.Score)
	}
}

func TestVINChecks(t *testing.T) {
	for _, tc := range []struct {
		vin        string
		year       int
		checkDigit string
		modelYear  string
		flags      []string
	}{
		{"1HGCM82633A004352", 2003, "valid", "match", nil},
		{"1HGCM82633A004352", 2019, "valid", "mismatch", []string{"VIN_YEAR_MISMATCH"}},
		{"1HGCM82623A004352", 2003, "invalid", "match", []string{"VIN_CHECK_DIGIT_INVALID"}},
		{"JTMHV05J614123456", 2019, "not_applicable", "mismatch", []string{"VIN_YEAR_MISMATCH"}},
		{"JTMHV05J6K4123456", 2019, "not_applicable", "match", nil},
		{"JTMHV05J604123456", 2019, "not_applicable", "not_encoded", nil},
	} {
		in := subjectInput()
		in.VIN, in.Year = strings.ToLower(tc.vin[:5])+"-"+tc.vin[5:], tc.year
		out := estimate(t, Deps{}, in)
		c := out.VINCheck
		if c == nil || c.VIN != tc.vin || c.CheckDigit != tc.checkDigit || c.ModelYear != tc.modelYear {
			t.Errorf("%s/%d: %+v", tc.vin, tc.year, c)
			continue
		}
		for _, f := range tc.flags {
			if !has(out.RiskFlags, f) {
				t.Errorf("%s/%d: flags %v lack %s", tc.vin, tc.year, out.RiskFlags, f)
			}
		}
		if len(tc.flags) == 0 && (has(out.RiskFlags, "VIN_YEAR_MISMATCH") || has(out.RiskFlags, "VIN_CHECK_DIGIT_INVALID")) {
			t.Errorf("%s/%d: flags %v", tc.vin, tc.year, out.RiskFlags)
		}
	}
	if CheckDigit("11111111111111111") != '1' || CheckDigit("1M8GDM9AXKP042788") != 'X' {
		t.Error("check digit of known VINs")
	}
}

// A decoder that says another make flags VIN_MAKE_MISMATCH; one that
// fails leaves a note and no error.
func TestVINDecoder(t *testing.T) {
	in := subjectInput()
	in.VIN, in.Year = "1HGCM82633A004352", 2003
	y := 2003
	out := estimate(t, Deps{VIN: decoder{dec: VINDecode{Source: "fake", Make: "HONDA", ModelYear: &y}}}, in)
	if out.VINCheck.Decoded == nil || *out.VINCheck.Decoded.MakeMatches || !has(out.RiskFlags, "VIN_MAKE_MISMATCH") {
		t.Errorf("decoded %+v flags %v", out.VINCheck.Decoded, out.RiskFlags)
	}
	out = estimate(t, Deps{VIN: decoder{err: ErrUnavailable}}, in)
	if out.VINCheck.Decoded != nil || !strings.Contains(strings.Join(out.VINCheck.Notes, " "), "did not answer") {
		t.Errorf("failed decoder: %+v", out.VINCheck)
	}
}

type decoder struct {
	dec VINDecode
	err error
}

func (d decoder) Decode(context.Context, string, int) (VINDecode, error) { return d.dec, d.err }

// fakeSource is a provider port for tests.
type fakeSource struct {
	name    string
	covers  []string
	ls      []Listing
	err     error
	hang    bool
	called  *int
	onCall  func()
	predict *Prediction
}

func (f fakeSource) Name() string { return f.name }
func (f fakeSource) Covers(c string) bool {
	for _, x := range f.covers {
		if x == c {
			return true
		}
	}
	return false
}
func (f fakeSource) Search(ctx context.Context, q Query) ([]Listing, error) {
	if f.called != nil {
		*f.called++
	}
	if f.onCall != nil {
		f.onCall()
	}
	if f.hang {
		<-ctx.Done()
		return nil, ctx.Err()
	}
	return f.ls, f.err
}

func TestSources(t *testing.T) {
	calls := 0
	us := fakeSource{name: "us-only", covers: []string{"US", "CA"}, called: &calls}
	slow := fakeSource{name: "slow", covers: []string{"OM"}, hang: true}
	broken := fakeSource{name: "broken", covers: []string{"OM"}, err: errors.New("HTTP 500")}
	feed := fakeSource{name: "feed", covers: []string{"OM"}, ls: lc(6, 2019, "GXR")}
	out := estimate(t, Deps{Sources: []Source{us, slow, broken, feed}, SourceTimeout: 50 * time.Millisecond}, subjectInput())
	if calls != 0 {
		t.Errorf("a source that does not cover OM was called %d times", calls)
	}
	status := map[string]string{}
	for _, s := range out.MarketCoverage.Sources {
		status[s.Source] = s.Status
	}
	want := map[string]string{"listings": "not_configured", "us-only": "not_covered", "slow": "timeout", "broken": "error", "feed": "ok"}
	for k, v := range want {
		if status[k] != v {
			t.Errorf("source %s: %s, want %s (%v)", k, status[k], v, status)
		}
	}
	if out.Status != StatusEstimated || !has(out.RiskFlags, "PROVIDER_PARTIAL_FAILURE") || !out.MarketCoverage.LiveMarketDataAvailable ||
		len(out.MarketCoverage.MarketDataProviders) != 3 || out.MarketComparables[0].Source != "provider" {
		t.Errorf("status %s flags %v coverage %+v", out.Status, out.RiskFlags, out.MarketCoverage)
	}
}

// The same evidence in any order, from any run, gives the same answer.
func TestDeterministic(t *testing.T) {
	ls := append(lc(7, 2019, "GXR"), append(lc(5, 2018, "VXR"), lc(5, 2020, "GXR")...)...)
	in := subjectInput()
	in.Trim = "VXR"
	in.AskingPrice = ptr(15_000.0)
	first, _ := json.Marshal(estimate(t, Deps{Listings: &mem{ls: ls}}, in))
	rng := rand.New(rand.NewPCG(1, 2))
	for range 20 {
		sh := append([]Listing{}, ls...)
		rng.Shuffle(len(sh), func(i, j int) { sh[i], sh[j] = sh[j], sh[i] })
		got, _ := json.Marshal(estimate(t, Deps{Listings: &mem{ls: sh}}, in))
		if string(got) != string(first) {
			t.Fatalf("answer depends on the order of the evidence:\n%s\n%s", first, got)
		}
	}
}

func TestAliases(t *testing.T) {
	for _, tc := range []struct{ make, model, wantMake, wantModel string }{
		{"toyota", "Land Cruiser", "Toyota", "Land Cruiser"},
		{"TOYOTA", "Landcruiser", "Toyota", "Land Cruiser"},
		{"Toyota", "LC200", "Toyota", "Land Cruiser"},
		{"Toyota", "land-cruiser", "Toyota", "Land Cruiser"},
		{"تويوتا", "لاند كروزر", "Toyota", "Land Cruiser"},
		{"تويوتا", "برادو", "Toyota", "Land Cruiser Prado"},
		{"نيسان", "باترول", "Nissan", "Patrol"},
		{"VW", "Golf", "Volkswagen", "Golf"},
		{"mercedes", "G 63", "Mercedes-Benz", "G 63"},
		{"chery  tiggo", "8 pro", "Chery Tiggo", "8 pro"},
	} {
		mk := NormalizeMake(tc.make)
		md := NormalizeModel(mk, tc.model)
		if mk.Display != tc.wantMake || md.Display != tc.wantModel {
			t.Errorf("%q %q = %q %q, want %q %q", tc.make, tc.model, mk.Display, md.Display, tc.wantMake, tc.wantModel)
		}
	}
	// A listing filed as LC200 is a comparable of a Landcruiser subject.
	ls := lc(5, 2019, "GXR")
	for i := range ls {
		ls[i].Model = NormalizeModel(NormalizeMake("Toyota"), "LC200").Display
	}
	in := subjectInput()
	in.Model = "Landcruiser"
	if out := estimate(t, Deps{Listings: &mem{ls: ls}}, in); out.Status != StatusEstimated {
		t.Errorf("aliases did not meet: %s", out.Status)
	}
	for in, want := range map[string]string{"OM": "OM", "omn": "OM", "Oman": "OM", "سلطنة عمان": "OM", "UAE": "AE", "الإمارات": "AE", "usa": "US"} {
		if got, ok := NormalizeCountry(in); !ok || got != want {
			t.Errorf("country %q = %q %v", in, got, ok)
		}
	}
}

// cancelling is a Listings port whose Find cancels its call's context.
type cancelling struct {
	mem
	cancel  context.CancelFunc
	batches int
}

func (c *cancelling) Find(ctx context.Context, q Query) (Found, error) {
	c.cancel()
	return c.mem.Find(ctx, q)
}

func (c *cancelling) Batches(ctx context.Context, ids []string) ([]DatasetBatch, error) {
	c.batches++
	return c.mem.Batches(ctx, ids)
}

// TestEstimateStopsWhenCancelled: an estimate whose context ends while
// its listings are read takes no further step (no batch lookup, no
// valuation: counted, not timed) and returns the context's error.
func TestEstimateStopsWhenCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	c := &cancelling{mem: mem{ls: lc(20, 2019, "GXR")}, cancel: cancel}
	_, err := Estimate(ctx, Deps{Listings: c}, subjectInput(), today)
	if !errors.Is(err, context.Canceled) || c.queries != 1 || c.batches != 0 {
		t.Errorf("cancelled: %v after %d queries and %d batch lookups, want context.Canceled after 1 and 0", err, c.queries, c.batches)
	}
	if out := estimate(t, Deps{Listings: &c.mem}, subjectInput()); out.Status != "estimated" {
		t.Errorf("uncancelled: %s", out.Status)
	}
}
