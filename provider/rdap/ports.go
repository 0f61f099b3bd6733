package rdap

import (
	"cmp"
	"context"

	"dalil/internal/intel"
	"dalil/provider/client"
)

// ForIntel is c as the company intelligence capabilities' port
// intel.DomainInfo (nil when c is nil: no port, never called). A domain
// the registry does not hold is a record with Registered false. Errors
// are the intel kinds (client.Classify): a timeout intel.ErrTimeout, rate
// limited or over the operator's budget intel.ErrRateLimited, anything
// else (ErrNoServer, ErrInvalidDomain included) intel.ErrUnavailable,
// each keeping the client's error.
func ForIntel(c *Client) intel.DomainInfo {
	if c == nil {
		return nil
	}
	return intelDomains{c}
}

type intelDomains struct{ c *Client }

func (a intelDomains) Name() string { return a.c.Name() }

func (a intelDomains) Lookup(ctx context.Context, domain string) (intel.DomainRecord, error) {
	d, err := a.c.Lookup(ctx, domain)
	if err != nil {
		return intel.DomainRecord{}, client.Classify(err, intel.ErrTimeout, intel.ErrRateLimited, intel.ErrUnavailable)
	}
	return intel.DomainRecord{Domain: cmp.Or(d.Name, domain), Registered: d.Found, Created: d.Registered, Expiry: d.Expires,
		Statuses: d.Statuses, Registrar: d.Registrar, URL: d.URL}, nil
}
