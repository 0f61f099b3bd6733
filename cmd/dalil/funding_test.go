package main

import (
	"strings"
	"testing"

	"dalil/rail/x402/x402test"
)

// TestFundingEndToEnd: `dalil serve` with the local facilitator, LND and
// Tempo RPC; an agent pays over each rail at POST /api/v1/accounts and
// gets a key holding the amount; the replayed credential creates nothing;
// a declined x402 settlement creates nothing; a top-up adds to the key's
// account; out-of-bounds amounts are 400 before any challenge.
func TestFundingEndToEnd(t *testing.T) {
	p := startProviders(t)
	p.env[envFundingRails] = "x402,l402,mpp"
	p.env[envFundingMin], p.env[envFundingMax] = "0.50", "20"
	base, _ := serveWith(t, p.env)
	pm := do(t, "GET", base+"/api/v1/payment-methods", "", nil)
	if !strings.Contains(string(pm.raw), `"fundingMethods":["x402","l402","mpp"]`) {
		t.Fatalf("payment-methods: %s", pm.raw)
	}
	body := `{"usd":"2.50","name":"agent-1"}`
	if a := post(t, base+"/api/v1/accounts", `{"usd":"20.01"}`, nil); a.status != 400 || a.header.Get("Payment-Required") != "" {
		t.Fatalf("above the maximum: %d %s", a.status, a.raw)
	}
	pays := map[string]func(answer) map[string]string{
		"x402": func(a answer) map[string]string { return p.payX402(t, a, 2) },
		"l402": func(a answer) map[string]string { return p.payL402(t, a) },
		"mpp":  func(a answer) map[string]string { return p.payMPP(t, a) },
	}
	for _, rail := range []string{"x402", "l402", "mpp"} {
		h := map[string]string{"X-Service-Payment-Method": rail}
		ch := post(t, base+"/api/v1/accounts", body, h)
		wantChallenge(t, ch)
		cred := pays[rail](ch)
		cred["X-Service-Payment-Method"] = rail
		a := post(t, base+"/api/v1/accounts", body, cred)
		d, _ := a.body["data"].(map[string]any)
		key, _ := d["apiKey"].(string)
		if a.status != 201 || key == "" || d["creditsUsd"] != 2.5 || d["rail"] != rail {
			t.Fatalf("%s funding: %d %s", rail, a.status, a.raw)
		}
		bal := do(t, "GET", base+"/api/v1/account/balance", "", map[string]string{"X-API-Key": key})
		if bal.status != 200 || !strings.Contains(string(bal.raw), "2.5") {
			t.Fatalf("%s balance: %d %s", rail, bal.status, bal.raw)
		}
		tx := do(t, "GET", base+"/api/v1/account/transactions", "", map[string]string{"X-API-Key": key})
		if !strings.Contains(string(tx.raw), `"rail":"`+rail+`"`) || !strings.Contains(string(tx.raw), d["credential"].(string)) {
			t.Fatalf("%s ledger: %s", rail, tx.raw)
		}
		again := post(t, base+"/api/v1/accounts", body, cred)
		wantRefused(t, again, rail+" replay")
		if strings.Contains(string(again.raw), key) {
			t.Fatalf("%s replay showed the key", rail)
		}
		if rail == "x402" {
			// A top-up over x402 adds to this key's account.
			kh := map[string]string{"X-API-Key": key}
			ch := post(t, base+"/api/v1/account/top-up", `{"usd":"1"}`, kh)
			wantChallenge(t, ch)
			cred := p.payX402(t, ch, 2)
			cred["X-API-Key"] = key
			if a := post(t, base+"/api/v1/account/top-up", `{"usd":"1"}`, cred); a.status != 200 || !strings.Contains(string(a.raw), `"creditsUsd":3.5`) {
				t.Fatalf("top-up: %d %s", a.status, a.raw)
			}
		}
	}
	// A declined settlement creates nothing; the same credential pays later.
	p.fac.Set(x402test.Behavior{SettleFail: "insufficient_funds"})
	h := map[string]string{"X-Service-Payment-Method": "x402"}
	cred := p.payX402(t, post(t, base+"/api/v1/accounts", body, h), 2)
	wantRefused(t, post(t, base+"/api/v1/accounts", body, cred), "declined settlement")
	p.fac.Set(x402test.Behavior{})
	if a := post(t, base+"/api/v1/accounts", body, cred); a.status != 201 {
		t.Fatalf("after the decline: %d %s", a.status, a.raw)
	}
}

func TestFundingOffByDefaultServe(t *testing.T) {
	p := startProviders(t)
	base, _ := serveWith(t, p.env)
	if a := post(t, base+"/api/v1/accounts", `{"usd":"5"}`, nil); a.status != 404 {
		t.Fatalf("funding off: %d %s", a.status, a.raw)
	}
	pm := do(t, "GET", base+"/api/v1/payment-methods", "", nil)
	if !strings.Contains(string(pm.raw), `"fundingMethods":[]`) {
		t.Fatalf("payment-methods: %s", pm.raw)
	}
}
