// Package ops holds the operator's account operations, shared by the CLI
// (dalil accounts|credits|keys|plan) and the admin HTTP API, so both print
// and return the same JSON from one implementation.
package ops

import (
	"context"
	"time"

	"dalil"
)

// Created is what creating an account returns: the only time the API key
// secret is shown.
type Created struct {
	AccountID  string  `json:"accountId"`
	KeyID      string  `json:"keyId"`
	APIKey     string  `json:"apiKey" jsonschema:"the key's secret, shown this once only"`
	Plan       string  `json:"plan"`
	CreditsUSD float64 `json:"creditsUsd"`
}

// CreateAccount creates an account with one API key.
func CreateAccount(ctx context.Context, s dalil.Store, name, plan string, credits dalil.MicroUSD) (Created, error) {
	if plan == "" {
		plan = "free"
	}
	var ps []dalil.Problem
	if name == "" || len(name) > 120 {
		ps = append(ps, dalil.Problem{Path: "name", Message: "must be 1 to 120 characters"})
	}
	if _, ok := dalil.PlanByID(plan); !ok {
		ps = append(ps, dalil.Problem{Path: "plan", Message: "must be one of free, developer, growth, enterprise"})
	}
	if len(ps) > 0 {
		return Created{}, dalil.InvalidInput(ps...)
	}
	a, err := s.CreateAccount(ctx, name, plan, credits)
	if err != nil {
		return Created{}, err
	}
	k, secret, err := s.CreateKey(ctx, a.ID)
	if err != nil {
		return Created{}, err
	}
	return Created{AccountID: a.ID, KeyID: k.ID, APIKey: secret, Plan: a.Plan, CreditsUSD: a.Credits.Float()}, nil
}

// Allowance is the current period of a plan with an allowance.
type Allowance struct {
	Plan           string    `json:"plan"`
	PeriodStartsAt time.Time `json:"periodStartsAt"`
	PeriodEndsAt   time.Time `json:"periodEndsAt"`
	Included       float64   `json:"included"`
	Used           float64   `json:"used"`
	Remaining      float64   `json:"remaining" jsonschema:"USD left this period (never below 0)"`
	Currency       string    `json:"currency"`
	Calls          Calls     `json:"calls"`
}

// Calls counts the allowance in calls.
type Calls struct {
	Included  int64 `json:"included"`
	Used      int64 `json:"used"`
	Remaining int64 `json:"remaining"`
}

// Credits is a prepaid balance.
type Credits struct {
	Available float64 `json:"available"`
	Currency  string  `json:"currency"`
}

// Balance is GET /api/v1/account/balance (contract §7).
type Balance struct {
	AccountID    string     `json:"accountId"`
	Plan         string     `json:"plan"`
	Credits      Credits    `json:"credits"`
	Subscription *Allowance `json:"subscription"`
}

// View is an account as the operator sees it: balance plus keys.
type View struct {
	Balance
	Name      string      `json:"name"`
	CreatedAt time.Time   `json:"createdAt"`
	Keys      []dalil.Key `json:"keys"`
}

// AccountBalance returns the account's credits and current allowance.
func AccountBalance(ctx context.Context, s dalil.Store, accountID string) (Balance, error) {
	a, err := s.Account(ctx, accountID)
	if err != nil {
		return Balance{}, err
	}
	b := Balance{AccountID: a.ID, Plan: a.Plan, Credits: Credits{Available: a.Credits.Float(), Currency: "USD"}}
	plan, _ := dalil.PlanByID(a.Plan)
	if plan.MonthlyUSD > 0 {
		u, err := s.Usage(ctx, a.ID)
		if err != nil {
			return Balance{}, err
		}
		b.Subscription = &Allowance{
			Plan: plan.ID, PeriodStartsAt: u.PeriodStart, PeriodEndsAt: u.PeriodEnd,
			Included: plan.MonthlyUSD.Float(), Used: u.USD.Float(), Remaining: max(plan.MonthlyUSD-u.USD, 0).Float(), Currency: "USD",
			Calls: Calls{Included: plan.MonthlyCalls, Used: u.Calls, Remaining: max(plan.MonthlyCalls-u.Calls, 0)},
		}
	}
	return b, nil
}

// ShowAccount returns the operator's view of an account.
func ShowAccount(ctx context.Context, s dalil.Store, accountID string) (View, error) {
	b, err := AccountBalance(ctx, s, accountID)
	if err != nil {
		return View{}, err
	}
	a, err := s.Account(ctx, accountID)
	if err != nil {
		return View{}, err
	}
	keys, err := s.Keys(ctx, accountID)
	if err != nil {
		return View{}, err
	}
	return View{Balance: b, Name: a.Name, CreatedAt: a.CreatedAt, Keys: keys}, nil
}

// TopUp is the answer to adding credits.
type TopUp struct {
	AccountID  string  `json:"accountId"`
	AddedUSD   float64 `json:"addedUsd"`
	CreditsUSD float64 `json:"creditsUsd" jsonschema:"the balance after the top-up, USD"`
}

// AddCredits adds prepaid credits.
func AddCredits(ctx context.Context, s dalil.Store, accountID string, amount dalil.MicroUSD) (TopUp, error) {
	bal, err := s.AddCredits(ctx, accountID, amount, "operator top-up")
	if err != nil {
		return TopUp{}, err
	}
	return TopUp{AccountID: accountID, AddedUSD: amount.Float(), CreditsUSD: bal.Float()}, nil
}

// NewKey is a freshly issued key: the only time its secret is shown.
type NewKey struct {
	AccountID string `json:"accountId"`
	KeyID     string `json:"keyId"`
	APIKey    string `json:"apiKey" jsonschema:"the key's secret, shown this once only"`
}

// CreateKey issues a key for an account.
func CreateKey(ctx context.Context, s dalil.Store, accountID string) (NewKey, error) {
	k, secret, err := s.CreateKey(ctx, accountID)
	if err != nil {
		return NewKey{}, err
	}
	return NewKey{AccountID: accountID, KeyID: k.ID, APIKey: secret}, nil
}

// Entry is a ledger row as shown to people and agents: USD as numbers.
type Entry struct {
	ID           int64     `json:"id"`
	Kind         string    `json:"kind"`
	Rail         string    `json:"rail"`
	Tool         string    `json:"tool,omitempty"`
	Amount       float64   `json:"amount" jsonschema:"USD: positive for a top-up, negative for a charge"`
	BalanceAfter float64   `json:"creditsAfter" jsonschema:"prepaid credits after this entry, USD"`
	Currency     string    `json:"currency"`
	RequestID    string    `json:"requestId,omitempty"`
	Note         string    `json:"note,omitempty"`
	CreatedAt    time.Time `json:"createdAt"`
}

// LedgerPage is one page of an account's ledger, newest first.
type LedgerPage struct {
	AccountID    string  `json:"accountId"`
	Transactions []Entry `json:"transactions"`
	// NextBefore is the cursor for the next page, absent on the last.
	NextBefore *int64 `json:"nextBefore,omitempty" jsonschema:"the cursor of the next page (pass it as before); absent on the last page"`
}

// Ledger returns one page of the ledger.
func Ledger(ctx context.Context, s dalil.Store, accountID string, limit int, before int64) (LedgerPage, error) {
	if _, err := s.Account(ctx, accountID); err != nil {
		return LedgerPage{}, err
	}
	if limit <= 0 || limit > 200 {
		limit = 50
	}
	rows, err := s.Ledger(ctx, accountID, limit, before)
	if err != nil {
		return LedgerPage{}, err
	}
	p := LedgerPage{AccountID: accountID, Transactions: make([]Entry, len(rows))}
	for i, e := range rows {
		p.Transactions[i] = Entry{ID: e.ID, Kind: e.Kind, Rail: e.Rail, Tool: e.Tool, Amount: e.Amount.Float(), BalanceAfter: e.BalanceAfter.Float(), Currency: "USD", RequestID: e.RequestID, Note: e.Note, CreatedAt: e.CreatedAt}
	}
	if len(rows) == limit {
		next := rows[len(rows)-1].ID
		p.NextBefore = &next
	}
	return p, nil
}
