package x402

import (
	"encoding/hex"
	"errors"
	"math/big"
	"testing"

	"github.com/decred/dcrd/dcrec/secp256k1/v4"
	"github.com/decred/dcrd/dcrec/secp256k1/v4/ecdsa"
)

func mustHex32(t *testing.T, s string) [32]byte {
	t.Helper()
	b, err := hex.DecodeString(s)
	if err != nil || len(b) != 32 {
		t.Fatalf("bad test vector %q", s)
	}
	var out [32]byte
	copy(out[:], b)
	return out
}

func mustAddr(t *testing.T, s string) [20]byte {
	t.Helper()
	a, err := parseAddress(s)
	if err != nil {
		t.Fatalf("bad test address %q: %v", s, err)
	}
	return a
}

// TestEIP712MailVector runs the primitives used for x402 (keccak256,
// hashStruct, the 0x1901 digest, key-to-address, signing and recovery)
// through the worked example of the EIP-712 specification, whose published
// values (domain separator, struct hash, digest, the Cow address of
// keccak256("cow") and its signature) come from the spec's Example.js and
// are reproduced by eth-sig-util, ethers and go-ethereum.
func TestEIP712MailVector(t *testing.T) {
	const (
		personType = "Person(string name,address wallet)"
		mailType   = "Mail(Person from,Person to,string contents)" + personType
	)
	domain := hashStruct(domainType,
		keccak256([]byte("Ether Mail")), keccak256([]byte("1")),
		uintWord(big.NewInt(1)), addressWord(mustAddr(t, "0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC")))
	person := func(name, wallet string) [32]byte {
		return hashStruct(personType, keccak256([]byte(name)), addressWord(mustAddr(t, wallet)))
	}
	mail := hashStruct(mailType,
		person("Cow", "0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826"),
		person("Bob", "0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB"),
		keccak256([]byte("Hello, Bob!")))
	digest := typedDigest(domain, mail)

	for _, c := range []struct {
		name string
		got  [32]byte
		want string
	}{
		{"domain separator", domain, "f2cee375fa42b42143804025fc449deafd50cc031ca257e0b194a650a912090f"},
		{"hashStruct(mail)", mail, "c52c0ee5d84264471806290a3f2c4cecfc5490626bf912d01f240d7a274b371e"},
		{"digest", digest, "be609aee343fb3c4b28e1df9e632fca64fcfaede20f02e86244efddf30957bd2"},
	} {
		if c.got != mustHex32(t, c.want) {
			t.Errorf("%s = %x, want %s", c.name, c.got, c.want)
		}
	}

	cowKey := keccak256([]byte("cow"))
	key := secp256k1.PrivKeyFromBytes(cowKey[:])
	if got := checksumAddress(pubKeyAddress(key.PubKey())); got != "0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826" {
		t.Errorf("address of keccak256(\"cow\") = %s", got)
	}
	const published = "0x4355c47d63924e8a72e509b65029052eb6c299d53a04e167c5775fd466751c9d07299936d304c153f6443dfa05f40ff007d72911b6f72307f996231605b915621c"
	c := ecdsa.SignCompact(key, digest[:], false)
	ours := "0x" + hex.EncodeToString(append(append([]byte{}, c[1:]...), c[0]))
	if ours != published {
		t.Errorf("RFC 6979 signature = %s, want the published %s", ours, published)
	}
	signer, err := RecoverSigner(digest, published)
	if err != nil || signer != "0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826" {
		t.Errorf("RecoverSigner(published) = %s, %v", signer, err)
	}
}

// TestTransferWithAuthorizationVector checks the x402 digest three ways:
// the typehash is the constant in the USDC (FiatToken) source; both domain
// separators equal those computed with viem in payment-protocols.md §1.3;
// and the example payment of the x402 v2 specification (Base Sepolia,
// signed by the x402 authors' own client) recovers to its stated payer,
// which only happens when our digest equals the one they signed.
func TestTransferWithAuthorizationVector(t *testing.T) {
	if got, want := keccak256([]byte(transferAuthType)), mustHex32(t, "7c7c6cdb67a18743f49ec6fa9b35f50d52ed05cbed4cc592e13b44501c1a2267"); got != want {
		t.Errorf("typehash = %x", got)
	}
	for id, want := range map[string]string{
		"eip155:8453":  "02fa7265e7c5d81118673727957699e4d68f74cd74b7db77da710fe8a2c7834f",
		"eip155:84532": "71f17a3b2ff373b803d70a5a07c046c1a2bc8e89c09ef722fcb047abe94c9818",
	} {
		n, _ := LookupNetwork(id)
		got, err := domainSeparator(n)
		if err != nil || got != mustHex32(t, want) {
			t.Errorf("domain separator %s = %x, %v; want %s", id, got, err, want)
		}
	}

	spec := Authorization{
		From: "0x857b06519E91e3A54538791bDbb0E22373e36b66", To: "0x209693Bc6afc0C5328bA36FaF03C514EF312287C",
		Value: "10000", ValidAfter: "1740672089", ValidBefore: "1740672154",
		Nonce: "0xf3746613c2d920b5fdabc0856f2aeb2d4f88ee6037b8cc5d04a71a4462f13480",
	}
	const specSig = "0x2d6a7588d6acca505cbf0d9a4a227e0c52c6c34008c8e8986a1283259764173608a2ce6496642e377d6da8dbbf5836e9bd15092f9ecab05ded3d6293af148b571c"
	sepolia, _ := LookupNetwork("eip155:84532")
	d, err := spec.Digest(sepolia)
	if err != nil {
		t.Fatal(err)
	}
	if d != mustHex32(t, "f256992871671abcb27ff92885a7afa46218724e5fc0bac35d050115aa1d22e6") {
		t.Errorf("digest = %x", d)
	}
	if got, err := RecoverSigner(d, specSig); err != nil || got != spec.From {
		t.Errorf("spec example recovers %s, %v; want %s", got, err, spec.From)
	}
	// The same message under Base mainnet's domain ("USD Coin") is another
	// digest: the signature recovers someone else (the pitfall of §1.3).
	base, _ := LookupNetwork("eip155:8453")
	d2, _ := spec.Digest(base)
	if got, err := RecoverSigner(d2, specSig); err == nil && got == spec.From {
		t.Errorf("the Sepolia signature also verifies on Base mainnet")
	}
}

func TestChecksumAddress(t *testing.T) {
	// Vectors from EIP-55.
	for _, want := range []string{
		"0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
		"0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359",
		"0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB",
		"0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb",
	} {
		a := mustAddr(t, want)
		if got := checksumAddress(a); got != want {
			t.Errorf("checksum %s, want %s", got, want)
		}
		if _, err := parseChecksummedAddress(want); err != nil {
			t.Errorf("parseChecksummedAddress(%s): %v", want, err)
		}
	}
	if _, err := parseChecksummedAddress("0x5aaeb6053F3E94C9b9A09f33669435E7Ef1BeAed"); !errors.Is(err, errBadChecksum) {
		t.Errorf("bad checksum accepted: %v", err)
	}
	if _, err := parseChecksummedAddress("0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed"); err != nil {
		t.Errorf("all-lower refused: %v", err)
	}
}

func TestParseUint256(t *testing.T) {
	max := "115792089237316195423570985008687907853269984665640564039457584007913129639935"
	for _, c := range []struct {
		in   string
		want string // "" = refused
	}{
		{"0", "0"}, {"10000", "10000"}, {"0x2710", "10000"}, {"0X2710", "10000"},
		{max, max}, {"0x" + repeat("f", 64), max},
		{"", ""}, {"010", ""}, {"-1", ""}, {"+1", ""}, {"1e4", ""}, {" 1", ""}, {"1.0", ""},
		{"0x", ""}, {"0xg", ""}, {"0x" + repeat("f", 65), ""},
		{"115792089237316195423570985008687907853269984665640564039457584007913129639936", ""},
		{repeat("9", 79), ""},
	} {
		v, err := parseUint256(c.in)
		switch {
		case c.want == "" && err == nil:
			t.Errorf("parseUint256(%q) = %v, want refusal", c.in, v)
		case c.want != "" && (err != nil || v.String() != c.want):
			t.Errorf("parseUint256(%q) = %v, %v; want %s", c.in, v, err, c.want)
		}
	}
}

func repeat(s string, n int) string {
	out := ""
	for i := 0; i < n; i++ {
		out += s
	}
	return out
}

func TestRecoverSignerRefusals(t *testing.T) {
	kb := mustHex32(t, "4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318")
	key := secp256k1.PrivKeyFromBytes(kb[:])
	digest := keccak256([]byte("x402"))
	c := ecdsa.SignCompact(key, digest[:], false)
	sig := append(append([]byte{}, c[1:]...), c[0]) // r ‖ s ‖ v
	want := pubKeyAddress(key.PubKey())

	if got, err := recoverSigner(digest, sig); err != nil || got != want {
		t.Fatalf("valid signature: %x, %v", got, err)
	}
	v01 := append([]byte{}, sig...)
	v01[64] -= 27
	if got, err := recoverSigner(digest, v01); err != nil || got != want {
		t.Errorf("v in {0,1} not normalised: %x, %v", got, err)
	}

	// The malleable twin (r, n-s, v^1) is a mathematically valid signature
	// by the same key; it must be refused as high-s, not recovered.
	var s secp256k1.ModNScalar
	s.SetByteSlice(sig[32:64])
	s.Negate()
	high := append([]byte{}, sig...)
	s.PutBytesUnchecked(high[32:64])
	high[64] = 55 - high[64] // 27 <-> 28
	_, err := recoverSigner(digest, high)
	if !errors.Is(err, errSigHighS) {
		t.Errorf("high-s twin: %v, want errSigHighS", err)
	}
	// Without our check the twin would recover the same key: proof that
	// the test exercises the high-s rule and not some other failure.
	compact := append([]byte{high[64]}, high[:64]...)
	if pub, _, err := ecdsa.RecoverCompact(compact, digest[:]); err != nil || pubKeyAddress(pub) != want {
		t.Errorf("high-s twin should be a valid signature for the same key: %v", err)
	}

	for name, bad := range map[string][]byte{
		"v=29":    append(append([]byte{}, sig[:64]...), 29),
		"v=2":     append(append([]byte{}, sig[:64]...), 2),
		"short":   sig[:64],
		"r=0":     append(make([]byte, 32), sig[32:]...),
		"s=0":     append(append(append([]byte{}, sig[:32]...), make([]byte, 32)...), sig[64]),
		"s>=n":    append(append(append([]byte{}, sig[:32]...), bytesFF(32)...), sig[64]),
		"garbage": append(bytesFF(32), append(make([]byte, 31), 1, 27)...),
	} {
		if got, err := recoverSigner(digest, bad); err == nil && got == want {
			t.Errorf("%s: recovered the signer", name)
		} else if err == nil {
			t.Logf("%s: recovers another address %x (refused later as a mismatch)", name, got)
		}
	}
}

func bytesFF(n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = 0xff
	}
	return b
}
