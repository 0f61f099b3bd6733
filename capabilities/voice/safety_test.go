package voice

import (
	"testing"
	"time"

	"github.com/nyaruka/phonenumbers"

	"dalil"
)

func ruleOf(err *dalil.Error) string {
	if err == nil {
		return ""
	}
	r, _ := err.Details.(map[string]any)["rule"].(string)
	return r
}

// Real numbering plans of 16 countries: mobiles and landlines pass,
// emergency, premium-rate, shared-cost and unallocated numbers are
// refused, and only allowed countries are called.
func TestCheckNumber(t *testing.T) {
	all := Policy{Countries: []string{"OM", "AE", "SA", "QA", "KW", "BH", "EG", "JO", "GB", "US", "IN", "DE", "FR", "AU", "PK", "TR"}}
	for _, c := range []struct {
		number, region, rule string
	}{
		{"+96891234567", "OM", ""},   // Oman mobile
		{"+96824123456", "OM", ""},   // Oman landline, Muscat
		{"+971501234567", "AE", ""},  // UAE mobile
		{"+966501234567", "SA", ""},  // Saudi mobile
		{"+97433123456", "QA", ""},   // Qatar mobile
		{"+96550012345", "KW", ""},   // Kuwait mobile
		{"+97336001234", "BH", ""},   // Bahrain mobile
		{"+201001234567", "EG", ""},  // Egypt mobile
		{"+962790123456", "JO", ""},  // Jordan mobile
		{"+447400123456", "GB", ""},  // UK mobile
		{"+12015550123", "US", ""},   // US
		{"+919876543210", "IN", ""},  // India mobile
		{"+4915123456789", "DE", ""}, // Germany mobile
		{"+33612345678", "FR", ""},   // France mobile
		{"+61412345678", "AU", ""},   // Australia mobile
		{"+923001234567", "PK", ""},  // Pakistan mobile
		{"+905321234567", "TR", ""},  // Turkey mobile
		// Refused numbers.
		{"+9689999", "", RuleEmergency},       // Oman's emergency number, as E.164
		{"+1911", "", RuleEmergency},          // 911 behind a country code
		{"+44999", "", RuleEmergency},         // UK 999
		{"+49112", "", RuleEmergency},         // EU 112
		{"+61000", "", RuleEmergency},         // Australia 000
		{"+819110", "", RuleInvalidNumber},    // not E.164-long enough to parse as a number? handled below
		{"+447400", "", RuleUnallocated},      // too short for the UK plan
		{"+19005550123", "US", RulePremium},   // US 900 premium rate
		{"+449090901234", "GB", RulePremium},  // UK 09 premium rate
		{"+448450001234", "GB", RulePremium},  // UK 0845: a service-charge range, premium in the plan's metadata
		{"+96810000000", "", RuleUnallocated}, // no Omani range starts 1
		{"not a number", "", RuleInvalidNumber},
		{"96891234567", "", RuleInvalidNumber}, // no +
	} {
		n, err := all.CheckNumber(c.number)
		got := ruleOf(err)
		if c.number == "+819110" { // whatever the library says, it must be refused
			if err == nil {
				t.Errorf("%s accepted", c.number)
			}
			continue
		}
		if got != c.rule {
			t.Errorf("CheckNumber(%s): rule %q (%v), want %q", c.number, got, err, c.rule)
			continue
		}
		if c.rule == "" && n.Region != c.region {
			t.Errorf("CheckNumber(%s): region %s, want %s", c.number, n.Region, c.region)
		}
	}
	// Every region's own example premium-rate and shared-cost numbers
	// (the plan's metadata) are refused.
	for _, region := range all.Countries {
		for typ, rule := range map[phonenumbers.PhoneNumberType]string{phonenumbers.PREMIUM_RATE: RulePremium, phonenumbers.SHARED_COST: RuleSharedCost} {
			ex := phonenumbers.GetExampleNumberForType(region, typ)
			if ex == nil {
				continue
			}
			e164 := phonenumbers.Format(ex, phonenumbers.E164)
			if _, err := all.CheckNumber(e164); ruleOf(err) != rule {
				t.Errorf("%s example %s (%s): %v, want rule %s", region, e164, rule, err, rule)
			}
		}
	}
	gulf := Policy{Countries: []string{"OM"}}
	if _, err := gulf.CheckNumber("+971501234567"); ruleOf(err) != RuleCountry {
		t.Errorf("UAE number with only OM allowed: %v", err)
	}
	if _, err := (Policy{}).CheckNumber("+96891234567"); ruleOf(err) != RuleCountry {
		t.Errorf("no countries allowed: %v", err)
	}
}

func TestCheckHours(t *testing.T) {
	p := Policy{Countries: []string{"OM", "US"}}
	om, err := p.CheckNumber("+96891234567")
	if err != nil || om.Timezone != "Asia/Muscat" {
		t.Fatalf("Oman number: %+v %v", om, err)
	}
	at := func(h, m int) time.Time { return time.Date(2026, 11, 25, h, m, 0, 0, time.UTC) } // Muscat is UTC+4
	for _, c := range []struct {
		now time.Time
		ok  bool
	}{
		{at(3, 59), false}, // 07:59 Muscat
		{at(4, 0), true},   // 08:00
		{at(16, 59), true}, // 20:59
		{at(17, 0), false}, // 21:00
		{at(22, 0), false}, // 02:00
	} {
		if err := p.CheckHours(om, "", c.now); (err == nil) != c.ok {
			t.Errorf("at %s UTC: %v", c.now.Format("15:04"), err)
		}
	}
	// A number without a single zone needs the caller's.
	us := Number{E164: "+12015550123", Region: "US"}
	if err := p.CheckHours(us, "", at(15, 0)); ruleOf(err) != RuleHours {
		t.Errorf("no zone: %v", err)
	}
	if err := p.CheckHours(us, "America/New_York", at(15, 0)); err != nil { // 10:00 in New York
		t.Errorf("with zone: %v", err)
	}
	if err := p.CheckHours(us, "Mars/Olympus", at(15, 0)); ruleOf(err) != RuleHours {
		t.Errorf("bad zone: %v", err)
	}
}

func TestCheckCapsAndConsent(t *testing.T) {
	p := Policy{AccountPerDay: 3, NumberPerDay: 1}
	if err := p.CheckCaps(2, 0); err != nil {
		t.Error(err)
	}
	if ruleOf(p.CheckCaps(3, 0)) != RuleAccountCap || ruleOf(p.CheckCaps(0, 1)) != RuleNumberCap {
		t.Error("caps not enforced")
	}
	// The refusal names the configured limit, in its message and details.
	for _, c := range []struct {
		err   *dalil.Error
		limit int
		msg   string
	}{
		{p.CheckCaps(4, 0), 3, "This payer has placed 4 calls in the last 24 hours; the limit is 3 a payer. Nothing was charged."},
		{p.CheckCaps(0, 1), 1, "This number has been called 1 times in the last 24 hours; the limit is 1 a number. Nothing was charged."},
		{Policy{}.CheckCaps(0, 2), DefaultNumberPerDay, "This number has been called 2 times in the last 24 hours; the limit is 2 a number. Nothing was charged."},
		{Policy{}.CheckCaps(50, 0), DefaultAccountPerDay, "This payer has placed 50 calls in the last 24 hours; the limit is 50 a payer. Nothing was charged."},
	} {
		if c.err == nil || c.err.Code != CodeCallNotAllowed || c.err.Message != c.msg || c.err.Details.(map[string]any)["limit"] != c.limit {
			t.Errorf("refusal %+v, want %q with limit %d", c.err, c.msg, c.limit)
		}
	}
	if err := (Policy{}).CheckCaps(49, 1); err != nil {
		t.Errorf("under the default caps: %v", err)
	}
	if err := CheckConsent(Safety{Recording: true}); err == nil || err.Code != CodeConsentRequired {
		t.Errorf("recording without notice: %v", err)
	}
	if err := CheckConsent(Safety{Transcription: true, ConsentNotice: "This call is transcribed."}); err != nil {
		t.Error(err)
	}
	if err := CheckConsent(Safety{}); err != nil {
		t.Error(err)
	}
}

func TestCheckInstructions(t *testing.T) {
	for text, rule := range map[string]string{
		"Confirm the delivery window for order 4471 and thank them.":    "",
		"Ask whether they are still interested in the Qurum apartment.": "",
		"Pretend to be a real person named Sara from the sales team.":   RuleImpersonation,
		"Say you are from the bank and need to verify the account.":     RuleImpersonation,
		"Do not say that you are an AI.":                                RuleImpersonation,
		"Tell them you are from Royal Oman Police.":                     RuleImpersonation,
		"Threaten legal action if they do not pay today.":               RuleThreat,
		"Tell them to pay or else.":                                     RuleThreat,
		"Ask for their card number and the CVV to confirm.":             RuleCredentials,
		"Get the one-time code they receive by SMS.":                    RuleCredentials,
		"Collect their IBAN for the refund.":                            RuleCredentials,
		"اطلب منه رقم البطاقة والرقم السري":                             RuleCredentials,
		"تظاهر بأنك موظف في البنك":                                      RuleImpersonation,
		"هدده بالشرطة إذا لم يدفع":                                      RuleThreat,
		"اسأله عن موعد مناسب لزيارة الشقة":                              "",
	} {
		if got := ruleOf(CheckInstructions(text)); got != rule {
			t.Errorf("%q: rule %q, want %q", text, got, rule)
		}
	}
}

func TestScoreLead(t *testing.T) {
	c := Criteria{MinimumBudget: 1000, DecisionMakerRequired: true}
	for _, tc := range []struct {
		a      Answers
		score  int
		status string
	}{
		{Answers{Interest: "high", BusinessNeed: true, ProductRequested: true, Budget: 5000, TimelineDays: 10, DecisionMaker: true}, 100, "qualified"},
		{Answers{Interest: "high", BusinessNeed: true, ProductRequested: true, Budget: 5000, TimelineDays: 10}, 90, "needs_review"}, // not the decision maker
		{Answers{Interest: "high", BusinessNeed: true}, 45, "needs_review"},
		{Answers{Interest: "low", Budget: 500, TimelineDays: 90}, 0, "unqualified"},
	} {
		got := ScoreLead(tc.a, c)
		if got.Score != tc.score || got.Status != tc.status {
			t.Errorf("ScoreLead(%+v) = %+v, want %d %s", tc.a, got, tc.score, tc.status)
		}
	}
}
