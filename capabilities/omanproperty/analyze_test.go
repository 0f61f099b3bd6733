package omanproperty

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"dalil"
	"dalil/dataset"

	"github.com/google/go-cmp/cmp"
)

var now = time.Date(2026, 11, 25, 10, 0, 0, 0, time.UTC)

// memMarket is an in-memory Market with the SQL adapter's semantics.
type memMarket struct {
	rows    []Comparable
	queries []Query
}

func (m *memMarket) Comparables(_ context.Context, q Query) (Found, error) {
	m.queries = append(m.queries, q)
	f := Found{Older: map[Kind]int{}, Truncated: map[Kind]bool{}}
	for _, k := range []Kind{KindRent, KindSale} {
		var got []Comparable
		for _, r := range m.rows {
			if r.Kind != k || r.PropertyType != q.PropertyType || r.SizeSqm < q.MinSizeSqm || r.SizeSqm > q.MaxSizeSqm ||
				(q.MinBedrooms >= 0 && (r.Bedrooms < q.MinBedrooms || r.Bedrooms > q.MaxBedrooms)) ||
				(q.Level == LevelArea && r.Area != q.Place) || (q.Level == LevelWilayat && r.Wilayat != q.Place) {
				continue
			}
			if r.ObservedOn.Before(q.Since) {
				f.Older[k]++
				continue
			}
			got = append(got, r)
		}
		slices.SortStableFunc(got, func(a, b Comparable) int { return b.ObservedOn.Compare(a.ObservedOn) })
		if len(got) > q.Limit {
			got, f.Truncated[k] = got[:q.Limit], true
		}
		f.Comparables = append(f.Comparables, got...)
	}
	return f, nil
}

func (m *memMarket) Batches(_ context.Context, ids []string) ([]DatasetBatch, error) {
	var out []DatasetBatch
	for _, id := range ids {
		out = append(out, DatasetBatch{Batch: dataset.Batch{ID: id, Source: "src-" + id, License: "lic", Synthetic: strings.HasPrefix(id, "demo")},
			PeriodFrom: now.AddDate(-1, 0, 0), PeriodTo: now})
	}
	return out, nil
}

// comp builds a comparable: kind, area id, type, bedrooms, size, amount,
// age in days.
func comp(kind Kind, area, typ string, beds int, size, amount float64, age int) Comparable {
	p := idx.byID[area]
	return Comparable{ID: fmt.Sprintf("%s-%s-%v-%v-%d", kind, area, size, amount, age), Kind: kind, Area: area, Wilayat: p.Wilayat,
		PropertyType: typ, Bedrooms: beds, SizeSqm: size, AmountOMR: amount, ObservedOn: day(now).AddDate(0, 0, -age),
		SourceName: "agency", SourceType: "listing_asking_price", Batch: "b1"}
}

func intp(n int) *int           { return &n }
func floatp(f float64) *float64 { return &f }

func flat(area string, beds int, size, price float64) Input {
	return Input{Governorate: "Muscat", Area: area, PropertyType: TypeApartment, Bedrooms: intp(beds), SizeSqm: size, AskingPrice: price}
}

func analyze(t *testing.T, m *memMarket, in Input) Output {
	t.Helper()
	out, err := Analyze(context.Background(), Deps{Market: m}, in, now)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// flatRents: n apartment rents in area, 2 bedrooms, 100 sqm, at the given
// amounts, all 10 days old.
func rents(area string, amounts ...float64) []Comparable {
	var out []Comparable
	for _, a := range amounts {
		out = append(out, comp(KindRent, area, TypeApartment, 2, 100, a, 10))
	}
	return out
}

func sales(area string, amounts ...float64) []Comparable {
	var out []Comparable
	for _, a := range amounts {
		out = append(out, comp(KindSale, area, TypeApartment, 2, 100, a, 10))
	}
	return out
}

func TestSelectionAndFallbacks(t *testing.T) {
	for _, tc := range []struct {
		name                 string
		rows                 []Comparable
		in                   Input
		rentLevel, saleLevel string
		status               string
		flags                []string
		noFlags              []string
	}{
		{
			name: "area has both",
			rows: slices.Concat(rents("al-khuwair", 400, 410, 420), sales("al-khuwair", 70000, 72000, 74000)),
			in:   flat("Al Khuwair", 2, 100, 72000), rentLevel: "area", saleLevel: "area", status: StatusOK,
			noFlags: []string{"wilayat_fallback", "governorate_fallback"},
		},
		{
			name: "rents in the area, sales only in the wilayat",
			rows: slices.Concat(rents("al-khuwair", 400, 410, 420), sales("al-khuwair", 70000), sales("azaiba", 71000, 73000)),
			in:   flat("Al Khuwair", 2, 100, 72000), rentLevel: "area", saleLevel: "wilayat", status: StatusOK,
			flags: []string{"wilayat_fallback"},
		},
		{
			name: "only the governorate has enough",
			rows: slices.Concat(rents("al-mouj", 600, 610), rents("ruwi", 300, 310, 320)),
			in:   flat("Al Mouj", 2, 100, 100000), rentLevel: "governorate", saleLevel: "none", status: StatusPartial,
			flags: []string{"governorate_fallback", "insufficient_sale_market_data"},
		},
		{
			name: "a wilayat subject starts at its wilayat",
			rows: slices.Concat(rents("al-mouj", 600, 610), rents("al-hail", 400)),
			in:   flat("Seeb", 2, 100, 100000), rentLevel: "wilayat", saleLevel: "none", status: StatusPartial,
		},
		{
			name: "nothing anywhere",
			rows: rents("ruwi", 300, 310), in: flat("Al Mouj", 2, 100, 100000), rentLevel: "none", saleLevel: "none", status: StatusInsufficient,
			flags: []string{"insufficient_rental_market_data", "insufficient_sale_market_data"},
		},
		{
			name: "other type and size out of band are not comparables",
			rows: slices.Concat(rents("al-khuwair", 400, 410), []Comparable{comp(KindRent, "al-khuwair", TypeVilla, 2, 100, 400, 10), comp(KindRent, "al-khuwair", TypeApartment, 2, 121, 400, 10)}),
			in:   flat("Al Khuwair", 2, 100, 72000), rentLevel: "none", saleLevel: "none", status: StatusInsufficient,
		},
		{
			name: "size band is inclusive: 80 and 120 are in for 100",
			rows: []Comparable{comp(KindRent, "al-khuwair", TypeApartment, 2, 80, 320, 10), comp(KindRent, "al-khuwair", TypeApartment, 2, 120, 480, 10), comp(KindRent, "al-khuwair", TypeApartment, 2, 100, 400, 10)},
			in:   flat("Al Khuwair", 2, 100, 72000), rentLevel: "area", saleLevel: "none", status: StatusPartial,
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := analyze(t, &memMarket{rows: tc.rows}, tc.in)
			if out.Selection.Rent.Level != tc.rentLevel || out.Selection.Sale.Level != tc.saleLevel || out.Status != tc.status {
				t.Errorf("rent %s, sale %s, status %s; want %s, %s, %s\n%+v", out.Selection.Rent.Level, out.Selection.Sale.Level, out.Status,
					tc.rentLevel, tc.saleLevel, tc.status, out.Selection)
			}
			for _, f := range tc.flags {
				if !slices.Contains(out.RiskFlags, f) {
					t.Errorf("flags %v lack %s", out.RiskFlags, f)
				}
			}
			for _, f := range tc.noFlags {
				if slices.Contains(out.RiskFlags, f) {
					t.Errorf("flags %v have %s", out.RiskFlags, f)
				}
			}
			charge, _ := dalil.DecideEvidence(out.Basis())
			unpaid := !charge
			if unpaid != (tc.status == StatusInsufficient) || out.InsufficientMarketData != unpaid {
				t.Errorf("unpaid %v, insufficientMarketData %v for status %s", unpaid, out.InsufficientMarketData, out.Status)
			}
		})
	}
}

func TestFallbackSaysWhy(t *testing.T) {
	rows := slices.Concat(rents("al-khuwair", 400), rents("azaiba", 410, 420))
	out := analyze(t, &memMarket{rows: rows}, flat("Al Khuwair", 2, 100, 72000))
	sel := out.Selection.Rent
	want := []LevelTry{{"area", "Al Khuwair", 1}, {"wilayat", "Bawshar", 3}}
	if diff := cmp.Diff(want, sel.Searched); diff != "" {
		t.Errorf("searched (-want +got):\n%s", diff)
	}
	if sel.Place != "Bawshar" || !strings.Contains(sel.LevelReason, "Al Khuwair has 1") || !strings.Contains(sel.LevelReason, "Widened to wilayat Bawshar") {
		t.Errorf("reason = %q", sel.LevelReason)
	}
	// The sale side found nothing: missing says where it looked and what would help.
	if len(out.Missing) != 1 || out.Missing[0].Kind != "sale" || !slices.Equal(out.Missing[0].Searched, []string{"Al Khuwair", "Bawshar", "Muscat Governorate"}) ||
		!strings.Contains(out.Missing[0].Hint, "Import sale comparables of apartments of 80-120 sqm with 2±1 bedrooms") {
		t.Errorf("missing = %+v", out.Missing)
	}
}

func TestInsufficientIsUnpaidAndWithheld(t *testing.T) {
	out := analyze(t, &memMarket{rows: rents("al-khuwair", 400, 410)}, flat("Al Khuwair", 2, 100, 72000))
	charge, reason := dalil.DecideEvidence(out.Basis())
	if charge || !strings.HasPrefix(reason, "insufficient_comparables") {
		t.Fatalf("DecideEvidence = %v, %q", charge, reason)
	}
	if out.Market.MonthlyRent != nil || out.Market.Value != nil || out.Investment.GrossYieldPct != nil || out.PricePosition.MarketPosition != "insufficient_data" ||
		out.Confidence.Level != "insufficient" || out.Confidence.Score != 0 || out.Summary != nil || len(out.Comparables) != 0 || len(out.Provenance) != 0 {
		t.Errorf("insufficient answer carries figures: %+v", out)
	}
	for _, p := range []string{"market.estimatedMonthlyRentOMR", "investment.grossYieldPct", "market.estimatedValueOMR", "pricePosition.percentile"} {
		if !slices.Contains(out.UnavailableOutputs, p) {
			t.Errorf("unavailableOutputs %v lack %s", out.UnavailableOutputs, p)
		}
	}
	if out.PricePosition.AskingPerSqm != 720 {
		t.Errorf("asking per sqm = %v, want 720 (computed without comparables)", out.PricePosition.AskingPerSqm)
	}
	// Nil market: the same, not an error.
	if out, err := Analyze(context.Background(), Deps{}, flat("Al Khuwair", 2, 100, 72000), now); err != nil || out.Status != StatusInsufficient {
		t.Errorf("nil market: %v %v", out.Status, err)
	}
}

func TestBedrooms(t *testing.T) {
	mk := func(beds ...int) []Comparable {
		var out []Comparable
		for i, b := range beds {
			out = append(out, comp(KindRent, "al-khuwair", TypeApartment, b, 100, 400+float64(10*i), 10))
		}
		return out
	}
	for _, tc := range []struct {
		name  string
		rows  []Comparable
		beds  *int
		match string
		used  int
	}{
		{"three exact: exact only", mk(2, 2, 2, 1, 3), intp(2), "exact", 3},
		{"two exact: ±1", mk(2, 2, 1, 3, 4), intp(2), "plus_minus_one", 4},
		{"no bedrooms given: any", mk(0, 2, 5), nil, "any", 3},
		{"studio: 0 and 1", mk(0, 0, 1, 2), intp(0), "plus_minus_one", 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in := flat("Al Khuwair", 0, 100, 72000)
			in.Bedrooms = tc.beds
			out := analyze(t, &memMarket{rows: tc.rows}, in)
			if out.Selection.Rent.BedroomMatch != tc.match || out.Selection.Rent.Used != tc.used {
				t.Errorf("match %s used %d, want %s %d", out.Selection.Rent.BedroomMatch, out.Selection.Rent.Used, tc.match, tc.used)
			}
			if (tc.match == "plus_minus_one") != slices.Contains(out.RiskFlags, "bedroom_tolerance_applied") {
				t.Errorf("flags %v", out.RiskFlags)
			}
		})
	}
}

func TestFurnishing(t *testing.T) {
	rows := rents("al-khuwair", 400, 410, 420, 430)
	for i := range rows[:3] {
		rows[i].Furnished = "furnished"
	}
	rows[3].Furnished = "unfurnished"
	in := flat("Al Khuwair", 2, 100, 72000)
	in.Furnished = "furnished"
	if out := analyze(t, &memMarket{rows: rows}, in); out.Selection.Rent.FurnishedMatch != "exact" || out.Selection.Rent.Used != 3 {
		t.Errorf("furnished: %+v", out.Selection.Rent)
	}
	in.Furnished = "unfurnished"
	out := analyze(t, &memMarket{rows: rows}, in)
	if out.Selection.Rent.FurnishedMatch != "any" || out.Selection.Rent.Used != 4 || !slices.Contains(out.RiskFlags, "furnished_filter_relaxed") {
		t.Errorf("unfurnished: %+v %v", out.Selection.Rent, out.RiskFlags)
	}
}

// TestNormalisation: comparables compare per sqm, scaled to the subject's
// size; annual rent is 12 monthly; yields on the asking price.
func TestNormalisation(t *testing.T) {
	rows := []Comparable{
		comp(KindRent, "al-khuwair", TypeApartment, 2, 100, 400, 0), // 4.0 / sqm
		comp(KindRent, "al-khuwair", TypeApartment, 2, 110, 484, 0), // 4.4
		comp(KindRent, "al-khuwair", TypeApartment, 2, 90, 324, 0),  // 3.6
		comp(KindSale, "al-khuwair", TypeApartment, 2, 100, 70000, 0),
		comp(KindSale, "al-khuwair", TypeApartment, 2, 110, 77000, 0),
		comp(KindSale, "al-khuwair", TypeApartment, 2, 90, 63000, 0), // all 700 / sqm
	}
	in := flat("Al Khuwair", 2, 105, 80000)
	in.ServiceCharge, in.Maintenance = floatp(300), floatp(200)
	in.AskingRent = floatp(500)
	out := analyze(t, &memMarket{rows: rows}, in)
	// Equal weights, Hazen positions 1/6, 1/2, 5/6: P25 = 3.6 + 0.4 × (0.25-1/6)/(1/3) = 3.7, P75 = 4.3.
	if diff := cmp.Diff(&Range{Low: 3.7, Median: 4, High: 4.3}, out.Market.RentPerSqm); diff != "" {
		t.Errorf("rent per sqm (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(&Range{Low: 388.5, Median: 420, High: 451.5}, out.Market.MonthlyRent); diff != "" {
		t.Errorf("monthly rent (-want +got):\n%s", diff)
	}
	if *out.Market.AnnualRent != 5040 || out.Market.Value.Median != 73500 {
		t.Errorf("annual %v value %+v", *out.Market.AnnualRent, out.Market.Value)
	}
	inv := out.Investment
	if *inv.GrossYieldPct != 6.3 || inv.OperatingCost != 500 || *inv.NetIncome != 4540 || *inv.NetYieldPct != 5.68 || inv.MaintenanceBasis != "given" {
		t.Errorf("investment = %+v gross %v net %v", inv, *inv.GrossYieldPct, *inv.NetYieldPct)
	}
	// 80000 / 105 = 761.905 per sqm: 8.84 % over 700, at market, above every comparable.
	pp := out.PricePosition
	if pp.AskingPerSqm != 761.905 || pp.MarketPosition != "at_market" || *pp.Percentile != 100 || *pp.DiffFromMedianPct != 8.84 {
		t.Errorf("price position = %+v %v %v", pp, *pp.Percentile, *pp.DiffFromMedianPct)
	}
	// 500 / 105 = 4.762 per sqm: 19 % over 4.0, above market.
	rp := out.RentPosition
	if rp == nil || rp.MarketPosition != "above_market" || *rp.Percentile != 100 || rp.AskingPerSqm != 4.762 {
		t.Errorf("rent position = %+v", rp)
	}
	if out.Status != StatusOK || out.Currency != "OMR" || out.Location.Area != "Al Khuwair" || out.Location.Wilayat != "Bawshar" || out.Location.MatchType != "exact" {
		t.Errorf("out = %+v", out)
	}
}

func TestMaintenanceEstimate(t *testing.T) {
	rows := rents("al-khuwair", 400, 400, 400)
	for _, tc := range []struct {
		age  *int
		want float64
	}{{nil, 600}, {intp(4), 600}, {intp(5), 900}, {intp(12), 1300}, {intp(40), 1800}} {
		in := flat("Al Khuwair", 2, 100, 100000)
		in.AgeYears = tc.age
		out := analyze(t, &memMarket{rows: rows}, in)
		if out.Investment.MaintenanceOMR != tc.want || out.Investment.MaintenanceBasis != "estimated_from_age" || !slices.Contains(out.RiskFlags, "maintenance_estimated") {
			t.Errorf("age %v: %+v", tc.age, out.Investment)
		}
	}
}

func TestOutliers(t *testing.T) {
	rows := rents("al-khuwair", 400, 410, 420, 430, 390, 1300)
	out := analyze(t, &memMarket{rows: rows}, flat("Al Khuwair", 2, 100, 72000))
	if out.Selection.Rent.OutliersRemoved != 1 || out.Selection.Rent.Used != 5 || out.Market.MonthlyRent.Median != 410 || !slices.Contains(out.RiskFlags, "outliers_removed") {
		t.Errorf("selection %+v median %v flags %v", out.Selection.Rent, out.Market.MonthlyRent.Median, out.RiskFlags)
	}
	for _, c := range out.Comparables {
		if c.AmountOMR == 1300 {
			t.Error("the outlier is listed as used")
		}
	}
	// Three comparables: no outlier test.
	out = analyze(t, &memMarket{rows: rents("al-khuwair", 400, 410, 1300)}, flat("Al Khuwair", 2, 100, 72000))
	if out.Selection.Rent.OutliersRemoved != 0 || out.Selection.Rent.Used != 3 {
		t.Errorf("three: %+v", out.Selection.Rent)
	}
}

func TestSplitOutliers(t *testing.T) {
	for _, tc := range []struct {
		xs      []float64
		removed []int
	}{
		{[]float64{1, 2, 3}, nil},
		{[]float64{10, 10, 10, 10}, nil},
		{[]float64{10, 10, 10, 11}, nil},                  // MAD 0: the mean deviation stands in
		{[]float64{10, 10, 10, 10, 10, 10, 40}, []int{6}}, // MAD 0, one far value
		{[]float64{4, 4.1, 3.9, 4.2, 3.8, 12}, []int{5}},
		{[]float64{4, 4.1, 3.9, 4.2, 3.8, 0.5}, []int{5}},
	} {
		_, removed := splitOutliers(tc.xs)
		if !slices.Equal(removed, tc.removed) {
			t.Errorf("splitOutliers(%v) removed %v, want %v", tc.xs, removed, tc.removed)
		}
	}
}

func TestRecencyWeighting(t *testing.T) {
	if w := recencyWeight(0); w != 1 {
		t.Errorf("weight(0) = %v", w)
	}
	if w := recencyWeight(HalfLifeDays); math.Abs(w-0.5) > 1e-12 {
		t.Errorf("weight(half-life) = %v", w)
	}
	if w := recencyWeight(-5); w != 1 {
		t.Errorf("a future date weighs %v", w)
	}
	// Three new comparables at 400 and three a year old at 300: the
	// weighted median leans to the new ones.
	var rows []Comparable
	for i := range 3 {
		rows = append(rows, comp(KindRent, "al-khuwair", TypeApartment, 2, 100, 400+float64(i), 0), comp(KindRent, "al-khuwair", TypeApartment, 2, 100, 300+float64(i), 365))
	}
	out := analyze(t, &memMarket{rows: rows}, flat("Al Khuwair", 2, 100, 72000))
	if m := out.Market.MonthlyRent.Median; m <= 350 || m > 402 {
		t.Errorf("weighted median %v, want nearer 400 than 300", m)
	}
	// Past the cut-off: dropped and counted.
	rows = append(rows, comp(KindRent, "al-khuwair", TypeApartment, 2, 100, 200, CutoffDays+1), comp(KindRent, "al-khuwair", TypeApartment, 2, 100, 200, 2000))
	out = analyze(t, &memMarket{rows: rows}, flat("Al Khuwair", 2, 100, 72000))
	if out.Selection.Rent.DroppedStale != 2 || out.Selection.Rent.Used != 6 || !slices.Contains(out.RiskFlags, "stale_comparables_dropped") {
		t.Errorf("cut-off: %+v %v", out.Selection.Rent, out.RiskFlags)
	}
	for _, c := range out.Comparables {
		if want := math.Round(recencyWeight(c.AgeDays)*1000) / 1000; c.Weight != want {
			t.Errorf("%s weight %v, want %v", c.ID, c.Weight, want)
		}
	}
}

func TestWeightedQuantile(t *testing.T) {
	eq := func(xs ...float64) []point {
		var ps []point
		for _, x := range xs {
			ps = append(ps, point{x, 1})
		}
		return ps
	}
	for _, tc := range []struct {
		ps   []point
		q    float64
		want float64
	}{
		{eq(1, 2, 3), 0.5, 2},
		{eq(1, 2, 3, 4), 0.5, 2.5},
		{eq(4, 1, 3, 2), 0.5, 2.5},
		{eq(1, 2, 3), 0, 1},
		{eq(1, 2, 3), 1, 3},
		{eq(5), 0.25, 5},
		{[]point{{1, 3}, {10, 1}}, 0.5, 1 + 9*(0.5-0.375)/(0.875-0.375)},
		{[]point{{1, 1}, {2, 0}, {3, 1}}, 0.5, 2},
	} {
		if got := weightedQuantile(tc.ps, tc.q); math.Abs(got-tc.want) > 1e-9 {
			t.Errorf("weightedQuantile(%v, %v) = %v, want %v", tc.ps, tc.q, got, tc.want)
		}
	}
	if p := percentileOf(eq(1, 2, 3, 4), 2); p != 37.5 {
		t.Errorf("percentile = %v", p)
	}
	if n := effectiveN([]point{{1, 1}, {2, 1}, {3, 1}, {4, 1}}); n != 4 {
		t.Errorf("effective n = %v", n)
	}
}

// TestConfidence checks the score on fixed comparables, factor by factor.
func TestConfidence(t *testing.T) {
	// Ten new rents and ten new sales in the area, exact bedrooms, every
	// one the same per sqm: every factor 1, score 1, high.
	var rows []Comparable
	for range 10 {
		rows = append(rows, comp(KindRent, "al-khuwair", TypeApartment, 2, 100, 400, 0), comp(KindSale, "al-khuwair", TypeApartment, 2, 100, 70000, 0))
	}
	out := analyze(t, &memMarket{rows: rows}, flat("Al Khuwair", 2, 100, 72000))
	if out.Confidence.Score != 1 || out.Confidence.Level != "high" {
		t.Errorf("ideal = %+v", out.Confidence)
	}
	// Three rents at the wilayat level (4.0, 4.4, 3.6 per sqm), a year
	// old, bedrooms ±1; no sales.
	rows = []Comparable{
		comp(KindRent, "azaiba", TypeApartment, 1, 100, 400, 365),
		comp(KindRent, "azaiba", TypeApartment, 3, 100, 440, 365),
		comp(KindRent, "azaiba", TypeApartment, 2, 100, 360, 365),
	}
	out = analyze(t, &memMarket{rows: rows}, flat("Al Khuwair", 2, 100, 72000))
	got := map[string]float64{}
	for _, f := range out.Confidence.Factors {
		got[f.Name] = f.Value
	}
	// count 3/10; rcv = 1.4826 × 0.4 / 4 = 0.148, dispersion 1 - 0.297 = 0.70;
	// recency 0.5; match 0.6 × 0.8 = 0.48; coverage 0.8; three comparables
	// cap the score at 0.45 (not reached); synthetic 1.
	want := map[string]float64{"count": 0.3, "dispersion": 0.7, "recency": 0.5, "match_level": 0.48, "coverage": 0.8, "sample_size": 0.45, "synthetic_data": 1}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("factors (-want +got):\n%s", diff)
	}
	score := (0.3*0.3 + 0.2*(1-2*1.4826*0.1) + 0.2*0.5 + 0.3*0.48) * 0.8
	if want := math.Round(score*100) / 100; out.Confidence.Score != want || out.Confidence.Level != "low" {
		t.Errorf("score %v %s, want %v low", out.Confidence.Score, out.Confidence.Level, want)
	}
	if len(out.Confidence.Reasons) != 7 {
		t.Errorf("reasons = %v", out.Confidence.Reasons)
	}
}

func TestSyntheticData(t *testing.T) {
	rows := slices.Concat(rents("al-khuwair", 400, 410, 420), sales("al-khuwair", 70000, 72000, 74000))
	for i := range rows {
		rows[i].Synthetic, rows[i].Batch = true, "demo1"
	}
	real := analyze(t, &memMarket{rows: slices.Concat(rents("al-khuwair", 400, 410, 420), sales("al-khuwair", 70000, 72000, 74000))}, flat("Al Khuwair", 2, 100, 72000))
	out := analyze(t, &memMarket{rows: rows}, flat("Al Khuwair", 2, 100, 72000))
	if out.DataQuality.SyntheticShare != 1 || !slices.Contains(out.RiskFlags, "demo_dataset_not_live_market_data") ||
		len(out.Warnings) == 0 || !strings.Contains(out.Warnings[0], "Synthetic demo data") {
		t.Errorf("synthetic: %v %v", out.RiskFlags, out.Warnings)
	}
	if math.Abs(out.Confidence.Score-real.Confidence.Score*0.5) > 0.011 {
		t.Errorf("synthetic score %v, real %v: want half", out.Confidence.Score, real.Confidence.Score)
	}
	if len(out.Datasets) != 1 || !out.Datasets[0].Synthetic || out.Datasets[0].RowsUsed != 6 {
		t.Errorf("datasets = %+v", out.Datasets)
	}
	for _, w := range real.Warnings {
		if strings.Contains(w, "Synthetic") {
			t.Errorf("real data warned: %s", w)
		}
	}
}

func TestProvenance(t *testing.T) {
	rows := slices.Concat(rents("al-khuwair", 400, 410, 420), sales("al-khuwair", 70000, 72000, 74000))
	rows[0].SourceName, rows[0].Batch = "other", "b2"
	out := analyze(t, &memMarket{rows: rows}, flat("Al Khuwair", 2, 100, 72000))
	if len(out.Comparables) != 6 {
		t.Fatalf("comparables used = %d", len(out.Comparables))
	}
	c := out.Comparables[0]
	if c.Area != "Al Khuwair" || c.Wilayat != "Bawshar" || c.Date != "2026-11-15" || c.AgeDays != 10 || c.SizeSqm != 100 || c.Source == "" || c.Batch == "" {
		t.Errorf("comparable = %+v", c)
	}
	want := []SourceUse{{"listing_asking_price", "other", "2026-11-15", 1}, {"listing_asking_price", "agency", "2026-11-15", 5}}
	if diff := cmp.Diff(want, out.Provenance); diff != "" {
		t.Errorf("provenance (-want +got):\n%s", diff)
	}
	if len(out.Datasets) != 2 || out.Datasets[0].Batch != "b2" || out.Datasets[0].License != "lic" || out.Datasets[1].RowsUsed != 5 {
		t.Errorf("datasets = %+v", out.Datasets)
	}
	if !slices.Contains(out.RiskFlags, "listing_asking_prices") || out.HistoricalSales.PriceSemantics != "asking prices from listings" || !out.HistoricalSales.Available {
		t.Errorf("flags %v, history %+v", out.RiskFlags, out.HistoricalSales)
	}
}

func TestBenchmarks(t *testing.T) {
	// Few comparables in Al Mouj: the matching historical figures come
	// along, labelled; an estimate far outside them is flagged.
	rows := rents("al-mouj", 4000, 4100, 4200) // 40 OMR/sqm a month: ten times the published figures
	out := analyze(t, &memMarket{rows: rows}, flat("Al Mouj", 2, 100, 150000))
	if len(out.Benchmarks) == 0 {
		t.Fatal("no benchmarks")
	}
	for _, b := range out.Benchmarks {
		if b.Use != "historical_prior" || !strings.Contains(b.Label, "not a current market level") || b.URL == "" || b.Period == "" {
			t.Errorf("benchmark %+v", b)
		}
	}
	if !slices.Contains(out.RiskFlags, "outside_historical_benchmark_range") || !slices.ContainsFunc(out.Warnings, func(w string) bool {
		return strings.Contains(w, "(150-850 OMR, published 2010-2023)")
	}) {
		t.Errorf("flags %v warnings %v", out.RiskFlags, out.Warnings)
	}
	// A plausible estimate is not flagged; many comparables: no benchmarks.
	var many []Comparable
	for i := range 10 {
		many = append(many, comp(KindRent, "al-mouj", TypeApartment, 2, 100, 800+float64(i), 5), comp(KindSale, "al-mouj", TypeApartment, 2, 100, 140000+float64(i), 5))
	}
	out = analyze(t, &memMarket{rows: many}, flat("Al Mouj", 2, 100, 150000))
	if len(out.Benchmarks) != 0 || slices.Contains(out.RiskFlags, "outside_historical_benchmark_range") {
		t.Errorf("many comparables: %d benchmarks, flags %v", len(out.Benchmarks), out.RiskFlags)
	}
	out = analyze(t, &memMarket{rows: rents("al-mouj", 800, 820, 840)}, flat("Al Mouj", 2, 100, 150000))
	if slices.Contains(out.RiskFlags, "outside_historical_benchmark_range") {
		t.Errorf("plausible estimate flagged: %v", out.Warnings)
	}
}

func TestEveryBenchmarkLoads(t *testing.T) {
	rows, err := loadBenchmarks(benchmarksCSV)
	if err != nil {
		t.Fatal(err)
	}
	// 66 monthly rents + 12 sale prices + 1 launch price.
	if len(rows) != 79 {
		t.Errorf("%d residential benchmarks, want 79", len(rows))
	}
	for _, b := range rows {
		if len(b.places) == 0 {
			t.Errorf("%s: no place", b.Area)
		}
	}
}

// TestInvariants: on random comparables, the ranges are ordered, the
// confidence is in [0, 1], counts add up and only insufficient answers
// are unpaid.
func TestInvariants(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	areas := []string{"al-khuwair", "azaiba", "al-mouj", "ruwi", "qurum", "seeb", "al-hail"}
	for i := range 300 {
		var rows []Comparable
		for range rng.IntN(40) {
			k := KindRent
			amount := 200 + rng.Float64()*800
			if rng.IntN(2) == 0 {
				k, amount = KindSale, 30000+rng.Float64()*150000
			}
			rows = append(rows, comp(k, areas[rng.IntN(len(areas))], TypeApartment, rng.IntN(5), 60+rng.Float64()*100, amount, rng.IntN(1000)))
		}
		in := flat(placeName(areas[rng.IntN(len(areas))]), rng.IntN(5), 60+rng.Float64()*100, 20000+rng.Float64()*200000)
		out := analyze(t, &memMarket{rows: rows}, in)
		for _, r := range []*Range{out.Market.MonthlyRent, out.Market.Value, out.Market.RentPerSqm, out.Market.PricePerSqm} {
			if r != nil && !(r.Low <= r.Median && r.Median <= r.High && r.Low > 0) {
				t.Fatalf("case %d: range %+v", i, r)
			}
		}
		if c := out.Confidence.Score; c < 0 || c > 1 {
			t.Fatalf("case %d: confidence %v", i, c)
		}
		for _, s := range []KindSelection{out.Selection.Rent, out.Selection.Sale} {
			if s.Level != "none" && s.Used+s.OutliersRemoved > s.Candidates {
				t.Fatalf("case %d: %+v", i, s)
			}
		}
		if charge, _ := dalil.DecideEvidence(out.Basis()); !charge != (out.Market.MonthlyRent == nil && out.Market.Value == nil) {
			t.Fatalf("case %d: charged %v with %+v", i, charge, out.Market)
		}
		if len(out.Comparables) != out.Market.SampleSizeUsed {
			t.Fatalf("case %d: %d comparables listed, %d used", i, len(out.Comparables), out.Market.SampleSizeUsed)
		}
		if _, err := json.Marshal(out); err != nil {
			t.Fatal(err)
		}
	}
}

// TestConfidenceCappedBySampleSize checks the sample-size cap
// (docs/oman-property.md, Confidence): fresh, area-level, exact-bedroom
// comparables that agree would score high on the weighted factors alone;
// the fewest comparables used of the kinds estimated caps the score, and a
// sample flagged small_sample is never "high".
func TestConfidenceCappedBySampleSize(t *testing.T) {
	spread := func(n int, base float64) []float64 {
		xs := make([]float64, n)
		for i := range xs {
			xs[i] = base + float64(i%3)
		}
		return xs
	}
	for _, tc := range []struct {
		rents, sales int
		maxScore     float64
		small        bool
		level        string
	}{
		{rents: 3, sales: 3, maxScore: 0.45, small: true, level: "medium"},
		{rents: 4, sales: 12, maxScore: 0.45, small: true, level: "medium"},
		{rents: 6, sales: 6, maxScore: 0.65, small: true, level: "medium"},
		{rents: 7, sales: 20, maxScore: 0.65, small: true, level: "medium"},
		{rents: 8, sales: 8, maxScore: 1, small: false, level: "high"},
		{rents: 12, sales: 12, maxScore: 1, small: false, level: "high"},
	} {
		t.Run(fmt.Sprintf("%d rents %d sales", tc.rents, tc.sales), func(t *testing.T) {
			rows := slices.Concat(rents("al-khuwair", spread(tc.rents, 400)...), sales("al-khuwair", spread(tc.sales, 70000)...))
			out := analyze(t, &memMarket{rows: rows}, flat("Al Khuwair", 2, 100, 72000))
			c := out.Confidence
			if c.Score > tc.maxScore || c.Level != tc.level {
				t.Errorf("confidence %v %s, want at most %v, %s", c.Score, c.Level, tc.maxScore, tc.level)
			}
			if small := slices.Contains(out.RiskFlags, "small_sample"); small != tc.small {
				t.Errorf("small_sample flagged %v, want %v", small, tc.small)
			}
			if slices.Contains(out.RiskFlags, "small_sample") && c.Level == "high" {
				t.Errorf("small sample answered high: %+v", c)
			}
			var cap *Factor
			for i, f := range c.Factors {
				if f.Name == "sample_size" {
					cap = &c.Factors[i]
				}
			}
			if cap == nil || cap.Effect != "cap" || cap.Value != tc.maxScore {
				t.Errorf("sample_size factor = %+v, want cap %v", cap, tc.maxScore)
			}
		})
	}
}

// cancelling cancels its context on its first query.
type cancelling struct {
	memMarket
	cancel context.CancelFunc
}

func (c *cancelling) Comparables(ctx context.Context, q Query) (Found, error) {
	c.cancel()
	return c.memMarket.Comparables(ctx, q)
}

// TestAnalyzeStopsWhenCancelled: an analysis whose context ends during a
// level's query searches no further level (counted in queries, not
// timed) and returns the context's error; uncancelled, the same subject
// searches all three.
func TestAnalyzeStopsWhenCancelled(t *testing.T) {
	in := flat("Al Khuwair", 2, 100, 72000)
	m := &memMarket{}
	analyze(t, m, in)
	if len(m.queries) != 3 {
		t.Fatalf("uncancelled: %d queries, want 3 (area, wilayat, governorate)", len(m.queries))
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	c := &cancelling{cancel: cancel}
	_, err := Analyze(ctx, Deps{Market: c}, in, now)
	if !errors.Is(err, context.Canceled) || len(c.queries) != 1 {
		t.Errorf("cancelled: %v after %d queries, want context.Canceled after 1", err, len(c.queries))
	}
}
