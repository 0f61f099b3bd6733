// Package omanbusiness answers the four Oman business routes of the
// reference service (Part 2 §2a): search_oman_company,
// get_oman_company_profile, analyze_oman_company and
// due_diligence_oman_company, from the company records an operator
// imported (the "companies" dataset, capabilities/omanbusiness/companysql).
//
// Every answer comes from imported records: a field no source states is
// null, never guessed; every field names its source; synthetic demo
// records are marked and can never confirm anything. With no records at
// all every route answers 503 PROVIDER_NOT_CONFIGURED, not charged.
package omanbusiness

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"dalil"
	"dalil/capability"
	"dalil/internal/names"
)

// Directory is where the company records are (the companies dataset).
// Catalog returns the companies a call needs, not every company: those
// the names in w may name (its candidates, from the adapter's index),
// the one registered under w's CR number and those with w's IDs, each
// with all its records, plus what the whole dataset holds (Imported,
// AllSynthetic). The catalog's Search, ByCR and Company then answer as
// they would over every company.
type Directory interface {
	Catalog(ctx context.Context, w Want) (*Catalog, error)
}

// Want is what a call asks a Directory for.
type Want struct {
	// Names are names (or CR numbers) the call searches for.
	Names []string
	// CR is a CR number (any spelling NormalizeCR reads).
	CR string
	// IDs are company ids (Company.ID).
	IDs []string
}

// Deps are the capabilities' collaborators; a nil Directory answers 503.
// Sanctions and Website serve due diligence; nil leaves their checks
// not_checked, said in the answer.
type Deps struct {
	Directory Directory
	// Sanctions is the sanctions engine over the imported lists.
	Sanctions SanctionsScreener
	// Website fetches the website on file; nil when website fetching is
	// off on the server.
	Website WebsiteInspector
	Now     func() time.Time // nil: the call's time
}

// CodeCompanyNotFound: no company has the companyId given (404, not
// charged), as in the reference service.
const CodeCompanyNotFound = dalil.CodeCompanyNotFound

// Prices (reference §2a).
const (
	PriceSearch       dalil.MicroUSD = 50_000    // USD 0.05
	PriceProfile      dalil.MicroUSD = 250_000   // USD 0.25
	PriceAnalyze      dalil.MicroUSD = 750_000   // USD 0.75
	PriceDueDiligence dalil.MicroUSD = 2_000_000 // USD 2.00
)

var limitations = []string{
	"Answers come only from the company records the operator imported (dataset companies); a company that is not in them is not found, which says nothing about whether it exists.",
	"A field no source states is null, never guessed. Each field names the source that stated it, its type, trust and verification status.",
	"Synthetic demo records are marked synthetic, earn demo trust (0.10) and never verify anything.",
	"Risk flags describe data facts (status, missing fields, disagreeing sources), never misconduct. Not legal, credit, KYC or AML advice.",
}

var methodology = []string{
	"Records with the same commercial registration number are one company; records are never joined by name, so two companies with one name and different CR numbers stay apart.",
	"Each field comes from the most trusted source that states it (then the newest). Source trust: government, public registry, tax authority 1.00; government procurement 0.95; company website 0.80; licensed feed 0.75; directory 0.50; news and other 0.40; manual entry 0.20; demo 0.10.",
	"Search: CR number 0.98; exact normalised name (legal forms LLC, L.L.C., SAOG, SAOC, SPC, Est., ش.م.م, ش.م.ع.ع removed) 0.94; prefix 0.75 + 0.08 x shorter/longer; otherwise 0.65 x name similarity; +0.03 governorate, +0.02 wilayat, +0.03 industry; below 0.15 dropped; 0.50 and up is a match (a result), 0.15 to under 0.50 a possible match only.",
	"Confidence: 0.40 x best source trust + 0.20 x distinct sources / 3 + 0.25 x completeness + 0.15 x freshness (1 - age/540 days); x0.8 when sources disagree on the name; x0.6 when demo data only.",
	"Risk points (capped at 100; 60+ high, 25+ medium): inactive 50, suspended 35, identity conflict 25, conflicting addresses 15, registered under 6 months 10, newest source over 365 days 10, no CR number 10; 5 each for no registration date, under 24 months of history, no legal form, no website, no contact, completeness under 50 %, unknown status.",
	"Due diligence adds: the company's names screened through the sanctions engine against the imported lists (a real-list match 25 points, a high-confidence one 60; synthetic demo lists never count as a screen); the website on file fetched only when website fetching is on (not answering 5 points; digitalFootprint strong and publicInformationCoverage high only when it was fetched and answered); an identity not verified by a registry source 25 points (never low risk) and confidence capped at 0.55.",
}

// Dataset is the name of the company records dataset the business routes
// answer from (`dalil companies import`).
const Dataset = "companies"

// requires is what the four business routes need: imported company
// records (synthetic demo records make them demo capabilities).
var requires = []capability.Requirement{capability.NeedsDataset(Dataset)}

// Entries declares the four business capabilities.
func Entries(deps Deps) []capability.Entry {
	return []capability.Entry{
		capability.Define("search_oman_company", capability.Options{
			Group: "Intelligence", Title: "Search Oman companies",
			Summary:   "Find Omani companies by name (English or Arabic, typos tolerated) or commercial registration number, with a match confidence.",
			WhenToUse: "Before researching an Omani company, to get its companyId; also to see whether a CR number is on record and under which name.",
			Path:      "/api/v1/business/search", Price: PriceSearch, ReadOnly: true, Idempotent: true, Requires: requires,
			Example:     SearchInput{Query: "Al Noor Trading LLC", Governorate: "Muscat", Limit: 5},
			Limitations: append([]string{"A candidate whose match confidence is under the match threshold (0.50) is not a result: it is listed in possibleMatches. A search with no result at the threshold is answered (totalMatches 0) and not charged."}, limitations...),
			Methodology: methodology,
		}, func(ctx context.Context, in SearchInput) (SearchOutput, error) { return Search(ctx, deps, in) }),
		capability.Define("get_oman_company_profile", capability.Options{
			Group: "Intelligence", Title: "Oman company profile",
			Summary:   "One Omani company's record: names, legal form, CR number, activities, location, status, dates, website and contacts, each with the source that stated it.",
			WhenToUse: "After search_oman_company, to read what is on record about a company and where each fact comes from.",
			Path:      "/api/v1/business/profile", Price: PriceProfile, ReadOnly: true, Idempotent: true, Requires: requires,
			Example: ProfileInput{CompanyID: "OM-CR-1000001"}, Limitations: limitations, Methodology: methodology,
		}, func(ctx context.Context, in ProfileInput) (ProfileOutput, error) { return Profile(ctx, deps, in) }),
		capability.Define("analyze_oman_company", capability.Options{
			Group: "Intelligence", Title: "Analyze an Oman company",
			Summary:   "Commercial signals, data-fact risk flags, positive signals, recommended checks and a confidence for one Omani company.",
			WhenToUse: "To judge how much is known about a company and what to check next, for a stated purpose (supplier, customer, partner, investor).",
			Path:      "/api/v1/business/analyze", Price: PriceAnalyze, ReadOnly: true, Idempotent: true, Requires: requires,
			Example: AnalyzeInput{CompanyID: "OM-CR-1000001", Purpose: "supplier"}, Limitations: limitations, Methodology: methodology,
		}, func(ctx context.Context, in AnalyzeInput) (AnalyzeOutput, error) { return Analyze(ctx, deps, in) }),
		capability.Define("due_diligence_oman_company", capability.Options{
			Group: "Intelligence", Title: "Oman company due diligence",
			Summary:   "A due-diligence pack for one Omani company and a transaction: verification facts, risk assessment, a prioritised checklist and the information missing.",
			WhenToUse: "Before a contract, partnership, investment or credit with an Omani company.",
			Path:      "/api/v1/business/due-diligence", Price: PriceDueDiligence, ReadOnly: true, Idempotent: true, Requires: requires,
			Example:     DueDiligenceInput{CompanyID: "OM-CR-1000001", TransactionType: "supplier_contract", TransactionValueOMR: ptr(25000.0)},
			Limitations: limitations, Methodology: methodology,
		}, func(ctx context.Context, in DueDiligenceInput) (DueDiligenceOutput, error) {
			return DueDiligence(ctx, deps, in)
		}),
	}
}

func ptr[T any](v T) *T { return &v }

func (d Deps) now(ctx context.Context) time.Time {
	if d.Now != nil {
		return d.Now()
	}
	return capability.CallFrom(ctx).Now
}

// catalog returns the loaded catalog, or 503 PROVIDER_NOT_CONFIGURED
// when nothing is imported.
func (d Deps) catalog(ctx context.Context, w Want) (*Catalog, error) {
	if d.Directory == nil {
		return nil, notConfigured()
	}
	c, err := d.Directory.Catalog(ctx, w)
	if err != nil {
		return nil, err
	}
	if !c.Imported {
		return nil, notConfigured()
	}
	return c, nil
}

func notConfigured() error {
	return dalil.Errorf(dalil.CodeProviderNotConfigured, "No company records are imported on this server, so nothing can be said about any company. The operator imports them with `dalil companies import FILE --source NAME --license TEXT`. Nothing was charged.")
}

func (d Deps) company(ctx context.Context, id string) (*Company, error) {
	c, err := d.catalog(ctx, Want{IDs: []string{strings.TrimSpace(id)}})
	if err != nil {
		return nil, err
	}
	co, ok := c.Company(id)
	if !ok {
		return nil, dalil.Errorf(CodeCompanyNotFound, "No company was found for companyId %q; get one from search_oman_company. No payment was taken.", strings.TrimSpace(id))
	}
	return co, nil
}

// Search implements search_oman_company.
func Search(ctx context.Context, d Deps, in SearchInput) (SearchOutput, error) {
	c, err := d.catalog(ctx, Want{Names: []string{in.Query}})
	if err != nil {
		return SearchOutput{}, err
	}
	found := c.Search(Query{Text: in.Query, Governorate: in.Governorate, Wilayat: in.Wilayat, Industry: in.Industry})
	limit := in.Limit
	if limit == 0 {
		limit = 10
	}
	out := SearchOutput{Matches: []SearchMatch{}, PossibleMatches: []SearchMatch{}, Warnings: []string{}}
	synthetic := false
	for _, s := range found {
		m := &s.Company.Merged
		list := &out.Matches
		if s.Score < MatchThreshold {
			list = &out.PossibleMatches
		} else {
			out.TotalMatches++
		}
		if len(*list) >= limit {
			continue
		}
		synthetic = synthetic || m.DemoOnly
		*list = append(*list, SearchMatch{
			CompanyID: s.Company.ID, CompanyName: m.Name(), CompanyNameAr: opt(m.NameAr), NormalizedName: names.Normalize(m.Name()).String(),
			LegalType: opt(m.LegalForm), CRNumber: opt(m.CRNumber), Industry: opt(m.value(FieldIndustry)), Governorate: opt(m.Governorate),
			Wilayat: opt(m.Wilayat), Status: opt(m.Status), Website: opt(m.Website), Confidence: s.Score, MatchedBy: s.MatchedBy, Synthetic: m.DemoOnly,
		})
	}
	if out.TotalMatches == 0 && len(out.PossibleMatches) > 0 {
		out.Warnings = append(out.Warnings, fmt.Sprintf("No company matches the query at the match threshold (%.2f); possibleMatches only resemble it and may be unrelated. Nothing was charged.", MatchThreshold))
	}
	if synthetic {
		out.Warnings = append(out.Warnings, syntheticWarning)
	}
	return out, nil
}

const syntheticWarning = "Some results come only from synthetic demo data (synthetic: true): they are illustrations, not real companies, and confirm nothing."

func opt(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

func fields(c *Company) CompanyFields {
	m := &c.Merged
	f := CompanyFields{CompanyID: c.ID, CompanyName: m.Name(), CompanyNameAr: opt(m.NameAr), LegalType: opt(m.LegalForm), Status: opt(m.Status),
		RegistrationNumber: opt(m.CRNumber), RegistrationDate: opt(m.RegistrationDate), Industry: opt(m.value(FieldIndustry)),
		Activities: []string{}, ActivityCodes: []string{}, Governorate: opt(m.Governorate), Wilayat: opt(m.Wilayat),
		Address: opt(m.Address), Website: opt(m.Website), Email: opt(m.Email), Phone: opt(m.Phone)}
	for _, a := range m.Activities {
		f.Activities = append(f.Activities, a.String())
		if a.Code != "" {
			f.ActivityCodes = append(f.ActivityCodes, a.Code)
		}
	}
	return f
}

func stamp(t time.Time) string { return t.UTC().Format(time.RFC3339) }

func sources(c *Company, now time.Time) []Source {
	out := []Source{}
	for i := range c.Records {
		r := &c.Records[i]
		out = append(out, Source{SourceName: r.Source, SourceType: string(r.SourceType), SourceAuthority: Authority(r.SourceType),
			SourceURL: opt(r.SourceURL), SourceRecordID: opt(r.RecordID), ObservedAt: stamp(r.ObservedAt),
			VerificationStatus: Verification(r.SourceType, r.ObservedAt, now), Fields: stated(r), License: r.License, Batch: r.Batch, Synthetic: r.Synthetic})
	}
	return out
}

func coverage(c *Company, now time.Time) DataCoverage {
	real, demo := c.Sources()
	dc := DataCoverage{RealSources: real, DemoSources: demo}
	var latest time.Time
	for _, r := range c.Records {
		if Verification(r.SourceType, r.ObservedAt, now) == VerVerified && r.ObservedAt.After(latest) {
			latest = r.ObservedAt
		}
	}
	if !latest.IsZero() {
		dc.LatestVerifiedAt = ptr(stamp(latest))
	}
	return dc
}

// verification is the company-level status: conflicting when sources
// disagree, else the best source's.
func verification(c *Company, now time.Time) VerificationMeta {
	v := VerificationMeta{VerificationStatus: VerUnknown}
	if c.Merged.IdentityConflict || c.Merged.AddressConflict {
		v.VerificationStatus = VerConflicting
	} else {
		rank := []string{VerUnknown, VerConflicting, VerStale, VerInferred, VerEstimated, VerReported, VerVerified}
		for _, r := range c.Records {
			if s := Verification(r.SourceType, r.ObservedAt, now); slices.Index(rank, s) > slices.Index(rank, v.VerificationStatus) {
				v.VerificationStatus = s
			}
		}
	}
	v.LastVerifiedAt = coverage(c, now).LatestVerifiedAt
	return v
}

func warnings(c *Company) []string {
	if c.Merged.DemoOnly {
		return []string{"This company is synthetic demo data (source type demo): an illustration, not a real company. It verifies nothing."}
	}
	for _, r := range c.Records {
		if r.Synthetic {
			return []string{"Some sources of this company are synthetic demo data; they are shown with synthetic: true and carry demo trust."}
		}
	}
	return []string{}
}

// Profile implements get_oman_company_profile.
func Profile(ctx context.Context, d Deps, in ProfileInput) (ProfileOutput, error) {
	c, err := d.company(ctx, in.CompanyID)
	if err != nil {
		return ProfileOutput{}, err
	}
	now := d.now(ctx)
	out := ProfileOutput{
		Company:         fields(c),
		DigitalPresence: DigitalPresence{WebsiteFound: c.Merged.Website != "", Domain: opt(Domain(c.Merged.Website)), SocialProfiles: []string{}},
		Verification:    verification(c, now),
		Procurement:     Procurement{Awards: []Award{}},
		DataCoverage:    coverage(c, now),
		Sources:         sources(c, now),
		FieldEvidence:   []FieldEvidence{},
		Warnings:        warnings(c),
	}
	for _, f := range []string{FieldCompanyName, FieldCompanyNameAr, FieldLegalType, FieldRegistration, FieldStatus, FieldRegistrationDate,
		FieldIndustry, FieldActivities, FieldGovernorate, FieldWilayat, FieldAddress, FieldWebsite, FieldEmail, FieldPhone} {
		i, ok := c.Merged.From[f]
		if !ok {
			continue
		}
		r := &c.Records[i]
		out.FieldEvidence = append(out.FieldEvidence, FieldEvidence{Field: f, SourceName: r.Source, SourceType: string(r.SourceType),
			SourceAuthority: Authority(r.SourceType), SourceRecordID: r.RecordID, ObservedAt: stamp(r.ObservedAt),
			VerificationStatus: Verification(r.SourceType, r.ObservedAt, now)})
	}
	return out, nil
}

// purposeChecks are the checks a purpose adds to analyze_oman_company.
var purposeChecks = map[string][]string{
	"supplier": {"Confirm the company's activities cover what you will buy (oman_supplier_check screens this)"},
	"customer": {"Agree payment terms in line with the company's operating history"},
	"partner":  {"Review the ownership and the signatory authority of its representative"},
	"investor": {"Request audited accounts and the shareholder register"},
}

// Analyze implements analyze_oman_company.
func Analyze(ctx context.Context, d Deps, in AnalyzeInput) (AnalyzeOutput, error) {
	c, err := d.company(ctx, in.CompanyID)
	if err != nil {
		return AnalyzeOutput{}, err
	}
	now := d.now(ctx)
	sig := CommercialSignals(&c.Merged, now)
	risk := AssessRisk(c, now)
	conf, reasons := Confidence(c, now)
	return AnalyzeOutput{
		CompanyID: c.ID, Purpose: in.Purpose, CommercialSignals: sig, RiskFlags: risk.Flags, RiskScore: risk.Score, RiskLevel: risk.Level,
		PositiveSignals: positiveSignals(c, sig), RecommendedChecks: append(recommendedChecks(risk.Flags), purposeChecks[in.Purpose]...),
		Confidence: conf, ConfidenceReasons: reasons, DataCoverage: coverage(c, now), Sources: sources(c, now), Warnings: warnings(c),
	}, nil
}

// DueDiligence implements due_diligence_oman_company.
func DueDiligence(ctx context.Context, d Deps, in DueDiligenceInput) (DueDiligenceOutput, error) {
	c, err := d.company(ctx, in.CompanyID)
	if err != nil {
		return DueDiligenceOutput{}, err
	}
	now := d.now(ctx)
	m := &c.Merged
	sig := CommercialSignals(m, now)
	meta := verification(c, now)
	identity := c.MaxAuthority() >= 0.9 && !m.IdentityConflict
	sc := d.screenSanctions(ctx, c)
	web := d.checkWebsite(ctx, c, now)
	risk := diligenceRisk(AssessRisk(c, now), identity, sc, web)
	conf, reasons := Confidence(c, now)
	conf, reasons = capConfidence(conf, reasons, identity)
	checks := dueDiligenceChecklist(risk.Flags, in.TransactionType, in.TransactionValueOMR)
	switch sc.Status {
	case SanctionsPossible, SanctionsHigh:
		checks = append(checks, DueDiligenceCheck{"Verify the potential sanctions match at the source list (identifiers, country) before proceeding", "high"})
	case SanctionsNoMatch:
	default:
		checks = append(checks, DueDiligenceCheck{"Screen the company, its owners and signatories against current sanctions lists: no real list was screened here", "high"})
	}
	if web.Status == SiteNotChecked {
		checks = append(checks, DueDiligenceCheck{"Visit the company's website and confirm it belongs to the company: it was not fetched here", "low"})
	}
	out := DueDiligenceOutput{
		Company: fields(c), TransactionType: in.TransactionType, TransactionValueOMR: in.TransactionValueOMR,
		Verification: DDVerification{
			IdentityVerified: identity, Status: opt(m.Status), RegistrationAgeYears: sig.YearsActive,
			VerificationStatus: meta.VerificationStatus, LastVerifiedAt: meta.LastVerifiedAt,
		},
		Procurement: Procurement{Awards: []Award{}},
		CommercialAssessment: CommercialAssessment{OperationalMaturity: sig.BusinessMaturity, DigitalFootprint: digitalFootprint(m, web),
			PublicInformationCoverage: publicCoverage(c, sig.DataCompletenessScore, web), GovernmentProcurementActivity: sig.GovernmentProcurementActivity},
		SanctionsScreening:      sc,
		WebsiteCheck:            web,
		RiskAssessment:          RiskAssessment{RiskLevel: risk.Level, RiskScore: risk.Score, RiskFlags: risk.Flags},
		RecommendedDueDiligence: checks,
		MissingInformation:      missingInformation(m),
		Confidence:              conf, ConfidenceReasons: reasons, DataCoverage: coverage(c, now), Sources: sources(c, now),
		Warnings: append(warnings(c), sc.Warnings...),
	}
	return out, nil
}

func footprint(score int) string {
	switch {
	case score >= 70:
		return "strong"
	case score >= 40:
		return "moderate"
	case score > 0:
		return "weak"
	}
	return "none"
}

func coverageLabel(completeness int) string {
	switch {
	case completeness >= 70:
		return "high"
	case completeness >= 40:
		return "medium"
	}
	return "low"
}
