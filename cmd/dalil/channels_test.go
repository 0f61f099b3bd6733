package main

import (
	"encoding/base64"
	"math/big"
	"strings"
	"testing"

	"dalil/rail/mpp"
	"dalil/rail/mpp/mpptest"
)

// TestMPPChannelsEndToEnd drives the MPP session intent through `dalil
// serve` and the fake Tempo RPC with its simulated escrow: open a channel,
// pay several calls with vouchers (dedicated and canonical routes), refuse
// duplicates and foreign signatures, then close: the escrow settles exactly
// the final cumulative amount and refunds the rest.
func TestMPPChannelsEndToEnd(t *testing.T) {
	p := startProviders(t)
	esc := mpptest.NewEscrow(p.rpc, mpp.Networks["tempo-testnet"].Escrow)
	env := map[string]string{}
	for k, v := range p.env {
		env[k] = v
	}
	env[envMPPChannels] = "on"
	base, logs := serveWith(t, env)
	url := base + "/api/v1/mpp/charge/analyze_property"
	canonical := base + "/api/v1" + analyzePath

	a := post(t, url, analyzeBody, nil)
	wantChallenge(t, a, "WWW-Authenticate")
	vals := a.header.Values("WWW-Authenticate")
	if len(vals) != 2 || !strings.Contains(vals[0], `intent="charge"`) {
		t.Fatalf("402 challenges %q", vals)
	}
	h, err := mpptest.SessionHeader(vals)
	if err != nil {
		t.Fatal(err)
	}
	sc, err := mpptest.ParseSessionChallenge(h)
	if err != nil || sc.Amount.Int64() != 10_000 || sc.ChainID != mppChainID || sc.Expires == "" || sc.Escrow.Hex() != mpp.Networks["tempo-testnet"].Escrow {
		t.Fatalf("session challenge %+v %v", sc, err)
	}
	payer := p.mppPayer
	receipt := func(a answer) map[string]any {
		t.Helper()
		return decodeB64JSON(t, base64.RawURLEncoding, a.header.Get("Payment-Receipt"))
	}
	pay := func(u string, payload map[string]any, hdr map[string]string) answer {
		t.Helper()
		if hdr == nil {
			hdr = map[string]string{}
		}
		hdr["Authorization"] = mpptest.SessionCredential(sc, payload)
		return post(t, u, analyzeBody, hdr)
	}

	// Open with a deposit of 10 calls; the initial voucher pays the first.
	raw, id := payer.OpenTx(sc, mpptest.ChannelOpen{Deposit: big.NewInt(100_000), Salt: [32]byte{1}})
	idHex := mpptest.Hex32(id)
	ok := pay(url, payer.OpenPayload(sc, raw, id, big.NewInt(10_000), nil), nil)
	wantPaid(t, ok, "mpp", "Payment-Receipt")
	if r := receipt(ok); r["intent"] != "session" || r["channelId"] != idHex || r["spent"] != "10000" || r["txHash"] == "" {
		t.Errorf("open receipt %v", r)
	}
	// Three more calls, one on the canonical route.
	for i, u := range []string{url, url, canonical} {
		cum := big.NewInt(int64(i+2) * 10_000)
		var hdr map[string]string
		if u == canonical {
			hdr = map[string]string{"X-Service-Payment-Method": "mpp"}
		}
		ok := pay(u, payer.VoucherPayload(sc, id, cum), hdr)
		wantPaid(t, ok, "mpp", "Payment-Receipt")
		if r := receipt(ok); r["acceptedCumulative"] != cum.String() || r["spent"] != cum.String() || r["reference"] != idHex {
			t.Errorf("voucher %s receipt %v", cum, r)
		}
	}
	// The same voucher sent 8 times at once pays one call.
	dup := mpptest.SessionCredential(sc, payer.VoucherPayload(sc, id, big.NewInt(50_000)))
	got := concurrently(t, 8, func() answer { return post(t, url, analyzeBody, map[string]string{"Authorization": dup}) })
	if got[200] != 1 || got[402] != 7 {
		t.Fatalf("8 duplicate vouchers: %v", got)
	}
	// Refusals are 402 PAYMENT_INVALID with a reason.
	r := pay(url, mpptest.NewPayer("mallory").VoucherPayload(sc, id, big.NewInt(60_000)), nil)
	wantRefused(t, r, "foreign voucher")
	if !strings.Contains(r.raw2(), "wrong signer") {
		t.Errorf("foreign voucher: %s", r.raw)
	}
	r = pay(url, payer.VoucherPayload(sc, id, big.NewInt(200_000)), nil)
	wantRefused(t, r, "voucher over deposit")
	// A top-up through the paid route runs no tool.
	top := map[string]any{"action": "topUp", "type": "transaction", "channelId": idHex,
		"transaction": "0x" + hexOf(payer.TopUpTx(sc, id, big.NewInt(50_000))), "additionalDeposit": "50000"}
	tu := do(t, "POST", url, "", map[string]string{"Authorization": mpptest.SessionCredential(sc, top)})
	if tu.status != 200 || tu.header.Get("Payment-Receipt") == "" {
		t.Fatalf("topUp: %d %s", tu.status, tu.raw)
	}
	if d, _ := tu.body["data"].(map[string]any); d["deposit"] != "150000" {
		t.Errorf("topUp answer %s", tu.raw)
	}
	// Close: the payee's close() settles 50000 on chain, refunds 100000.
	cl := do(t, "POST", url, "", map[string]string{"Authorization": mpptest.SessionCredential(sc, payer.ClosePayload(sc, id, big.NewInt(50_000)))})
	if cl.status != 200 {
		t.Fatalf("close: %d %s", cl.status, cl.raw)
	}
	rc := receipt(cl)
	if rc["intent"] != "session" || rc["acceptedCumulative"] != "50000" || rc["txHash"] == "" {
		t.Errorf("close receipt %v", rc)
	}
	closed, done := esc.Close(id)
	if !done || closed.Amount.Int64() != 50_000 || closed.Refund.Int64() != 100_000 || !strings.EqualFold(closed.By.Hex(), env[envMPPRecipient]) {
		t.Fatalf("escrow close %+v %v", closed, done)
	}
	wantRefused(t, pay(url, payer.VoucherPayload(sc, id, big.NewInt(60_000)), nil), "voucher after close")
	for _, s := range p.secrets {
		if strings.Contains(logs.String(), s) {
			t.Error("a secret reached the log")
		}
	}
}

func (a answer) raw2() string { return string(a.raw) }

func hexOf(b []byte) string {
	const digits = "0123456789abcdef"
	out := make([]byte, 2*len(b))
	for i, c := range b {
		out[2*i], out[2*i+1] = digits[c>>4], digits[c&15]
	}
	return string(out)
}
