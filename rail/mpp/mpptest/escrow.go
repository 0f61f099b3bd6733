package mpptest

import (
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"strings"
	"sync"
	"time"

	"dalil/rail/mpp/internal/tempo"
)

// Escrow simulates the Tempo Stream Channel escrow inside an RPC: mined
// transactions that call it open, top up and close channels (checking the
// caller and the voucher signature as the contract does, and reverting the
// whole transaction otherwise), and eth_call getChannel reads them.
type Escrow struct {
	Address tempo.Address
	ChainID uint64

	mu       sync.Mutex
	channels map[[32]byte]tempo.Channel
	closes   map[[32]byte]Closed
}

// Closed records a close() the escrow executed.
type Closed struct {
	By      tempo.Address
	Amount  *big.Int // paid to the payee, cumulative
	Refund  *big.Int // returned to the payer
	Settled *big.Int // settled before the close
}

// NewEscrow installs an escrow at addr on r and returns it.
func NewEscrow(r *RPC, addr string) *Escrow {
	a, err := tempo.ParseAddress(addr)
	if err != nil {
		panic(err)
	}
	e := &Escrow{Address: a, ChainID: r.ChainID, channels: map[[32]byte]tempo.Channel{}, closes: map[[32]byte]Closed{}}
	r.mu.Lock()
	r.escrow = e
	r.mu.Unlock()
	return e
}

// Channel returns a channel's state.
func (e *Escrow) Channel(id [32]byte) (tempo.Channel, bool) {
	e.mu.Lock()
	defer e.mu.Unlock()
	c, ok := e.channels[id]
	return c, ok
}

// Close returns the close() executed on a channel, if any.
func (e *Escrow) Close(id [32]byte) (Closed, bool) {
	e.mu.Lock()
	defer e.mu.Unlock()
	c, ok := e.closes[id]
	return c, ok
}

// Edit changes a channel's state directly (to simulate a payer's
// requestClose or a finalization by someone else).
func (e *Escrow) Edit(id [32]byte, fn func(*tempo.Channel)) {
	e.mu.Lock()
	defer e.mu.Unlock()
	c := e.channels[id]
	fn(&c)
	e.channels[id] = c
}

func (e *Escrow) call(to, data string) (string, error) {
	a, err := tempo.ParseAddress(to)
	if err != nil || !a.Equal(e.Address) {
		return "0x", nil // no code there: empty return data
	}
	b, err := tempo.HexBytes(data)
	if err != nil || len(b) != 36 || [4]byte(b[:4]) != tempo.SelectorGetChannel {
		return "", errors.New("execution reverted")
	}
	e.mu.Lock()
	c := e.channels[[32]byte(b[4:])]
	e.mu.Unlock()
	if c.Deposit == nil {
		c.Deposit, c.Settled = new(big.Int), new(big.Int)
	}
	return "0x" + hex.EncodeToString(tempo.EncodeChannel(c)), nil
}

// apply executes the escrow calls of tx atomically; an error reverts them.
func (e *Escrow) apply(tx *tempo.Tx) error {
	e.mu.Lock()
	defer e.mu.Unlock()
	next := map[[32]byte]tempo.Channel{}
	closes := map[[32]byte]Closed{}
	get := func(id [32]byte) (tempo.Channel, bool) {
		if c, ok := next[id]; ok {
			return c, true
		}
		c, ok := e.channels[id]
		return c, ok
	}
	// live is the open channel id when sender is its party (the payer or
	// the payee), as the escrow requires before a topUp or a voucher.
	live := func(id [32]byte, party func(tempo.Channel) tempo.Address, notParty string) (tempo.Channel, error) {
		c, ok := get(id)
		switch {
		case !ok:
			return c, errors.New("ChannelNotFound")
		case c.Finalized:
			return c, errors.New("ChannelFinalized")
		case !party(c).Equal(tx.From):
			return c, errors.New(notParty)
		}
		return c, nil
	}
	for _, call := range tx.Calls {
		if call.To == nil || !call.To.Equal(e.Address) || len(call.Data) < 4 {
			continue
		}
		switch [4]byte(call.Data[:4]) {
		case tempo.SelectorOpen:
			o, err := tempo.DecodeOpen(call.Data)
			if err != nil {
				return err
			}
			id := tempo.ChannelID(tx.From, o.Payee, o.Token, o.Salt, o.AuthorizedSigner, e.Address, e.ChainID)
			if _, ok := get(id); ok {
				return errors.New("ChannelAlreadyExists")
			}
			if o.Deposit.Sign() == 0 || o.Payee == (tempo.Address{}) {
				return errors.New("InvalidPayee or zero deposit")
			}
			next[id] = tempo.Channel{Payer: tx.From, Payee: o.Payee, Token: o.Token, AuthorizedSigner: o.AuthorizedSigner,
				Deposit: new(big.Int).Set(o.Deposit), Settled: new(big.Int)}
		case tempo.SelectorTopUp:
			id, amt, err := tempo.DecodeTopUp(call.Data)
			if err != nil {
				return err
			}
			c, err := live(id, func(c tempo.Channel) tempo.Address { return c.Payer }, "NotPayer")
			if err != nil {
				return err
			}
			c.Deposit = new(big.Int).Add(c.Deposit, amt)
			c.CloseRequestedAt = 0
			next[id] = c
		case tempo.SelectorClose, tempo.SelectorSettle:
			sel, id, amt, sig, err := tempo.DecodeVoucherCall(call.Data)
			if err != nil {
				return err
			}
			c, err := live(id, func(c tempo.Channel) tempo.Address { return c.Payee }, "NotPayee")
			if err != nil {
				return err
			}
			if amt.Cmp(c.Deposit) > 0 {
				return errors.New("AmountExceedsDeposit")
			}
			if amt.Cmp(c.Settled) < 0 || (sel == tempo.SelectorSettle && amt.Cmp(c.Settled) == 0) {
				return errors.New("AmountNotIncreasing")
			}
			// Like the real escrow (ecrecover), only v = 27 or 28 recovers.
			if len(sig) != 65 || (sig[64] != 27 && sig[64] != 28) {
				return errors.New("InvalidSignature")
			}
			signer, err := tempo.Recover(tempo.VoucherDigest(e.ChainID, e.Address, id, amt), sig)
			if err != nil || !signer.Equal(c.Signer()) {
				return errors.New("InvalidSignature")
			}
			before := new(big.Int).Set(c.Settled)
			c.Settled = new(big.Int).Set(amt)
			if sel == tempo.SelectorClose {
				c.Finalized = true
				closes[id] = Closed{By: tx.From, Amount: new(big.Int).Set(amt), Refund: new(big.Int).Sub(c.Deposit, amt), Settled: before}
			}
			next[id] = c
		default:
			return errors.New("unknown escrow function")
		}
	}
	for id, c := range next {
		e.channels[id] = c
	}
	for id, c := range closes {
		e.closes[id] = c
	}
	return nil
}

// SessionChallenge is a parsed tempo session challenge.
type SessionChallenge struct {
	Challenge
	Escrow          tempo.Address
	MinVoucherDelta string
}

// ParseSessionChallenge parses a `Payment … intent="session"` challenge.
func ParseSessionChallenge(header string) (SessionChallenge, error) {
	c, err := ParseChallenge(header)
	if err != nil {
		return SessionChallenge{}, err
	}
	if c.Intent != "session" {
		return SessionChallenge{}, fmt.Errorf("intent %q, want session", c.Intent)
	}
	b, _ := base64.RawURLEncoding.DecodeString(c.Request)
	var req struct {
		MethodDetails struct {
			EscrowContract  string `json:"escrowContract"`
			MinVoucherDelta string `json:"minVoucherDelta"`
		} `json:"methodDetails"`
	}
	if err := json.Unmarshal(b, &req); err != nil {
		return SessionChallenge{}, err
	}
	esc, err := tempo.ParseAddress(req.MethodDetails.EscrowContract)
	if err != nil {
		return SessionChallenge{}, err
	}
	return SessionChallenge{Challenge: c, Escrow: esc, MinVoucherDelta: req.MethodDetails.MinVoucherDelta}, nil
}

// SessionHeader returns the session challenge among WWW-Authenticate values.
func SessionHeader(values []string) (string, error) {
	for _, v := range values {
		if strings.Contains(v, `intent="session"`) {
			return v, nil
		}
	}
	return "", errors.New("no session challenge")
}

// ChannelOpen describes a channel a payer opens. Zero fields take the
// challenge's values.
type ChannelOpen struct {
	Deposit          *big.Int
	Salt             [32]byte
	AuthorizedSigner *Payer // delegated voucher signer; nil = the payer
	Payee, Token     string
	Escrow           *tempo.Address
	ChainID          uint64
	NoApprove        bool
}

func (p *Payer) now() time.Time {
	if p.Now != nil {
		return p.Now()
	}
	return time.Now()
}

func (p *Payer) signTx(chainID uint64, calls []tempo.Call) []byte {
	expiringLane := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 256), big.NewInt(1))
	return tempo.SignTx(tempo.Unsigned{
		ChainID: chainID, MaxPriorityFeePerGas: big.NewInt(1), MaxFeePerGas: big.NewInt(20_000_000_000),
		Gas: 300_000, Calls: calls, NonceKey: expiringLane, ValidBefore: uint64(p.now().Add(25 * time.Second).Unix()),
	}, p.Key)
}

// OpenTx signs an open transaction (approve + open, as mppx builds it) and
// returns it with the channel id it creates.
func (p *Payer) OpenTx(ch SessionChallenge, o ChannelOpen) ([]byte, [32]byte) {
	if o.Payee == "" {
		o.Payee = ch.Recipient
	}
	if o.Token == "" {
		o.Token = ch.Currency
	}
	if o.Escrow == nil {
		o.Escrow = &ch.Escrow
	}
	if o.ChainID == 0 {
		o.ChainID = ch.ChainID
	}
	payee, _ := tempo.ParseAddress(o.Payee)
	token, _ := tempo.ParseAddress(o.Token)
	var signer tempo.Address
	if o.AuthorizedSigner != nil {
		signer, _ = tempo.ParseAddress(o.AuthorizedSigner.Address)
	}
	from, _ := tempo.ParseAddress(p.Address)
	open := tempo.OpenCall{Payee: payee, Token: token, Deposit: o.Deposit, Salt: o.Salt, AuthorizedSigner: signer}
	var calls []tempo.Call
	if !o.NoApprove {
		calls = append(calls, tempo.Call{To: &token, Value: new(big.Int), Data: tempo.EncodeApprove(*o.Escrow, o.Deposit)})
	}
	calls = append(calls, tempo.Call{To: o.Escrow, Value: new(big.Int), Data: tempo.EncodeOpen(open)})
	return p.signTx(o.ChainID, calls), tempo.ChannelID(from, payee, token, o.Salt, signer, *o.Escrow, o.ChainID)
}

// TopUpTx signs an approve + topUp transaction.
func (p *Payer) TopUpTx(ch SessionChallenge, id [32]byte, amount *big.Int) []byte {
	token, _ := tempo.ParseAddress(ch.Currency)
	return p.signTx(ch.ChainID, []tempo.Call{
		{To: &token, Value: new(big.Int), Data: tempo.EncodeApprove(ch.Escrow, amount)},
		{To: &ch.Escrow, Value: new(big.Int), Data: tempo.EncodeTopUp(id, amount)},
	})
}

// SignVoucher signs Voucher(channelId, cumulativeAmount) in the escrow's
// EIP-712 domain and returns the 0x-hex signature.
func (p *Payer) SignVoucher(chainID uint64, escrow tempo.Address, id [32]byte, amount *big.Int) string {
	return "0x" + hex.EncodeToString(tempo.Sign(p.Key, tempo.VoucherDigest(chainID, escrow, id, amount)))
}

// Hex32 formats a channel id.
func Hex32(id [32]byte) string { return "0x" + hex.EncodeToString(id[:]) }

// SessionCredential returns the Authorization value for a session payload.
func SessionCredential(ch SessionChallenge, payload map[string]any) string {
	return Credential(ch.Challenge, payload, "")
}

// OpenPayload is the payload of an open action with an initial voucher
// signed by signer (the payer when nil).
func (p *Payer) OpenPayload(ch SessionChallenge, raw []byte, id [32]byte, cumulative *big.Int, signer *Payer) map[string]any {
	if signer == nil {
		signer = p
	}
	return map[string]any{"action": "open", "type": "transaction", "channelId": Hex32(id), "transaction": "0x" + hex.EncodeToString(raw),
		"cumulativeAmount": cumulative.String(), "signature": signer.SignVoucher(ch.ChainID, ch.Escrow, id, cumulative)}
}

// VoucherPayload is the payload of a voucher action.
func (p *Payer) VoucherPayload(ch SessionChallenge, id [32]byte, cumulative *big.Int) map[string]any {
	return map[string]any{"action": "voucher", "channelId": Hex32(id), "cumulativeAmount": cumulative.String(),
		"signature": p.SignVoucher(ch.ChainID, ch.Escrow, id, cumulative)}
}

// ClosePayload is the payload of a close action.
func (p *Payer) ClosePayload(ch SessionChallenge, id [32]byte, cumulative *big.Int) map[string]any {
	m := p.VoucherPayload(ch, id, cumulative)
	m["action"] = "close"
	return m
}
