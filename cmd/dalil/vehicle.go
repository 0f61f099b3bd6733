package main

import (
	"strconv"
	"strings"

	"dalil/capabilities/vehiclevalue"
	"dalil/capabilities/vehiclevalue/vehiclesql"
	"dalil/provider/client"
	"dalil/provider/marketdata"
	"dalil/provider/vin"
)

// vehicle_value_estimate wiring (issue 18): the listings dataset in the
// store's database, and the market-data providers and VIN decoder the
// operator configured (docs/providers.md). Nothing configured: every
// answer is insufficient_market_data, which is not charged, and no
// network call is made.

// Provider names and variables.
const (
	providerMarketCheck = marketdata.MarketCheckName // "marketcheck"
	providerVehicleFeed = marketdata.FeedName        // "vehicle_feed"
	providerVINDecoder  = vin.Name                   // "nhtsa_vpic"

	envMarketCheckKey     = "DALIL_MARKETCHECK_API_KEY"
	envMarketCheckURL     = "DALIL_MARKETCHECK_URL"
	envMarketCheckTimeout = "DALIL_MARKETCHECK_TIMEOUT"
	envMarketCheckPages   = "DALIL_MARKETCHECK_PAGES"
	envMarketCheckZIP     = "DALIL_MARKETCHECK_ZIP"
	envFeedURL            = "DALIL_VEHICLE_FEED_URL"
	envFeedToken          = "DALIL_VEHICLE_FEED_TOKEN"
	envFeedCountries      = "DALIL_VEHICLE_FEED_COUNTRIES"
	envFeedName           = "DALIL_VEHICLE_FEED_NAME"
	envFeedTimeout        = "DALIL_VEHICLE_FEED_TIMEOUT"
	envVINDecoder         = "DALIL_VIN_DECODER"
	envVPICURL            = "DALIL_VPIC_URL"
)

// vehicleDeps builds the capability's sources from what is configured.
func vehicleDeps(d deps) vehiclevalue.Deps {
	var out vehiclevalue.Deps
	if d.store != nil {
		out.Listings = vehiclesql.New(d.store.DB())
	}
	if p, ok := d.providers[providerMarketCheck]; ok && p.Configured {
		pages, _ := strconv.Atoi(p.Settings["pages"])
		mc := marketdata.NewMarketCheck(marketdata.MarketCheckConfig{APIKey: p.Credential.Reveal(), BaseURL: string(p.Endpoint), Pages: pages,
			ZIP: p.Settings["zip"], HTTP: client.Config{Timeout: p.Timeout}})
		if mc != nil {
			out.Sources = append(out.Sources, mc)
			out.Predictor = mc
		}
	}
	if p, ok := d.providers[providerVehicleFeed]; ok && p.Configured {
		f := marketdata.NewFeed(marketdata.FeedConfig{URL: string(p.Endpoint), Token: p.Credential.Reveal(), Name: p.Settings["name"],
			Countries: strings.Split(p.Settings["countries"], ","), Fetch: d.fetch, HTTP: client.Config{Timeout: p.Timeout}})
		if f != nil {
			out.Sources = append(out.Sources, f)
		}
	}
	if p, ok := d.providers[providerVINDecoder]; ok && p.Configured && strings.EqualFold(p.Settings["decoder"], "nhtsa") {
		out.VIN = vin.New(vin.Config{On: true, BaseURL: string(p.Endpoint), HTTP: client.Config{Timeout: p.Timeout}})
	}
	return out
}
