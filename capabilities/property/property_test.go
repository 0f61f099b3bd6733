package property

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

func f(v float64) *float64 { return &v }

func TestAnalyzeHandWorked(t *testing.T) {
	tests := []struct {
		name string
		in   Input
		want Metrics
	}{
		{
			// 7200/85000 = 8.4706%; net 7200-1050 = 6150; 6150/85000 = 7.2353%; 85000/6150 = 13.821 years.
			name: "reference example",
			in:   Input{PropertyValue: 85000, AnnualRent: 7200, ServiceCharge: f(650), MaintenanceCost: f(400)},
			want: Metrics{PropertyValue: 85000, AnnualRent: 7200, GrossAnnualIncome: 7200, GrossYield: 8.47, GrossYieldPct: 8.47,
				NetYield: 7.24, NetYieldPct: 7.24, AnnualOperatingCost: 1050, AnnualOperatingCosts: 1050, AnnualNetIncome: 6150,
				EffectiveAnnualRent: 7200, PaybackYears: f(13.82)},
		},
		{
			name: "legacy maintenance alias counts like maintenanceCost",
			in:   Input{PropertyValue: 85000, AnnualRent: 7200, ServiceCharge: f(650), Maintenance: f(400)},
			want: Metrics{PropertyValue: 85000, AnnualRent: 7200, GrossAnnualIncome: 7200, GrossYield: 8.47, GrossYieldPct: 8.47,
				NetYield: 7.24, NetYieldPct: 7.24, AnnualOperatingCost: 1050, AnnualOperatingCosts: 1050, AnnualNetIncome: 6150,
				EffectiveAnnualRent: 7200, PaybackYears: f(13.82)},
		},
		{
			// Vacancy cuts rent to 9000 but gross yield stays on full rent; net 8000 -> 8%, payback 12.5.
			name: "vacancy and other costs",
			in:   Input{PropertyValue: 100000, AnnualRent: 10000, VacancyRatePct: f(10), OtherAnnualCosts: f(1000)},
			want: Metrics{PropertyValue: 100000, AnnualRent: 10000, GrossAnnualIncome: 10000, GrossYield: 10, GrossYieldPct: 10,
				NetYield: 8, NetYieldPct: 8, AnnualOperatingCost: 1000, AnnualOperatingCosts: 1000, AnnualNetIncome: 8000,
				EffectiveAnnualRent: 9000, PaybackYears: f(12.5)},
		},
		{
			name: "negative net income has no payback",
			in:   Input{PropertyValue: 100000, AnnualRent: 1000, ServiceCharge: f(2000)},
			want: Metrics{PropertyValue: 100000, AnnualRent: 1000, GrossAnnualIncome: 1000, GrossYield: 1, GrossYieldPct: 1,
				NetYield: -1, NetYieldPct: -1, AnnualOperatingCost: 2000, AnnualOperatingCosts: 2000, AnnualNetIncome: -1000,
				EffectiveAnnualRent: 1000},
		},
		{
			name: "zero rent: zero yields, no payback",
			in:   Input{PropertyValue: 100, AnnualRent: 0},
			want: Metrics{PropertyValue: 100, AnnualRent: 0},
		},
		{
			// 1e12 / 1e-320 is +Inf: JSON cannot carry it, so payback is null.
			name: "vanishing net income",
			in:   Input{PropertyValue: 1e12, AnnualRent: 1e-320},
			want: Metrics{PropertyValue: 1e12, AnnualRent: 1e-320},
		},
		{
			// OMR to 3 decimals, half away from zero; the echo keeps all digits.
			name: "baisa rounding",
			in:   Input{PropertyValue: 100000, AnnualRent: 1234.5675, ServiceCharge: f(0.0005)},
			want: Metrics{PropertyValue: 100000, AnnualRent: 1234.5675, GrossAnnualIncome: 1234.568, GrossYield: 1.23, GrossYieldPct: 1.23,
				NetYield: 1.23, NetYieldPct: 1.23, AnnualOperatingCost: 0.001, AnnualOperatingCosts: 0.001, AnnualNetIncome: 1234.567,
				EffectiveAnnualRent: 1234.568, PaybackYears: f(81.0)},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tc.want.Currency, tc.want.Note = "OMR", Note
			got, err := Analyze(context.Background(), tc.in)
			if err != nil {
				t.Fatal(err)
			}
			// Assumptions have their own test (assumptions_test.go).
			if diff := cmp.Diff(tc.want, got, cmpopts.IgnoreFields(Metrics{}, "Assumptions")); diff != "" {
				t.Errorf("Analyze (-want +got):\n%s", diff)
			}
			if _, err := json.Marshal(got); err != nil {
				t.Errorf("result does not encode: %v", err)
			}
		})
	}
}

func TestCompareRanking(t *testing.T) {
	item := func(name string, rent float64) Item {
		return Item{Name: name, Input: Input{PropertyValue: 100000, AnnualRent: rent}}
	}
	tests := []struct {
		name  string
		items []Item
		want  []string
	}{
		{"highest first", []Item{item("low", 5000), item("high", 9000), item("mid", 7000)}, []string{"high", "mid", "low"}},
		// 7.001% and 7.004% both round to 7.00: a tie, so input order wins.
		{"rounded tie keeps input order", []Item{item("A", 7001), item("B", 7004)}, []string{"A", "B"}},
		{"rounded tie keeps input order reversed", []Item{item("B", 7004), item("A", 7001)}, []string{"B", "A"}},
		{"names are trimmed", []Item{item(" X ", 1000), item("Y", 2000)}, []string{"Y", "X"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Compare(context.Background(), CompareInput{Properties: tc.items})
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, got.SortedByNetYield); diff != "" {
				t.Errorf("sortedByNetYield (-want +got):\n%s", diff)
			}
			for i, p := range got.Properties {
				if want := compute(tc.items[i].Input); !cmp.Equal(p.Metrics, want) && p.PaybackYears == nil {
					t.Errorf("item %d metrics differ from analyze", i)
				}
			}
		})
	}
}

func TestValidationRules(t *testing.T) {
	tests := []struct {
		name      string
		body      string
		wantPaths []string
	}{
		{"both maintenance aliases", `{"propertyValue":1,"annualRent":1,"maintenance":1,"maintenanceCost":1}`, []string{"maintenance"}},
		{"unknown field named by path", `{"propertyValue":1,"annualRent":1,"garage":true}`, []string{"garage"}},
		{"every problem listed", `{"propertyValue":0,"annualRent":-1,"vacancyRatePct":101}`, []string{"annualRent", "propertyValue", "vacancyRatePct"}},
		{"missing required", `{}`, []string{"annualRent", "propertyValue"}},
		{"string is not a number", `{"propertyValue":"85000","annualRent":1}`, []string{"propertyValue"}},
		{"null is not absent", `{"propertyValue":1,"annualRent":1,"serviceCharge":null}`, []string{"serviceCharge"}},
		{"above bound", `{"propertyValue":1e13,"annualRent":1}`, []string{"propertyValue"}},
	}
	e := AnalyzeEntry()
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := e.Decode([]byte(tc.body))
			if diff := cmp.Diff(tc.wantPaths, problemPaths(t, err)); diff != "" {
				t.Errorf("paths (-want +got):\n%s", diff)
			}
		})
	}
}

func TestCompareValidation(t *testing.T) {
	e := CompareEntry()
	p := `"propertyValue":1,"annualRent":1`
	tests := []struct {
		name      string
		body      string
		wantPaths []string
	}{
		{"duplicate names after trimming", `{"properties":[{"name":"A",` + p + `},{"name":" A ",` + p + `}]}`, []string{"properties.1.name"}},
		{"blank name", `{"properties":[{"name":"  ",` + p + `},{"name":"B",` + p + `}]}`, []string{"properties.0.name"}},
		{"too few", `{"properties":[{"name":"A",` + p + `}]}`, []string{"properties"}},
		{"name missing and unknown field in item", `{"properties":[{` + p + `,"x":1},{"name":"B",` + p + `}]}`, []string{"properties.0.name", "properties.0.x"}},
		{"alias rule per item", `{"properties":[{"name":"A",` + p + `,"maintenance":1,"maintenanceCost":2},{"name":"B",` + p + `}]}`, []string{"properties.0.maintenance"}},
		{"duplicate name listed with schema problems", `{"properties":[{"name":"A",` + p + `},{"name":"A","propertyValue":"x","annualRent":1,"z":1}]}`, []string{"properties.1.name", "properties.1.propertyValue", "properties.1.z"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := e.Decode([]byte(tc.body))
			if diff := cmp.Diff(tc.wantPaths, problemPaths(t, err)); diff != "" {
				t.Errorf("paths (-want +got):\n%s", diff)
			}
		})
	}
	var many []string
	for i := 0; i < 21; i++ {
		many = append(many, `{"name":"n`+string(rune('a'+i))+`",`+p+`}`)
	}
	_, err := e.Decode([]byte(`{"properties":[` + join(many) + `]}`))
	if diff := cmp.Diff([]string{"properties"}, problemPaths(t, err)); diff != "" {
		t.Errorf("21 items (-want +got):\n%s", diff)
	}
}

func join(parts []string) string {
	out := ""
	for i, p := range parts {
		if i > 0 {
			out += ","
		}
		out += p
	}
	return out
}
