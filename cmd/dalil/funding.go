package main

import (
	"slices"
	"strings"

	"dalil"
	"dalil/httpapi"
)

// Funding is agents' self-funding (httpapi.Funding, docs/payments.md):
// off unless DALIL_FUNDING_RAILS lists pay-per-call rails.
type Funding struct {
	// Rails may fund (DALIL_FUNDING_RAILS: x402, l402, mpp; each also
	// listed in DALIL_RAILS and configured).
	Rails []string `json:"rails"`
	// MinUSD and MaxUSD bound one funding (DALIL_FUNDING_MIN_USD,
	// default 1.00; DALIL_FUNDING_MAX_USD, default 100.00).
	MinUSD dalil.MicroUSD `json:"minUsd"`
	MaxUSD dalil.MicroUSD `json:"maxUsd"`
}

const (
	envFundingRails = "DALIL_FUNDING_RAILS"
	envFundingMin   = "DALIL_FUNDING_MIN_USD"
	envFundingMax   = "DALIL_FUNDING_MAX_USD"
)

// funding reads the funding settings; enabled are DALIL_RAILS' rails.
func (l *loader) funding(enabled []string) Funding {
	f := Funding{MinUSD: dalil.USD, MaxUSD: 100 * dalil.USD}
	for _, r := range strings.Split(l.str(envFundingRails), ",") {
		r = strings.ToLower(strings.TrimSpace(r))
		info, ok := dalil.RailByHeader(r)
		switch {
		case r == "":
		case !ok || info.Type != dalil.RailPayPerCall:
			l.fail(envFundingRails, "%q cannot fund accounts; list pay-per-call rails (x402, l402, mpp)", r)
		case !slices.Contains(enabled, r):
			l.fail(envFundingRails, "%s is not listed in DALIL_RAILS", r)
		case !slices.Contains(f.Rails, r):
			f.Rails = append(f.Rails, r)
		}
	}
	usd := func(env string, def dalil.MicroUSD) dalil.MicroUSD {
		v := l.str(env)
		if v == "" {
			return def
		}
		n, err := dalil.ParseUSD(v)
		if err != nil || n <= 0 || n > dalil.MaxCredits {
			l.fail(env, "must be a positive USD amount with at most 6 decimals, such as 5.00")
			return def
		}
		return n
	}
	f.MinUSD, f.MaxUSD = usd(envFundingMin, f.MinUSD), usd(envFundingMax, f.MaxUSD)
	if f.MinUSD > f.MaxUSD {
		l.fail(envFundingMin, "is above %s", envFundingMax)
	}
	return f
}

// httpFunding is what the server is given.
func (f Funding) httpFunding() httpapi.Funding {
	return httpapi.Funding{Rails: f.Rails, Min: f.MinUSD, Max: f.MaxUSD}
}
