package ops

import (
	"context"
	"time"

	"dalil"
)

// AccountRow is one account in a listing: who it is and what it can spend.
type AccountRow struct {
	AccountID string `json:"accountId"`
	Name      string `json:"name"`
	Plan      string `json:"plan"`
	// CreditsUSD is the prepaid balance.
	CreditsUSD float64 `json:"creditsUsd" jsonschema:"prepaid credits, USD"`
	// AllowanceLeft is what is left of the current period's allowance;
	// null on a plan without one (free).
	AllowanceLeft *AllowanceLeft `json:"allowanceLeft" jsonschema:"what is left of the current allowance period; null on the free plan"`
	CreatedAt     time.Time      `json:"createdAt"`
}

// AllowanceLeft is the rest of a period's allowance, in USD and in calls.
type AllowanceLeft struct {
	USD          float64   `json:"usd"`
	Calls        int64     `json:"calls"`
	PeriodEndsAt time.Time `json:"periodEndsAt"`
}

// AccountList is one page of accounts, in the order they were created.
type AccountList struct {
	Accounts []AccountRow `json:"accounts"`
	// NextAfter is the cursor of the next page (pass it as after), absent
	// on the last page.
	NextAfter string `json:"nextAfter,omitempty" jsonschema:"the cursor of the next page (pass it as after); absent on the last page"`
}

// Page sizes of listings: the default and the most one page holds.
const (
	DefaultPage = 50
	MaxPage     = 200
)

// ListAccounts returns up to limit accounts (1-200; otherwise 50) created
// after the account after (empty: from the first), with what each can
// spend: `dalil accounts list` and GET /admin/v1/accounts. A full page
// carries NextAfter; the page after the last is empty.
func ListAccounts(ctx context.Context, s dalil.Store, limit int, after string) (AccountList, error) {
	if limit <= 0 || limit > MaxPage {
		limit = DefaultPage
	}
	accts, err := s.Accounts(ctx, limit, after)
	if err != nil {
		return AccountList{}, err
	}
	out := AccountList{Accounts: make([]AccountRow, 0, len(accts))}
	for _, a := range accts {
		row := AccountRow{AccountID: a.ID, Name: a.Name, Plan: a.Plan, CreditsUSD: a.Credits.Float(), CreatedAt: a.CreatedAt}
		if plan, _ := dalil.PlanByID(a.Plan); plan.MonthlyUSD > 0 {
			u, err := s.Usage(ctx, a.ID)
			if err != nil {
				return AccountList{}, err
			}
			row.AllowanceLeft = &AllowanceLeft{
				USD:   max(plan.MonthlyUSD-u.USD, 0).Float(),
				Calls: max(plan.MonthlyCalls-u.Calls, 0), PeriodEndsAt: u.PeriodEnd,
			}
		}
		out.Accounts = append(out.Accounts, row)
	}
	if len(accts) == limit {
		out.NextAfter = accts[len(accts)-1].ID
	}
	return out, nil
}

// UsageRow is what one tool cost on one rail.
type UsageRow struct {
	Tool     string  `json:"tool"`
	Rail     string  `json:"rail"`
	Calls    int64   `json:"calls"`
	Charged  float64 `json:"charged" jsonschema:"USD charged, net of refunds"`
	Refunded float64 `json:"refunded" jsonschema:"USD refunded of those charges (already taken off charged)"`
}

// UsageTotal adds up every row.
type UsageTotal struct {
	Calls    int64   `json:"calls"`
	Charged  float64 `json:"charged"`
	Refunded float64 `json:"refunded"`
}

// Usage is what an account was charged, per tool and rail, since it was
// created (contract §7): net of refunds, the refunds beside.
type Usage struct {
	AccountID string     `json:"accountId"`
	Currency  string     `json:"currency"`
	ByTool    []UsageRow `json:"byToolAndRail"`
	Total     UsageTotal `json:"total"`
}

// AccountUsage sums the account's charges per tool and rail, with a
// total: GET /api/v1/account/usage, GET /admin/v1/accounts/{id}/usage and
// `dalil usage`. A missing account is dalil.ErrNotFound.
func AccountUsage(ctx context.Context, s dalil.Store, accountID string) (Usage, error) {
	if _, err := s.Account(ctx, accountID); err != nil {
		return Usage{}, err
	}
	spend, err := s.Spend(ctx, accountID)
	if err != nil {
		return Usage{}, err
	}
	v := Usage{AccountID: accountID, Currency: "USD", ByTool: make([]UsageRow, 0, len(spend))}
	var total, refunded dalil.MicroUSD
	for _, sp := range spend {
		v.ByTool = append(v.ByTool, UsageRow{Tool: sp.Tool, Rail: sp.Rail, Calls: sp.Calls, Charged: sp.Amount.Float(), Refunded: sp.Refunded.Float()})
		v.Total.Calls += sp.Calls
		total += sp.Amount
		refunded += sp.Refunded
	}
	v.Total.Charged, v.Total.Refunded = total.Float(), refunded.Float()
	return v, nil
}

// PlanSet is the answer to a plan change: the account as it is now, the
// plan before, and what happened to the allowance period (dalil.PeriodKept,
// PeriodRestarted or PeriodUnchanged).
type PlanSet struct {
	View
	PreviousPlan string `json:"previousPlan" jsonschema:"the plan before the change"`
	Period       string `json:"period" jsonschema:"unchanged (the same plan), kept (the current period and its usage carry over) or restarted (a new period from now)"`
}

// SetPlan moves an account to plan (dalil.Store.SetPlan): the same plan
// changes nothing; another keeps the current period and what was used in
// it unless newPeriod restarts it. `dalil plan set` and PUT
// /admin/v1/accounts/{id}/plan. An unknown plan is INVALID_INPUT at path
// plan; a missing account dalil.ErrNotFound.
func SetPlan(ctx context.Context, s dalil.Store, accountID, plan string, newPeriod bool) (PlanSet, error) {
	if _, ok := dalil.PlanByID(plan); !ok {
		return PlanSet{}, dalil.InvalidInput(dalil.Problem{Path: "plan", Message: "must be one of free, developer, growth, enterprise"})
	}
	ch, err := s.SetPlan(ctx, accountID, plan, newPeriod)
	if err != nil {
		return PlanSet{}, err
	}
	v, err := ShowAccount(ctx, s, accountID)
	if err != nil {
		return PlanSet{}, err
	}
	return PlanSet{View: v, PreviousPlan: ch.From, Period: ch.Period}, nil
}

// ListKeys returns every key of an account, revoked ones included, never
// a secret: `dalil keys list` and GET /admin/v1/accounts/{id}/keys. A
// missing account is dalil.ErrNotFound.
func ListKeys(ctx context.Context, s dalil.Store, accountID string) ([]dalil.Key, error) {
	if _, err := s.Account(ctx, accountID); err != nil {
		return nil, err
	}
	return s.Keys(ctx, accountID)
}

// Revoked is the answer to revoking a key.
type Revoked struct {
	KeyID   string `json:"keyId"`
	Revoked bool   `json:"revoked"`
}

// RevokeKey revokes a key (twice is not an error): `dalil keys revoke`
// and DELETE /admin/v1/keys/{keyId}. A missing key is dalil.ErrNotFound.
func RevokeKey(ctx context.Context, s dalil.Store, keyID string) (Revoked, error) {
	if err := s.RevokeKey(ctx, keyID); err != nil {
		return Revoked{}, err
	}
	return Revoked{KeyID: keyID, Revoked: true}, nil
}
