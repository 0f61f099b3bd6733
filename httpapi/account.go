package httpapi

import (
	"errors"
	"net/http"
	"strconv"
	"strings"

	"dalil"
	"dalil/ops"
)

// accountOf authenticates a key for the account endpoints.
func (s *Server) accountOf(w http.ResponseWriter, r *http.Request) (dalil.Account, bool) {
	a, k, err := s.authenticateKey(r)
	if err == nil {
		err = s.limit(w, r, "key:"+k.ID, a.Plan)
	}
	if err != nil {
		writeError(w, r, err)
		return a, false
	}
	return a, true
}

func (s *Server) handleBalance(w http.ResponseWriter, r *http.Request) {
	a, ok := s.accountOf(w, r)
	if !ok {
		return
	}
	b, err := ops.AccountBalance(r.Context(), s.store, a.ID)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeData(w, r, http.StatusOK, b, Meta{})
}

// usageView is the answer of GET /api/v1/account/usage (docs.go
// describes its fields).
type usageView = ops.Usage

func (s *Server) handleUsage(w http.ResponseWriter, r *http.Request) {
	a, ok := s.accountOf(w, r)
	if !ok {
		return
	}
	v, err := ops.AccountUsage(r.Context(), s.store, a.ID)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeData(w, r, http.StatusOK, v, Meta{})
}

func (s *Server) handleTransactions(w http.ResponseWriter, r *http.Request) {
	a, ok := s.accountOf(w, r)
	if !ok {
		return
	}
	limit, before, err := pageParams(r)
	if err != nil {
		writeError(w, r, err)
		return
	}
	p, err := ops.Ledger(r.Context(), s.store, a.ID, limit, before)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeData(w, r, http.StatusOK, p, Meta{})
}

// pageParams reads ?limit= (1-200, default 50) and ?before= (a ledger id).
func pageParams(r *http.Request) (int, int64, error) {
	var ps []dalil.Problem
	limit, before := 50, int64(0)
	if v := r.URL.Query().Get("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 200 {
			ps = append(ps, dalil.Problem{Path: "limit", Message: "must be an integer from 1 to 200"})
		}
		limit = n
	}
	if v := r.URL.Query().Get("before"); v != "" {
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil || n < 1 {
			ps = append(ps, dalil.Problem{Path: "before", Message: "must be a transaction id from a previous page"})
		}
		before = n
	}
	if len(ps) > 0 {
		names := make([]string, len(ps))
		for i, p := range ps {
			names[i] = p.Path
		}
		return 0, 0, &dalil.Error{Code: dalil.CodeInvalidInput, Details: ps,
			Message: "The query parameter " + strings.Join(names, " and ") + " is not valid; see details (the body was not checked)."}
	}
	return limit, before, nil
}

func notFoundAs(err error, what string) error {
	if errors.Is(err, dalil.ErrNotFound) {
		return dalil.Errorf(dalil.CodeNotFound, "%s not found.", what)
	}
	return err
}

type planAllowance struct {
	Type                 string `json:"type"`
	MonthlyIncluded      string `json:"monthlyIncluded"`
	MonthlyIncludedCalls int64  `json:"monthlyIncludedCalls"`
	Currency             string `json:"currency"`
	Renewal              string `json:"renewal"`
}

type planView struct {
	ID        string        `json:"id"`
	Name      string        `json:"name"`
	Allowance planAllowance `json:"allowance"`
}

func plansView() []planView {
	out := make([]planView, len(dalil.Plans))
	for i, p := range dalil.Plans {
		out[i] = planView{ID: p.ID, Name: p.Name, Allowance: planAllowance{Type: "usd", MonthlyIncluded: p.MonthlyUSD.Decimal(), MonthlyIncludedCalls: p.MonthlyCalls, Currency: "USD", Renewal: "automatic_on_period_rollover"}}
	}
	return out
}

func (s *Server) handlePlans(w http.ResponseWriter, r *http.Request) {
	writeData(w, r, http.StatusOK, map[string]any{
		"enabled":    s.rails[dalil.MethodSubscription],
		"currency":   "USD",
		"assignment": "account-scoped",
		"plans":      plansView(),
	}, Meta{})
}

// accountRailIDs lists the account rails' ids in priority order.
func accountRailIDs() []string {
	var ids []string
	for _, r := range dalil.RailsByPriority() {
		if r.Type == dalil.RailAccount {
			ids = append(ids, r.ID)
		}
	}
	return ids
}

// accountDescriptor is an account rail's entry in the payment-methods
// listing.
func (s *Server) accountDescriptor(r dalil.RailInfo) map[string]any {
	d := map[string]any{
		"id": r.ID, "enabled": true, "currency": "USD", "authentication": "api_key",
		"credential": "Authorization: Bearer <API_KEY> or X-API-Key: <API_KEY>",
		"endpoints":  map[string]string{"canonical": "POST /api/v1/<tool-path>"},
	}
	switch r.ID {
	case dalil.RailCredits:
		d["type"] = "prepaid"
		d["balance"] = "/api/v1/account/balance"
		// The pay-per-call rails that buy credits (funding.go): empty
		// unless the operator turned funding on.
		d["fundingMethods"] = s.fundingMethodsListed()
		if len(d["fundingMethods"].([]string)) > 0 {
			d["funding"] = s.fundingDescriptor()
		}
	case dalil.RailSubscription:
		d["type"] = "subscription"
		d["plans"] = plansView()
		d["plansEndpoint"] = "/api/v1/subscription-plans"
		d["creditFallback"] = s.rails[dalil.MethodCredits]
	}
	return d
}

// handlePaymentMethods builds the spec's listing from the enabled rails.
func (s *Server) handlePaymentMethods(w http.ResponseWriter, r *http.Request) {
	// The enabled rails in the catalogue's order; a pay-per-call rail
	// describes itself (PayRail.Descriptor), the account rails are this
	// package's.
	methods := []map[string]any{}
	for _, r := range dalil.Rails {
		if pr := s.payRails[r.ID]; r.Type == dalil.RailPayPerCall && pr != nil {
			methods = append(methods, pr.Descriptor)
		} else if r.Type == dalil.RailAccount && s.rails[r.Header] {
			methods = append(methods, s.accountDescriptor(r))
		}
	}
	priority := []string{}
	for _, r := range dalil.RailsByPriority() {
		if s.rails[r.Header] {
			priority = append(priority, r.ID)
		}
	}
	writeData(w, r, http.StatusOK, map[string]any{
		"methods": methods,
		"selection": map[string]any{
			"header":       "X-Service-Payment-Method",
			"values":       s.enabledMethods(),
			"default":      dalil.MethodAuto,
			"autoPriority": priority,
			"note":         "auto charges a presented API key first (subscription allowance, then prepaid credits), otherwise the presented pay-per-call credential. Naming a rail never charges another.",
		},
		"idempotency": map[string]any{
			"header":    "Idempotency-Key",
			"scope":     "account + tool",
			"appliesTo": []string{dalil.RailCredits, dalil.RailSubscription},
		},
		"spendingCeiling": map[string]any{
			"header":    MaxPriceHeader,
			"format":    "decimal USD, e.g. 0.05",
			"mcp":       "_meta.maxPrice in tools/call (same format, string or number)",
			"appliesTo": "every rail",
			"onRefusal": "402 " + string(dalil.CodePriceAboveMaximum) + " with price and maxPrice in details; nothing is run or charged",
		},
	}, Meta{})
}
