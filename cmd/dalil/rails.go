package main

import (
	"context"
	"encoding/hex"
	"fmt"
	"log/slog"
	"os"
	"strings"

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
	envX402PayTo         = "DALIL_X402_PAY_TO"
	envX402Network       = "DALIL_X402_NETWORK"
	envX402Facilitator   = "DALIL_X402_FACILITATOR_URL"
	envX402Token         = "DALIL_X402_FACILITATOR_TOKEN"
	envX402VerifyTimeout = "DALIL_X402_VERIFY_TIMEOUT"
	envX402SettleTimeout = "DALIL_X402_SETTLE_TIMEOUT"
	envL402LNDURL        = "DALIL_L402_LND_URL"
	envL402Macaroon      = "DALIL_L402_MACAROON"
	envL402TLSCert       = "DALIL_L402_TLS_CERT"
	envL402RootKey       = "DALIL_L402_ROOT_KEY"
	envL402Rate          = "DALIL_L402_BTC_USD"
	envL402Network       = "DALIL_L402_NETWORK"
	envL402LNDTimeout    = "DALIL_L402_LND_TIMEOUT"
	envMPPSecret         = "DALIL_MPP_SECRET_KEY"
	envMPPRealm          = "DALIL_MPP_REALM"
	envMPPNetwork        = "DALIL_MPP_NETWORK"
	envMPPRecipient      = "DALIL_MPP_RECIPIENT"
	envMPPPayeeKey       = "DALIL_MPP_PAYEE_KEY"
	envMPPRPCURL         = "DALIL_MPP_RPC_URL"
	envMPPSettleTimeout  = "DALIL_MPP_SETTLE_TIMEOUT"
	envMPPChallengeTTL   = "DALIL_MPP_CHALLENGE_TTL"
	envMPPChannels       = "DALIL_MPP_CHANNELS"
	envMPPEscrow         = "DALIL_MPP_ESCROW"
	envMPPChannelIdle    = "DALIL_MPP_CHANNEL_IDLE"
)

// hexBytes decodes a hex secret (an optional 0x prefix allowed). The error
// names the variable, never its value.
func hexBytes(name, v string) ([]byte, error) {
	b, err := hex.DecodeString(strings.TrimPrefix(strings.TrimPrefix(v, "0x"), "0X"))
	if err != nil || len(b) == 0 {
		return nil, fmt.Errorf("%s must be hex", name)
	}
	return b, nil
}

// payRails builds every pay-per-call rail listed in cfg.Rails.Enabled
// (DALIL_RAILS) from its settings in cfg. A listed rail with required
// settings missing stays off, with one warning naming their variables; a
// configured rail that is not listed stays off. A listed, complete but
// invalid configuration (unknown network, bad address, unreadable
// certificate) is an error, so a typo never silently disables payments.
// (Malformed values, such as bad hex or durations, were refused by
// loadConfig already.) Secrets never reach the log.
func payRails(ctx context.Context, cfg *Config, store *sqlstore.Store, log *slog.Logger) ([]httpapi.PayRail, error) {
	_ = ctx // rails make no network call when built
	builders := []struct {
		id    string
		build func(*Config) (*httpapi.PayRail, error)
	}{
		{dalil.RailX402, buildX402},
		{dalil.RailL402, buildL402},
		{dalil.RailMPP, func(c *Config) (*httpapi.PayRail, error) { return buildMPP(c, store, log) }},
	}
	var out []httpapi.PayRail
	for _, b := range builders {
		missing := cfg.RailMissing(b.id)
		if !cfg.railOn(b.id) {
			if len(missing) == 0 {
				log.Info("pay-per-call rail configured but not listed in DALIL_RAILS; it is off", "rail", b.id)
			}
			continue
		}
		if len(missing) > 0 {
			log.Warn("pay-per-call rail listed in DALIL_RAILS but not configured; it is off", "rail", b.id, "missing", strings.Join(missing, ","))
			continue
		}
		pr, err := b.build(cfg)
		if err != nil {
			return nil, fmt.Errorf("rail %s: %w", b.id, err)
		}
		out = append(out, *pr)
		log.Info("pay-per-call rail on", "rail", b.id)
	}
	return out, nil
}

// buildX402 configures the x402 rail (docs/rail-x402.md) from a
// configuration with nothing missing (Config.RailMissing).
func buildX402(cfg *Config) (*httpapi.PayRail, error) {
	fac := cfg.Providers[providerX402Facilitator]
	c := x402.Config{
		PayTo:            cfg.Rails.X402.PayTo,
		FacilitatorURL:   string(fac.Endpoint),
		Network:          cfg.Rails.X402.Network,
		FacilitatorToken: fac.Credential.Reveal(),
		VerifyTimeout:    cfg.Rails.X402.VerifyTimeout,
		SettleTimeout:    cfg.Rails.X402.SettleTimeout,
	}
	r, err := x402.New(c)
	if err != nil {
		return nil, err
	}
	pr := &httpapi.PayRail{Rail: r, WellKnown: r.WellKnown}
	pr.Descriptor, pr.Info = r.Describe()
	return pr, nil
}

// buildL402 configures the L402 rail (docs/rail-l402.md) from a
// configuration with nothing missing.
func buildL402(cfg *Config) (*httpapi.PayRail, error) {
	node := cfg.Providers[providerLightningNode]
	rate := cfg.Rails.L402.BTCUSDRate
	c := l402.Config{
		LNDURL: string(node.Endpoint), InvoiceMacaroonHex: strings.TrimPrefix(node.Credential.Reveal(), "0x"),
		BTCUSDRate: rate, Network: cfg.Rails.L402.Network, LNDTimeout: node.Timeout,
	}
	if _, err := hexBytes(envL402Macaroon, c.InvoiceMacaroonHex); err != nil {
		return nil, err
	}
	var err error
	if c.RootKey, err = hexBytes(envL402RootKey, cfg.Rails.L402.RootKey.Reveal()); err != nil {
		return nil, err
	}
	if path := node.Settings["tlsCert"]; path != "" {
		if c.TLSCertPEM, err = os.ReadFile(path); err != nil {
			return nil, fmt.Errorf("%s: read the certificate file: %w", envL402TLSCert, err)
		}
	}
	r, err := l402.New(c)
	if err != nil {
		return nil, err
	}
	pr := &httpapi.PayRail{Rail: r}
	pr.Descriptor, pr.Info = r.Describe()
	return pr, nil
}

// buildMPP configures the MPP rail (docs/rail-mpp.md) from a
// configuration with nothing missing and, when DALIL_MPP_PAYEE_KEY is set,
// its sessions on the SQL session store.
func buildMPP(cfg *Config, store *sqlstore.Store, log *slog.Logger) (*httpapi.PayRail, error) {
	m := cfg.Rails.MPP
	realm, recipient := m.Realm, m.Recipient
	c := mpp.Config{
		Realm: realm, Recipient: recipient, RPCURL: string(cfg.Providers[providerTempoRPC].Endpoint), Network: m.Network,
		SettleTimeout: m.SettleTimeout, ChallengeTTL: m.ChallengeTTL,
	}
	var err error
	if c.SecretKey, err = hexBytes(envMPPSecret, m.SecretKey.Reveal()); err != nil {
		return nil, err
	}
	r, err := mpp.New(c)
	if err != nil {
		return nil, err
	}
	pr := &httpapi.PayRail{Rail: r}
	if keyHex := m.PayeeKey.Reveal(); keyHex == "" {
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
		pr.Routes, pr.Sessions, pr.SessionCall = s.Routes(), s.Budget(), mpp.SessionCallRoute
	}
	// The real session intent (escrow payment channels, voucher-paid
	// calls): on with DALIL_MPP_CHANNELS=on or an explicit DALIL_MPP_ESCROW.
	escrow := m.Escrow
	if m.Channels || escrow != "" {
		keyHex := m.PayeeKey.Reveal()
		if keyHex == "" {
			return nil, fmt.Errorf("%s: payment channels need %s (the recipient's key signs the on-chain close)", envMPPChannels, envMPPPayeeKey)
		}
		key, err := hexBytes(envMPPPayeeKey, keyHex)
		if err != nil {
			return nil, err
		}
		if _, err := r.EnableChannels(mpp.ChannelsConfig{Store: mppsql.NewChannels(store.DB()), PayeeKey: key, Escrow: escrow}); err != nil {
			return nil, fmt.Errorf("%s: %w", envMPPEscrow, err)
		}
	}
	pr.Descriptor, pr.Info = r.Describe(pr.Sessions != nil)
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
