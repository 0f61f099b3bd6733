package suppliercheck

import (
	"strings"
	"time"

	"dalil"
	"dalil/internal/intel"
)

// Input is oman_supplier_check's request (reference §7): only
// companyName is required; every other field is evidence the buyer
// already holds (quotation, email signature, letterhead).
type Input struct {
	CompanyName              string `json:"companyName" schema:"minLength=2,maxLength=200" jsonschema:"The supplier's name as it presents itself, English or Arabic."`
	CRNumber                 string `json:"crNumber,omitempty" schema:"minLength=3,maxLength=30,pattern=^[0-9A-Za-z][0-9A-Za-z \\-/.]*$" jsonschema:"Its commercial registration number, as given."`
	Website                  string `json:"website,omitempty" schema:"minLength=4,maxLength=300" jsonschema:"Its website: a URL or a bare domain."`
	Email                    string `json:"email,omitempty" schema:"maxLength=254,pattern=^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$" jsonschema:"A contact email address."`
	Phone                    string `json:"phone,omitempty" schema:"minLength=6,maxLength=30,pattern=^[+0-9 ()\\-.xX*]+$" jsonschema:"A contact phone number (Oman numbers: 8 digits, +968 or 00968)."`
	Address                  string `json:"address,omitempty" schema:"minLength=2,maxLength=300" jsonschema:"Its address; governorate and wilayat names are recognised in English and Arabic."`
	RequiredProductOrService string `json:"requiredProductOrService,omitempty" schema:"minLength=2,maxLength=200" jsonschema:"What you need from the supplier, compared with its recorded activities."`
}

// Validate applies what the schema cannot: the reference trims before
// checking lengths, and a website must be a URL or a domain.
func (in Input) Validate() []dalil.Problem {
	var ps []dalil.Problem
	for _, f := range []struct {
		path, v string
		min     int
	}{{"companyName", in.CompanyName, 2}, {"crNumber", in.CRNumber, 3}, {"website", in.Website, 4}, {"phone", in.Phone, 6},
		{"address", in.Address, 2}, {"requiredProductOrService", in.RequiredProductOrService, 2}} {
		if f.v != "" && len([]rune(strings.TrimSpace(f.v))) < f.min {
			ps = append(ps, dalil.Problem{Path: f.path, Message: "is too short once spaces are trimmed"})
		}
	}
	// The one rule for a website a caller gives (intel.WebsiteProblem, as
	// every capability applies it): a domain name over http(s), no IP
	// address, no credentials, no local name.
	if problem := intel.WebsiteProblem(in.Website); problem != "" {
		ps = append(ps, dalil.Problem{Path: "website", Message: problem})
	}
	return ps
}

// Enumerations of the answer (reference §7).
const (
	// Per-check outcome: unknown means "not enough evidence to say".
	Pass, Partial, Fail, Unknown, Conflict = "pass", "partial", "fail", "unknown", "conflict"
	// Whether a check ran.
	Performed, NotChecked, Unavailable = "performed", "not_checked", "unavailable"
)

// Supplier is who was screened and what the records matched.
type Supplier struct {
	InputName        string  `json:"inputName"`
	NormalizedName   string  `json:"normalizedName"`
	MatchedName      *string `json:"matchedName"`
	MatchedNameAr    *string `json:"matchedNameAr"`
	CompanyID        *string `json:"companyId"`
	CRNumber         *string `json:"crNumber" jsonschema:"The matched company's CR number when there is one, else the one supplied."`
	CRNumberSupplied *string `json:"crNumberSupplied"`
	Country          string  `json:"country" schema:"enum=OM"`
	IdentityMatch    string  `json:"identityMatch" schema:"enum=strong|moderate|weak|unconfirmed"`
}

// ScreeningResult is the outcome.
type ScreeningResult struct {
	Risk                   string  `json:"risk" schema:"enum=low|medium|high|insufficient_data"`
	RiskScore              int     `json:"riskScore" schema:"minimum=0,maximum=100"`
	ProcurementSuitability string  `json:"procurementSuitability" schema:"enum=appears_suitable|review_recommended|insufficient_information|potential_risk"`
	IdentityConfirmed      bool    `json:"identityConfirmed" jsonschema:"The identity evidence is strong and not synthetic: consistency across sources, not a government verification."`
	ActivityMatch          *bool   `json:"activityMatch" jsonschema:"true: the recorded activity covers the need; false: it does not; null: not determinable or not asked."`
	Summary                string  `json:"summary"`
	Statement              string  `json:"statement" jsonschema:"Screening only, not KYC/AML or vendor approval."`
	Confidence             float64 `json:"confidence" schema:"minimum=0,maximum=1"`
}

// CheckRun is what every check says about itself: whether it ran and
// the points it added to the risk model.
type CheckRun struct {
	Execution string `json:"execution" schema:"enum=performed|not_checked|unavailable" jsonschema:"performed: the check ran; not_checked: its source is not configured or the input gave nothing to check; unavailable: its source failed."`
	Points    int    `json:"points" jsonschema:"Risk points this check added."`
}

// IdentityCheck is the company-identity check.
type IdentityCheck struct {
	Status         string   `json:"status" schema:"enum=pass|partial|fail|unknown"`
	Confidence     float64  `json:"confidence" schema:"minimum=0,maximum=1" jsonschema:"The identity score, 0 to 1: >=0.80 strong, >=0.60 moderate, >=0.30 weak."`
	Explanation    string   `json:"explanation"`
	Corroborations []string `json:"corroborations"`
	CheckRun
}

// WebsiteSignals are what the website showed; null is not assessed.
type WebsiteSignals struct {
	WebsiteExists               *bool `json:"websiteExists"`
	HTTPS                       *bool `json:"https"`
	DomainMatchesCompanyName    *bool `json:"domainMatchesCompanyName"`
	DomainMatchesRegistry       *bool `json:"domainMatchesRegistry"`
	CompanyNameOnWebsite        *bool `json:"companyNameOnWebsite"`
	CorporateEmailOnWebsite     *bool `json:"corporateEmailOnWebsite"`
	PhoneOnWebsite              *bool `json:"phoneOnWebsite"`
	PhysicalAddressOnWebsite    *bool `json:"physicalAddressOnWebsite"`
	RedirectedToDifferentDomain *bool `json:"redirectedToDifferentDomain"`
}

// WebsiteCheck is the website check.
type WebsiteCheck struct {
	Status      string         `json:"status" schema:"enum=pass|partial|fail|unknown"`
	Explanation string         `json:"explanation"`
	URL         *string        `json:"url"`
	URLSource   *string        `json:"urlSource" schema:"enum=supplied|registry"`
	Signals     WebsiteSignals `json:"signals"`
	CheckRun
}

// ActivityCheck compares the need with the recorded activities.
type ActivityCheck struct {
	Status             string   `json:"status" schema:"enum=pass|partial|fail|unknown"`
	Explanation        string   `json:"explanation"`
	RequiredCategories []string `json:"requiredCategories"`
	SupplierCategories []string `json:"supplierCategories"`
	CheckRun
}

// SimpleCheck is the contact check.
type SimpleCheck struct {
	Status      string `json:"status" schema:"enum=pass|partial|fail|unknown"`
	Explanation string `json:"explanation"`
	CheckRun
}

// AddressCheck is the address check.
type AddressCheck struct {
	Status      string  `json:"status" schema:"enum=pass|partial|conflict|unknown"`
	Explanation string  `json:"explanation"`
	Governorate *string `json:"governorate" jsonschema:"The governorate the supplied address names, from the gazetteer."`
	Wilayat     *string `json:"wilayat" jsonschema:"The wilayat the supplied address names."`
	CheckRun
}

// SanctionsMatch is one potential sanctions-list match: automated and
// unconfirmed.
type SanctionsMatch struct {
	Name          string   `json:"name" jsonschema:"The listed name."`
	MatchedAlias  *string  `json:"matchedAlias" jsonschema:"The alias of the entry that matched, when not its main name."`
	Source        string   `json:"source" jsonschema:"The list."`
	Reference     *string  `json:"reference" jsonschema:"The entry's id on its list."`
	SourceURL     *string  `json:"sourceUrl"`
	MatchScore    float64  `json:"matchScore" schema:"minimum=0,maximum=1"`
	MatchType     string   `json:"matchType" schema:"enum=exact_normalized_name|fuzzy_name"`
	Reason        string   `json:"reason"`
	ScreenedName  string   `json:"screenedName" jsonschema:"Which of the supplier's names matched."`
	Corroborating []string `json:"corroborating" jsonschema:"Identifiers that agree (country, registration number)."`
	Contradicting []string `json:"contradicting" jsonschema:"Identifiers that disagree."`
}

// ListVersion is one list screened and its version.
type ListVersion struct {
	Name      string `json:"name"`
	Version   string `json:"version" jsonschema:"Publication date or version the list states."`
	Entries   int    `json:"entries"`
	Synthetic bool   `json:"synthetic" jsonschema:"The list is synthetic demo data: screening it says nothing about real sanctions."`
	// Published, RetrievedAt, CurrentAsOf, AgeSeconds and Freshness date
	// the list (the sanctions engine's Freshness).
	Published   string    `json:"published,omitempty" jsonschema:"The publication date the list states."`
	RetrievedAt time.Time `json:"retrievedAt,omitzero" jsonschema:"When this version of the list was downloaded."`
	CurrentAsOf time.Time `json:"currentAsOf,omitzero" jsonschema:"When the list was last known to be its publisher's current version (its download, or a later sync that found it unchanged)."`
	AgeSeconds  int64     `json:"ageSeconds,omitempty" jsonschema:"Seconds from currentAsOf to this answer."`
	Freshness   string    `json:"freshness,omitempty" schema:"enum=current|stale|expired" jsonschema:"stale: past the server's age limit, screened with a stale_list warning; expired: past its hard limit, not screened."`
	// Batch identifies the import (in meta.evidence).
	Batch string `json:"-"`
}

// SanctionsCheck is the sanctions screen.
type SanctionsCheck struct {
	Status           string           `json:"status" schema:"enum=clear|potential_match|not_checked|unavailable" jsonschema:"clear only means no name on the lists screened came close; not_checked when no list is imported."`
	Matches          []SanctionsMatch `json:"matches"`
	ListsChecked     []string         `json:"listsChecked"`
	ListsUnavailable []string         `json:"listsUnavailable"`
	Lists            []ListVersion    `json:"lists" jsonschema:"Each list screened with its version, entry count, dates, age and freshness."`
	ListsNotUsed     []ListVersion    `json:"listsNotUsed" jsonschema:"Lists past the server's hard age limit (DALIL_SANCTIONS_HARD_MAX_AGE): not screened, so nothing is said from them."`
	Warnings         []string         `json:"warnings" jsonschema:"One stale_list warning per list past the server's age limit, naming it and its age."`
	Explanation      string           `json:"explanation"`
	CheckRun
}

// PublicRiskSignal is one unverified public indicator.
type PublicRiskSignal struct {
	Type         string  `json:"type" schema:"enum=public_web_mention|possible_impersonation|contradictory_business_identity"`
	Description  string  `json:"description"`
	EvidenceTier string  `json:"evidenceTier" schema:"enum=public_allegation|automated_indicator"`
	SourceURL    *string `json:"sourceUrl"`
	SourceTitle  *string `json:"sourceTitle"`
}

// PublicRiskCheck is the public-web screen.
type PublicRiskCheck struct {
	Status      string             `json:"status" schema:"enum=clear|signal_detected|not_checked|unavailable"`
	Signals     []PublicRiskSignal `json:"signals"`
	Explanation string             `json:"explanation"`
	CheckRun
}

// Checks are every check.
type Checks struct {
	CompanyIdentity    IdentityCheck   `json:"companyIdentity"`
	Website            WebsiteCheck    `json:"website"`
	BusinessActivity   ActivityCheck   `json:"businessActivity"`
	ContactConsistency SimpleCheck     `json:"contactConsistency"`
	AddressConsistency AddressCheck    `json:"addressConsistency"`
	Sanctions          SanctionsCheck  `json:"sanctions"`
	PublicRisk         PublicRiskCheck `json:"publicRisk"`
}

// Flag is one risk flag: a data fact or automated indicator, never an
// allegation.
type Flag struct {
	Code     string `json:"code" schema:"enum=ACTIVITY_MISMATCH|IDENTITY_NOT_CONFIRMED|CR_NUMBER_CONFLICT|COMPANY_NAME_MISMATCH|REGISTRY_IDENTITY_CONFLICT|SUPPLIER_STATUS_NOT_ACTIVE|EMAIL_DOMAIN_MISMATCH|FREE_EMAIL_PROVIDER|WEBSITE_IDENTITY_CONFLICT|WEBSITE_UNREACHABLE|WEBSITE_NO_HTTPS|PHONE_MISMATCH|PHONE_NOT_OMAN|ADDRESS_MISMATCH|ADDRESS_OUTSIDE_OMAN|POTENTIAL_SANCTIONS_MATCH|PUBLIC_RISK_SIGNAL|LOOKALIKE_DOMAIN|DEMO_DATA_ONLY|INSUFFICIENT_PUBLIC_DATA|SOURCE_UNAVAILABLE"`
	Severity string `json:"severity" schema:"enum=low|medium|high"`
	Message  string `json:"message"`
}

// Component is one line of the risk model.
type Component struct {
	Factor string `json:"factor"`
	Points int    `json:"points"`
	Reason string `json:"reason"`
}

// Thresholds of the risk model.
type Thresholds struct {
	Medium int `json:"medium"`
	High   int `json:"high"`
}

// RiskModel shows how the score was made.
type RiskModel struct {
	Score      int         `json:"score" schema:"minimum=0,maximum=100"`
	Thresholds Thresholds  `json:"thresholds"`
	Components []Component `json:"components"`
}

// NormalizedPhone is the phone as parsed.
type NormalizedPhone struct {
	E164     *string `json:"e164"`
	IsOman   bool    `json:"isOman"`
	LineType string  `json:"lineType" schema:"enum=mobile|landline|unknown"`
}

// NormalizedInput echoes the input as it was read.
type NormalizedInput struct {
	CompanyName              string           `json:"companyName"`
	NormalizedName           string           `json:"normalizedName"`
	NameVariants             []string         `json:"nameVariants"`
	CRNumber                 *string          `json:"crNumber"`
	Website                  *string          `json:"website"`
	WebsiteDomain            *string          `json:"websiteDomain"`
	Email                    *string          `json:"email"`
	EmailDomain              *string          `json:"emailDomain"`
	FreeEmailProvider        bool             `json:"freeEmailProvider"`
	Phone                    *NormalizedPhone `json:"phone"`
	Address                  *string          `json:"address"`
	RequiredProductOrService *string          `json:"requiredProductOrService"`
}

// EvidenceSource is where a finding came from.
type EvidenceSource struct {
	Type       string  `json:"type" schema:"enum=company_registry|company_directory|demo_dataset|company_website|sanctions_list|public_web|derived_consistency_check"`
	Name       string  `json:"name"`
	URL        *string `json:"url"`
	CheckedAt  string  `json:"checkedAt"`
	ObservedAt *string `json:"observedAt"`
}

// Coverage says what the answer rests on.
type Coverage struct {
	RegistryMatch       bool     `json:"registryMatch"`
	DemoDataOnly        bool     `json:"demoDataOnly"`
	LiveChecksPerformed []string `json:"liveChecksPerformed"`
	UnavailableSources  []string `json:"unavailableSources"`
	NotConfigured       []string `json:"notConfigured" jsonschema:"Sources this server has not configured (their checks are not_checked)."`
}

// Output is oman_supplier_check's answer.
type Output struct {
	Supplier        Supplier         `json:"supplier"`
	ScreeningResult ScreeningResult  `json:"screeningResult"`
	Checks          Checks           `json:"checks"`
	RiskFlags       []Flag           `json:"riskFlags"`
	RiskModel       RiskModel        `json:"riskModel"`
	NormalizedInput NormalizedInput  `json:"normalizedInput"`
	Sources         []EvidenceSource `json:"sources"`
	DataCoverage    Coverage         `json:"dataCoverage"`
	Confidence      float64          `json:"confidence" schema:"minimum=0,maximum=1" jsonschema:"Evidence coverage: identity 0.35 x identity score, website 0.15, activity 0.15 (when asked), contact 0.10, address 0.10, sanctions 0.10, public risk 0.05."`
	Limitations     []string         `json:"limitations"`

	// sources are what the screen rested on, gathered by Check.
	sources []dalil.Source
}

// Basis is what the screen rests on: the company records matched (a
// dataset, or synthetic demo data), the sanctions lists screened (each a
// dataset or synthetic), the web search and the website inspection (live
// providers), as dataCoverage says they were performed. A screen with too
// little evidence to say anything (insufficient_data) is Unanswered: sent
// and not charged.
func (o Output) Basis() dalil.Basis {
	b := dalil.Basis{}.Add(o.sources...)
	if o.ScreeningResult.Risk == RiskInsufficient {
		b.Unanswered = "insufficient_data"
	}
	return b
}

// Risk levels and suitability.
const (
	RiskLow, RiskMedium, RiskHigh, RiskInsufficient = "low", "medium", "high", "insufficient_data"

	AppearsSuitable, ReviewRecommended, InsufficientInformation, PotentialRisk = "appears_suitable", "review_recommended", "insufficient_information", "potential_risk"
)

// Statement is the spec's wording of what this is.
const Statement = "Screening only, not KYC/AML or vendor approval: an automated consistency screen of public and imported evidence before an RFQ."
