package x402

import (
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"strings"
	"time"

	"dalil"
)

// ValidBeforeMargin is how long an authorization must still be valid when
// it is checked: the reference facilitators want 6 seconds so that the
// settlement transaction lands in a block before validBefore.
const ValidBeforeMargin = 6 * time.Second

// MaxClockSkew is how far past now+maxTimeoutSeconds an authorization's
// validBefore may lie. Real clients sign validBefore = now+maxTimeoutSeconds
// by their own clock; the bound keeps a replay reservation from having to
// outlive the offer by more than that.
const MaxClockSkew = 10 * time.Minute

// Refusal reasons, from the x402 error vocabulary (payment-protocols.md
// §1.4). They appear in error details as {"reason": …} and in a
// facilitator's invalidReason.
const (
	ReasonInvalidPayload      = "invalid_payload"
	ReasonInvalidVersion      = "invalid_x402_version"
	ReasonUnsupportedScheme   = "unsupported_scheme"
	ReasonInvalidNetwork      = "invalid_network"
	ReasonInvalidRequirements = "invalid_payment_requirements"
	ReasonRecipientMismatch   = "invalid_exact_evm_payload_recipient_mismatch"
	ReasonValueMismatch       = "invalid_exact_evm_payload_authorization_value_mismatch"
	ReasonValidAfter          = "invalid_exact_evm_payload_authorization_valid_after"
	ReasonValidBefore         = "invalid_exact_evm_payload_authorization_valid_before"
	ReasonSignature           = "invalid_exact_evm_payload_signature"
)

// refuse builds the PAYMENT_INVALID error every refusal is.
func refuse(reason, format string, args ...any) *dalil.Error {
	return &dalil.Error{
		Code:    dalil.CodePaymentInvalid,
		Message: fmt.Sprintf(format, args...),
		Details: map[string]string{"reason": reason},
	}
}

// Reason returns the x402 reason code carried by an error of this package
// ("invalid_exact_evm_payload_signature", …), or "" when err is not a
// refusal.
func Reason(err error) string {
	var e *dalil.Error
	if errors.As(err, &e) {
		if d, ok := e.Details.(map[string]string); ok {
			return d["reason"]
		}
	}
	return ""
}

// Requirement is what a payment must satisfy: the single offer of a 402.
type Requirement struct {
	Network Network
	// Amount is the exact price in atomic units of Network's USDC, decimal.
	Amount string
	// PayTo is the payee address.
	PayTo string
	// MaxTimeoutSeconds is the offer's maxTimeoutSeconds.
	MaxTimeoutSeconds int
}

// Verified is a payment that passed CheckPayload.
type Verified struct {
	Version       int    // 1 or 2
	Payer         string // EIP-55 address that signed, equal to Authorization.From
	Authorization Authorization
	// ReplayKey names the authorization on chain: network, asset, payer and
	// nonce, lower-case ("x402:eip155:8453:0x8335…:0xabc…:0x<nonce>"). The
	// same authorization sent as v1 or v2 has the same key.
	ReplayKey   string
	ValidBefore time.Time
}

// CheckPayload verifies a decoded x402 payment payload (the JSON of an
// X-PAYMENT header for version 1, of a PAYMENT-SIGNATURE header for version
// 2) against req at time now, without any network call: version, scheme,
// network, asset, payee, exact amount, time window (validAfter <= now,
// validBefore >= now+ValidBeforeMargin, validBefore <= now +
// maxTimeoutSeconds + MaxClockSkew), nonce syntax, and the EIP-712
// signature, which must be low-s and recover to authorization.from.
//
// Every refusal is a *dalil.Error with CodePaymentInvalid, a message saying
// what to fix, and Details {"reason": <x402 reason>} (see Reason). A
// malformed req is a plain error.
func CheckPayload(version int, payload []byte, req Requirement, now time.Time) (*Verified, error) {
	payTo, err := parseAddress(req.PayTo)
	if err != nil {
		return nil, fmt.Errorf("x402: requirement payTo: %w", err)
	}
	amount, err := parseUint256(req.Amount)
	if err != nil {
		return nil, fmt.Errorf("x402: requirement amount: %w", err)
	}
	asset, err := parseAddress(req.Network.Asset)
	if err != nil {
		return nil, fmt.Errorf("x402: requirement asset: %w", err)
	}
	if err := checkJSON(payload); err != nil {
		return nil, malformed(err.Error())
	}
	var probe struct {
		V *int `json:"x402Version"`
	}
	if err := json.Unmarshal(payload, &probe); err != nil {
		return nil, malformed("x402Version must be an integer")
	}
	switch {
	case probe.V == nil:
		return nil, malformed("x402Version is missing")
	case *probe.V != 1 && *probe.V != 2:
		return nil, refuse(ReasonInvalidVersion, "x402Version %d is not supported: send version 2 in PAYMENT-SIGNATURE or version 1 in X-PAYMENT.", *probe.V)
	case *probe.V != version:
		return nil, refuse(ReasonInvalidVersion, "An x402Version %d payload came in %s; send version 2 in PAYMENT-SIGNATURE and version 1 in X-PAYMENT.", *probe.V, headerFor(version))
	}

	var scheme, network string
	var rawPayload json.RawMessage
	var accepted *acceptedV2
	if version == 1 {
		var p paymentV1
		if err := json.Unmarshal(payload, &p); err != nil {
			return nil, malformed(jsonProblem(err))
		}
		scheme, network, rawPayload = p.Scheme, p.Network, p.Payload
	} else {
		var p paymentV2
		if err := json.Unmarshal(payload, &p); err != nil {
			return nil, malformed(jsonProblem(err))
		}
		if p.Accepted == nil {
			return nil, malformed("accepted is missing; echo the accepts[] entry you chose from PAYMENT-REQUIRED")
		}
		accepted = p.Accepted
		scheme, network, rawPayload = accepted.Scheme, accepted.Network, p.Payload
	}
	if scheme != SchemeExact {
		return nil, refuse(ReasonUnsupportedScheme, "Payment scheme %q is not supported; use %q.", truncate(scheme, 40), SchemeExact)
	}
	wantNetwork := req.Network.ID
	if version == 1 {
		wantNetwork = req.Network.V1Name
	}
	if network != wantNetwork {
		return nil, refuse(ReasonInvalidNetwork, "The payment is for network %q but this service charges on %q (chain id %d) in x402 v%d; sign for that network.", truncate(network, 40), wantNetwork, req.Network.ChainID, version)
	}
	if accepted != nil {
		if err := checkAccepted(accepted, req, asset, payTo); err != nil {
			return nil, err
		}
	}

	if len(rawPayload) == 0 || string(rawPayload) == "null" {
		return nil, malformed("payload is missing")
	}
	var ep exactPayload
	if err := decodeStrict(rawPayload, &ep); err != nil {
		return nil, malformed("payload must be {signature, authorization} with the EIP-3009 fields only (" + jsonProblem(err) + ")")
	}
	if ep.Authorization == nil {
		return nil, malformed("payload.authorization is missing")
	}
	auth, err := ep.Authorization.parse()
	if err != nil {
		return nil, malformed(err.Error())
	}
	sig, err := parseSignature(ep.Signature)
	if err != nil {
		return nil, refuse(ReasonSignature, "payload.signature: %v.", err)
	}

	if auth.to != payTo {
		return nil, refuse(ReasonRecipientMismatch, "The authorization pays %s but this service's payee is %s; pay the payTo of the 402 challenge.", checksumAddress(auth.to), checksumAddress(payTo))
	}
	if auth.value.Cmp(amount) != 0 {
		return nil, refuse(ReasonValueMismatch, "The authorization transfers %s atomic units but this call costs exactly %s (%s); sign for exactly that amount.", truncate(auth.value.String(), 80), amount, usdLabel(amount, req.Network))
	}
	nowSec := big.NewInt(now.Unix())
	if auth.validAfter.Cmp(nowSec) > 0 {
		return nil, refuse(ReasonValidAfter, "The authorization is not valid yet: validAfter is %s and now is %d; sign one with validAfter at or before now.", truncate(auth.validAfter.String(), 80), now.Unix())
	}
	minBefore := big.NewInt(now.Add(ValidBeforeMargin).Unix())
	if auth.validBefore.Cmp(minBefore) < 0 {
		return nil, refuse(ReasonValidBefore, "The authorization has expired: validBefore is %s and it must be at least %d (now %d plus %d seconds to settle); sign a new one.", truncate(auth.validBefore.String(), 80), minBefore, now.Unix(), int(ValidBeforeMargin/time.Second))
	}
	maxLife := time.Duration(req.MaxTimeoutSeconds)*time.Second + MaxClockSkew
	maxBefore := big.NewInt(now.Add(maxLife).Unix())
	if auth.validBefore.Cmp(maxBefore) > 0 {
		return nil, refuse(ReasonValidBefore, "The authorization is valid until %s, more than %d seconds from now (%d); sign one with validBefore = now + maxTimeoutSeconds (%d).", truncate(auth.validBefore.String(), 80), int(maxLife/time.Second), now.Unix(), req.MaxTimeoutSeconds)
	}

	digest, err := auth.digest(req.Network)
	if err != nil {
		return nil, fmt.Errorf("x402: %w", err)
	}
	signer, err := recoverSigner(digest, sig)
	if err != nil {
		return nil, refuse(ReasonSignature, "payload.signature: %v.", err)
	}
	if signer != auth.from {
		n := req.Network
		return nil, refuse(ReasonSignature, "The signature does not match the authorization: it recovers %s, not authorization.from %s. Sign EIP-712 TransferWithAuthorization over exactly these fields with domain {name %q, version %q, chainId %d, verifyingContract %s}.", checksumAddress(signer), checksumAddress(auth.from), n.AssetName, n.AssetVersion, n.ChainID, n.Asset)
	}

	payer := checksumAddress(auth.from)
	return &Verified{
		Version:       version,
		Payer:         payer,
		Authorization: *ep.Authorization,
		ReplayKey:     replayKey(req.Network, asset, auth.from, auth.nonce),
		ValidBefore:   time.Unix(auth.validBefore.Int64(), 0).UTC(),
	}, nil
}

// checkAccepted compares the echoed v2 requirement with ours field by
// field (the Go reference compares scheme, network, amount, asset, payTo),
// so that each mismatch gets its own message.
func checkAccepted(a *acceptedV2, req Requirement, asset, payTo [addressLen]byte) error {
	if got, err := parseAddress(a.Asset); err != nil || got != asset {
		return refuse(ReasonInvalidRequirements, "accepted.asset is %q but this service charges in USDC at %s on %s.", truncate(a.Asset, 50), req.Network.Asset, req.Network.ID)
	}
	if got, err := parseAddress(a.PayTo); err != nil || got != payTo {
		return refuse(ReasonRecipientMismatch, "accepted.payTo is %q but this service's payee is %s; pay the payTo of the 402 challenge.", truncate(a.PayTo, 50), checksumAddress(payTo))
	}
	if a.Amount != req.Amount {
		return refuse(ReasonValueMismatch, "accepted.amount is %q but this call costs exactly %s atomic units; echo the accepts[] entry of the 402 challenge.", truncate(a.Amount, 80), req.Amount)
	}
	for key, want := range map[string]string{"name": req.Network.AssetName, "version": req.Network.AssetVersion} {
		raw, ok := a.Extra[key]
		if !ok {
			continue
		}
		var got string
		if json.Unmarshal(raw, &got) != nil || got != want {
			return refuse(ReasonInvalidRequirements, "accepted.extra.%s must be %q, the EIP-712 domain %s of USDC on %s.", key, want, key, req.Network.ID)
		}
	}
	if raw, ok := a.Extra["assetTransferMethod"]; ok {
		var got string
		if json.Unmarshal(raw, &got) != nil || got != "eip3009" {
			return refuse(ReasonInvalidRequirements, "Only the EIP-3009 transfer method is accepted; sign a TransferWithAuthorization.")
		}
	}
	return nil
}

func replayKey(n Network, asset, from [addressLen]byte, nonce [nonceLen]byte) string {
	return "x402:" + n.ID + ":0x" + hex.EncodeToString(asset[:]) + ":0x" + hex.EncodeToString(from[:]) + ":0x" + hex.EncodeToString(nonce[:])
}

func malformed(detail string) *dalil.Error {
	return refuse(ReasonInvalidPayload, "The x402 payment is malformed: %s. Send standard base64 (with padding) of the x402 payment JSON.", detail)
}

func headerFor(version int) string {
	if version == 1 {
		return HeaderXPayment
	}
	return HeaderPaymentSignature
}

// jsonProblem describes a decoding error without echoing input values.
func jsonProblem(err error) string {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		return fmt.Sprintf("field %q has the wrong type", truncate(te.Field, 60))
	}
	msg := err.Error()
	if strings.HasPrefix(msg, "json: unknown field ") {
		return "unknown field " + truncate(strings.TrimPrefix(msg, "json: unknown field "), 60)
	}
	return "invalid JSON"
}

// usdLabel renders an atomic amount of USDC as "USD 0.01" when it fits.
func usdLabel(atomic *big.Int, n Network) string {
	if n.Decimals == 6 && atomic.IsInt64() {
		return dalil.MicroUSD(atomic.Int64()).String()
	}
	return atomic.String() + " atomic units"
}
