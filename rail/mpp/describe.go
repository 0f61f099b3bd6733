package mpp

import (
	"slices"
	"strings"

	"dalil"
)

// Describe is what the service publishes about the rail: its entry in
// GET /api/v1/payment-methods and the data of GET /api/v1/mpp (network,
// asset, recipient, modes, header names, routes). sessions says whether
// budget sessions are open on it (NewSessions); payment channels are
// described when EnableChannels switched them on.
func (r *Rail) Describe(sessions bool) (descriptor, info map[string]any) {
	rail, _ := dalil.RailByHeader(dalil.RailMPP)
	network := r.cfg.Network
	n := Networks[network]
	modes := []string{IntentCharge}
	endpoints := map[string]string{"canonical": rail.Canonical(), "charge": "POST " + rail.Route}
	if sessions {
		modes = append(modes, IntentSession)
		endpoints["sessions"] = "POST /api/v1/mpp/sessions"
	}
	if ch := r.Channels(); ch != nil {
		if !slices.Contains(modes, IntentSession) {
			modes = append(modes, IntentSession)
		}
		endpoints["channel"] = "POST " + rail.Route + " or the canonical route with Authorization: Payment intent=session (actions open, voucher, topUp, close; escrow " + ch.Escrow() + ")"
	}
	descriptor = map[string]any{
		"id": rail.ID, "enabled": true, "type": string(rail.Type), "currency": "USD", "network": network,
		"authentication": "none",
		"credential":     "Authorization: Payment <base64url credential> (method tempo)",
		"endpoints":      endpoints,
		"info":           "/api/v1/mpp",
		"modes":          modes,
	}
	infoEndpoints := map[string]string{"paymentMethods": "/api/v1/payment-methods"}
	for k, v := range endpoints {
		infoEndpoints[k] = v
	}
	if slices.Contains(modes, IntentSession) {
		infoEndpoints["session"] = "GET /api/v1/mpp/sessions/{id}"
		infoEndpoints["sessionTool"] = "POST " + SessionCallRoute + " (Idempotency-Key required)"
		infoEndpoints["sessionClose"] = "POST /api/v1/mpp/sessions/{id}/close"
	}
	info = map[string]any{
		"rail": rail.ID, "enabled": true, "type": string(rail.Type),
		"scheme": Scheme, "method": Method, "modes": modes,
		"network": network, "chainId": r.ChainID(),
		"asset":     map[string]any{"address": n.Currency, "decimals": n.Decimals},
		"recipient": strings.ToLower(r.cfg.Recipient), "realm": r.cfg.Realm,
		"pricing": "registry price in USD = token base units x 10^-6 (0.01 USD = 10000)",
		"headers": map[string]string{
			"challenge":  "WWW-Authenticate: Payment id, realm, method, intent, request, expires",
			"credential": "Authorization: Payment <base64url credential>",
			"receipt":    ReceiptHeader,
		},
		"endpoints": infoEndpoints,
		"singleUse": "each challenge pays for exactly one call",
	}
	return descriptor, info
}
