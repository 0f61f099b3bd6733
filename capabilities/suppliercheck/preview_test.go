package suppliercheck

import (
	"context"
	"testing"

	"dalil/capability"
)

// listedScreener is a screener that can say which lists are imported.
type listedScreener struct {
	screener
	lists []ListVersion
}

func (l listedScreener) Lists(context.Context) ([]ListVersion, error) { return l.lists, nil }

// Issue 30 item 5: the supplier check's preview says coverage high only
// from real sources, sanctionsConfigured only with a real list imported,
// syntheticOnly when demo data is all that would answer, and whether the
// paid check would be charged.
func TestPreviewEvidence(t *testing.T) {
	demoList := []ListVersion{{Name: "demo", Version: "d", Entries: 4, Synthetic: true}}
	realList := []ListVersion{{Name: "OFAC SDN", Version: "2026-10-30", Entries: 18000}}
	demoOnly := Deps{Registry: dir{catalog()}, Sanctions: listedScreener{lists: demoList}}
	noList := Deps{Registry: dir{catalog()}, Sanctions: listedScreener{}}
	real := full()
	real.Sanctions = listedScreener{lists: realList}
	demoIn := Input{CompanyName: "Demo Trading LLC", CRNumber: "1000001", Website: "demo.example", Email: "a@demo.example", Phone: "+968 2412 3400",
		Address: "Muscat", RequiredProductOrService: "trading"}
	realIn := Input{CompanyName: "Al Noor Trading LLC", CRNumber: "1234567", Website: "alnoor.om", Email: "info@alnoor.om", Address: "Bawshar, Muscat",
		RequiredProductOrService: "cement"}
	for _, c := range []struct {
		name                        string
		d                           Deps
		in                          Input
		sanctions, synthetic, worth bool
		status                      capability.PreviewStatus
		minCov, maxCov              float64
	}{
		{"demo records and demo list", demoOnly, demoIn, false, true, false, capability.PreviewLimited, 0, 0},
		{"demo record, no list imported", noList, demoIn, false, true, false, capability.PreviewLimited, 0, 0},
		{"no record, no list imported", noList, Input{CompanyName: "Unknown Supplier Co"}, false, false, false, capability.PreviewLimited, 0, 0},
		{"real record and list", real, realIn, true, false, true, capability.PreviewAvailable, 0.9, 1},
		{"real list, no record", real, Input{CompanyName: "Unknown Supplier Co"}, true, false, false, capability.PreviewLimited, 0.1, 0.34},
	} {
		t.Run(c.name, func(t *testing.T) {
			rep, err := Preview(context.Background(), c.d, c.in)
			if err != nil {
				t.Fatal(err)
			}
			s := rep.Signals
			if s.SanctionsConfigured != c.sanctions || s.SyntheticOnly != c.synthetic || s.WouldBeCharged != c.worth || rep.Status != c.status ||
				rep.CoverageScore < c.minCov || rep.CoverageScore > c.maxCov || s.Statement == "" {
				t.Errorf("preview %s coverage %.2f %+v", rep.Status, rep.CoverageScore, s)
			}
		})
	}
}
