package property

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
)

// Contract §2: percentages to 2 dp, OMR to 3 dp, half away from zero on the
// decimal value. A result whose exact decimal value is a half
// (1023/60000*100 = 1.705 exactly) rounds up, although computed in binary
// floating point it is 1.7049999999999998.
func TestYieldHalfOnDecimalValue(t *testing.T) {
	got, _ := Analyze(context.Background(), Input{PropertyValue: 60000, AnnualRent: 1023})
	if got.GrossYield != 1.71 || got.NetYield != 1.71 {
		t.Errorf("1023/60000*100 = 1.705 exactly: grossYield=%v netYield=%v, want 1.71 (half away from zero)", got.GrossYield, got.NetYield)
	}
}

// The same on an OMR amount: 1000.1 - 1000.0995 = 0.0005 exactly, which
// must round to 0.001, although the float difference is
// 0.0004999999999881766.
func TestNetIncomeHalfOnDecimalValue(t *testing.T) {
	got, _ := Analyze(context.Background(), Input{PropertyValue: 100000, AnnualRent: 1000.1, ServiceCharge: f(1000.0995)})
	if got.AnnualNetIncome != 0.001 {
		t.Errorf("net = 1000.1 - 1000.0995 = 0.0005 exactly: annualNetIncome=%v, want 0.001", got.AnnualNetIncome)
	}
}

// Payback: 200.1 / 20 = 10.005 exactly -> 10.01; float gives 10.004999999999999.
func TestPaybackHalfOnDecimalValue(t *testing.T) {
	got, _ := Analyze(context.Background(), Input{PropertyValue: 200.1, AnnualRent: 20})
	if got.PaybackYears == nil || *got.PaybackYears != 10.01 {
		t.Errorf("200.1/20 = 10.005 exactly: paybackYears=%v, want 10.01", deref(got.PaybackYears))
	}
}

// An input of annualRent -0 (valid: it equals the minimum 0) yields no
// "-0" figure in the JSON (round.Half's "never -0" guard was once skipped
// by its early return).
func TestNoNegativeZeroInOutput(t *testing.T) {
	e := AnalyzeEntry()
	v, err := e.Decode([]byte(`{"propertyValue":100,"annualRent":-0}`))
	if err != nil {
		t.Fatal(err)
	}
	out, _ := e.Run(context.Background(), v)
	b, _ := json.Marshal(out)
	for _, k := range []string{`"grossYield":-0`, `"netYield":-0`, `"annualNetIncome":-0`, `"effectiveAnnualRent":-0`, `"grossAnnualIncome":-0`} {
		if strings.Contains(string(b), k) {
			t.Errorf("output carries %s: %s", k, b)
		}
	}
}

func deref(p *float64) any {
	if p == nil {
		return nil
	}
	return *p
}
