// Package mpp is Dalil's MPP rail: the Machine Payments Protocol's `Payment`
// HTTP authentication scheme with the `tempo` method, intent `charge` for one
// paid call (Rail) and a budgeted, metered session (Sessions).
//
// A challenge is stateless: its id is an HMAC over its own fields, computed
// exactly as the mppx reference does, so an mppx client accepts it and the
// server recognises it again without storing it. A credential carries a
// payer-signed Tempo transaction (type 0x76) with one TIP-20
// transferWithMemo to the recipient; Verify checks it offline and Settle
// broadcasts it through a Tempo JSON-RPC endpoint and waits for its receipt.
// See docs/rail-mpp.md.
package mpp

import (
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	"dalil/rail/mpp/internal/tempo"
)

// Network is a Tempo network the rail can charge on.
type Network struct {
	ChainID  uint64
	Currency string // default TIP-20 token
	Decimals int
	RPCURL   string // public endpoint, informational; Config.RPCURL is what is used
	// Escrow is the Tempo Stream Channel escrow of the session intent.
	Escrow string
}

// Networks lists the Tempo networks by the names DALIL_MPP_NETWORK accepts.
// Values are mppx 0.11.0's tempo/internal/defaults: mainnet USDC.e and
// testnet (Moderato) pathUSD, both TIP-20 with 6 decimals.
var Networks = map[string]Network{
	"tempo": {
		ChainID:  4217,
		Currency: "0x20c000000000000000000000b9537d11c60e8b50",
		Decimals: 6,
		RPCURL:   "https://rpc.tempo.xyz",
		Escrow:   "0x33b901018174ddabe4841042ab76ba85d4e24f25",
	},
	"tempo-testnet": {
		ChainID:  42431,
		Currency: "0x20c0000000000000000000000000000000000000",
		Decimals: 6,
		RPCURL:   "https://rpc.moderato.tempo.xyz",
		Escrow:   "0xe1c4d3dce17bc111181ddf716f75bae49e61a336",
	},
}

// DefaultNetwork is the network used when Config.Network is empty.
const DefaultNetwork = "tempo-testnet"

// Defaults for the optional Config fields.
const (
	// DefaultChallengeTTL is mppx's default challenge lifetime.
	DefaultChallengeTTL = 300 * time.Second
	// DefaultSettleTimeout bounds broadcast plus receipt polling. Tempo
	// blocks are sub-second; mppx clients sign transactions valid for about
	// 25 s, so a receipt that has not appeared by then never will.
	DefaultSettleTimeout = 30 * time.Second
	// DefaultPollInterval is the receipt polling period.
	DefaultPollInterval = 500 * time.Millisecond
)

// Config configures the rail. Zero values take the documented defaults.
type Config struct {
	// SecretKey keys the challenge-id HMAC; at least 32 random bytes. Keep it
	// across restarts and replicas, or outstanding challenges stop verifying.
	SecretKey []byte
	// Realm names this server in challenges and in the payment memo
	// fingerprint (usually the public host name).
	Realm string
	// Network is a key of Networks; default "tempo-testnet".
	Network string
	// ChainID overrides the network's chain id when non-zero.
	ChainID uint64
	// Recipient is the address that receives payments.
	Recipient string
	// Currency is the TIP-20 token address; default the network's.
	Currency string
	// Decimals of Currency; 0 means the network's (6).
	Decimals int
	// RPCURL is the Tempo JSON-RPC endpoint used to broadcast and confirm.
	RPCURL string
	// ChallengeTTL is how long a challenge stays payable; default 300 s.
	ChallengeTTL time.Duration
	// SettleTimeout bounds one settlement; default 30 s.
	SettleTimeout time.Duration
	// PollInterval is the receipt polling period; default 500 ms.
	PollInterval time.Duration
	// HTTPClient talks to RPCURL; default a client with a 10 s timeout.
	HTTPClient *http.Client
	// Now is the clock; default time.Now.
	Now func() time.Time
}

// resolved is a checked Config with defaults applied.
type resolved struct {
	Config
	chainID   uint64
	recipient tempo.Address
	currency  tempo.Address
}

func (c Config) resolve() (*resolved, error) {
	if len(c.SecretKey) < 32 {
		return nil, errors.New("mpp: SecretKey must be at least 32 bytes")
	}
	if c.Realm == "" || strings.ContainsAny(c.Realm, "\"\\,") || strings.ContainsFunc(c.Realm, func(r rune) bool { return r < 0x20 || r == 0x7f }) {
		return nil, errors.New("mpp: Realm must be non-empty and free of quotes, backslashes, commas and control characters")
	}
	if c.Network == "" {
		c.Network = DefaultNetwork
	}
	nw, ok := Networks[c.Network]
	if !ok {
		return nil, fmt.Errorf("mpp: unknown Network %q (want tempo or tempo-testnet)", c.Network)
	}
	r := &resolved{Config: c, chainID: nw.ChainID}
	if c.ChainID != 0 {
		r.chainID = c.ChainID
	}
	var err error
	if r.recipient, err = tempo.ParseAddress(c.Recipient); err != nil || r.recipient == (tempo.Address{}) {
		return nil, fmt.Errorf("mpp: Recipient must be a non-zero 0x address: %q", c.Recipient)
	}
	if r.Currency == "" {
		r.Currency = nw.Currency
	}
	if r.currency, err = tempo.ParseAddress(r.Currency); err != nil {
		return nil, fmt.Errorf("mpp: Currency: %v", err)
	}
	if r.Decimals == 0 {
		r.Decimals = nw.Decimals
	}
	if r.Decimals < 0 || r.Decimals > 36 {
		return nil, fmt.Errorf("mpp: Decimals %d out of range", r.Decimals)
	}
	u, err := url.Parse(c.RPCURL)
	if c.RPCURL == "" || err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("mpp: RPCURL must be an http(s) URL")
	}
	if r.ChallengeTTL <= 0 {
		r.ChallengeTTL = DefaultChallengeTTL
	}
	if r.SettleTimeout <= 0 {
		r.SettleTimeout = DefaultSettleTimeout
	}
	if r.PollInterval <= 0 {
		r.PollInterval = DefaultPollInterval
	}
	if r.HTTPClient == nil {
		r.HTTPClient = &http.Client{Timeout: 10 * time.Second}
	}
	if r.Now == nil {
		r.Now = time.Now
	}
	return r, nil
}
