package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"dalil/capabilities/vehiclevalue/vehiclemod"
	"dalil/internal/testenv"
	"dalil/provider/marketdata"
	"dalil/provider/marketdata/marketdatatest"
	"dalil/rail/x402"
)

const vehiclePath = "/automotive/vehicle-value-estimate"

// omanLC is a Land Cruiser in Oman; nothing is imported for it at first.
const omanLC = `{"make":"Toyota","model":"Land Cruiser","year":2019,"country":"OM","trim":"GXR","mileageKm":120000,"condition":"good","city":"Muscat"}`

func TestVehicleValueEndToEndSQLite(t *testing.T) {
	testVehicleValueEndToEnd(t, filepath.Join(t.TempDir(), "dalil.db"))
}

func TestVehicleValueEndToEndPostgres(t *testing.T) {
	testVehicleValueEndToEnd(t, testenv.FreshPostgresSchema(t, testenv.Postgres(t)))
}

// wantUnpaid checks a 200 insufficient_market_data answer that was not
// charged.
func wantUnpaid(t *testing.T, a answer, what string) {
	t.Helper()
	data, _ := a.body["data"].(map[string]any)
	if a.status != 200 || data["status"] != "insufficient_market_data" || a.meta()["charged"] != false ||
		!strings.Contains(fmt.Sprint(a.meta()["notChargedReason"]), "insufficient_market_data") || a.meta()["paymentMethod"] != nil {
		t.Fatalf("%s: %d %s", what, a.status, a.raw)
	}
	if data["estimatedValue"] != nil || data["estimatedDealerBuyPrice"] != nil {
		t.Errorf("%s: prices in an insufficient answer: %s", what, a.raw)
	}
}

// wantEstimate checks a charged 200 estimate.
func wantEstimate(t *testing.T, a answer, what string) map[string]any {
	t.Helper()
	data, _ := a.body["data"].(map[string]any)
	if a.status != 200 || data["status"] != "estimated" || data["estimatedValue"] == nil || a.meta()["charged"] == false {
		t.Fatalf("%s: %d %s", what, a.status, a.raw)
	}
	return data
}

// The insufficient_market_data answer is a 200 not charged on any rail
// (credits, x402, L402, MPP), and the pay-per-call credential it came
// with still pays for a real estimate once listings are imported; the
// import, stats, preview and a MarketCheck-backed US estimate through the
// server dalil serve builds.
func testVehicleValueEndToEnd(t *testing.T, db string) {
	p := startProviders(t)
	var cars []marketdatatest.Car
	for i := range 8 {
		cars = append(cars, marketdatatest.Car{ID: fmt.Sprintf("us%d", i), Make: "Toyota", Model: "Land Cruiser", Trim: "Heritage", Year: 2020,
			Miles: 30_000 + float64(i)*4_000, Price: 61_000 + float64(i)*700, MSRP: 87_000, Country: "US", City: "Dallas",
			Seen: time.Now().UTC().AddDate(0, 0, -2)})
	}
	mc := marketdatatest.NewMarketCheck(t, "mc-e2e-5ecret", cars...)
	env := map[string]string{vehiclemod.EnvMarketCheckKey: "mc-e2e-5ecret", vehiclemod.EnvMarketCheckURL: mc.URL}
	for k, v := range p.env {
		env[k] = v
	}
	base, logs := serveOn(t, env, db)
	acct := cli(t, db, "accounts", "create", "--name", "vehicles", "--credits", "5")
	key := acct["apiKey"].(string)
	hdr := map[string]string{"X-API-Key": key}
	url := base + "/api/v1" + vehiclePath

	// Nothing imported: insufficient_market_data, not charged on any rail.
	wantUnpaid(t, post(t, url, omanLC, hdr), "api key")
	if c := credits(t, base, key); c != 5 {
		t.Errorf("credits %v after an unpaid answer, want 5", c)
	}
	x402URL := base + "/api/v1/x402" + vehiclePath
	ch := post(t, x402URL, omanLC, nil)
	wantChallenge(t, ch, x402.HeaderPaymentRequired)
	settled := len(p.fac.Settlements())
	x402Cred := p.payX402(t, ch, 2)
	wantUnpaid(t, post(t, x402URL, omanLC, x402Cred), "x402")
	if n := len(p.fac.Settlements()) - settled; n != 0 {
		t.Errorf("x402 settled %d payments for an unpaid answer", n)
	}
	l402URL := base + "/api/v1/l402" + vehiclePath
	l402Cred := p.payL402(t, post(t, l402URL, omanLC, nil))
	wantUnpaid(t, post(t, l402URL, omanLC, l402Cred), "l402")
	mppURL := base + "/api/v1/mpp/charge/vehicle_value_estimate"
	sent := len(p.rpc.Sent())
	mppCred := p.payMPP(t, post(t, mppURL, omanLC, nil))
	wantUnpaid(t, post(t, mppURL, omanLC, mppCred), "mpp")
	if n := len(p.rpc.Sent()) - sent; n != 0 {
		t.Errorf("mpp broadcast %d transactions for an unpaid answer", n)
	}

	// The preview: free, coverage only.
	pv := post(t, base+"/api/v1/preview/vehicle_value_estimate", omanLC, nil)
	if pv.status != 200 || pv.body["data"].(map[string]any)["status"] != "limited" {
		t.Fatalf("preview: %d %s", pv.status, pv.raw)
	}
	checkNoPaidKeys(t, pv.raw)
	var tree any
	json.Unmarshal(pv.raw, &tree)
	var walk func(v any)
	walk = func(v any) {
		switch x := v.(type) {
		case map[string]any:
			for k, sub := range x {
				if slices.Contains([]string{"estimatedValue", "mid", "estimatedPrivateSalePrice", "estimatedDealerBuyPrice", "estimatedDealerRetailPrice",
					"askingPriceAnalysis", "adjustments", "marketComparables", "marketStats", "price", "askingPrice"}, k) {
					t.Errorf("preview carries the paid key %s", k)
				}
				walk(sub)
			}
		case []any:
			for _, sub := range x {
				walk(sub)
			}
		}
	}
	walk(tree.(map[string]any)["data"].(map[string]any)["preview"])

	// An operator imports listings (CLI, same database).
	file := filepath.Join(t.TempDir(), "listings.csv")
	csv := "id,make,model,trim,year,mileageKm,price,currency,country,city,listedOn,sellerType\n"
	for i := range 8 {
		csv += fmt.Sprintf("om%d,%s,%s,GXR,2019,%d,%d,OMR,OM,Muscat,%s,dealer\n", i, []string{"Toyota", "تويوتا"}[i%2],
			[]string{"Land Cruiser", "LC200", "Landcruiser", "لاند كروزر"}[i%4], 100_000+i*6_000, 14_000+i*150, time.Now().UTC().AddDate(0, 0, -3-i).Format(time.DateOnly))
	}
	if err := os.WriteFile(file, []byte(csv), 0o600); err != nil {
		t.Fatal(err)
	}
	rep := cli(t, db, "listings", "import", file, "--source", "agency-2026-11", "--license", "licensed for internal use", "--json")
	if rep["imported"] != 8.0 || rep["refused"] != false {
		t.Fatalf("import: %v", rep)
	}
	if again := cli(t, db, "listings", "import", file, "--source", "agency-2026-11", "--license", "licensed for internal use", "--json"); again["unchanged"] != true {
		t.Errorf("second import: %v", again)
	}
	if st := cli(t, db, "listings", "stats", "--json"); st["rows"] != 8.0 {
		t.Errorf("stats: %v", st)
	}

	// Now an estimate, charged on each rail; the pay-per-call credentials
	// of the unpaid answers were not spent.
	data := wantEstimate(t, post(t, url, omanLC, hdr), "api key")
	if c := credits(t, base, key); c != 4.75 {
		t.Errorf("credits %v after one estimate, want 4.75", c)
	}
	if ds := data["datasets"].([]any); len(ds) != 1 || ds[0].(map[string]any)["source"] != "agency-2026-11" {
		t.Errorf("datasets %v", data["datasets"])
	}
	a := post(t, x402URL, omanLC, x402Cred)
	wantEstimate(t, a, "x402 after import")
	if a.header.Get(x402.HeaderPaymentResponse) == "" || len(p.fac.Settlements())-settled != 1 {
		t.Errorf("x402: %d settlements", len(p.fac.Settlements())-settled)
	}
	wantEstimate(t, post(t, l402URL, omanLC, l402Cred), "l402 after import")
	wantEstimate(t, post(t, mppURL, omanLC, mppCred), "mpp after import")
	if n := len(p.rpc.Sent()) - sent; n != 1 {
		t.Errorf("mpp broadcast %d transactions, want 1", n)
	}

	// A US vehicle: MarketCheck's listings, and its price for the VIN.
	us := `{"make":"Toyota","model":"Land Cruiser","year":2020,"country":"US","trim":"Heritage","mileageKm":60000,"vin":"JTMHV05J6L4123456"}`
	data = wantEstimate(t, post(t, url, us, hdr), "US estimate")
	var sources []string
	for _, s := range data["marketCoverage"].(map[string]any)["sources"].([]any) {
		m := s.(map[string]any)
		sources = append(sources, fmt.Sprint(m["source"], "=", m["status"]))
	}
	if !strings.Contains(strings.Join(sources, " "), "marketcheck=ok") || data["currency"] != "USD" || mc.Hits() == 0 {
		t.Errorf("sources %v currency %v, %d MarketCheck calls", sources, data["currency"], mc.Hits())
	}
	if pred, _ := data["providerPrediction"].(map[string]any); pred == nil || pred["price"] != 23450.0 {
		t.Errorf("prediction %v", data["providerPrediction"])
	}
	if strings.Contains(logs.String(), "mc-e2e-5ecret") {
		t.Error("the MarketCheck key reached the log")
	}
}

// Not configured: no source is built, so no call can be made; configured:
// each one is, from its variables.
func TestVehicleProvidersFromConfig(t *testing.T) {
	cfg, _, err := loadConfig(newFlagSet("serve", nil), nil, noEnv)
	if err != nil {
		t.Fatal(err)
	}
	d := vehiclemod.Deps(moduleEnv(deps{providers: cfg.Providers}))
	if len(d.Sources) != 0 || d.VIN != nil || d.Predictor != nil || d.Listings != nil {
		t.Fatalf("sources built with nothing configured: %+v", d)
	}
	env := map[string]string{vehiclemod.EnvMarketCheckKey: "k", vehiclemod.EnvFeedURL: "https://feed.example/l.json", vehiclemod.EnvFeedCountries: "OM,AE", vehiclemod.EnvVINDecoder: "nhtsa"}
	cfg, _, err = loadConfig(newFlagSet("serve", nil), nil, func(k string) string { return env[k] })
	if err != nil {
		t.Fatal(err)
	}
	d = vehiclemod.Deps(moduleEnv(deps{providers: cfg.Providers}))
	if len(d.Sources) != 2 || d.VIN == nil || d.Predictor == nil || !d.Sources[1].Covers("AE") || d.Sources[0].Covers("OM") {
		t.Fatalf("configured: %+v", d)
	}
	// A feed without countries is not configured.
	delete(env, vehiclemod.EnvFeedCountries)
	cfg, _, _ = loadConfig(newFlagSet("serve", nil), nil, func(k string) string { return env[k] })
	if p := cfg.Providers[marketdata.FeedName]; p.Configured || len(p.Missing) != 1 {
		t.Errorf("feed without countries: %+v", p)
	}
}
