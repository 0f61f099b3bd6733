package x402_test

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/decred/dcrd/dcrec/secp256k1/v4"
	"github.com/google/go-cmp/cmp"

	"dalil"
	"dalil/rail/x402"
	"dalil/rail/x402/x402test"
)

const payTo = "0x209693Bc6afc0C5328bA36FaF03C514EF312287C"

var t0 = time.Unix(1_800_000_000, 0).UTC()

var quote = dalil.Quote{
	Tool:         "analyze_property",
	Price:        10_000, // 0.01 USD
	Resource:     "https://dalil.example/api/v1/x402/property/analyze",
	Description:  "Property analysis",
	InputSchema:  json.RawMessage(`{"type":"object","properties":{"propertyValue":{"type":"number"},"notes":{"type":"string"}},"required":["propertyValue"]}`),
	OutputSchema: json.RawMessage(`{"type":"object"}`),
}

type env struct {
	rail *x402.Rail
	fac  *x402test.Facilitator
	key  *secp256k1.PrivateKey
	now  *time.Time
}

func newEnv(t *testing.T, mod func(*x402.Config)) *env {
	t.Helper()
	now := t0
	clock := func() time.Time { return now }
	fac := x402test.NewFacilitator(t, x402test.Options{Token: "s3cret", Now: clock})
	cfg := x402.Config{
		PayTo: payTo, FacilitatorURL: fac.URL(), FacilitatorToken: "s3cret", Now: clock,
		VerifyTimeout: 300 * time.Millisecond, SettleTimeout: 300 * time.Millisecond,
	}
	if mod != nil {
		mod(&cfg)
	}
	r, err := x402.New(cfg)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	return &env{rail: r, fac: fac, key: x402test.NewKey(), now: &now}
}

// auth is a valid authorization for quote on Base at t0.
func (e *env) auth() x402.Authorization {
	return x402test.NewAuthorization(e.key, payTo, "10000", *e.now, 60*time.Second)
}

func headerFor(version int, value string) http.Header {
	h := http.Header{}
	if version == 1 {
		h.Set(x402.HeaderXPayment, value)
	} else {
		h.Set(x402.HeaderPaymentSignature, value)
	}
	return h
}

func mustSign(t *testing.T, key *secp256k1.PrivateKey, a x402.Authorization, network string, version int) string {
	t.Helper()
	v, err := x402test.Sign(key, a, network, version)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func decodeB64JSON(t *testing.T, s string) map[string]any {
	t.Helper()
	raw, err := base64.StdEncoding.DecodeString(s)
	if err != nil {
		t.Fatalf("not std base64: %v", err)
	}
	var m map[string]any
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatalf("not JSON: %v", err)
	}
	return m
}

func TestChallengeServesBothVersions(t *testing.T) {
	e := newEnv(t, nil)
	ch, err := e.rail.Challenge(context.Background(), quote)
	if err != nil {
		t.Fatal(err)
	}
	if got := ch.Headers.Get("Cache-Control"); got != "no-store" {
		t.Errorf("Cache-Control = %q", got)
	}
	wantV2 := map[string]any{
		"x402Version": 2.0,
		"error":       "PAYMENT-SIGNATURE header is required",
		"resource":    map[string]any{"url": quote.Resource, "description": "Property analysis", "mimeType": "application/json"},
		"accepts": []any{map[string]any{
			"scheme": "exact", "network": "eip155:8453", "amount": "10000",
			"asset": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913", "payTo": payTo,
			"maxTimeoutSeconds": 60.0, "extra": map[string]any{"name": "USD Coin", "version": "2"},
		}},
	}
	if diff := cmp.Diff(wantV2, decodeB64JSON(t, ch.Headers.Get(x402.HeaderPaymentRequired))); diff != "" {
		t.Errorf("PAYMENT-REQUIRED (-want +got):\n%s", diff)
	}

	body, _ := json.Marshal(ch.Body)
	var gotV1 map[string]any
	json.Unmarshal(body, &gotV1)
	wantV1 := map[string]any{
		"x402Version": 1.0,
		"accepts": []any{map[string]any{
			"scheme": "exact", "network": "base", "maxAmountRequired": "10000",
			"resource": quote.Resource, "description": "Property analysis", "mimeType": "application/json",
			"payTo": payTo, "maxTimeoutSeconds": 60.0, "asset": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
			"extra": map[string]any{"name": "USD Coin", "version": "2"},
			"outputSchema": map[string]any{
				"input": map[string]any{
					"type": "http", "method": "POST", "bodyType": "json", "discoverable": true,
					"bodyFields": map[string]any{
						"propertyValue": map[string]any{"type": "number", "required": true},
						"notes":         map[string]any{"type": "string"},
					},
				},
				"output": map[string]any{"type": "object"},
			},
		}},
	}
	if diff := cmp.Diff(wantV1, gotV1); diff != "" {
		t.Errorf("v1 body (-want +got):\n%s", diff)
	}
}

func TestChallengeRefusesUnpayableQuotes(t *testing.T) {
	e := newEnv(t, nil)
	for name, q := range map[string]dalil.Quote{
		"zero price":        {Tool: "free", Price: 0, Resource: quote.Resource},
		"negative price":    {Tool: "neg", Price: -1, Resource: quote.Resource},
		"relative resource": {Tool: "rel", Price: 10, Resource: "/api/v1/x402/x"},
		"no resource":       {Tool: "none", Price: 10},
	} {
		if _, err := e.rail.Challenge(context.Background(), q); err == nil {
			t.Errorf("%s: challenge built", name)
		}
	}
}

// TestPayVerifySettle pays the rail's own challenge the way each real client
// does, then verifies and settles, for both versions.
func TestPayVerifySettle(t *testing.T) {
	for _, version := range []int{1, 2} {
		t.Run("v"+strconv.Itoa(version), func(t *testing.T) {
			e := newEnv(t, nil)
			ctx := context.Background()
			ch, err := e.rail.Challenge(ctx, quote)
			if err != nil {
				t.Fatal(err)
			}
			body, _ := json.Marshal(ch.Body)
			name, value, err := x402test.Pay(e.key, version, ch.Headers, body, *e.now)
			if err != nil {
				t.Fatal(err)
			}
			h := http.Header{}
			h.Set(name, value)
			if !e.rail.Present(h) {
				t.Fatal("Present = false")
			}
			p, err := e.rail.Verify(ctx, h, quote)
			if err != nil {
				t.Fatalf("Verify: %v", err)
			}
			payer := x402test.Address(e.key)
			if p.Rail != dalil.RailX402 || p.Payer != payer || p.Amount != quote.Price || !p.ExpiresAt.Equal(t0.Add(60*time.Second)) {
				t.Errorf("payment = %+v", p)
			}
			if !strings.HasPrefix(p.CredentialID, "x402:eip155:8453:0x833589fcd6edb6e08f4c7c32d4f71b54bda02913:"+strings.ToLower(payer)+":0x") {
				t.Errorf("CredentialID = %s", p.CredentialID)
			}
			if len(e.fac.Settlements()) != 0 {
				t.Fatal("Verify settled")
			}

			rh, err := e.rail.Settle(ctx, p)
			if err != nil {
				t.Fatalf("Settle: %v", err)
			}
			s := e.fac.Settlements()
			if len(s) != 1 || s[0].Payer != payer || s[0].Value != "10000" || s[0].To != payTo || s[0].ReplayKey != p.CredentialID {
				t.Fatalf("settlements = %+v", s)
			}
			wantHeader, otherHeader, wantNetwork := x402.HeaderPaymentResponse, x402.HeaderXPaymentResponse, "eip155:8453"
			if version == 1 {
				wantHeader, otherHeader, wantNetwork = x402.HeaderXPaymentResponse, x402.HeaderPaymentResponse, "base"
			}
			if rh.Get(otherHeader) != "" {
				t.Errorf("both receipt headers set")
			}
			want := map[string]any{"success": true, "transaction": s[0].Transaction, "network": wantNetwork, "payer": payer}
			if diff := cmp.Diff(want, decodeB64JSON(t, rh.Get(wantHeader))); diff != "" {
				t.Errorf("%s (-want +got):\n%s", wantHeader, diff)
			}
		})
	}
}

// TestVerifyRefusals: every local refusal is PAYMENT_INVALID with its
// reason and a message naming the problem, and reaches no facilitator.
func TestVerifyRefusals(t *testing.T) {
	type tc struct {
		name    string
		header  func(e *env) http.Header
		reason  string
		message string // substring
	}
	var cases []tc
	for _, v := range []int{1, 2} {
		v := v
		sign := func(mod func(*x402.Authorization), network string) func(e *env) http.Header {
			return func(e *env) http.Header {
				a := e.auth()
				if mod != nil {
					mod(&a)
				}
				hv, err := x402test.Sign(e.key, a, network, v)
				if err != nil { // a field too broken to sign: send it with a dummy signature
					hv, _ = x402test.Encode(v, network, a, "0x"+strings.Repeat("11", 64)+"1b")
				}
				return headerFor(v, hv)
			}
		}
		vs := "v" + strconv.Itoa(v) + " "
		cases = append(cases,
			tc{vs + "tampered value after signing", func(e *env) http.Header {
				a := e.auth()
				sig, _ := x402test.SignAuthorization(e.key, a, "base")
				a.ValidBefore = strconv.FormatInt(t0.Unix()+59, 10)
				hv, _ := x402test.Encode(v, "base", a, sig)
				return headerFor(v, hv)
			}, x402.ReasonSignature, "does not match the authorization"},
			tc{vs + "tampered signature byte", func(e *env) http.Header {
				a := e.auth()
				sig, _ := x402test.SignAuthorization(e.key, a, "base")
				b := []byte(sig)
				b[10] = map[bool]byte{true: '1', false: '0'}[b[10] == '0']
				hv, _ := x402test.Encode(v, "base", a, string(b))
				return headerFor(v, hv)
			}, x402.ReasonSignature, "signature"},
			tc{vs + "signed by another key", func(e *env) http.Header {
				a := e.auth()
				hv := mustSign(t, x402test.NewKey(), a, "base", v)
				return headerFor(v, hv)
			}, x402.ReasonSignature, "not authorization.from"},
			tc{vs + "signed for Base Sepolia's domain", func(e *env) http.Header {
				a := e.auth()
				sig, _ := x402test.SignAuthorization(e.key, a, "base-sepolia")
				hv, _ := x402test.Encode(v, "base", a, sig)
				return headerFor(v, hv)
			}, x402.ReasonSignature, `name "USD Coin"`},
			tc{vs + "high-s", func(e *env) http.Header {
				a := e.auth()
				sig, _ := x402test.SignAuthorization(e.key, a, "base")
				hv, _ := x402test.Encode(v, "base", a, malleate(t, sig))
				return headerFor(v, hv)
			}, x402.ReasonSignature, "high-s"},
			tc{vs + "v=29", func(e *env) http.Header {
				a := e.auth()
				sig, _ := x402test.SignAuthorization(e.key, a, "base")
				hv, _ := x402test.Encode(v, "base", a, sig[:130]+"1d")
				return headerFor(v, hv)
			}, x402.ReasonSignature, "v must be"},
			tc{vs + "smart-wallet length signature", func(e *env) http.Header {
				a := e.auth()
				sig, _ := x402test.SignAuthorization(e.key, a, "base")
				hv, _ := x402test.Encode(v, "base", a, sig+"00")
				return headerFor(v, hv)
			}, x402.ReasonSignature, "65 bytes"},
			tc{vs + "wrong amount", sign(func(a *x402.Authorization) { a.Value = "9999" }, "base"), x402.ReasonValueMismatch, "costs exactly 10000"},
			tc{vs + "overpaying amount", sign(func(a *x402.Authorization) { a.Value = "20000" }, "base"), x402.ReasonValueMismatch, "costs exactly 10000"},
			tc{vs + "wrong payee", sign(func(a *x402.Authorization) { a.To = "0x1111111111111111111111111111111111111111" }, "base"), x402.ReasonRecipientMismatch, "payee"},
			tc{vs + "expired", sign(func(a *x402.Authorization) { a.ValidBefore = strconv.FormatInt(t0.Unix()-1, 10) }, "base"), x402.ReasonValidBefore, "expired"},
			tc{vs + "expires within the settle margin", sign(func(a *x402.Authorization) { a.ValidBefore = strconv.FormatInt(t0.Unix()+5, 10) }, "base"), x402.ReasonValidBefore, "expired"},
			tc{vs + "valid for too long", sign(func(a *x402.Authorization) { a.ValidBefore = strconv.FormatInt(t0.Unix()+3600, 10) }, "base"), x402.ReasonValidBefore, "maxTimeoutSeconds"},
			tc{vs + "not yet valid", sign(func(a *x402.Authorization) { a.ValidAfter = strconv.FormatInt(t0.Unix()+1, 10) }, "base"), x402.ReasonValidAfter, "not valid yet"},
			tc{vs + "wrong network", sign(nil, "base-sepolia"), x402.ReasonInvalidNetwork, "charges on"},
			tc{vs + "short nonce", sign(func(a *x402.Authorization) { a.Nonce = "0x1234" }, "base"), x402.ReasonInvalidPayload, "nonce"},
			tc{vs + "bad from", sign(func(a *x402.Authorization) { a.From = "0x12" }, "base"), x402.ReasonInvalidPayload, "authorization.from"},
			tc{vs + "empty header", func(*env) http.Header { return headerFor(v, "") }, x402.ReasonInvalidPayload, "empty"},
			tc{vs + "not base64", func(*env) http.Header { return headerFor(v, "%%%") }, x402.ReasonInvalidPayload, "base64"},
			tc{vs + "unpadded base64", func(*env) http.Header {
				return headerFor(v, strings.TrimRight(base64.StdEncoding.EncodeToString([]byte(`{"x402Version":1}`)), "="))
			}, x402.ReasonInvalidPayload, "base64"},
			tc{vs + "base64url", func(*env) http.Header {
				return headerFor(v, base64.URLEncoding.EncodeToString([]byte(`{"a":"???>>>"}`)))
			}, x402.ReasonInvalidPayload, "base64"},
			tc{vs + "not JSON", func(*env) http.Header { return headerFor(v, b64(`not json`)) }, x402.ReasonInvalidPayload, "JSON"},
			tc{vs + "JSON array", func(*env) http.Header { return headerFor(v, b64(`[1]`)) }, x402.ReasonInvalidPayload, "object"},
			tc{vs + "trailing data", func(*env) http.Header { return headerFor(v, b64(`{"x402Version":1}{}`)) }, x402.ReasonInvalidPayload, "after"},
			tc{vs + "too deep", func(*env) http.Header {
				return headerFor(v, b64(`{"a":`+strings.Repeat(`[`, 40)+strings.Repeat(`]`, 40)+`}`))
			}, x402.ReasonInvalidPayload, "deeper"},
			tc{vs + "oversized", func(*env) http.Header {
				return headerFor(v, b64(`{"a":"`+strings.Repeat("x", x402.MaxHeaderLen)+`"}`))
			}, x402.ReasonInvalidPayload, "longer than"},
			tc{vs + "duplicate key differing in case", func(e *env) http.Header {
				hv := mustSign(t, e.key, e.auth(), "base", v)
				raw, _ := base64.StdEncoding.DecodeString(hv)
				return headerFor(v, b64(strings.Replace(string(raw), `"payload":`, `"PAYLOAD":{},"payload":`, 1)))
			}, x402.ReasonInvalidPayload, "repeats the key"},
			tc{vs + "unknown field in authorization", func(e *env) http.Header {
				hv := mustSign(t, e.key, e.auth(), "base", v)
				raw, _ := base64.StdEncoding.DecodeString(hv)
				return headerFor(v, b64(strings.Replace(string(raw), `"from":`, `"memo":"x","from":`, 1)))
			}, x402.ReasonInvalidPayload, "unknown field"},
			tc{vs + "missing x402Version", func(*env) http.Header { return headerFor(v, b64(`{"scheme":"exact"}`)) }, x402.ReasonInvalidPayload, "x402Version is missing"},
			tc{vs + "string x402Version", func(*env) http.Header { return headerFor(v, b64(`{"x402Version":"1"}`)) }, x402.ReasonInvalidPayload, "integer"},
			tc{vs + "unknown version 3", func(*env) http.Header { return headerFor(v, b64(`{"x402Version":3}`)) }, x402.ReasonInvalidVersion, "not supported"},
			tc{vs + "payload of the other version", func(e *env) http.Header {
				return headerFor(v, mustSign(t, e.key, e.auth(), "base", 3-v))
			}, x402.ReasonInvalidVersion, "came in"},
		)
	}
	cases = append(cases,
		tc{"v1 wrong scheme", func(e *env) http.Header {
			return headerFor(1, rewrite(t, mustSign(t, e.key, e.auth(), "base", 1), `"scheme":"exact"`, `"scheme":"upto"`))
		}, x402.ReasonUnsupportedScheme, "not supported"},
		tc{"v1 CAIP-2 network", func(e *env) http.Header {
			return headerFor(1, rewrite(t, mustSign(t, e.key, e.auth(), "base", 1), `"network":"base"`, `"network":"eip155:8453"`))
		}, x402.ReasonInvalidNetwork, `"base"`},
		tc{"v2 wrong scheme", func(e *env) http.Header {
			return headerFor(2, rewrite(t, mustSign(t, e.key, e.auth(), "base", 2), `"scheme":"exact"`, `"scheme":"upto"`))
		}, x402.ReasonUnsupportedScheme, "not supported"},
		tc{"v2 accepted for another asset", func(e *env) http.Header {
			return headerFor(2, rewrite(t, mustSign(t, e.key, e.auth(), "base", 2), "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913", "0x036CbD53842c5426634e7929541eC2318f3dCF7e"))
		}, x402.ReasonInvalidRequirements, "asset"},
		tc{"v2 accepted for another payee", func(e *env) http.Header {
			return headerFor(2, rewrite(t, mustSign(t, e.key, e.auth(), "base", 2), `"payTo":"`+payTo, `"payTo":"0x1111111111111111111111111111111111111111`))
		}, x402.ReasonRecipientMismatch, "accepted.payTo"},
		tc{"v2 accepted for another amount", func(e *env) http.Header {
			return headerFor(2, rewrite(t, mustSign(t, e.key, e.auth(), "base", 2), `"amount":"10000"`, `"amount":"1"`))
		}, x402.ReasonValueMismatch, "accepted.amount"},
		tc{"v1 decimal with sign", func(e *env) http.Header {
			a := e.auth()
			a.Value = "+10000"
			hv, _ := x402test.Encode(1, "base", a, "0x"+strings.Repeat("11", 64)+"1b")
			return headerFor(1, hv)
		}, x402.ReasonInvalidPayload, "authorization.value"},
		tc{"v2 accepted right but authorization for another amount", func(e *env) http.Header {
			a := e.auth()
			a.Value = "9999"
			return headerFor(2, rewrite(t, mustSign(t, e.key, a, "base", 2), `"amount":"9999"`, `"amount":"10000"`))
		}, x402.ReasonValueMismatch, "transfers 9999"},
		tc{"v2 accepted with wrong domain name", func(e *env) http.Header {
			return headerFor(2, rewrite(t, mustSign(t, e.key, e.auth(), "base", 2), `"name":"USD Coin"`, `"name":"USDC"`))
		}, x402.ReasonInvalidRequirements, "extra.name"},
		tc{"v2 without accepted", func(e *env) http.Header {
			return headerFor(2, rewrite(t, mustSign(t, e.key, e.auth(), "base", 2), `"accepted":`, `"acceptedX":`))
		}, x402.ReasonInvalidPayload, "accepted is missing"},
		tc{"both headers", func(e *env) http.Header {
			h := headerFor(1, mustSign(t, e.key, e.auth(), "base", 1))
			h.Set(x402.HeaderPaymentSignature, mustSign(t, e.key, e.auth(), "base", 2))
			return h
		}, x402.ReasonInvalidPayload, "send one"},
		tc{"header repeated", func(e *env) http.Header {
			h := headerFor(2, mustSign(t, e.key, e.auth(), "base", 2))
			h.Add(x402.HeaderPaymentSignature, mustSign(t, e.key, e.auth(), "base", 2))
			return h
		}, x402.ReasonInvalidPayload, "more than once"},
		tc{"no header", func(*env) http.Header { return http.Header{} }, x402.ReasonInvalidPayload, "No x402 payment"},
	)

	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e := newEnv(t, nil)
			h := c.header(e)
			p, err := e.rail.Verify(context.Background(), h, quote)
			var de *dalil.Error
			if !errors.As(err, &de) || de.Code != dalil.CodePaymentInvalid {
				t.Fatalf("Verify = %+v, %v; want PAYMENT_INVALID", p, err)
			}
			if got := x402.Reason(err); got != c.reason {
				t.Errorf("reason = %q, want %q (message %q)", got, c.reason, de.Message)
			}
			if !strings.Contains(de.Message, c.message) {
				t.Errorf("message %q does not mention %q", de.Message, c.message)
			}
			if v, s := e.fac.Calls(); v+s != 0 {
				t.Errorf("facilitator called (%d verify, %d settle) for a locally refused payment", v, s)
			}
			for _, vals := range h {
				for _, val := range vals {
					if len(val) > 20 && strings.Contains(err.Error(), val) {
						t.Errorf("error echoes the credential")
					}
				}
			}
		})
	}
}

func b64(s string) string { return base64.StdEncoding.EncodeToString([]byte(s)) }

// rewrite replaces old by new inside a header value's JSON.
func rewrite(t *testing.T, header, old, new string) string {
	t.Helper()
	raw, err := base64.StdEncoding.DecodeString(header)
	if err != nil || !strings.Contains(string(raw), old) {
		t.Fatalf("rewrite: %q not in %s", old, raw)
	}
	return b64(strings.Replace(string(raw), old, new, 1))
}

// malleate turns a low-s signature into its high-s twin (r, n-s, v^1),
// which is valid for the same key on a chain without the low-s rule.
func malleate(t *testing.T, sig string) string {
	t.Helper()
	b, err := hexDecode(sig[2:])
	if err != nil || len(b) != 65 {
		t.Fatalf("bad signature %s", sig)
	}
	var s secp256k1.ModNScalar
	s.SetByteSlice(b[32:64])
	s.Negate()
	s.PutBytesUnchecked(b[32:64])
	b[64] = 55 - b[64]
	return "0x" + hexEncode(b)
}

func TestVerifyAsksFacilitator(t *testing.T) {
	ctx := context.Background()
	t.Run("refused: insufficient funds", func(t *testing.T) {
		e := newEnv(t, nil)
		e.fac.Set(x402test.Behavior{VerifyInvalid: "insufficient_funds"})
		_, err := e.rail.Verify(ctx, headerFor(2, mustSign(t, e.key, e.auth(), "base", 2)), quote)
		if dalil.ErrorCode(err) != dalil.CodePaymentInvalid || x402.Reason(err) != "insufficient_funds" || !strings.Contains(err.Error(), "enough USDC") {
			t.Errorf("err = %v", err)
		}
	})
	t.Run("refused: nonce already used", func(t *testing.T) {
		e := newEnv(t, nil)
		hv := mustSign(t, e.key, e.auth(), "base", 1)
		p, err := e.rail.Verify(ctx, headerFor(1, hv), quote)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := e.rail.Settle(ctx, p); err != nil {
			t.Fatal(err)
		}
		_, err = e.rail.Verify(ctx, headerFor(1, hv), quote)
		if x402.Reason(err) != "invalid_transaction_state" {
			t.Errorf("err = %v", err)
		}
	})
	for name, b := range map[string]x402test.Behavior{
		"HTTP 500":   {VerifyStatus: 500},
		"HTTP 401":   {VerifyStatus: 401},
		"no answer":  {HangVerify: true},
		"HTTP 404 ?": {VerifyStatus: 404},
	} {
		t.Run("down: "+name, func(t *testing.T) {
			e := newEnv(t, nil)
			e.fac.Set(b)
			start := time.Now()
			p, err := e.rail.Verify(ctx, headerFor(2, mustSign(t, e.key, e.auth(), "base", 2)), quote)
			want := dalil.CodeProviderUnavailable
			if b.HangVerify {
				want = dalil.CodeProviderTimeout
			}
			if p != nil || dalil.ErrorCode(err) != want {
				t.Errorf("Verify = %v, %v; want %s", p, err, want)
			}
			if time.Since(start) > 5*time.Second {
				t.Errorf("Verify took %v, beyond its 300ms timeout", time.Since(start))
			}
		})
	}
	t.Run("bearer token is sent", func(t *testing.T) {
		e := newEnv(t, func(c *x402.Config) { c.FacilitatorToken = "wrong" })
		_, err := e.rail.Verify(ctx, headerFor(2, mustSign(t, e.key, e.auth(), "base", 2)), quote)
		if dalil.ErrorCode(err) != dalil.CodeProviderUnavailable {
			t.Errorf("with a wrong token: %v", err)
		}
	})
}

func TestSettleFailuresReturnNothing(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		name     string
		b        x402test.Behavior
		sentinel error
		receipt  bool // a success:false receipt header on the error
	}{
		{"declined", x402test.Behavior{SettleFail: "insufficient_funds"}, x402.ErrSettleDeclined, true},
		{"HTTP 500", x402test.Behavior{SettleStatus: 500}, x402.ErrSettleUnconfirmed, false},
		{"HTTP 502", x402test.Behavior{SettleStatus: 502}, x402.ErrSettleUnconfirmed, false},
		{"timeout", x402test.Behavior{HangSettle: true}, x402.ErrSettleUnconfirmed, false},
		{"success without transaction", x402test.Behavior{NoTransaction: true}, x402.ErrSettleUnconfirmed, false},
	} {
		for _, version := range []int{1, 2} {
			t.Run(c.name+" v"+strconv.Itoa(version), func(t *testing.T) {
				e := newEnv(t, nil)
				p, err := e.rail.Verify(ctx, headerFor(version, mustSign(t, e.key, e.auth(), "base", version)), quote)
				if err != nil {
					t.Fatal(err)
				}
				e.fac.Set(c.b)
				start := time.Now()
				h, err := e.rail.Settle(ctx, p)
				if h != nil {
					t.Errorf("Settle returned receipt headers %v with an error", h)
				}
				var de *dalil.Error
				if !errors.As(err, &de) || de.Code != dalil.CodePaymentInvalid || !errors.Is(err, c.sentinel) {
					t.Fatalf("Settle err = %v; want PAYMENT_INVALID wrapping %v", err, c.sentinel)
				}
				// An unknown outcome keeps the credential's claim (the
				// engine looks for KeepClaim in the chain); a decline frees it.
				var k interface{ KeepClaim() bool }
				if kept := errors.As(err, &k) && k.KeepClaim(); kept != (c.sentinel == x402.ErrSettleUnconfirmed) {
					t.Errorf("KeepClaim in the chain = %v", kept)
				}
				if time.Since(start) > 5*time.Second {
					t.Errorf("Settle took %v, beyond its 300ms timeout", time.Since(start))
				}
				name := x402.HeaderPaymentResponse
				if version == 1 {
					name = x402.HeaderXPaymentResponse
				}
				if got := de.Headers[name]; c.receipt != (got != "") {
					t.Errorf("receipt header on error = %q", got)
				} else if c.receipt {
					r := decodeB64JSON(t, got)
					if r["success"] != false || r["errorReason"] != "insufficient_funds" || r["transaction"] != "" {
						t.Errorf("failure receipt = %v", r)
					}
				}
				if c.b.NoTransaction {
					return // the facilitator did record it: the outcome is unknown to us
				}
				if s := e.fac.Settlements(); len(s) != 0 {
					t.Errorf("settlements = %v", s)
				}
			})
		}
	}
	t.Run("expired before settlement", func(t *testing.T) {
		e := newEnv(t, nil)
		p, err := e.rail.Verify(ctx, headerFor(2, mustSign(t, e.key, e.auth(), "base", 2)), quote)
		if err != nil {
			t.Fatal(err)
		}
		*e.now = e.now.Add(61 * time.Second)
		if _, err := e.rail.Settle(ctx, p); !errors.Is(err, x402.ErrSettleDeclined) || x402.Reason(err) != x402.ReasonValidBefore {
			t.Errorf("err = %v", err)
		}
		if _, s := e.fac.Calls(); s != 0 {
			t.Errorf("settle called for an expired authorization")
		}
	})
	t.Run("foreign payment", func(t *testing.T) {
		e := newEnv(t, nil)
		if _, err := e.rail.Settle(ctx, &dalil.Payment{Rail: "l402", State: "x"}); err == nil {
			t.Error("settled a payment this rail did not verify")
		}
		if _, err := e.rail.Settle(ctx, nil); err == nil {
			t.Error("settled nil")
		}
	})
}

// TestSameAuthorizationOneKey: an authorization sent as v1 and as v2 has one
// CredentialID, so the engine's single-use claim covers both versions; and
// the second settlement of one authorization is declined.
func TestSameAuthorizationOneKey(t *testing.T) {
	e := newEnv(t, nil)
	ctx := context.Background()
	a := e.auth()
	p1, err := e.rail.Verify(ctx, headerFor(1, mustSign(t, e.key, a, "base", 1)), quote)
	if err != nil {
		t.Fatal(err)
	}
	p2, err := e.rail.Verify(ctx, headerFor(2, mustSign(t, e.key, a, "eip155:8453", 2)), quote)
	if err != nil {
		t.Fatal(err)
	}
	if p1.CredentialID != p2.CredentialID {
		t.Errorf("credential ids differ: %s vs %s", p1.CredentialID, p2.CredentialID)
	}
	other, err := e.rail.Verify(ctx, headerFor(2, mustSign(t, e.key, e.auth(), "base", 2)), quote)
	if err != nil {
		t.Fatal(err)
	}
	if other.CredentialID == p1.CredentialID {
		t.Error("two nonces share a credential id")
	}
	if _, err := e.rail.Settle(ctx, p1); err != nil {
		t.Fatal(err)
	}
	if _, err := e.rail.Settle(ctx, p2); !errors.Is(err, x402.ErrSettleDeclined) {
		t.Errorf("second settlement: %v", err)
	}
	if n := len(e.fac.Settlements()); n != 1 {
		t.Errorf("%d settlements", n)
	}
}

func TestNew(t *testing.T) {
	ok := x402.Config{PayTo: payTo, FacilitatorURL: "https://x402.org/facilitator/"}
	for _, c := range []struct {
		name string
		mod  func(*x402.Config)
		err  string // "" = accepted
	}{
		{"defaults", func(*x402.Config) {}, ""},
		{"sepolia", func(c *x402.Config) { c.Network = "eip155:84532" }, ""},
		{"lower-case payee", func(c *x402.Config) { c.PayTo = strings.ToLower(payTo) }, ""},
		{"loopback http", func(c *x402.Config) { c.FacilitatorURL = "http://127.0.0.1:8402" }, ""},
		{"localhost http", func(c *x402.Config) { c.FacilitatorURL = "http://localhost:8402/f" }, ""},
		{"max timeout 1h", func(c *x402.Config) { c.MaxTimeout = time.Hour }, ""},
		{"no payee", func(c *x402.Config) { c.PayTo = "" }, "DALIL_X402_PAY_TO"},
		{"short payee", func(c *x402.Config) { c.PayTo = "0x1234" }, "40 hex"},
		{"bad checksum", func(c *x402.Config) { c.PayTo = "0x209693bc6afc0C5328bA36FaF03C514EF312287C" }, "EIP-55"},
		{"zero payee", func(c *x402.Config) { c.PayTo = "0x0000000000000000000000000000000000000000" }, "zero address"},
		{"unknown network", func(c *x402.Config) { c.Network = "eip155:1" }, "eip155:8453, eip155:84532"},
		{"v1 slug as network", func(c *x402.Config) { c.Network = "base" }, "CAIP-2"},
		{"no facilitator", func(c *x402.Config) { c.FacilitatorURL = "" }, "required"},
		{"plain http", func(c *x402.Config) { c.FacilitatorURL = "http://facilitator.example" }, "https"},
		{"relative URL", func(c *x402.Config) { c.FacilitatorURL = "/facilitator" }, "absolute"},
		{"user info", func(c *x402.Config) { c.FacilitatorURL = "https://u:p@f.example" }, "user info"},
		{"query", func(c *x402.Config) { c.FacilitatorURL = "https://f.example/?key=1" }, "query"},
		{"token with space", func(c *x402.Config) { c.FacilitatorToken = "a b" }, "token"},
		{"max timeout too short", func(c *x402.Config) { c.MaxTimeout = 5 * time.Second }, "between"},
		{"max timeout fractional", func(c *x402.Config) { c.MaxTimeout = 60500 * time.Millisecond }, "whole seconds"},
		{"negative settle timeout", func(c *x402.Config) { c.SettleTimeout = -1 }, "positive"},
	} {
		t.Run(c.name, func(t *testing.T) {
			cfg := ok
			c.mod(&cfg)
			r, err := x402.New(cfg)
			if c.err == "" {
				if err != nil {
					t.Fatalf("New: %v", err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Fatalf("New = %v, %v; want error mentioning %q", r, err, c.err)
			}
		})
	}
	r, _ := x402.New(x402.Config{PayTo: strings.ToLower(payTo), FacilitatorURL: "https://f.example"})
	want := x402.Info{Network: "eip155:8453", V1Network: "base", ChainID: 8453, Asset: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913", AssetSymbol: "USDC", PayTo: payTo, MaxTimeoutSeconds: 60}
	if diff := cmp.Diff(want, r.Info()); diff != "" {
		t.Errorf("Info (-want +got):\n%s", diff)
	}
	if r.ID() != dalil.RailX402 {
		t.Errorf("ID = %s", r.ID())
	}
}

func TestPresent(t *testing.T) {
	e := newEnv(t, nil)
	for _, c := range []struct {
		h    http.Header
		want bool
	}{
		{http.Header{}, false},
		{http.Header{"Authorization": {"L402 abc:def"}}, false},
		{http.Header{"X-Payment": {"abc"}}, true},
		{http.Header{"Payment-Signature": {""}}, true},
	} {
		if got := e.rail.Present(c.h); got != c.want {
			t.Errorf("Present(%v) = %v", c.h, got)
		}
	}
}

func TestWellKnown(t *testing.T) {
	e := newEnv(t, nil)
	free := dalil.Quote{Tool: "preview", Price: 0, Resource: "https://dalil.example/free"}
	bad := dalil.Quote{Tool: "compare", Price: 250_000, Resource: "https://dalil.example/api/v1/x402/property/compare", InputSchema: json.RawMessage(`"nope"`)}
	b, err := json.Marshal(e.rail.WellKnown([]dalil.Quote{quote, free, bad}))
	if err != nil {
		t.Fatal(err)
	}
	var got map[string]any
	json.Unmarshal(b, &got)
	accepts := func(amount string) []any {
		return []any{map[string]any{
			"scheme": "exact", "network": "eip155:8453", "amount": amount,
			"asset": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913", "payTo": payTo,
			"maxTimeoutSeconds": 60.0, "extra": map[string]any{"name": "USD Coin", "version": "2"},
		}}
	}
	want := map[string]any{
		"x402Version": 2.0, "versions": []any{1.0, 2.0}, "scheme": "exact",
		"network": "eip155:8453", "v1Network": "base", "chainId": 8453.0,
		"asset": map[string]any{
			"symbol": "USDC", "address": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913", "decimals": 6.0,
			"eip712": map[string]any{"name": "USD Coin", "version": "2"},
		},
		"payTo": payTo, "maxTimeoutSeconds": 60.0,
		"headers": map[string]any{
			"challenge":  "PAYMENT-REQUIRED",
			"credential": map[string]any{"1": "X-PAYMENT", "2": "PAYMENT-SIGNATURE"},
			"receipt":    map[string]any{"1": "X-PAYMENT-RESPONSE", "2": "PAYMENT-RESPONSE"},
		},
		"resources": []any{
			map[string]any{
				"tool": "analyze_property", "resource": quote.Resource, "method": "POST",
				"description": "Property analysis", "mimeType": "application/json",
				"price":        map[string]any{"amount": "10000", "asset": "USDC", "usd": "0.01"},
				"accepts":      accepts("10000"),
				"inputSchema":  map[string]any{"type": "object", "properties": map[string]any{"propertyValue": map[string]any{"type": "number"}, "notes": map[string]any{"type": "string"}}, "required": []any{"propertyValue"}},
				"outputSchema": map[string]any{"type": "object"},
			},
			map[string]any{
				"tool": "compare", "resource": bad.Resource, "method": "POST",
				"description": "", "mimeType": "application/json",
				"price":   map[string]any{"amount": "250000", "asset": "USDC", "usd": "0.25"},
				"accepts": accepts("250000"),
			},
		},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("well-known (-want +got):\n%s", diff)
	}
}

func TestAtomicUnits(t *testing.T) {
	for _, c := range []struct {
		in   dalil.MicroUSD
		want string
	}{
		{1, "1"}, {10_000, "10000"}, {250_000, "250000"}, {dalil.USD, "1000000"},
		{123 * dalil.USD, "123000000"}, {1_000_000_000_000 * dalil.USD, "1000000000000000000"},
		{0, ""}, {-10_000, ""},
	} {
		got, err := x402.AtomicUnits(c.in)
		if (c.want == "") != (err != nil) || got != c.want {
			t.Errorf("AtomicUnits(%d) = %q, %v; want %q", c.in, got, err, c.want)
		}
	}
	// Cross-check against the dollar string: 0.25 USD is 0.25 * 10^6 units.
	p, _ := dalil.ParseUSD("0.25")
	if got, _ := x402.AtomicUnits(p); got != "250000" {
		t.Errorf("0.25 USD = %s units", got)
	}
}

// TestFacilitatorAnswers drives Verify and Settle against a raw server that
// answers a fixed status and body, for the answers x402test cannot produce.
func TestFacilitatorAnswers(t *testing.T) {
	ctx := context.Background()
	type answer struct {
		status int
		body   string
	}
	serve := func(t *testing.T, verify, settle answer) *env {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			a := verify
			if strings.HasSuffix(r.URL.Path, "/settle") {
				a = settle
			}
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(a.status)
			io.WriteString(w, a.body)
		}))
		t.Cleanup(srv.Close)
		return newEnv(t, func(c *x402.Config) { c.FacilitatorURL = srv.URL })
	}
	ok := answer{200, `{"isValid":true,"payer":"0x0"}`}

	for _, c := range []struct {
		name   string
		verify answer
		code   dalil.Code
		reason string
	}{
		{"valid but HTTP 500", answer{500, `{"isValid":true}`}, dalil.CodeProviderUnavailable, ""},
		{"400 with reason", answer{400, `{"isValid":false,"invalidReason":"invalid_payload","invalidMessage":"bad\nthing"}`}, dalil.CodePaymentInvalid, "invalid_payload"},
		{"200 without reason", answer{200, `{"isValid":false}`}, dalil.CodePaymentInvalid, "unexpected_verify_error"},
		{"not JSON", answer{200, `<html>`}, dalil.CodeProviderUnavailable, ""},
		{"huge", answer{200, `{"isValid":true,"payer":"` + strings.Repeat("x", 70<<10) + `"}`}, dalil.CodeProviderUnavailable, ""},
	} {
		t.Run("verify "+c.name, func(t *testing.T) {
			e := serve(t, c.verify, ok)
			_, err := e.rail.Verify(ctx, headerFor(2, mustSign(t, e.key, e.auth(), "base", 2)), quote)
			if dalil.ErrorCode(err) != c.code || x402.Reason(err) != c.reason {
				t.Errorf("err = %v (reason %q); want %s %q", err, x402.Reason(err), c.code, c.reason)
			}
			if err != nil && strings.ContainsAny(err.(*dalil.Error).Message, "\n") {
				t.Errorf("facilitator text not sanitised: %q", err.(*dalil.Error).Message)
			}
		})
	}

	for _, c := range []struct {
		name     string
		settle   answer
		sentinel error
	}{
		{"500 with reason", answer{500, `{"success":false,"errorReason":"unexpected_settle_error"}`}, x402.ErrSettleUnconfirmed},
		{"400 with reason", answer{400, `{"success":false,"errorReason":"invalid_payload"}`}, x402.ErrSettleDeclined},
		{"200 success:false", answer{200, `{"success":false}`}, x402.ErrSettleDeclined},
		{"success but HTTP 500", answer{500, `{"success":true,"transaction":"0x` + strings.Repeat("ab", 32) + `"}`}, x402.ErrSettleUnconfirmed},
		{"success with a short hash", answer{200, `{"success":true,"transaction":"0x1234"}`}, x402.ErrSettleUnconfirmed},
	} {
		t.Run("settle "+c.name, func(t *testing.T) {
			e := serve(t, ok, c.settle)
			p, err := e.rail.Verify(ctx, headerFor(1, mustSign(t, e.key, e.auth(), "base", 1)), quote)
			if err != nil {
				t.Fatal(err)
			}
			h, err := e.rail.Settle(ctx, p)
			if h != nil || dalil.ErrorCode(err) != dalil.CodePaymentInvalid || !errors.Is(err, c.sentinel) {
				t.Errorf("Settle = %v, %v; want PAYMENT_INVALID wrapping %v", h, err, c.sentinel)
			}
		})
	}
}
