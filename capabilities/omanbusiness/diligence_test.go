package omanbusiness

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"dalil"
)

type fakeScreener struct {
	s     Screening
	err   error
	calls *[]ScreenRequest
}

func (f fakeScreener) Screen(_ context.Context, req ScreenRequest) (Screening, error) {
	if f.calls != nil {
		*f.calls = append(*f.calls, req)
	}
	return f.s, f.err
}

type fakeSite struct {
	v   SiteVisit
	err error
}

func (f fakeSite) Inspect(context.Context, string) (SiteVisit, error) { return f.v, f.err }

// complete fills every important field.
func complete(x *Record) {
	x.Status, x.LegalForm, x.RegistrationDate, x.Industry, x.Governorate, x.Wilayat = "active", "LLC", "2010-01-01", "Trade", "Muscat", "Seeb"
	x.Address, x.Website, x.Email, x.Phone = "Seeb", "https://a.om", "a@a.om", "+96824123456"
}

// Issue 30 item 3: due diligence screens sanctions through the engine,
// visits the website only when fetching is on (and says when it did
// not), never says strong footprint or high coverage from a website it
// never saw, and an unverified identity caps confidence and is never low
// risk. A synthetic list is never "no match".
func TestDueDiligenceChecks(t *testing.T) {
	obs := func(x *Record) { complete(x); x.ObservedAt = now.AddDate(0, 0, -10) }
	cat := NewCatalog([]Record{
		r("1", "1234567", "A Co", "", SourcePublicRegistry, obs),
		r("2", "2345678", "B Co", "", SourceDirectory, obs),
	})
	realList := SanctionsList{Name: "ofac-sdn", Version: "2026-10-01", Entries: 9000, Batch: "b1", RetrievedAt: now.AddDate(0, 0, -3)}
	demoList := SanctionsList{Name: "demo-sanctions", Version: "demo", Entries: 4, Synthetic: true}
	hit := SanctionsMatch{ListedName: "A Co", List: "ofac-sdn", MatchScore: 1, MatchType: "exact_normalized_name", MatchStrength: "high"}
	reachable := fakeSite{v: SiteVisit{FinalURL: "https://a.om/", Status: 200, Reachable: true, HTTPS: true, Title: "A Co"}}
	for _, c := range []struct {
		name         string
		id           string
		sanctions    SanctionsScreener
		site         WebsiteInspector
		status       string // sanctions status
		siteStatus   string
		footprint    string
		coverage     string
		level        string // risk level; "!low" means not low
		flags        []string
		noFlags      []string
		maxConf      float64
		basisSources int
		charged      bool
	}{
		{name: "nothing configured", id: "OM-CR-1234567", status: SanctionsNotChecked, siteStatus: SiteNotChecked, footprint: "moderate", coverage: "medium",
			level: "low", flags: []string{"SANCTIONS_NOT_SCREENED"}, maxConf: 1, basisSources: 1, charged: true},
		{name: "real list, no match, site seen", id: "OM-CR-1234567", sanctions: fakeScreener{s: Screening{Lists: []SanctionsList{realList}}}, site: reachable,
			status: SanctionsNoMatch, siteStatus: SiteReachable, footprint: "strong", coverage: "high", level: "low",
			noFlags: []string{"SANCTIONS_NOT_SCREENED", "IDENTITY_NOT_VERIFIED"}, maxConf: 1, basisSources: 3, charged: true},
		{name: "synthetic list only", id: "OM-CR-1234567", sanctions: fakeScreener{s: Screening{Lists: []SanctionsList{demoList},
			Matches: []SanctionsMatch{{ListedName: "A Co", List: "demo-sanctions", MatchStrength: "high"}}}},
			status: SanctionsSynthetic, siteStatus: SiteNotChecked, footprint: "moderate", coverage: "medium", level: "low",
			flags: []string{"SANCTIONS_NOT_SCREENED"}, noFlags: []string{sanctionsHighFlag}, maxConf: 1, basisSources: 2, charged: true},
		{name: "real list, high match", id: "OM-CR-1234567", sanctions: fakeScreener{s: Screening{Lists: []SanctionsList{realList, demoList}, Matches: []SanctionsMatch{hit}}},
			status: SanctionsHigh, siteStatus: SiteNotChecked, footprint: "moderate", coverage: "medium", level: "high",
			flags: []string{sanctionsHighFlag}, maxConf: 1, basisSources: 3, charged: true},
		{name: "screening failed", id: "OM-CR-1234567", sanctions: fakeScreener{err: errors.New("database down")},
			site: fakeSite{v: SiteVisit{Status: 503}}, status: SanctionsUnavailable, siteStatus: SiteUnreachable, footprint: "moderate", coverage: "medium",
			level: "low", flags: []string{"SANCTIONS_NOT_SCREENED", "WEBSITE_UNREACHABLE"}, maxConf: 1, basisSources: 2, charged: true},
		{name: "unverified identity", id: "OM-CR-2345678", sanctions: fakeScreener{s: Screening{Lists: []SanctionsList{realList}}}, site: reachable,
			status: SanctionsNoMatch, siteStatus: SiteReachable, footprint: "strong", coverage: "high", level: "!low",
			flags: []string{"IDENTITY_NOT_VERIFIED"}, maxConf: UnverifiedConfidenceCap, basisSources: 3, charged: true},
	} {
		t.Run(c.name, func(t *testing.T) {
			d := Deps{Directory: fixedDirectory{cat}, Sanctions: c.sanctions, Website: c.site, Now: func() time.Time { return now }}
			out, err := DueDiligence(context.Background(), d, DueDiligenceInput{CompanyID: c.id, TransactionType: "supplier_contract"})
			if err != nil {
				t.Fatal(err)
			}
			if got := out.SanctionsScreening.Status; got != c.status {
				t.Errorf("sanctions %q (%s), want %q", got, out.SanctionsScreening.Explanation, c.status)
			}
			if out.WebsiteCheck.Status != c.siteStatus || out.WebsiteCheck.Checked != (c.site != nil) {
				t.Errorf("website %+v, want %q", out.WebsiteCheck, c.siteStatus)
			}
			ca := out.CommercialAssessment
			if ca.DigitalFootprint != c.footprint || ca.PublicInformationCoverage != c.coverage {
				t.Errorf("footprint %q coverage %q, want %q %q", ca.DigitalFootprint, ca.PublicInformationCoverage, c.footprint, c.coverage)
			}
			ra := out.RiskAssessment
			if (c.level == "!low" && ra.RiskLevel == "low") || (c.level != "!low" && ra.RiskLevel != c.level) {
				t.Errorf("risk %s %d, want %s (%+v)", ra.RiskLevel, ra.RiskScore, c.level, ra.RiskFlags)
			}
			codes := []string{}
			for _, f := range ra.RiskFlags {
				codes = append(codes, f.Code)
			}
			for _, f := range c.flags {
				if !slices.Contains(codes, f) {
					t.Errorf("flag %s missing from %v", f, codes)
				}
			}
			for _, f := range c.noFlags {
				if slices.Contains(codes, f) {
					t.Errorf("flag %s in %v", f, codes)
				}
			}
			if out.Confidence > c.maxConf {
				t.Errorf("confidence %.2f over %.2f", out.Confidence, c.maxConf)
			}
			if !out.Verification.IdentityVerified && out.Confidence > UnverifiedConfidenceCap {
				t.Errorf("unverified identity at confidence %.2f", out.Confidence)
			}
			b := out.Basis()
			if charge, _ := dalil.DecideEvidence(b); charge != c.charged || len(b.Sources) != c.basisSources {
				t.Errorf("basis %+v: charged %v, want %v and %d sources", b, charge, c.charged, c.basisSources)
			}
		})
	}
}

// The screener gets every name of the company, country OM and the CR.
func TestDueDiligenceScreensNames(t *testing.T) {
	cat := NewCatalog([]Record{r("1", "1234567", "Al Noor Trading LLC", "شركة النور للتجارة", SourcePublicRegistry, nil)})
	var calls []ScreenRequest
	d := Deps{Directory: fixedDirectory{cat}, Sanctions: fakeScreener{calls: &calls}, Now: func() time.Time { return now }}
	out, err := DueDiligence(context.Background(), d, DueDiligenceInput{CompanyID: "OM-CR-1234567", TransactionType: "other"})
	if err != nil {
		t.Fatal(err)
	}
	if len(calls) != 1 || len(calls[0].Names) != 2 || calls[0].Country != "OM" || calls[0].RegistrationNumber != "1234567" {
		t.Errorf("screened %+v", calls)
	}
	// No list imported: not_checked, never no match.
	if out.SanctionsScreening.Status != SanctionsNotChecked {
		t.Errorf("no list: %+v", out.SanctionsScreening)
	}
}

// A synthetic demo company screened against a real list is still
// synthetic data only: the screen of a made-up company proves nothing.
func TestDueDiligenceDemoCompanyNotCharged(t *testing.T) {
	cat := NewCatalog([]Record{r("1", "1000001", "Demo Co", "", SourceDemo, func(x *Record) { complete(x); x.Synthetic = true })})
	d := Deps{Directory: fixedDirectory{cat}, Sanctions: fakeScreener{s: Screening{Lists: []SanctionsList{{Name: "ofac-sdn", Version: "v", Entries: 10}}}},
		Website: fakeSite{v: SiteVisit{Status: 200, Reachable: true}}, Now: func() time.Time { return now }}
	out, err := DueDiligence(context.Background(), d, DueDiligenceInput{CompanyID: "OM-CR-1000001", TransactionType: "other"})
	if err != nil {
		t.Fatal(err)
	}
	if charge, reason := dalil.DecideEvidence(out.Basis()); charge || reason != dalil.NotChargedSyntheticOnly {
		t.Errorf("demo company: charged %v %q", charge, reason)
	}
	if out.CommercialAssessment.PublicInformationCoverage != "low" || out.RiskAssessment.RiskLevel == "low" {
		t.Errorf("demo company: %+v %+v", out.CommercialAssessment, out.RiskAssessment)
	}
}
