// Package businessrisk is business_risk_score: a deterministic 0-100 risk
// score (100 = highest detected risk) for a company in any country across
// corporate, financial, compliance, reputation, operational and digital
// risk, with a separate confidence, evidence-backed flags and a
// machine-readable due-diligence action. Screening only, not a legal or
// compliance determination. See docs/company-intelligence.md.
package businessrisk

import (
	"context"
	"slices"
	"strconv"
	"strings"
	"time"

	"dalil"
	"dalil/capability"
	"dalil/dataset/jurisdictions"
	"dalil/internal/evidence"
	"dalil/internal/intel"
)

// Deps are what the capability reaches the world through.
type Deps struct {
	Sources intel.Sources
	// Weights override the category weights (nil: the defaults).
	Weights map[string]float64
	// HighRisk, when set, replaces the FATF call-for-action list with the
	// operator's own ISO-2 codes (the increased-monitoring list is then
	// not used either).
	HighRisk []string
	// Jurisdictions are the FATF lists the operator imported (the
	// jurisdictions dataset); nil, or none imported, uses the embedded
	// default (jurisdictions.Default), as does an import older than it.
	Jurisdictions Jurisdictions
}

// Methodology is how the score, confidence and action are made.
var Methodology = []string{
	"Identity first: every configured register covering the country is asked (LEI, then registration number, then exact name with legal forms ignored, the city choosing between namesakes). Two companies that fit equally answer 409 AMBIGUOUS_ENTITY with both candidates before any other provider is called; no register holding the company and no website answers 404 ENTITY_NOT_FOUND. Neither is charged.",
	"Then sanctions lists, news and review searches, the website, RDAP and Safe Browsing, as configured and requested. Evidence is tiered (1 official, 2 established media, 3 other web, 4 forums, social, the company's own claims and unverified caller evidence); URL variants and syndicated copies are one item; items about a namesake in another country are set aside.",
	"Six categories: corporate 0.20, financial 0.20, compliance 0.25, reputation 0.15, operational 0.10, digital 0.10. A category scores baseline - baseline(1-e^(-M/30)) + (100-baseline)(1-e^(-P/45)), baselines 15, 20, 5, 12, 15, 15, where P and M sum severity points (info 0, low 8, medium 20, high 40, critical 70) x rule weight x the flag's confidence for negative and positive signals.",
	"Floors for signals with confidence 0.6 or more: critical 61, high 35; dissolved 81, malware or phishing listing 81, high-confidence sanctions match 85, insolvency proceedings 70, restricted-party match 70. The overall score is the weighted mean over covered categories (weights renormalised), raised to the strongest floor. Bands: 0-20 low, 21-40 moderate, 41-60 elevated, 61-80 high, 81-100 critical.",
	"Confidence: entity resolution 0.30, category coverage 0.25 (high 1, medium 0.66, low 0.33), source quality 0.15, authoritative records 0.10, freshness 0.10 (evidence decays: news half-life 540 days, regulatory 1095, reviews 365, forums 180), consistency 0.10 (-0.25 per contradiction); at most 0.55 when the identity is not verified against a register.",
	"Action, most restrictive wins: critical signal or score 61+ -> avoid_automated_transaction; a medium+ signal needing verification, entity match < 0.35 or confidence < 0.4 -> manual_review; score > 40, a high signal or entity match < 0.6 -> enhanced_due_diligence; 21-40 -> proceed_with_monitoring when confidence >= 0.6 and no medium+ signal, else enhanced_due_diligence; 0-20 -> proceed only when confidence >= 0.7 and no medium+ signal.",
	"With no evidence source configured: status insufficient_data, no score, confidence 0, manual_review, reason INSUFFICIENT_DATA, and nothing is charged.",
}

// Limitations are the honest limits of the answer.
var Limitations = []string{
	"Screening only, not a legal or compliance determination; a person decides.",
	"Only the sources the operator configured are consulted; each answer lists them (providers) and what was not configured.",
	"Allegations are reported as allegations: a news report is not a finding.",
	"Namesake matching uses names, countries and identifiers; a list hit without a corroborating identifier is a lead to verify.",
}

// Validate checks what the schema cannot: the name, country, LEI checksum
// and website.
func (in Input) Validate() []dalil.Problem {
	var p intel.Problems
	p.Add("companyName", intel.CheckName(in.CompanyName))
	_, msg := intel.CheckCountry(in.Country)
	p.Add("country", msg)
	if in.LEI != "" && !intel.ValidLEI(in.LEI) {
		p.Add("lei", "is not a valid ISO 17442 LEI (20 characters, check digits)")
	}
	_, _, msg = intel.ParseWebsite(in.Website)
	p.Add("website", msg)
	for i, a := range in.KnownAliases {
		if intel.CheckName(a) != "" {
			p.Add("knownAliases."+strconv.Itoa(i), intel.CheckName(a))
		}
	}
	return p
}

// normalized is the input as the engine reads it; its JSON is hashed into
// inputHash.
type normalized struct {
	Subject               intel.Subject       `json:"subject"`
	IncludeNews           bool                `json:"includeNews"`
	IncludeDigitalSignals bool                `json:"includeDigitalSignals"`
	Evidence              []evidence.Supplied `json:"evidence"`
}

func normalize(in Input) normalized {
	country, _ := intel.CheckCountry(in.Country)
	site, host, _ := intel.ParseWebsite(in.Website)
	n := normalized{Subject: intel.Subject{Name: strings.TrimSpace(in.CompanyName), Aliases: trimAll(in.KnownAliases), Country: country,
		City: strings.TrimSpace(in.City), Number: strings.TrimSpace(in.RegistrationNumber), LEI: strings.ToUpper(strings.TrimSpace(in.LEI)),
		Website: site, Domain: host, Address: strings.TrimSpace(in.Address), Industry: strings.TrimSpace(in.Industry)},
		IncludeNews: in.IncludeNews == nil || *in.IncludeNews, IncludeDigitalSignals: in.IncludeDigitalSignals == nil || *in.IncludeDigitalSignals,
		Evidence: slices.Clone(in.Evidence)}
	if n.Evidence == nil {
		n.Evidence = []evidence.Supplied{}
	}
	return n
}

func trimAll(s []string) []string {
	out := []string{}
	for _, v := range s {
		if v = strings.TrimSpace(v); v != "" {
			out = append(out, v)
		}
	}
	return out
}

// Handle runs business_risk_score at now. Errors: 409 AMBIGUOUS_ENTITY,
// 404 ENTITY_NOT_FOUND, 504 PROVIDER_TIMEOUT / 429 RATE_LIMITED / 503
// PROVIDER_UNAVAILABLE when every register failed and no website was
// given; none is charged.
func Handle(ctx context.Context, d Deps, in Input, now time.Time) (Output, error) {
	n := normalize(in)
	hash := intel.Hash(n)
	w := ParseWeights(d.Weights)
	src := d.Sources
	if !src.Configured() {
		f := Facts{Subject: n.Subject, Resolution: intel.Resolution{Status: "unverified", Methods: []string{}}}
		f.Gathered.Screening.Status = "not_checked"
		f.Gathered.Warnings = []string{"PROVIDER_NOT_CONFIGURED"}
		out := Output{EngineVersion: EngineVersion, InputHash: hash, EvaluatedAt: evidence.Stamp(now), Business: business(f),
			SanctionsScreening: screening(f.Gathered.Screening), Warnings: f.Gathered.Warnings}
		out.DataCoverage = Coverage{"none", "none", "none", "none", "none", "none"}
		return insufficient(out, f), nil
	}
	res := intel.Resolve(ctx, src, n.Subject)
	if res.Ambiguous {
		return Output{}, intel.AmbiguousError(res)
	}
	if len(res.RegistriesChecked) == 0 && len(res.Failed) > 0 && n.Subject.Domain == "" {
		return Output{}, intel.FailureError(res.Failed)
	}
	if res.NotFound && n.Subject.Domain == "" {
		return Output{}, intel.NotFoundError(res)
	}
	plan := intel.Plan{News: n.IncludeNews, Reviews: n.IncludeNews, Website: n.IncludeDigitalSignals, Domain: n.IncludeDigitalSignals,
		Threats: n.IncludeDigitalSignals, Sanctions: true, Supplied: n.Evidence}
	g := intel.Gather(ctx, src, n.Subject, res, plan, now)
	lists, warning := d.jurisdictionLists(ctx)
	if warning != "" {
		g.Warnings = append(g.Warnings, warning)
	}
	f := Facts{Subject: n.Subject, Resolution: res, Gathered: g, HighRisk: d.HighRisk, Jurisdictions: lists, CallerEvidence: len(n.Evidence) > 0,
		RegistryChecked: len(res.RegistriesChecked) > 0, WebsiteChecked: g.Site.Checked, DomainChecked: g.DomainChecked, ThreatsChecked: g.ThreatsChecked}
	for _, p := range g.Providers {
		ok := p.Status == "used" || p.Status == "cached"
		switch p.Kind {
		case "web_search":
			f.NewsChecked = f.NewsChecked || ok && n.IncludeNews
			f.ReviewsChecked = f.ReviewsChecked || ok && n.IncludeNews
		case "sanctions":
			f.SanctionsChecked = f.SanctionsChecked || ok
		}
		if p.Status == "not_configured" {
			f.Gathered.Warnings = append(f.Gathered.Warnings, "PROVIDER_NOT_CONFIGURED: "+p.Kind)
		}
	}
	if !res.VerifiedAgainstRegistry {
		f.Gathered.Warnings = append(f.Gathered.Warnings, "IDENTITY_NOT_VERIFIED")
	}
	if slices.ContainsFunc(g.Items, func(it evidence.Item) bool { return it.Stale }) {
		f.Gathered.Warnings = append(f.Gathered.Warnings, "DATA_STALE")
	}
	out := Evaluate(f, w, now)
	out.InputHash = hash
	finish(&out, f) // the assessment id covers the input hash
	return out, nil
}

// Entry declares business_risk_score (USD 0.50).
func Entry(d Deps) capability.Entry {
	return capability.Define("business_risk_score", capability.Options{
		Group: "Risk Intelligence",
		Title: "Business risk score",
		Summary: "A deterministic 0-100 risk score (100 = highest detected risk) for a company in any country across corporate, financial, " +
			"compliance, reputation, operational and digital risk, with a separate confidence, evidence-backed risk flags and a due-diligence action.",
		Description: "Resolves the company against the configured registers (409 AMBIGUOUS_ENTITY with the candidates when a name fits two " +
			"companies, 404 ENTITY_NOT_FOUND when no register holds it and no website is given; neither charged), then screens sanctions lists " +
			"and gathers tiered evidence (registers, news, reviews, website, RDAP, Safe Browsing) from the providers the operator configured. " +
			"Same input and evidence give the same answer byte for byte; engineVersion and inputHash let an auditor reproduce it. With no " +
			"provider configured the answer is status insufficient_data, confidence 0, manual_review, and is not charged. Screening only, not " +
			"a legal or compliance determination.",
		WhenToUse:   "Before onboarding a supplier, customer or partner, or before an automated transaction with a company you do not know.",
		Path:        "/api/v1/risk/business-risk-score",
		Price:       500_000, // USD 0.50
		ReadOnly:    true,
		Idempotent:  true,
		OpenWorld:   true,
		Example:     Input{CompanyName: "Acme Trading Ltd", Country: "GB", RegistrationNumber: "01234567", Website: "https://acmetrading.co.uk"},
		Methodology: Methodology,
		Limitations: Limitations,
		Preview:     capability.PreviewOf(capability.LeakageLow, preview(d)),
	}, func(ctx context.Context, in Input) (Output, error) {
		return Handle(ctx, d, in, capability.CallFrom(ctx).Now)
	})
}

// PreviewSignals say what exists for this input (evidence already cached
// about the company), what the paid call would ask, whether synthetic
// data is all that would answer, and whether it would be charged. No
// provider is called.
type PreviewSignals struct {
	CountryCode      string   `json:"countryCode,omitempty"`
	IdentifiersGiven []string `json:"identifiersGiven"`
	intel.Prospect
	NewsIncluded    bool `json:"newsIncluded"`
	DigitalIncluded bool `json:"digitalSignalsIncluded"`
}

// sections are the paid answer's top-level fields.
var sections = []string{"business", "riskScore", "riskLevel", "confidence", "components", "scoreBreakdown", "riskFlags", "positiveSignals",
	"sanctionsScreening", "evidence", "recommendation", "dataCoverage", "confidenceBreakdown", "providers"}

func preview(d Deps) capability.PreviewFunc[Input, PreviewSignals] {
	return func(_ context.Context, in Input) (capability.PreviewReport[PreviewSignals], error) {
		n := normalize(in)
		kinds := []string{"registry", "sanctions", "website"}
		if n.IncludeNews {
			kinds = append(kinds, "web_search")
		}
		if n.IncludeDigitalSignals {
			kinds = append(kinds, "domain", "threat_listing")
		}
		p, cov := d.Sources.Prospect(n.Subject.Name, n.Subject.Country, kinds)
		sig := PreviewSignals{CountryCode: n.Subject.Country, IdentifiersGiven: []string{}, Prospect: p, NewsIncluded: n.IncludeNews, DigitalIncluded: n.IncludeDigitalSignals}
		for k, v := range map[string]string{"registrationNumber": n.Subject.Number, "lei": n.Subject.LEI, "website": n.Subject.Website} {
			if v != "" {
				sig.IdentifiersGiven = append(sig.IdentifiersGiven, k)
			}
		}
		slices.Sort(sig.IdentifiersGiven)
		rep := capability.PreviewReport[PreviewSignals]{Status: capability.PreviewLimited, Entity: n.Subject.Name, EntityType: "company",
			SourcesFound: p.CachedLookups, CoverageScore: cov, AvailableSections: sections, Signals: sig}
		if p.WouldBeCharged && p.CachedLookups > 0 {
			rep.Status = capability.PreviewAvailable
		}
		return rep, nil
	}
}

// jurisdictionLists are the FATF lists to use: the current import when it
// is not older than the embedded default, else the default. A store that
// cannot answer leaves the default, with a warning.
func (d Deps) jurisdictionLists(ctx context.Context) (jurisdictions.Lists, string) {
	if d.Jurisdictions == nil {
		return jurisdictions.Default(), ""
	}
	l, ok, err := d.Jurisdictions.Current(ctx)
	if err != nil {
		return jurisdictions.Default(), "JURISDICTIONS_UNAVAILABLE: the imported FATF lists could not be read; the embedded default (published " +
			jurisdictions.Default().Published + ") was used."
	}
	return ChooseLists(l, ok), ""
}
