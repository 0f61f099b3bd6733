package tempo

import (
	"bytes"
	"encoding/hex"
	"errors"
	"math/big"
)

// TIP-20 selectors and event topics.
var (
	// SelectorTransfer is transfer(address,uint256).
	SelectorTransfer = [4]byte{0xa9, 0x05, 0x9c, 0xbb}
	// SelectorTransferWithMemo is transferWithMemo(address,uint256,bytes32).
	SelectorTransferWithMemo = [4]byte{0x95, 0x77, 0x7d, 0x59}
	// TopicTransfer is Transfer(address,address,uint256).
	TopicTransfer = Keccak256([]byte("Transfer(address,address,uint256)"))
	// TopicTransferWithMemo is TransferWithMemo(address,address,uint256,bytes32).
	TopicTransferWithMemo = Keccak256([]byte("TransferWithMemo(address,address,uint256,bytes32)"))
)

// Transfer is a decoded TIP-20 transfer or transferWithMemo call.
type Transfer struct {
	To      Address
	Amount  *big.Int
	Memo    [32]byte
	HasMemo bool
}

// DecodeTransfer decodes TIP-20 transfer calldata. It refuses anything but
// the two transfer selectors with exactly their ABI-encoded arguments.
func DecodeTransfer(data []byte) (Transfer, error) {
	var t Transfer
	if len(data) < 4 {
		return t, errors.New("call data has no selector")
	}
	var sel [4]byte
	copy(sel[:], data)
	args := data[4:]
	switch sel {
	case SelectorTransfer:
		if len(args) != 64 {
			return t, errors.New("transfer call data has the wrong length")
		}
	case SelectorTransferWithMemo:
		if len(args) != 96 {
			return t, errors.New("transferWithMemo call data has the wrong length")
		}
		copy(t.Memo[:], args[64:96])
		t.HasMemo = true
	default:
		return t, errors.New("call is not a TIP-20 transfer or transferWithMemo")
	}
	if !bytes.Equal(args[:12], make([]byte, 12)) {
		return t, errors.New("transfer recipient is not an address")
	}
	copy(t.To[:], args[12:32])
	t.Amount = new(big.Int).SetBytes(args[32:64])
	return t, nil
}

// EncodeTransferWithMemo returns calldata for transferWithMemo(to, amount, memo).
func EncodeTransferWithMemo(to Address, amount *big.Int, memo [32]byte) []byte {
	out := make([]byte, 4+96)
	copy(out, SelectorTransferWithMemo[:])
	copy(out[4+12:], to[:])
	amount.FillBytes(out[4+32 : 4+64])
	copy(out[4+64:], memo[:])
	return out
}

// Attribution memo layout (mppx tempo/Attribution): 4-byte tag
// keccak256("mpp")[0:4], version 0x01, keccak256(serverId)[0:10],
// keccak256(clientId)[0:10] or zeros, keccak256(challengeId)[0:7].
var memoTag = Keccak256([]byte("mpp"))

// Memo returns the attribution memo that binds a transfer to serverID (the
// realm) and to one challenge id, with an anonymous client.
func Memo(serverID, challengeID string) [32]byte {
	var m [32]byte
	copy(m[0:4], memoTag[:4])
	m[4] = 0x01
	s := Keccak256([]byte(serverID))
	copy(m[5:15], s[:10])
	c := Keccak256([]byte(challengeID))
	copy(m[25:32], c[:7])
	return m
}

// MemoBound reports whether memo carries the MPP tag, version 1, the
// fingerprint of serverID and the nonce of challengeID. The client
// fingerprint (bytes 15..24) is the payer's own business and not checked.
func MemoBound(memo [32]byte, serverID, challengeID string) bool {
	want := Memo(serverID, challengeID)
	return bytes.Equal(memo[0:15], want[0:15]) && bytes.Equal(memo[25:32], want[25:32])
}

// Log is one receipt log.
type Log struct {
	Address Address
	Topics  [][32]byte
	Data    []byte
}

// LogTransfer is a TIP-20 transfer event found in a receipt.
type LogTransfer struct {
	Token   Address
	From    Address
	To      Address
	Amount  *big.Int
	Memo    [32]byte
	HasMemo bool
}

// ParseTransferLog decodes Transfer and TransferWithMemo events. For
// TransferWithMemo it accepts the memo either indexed (fourth topic) or in
// the data after the amount, so it does not depend on which the token uses.
func ParseTransferLog(l Log) (LogTransfer, bool) {
	var t LogTransfer
	if len(l.Topics) < 3 {
		return t, false
	}
	for _, tp := range l.Topics[1:3] {
		if !bytes.Equal(tp[:12], make([]byte, 12)) {
			return t, false
		}
	}
	t.Token = l.Address
	copy(t.From[:], l.Topics[1][12:])
	copy(t.To[:], l.Topics[2][12:])
	switch l.Topics[0] {
	case TopicTransfer:
		if len(l.Topics) != 3 || len(l.Data) != 32 {
			return t, false
		}
	case TopicTransferWithMemo:
		switch {
		case len(l.Topics) == 4 && len(l.Data) == 32:
			t.Memo = l.Topics[3]
		case len(l.Topics) == 3 && len(l.Data) == 64:
			copy(t.Memo[:], l.Data[32:])
		default:
			return t, false
		}
		t.HasMemo = true
	default:
		return t, false
	}
	t.Amount = new(big.Int).SetBytes(l.Data[:32])
	return t, true
}

// ProofDigest is the EIP-712 digest mppx signs for a zero-amount "proof"
// credential: domain {name "MPP", version "3", chainId}, primary type
// Proof(address account,string challengeId,string realm).
func ProofDigest(chainID uint64, account Address, challengeID, realm string) [32]byte {
	domainType := Keccak256([]byte("EIP712Domain(string name,string version,uint256 chainId)"))
	name, version := Keccak256([]byte("MPP")), Keccak256([]byte("3"))
	var cid [32]byte
	new(big.Int).SetUint64(chainID).FillBytes(cid[:])
	domain := Keccak256(domainType[:], name[:], version[:], cid[:])
	proofType := Keccak256([]byte("Proof(address account,string challengeId,string realm)"))
	var acct [32]byte
	copy(acct[12:], account[:])
	ch, rl := Keccak256([]byte(challengeID)), Keccak256([]byte(realm))
	st := Keccak256(proofType[:], acct[:], ch[:], rl[:])
	return Keccak256([]byte{0x19, 0x01}, domain[:], st[:])
}

// HexBytes decodes 0x-prefixed hex.
func HexBytes(s string) ([]byte, error) {
	if len(s) < 2 || s[0] != '0' || (s[1] != 'x' && s[1] != 'X') {
		return nil, errors.New("not 0x-prefixed hex")
	}
	b, err := hex.DecodeString(s[2:])
	if err != nil {
		return nil, errors.New("not valid hex")
	}
	return b, nil
}
