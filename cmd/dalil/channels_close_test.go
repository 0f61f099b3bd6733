package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"math/big"
	"path/filepath"
	"strings"
	"testing"

	"dalil/rail/mpp"
	"dalil/rail/mpp/mpptest"
)

// TestMPPOperatorCloseChannel closes payment channels from the operator's
// side through `dalil serve`'s admin route and the `dalil mpp
// close-channel` command: the escrow settles the highest voucher.
func TestMPPOperatorCloseChannel(t *testing.T) {
	p := startProviders(t)
	esc := mpptest.NewEscrow(p.rpc, mpp.Networks["tempo-testnet"].Escrow)
	env := map[string]string{}
	for k, v := range p.env {
		env[k] = v
	}
	env[envMPPChannels] = "on"
	env["DALIL_ADMIN_TOKEN"] = "operator-token-for-tests-0123456789"
	db := filepath.Join(t.TempDir(), "dalil.db")
	base, logs := serveOn(t, env, db)
	url := base + "/api/v1/mpp/charge/analyze_property"

	h, err := mpptest.SessionHeader(post(t, url, analyzeBody, nil).header.Values("WWW-Authenticate"))
	if err != nil {
		t.Fatal(err)
	}
	sc, err := mpptest.ParseSessionChallenge(h)
	if err != nil {
		t.Fatal(err)
	}
	payer := p.mppPayer
	ids := map[string][32]byte{}
	open := func(salt byte) string {
		t.Helper()
		raw, id := payer.OpenTx(sc, mpptest.ChannelOpen{Deposit: big.NewInt(100_000), Salt: [32]byte{salt}})
		wantPaid(t, post(t, url, analyzeBody, map[string]string{"Authorization": mpptest.SessionCredential(sc, payer.OpenPayload(sc, raw, id, big.NewInt(10_000), nil))}), "mpp", "Payment-Receipt")
		ids[mpptest.Hex32(id)] = id
		return mpptest.Hex32(id)
	}
	closedOnChain := func(idHex string) *mpptest.Closed {
		if c, ok := esc.Close(ids[idHex]); ok {
			return &c
		}
		return nil
	}

	// The admin route.
	a := open(7)
	route := base + "/admin/v1/mpp/channels/" + a + "/close"
	if r := post(t, route, "", nil); r.status != 401 || r.code() != "UNAUTHORIZED" {
		t.Errorf("without token: %d %s", r.status, r.raw)
	}
	admin := map[string]string{"Authorization": "Bearer operator-token-for-tests-0123456789"}
	if r := post(t, base+"/admin/v1/mpp/channels/0x"+strings.Repeat("0", 64)+"/close", "", admin); r.status != 404 || r.code() != "NOT_FOUND" {
		t.Errorf("unknown channel: %d %s", r.status, r.raw)
	}
	if closedOnChain(a) != nil {
		t.Fatal("closed before the operator asked")
	}
	r := post(t, route, "", admin)
	d, _ := r.body["data"].(map[string]any)
	if r.status != 200 || d["status"] != "closed" || d["settled"] != "10000" || d["refunded"] != "90000" || d["txHash"] == "" {
		t.Fatalf("admin close: %d %s", r.status, r.raw)
	}
	if c := closedOnChain(a); c == nil || c.Amount.Int64() != 10_000 {
		t.Fatalf("escrow close %+v", c)
	}
	// A repeated close answers the closed channel again.
	if r := post(t, route, "{}", admin); r.status != 200 {
		t.Errorf("repeated close: %d %s", r.status, r.raw)
	}

	// The CLI, on the same database and DALIL_* variables.
	b := open(8)
	getenv := func(k string) string { return env[k] }
	var stdout, stderr bytes.Buffer
	if err := run(context.Background(), []string{"mpp", "close-channel", b, "--db", db, "--json"}, getenv, nil, &stdout, &stderr); err != nil {
		t.Fatalf("mpp close-channel: %v\n%s", err, stderr.String())
	}
	var v map[string]any
	if err := json.Unmarshal(stdout.Bytes(), &v); err != nil || v["channelId"] != b || v["status"] != "closed" || v["settled"] != "10000" {
		t.Fatalf("mpp close-channel printed %s (%v)", stdout.String(), err)
	}
	if c := closedOnChain(b); c == nil || c.Amount.Int64() != 10_000 {
		t.Fatalf("escrow close %+v", c)
	}
	err = run(context.Background(), []string{"mpp", "close-channel", "0x" + strings.Repeat("0", 64), "--db", db}, getenv, nil, io.Discard, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "not found") {
		t.Errorf("unknown channel: %v", err)
	}
	if err := run(context.Background(), []string{"mpp", "close-channel", "--db", db}, getenv, nil, io.Discard, io.Discard); err == nil {
		t.Error("close-channel without an id succeeded")
	}
	// Channels off: the command says so.
	off := func(k string) string {
		if k == envMPPChannels {
			return ""
		}
		return env[k]
	}
	if err := run(context.Background(), []string{"mpp", "close-channel", b, "--db", db}, off, nil, io.Discard, io.Discard); err == nil || !strings.Contains(err.Error(), "not enabled") {
		t.Errorf("channels off: %v", err)
	}
	for _, s := range append(p.secrets, "operator-token-for-tests-0123456789") {
		if strings.Contains(logs.String(), s) || strings.Contains(stderr.String(), s) {
			t.Error("a secret reached the log")
		}
	}
}

// TestMPPChannelIdleSetting: a malformed DALIL_MPP_CHANNEL_IDLE stops
// `dalil serve` before it listens, naming the variable.
func TestMPPChannelIdleSetting(t *testing.T) {
	env := map[string]string{envMPPChannelIdle: "soon"}
	var stderr bytes.Buffer
	err := run(context.Background(), []string{"serve", "--addr", "127.0.0.1:0", "--db", filepath.Join(t.TempDir(), "d.db")},
		func(k string) string { return env[k] }, nil, io.Discard, &stderr)
	if err == nil || !strings.Contains(err.Error(), envMPPChannelIdle) || strings.Contains(stderr.String(), "listening") {
		t.Errorf("serve with %s=soon: %v", envMPPChannelIdle, err)
	}
}
