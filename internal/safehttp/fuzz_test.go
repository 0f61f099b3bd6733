package safehttp

import (
	"net/netip"
	"testing"
)

// FuzzCheckURL: any string is either refused with an *Error or accepted as
// an http(s) URL whose literal host, if any, is a public address.
func FuzzCheckURL(f *testing.F) {
	for _, s := range []string{"https://example.com/a.pdf", "https://0x7f.1/", "https://[::ffff:127.0.0.1]/", "https://u:p@h/",
		"https://２１３０７０６４３３/", "https://1.2.3.4.5/", "http://example.com:80/", "https://xn--mgbh0fb.example/", "https://[fe80::1%25en0]:443/"} {
		f.Add(s)
	}
	c := New(Options{})
	f.Fuzz(func(t *testing.T, raw string) {
		u, err := c.CheckURL(raw)
		if err != nil {
			if CodeOf(err) == "" {
				t.Fatalf("%q: untyped error %v", raw, err)
			}
			return
		}
		if u.Scheme != "https" {
			t.Fatalf("%q accepted with scheme %q", raw, u.Scheme)
		}
		if u.User != nil {
			t.Fatalf("%q accepted with userinfo", raw)
		}
		if ip, err := netip.ParseAddr(u.Hostname()); err == nil {
			if ok, _ := AddrAllowed(ip); !ok {
				t.Fatalf("%q accepted with host %s", raw, ip)
			}
		}
		if _, numeric, _ := parseIPv4Host(u.Hostname()); numeric {
			if ip, err := netip.ParseAddr(u.Hostname()); err != nil || !ip.Is4() {
				t.Fatalf("%q: numeric host %q not canonicalised", raw, u.Hostname())
			}
		}
	})
}
