package property

import (
	"dalil"
	"dalil/capability"
)

var example = Input{PropertyValue: 85000, AnnualRent: 7200, ServiceCharge: ptr(650.0), MaintenanceCost: ptr(400.0)}

func ptr[T any](v T) *T { return &v }

// AnalyzeEntry declares analyze_property (USD 0.01).
func AnalyzeEntry() capability.Entry {
	return capability.Define("analyze_property", capability.Options{
		Group:       "Property",
		Title:       "Analyze property",
		Summary:     "Rental yield, operating cost, net income and payback of one property in OMR.",
		Description: "Computes gross and net yield, effective rent after vacancy, annual operating cost, net income and payback years from the figures you supply. Calculations only: no market data is used, and financing, taxes, transaction fees and capital appreciation are excluded.",
		WhenToUse:   "You know a property's value and rent (and optionally its costs) and need its yield and payback.",
		Path:        "/api/v1/property/analyze",
		LegacyPath:  "/v1/property/analyze",
		Price:       10_000 * dalil.MicroUSD(1), // USD 0.01
		ReadOnly:    true,
		Idempotent:  true,
		Example:     example,
		Limitations: []string{"Uses only the figures supplied; no market data.", "Excludes financing, taxes, transaction fees and capital appreciation."},
	}, Analyze)
}

// CompareEntry declares compare_properties (USD 0.03).
func CompareEntry() capability.Entry {
	second := Input{PropertyValue: 100000, AnnualRent: 7000}
	return capability.Define("compare_properties", capability.Options{
		Group:       "Property",
		Title:       "Compare properties",
		Summary:     "Metrics for 2 to 20 properties in OMR, ranked by net yield.",
		Description: "Analyses each property with the analyze_property formulas and lists their names by rounded net yield, highest first; equal rounded yields keep input order. Calculations only.",
		WhenToUse:   "You are choosing between several properties and need them side by side.",
		Path:        "/api/v1/property/compare",
		LegacyPath:  "/v1/property/compare",
		Price:       30_000, // USD 0.03
		ReadOnly:    true,
		Idempotent:  true,
		Example:     CompareInput{Properties: []Item{{Name: "A", Input: example}, {Name: "B", Input: second}}},
		Limitations: []string{"Uses only the figures supplied; no market data.", "Ranks by net yield alone."},
	}, Compare)
}
