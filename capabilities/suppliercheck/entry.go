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
// records hold a candidate, and which sources the paid check would use.
type PreviewSignals struct {
	RegistryCandidatesFound     int  `json:"registryCandidatesFound" schema:"minimum=0"`
	RegistryMatchFound          bool `json:"registryMatchFound"`
	DemoDataOnly                bool `json:"demoDataOnly"`
	CompanyRecordsLoaded        bool `json:"companyRecordsLoaded"`
	SanctionsConfigured         bool `json:"sanctionsConfigured"`
	WebSearchConfigured         bool `json:"webSearchConfigured"`
	WebsiteInspectionConfigured bool `json:"websiteInspectionConfigured"`
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

// Preview runs only the identity lookup: how many company records
// resemble the supplier and whether one matches; never a score, a
// suitability, a sanctions result or a flag. Status is available with a
// record match, else limited; coverage is the best name score.
func Preview(ctx context.Context, d Deps, in Input) (capability.PreviewReport[PreviewSignals], error) {
	n := normalize(in)
	rep := capability.PreviewReport[PreviewSignals]{Status: capability.PreviewLimited, Entity: n.name, EntityType: "company", AvailableSections: append([]string{}, previewSections...)}
	sig := PreviewSignals{SanctionsConfigured: d.Sanctions != nil, WebSearchConfigured: d.Web != nil, WebsiteInspectionConfigured: d.Website != nil}
	if d.Registry != nil {
		cat, err := d.Registry.Catalog(ctx)
		if err != nil {
			return rep, err
		}
		if cat.Len() > 0 {
			sig.CompanyRecordsLoaded = true
			id := assessIdentity(n, cat, nil)
			found := 0
			top := 0.0
			for _, s := range cat.Search(omanbusiness.Query{Text: n.name}) {
				found++
				top = max(top, s.NameScore)
			}
			sig.RegistryCandidatesFound = found
			if id.candidate != nil {
				sig.RegistryMatchFound, sig.DemoDataOnly = true, id.candidate.Merged.DemoOnly
				rep.Status = capability.PreviewAvailable
				rep.FreshestSourceDate = id.candidate.Merged.Latest.Format("2006-01-02")
			}
			rep.SourcesFound = found
			rep.CoverageScore = min(1, top)
		}
	}
	rep.Signals = sig
	return rep, nil
}
