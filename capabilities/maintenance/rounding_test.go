package maintenance

import (
	"context"
	"testing"
)

// Contract §2/§4: monthlyReserve = annual / 12 rounded to 3 dp half away
// from zero on the decimal value. propertyValue 100001 at the default
// 0.6 % gives 600.006 a year, 50.0005 a month exactly -> 50.001 (the
// float quotient, 50.000499999999995, would round down to 50).
func TestMonthlyReserveHalfOnDecimalValue(t *testing.T) {
	got, _ := Estimate(context.Background(), Input{PropertyValue: 100001})
	if got.EstimatedAnnualMaintenance != 600.006 {
		t.Fatalf("annual = %v, want 600.006", got.EstimatedAnnualMaintenance)
	}
	if got.MonthlyReserve != 50.001 {
		t.Errorf("monthlyReserve = %v, want 50.001 (600.006/12 = 50.0005 exactly)", got.MonthlyReserve)
	}
}
