package businessrisk

import (
	"context"
	"testing"

	"dalil/internal/intel"
	"dalil/internal/intel/inteltest"
)

// Issue 30 item 5: the preview counts what exists for this input, not
// the sources configured; a demo list alone is syntheticOnly and would
// not be charged.
func TestPreviewIsEvidenceNotConfiguration(t *testing.T) {
	demo := intel.Sources{Sanctions: &inteltest.Sanctions{Lists: []string{"demo"}, Synthetic: true}}
	for _, c := range []struct {
		name             string
		src              intel.Sources
		synthetic, worth bool
	}{
		{"demo list only", demo, true, false},
		{"every provider, nothing cached", inteltest.NewWorld().Sources(), false, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			rep, err := preview(Deps{Sources: c.src})(context.Background(), Input{CompanyName: "Omani Example Co", Country: "OM"})
			if err != nil {
				t.Fatal(err)
			}
			if rep.SourcesFound != 0 || rep.CoverageScore != 0 || rep.Signals.SyntheticOnly != c.synthetic || rep.Signals.WouldBeCharged != c.worth ||
				rep.Signals.Statement == "" {
				t.Errorf("preview %+v", rep)
			}
		})
	}
}
