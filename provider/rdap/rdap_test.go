package rdap_test

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"dalil/provider/client"
	"dalil/provider/client/clienttest"
	"dalil/provider/rdap"
	"dalil/provider/rdap/rdaptest"
)

var acme = rdaptest.Domain{
	Name: "acme-trading.com", Registered: time.Date(2009, 3, 2, 10, 0, 0, 0, time.UTC),
	Expires: time.Date(2027, 3, 2, 10, 0, 0, 0, time.UTC), LastChanged: time.Date(2026, 2, 1, 0, 0, 0, 0, time.UTC),
	Statuses: []string{"client transfer prohibited", "Client Hold"}, Registrar: "Example Registrar, Inc.",
	RegistrarIANAID: "9999", Nameservers: []string{"ns1.example.net.", "ns2.example.net"}, DNSSEC: true,
}

func TestOffMakesNoCall(t *testing.T) {
	c := rdap.New(rdap.Config{URL: " ", HTTP: client.Config{Transport: clienttest.NoNetwork(t)}})
	if c != nil {
		t.Fatal("client without a URL must be nil (off)")
	}
	if _, err := c.Lookup(context.Background(), "acme-trading.com"); !errors.Is(err, client.ErrNotConfigured) {
		t.Fatalf("err = %v", err)
	}
}

func TestLookupThroughBootstrap(t *testing.T) {
	srv := rdaptest.New(t, []string{"com", "co.uk"}, acme, rdaptest.Domain{Name: "acme.co.uk", Registrar: "UK Reg"})
	c := rdap.New(rdap.Config{URL: srv.BootstrapURL(), HTTP: clienttest.Instant(nil, 0)})
	d, err := c.Lookup(context.Background(), "ACME-Trading.com.")
	if err != nil {
		t.Fatal(err)
	}
	want := rdap.Domain{Name: "acme-trading.com", Found: true, Registered: acme.Registered, Expires: acme.Expires,
		LastChanged: acme.LastChanged, Statuses: []string{"client transfer prohibited", "client hold"},
		Registrar: "Example Registrar, Inc.", RegistrarIANAID: "9999", Nameservers: []string{"ns1.example.net", "ns2.example.net"},
		DNSSEC: true, URL: srv.ServerURL() + "/domain/acme-trading.com", RetrievedAt: d.RetrievedAt}
	if diff := cmp.Diff(want, d); diff != "" {
		t.Fatalf("domain (-want +got):\n%s", diff)
	}
	if got := srv.Last().Header.Get("Accept"); got != "application/rdap+json, application/json" {
		t.Fatalf("Accept = %q", got)
	}
	// The bootstrap file is cached: one more request for a new domain.
	hits := srv.Hits()
	uk, err := c.Lookup(context.Background(), "acme.co.uk")
	if err != nil || !uk.Found || uk.Registrar != "UK Reg" || srv.Hits() != hits+1 {
		t.Fatalf("co.uk: %+v %v (requests %d)", uk, err, srv.Hits()-hits)
	}
	// Registered nowhere: found false, no error.
	none, err := c.Lookup(context.Background(), "nobody-here.com")
	if err != nil || none.Found || none.Name != "nobody-here.com" {
		t.Fatalf("unknown domain: %+v %v", none, err)
	}
	if _, err := c.Lookup(context.Background(), "acme.zz"); !errors.Is(err, rdap.ErrNoServer) {
		t.Fatalf("unlisted TLD: %v", err)
	}
}

func TestLookupOneServer(t *testing.T) {
	srv := rdaptest.New(t, nil, acme)
	c := rdap.New(rdap.Config{URL: srv.ServerURL() + "/", HTTP: clienttest.Instant(nil, 0)})
	d, err := c.Lookup(context.Background(), "acme-trading.com")
	if err != nil || !d.Found || d.Expires != acme.Expires {
		t.Fatalf("%+v %v", d, err)
	}
	if srv.Last().URL.Path != "/rdap/domain/acme-trading.com" {
		t.Fatalf("path %s", srv.Last().URL.Path)
	}
}

func TestInvalidDomainMakesNoCall(t *testing.T) {
	c := rdap.New(rdap.Config{URL: "https://rdap.example", HTTP: client.Config{Transport: clienttest.NoNetwork(t)}})
	for _, in := range []string{"", "com", "-acme.com", "acme..com", "acme.com/path", "192.168.0.1", "ácme.com",
		"a b.com", fmt.Sprintf("%0300d.com", 1)} {
		if _, err := c.Lookup(context.Background(), in); !errors.Is(err, rdap.ErrInvalidDomain) {
			t.Errorf("Lookup(%q) = %v, want ErrInvalidDomain", in, err)
		}
	}
}

func TestWrongObjectIsMalformed(t *testing.T) {
	srv := rdaptest.New(t, nil, acme)
	srv.Push(clienttest.Fault{Status: 200, Body: `{"objectClassName":"entity"}`})
	c := rdap.New(rdap.Config{URL: srv.ServerURL(), HTTP: clienttest.Instant(nil, 0)})
	if _, err := c.Lookup(context.Background(), "acme-trading.com"); !errors.Is(err, client.ErrMalformed) {
		t.Fatalf("err = %v", err)
	}
}

func TestContract(t *testing.T) {
	var waits []time.Duration
	srv := rdaptest.New(t, []string{"com"}, acme)
	c := rdap.New(rdap.Config{URL: srv.ServerURL(), HTTP: clienttest.Instant(&waits, 300*time.Millisecond)})
	clienttest.Contract{Faults: srv.Faults, Waits: &waits, Call: func(ctx context.Context, n int) error {
		_, err := c.Lookup(ctx, fmt.Sprintf("domain-%d.com", n))
		return err
	}}.Run(t)
}

// FuzzLookup: any name either is refused without a call or is looked up;
// any body the fake sends back decodes without panicking.
func FuzzLookup(f *testing.F) {
	for _, s := range []string{"acme-trading.com", "xn--mgbh0fb.example", "a.b.c.d.com", "", "..", "1.2.3.4"} {
		f.Add(s, `{"objectClassName":"domain","events":[{"eventAction":"registration","eventDate":"2001-01-01T00:00:00Z"}]}`)
	}
	f.Fuzz(func(t *testing.T, name, body string) {
		srv := rdaptest.New(t, nil)
		srv.Push(clienttest.Fault{Status: 200, Body: body})
		c := rdap.New(rdap.Config{URL: srv.ServerURL(), TTL: -1, HTTP: clienttest.Instant(nil, time.Second)})
		d, err := c.Lookup(context.Background(), name)
		if errors.Is(err, rdap.ErrInvalidDomain) {
			if srv.Hits() != 0 {
				t.Fatal("an invalid name was sent")
			}
			return
		}
		if err == nil && d.Found && d.Name == "" {
			t.Fatalf("found without a name: %+v", d)
		}
	})
}
