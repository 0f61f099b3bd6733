package mpp

import (
	"bytes"
	"context"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/big"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"dalil/rail/mpp/internal/tempo"
)

// rpcClient is the few Tempo JSON-RPC calls the rail makes.
type rpcClient struct {
	url    string
	http   *http.Client
	nextID atomic.Int64

	mu        sync.Mutex
	chainOK   bool // eth_chainId matched once; the endpoint does not change chains
	wantChain uint64
}

// rpcError is a JSON-RPC error object returned by the node.
type rpcError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

func (e *rpcError) Error() string { return fmt.Sprintf("rpc error %d: %s", e.Code, e.Message) }

// maxRPCResponse caps a JSON-RPC response; receipts of one transfer are small.
const maxRPCResponse = 1 << 20

func (c *rpcClient) call(ctx context.Context, method string, params []any, out any) error {
	if params == nil {
		params = []any{}
	}
	body, err := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": c.nextID.Add(1), "method": method, "params": params})
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.url, bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := c.http.Do(req)
	if err != nil {
		// net/http quotes the whole URL, and RPC URLs often carry the
		// provider's key in their path or query: keep only the cause.
		var ue *url.Error
		if errors.As(err, &ue) {
			return fmt.Errorf("%s: %s %s: %w", method, ue.Op, redactedHost(c.url), ue.Err)
		}
		return fmt.Errorf("%s: %w", method, err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, maxRPCResponse))
	if err != nil {
		return fmt.Errorf("%s: read response: %w", method, err)
	}
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("%s: HTTP %d", method, resp.StatusCode)
	}
	var env struct {
		Result json.RawMessage `json:"result"`
		Error  *rpcError       `json:"error"`
	}
	if err := json.Unmarshal(data, &env); err != nil {
		return fmt.Errorf("%s: malformed response: %w", method, err)
	}
	if env.Error != nil {
		return env.Error
	}
	if out == nil {
		return nil
	}
	if len(env.Result) == 0 {
		return fmt.Errorf("%s: response has no result", method)
	}
	return json.Unmarshal(env.Result, out)
}

// checkChain verifies once that the endpoint serves the configured chain, so
// a misconfigured RPC URL cannot settle payments on another network.
func (c *rpcClient) checkChain(ctx context.Context) error {
	c.mu.Lock()
	ok := c.chainOK
	c.mu.Unlock()
	if ok {
		return nil
	}
	var s string
	if err := c.call(ctx, "eth_chainId", nil, &s); err != nil {
		return err
	}
	id, err := parseQuantity(s)
	if err != nil {
		return fmt.Errorf("eth_chainId: %v", err)
	}
	if !id.IsUint64() || id.Uint64() != c.wantChain {
		return fmt.Errorf("RPC endpoint is on chain %s, configured chain is %d", id, c.wantChain)
	}
	c.mu.Lock()
	c.chainOK = true
	c.mu.Unlock()
	return nil
}

// receipt is the part of eth_getTransactionReceipt the rail reads.
type receipt struct {
	TransactionHash string `json:"transactionHash"`
	Status          string `json:"status"`
	From            string `json:"from"`
	BlockNumber     string `json:"blockNumber"`
	Logs            []struct {
		Address string   `json:"address"`
		Topics  []string `json:"topics"`
		Data    string   `json:"data"`
	} `json:"logs"`
}

// getReceipt returns the receipt of hash, or nil while it is unknown/pending.
func (c *rpcClient) getReceipt(ctx context.Context, hash [32]byte) (*receipt, error) {
	var r *receipt
	if err := c.call(ctx, "eth_getTransactionReceipt", []any{"0x" + hex.EncodeToString(hash[:])}, &r); err != nil {
		return nil, err
	}
	return r, nil
}

// waitReceipt polls for the receipt of hash until it appears or ctx ends.
func (c *rpcClient) waitReceipt(ctx context.Context, hash [32]byte, every time.Duration) (*receipt, error) {
	t := time.NewTicker(every)
	defer t.Stop()
	var lastErr error
	for {
		r, err := c.getReceipt(ctx, hash)
		if err == nil && r != nil {
			return r, nil
		}
		if err != nil {
			lastErr = err
		}
		select {
		case <-ctx.Done():
			if lastErr != nil {
				return nil, fmt.Errorf("no receipt for 0x%x before the deadline (last error: %v)", hash, lastErr)
			}
			return nil, fmt.Errorf("no receipt for 0x%x before the deadline", hash)
		case <-t.C:
		}
	}
}

// broadcast sends raw and waits for its receipt. A node that answers the
// send with an error (already known, nonce used) may still have the
// transaction, so the receipt decides.
func (c *rpcClient) broadcast(ctx context.Context, raw []byte, hash [32]byte, every time.Duration) (*receipt, error) {
	var got string
	sendErr := c.call(ctx, "eth_sendRawTransaction", []any{"0x" + hex.EncodeToString(raw)}, &got)
	if sendErr != nil {
		var re *rpcError
		if !errors.As(sendErr, &re) {
			return nil, sendErr // transport failure: outcome unknown
		}
		r, err := c.getReceipt(ctx, hash)
		if err != nil || r == nil {
			return nil, sendErr
		}
		return r, nil
	}
	if got != "" && !strings.EqualFold(got, "0x"+hex.EncodeToString(hash[:])) {
		return nil, fmt.Errorf("node reports hash %s for transaction 0x%x", got, hash)
	}
	return c.waitReceipt(ctx, hash, every)
}

func (r *receipt) succeeded() bool { return r.Status == "0x1" }

// logs decodes the receipt's TIP-20 transfer events.
func (r *receipt) transfers() []tempo.LogTransfer {
	var out []tempo.LogTransfer
	for _, l := range r.Logs {
		addr, err := tempo.ParseAddress(l.Address)
		if err != nil {
			continue
		}
		lg := tempo.Log{Address: addr}
		ok := true
		for _, t := range l.Topics {
			b, err := tempo.HexBytes(t)
			if err != nil || len(b) != 32 {
				ok = false
				break
			}
			lg.Topics = append(lg.Topics, [32]byte(b))
		}
		if lg.Data, err = tempo.HexBytes(l.Data); err != nil || !ok {
			continue
		}
		if t, ok := tempo.ParseTransferLog(lg); ok {
			out = append(out, t)
		}
	}
	return out
}

// parseQuantity parses a JSON-RPC hex quantity ("0x1a").
func parseQuantity(s string) (*big.Int, error) {
	if !strings.HasPrefix(s, "0x") || len(s) < 3 || len(s) > 66 {
		return nil, fmt.Errorf("%q is not a hex quantity", s)
	}
	v, ok := new(big.Int).SetString(s[2:], 16)
	if !ok {
		return nil, fmt.Errorf("%q is not a hex quantity", s)
	}
	return v, nil
}

func quantity(v *big.Int) string { return "0x" + v.Text(16) }

// redactedHost is the scheme and host of an RPC URL, without the path,
// query or user info where a provider key may sit.
func redactedHost(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return "(rpc)"
	}
	return u.Scheme + "://" + u.Host
}
