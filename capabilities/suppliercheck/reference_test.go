package suppliercheck

import (
	"context"
	"errors"
	"slices"
	"testing"

	"dalil/capabilities/omanbusiness"
)

// TestSupplierReferenceFlags triggers every risk flag of the reference
// service's oman_supplier_check (reference-service.md Part 2 §7 "Flags"),
// each from an input and the providers' answers alone, and asserts its
// severity and, where the reference gives them, its points.
func TestSupplierReferenceFlags(t *testing.T) {
	// Two sources of one CR number naming it differently, and an inactive
	// company, beside the shared catalog's records.
	conflicted := func() Deps {
		d := full()
		recs := []omanbusiness.Record{
			rec("10", "5555555", "Sohar Steel Works LLC", omanbusiness.SourcePublicRegistry, nil),
			rec("11", "5555555", "Sohar Steel Industries LLC", omanbusiness.SourceTaxAuthority, func(r *omanbusiness.Record) { r.Source = "tax" }),
			rec("12", "6666666", "Dormant Cement Co LLC", omanbusiness.SourcePublicRegistry, func(r *omanbusiness.Record) { r.Status = omanbusiness.StatusInactive }),
		}
		d.Registry = dir{omanbusiness.NewCatalog(recs)}
		return d
	}
	withSite := func(s Website) Deps { d := full(); d.Website = inspector{s}; return d }
	withSanctions := func(s Screening, err error) Deps { d := full(); d.Sanctions = screener{s, err}; return d }
	lists := []ListVersion{{Name: "UN SC", Version: "2026-10-01", Entries: 900}}
	for _, c := range []struct {
		flag, severity string
		deps           Deps
		in             Input
	}{
		{"ACTIVITY_MISMATCH", "medium", full(), Input{CompanyName: "Al Noor Trading LLC", CRNumber: "1234567", RequiredProductOrService: "IT software development"}},
		{"IDENTITY_NOT_CONFIRMED", "low", full(), Input{CompanyName: "Nobody Known Enterprises"}},
		{"CR_NUMBER_CONFLICT", "high", full(), Input{CompanyName: "Gulf Star Logistics", CRNumber: "1234567"}},
		{"COMPANY_NAME_MISMATCH", "medium", full(), Input{CompanyName: "Gulf Star Logistics", CRNumber: "1234567"}},
		{"REGISTRY_IDENTITY_CONFLICT", "low", conflicted(), Input{CompanyName: "Sohar Steel Works LLC", CRNumber: "5555555"}},
		{"SUPPLIER_STATUS_NOT_ACTIVE", "medium", conflicted(), Input{CompanyName: "Dormant Cement Co LLC", CRNumber: "6666666"}},
		{"EMAIL_DOMAIN_MISMATCH", "medium", full(), Input{CompanyName: "Al Noor Trading LLC", CRNumber: "1234567", Email: "pay@unrelated-mail.com"}},
		{"FREE_EMAIL_PROVIDER", "low", full(), Input{CompanyName: "Al Noor Trading LLC", CRNumber: "1234567", Email: "alnoor.trading@gmail.com"}},
		{"WEBSITE_IDENTITY_CONFLICT", "medium", withSite(Website{FinalURL: "https://flowers.om/", FinalDomain: "flowers.om", Status: 200, Reachable: true, HTTPS: true, Title: "Fresh flowers", Text: "Bouquets delivered in Muscat."}),
			Input{CompanyName: "Al Noor Trading LLC", CRNumber: "1234567", Website: "flowers.om"}},
		{"WEBSITE_UNREACHABLE", "low", withSite(Website{FinalURL: "https://alnoor.om/", FinalDomain: "alnoor.om", Status: 503}), Input{CompanyName: "Al Noor Trading LLC", CRNumber: "1234567", Website: "alnoor.om"}},
		{"WEBSITE_NO_HTTPS", "low", withSite(Website{Refused: "redirect to http", Insecure: true}), Input{CompanyName: "Al Noor Trading LLC", CRNumber: "1234567", Website: "alnoor.om"}},
		{"PHONE_MISMATCH", "low", full(), Input{CompanyName: "Al Noor Trading LLC", CRNumber: "1234567", Phone: "+968 9123 4567"}},
		{"PHONE_NOT_OMAN", "low", full(), Input{CompanyName: "Al Noor Trading LLC", CRNumber: "1234567", Phone: "+44 20 7946 0000"}},
		{"ADDRESS_MISMATCH", "medium", full(), Input{CompanyName: "Al Noor Trading LLC", CRNumber: "1234567", Address: "Salalah, Dhofar"}},
		{"ADDRESS_OUTSIDE_OMAN", "low", full(), Input{CompanyName: "Al Noor Trading LLC", CRNumber: "1234567", Address: "Office 4, Dubai, UAE"}},
		{"POTENTIAL_SANCTIONS_MATCH", "high", withSanctions(Screening{Lists: lists, Matches: []SanctionsMatch{{Name: "AL NOOR TRADING", Source: "UN SC", MatchScore: 1, MatchType: "exact_normalized_name"}}}, nil),
			Input{CompanyName: "Al Noor Trading LLC", CRNumber: "1234567"}},
		{"PUBLIC_RISK_SIGNAL", "medium", func() Deps {
			d := full()
			d.Web = searcher{res: []WebResult{{Title: "Al Noor Trading fined by court", URL: "https://news.example/1", Snippet: "Al Noor Trading LLC was fined"}}}
			return d
		}(), Input{CompanyName: "Al Noor Trading LLC", CRNumber: "1234567"}},
		{"LOOKALIKE_DOMAIN", "medium", full(), Input{CompanyName: "Al Noor Trading LLC", CRNumber: "1234567", Email: "accounts@alnoor-om.om"}},
		{"DEMO_DATA_ONLY", "low", full(), Input{CompanyName: "Demo Trading LLC", CRNumber: "1000001"}},
		{"INSUFFICIENT_PUBLIC_DATA", "", Deps{Now: full().Now}, Input{CompanyName: "Unknown Supplier LLC"}},
		{"SOURCE_UNAVAILABLE", "", withSanctions(Screening{}, errors.New("list store down")), Input{CompanyName: "Al Noor Trading LLC", CRNumber: "1234567"}},
	} {
		out := run(t, c.deps, c.in)
		i := slices.IndexFunc(out.RiskFlags, func(f Flag) bool { return f.Code == c.flag })
		if i < 0 {
			t.Errorf("%s: not raised by %+v; flags %v", c.flag, c.in, codes(out.RiskFlags))
			continue
		}
		if f := out.RiskFlags[i]; c.severity != "" && f.Severity != c.severity {
			t.Errorf("%s: severity %s, want %s", c.flag, f.Severity, c.severity)
		}
	}
}

// TestSupplierReferenceOutcomes reaches every value of the reference's
// screeningResult.risk, procurementSuitability, supplier.identityMatch,
// checks.sanctions.status and checks.publicRisk.status, and its risk-point
// rules for sanctions (exact 60, fuzzy 35).
func TestSupplierReferenceOutcomes(t *testing.T) {
	strong := Input{CompanyName: "Al Noor Trading L.L.C.", CRNumber: "123 4567", Website: "alnoor.om", Email: "sales@alnoor.om",
		Phone: "2412 3456", Address: "Al Khuwair, Bawshar, Muscat", RequiredProductOrService: "construction materials"}
	lists := []ListVersion{{Name: "UN SC", Version: "2026-10-01", Entries: 900}}
	fuzzy := full()
	fuzzy.Sanctions = screener{s: Screening{Lists: lists, Matches: []SanctionsMatch{{Name: "AL NUR TRADING", Source: "UN SC", MatchScore: 0.9, MatchType: "fuzzy_name"}}}}
	exact := full()
	exact.Sanctions = screener{s: Screening{Lists: lists, Matches: []SanctionsMatch{{Name: "AL NOOR TRADING", Source: "UN SC", MatchScore: 1, MatchType: "exact_normalized_name"}}}}
	down := full()
	down.Sanctions = screener{err: errors.New("down")}
	webDown := full()
	webDown.Web = failingSearcher{}
	signal := full()
	signal.Web = searcher{res: []WebResult{{Title: "Al Noor Trading fined by court", URL: "https://news.example/1", Snippet: "Al Noor Trading LLC was fined"}}}
	for _, c := range []struct {
		name                     string
		deps                     Deps
		in                       Input
		risk, suitability, ident string
		sanctions, public        string
		sanctionsPoints          int // -1: not asserted
	}{
		{"strong identity", full(), strong, RiskLow, AppearsSuitable, Strong, "clear", "clear", 0},
		{"one medium finding", full(), Input{CompanyName: "Al Noor Trading LLC", CRNumber: "1234567", Website: "alnoor.om", Email: "pay@unrelated-mail.com", Address: "Salalah, Dhofar"},
			RiskMedium, ReviewRecommended, "", "clear", "", -1},
		{"fuzzy sanctions match", fuzzy, strong, "", "", "", "potential_match", "", 35},
		{"exact sanctions match", exact, strong, RiskHigh, PotentialRisk, "", "potential_match", "", 60},
		{"sanctions list down", down, strong, "", "", "", "unavailable", "", 0},
		{"public-web signal", signal, strong, "", "", "", "", "signal_detected", -1},
		{"web search down", webDown, strong, "", "", "", "", "unavailable", -1},
		{"directory only", full(), Input{CompanyName: "Muscat Directory Traders"}, "", "", Weak, "", "", -1},
		{"CR number only corroborates", full(), Input{CompanyName: "Al Noor Trading", CRNumber: "1234567"}, "", "", Moderate, "", "", -1},
		{"nothing configured", Deps{Now: full().Now}, Input{CompanyName: "Unknown Supplier LLC"}, RiskInsufficient, InsufficientInformation, Unconfirmed, "not_checked", "not_checked", 0},
	} {
		out := run(t, c.deps, c.in)
		r := out.ScreeningResult
		for _, p := range []struct{ what, got, want string }{
			{"risk", r.Risk, c.risk}, {"suitability", r.ProcurementSuitability, c.suitability}, {"identityMatch", out.Supplier.IdentityMatch, c.ident},
			{"sanctions", out.Checks.Sanctions.Status, c.sanctions}, {"publicRisk", out.Checks.PublicRisk.Status, c.public},
		} {
			if p.want != "" && p.got != p.want {
				t.Errorf("%s: %s %q, want %q (flags %v)", c.name, p.what, p.got, p.want, codes(out.RiskFlags))
			}
		}
		if c.sanctionsPoints >= 0 && out.Checks.Sanctions.Points != c.sanctionsPoints {
			t.Errorf("%s: sanctions points %d, want %d", c.name, out.Checks.Sanctions.Points, c.sanctionsPoints)
		}
	}
	out := run(t, full(), strong)
	if th := out.RiskModel.Thresholds; th.Medium != 20 || th.High != 45 {
		t.Errorf("thresholds %+v, want medium 20 high 45", th)
	}
}

// failingSearcher is a web search that fails every time.
type failingSearcher struct{}

func (failingSearcher) Search(context.Context, string, int) ([]WebResult, error) {
	return nil, errors.New("search provider down")
}
func (failingSearcher) Name() string { return "failing search" }
