package companyintel

import (
	"context"
	"testing"
	"time"

	"dalil/internal/intel"
	"dalil/internal/intel/inteltest"
)

// Issue 30 item 5: research's preview counts cached answers about this
// company, not the engines configured, and gives no fixed coverage.
func TestResearchPreviewIsEvidence(t *testing.T) {
	w := inteltest.NewWorld()
	w.Cache = intel.NewCache(func() time.Time { return now }, 0)
	d := Deps{Sources: w.Sources()}
	rep, err := researchPreview(d)(context.Background(), ResearchInput{Company: "Acme Trading Ltd", Depth: "quick"})
	if err != nil {
		t.Fatal(err)
	}
	if rep.SourcesFound != 0 || rep.CoverageScore != 0 || !rep.Signals.WouldBeCharged || rep.Signals.SyntheticOnly {
		t.Errorf("nothing cached: %+v", rep)
	}
	if _, err := Research(context.Background(), d, ResearchInput{Company: "Acme Trading Ltd", Depth: "quick"}, now); err != nil {
		t.Fatal(err)
	}
	rep, _ = researchPreview(d)(context.Background(), ResearchInput{Company: "Acme Trading Ltd", Depth: "quick"})
	if rep.SourcesFound == 0 || rep.CoverageScore == 0 {
		t.Errorf("after the paid call: %+v", rep)
	}
	// No search engine: would not be charged.
	rep, _ = researchPreview(Deps{})(context.Background(), ResearchInput{Company: "Acme Trading Ltd"})
	if rep.Signals.WouldBeCharged || rep.SourcesFound != 0 {
		t.Errorf("unconfigured: %+v", rep)
	}
}
