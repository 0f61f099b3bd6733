package companyintel

import (
	"context"
	"testing"

	"dalil/internal/intel/inteltest"
)

// TestAnalyzeReferenceMissingInformation reaches the evidence tier
// missing_information of analyze_company_risk (reference-service.md §2b):
// a register that holds no such company is evidence that information is
// missing, which raises no severity by itself.
func TestAnalyzeReferenceMissingInformation(t *testing.T) {
	w := inteltest.NewWorld()
	w.Reg.Records = nil // the register answers, and holds no such company
	o, err := Analyze(context.Background(), Deps{Sources: w.Sources()}, RiskInput{Company: "Nowhere Holdings Ltd", Country: "United Kingdom",
		Checks: []string{"corporate_identity"}}, now)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range o.Checks {
		if c.Check != "corporate_identity" {
			continue
		}
		if len(c.Evidence) != 1 || c.Evidence[0].Tier != "missing_information" || c.Evidence[0].Source != "dalil" || c.Severity != "none" {
			t.Fatalf("corporate_identity: %+v", c)
		}
		return
	}
	t.Fatalf("no corporate_identity check in %+v", o.Checks)
}
