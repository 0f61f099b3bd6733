package x402test_test

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"dalil/rail/x402"
	"dalil/rail/x402/x402test"
)

const payTo = "0x209693Bc6afc0C5328bA36FaF03C514EF312287C"

var now = time.Unix(1_800_000_000, 0)

// post sends a facilitator request built by hand from the documented wire
// format (not by package x402), so the facilitator is tested on the wire.
func post(t *testing.T, url, path, token string, body any) (int, map[string]any) {
	t.Helper()
	b, _ := json.Marshal(body)
	req, _ := http.NewRequest(http.MethodPost, url+path, bytes.NewReader(b))
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var out map[string]any
	json.NewDecoder(resp.Body).Decode(&out)
	return resp.StatusCode, out
}

func v2Request(t *testing.T, header string) map[string]any {
	t.Helper()
	raw, _ := base64.StdEncoding.DecodeString(header)
	return map[string]any{
		"x402Version":    2,
		"paymentPayload": json.RawMessage(raw),
		"paymentRequirements": map[string]any{
			"scheme": "exact", "network": "eip155:84532", "amount": "10000",
			"asset": "0x036CbD53842c5426634e7929541eC2318f3dCF7e", "payTo": payTo,
			"maxTimeoutSeconds": 60, "extra": map[string]any{"name": "USDC", "version": "2"},
		},
	}
}

func TestFacilitatorWire(t *testing.T) {
	f := x402test.NewFacilitator(t, x402test.Options{Token: "tok", Now: func() time.Time { return now }})
	key := x402test.NewKey()
	a := x402test.NewAuthorization(key, payTo, "10000", now, time.Minute)
	hv, err := x402test.Sign(key, a, "eip155:84532", 2)
	if err != nil {
		t.Fatal(err)
	}
	body := v2Request(t, hv)

	if code, _ := post(t, f.URL(), "/verify", "", body); code != http.StatusUnauthorized {
		t.Errorf("no token: HTTP %d", code)
	}
	code, out := post(t, f.URL(), "/verify", "tok", body)
	if code != 200 || out["isValid"] != true || out["payer"] != x402test.Address(key) {
		t.Fatalf("verify: %d %v", code, out)
	}
	code, out = post(t, f.URL(), "/settle", "tok", body)
	if code != 200 || out["success"] != true || out["network"] != "eip155:84532" || len(out["transaction"].(string)) != 66 {
		t.Fatalf("settle: %d %v", code, out)
	}
	if s := f.Settlements(); len(s) != 1 || s[0].Nonce != a.Nonce || s[0].Payer != x402test.Address(key) {
		t.Errorf("settlements %+v", s)
	}
	// The nonce is spent, as on chain.
	if _, out = post(t, f.URL(), "/settle", "tok", body); out["success"] != false || out["errorReason"] != "invalid_transaction_state" {
		t.Errorf("second settle: %v", out)
	}
	if _, out = post(t, f.URL(), "/verify", "tok", body); out["isValid"] != false {
		t.Errorf("verify after settle: %v", out)
	}

	// It re-verifies the signature itself: a tampered payload is refused.
	a2 := x402test.NewAuthorization(key, payTo, "10000", now, time.Minute)
	sig, _ := x402test.SignAuthorization(key, a2, "eip155:84532")
	a2.Value = "10001"
	bad, _ := x402test.Encode(2, "eip155:84532", a2, sig)
	req := v2Request(t, bad)
	req["paymentRequirements"].(map[string]any)["amount"] = "10001"
	if _, out = post(t, f.URL(), "/verify", "tok", req); out["isValid"] != false || out["invalidReason"] != x402.ReasonSignature {
		t.Errorf("tampered: %v", out)
	}
	// Requirements for another asset are refused.
	req = v2Request(t, hv)
	req["paymentRequirements"].(map[string]any)["asset"] = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913"
	if code, out = post(t, f.URL(), "/verify", "tok", req); code != 400 || out["invalidReason"] != "invalid_payment_requirements" {
		t.Errorf("foreign asset: %d %v", code, out)
	}

	// /supported lists both versions of both networks.
	r, _ := http.NewRequest(http.MethodGet, f.URL()+"/supported", nil)
	r.Header.Set("Authorization", "Bearer tok")
	resp, err := http.DefaultClient.Do(r)
	if err != nil {
		t.Fatal(err)
	}
	var sup struct {
		Kinds []struct {
			X402Version int    `json:"x402Version"`
			Scheme      string `json:"scheme"`
			Network     string `json:"network"`
		} `json:"kinds"`
	}
	json.NewDecoder(resp.Body).Decode(&sup)
	resp.Body.Close()
	if len(sup.Kinds) != 4 {
		t.Errorf("supported = %+v", sup)
	}
	if v, s := f.Calls(); v != 4 || s != 2 { // the unauthorized call is not counted
		t.Errorf("calls = %d verify, %d settle", v, s)
	}
}

func TestFacilitatorV1AndPrefix(t *testing.T) {
	f := x402test.New(x402test.Options{Now: func() time.Time { return now }})
	srv := httptest.NewServer(http.StripPrefix("", f.Handler()))
	defer srv.Close()
	defer f.Close()
	key := x402test.NewKey()
	a := x402test.NewAuthorization(key, payTo, "250000", now, time.Minute)
	hv, _ := x402test.Sign(key, a, "base", 1)
	raw, _ := base64.StdEncoding.DecodeString(hv)
	body := map[string]any{
		"x402Version":    1,
		"paymentPayload": json.RawMessage(raw),
		"paymentRequirements": map[string]any{
			"scheme": "exact", "network": "base", "maxAmountRequired": "250000",
			"resource": "https://dalil.example/x", "description": "", "mimeType": "application/json",
			"payTo": payTo, "maxTimeoutSeconds": 60, "asset": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
			"extra": map[string]any{"name": "USD Coin", "version": "2"},
		},
	}
	if _, out := post(t, srv.URL, "/facilitator/settle", "", body); out["success"] != true || out["network"] != "base" {
		t.Errorf("v1 settle under a prefix: %v", out)
	}
}

// TestPayReadsChallenges pays a challenge built by hand (as another server
// would send it), checking Pay follows the clients' conventions.
func TestPayReadsChallenges(t *testing.T) {
	key := x402test.NewKey()
	accepts := map[string]any{
		"scheme": "exact", "network": "eip155:8453", "amount": "10000",
		"asset": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913", "payTo": payTo,
		"maxTimeoutSeconds": 90, "extra": map[string]any{"name": "USD Coin", "version": "2"},
	}
	pr, _ := json.Marshal(map[string]any{"x402Version": 2, "resource": map[string]any{"url": "https://x"}, "accepts": []any{accepts}})
	h := http.Header{}
	h.Set(x402.HeaderPaymentRequired, base64.StdEncoding.EncodeToString(pr))
	name, value, err := x402test.Pay(key, 2, h, nil, now)
	if err != nil || name != x402.HeaderPaymentSignature {
		t.Fatalf("Pay = %s, %v", name, err)
	}
	raw, _ := base64.StdEncoding.DecodeString(value)
	var got struct {
		Accepted map[string]any `json:"accepted"`
		Resource map[string]any `json:"resource"`
		Payload  struct {
			Authorization x402.Authorization `json:"authorization"`
		} `json:"payload"`
	}
	json.Unmarshal(raw, &got)
	au := got.Payload.Authorization
	if au.ValidAfter != "0" || au.ValidBefore != "1800000090" || au.Value != "10000" || au.To != payTo || got.Accepted["maxTimeoutSeconds"] != 90.0 || got.Resource["url"] != "https://x" {
		t.Errorf("payload = %s", raw)
	}
	n, _ := x402.LookupNetwork("eip155:8453")
	v, err := x402.CheckPayload(2, raw, x402.Requirement{Network: n, Amount: "10000", PayTo: payTo, MaxTimeoutSeconds: 90}, now)
	if err != nil || v.Payer != x402test.Address(key) {
		t.Errorf("CheckPayload = %+v, %v", v, err)
	}
	if _, _, err := x402test.Pay(key, 1, h, []byte(`{}`), now); err == nil || !strings.Contains(err.Error(), "no x402 v1 offer") {
		t.Errorf("v1 without a body offer: %v", err)
	}
}

func TestKeyFromHex(t *testing.T) {
	// keccak256("cow"), the EIP-712 example key, and its published address.
	k, err := x402test.KeyFromHex("0xc85ef7d79691fe79573b1a7064c19c1a9819ebdbd1faaab1a8ec92344438aaf4")
	if err != nil || x402test.Address(k) != "0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826" {
		t.Errorf("address = %v, %v", x402test.Address(k), err)
	}
	if _, err := x402test.KeyFromHex("0x12"); err == nil {
		t.Error("short key accepted")
	}
}
