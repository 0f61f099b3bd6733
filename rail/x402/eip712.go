package x402

import (
	"encoding/hex"
	"errors"
	"fmt"
	"math/big"
	"strings"

	"github.com/decred/dcrd/dcrec/secp256k1/v4"
	"github.com/decred/dcrd/dcrec/secp256k1/v4/ecdsa"
	"golang.org/x/crypto/sha3"
)

// EIP-712 type strings. The typehashes are keccak256 of these exact bytes:
// no spaces, field order as declared by EIP-3009 and EIP-712.
const (
	domainType        = "EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)"
	transferAuthType  = "TransferWithAuthorization(address from,address to,uint256 value,uint256 validAfter,uint256 validBefore,bytes32 nonce)"
	addressLen        = 20
	signatureLen      = 65
	nonceLen          = 32
	maxUint256HexLen  = 64
	maxUint256DecLen  = 78 // len("115792089237316195423570985008687907853269984665640564039457584007913129639935")
	eip55HashedLength = 40
)

// Authorization is an EIP-3009 TransferWithAuthorization message as it
// travels inside x402 payloads: addresses as 0x-hex, amounts and times as
// decimal strings (0x-hex is also accepted, per the exact-EVM scheme), the
// nonce as 0x followed by 64 hex digits.
type Authorization struct {
	From        string `json:"from"`
	To          string `json:"to"`
	Value       string `json:"value"`
	ValidAfter  string `json:"validAfter"`
	ValidBefore string `json:"validBefore"`
	Nonce       string `json:"nonce"`
}

// authorization is a parsed Authorization.
type authorization struct {
	from, to                       [addressLen]byte
	value, validAfter, validBefore *big.Int
	nonce                          [nonceLen]byte
}

// parse checks every field's syntax. The error names the field and never
// echoes more than the field name.
func (a Authorization) parse() (authorization, error) {
	var p authorization
	var err error
	if p.from, err = parseAddress(a.From); err != nil {
		return p, fmt.Errorf("authorization.from: %w", err)
	}
	if p.to, err = parseAddress(a.To); err != nil {
		return p, fmt.Errorf("authorization.to: %w", err)
	}
	if p.value, err = parseUint256(a.Value); err != nil {
		return p, fmt.Errorf("authorization.value: %w", err)
	}
	if p.validAfter, err = parseUint256(a.ValidAfter); err != nil {
		return p, fmt.Errorf("authorization.validAfter: %w", err)
	}
	if p.validBefore, err = parseUint256(a.ValidBefore); err != nil {
		return p, fmt.Errorf("authorization.validBefore: %w", err)
	}
	if p.nonce, err = parseNonce(a.Nonce); err != nil {
		return p, fmt.Errorf("authorization.nonce: %w", err)
	}
	return p, nil
}

// Digest returns the EIP-712 digest that the payer signs for a on network
// n: keccak256(0x19 0x01 ‖ domainSeparator ‖ hashStruct(message)), with the
// domain of n's USDC contract. It fails when a field is malformed.
func (a Authorization) Digest(n Network) ([32]byte, error) {
	p, err := a.parse()
	if err != nil {
		return [32]byte{}, err
	}
	return p.digest(n)
}

func (p authorization) digest(n Network) ([32]byte, error) {
	sep, err := domainSeparator(n)
	if err != nil {
		return [32]byte{}, err
	}
	return typedDigest(sep, p.structHash()), nil
}

func (p authorization) structHash() [32]byte {
	return hashStruct(transferAuthType,
		addressWord(p.from), addressWord(p.to),
		uintWord(p.value), uintWord(p.validAfter), uintWord(p.validBefore),
		p.nonce)
}

// domainSeparator hashes the EIP712Domain of n's USDC contract.
func domainSeparator(n Network) ([32]byte, error) {
	contract, err := parseAddress(n.Asset)
	if err != nil {
		return [32]byte{}, fmt.Errorf("network %s asset: %w", n.ID, err)
	}
	return hashStruct(domainType,
		keccak256([]byte(n.AssetName)),
		keccak256([]byte(n.AssetVersion)),
		uintWord(new(big.Int).SetUint64(n.ChainID)),
		addressWord(contract)), nil
}

// hashStruct is EIP-712's hashStruct for a struct whose members are already
// encoded as 32-byte words: keccak256(typeHash ‖ word…), where typeHash is
// keccak256 of the type string (which, for nested structs, must already
// carry the referenced types appended in EIP-712 order).
func hashStruct(typeString string, words ...[32]byte) [32]byte {
	th := keccak256([]byte(typeString))
	parts := make([][]byte, 0, len(words)+1)
	parts = append(parts, th[:])
	for i := range words {
		parts = append(parts, words[i][:])
	}
	return keccak256(parts...)
}

// typedDigest is keccak256(0x19 0x01 ‖ domainSeparator ‖ structHash).
func typedDigest(domainSep, structHash [32]byte) [32]byte {
	return keccak256([]byte{0x19, 0x01}, domainSep[:], structHash[:])
}

func keccak256(parts ...[]byte) [32]byte {
	h := sha3.NewLegacyKeccak256()
	for _, p := range parts {
		h.Write(p)
	}
	var out [32]byte
	h.Sum(out[:0])
	return out
}

func addressWord(a [addressLen]byte) [32]byte {
	var w [32]byte
	copy(w[12:], a[:])
	return w
}

// uintWord encodes v (already known to be 0 <= v < 2^256) big-endian.
func uintWord(v *big.Int) [32]byte {
	var w [32]byte
	v.FillBytes(w[:])
	return w
}

var (
	errNotHex      = errors.New("is not 0x-prefixed hex")
	uint256Limit   = new(big.Int).Lsh(big.NewInt(1), 256)
	errBadUint256  = errors.New("is not an unsigned 256-bit integer in decimal or 0x-hex")
	errBadNonce    = errors.New("must be 0x followed by 64 hex digits (32 bytes)")
	errBadAddress  = errors.New("must be 0x followed by 40 hex digits")
	errBadChecksum = errors.New("has mixed case but fails its EIP-55 checksum")
)

func has0x(s string) bool { return len(s) >= 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X') }

func isHex(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F') {
			return false
		}
	}
	return true
}

// parseAddress accepts 0x + 40 hex digits in any case. Incoming payment
// addresses are compared as bytes, so their checksum is not enforced; see
// parseChecksummedAddress for configuration.
func parseAddress(s string) ([addressLen]byte, error) {
	var a [addressLen]byte
	if !has0x(s) || len(s) != 2+2*addressLen || !isHex(s[2:]) {
		return a, errBadAddress
	}
	hex.Decode(a[:], []byte(s[2:]))
	return a, nil
}

// parseChecksummedAddress is parseAddress plus the EIP-55 check when s has
// mixed case (all-lower and all-upper carry no checksum).
func parseChecksummedAddress(s string) ([addressLen]byte, error) {
	a, err := parseAddress(s)
	if err != nil {
		return a, err
	}
	body := s[2:]
	if body != strings.ToLower(body) && body != strings.ToUpper(body) && checksumAddress(a) != "0x"+body {
		return a, errBadChecksum
	}
	return a, nil
}

// checksumAddress renders a in EIP-55 mixed case.
func checksumAddress(a [addressLen]byte) string {
	lower := hex.EncodeToString(a[:])
	h := keccak256([]byte(lower))
	out := []byte("0x" + lower)
	for i := 0; i < eip55HashedLength; i++ {
		c := lower[i]
		nibble := h[i/2]
		if i%2 == 0 {
			nibble >>= 4
		}
		if c >= 'a' && nibble&0x0f >= 8 {
			out[2+i] = c - 'a' + 'A'
		}
	}
	return string(out)
}

// parseUint256 accepts a decimal string without sign or leading zeros
// (a lone "0" is fine) or 0x-hex of at most 64 digits.
func parseUint256(s string) (*big.Int, error) {
	if has0x(s) {
		h := s[2:]
		if h == "" || len(h) > maxUint256HexLen || !isHex(h) {
			return nil, errBadUint256
		}
		v, ok := new(big.Int).SetString(h, 16)
		if !ok {
			return nil, errBadUint256
		}
		return v, nil
	}
	if s == "" || len(s) > maxUint256DecLen || (len(s) > 1 && s[0] == '0') {
		return nil, errBadUint256
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return nil, errBadUint256
		}
	}
	v, ok := new(big.Int).SetString(s, 10)
	if !ok || v.Cmp(uint256Limit) >= 0 {
		return nil, errBadUint256
	}
	return v, nil
}

func parseNonce(s string) ([nonceLen]byte, error) {
	var n [nonceLen]byte
	if !has0x(s) || len(s) != 2+2*nonceLen || !isHex(s[2:]) {
		return n, errBadNonce
	}
	hex.Decode(n[:], []byte(s[2:]))
	return n, nil
}

// Signature problems, distinguished so that refusals can say which.
var (
	errSigLength   = errors.New("signature must be 0x followed by 130 hex digits (65 bytes r‖s‖v); smart-contract wallet signatures are not accepted")
	errSigV        = errors.New("signature v must be 27, 28, 0 or 1")
	errSigHighS    = errors.New("signature s is in the upper half of the curve order (high-s); USDC rejects malleable signatures, sign again with a standard library")
	errSigRecovery = errors.New("signature does not recover to a public key")
)

// parseSignature decodes 0x-hex into 65 bytes.
func parseSignature(s string) ([]byte, error) {
	if !has0x(s) || len(s) != 2+2*signatureLen || !isHex(s[2:]) {
		return nil, errSigLength
	}
	b, _ := hex.DecodeString(s[2:])
	return b, nil
}

// recoverSigner returns the address whose key produced the Ethereum-style
// signature sig (r‖s‖v, v in {27,28} or {0,1}) over digest. It refuses
// high-s signatures, as the USDC contract (OpenZeppelin ECDSA) does.
func recoverSigner(digest [32]byte, sig []byte) ([addressLen]byte, error) {
	var addr [addressLen]byte
	if len(sig) != signatureLen {
		return addr, errSigLength
	}
	v := sig[64]
	switch v {
	case 27, 28:
		v -= 27
	case 0, 1:
	default:
		return addr, errSigV
	}
	var s secp256k1.ModNScalar
	if overflow := s.SetByteSlice(sig[32:64]); overflow || s.IsOverHalfOrder() {
		return addr, errSigHighS
	}
	// decred's compact form is [27+recid] ‖ r ‖ s (uncompressed key flag off).
	compact := make([]byte, signatureLen)
	compact[0] = 27 + v
	copy(compact[1:], sig[:64])
	pub, _, err := ecdsa.RecoverCompact(compact, digest[:])
	if err != nil {
		return addr, errSigRecovery
	}
	return pubKeyAddress(pub), nil
}

// pubKeyAddress is the Ethereum address of pub: the last 20 bytes of
// keccak256 of the uncompressed point without its 0x04 prefix.
func pubKeyAddress(pub *secp256k1.PublicKey) [addressLen]byte {
	h := keccak256(pub.SerializeUncompressed()[1:])
	var a [addressLen]byte
	copy(a[:], h[12:])
	return a
}

// RecoverSigner returns the EIP-55 address that signed digest, given an
// Ethereum signature as 0x-hex (65 bytes r‖s‖v). It refuses other lengths,
// unknown v values and high-s signatures.
func RecoverSigner(digest [32]byte, signature string) (string, error) {
	sig, err := parseSignature(signature)
	if err != nil {
		return "", err
	}
	a, err := recoverSigner(digest, sig)
	if err != nil {
		return "", err
	}
	return checksumAddress(a), nil
}
