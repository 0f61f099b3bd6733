package mpp

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"net/http"
	"strings"
	"time"

	"github.com/decred/dcrd/dcrec/secp256k1/v4"

	"dalil"
	"dalil/rail/mpp/internal/tempo"
)

// This file is the real MPP `session` intent for method tempo: a payment
// channel on the Tempo Stream Channel escrow. The payer deposits into the
// escrow (action "open", a signed transaction Dalil broadcasts), then pays
// each call with an EIP-712 voucher for a higher cumulative amount (action
// "voucher"); "topUp" adds to the deposit and "close" settles the final
// voucher on chain with a payee-signed close(). See docs/rail-mpp.md.

// DefaultSuggestedCalls is how many calls' worth of deposit a session
// challenge suggests.
const DefaultSuggestedCalls = 100

// ChannelsConfig configures the session intent of a Rail.
type ChannelsConfig struct {
	// Store keeps channels and their highest vouchers; required.
	Store ChannelStore
	// PayeeKey is the 32-byte secp256k1 private key of the rail's
	// Recipient: the escrow's close() is payee-only, so Dalil signs it.
	PayeeKey []byte
	// Escrow is the escrow contract; default the network's (Networks).
	Escrow string
	// SuggestedCalls sets suggestedDeposit = price × SuggestedCalls;
	// default DefaultSuggestedCalls.
	SuggestedCalls int64
}

// Channels is the session intent of a Rail (see Rail.EnableChannels).
type Channels struct {
	rail      *Rail
	store     ChannelStore
	key       *secp256k1.PrivateKey
	escrow    tempo.Address
	suggested int64
}

// EnableChannels turns on the `session` intent: challenges then offer a
// session challenge beside the charge one, Verify accepts open and voucher
// credentials, and Manage handles topUp and close. Call it before serving.
func (r *Rail) EnableChannels(cfg ChannelsConfig) (*Channels, error) {
	if cfg.Store == nil {
		return nil, errors.New("mpp: channels need a store")
	}
	k, err := r.payeeKey(cfg.PayeeKey)
	if err != nil {
		return nil, err
	}
	esc := cfg.Escrow
	if esc == "" {
		nw := Networks[r.cfg.Network]
		if nw.ChainID != r.cfg.chainID || nw.Escrow == "" {
			return nil, fmt.Errorf("mpp: no default escrow contract for chain %d; set the escrow address", r.cfg.chainID)
		}
		esc = nw.Escrow
	}
	e, err := tempo.ParseAddress(esc)
	if err != nil || e == (tempo.Address{}) {
		return nil, fmt.Errorf("mpp: escrow must be a non-zero 0x address: %q", esc)
	}
	if cfg.SuggestedCalls <= 0 {
		cfg.SuggestedCalls = DefaultSuggestedCalls
	}
	c := &Channels{rail: r, store: cfg.Store, key: k, escrow: e, suggested: cfg.SuggestedCalls}
	r.channels = c
	return c, nil
}

// Channels returns the session intent enabled by EnableChannels, or nil.
func (r *Rail) Channels() *Channels { return r.channels }

// Escrow returns the escrow contract address (lowercase hex).
func (c *Channels) Escrow() string { return c.escrow.Hex() }

// ---------------------------------------------------------------- challenge

// sessionRequest is the tempo session request, the JSON behind `request`.
type sessionRequest struct {
	Amount           string         `json:"amount"`
	UnitType         string         `json:"unitType,omitempty"`
	SuggestedDeposit string         `json:"suggestedDeposit,omitempty"`
	Currency         string         `json:"currency"`
	Recipient        string         `json:"recipient"`
	Description      string         `json:"description,omitempty"`
	ExternalID       string         `json:"externalId,omitempty"`
	MethodDetails    sessionDetails `json:"methodDetails"`
}

type sessionDetails struct {
	EscrowContract  string          `json:"escrowContract"`
	ChainID         uint64          `json:"chainId"`
	MinVoucherDelta string          `json:"minVoucherDelta,omitempty"`
	ChannelID       string          `json:"channelId,omitempty"`
	FeePayer        json.RawMessage `json:"feePayer,omitempty"`
	SessionProtocol string          `json:"sessionProtocol,omitempty"`
}

// unitType is what one session unit buys here: one call.
const unitType = "request"

func (c *Channels) price(q dalil.Quote) (*big.Int, error) {
	return BaseUnits(q.Price, c.rail.cfg.Decimals)
}

func (c *Channels) request(price *big.Int) sessionRequest {
	cfg := c.rail.cfg
	return sessionRequest{
		Amount:           price.String(),
		UnitType:         unitType,
		SuggestedDeposit: new(big.Int).Mul(price, big.NewInt(c.suggested)).String(),
		Currency:         cfg.currency.Hex(),
		Recipient:        cfg.recipient.Hex(),
		MethodDetails: sessionDetails{
			EscrowContract: c.escrow.Hex(), ChainID: cfg.chainID, MinVoucherDelta: price.String(),
		},
	}
}

// addChallenge appends a session challenge for q to ch (a second
// WWW-Authenticate value and a second entry of body "challenges").
func (c *Channels) addChallenge(ch *dalil.Challenge, q dalil.Quote) error {
	price, err := c.price(q)
	if err != nil {
		return err
	}
	req, err := canonicalOf(c.request(price))
	if err != nil {
		return err
	}
	var nonce [16]byte
	if _, err := rand.Read(nonce[:]); err != nil {
		return err
	}
	opaque, err := canonicalOf(map[string]string{"nonce": base64.RawURLEncoding.EncodeToString(nonce[:])})
	if err != nil {
		return err
	}
	r := c.rail
	p := challengeParams{
		Realm: r.cfg.Realm, Method: Method, Intent: IntentSession,
		Request: base64.RawURLEncoding.EncodeToString(req),
		Expires: r.cfg.Now().UTC().Add(r.cfg.ChallengeTTL).Truncate(time.Second).Format(expiresFormat),
		Opaque:  base64.RawURLEncoding.EncodeToString(opaque),
	}
	id := r.id(p)
	ch.Headers.Add("Www-Authenticate", fmt.Sprintf(`%s id="%s", realm="%s", method="%s", intent="%s", request="%s", expires="%s", opaque="%s"`,
		Scheme, id, p.Realm, p.Method, p.Intent, p.Request, p.Expires, p.Opaque))
	var decoded map[string]any
	_ = json.Unmarshal(req, &decoded)
	entry := map[string]any{
		"scheme": Scheme, "id": id, "realm": p.Realm, "method": p.Method, "intent": p.Intent,
		"request": p.Request, "expires": p.Expires, "opaque": p.Opaque, "requestDecoded": decoded,
	}
	if list, ok := ch.Body["challenges"].([]map[string]any); ok {
		ch.Body["challenges"] = append(list, entry)
	}
	if prob, ok := ch.Body["problem"].(map[string]any); ok {
		prob["detail"] = "Pay with an MPP tempo charge credential, or open a tempo session (payment channel on escrow " +
			c.escrow.Hex() + ") and pay each call with a voucher, in the Authorization header (scheme Payment)."
	}
	return nil
}

// ---------------------------------------------------------------- credential

// SessionPayload is the payload of a tempo session credential.
type SessionPayload struct {
	Action            string `json:"action"`
	Type              string `json:"type,omitempty"`
	ChannelID         string `json:"channelId"`
	Transaction       string `json:"transaction,omitempty"`
	CumulativeAmount  string `json:"cumulativeAmount,omitempty"`
	Signature         string `json:"signature,omitempty"`
	AuthorizedSigner  string `json:"authorizedSigner,omitempty"`
	AdditionalDeposit string `json:"additionalDeposit,omitempty"`
}

// sessionCred is a parsed, checked session payload.
type sessionCred struct {
	action     string
	idHex      string // 0x + 64 lowercase hex
	id         [32]byte
	amount     *big.Int // cumulativeAmount (open, voucher, close)
	sig        []byte   // r||s||v
	raw        []byte   // transaction (open, topUp)
	additional *big.Int // topUp
}

// ParseSessionPayload checks the shape of a session payload (field
// presence, hex and decimal formats, lengths) before any signature work.
// It is exported for fuzzing.
func ParseSessionPayload(raw json.RawMessage) (*sessionCred, error) {
	var p SessionPayload
	if err := json.Unmarshal(raw, &p); err != nil {
		return nil, refuse("malformed-credential", "session payload must be a JSON object {action, channelId, …}")
	}
	sc := &sessionCred{action: p.Action}
	var err error
	if sc.id, sc.idHex, err = parseChannelID(p.ChannelID); err != nil {
		return nil, err
	}
	needVoucher := func() error {
		if sc.amount, err = parseUint128("cumulativeAmount", p.CumulativeAmount); err != nil {
			return err
		}
		sc.sig, err = parseVoucherSig(p.Signature)
		return err
	}
	needTx := func() error {
		if p.Type != "transaction" {
			return refuse("malformed-credential", "%s payloads carry type \"transaction\" and the signed transaction", p.Action)
		}
		if sc.raw, err = tempo.HexBytes(p.Transaction); err != nil || len(sc.raw) == 0 {
			return refuse("malformed-credential", "payload.transaction must be the 0x-hex signed Tempo transaction")
		}
		return nil
	}
	switch p.Action {
	case "open":
		if err := needTx(); err != nil {
			return nil, err
		}
		if err := needVoucher(); err != nil {
			return nil, err
		}
	case "voucher", "close":
		if err := needVoucher(); err != nil {
			return nil, err
		}
	case "topUp":
		if err := needTx(); err != nil {
			return nil, err
		}
		if sc.additional, err = parseUint128("additionalDeposit", p.AdditionalDeposit); err != nil {
			return nil, err
		}
		if sc.additional.Sign() == 0 {
			return nil, refuse("malformed-credential", "additionalDeposit must be positive")
		}
	default:
		return nil, refuse("malformed-credential", "session action %q is not open, voucher, topUp or close", p.Action)
	}
	return sc, nil
}

func parseChannelID(s string) ([32]byte, string, error) {
	var id [32]byte
	b, err := tempo.HexBytes(s)
	if err != nil || len(b) != 32 {
		return id, "", refuse("malformed-credential", "payload.channelId must be 0x followed by 64 hex digits")
	}
	copy(id[:], b)
	return id, "0x" + hex.EncodeToString(b), nil
}

func parseUint128(name, s string) (*big.Int, error) {
	if s == "" || len(s) > 39 || strings.TrimLeft(s, "0123456789") != "" || (len(s) > 1 && s[0] == '0') {
		return nil, refuse("malformed-credential", "payload.%s must be a decimal string of base units", name)
	}
	v, ok := new(big.Int).SetString(s, 10)
	if !ok || v.Cmp(maxUint128) > 0 {
		return nil, refuse("malformed-credential", "payload.%s must fit uint128", name)
	}
	return v, nil
}

func parseVoucherSig(s string) ([]byte, error) {
	b, err := tempo.HexBytes(s)
	if err != nil {
		return nil, refuse("malformed-credential", "payload.signature must be the 0x-hex EIP-712 voucher signature")
	}
	sig, err := tempo.NormalizeSignature(b)
	if err != nil {
		return nil, refuse("session/invalid-signature", "bad signature: %v", err)
	}
	return sig, nil
}

// sessionBind checks the challenge binding and route pinning of a session
// credential and parses its payload.
func (c *Channels) sessionBind(w *Credential, q dalil.Quote) (*credential, *sessionCred, *big.Int, error) {
	cr, err := c.rail.bind(w, IntentSession)
	if err != nil {
		return nil, nil, nil, err
	}
	canon, _ := base64.RawURLEncoding.DecodeString(cr.params.Request)
	var req sessionRequest
	if err := json.Unmarshal(canon, &req); err != nil {
		return nil, nil, nil, refuse("invalid-challenge", "challenge request is not a tempo session request; request a fresh challenge")
	}
	price, err := c.price(q)
	if err != nil {
		return nil, nil, nil, err
	}
	cfg := c.rail.cfg
	md := req.MethodDetails
	switch {
	case req.Amount != price.String():
		return nil, nil, nil, refuse("invalid-challenge", "wrong amount: the challenge prices a call at %s base units, this call costs %s; request a fresh challenge for this route", req.Amount, price)
	case !strings.EqualFold(req.Currency, cfg.currency.Hex()):
		return nil, nil, nil, refuse("invalid-challenge", "wrong currency: the challenge is for token %s, this server takes %s", req.Currency, cfg.currency.Hex())
	case !strings.EqualFold(req.Recipient, cfg.recipient.Hex()):
		return nil, nil, nil, refuse("invalid-challenge", "wrong recipient: the challenge pays %s, this server is paid at %s", req.Recipient, cfg.recipient.Hex())
	case md.ChainID != cfg.chainID:
		return nil, nil, nil, refuse("invalid-challenge", "wrong chain: the challenge is for chain %d, this server settles on chain %d", md.ChainID, cfg.chainID)
	case !strings.EqualFold(md.EscrowContract, c.escrow.Hex()):
		return nil, nil, nil, refuse("invalid-challenge", "wrong escrow: the challenge names escrow %q, this server's channels live on %s", md.EscrowContract, c.escrow.Hex())
	case md.ChannelID != "" || (len(md.FeePayer) > 0 && string(md.FeePayer) != "false") || (md.SessionProtocol != "" && md.SessionProtocol != "v1") ||
		req.UnitType != unitType || req.Description != "" || req.ExternalID != "" || md.MinVoucherDelta != price.String():
		return nil, nil, nil, refuse("invalid-challenge", "challenge carries session terms this route never issues; request a fresh challenge")
	}
	sc, err := ParseSessionPayload(w.Payload)
	if err != nil {
		return nil, nil, nil, err
	}
	return cr, sc, price, nil
}

// channelPayment is the rail's state between Verify and Settle for a
// voucher-paid call.
type channelPayment struct {
	channelID   string
	price       *big.Int
	challengeID string
	openTx      string
}

// verify checks an open or voucher credential for one call of q: the open
// transaction is broadcast and the channel read back from the escrow; the
// voucher is checked against the on-chain state and, when it advances the
// channel, persisted as the channel's highest before the call runs. The
// call is paid when Accepted - Spent covers the price; Settle then spends
// it atomically.
func (c *Channels) verify(ctx context.Context, w *Credential, q dalil.Quote) (*dalil.Payment, error) {
	cr, sc, price, err := c.sessionBind(w, q)
	if err != nil {
		return nil, err
	}
	ch, openTx, err := c.openOrVoucher(ctx, cr, sc, price)
	if err != nil {
		return nil, err
	}
	if ch.Available().Cmp(price) < 0 {
		need := new(big.Int).Add(ch.Spent, price)
		e := refuse("session/insufficient-balance", "channel %s has %s base units authorized and %s spent; this call costs %s: send a voucher for cumulativeAmount >= %s",
			sc.idHex, ch.Accepted, ch.Spent, price, need)
		if need.Cmp(ch.Deposit) > 0 {
			e = refuse("session/insufficient-balance", "channel %s deposit %s cannot cover cumulativeAmount %s: top it up (action topUp) or open a new channel", sc.idHex, ch.Deposit, need)
		}
		if d, ok := e.Details.(map[string]any); ok {
			d["channelId"], d["requiredCumulative"], d["acceptedCumulative"], d["deposit"] = sc.idHex, need.String(), ch.Accepted.String(), ch.Deposit.String()
		}
		return nil, e
	}
	id := cr.wire.Challenge.ID
	return &dalil.Payment{
		Rail:         dalil.RailMPP,
		CredentialID: "mpp:session:" + sc.idHex + ":" + sc.amount.String() + ":" + id,
		Payer:        ch.Payer,
		Amount:       toMicroUSD(price, c.rail.cfg.Decimals),
		ExpiresAt:    cr.expires,
		State:        &channelPayment{channelID: sc.idHex, price: price, challengeID: id, openTx: openTx},
	}, nil
}

// openOrVoucher applies an open or voucher credential: the open
// transaction is checked, broadcast and the channel recorded; the voucher
// is verified against the on-chain state and persisted when it advances
// the channel. It spends nothing. It returns the channel and, for an open,
// the open transaction's hash.
func (c *Channels) openOrVoucher(ctx context.Context, cr *credential, sc *sessionCred, price *big.Int) (Channel, string, error) {
	var ch Channel
	var onChain tempo.Channel
	var openTx string
	var err error
	switch sc.action {
	case "open":
		if ch, onChain, openTx, err = c.open(ctx, cr, sc); err != nil {
			return Channel{}, "", err
		}
	case "voucher":
		if ch, err = c.known(ctx, sc.idHex); err != nil {
			return Channel{}, "", err
		}
		if sc.amount.Cmp(ch.Accepted) < 0 {
			return Channel{}, "", refuse("verification-failed", "stale voucher: cumulativeAmount %s is below the highest accepted voucher %s of channel %s; sign cumulativeAmount >= %s",
				sc.amount, ch.Accepted, sc.idHex, new(big.Int).Add(ch.Spent, price))
		}
		if onChain, err = c.readOnChain(ctx, sc.id); err != nil {
			return Channel{}, "", err
		}
	default:
		return Channel{}, "", refuse("malformed-credential", "session action %q does not pay for a call; send it alone (it is answered without running the tool)", sc.action)
	}
	if ch, err = c.accept(ctx, ch, onChain, sc, price, sc.action == "open"); err != nil {
		return Channel{}, "", err
	}
	return ch, openTx, nil
}

// known returns the stored channel of a voucher, topUp or close credential.
func (c *Channels) known(ctx context.Context, id string) (Channel, error) {
	ch, err := c.store.GetChannel(ctx, id)
	if errors.Is(err, ErrChannelNotFound) {
		return Channel{}, refuse("session/channel-not-found", "channel %s is not open with this server: open it first (action open)", id)
	}
	if err != nil {
		return Channel{}, err
	}
	if !strings.EqualFold(ch.Escrow, c.escrow.Hex()) || ch.ChainID != c.rail.cfg.chainID {
		return Channel{}, refuse("session/channel-not-found", "channel %s lives on escrow %s chain %d, not on this server's escrow %s chain %d", id, ch.Escrow, ch.ChainID, c.escrow.Hex(), c.rail.cfg.chainID)
	}
	if ch.Status != ChannelOpen {
		return Channel{}, refuse("session/channel-finalized", "channel %s is %s: open a new channel", id, ch.Status)
	}
	return ch, nil
}

// accept verifies the voucher in sc against the on-chain state and
// persists it as the channel's highest when it advances it (equal: an
// idempotent retry, nothing changes).
func (c *Channels) accept(ctx context.Context, ch Channel, onChain tempo.Channel, sc *sessionCred, minDelta *big.Int, opening bool) (Channel, error) {
	if err := c.usable(sc.idHex, ch, onChain); err != nil {
		return Channel{}, err
	}
	got, err := tempo.Recover(tempo.VoucherDigest(c.rail.cfg.chainID, c.escrow, sc.id, sc.amount), sc.sig)
	if err != nil {
		return Channel{}, refuse("session/invalid-signature", "bad signature: the voucher signature is invalid (%v); sign the EIP-712 Voucher in domain {Tempo Stream Channel, 1, %d, %s}", err, c.rail.cfg.chainID, c.escrow.Hex())
	}
	if signer := onChain.Signer(); !got.Equal(signer) {
		return Channel{}, refuse("session/signer-mismatch", "wrong signer: the voucher is signed by %s, channel %s takes vouchers from %s (check the EIP-712 domain: chain %d, escrow %s)",
			got.Hex(), sc.idHex, signer.Hex(), c.rail.cfg.chainID, c.escrow.Hex())
	}
	if opening {
		if sc.amount.Cmp(onChain.Settled) < 0 {
			return Channel{}, refuse("verification-failed", "voucher cumulativeAmount %s is below the %s already settled on chain", sc.amount, onChain.Settled)
		}
	} else if sc.amount.Cmp(onChain.Settled) <= 0 {
		return Channel{}, refuse("verification-failed", "voucher cumulativeAmount %s is not above the %s already settled on chain", sc.amount, onChain.Settled)
	}
	if sc.amount.Cmp(onChain.Deposit) > 0 {
		return Channel{}, refuse("session/amount-exceeds-deposit", "voucher cumulativeAmount %s exceeds channel %s deposit %s: top up first (action topUp)", sc.amount, sc.idHex, onChain.Deposit)
	}
	now := c.rail.cfg.Now().UTC()
	return c.store.UpdateChannel(ctx, sc.idHex, now, func(cur *Channel) error {
		if cur.Status != ChannelOpen {
			return refuse("session/channel-finalized", "channel %s is %s: open a new channel", sc.idHex, cur.Status)
		}
		raiseTo(&cur.Deposit, onChain.Deposit)
		raiseTo(&cur.SettledOnChain, onChain.Settled)
		switch d := new(big.Int).Sub(sc.amount, cur.Accepted); d.Sign() {
		case -1:
			return refuse("verification-failed", "stale voucher: cumulativeAmount %s is below the highest accepted voucher %s of channel %s", sc.amount, cur.Accepted, sc.idHex)
		case 0: // idempotent retry
		default:
			if d.Cmp(minDelta) < 0 {
				return refuse("session/delta-too-small", "voucher raises channel %s by %s base units, less than the minimum %s (one call's price); sign cumulativeAmount >= %s",
					sc.idHex, d, minDelta, new(big.Int).Add(cur.Accepted, minDelta))
			}
			cur.Accepted, cur.Signature = new(big.Int).Set(sc.amount), append([]byte{}, sc.sig...)
		}
		return nil
	})
}

func raiseTo(dst **big.Int, v *big.Int) {
	if *dst == nil || v.Cmp(*dst) > 0 {
		*dst = new(big.Int).Set(v)
	}
}

// usable checks the on-chain state of a stored channel: it exists, is ours,
// is not finalized and has no pending close request.
func (c *Channels) usable(id string, ch Channel, onChain tempo.Channel) error {
	if !onChain.Exists() {
		return refuse("session/channel-not-found", "channel %s does not exist on escrow %s", id, c.escrow.Hex())
	}
	if onChain.Finalized {
		return refuse("session/channel-finalized", "channel %s is finalized on chain: open a new channel", id)
	}
	if onChain.CloseRequestedAt != 0 {
		return refuse("session/channel-finalized", "channel %s has a pending close request on chain; no more vouchers are taken: top it up to cancel the request, or open a new channel", id)
	}
	if !strings.EqualFold(onChain.Payee.Hex(), ch.Payee) || !strings.EqualFold(onChain.Token.Hex(), ch.Token) || !strings.EqualFold(onChain.Payer.Hex(), ch.Payer) {
		return refuse("verification-failed", "channel %s on chain does not match the channel this server recorded", id)
	}
	return nil
}

// readOnChain reads a channel from the escrow (eth_call getChannel).
func (c *Channels) readOnChain(ctx context.Context, id [32]byte) (tempo.Channel, error) {
	cfg := c.rail.cfg
	ctx, cancel := context.WithTimeout(ctx, cfg.SettleTimeout)
	defer cancel()
	rpcDown := func(err error) error {
		return &dalil.Error{Code: dalil.CodePaymentInvalid, Message: "MPP session credential not verified: the Tempo RPC is unavailable to read the channel; retry later",
			Details: map[string]any{"rail": dalil.RailMPP, "problem": ProblemBase + "verification-failed"}, Err: err}
	}
	if err := c.rail.rpc.checkChain(ctx); err != nil {
		return tempo.Channel{}, rpcDown(err)
	}
	var out string
	call := map[string]string{"to": c.escrow.Hex(), "data": "0x" + hex.EncodeToString(tempo.EncodeGetChannel(id))}
	if err := c.rail.rpc.call(ctx, "eth_call", []any{call, "latest"}, &out); err != nil {
		return tempo.Channel{}, rpcDown(err)
	}
	b, err := tempo.HexBytes(out)
	if err != nil {
		return tempo.Channel{}, rpcDown(fmt.Errorf("eth_call getChannel: result is not hex"))
	}
	ch, err := tempo.DecodeChannel(b)
	if err != nil {
		return tempo.Channel{}, rpcDown(err)
	}
	return ch, nil
}

// checkFundingTx decodes an open or topUp transaction: chain, validity
// window, and calls limited to at most one approve(escrow, amount) on the
// currency followed by the one escrow call (want returns the escrow call's
// amount or an error). It returns the decoded transaction and the escrow
// call's data.
func (c *Channels) checkFundingTx(raw []byte, action string, want func(data []byte) (*big.Int, error)) (*tempo.Tx, []byte, *big.Int, error) {
	cfg := c.rail.cfg
	tx, err := tempo.DecodeTx(raw)
	if err != nil {
		return nil, nil, nil, refuse("verification-failed", "%s transaction: %v", action, err)
	}
	if !tx.ChainID.IsUint64() || tx.ChainID.Uint64() != cfg.chainID {
		return nil, nil, nil, refuse("verification-failed", "wrong chain: the %s transaction is for chain %s, this server's escrow is on chain %d", action, tx.ChainID, cfg.chainID)
	}
	now := uint64(cfg.Now().Unix())
	if tx.ValidBefore != 0 && tx.ValidBefore <= now {
		return nil, nil, nil, refuse("payment-expired", "the %s transaction expired (validBefore %d); sign a new one", action, tx.ValidBefore)
	}
	if tx.ValidAfter > now {
		return nil, nil, nil, refuse("verification-failed", "the %s transaction is not valid yet (validAfter %d)", action, tx.ValidAfter)
	}
	var approved, amount *big.Int
	var data []byte
	for i, call := range tx.Calls {
		if call.To == nil || call.Value.Sign() != 0 {
			return nil, nil, nil, refuse("verification-failed", "%s transaction call %d must call a contract with no native value", action, i)
		}
		switch {
		case call.To.Equal(cfg.currency) && len(call.Data) >= 4 && [4]byte(call.Data[:4]) == tempo.SelectorApprove && approved == nil && data == nil:
			spender, amt, err := tempo.DecodeApprove(call.Data)
			if err != nil || !spender.Equal(c.escrow) {
				return nil, nil, nil, refuse("verification-failed", "%s transaction approves %s, not the escrow %s", action, spender.Hex(), c.escrow.Hex())
			}
			approved = amt
		case call.To.Equal(c.escrow) && data == nil:
			amt, err := want(call.Data)
			if err != nil {
				return nil, nil, nil, refuse("verification-failed", "%s transaction: %v", action, err)
			}
			data, amount = call.Data, amt
		default:
			return nil, nil, nil, refuse("verification-failed", "%s transaction call %d is not an approve of the escrow on %s nor one %s on escrow %s", action, i, cfg.currency.Hex(), action, c.escrow.Hex())
		}
	}
	if data == nil {
		return nil, nil, nil, refuse("verification-failed", "the %s transaction makes no %s call on escrow %s", action, action, c.escrow.Hex())
	}
	if approved != nil && approved.Cmp(amount) != 0 {
		return nil, nil, nil, refuse("verification-failed", "%s transaction approves %s but deposits %s", action, approved, amount)
	}
	return tx, data, amount, nil
}

// open handles action "open": checks the payer's open transaction (payee =
// recipient, token = currency, channel id derived from sender, salt and
// signer), broadcasts it, reads the channel back and records it.
func (c *Channels) open(ctx context.Context, cr *credential, sc *sessionCred) (Channel, tempo.Channel, string, error) {
	cfg := c.rail.cfg
	var oc tempo.OpenCall
	tx, _, _, err := c.checkFundingTx(sc.raw, "open", func(data []byte) (*big.Int, error) {
		var err error
		oc, err = tempo.DecodeOpen(data)
		return oc.Deposit, err
	})
	if err != nil {
		return Channel{}, tempo.Channel{}, "", err
	}
	switch {
	case !oc.Payee.Equal(cfg.recipient):
		return Channel{}, tempo.Channel{}, "", refuse("verification-failed", "wrong recipient: the channel's payee is %s, this server is paid at %s", oc.Payee.Hex(), cfg.recipient.Hex())
	case !oc.Token.Equal(cfg.currency):
		return Channel{}, tempo.Channel{}, "", refuse("verification-failed", "wrong currency: the channel's token is %s, this server takes %s", oc.Token.Hex(), cfg.currency.Hex())
	case oc.Deposit.Sign() == 0:
		return Channel{}, tempo.Channel{}, "", refuse("verification-failed", "the channel deposit must be positive")
	}
	if derived := tempo.ChannelID(tx.From, oc.Payee, oc.Token, oc.Salt, oc.AuthorizedSigner, c.escrow, cfg.chainID); derived != sc.id {
		return Channel{}, tempo.Channel{}, "", refuse("verification-failed", "wrong channel: the open transaction creates channel 0x%x, the payload names %s (check escrow %s and chain %d)",
			derived, sc.idHex, c.escrow.Hex(), cfg.chainID)
	}
	if cr.wire.Source != "" {
		src, err := parseSource(cr.wire.Source, cfg.chainID)
		if err != nil {
			return Channel{}, tempo.Channel{}, "", err
		}
		if !src.Equal(tx.From) {
			return Channel{}, tempo.Channel{}, "", refuse("verification-failed", "the open transaction is from %s but the credential source is %s", tx.From.Hex(), src.Hex())
		}
	}
	// A channel this server already closed cannot be reopened.
	if old, err := c.store.GetChannel(ctx, sc.idHex); err == nil && old.Status != ChannelOpen {
		return Channel{}, tempo.Channel{}, "", refuse("session/channel-finalized", "channel %s is %s: open a new channel with a new salt", sc.idHex, old.Status)
	} else if err != nil && !errors.Is(err, ErrChannelNotFound) {
		return Channel{}, tempo.Channel{}, "", err
	}
	rc, err := c.send(ctx, tx.Raw, tx.Hash)
	if err != nil {
		return Channel{}, tempo.Channel{}, "", err
	}
	if !rc.succeeded() {
		return Channel{}, tempo.Channel{}, "", refuse("verification-failed", "the open transaction 0x%x reverted on chain; nothing was deposited", tx.Hash)
	}
	onChain, err := c.readOnChain(ctx, sc.id)
	if err != nil {
		return Channel{}, tempo.Channel{}, "", err
	}
	switch {
	case !onChain.Exists():
		return Channel{}, tempo.Channel{}, "", refuse("session/channel-not-found", "channel %s is not on escrow %s after its open transaction", sc.idHex, c.escrow.Hex())
	case !onChain.Payer.Equal(tx.From) || !onChain.Payee.Equal(cfg.recipient) || !onChain.Token.Equal(cfg.currency) || !onChain.AuthorizedSigner.Equal(oc.AuthorizedSigner):
		return Channel{}, tempo.Channel{}, "", refuse("verification-failed", "channel %s on chain does not match its open transaction", sc.idHex)
	}
	now := cfg.Now().UTC()
	ch, _, err := c.store.CreateChannel(ctx, Channel{
		ID: sc.idHex, Escrow: c.escrow.Hex(), ChainID: cfg.chainID,
		Payer: onChain.Payer.Hex(), Payee: onChain.Payee.Hex(), Token: onChain.Token.Hex(), AuthorizedSigner: onChain.Signer().Hex(),
		Deposit: new(big.Int).Set(onChain.Deposit), SettledOnChain: new(big.Int).Set(onChain.Settled),
		Accepted: new(big.Int).Set(onChain.Settled), Spent: new(big.Int).Set(onChain.Settled),
		Status: ChannelOpen, CreatedAt: now, UpdatedAt: now,
	})
	if err != nil {
		return Channel{}, tempo.Channel{}, "", err
	}
	if ch.Status != ChannelOpen {
		return Channel{}, tempo.Channel{}, "", refuse("session/channel-finalized", "channel %s is %s: open a new channel", sc.idHex, ch.Status)
	}
	return ch, onChain, "0x" + hex.EncodeToString(tx.Hash[:]), nil
}

// send broadcasts a transaction and waits for its receipt.
func (c *Channels) send(ctx context.Context, raw []byte, hash [32]byte) (*receipt, error) {
	cfg := c.rail.cfg
	ctx, cancel := context.WithTimeout(ctx, cfg.SettleTimeout)
	defer cancel()
	if err := c.rail.rpc.checkChain(ctx); err != nil {
		return nil, unsettled(err)
	}
	rc, err := c.rail.rpc.broadcast(ctx, raw, hash, cfg.PollInterval)
	if err != nil {
		return nil, unsettled(err)
	}
	if !strings.EqualFold(rc.TransactionHash, "0x"+hex.EncodeToString(hash[:])) {
		return nil, unsettled(errors.New("the RPC returned a receipt for another transaction"))
	}
	return rc, nil
}

// settle spends the price of one served call from the channel, atomically:
// only while Accepted - Spent covers it, and while the channel is open or
// is being closed with a voucher that covers this call too (a close that
// landed while the call ran settles the voucher paying for it on chain, so
// the result is delivered).
func (c *Channels) settle(ctx context.Context, st *channelPayment) (http.Header, error) {
	ch, err := c.store.UpdateChannel(ctx, st.channelID, c.rail.cfg.Now().UTC(), func(cur *Channel) error {
		need := new(big.Int).Add(cur.Spent, st.price)
		if cur.Status != ChannelOpen && (cur.CloseAmount == nil || cur.CloseAmount.Cmp(need) < 0) {
			return refuse("session/channel-finalized", "channel %s was closed before this call was paid; open a new channel", st.channelID)
		}
		if cur.Available().Cmp(st.price) < 0 {
			return refuse("session/insufficient-balance", "channel %s has no authorized balance left for this call (another call spent it); send a voucher for cumulativeAmount >= %s",
				st.channelID, new(big.Int).Add(cur.Spent, st.price))
		}
		cur.Spent = new(big.Int).Add(cur.Spent, st.price)
		return nil
	})
	if err != nil {
		var de *dalil.Error
		if errors.As(err, &de) {
			return nil, err
		}
		return nil, unsettled(err)
	}
	return c.receipt(ch, st.challengeID, ch.Accepted, st.openTx)
}

func (c *Channels) receipt(ch Channel, challengeID string, accepted *big.Int, txHash string) (http.Header, error) {
	return receiptHeader(Receipt{
		Method: Method, Intent: IntentSession, Reference: ch.ID, Status: "success",
		Timestamp: c.rail.cfg.Now().UTC().Format("2006-01-02T15:04:05.000Z"), ChallengeID: challengeID,
		ChannelID: ch.ID, AcceptedCumulative: accepted.String(), Spent: ch.Spent.String(), TxHash: txHash,
	})
}

// ---------------------------------------------------------------- management

// ChannelView is the answer to a topUp or close credential.
type ChannelView struct {
	ChannelID          string `json:"channelId"`
	Status             string `json:"status"`
	Payer              string `json:"payer"`
	Deposit            string `json:"deposit"`
	AcceptedCumulative string `json:"acceptedCumulative"`
	Spent              string `json:"spent"`
	Settled            string `json:"settled,omitempty"`
	Refunded           string `json:"refunded,omitempty"`
	TxHash             string `json:"txHash,omitempty"`
}

// View is the channel as a topUp or close credential's answer shows it
// (the operator's close route and CLI print the same).
func (c Channel) View() ChannelView { return view(c) }

func view(ch Channel) ChannelView {
	v := ChannelView{ChannelID: ch.ID, Status: string(ch.Status), Payer: ch.Payer, Deposit: ch.Deposit.String(),
		AcceptedCumulative: ch.Accepted.String(), Spent: ch.Spent.String(), TxHash: ch.CloseTx}
	if ch.Status == ChannelClosed && ch.CloseAmount != nil {
		v.Settled = ch.CloseAmount.String()
		v.Refunded = new(big.Int).Sub(ch.Deposit, ch.CloseAmount).String()
	}
	return v
}

// Manage handles session credentials that pay for no call: topUp (the
// payer's signed topUp transaction, broadcast), close (the final voucher,
// settled on chain with a payee-signed close()), and open or voucher sent
// on a POST without a body (Content-Length: 0) — a management update, as
// mppx's session manager sends on open(): the channel is opened or the
// voucher accepted, no tool runs and nothing is spent (mppx's server
// treats a bodiless open/voucher the same way). It reports handled = false
// for anything else (charge credentials, open or voucher with a body, or
// credentials it cannot parse: Verify answers those). On success it
// returns the channel and a Payment-Receipt header.
func (r *Rail) Manage(ctx context.Context, h http.Header, q dalil.Quote) (any, http.Header, bool, error) {
	c := r.channels
	if c == nil {
		return nil, nil, false, nil
	}
	w, err := ParseCredential(h)
	if err != nil || w.Challenge.Intent != IntentSession {
		return nil, nil, false, nil
	}
	var probe struct {
		Action string `json:"action"`
	}
	if json.Unmarshal(w.Payload, &probe) != nil {
		return nil, nil, false, nil
	}
	switch probe.Action {
	case "topUp", "close":
	case "open", "voucher":
		if !bodiless(h) {
			return nil, nil, false, nil // pays for this call: Verify
		}
	default:
		return nil, nil, false, nil
	}
	cr, sc, price, err := c.sessionBind(w, q)
	if err != nil {
		return nil, nil, true, err
	}
	var ch Channel
	var tx string
	switch sc.action {
	case "topUp":
		ch, tx, err = c.topUp(ctx, cr, sc)
	case "open", "voucher":
		ch, tx, err = c.openOrVoucher(ctx, cr, sc, price)
	default:
		ch, err = c.clientClose(ctx, sc)
		tx = ch.CloseTx
	}
	if err != nil {
		return nil, nil, true, err
	}
	accepted := ch.Accepted
	if ch.CloseAmount != nil {
		accepted = ch.CloseAmount
	}
	hdr, err := c.receipt(ch, cr.wire.Challenge.ID, accepted, tx)
	if err != nil {
		return nil, nil, true, err
	}
	v := view(ch)
	if sc.action != "close" {
		v.TxHash = tx
	}
	return v, hdr, true, nil
}

// bodiless reports whether a request's headers declare an empty body
// (Content-Length: 0, which fetch sends on a POST without a body). A
// request without the header (chunked, or length unknown) is not.
func bodiless(h http.Header) bool {
	return strings.TrimSpace(h.Get("Content-Length")) == "0"
}

// topUp handles action "topUp".
func (c *Channels) topUp(ctx context.Context, cr *credential, sc *sessionCred) (Channel, string, error) {
	ch, err := c.known(ctx, sc.idHex)
	if err != nil {
		return Channel{}, "", err
	}
	tx, _, amount, err := c.checkFundingTx(sc.raw, "topUp", func(data []byte) (*big.Int, error) {
		id, amt, err := tempo.DecodeTopUp(data)
		if err != nil {
			return nil, err
		}
		if id != sc.id {
			return nil, fmt.Errorf("it tops up channel 0x%x, the payload names %s", id, sc.idHex)
		}
		return amt, nil
	})
	if err != nil {
		return Channel{}, "", err
	}
	if amount.Cmp(sc.additional) != 0 {
		return Channel{}, "", refuse("verification-failed", "the topUp transaction deposits %s, the payload says additionalDeposit %s", amount, sc.additional)
	}
	if !strings.EqualFold(tx.From.Hex(), ch.Payer) {
		return Channel{}, "", refuse("verification-failed", "the topUp transaction is from %s; only the channel's payer %s can top it up", tx.From.Hex(), ch.Payer)
	}
	rc, err := c.send(ctx, tx.Raw, tx.Hash)
	if err != nil {
		return Channel{}, "", err
	}
	if !rc.succeeded() {
		return Channel{}, "", refuse("verification-failed", "the topUp transaction 0x%x reverted on chain; nothing was deposited", tx.Hash)
	}
	onChain, err := c.readOnChain(ctx, sc.id)
	if err != nil {
		return Channel{}, "", err
	}
	if !onChain.Exists() || onChain.Finalized {
		return Channel{}, "", refuse("session/channel-finalized", "channel %s is finalized on chain: open a new channel", sc.idHex)
	}
	ch, err = c.store.UpdateChannel(ctx, sc.idHex, c.rail.cfg.Now().UTC(), func(cur *Channel) error {
		raiseTo(&cur.Deposit, onChain.Deposit)
		raiseTo(&cur.SettledOnChain, onChain.Settled)
		return nil
	})
	if err != nil {
		return Channel{}, "", err
	}
	return ch, "0x" + hex.EncodeToString(tx.Hash[:]), nil
}

// clientClose handles action "close": the final voucher must be valid,
// cover what was spent and not exceed the deposit; it is submitted on
// chain with close(). A close of a channel already closed returns it.
func (c *Channels) clientClose(ctx context.Context, sc *sessionCred) (Channel, error) {
	ch, err := c.store.GetChannel(ctx, sc.idHex)
	if errors.Is(err, ErrChannelNotFound) {
		return Channel{}, refuse("session/channel-not-found", "channel %s is not open with this server", sc.idHex)
	}
	if err != nil {
		return Channel{}, err
	}
	if ch.Status == ChannelClosed || (ch.Status == ChannelClosing && len(ch.CloseRaw) > 0) {
		return c.finishClose(ctx, ch) // a retried close
	}
	if !strings.EqualFold(ch.Escrow, c.escrow.Hex()) || ch.ChainID != c.rail.cfg.chainID {
		return Channel{}, refuse("session/channel-not-found", "channel %s lives on escrow %s chain %d, not on this server's escrow", sc.idHex, ch.Escrow, ch.ChainID)
	}
	onChain, err := c.readOnChain(ctx, sc.id)
	if err != nil {
		return Channel{}, err
	}
	if !onChain.Exists() || onChain.Finalized {
		return Channel{}, refuse("session/channel-finalized", "channel %s is finalized on chain", sc.idHex)
	}
	got, err := tempo.Recover(tempo.VoucherDigest(c.rail.cfg.chainID, c.escrow, sc.id, sc.amount), sc.sig)
	if err != nil {
		return Channel{}, refuse("session/invalid-signature", "bad signature: the close voucher signature is invalid (%v)", err)
	}
	if !got.Equal(onChain.Signer()) {
		return Channel{}, refuse("session/signer-mismatch", "wrong signer: the close voucher is signed by %s, channel %s takes vouchers from %s", got.Hex(), sc.idHex, onChain.Signer().Hex())
	}
	switch {
	case sc.amount.Cmp(ch.Spent) < 0:
		return Channel{}, refuse("verification-failed", "the close voucher authorizes %s but calls on channel %s spent %s: sign cumulativeAmount >= %s", sc.amount, sc.idHex, ch.Spent, ch.Spent)
	case sc.amount.Cmp(onChain.Settled) < 0:
		return Channel{}, refuse("verification-failed", "the close voucher %s is below the %s already settled on chain", sc.amount, onChain.Settled)
	case sc.amount.Cmp(onChain.Deposit) > 0:
		return Channel{}, refuse("session/amount-exceeds-deposit", "the close voucher %s exceeds channel %s deposit %s", sc.amount, sc.idHex, onChain.Deposit)
	}
	return c.closeWith(ctx, sc.idHex, sc.amount, sc.sig, onChain)
}

// Errors of CloseChannel (wrapped).
var (
	// ErrNothingToSettle: the channel holds no accepted voucher.
	ErrNothingToSettle = errors.New("mpp: no voucher to settle")
	// ErrFinalizedOnChain: the escrow already reports the channel
	// finalized (or unknown), so it can no longer be closed.
	ErrFinalizedOnChain = errors.New("mpp: channel is finalized on chain")
)

// CloseChannel settles and closes a channel from the operator's side: the
// highest accepted voucher is submitted on chain with close(). A channel
// already closing or closed is finished or returned as it is. The id must
// be 0x and 64 hex digits; an unknown one is ErrChannelNotFound.
func (c *Channels) CloseChannel(ctx context.Context, id string) (Channel, error) {
	cid, idHex, err := parseChannelID(id)
	if err != nil {
		return Channel{}, err
	}
	ch, err := c.store.GetChannel(ctx, idHex)
	if err != nil {
		return Channel{}, err
	}
	if ch.Status == ChannelClosed || (ch.Status == ChannelClosing && len(ch.CloseRaw) > 0) {
		return c.finishClose(ctx, ch)
	}
	if len(ch.Signature) == 0 {
		return Channel{}, fmt.Errorf("%w: channel %s holds no voucher", ErrNothingToSettle, idHex)
	}
	onChain, err := c.readOnChain(ctx, cid)
	if err != nil {
		return Channel{}, err
	}
	if !onChain.Exists() || onChain.Finalized {
		return Channel{}, fmt.Errorf("%w: channel %s", ErrFinalizedOnChain, idHex)
	}
	return c.closeWith(ctx, idHex, ch.Accepted, ch.Signature, onChain)
}

// closeWith records the closing voucher and the payee-signed close()
// transaction (before broadcasting it, so a retried close resends the same
// transaction) and finishes the close.
func (c *Channels) closeWith(ctx context.Context, idHex string, amount *big.Int, sig []byte, onChain tempo.Channel) (Channel, error) {
	cid, _, _ := parseChannelID(idHex)
	raw, hash, err := c.signClose(ctx, cid, amount, sig)
	if err != nil {
		return Channel{}, closeErr(idHex, err)
	}
	ch, err := c.store.UpdateChannel(ctx, idHex, c.rail.cfg.Now().UTC(), func(cur *Channel) error {
		if cur.Status == ChannelClosed || len(cur.CloseRaw) > 0 {
			return nil // another close won: finish that one
		}
		if amount.Cmp(cur.Spent) < 0 {
			return refuse("verification-failed", "the close voucher authorizes %s but calls on channel %s spent %s", amount, idHex, cur.Spent)
		}
		raiseTo(&cur.Deposit, onChain.Deposit)
		raiseTo(&cur.SettledOnChain, onChain.Settled)
		if amount.Cmp(cur.Accepted) > 0 {
			cur.Accepted, cur.Signature = new(big.Int).Set(amount), append([]byte{}, sig...)
		}
		cur.Status = ChannelClosing
		cur.CloseAmount, cur.CloseSignature = new(big.Int).Set(amount), append([]byte{}, sig...)
		cur.CloseTx, cur.CloseRaw = hash, raw
		return nil
	})
	if err != nil {
		return Channel{}, err
	}
	return c.finishClose(ctx, ch)
}

// finishClose broadcasts the recorded close transaction and marks the
// channel closed once it succeeded. A reverted close is forgotten (it moved
// nothing), so the next close signs a new one.
func (c *Channels) finishClose(ctx context.Context, ch Channel) (Channel, error) {
	if ch.Status == ChannelClosed {
		return ch, nil
	}
	hash := tempo.Keccak256(ch.CloseRaw)
	rc, err := c.send(ctx, ch.CloseRaw, hash)
	if err != nil {
		return Channel{}, closeErr(ch.ID, err)
	}
	now := c.rail.cfg.Now().UTC()
	if !rc.succeeded() {
		_, _ = c.store.UpdateChannel(ctx, ch.ID, now, func(cur *Channel) error {
			if cur.CloseTx == ch.CloseTx && cur.Status == ChannelClosing {
				cur.CloseTx, cur.CloseRaw, cur.CloseAmount, cur.CloseSignature = "", nil, nil, nil
			}
			return nil
		})
		return Channel{}, closeErr(ch.ID, fmt.Errorf("close transaction %s reverted", ch.CloseTx))
	}
	// The escrow must now report the channel finalized.
	if cid, _, err := parseChannelID(ch.ID); err == nil {
		onChain, err := c.readOnChain(ctx, cid)
		if err != nil {
			return Channel{}, closeErr(ch.ID, err)
		}
		if !onChain.Finalized {
			return Channel{}, closeErr(ch.ID, fmt.Errorf("close transaction %s succeeded but the escrow does not report the channel finalized", ch.CloseTx))
		}
	}
	return c.store.UpdateChannel(ctx, ch.ID, now, func(cur *Channel) error {
		if cur.Status == ChannelClosing && cur.CloseTx == ch.CloseTx {
			cur.Status = ChannelClosed
			raiseTo(&cur.SettledOnChain, cur.CloseAmount)
		}
		return nil
	})
}

func closeErr(id string, err error) *dalil.Error {
	return &dalil.Error{
		Code:    dalil.CodeProviderUnavailable,
		Message: fmt.Sprintf("MPP channel %s takes no more vouchers, but its on-chain close is not confirmed yet; retry the close.", id),
		Err:     err,
	}
}

// signClose builds and signs the payee's close(channelId, amount, sig)
// transaction on the escrow.
func (c *Channels) signClose(ctx context.Context, id [32]byte, amount *big.Int, sig []byte) ([]byte, string, error) {
	return c.rail.signPayeeCall(ctx, c.key, c.escrow, tempo.EncodeVoucherCall(tempo.SelectorClose, id, amount, sig))
}
