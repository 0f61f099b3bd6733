package intel

import "testing"

func TestParseWebsite(t *testing.T) {
	for _, tc := range []struct{ in, site, host, problem string }{
		{"acme.co.uk", "https://acme.co.uk/", "acme.co.uk", ""},
		{"http://WWW.Acme.com./about?x=1#top", "https://www.acme.com/about", "acme.com", ""},
		{"https://acme.com:443", "https://acme.com/", "acme.com", ""},
		{"http://acme.com:80/a", "https://acme.com/a", "acme.com", ""},
		{"", "", "", ""},
		{"https://WWW.0", "", "", "must be a public domain name"},
		{"www.com", "", "", "must be a public domain name"},
		{"1.2.3", "", "", "must be a public domain name"},
		{"localhost", "", "", "must be a public domain name"},
		{"acme.local", "", "", "must be a public domain name"},
		{"https://acme.com:8080", "", "", "must be a public domain name"},
		{"http://10.0.0.1", "", "", "must be a domain name, not an IP address"},
		{"https://user@acme.com", "", "", "is not a website address (https://example.com)"},
		{"ftp://acme.com", "", "", "is not a website address (https://example.com)"},
		{"acme_co.com", "", "", "is not a valid domain name"},
	} {
		site, host, problem := ParseWebsite(tc.in)
		if site != tc.site || host != tc.host || problem != tc.problem {
			t.Errorf("ParseWebsite(%q) = %q, %q, %q; want %q, %q, %q", tc.in, site, host, problem, tc.site, tc.host, tc.problem)
		}
	}
}
