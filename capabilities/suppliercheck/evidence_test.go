package suppliercheck

import (
	"slices"
	"strings"
	"testing"

	"dalil"
	"dalil/capabilities/omanbusiness"
)

// A supplier screen's charge follows what it rested on: real company
// records, real sanctions lists, a web search or a website are evidence;
// synthetic demo records and lists alone are not; too little evidence is
// unanswered.
func TestSupplierBasisDecidesCharge(t *testing.T) {
	demoLists := screener{s: Screening{Lists: []ListVersion{{Name: "demo-sanctions", Version: "2026-10-01", Entries: 4, Synthetic: true, Batch: "b-demo"}}}}
	realLists := screener{s: Screening{Lists: []ListVersion{{Name: "ofac-sdn", Version: "2026-10-30", Entries: 18000, Batch: "b-ofac", RetrievedAt: now}}}}
	demoOnly := dir{omanbusiness.NewCatalog([]omanbusiness.Record{{Source: "demo", RecordID: "d1", Batch: "b-demo-co", SourceType: omanbusiness.SourceDemo,
		Synthetic: true, ObservedAt: now, CRNumber: "1000001", NameEn: "Demo Trading LLC", Website: "demo.example", Email: "a@demo.example",
		Phone: "+96824123400", Status: "active", Governorate: "Muscat", Wilayat: "Bawshar", LegalForm: "LLC", RegistrationDate: "2012-01-01"}})}
	demoIn := Input{CompanyName: "Demo Trading LLC", CRNumber: "1000001", Email: "a@demo.example", Phone: "+968 2412 3400", Address: "Bawshar, Muscat"}
	realIn := Input{CompanyName: "Al Noor Trading L.L.C.", CRNumber: "123 4567", Website: "alnoor.om", Email: "sales@alnoor.om",
		Phone: "2412 3456", Address: "Al Khuwair, Bawshar, Muscat", RequiredProductOrService: "construction materials"}
	for _, c := range []struct {
		name   string
		deps   Deps
		in     Input
		charge bool
		reason string
		kinds  []dalil.SourceKind
		live   []string // dataCoverage.liveChecksPerformed
	}{
		{"everything real", full(), realIn, true, "", []dalil.SourceKind{dalil.SourceDataset, dalil.SourceLive, dalil.SourceLive, dalil.SourceDataset},
			[]string{"sanctions", "public_web", "website"}},
		{"demo records and demo lists only", Deps{Registry: demoOnly, Sanctions: demoLists, Now: full().Now}, demoIn, false, dalil.NotChargedSyntheticOnly,
			[]dalil.SourceKind{dalil.SourceSynthetic, dalil.SourceSynthetic}, []string{}},
		{"demo records, real lists", Deps{Registry: demoOnly, Sanctions: realLists, Now: full().Now}, demoIn, true, "",
			[]dalil.SourceKind{dalil.SourceDataset, dalil.SourceSynthetic}, []string{"sanctions"}},
		{"real records, demo lists", Deps{Registry: dir{catalog()}, Sanctions: demoLists, Now: full().Now}, realIn, true, "",
			[]dalil.SourceKind{dalil.SourceSynthetic, dalil.SourceDataset}, []string{}},
		{"nothing configured", Deps{Now: full().Now}, Input{CompanyName: "Unknown Supplier LLC", Email: "x@gmail.com"}, false, "insufficient_data",
			nil, []string{}},
	} {
		t.Run(c.name, func(t *testing.T) {
			out := run(t, c.deps, c.in)
			b := out.Basis()
			if charge, reason := dalil.DecideEvidence(b); charge != c.charge || reason != c.reason {
				t.Fatalf("DecideEvidence = %v %q, want %v %q (basis %+v, risk %s)", charge, reason, c.charge, c.reason, b, out.ScreeningResult.Risk)
			}
			var kinds []dalil.SourceKind
			for _, s := range b.Sources {
				kinds = append(kinds, s.Kind)
			}
			if !slices.Equal(kinds, c.kinds) {
				t.Errorf("kinds %v, want %v (%+v)", kinds, c.kinds, b.Sources)
			}
			// A clear screen on demo lists only does not read as a real one.
			if demo := !slices.Contains(c.live, "sanctions") && out.Checks.Sanctions.Status == "clear"; demo !=
				strings.Contains(out.Checks.Sanctions.Explanation, "no real sanctions screening") {
				t.Errorf("sanctions explanation %q", out.Checks.Sanctions.Explanation)
			}
			if !slices.Equal(out.DataCoverage.LiveChecksPerformed, c.live) {
				t.Errorf("liveChecksPerformed %v, want %v", out.DataCoverage.LiveChecksPerformed, c.live)
			}
		})
	}
}
