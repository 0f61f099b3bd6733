package vehiclevalue

import (
	"context"
	"math"
	"testing"
	"time"

	"dalil/capability"
)

// synthetic marks listings as made-up demo data.
func synthetic(ls []Listing) []Listing {
	for i := range ls {
		ls[i].Synthetic, ls[i].Batch = true, "demo1"
	}
	return ls
}

func callerComparables(ls []Listing) []CallerComparable {
	var out []CallerComparable
	for _, l := range ls {
		out = append(out, CallerComparable{Year: l.Year, Trim: l.Trim, MileageKm: l.MileageKm, Price: l.Price, City: "muscat",
			ObservedOn: l.ListedOn.Format(time.DateOnly)})
	}
	return out
}

// Synthetic demo listings are not live market data and not a market-data
// provider: an estimate on them says so (liveMarketDataAvailable false,
// NO_MARKET_DATA_PROVIDER) and its confidence is multiplied by
// 1 - 0.5 × the synthetic share of the comparables used, as the Oman
// property answer's is (issue 30, item 6).
func TestSyntheticListingsAreNotMarketData(t *testing.T) {
	feed := fakeSource{name: "feed", covers: []string{"OM"}, ls: lc(6, 2019, "GXR")}
	elsewhere := fakeSource{name: "us-only", covers: []string{"US"}}
	withCallers := subjectInput()
	withCallers.Comparables = callerComparables(lc(6, 2019, "GXR"))
	for _, tc := range []struct {
		name       string
		deps       Deps
		in         Input
		live       bool
		noProvider bool
		multiplier float64 // of the same evidence's confidence were none synthetic
	}{
		{"synthetic listings only", Deps{Listings: &mem{ls: synthetic(lc(6, 2019, "GXR"))}}, subjectInput(), false, true, 0.5},
		{"synthetic listings, a provider for another market", Deps{Listings: &mem{ls: synthetic(lc(6, 2019, "GXR"))}, Sources: []Source{elsewhere}},
			subjectInput(), false, true, 0.5},
		{"real listings only", Deps{Listings: &mem{ls: lc(6, 2019, "GXR")}}, subjectInput(), true, false, 1},
		{"synthetic listings and a covering provider", Deps{Listings: &mem{ls: synthetic(lc(6, 2019, "GXR"))}, Sources: []Source{feed}},
			subjectInput(), true, false, 0.75},
		{"synthetic listings and the caller's comparables", Deps{Listings: &mem{ls: synthetic(lc(6, 2019, "GXR"))}}, withCallers, false, true, 0.75},
		{"a covering provider only", Deps{Sources: []Source{feed}}, subjectInput(), true, false, 1},
		{"nothing configured", Deps{}, subjectInput(), false, true, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := estimate(t, tc.deps, tc.in)
			if out.MarketCoverage.LiveMarketDataAvailable != tc.live {
				t.Errorf("liveMarketDataAvailable = %v, want %v", out.MarketCoverage.LiveMarketDataAvailable, tc.live)
			}
			if got := has(out.RiskFlags, "NO_MARKET_DATA_PROVIDER"); got != tc.noProvider {
				t.Errorf("NO_MARKET_DATA_PROVIDER flagged %v, want %v (%v)", got, tc.noProvider, out.RiskFlags)
			}
			// The same evidence with nothing synthetic.
			real := tc.deps
			if m, ok := real.Listings.(*mem); ok {
				ls := append([]Listing(nil), m.ls...)
				for i := range ls {
					ls[i].Synthetic = false
				}
				real.Listings = &mem{ls: ls}
			}
			base := estimate(t, real, tc.in).Confidence.Score
			if want := base * tc.multiplier; math.Abs(out.Confidence.Score-want) > 0.011 {
				t.Errorf("confidence %v, want %v × %v = %v", out.Confidence.Score, base, tc.multiplier, want)
			}
			if tc.multiplier < 1 && out.Confidence.Score >= base {
				t.Errorf("synthetic evidence kept confidence %v (real %v)", out.Confidence.Score, base)
			}
		})
	}
}

// The preview says syntheticOnly when synthetic demo listings alone would
// answer, and then never reports high coverage nor available.
func TestPreviewSyntheticOnly(t *testing.T) {
	feed := fakeSource{name: "feed", covers: []string{"OM"}}
	full := `{"make":"Toyota","model":"Land Cruiser","year":2019,"country":"OM","trim":"GXR","mileageKm":100000,"city":"Muscat","condition":"good"}`
	withCallers := `{"make":"Toyota","model":"Land Cruiser","year":2019,"country":"OM","trim":"GXR","mileageKm":100000,"city":"Muscat","condition":"good",
		"comparables":[{"year":2019,"price":15000},{"year":2019,"price":15500},{"year":2019,"price":16000}]}`
	for _, tc := range []struct {
		name          string
		deps          Deps
		body          string
		syntheticOnly bool
		synthetic     int
		status        capability.PreviewStatus
		coverage      string
	}{
		{"synthetic listings only", Deps{Listings: &mem{ls: synthetic(lc(8, 2019, "GXR"))}}, full, true, 8, capability.PreviewLimited, "medium"},
		{"real listings", Deps{Listings: &mem{ls: lc(8, 2019, "GXR")}}, full, false, 0, capability.PreviewAvailable, "high"},
		{"synthetic listings and a covering provider", Deps{Listings: &mem{ls: synthetic(lc(8, 2019, "GXR"))}, Sources: []Source{feed}}, full, false, 8,
			capability.PreviewAvailable, "high"},
		{"synthetic listings and the caller's comparables", Deps{Listings: &mem{ls: synthetic(lc(8, 2019, "GXR"))}}, withCallers, false, 8,
			capability.PreviewAvailable, "high"},
		{"some real among synthetic", Deps{Listings: &mem{ls: append(synthetic(lc(8, 2019, "GXR")), lc(3, 2018, "GXR")...)}}, full, false, 8,
			capability.PreviewAvailable, "high"},
		{"nothing", Deps{}, full, false, 0, capability.PreviewLimited, "medium"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := Entry(tc.deps)
			in, err := e.Decode([]byte(tc.body))
			if err != nil {
				t.Fatal(err)
			}
			status, rep, err := e.RunPreview(capability.WithCall(context.Background(), capability.Call{Now: today}), in)
			if err != nil {
				t.Fatal(err)
			}
			r := rep.(capability.PreviewReport[PreviewSignals])
			if r.Signals.SyntheticOnly != tc.syntheticOnly || r.Signals.SyntheticListings != tc.synthetic || status != tc.status || r.DataCoverage != tc.coverage {
				t.Errorf("syntheticOnly %v, synthetic %d, status %s, coverage %s (%v); want %v, %d, %s, %s",
					r.Signals.SyntheticOnly, r.Signals.SyntheticListings, status, r.DataCoverage, r.CoverageScore, tc.syntheticOnly, tc.synthetic, tc.status, tc.coverage)
			}
		})
	}
}
