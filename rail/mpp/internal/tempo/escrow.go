package tempo

import (
	"bytes"
	"errors"
	"fmt"
	"math/big"
)

// The Tempo Stream Channel escrow (TempoStreamChannel, the contract behind
// MPP's tempo `session` intent): function selectors, ABI encoding of the
// calls Dalil makes or checks, channel ids and EIP-712 vouchers. Signatures
// are those of the deployed contract's ABI (mppx tempo/session/escrow.abi):
// topUp takes a uint256, every other amount is a uint128.
var (
	SelectorOpen       = selector("open(address,address,uint128,bytes32,address)")
	SelectorTopUp      = selector("topUp(bytes32,uint256)")
	SelectorClose      = selector("close(bytes32,uint128,bytes)")
	SelectorSettle     = selector("settle(bytes32,uint128,bytes)")
	SelectorGetChannel = selector("getChannel(bytes32)")
	// SelectorApprove is TIP-20/ERC-20 approve(address,uint256): clients
	// approve the escrow in the same transaction as open or topUp.
	SelectorApprove = selector("approve(address,uint256)")
)

func selector(sig string) [4]byte {
	h := Keccak256([]byte(sig))
	return [4]byte(h[:4])
}

// MaxUint128 is the largest voucher or deposit amount the escrow takes.
var MaxUint128 = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 128), big.NewInt(1))

// Channel is the escrow's on-chain state of one channel (getChannel).
type Channel struct {
	Payer            Address
	Payee            Address
	Token            Address
	AuthorizedSigner Address // zero: the payer signs vouchers
	Deposit          *big.Int
	Settled          *big.Int
	CloseRequestedAt uint64
	Finalized        bool
}

// Signer is the address whose vouchers the escrow honours.
func (c Channel) Signer() Address {
	if c.AuthorizedSigner != (Address{}) {
		return c.AuthorizedSigner
	}
	return c.Payer
}

// Exists reports whether the escrow knows the channel (an unknown id reads
// as all zeros).
func (c Channel) Exists() bool { return c.Payer != (Address{}) }

// EncodeGetChannel is the calldata of getChannel(channelId).
func EncodeGetChannel(id [32]byte) []byte {
	return append(SelectorGetChannel[:], id[:]...)
}

// DecodeChannel decodes the return data of getChannel: a static tuple of
// eight words.
func DecodeChannel(b []byte) (Channel, error) {
	var c Channel
	if len(b) != 8*32 {
		return c, fmt.Errorf("getChannel returned %d bytes, want 256", len(b))
	}
	w := func(i int) []byte { return b[32*i : 32*i+32] }
	for i, dst := range []*Address{&c.Payer, &c.Payee, &c.Token, &c.AuthorizedSigner} {
		a, err := wordAddress(w(i))
		if err != nil {
			return c, fmt.Errorf("getChannel word %d: %v", i, err)
		}
		*dst = a
	}
	var err error
	if c.Deposit, err = wordUint(w(4), 128); err != nil {
		return c, fmt.Errorf("getChannel deposit: %v", err)
	}
	if c.Settled, err = wordUint(w(5), 128); err != nil {
		return c, fmt.Errorf("getChannel settled: %v", err)
	}
	cr, err := wordUint(w(6), 64)
	if err != nil {
		return c, fmt.Errorf("getChannel closeRequestedAt: %v", err)
	}
	c.CloseRequestedAt = cr.Uint64()
	fin, err := wordUint(w(7), 1)
	if err != nil {
		return c, fmt.Errorf("getChannel finalized: %v", err)
	}
	c.Finalized = fin.Sign() != 0
	return c, nil
}

// EncodeChannel is the ABI encoding of c as getChannel returns it (for test
// doubles).
func EncodeChannel(c Channel) []byte {
	out := make([]byte, 0, 256)
	for _, a := range []Address{c.Payer, c.Payee, c.Token, c.AuthorizedSigner} {
		out = append(out, addressWord(a)...)
	}
	out = append(out, uintWord(c.Deposit)...)
	out = append(out, uintWord(c.Settled)...)
	out = append(out, uintWord(new(big.Int).SetUint64(c.CloseRequestedAt))...)
	fin := big.NewInt(0)
	if c.Finalized {
		fin = big.NewInt(1)
	}
	return append(out, uintWord(fin)...)
}

func addressWord(a Address) []byte {
	w := make([]byte, 32)
	copy(w[12:], a[:])
	return w
}

func uintWord(v *big.Int) []byte {
	w := make([]byte, 32)
	if v != nil {
		v.FillBytes(w)
	}
	return w
}

func wordAddress(w []byte) (Address, error) {
	var a Address
	if !bytes.Equal(w[:12], make([]byte, 12)) {
		return a, errors.New("not an address")
	}
	copy(a[:], w[12:])
	return a, nil
}

func wordUint(w []byte, bits int) (*big.Int, error) {
	v := new(big.Int).SetBytes(w)
	if v.BitLen() > bits {
		return nil, fmt.Errorf("does not fit uint%d", bits)
	}
	return v, nil
}

// OpenCall is a decoded open(payee, token, deposit, salt, authorizedSigner).
type OpenCall struct {
	Payee            Address
	Token            Address
	Deposit          *big.Int
	Salt             [32]byte
	AuthorizedSigner Address
}

// EncodeOpen is the calldata of open.
func EncodeOpen(o OpenCall) []byte {
	out := append([]byte{}, SelectorOpen[:]...)
	out = append(out, addressWord(o.Payee)...)
	out = append(out, addressWord(o.Token)...)
	out = append(out, uintWord(o.Deposit)...)
	out = append(out, o.Salt[:]...)
	return append(out, addressWord(o.AuthorizedSigner)...)
}

// DecodeOpen decodes open calldata, refusing any other call.
func DecodeOpen(data []byte) (OpenCall, error) {
	var o OpenCall
	if len(data) != 4+5*32 || [4]byte(data[:4]) != SelectorOpen {
		return o, errors.New("call is not open(address,address,uint128,bytes32,address)")
	}
	a := data[4:]
	var err error
	if o.Payee, err = wordAddress(a[0:32]); err != nil {
		return o, errors.New("open payee is not an address")
	}
	if o.Token, err = wordAddress(a[32:64]); err != nil {
		return o, errors.New("open token is not an address")
	}
	if o.Deposit, err = wordUint(a[64:96], 128); err != nil {
		return o, errors.New("open deposit does not fit uint128")
	}
	copy(o.Salt[:], a[96:128])
	if o.AuthorizedSigner, err = wordAddress(a[128:160]); err != nil {
		return o, errors.New("open authorizedSigner is not an address")
	}
	return o, nil
}

// EncodeTopUp is the calldata of topUp(channelId, additionalDeposit).
func EncodeTopUp(id [32]byte, amount *big.Int) []byte {
	out := append([]byte{}, SelectorTopUp[:]...)
	out = append(out, id[:]...)
	return append(out, uintWord(amount)...)
}

// DecodeTopUp decodes topUp calldata.
func DecodeTopUp(data []byte) (id [32]byte, amount *big.Int, err error) {
	if len(data) != 4+64 || [4]byte(data[:4]) != SelectorTopUp {
		return id, nil, errors.New("call is not topUp(bytes32,uint256)")
	}
	copy(id[:], data[4:36])
	return id, new(big.Int).SetBytes(data[36:68]), nil
}

// EncodeApprove is the calldata of approve(spender, amount).
func EncodeApprove(spender Address, amount *big.Int) []byte {
	out := append([]byte{}, SelectorApprove[:]...)
	out = append(out, addressWord(spender)...)
	return append(out, uintWord(amount)...)
}

// DecodeApprove decodes approve calldata.
func DecodeApprove(data []byte) (spender Address, amount *big.Int, err error) {
	if len(data) != 4+64 || [4]byte(data[:4]) != SelectorApprove {
		return spender, nil, errors.New("call is not approve(address,uint256)")
	}
	if spender, err = wordAddress(data[4:36]); err != nil {
		return spender, nil, errors.New("approve spender is not an address")
	}
	return spender, new(big.Int).SetBytes(data[36:68]), nil
}

// EncodeVoucherCall is the calldata of close or settle (sel) with a voucher:
// (bytes32 channelId, uint128 cumulativeAmount, bytes signature).
func EncodeVoucherCall(sel [4]byte, id [32]byte, amount *big.Int, sig []byte) []byte {
	out := append([]byte{}, sel[:]...)
	out = append(out, id[:]...)
	out = append(out, uintWord(amount)...)
	out = append(out, uintWord(big.NewInt(96))...) // offset of the bytes
	out = append(out, uintWord(big.NewInt(int64(len(sig))))...)
	padded := make([]byte, (len(sig)+31)/32*32)
	copy(padded, sig)
	return append(out, padded...)
}

// DecodeVoucherCall decodes close or settle calldata (for test doubles and
// checks); it returns the selector.
func DecodeVoucherCall(data []byte) (sel [4]byte, id [32]byte, amount *big.Int, sig []byte, err error) {
	if len(data) < 4+4*32 {
		return sel, id, nil, nil, errors.New("voucher call data too short")
	}
	sel = [4]byte(data[:4])
	a := data[4:]
	copy(id[:], a[:32])
	if amount, err = wordUint(a[32:64], 128); err != nil {
		return sel, id, nil, nil, err
	}
	off := new(big.Int).SetBytes(a[64:96])
	if !off.IsInt64() || off.Int64() != 96 {
		return sel, id, nil, nil, errors.New("voucher call signature offset is not 96")
	}
	n := new(big.Int).SetBytes(a[96:128])
	if !n.IsInt64() || n.Int64() > int64(len(a)-128) {
		return sel, id, nil, nil, errors.New("voucher call signature length out of range")
	}
	sig = append([]byte{}, a[128:128+n.Int64()]...)
	return sel, id, amount, sig, nil
}

// ChannelID is the escrow's computeChannelId: keccak256(abi.encode(payer,
// payee, token, salt, authorizedSigner, escrow, chainId)).
func ChannelID(payer, payee, token Address, salt [32]byte, authorizedSigner, escrow Address, chainID uint64) [32]byte {
	return Keccak256(addressWord(payer), addressWord(payee), addressWord(token), salt[:],
		addressWord(authorizedSigner), addressWord(escrow), uintWord(new(big.Int).SetUint64(chainID)))
}

// VoucherDigest is the EIP-712 digest of Voucher(bytes32 channelId,uint128
// cumulativeAmount) in the domain {name "Tempo Stream Channel", version
// "1", chainId, verifyingContract escrow}.
func VoucherDigest(chainID uint64, escrow Address, id [32]byte, amount *big.Int) [32]byte {
	domainType := Keccak256([]byte("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)"))
	name, version := Keccak256([]byte("Tempo Stream Channel")), Keccak256([]byte("1"))
	domain := Keccak256(domainType[:], name[:], version[:], uintWord(new(big.Int).SetUint64(chainID)), addressWord(escrow))
	voucherType := Keccak256([]byte("Voucher(bytes32 channelId,uint128 cumulativeAmount)"))
	st := Keccak256(voucherType[:], id[:], uintWord(amount))
	return Keccak256([]byte{0x19, 0x01}, domain[:], st[:])
}

// NormalizeSignature accepts a 65-byte r||s||v signature or a 64-byte
// EIP-2098 compact one (r || yParity<<255 | s) and returns r||s||v.
func NormalizeSignature(sig []byte) ([]byte, error) {
	switch len(sig) {
	case 65:
		// The escrow hands v to ecrecover, which knows only 27 and 28: a
		// voucher signed with v = 0 or 1 would verify here and revert on
		// chain, so it is stored and submitted as 27 or 28.
		out := append([]byte(nil), sig...)
		switch out[64] {
		case 0, 1:
			out[64] += 27
		case 27, 28:
		default:
			return nil, fmt.Errorf("signature recovery id v = %d, want 27 or 28", out[64])
		}
		return out, nil
	case 64:
		out := make([]byte, 65)
		copy(out, sig)
		out[64] = 27 + sig[32]>>7
		out[32] &= 0x7f
		return out, nil
	default:
		return nil, fmt.Errorf("signature is %d bytes, want 65 (r||s||v) or 64 (EIP-2098)", len(sig))
	}
}
