// Package maintenance holds estimate_maintenance: an annual maintenance
// reserve in OMR from a property's value, age and number of units.
package maintenance

import (
	"context"
	"math/big"

	"dalil"
	"dalil/capability"
	"dalil/internal/round"
)

// Defaults of contract §4. The age bands are the calibration of the service
// the spec was written from, kept so that migrating agents get the same
// answers; they are an uncalibrated heuristic, not survey data.
const (
	DefaultUnits              = 1
	DefaultAdditionalUnitCost = 35.0 // OMR a year per unit beyond the first
)

// RateForAge returns the default annual rate (percent of value) for a
// building of the given age in years.
func RateForAge(age float64) float64 {
	switch {
	case age < 5:
		return 0.6
	case age < 10:
		return 0.9
	case age < 20:
		return 1.3
	default:
		return 1.8
	}
}

// Assumptions override the defaults.
type Assumptions struct {
	AnnualRatePct      *float64 `json:"annualRatePct,omitempty" jsonschema:"annual reserve as a percentage of property value; default by age band" schema:"minimum=0,maximum=100"`
	AdditionalUnitCost *float64 `json:"additionalUnitCost,omitempty" jsonschema:"OMR a year for each unit beyond the first; default 35" schema:"minimum=0,maximum=1e12"`
}

// Input is the maintenance estimate input of the spec.
type Input struct {
	PropertyValue float64      `json:"propertyValue" jsonschema:"value of the property in OMR" schema:"minimum=0.01,maximum=1e12"`
	AgeYears      *float64     `json:"ageYears,omitempty" jsonschema:"age of the building in years; default 0" schema:"minimum=0,maximum=200"`
	Units         *int         `json:"units,omitempty" jsonschema:"number of units; default 1" schema:"minimum=1,maximum=10000"`
	AnnualRent    *float64     `json:"annualRent,omitempty" jsonschema:"legacy field, accepted and unused" schema:"minimum=0,maximum=1e12"`
	Assumptions   *Assumptions `json:"assumptions,omitempty" jsonschema:"overrides of the default rate and per-unit cost"`
}

// AssumptionsUsed reports the values applied, defaults included.
type AssumptionsUsed struct {
	AgeYears           float64 `json:"ageYears"`
	Units              float64 `json:"units"`
	AnnualRatePct      float64 `json:"annualRatePct"`
	AdditionalUnitCost float64 `json:"additionalUnitCost"`
}

// Output is the maintenance estimate output of the spec.
type Output struct {
	EstimatedAnnualMaintenance float64         `json:"estimatedAnnualMaintenance" jsonschema:"annual reserve in OMR"`
	MonthlyReserve             float64         `json:"monthlyReserve" jsonschema:"annual reserve / 12, OMR"`
	MaintenancePercentage      float64         `json:"maintenancePercentage" jsonschema:"annual reserve / propertyValue x 100"`
	Currency                   string          `json:"currency" jsonschema:"always OMR"`
	AssumptionsUsed            AssumptionsUsed `json:"assumptionsUsed"`
	Methodology                string          `json:"methodology"`
}

// Methodology is the one-paragraph account of how the figure is made.
const Methodology = "Annual reserve = propertyValue x annualRatePct / 100 + (units - 1) x additionalUnitCost. " +
	"Without an explicit rate, the rate follows the building's age: under 5 years 0.6%, 5 to under 10 years 0.9%, 10 to under 20 years 1.3%, 20 years and over 1.8%; each unit beyond the first adds 35 OMR a year unless overridden. " +
	"This is an uncalibrated heuristic, not a survey: it ignores property type, area, construction quality and condition."

// Estimate is the estimate_maintenance handler.
func Estimate(_ context.Context, in Input) (Output, error) {
	used := AssumptionsUsed{Units: DefaultUnits, AdditionalUnitCost: DefaultAdditionalUnitCost}
	if in.AgeYears != nil {
		used.AgeYears = *in.AgeYears
	}
	if in.Units != nil {
		used.Units = float64(*in.Units)
	}
	used.AnnualRatePct = RateForAge(used.AgeYears)
	if a := in.Assumptions; a != nil {
		if a.AnnualRatePct != nil {
			used.AnnualRatePct = *a.AnnualRatePct
		}
		if a.AdditionalUnitCost != nil {
			used.AdditionalUnitCost = *a.AdditionalUnitCost
		}
	}
	out := Output{Currency: "OMR", AssumptionsUsed: used, Methodology: Methodology}
	if !figuresFast(in.PropertyValue, used, &out) {
		figuresExact(in.PropertyValue, used, &out)
	}
	return out, nil
}

// figuresFast sets the three figures on exact decimals in 128-bit integers,
// so that rounding is on the decimal value: 600.006 / 12 is 50.0005 and
// rounds to 50.001. It reports false, leaving out unchanged, when a figure
// does not fit (figuresExact then computes it; both give the same results,
// tested in diff_test.go).
func figuresFast(propertyValue float64, used AssumptionsUsed, out *Output) bool {
	value := round.Of(propertyValue)
	// annual = value × rate / 100 + (units - 1) × additionalUnitCost
	annual := value.Mul(round.Of(used.AnnualRatePct)).MulPow10(-2).
		Add(round.Of(used.Units - 1).Mul(round.Of(used.AdditionalUnitCost)))
	yearly, ok1 := annual.Round(round.OMRPlaces)
	monthly, ok2 := round.Quo(annual, round.Int(12), round.OMRPlaces)
	pct, ok3 := round.Quo(annual.MulPow10(2), value, round.PctPlaces)
	if !ok1 || !ok2 || !ok3 {
		return false
	}
	out.EstimatedAnnualMaintenance, out.MonthlyReserve, out.MaintenancePercentage = yearly, monthly, pct
	return true
}

// figuresExact is figuresFast on math/big: its fallback, and the reference
// it is tested against.
func figuresExact(propertyValue float64, used AssumptionsUsed, out *Output) {
	value := round.Dec(propertyValue)
	annual := new(big.Rat).Mul(value, round.Dec(used.AnnualRatePct))
	annual.Quo(annual, big.NewRat(100, 1))
	annual.Add(annual, new(big.Rat).Mul(round.Dec(used.Units-1), round.Dec(used.AdditionalUnitCost)))
	out.EstimatedAnnualMaintenance = round.OMRRat(annual)
	out.MonthlyReserve = round.OMRRat(new(big.Rat).Quo(annual, big.NewRat(12, 1)))
	out.MaintenancePercentage = round.PctRat(new(big.Rat).Mul(new(big.Rat).Quo(annual, value), big.NewRat(100, 1)))
}

// Entry declares estimate_maintenance (USD 0.02).
func Entry() capability.Entry {
	age := 12.0
	units := 1
	return capability.Define("estimate_maintenance", capability.Options{
		Group:       "Maintenance",
		Title:       "Estimate maintenance reserve",
		Summary:     "Annual and monthly maintenance reserve for a property in OMR.",
		Description: Methodology,
		WhenToUse:   "You need a first budget for maintenance before a survey is available.",
		Path:        "/api/v1/maintenance/estimate",
		LegacyPath:  "/v1/maintenance/estimate",
		Price:       20_000 * dalil.MicroUSD(1), // USD 0.02
		ReadOnly:    true,
		Idempotent:  true,
		Example:     Input{PropertyValue: 100000, AgeYears: &age, Units: &units},
		Limitations: []string{"Uncalibrated heuristic, not a survey.", "Ignores property type, area and condition."},
	}, Estimate)
}
