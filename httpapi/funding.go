package httpapi

import (
	"cmp"
	"context"
	"encoding/json"
	"net/http"
	"slices"
	"strings"

	"dalil"
)

// Funding lets agents fund themselves (issue 33 item 11): an agent
// without an account pays once over a pay-per-call rail at
// POST /api/v1/accounts and receives an API key whose account holds the
// amount in credits; an account tops up the same way at
// POST /api/v1/account/top-up with its key. Off unless Rails is set.
type Funding struct {
	// Rails are the pay-per-call rail ids that may fund (x402, l402,
	// mpp), each also configured in PayPerCall; empty: funding is off and
	// both routes are 404.
	Rails []string
	// Min and Max bound the amount of one funding (inclusive).
	Min, Max dalil.MicroUSD
}

// fundingBody is the body of both funding routes.
type fundingBody struct {
	USD  json.Number `json:"usd" jsonschema:"USD to pay and receive in credits, within the operator's bounds, at most 6 decimals, e.g. \"5.00\""`
	Name string      `json:"name,omitempty" jsonschema:"the new account's name, 1 to 120 characters (account creation only; default agent)"`
}

// fundingRails lists the rails that fund, in auto's order: configured
// and listed in Config.Funding.Rails.
func (s *Server) fundingRails() []string {
	out := []string{}
	for _, r := range dalil.RailsByPriority() {
		if r.Type == dalil.RailPayPerCall && s.payRails[r.ID] != nil && slices.Contains(s.cfg.Funding.Rails, r.ID) {
			out = append(out, r.ID)
		}
	}
	return out
}

// fundingRoutes mounts the funding routes when funding is on and the
// store can record it.
func (s *Server) fundingRoutes() {
	if _, ok := s.store.(dalil.Funder); !ok || len(s.fundingRails()) == 0 {
		return
	}
	s.mux.HandleFunc("POST /api/v1/accounts", func(w http.ResponseWriter, r *http.Request) { s.handleFunding(w, r, true) })
	s.mux.HandleFunc("POST /api/v1/account/top-up", func(w http.ResponseWriter, r *http.Request) { s.handleFunding(w, r, false) })
}

// handleFunding runs one funding: who pays (the client address, or the
// account's key for a top-up) → the body and its bounds (400 before any
// challenge) → the rail → 402 challenge, or verify and claim the
// credential once → settle → one transaction writing the account, key,
// credits, ledger row and funded claim (dalil.Funder) → 201/200.
func (s *Server) handleFunding(w http.ResponseWriter, r *http.Request, create bool) {
	tool := dalil.ToolAccountCreate
	if !create {
		tool = dalil.ToolAccountTopUp
	}
	logFrom(r.Context()).tool = tool
	ctx, cancel := context.WithTimeout(r.Context(), s.cfg.CallTimeout)
	defer cancel()
	r = r.WithContext(ctx)
	var acct dalil.Account
	if create {
		if err := s.limit(w, r, "ip:"+s.clientIP(r), dalil.RatePayPerCall); err != nil {
			writeError(w, r, err)
			return
		}
	} else {
		var ok bool
		if acct, ok = s.accountOf(w, r); !ok {
			return
		}
	}
	var body fundingBody
	if !decodeAdmin(w, r, &body) {
		return
	}
	amount, err := s.fundingAmount(body, create, acct)
	if err != nil {
		writeError(w, r, err)
		return
	}
	pr, err := s.fundingRail(r)
	if err != nil {
		writeError(w, r, err)
		return
	}
	rail := pr.Rail
	q := dalil.Quote{Tool: tool, Price: amount, Resource: s.baseURL(r) + r.URL.Path,
		Description: "Dalil prepaid credits: USD " + amount.Decimal()}
	if !rail.Present(r.Header) {
		s.writeChallenge(w, r, rail, q, "Payment required: pay "+amount.String()+" with "+rail.ID()+" and retry with the credential to receive "+amount.String()+" in credits.")
		return
	}
	pay, err := rail.Verify(ctx, r.Header, q)
	if err != nil {
		writeError(w, r, err)
		return
	}
	requestID := RequestID(ctx)
	if err := s.store.ClaimCredential(ctx, dalil.Claim{CredentialID: pay.CredentialID, Rail: rail.ID(), Tool: tool, Amount: amount, RequestID: requestID, Payer: pay.Payer, ExpiresAt: pay.ExpiresAt}); err != nil {
		if dalil.ErrorCode(err) == dalil.CodePaymentInvalid {
			err = replayedFunding(rail.ID())
		}
		writeError(w, r, err)
		return
	}
	// Everything the write needs is chosen before the money moves, so a
	// retried write creates the same account and key.
	req := dalil.FundingRequest{CredentialID: pay.CredentialID, Rail: rail.ID(), RequestID: requestID, Amount: amount, Create: create, AccountID: acct.ID}
	if create {
		req.AccountID, req.KeyID, req.Secret, req.Plan = dalil.NewID("acct_"), dalil.NewID("key_"), dalil.NewSecret(), dalil.PlanFree
		req.Name = cmp.Or(strings.TrimSpace(body.Name), "agent")
	}
	// Settlement moves money: it runs to its end (bounded by the rail's
	// own timeouts) even if the caller hangs up meanwhile.
	receipt, err := rail.Settle(context.WithoutCancel(ctx), pay)
	if err != nil {
		// As railPayer.settle: keep the claim when the money may have
		// moved, release it when it certainly did not. Nothing is credited.
		if dalil.ErrorCode(err) == dalil.CodePaymentInvalid && !keepClaim(err) {
			id := pay.CredentialID
			if rerr := s.retryRecord(ctx, requestID, "release of an unsettled funding", func(c context.Context) error { return s.store.ReleaseCredential(c, id) }); rerr != nil {
				s.log.Warn("release of an unsettled funding failed; retrying", "requestId", requestID, "error", rerr.Error())
			}
		}
		writeError(w, r, err)
		return
	}
	funder := s.store.(dalil.Funder)
	var funded dalil.Funded
	write := func(c context.Context) error {
		f, err := funder.Fund(c, req)
		if err == nil {
			funded = f
		}
		return err
	}
	for k, vs := range receipt {
		w.Header()[k] = vs
	}
	cl := logFrom(ctx)
	cl.rail, cl.amount = rail.ID(), amount
	if err := s.retryRecord(ctx, requestID, "record a settled funding", write); err != nil {
		// Paid, not yet recorded: the write is retried in the background
		// with the same account, key and secret; the payer keeps them.
		s.log.Warn("record a settled funding failed; retrying", "requestId", requestID, "rail", rail.ID(), "credential", pay.CredentialID, "account", req.AccountID, "error", err.Error())
		writeData(w, r, http.StatusAccepted, fundingView(req, acct, nil, false), Meta{PaymentMethod: rail.ID()})
		return
	}
	status := http.StatusOK
	if create {
		status = http.StatusCreated
	}
	writeData(w, r, status, fundingView(req, funded.Account, funded.Key, true), Meta{PaymentMethod: rail.ID()})
}

// FundingResult is the data of a funding answer: the fields of
// ops.Created for a new account (the API key shown this once only) and of
// ops.TopUp, and whether the credit is recorded yet.
type FundingResult struct {
	AccountID  string  `json:"accountId"`
	KeyID      string  `json:"keyId,omitempty"`
	APIKey     string  `json:"apiKey,omitempty" jsonschema:"the new key's secret, shown this once only"`
	Plan       string  `json:"plan,omitempty"`
	AddedUSD   float64 `json:"addedUsd"`
	CreditsUSD float64 `json:"creditsUsd" jsonschema:"the balance after the funding, USD (absent while not recorded)"`
	Rail       string  `json:"rail"`
	Credential string  `json:"credential" jsonschema:"the pay-per-call credential id, also in the ledger row's note"`
	// Recorded is false on a 202: paid, but the database write failed and
	// is retried in the background (about a minute); the key works once
	// recorded.
	Recorded bool `json:"recorded"`
}

func fundingView(req dalil.FundingRequest, a dalil.Account, k *dalil.Key, recorded bool) FundingResult {
	v := FundingResult{AccountID: req.AccountID, AddedUSD: req.Amount.Float(), Rail: req.Rail, Credential: req.CredentialID, Recorded: recorded}
	if recorded {
		v.CreditsUSD = a.Credits.Float()
	}
	if req.Create {
		v.KeyID, v.APIKey, v.Plan = req.KeyID, req.Secret, req.Plan
		if k != nil {
			v.KeyID = k.ID
		}
	}
	return v
}

// fundingAmount reads and bounds the amount: 400 before any challenge.
func (s *Server) fundingAmount(body fundingBody, create bool, acct dalil.Account) (dalil.MicroUSD, error) {
	min, max := s.cfg.Funding.Min, s.cfg.Funding.Max
	bounds := "from USD " + min.Decimal() + " to USD " + max.Decimal()
	amount, err := dalil.ParseUSD(string(body.USD))
	if body.USD == "" || err != nil || amount <= 0 {
		return 0, dalil.InvalidInput(dalil.Problem{Path: "usd", Message: "must be a USD amount " + bounds + " with at most 6 decimals, such as \"5.00\""})
	}
	if amount < min || amount > max {
		return 0, dalil.InvalidInput(dalil.Problem{Path: "usd", Message: "must be " + bounds + " (the operator's bounds for one funding)"})
	}
	if create {
		if len(body.Name) > 120 {
			return 0, dalil.InvalidInput(dalil.Problem{Path: "name", Message: "must be 1 to 120 characters"})
		}
	} else {
		if body.Name != "" {
			return 0, dalil.InvalidInput(dalil.Problem{Path: "name", Message: "a top-up takes no name"})
		}
		if acct.Credits > dalil.MaxCredits-amount {
			return 0, dalil.InvalidInput(dalil.Problem{Path: "usd", Message: "the balance may not exceed USD " + dalil.MaxCredits.Decimal()})
		}
	}
	return amount, nil
}

// fundingRail picks the rail: the one X-Service-Payment-Method names, or
// the one whose credential is presented, or the first funding rail (its
// challenge; the 402 names the others).
func (s *Server) fundingRail(r *http.Request) (*PayRail, error) {
	rails := s.fundingRails()
	m := strings.ToLower(strings.TrimSpace(r.Header.Get("X-Service-Payment-Method")))
	if m != "" && m != dalil.MethodAuto {
		if slices.Contains(rails, m) {
			return s.payRails[m], nil
		}
		return nil, &dalil.Error{Code: dalil.CodePaymentMethodUnsupported,
			Message: "X-Service-Payment-Method " + quote(m) + " cannot fund an account; use one of: " + strings.Join(rails, ", ") + ".",
			Details: map[string]any{"fundingMethods": rails, "paymentMethods": "/api/v1/payment-methods"}}
	}
	for _, id := range rails {
		if s.payRails[id].Rail.Present(r.Header) {
			return s.payRails[id], nil
		}
	}
	return s.payRails[rails[0]], nil
}

// replayedFunding is the answer to a credential already spent: nothing is
// created or credited, and the API key of the account it funded is never
// shown again (whoever replays a credential may not be its payer).
func replayedFunding(rail string) *dalil.Error {
	return &dalil.Error{Code: dalil.CodePaymentInvalid,
		Message: "This payment credential was already used; nothing was created or credited. The API key of the account it funded was shown once, in the first answer; pay again for a new funding.",
		Details: map[string]any{"rail": rail, "reason": "replayed"}}
}

// fundingMethodsListed is the api_credits descriptor's fundingMethods:
// the rails that buy credits, or [] when funding is off.
func (s *Server) fundingMethodsListed() []string {
	if _, ok := s.store.(dalil.Funder); !ok {
		return []string{}
	}
	return s.fundingRails()
}

// fundingDescriptor is the api_credits descriptor's funding object (only
// when funding is on): the routes, the bounds and the body.
func (s *Server) fundingDescriptor() map[string]any {
	return map[string]any{
		"create":  "POST /api/v1/accounts",
		"topUp":   "POST /api/v1/account/top-up (with the account's API key)",
		"body":    `{"usd": "<amount>", "name": "<optional, create only>"}`,
		"minUsd":  s.cfg.Funding.Min.Decimal(),
		"maxUsd":  s.cfg.Funding.Max.Decimal(),
		"rail":    "X-Service-Payment-Method: <one of fundingMethods>, or the credential presented; without either, the first's 402 challenge",
		"replays": "a credential funds once; a replay is 402 PAYMENT_INVALID reason replayed and never shows the key again",
	}
}
