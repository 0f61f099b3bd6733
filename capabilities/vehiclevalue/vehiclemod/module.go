// Package vehiclemod is vehicle_value_estimate's capability module: the
// listings dataset (vehiclesql), the market-data providers and the VIN
// decoder it can use, and the capability built over them. cmd/dalil
// lists it once (Module); configuration, statuses, docs/providers.md
// and serve --demo follow from this declaration.
//
// Nothing configured: an answer rests on the imported listings and the
// caller's comparables only; with none, it is insufficient_market_data,
// which is not charged, and no network call is made.
package vehiclemod

import (
	"strconv"
	"strings"

	"dalil/capabilities/vehiclevalue"
	"dalil/capabilities/vehiclevalue/vehiclesql"
	"dalil/capability"
	"dalil/module"
	"dalil/provider/client"
	"dalil/provider/marketdata"
	"dalil/provider/vin"
)

// The providers' variables (docs/providers.md).
const (
	EnvMarketCheckKey     = "DALIL_MARKETCHECK_API_KEY"
	EnvMarketCheckURL     = "DALIL_MARKETCHECK_URL"
	EnvMarketCheckTimeout = "DALIL_MARKETCHECK_TIMEOUT"
	EnvMarketCheckPages   = "DALIL_MARKETCHECK_PAGES"
	EnvMarketCheckZIP     = "DALIL_MARKETCHECK_ZIP"
	EnvFeedURL            = "DALIL_VEHICLE_FEED_URL"
	EnvFeedToken          = "DALIL_VEHICLE_FEED_TOKEN"
	EnvFeedCountries      = "DALIL_VEHICLE_FEED_COUNTRIES"
	EnvFeedName           = "DALIL_VEHICLE_FEED_NAME"
	EnvFeedTimeout        = "DALIL_VEHICLE_FEED_TIMEOUT"
	EnvVINDecoder         = "DALIL_VIN_DECODER"
	EnvVPICURL            = "DALIL_VPIC_URL"
)

// Providers are the module's providers: MarketCheck (US and Canada
// listings and price predictions), a partner listings feed, and NHTSA's
// vPIC VIN decoder.
var Providers = []module.Provider{
	{Name: marketdata.MarketCheckName, Kind: "market_data", Endpoint: EnvMarketCheckURL, Credential: EnvMarketCheckKey,
		Timeout: EnvMarketCheckTimeout, DefaultTimeout: marketdata.DefaultTimeout,
		Settings: map[string]string{"pages": EnvMarketCheckPages, "zip": EnvMarketCheckZIP}, Required: []string{EnvMarketCheckKey}},
	{Name: marketdata.FeedName, Kind: "market_data", Endpoint: EnvFeedURL, Credential: EnvFeedToken,
		Timeout: EnvFeedTimeout, DefaultTimeout: marketdata.DefaultTimeout,
		Settings: map[string]string{"countries": EnvFeedCountries, "name": EnvFeedName}, Required: []string{EnvFeedURL, EnvFeedCountries}},
	{Name: vin.Name, Kind: "vin_decoder", Endpoint: EnvVPICURL, Settings: map[string]string{"decoder": EnvVINDecoder},
		Required: []string{EnvVINDecoder}},
}

// Module is the capability module.
func Module() module.Module {
	m := vehiclesql.Data()
	m.Providers = Providers
	m.Entries = func(env module.Env) []capability.Entry { return []capability.Entry{vehiclevalue.Entry(Deps(env))} }
	return m
}

// Deps builds the capability's sources from what env holds.
func Deps(env module.Env) vehiclevalue.Deps {
	var out vehiclevalue.Deps
	if env.HasDB {
		out.Listings = vehiclesql.New(env.DB)
	}
	if p, ok := env.Provider(marketdata.MarketCheckName); ok {
		pages, _ := strconv.Atoi(p.Settings["pages"])
		mc := marketdata.NewMarketCheck(marketdata.MarketCheckConfig{APIKey: p.Credential, BaseURL: p.Endpoint, Pages: pages,
			ZIP: p.Settings["zip"], HTTP: client.Config{Timeout: p.Timeout}})
		if mc != nil {
			out.Sources = append(out.Sources, mc)
			out.Predictor = mc
		}
	}
	if p, ok := env.Provider(marketdata.FeedName); ok {
		f := marketdata.NewFeed(marketdata.FeedConfig{URL: p.Endpoint, Token: p.Credential, Name: p.Settings["name"],
			Countries: strings.Split(p.Settings["countries"], ","), Fetch: env.Fetch, HTTP: client.Config{Timeout: p.Timeout}})
		if f != nil {
			out.Sources = append(out.Sources, f)
		}
	}
	if p, ok := env.Provider(vin.Name); ok && strings.EqualFold(p.Settings["decoder"], "nhtsa") {
		out.VIN = vin.New(vin.Config{On: true, BaseURL: p.Endpoint, HTTP: client.Config{Timeout: p.Timeout}})
	}
	return out
}
