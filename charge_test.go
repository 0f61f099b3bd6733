package dalil_test

import (
	"strings"
	"testing"
	"time"

	"dalil"
)

func TestDecideCharge(t *testing.T) {
	now := time.Date(2026, 5, 10, 0, 0, 0, 0, time.UTC)
	dev, _ := dalil.PlanByID("developer") // USD 10.00 and 1000 calls a month
	free, _ := dalil.PlanByID("free")
	end := time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC)
	cent := dalil.MicroUSD(10_000)
	tests := []struct {
		name      string
		st        dalil.ChargeState
		price     dalil.MicroUSD
		method    string
		creditsOn bool
		wantRail  string
		wantCode  dalil.Code
	}{
		{"allowance pays first", dalil.ChargeState{Plan: dev, Credits: dalil.USD}, cent, dalil.MethodAuto, true, dalil.RailSubscription, ""},
		{"subscription named uses the allowance", dalil.ChargeState{Plan: dev}, cent, dalil.MethodSubscription, true, dalil.RailSubscription, ""},
		{"credits named skip the allowance", dalil.ChargeState{Plan: dev, Credits: dalil.USD}, cent, dalil.MethodCredits, true, dalil.RailCredits, ""},
		{"USD left exactly covers", dalil.ChargeState{Plan: dev, Used: 10*dalil.USD - cent}, cent, dalil.MethodAuto, true, dalil.RailSubscription, ""},
		{"USD left one micro short falls back to credits", dalil.ChargeState{Plan: dev, Used: 10*dalil.USD - cent + 1, Credits: cent}, cent, dalil.MethodAuto, true, dalil.RailCredits, ""},
		{"calls used up fall back to credits", dalil.ChargeState{Plan: dev, Calls: 1000, Credits: cent}, cent, dalil.MethodAuto, true, dalil.RailCredits, ""},
		{"allowance used up, no credits: quota", dalil.ChargeState{Plan: dev, Calls: 1000, PeriodEnd: end}, cent, dalil.MethodAuto, true, "", dalil.CodeQuotaExceeded},
		{"subscription's credit fallback is part of the rail", dalil.ChargeState{Plan: dev, Calls: 1000, Credits: cent}, cent, dalil.MethodSubscription, true, dalil.RailCredits, ""},
		{"credits rail off: allowance alone", dalil.ChargeState{Plan: dev, Calls: 1000, Credits: dalil.USD, PeriodEnd: end}, cent, dalil.MethodAuto, false, "", dalil.CodeQuotaExceeded},
		{"free plan pays with credits", dalil.ChargeState{Plan: free, Credits: cent}, cent, dalil.MethodAuto, true, dalil.RailCredits, ""},
		{"free plan without credits", dalil.ChargeState{Plan: free, Credits: cent - 1}, cent, dalil.MethodAuto, true, "", dalil.CodeInsufficientCredits},
		{"credits named on an allowance plan, none left", dalil.ChargeState{Plan: dev}, cent, dalil.MethodCredits, true, "", dalil.CodeInsufficientCredits},
		{"price above the whole allowance", dalil.ChargeState{Plan: dev, Credits: 20 * dalil.USD}, 11 * dalil.USD, dalil.MethodAuto, true, dalil.RailCredits, ""},
		{"zero price on the allowance", dalil.ChargeState{Plan: dev}, 0, dalil.MethodAuto, true, dalil.RailSubscription, ""},
		{"allowance partly left, credits short: not a quota", dalil.ChargeState{Plan: dev, Used: 10*dalil.USD - 1_610_000, Credits: 990_000, PeriodEnd: end}, 2 * dalil.USD, dalil.MethodAuto, true, "", dalil.CodeInsufficientCredits},
		{"price above the whole allowance, credits short", dalil.ChargeState{Plan: dev, Credits: dalil.USD, PeriodEnd: end}, 11 * dalil.USD, dalil.MethodAuto, true, "", dalil.CodeInsufficientCredits},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rail, err := dalil.DecideCharge(tt.st, tt.price, tt.method, tt.creditsOn, now)
			var code dalil.Code
			if err != nil {
				code = err.Code
			}
			if rail != tt.wantRail || code != tt.wantCode {
				t.Fatalf("DecideCharge = %q, %v; want %q, %q", rail, err, tt.wantRail, tt.wantCode)
			}
			if code == dalil.CodeQuotaExceeded && err.Headers["Retry-After"] != "1900800" {
				t.Errorf("Retry-After = %q, want the exact seconds to the period's end", err.Headers["Retry-After"])
			}
		})
	}
}

// TestRefusalSaysWhatIsTrue: a refusal's code, Retry-After and figures
// follow what the allowance and the credits really hold (issue #33: USD
// 1.61 of allowance left was answered "used up", with a 30-day wait).
func TestRefusalSaysWhatIsTrue(t *testing.T) {
	now := time.Date(2026, 5, 10, 0, 0, 0, 0, time.UTC)
	end := now.Add(90 * time.Second)
	dev, _ := dalil.PlanByID("developer") // USD 10.00 and 1000 calls a month
	tests := []struct {
		name        string
		st          dalil.ChargeState
		allowance   bool
		price       dalil.MicroUSD
		code        dalil.Code
		retryAfter  string
		mentions    []string
		notMentions []string
	}{
		{"partly left, waiting helps", dalil.ChargeState{Plan: dev, Used: 10*dalil.USD - 1_610_000, Calls: 10, Credits: 990_000, PeriodEnd: end}, true, 2 * dalil.USD,
			dalil.CodeInsufficientCredits, "90", []string{"USD 1.61", "USD 0.99", "USD 1.01 of credits", "Retry-After"}, []string{"used up"}},
		{"used up, waiting helps", dalil.ChargeState{Plan: dev, Used: 10 * dalil.USD, Calls: 400, PeriodEnd: end}, true, 2 * dalil.USD,
			dalil.CodeQuotaExceeded, "90", []string{"used up", "USD 2.00 of credits"}, nil},
		{"calls used up", dalil.ChargeState{Plan: dev, Calls: 1000, Credits: 10_000, PeriodEnd: end}, true, 20_000,
			dalil.CodeQuotaExceeded, "90", []string{"used up", "USD 0.01 of credits"}, nil},
		{"price above the whole allowance: waiting never helps", dalil.ChargeState{Plan: dev, Credits: dalil.USD, PeriodEnd: end}, true, 11 * dalil.USD,
			dalil.CodeInsufficientCredits, "", []string{"larger plan", "USD 10.00 of credits"}, []string{"Retry-After"}},
		{"no allowance", dalil.ChargeState{Plan: dev, Credits: 5_000, PeriodEnd: end}, false, 10_000,
			dalil.CodeInsufficientCredits, "", []string{"USD 0.005 of credits"}, []string{"allowance"}},
		{"period end passed: one second", dalil.ChargeState{Plan: dev, Used: 10 * dalil.USD, PeriodEnd: now.Add(-time.Second)}, true, 10_000,
			dalil.CodeQuotaExceeded, "1", nil, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := dalil.Refusal(tc.st, tc.allowance, tc.price, now)
			if err.Code != tc.code || err.Headers["Retry-After"] != tc.retryAfter {
				t.Fatalf("%s Retry-After %q, want %s %q: %s", err.Code, err.Headers["Retry-After"], tc.code, tc.retryAfter, err.Message)
			}
			for _, s := range tc.mentions {
				if !strings.Contains(err.Message, s) {
					t.Errorf("message does not say %q: %s", s, err.Message)
				}
			}
			for _, s := range tc.notMentions {
				if strings.Contains(err.Message, s) {
					t.Errorf("message says %q: %s", s, err.Message)
				}
			}
			if err.Details.(map[string]any)["creditsNeeded"] == nil {
				t.Errorf("details %v lack creditsNeeded", err.Details)
			}
		})
	}
}

// TestDecideChargeNeverOverspends: applying decisions one after another
// never takes credits or the allowance below zero, whatever the prices.
func TestDecideChargeNeverOverspends(t *testing.T) {
	dev, _ := dalil.PlanByID("developer")
	now := time.Now()
	for seed := int64(1); seed <= 200; seed++ {
		st := dalil.ChargeState{Plan: dev, Credits: dalil.MicroUSD(seed * 7919 % 3_000_000), Used: dalil.MicroUSD(seed * 104729 % int64(dev.MonthlyUSD)), Calls: seed * 13 % 1001}
		for i := int64(0); i < 400; i++ {
			price := dalil.MicroUSD((seed*31 + i*977) % 250_000)
			rail, err := dalil.DecideCharge(st, price, dalil.MethodAuto, true, now)
			if err != nil {
				continue
			}
			st = st.Apply(rail, price)
			if st.Credits < 0 || st.Used > dev.MonthlyUSD || st.Calls > dev.MonthlyCalls {
				t.Fatalf("seed %d step %d: overspent: %+v", seed, i, st)
			}
		}
	}
}

func TestChooseRail(t *testing.T) {
	accountRails := map[string]bool{dalil.MethodCredits: true, dalil.MethodSubscription: true}
	creditsOnly := map[string]bool{dalil.MethodCredits: true}
	tests := []struct {
		name      string
		method    string
		enabled   map[string]bool
		hasKey    bool
		presented []string
		want      dalil.RailChoice
	}{
		{"auto with a key pays with the account", dalil.MethodAuto, accountRails, true, nil, dalil.RailChoice{Account: true, Method: dalil.MethodAuto}},
		{"a key wins over a presented credential", dalil.MethodAuto, accountRails, true, []string{dalil.RailX402}, dalil.RailChoice{Account: true, Method: dalil.MethodAuto}},
		{"no key: the presented credential pays", dalil.MethodAuto, accountRails, false, []string{dalil.RailL402}, dalil.RailChoice{PayPerCall: dalil.RailL402}},
		{"no key, nothing presented: account path (401)", dalil.MethodAuto, accountRails, false, nil, dalil.RailChoice{Account: true, Method: dalil.MethodAuto}},
		{"auto without the subscription rail is credits", dalil.MethodAuto, creditsOnly, true, nil, dalil.RailChoice{Account: true, Method: dalil.MethodCredits}},
		{"named pay-per-call rail never touches the key", dalil.RailMPP, accountRails, true, nil, dalil.RailChoice{PayPerCall: dalil.RailMPP}},
		{"named credits", dalil.MethodCredits, accountRails, true, nil, dalil.RailChoice{Account: true, Method: dalil.MethodCredits}},
		{"named subscription", dalil.MethodSubscription, accountRails, true, nil, dalil.RailChoice{Account: true, Method: dalil.MethodSubscription}},
		{"no key, several credentials: x402 first", dalil.MethodAuto, accountRails, false, []string{dalil.RailMPP, dalil.RailL402, dalil.RailX402}, dalil.RailChoice{PayPerCall: dalil.RailX402}},
		{"no key, several credentials: l402 before mpp", dalil.MethodAuto, accountRails, false, []string{dalil.RailMPP, dalil.RailL402}, dalil.RailChoice{PayPerCall: dalil.RailL402}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := dalil.ChooseRail(tt.method, tt.enabled, tt.hasKey, tt.presented); got != tt.want {
				t.Fatalf("ChooseRail = %+v, want %+v", got, tt.want)
			}
		})
	}
}
