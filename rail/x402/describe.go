package x402

import "dalil"

// Describe is what the service publishes about the rail: its entry in
// GET /api/v1/payment-methods and the data of GET /api/v1/x402 (network,
// asset, payee, header names, routes).
func (r *Rail) Describe() (descriptor, info map[string]any) {
	rail, _ := dalil.RailByHeader(dalil.RailX402)
	in := r.Info()
	descriptor = map[string]any{
		"id": rail.ID, "enabled": true, "type": string(rail.Type), "currency": "USDC", "asset": in.AssetSymbol, "network": in.Network,
		"authentication": "none",
		"credential":     "PAYMENT-SIGNATURE: <base64 x402 v2 payload> or X-PAYMENT: <base64 x402 v1 payload>",
		"endpoints":      map[string]string{"canonical": rail.Canonical(), "dedicated": "POST " + rail.Route},
		"info":           "/api/v1/x402",
	}
	info = map[string]any{
		"rail": rail.ID, "enabled": true, "type": string(rail.Type),
		"versions": []int{1, 2}, "scheme": SchemeExact,
		"network": in.Network, "v1Network": in.V1Network, "chainId": in.ChainID,
		"asset":             map[string]any{"symbol": in.AssetSymbol, "address": in.Asset, "decimals": 6},
		"payTo":             in.PayTo,
		"maxTimeoutSeconds": in.MaxTimeoutSeconds,
		"pricing":           "registry price in USD = USDC atomic units x 10^-6 (0.01 USD = 10000)",
		"headers": map[string]any{
			"challenge":  HeaderPaymentRequired + " (v2) and the JSON body fields x402Version, accepts (v1)",
			"credential": map[string]string{"1": HeaderXPayment, "2": HeaderPaymentSignature},
			"receipt":    map[string]string{"1": HeaderXPaymentResponse, "2": HeaderPaymentResponse},
		},
		"endpoints": map[string]string{
			"canonical": rail.Canonical(), "dedicated": "POST " + rail.Route,
			"wellKnown": "/.well-known/x402.json", "paymentMethods": "/api/v1/payment-methods",
		},
		"singleUse":  "each authorization (payer, nonce) pays for exactly one call",
		"settlement": "verified locally and by the facilitator, settled before the result is sent; no result without settlement",
	}
	return descriptor, info
}
