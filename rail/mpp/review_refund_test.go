package mpp

// Review tests (security review). They demonstrate suspected bugs and are
// expected to FAIL until the code is fixed.

import (
	"context"
	"errors"
	"strings"
	"testing"

	"dalil"
)

// A refund that was mined but reverted (status 0x0) can never succeed: its
// nonce is spent and nothing moved. Close keeps rebroadcasting the stored,
// reverted transaction forever instead of signing a fresh refund, so the
// payer's unused budget is never returned (a settlement that never happens).
func TestReviewRefundRevertedIsNeverRetried(t *testing.T) {
	f := newFixture(t)
	s, _ := newSessions(t, f)
	ctx := context.Background()
	sess := open(t, f, s, openReq)

	f.rpc.Revert.Store(true) // e.g. the recipient lacked fee-token balance at that moment
	if _, _, err := s.Close(ctx, sess.ID); err == nil {
		t.Fatal("close with a reverted refund reported success")
	}
	f.rpc.Revert.Store(false) // the chain would now accept a new refund

	closed, _, err := s.Close(ctx, sess.ID)
	if err != nil {
		t.Fatalf("retried close after a reverted refund still fails (the reverted tx is resent forever; the payer is never refunded): %v", err)
	}
	if closed.Status != SessionClosed {
		t.Fatalf("status %s", closed.Status)
	}
}

// The Tempo RPC URL commonly carries a provider API key in its path or
// query (DALIL_MPP_RPC_URL). A failed refund is a 503 whose cause the access
// log writes (httpapi logs Err for status >= 500); the cause is the
// *url.Error of net/http, which quotes the whole URL, key included.
func TestReviewRPCURLSecretInErrorCause(t *testing.T) {
	const secret = "SECRET-API-KEY-123"
	f := newFixture(t)
	// Rebuild the rail on the same fake RPC, with a key in the URL query.
	cfg := *f.rail.cfg
	cfg.Config.RPCURL = f.rpc.URL + "/v2/" + secret + "?apikey=" + secret
	r, err := New(cfg.Config)
	if err != nil {
		t.Fatal(err)
	}
	f.rail = r
	s, _ := newSessions(t, f)
	sess := open(t, f, s, openReq)

	f.rpc.Close() // the RPC goes away: transport error
	_, _, err = s.Close(context.Background(), sess.ID)
	var de *dalil.Error
	if !errors.As(err, &de) {
		t.Fatalf("close: %v", err)
	}
	if de.Code != dalil.CodeProviderUnavailable {
		t.Fatalf("code %s", de.Code)
	}
	if de.Err != nil && strings.Contains(de.Err.Error(), secret) {
		t.Errorf("the error cause (logged by the access log for a 503) carries the RPC URL's API key: %q", de.Err.Error())
	}
	if strings.Contains(err.Error(), secret) {
		t.Errorf("err.Error() carries the RPC URL's API key")
	}
}
