package safebrowsing

import (
	"context"

	"dalil/internal/intel"
	"dalil/provider/client"
)

// ForIntel is c as the company intelligence capabilities' port
// intel.SafeBrowsing (nil when c is nil: no port, never called): the
// listed URLs with their threat types. Errors are the intel kinds
// (client.Classify): a timeout intel.ErrTimeout, rate limited or over the
// operator's budget intel.ErrRateLimited, anything else
// intel.ErrUnavailable, each keeping the client's redacted error.
func ForIntel(c *Client) intel.SafeBrowsing {
	if c == nil {
		return nil
	}
	return intelThreats{c}
}

type intelThreats struct{ c *Client }

func (a intelThreats) Name() string { return a.c.Name() }

func (a intelThreats) Check(ctx context.Context, urls []string) ([]intel.Threat, error) {
	ts, err := a.c.Check(ctx, urls)
	if err != nil {
		return nil, client.Classify(err, intel.ErrTimeout, intel.ErrRateLimited, intel.ErrUnavailable)
	}
	out := make([]intel.Threat, 0, len(ts))
	for _, t := range ts {
		out = append(out, intel.Threat{URL: t.URL, Type: t.Type})
	}
	return out, nil
}
