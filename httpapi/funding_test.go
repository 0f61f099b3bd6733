package httpapi_test

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"dalil"
	"dalil/httpapi"
)

// fundRail is an x402-like rail for the funding tests: credential header
// X-Test-Fund, the quote's price as its amount, and a settlement that
// fails (declined: the money did not move) while decline is set.
type fundRail struct {
	decline *atomic.Bool
	settled *atomic.Int64
	quotes  chan dalil.Quote
}

func (fundRail) ID() string                 { return dalil.RailX402 }
func (fundRail) Present(h http.Header) bool { return h.Get("X-Test-Fund") != "" }
func (f fundRail) Challenge(_ context.Context, q dalil.Quote) (*dalil.Challenge, error) {
	return &dalil.Challenge{Headers: http.Header{"Payment-Required": {q.Tool + " " + q.Price.Decimal()}}}, nil
}
func (fundRail) Verify(_ context.Context, h http.Header, q dalil.Quote) (*dalil.Payment, error) {
	return &dalil.Payment{Rail: dalil.RailX402, CredentialID: "x402:test:" + h.Get("X-Test-Fund"), Payer: "0xpayer", Amount: q.Price, ExpiresAt: time.Now().Add(time.Hour)}, nil
}
func (f fundRail) Settle(context.Context, *dalil.Payment) (http.Header, error) {
	if f.decline.Load() {
		return nil, &dalil.Error{Code: dalil.CodePaymentInvalid, Message: "declined", Details: map[string]any{"reason": "insufficient_funds"}}
	}
	f.settled.Add(1)
	return http.Header{"Payment-Response": {"ok"}}, nil
}

func fundingEnv(t *testing.T, on bool) (*env, fundRail) {
	f := fundRail{decline: &atomic.Bool{}, settled: &atomic.Int64{}}
	e := newEnv(t, func(c *httpapi.Config) {
		c.Rails = []string{"credits", "subscription"}
		c.PayPerCall = []httpapi.PayRail{{Rail: f, Info: map[string]any{}, Descriptor: map[string]any{"id": "x402"}}}
		if on {
			c.Funding = httpapi.Funding{Rails: []string{"x402"}, Min: dalil.USD, Max: 50 * dalil.USD}
		}
	})
	return e, f
}

func fundingMethods(t *testing.T, e *env) []any {
	t.Helper()
	r := e.do("GET", "/api/v1/payment-methods", nil, nil)
	for _, m := range r.data()["methods"].([]any) {
		if d := m.(map[string]any); d["id"] == "api_credits" {
			fm, _ := d["fundingMethods"].([]any)
			return fm
		}
	}
	t.Fatalf("no api_credits in %s", r.Raw)
	return nil
}

func TestFundingCreatesAnAccountOnce(t *testing.T) {
	e, f := fundingEnv(t, true)
	if fm := fundingMethods(t, e); len(fm) != 1 || fm[0] != "x402" {
		t.Fatalf("fundingMethods = %v", fm)
	}
	// No credential: the rail's challenge for the amount asked.
	r := e.do("POST", "/api/v1/accounts", `{"usd":"5.00","name":"bot"}`, nil)
	if r.Status != 402 || r.Header.Get("Payment-Required") != "account_create 5.00" {
		t.Fatalf("unpaid: %d %v %s", r.Status, r.Header, r.Raw)
	}
	// Paid: 201 with a key that works and holds the amount.
	pay := map[string]string{"X-Test-Fund": "n1"}
	r = e.do("POST", "/api/v1/accounts", `{"usd":"5.00","name":"bot"}`, pay)
	if r.Status != 201 || r.Header.Get("Payment-Response") != "ok" {
		t.Fatalf("paid: %d %s", r.Status, r.Raw)
	}
	d := r.data()
	key, _ := d["apiKey"].(string)
	acct, _ := d["accountId"].(string)
	if key == "" || d["creditsUsd"] != 5.0 || d["rail"] != "x402" || d["credential"] != "x402:test:n1" || d["recorded"] != true {
		t.Fatalf("data: %v", d)
	}
	b := e.do("GET", "/api/v1/account/balance", nil, map[string]string{"X-API-Key": key})
	if b.Status != 200 || e.credits(acct) != 5*dalil.USD {
		t.Fatalf("balance with the new key: %d %s", b.Status, b.Raw)
	}
	rows, _ := e.store.Ledger(context.Background(), acct, 10, 0)
	if len(rows) != 1 || rows[0].Kind != "topup" || rows[0].Rail != "x402" || rows[0].Amount != 5*dalil.USD || rows[0].Note != "paid over x402: credential x402:test:n1" {
		t.Fatalf("ledger: %+v", rows)
	}
	// The replayed credential creates nothing and never shows the key.
	before, _ := e.store.AccountCount(context.Background())
	r = e.do("POST", "/api/v1/accounts", `{"usd":"5.00","name":"bot"}`, pay)
	if r.Status != 402 || r.code() != "PAYMENT_INVALID" || strings.Contains(string(r.Raw), key) {
		t.Fatalf("replay: %d %s", r.Status, r.Raw)
	}
	if after, _ := e.store.AccountCount(context.Background()); after != before || f.settled.Load() != 1 {
		t.Errorf("replay: accounts %d -> %d, settlements %d", before, after, f.settled.Load())
	}
}

func TestFundingFailedSettlementCreditsNothing(t *testing.T) {
	e, f := fundingEnv(t, true)
	f.decline.Store(true)
	pay := map[string]string{"X-Test-Fund": "n2"}
	r := e.do("POST", "/api/v1/accounts", `{"usd":"5"}`, pay)
	if r.Status != 402 || r.code() != "PAYMENT_INVALID" {
		t.Fatalf("declined: %d %s", r.Status, r.Raw)
	}
	if n, _ := e.store.AccountCount(context.Background()); n != 0 {
		t.Fatalf("%d accounts after a declined settlement", n)
	}
	// The claim was released: the same credential pays once funded.
	f.decline.Store(false)
	if r := e.do("POST", "/api/v1/accounts", `{"usd":"5"}`, pay); r.Status != 201 {
		t.Fatalf("retry after the decline: %d %s", r.Status, r.Raw)
	}
}

func TestFundingBoundsBeforeChallenge(t *testing.T) {
	e, f := fundingEnv(t, true)
	for _, body := range []string{`{"usd":"0.50"}`, `{"usd":"50.01"}`, `{"usd":"-1"}`, `{"usd":"abc"}`, `{}`, `{"usd":"5","extra":1}`, `{"usd":"1.0000001"}`} {
		r := e.do("POST", "/api/v1/accounts", body, map[string]string{"X-Test-Fund": "b"})
		if r.Status != 400 || r.code() != "INVALID_INPUT" || r.Header.Get("Payment-Required") != "" {
			t.Errorf("%s: %d %s", body, r.Status, r.Raw)
		}
	}
	if f.settled.Load() != 0 {
		t.Error("an out-of-bounds funding settled")
	}
	// A rail that cannot fund is refused.
	r := e.do("POST", "/api/v1/accounts", `{"usd":"5"}`, map[string]string{"X-Service-Payment-Method": "credits"})
	if r.Status != 400 || r.code() != "PAYMENT_METHOD_UNSUPPORTED" {
		t.Errorf("credits as a funding rail: %d %s", r.Status, r.Raw)
	}
}

func TestFundingOffByDefault(t *testing.T) {
	e, _ := fundingEnv(t, false)
	if fm := fundingMethods(t, e); len(fm) != 0 {
		t.Errorf("fundingMethods = %v with funding off", fm)
	}
	for _, p := range []string{"/api/v1/accounts", "/api/v1/account/top-up"} {
		if r := e.do("POST", p, `{"usd":"5"}`, map[string]string{"X-Test-Fund": "x"}); r.Status != 404 {
			t.Errorf("%s with funding off: %d %s", p, r.Status, r.Raw)
		}
	}
}

func TestFundingTopUp(t *testing.T) {
	e, _ := fundingEnv(t, true)
	id, key := e.account("free", dalil.USD)
	other, _ := e.account("free", 0)
	// The key is required (before any challenge).
	if r := e.do("POST", "/api/v1/account/top-up", `{"usd":"3"}`, nil); r.Status != 401 {
		t.Fatalf("no key: %d %s", r.Status, r.Raw)
	}
	h := map[string]string{"X-API-Key": key}
	if r := e.do("POST", "/api/v1/account/top-up", `{"usd":"3"}`, h); r.Status != 402 || r.Header.Get("Payment-Required") != "account_top_up 3.00" {
		t.Fatalf("unpaid top-up: %d %v %s", r.Status, r.Header, r.Raw)
	}
	h["X-Test-Fund"] = "t1"
	r := e.do("POST", "/api/v1/account/top-up", `{"usd":"3"}`, h)
	if r.Status != 200 || r.data()["accountId"] != id || r.data()["creditsUsd"] != 4.0 || r.data()["apiKey"] != nil {
		t.Fatalf("top-up: %d %s", r.Status, r.Raw)
	}
	if e.credits(id) != 4*dalil.USD || e.credits(other) != 0 {
		t.Errorf("credits: %v and %v", e.credits(id), e.credits(other))
	}
	if r := e.do("POST", "/api/v1/account/top-up", `{"usd":"3"}`, h); r.Status != 402 || e.credits(id) != 4*dalil.USD {
		t.Errorf("replayed top-up: %d %s, credits %v", r.Status, r.Raw, e.credits(id))
	}
}

// The funding routes are in /openapi.json when funding is on (with the
// rails that fund), and not when it is off.
func TestFundingInOpenAPI(t *testing.T) {
	for _, on := range []bool{false, true} {
		e, _ := fundingEnv(t, on)
		r := e.do("GET", "/openapi.json", nil, nil)
		var doc struct {
			Paths map[string]map[string]struct {
				OperationID string `json:"operationId"`
				Description string `json:"description"`
			} `json:"paths"`
		}
		if err := json.Unmarshal([]byte(r.Raw), &doc); err != nil {
			t.Fatal(err)
		}
		for path, id := range map[string]string{"/api/v1/accounts": "fund_new_account", "/api/v1/account/top-up": "top_up_account"} {
			op, listed := doc.Paths[path]["post"]
			if listed != on || on && (op.OperationID != id || !strings.Contains(op.Description, "x402")) {
				t.Errorf("funding on=%v: POST %s in openapi.json: %v %+v", on, path, listed, op)
			}
		}
	}
}
