package voice

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/nyaruka/phonenumbers"

	"dalil"
)

// Error codes of the safety gate and the lifecycle. Every refusal names
// the rule that fired in details.rule.
const (
	CodeDoNotCall         = dalil.CodeDoNotCall             // 403: the number is on the do-not-call list
	CodeCallNotAllowed    = dalil.CodeCallNotAllowed        // 403: emergency, premium, country, hours, caps
	CodeConsentRequired   = dalil.CodeConsentNoticeRequired // 400: recording or transcription without a notice
	CodeUnsafeInstruction = dalil.CodeUnsafeInstructions    // 400: impersonation, threats, credentials
	CodeInvalidPhone      = dalil.CodeInvalidPhoneNumber    // 400: not a valid, allocated number
	CodeSlotRequired      = dalil.CodeSlotRequired          // 400: book or reschedule without availableSlots
	CodeTelephonyError    = dalil.CodeTelephonyProvider     // 502: the provider refused the call
)

// Rules, as named in a refusal's details.rule.
const (
	RuleInvalidNumber    = "invalid_number"
	RuleEmergency        = "emergency_or_short_code"
	RulePremium          = "premium_rate"
	RuleSharedCost       = "shared_cost"
	RuleUnallocated      = "unallocated_range"
	RuleCountry          = "country_not_allowed"
	RuleHours            = "calling_hours"
	RuleAccountCap       = "account_daily_cap"
	RuleNumberCap        = "number_daily_cap"
	RuleDoNotCall        = "do_not_call"
	RuleConsent          = "consent_notice_required"
	RuleImpersonation    = "impersonation"
	RuleThreat           = "threat"
	RuleCredentials      = "credential_collection"
	RuleSlotRequired     = "slot_required"
	DefaultEarliestHour  = 8
	DefaultLatestHour    = 21
	DefaultAccountPerDay = 50
	DefaultNumberPerDay  = 2
	// MaxNumberPerDay is the most calls to one number in 24 hours an
	// operator may allow (DALIL_VOICE_CALLS_PER_NUMBER_DAY): the
	// per-number cap protects the people called from harassment, so it
	// stays small whatever the operator's volume.
	MaxNumberPerDay = 10
)

// Policy is the operator's safety settings.
type Policy struct {
	// Countries are the ISO 3166 regions calls may go to
	// (DALIL_VOICE_COUNTRIES); empty allows none.
	Countries []string
	// EarliestHour and LatestHour bound calling hours in the callee's
	// local time: a call may start at or after EarliestHour:00 and before
	// LatestHour:00 (defaults 8 and 21).
	EarliestHour, LatestHour int
	// AccountPerDay and NumberPerDay cap calls per payer and per number
	// in the last 24 hours (DALIL_VOICE_CALLS_PER_PAYER_DAY and
	// DALIL_VOICE_CALLS_PER_NUMBER_DAY; defaults 50 and 2, zero means the
	// default). cmd/dalil refuses a NumberPerDay over MaxNumberPerDay.
	AccountPerDay, NumberPerDay int
}

func (p Policy) withDefaults() Policy {
	if p.EarliestHour == 0 && p.LatestHour == 0 {
		p.EarliestHour, p.LatestHour = DefaultEarliestHour, DefaultLatestHour
	}
	if p.AccountPerDay == 0 {
		p.AccountPerDay = DefaultAccountPerDay
	}
	if p.NumberPerDay == 0 {
		p.NumberPerDay = DefaultNumberPerDay
	}
	return p
}

// Number is a parsed, checked callee number.
type Number struct {
	E164     string
	Region   string // ISO 3166 region, "OM"
	Timezone string // the callee's IANA zone when the number names one
}

// emergencyCodes are emergency and service short codes refused in every
// country, whatever the number's own region says (9999 is Oman's).
var emergencyCodes = []string{"9999", "911", "112", "999", "000", "110", "119", "118", "100", "101", "102", "103", "108", "997", "998",
	"15", "17", "18", "190", "192", "193", "194", "199", "113", "115", "122", "123", "080", "08"}

// refuse builds a refusal naming its rule.
func refuse(code dalil.Code, rule, format string, args ...any) *dalil.Error {
	return &dalil.Error{Code: code, Message: fmt.Sprintf(format, args...) + " Nothing was charged.", Details: map[string]any{"rule": rule}}
}

// RuleOf is the rule a refusal names in details.rule; "" when e names
// none.
func RuleOf(e *dalil.Error) string {
	d, _ := e.Details.(map[string]any)
	r, _ := d["rule"].(string)
	return r
}

// CheckNumber parses an E.164 number and applies the number rules:
// valid and allocated, not an emergency or short code, not premium-rate
// or shared-cost, in an allowed country.
func (p Policy) CheckNumber(e164 string) (Number, *dalil.Error) {
	num, err := phonenumbers.Parse(e164, "")
	if err != nil || !strings.HasPrefix(e164, "+") {
		return Number{}, refuse(CodeInvalidPhone, RuleInvalidNumber, "phoneNumber %q is not a number in E.164 form (+ and the country code).", e164)
	}
	region := phonenumbers.GetRegionCodeForNumber(num)
	nsn := phonenumbers.GetNationalSignificantNumber(num)
	if slices.Contains(emergencyCodes, nsn) || (region != "" && phonenumbers.ConnectsToEmergencyNumber(nsn, region)) {
		return Number{}, refuse(CodeCallNotAllowed, RuleEmergency, "Emergency and short-code numbers are never called.")
	}
	if !phonenumbers.IsValidNumber(num) {
		return Number{}, refuse(CodeInvalidPhone, RuleUnallocated, "phoneNumber %s is not an allocated number in its country's numbering plan.", e164)
	}
	switch phonenumbers.GetNumberType(num) {
	case phonenumbers.PREMIUM_RATE:
		return Number{}, refuse(CodeCallNotAllowed, RulePremium, "Premium-rate numbers are never called.")
	case phonenumbers.SHARED_COST:
		return Number{}, refuse(CodeCallNotAllowed, RuleSharedCost, "Shared-cost numbers are never called.")
	case phonenumbers.UNKNOWN:
		return Number{}, refuse(CodeCallNotAllowed, RuleUnallocated, "phoneNumber %s is in a range with no known use.", e164)
	}
	if !slices.Contains(p.Countries, region) {
		allowed := "none"
		if len(p.Countries) > 0 {
			allowed = strings.Join(p.Countries, ", ")
		}
		return Number{}, refuse(CodeCallNotAllowed, RuleCountry, "This service does not call numbers in %s (allowed: %s; the operator sets DALIL_VOICE_COUNTRIES).", region, allowed)
	}
	n := Number{E164: phonenumbers.Format(num, phonenumbers.E164), Region: region}
	if zones, err := phonenumbers.GetTimezonesForNumber(num); err == nil && len(zones) == 1 && zones[0] != "Etc/Unknown" {
		n.Timezone = zones[0]
	}
	return n, nil
}

// CheckHours refuses a call outside calling hours in the callee's local
// time: the number's own zone when it has exactly one, else the zone the
// caller gave (safety.timezone); with neither, the call is refused rather
// than risk waking someone.
func (p Policy) CheckHours(n Number, callerZone string, now time.Time) *dalil.Error {
	p = p.withDefaults()
	zone := n.Timezone
	if zone == "" {
		zone = callerZone
	}
	if zone == "" {
		return refuse(CodeCallNotAllowed, RuleHours, "The callee's local time cannot be told from %s; give safety.timezone (an IANA zone such as Asia/Muscat).", n.E164)
	}
	loc, err := time.LoadLocation(zone)
	if err != nil {
		return refuse(CodeCallNotAllowed, RuleHours, "safety.timezone %q is not an IANA time zone.", zone)
	}
	local := now.In(loc)
	if h := local.Hour(); h < p.EarliestHour || h >= p.LatestHour {
		return refuse(CodeCallNotAllowed, RuleHours, "It is %s in %s; calls are made between %02d:00 and %02d:00 the callee's time.", local.Format("15:04"), zone, p.EarliestHour, p.LatestHour)
	}
	return nil
}

// CheckCaps refuses a call past the per-payer or per-number daily cap,
// given the calls made in the last 24 hours. The refusal names the
// operator's limit in its message and in details.limit.
func (p Policy) CheckCaps(payerCalls, numberCalls int) *dalil.Error {
	p = p.withDefaults()
	capped := func(rule string, limit int, format string, args ...any) *dalil.Error {
		e := refuse(CodeCallNotAllowed, rule, format, args...)
		e.Details.(map[string]any)["limit"] = limit
		return e
	}
	if payerCalls >= p.AccountPerDay {
		return capped(RuleAccountCap, p.AccountPerDay, "This payer has placed %d calls in the last 24 hours; the limit is %d a payer.", payerCalls, p.AccountPerDay)
	}
	if numberCalls >= p.NumberPerDay {
		return capped(RuleNumberCap, p.NumberPerDay, "This number has been called %d times in the last 24 hours; the limit is %d a number.", numberCalls, p.NumberPerDay)
	}
	return nil
}

// CheckConsent: recording or transcription needs a consent notice the
// AI reads at the start of the call.
func CheckConsent(s Safety) *dalil.Error {
	if (s.Recording || s.Transcription) && strings.TrimSpace(s.ConsentNotice) == "" {
		return &dalil.Error{Code: CodeConsentRequired, Message: "Recording or transcription needs safety.consentNotice: the text the AI reads to the callee before either starts. Nothing was charged.",
			Details: map[string]any{"rule": RuleConsent, "path": "safety.consentNotice"}}
	}
	return nil
}

// instructionRules are the instructions an AI caller refuses, in English
// and Arabic. Each pattern is matched on lower-cased text.
var instructionRules = []struct {
	rule string
	re   *regexp.Regexp
}{
	{RuleImpersonation, regexp.MustCompile(`\b(pretend|pose|claim|say|tell them|act)\b[^.]{0,40}\b(to be|you are|you're|as)\b[^.]{0,40}\b(a |an |the )?(human|person|real person|police|officer|bank|government|ministry|court|lawyer|doctor|tax|customs|embassy|royal oman police|rop)\b|\bimpersonat|\bdo not (say|reveal|mention) (that )?you are (an? )?(ai|bot|robot|machine)|تظاهر بأنك|انتحل|ادعِ? أنك|قل إنك من (البنك|الشرطة|الوزارة|المحكمة)|لا تقل إنك (روبوت|ذكاء)`)},
	{RuleThreat, regexp.MustCompile(`\bthreat|\bintimidat|\bor else\b|\bwe will (hurt|harm|arrest|expose)|\byou will be arrested|\bblackmail|هدد|تهديد|سنعتقلك|ستُعتقل|ابتزاز`)},
	{RuleCredentials, regexp.MustCompile(`\b(card|credit card|debit card)( number| details|'s number)|\bcvv\b|\bcvc\b|\bpin( code| number)?\b|\bpassword|\bpasscode|\botp\b|one[- ]time (code|password)|verification code|\b(bank|account) (login|credentials|password)|\biban\b|\baccount number|رقم البطاقة|بطاقة الائتمان|الرقم السري|كلمة المرور|كلمة السر|رمز التحقق|رقم الحساب|الآيبان`)},
}

// CheckInstructions refuses instructions that ask the AI to impersonate a
// person or an institution, hide that it is an AI, threaten, or collect
// card or bank credentials. texts are the objective and context values.
func CheckInstructions(texts ...string) *dalil.Error {
	for _, t := range texts {
		low := strings.ToLower(t)
		for _, r := range instructionRules {
			if r.re.MatchString(low) {
				return &dalil.Error{Code: CodeUnsafeInstruction,
					Message: "The call's instructions ask for something an AI caller never does (" + strings.ReplaceAll(r.rule, "_", " ") + "): it always says it is an AI, never impersonates a person or an institution, never threatens, and never asks for card or bank credentials. Nothing was charged.",
					Details: map[string]any{"rule": r.rule}}
			}
		}
	}
	return nil
}

// Disclosure is what the AI says first on every call, and the opt-out it
// offers (the callee's "do not call me" is recorded on the do-not-call
// list).
func Disclosure(lang, onBehalfOf string) (opening, optOut string) {
	if onBehalfOf == "" {
		onBehalfOf = "our client"
	}
	if lang == "ar" {
		return "مرحباً، أنا مساعد آلي يعمل بالذكاء الاصطناعي أتصل نيابةً عن " + onBehalfOf + ".",
			"إذا كنت لا ترغب في تلقي مكالمات أخرى، قل ذلك وسنحذف رقمك من قائمتنا."
	}
	return "Hello, this is an automated AI assistant calling on behalf of " + onBehalfOf + ".",
		"If you would rather not receive calls like this, say so and we will not call this number again."
}
