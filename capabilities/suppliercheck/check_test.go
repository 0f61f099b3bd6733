package suppliercheck

import (
	"context"
	"dalil"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"regexp"
	"slices"
	"testing"
	"time"

	"dalil/capabilities/omanbusiness"
)

var now = time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)

type dir struct{ cat *omanbusiness.Catalog }

func (d dir) Catalog(context.Context, omanbusiness.Want) (*omanbusiness.Catalog, error) {
	return d.cat, nil
}

type screener struct {
	s   Screening
	err error
}

func (f screener) Screen(context.Context, ScreenRequest) (Screening, error) { return f.s, f.err }

type searcher struct{ res []WebResult }

func (f searcher) Search(context.Context, string, int) ([]WebResult, error) { return f.res, nil }
func (searcher) Name() string                                               { return "fake search" }

type inspector struct{ site Website }

func (f inspector) Inspect(context.Context, string) (Website, error) { return f.site, nil }

func rec(id, cr, name string, st omanbusiness.SourceType, mod func(*omanbusiness.Record)) omanbusiness.Record {
	r := omanbusiness.Record{Source: "registry", RecordID: id, SourceType: st, ObservedAt: now.AddDate(0, -1, 0), CRNumber: cr, NameEn: name,
		Status: "active", LegalForm: "LLC", RegistrationDate: "2012-01-01", Governorate: "Muscat", Wilayat: "Bawshar"}
	if mod != nil {
		mod(&r)
	}
	return r
}

func catalog() *omanbusiness.Catalog {
	return omanbusiness.NewCatalog([]omanbusiness.Record{
		rec("1", "1234567", "Al Noor Trading LLC", omanbusiness.SourcePublicRegistry, func(r *omanbusiness.Record) {
			r.Website, r.Email, r.Phone = "https://alnoor.om", "info@alnoor.om", "+96824123456"
			r.Activities = []omanbusiness.Activity{{Code: "4663", Description: "Wholesale of construction materials"}}
		}),
		rec("2", "2222222", "Gulf Star Logistics SPC", omanbusiness.SourcePublicRegistry, func(r *omanbusiness.Record) {
			r.Activities = []omanbusiness.Activity{{Code: "4923", Description: "Freight transport by road"}}
			r.Governorate, r.Wilayat = "North Al Batinah", "Sohar"
		}),
		rec("3", "", "Muscat Directory Traders", omanbusiness.SourceDirectory, nil),
		{Source: "demo", RecordID: "d1", SourceType: omanbusiness.SourceDemo, Synthetic: true, ObservedAt: now, CRNumber: "1000001", NameEn: "Demo Trading LLC",
			Website: "demo.example", Email: "a@demo.example", Phone: "+96824123400", Status: "active"},
	})
}

var site = Website{FinalURL: "https://alnoor.om/", FinalDomain: "alnoor.om", Status: 200, Reachable: true, HTTPS: true,
	Title: "Al Noor Trading LLC", Text: "Building materials and construction materials supplier. Muscat, Sultanate of Oman. info@alnoor.om",
	Emails: []string{"info@alnoor.om"}, Phones: []string{"+96824123456"}}

func full() Deps {
	return Deps{Registry: dir{catalog()}, Sanctions: screener{s: Screening{Lists: []ListVersion{{Name: "OFAC SDN", Version: "2026-10-30", Entries: 18000}}}},
		Web: searcher{}, Website: inspector{site}, Now: func() time.Time { return now }}
}

func run(t *testing.T, d Deps, in Input) Output {
	t.Helper()
	out, err := Check(context.Background(), d, in)
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(out)
	if err != nil {
		t.Fatal(err)
	}
	if banned.Match(b) {
		t.Errorf("banned wording %q in %s", banned.Find(b), b)
	}
	sum := 0
	for _, c := range out.RiskModel.Components {
		sum += c.Points
	}
	if out.ScreeningResult.RiskScore != min(100, sum) || out.RiskModel.Score != out.ScreeningResult.RiskScore {
		t.Errorf("score %d, components add to %d", out.ScreeningResult.RiskScore, sum)
	}
	return out
}

// banned is wording a screen must never use (reference test and issue 16).
var banned = regexp.MustCompile(`(?i)\b(approved|certified|cleared|kyc passed|aml cleared|sanctioned|blacklisted by)\b`)

func codes(fs []Flag) []string {
	var out []string
	for _, f := range fs {
		out = append(out, f.Code)
	}
	return out
}

func TestStrongIdentityAppearsSuitable(t *testing.T) {
	out := run(t, full(), Input{CompanyName: "Al Noor Trading L.L.C.", CRNumber: "123 4567", Website: "alnoor.om", Email: "sales@alnoor.om",
		Phone: "2412 3456", Address: "Al Khuwair, Bawshar, Muscat", RequiredProductOrService: "construction materials"})
	r := out.ScreeningResult
	if out.Supplier.IdentityMatch != Strong || !r.IdentityConfirmed || r.ProcurementSuitability != AppearsSuitable || r.Risk != RiskLow {
		t.Fatalf("result = %+v identity %s", r, out.Supplier.IdentityMatch)
	}
	if len(out.RiskFlags) != 0 || out.Confidence < 0.8 {
		t.Errorf("flags %v, confidence %v", codes(out.RiskFlags), out.Confidence)
	}
	if out.Checks.Sanctions.Status != "clear" || out.Checks.Sanctions.Execution != Performed || out.Checks.Website.Status != Pass ||
		out.Checks.AddressConsistency.Status != Pass || out.Checks.ContactConsistency.Status != Pass || out.Checks.BusinessActivity.Status != Pass {
		t.Errorf("checks = %+v", out.Checks)
	}
	if *out.ScreeningResult.ActivityMatch != true || out.NormalizedInput.Phone.IsOman != true || *out.NormalizedInput.Phone.E164 != "+96824123456" {
		t.Errorf("activity/phone = %+v %+v", out.ScreeningResult.ActivityMatch, out.NormalizedInput.Phone)
	}
	if charge, reason := dalil.DecideEvidence(out.Basis()); !charge {
		t.Errorf("a full screen is not charged: %s", reason)
	}
}

func TestCROfAnotherCompany(t *testing.T) {
	out := run(t, full(), Input{CompanyName: "Gulf Star Logistics", CRNumber: "1234567"})
	if out.ScreeningResult.Risk != RiskHigh || out.ScreeningResult.ProcurementSuitability != PotentialRisk {
		t.Fatalf("result = %+v", out.ScreeningResult)
	}
	if !slices.Contains(codes(out.RiskFlags), "CR_NUMBER_CONFLICT") || out.RiskFlags[0].Code != "CR_NUMBER_CONFLICT" {
		t.Errorf("flags = %v", codes(out.RiskFlags))
	}
	i := slices.IndexFunc(out.RiskModel.Components, func(c Component) bool { return c.Points == 35 && c.Factor == "companyIdentity" })
	if i < 0 || out.Checks.CompanyIdentity.Points < 35 {
		t.Errorf("components = %+v", out.RiskModel.Components)
	}
	if out.Checks.CompanyIdentity.Status != Partial && out.Checks.CompanyIdentity.Status != Fail {
		t.Errorf("identity status = %s", out.Checks.CompanyIdentity.Status)
	}
}

func TestDirectoryOnlyIsWeak(t *testing.T) {
	out := run(t, full(), Input{CompanyName: "Muscat Directory Traders"})
	if out.Supplier.IdentityMatch != Weak || out.ScreeningResult.IdentityConfirmed {
		t.Errorf("identity = %s (%v)", out.Supplier.IdentityMatch, out.Checks.CompanyIdentity.Confidence)
	}
}

func TestDemoDataNeverConfirms(t *testing.T) {
	out := run(t, full(), Input{CompanyName: "Demo Trading LLC", CRNumber: "1000001", Website: "demo.example", Email: "a@demo.example", Phone: "+968 2412 3400"})
	if out.ScreeningResult.IdentityConfirmed || out.Supplier.IdentityMatch == Strong || out.Supplier.IdentityMatch == Moderate {
		t.Errorf("demo identity = %s confirmed %v", out.Supplier.IdentityMatch, out.ScreeningResult.IdentityConfirmed)
	}
	if !slices.Contains(codes(out.RiskFlags), "DEMO_DATA_ONLY") || !out.DataCoverage.DemoDataOnly || out.ScreeningResult.ProcurementSuitability == AppearsSuitable {
		t.Errorf("demo = %v %+v %s", codes(out.RiskFlags), out.DataCoverage, out.ScreeningResult.ProcurementSuitability)
	}
}

func TestNothingConfigured(t *testing.T) {
	out := run(t, Deps{Now: func() time.Time { return now }}, Input{CompanyName: "Unknown Supplier LLC", Email: "x@gmail.com"})
	r := out.ScreeningResult
	if r.Risk != RiskInsufficient || r.ProcurementSuitability != InsufficientInformation || r.RiskScore > 2 || out.Supplier.IdentityMatch != Unconfirmed {
		t.Fatalf("result = %+v", r)
	}
	c := out.Checks
	if c.Sanctions.Status != "not_checked" || c.Sanctions.Execution != NotChecked || c.PublicRisk.Status != "not_checked" ||
		c.CompanyIdentity.Execution != NotChecked || c.Website.Execution != NotChecked {
		t.Errorf("checks = %+v", c)
	}
	if charge, reason := dalil.DecideEvidence(out.Basis()); charge || reason != "insufficient_data" {
		t.Errorf("DecideEvidence = %v, %q", charge, reason)
	}
	if out.Confidence > 0.25 || !slices.Contains(codes(out.RiskFlags), "INSUFFICIENT_PUBLIC_DATA") {
		t.Errorf("confidence %v flags %v", out.Confidence, codes(out.RiskFlags))
	}
	if len(out.DataCoverage.NotConfigured) != 4 {
		t.Errorf("not configured = %v", out.DataCoverage.NotConfigured)
	}
}

func TestSanctions(t *testing.T) {
	d := full()
	d.Sanctions = screener{s: Screening{Lists: []ListVersion{{Name: "UN SC", Version: "2026-10-01", Entries: 900}}, Matches: []SanctionsMatch{{Name: "AL NOOR TRADING", Source: "UN SC", MatchScore: 1, MatchType: "exact_normalized_name", Reason: "same name"}}}}
	out := run(t, d, Input{CompanyName: "Al Noor Trading LLC", CRNumber: "1234567"})
	if out.Checks.Sanctions.Status != "potential_match" || out.ScreeningResult.Risk != RiskHigh || out.Checks.Sanctions.Points != 60 {
		t.Errorf("sanctions = %+v risk %s", out.Checks.Sanctions, out.ScreeningResult.Risk)
	}
	d.Sanctions = screener{err: errors.New("list store down")}
	out = run(t, d, Input{CompanyName: "Al Noor Trading LLC", CRNumber: "1234567"})
	if out.Checks.Sanctions.Status != "unavailable" || out.Checks.Sanctions.Execution != Unavailable || !slices.Contains(codes(out.RiskFlags), "SOURCE_UNAVAILABLE") {
		t.Errorf("unavailable = %+v %v", out.Checks.Sanctions, codes(out.RiskFlags))
	}
	d.Sanctions = screener{} // configured but no list imported: never clear
	out = run(t, d, Input{CompanyName: "Al Noor Trading LLC"})
	if out.Checks.Sanctions.Status != "not_checked" {
		t.Errorf("no lists = %s", out.Checks.Sanctions.Status)
	}
}

func TestConsistencyFlags(t *testing.T) {
	d := full()
	d.Web = searcher{res: []WebResult{{Title: "Al Noor Trading fined by court", URL: "https://news.example/1", Snippet: "Al Noor Trading LLC was fined"}}}
	out := run(t, d, Input{CompanyName: "Al Noor Trading LLC", CRNumber: "1234567", Email: "pay@alnoor-om.com", Phone: "+971 4 123 4567",
		Address: "Salalah, Dhofar", RequiredProductOrService: "IT software development"})
	got := codes(out.RiskFlags)
	for _, want := range []string{"EMAIL_DOMAIN_MISMATCH", "PHONE_NOT_OMAN", "ADDRESS_MISMATCH", "ACTIVITY_MISMATCH", "PUBLIC_RISK_SIGNAL"} {
		if !slices.Contains(got, want) {
			t.Errorf("missing %s in %v", want, got)
		}
	}
	t.Logf("activity: %+v", out.Checks.BusinessActivity)
	if out.Checks.PublicRisk.Status != "signal_detected" || out.Checks.AddressConsistency.Status != Conflict || out.ScreeningResult.ActivityMatch == nil || *out.ScreeningResult.ActivityMatch {
		t.Errorf("checks = %+v", out.Checks)
	}
	out = run(t, d, Input{CompanyName: "Al Noor Trading LLC", Website: "alnoor.co", Address: "Office 4, Dubai, UAE"})
	if !slices.Contains(codes(out.RiskFlags), "LOOKALIKE_DOMAIN") || !slices.Contains(codes(out.RiskFlags), "ADDRESS_OUTSIDE_OMAN") {
		t.Errorf("lookalike/outside = %v", codes(out.RiskFlags))
	}
}

// Property: over random inputs and configurations the answer is
// consistent: score = capped sum, confidence in [0,1], high whenever the
// score reaches 45, suitability follows risk, no banned wording.
func TestCheckProperties(t *testing.T) {
	rng := rand.New(rand.NewPCG(16, 16))
	pick := func(xs ...string) string { return xs[rng.IntN(len(xs))] }
	for i := 0; i < 300; i++ {
		d := full()
		if rng.IntN(2) == 0 {
			d.Website = nil
		}
		if rng.IntN(3) == 0 {
			d.Sanctions = nil
		}
		if rng.IntN(3) == 0 {
			d.Registry = nil
		}
		in := Input{CompanyName: pick("Al Noor Trading", "Gulf Star Logistics SPC", "Nobody LLC", "شركة النور", "Demo Trading"),
			CRNumber: pick("", "1234567", "2222222", "1000001", "99"), Website: pick("", "alnoor.om", "x.example"),
			Email: pick("", "a@gmail.com", "b@alnoor.om", "c@other.om"), Phone: pick("", "+968 9123 4567", "+44 20 7946 0000", "12345678"),
			Address: pick("", "Muscat", "Sohar", "Dubai"), RequiredProductOrService: pick("", "logistics", "cement", "flowers")}
		out := run(t, d, in)
		r := out.ScreeningResult
		if out.Confidence < 0 || out.Confidence > 1 {
			t.Fatalf("confidence %v", out.Confidence)
		}
		if r.RiskScore >= 45 && r.Risk != RiskHigh {
			t.Fatalf("score %d risk %s", r.RiskScore, r.Risk)
		}
		if want := suitability(r.Risk, r.IdentityConfirmed, out.Checks.BusinessActivity.Status); r.ProcurementSuitability != want {
			t.Fatalf("suitability %s, want %s", r.ProcurementSuitability, want)
		}
		if r.IdentityConfirmed && out.DataCoverage.DemoDataOnly {
			t.Fatal("demo data confirmed an identity")
		}
	}
}
