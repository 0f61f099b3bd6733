// Package x402test pays and settles x402 payments offline, for tests: a
// payer that signs EIP-3009 authorizations and builds v1 (X-PAYMENT) and v2
// (PAYMENT-SIGNATURE) headers the way the real npm clients do, and a local
// facilitator that speaks the documented /verify, /settle and /supported
// wire format, re-verifies every payload with package x402's verifier, and
// records settlements.
package x402test

import (
	"crypto/rand"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"time"

	"github.com/decred/dcrd/dcrec/secp256k1/v4"
	"github.com/decred/dcrd/dcrec/secp256k1/v4/ecdsa"
	"golang.org/x/crypto/sha3"

	"dalil/rail/x402"
)

// NewKey returns a fresh random payer key.
func NewKey() *secp256k1.PrivateKey {
	k, err := secp256k1.GeneratePrivateKey()
	if err != nil {
		panic("x402test: no randomness: " + err.Error())
	}
	return k
}

// KeyFromHex parses a 32-byte private key given as hex (with or without
// 0x), such as a viem generatePrivateKey() result.
func KeyFromHex(s string) (*secp256k1.PrivateKey, error) {
	if len(s) >= 2 && s[:2] == "0x" {
		s = s[2:]
	}
	b, err := hex.DecodeString(s)
	if err != nil || len(b) != 32 {
		return nil, errors.New("x402test: a private key is 32 bytes of hex")
	}
	return secp256k1.PrivKeyFromBytes(b), nil
}

// Address returns key's Ethereum address in EIP-55 mixed case. It is
// computed here independently of package x402 (keccak256 of the
// uncompressed public key, last 20 bytes, EIP-55 checksum).
func Address(key *secp256k1.PrivateKey) string {
	h := sha3.NewLegacyKeccak256()
	h.Write(key.PubKey().SerializeUncompressed()[1:])
	sum := h.Sum(nil)
	lower := hex.EncodeToString(sum[12:])
	ch := sha3.NewLegacyKeccak256()
	ch.Write([]byte(lower))
	cs := ch.Sum(nil)
	out := []byte(lower)
	for i := range out {
		nib := cs[i/2] >> 4
		if i%2 == 1 {
			nib = cs[i/2] & 0x0f
		}
		if out[i] >= 'a' && nib >= 8 {
			out[i] -= 'a' - 'A'
		}
	}
	return "0x" + string(out)
}

// SignDigest signs a 32-byte digest like a wallet's eth_signTypedData_v4:
// 0x-hex of r ‖ s ‖ v, v in {27, 28}, low-s, RFC 6979 deterministic.
func SignDigest(key *secp256k1.PrivateKey, digest [32]byte) string {
	c := ecdsa.SignCompact(key, digest[:], false) // [27+recid] ‖ r ‖ s
	sig := make([]byte, 65)
	copy(sig, c[1:])
	sig[64] = c[0]
	return "0x" + hex.EncodeToString(sig)
}

// NewNonce returns 32 random bytes as 0x-hex, as the real clients do.
func NewNonce() string {
	var b [32]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic("x402test: no randomness: " + err.Error())
	}
	return "0x" + hex.EncodeToString(b[:])
}

// NewAuthorization returns an authorization from key's address to payTo of
// amount atomic units with a fresh nonce, valid from now-600s (the v1
// client's convention) until now+validFor.
func NewAuthorization(key *secp256k1.PrivateKey, payTo, amount string, now time.Time, validFor time.Duration) x402.Authorization {
	return x402.Authorization{
		From:        Address(key),
		To:          payTo,
		Value:       amount,
		ValidAfter:  strconv.FormatInt(now.Add(-600*time.Second).Unix(), 10),
		ValidBefore: strconv.FormatInt(now.Add(validFor).Unix(), 10),
		Nonce:       NewNonce(),
	}
}

// SignAuthorization returns key's signature of auth on network (a CAIP-2
// id or v1 slug from x402.Networks).
func SignAuthorization(key *secp256k1.PrivateKey, auth x402.Authorization, network string) (string, error) {
	n, ok := x402.LookupNetwork(network)
	if !ok {
		return "", fmt.Errorf("x402test: unknown network %q", network)
	}
	d, err := auth.Digest(n)
	if err != nil {
		return "", err
	}
	return SignDigest(key, d), nil
}

// Sign signs auth with key and returns the header value of a payment for
// network in protocol version 1 (for X-PAYMENT) or 2 (for
// PAYMENT-SIGNATURE). The v2 payload echoes an accepted requirement built
// from auth and network with maxTimeoutSeconds 60, as Rail.Challenge
// offers by default.
func Sign(key *secp256k1.PrivateKey, auth x402.Authorization, network string, version int) (string, error) {
	sig, err := SignAuthorization(key, auth, network)
	if err != nil {
		return "", err
	}
	return Encode(version, network, auth, sig)
}

// Encode builds a header value from an authorization and any signature,
// valid or not: tests use it to send tampered payments.
func Encode(version int, network string, auth x402.Authorization, signature string) (string, error) {
	n, ok := x402.LookupNetwork(network)
	if !ok {
		return "", fmt.Errorf("x402test: unknown network %q", network)
	}
	payload := map[string]any{"signature": signature, "authorization": auth}
	var doc any
	switch version {
	case 1:
		doc = map[string]any{"x402Version": 1, "scheme": "exact", "network": n.V1Name, "payload": payload}
	case 2:
		doc = map[string]any{
			"x402Version": 2,
			"accepted": map[string]any{
				"scheme": "exact", "network": n.ID, "amount": auth.Value, "asset": n.Asset,
				"payTo": auth.To, "maxTimeoutSeconds": 60,
				"extra": map[string]string{"name": n.AssetName, "version": n.AssetVersion},
			},
			"payload": payload,
		}
	default:
		return "", fmt.Errorf("x402test: version %d", version)
	}
	return encode(doc)
}

func encode(v any) (string, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return "", err
	}
	return base64.StdEncoding.EncodeToString(b), nil
}

// Pay answers a 402 the way the real clients do and returns the header to
// send: for version 2 it reads PAYMENT-REQUIRED from h like @x402/fetch
// (echoing resource and the first accepts[] entry verbatim; validAfter
// "0"), for version 1 it reads the JSON body like x402-fetch (validAfter
// now-600). Both sign validBefore = now + maxTimeoutSeconds.
func Pay(key *secp256k1.PrivateKey, version int, h http.Header, body []byte, now time.Time) (name, value string, err error) {
	type offer struct {
		Scheme            string `json:"scheme"`
		Network           string `json:"network"`
		Amount            string `json:"amount"`
		MaxAmountRequired string `json:"maxAmountRequired"`
		PayTo             string `json:"payTo"`
		MaxTimeoutSeconds int64  `json:"maxTimeoutSeconds"`
	}
	var doc struct {
		X402Version int               `json:"x402Version"`
		Resource    json.RawMessage   `json:"resource"`
		Accepts     []json.RawMessage `json:"accepts"`
	}
	switch version {
	case 2:
		raw, err := base64.StdEncoding.DecodeString(h.Get(x402.HeaderPaymentRequired))
		if err != nil {
			return "", "", fmt.Errorf("x402test: PAYMENT-REQUIRED is not base64: %w", err)
		}
		if err := json.Unmarshal(raw, &doc); err != nil {
			return "", "", fmt.Errorf("x402test: PAYMENT-REQUIRED: %w", err)
		}
		name = x402.HeaderPaymentSignature
	case 1:
		if err := json.Unmarshal(body, &doc); err != nil {
			return "", "", fmt.Errorf("x402test: 402 body: %w", err)
		}
		name = x402.HeaderXPayment
	default:
		return "", "", fmt.Errorf("x402test: version %d", version)
	}
	if doc.X402Version != version || len(doc.Accepts) == 0 {
		return "", "", fmt.Errorf("x402test: no x402 v%d offer (x402Version %d, %d accepts)", version, doc.X402Version, len(doc.Accepts))
	}
	var o offer
	if err := json.Unmarshal(doc.Accepts[0], &o); err != nil {
		return "", "", fmt.Errorf("x402test: accepts[0]: %w", err)
	}
	amount, validAfter := o.Amount, "0"
	if version == 1 {
		amount, validAfter = o.MaxAmountRequired, strconv.FormatInt(now.Unix()-600, 10)
	}
	auth := x402.Authorization{
		From: Address(key), To: o.PayTo, Value: amount,
		ValidAfter:  validAfter,
		ValidBefore: strconv.FormatInt(now.Unix()+o.MaxTimeoutSeconds, 10),
		Nonce:       NewNonce(),
	}
	sig, err := SignAuthorization(key, auth, o.Network)
	if err != nil {
		return "", "", err
	}
	payload := map[string]any{"signature": sig, "authorization": auth}
	var out map[string]any
	if version == 1 {
		out = map[string]any{"x402Version": 1, "scheme": o.Scheme, "network": o.Network, "payload": payload}
	} else {
		out = map[string]any{"x402Version": 2, "accepted": doc.Accepts[0], "payload": payload}
		if len(doc.Resource) > 0 {
			out["resource"] = doc.Resource
		}
	}
	value, err = encode(out)
	return name, value, err
}
