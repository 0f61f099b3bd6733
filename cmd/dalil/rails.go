package main

import (
	"bytes"
	"context"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"os"
	"slices"
	"strings"
	"time"

	"dalil"
	"dalil/httpapi"
	"dalil/rail/l402"
	"dalil/rail/mpp"
	"dalil/rail/mpp/mppsql"
	"dalil/rail/x402"
	"dalil/store/sqlstore"
)

// Environment variables of the pay-per-call rails (docs/payments.md). The
// required ones switch a rail on when it is also listed in DALIL_RAILS; the
// others have defaults.
const (
	envX402PayTo          = "DALIL_X402_PAY_TO"
	envX402Network        = "DALIL_X402_NETWORK"
	envX402Facilitator    = "DALIL_X402_FACILITATOR_URL"
	envX402Token          = "DALIL_X402_FACILITATOR_TOKEN"
	envX402VerifyTimeout  = "DALIL_X402_VERIFY_TIMEOUT"
	envX402SettleTimeout  = "DALIL_X402_SETTLE_TIMEOUT"
	envL402LNDURL         = "DALIL_L402_LND_URL"
	envL402Macaroon       = "DALIL_L402_MACAROON"
	envL402TLSCert        = "DALIL_L402_TLS_CERT"
	envL402RootKey        = "DALIL_L402_ROOT_KEY"
	envL402Rate           = "DALIL_L402_BTC_USD"
	envL402Network        = "DALIL_L402_NETWORK"
	envL402LNDTimeout     = "DALIL_L402_LND_TIMEOUT"
	envMPPSecret          = "DALIL_MPP_SECRET_KEY"
	envMPPRealm           = "DALIL_MPP_REALM"
	envMPPNetwork         = "DALIL_MPP_NETWORK"
	envMPPRecipient       = "DALIL_MPP_RECIPIENT"
	envMPPPayeeKey        = "DALIL_MPP_PAYEE_KEY"
	envMPPRPCURL          = "DALIL_MPP_RPC_URL"
	envMPPSettleTimeout   = "DALIL_MPP_SETTLE_TIMEOUT"
	envMPPChallengeTTL    = "DALIL_MPP_CHALLENGE_TTL"
	envMPPChannels        = "DALIL_MPP_CHANNELS"
	envMPPEscrow          = "DALIL_MPP_ESCROW"
	envMPPChannelIdle     = "DALIL_MPP_CHANNEL_IDLE"
	canonicalRoute        = "POST /api/v1/<tool-path> with X-Service-Payment-Method: "
	payPerCall            = "pay_per_call"
	authenticationNone    = "none"
	paymentMethodsHeading = "/api/v1/payment-methods"
)

// railEnv reads the variables of one rail and remembers which required
// ones are missing; values never leave this struct except into the rail's
// configuration.
type railEnv struct {
	getenv  func(string) string
	missing []string
}

func (e *railEnv) need(name string) string {
	v := strings.TrimSpace(e.getenv(name))
	if v == "" {
		e.missing = append(e.missing, name)
	}
	return v
}

func (e *railEnv) opt(name string) string { return strings.TrimSpace(e.getenv(name)) }

// hexBytes decodes a hex secret (an optional 0x prefix allowed). The error
// names the variable, never its value.
func hexBytes(name, v string) ([]byte, error) {
	b, err := hex.DecodeString(strings.TrimPrefix(strings.TrimPrefix(v, "0x"), "0X"))
	if err != nil || len(b) == 0 {
		return nil, fmt.Errorf("%s must be hex", name)
	}
	return b, nil
}

// duration parses an optional duration variable ("30s"); empty means the
// rail's default.
func duration(name, v string) (time.Duration, error) {
	if v == "" {
		return 0, nil
	}
	d, err := time.ParseDuration(v)
	if err != nil || d <= 0 {
		return 0, fmt.Errorf("%s must be a positive duration such as 30s, got %q", name, v)
	}
	return d, nil
}

// payRails builds every pay-per-call rail listed in cfg.Rails (DALIL_RAILS)
// from its DALIL_* variables. A listed rail with required variables
// missing stays off, with one warning naming them; a configured rail that
// is not listed stays off. A listed, complete but invalid configuration
// (bad hex, unknown network, unreadable certificate) is an error, so a
// typo never silently disables payments. Secrets never reach the log.
func payRails(ctx context.Context, cfg *config, getenv func(string) string, store *sqlstore.Store, log *slog.Logger) ([]httpapi.PayRail, error) {
	_ = ctx // rails make no network call when built
	listed := map[string]bool{}
	for _, r := range cfg.Rails {
		switch r {
		case dalil.MethodCredits, dalil.MethodSubscription:
		case dalil.RailX402, dalil.RailL402, dalil.RailMPP:
			listed[r] = true
		default:
			log.Warn("unknown rail in DALIL_RAILS ignored", "rail", r)
		}
	}
	builders := []struct {
		id    string
		build func(*railEnv) (*httpapi.PayRail, error)
	}{
		{dalil.RailX402, buildX402},
		{dalil.RailL402, buildL402},
		{dalil.RailMPP, func(e *railEnv) (*httpapi.PayRail, error) { return buildMPP(e, store, log) }},
	}
	var out []httpapi.PayRail
	for _, b := range builders {
		e := &railEnv{getenv: getenv}
		pr, err := b.build(e)
		if !listed[b.id] {
			if len(e.missing) == 0 {
				log.Info("pay-per-call rail configured but not listed in DALIL_RAILS; it is off", "rail", b.id)
			}
			continue
		}
		if len(e.missing) > 0 {
			log.Warn("pay-per-call rail listed in DALIL_RAILS but not configured; it is off", "rail", b.id, "missing", strings.Join(e.missing, ","))
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("rail %s: %w", b.id, err)
		}
		out = append(out, *pr)
		log.Info("pay-per-call rail on", "rail", b.id)
	}
	return out, nil
}

// buildX402 configures the x402 rail (docs/rail-x402.md). It returns early
// (nil, nil) when required variables are missing; e.missing says which.
func buildX402(e *railEnv) (*httpapi.PayRail, error) {
	c := x402.Config{
		PayTo:            e.need(envX402PayTo),
		FacilitatorURL:   e.need(envX402Facilitator),
		Network:          e.opt(envX402Network),
		FacilitatorToken: e.opt(envX402Token),
	}
	if len(e.missing) > 0 {
		return nil, nil
	}
	var err error
	if c.VerifyTimeout, err = duration(envX402VerifyTimeout, e.opt(envX402VerifyTimeout)); err != nil {
		return nil, err
	}
	if c.SettleTimeout, err = duration(envX402SettleTimeout, e.opt(envX402SettleTimeout)); err != nil {
		return nil, err
	}
	r, err := x402.New(c)
	if err != nil {
		return nil, err
	}
	in := r.Info()
	return &httpapi.PayRail{
		Rail: x402Rail{r},
		Descriptor: map[string]any{
			"id": dalil.RailX402, "enabled": true, "type": payPerCall, "currency": "USDC", "asset": in.AssetSymbol, "network": in.Network,
			"authentication": authenticationNone,
			"credential":     "PAYMENT-SIGNATURE: <base64 x402 v2 payload> or X-PAYMENT: <base64 x402 v1 payload>",
			"endpoints":      map[string]string{"canonical": canonicalRoute + dalil.RailX402, "dedicated": "POST /api/v1/x402/<tool-path>"},
			"info":           "/api/v1/x402",
		},
		Info: map[string]any{
			"rail": dalil.RailX402, "enabled": true, "type": payPerCall,
			"versions": []int{1, 2}, "scheme": x402.SchemeExact,
			"network": in.Network, "v1Network": in.V1Network, "chainId": in.ChainID,
			"asset":             map[string]any{"symbol": in.AssetSymbol, "address": in.Asset, "decimals": 6},
			"payTo":             in.PayTo,
			"maxTimeoutSeconds": in.MaxTimeoutSeconds,
			"pricing":           "registry price in USD = USDC atomic units x 10^-6 (0.01 USD = 10000)",
			"headers": map[string]any{
				"challenge":  x402.HeaderPaymentRequired + " (v2) and the JSON body fields x402Version, accepts (v1)",
				"credential": map[string]string{"1": x402.HeaderXPayment, "2": x402.HeaderPaymentSignature},
				"receipt":    map[string]string{"1": x402.HeaderXPaymentResponse, "2": x402.HeaderPaymentResponse},
			},
			"endpoints": map[string]string{
				"canonical": canonicalRoute + dalil.RailX402, "dedicated": "POST /api/v1/x402/<tool-path>",
				"wellKnown": "/.well-known/x402.json", "paymentMethods": paymentMethodsHeading,
			},
			"singleUse":  "each authorization (payer, nonce) pays for exactly one call",
			"settlement": "verified locally and by the facilitator, settled before the result is sent; no result without settlement",
		},
		WellKnown: r.WellKnown,
	}, nil
}

// x402Rail adapts the x402 rail's settlement errors to the core's claim
// rule: an unconfirmed settlement (timeout, 5xx: the transfer may have
// happened) must keep the credential claimed, so its error says so with
// KeepClaim. A declined settlement passes through and the claim is
// released.
type x402Rail struct{ *x402.Rail }

func (r x402Rail) Settle(ctx context.Context, p *dalil.Payment) (http.Header, error) {
	h, err := r.Rail.Settle(ctx, p)
	if err != nil && errors.Is(err, x402.ErrSettleUnconfirmed) {
		return nil, keptClaim{err}
	}
	return h, err
}

// keptClaim marks a settlement error after which the money may have moved.
type keptClaim struct{ error }

func (k keptClaim) Unwrap() error { return k.error }

// KeepClaim tells the core to keep the credential's single-use claim.
func (keptClaim) KeepClaim() bool { return true }

// buildL402 configures the L402 rail (docs/rail-l402.md).
func buildL402(e *railEnv) (*httpapi.PayRail, error) {
	lndURL := e.need(envL402LNDURL)
	mac := e.need(envL402Macaroon)
	rootHex := e.need(envL402RootKey)
	rate := e.need(envL402Rate)
	if len(e.missing) > 0 {
		return nil, nil
	}
	c := l402.Config{LNDURL: lndURL, InvoiceMacaroonHex: strings.TrimPrefix(mac, "0x"), BTCUSDRate: rate, Network: e.opt(envL402Network)}
	if _, err := hexBytes(envL402Macaroon, c.InvoiceMacaroonHex); err != nil {
		return nil, err
	}
	var err error
	if c.RootKey, err = hexBytes(envL402RootKey, rootHex); err != nil {
		return nil, err
	}
	if path := e.opt(envL402TLSCert); path != "" {
		if c.TLSCertPEM, err = os.ReadFile(path); err != nil {
			return nil, fmt.Errorf("%s: read the certificate file: %w", envL402TLSCert, err)
		}
	}
	if c.LNDTimeout, err = duration(envL402LNDTimeout, e.opt(envL402LNDTimeout)); err != nil {
		return nil, err
	}
	r, err := l402.New(c)
	if err != nil {
		return nil, err
	}
	network := c.Network
	if network == "" {
		network = l402.DefaultNetwork
	}
	return &httpapi.PayRail{
		Rail: r,
		Descriptor: map[string]any{
			"id": dalil.RailL402, "enabled": true, "type": payPerCall, "currency": "BTC", "network": "lightning:" + network,
			"authentication": authenticationNone,
			"credential":     "Authorization: L402 <base64 macaroon>:<hex preimage> (LSAT accepted)",
			"endpoints":      map[string]string{"canonical": canonicalRoute + dalil.RailL402, "dedicated": "POST /api/v1/l402/<tool-path>"},
			"info":           "/api/v1/l402",
		},
		Info: map[string]any{
			"rail": dalil.RailL402, "enabled": true, "type": payPerCall,
			"currency": "BTC", "network": "lightning:" + network,
			"btcUsdRate": rate, "rateSource": "configured",
			"pricing":              "registry price in USD converted to satoshis at btcUsdRate, rounded up, at least 1 sat",
			"invoiceExpirySeconds": int(l402.DefaultInvoiceExpiry / time.Second),
			"tokenTtlSeconds":      int(l402.DefaultTokenTTL / time.Second),
			"headers": map[string]string{
				"challenge":  `WWW-Authenticate: L402 macaroon="<base64>", invoice="<bolt11>" (and its LSAT twin)`,
				"credential": "Authorization: L402 <base64 macaroon>:<hex preimage>",
				"receipt":    l402.HeaderReceipt,
				"error":      l402.HeaderError,
			},
			"endpoints": map[string]string{
				"canonical": canonicalRoute + dalil.RailL402, "dedicated": "POST /api/v1/l402/<tool-path>", "paymentMethods": paymentMethodsHeading,
			},
			"singleUse": "a token pays for exactly one call of the tool it was minted for",
		},
	}, nil
}

// buildMPP configures the MPP rail (docs/rail-mpp.md) and, when
// DALIL_MPP_PAYEE_KEY is set, its sessions on the SQL session store.
func buildMPP(e *railEnv, store *sqlstore.Store, log *slog.Logger) (*httpapi.PayRail, error) {
	secretHex := e.need(envMPPSecret)
	realm := e.need(envMPPRealm)
	recipient := e.need(envMPPRecipient)
	rpcURL := e.need(envMPPRPCURL)
	if len(e.missing) > 0 {
		return nil, nil
	}
	c := mpp.Config{Realm: realm, Recipient: recipient, RPCURL: rpcURL, Network: e.opt(envMPPNetwork)}
	var err error
	if c.SecretKey, err = hexBytes(envMPPSecret, secretHex); err != nil {
		return nil, err
	}
	if c.SettleTimeout, err = duration(envMPPSettleTimeout, e.opt(envMPPSettleTimeout)); err != nil {
		return nil, err
	}
	if c.ChallengeTTL, err = duration(envMPPChallengeTTL, e.opt(envMPPChallengeTTL)); err != nil {
		return nil, err
	}
	r, err := mpp.New(c)
	if err != nil {
		return nil, err
	}
	network := c.Network
	if network == "" {
		network = mpp.DefaultNetwork
	}
	n := mpp.Networks[network]
	pr := &httpapi.PayRail{Rail: r}
	modes := []string{mpp.IntentCharge}
	endpoints := map[string]string{"canonical": canonicalRoute + dalil.RailMPP, "charge": "POST /api/v1/mpp/charge/<tool>"}
	if keyHex := e.opt(envMPPPayeeKey); keyHex == "" {
		log.Warn("mpp sessions are off: set DALIL_MPP_PAYEE_KEY (the recipient's key, which signs refunds) to open them", "rail", dalil.RailMPP, "missing", envMPPPayeeKey)
	} else {
		key, err := hexBytes(envMPPPayeeKey, keyHex)
		if err != nil {
			return nil, err
		}
		s, err := mpp.NewSessions(r, mpp.SessionsConfig{Store: mppsql.NewSessions(store.DB()), PayeeKey: key})
		if err != nil {
			return nil, fmt.Errorf("%s: %w", envMPPPayeeKey, err)
		}
		pr.Sessions = mppSessions{s}
		modes = append(modes, mpp.IntentSession)
		endpoints["sessions"] = "POST /api/v1/mpp/sessions"
	}
	// The real session intent (escrow payment channels, voucher-paid
	// calls): on with DALIL_MPP_CHANNELS=on or an explicit DALIL_MPP_ESCROW.
	escrow := e.opt(envMPPEscrow)
	if on, err := switchOn(envMPPChannels, e.opt(envMPPChannels)); err != nil {
		return nil, err
	} else if on || escrow != "" {
		keyHex := e.opt(envMPPPayeeKey)
		if keyHex == "" {
			return nil, fmt.Errorf("%s: payment channels need %s (the recipient's key signs the on-chain close)", envMPPChannels, envMPPPayeeKey)
		}
		key, err := hexBytes(envMPPPayeeKey, keyHex)
		if err != nil {
			return nil, err
		}
		ch, err := r.EnableChannels(mpp.ChannelsConfig{Store: mppsql.NewChannels(store.DB()), PayeeKey: key, Escrow: escrow})
		if err != nil {
			return nil, fmt.Errorf("%s: %w", envMPPEscrow, err)
		}
		if !slices.Contains(modes, mpp.IntentSession) {
			modes = append(modes, mpp.IntentSession)
		}
		endpoints["channel"] = "POST /api/v1/mpp/charge/<tool> or the canonical route with Authorization: Payment intent=session (actions open, voucher, topUp, close; escrow " + ch.Escrow() + ")"
	}
	pr.Descriptor = map[string]any{
		"id": dalil.RailMPP, "enabled": true, "type": payPerCall, "currency": "USD", "network": network,
		"authentication": authenticationNone,
		"credential":     "Authorization: Payment <base64url credential> (method tempo)",
		"endpoints":      endpoints,
		"info":           "/api/v1/mpp",
		"modes":          modes,
	}
	infoEndpoints := map[string]string{"paymentMethods": paymentMethodsHeading}
	for k, v := range endpoints {
		infoEndpoints[k] = v
	}
	if slices.Contains(modes, mpp.IntentSession) {
		infoEndpoints["session"] = "GET /api/v1/mpp/sessions/{id}"
		infoEndpoints["sessionTool"] = "POST /api/v1/mpp/sessions/{id}/tools/{tool} (Idempotency-Key required)"
		infoEndpoints["sessionClose"] = "POST /api/v1/mpp/sessions/{id}/close"
	}
	pr.Info = map[string]any{
		"rail": dalil.RailMPP, "enabled": true, "type": payPerCall,
		"scheme": mpp.Scheme, "method": mpp.Method, "modes": modes,
		"network": network, "chainId": r.ChainID(),
		"asset":     map[string]any{"address": n.Currency, "decimals": n.Decimals},
		"recipient": strings.ToLower(recipient), "realm": realm,
		"pricing": "registry price in USD = token base units x 10^-6 (0.01 USD = 10000)",
		"headers": map[string]string{
			"challenge":  "WWW-Authenticate: Payment id, realm, method, intent, request, expires",
			"credential": "Authorization: Payment <base64url credential>",
			"receipt":    mpp.ReceiptHeader,
		},
		"endpoints": infoEndpoints,
		"singleUse": "each challenge pays for exactly one call",
	}
	return pr, nil
}

// switchOn parses an on/off environment switch (empty is off).
func switchOn(name, v string) (bool, error) {
	switch strings.ToLower(strings.TrimSpace(v)) {
	case "", "0", "off", "false", "no":
		return false, nil
	case "1", "on", "true", "yes":
		return true, nil
	}
	return false, fmt.Errorf("%s must be on or off, not %q", name, v)
}

// mppSessions serves MPP sessions through the core's session routes.
type mppSessions struct{ s *mpp.Sessions }

var _ httpapi.SessionRail = mppSessions{}

// Open decodes the body strictly (unknown fields and trailing data are
// INVALID_INPUT) and opens the session.
func (a mppSessions) Open(ctx context.Context, body []byte, h http.Header) (any, error) {
	var req mpp.OpenRequest
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&req); err != nil {
		return nil, dalil.InvalidInput(dalil.Problem{Path: "", Message: "must be one JSON object {maxBudget, currency, allowedTools}: " + jsonProblem(err)})
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, dalil.InvalidInput(dalil.Problem{Path: "", Message: "must be a single JSON object"})
	}
	s, err := a.s.Open(ctx, req, h)
	if err != nil {
		return nil, err
	}
	return s.View(), nil
}

func jsonProblem(err error) string {
	msg := err.Error()
	if len(msg) > 120 {
		msg = msg[:120]
	}
	return strings.TrimPrefix(msg, "json: ")
}

func (a mppSessions) Get(ctx context.Context, id string) (any, error) {
	s, err := a.s.Get(ctx, id)
	if err != nil {
		return nil, err
	}
	return s.View(), nil
}

func (a mppSessions) Close(ctx context.Context, id string) (any, http.Header, error) {
	s, h, err := a.s.Close(ctx, id)
	if err != nil {
		return nil, nil, err
	}
	return s.View(), h, nil
}

func (a mppSessions) Draw(ctx context.Context, sessionID, tool string, price dalil.MicroUSD, idemKey string) (httpapi.SessionDraw, error) {
	d, err := a.s.Draw(ctx, sessionID, tool, price, idemKey)
	if err != nil {
		return httpapi.SessionDraw{}, err
	}
	return httpapi.SessionDraw{SessionID: d.SessionID, Key: d.Key, Tool: d.Tool, Amount: d.Amount, Replayed: d.Replayed, State: d}, nil
}

func (a mppSessions) Commit(ctx context.Context, d httpapi.SessionDraw) error {
	md, ok := d.State.(*mpp.Draw)
	if !ok {
		return errors.New("mpp sessions: commit of a draw this rail did not make")
	}
	return a.s.Commit(ctx, md)
}

func (a mppSessions) Release(ctx context.Context, d httpapi.SessionDraw) error {
	md, ok := d.State.(*mpp.Draw)
	if !ok {
		return errors.New("mpp sessions: release of a draw this rail did not make")
	}
	return a.s.Release(ctx, md)
}
