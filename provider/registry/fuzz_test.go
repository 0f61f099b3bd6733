package registry_test

import (
	"strings"
	"testing"

	"dalil/provider/registry"
)

// FuzzRecords feeds arbitrary JSON to the three record decoders: no
// panic, and every record kept has a name, a source, a known status and
// a URL.
func FuzzRecords(f *testing.F) {
	f.Add([]byte(`{"id":"X","attributes":{"lei":"X","entity":{"legalName":{"name":"A"},"status":"INACTIVE","expiration":{"reason":"DISSOLVED"},"jurisdiction":"US-DE"}}}`))
	f.Add([]byte(`{"company_number":"1","company_name":"B","company_status":"liquidation","accounts":{"overdue":true},"previous_company_names":[{"name":"C","ceased_on":"2010-01-01"}]}`))
	f.Add([]byte(`{"name":"D","company_number":"2","jurisdiction_code":"us_de","current_status":"Struck Off","inactive":true,"registered_address":{"street_address":"a\nb"}}`))
	statuses := map[string]bool{registry.StatusActive: true, registry.StatusInactive: true, registry.StatusDissolved: true,
		registry.StatusLiquidation: true, registry.StatusUnknown: true}
	f.Fuzz(func(t *testing.T, body []byte) {
		for _, c := range registry.DecodeForTest(body) {
			if strings.TrimSpace(c.Name) == "" || c.Source == "" || c.URL == "" || !statuses[c.Status] {
				t.Fatalf("bad record %+v", c)
			}
			if c.Country != "" && len(c.Country) != 2 {
				t.Fatalf("country %q", c.Country)
			}
		}
	})
}
