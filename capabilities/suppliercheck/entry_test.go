package suppliercheck

import (
	"context"
	"strings"
	"testing"

	"dalil"
	"dalil/capability"
)

func TestEntryAndPreview(t *testing.T) {
	e := Entry(full())
	if e.ID != "oman_supplier_check" || e.Price != 500_000 || e.Path != "/api/v1/procurement/oman-supplier-check" {
		t.Fatalf("entry = %s %d %s", e.ID, e.Price, e.Path)
	}
	for _, tc := range []struct {
		body string
		ok   bool
	}{
		{`{"companyName":"Al Noor Trading LLC","crNumber":"123-4567","website":"alnoor.om","email":"a@alnoor.om","phone":"+968 2412 3456","address":"Muscat","requiredProductOrService":"cement"}`, true},
		{`{"companyName":"A"}`, false},
		{`{"companyName":"  A  "}`, false},
		{`{"companyName":"Al Noor","extra":1}`, false},
		{`{"companyName":"Al Noor","crNumber":"#12"}`, false},
		{`{"companyName":"Al Noor","email":"nope"}`, false},
		{`{"companyName":"Al Noor","phone":"call me"}`, false},
		{`{"companyName":"Al Noor","website":"not a site"}`, false},
		{`{}`, false},
	} {
		in, err := e.Decode([]byte(tc.body))
		if (err == nil) != tc.ok {
			t.Errorf("Decode(%s) = %v", tc.body, err)
			continue
		}
		if err != nil {
			if de, ok := err.(*dalil.Error); !ok || de.Code != dalil.CodeInvalidInput {
				t.Errorf("Decode(%s) error = %v", tc.body, err)
			}
			continue
		}
		status, rep, err := e.RunPreview(context.Background(), in)
		if err != nil || status != capability.PreviewAvailable {
			t.Fatalf("preview = %s, %v", status, err)
		}
		r := rep.(capability.PreviewReport[PreviewSignals])
		if !r.Signals.RegistryMatchFound || r.Signals.DemoDataOnly || !r.Signals.SanctionsConfigured {
			t.Errorf("preview signals = %+v", r.Signals)
		}
		b, _ := capability.Marshal(rep)
		for _, paid := range []string{"riskScore", "procurementSuitability", "riskFlags", "identityMatch", "potential_match"} {
			if strings.Contains(string(b), paid) {
				t.Errorf("preview leaks %s: %s", paid, b)
			}
		}
	}
	// With no records the preview is limited, never an error.
	empty := Entry(Deps{})
	_, rep, err := empty.RunPreview(context.Background(), Input{CompanyName: "Anyone"})
	if err != nil || rep.(capability.PreviewReport[PreviewSignals]).Status != capability.PreviewLimited {
		t.Errorf("empty preview = %+v, %v", rep, err)
	}
}
