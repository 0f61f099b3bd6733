package l402test

import (
	"crypto/sha256"
	"errors"
	"strconv"
	"strings"
	"time"

	"github.com/decred/dcrd/dcrec/secp256k1/v4"
	"github.com/decred/dcrd/dcrec/secp256k1/v4/ecdsa"
)

// BOLT11 tagged-field types (the 5-bit value of the field's letter).
const (
	tagPaymentHash   = 1  // p
	tagDescription   = 13 // d
	tagExpiry        = 6  // x
	tagMinFinalCLTV  = 24 // c
	tagPaymentSecret = 16 // s
)

const bech32Charset = "qpzry9x8gf2tvdw0s3jn54khce6mua7l"

// invoiceFields is what encodeInvoice puts in a BOLT11 payment request.
type invoiceFields struct {
	hrpPrefix     string // "bc", "tb", "tbs", "bcrt"
	amountSats    int64
	timestamp     time.Time
	paymentHash   [32]byte
	paymentSecret [32]byte
	description   string
	expiry        time.Duration
	minFinalCLTV  int
}

// encodeInvoice returns a BOLT11 payment request signed with key: bech32
// (BIP-173 checksum, no length limit) of timestamp, tagged fields p, s, d, x,
// c, and the 65-byte recoverable signature over sha256(hrp ‖ data bits).
// Decoders such as npm "bolt11" recover the payee key from it.
func encodeInvoice(f invoiceFields, key *secp256k1.PrivateKey) (string, error) {
	if len(f.description) > 639 {
		return "", errors.New("description longer than 639 bytes")
	}
	hrp := "ln" + f.hrpPrefix + hrpAmount(f.amountSats)
	var w []byte
	w = appendUint(w, uint64(f.timestamp.Unix()), 7)
	w = appendTagged(w, tagPaymentHash, toWords(f.paymentHash[:]))
	w = appendTagged(w, tagPaymentSecret, toWords(f.paymentSecret[:]))
	w = appendTagged(w, tagDescription, toWords([]byte(f.description)))
	w = appendTagged(w, tagExpiry, minimalUint(uint64(f.expiry/time.Second)))
	w = appendTagged(w, tagMinFinalCLTV, minimalUint(uint64(f.minFinalCLTV)))

	digest := sha256.Sum256(append([]byte(hrp), fromWords(w)...))
	compact := ecdsa.SignCompact(key, digest[:], true) // [27+4+recid] ‖ R ‖ S
	sig := make([]byte, 65)
	copy(sig, compact[1:])
	sig[64] = compact[0] - 31
	w = append(w, toWords(sig)...)
	return bech32Encode(hrp, w), nil
}

// hrpAmount writes sats with the largest BOLT11 multiplier that keeps it an
// integer (no multiplier for whole bitcoins; 1 sat = 10n).
func hrpAmount(sats int64) string {
	switch {
	case sats <= 0:
		return ""
	case sats%100_000_000 == 0:
		return strconv.FormatInt(sats/100_000_000, 10)
	case sats%100_000 == 0:
		return strconv.FormatInt(sats/100_000, 10) + "m"
	case sats%100 == 0:
		return strconv.FormatInt(sats/100, 10) + "u"
	default:
		return strconv.FormatInt(sats*10, 10) + "n"
	}
}

func appendTagged(w []byte, tag byte, data []byte) []byte {
	w = append(w, tag)
	w = appendUint(w, uint64(len(data)), 2)
	return append(w, data...)
}

// appendUint appends v as n big-endian 5-bit words.
func appendUint(w []byte, v uint64, n int) []byte {
	for i := n - 1; i >= 0; i-- {
		w = append(w, byte(v>>(5*uint(i)))&31)
	}
	return w
}

// minimalUint is v in as few 5-bit words as possible (BOLT11 wants no
// leading zero words in integer fields).
func minimalUint(v uint64) []byte {
	var w []byte
	for v > 0 {
		w = append([]byte{byte(v & 31)}, w...)
		v >>= 5
	}
	return w
}

// toWords regroups bytes into 5-bit words, zero-padding the last one.
func toWords(b []byte) []byte {
	var out []byte
	acc, bits := uint(0), uint(0)
	for _, c := range b {
		acc = acc<<8 | uint(c)
		bits += 8
		for bits >= 5 {
			bits -= 5
			out = append(out, byte(acc>>bits)&31)
		}
	}
	if bits > 0 {
		out = append(out, byte(acc<<(5-bits))&31)
	}
	return out
}

// fromWords regroups 5-bit words into bytes, zero-padding the last byte
// (BOLT11's rule for the signed data).
func fromWords(w []byte) []byte {
	var out []byte
	acc, bits := uint(0), uint(0)
	for _, c := range w {
		acc = acc<<5 | uint(c)
		bits += 5
		for bits >= 8 {
			bits -= 8
			out = append(out, byte(acc>>bits))
		}
	}
	if bits > 0 {
		out = append(out, byte(acc<<(8-bits)))
	}
	return out
}

func bech32Polymod(values []byte) uint32 {
	gen := [5]uint32{0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3}
	chk := uint32(1)
	for _, v := range values {
		top := chk >> 25
		chk = (chk&0x1ffffff)<<5 ^ uint32(v)
		for i := range 5 {
			if (top>>uint(i))&1 == 1 {
				chk ^= gen[i]
			}
		}
	}
	return chk
}

func hrpExpand(hrp string) []byte {
	out := make([]byte, 0, 2*len(hrp)+1)
	for i := range len(hrp) {
		out = append(out, hrp[i]>>5)
	}
	out = append(out, 0)
	for i := range len(hrp) {
		out = append(out, hrp[i]&31)
	}
	return out
}

func bech32Encode(hrp string, data []byte) string {
	values := append(hrpExpand(hrp), data...)
	pm := bech32Polymod(append(values, 0, 0, 0, 0, 0, 0)) ^ 1
	var sb strings.Builder
	sb.WriteString(hrp)
	sb.WriteByte('1')
	for _, d := range data {
		sb.WriteByte(bech32Charset[d])
	}
	for i := range 6 {
		sb.WriteByte(bech32Charset[(pm>>uint(5*(5-i)))&31])
	}
	return sb.String()
}

// DecodedInvoice is what DecodeInvoice reads back from a payment request.
type DecodedInvoice struct {
	HRP         string
	Timestamp   time.Time
	PaymentHash [32]byte
	Description string
	Expiry      time.Duration
	// PayeeKey is the compressed public key recovered from the signature.
	PayeeKey []byte
}

// DecodeInvoice checks the bech32 checksum and the signature of a payment
// request made by this package and returns its main fields. It is a test
// aid (enough to prove the encoding), not a general BOLT11 decoder: it
// skips tagged fields it does not read.
func DecodeInvoice(s string) (*DecodedInvoice, error) {
	s = strings.ToLower(s)
	sep := strings.LastIndexByte(s, '1')
	if sep < 1 || len(s)-sep-1 < 6+104+7 {
		return nil, errors.New("bolt11: too short")
	}
	hrp := s[:sep]
	var data []byte
	for _, c := range []byte(s[sep+1:]) {
		i := strings.IndexByte(bech32Charset, c)
		if i < 0 {
			return nil, errors.New("bolt11: bad character")
		}
		data = append(data, byte(i))
	}
	if bech32Polymod(append(hrpExpand(hrp), data...)) != 1 {
		return nil, errors.New("bolt11: bad checksum")
	}
	data = data[:len(data)-6]
	body, sigWords := data[:len(data)-104], data[len(data)-104:]
	sig := fromWords(sigWords)[:65]
	digest := sha256.Sum256(append([]byte(hrp), fromWords(body)...))
	compact := append([]byte{27 + 4 + sig[64]}, sig[:64]...)
	pub, _, err := ecdsa.RecoverCompact(compact, digest[:])
	if err != nil {
		return nil, errors.New("bolt11: bad signature")
	}
	inv := &DecodedInvoice{HRP: hrp, PayeeKey: pub.SerializeCompressed()}
	var ts uint64
	for _, v := range body[:7] {
		ts = ts<<5 | uint64(v)
	}
	inv.Timestamp = time.Unix(int64(ts), 0)
	rest := body[7:]
	for len(rest) >= 3 {
		tag, n := rest[0], int(rest[1])<<5|int(rest[2])
		if len(rest) < 3+n {
			return nil, errors.New("bolt11: truncated field")
		}
		field := rest[3 : 3+n]
		rest = rest[3+n:]
		switch tag {
		case tagPaymentHash:
			if n == 52 {
				copy(inv.PaymentHash[:], fromWords(field))
			}
		case tagDescription:
			b := fromWords(field)
			inv.Description = string(b[:n*5/8])
		case tagExpiry:
			var v uint64
			for _, x := range field {
				v = v<<5 | uint64(x)
			}
			inv.Expiry = time.Duration(v) * time.Second
		}
	}
	if len(rest) != 0 {
		return nil, errors.New("bolt11: trailing data")
	}
	return inv, nil
}
