package businessrisk

import (
	"dalil"
	"dalil/internal/evidence"
	"dalil/internal/intel"
)

// Input is the request of business_risk_score: the reference service's
// fields (strict: unknown fields are refused) and evidence, the
// caller's own evidence.
type Input struct {
	CompanyName           string              `json:"companyName" schema:"minLength=2,maxLength=200" jsonschema:"The company's name; not only a legal form such as Ltd."`
	Country               string              `json:"country,omitempty" schema:"maxLength=60" jsonschema:"ISO 3166 alpha-2 or alpha-3 code, or an English country name (UK, Sultanate of Oman)."`
	RegistrationNumber    string              `json:"registrationNumber,omitempty" schema:"maxLength=64,pattern=^[A-Za-z0-9][A-Za-z0-9 ./-]*$"`
	LEI                   string              `json:"lei,omitempty" schema:"maxLength=20" jsonschema:"ISO 17442 Legal Entity Identifier (checksum verified)."`
	Website               string              `json:"website,omitempty" schema:"maxLength=2048" jsonschema:"The company's public website or domain (no IP address or private name)."`
	Address               string              `json:"address,omitempty" schema:"minLength=3,maxLength=300"`
	City                  string              `json:"city,omitempty" schema:"maxLength=100"`
	Industry              string              `json:"industry,omitempty" schema:"maxLength=120"`
	KnownAliases          []string            `json:"knownAliases,omitempty" schema:"maxItems=5,items.minLength=1,items.maxLength=200"`
	IncludeNews           *bool               `json:"includeNews,omitempty" jsonschema:"Search news and reviews (default true)."`
	IncludeDigitalSignals *bool               `json:"includeDigitalSignals,omitempty" jsonschema:"Check the domain, website and threat lists (default true)."`
	Evidence              []evidence.Supplied `json:"evidence,omitempty" schema:"maxItems=20" jsonschema:"Evidence you hold. It enters at tier 4 unless Dalil verifies the excerpt at its URL."`
}

// Business is who was assessed.
type Business struct {
	Name                            string   `json:"name"`
	LegalName                       *string  `json:"legalName"`
	Country                         *string  `json:"country"`
	RegistrationNumber              *string  `json:"registrationNumber"`
	LEI                             *string  `json:"lei"`
	RegistrationStatus              string   `json:"registrationStatus" schema:"enum=active|inactive|dissolved|liquidation|unknown|not_verified"`
	IncorporationDate               *string  `json:"incorporationDate"`
	Registry                        *string  `json:"registry"`
	Website                         *string  `json:"website"`
	Domain                          *string  `json:"domain"`
	EntityMatchConfidence           float64  `json:"entityMatchConfidence" schema:"minimum=0,maximum=1"`
	ResolutionStatus                string   `json:"resolutionStatus" schema:"enum=resolved|probable|unverified"`
	IdentityVerifiedAgainstRegistry bool     `json:"identityVerifiedAgainstRegistry"`
	MatchedOn                       []string `json:"matchedOn"`
}

// Components are the six category scores (null: no coverage).
type Components struct {
	CorporateRisk   *int `json:"corporateRisk" schema:"minimum=0,maximum=100"`
	FinancialRisk   *int `json:"financialRisk" schema:"minimum=0,maximum=100"`
	ComplianceRisk  *int `json:"complianceRisk" schema:"minimum=0,maximum=100"`
	ReputationRisk  *int `json:"reputationRisk" schema:"minimum=0,maximum=100"`
	OperationalRisk *int `json:"operationalRisk" schema:"minimum=0,maximum=100"`
	DigitalRisk     *int `json:"digitalRisk" schema:"minimum=0,maximum=100"`
}

// Floor is a floor that raised a score.
type Floor struct {
	Scope string `json:"scope" jsonschema:"overall or a category"`
	Code  string `json:"code"`
	Floor int    `json:"floor"`
}

// Breakdown shows how the overall score was made.
type Breakdown struct {
	CorporateContribution   *float64           `json:"corporateContribution"`
	FinancialContribution   *float64           `json:"financialContribution"`
	ComplianceContribution  *float64           `json:"complianceContribution"`
	ReputationContribution  *float64           `json:"reputationContribution"`
	OperationalContribution *float64           `json:"operationalContribution"`
	DigitalContribution     *float64           `json:"digitalContribution"`
	RawWeightedScore        *float64           `json:"rawWeightedScore"`
	EffectiveWeights        map[string]float64 `json:"effectiveWeights"`
	FloorsApplied           []Floor            `json:"floorsApplied"`
	WeightsSource           string             `json:"weightsSource" schema:"enum=default|configured|default_env_invalid"`
}

// Flag is one risk flag or positive signal.
type Flag struct {
	Code                 string   `json:"code"`
	Category             string   `json:"category" schema:"enum=corporate|financial|compliance|reputation|operational|digital"`
	Severity             string   `json:"severity" schema:"enum=info|low|medium|high|critical"`
	Title                string   `json:"title"`
	Description          string   `json:"description"`
	EvidenceIDs          []string `json:"evidenceIds"`
	Weight               float64  `json:"weight"`
	Confidence           float64  `json:"confidence" schema:"minimum=0,maximum=1"`
	ScoreImpactPoints    float64  `json:"scoreImpactPoints"`
	FactStatus           string   `json:"factStatus" schema:"enum=established|reported|alleged|observed"`
	RequiresVerification bool     `json:"requiresVerification"`
}

// SanctionsMatch is one judged list hit.
type SanctionsMatch struct {
	ListedName               string   `json:"listedName"`
	MatchedAlias             *string  `json:"matchedAlias"`
	List                     string   `json:"list"`
	ListType                 string   `json:"listType" schema:"enum=sanctions|export_control_or_debarment"`
	MatchScore               float64  `json:"matchScore"`
	MatchType                string   `json:"matchType" schema:"enum=exact|alias|fuzzy"`
	MatchStrength            string   `json:"matchStrength" schema:"enum=possible|high"`
	CorroboratingIdentifiers []string `json:"corroboratingIdentifiers"`
	Contradictions           []string `json:"contradictions"`
	EvidenceID               string   `json:"evidenceId"`
}

// Screening is sanctionsScreening.
type Screening struct {
	Status           string           `json:"status" schema:"enum=no_match_found|possible_match|high_confidence_match|not_checked|unavailable|partial"`
	ListsChecked     []string         `json:"listsChecked"`
	ListsUnavailable []string         `json:"listsUnavailable"`
	NamesScreened    []string         `json:"namesScreened"`
	Matches          []SanctionsMatch `json:"matches"`
	// Lists and ListsNotUsed name the lists with their dates and ages.
	Lists        []intel.ListInfo `json:"lists" jsonschema:"Each list screened: version, publication date, when it was downloaded and last known current, its age and freshness (stale past the server's age limit, with a stale_list warning)."`
	ListsNotUsed []intel.ListInfo `json:"listsNotUsed" jsonschema:"Lists past the server's hard age limit: not screened, so nothing is said from them."`
}

// Recommendation is the machine-readable due-diligence action.
type Recommendation struct {
	Action      string   `json:"action" schema:"enum=proceed|proceed_with_monitoring|enhanced_due_diligence|manual_review|avoid_automated_transaction"`
	ReasonCodes []string `json:"reasonCodes"`
	Rationale   string   `json:"rationale"`
}

// Coverage is dataCoverage per category.
type Coverage struct {
	Corporate   string `json:"corporate" schema:"enum=high|medium|low|none"`
	Financial   string `json:"financial" schema:"enum=high|medium|low|none"`
	Compliance  string `json:"compliance" schema:"enum=high|medium|low|none"`
	Reputation  string `json:"reputation" schema:"enum=high|medium|low|none"`
	Operational string `json:"operational" schema:"enum=high|medium|low|none"`
	Digital     string `json:"digital" schema:"enum=high|medium|low|none"`
}

// ConfidenceBreakdown shows the confidence's factors (each 0-1) and its cap.
type ConfidenceBreakdown struct {
	EntityResolution     float64  `json:"entityResolution"`
	CategoryCoverage     float64  `json:"categoryCoverage"`
	SourceQuality        float64  `json:"sourceQuality"`
	AuthoritativeRecords float64  `json:"authoritativeRecords"`
	Freshness            float64  `json:"freshness"`
	Consistency          float64  `json:"consistency"`
	Contradictions       int      `json:"contradictions"`
	Uncapped             float64  `json:"uncapped"`
	CappedAt             *float64 `json:"cappedAt" jsonschema:"0.55 when the identity is not verified against a register, else null."`
}

// Output is business_risk_score's answer (reference service §3 field
// names), plus engineVersion and inputHash (an auditor re-runs the same
// input against the same evidence and gets the same bytes), the evidence
// set aside as possibly another entity, and the merged-duplicate count.
type Output struct {
	Status             string     `json:"status" schema:"enum=assessed|insufficient_data"`
	AssessmentID       string     `json:"assessmentId"`
	EngineVersion      string     `json:"engineVersion"`
	InputHash          string     `json:"inputHash"`
	Business           Business   `json:"business"`
	RiskScore          *int       `json:"riskScore" schema:"minimum=0,maximum=100"`
	RiskLevel          *string    `json:"riskLevel" jsonschema:"low, moderate, elevated, high or critical; null when there is too little data to score"`
	Confidence         float64    `json:"confidence" schema:"minimum=0,maximum=1"`
	Components         Components `json:"components"`
	ScoreBreakdown     Breakdown  `json:"scoreBreakdown"`
	RiskFlags          []Flag     `json:"riskFlags"`
	PositiveSignals    []Flag     `json:"positiveSignals"`
	SanctionsScreening Screening  `json:"sanctionsScreening"`
	// JurisdictionLists are the FATF lists the company's country was
	// judged against, each with its publication date (empty when the
	// country is unknown).
	JurisdictionLists   []JurisdictionList  `json:"jurisdictionLists" jsonschema:"The FATF lists (high-risk jurisdictions subject to a call for action; jurisdictions under increased monitoring) the company's country was judged against, each with its publication date, source and age; empty when the country is unknown."`
	Evidence            []evidence.Item     `json:"evidence"`
	ExcludedEvidence    []evidence.Excluded `json:"excludedEvidence"`
	DuplicatesMerged    int                 `json:"duplicatesMerged"`
	Recommendation      Recommendation      `json:"recommendation"`
	DataCoverage        Coverage            `json:"dataCoverage"`
	ConfidenceBreakdown ConfidenceBreakdown `json:"confidenceBreakdown"`
	Providers           []intel.ProviderUse `json:"providers"`
	Warnings            []string            `json:"warnings"`
	Assumptions         []string            `json:"assumptions"`
	Limitations         []string            `json:"limitations"`
	Methodology         string              `json:"methodology"`
	EvaluatedAt         string              `json:"evaluatedAt"`
}

// Basis is what the answer rests on (intel.BasisOf over the providers
// and the evidence): the pipeline charges it only when a live provider,
// a real sanctions list or caller-supplied evidence is among them, so a
// score resting on the demo sanctions list alone is not charged
// (synthetic_data_only). An insufficient_data answer (no evidence source
// configured, or none answered) is Unanswered, insufficient_data.
func (o Output) Basis() dalil.Basis {
	b := intel.BasisOf(o.Providers, o.Evidence)
	if o.Status == "insufficient_data" {
		b.Unanswered = "insufficient_data"
	}
	return b
}
