package intel

import (
	"strings"
	"testing"
)

// FuzzInput runs the input checks on arbitrary strings: no panic; an
// accepted website is https with a dotted, lower-case host; a valid LEI is
// 20 characters.
func FuzzInput(f *testing.F) {
	for _, s := range []string{"acme.co.uk", "http://10.0.0.1", "https://user@x.com", "5493001KJTIIGC8Y1R12", "rated 4.5 out of 5", "https://xn--80ak6aa92e.com:443/a?b#c", "localhost"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if site, host, problem := ParseWebsite(s); problem == "" && site != "" {
			if !strings.HasPrefix(site, "https://") || !strings.Contains(host, ".") || strings.ToLower(host) != host {
				t.Errorf("ParseWebsite(%q) = %q %q", s, site, host)
			}
		}
		if ValidLEI(s) && len(strings.TrimSpace(s)) != 20 {
			t.Errorf("ValidLEI(%q)", s)
		}
		if v, ok := Rating(s); ok && (v < 0 || v > 5) {
			t.Errorf("Rating(%q) = %v", s, v)
		}
		CheckName(s)
		CheckCountry(s)
		DomainConsistent(s, []string{s})
	})
}
