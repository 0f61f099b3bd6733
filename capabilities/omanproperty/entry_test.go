package omanproperty

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"dalil"
	"dalil/capability"
)

func decode(t *testing.T, body string) (any, error) {
	t.Helper()
	e := Entry(Deps{})
	return e.Decode([]byte(body))
}

// TestReferenceInput: the reference service's whole input is accepted,
// unknown fields and its bounds are refused, and a place outside Muscat is
// a 400 that names the field.
func TestReferenceInput(t *testing.T) {
	full := `{"governorate":"Muscat","wilayat":"Seeb","area":"Al Mouj","propertyType":"apartment","bedrooms":2,"bathrooms":2,"sizeSqm":130,
		"askingPriceOMR":118000,"furnished":"semi_furnished","optionalAnnualServiceChargeOMR":600,"optionalAnnualMaintenanceOMR":300}`
	if _, err := decode(t, full); err != nil {
		t.Fatalf("reference input refused: %v", err)
	}
	for name, body := range map[string]string{
		"empty":          `{}`,
		"no asking":      `{"governorate":"Muscat","area":"Al Mouj","propertyType":"apartment","sizeSqm":130}`,
		"extra field":    `{"governorate":"Muscat","area":"Al Mouj","propertyType":"apartment","sizeSqm":130,"askingPriceOMR":118000,"pool":true}`,
		"boat":           `{"governorate":"Muscat","area":"Al Mouj","propertyType":"boat","sizeSqm":130,"askingPriceOMR":118000}`,
		"tiny":           `{"governorate":"Muscat","area":"Al Mouj","propertyType":"villa","sizeSqm":9,"askingPriceOMR":118000}`,
		"cheap":          `{"governorate":"Muscat","area":"Al Mouj","propertyType":"villa","sizeSqm":300,"askingPriceOMR":999}`,
		"outside Muscat": `{"governorate":"Muscat","area":"Nizwa","propertyType":"villa","sizeSqm":300,"askingPriceOMR":100000}`,
	} {
		_, err := decode(t, body)
		if dalil.ErrorCode(err) != dalil.CodeInvalidInput {
			t.Errorf("%s: %v", name, err)
		}
	}
	_, err := decode(t, `{"governorate":"Muscat","area":"Nizwa","propertyType":"villa","sizeSqm":300,"askingPriceOMR":100000}`)
	if ps := problems(err); len(ps) == 0 || ps[0].Path != "area" || !strings.Contains(ps[0].Message, "Ad Dakhiliyah") {
		t.Errorf("outside Muscat: %+v", err)
	}
	// With the schema failing too, the location problem is still listed.
	_, err = decode(t, `{"governorate":"Muscat","area":"Nizwa","propertyType":"boat","sizeSqm":300,"askingPriceOMR":100000}`)
	if !slices.ContainsFunc(problems(err), func(p dalil.Problem) bool { return p.Path == "area" }) {
		t.Errorf("schema and location: %+v", err)
	}
	if _, err := decode(t, `{"governorate":`); dalil.ErrorCode(err) != dalil.CodeInvalidJSON {
		t.Errorf("bad JSON: %v", err)
	}
}

// problems are the details of an INVALID_INPUT error.
func problems(err error) []dalil.Problem {
	e, ok := err.(*dalil.Error)
	if !ok {
		return nil
	}
	ps, _ := e.Details.([]dalil.Problem)
	return ps
}

// TestEntry: the declaration's price, route and preview.
func TestEntry(t *testing.T) {
	e := Entry(Deps{})
	if e.ID != ID || e.Price != 250_000 || e.Path != "/api/v1/oman/property/analyze" || e.Preview == nil || !e.Callable() {
		t.Errorf("entry = %+v", e)
	}
	var out map[string]any
	json.Unmarshal(e.OutputJSON, &out)
	props := out["properties"].(map[string]any)
	for _, k := range []string{"normalizedLocation", "subjectProperty", "market", "investment", "pricePosition", "comparablesSummary", "riskFlags", "confidence",
		"provenance", "assumptions", "insufficientMarketData", "unavailableOutputs", "currency", "dataQuality", "historicalSalesContext", "officialMarketContext"} {
		if props[k] == nil {
			t.Errorf("output lacks the reference field %s", k)
		}
	}
}

// paidKeys are the names only the paid answer has.
var paidKeys = []string{"estimatedMonthlyRentOMR", "estimatedAnnualRentOMR", "estimatedValueOMR", "rentPerSqmOMR", "salePricePerSqmOMR", "grossYieldPct",
	"netYieldPct", "estimatedNetIncomeOMR", "investment", "market", "pricePosition", "rentPosition", "marketPosition", "percentile", "observedComparableRange",
	"differenceFromMedianPct", "comparablesSummary", "comparablesUsed", "median", "low", "high", "amountOMR", "perSqmOMR", "confidence", "score",
	"historicalBenchmarks", "weight"}

func keys(v any, into map[string]bool) {
	switch x := v.(type) {
	case map[string]any:
		for k, sub := range x {
			into[k] = true
			keys(sub, into)
		}
	case []any:
		for _, sub := range x {
			keys(sub, into)
		}
	}
}

func TestPreview(t *testing.T) {
	rows := rents("al-khuwair", 400, 410, 420)
	for i := range rows {
		rows[i].Synthetic = true
	}
	ctx := capability.WithCall(context.Background(), capability.Call{Now: now})
	for _, tc := range []struct {
		name   string
		rows   []Comparable
		status capability.PreviewStatus
		rent   string
		synth  bool
		charge bool
	}{
		{"rents only, synthetic", rows, capability.PreviewLimited, "area", true, false},
		{"both", slices.Concat(rents("al-khuwair", 400, 410, 420), sales("azaiba", 70000, 71000, 72000)), capability.PreviewAvailable, "area", false, true},
		{"nothing", nil, capability.PreviewLimited, "none", false, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := Entry(Deps{Market: &memMarket{rows: tc.rows}})
			in, err := e.Decode([]byte(`{"governorate":"Muscat","area":"Al Khuwayr","propertyType":"apartment","bedrooms":2,"sizeSqm":100,"askingPriceOMR":72000,"askingMonthlyRentOMR":500}`))
			if err != nil {
				t.Fatal(err)
			}
			status, rep, err := e.RunPreview(ctx, in)
			if err != nil {
				t.Fatal(err)
			}
			b, _ := json.Marshal(rep)
			var v any
			json.Unmarshal(b, &v)
			seen := map[string]bool{}
			keys(v, seen)
			for _, k := range paidKeys {
				if seen[k] {
					t.Errorf("preview has paid key %s: %s", k, b)
				}
			}
			r := rep.(capability.PreviewReport[PreviewSignals])
			s := r.Signals
			if status != tc.status || s.RentMatchLevel != tc.rent || s.SyntheticOnly != tc.synth || s.WouldBeCharged != tc.charge || s.Area != "Al Khuwair" || s.MatchType != "alias" {
				t.Errorf("status %s signals %+v", status, s)
			}
			if tc.rent == "area" && (s.RentalComparablesFound != 3 || r.FreshestSourceDate != "2026-11-15") {
				t.Errorf("counts: %+v %s", s, r.FreshestSourceDate)
			}
		})
	}
	// Outside Muscat: the preview refuses as the paid call does.
	e := Entry(Deps{})
	if _, err := e.Decode([]byte(`{"governorate":"Muscat","area":"Sur","propertyType":"villa","sizeSqm":300,"askingPriceOMR":100000}`)); dalil.ErrorCode(err) != dalil.CodeInvalidInput {
		t.Errorf("preview input outside Muscat: %v", err)
	}
}

// FuzzResolve: any names resolve or are refused with a message; never a
// panic, never an empty message.
func FuzzResolve(f *testing.F) {
	for _, s := range []string{"Al Khuwair", "الخوير", "A'Seeb", "Sohar", "Al Khuwir", "", "  ", "Muscat Governorate", "ال", "al al al", "\xff\xfe"} {
		f.Add("Muscat", "", s)
	}
	f.Add("Dhofar", "Seeb", "Al Mouj")
	f.Fuzz(func(t *testing.T, gov, wil, area string) {
		r, ps := resolve(Input{Governorate: gov, Wilayat: wil, Area: area})
		for _, p := range ps {
			if p.Message == "" || p.Path == "" || !utf8.ValidString(p.Path) {
				t.Fatalf("problem %+v", p)
			}
		}
		if len(ps) == 0 && (r.place == nil || r.wilayat == nil) {
			t.Fatalf("accepted %q without a place", area)
		}
		suggest(area, 3)
	})
}
