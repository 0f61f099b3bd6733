package dalil

import (
	"fmt"
	"math"
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

// Refusal is the answer to a call that neither the allowance nor the
// credits cover, saying what is true of both and what would cover it:
//
//   - QUOTA_EXCEEDED (429) when the plan's allowance applies, is used up
//     (no USD or no call left this period) and the next period's would
//     cover the price: Retry-After is the exact seconds to the period's
//     end;
//   - otherwise INSUFFICIENT_CREDITS (402): the credits do not cover the
//     price, and the allowance (when it applies) has too little left.
//     Retry-After only when the next period's allowance would cover it.
//
// Details give the price, the credits, what more credits would cover it,
// and the allowance left and its period, so an agent can act.
func Refusal(st ChargeState, allowanceApplied bool, price MicroUSD, now time.Time) *Error {
	short := max(price-st.Credits, 0)
	details := map[string]any{"price": price.Float(), "credits": st.Credits.Float(), "currency": "USD", "creditsNeeded": short.Float()}
	if !allowanceApplied {
		return &Error{Code: CodeInsufficientCredits,
			Message: fmt.Sprintf("This call costs %s and the account's prepaid credits are %s; add at least %s of credits and retry.", price, st.Credits, short),
			Details: details}
	}
	left, callsLeft := max(st.Plan.MonthlyUSD-st.Used, 0), max(st.Plan.MonthlyCalls-st.Calls, 0)
	retry := 1
	if d := st.PeriodEnd.Sub(now); d > 0 {
		retry = int(math.Ceil(d.Seconds()))
	}
	details["plan"], details["periodEndsAt"] = st.Plan.ID, st.PeriodEnd.Format(time.RFC3339)
	details["allowanceRemaining"], details["allowanceCallsRemaining"] = left.Float(), callsLeft
	waitHelps := price <= st.Plan.MonthlyUSD && st.Plan.MonthlyCalls > 0
	headers := map[string]string{}
	if waitHelps {
		headers["Retry-After"] = strconv.Itoa(retry)
	}
	if (left == 0 || callsLeft == 0) && waitHelps {
		return &Error{Code: CodeQuotaExceeded,
			Message: fmt.Sprintf("The monthly allowance of plan %s is used up until %s and the prepaid credits (%s) do not cover this call's %s: add at least %s of credits, or retry when the period ends (Retry-After).",
				st.Plan.ID, st.PeriodEnd.Format(time.RFC3339), st.Credits, price, short),
			Details: details, Headers: headers}
	}
	msg := fmt.Sprintf("This call costs %s; plan %s has %s and %d calls of its allowance left this period, and the prepaid credits are %s: neither covers it. Add at least %s of credits",
		price, st.Plan.ID, left, callsLeft, st.Credits, short)
	if waitHelps {
		msg += ", or retry when the period ends (Retry-After)."
	} else {
		msg += " (the plan's whole monthly allowance, " + st.Plan.MonthlyUSD.String() + ", is less than the price), or move to a larger plan."
	}
	if len(headers) == 0 {
		headers = nil
	}
	return &Error{Code: CodeInsufficientCredits, Message: msg, Details: details, Headers: headers}
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
