package l402

import (
	"time"

	"dalil"
)

// Describe is what the service publishes about the rail: its entry in
// GET /api/v1/payment-methods and the data of GET /api/v1/l402 (network,
// rate, header names, routes).
func (r *Rail) Describe() (descriptor, info map[string]any) {
	rail, _ := dalil.RailByHeader(dalil.RailL402)
	descriptor = map[string]any{
		"id": rail.ID, "enabled": true, "type": string(rail.Type), "currency": "BTC", "network": "lightning:" + r.network,
		"authentication": "none",
		"credential":     "Authorization: L402 <base64 macaroon>:<hex preimage> (LSAT accepted)",
		"endpoints":      map[string]string{"canonical": rail.Canonical(), "dedicated": "POST " + rail.Route},
		"info":           "/api/v1/l402",
	}
	info = map[string]any{
		"rail": rail.ID, "enabled": true, "type": string(rail.Type),
		"currency": "BTC", "network": "lightning:" + r.network,
		"btcUsdRate": r.rateText, "rateSource": "configured",
		"pricing":              "registry price in USD converted to satoshis at btcUsdRate, rounded up, at least 1 sat",
		"invoiceExpirySeconds": int(r.invoiceExpiry / time.Second),
		"tokenTtlSeconds":      int(r.tokenTTL / time.Second),
		"headers": map[string]string{
			"challenge":  `WWW-Authenticate: L402 macaroon="<base64>", invoice="<bolt11>" (and its LSAT twin)`,
			"credential": "Authorization: L402 <base64 macaroon>:<hex preimage>",
			"receipt":    HeaderReceipt,
			"error":      HeaderError,
		},
		"endpoints": map[string]string{
			"canonical": rail.Canonical(), "dedicated": "POST " + rail.Route, "paymentMethods": "/api/v1/payment-methods",
		},
		"singleUse": "a token pays for exactly one call of the tool it was minted for",
	}
	return descriptor, info
}
