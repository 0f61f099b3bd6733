package mpp

import (
	"bytes"
	"context"
	"encoding/hex"
	"io"
	"log/slog"
	"math/big"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"dalil/rail/mpp/internal/tempo"
	"dalil/rail/mpp/mpptest"
)

// TestChannelSweep: the sweep closes an idle channel and one whose payer
// requested a close on chain, and leaves an active one and one with
// nothing to settle alone.
func TestChannelSweep(t *testing.T) {
	f := newChanFixture(t)
	ctx := context.Background()
	_, idle := f.open(t, 50_000, 10_000)
	// A channel with nothing to settle: no voucher. It is not on chain, so
	// any attempt to read or close it would fail the sweep.
	start := f.clock.Now()
	empty := Channel{ID: "0x" + strings.Repeat("0e", 32), Escrow: f.ch.Escrow(), ChainID: f.rail.ChainID(),
		Payer: "0x00000000000000000000000000000000000000a1", Payee: "0x00000000000000000000000000000000000000b2",
		Token: "0x20c0000000000000000000000000000000000000", AuthorizedSigner: "0x00000000000000000000000000000000000000a1",
		Deposit: big.NewInt(5), SettledOnChain: big.NewInt(0), Accepted: big.NewInt(0), Spent: big.NewInt(0),
		Status: ChannelOpen, CreatedAt: start, UpdatedAt: start}
	if _, _, err := f.store.CreateChannel(ctx, empty); err != nil {
		t.Fatal(err)
	}
	f.clock.Add(25 * time.Hour)
	_, active := f.open(t, 60_000, 10_000)
	_, requested := f.open(t, 70_000, 10_000)
	f.esc.Edit(requested, func(c *tempo.Channel) { c.CloseRequestedAt = uint64(f.clock.Now().Unix()) })

	var logs bytes.Buffer
	res := f.ch.Sweep(ctx, 24*time.Hour, slog.New(slog.NewTextHandler(&logs, nil)))
	if res != (SweepResult{Checked: 4, Closed: 2}) {
		t.Fatalf("sweep = %+v, want 4 checked, 2 closed; logs:\n%s", res, logs.String())
	}
	for _, tc := range []struct {
		id     [32]byte
		status ChannelStatus
	}{{idle, ChannelClosed}, {requested, ChannelClosed}, {active, ChannelOpen}} {
		ch, err := f.store.GetChannel(ctx, mpptest.Hex32(tc.id))
		if err != nil || ch.Status != tc.status {
			t.Errorf("channel %x: status %s %v, want %s", tc.id[:4], ch.Status, err, tc.status)
		}
		c, closed := f.esc.Close(tc.id)
		if closed != (tc.status == ChannelClosed) || (closed && c.Amount.Int64() != 10_000) {
			t.Errorf("channel %x: escrow close %v %+v", tc.id[:4], closed, c)
		}
	}
	if ch, err := f.store.GetChannel(ctx, empty.ID); err != nil || ch.Status != ChannelOpen || ch.Version != 1 {
		t.Errorf("empty channel touched: %+v %v", ch, err)
	}
	if !strings.Contains(logs.String(), "reason=idle") || !strings.Contains(logs.String(), `reason="close requested by the payer"`) {
		t.Errorf("logs do not name the reasons:\n%s", logs.String())
	}
	// The active channel still takes calls; the next sweep closes nothing.
	if res := f.ch.Sweep(ctx, 24*time.Hour, nil); res != (SweepResult{Checked: 2}) {
		t.Errorf("second sweep = %+v", res)
	}
	// Once idle, it is closed too.
	f.clock.Add(25 * time.Hour)
	if res := f.ch.Sweep(ctx, 24*time.Hour, nil); res != (SweepResult{Checked: 2, Closed: 1}) {
		t.Errorf("third sweep = %+v", res)
	}
	if _, ok := f.esc.Close(active); !ok {
		t.Error("idle channel not closed on chain")
	}
}

// TestChannelSweepFinalizedElsewhere: a channel the escrow reports
// finalized (the payer withdrew) is marked closed, not retried forever.
func TestChannelSweepFinalizedElsewhere(t *testing.T) {
	f := newChanFixture(t)
	ctx := context.Background()
	_, id := f.open(t, 50_000, 10_000)
	f.esc.Edit(id, func(c *tempo.Channel) { c.Finalized = true })
	if res := f.ch.Sweep(ctx, time.Hour, nil); res != (SweepResult{Checked: 1}) {
		t.Fatalf("sweep = %+v", res)
	}
	if ch, _ := f.store.GetChannel(ctx, mpptest.Hex32(id)); ch.Status != ChannelClosed {
		t.Errorf("status %s, want closed", ch.Status)
	}
	if res := f.ch.Sweep(ctx, time.Hour, nil); res != (SweepResult{}) {
		t.Errorf("second sweep = %+v", res)
	}
}

// failingRPC forwards JSON-RPC calls to target, except eth_call requests
// naming the channel in bad, which it answers with an error.
type failingRPC struct {
	mu  sync.Mutex
	bad string // channel id hex, without 0x
}

func (p *failingRPC) set(id string) { p.mu.Lock(); p.bad = strings.TrimPrefix(id, "0x"); p.mu.Unlock() }

func (p *failingRPC) start(t *testing.T, target string) string {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		p.mu.Lock()
		bad := p.bad
		p.mu.Unlock()
		if bad != "" && bytes.Contains(body, []byte(`"eth_call"`)) && bytes.Contains(body, []byte(bad)) {
			w.Header().Set("Content-Type", "application/json")
			_, _ = w.Write([]byte(`{"jsonrpc":"2.0","id":1,"error":{"code":-32000,"message":"header not found"}}`))
			return
		}
		resp, err := http.Post(target, "application/json", bytes.NewReader(body))
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadGateway)
			return
		}
		defer resp.Body.Close()
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(resp.StatusCode)
		_, _ = io.Copy(w, resp.Body)
	}))
	t.Cleanup(srv.Close)
	return srv.URL
}

// TestChannelSweepOneFailureDoesNotStopOthers: the RPC fails for one
// channel; the others are still closed, the failure is logged and the
// channel is closed by a later sweep.
func TestChannelSweepOneFailureDoesNotStopOthers(t *testing.T) {
	proxy := &failingRPC{}
	fx := newFixture(t, func(c *Config) { c.RPCURL = proxy.start(t, c.RPCURL) })
	esc := mpptest.NewEscrow(fx.rpc, testEscrow)
	st := NewMemoryChannelStore()
	ch, err := fx.rail.EnableChannels(ChannelsConfig{Store: st, PayeeKey: testPayeeKey[:]})
	if err != nil {
		t.Fatal(err)
	}
	f := &chanFixture{fixture: fx, esc: esc, ch: ch, store: st, price: big.NewInt(int64(testQuote.Price))}
	ctx := context.Background()
	var ids []string
	for i := range 3 {
		_, id := f.open(t, int64(40_000+i*10_000), 10_000)
		ids = append(ids, mpptest.Hex32(id))
	}
	// Fail the first channel in sweep order (by id).
	first := ids[0]
	for _, id := range ids {
		first = min(first, id)
	}
	proxy.set(first)
	f.clock.Add(2 * time.Hour)
	var logs bytes.Buffer
	res := f.ch.Sweep(ctx, time.Hour, slog.New(slog.NewTextHandler(&logs, nil)))
	if res != (SweepResult{Checked: 3, Closed: 2, Failed: 1}) {
		t.Fatalf("sweep = %+v; logs:\n%s", res, logs.String())
	}
	for _, id := range ids {
		c, _ := st.GetChannel(ctx, id)
		if want := map[bool]ChannelStatus{true: ChannelOpen, false: ChannelClosed}[id == first]; c.Status != want {
			t.Errorf("channel %s: %s, want %s", id, c.Status, want)
		}
	}
	if !strings.Contains(logs.String(), "close failed") || !strings.Contains(logs.String(), first) {
		t.Errorf("failure not logged with the channel id:\n%s", logs.String())
	}
	if strings.Contains(logs.String(), hex.EncodeToString(testPayeeKey[:])) {
		t.Error("the payee key reached the log")
	}
	// The RPC recovers: the next sweep closes the failed channel.
	proxy.set("")
	if res := f.ch.Sweep(ctx, time.Hour, nil); res != (SweepResult{Checked: 1, Closed: 1}) {
		t.Fatalf("retry sweep = %+v", res)
	}
	if c, _ := st.GetChannel(ctx, first); c.Status != ChannelClosed {
		t.Errorf("failed channel after retry: %s", c.Status)
	}
}

// TestChannelSweepClosesFinalizedClosingChannel: a channel whose close
// reverted stays "closing" with no stored close transaction. If the escrow
// then reports it finalized (the payer withdrew after the grace period),
// the sweep marks it closed "so it is not retried forever"
// (docs/rail-mpp.md), as it does for open channels. (Every sweep once took
// the "unfinished close" branch, CloseChannel answered ErrFinalizedOnChain,
// and the channel was counted failed and retried forever.)
func TestChannelSweepClosesFinalizedClosingChannel(t *testing.T) {
	f := newChanFixture(t)
	ctx := context.Background()
	_, id := f.open(t, 50_000, 10_000)
	f.rpc.Revert.Store(true)
	if _, err := f.ch.CloseChannel(ctx, mpptest.Hex32(id)); err == nil {
		t.Fatal("reverted close succeeded")
	}
	f.rpc.Revert.Store(false)
	if ch, _ := f.store.GetChannel(ctx, mpptest.Hex32(id)); ch.Status != ChannelClosing || len(ch.CloseRaw) != 0 {
		t.Fatalf("after a reverted close: status %s, close raw %d bytes", ch.Status, len(ch.CloseRaw))
	}
	f.esc.Edit(id, func(c *tempo.Channel) { c.Finalized = true }) // the payer withdrew
	f.clock.Add(time.Minute)
	f.ch.Sweep(ctx, time.Hour, nil)
	f.clock.Add(5 * time.Minute)
	res := f.ch.Sweep(ctx, time.Hour, nil)
	ch, _ := f.store.GetChannel(ctx, mpptest.Hex32(id))
	if res.Failed != 0 || ch.Status != ChannelClosed {
		t.Errorf("second sweep: %+v, channel status %s: a channel finalized on chain is retried (and fails) on every sweep instead of being marked closed", res, ch.Status)
	}
}
