package mpptest

import (
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"regexp"
	"strings"
	"time"

	"github.com/decred/dcrd/dcrec/secp256k1/v4"

	"dalil/rail/mpp/internal/tempo"
)

// Challenge is a parsed `WWW-Authenticate: Payment …` challenge.
type Challenge struct {
	ID, Realm, Method, Intent, Request, Expires, Digest, Opaque string
	// Decoded request fields of a tempo charge.
	Amount     *big.Int
	Currency   string
	Recipient  string
	ChainID    uint64
	ExternalID string
}

var paramRE = regexp.MustCompile(`(\w+)="([^"]*)"`)

// ParseChallenge parses one Payment challenge header value, as mppx does.
func ParseChallenge(header string) (Challenge, error) {
	var c Challenge
	rest, ok := strings.CutPrefix(header, "Payment ")
	if !ok {
		return c, errors.New("not a Payment challenge")
	}
	for _, m := range paramRE.FindAllStringSubmatch(rest, -1) {
		switch m[1] {
		case "id":
			c.ID = m[2]
		case "realm":
			c.Realm = m[2]
		case "method":
			c.Method = m[2]
		case "intent":
			c.Intent = m[2]
		case "request":
			c.Request = m[2]
		case "expires":
			c.Expires = m[2]
		case "digest":
			c.Digest = m[2]
		case "opaque":
			c.Opaque = m[2]
		}
	}
	b, err := base64.RawURLEncoding.DecodeString(c.Request)
	if err != nil {
		return c, fmt.Errorf("request: %v", err)
	}
	var req struct {
		Amount        string `json:"amount"`
		Currency      string `json:"currency"`
		Recipient     string `json:"recipient"`
		ExternalID    string `json:"externalId"`
		MethodDetails struct {
			ChainID uint64 `json:"chainId"`
		} `json:"methodDetails"`
	}
	if err := json.Unmarshal(b, &req); err != nil {
		return c, fmt.Errorf("request: %v", err)
	}
	amt, ok := new(big.Int).SetString(req.Amount, 10)
	if !ok {
		return c, fmt.Errorf("request amount %q", req.Amount)
	}
	c.Amount, c.Currency, c.Recipient, c.ChainID, c.ExternalID = amt, req.Currency, req.Recipient, req.MethodDetails.ChainID, req.ExternalID
	return c, nil
}

// Payer is a test account that pays MPP challenges.
type Payer struct {
	Key     *secp256k1.PrivateKey
	Address string // lowercase 0x hex
	// Now is the clock used for validBefore; default time.Now.
	Now func() time.Time
}

// NewPayer returns a payer whose key is derived from seed, so tests are
// reproducible.
func NewPayer(seed string) *Payer {
	h := tempo.Keccak256([]byte("mpptest payer " + seed))
	k := secp256k1.PrivKeyFromBytes(h[:])
	return &Payer{Key: k, Address: tempo.PubToAddress(k.PubKey()).Hex(), Now: time.Now}
}

// Tx describes the transfer a payer signs. Zero fields take the values the
// challenge asks for, so tests change only what they tamper with.
type Tx struct {
	ChainID     uint64
	Token       string
	Recipient   string
	Amount      *big.Int
	Memo        *[32]byte
	NoMemo      bool   // use transfer() instead of transferWithMemo()
	ValidBefore uint64 // default min(now+25s, expires), as mppx does
	ExtraCall   bool   // append a second call
}

// Transaction signs a Tempo transaction paying ch and returns its bytes.
func (p *Payer) Transaction(ch Challenge, o Tx) ([]byte, error) {
	if o.ChainID == 0 {
		o.ChainID = ch.ChainID
	}
	if o.Token == "" {
		o.Token = ch.Currency
	}
	if o.Recipient == "" {
		o.Recipient = ch.Recipient
	}
	if o.Amount == nil {
		o.Amount = ch.Amount
	}
	token, err := tempo.ParseAddress(o.Token)
	if err != nil {
		return nil, err
	}
	to, err := tempo.ParseAddress(o.Recipient)
	if err != nil {
		return nil, err
	}
	memo := tempo.Memo(ch.Realm, ch.ID)
	if o.Memo != nil {
		memo = *o.Memo
	}
	data := tempo.EncodeTransferWithMemo(to, o.Amount, memo)
	if o.NoMemo {
		data = append(append([]byte{}, tempo.SelectorTransfer[:]...), data[4:4+64]...)
	}
	if o.ValidBefore == 0 {
		now := time.Now
		if p.Now != nil {
			now = p.Now
		}
		o.ValidBefore = uint64(now().Add(25 * time.Second).Unix())
		if exp, err := time.Parse(time.RFC3339, ch.Expires); err == nil && uint64(exp.Unix()) < o.ValidBefore {
			o.ValidBefore = uint64(exp.Unix())
		}
	}
	calls := []tempo.Call{{To: &token, Value: new(big.Int), Data: data}}
	if o.ExtraCall {
		calls = append(calls, calls[0])
	}
	expiringLane := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 256), big.NewInt(1))
	return tempo.SignTx(tempo.Unsigned{
		ChainID: o.ChainID, MaxPriorityFeePerGas: big.NewInt(1), MaxFeePerGas: big.NewInt(20_000_000_000),
		Gas: 100_000, Calls: calls, NonceKey: expiringLane, ValidBefore: o.ValidBefore,
	}, p.Key), nil
}

// Source is the payer's DID on chainID.
func (p *Payer) Source(chainID uint64) string {
	return fmt.Sprintf("did:pkh:eip155:%d:%s", chainID, p.Address)
}

// Credential returns the Authorization header value for ch with the given
// payload, echoing the challenge as the mppx client does. source may be "".
func Credential(ch Challenge, payload map[string]any, source string) string {
	c := map[string]any{"id": ch.ID, "realm": ch.Realm, "method": ch.Method, "intent": ch.Intent, "request": ch.Request}
	if ch.Expires != "" {
		c["expires"] = ch.Expires
	}
	if ch.Digest != "" {
		c["digest"] = ch.Digest
	}
	if ch.Opaque != "" {
		// mppx echoes opaque as the decoded object.
		var m map[string]string
		b, _ := base64.RawURLEncoding.DecodeString(ch.Opaque)
		if json.Unmarshal(b, &m) == nil {
			c["opaque"] = m
		}
	}
	wire := map[string]any{"challenge": c, "payload": payload}
	if source != "" {
		wire["source"] = source
	}
	b, _ := json.Marshal(wire)
	return "Payment " + base64.RawURLEncoding.EncodeToString(b)
}

// Pay answers a WWW-Authenticate: Payment charge challenge with a pull-mode
// credential (a signed transferWithMemo), as the mppx client does, and
// returns the Authorization header value.
func (p *Payer) Pay(wwwAuthenticate string) (string, error) {
	ch, err := ParseChallenge(wwwAuthenticate)
	if err != nil {
		return "", err
	}
	raw, err := p.Transaction(ch, Tx{})
	if err != nil {
		return "", err
	}
	return Credential(ch, map[string]any{"type": "transaction", "signature": "0x" + hex.EncodeToString(raw)}, p.Source(ch.ChainID)), nil
}

// Proof signs the zero-amount proof of ch (mppx: EIP-712 domain
// {name "MPP", version "3", chainId}, Proof(account, challengeId, realm)).
func (p *Payer) Proof(ch Challenge) string {
	acct, _ := tempo.ParseAddress(p.Address)
	sig := tempo.Sign(p.Key, tempo.ProofDigest(ch.ChainID, acct, ch.ID, ch.Realm))
	return "0x" + hex.EncodeToString(sig)
}
