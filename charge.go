package dalil

import (
	"slices"
	"strconv"
	"time"
)

// ChargeState is what one charge decision reads of an account: its plan,
// the allowance period and what is left of it, and its prepaid credits.
type ChargeState struct {
	Plan        Plan
	PeriodStart time.Time
	PeriodEnd   time.Time
	Credits     MicroUSD
	// Used and Calls are the allowance used in the current period.
	Used  MicroUSD
	Calls int64
}

// HasAllowance reports whether the plan includes a monthly allowance.
func (st ChargeState) HasAllowance() bool {
	return st.Plan.MonthlyUSD > 0 && st.Plan.MonthlyCalls > 0
}

// DecideCharge is the one rule that says how an account pays for one call
// of price, at now, with the account payment method (MethodAuto,
// MethodCredits or MethodSubscription; see ChooseRail) and whether the
// credits rail is switched on:
//
//   - the allowance pays when the method allows it (auto or subscription),
//     the plan has one, and both the USD and the calls left cover the call;
//   - otherwise prepaid credits pay when they are switched on and cover it
//     (subscription's credit fallback is part of that rail);
//   - otherwise the call is refused: QUOTA_EXCEEDED (429, Retry-After to the
//     period's end) when an allowance applied, else INSUFFICIENT_CREDITS (402).
//
// It returns RailSubscription or RailCredits, or the refusal. It reads
// nothing but its arguments, so stores only persist its outcome.
func DecideCharge(st ChargeState, price MicroUSD, method string, creditsOn bool, now time.Time) (string, *Error) {
	allowanceApplies := st.HasAllowance() && method != MethodCredits
	if allowanceApplies && price <= st.Plan.MonthlyUSD-st.Used && st.Calls+1 <= st.Plan.MonthlyCalls {
		return RailSubscription, nil
	}
	if creditsOn && st.Credits >= price {
		return RailCredits, nil
	}
	return "", Refusal(st, allowanceApplies, price, now)
}

// Apply returns the state after a charge of price paid by rail.
func (st ChargeState) Apply(rail string, price MicroUSD) ChargeState {
	switch rail {
	case RailSubscription:
		st.Used += price
		st.Calls++
	case RailCredits:
		st.Credits -= price
	}
	return st
}

// Refusal is the error for a call that neither the allowance nor the
// credits can pay: QUOTA_EXCEEDED when an allowance applied, with
// Retry-After in seconds to the period's end, else INSUFFICIENT_CREDITS.
func Refusal(st ChargeState, allowanceApplied bool, price MicroUSD, now time.Time) *Error {
	if allowanceApplied {
		retry := 1
		if d := st.PeriodEnd.Sub(now); d > 0 {
			retry = int(d.Seconds()) + 1
		}
		return &Error{Code: CodeQuotaExceeded,
			Message: "The monthly allowance of plan " + st.Plan.ID + " is used up and prepaid credits cannot cover this call; add credits or wait for the next period.",
			Details: map[string]any{"plan": st.Plan.ID, "periodEndsAt": st.PeriodEnd.Format(time.RFC3339), "price": price.Float(), "credits": st.Credits.Float()},
			Headers: map[string]string{"Retry-After": strconv.Itoa(retry)}}
	}
	return &Error{Code: CodeInsufficientCredits,
		Message: "The account's prepaid credits do not cover this call; add credits and retry.",
		Details: map[string]any{"price": price.Float(), "credits": st.Credits.Float(), "currency": "USD"}}
}

// RailChoice is how one call will be paid: by the caller's account (Method
// is then MethodAuto, MethodCredits or MethodSubscription, ready for
// DecideCharge) or by a pay-per-call rail (PayPerCall is its id).
type RailChoice struct {
	Account    bool
	Method     string
	PayPerCall string
}

// ChooseRail applies contract §7 to the X-Service-Payment-Method value
// (already checked to be auto or an enabled rail), the enabled rails,
// whether an API key came, and the ids of the pay-per-call rails whose
// credential came, in any order:
//
//   - a named pay-per-call rail pays alone, and the key is never touched;
//   - under auto, a presented API key pays (allowance, then credits);
//     without a key the presented credential of the rail first in the
//     catalogue's priority (x402, l402, mpp) pays; with neither the
//     account path answers 401 listing the pay-per-call routes;
//   - auto without the subscription rail is credits alone.
func ChooseRail(method string, enabled map[string]bool, hasKey bool, presented []string) RailChoice {
	if r, ok := RailByHeader(method); ok {
		if r.Type == RailAccount {
			return RailChoice{Account: true, Method: method}
		}
		return RailChoice{PayPerCall: r.ID}
	}
	if !hasKey && len(presented) > 0 {
		for _, r := range RailsByPriority() {
			if r.Type == RailPayPerCall && slices.Contains(presented, r.ID) {
				return RailChoice{PayPerCall: r.ID}
			}
		}
	}
	if !enabled[MethodSubscription] {
		return RailChoice{Account: true, Method: MethodCredits}
	}
	return RailChoice{Account: true, Method: MethodAuto}
}
