// Package suppliercheck is oman_supplier_check (reference service Part 2
// §7): a screen of an Oman supplier before an RFQ — identity against the
// imported company records, activity against what the buyer needs,
// website, email, phone (+968) and address (governorate, wilayat)
// consistency, sanctions lists and public-web indicators — with each
// check's status and points in a published risk model, a confidence from
// coverage and a procurementSuitability. Screening only, not KYC/AML or
// vendor approval; the answer never says otherwise.
package suppliercheck

import (
	"context"
	"math"
	"reflect"
	"strings"
	"time"

	"dalil"
	"dalil/capabilities/omanbusiness"
	"dalil/capability"
)

// Price is USD 0.50 (reference §7).
const Price dalil.MicroUSD = 500_000

var methodology = []string{
	"Identity: the company recorded under the CR number given when its name matches (name score >= 0.6), else the best name match. Score: name (>=0.9: 0.40, >=0.75: 0.25, else 0.10) + CR number equal 0.30 + website, email domain, phone equal to the record 0.10 each (at most 0.20) + two or more real sources 0.10; times the trust of the best real source (registry-grade 1.00, directory-grade 0.85, other 0.70, synthetic demo 0.30); capped at 0.30 on a CR conflict, 0.79 when sources disagree on the name. >=0.80 strong, >=0.60 moderate, >=0.30 weak, else unconfirmed. Only strong, real evidence sets identityConfirmed.",
	"Risk points (sum capped at 100; >=45 high, >=20 medium): sanctions exact 60 / fuzzy 35; CR recorded for another company 35, plus 10 when the name given is not that company's (so this alone is high); recorded CR differs 25; status not active 25; lookalike domain 25; public-web risk mention 20 each (at most 2); activity mismatch 15; website identity conflict 15; email domain mismatch 10; address in another governorate 10; sources disagree on the name 5; weak identity 5; activity partial 5; phone mismatch 5; address outside Oman 5; website unreachable 3; non-HTTPS 3; non-Oman phone 3; free email 2. Missing data adds no points.",
	"Confidence (coverage): identity 0.35 x identity score, website inspected 0.15, activity compared 0.15 (when asked), contact 0.10, address 0.10, sanctions screened 0.10, public web searched 0.05, over the weights that apply.",
	"Risk level: >=45 high whatever the coverage; else insufficient_data when confidence < 0.25 (or < 0.35 with identity unconfirmed); else >=20 medium, else low. Suitability: high potential_risk; insufficient_data insufficient_information; medium review_recommended; low appears_suitable only with the identity confirmed and the activity not failed.",
	"Each check says whether it ran (execution performed, not_checked when its source is not configured or the input gave nothing, unavailable when its source failed) and the points it added.",
}

// Entry declares oman_supplier_check.
func Entry(d Deps) capability.Entry {
	return capability.Define("oman_supplier_check", capability.Options{
		Group: "Procurement", Title: "Oman supplier check",
		Summary: "Screens an Oman supplier before an RFQ: identity against company records, activity against your need, website, email, phone and address consistency, sanctions lists and public-web indicators, with a transparent risk model. Screening only, not KYC/AML or vendor approval.",
		Description: "Every check reports whether it ran and the points it added; a source the server has not configured leaves its check not_checked (never clear) and lowers the confidence. " +
			"A screen with too little evidence (risk insufficient_data) is answered and not charged.",
		WhenToUse: "Before sending an RFQ or purchase order to an Omani supplier you have not worked with.",
		Path:      "/api/v1/procurement/oman-supplier-check", Price: Price, ReadOnly: true, Idempotent: true, OpenWorld: true,
		Example: Input{CompanyName: "Al Noor Trading LLC", CRNumber: "1000001", Website: "alnoor-trading.example", Email: "info@alnoor-trading.example",
			Phone: "+968 2412 3456", Address: "Al Khuwair, Bawshar, Muscat", RequiredProductOrService: "construction materials"},
		Preview: capability.PreviewOf(capability.LeakageLow, func(ctx context.Context, in Input) (capability.PreviewReport[PreviewSignals], error) {
			return Preview(ctx, d, in)
		}),
		Limitations: baseLimitations, Methodology: methodology,
	}, func(ctx context.Context, in Input) (Output, error) {
		dd := d
		if dd.Now == nil {
			now := capability.CallFrom(ctx).Now
			dd.Now = func() time.Time { return now }
		}
		return Check(ctx, dd, in)
	})
}

// PreviewSignals are the free preview's counts and switches: whether the
// records hold a candidate (and whether only synthetic demo records do),
// which real sources the paid check would use, whether synthetic data is
// all that would answer, and whether the paid check would be charged.
type PreviewSignals struct {
	RegistryCandidatesFound int  `json:"registryCandidatesFound" schema:"minimum=0" jsonschema:"Company records whose names resemble the supplier's (search confidence 0.15 and up)."`
	RegistryMatchFound      bool `json:"registryMatchFound"`
	DemoDataOnly            bool `json:"demoDataOnly" jsonschema:"The record matched is synthetic demo data only: it can confirm nothing."`
	CompanyRecordsLoaded    bool `json:"companyRecordsLoaded"`
	// SanctionsConfigured: a real sanctions list is imported (a demo list
	// is SanctionsSyntheticOnly, never configured screening).
	SanctionsConfigured         bool `json:"sanctionsConfigured" jsonschema:"A real sanctions list is imported; false with no list or with synthetic demo lists only."`
	SanctionsSyntheticOnly      bool `json:"sanctionsSyntheticOnly" jsonschema:"The only sanctions lists imported are made-up demo data: screening them is no evidence."`
	WebSearchConfigured         bool `json:"webSearchConfigured"`
	WebsiteInspectionConfigured bool `json:"websiteInspectionConfigured"`
	// SyntheticOnly: synthetic demo data is all that would answer.
	SyntheticOnly bool `json:"syntheticOnly" jsonschema:"Synthetic demo data (records or lists) is all that would answer: the paid check would say nothing about the real supplier and would not be charged."`
	// WouldBeCharged is false when the paid check could not reach the
	// evidence it charges for (no real source, or too little coverage to
	// leave insufficient_data).
	WouldBeCharged bool   `json:"wouldBeCharged" jsonschema:"False: the paid check would answer insufficient_data or rest on synthetic data only, and not be charged. True: it may be charged; what it finds only the paid check can tell."`
	Statement      string `json:"statement"`
}

var previewSections = func() []string {
	t := reflect.TypeFor[Checks]()
	var out []string
	for i := 0; i < t.NumField(); i++ {
		name, _, _ := strings.Cut(t.Field(i).Tag.Get("json"), ",")
		out = append(out, name)
	}
	return out
}()

// SanctionsLists may be implemented by a SanctionsScreener: the lists
// imported, read without screening (for the preview).
type SanctionsLists interface {
	Lists(ctx context.Context) ([]ListVersion, error)
}

// Preview runs only the identity lookup and reads which sources exist:
// how many company records resemble the supplier and whether one
// matches; never a score, a suitability, a sanctions result or a flag.
//
// Coverage is the most the paid check's confidence could reach from real
// sources for this input (the confidence weights: identity 0.35 with a
// real record matched, website 0.15 with inspection on and a website
// given or recorded, activity 0.15 when asked and a real record matched,
// contact 0.10 and address 0.10 when given and a real record matched,
// sanctions 0.10 with a real list, public web 0.05 with web search), over
// the weights that apply: synthetic demo records and lists count for
// nothing. Status is available with a real record match, else limited.
func Preview(ctx context.Context, d Deps, in Input) (capability.PreviewReport[PreviewSignals], error) {
	n := normalize(in)
	rep := capability.PreviewReport[PreviewSignals]{Status: capability.PreviewLimited, Entity: n.name, EntityType: "company", AvailableSections: append([]string{}, previewSections...)}
	sig := PreviewSignals{WebSearchConfigured: d.Web != nil, WebsiteInspectionConfigured: d.Website != nil}
	if d.Sanctions != nil {
		sig.SanctionsConfigured = true
		if l, ok := d.Sanctions.(SanctionsLists); ok {
			lists, err := l.Lists(ctx)
			if err != nil {
				return rep, err
			}
			real, fake := 0, 0
			for _, v := range lists {
				if v.Synthetic {
					fake++
				} else {
					real++
				}
			}
			sig.SanctionsConfigured, sig.SanctionsSyntheticOnly = real > 0, real == 0 && fake > 0
		}
	}
	realMatch := false
	recordedSite := false
	if d.Registry != nil {
		cat, err := d.Registry.Catalog(ctx, want(n))
		if err != nil {
			return rep, err
		}
		if cat.Imported {
			sig.CompanyRecordsLoaded = true
			id := assessIdentity(n, cat, nil)
			found := 0
			for range cat.Search(omanbusiness.Query{Text: n.name}) {
				found++
			}
			sig.RegistryCandidatesFound = found
			if c := id.candidate; c != nil {
				sig.RegistryMatchFound, sig.DemoDataOnly = true, c.Merged.DemoOnly
				realMatch = !c.Merged.DemoOnly
				recordedSite = c.Merged.Website != ""
				rep.FreshestSourceDate = c.Merged.Latest.Format("2006-01-02")
				rep.SourcesFound = 1
				if realMatch {
					rep.Status = capability.PreviewAvailable
				}
			}
		}
	}
	// The most the paid confidence could reach from real sources.
	got, of := 0.0, 0.0
	part := func(weight float64, applies, covered bool) {
		if applies {
			of += weight
			if covered {
				got += weight
			}
		}
	}
	part(0.35, true, realMatch)
	part(0.15, true, d.Website != nil && (n.website != "" || recordedSite))
	part(0.15, n.requirement != "", realMatch)
	part(0.10, true, realMatch && (n.email != "" || n.phone != nil))
	part(0.10, true, realMatch && n.address != "")
	part(0.10, true, sig.SanctionsConfigured)
	part(0.05, true, d.Web != nil)
	rep.CoverageScore = math.Round(got/of*100) / 100
	// The paid check answers insufficient_data (not charged) under 0.25,
	// or under 0.35 with the identity unconfirmed (always, without a real
	// record matched).
	enough := rep.CoverageScore >= 0.25 && (realMatch || rep.CoverageScore >= 0.35)
	sig.WouldBeCharged = enough
	sig.SyntheticOnly = rep.CoverageScore == 0 && (sig.DemoDataOnly || sig.SanctionsSyntheticOnly)
	switch {
	case sig.SyntheticOnly:
		sig.Statement = "Only synthetic demo data would answer the paid check: it would say nothing about the real supplier and would not be charged."
	case !enough:
		sig.Statement = "The real sources on this server cover too little of this supplier: the paid check would answer insufficient_data and not be charged."
	case realMatch:
		sig.Statement = "A real company record matches this supplier; the paid check would run its checks on it and be charged unless it finds too little."
	default:
		sig.Statement = "No real company record matches this supplier; whether the paid check finds enough to be charged only the paid check can tell."
	}
	rep.Signals = sig
	return rep, nil
}
