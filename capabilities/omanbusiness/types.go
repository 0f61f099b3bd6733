package omanbusiness

import (
	"strings"

	"dalil"
)

// SearchInput is search_oman_company's request (reference §2a).
type SearchInput struct {
	Query       string `json:"query" schema:"minLength=1,maxLength=200" jsonschema:"A company name in English or Arabic (legal forms such as LLC, SAOG, ش.م.م are ignored for matching) or a commercial registration (CR) number."`
	Governorate string `json:"governorate,omitempty" schema:"minLength=1,maxLength=60" jsonschema:"Prefer companies in this governorate (English or Arabic name); raises their confidence by 0.03, never filters."`
	Wilayat     string `json:"wilayat,omitempty" schema:"minLength=1,maxLength=60" jsonschema:"Prefer companies in this wilayat; +0.02."`
	Industry    string `json:"industry,omitempty" schema:"minLength=1,maxLength=120" jsonschema:"Prefer companies whose industry or activities mention this; +0.03."`
	Limit       int    `json:"limit,omitempty" schema:"minimum=1,maximum=50" jsonschema:"Most matches to return (default 10)."`
}

// Validate refuses a query that is only spaces (the reference trims
// before its length check).
func (in SearchInput) Validate() []dalil.Problem {
	var ps []dalil.Problem
	for _, f := range []struct{ path, v string }{{"query", in.Query}, {"governorate", in.Governorate}, {"wilayat", in.Wilayat}, {"industry", in.Industry}} {
		if f.v != "" && strings.TrimSpace(f.v) == "" {
			ps = append(ps, dalil.Problem{Path: f.path, Message: "must not be blank"})
		}
	}
	if in.Query == "" {
		ps = append(ps, dalil.Problem{Path: "query", Message: "must not be blank"})
	}
	return ps
}

// SearchMatch is one company found.
type SearchMatch struct {
	CompanyID      string  `json:"companyId" jsonschema:"Pass it to get_oman_company_profile, analyze_oman_company or due_diligence_oman_company."`
	CompanyName    string  `json:"companyName"`
	CompanyNameAr  *string `json:"companyNameAr" jsonschema:"The Arabic name, when a source states one."`
	NormalizedName string  `json:"normalizedName" jsonschema:"The name's matching key (legal forms removed)."`
	LegalType      *string `json:"legalType"`
	CRNumber       *string `json:"crNumber" jsonschema:"The commercial registration number, when on file."`
	Industry       *string `json:"industry"`
	Governorate    *string `json:"governorate"`
	Wilayat        *string `json:"wilayat"`
	Status         *string `json:"status"`
	Website        *string `json:"website"`
	Confidence     float64 `json:"confidence" schema:"minimum=0,maximum=1" jsonschema:"Match confidence: CR number 0.98, exact normalised name 0.94, prefix 0.75-0.83, else 0.65 x name similarity; +0.03 governorate, +0.02 wilayat, +0.03 industry."`
	MatchedBy      string  `json:"matchedBy" schema:"enum=cr_number|exact_name|prefix|similar_name"`
	Synthetic      bool    `json:"synthetic" jsonschema:"True when the company is known only from synthetic demo data."`
}

// SearchOutput is search_oman_company's answer.
type SearchOutput struct {
	Matches      []SearchMatch `json:"matches" jsonschema:"Companies whose match confidence reaches the match threshold (0.50), best first."`
	TotalMatches int           `json:"totalMatches" jsonschema:"Companies at or above the match threshold (0.50), before limit."`
	// PossibleMatches are candidates below the threshold.
	PossibleMatches []SearchMatch `json:"possibleMatches" jsonschema:"Companies whose names resemble the query at confidence 0.15 to under 0.50: not results (not shown to be the company asked about), listed to help refine the query; up to limit, best first."`
	Warnings        []string      `json:"warnings"`
}

// ProfileInput is get_oman_company_profile's request.
type ProfileInput struct {
	CompanyID string `json:"companyId" schema:"minLength=1,maxLength=120" jsonschema:"A companyId from search_oman_company."`
}

// Validate refuses a blank id.
func (in ProfileInput) Validate() []dalil.Problem { return blankID(in.CompanyID) }

func blankID(id string) []dalil.Problem {
	if strings.TrimSpace(id) == "" {
		return []dalil.Problem{{Path: "companyId", Message: "must not be blank"}}
	}
	return nil
}

// AnalyzeInput is analyze_oman_company's request.
type AnalyzeInput struct {
	CompanyID string `json:"companyId" schema:"minLength=1,maxLength=120"`
	Purpose   string `json:"purpose" schema:"enum=general|supplier|customer|partner|investor" jsonschema:"Why the company is being looked at; adds purpose-specific checks."`
}

// Validate refuses a blank id.
func (in AnalyzeInput) Validate() []dalil.Problem { return blankID(in.CompanyID) }

// DueDiligenceInput is due_diligence_oman_company's request.
type DueDiligenceInput struct {
	CompanyID           string   `json:"companyId" schema:"minLength=1,maxLength=120"`
	TransactionType     string   `json:"transactionType" schema:"enum=supplier_contract|partnership|investment|customer_credit|other"`
	TransactionValueOMR *float64 `json:"transactionValueOMR,omitempty" schema:"minimum=0,maximum=1e9" jsonschema:"Value of the transaction in OMR; 100,000 or more adds a legal review to the checklist."`
}

// Validate refuses a blank id.
func (in DueDiligenceInput) Validate() []dalil.Problem { return blankID(in.CompanyID) }

// CompanyFields are a company's merged fields; null is "not on file",
// never a guess.
type CompanyFields struct {
	CompanyID          string   `json:"companyId"`
	CompanyName        string   `json:"companyName"`
	CompanyNameAr      *string  `json:"companyNameAr"`
	LegalType          *string  `json:"legalType"`
	Status             *string  `json:"status" jsonschema:"active, inactive, suspended or unknown, as a source states it."`
	RegistrationNumber *string  `json:"registrationNumber" jsonschema:"The commercial registration (CR) number."`
	RegistrationDate   *string  `json:"registrationDate" jsonschema:"YYYY-MM-DD."`
	Industry           *string  `json:"industry"`
	Activities         []string `json:"activities" jsonschema:"Registered activities, each 'code description' (ISIC rev. 4 or the registry's codes)."`
	ActivityCodes      []string `json:"activityCodes" jsonschema:"The activity codes alone."`
	Governorate        *string  `json:"governorate"`
	Wilayat            *string  `json:"wilayat"`
	Address            *string  `json:"address"`
	Website            *string  `json:"website"`
	Email              *string  `json:"email"`
	Phone              *string  `json:"phone" jsonschema:"E.164 (+968...)."`
}

// Source is one record behind an answer and the fields it states.
type Source struct {
	SourceName         string   `json:"sourceName"`
	SourceType         string   `json:"sourceType" schema:"enum=government|public_registry|tax_authority|government_procurement|company_website|licensed_feed|directory|news|other|admin_manual|demo"`
	SourceAuthority    float64  `json:"sourceAuthority" schema:"minimum=0,maximum=1" jsonschema:"Trust of the source type: registries 1.00, procurement 0.95, company website 0.80, licensed feed 0.75, directory 0.50, news/other 0.40, manual 0.20, demo 0.10."`
	SourceURL          *string  `json:"sourceUrl"`
	SourceRecordID     *string  `json:"sourceRecordId"`
	ObservedAt         string   `json:"observedAt" jsonschema:"When the source stated it (RFC 3339)."`
	VerificationStatus string   `json:"verificationStatus" schema:"enum=verified|reported|estimated|inferred|stale|conflicting|unknown"`
	Fields             []string `json:"fields" jsonschema:"The company fields this source states."`
	License            string   `json:"license" jsonschema:"The terms the operator holds this data under."`
	Batch              string   `json:"batch" jsonschema:"The import that brought it."`
	Synthetic          bool     `json:"synthetic"`
}

// FieldEvidence is the source of one field's value.
type FieldEvidence struct {
	Field              string  `json:"field"`
	SourceName         string  `json:"sourceName"`
	SourceType         string  `json:"sourceType"`
	SourceAuthority    float64 `json:"sourceAuthority" schema:"minimum=0,maximum=1"`
	SourceRecordID     string  `json:"sourceRecordId"`
	ObservedAt         string  `json:"observedAt"`
	VerificationStatus string  `json:"verificationStatus" schema:"enum=verified|reported|estimated|inferred|stale|conflicting|unknown"`
}

// DataCoverage says how much of an answer rests on real data.
type DataCoverage struct {
	RealSources      int     `json:"realSources" schema:"minimum=0"`
	DemoSources      int     `json:"demoSources" schema:"minimum=0"`
	LatestVerifiedAt *string `json:"latestVerifiedAt" jsonschema:"Newest observation of a source whose status is verified (RFC 3339); null when none."`
}

// DigitalPresence is what is on file about the company online.
type DigitalPresence struct {
	WebsiteFound   bool     `json:"websiteFound"`
	Domain         *string  `json:"domain"`
	SocialProfiles []string `json:"socialProfiles" jsonschema:"Always empty: no social-profile source is imported."`
}

// VerificationMeta is the company-level verification state.
type VerificationMeta struct {
	VerificationStatus    string  `json:"verificationStatus" schema:"enum=verified|reported|estimated|inferred|stale|conflicting|unknown" jsonschema:"conflicting when sources disagree on the name or governorate, else the best source's status."`
	LastVerifiedAt        *string `json:"lastVerifiedAt"`
	TaxVerificationStatus *string `json:"taxVerificationStatus" jsonschema:"Null: no tax-authority source is imported."`
	TaxVerifiedAt         *string `json:"taxVerifiedAt"`
}

// Award is one government procurement award on record.
type Award struct {
	TenderNumber  string   `json:"tenderNumber"`
	Buyer         *string  `json:"buyer"`
	Title         *string  `json:"title"`
	Status        *string  `json:"status"`
	AwardValueOMR *float64 `json:"awardValueOMR"`
	Category      *string  `json:"category"`
	SourceName    string   `json:"sourceName"`
	ObservedAt    string   `json:"observedAt"`
}

// Procurement is the company's government-procurement footprint; every
// field is null until a procurement source is imported.
type Procurement struct {
	RegisteredSupplier            *bool   `json:"registeredSupplier"`
	SupplierCategory              *string `json:"supplierCategory"`
	SupplierClassification        *string `json:"supplierClassification"`
	GovernmentProcurementPresence *bool   `json:"governmentProcurementPresence"`
	TendersParticipated           *int    `json:"tendersParticipated"`
	AwardedContractCount          *int    `json:"awardedContractCount"`
	LastTenderActivityAt          *string `json:"lastTenderActivityAt"`
	Awards                        []Award `json:"awards"`
}

// ProfileOutput is get_oman_company_profile's answer.
type ProfileOutput struct {
	Company         CompanyFields    `json:"company"`
	DigitalPresence DigitalPresence  `json:"digitalPresence"`
	Verification    VerificationMeta `json:"verification"`
	Procurement     Procurement      `json:"procurement"`
	DataCoverage    DataCoverage     `json:"dataCoverage"`
	Sources         []Source         `json:"sources"`
	FieldEvidence   []FieldEvidence  `json:"fieldEvidence" jsonschema:"For each field on file, the source its value comes from."`
	Warnings        []string         `json:"warnings"`
}

// AnalyzeOutput is analyze_oman_company's answer.
type AnalyzeOutput struct {
	CompanyID         string       `json:"companyId"`
	Purpose           string       `json:"purpose"`
	CommercialSignals Signals      `json:"commercialSignals"`
	RiskFlags         []RiskFlag   `json:"riskFlags"`
	RiskScore         int          `json:"riskScore" schema:"minimum=0,maximum=100" jsonschema:"Sum of the flags' points, capped at 100."`
	RiskLevel         string       `json:"riskLevel" schema:"enum=low|medium|high" jsonschema:"60+ high, 25+ medium, else low."`
	PositiveSignals   []string     `json:"positiveSignals"`
	RecommendedChecks []string     `json:"recommendedChecks"`
	Confidence        float64      `json:"confidence" schema:"minimum=0,maximum=1"`
	ConfidenceReasons []string     `json:"confidenceReasons"`
	DataCoverage      DataCoverage `json:"dataCoverage"`
	Sources           []Source     `json:"sources"`
	Warnings          []string     `json:"warnings"`
}

// DDVerification is due diligence's verification block.
type DDVerification struct {
	IdentityVerified      bool    `json:"identityVerified" jsonschema:"True when a government or registry source backs the record and no source contradicts its name. A data fact, not a certification. False adds IDENTITY_NOT_VERIFIED (25 points, so risk is never low) and caps confidence at 0.55."`
	Status                *string `json:"status"`
	RegistrationAgeYears  int     `json:"registrationAgeYears"`
	VerificationStatus    string  `json:"verificationStatus" schema:"enum=verified|reported|estimated|inferred|stale|conflicting|unknown"`
	LastVerifiedAt        *string `json:"lastVerifiedAt"`
	TaxVerificationStatus *string `json:"taxVerificationStatus"`
	TaxVerifiedAt         *string `json:"taxVerifiedAt"`
}

// CommercialAssessment is due diligence's qualitative summary.
type CommercialAssessment struct {
	OperationalMaturity           string `json:"operationalMaturity" schema:"enum=new|early_stage|growing|established"`
	DigitalFootprint              string `json:"digitalFootprint" schema:"enum=strong|moderate|weak|none" jsonschema:"Website 50, email 25, phone 25 on file: 70+ strong, 40+ moderate, else weak or none. The website counts only if it was not found unreachable; strong only when it was fetched during this call and answered."`
	PublicInformationCoverage     string `json:"publicInformationCoverage" schema:"enum=high|medium|low" jsonschema:"From the completeness of the record (70%+ high, 40%+ medium); high only when the records are real and a website on file was fetched and answered; low for synthetic demo records."`
	GovernmentProcurementActivity string `json:"governmentProcurementActivity" schema:"enum=active|limited|none"`
}

// RiskAssessment is due diligence's risk block.
type RiskAssessment struct {
	RiskLevel string     `json:"riskLevel" schema:"enum=low|medium|high"`
	RiskScore int        `json:"riskScore" schema:"minimum=0,maximum=100"`
	RiskFlags []RiskFlag `json:"riskFlags"`
}

// DueDiligenceOutput is due_diligence_oman_company's answer.
type DueDiligenceOutput struct {
	Company                 CompanyFields        `json:"company"`
	TransactionType         string               `json:"transactionType"`
	TransactionValueOMR     *float64             `json:"transactionValueOMR"`
	Verification            DDVerification       `json:"verification"`
	Procurement             Procurement          `json:"procurement"`
	CommercialAssessment    CommercialAssessment `json:"commercialAssessment"`
	SanctionsScreening      DDSanctions          `json:"sanctionsScreening" jsonschema:"The company's names screened through the sanctions engine against the lists imported on this server."`
	WebsiteCheck            DDWebsite            `json:"websiteCheck" jsonschema:"The website on file, fetched only when website fetching is on."`
	RiskAssessment          RiskAssessment       `json:"riskAssessment"`
	RecommendedDueDiligence []DueDiligenceCheck  `json:"recommendedDueDiligence"`
	MissingInformation      []string             `json:"missingInformation"`
	Confidence              float64              `json:"confidence" schema:"minimum=0,maximum=1"`
	ConfidenceReasons       []string             `json:"confidenceReasons"`
	DataCoverage            DataCoverage         `json:"dataCoverage"`
	Sources                 []Source             `json:"sources"`
	Warnings                []string             `json:"warnings"`
}
