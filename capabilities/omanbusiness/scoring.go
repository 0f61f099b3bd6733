package omanbusiness

import (
	"fmt"
	"math"
	"slices"
	"time"
)

// RiskFlag is one observable data fact that bears on risk; never an
// allegation.
type RiskFlag struct {
	Code     string `json:"code"`
	Severity string `json:"severity" schema:"enum=low|medium|high"`
	Message  string `json:"message"`
}

// riskWeights are the additive points of each flag (reference §2a,
// scoring/risk.ts): the score is their sum capped at 100; 60 and up is
// high, 25 and up medium.
var riskWeights = map[string]struct {
	points   int
	severity string
}{
	"INACTIVE_COMPANY":            {50, "high"},
	"SUSPENDED_COMPANY":           {35, "high"},
	"IDENTITY_CONFLICT":           {25, "high"},
	"TAX_NOT_REGISTERED":          {20, "high"},
	"CONFLICTING_ADDRESSES":       {15, "medium"},
	"RECENT_REGISTRATION":         {10, "medium"},
	"STALE_SOURCE_DATA":           {10, "medium"},
	"MISSING_REGISTRATION_NUMBER": {10, "medium"},
	"MISSING_REGISTRATION_DATE":   {5, "low"},
	"LIMITED_OPERATING_HISTORY":   {5, "low"},
	"MISSING_LEGAL_STATUS":        {5, "low"},
	"NO_WEBSITE":                  {5, "low"},
	"NO_PUBLIC_CONTACT_INFO":      {5, "low"},
	"LIMITED_PUBLIC_INFORMATION":  {5, "low"},
	"UNKNOWN_OPERATING_STATUS":    {5, "low"},
	"DEMO_DATA_ONLY":              {0, "low"},
}

// RecentRegistration is the age under which a registration is recent.
const RecentRegistration = 6 * 30 * 24 * time.Hour

// importantFields are the fields whose presence is the completeness score.
var importantFields = []string{FieldRegistration, FieldLegalType, FieldStatus, FieldRegistrationDate, FieldIndustry,
	FieldGovernorate, FieldWilayat, FieldAddress, FieldWebsite, FieldEmail, FieldPhone}

// Completeness is the share (0-100) of importantFields the company has.
func Completeness(m *Merged) int {
	n := 0
	for _, f := range importantFields {
		if m.value(f) != "" {
			n++
		}
	}
	return int(math.Round(float64(n) * 100 / float64(len(importantFields))))
}

func (m *Merged) value(field string) string {
	switch field {
	case FieldRegistration:
		return m.CRNumber
	case FieldLegalType:
		return m.LegalForm
	case FieldStatus:
		return m.Status
	case FieldRegistrationDate:
		return m.RegistrationDate
	case FieldIndustry:
		if m.Industry == "" && len(m.Activities) > 0 {
			return m.Activities[0].String()
		}
		return m.Industry
	case FieldGovernorate:
		return m.Governorate
	case FieldWilayat:
		return m.Wilayat
	case FieldAddress:
		return m.Address
	case FieldWebsite:
		return m.Website
	case FieldEmail:
		return m.Email
	case FieldPhone:
		return m.Phone
	}
	return ""
}

// registered parses the registration date.
func (m *Merged) registered() (time.Time, bool) {
	t, err := time.Parse("2006-01-02", m.RegistrationDate)
	return t, err == nil
}

// yearsSince is whole calendar years from t to now, never negative.
func yearsSince(t, now time.Time) int {
	y := now.Year() - t.Year()
	if now.Month() < t.Month() || (now.Month() == t.Month() && now.Day() < t.Day()) {
		y--
	}
	return max(0, y)
}

// Risk is a company's deterministic risk assessment.
type Risk struct {
	Score int
	Level string // low, medium, high
	Flags []RiskFlag
}

// AssessRisk applies riskWeights to the company's facts at now.
func AssessRisk(c *Company, now time.Time) Risk {
	m := &c.Merged
	var flags []RiskFlag
	add := func(code, msg string) {
		flags = append(flags, RiskFlag{Code: code, Severity: riskWeights[code].severity, Message: msg})
	}
	switch m.Status {
	case StatusInactive:
		add("INACTIVE_COMPANY", "The company's recorded status is inactive.")
	case StatusSuspended:
		add("SUSPENDED_COMPANY", "The company's recorded status is suspended.")
	case StatusActive:
	default:
		add("UNKNOWN_OPERATING_STATUS", "No operating status is on file for this company.")
	}
	if m.IdentityConflict {
		add("IDENTITY_CONFLICT", "Sources of this registration number record different company names.")
	}
	if m.AddressConflict {
		add("CONFLICTING_ADDRESSES", "Sources place this company in different governorates.")
	}
	if t, ok := m.registered(); ok {
		age := now.Sub(t)
		switch {
		case age < RecentRegistration:
			add("RECENT_REGISTRATION", fmt.Sprintf("The company was registered %d month(s) ago (under 6 months).", max(0, int(age.Hours()/24/30.44))))
		case age < 2*365*24*time.Hour:
			add("LIMITED_OPERATING_HISTORY", "The company has under two years of recorded operating history.")
		}
	} else {
		add("MISSING_REGISTRATION_DATE", "No registration date is on file; operating history cannot be assessed.")
	}
	if m.CRNumber == "" {
		add("MISSING_REGISTRATION_NUMBER", "No commercial registration number is on file for this company.")
	}
	if m.LegalForm == "" {
		add("MISSING_LEGAL_STATUS", "No legal form is on file for this company.")
	}
	if m.Website == "" {
		add("NO_WEBSITE", "No website is on file for this company.")
	}
	if m.Email == "" && m.Phone == "" {
		add("NO_PUBLIC_CONTACT_INFO", "No email or phone number is on file.")
	}
	if Completeness(m) < 50 {
		add("LIMITED_PUBLIC_INFORMATION", "Less than half of the important company fields are on file.")
	}
	if !m.Latest.IsZero() && now.Sub(m.Latest) > StaleAfter {
		add("STALE_SOURCE_DATA", "The most recent source for this company is over 365 days old.")
	}
	if m.DemoOnly {
		add("DEMO_DATA_ONLY", "Every record of this company is synthetic demo data, not a real source.")
	}
	score := 0
	for _, f := range flags {
		score += riskWeights[f.Code].points
	}
	return riskOf(score, flags)
}

// riskOf is the risk of score points (capped at 100; 60 and up high, 25
// and up medium, else low) with its flags.
func riskOf(score int, flags []RiskFlag) Risk {
	score = min(100, score)
	level := "low"
	switch {
	case score >= 60:
		level = "high"
	case score >= 25:
		level = "medium"
	}
	return Risk{Score: score, Level: level, Flags: flags}
}

// Confidence is how far the company's data can be relied on (reference
// §2a): 0.40 × the most trusted source's authority + 0.20 × distinct
// sources / 3 (at most 1) + 0.25 × completeness + 0.15 × freshness
// (1 − age of the newest source / 540 days); × 0.8 when sources disagree
// on its identity; × 0.6 when it is demo data only; two decimals.
func Confidence(c *Company, now time.Time) (float64, []string) {
	if len(c.Records) == 0 {
		return 0, []string{"No source records were found for this company."}
	}
	var reasons []string
	authority := 0.0
	for _, r := range c.Records {
		authority = max(authority, Authority(r.SourceType))
	}
	switch {
	case c.Merged.DemoOnly:
		reasons = append(reasons, "This company is known only from synthetic demo data, not from a registry, website or directory.")
	case authority >= 0.9:
		reasons = append(reasons, "At least one government, registry or tax-authority source contributed to this record.")
	default:
		reasons = append(reasons, "No government or registry source contributed; company-website, licensed-feed, directory or other sources only.")
	}
	real, demo := c.Sources()
	distinct := real + demo
	reasons = append(reasons, fmt.Sprintf("%d distinct source(s) contributed (3 or more earn full marks on this factor).", distinct))
	completeness := Completeness(&c.Merged)
	reasons = append(reasons, fmt.Sprintf("Data completeness is %d%%.", completeness))
	ageDays := max(0, int(now.Sub(c.Merged.Latest).Hours()/24))
	reasons = append(reasons, fmt.Sprintf("The most recent source is %d day(s) old.", ageDays))
	score := 0.40*authority + 0.20*math.Min(1, float64(distinct)/3) + 0.25*float64(completeness)/100 +
		0.15*math.Max(0, 1-float64(ageDays)/540)
	if c.Merged.IdentityConflict {
		score *= 0.8
		reasons = append(reasons, "Sources disagree on this company's name; confidence was reduced.")
	}
	if c.Merged.DemoOnly {
		score *= 0.6
	}
	return round2(math.Max(0, math.Min(1, score))), reasons
}

// Signals are deterministic commercial signals.
type Signals struct {
	YearsActive                   int    `json:"yearsActive" jsonschema:"Whole years since the registration date; 0 when it is not on file."`
	OperatingStatus               string `json:"operatingStatus" jsonschema:"The recorded status (active, inactive, suspended) or unknown."`
	DigitalPresenceScore          int    `json:"digitalPresenceScore" schema:"minimum=0,maximum=100" jsonschema:"Website 50, email 25, phone 25."`
	DataCompletenessScore         int    `json:"dataCompletenessScore" schema:"minimum=0,maximum=100" jsonschema:"Share of the important fields on file."`
	BusinessMaturity              string `json:"businessMaturity" schema:"enum=new|early_stage|growing|established" jsonschema:"From years active: 6+ established, 3+ growing, 1+ early_stage, else new."`
	GovernmentProcurementActivity string `json:"governmentProcurementActivity" schema:"enum=active|limited|none" jsonschema:"From imported procurement records; none until such a source is imported."`
}

// CommercialSignals computes Signals at now.
func CommercialSignals(m *Merged, now time.Time) Signals {
	s := Signals{OperatingStatus: m.Status, DataCompletenessScore: Completeness(m), GovernmentProcurementActivity: "none"}
	if s.OperatingStatus == "" {
		s.OperatingStatus = StatusUnknown
	}
	if t, ok := m.registered(); ok {
		s.YearsActive = yearsSince(t, now)
	}
	if m.Website != "" {
		s.DigitalPresenceScore += 50
	}
	if m.Email != "" {
		s.DigitalPresenceScore += 25
	}
	if m.Phone != "" {
		s.DigitalPresenceScore += 25
	}
	switch {
	case s.YearsActive >= 6:
		s.BusinessMaturity = "established"
	case s.YearsActive >= 3:
		s.BusinessMaturity = "growing"
	case s.YearsActive >= 1:
		s.BusinessMaturity = "early_stage"
	default:
		s.BusinessMaturity = "new"
	}
	return s
}

// positiveSignals lists the facts in the company's favour.
func positiveSignals(c *Company, s Signals) []string {
	m := &c.Merged
	out := []string{}
	if m.Status == StatusActive {
		out = append(out, "Active company status on file")
	}
	if m.Website != "" {
		out = append(out, "Website on file")
	}
	if s.YearsActive >= 3 {
		out = append(out, fmt.Sprintf("Several years of operating history (%d+ years)", s.YearsActive))
	}
	if c.MaxAuthority() >= 0.9 {
		out = append(out, "Record backed by a government or public-registry source")
	}
	if s.DataCompletenessScore >= 70 {
		out = append(out, "Comprehensive company information on file")
	}
	if m.Email != "" && m.Phone != "" {
		out = append(out, "Several contact channels on file")
	}
	return out
}

func hasFlag(flags []RiskFlag, codes ...string) bool {
	return slices.ContainsFunc(flags, func(f RiskFlag) bool { return slices.Contains(codes, f.Code) })
}

// recommendedChecks are baseline checks plus those the flags call for.
func recommendedChecks(flags []RiskFlag) []string {
	out := []string{"Request a copy of the commercial registration certificate", "Verify VAT registration with the Tax Authority", "Request recent financial statements"}
	if hasFlag(flags, "NO_WEBSITE", "NO_PUBLIC_CONTACT_INFO") {
		out = append(out, "Verify the physical business address and contact details")
	}
	if hasFlag(flags, "IDENTITY_CONFLICT", "CONFLICTING_ADDRESSES") {
		out = append(out, "Resolve the conflicting identity or address details across sources before proceeding")
	}
	if hasFlag(flags, "INACTIVE_COMPANY", "SUSPENDED_COMPANY", "UNKNOWN_OPERATING_STATUS") {
		out = append(out, "Confirm the current operating status with the company or the registry")
	}
	if hasFlag(flags, "MISSING_REGISTRATION_NUMBER") {
		out = append(out, "Obtain the company's commercial registration number before proceeding")
	}
	if hasFlag(flags, "DEMO_DATA_ONLY") {
		out = append(out, "Look the company up in a real registry: this record is synthetic demo data")
	}
	return out
}

// DueDiligenceCheck is one recommended check and its importance.
type DueDiligenceCheck struct {
	Check      string `json:"check"`
	Importance string `json:"importance" schema:"enum=low|medium|high"`
}

var transactionChecks = map[string][]DueDiligenceCheck{
	"supplier_contract": {{"Request trade references from existing customers", "medium"}, {"Verify production or service capacity against the contract volume", "medium"}},
	"partnership":       {{"Review the ownership and governance structure", "high"}, {"Confirm the signatory authority of the company's representative", "high"}},
	"investment":        {{"Request audited or management accounts", "high"}, {"Review the capitalisation table and existing ownership", "high"}},
	"customer_credit":   {{"Assess creditworthiness from recent financial statements", "high"}, {"Check for payment disputes or credit history where available", "medium"}},
	"other":             {},
}

// dueDiligenceChecklist is the checklist for a transaction type and the
// company's flags; a transaction over OMR 100,000 adds a legal review.
func dueDiligenceChecklist(flags []RiskFlag, transaction string, value *float64) []DueDiligenceCheck {
	out := []DueDiligenceCheck{{"Verify the commercial registration with the Ministry of Commerce, Industry and Investment Promotion", "high"},
		{"Verify VAT registration with the Tax Authority", "medium"}}
	for _, c := range transactionChecks[transaction] {
		if !slices.Contains(out, c) {
			out = append(out, c)
		}
	}
	if hasFlag(flags, "IDENTITY_CONFLICT", "CONFLICTING_ADDRESSES") {
		out = append(out, DueDiligenceCheck{"Resolve the conflicting identity or address details across sources before proceeding", "high"})
	}
	if hasFlag(flags, "INACTIVE_COMPANY", "SUSPENDED_COMPANY") {
		out = append(out, DueDiligenceCheck{"Confirm the current operating status with the registry before proceeding", "high"})
	}
	if hasFlag(flags, "NO_WEBSITE", "NO_PUBLIC_CONTACT_INFO") {
		out = append(out, DueDiligenceCheck{"Independently verify the physical address and contact details", "medium"})
	}
	if hasFlag(flags, "DEMO_DATA_ONLY") {
		out = append(out, DueDiligenceCheck{"Look the company up in a real registry: this record is synthetic demo data", "high"})
	}
	if value != nil && *value >= 100_000 {
		out = append(out, DueDiligenceCheck{"Have the contract and the counterparty's authority reviewed by legal counsel (transaction of OMR 100,000 or more)", "high"})
	}
	return out
}

// missingInformation lists the important fields not on file.
func missingInformation(m *Merged) []string {
	out := []string{}
	for _, f := range importantFields {
		if m.value(f) == "" {
			out = append(out, f)
		}
	}
	return out
}
