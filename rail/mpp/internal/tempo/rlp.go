// Package tempo holds the small pieces of the Tempo chain that the MPP rail
// needs: canonical RLP, the Tempo transaction (EIP-2718 type 0x76) codec,
// secp256k1 signing and sender recovery, TIP-20 transfer calldata and the
// MPP attribution memo. It is internal so that only rail/mpp and its test
// helpers depend on its shape.
package tempo

import (
	"errors"
	"fmt"
)

// maxDepth bounds list nesting so hostile input cannot exhaust the stack.
// A Tempo transaction nests four deep (tx, calls, call, and access-list keys).
const maxDepth = 8

// Item is one decoded RLP value: a byte string or a list.
type Item struct {
	IsList bool
	Bytes  []byte // the string's content when !IsList
	List   []Item // the elements when IsList
	Raw    []byte // the item's full canonical encoding, prefix included
}

// Decode parses exactly one canonical RLP item from b. Non-canonical forms
// (a single byte below 0x80 wrapped in a prefix, long forms for short
// payloads, length fields with leading zeros) and trailing bytes are refused,
// so re-encoding a decoded item reproduces the input byte for byte.
func Decode(b []byte) (Item, error) {
	it, rest, err := decodeItem(b, 0)
	if err != nil {
		return Item{}, err
	}
	if len(rest) != 0 {
		return Item{}, errors.New("rlp: trailing bytes")
	}
	return it, nil
}

func decodeItem(b []byte, depth int) (Item, []byte, error) {
	if len(b) == 0 {
		return Item{}, nil, errors.New("rlp: unexpected end of input")
	}
	p := b[0]
	switch {
	case p < 0x80:
		return Item{Bytes: b[:1], Raw: b[:1]}, b[1:], nil
	case p <= 0xb7:
		n := int(p - 0x80)
		if len(b) < 1+n {
			return Item{}, nil, errors.New("rlp: string overruns input")
		}
		if n == 1 && b[1] < 0x80 {
			return Item{}, nil, errors.New("rlp: non-canonical single byte")
		}
		return Item{Bytes: b[1 : 1+n], Raw: b[:1+n]}, b[1+n:], nil
	case p <= 0xbf:
		n, hdr, err := longLength(b, int(p-0xb7))
		if err != nil {
			return Item{}, nil, err
		}
		return Item{Bytes: b[hdr : hdr+n], Raw: b[:hdr+n]}, b[hdr+n:], nil
	default:
		if depth >= maxDepth {
			return Item{}, nil, errors.New("rlp: lists nested too deeply")
		}
		var n, hdr int
		if p <= 0xf7 {
			n, hdr = int(p-0xc0), 1
			if len(b) < 1+n {
				return Item{}, nil, errors.New("rlp: list overruns input")
			}
		} else {
			var err error
			n, hdr, err = longLength(b, int(p-0xf7))
			if err != nil {
				return Item{}, nil, err
			}
		}
		payload := b[hdr : hdr+n]
		it := Item{IsList: true, List: []Item{}, Raw: b[:hdr+n]}
		for len(payload) > 0 {
			var child Item
			var err error
			child, payload, err = decodeItem(payload, depth+1)
			if err != nil {
				return Item{}, nil, err
			}
			it.List = append(it.List, child)
		}
		return it, b[hdr+n:], nil
	}
}

// longLength reads a long-form length of ll bytes after the prefix byte and
// returns the payload length and the header size.
func longLength(b []byte, ll int) (int, int, error) {
	if len(b) < 1+ll {
		return 0, 0, errors.New("rlp: length overruns input")
	}
	if b[1] == 0 {
		return 0, 0, errors.New("rlp: length with leading zero")
	}
	if ll > 4 {
		return 0, 0, errors.New("rlp: item too large")
	}
	n := 0
	for _, c := range b[1 : 1+ll] {
		n = n<<8 | int(c)
	}
	if n <= 55 {
		return 0, 0, errors.New("rlp: non-canonical long length")
	}
	if len(b)-1-ll < n {
		return 0, 0, fmt.Errorf("rlp: payload of %d bytes overruns input", n)
	}
	return n, 1 + ll, nil
}

// EncodeBytes returns the RLP encoding of the byte string s.
func EncodeBytes(s []byte) []byte {
	if len(s) == 1 && s[0] < 0x80 {
		return []byte{s[0]}
	}
	return append(header(0x80, len(s)), s...)
}

// EncodeList returns the RLP encoding of a list whose elements are already
// encoded.
func EncodeList(elems ...[]byte) []byte {
	n := 0
	for _, e := range elems {
		n += len(e)
	}
	out := header(0xc0, n)
	for _, e := range elems {
		out = append(out, e...)
	}
	return out
}

// EncodeUint returns the RLP encoding of v as a minimal big-endian integer.
func EncodeUint(v uint64) []byte {
	var buf [8]byte
	i := 8
	for v > 0 {
		i--
		buf[i] = byte(v)
		v >>= 8
	}
	return EncodeBytes(buf[i:])
}

func header(base byte, n int) []byte {
	if n <= 55 {
		return []byte{base + byte(n)}
	}
	var lb []byte
	for m := n; m > 0; m >>= 8 {
		lb = append([]byte{byte(m)}, lb...)
	}
	return append([]byte{base + 55 + byte(len(lb))}, lb...)
}
