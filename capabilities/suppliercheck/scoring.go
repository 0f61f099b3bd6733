package suppliercheck

import (
	"fmt"
	"math"
	"slices"
)

// Risk thresholds: 45 and up is high, 20 and up medium.
const (
	thresholdHigh   = 45
	thresholdMedium = 20
)

// points of the risk model (reference §7). Missing data adds nothing:
// it lowers the confidence instead.
var points = map[string]int{
	"sanctions_exact": 60, "COMPANY_NAME_MISMATCH": 10, "sanctions_fuzzy": 35, crOther: 35, crDiffers: 25, "SUPPLIER_STATUS_NOT_ACTIVE": 25, "LOOKALIKE_DOMAIN": 25,
	"public_mention": 20, "ACTIVITY_MISMATCH": 15, "WEBSITE_IDENTITY_CONFLICT": 15, "EMAIL_DOMAIN_MISMATCH": 10, "ADDRESS_MISMATCH": 10,
	"REGISTRY_IDENTITY_CONFLICT": 5, "weak_identity": 5, "activity_partial": 5, "PHONE_MISMATCH": 5, "ADDRESS_OUTSIDE_OMAN": 5,
	"WEBSITE_UNREACHABLE": 3, "WEBSITE_NO_HTTPS": 3, "PHONE_NOT_OMAN": 3, "FREE_EMAIL_PROVIDER": 2,
}

// scoreInputs are the facts the model reads.
type scoreInputs struct {
	id             identity
	activityStatus string
	activityAsked  bool
	websiteSeen    bool
	contactStatus  string
	addressStatus  string
	sanctions      string
	sanctionsExact bool
	publicRisk     string
	mentions       int
	flags          []Flag
}

func components(in scoreInputs) []Component {
	var c []Component
	has := func(code string) bool {
		return slices.ContainsFunc(in.flags, func(f Flag) bool { return f.Code == code })
	}
	add := func(factor, key, reason string) { c = append(c, Component{factor, points[key], reason}) }
	if in.sanctions == "potential_match" {
		if in.sanctionsExact {
			add("sanctions", "sanctions_exact", "Potential sanctions-list match on an identical normalised name (automated, unconfirmed).")
		} else {
			add("sanctions", "sanctions_fuzzy", "Potential fuzzy sanctions-list name match (automated, unconfirmed).")
		}
	}
	switch in.id.crConflict {
	case crOther:
		add("companyIdentity", crOther, "The supplied CR number is recorded for a different company.")
		if in.id.ownerMismatch {
			add("companyIdentity", "COMPANY_NAME_MISMATCH", "The submitted name is not the name recorded for that CR number (possible use of another company's registration).")
		}
	case crDiffers:
		add("companyIdentity", crDiffers, "The matched company's recorded CR number differs from the one supplied.")
	}
	if has("SUPPLIER_STATUS_NOT_ACTIVE") {
		add("companyIdentity", "SUPPLIER_STATUS_NOT_ACTIVE", "The recorded status is not active.")
	}
	if has("REGISTRY_IDENTITY_CONFLICT") {
		add("companyIdentity", "REGISTRY_IDENTITY_CONFLICT", "Sources disagree on the company name.")
	}
	if in.id.candidate != nil && in.id.level == Weak && in.id.crConflict == "" {
		add("companyIdentity", "weak_identity", "Identity matched only weakly.")
	}
	if has("LOOKALIKE_DOMAIN") {
		add("publicRisk", "LOOKALIKE_DOMAIN", "A domain imitates the supplier's known domain.")
	}
	if m := min(2, in.mentions); m > 0 {
		c = append(c, Component{"publicRisk", points["public_mention"] * m, fmt.Sprintf("%d public-web risk mention(s) naming the supplier (unverified).", m)})
	}
	switch in.activityStatus {
	case Fail:
		add("businessActivity", "ACTIVITY_MISMATCH", "The recorded activity does not match the requested product or service.")
	case Partial:
		add("businessActivity", "activity_partial", "The activity is only partially evidenced.")
	}
	for _, f := range []struct{ code, factor, reason string }{
		{"WEBSITE_IDENTITY_CONFLICT", "website", "The website does not correspond to the company."},
		{"WEBSITE_UNREACHABLE", "website", "The website was unreachable or refused."},
		{"WEBSITE_NO_HTTPS", "website", "The website left HTTPS."},
		{"EMAIL_DOMAIN_MISMATCH", "contactConsistency", "The email domain is not a known domain of the supplier."},
		{"PHONE_MISMATCH", "contactConsistency", "The phone is not in the record or on the website."},
		{"PHONE_NOT_OMAN", "contactConsistency", "The phone is not an Oman number."},
		{"FREE_EMAIL_PROVIDER", "contactConsistency", "A free email provider cannot corroborate a company domain."},
		{"ADDRESS_MISMATCH", "addressConsistency", "The address is in another governorate than the record."},
		{"ADDRESS_OUTSIDE_OMAN", "addressConsistency", "The address appears to be outside Oman."},
	} {
		if has(f.code) {
			add(f.factor, f.code, f.reason)
		}
	}
	return c
}

// confidence is evidence coverage: identity 0.35 × identity score,
// website 0.15 (inspected), activity 0.15 (only when asked), contact
// 0.10, address 0.10, sanctions 0.10 (screened), public risk 0.05
// (searched); a check that does not apply leaves the denominator.
func confidence(in scoreInputs) float64 {
	type part struct{ w, got float64 }
	b := func(ok bool) float64 {
		if ok {
			return 1
		}
		return 0
	}
	parts := []part{{0.35, in.id.score}, {0.15, b(in.websiteSeen)}}
	if in.activityAsked {
		parts = append(parts, part{0.15, b(in.activityStatus != Unknown)})
	}
	parts = append(parts, part{0.10, b(in.contactStatus != Unknown)}, part{0.10, b(in.addressStatus != Unknown)},
		part{0.10, b(in.sanctions == "clear" || in.sanctions == "potential_match")},
		part{0.05, b(in.publicRisk == "clear" || in.publicRisk == "signal_detected")})
	var total, got float64
	for _, p := range parts {
		total += p.w
		got += p.w * p.got
	}
	return math.Round(got/total*100) / 100
}

// classify: 45 and up is high whatever the coverage (a potential
// sanctions match is never hidden behind "insufficient data"); else too
// little evidence (confidence under 0.25, or under 0.35 with identity
// unconfirmed) is insufficient_data; else 20 and up medium, else low.
func classify(score int, conf float64, level string) string {
	switch {
	case score >= thresholdHigh:
		return RiskHigh
	case conf < 0.25 || (level == Unconfirmed && conf < 0.35):
		return RiskInsufficient
	case score >= thresholdMedium:
		return RiskMedium
	}
	return RiskLow
}

// suitability: high → potential_risk; insufficient_data →
// insufficient_information; medium → review_recommended; low →
// appears_suitable only when the identity is confirmed and the activity
// did not fail, else review_recommended.
func suitability(risk string, confirmed bool, activity string) string {
	switch risk {
	case RiskHigh:
		return PotentialRisk
	case RiskInsufficient:
		return InsufficientInformation
	case RiskMedium:
		return ReviewRecommended
	}
	if confirmed && activity != Fail {
		return AppearsSuitable
	}
	return ReviewRecommended
}
