// Package mpptest holds test doubles for the MPP rail: a local Tempo
// JSON-RPC server that mines every transaction it is sent (with switches to
// fail, hang, revert or never confirm), and a Payer that answers a
// WWW-Authenticate: Payment challenge with a valid signed credential, so
// end-to-end tests of the core can pay without a chain.
package mpptest

import (
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math/big"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"dalil/rail/mpp/internal/tempo"
)

// RPC is a loopback Tempo JSON-RPC endpoint. Transactions sent to it are
// decoded and mined at once: their receipt carries Transfer and
// TransferWithMemo logs for every TIP-20 transfer call, as a token does.
// The switches change behaviour for later calls.
type RPC struct {
	*httptest.Server
	ChainID uint64

	// Fail makes every call answer a JSON-RPC error.
	Fail atomic.Bool
	// HTTPFail makes every call answer HTTP 502.
	HTTPFail atomic.Bool
	// Hang makes every call block until the client gives up.
	Hang atomic.Bool
	// Revert makes newly sent transactions revert (receipt status 0x0).
	Revert atomic.Bool
	// Pending makes newly sent transactions never get a receipt.
	Pending atomic.Bool
	// WrongChain makes eth_chainId report another chain.
	WrongChain atomic.Bool

	mu       sync.Mutex
	escrow   *Escrow // set by NewEscrow: simulates the session escrow
	receipts map[string]map[string]any
	sent     [][]byte
	calls    map[string]int
	block    uint64
}

// NewRPC starts an RPC for chainID and closes it when t ends.
func NewRPC(t testing.TB, chainID uint64) *RPC {
	r := &RPC{ChainID: chainID, receipts: map[string]map[string]any{}, calls: map[string]int{}}
	r.Server = httptest.NewServer(http.HandlerFunc(r.serve))
	t.Cleanup(r.Close)
	return r
}

// Sent returns the raw transactions received by eth_sendRawTransaction.
func (r *RPC) Sent() [][]byte {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([][]byte(nil), r.sent...)
}

// Calls returns how many times method was called.
func (r *RPC) Calls(method string) int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.calls[method]
}

// Mine includes raw as if the payer had broadcast it (push mode) and
// returns its hash.
func (r *RPC) Mine(raw []byte) (string, error) {
	return r.mine(raw)
}

func (r *RPC) serve(w http.ResponseWriter, req *http.Request) {
	var msg struct {
		ID     json.RawMessage   `json:"id"`
		Method string            `json:"method"`
		Params []json.RawMessage `json:"params"`
	}
	if err := json.NewDecoder(req.Body).Decode(&msg); err != nil {
		http.Error(w, "bad json", http.StatusBadRequest)
		return
	}
	r.mu.Lock()
	r.calls[msg.Method]++
	r.mu.Unlock()
	if r.Hang.Load() {
		<-req.Context().Done()
		return
	}
	if r.HTTPFail.Load() {
		http.Error(w, "bad gateway", http.StatusBadGateway)
		return
	}
	reply := func(result any, err error) {
		out := map[string]any{"jsonrpc": "2.0", "id": msg.ID}
		if err != nil {
			out["error"] = map[string]any{"code": -32000, "message": err.Error()}
		} else {
			out["result"] = result
		}
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(out)
	}
	if r.Fail.Load() {
		reply(nil, fmt.Errorf("internal error (switch Fail)"))
		return
	}
	str := func(i int) string {
		var s string
		if i < len(msg.Params) {
			_ = json.Unmarshal(msg.Params[i], &s)
		}
		return s
	}
	switch msg.Method {
	case "eth_chainId":
		id := r.ChainID
		if r.WrongChain.Load() {
			id++
		}
		reply(fmt.Sprintf("0x%x", id), nil)
	case "eth_blockNumber":
		r.mu.Lock()
		b := r.block
		r.mu.Unlock()
		reply(fmt.Sprintf("0x%x", b), nil)
	case "eth_gasPrice":
		reply("0x4a817c800", nil) // 20 gwei-equivalent
	case "eth_maxPriorityFeePerGas":
		reply("0x0", nil)
	case "eth_estimateGas":
		reply("0x186a0", nil) // 100000
	case "eth_sendRawTransaction":
		raw, err := tempo.HexBytes(str(0))
		if err != nil {
			reply(nil, fmt.Errorf("invalid raw transaction"))
			return
		}
		h, err := r.mine(raw)
		reply(h, err)
	case "eth_call":
		r.mu.Lock()
		esc := r.escrow
		r.mu.Unlock()
		if esc == nil {
			reply(nil, fmt.Errorf("eth_call: no contract (mpptest.NewEscrow not called)"))
			return
		}
		var call struct {
			To   string `json:"to"`
			Data string `json:"data"`
		}
		if len(msg.Params) > 0 {
			_ = json.Unmarshal(msg.Params[0], &call)
		}
		out, err := esc.call(call.To, call.Data)
		reply(out, err)
	case "eth_getTransactionReceipt":
		r.mu.Lock()
		rc, ok := r.receipts[strings.ToLower(str(0))]
		r.mu.Unlock()
		if !ok {
			reply(nil, nil)
			return
		}
		reply(rc, nil)
	default:
		reply(nil, fmt.Errorf("method %s not supported by mpptest", msg.Method))
	}
}

func (r *RPC) mine(raw []byte) (string, error) {
	tx, err := tempo.DecodeTx(raw)
	if err != nil {
		return "", fmt.Errorf("invalid transaction: %v", err)
	}
	if !tx.ChainID.IsUint64() || tx.ChainID.Uint64() != r.ChainID {
		return "", fmt.Errorf("invalid chain id %s", tx.ChainID)
	}
	hash := "0x" + hex.EncodeToString(tx.Hash[:])
	r.mu.Lock()
	defer r.mu.Unlock()
	r.sent = append(r.sent, raw)
	if _, dup := r.receipts[hash]; dup {
		return "", fmt.Errorf("already known")
	}
	if r.Pending.Load() {
		return hash, nil
	}
	r.block++
	status := "0x1"
	var logs []map[string]any
	if r.Revert.Load() || (r.escrow != nil && r.escrow.apply(tx) != nil) {
		status = "0x0"
	} else {
		for _, c := range tx.Calls {
			tr, err := tempo.DecodeTransfer(c.Data)
			if err != nil || c.To == nil {
				continue
			}
			topic := func(a tempo.Address) string { return "0x" + strings.Repeat("0", 24) + hex.EncodeToString(a[:]) }
			amt := "0x" + hex.EncodeToString(new(big.Int).Set(tr.Amount).FillBytes(make([]byte, 32)))
			logs = append(logs, map[string]any{
				"address": c.To.Hex(), "data": amt,
				"topics": []string{"0x" + hex.EncodeToString(tempo.TopicTransfer[:]), topic(tx.From), topic(tr.To)},
			})
			if tr.HasMemo {
				logs = append(logs, map[string]any{
					"address": c.To.Hex(), "data": amt,
					"topics": []string{"0x" + hex.EncodeToString(tempo.TopicTransferWithMemo[:]), topic(tx.From), topic(tr.To), "0x" + hex.EncodeToString(tr.Memo[:])},
				})
			}
		}
	}
	for i, l := range logs {
		l["logIndex"] = fmt.Sprintf("0x%x", i)
	}
	r.receipts[hash] = map[string]any{
		"transactionHash": hash, "status": status, "from": tx.From.Hex(),
		"blockNumber": fmt.Sprintf("0x%x", r.block), "logs": logs,
	}
	return hash, nil
}
