package suppliercheck

import (
	"testing"

	"dalil/internal/intel"
)

// One rule for a website a caller gives (intel.WebsiteProblem), as the
// company-intelligence capabilities apply it: an IP address in any
// spelling, credentials, another scheme, a port or a local name is
// refused before anything runs, with the same words.
func TestWebsiteInputRule(t *testing.T) {
	for site, ok := range map[string]bool{
		"https://127.0.0.1/": false, "https://user:p@example.com": false, "http://10.0.0.1": false, "https://[::1]/": false,
		"https://[::ffff:0:7f00:1]/": false, "ftp://alnoor.om": false, "https://intranet.local": false, "https://alnoor": false,
		"https://alnoor.om:8443": false, "metadata.internal": false,
		"alnoor-trading.om": true, "https://www.alnoor-trading.com/contact": true, "http://alnoor.co.om": true,
		"alnoor-trading.example": true, // reserved names pass here (the demo data uses them); the fetch refuses them
	} {
		ps := Input{CompanyName: "Al Noor Trading", Website: site}.Validate()
		if (len(ps) == 0) != ok {
			t.Errorf("%s: problems %v, want accepted %v", site, ps, ok)
		}
		for _, p := range ps {
			if p.Path != "website" || p.Message != intel.WebsiteProblem(site) {
				t.Errorf("%s: problem %+v, want the shared rule's words %q", site, p, intel.WebsiteProblem(site))
			}
		}
	}
}
