package tempo

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"math/big"
	"strings"

	"github.com/decred/dcrd/dcrec/secp256k1/v4"
	"github.com/decred/dcrd/dcrec/secp256k1/v4/ecdsa"
	"golang.org/x/crypto/sha3"
)

// TxType is the EIP-2718 type byte of a Tempo transaction.
const TxType = 0x76

// Tempo transaction RLP fields, in order (tempo.ts / tempo-go layout):
// chainId, maxPriorityFeePerGas, maxFeePerGas, gas, calls, accessList,
// nonceKey, nonce, validBefore, validAfter, feeToken,
// feePayerSignatureOrSender, authorizationList, [keyAuthorization],
// signatureEnvelope.
const (
	fChainID = iota
	fMaxPriority
	fMaxFee
	fGas
	fCalls
	fAccessList
	fNonceKey
	fNonce
	fValidBefore
	fValidAfter
	fFeeToken
	fFeePayer
	fAuthList
	fSignature // without a keyAuthorization, the signature is field 13
	numFields
)

// Address is a 20-byte account or contract address.
type Address [20]byte

// Hex returns the address as lowercase 0x-prefixed hex.
func (a Address) Hex() string { return "0x" + hex.EncodeToString(a[:]) }

// ParseAddress parses a 0x-prefixed 40-hex-digit address (any case).
func ParseAddress(s string) (Address, error) {
	var a Address
	if len(s) != 42 || !strings.HasPrefix(s, "0x") && !strings.HasPrefix(s, "0X") {
		return a, fmt.Errorf("address %q is not 0x followed by 40 hex digits", s)
	}
	b, err := hex.DecodeString(s[2:])
	if err != nil {
		return a, fmt.Errorf("address %q is not hex", s)
	}
	copy(a[:], b)
	return a, nil
}

// Call is one call of a Tempo transaction's batch.
type Call struct {
	To    *Address // nil for contract creation
	Value *big.Int
	Data  []byte
}

// Tx is a decoded, self-paid, secp256k1-signed Tempo transaction. Decode
// refuses the features the MPP charge flow never needs (access lists,
// EIP-7702 authorizations, key authorizations, fee sponsorship), as mpp-go
// does, so everything a payer signed is visible here.
type Tx struct {
	ChainID              *big.Int
	MaxPriorityFeePerGas *big.Int
	MaxFeePerGas         *big.Int
	Gas                  uint64
	Calls                []Call
	NonceKey             *big.Int
	Nonce                uint64
	ValidBefore          uint64 // unix seconds; 0 = no bound
	ValidAfter           uint64 // unix seconds; 0 = no bound
	FeeToken             []byte // empty or 20 bytes

	Raw     []byte // the full serialized transaction, type byte included
	Hash    [32]byte
	SigHash [32]byte // what the sender signed
	From    Address  // recovered sender
}

// Keccak256 returns the legacy Keccak-256 digest (Ethereum's hash) of the
// concatenation of parts.
func Keccak256(parts ...[]byte) [32]byte {
	h := sha3.NewLegacyKeccak256()
	for _, p := range parts {
		h.Write(p)
	}
	var out [32]byte
	h.Sum(out[:0])
	return out
}

// DecodeTx parses and checks a serialized Tempo transaction and recovers its
// sender. Errors are phrased for the payer.
func DecodeTx(raw []byte) (*Tx, error) {
	if len(raw) < 2 || raw[0] != TxType {
		return nil, errors.New("not a Tempo transaction (type 0x76)")
	}
	it, err := Decode(raw[1:])
	if err != nil {
		return nil, fmt.Errorf("transaction is not valid RLP: %v", err)
	}
	if !it.IsList {
		return nil, errors.New("transaction is not an RLP list")
	}
	switch len(it.List) {
	case numFields:
	case numFields + 1:
		return nil, errors.New("transactions with a key authorization are not accepted")
	default:
		return nil, fmt.Errorf("transaction has %d fields, want %d", len(it.List), numFields)
	}
	f := it.List
	tx := &Tx{Raw: raw, Hash: Keccak256(raw)}
	ints := []struct {
		dst  **big.Int
		i    int
		name string
	}{
		{&tx.ChainID, fChainID, "chainId"}, {&tx.MaxPriorityFeePerGas, fMaxPriority, "maxPriorityFeePerGas"},
		{&tx.MaxFeePerGas, fMaxFee, "maxFeePerGas"}, {&tx.NonceKey, fNonceKey, "nonceKey"},
	}
	for _, x := range ints {
		v, err := bigField(f[x.i], x.name)
		if err != nil {
			return nil, err
		}
		*x.dst = v
	}
	u64s := []struct {
		dst  *uint64
		i    int
		name string
	}{
		{&tx.Gas, fGas, "gas"}, {&tx.Nonce, fNonce, "nonce"},
		{&tx.ValidBefore, fValidBefore, "validBefore"}, {&tx.ValidAfter, fValidAfter, "validAfter"},
	}
	for _, x := range u64s {
		v, err := bigField(f[x.i], x.name)
		if err != nil {
			return nil, err
		}
		if !v.IsUint64() {
			return nil, fmt.Errorf("transaction %s does not fit 64 bits", x.name)
		}
		*x.dst = v.Uint64()
	}
	if !f[fCalls].IsList {
		return nil, errors.New("transaction calls are not a list")
	}
	for i, c := range f[fCalls].List {
		if !c.IsList || len(c.List) != 3 || c.List[0].IsList || c.List[2].IsList {
			return nil, fmt.Errorf("transaction call %d is not [to, value, data]", i)
		}
		call := Call{Data: c.List[2].Bytes}
		switch len(c.List[0].Bytes) {
		case 0:
		case 20:
			var a Address
			copy(a[:], c.List[0].Bytes)
			call.To = &a
		default:
			return nil, fmt.Errorf("transaction call %d has a malformed address", i)
		}
		if call.Value, err = bigField(c.List[1], "call value"); err != nil {
			return nil, err
		}
		tx.Calls = append(tx.Calls, call)
	}
	if !f[fAccessList].IsList || len(f[fAccessList].List) != 0 {
		return nil, errors.New("transactions with an access list are not accepted")
	}
	if !f[fAuthList].IsList || len(f[fAuthList].List) != 0 {
		return nil, errors.New("transactions with an authorization list are not accepted")
	}
	if f[fFeeToken].IsList || (len(f[fFeeToken].Bytes) != 0 && len(f[fFeeToken].Bytes) != 20) {
		return nil, errors.New("transaction fee token is malformed")
	}
	tx.FeeToken = f[fFeeToken].Bytes
	if f[fFeePayer].IsList || len(f[fFeePayer].Bytes) != 0 {
		return nil, errors.New("fee sponsorship is not offered: sign a self-paid transaction (feePayer false)")
	}
	sig := f[fSignature]
	if sig.IsList || len(sig.Bytes) != 65 {
		return nil, errors.New("only secp256k1 signatures (65 bytes r||s||v) are accepted")
	}
	unsigned := make([][]byte, 0, fSignature)
	for _, x := range f[:fSignature] {
		unsigned = append(unsigned, x.Raw)
	}
	tx.SigHash = Keccak256([]byte{TxType}, EncodeList(unsigned...))
	from, err := Recover(tx.SigHash, sig.Bytes)
	if err != nil {
		return nil, fmt.Errorf("transaction signature: %v", err)
	}
	tx.From = from
	return tx, nil
}

func bigField(it Item, name string) (*big.Int, error) {
	if it.IsList {
		return nil, fmt.Errorf("transaction %s is not an integer", name)
	}
	if len(it.Bytes) > 32 {
		return nil, fmt.Errorf("transaction %s exceeds 256 bits", name)
	}
	if len(it.Bytes) > 0 && it.Bytes[0] == 0 {
		return nil, fmt.Errorf("transaction %s has leading zeros", name)
	}
	return new(big.Int).SetBytes(it.Bytes), nil
}

// halfN is half the order of secp256k1: signatures with a larger s are
// malleable twins and refused, as Ethereum and Tempo nodes do.
var halfN = new(big.Int).Rsh(secp256k1.S256().N, 1)

// Recover returns the address that produced the 65-byte signature
// r||s||v (v = 0, 1, 27 or 28) over hash.
func Recover(hash [32]byte, sig []byte) (Address, error) {
	var a Address
	if len(sig) != 65 {
		return a, errors.New("signature is not 65 bytes")
	}
	v := sig[64]
	if v >= 27 {
		v -= 27
	}
	if v > 1 {
		return a, errors.New("signature recovery id is not 0 or 1")
	}
	r, s := new(big.Int).SetBytes(sig[:32]), new(big.Int).SetBytes(sig[32:64])
	if r.Sign() == 0 || s.Sign() == 0 || r.Cmp(secp256k1.S256().N) >= 0 || s.Cmp(halfN) > 0 {
		return a, errors.New("signature is not canonical (r, s out of range or high s)")
	}
	compact := make([]byte, 65)
	compact[0] = 27 + v
	copy(compact[1:], sig[:64])
	pub, _, err := ecdsa.RecoverCompact(compact, hash[:])
	if err != nil {
		return a, errors.New("signature does not recover a public key")
	}
	return PubToAddress(pub), nil
}

// PubToAddress derives the Ethereum-style address of a public key.
func PubToAddress(pub *secp256k1.PublicKey) Address {
	var a Address
	h := Keccak256(pub.SerializeUncompressed()[1:])
	copy(a[:], h[12:])
	return a
}

// Sign signs hash with key and returns r||s||v with v = 27 or 28, the wire
// form ox and tempo-go write for secp256k1 signature envelopes.
func Sign(key *secp256k1.PrivateKey, hash [32]byte) []byte {
	c := ecdsa.SignCompact(key, hash[:], false) // [27+recid] r s
	out := make([]byte, 65)
	copy(out, c[1:])
	out[64] = c[0]
	return out
}

// Unsigned describes a self-paid Tempo transaction to build and sign.
type Unsigned struct {
	ChainID              uint64
	MaxPriorityFeePerGas *big.Int
	MaxFeePerGas         *big.Int
	Gas                  uint64
	Calls                []Call
	NonceKey             *big.Int
	Nonce                uint64
	ValidBefore          uint64
	ValidAfter           uint64
	FeeToken             *Address
}

// SignTx serializes u, signs it with key and returns the raw transaction.
func SignTx(u Unsigned, key *secp256k1.PrivateKey) []byte {
	calls := make([][]byte, 0, len(u.Calls))
	for _, c := range u.Calls {
		var to []byte
		if c.To != nil {
			to = c.To[:]
		}
		calls = append(calls, EncodeList(EncodeBytes(to), EncodeBytes(bigBytes(c.Value)), EncodeBytes(c.Data)))
	}
	var feeToken []byte
	if u.FeeToken != nil {
		feeToken = u.FeeToken[:]
	}
	fields := [][]byte{
		EncodeUint(u.ChainID),
		EncodeBytes(bigBytes(u.MaxPriorityFeePerGas)),
		EncodeBytes(bigBytes(u.MaxFeePerGas)),
		EncodeUint(u.Gas),
		EncodeList(calls...),
		EncodeList(),
		EncodeBytes(bigBytes(u.NonceKey)),
		EncodeUint(u.Nonce),
		EncodeUint(u.ValidBefore),
		EncodeUint(u.ValidAfter),
		EncodeBytes(feeToken),
		EncodeBytes(nil),
		EncodeList(),
	}
	sigHash := Keccak256([]byte{TxType}, EncodeList(fields...))
	fields = append(fields, EncodeBytes(Sign(key, sigHash)))
	return append([]byte{TxType}, EncodeList(fields...)...)
}

func bigBytes(v *big.Int) []byte {
	if v == nil {
		return nil
	}
	return v.Bytes()
}

// RandomNonceKey returns a fresh 192-bit nonce key: a new lane of Tempo's
// two-dimensional nonces, so a transaction built on it can be broadcast again
// and again without ever landing twice or clashing with other lanes.
func RandomNonceKey() *big.Int {
	var b [24]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic(err) // crypto/rand never fails on supported platforms
	}
	b[0] |= 1 // never the zero (protocol) lane
	return new(big.Int).SetBytes(b[:])
}

// Equal reports whether two addresses are the same.
func (a Address) Equal(b Address) bool { return bytes.Equal(a[:], b[:]) }
