package rdap_test

import (
	"context"
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"

	"dalil/internal/intel"
	"dalil/provider/client"
	"dalil/provider/client/clienttest"
	"dalil/provider/rdap"
	"dalil/provider/rdap/rdaptest"
)

// TestForIntel: a registration reaches intel as a domain record, a domain
// the registry does not hold as one not registered, and every failure as
// an intel kind keeping the client's error (moved from cmd/dalil with the
// adapter).
func TestForIntel(t *testing.T) {
	if rdap.ForIntel(nil) != nil {
		t.Error("a nil client gave a port")
	}
	srv := rdaptest.New(t, []string{"com"}, acme)
	port := rdap.ForIntel(rdap.New(rdap.Config{URL: srv.BootstrapURL(), HTTP: clienttest.Instant(nil, 0)}))
	ctx := context.Background()
	if port.Name() != rdap.Name {
		t.Errorf("name %q", port.Name())
	}
	d, err := port.Lookup(ctx, "ACME-Trading.com")
	want := intel.DomainRecord{Domain: "acme-trading.com", Registered: true, Created: acme.Registered, Expiry: acme.Expires,
		Statuses: []string{"client transfer prohibited", "client hold"}, Registrar: "Example Registrar, Inc.",
		URL: srv.ServerURL() + "/domain/acme-trading.com"}
	if diff := cmp.Diff(want, d); err != nil || diff != "" {
		t.Fatalf("record (-want +got):\n%s%v", diff, err)
	}
	if d, err := port.Lookup(ctx, "nobody-here.com"); err != nil || d.Registered || d.Domain != "nobody-here.com" {
		t.Errorf("unknown domain: %+v %v", d, err)
	}
	for _, c := range []struct {
		name, domain string
		faults       []clienttest.Fault
		want, kind   error
	}{
		{"no server for the TLD", "acme.zz", nil, intel.ErrUnavailable, rdap.ErrNoServer},
		{"invalid name", "not a domain", nil, intel.ErrUnavailable, rdap.ErrInvalidDomain},
		{"rate limited", "acme-one.com", []clienttest.Fault{clienttest.RateLimited("1"), clienttest.RateLimited("1"), clienttest.RateLimited("1")},
			intel.ErrRateLimited, client.ErrRateLimited},
		{"server failing", "acme-two.com", []clienttest.Fault{clienttest.ServerError(503), clienttest.ServerError(503), clienttest.ServerError(503)},
			intel.ErrUnavailable, client.ErrUpstream},
	} {
		srv.Push(c.faults...)
		_, err := port.Lookup(ctx, c.domain)
		if !errors.Is(err, c.want) || !errors.Is(err, c.kind) {
			t.Errorf("%s: %v, want %v and %v", c.name, err, c.want, c.kind)
		}
		for _, other := range []error{intel.ErrTimeout, intel.ErrRateLimited, intel.ErrUnavailable} {
			if other != c.want && errors.Is(err, other) {
				t.Errorf("%s: %v is also %v", c.name, err, other)
			}
		}
	}
}
