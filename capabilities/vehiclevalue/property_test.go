package vehiclevalue

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"dalil"
	"dalil/capability"

	santhosh "github.com/santhosh-tekuri/jsonschema/v6"
)

// randomPool is a random market of one model in Oman: 3 to 20 listings of
// years y-1 and y, random trims among two, mileages, prices and dates,
// some without mileage, condition or city.
func randomPool(rng *rand.Rand, y int) []Listing {
	n := 3 + rng.IntN(18)
	var out []Listing
	for i := range n {
		year := y - rng.IntN(2)
		l := Listing{ID: fmt.Sprintf("r%d", i), Make: "Toyota", Model: "Land Cruiser", Year: year, Trim: []string{"GXR", "VXR", ""}[rng.IntN(3)],
			Price: 5_000 + rng.Float64()*40_000, Currency: "OMR", Country: "OM", City: []string{"Muscat", "Sohar", ""}[rng.IntN(3)],
			ListedOn: today.AddDate(0, 0, -rng.IntN(300)).Truncate(24 * time.Hour), SourceName: []string{"a", "b"}[rng.IntN(2)],
			Condition: []string{"", "good", "fair", "excellent"}[rng.IntN(4)], PriceType: []string{"listing", "sale"}[rng.IntN(2)]}
		if rng.IntN(5) > 0 {
			km := rng.IntN(300_000)
			l.MileageKm = &km
		}
		out = append(out, l)
	}
	return out
}

// prices are every published price of an answer, nil when insufficient.
func prices(o Output) []float64 {
	if o.EstimatedValue == nil {
		return nil
	}
	return []float64{o.EstimatedValue.Low, o.EstimatedValue.Mid, o.EstimatedValue.High, *o.EstimatedDealerBuyPrice, *o.EstimatedPrivateSalePrice, *o.EstimatedDealerRetailPrice}
}

// notAbove checks every price of a is at most the same price of b.
func notAbove(t *testing.T, what string, a, b Output) {
	t.Helper()
	pa, pb := prices(a), prices(b)
	if (pa == nil) != (pb == nil) {
		t.Fatalf("%s: one answer is insufficient and the other not", what)
	}
	for i := range pa {
		if pa[i] > pb[i] {
			t.Fatalf("%s: price %d is %v, above %v", what, i, pa[i], pb[i])
		}
	}
}

// Monotonicity, for the same evidence: more mileage never raises the
// value, an older model year never raises it, a better condition never
// lowers it, an accident never raises it.
func TestMonotonicity(t *testing.T) {
	rng := rand.New(rand.NewPCG(18, 2026))
	conds := []string{"poor", "fair", "good", "very_good", "excellent"}
	accidents := []string{"minor_cosmetic", "repaired", "structural", "reported"}
	for iter := range 400 {
		deps := Deps{Listings: &mem{ls: randomPool(rng, 2020)}}
		in := Input{Make: "Toyota", Model: "Land Cruiser", Year: 2020, Country: "OM", City: []string{"Muscat", ""}[rng.IntN(2)],
			Trim: "", Condition: conds[rng.IntN(5)], ServiceHistory: []string{"full", "none", "unknown"}[rng.IntN(3)]}
		if rng.IntN(2) == 0 {
			in.Options = []string{"sunroof", "leather seats"}
		}
		km := rng.IntN(250_000)
		in.MileageKm = &km
		base := estimate(t, deps, in)
		what := fmt.Sprintf("case %d", iter)

		more := in
		km2 := km + 1 + rng.IntN(100_000)
		more.MileageKm = &km2
		notAbove(t, what+" mileage", estimate(t, deps, more), base)

		older := in
		older.Year = 2019
		notAbove(t, what+" year", estimate(t, deps, older), base)

		i := 0
		for conds[i] != in.Condition {
			i++
		}
		if i+1 < len(conds) {
			better := in
			better.Condition = conds[i+1+rng.IntN(len(conds)-i-1)]
			notAbove(t, what+" condition", base, estimate(t, deps, better))
		}

		clean, crashed := in, in
		f := false
		clean.AccidentHistory = Accident{Bool: &f}
		crashed.AccidentHistory = Accident{Text: accidents[rng.IntN(len(accidents))]}
		notAbove(t, what+" accident", estimate(t, deps, crashed), estimate(t, deps, clean))
	}
}

// Every answer validates against the published output schema, on random
// evidence: also the insufficient ones.
func TestOutputMatchesSchema(t *testing.T) {
	e := Entry(Deps{})
	doc, err := santhosh.UnmarshalJSON(bytes.NewReader(e.OutputJSON))
	if err != nil {
		t.Fatal(err)
	}
	c := santhosh.NewCompiler()
	if err := c.AddResource("out.json", doc); err != nil {
		t.Fatal(err)
	}
	schema, err := c.Compile("out.json")
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for i := range 50 {
		in := subjectInput()
		in.VIN = "1HGCM82633A004352"
		in.AskingPrice = ptr(10_000.0)
		out := estimate(t, Deps{Listings: &mem{ls: randomPool(rng, 2019)}}, in)
		b, _ := json.Marshal(out)
		v, _ := santhosh.UnmarshalJSON(bytes.NewReader(b))
		if err := schema.Validate(v); err != nil {
			t.Fatalf("case %d: %v\n%s", i, err, b)
		}
	}
}

func TestDecode(t *testing.T) {
	e := Entry(Deps{})
	ok := []string{
		`{"make":"Toyota","model":"Land Cruiser","year":2019,"country":"OM"}`,
		`{"make":"toyota","model":"LC200","year":2019,"country":"Oman","trim":"GXR","mileageKm":120000,"condition":"like new","city":"Muscat","currency":"ro",
		  "fuelType":"gasoline","transmission":"auto","bodyType":"sport utility","engine":"4.6L V8","drivetrain":"4x4","accidentHistory":false,
		  "serviceHistory":"fsh","owners":2,"color":"white","options":["sunroof"],"askingPrice":14500,"valuationDate":"2026-01-31",
		  "vin":"1hgcm82633a004352","comparables":[{"year":2019,"price":15000,"observedOn":"2026-01-01"}]}`,
		`{"make":"Toyota","model":"Land Cruiser","year":2019,"country":"AE","accidentHistory":"structural damage"}`,
	}
	for _, body := range ok {
		if _, err := e.Decode([]byte(body)); err != nil {
			t.Errorf("%s: %v", body, err)
		}
	}
	next := time.Now().UTC().Year() + 1
	for _, tc := range []struct{ body, path string }{
		{`{"model":"Land Cruiser","year":2019,"country":"OM"}`, ""},
		{`{"make":"Toyota","model":"Land Cruiser","year":2019,"country":"OM","colour":"red"}`, ""},
		{fmt.Sprintf(`{"make":"Toyota","model":"Land Cruiser","year":%d,"country":"OM"}`, next+1), "year"},
		{`{"make":"Toyota","model":"Land Cruiser","year":1949,"country":"OM"}`, "year"},
		{`{"make":"Toyota","model":"Land Cruiser","year":2019,"country":"Atlantis"}`, "country"},
		{`{"make":"Toyota","model":"Land Cruiser","year":2019,"country":"OM","condition":"shiny"}`, "condition"},
		{`{"make":"Toyota","model":"Land Cruiser","year":2019,"country":"OM","accidentHistory":"maybe"}`, "accidentHistory"},
		{`{"make":"Toyota","model":"Land Cruiser","year":2019,"country":"OM","accidentHistory":1}`, "accidentHistory"},
		{`{"make":"Toyota","model":"Land Cruiser","year":2019,"country":"OM","mileageKm":2000001}`, "mileageKm"},
		{`{"make":"Toyota","model":"Land Cruiser","year":2019,"country":"OM","askingPrice":0}`, "askingPrice"},
		{`{"make":"Toyota","model":"Land Cruiser","year":2019,"country":"OM","valuationDate":"2026-02-30"}`, "valuationDate"},
		{`{"make":"Toyota","model":"Land Cruiser","year":2019,"country":"OM","valuationDate":"2999-01-01"}`, "valuationDate"},
		{`{"make":"Toyota","model":"Land Cruiser","year":2019,"country":"OM","currency":"dollars"}`, "currency"},
		{`{"make":"Toyota","model":"Land Cruiser","year":2019,"country":"OM","vin":"1HGCM82633A00435O"}`, "vin"},
		{`{"make":"Toyota","model":"Land Cruiser","year":2019,"country":"OM","owners":0}`, "owners"},
		{`{"make":"---","model":"Land Cruiser","year":2019,"country":"OM"}`, "make"},
		{`{"make":"Toyota","model":"Land Cruiser","year":2019,"country":"OM","comparables":[{"year":2019}]}`, "comparables.0"},
	} {
		_, err := e.Decode([]byte(tc.body))
		de, isErr := err.(*dalil.Error)
		if !isErr || de.Code != dalil.CodeInvalidInput || !strings.Contains(fmt.Sprint(de.Details), tc.path) {
			t.Errorf("%s: %v", tc.body, err)
		}
	}
	// A market without default currency needs one.
	if _, err := Estimate(context.Background(), Deps{}, Input{Make: "Toyota", Model: "Hilux", Year: 2019, Country: "KE"}, today); err == nil {
		t.Error("Kenya without a currency was accepted")
	}
}

// The preview says which sources cover the market and how many listings
// there are, and never a price: no key of the paid answer's figures at
// any depth.
func TestPreviewNeverPrices(t *testing.T) {
	deps := Deps{Listings: &mem{ls: lc(8, 2019, "GXR")}, Sources: []Source{fakeSource{name: "marketcheck", covers: []string{"US"}},
		fakeSource{name: "feed", covers: []string{"OM"}, onCall: func() { t.Error("the preview called a provider") }}}}
	e := Entry(deps)
	for _, body := range []string{
		`{"make":"Toyota","model":"Land Cruiser","year":2019,"country":"OM","trim":"GXR","mileageKm":100000,"askingPrice":15000,"city":"Muscat","condition":"good"}`,
		`{"make":"Toyota","model":"Supra","year":1990,"country":"GB"}`,
	} {
		in, err := e.Decode([]byte(body))
		if err != nil {
			t.Fatal(err)
		}
		ctx := capability.WithCall(context.Background(), capability.Call{Now: today})
		status, rep, err := e.RunPreview(ctx, in)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := json.Marshal(rep)
		var tree any
		json.Unmarshal(b, &tree)
		for _, k := range jsonKeys(tree) {
			for _, paid := range []string{"estimatedValue", "mid", "low", "high", "askingPriceAnalysis", "confidence", "adjustments", "marketPosition",
				"estimatedPrivateSalePrice", "estimatedDealerBuyPrice", "estimatedDealerRetailPrice", "marketComparables", "medianPrice", "price"} {
				if strings.EqualFold(k, paid) {
					t.Errorf("preview has the paid key %s: %s", k, b)
				}
			}
		}
		r := rep.(capability.PreviewReport[PreviewSignals])
		if strings.Contains(body, "Land Cruiser") && (status != capability.PreviewAvailable || r.Signals.DatasetListings != 8 || r.Signals.MarketDataProvidersCovering != 1) {
			t.Errorf("covered subject: %s %s", status, b)
		}
		if strings.Contains(body, "Supra") && (status != capability.PreviewLimited || r.CoverageScore != 0) {
			t.Errorf("uncovered subject: %s %s", status, b)
		}
	}
}

// jsonKeys lists every object key of a parsed JSON value, at any depth.
func jsonKeys(v any) []string {
	var out []string
	switch x := v.(type) {
	case map[string]any:
		for k, sub := range x {
			out = append(append(out, k), jsonKeys(sub)...)
		}
	case []any:
		for _, sub := range x {
			out = append(out, jsonKeys(sub)...)
		}
	}
	return out
}
