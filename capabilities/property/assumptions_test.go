package property

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// Every figure not given and counted as 0 is listed in assumptions, as the
// Oman property answer lists its own (issue 30, item 9): with no cost and
// no vacancy given, net yield equals gross yield, and the answer says why.
func TestAssumptionsListWhatWasCountedAsZero(t *testing.T) {
	const (
		service   = "No service charge given: counted as 0."
		maint     = "No maintenance cost given: counted as 0."
		other     = "No other annual costs given: counted as 0."
		vacancy   = "No vacancy rate given: counted as 0 % (the rent is received all year)."
		netGross  = "With no operating cost and no vacancy given, net yield equals gross yield: it is not a net figure."
		noCostNet = "With no operating cost given, net income is the rent after vacancy alone."
	)
	tests := []struct {
		name string
		in   Input
		want []string
	}{
		{"nothing but value and rent", Input{PropertyValue: 100000, AnnualRent: 7000}, []string{service, maint, other, vacancy, netGross}},
		{"every figure given", Input{PropertyValue: 85000, AnnualRent: 7200, ServiceCharge: f(650), MaintenanceCost: f(400), VacancyRatePct: f(5),
			OtherAnnualCosts: f(100)}, []string{}},
		{"zeros given are not assumptions", Input{PropertyValue: 85000, AnnualRent: 7200, ServiceCharge: f(0), MaintenanceCost: f(0), VacancyRatePct: f(0),
			OtherAnnualCosts: f(0)}, []string{}},
		{"the legacy maintenance alias counts as given", Input{PropertyValue: 85000, AnnualRent: 7200, ServiceCharge: f(650), Maintenance: f(400)},
			[]string{other, vacancy}},
		{"vacancy only", Input{PropertyValue: 100000, AnnualRent: 10000, VacancyRatePct: f(10)}, []string{service, maint, other, noCostNet}},
		{"costs only", Input{PropertyValue: 100000, AnnualRent: 10000, OtherAnnualCosts: f(1000)}, []string{service, maint, vacancy}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Analyze(context.Background(), tc.in)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, got.Assumptions); diff != "" {
				t.Errorf("assumptions (-want +got):\n%s", diff)
			}
			b, _ := json.Marshal(got)
			var obj map[string]any
			json.Unmarshal(b, &obj)
			if _, ok := obj["assumptions"].([]any); !ok {
				t.Errorf("assumptions is not a JSON array: %s", b)
			}
			// compare_properties lists them per property.
			cmpOut, err := Compare(context.Background(), CompareInput{Properties: []Item{{Name: "A", Input: tc.in}, {Name: "B", Input: example}}})
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, cmpOut.Properties[0].Assumptions); diff != "" {
				t.Errorf("compare assumptions (-want +got):\n%s", diff)
			}
		})
	}
}
