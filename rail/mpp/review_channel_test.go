package mpp

// Review tests for the MPP session intent (payment channels). Each test
// fails on the code as reviewed and states the money consequence.

import (
	"context"
	"encoding/hex"
	"math/big"
	"testing"
	"time"

	"dalil/rail/mpp/internal/tempo"
	"dalil/rail/mpp/mpptest"
)

// TestReviewVoucherRecoveryIDZeroOneUnsettleable: a 65-byte voucher
// signature whose v byte is 0/1 (instead of 27/28) is accepted by
// tempo.Recover and stored verbatim as the channel's highest voucher, then
// submitted verbatim in the payee's close(). The real TempoStreamChannel
// verifies with Solady ECDSA.recoverCalldata, which hands v straight to the
// ecrecover precompile: v ∉ {27, 28} recovers nothing and close() reverts
// InvalidSignature. So a payer can be served on v=0/1 vouchers that can never
// be settled, then requestClose() + withdraw() its whole deposit.
// Fixed when such vouchers are refused or normalized to v = 27/28 before
// being stored / used in close().
func TestReviewVoucherRecoveryIDZeroOneUnsettleable(t *testing.T) {
	f := newChanFixture(t)
	ctx := context.Background()
	sc, id := f.open(t, 100_000, 10_000)
	p := f.payer.VoucherPayload(sc, id, big.NewInt(20_000))
	sig, err := tempo.HexBytes(p["signature"].(string))
	if err != nil || len(sig) != 65 || (sig[64] != 27 && sig[64] != 28) {
		t.Fatalf("helper signature %x %v", sig, err)
	}
	sig[64] -= 27 // same (r, s), recovery id encoded as 0/1
	p["signature"] = "0x" + hex.EncodeToString(sig)
	if _, err := f.pay(mpptest.SessionCredential(sc, p)); err != nil {
		return // refused: fine
	}
	ch, err := f.store.GetChannel(ctx, mpptest.Hex32(id))
	if err != nil {
		t.Fatal(err)
	}
	if v := ch.Signature[64]; v != 27 && v != 28 {
		t.Errorf("a voucher with v=%d paid a call and is stored as the channel's settling signature; the escrow's close() (Solady ecrecover) reverts on v not in {27,28}, so this call can never be settled", v)
	}
	closed, err := f.ch.CloseChannel(ctx, mpptest.Hex32(id))
	if err != nil {
		t.Fatalf("CloseChannel: %v", err)
	}
	if v := closed.CloseSignature[64]; v != 27 && v != 28 {
		t.Errorf("close() was submitted with a voucher signature whose v=%d: it reverts on the real escrow", v)
	}
}

// TestReviewOperatorCloseDuringInFlightCallChargesWithoutResult: a voucher
// call is verified (its voucher is now the channel's highest, not yet
// spent) and, while the tool runs, the channel is closed by the operator
// (CloseChannel: POST /admin/.../close, dalil mpp close-channel, or the
// sweep). The close settles the highest accepted voucher — which includes
// this call's price — on chain, then Settle refuses the call
// ("channel-finalized") and httpapi withholds the result: the payer is
// charged on chain for a call it never received. Fixed when either the
// close excludes unspent in-flight credit, or Settle still pays the call
// from the closing/closed channel when the close amount covers it.
func TestReviewOperatorCloseDuringInFlightCallChargesWithoutResult(t *testing.T) {
	f := newChanFixture(t)
	ctx := context.Background()
	sc, id := f.open(t, 100_000, 10_000) // first call paid: spent 10000
	p, err := f.rail.Verify(ctx, authz(mpptest.SessionCredential(sc, f.payer.VoucherPayload(sc, id, big.NewInt(20_000)))), testQuote)
	if err != nil {
		t.Fatal(err)
	}
	// The tool is running; the operator closes the channel meanwhile.
	if _, err := f.ch.CloseChannel(ctx, mpptest.Hex32(id)); err != nil {
		t.Fatalf("CloseChannel: %v", err)
	}
	_, settleErr := f.rail.Settle(ctx, p)
	ch, _ := f.store.GetChannel(ctx, mpptest.Hex32(id))
	closed, ok := f.esc.Close(id)
	if !ok {
		t.Fatal("no close on the escrow")
	}
	if settleErr != nil && closed.Amount.Cmp(ch.Spent) > 0 {
		t.Errorf("the call's Settle failed (%v) so its result is withheld, yet the channel was closed on chain for %s while calls delivered only %s: the payer paid %s for a call it never got",
			settleErr, closed.Amount, ch.Spent, new(big.Int).Sub(closed.Amount, ch.Spent))
	}
}

// TestReviewSweepRetriesFinalizedClosingChannelForever: a channel whose
// close reverted stays "closing" with no stored close transaction. If the
// escrow then reports it finalized (the payer withdrew after the grace
// period), every sweep takes the "unfinished close" branch, CloseChannel
// answers ErrFinalizedOnChain, and the channel is counted failed and
// retried forever — docs/rail-mpp.md says a channel the escrow reports
// finalized is marked closed "so it is not retried forever" (sweepReason
// only does that for open channels).
func TestReviewSweepRetriesFinalizedClosingChannelForever(t *testing.T) {
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
