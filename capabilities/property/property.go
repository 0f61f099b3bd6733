// Package property holds the OMR property calculations: analyze_property
// (one property) and compare_properties (2 to 20, ranked by net yield). Both
// share one formula (contract §3), so they live in one package.
package property

import (
	"context"
	"math"
	"math/big"

	"dalil"
	"dalil/internal/round"
)

// Note is the fixed sentence every metrics object carries.
const Note = "Calculations only: figures exclude financing, taxes, transaction fees and capital appreciation."

// Input is the property input of the spec. Optional amounts are pointers so
// that absent differs from zero; absent counts as 0 in the formulas.
type Input struct {
	PropertyValue    float64  `json:"propertyValue" jsonschema:"purchase price or value of the property in OMR" schema:"minimum=0.01,maximum=1e12"`
	AnnualRent       float64  `json:"annualRent" jsonschema:"gross annual rent in OMR before vacancy" schema:"minimum=0,maximum=1e12"`
	ServiceCharge    *float64 `json:"serviceCharge,omitempty" jsonschema:"annual service charge in OMR" schema:"minimum=0,maximum=1e12"`
	MaintenanceCost  *float64 `json:"maintenanceCost,omitempty" jsonschema:"annual maintenance cost in OMR" schema:"minimum=0,maximum=1e12"`
	Maintenance      *float64 `json:"maintenance,omitempty" jsonschema:"legacy alias of maintenanceCost; supply only one of the two" schema:"minimum=0,maximum=1e12"`
	VacancyRatePct   *float64 `json:"vacancyRatePct,omitempty" jsonschema:"expected vacancy as a percentage of the year" schema:"minimum=0,maximum=100"`
	OtherAnnualCosts *float64 `json:"otherAnnualCosts,omitempty" jsonschema:"other annual operating costs in OMR" schema:"minimum=0,maximum=1e12"`
}

// ValidateTree rejects both maintenance aliases together.
func (Input) ValidateTree(tree any) []dalil.Problem {
	obj, _ := tree.(map[string]any)
	return aliasProblem(obj, "")
}

// TreeRulesPass is ValidateTree on a body the schema passed, decided on the
// decoded value: the schema refuses null for both aliases, so each is
// present exactly when its pointer is set.
func (in Input) TreeRulesPass() bool { return in.Maintenance == nil || in.MaintenanceCost == nil }

func aliasProblem(obj map[string]any, prefix string) []dalil.Problem {
	_, a := obj["maintenance"]
	_, b := obj["maintenanceCost"]
	if a && b {
		return []dalil.Problem{{Path: prefix + "maintenance", Message: "supply either maintenanceCost or its legacy alias maintenance, not both"}}
	}
	return nil
}

// Metrics is the property metrics object of the spec. Amounts are OMR,
// rounded to 3 decimals; yields and payback to 2 (contract §2).
type Metrics struct {
	PropertyValue        float64  `json:"propertyValue" jsonschema:"echo of the input"`
	AnnualRent           float64  `json:"annualRent" jsonschema:"echo of the input"`
	GrossAnnualIncome    float64  `json:"grossAnnualIncome" jsonschema:"annual rent before vacancy, OMR"`
	GrossYield           float64  `json:"grossYield" jsonschema:"annualRent / propertyValue x 100, percent"`
	GrossYieldPct        float64  `json:"grossYieldPct" jsonschema:"same as grossYield"`
	NetYield             float64  `json:"netYield" jsonschema:"annualNetIncome / propertyValue x 100, percent"`
	NetYieldPct          float64  `json:"netYieldPct" jsonschema:"same as netYield"`
	AnnualOperatingCost  float64  `json:"annualOperatingCost" jsonschema:"serviceCharge + maintenance + otherAnnualCosts, OMR"`
	AnnualOperatingCosts float64  `json:"annualOperatingCosts" jsonschema:"same as annualOperatingCost"`
	AnnualNetIncome      float64  `json:"annualNetIncome" jsonschema:"effectiveAnnualRent - annualOperatingCost, OMR; may be negative"`
	EffectiveAnnualRent  float64  `json:"effectiveAnnualRent" jsonschema:"annualRent x (1 - vacancyRatePct / 100), OMR"`
	PaybackYears         *float64 `json:"paybackYears" jsonschema:"propertyValue / annualNetIncome in years; null when net income is zero or negative"`
	Currency             string   `json:"currency" jsonschema:"always OMR"`
	Note                 string   `json:"note" jsonschema:"what the figures exclude"`
	// Assumptions lists every figure that was not given and was counted as
	// 0 (service charge, maintenance, other costs, vacancy), and what that
	// means for the net figures; empty when every figure was given.
	Assumptions []string `json:"assumptions" jsonschema:"each figure not given and counted as 0, and what it means for the net figures; empty when all were given"`
}

// compute applies contract §3 to one property. The formulas run on the
// exact decimals the inputs stand for, so that rounding is on the decimal
// value: 1023 / 60000 x 100 is 1.705 and rounds to 1.71, where float64
// arithmetic gives 1.7049999... and 1.70. computeFast does it in 128-bit
// integers; computeExact, with math/big, takes over for the inputs whose
// figures do not fit (17-digit fractions combined with each other, values
// below 1e-20), and gives the same results for every input (tested in
// diff_test.go).
func compute(in Input) Metrics {
	m, ok := computeFast(in)
	if !ok {
		m = computeExact(in)
	}
	m.Assumptions = assumptions(in)
	return m
}

// assumptions says which figures were not given and counted as 0. A figure
// given as 0 is the caller's, not an assumption.
func assumptions(in Input) []string {
	out := []string{}
	noCost := in.ServiceCharge == nil && in.MaintenanceCost == nil && in.Maintenance == nil && in.OtherAnnualCosts == nil
	if in.ServiceCharge == nil {
		out = append(out, "No service charge given: counted as 0.")
	}
	if in.MaintenanceCost == nil && in.Maintenance == nil {
		out = append(out, "No maintenance cost given: counted as 0.")
	}
	if in.OtherAnnualCosts == nil {
		out = append(out, "No other annual costs given: counted as 0.")
	}
	if in.VacancyRatePct == nil {
		out = append(out, "No vacancy rate given: counted as 0 % (the rent is received all year).")
	}
	switch {
	case noCost && in.VacancyRatePct == nil:
		out = append(out, "With no operating cost and no vacancy given, net yield equals gross yield: it is not a net figure.")
	case noCost:
		out = append(out, "With no operating cost given, net income is the rent after vacancy alone.")
	}
	return out
}

// computeFast is compute on round.Decimal; ok is false when a figure does
// not fit in 128 bits.
func computeFast(in Input) (m Metrics, ok bool) {
	dec := func(p *float64) round.Decimal {
		if p == nil {
			return round.Decimal{}
		}
		return round.Of(*p)
	}
	maintenance := in.MaintenanceCost
	if maintenance == nil {
		maintenance = in.Maintenance
	}
	value, rent := round.Of(in.PropertyValue), round.Of(in.AnnualRent)
	operating := dec(in.ServiceCharge).Add(dec(maintenance)).Add(dec(in.OtherAnnualCosts))
	occupied := round.Int(1).Sub(dec(in.VacancyRatePct).MulPow10(-2))
	effective := rent.Mul(occupied)
	net := effective.Sub(operating)
	ok = true
	get := func(f float64, exact bool) float64 {
		ok = ok && exact
		return f
	}
	gross := get(round.Quo(rent.MulPow10(2), value, round.PctPlaces))
	netYield := get(round.Quo(net.MulPow10(2), value, round.PctPlaces))
	operatingOMR := get(operating.Round(round.OMRPlaces))
	m = Metrics{
		PropertyValue:        noNegZero(in.PropertyValue),
		AnnualRent:           noNegZero(in.AnnualRent),
		GrossAnnualIncome:    get(rent.Round(round.OMRPlaces)),
		GrossYield:           gross,
		GrossYieldPct:        gross,
		NetYield:             netYield,
		NetYieldPct:          netYield,
		AnnualOperatingCost:  operatingOMR,
		AnnualOperatingCosts: operatingOMR,
		AnnualNetIncome:      get(net.Round(round.OMRPlaces)),
		EffectiveAnnualRent:  get(effective.Round(round.OMRPlaces)),
		Currency:             "OMR",
		Note:                 Note,
	}
	if ok && net.Sign() > 0 {
		// A quotient of 128 bits is finite as a float64: no +Inf here.
		p := get(round.Quo(value, net, round.PctPlaces))
		m.PaybackYears = &p
	}
	return m, ok
}

// computeExact is compute on math/big: the fallback of computeFast and
// the reference it is tested against.
func computeExact(in Input) Metrics {
	dec := func(p *float64) *big.Rat {
		if p == nil {
			return new(big.Rat)
		}
		return round.Dec(*p)
	}
	maintenance := dec(in.MaintenanceCost)
	if in.MaintenanceCost == nil {
		maintenance = dec(in.Maintenance)
	}
	value, rent := round.Dec(in.PropertyValue), round.Dec(in.AnnualRent)
	hundred := big.NewRat(100, 1)
	operating := new(big.Rat).Add(dec(in.ServiceCharge), maintenance)
	operating.Add(operating, dec(in.OtherAnnualCosts))
	occupied := new(big.Rat).Sub(big.NewRat(1, 1), new(big.Rat).Quo(dec(in.VacancyRatePct), hundred))
	effective := new(big.Rat).Mul(rent, occupied)
	net := new(big.Rat).Sub(effective, operating)
	gross := new(big.Rat).Mul(new(big.Rat).Quo(rent, value), hundred)
	netYield := new(big.Rat).Mul(new(big.Rat).Quo(net, value), hundred)
	m := Metrics{
		PropertyValue:        noNegZero(in.PropertyValue),
		AnnualRent:           noNegZero(in.AnnualRent),
		GrossAnnualIncome:    round.OMRRat(rent),
		GrossYield:           round.PctRat(gross),
		GrossYieldPct:        round.PctRat(gross),
		NetYield:             round.PctRat(netYield),
		NetYieldPct:          round.PctRat(netYield),
		AnnualOperatingCost:  round.OMRRat(operating),
		AnnualOperatingCosts: round.OMRRat(operating),
		AnnualNetIncome:      round.OMRRat(net),
		EffectiveAnnualRent:  round.OMRRat(effective),
		Currency:             "OMR",
		Note:                 Note,
	}
	// A positive but vanishing net income gives a payback too large for a
	// float64 (and JSON): report it as null, like a non-positive one.
	if net.Sign() > 0 {
		if p := round.PctRat(new(big.Rat).Quo(value, net)); !math.IsInf(p, 0) {
			m.PaybackYears = &p
		}
	}
	return m
}

// noNegZero turns -0 (valid input: it equals the minimum 0) into 0.
func noNegZero(x float64) float64 {
	if x == 0 {
		return 0
	}
	return x
}

// Analyze is the analyze_property handler.
func Analyze(_ context.Context, in Input) (Metrics, error) {
	return compute(in), nil
}
