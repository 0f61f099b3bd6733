package marketdata_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"dalil/capabilities/vehiclevalue"
	"dalil/internal/safehttp/safehttptest"
	"dalil/provider/client"
	"dalil/provider/client/clienttest"
	"dalil/provider/marketdata"
	"dalil/provider/marketdata/marketdatatest"
)

const key = "mc-key-5ecret"

var seen = time.Date(2026, 11, 20, 8, 0, 0, 0, time.UTC)

func cars() []marketdatatest.Car {
	var out []marketdatatest.Car
	for i := range 60 {
		out = append(out, marketdatatest.Car{ID: "mc" + string(rune('A'+i%26)) + string(rune('a'+i/26)), VIN: "1HGCM82633A004352", Make: "Toyota",
			Model: "Land Cruiser", Trim: "Heritage", Year: 2019 + i%2, Miles: 40_000, Price: 52_000 + float64(i*100), MSRP: 87_000, Country: "US",
			City: "Dallas", Seen: seen})
	}
	return append(out, marketdatatest.Car{ID: "ca1", Make: "Toyota", Model: "Land Cruiser", Year: 2019, Miles: 10_000, Price: 70_000, Country: "CA", Seen: seen})
}

func query(country string, yearMin, yearMax int) vehiclevalue.Query {
	mk := vehiclevalue.NormalizeMake("toyota")
	return vehiclevalue.Query{Make: mk, Model: vehiclevalue.NormalizeModel(mk, "LC200"), YearMin: yearMin, YearMax: yearMax, Countries: []string{country}}
}

func newMC(srv *marketdatatest.MarketCheck, waits *[]time.Duration) *marketdata.MarketCheck {
	return marketdata.NewMarketCheck(marketdata.MarketCheckConfig{APIKey: key, BaseURL: srv.URL, HTTP: clienttest.Instant(waits, 300*time.Millisecond)})
}

func TestMarketCheckSearch(t *testing.T) {
	srv := marketdatatest.NewMarketCheck(t, key, cars()...)
	mc := newMC(srv, nil)
	ls, err := mc.Search(context.Background(), query("US", 2017, 2021))
	if err != nil {
		t.Fatal(err)
	}
	// Two pages of 50 read (the default), of 60 matching cars.
	if len(ls) != 60 || len(srv.Queries) != 2 {
		t.Fatalf("%d listings in %d requests", len(ls), len(srv.Queries))
	}
	q := srv.Queries[0]
	for _, want := range []string{"car_type=used", "make=toyota", "model=land+cruiser", "year=2017%2C2018%2C2019%2C2020%2C2021", "country=us", "rows=50", "start=0"} {
		if !strings.Contains(q, want) {
			t.Errorf("query %s lacks %s", q, want)
		}
	}
	l := ls[0]
	if l.Make != "Toyota" || l.Model != "Land Cruiser" || l.Currency != "USD" || l.Country != "US" || *l.MileageKm != 64374 || l.MSRP != 87_000 ||
		l.ListedOn.Format(time.DateOnly) != "2026-11-20" || l.SourceName != "MarketCheck" || l.FuelType != "petrol" || l.Drivetrain != "4wd" || l.VIN == "" {
		t.Errorf("listing %+v", l)
	}
	ca, err := mc.Search(context.Background(), query("CA", 2019, 2019))
	if err != nil || len(ca) != 1 || ca[0].Currency != "CAD" || ca[0].Country != "CA" {
		t.Errorf("Canada: %+v %v", ca, err)
	}
	// Not a MarketCheck market: no call.
	before := srv.Hits()
	if ls, err := mc.Search(context.Background(), query("OM", 2019, 2019)); err != nil || ls != nil || srv.Hits() != before || mc.Covers("OM") {
		t.Errorf("Oman: %v %v, %d calls", ls, err, srv.Hits()-before)
	}
	// The key never appears in an error.
	bad := marketdata.NewMarketCheck(marketdata.MarketCheckConfig{APIKey: "wrong-5ecret", BaseURL: srv.URL, HTTP: clienttest.Instant(nil, 0)})
	_, err = bad.Search(context.Background(), query("US", 2019, 2019))
	if !errors.Is(err, client.ErrUpstream) || client.StatusOf(err) != 401 || strings.Contains(err.Error(), "wrong-5ecret") ||
		!strings.Contains(err.Error(), "Invalid API key") {
		t.Errorf("bad key: %v", err)
	}
}

func TestMarketCheckPredict(t *testing.T) {
	srv := marketdatatest.NewMarketCheck(t, key)
	mc := newMC(srv, nil)
	km := 80_000
	q := vehiclevalue.Query{SubjectCountry: "US", SubjectVIN: "1HGCM82633A004352", SubjectMileageKm: &km}
	p, ok, err := mc.Predict(context.Background(), q)
	if err != nil || !ok || p.Price != 23_450 || p.MSRP != 38_000 || p.Currency != "USD" {
		t.Fatalf("%+v %v %v", p, ok, err)
	}
	before := srv.Hits()
	q.SubjectCountry = "OM"
	if _, ok, err := mc.Predict(context.Background(), q); ok || err != nil || srv.Hits() != before {
		t.Errorf("outside the US: %v %v", ok, err)
	}
}

func TestContract(t *testing.T) {
	t.Run("marketcheck search", func(t *testing.T) {
		var waits []time.Duration
		srv := marketdatatest.NewMarketCheck(t, key, cars()...)
		mc := newMC(srv, &waits)
		clienttest.Contract{Faults: srv.Faults, Waits: &waits, Call: func(ctx context.Context, n int) error {
			_, err := mc.Search(ctx, query("US", 1950+n, 1950+n))
			return err
		}}.Run(t)
	})
	t.Run("marketcheck price", func(t *testing.T) {
		var waits []time.Duration
		srv := marketdatatest.NewMarketCheck(t, key)
		mc := newMC(srv, &waits)
		clienttest.Contract{Faults: srv.Faults, Waits: &waits, Call: func(ctx context.Context, n int) error {
			km := n * 1000
			_, _, err := mc.Predict(ctx, vehiclevalue.Query{SubjectCountry: "US", SubjectVIN: "1HGCM82633A004352", SubjectMileageKm: &km})
			return err
		}}.Run(t)
	})
	t.Run("feed", func(t *testing.T) {
		var waits []time.Duration
		srv := marketdatatest.NewFeed(t, "feed-token-5ecret", feedCars()...)
		f := newFeed(srv, &waits)
		clienttest.Contract{Faults: srv.Faults, Waits: &waits, Call: func(ctx context.Context, n int) error {
			_, err := f.Search(ctx, query("OM", 1950+n, 1950+n))
			return err
		}}.Run(t)
	})
}

func feedCars() []marketdatatest.Car {
	return []marketdatatest.Car{
		{ID: "f1", Make: "تويوتا", Model: "لاند كروزر", Trim: "GXR", Year: 2019, Miles: 120_000, Price: 14_500, Currency: "OMR", Country: "OM", City: "Muscat", Seen: seen},
		{ID: "f2", Make: "Toyota", Model: "Landcruiser", Trim: "VXR", Year: 2020, Miles: 90_000, Price: 17_000, Currency: "OMR", Country: "OM", Seen: seen},
		{ID: "f3", Make: "Toyota", Model: "Land Cruiser", Year: 2019, Miles: 90_000, Price: 190_000, Currency: "AED", Country: "AE", Seen: seen},
		{ID: "f4", Make: "Nissan", Model: "Patrol", Year: 2019, Miles: 90_000, Price: 15_000, Currency: "OMR", Country: "OM", Seen: seen},
		{ID: "bad", Make: "Toyota", Model: "Land Cruiser", Year: 2019, Price: -1, Currency: "OMR", Country: "OM", Seen: seen},
	}
}

func newFeed(srv *marketdatatest.Feed, waits *[]time.Duration) *marketdata.Feed {
	return marketdata.NewFeed(marketdata.FeedConfig{URL: srv.URL(), Token: "feed-token-5ecret", Name: "example_feed", Countries: []string{"OM", "AE"},
		Fetch: srv.Options(), HTTP: clienttest.Instant(waits, 300*time.Millisecond)})
}

func TestFeed(t *testing.T) {
	srv := marketdatatest.NewFeed(t, "feed-token-5ecret", feedCars()...)
	f := newFeed(srv, nil)
	ls, err := f.Search(context.Background(), query("OM", 2017, 2021))
	if err != nil {
		t.Fatal(err)
	}
	if len(ls) != 2 || ls[0].Model != "Land Cruiser" || ls[0].Make != "Toyota" || ls[0].SourceName != "Example Motors feed" || *ls[0].MileageKm != 120_000 {
		t.Fatalf("listings %+v", ls)
	}
	if srv.Auth[0] != "Bearer feed-token-5ecret" || len(srv.Dialed()) == 0 {
		t.Errorf("auth %v, dialed %v", srv.Auth, srv.Dialed())
	}
	if f.Covers("US") {
		t.Error("the feed covers the US")
	}
	// A feed URL on a private address is refused by safehttp: no dial.
	priv := marketdata.NewFeed(marketdata.FeedConfig{URL: "https://10.0.0.7/feed.json", Countries: []string{"OM"}, Fetch: safehttptest.NoNetwork(t),
		HTTP: clienttest.Instant(nil, 0)})
	if _, err := priv.Search(context.Background(), query("OM", 2019, 2019)); err == nil {
		t.Error("a private feed address was fetched")
	}
	http := marketdata.NewFeed(marketdata.FeedConfig{URL: "http://feed.test.example/listings.json", Countries: []string{"OM"}, Fetch: srv.Options(),
		HTTP: clienttest.Instant(nil, 0)})
	if _, err := http.Search(context.Background(), query("OM", 2019, 2019)); err == nil {
		t.Error("a plain-http feed was fetched")
	}
	// Not the documented shape: malformed.
	srv.Push(clienttest.Fault{Status: 200, Body: `{"version":2,"listings":[]}`})
	if _, err := f.Search(context.Background(), query("OM", 2000, 2001)); !errors.Is(err, client.ErrMalformed) {
		t.Errorf("version 2: %v", err)
	}
}

// A client without settings is nil, answers ErrNotConfigured and makes
// no call (any dial fails the test).
func TestOffMakesNoCall(t *testing.T) {
	mc := marketdata.NewMarketCheck(marketdata.MarketCheckConfig{APIKey: " ", HTTP: client.Config{Transport: clienttest.NoNetwork(t)}})
	f := marketdata.NewFeed(marketdata.FeedConfig{Countries: []string{"OM"}, Fetch: safehttptest.NoNetwork(t)})
	if mc != nil || f != nil {
		t.Fatal("clients without settings must be nil")
	}
	if _, err := mc.Search(context.Background(), query("US", 2019, 2019)); !errors.Is(err, client.ErrNotConfigured) {
		t.Errorf("marketcheck: %v", err)
	}
	if _, _, err := mc.Predict(context.Background(), vehiclevalue.Query{SubjectCountry: "US", SubjectVIN: "1HGCM82633A004352"}); !errors.Is(err, client.ErrNotConfigured) {
		t.Errorf("marketcheck price: %v", err)
	}
	if _, err := f.Search(context.Background(), query("OM", 2019, 2019)); !errors.Is(err, client.ErrNotConfigured) {
		t.Errorf("feed: %v", err)
	}
	if mc.Covers("US") || f.Covers("OM") {
		t.Error("an off client covers a market")
	}
}
