package businessrisk

import (
	"context"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"dalil"
	"dalil/capability"
	"dalil/internal/evidence"
	"dalil/internal/intel"
	"dalil/internal/intel/inteltest"
)

var now = inteltest.Now

var date = inteltest.Date

type world struct{ *inteltest.World }

func newWorld() *world { return &world{inteltest.NewWorld()} }

func (w *world) deps() Deps { return Deps{Sources: w.Sources()} }

func acmeInput() Input {
	return Input{CompanyName: "Acme Trading Ltd", Country: "GB", Website: "acmetrading.co.uk"}
}

func run(t *testing.T, d Deps, in Input) Output {
	t.Helper()
	out, err := Handle(context.Background(), d, in, now)
	if err != nil {
		t.Fatalf("Handle: %v", err)
	}
	return out
}

func codes(fs []Flag) []string {
	var out []string
	for _, f := range fs {
		out = append(out, f.Code)
	}
	return out
}

func flag(o Output, code string) *Flag {
	for _, f := range append(slices.Clone(o.RiskFlags), o.PositiveSignals...) {
		if f.Code == code {
			return &f
		}
	}
	return nil
}

func errCode(err error) dalil.Code {
	var de *dalil.Error
	if errors.As(err, &de) {
		return de.Code
	}
	return ""
}

func TestCleanCompany(t *testing.T) {
	w := newWorld()
	o := run(t, w.deps(), acmeInput())
	if o.Status != "assessed" || o.RiskScore == nil {
		t.Fatalf("status %s score %v", o.Status, o.RiskScore)
	}
	if *o.RiskScore > 20 || *o.RiskLevel != "low" {
		t.Errorf("score %d %s, want low", *o.RiskScore, *o.RiskLevel)
	}
	for _, c := range []string{"ACTIVE_REGISTRATION", "ESTABLISHED_BUSINESS", "FILINGS_UP_TO_DATE", "NO_SANCTIONS_MATCH", "ESTABLISHED_DOMAIN",
		"NO_THREAT_LISTING", "VERIFIED_OPERATING_PRESENCE", "CONTACT_INFORMATION_PRESENT", "DOMAIN_NAME_CONSISTENT", "FAVORABLE_CUSTOMER_RATING", "NO_ADVERSE_MEDIA_FOUND"} {
		if f := flag(o, c); f == nil {
			t.Errorf("no %s in %v", c, codes(o.PositiveSignals))
		}
	}
	if len(o.RiskFlags) != 0 {
		t.Errorf("risk flags %v", codes(o.RiskFlags))
	}
	if !o.Business.IdentityVerifiedAgainstRegistry || o.Business.RegistrationNumber == nil || *o.Business.RegistrationNumber != "01234567" {
		t.Errorf("business %+v", o.Business)
	}
	if o.Confidence < 0.7 || o.Recommendation.Action != "proceed" {
		t.Errorf("confidence %v action %s %v", o.Confidence, o.Recommendation.Action, o.Recommendation.ReasonCodes)
	}
	if o.EngineVersion != EngineVersion || !strings.HasPrefix(o.InputHash, "sha256:") || !strings.HasPrefix(o.AssessmentID, "bra_") {
		t.Errorf("audit fields %q %q %q", o.EngineVersion, o.InputHash, o.AssessmentID)
	}
	if charge, reason := dalil.DecideEvidence(o.Basis()); !charge {
		t.Errorf("an assessed answer is not charged: %s", reason)
	}
}

// TestReferenceExpectations is reference-service.md Part 2 §3's test list.
func TestReferenceExpectations(t *testing.T) {
	t.Run("country normalization", func(t *testing.T) {
		for in, want := range map[string]string{"gbr": "GB", "UK": "GB", "Sultanate of Oman": "OM", "om": "OM", "United Kingdom": "GB"} {
			if got := normalize(Input{CompanyName: "X Co", Country: in}).Subject.Country; got != want {
				t.Errorf("%q -> %q, want %q", in, got, want)
			}
		}
	})
	t.Run("two same-country namesakes: 409, nothing else called", func(t *testing.T) {
		w := newWorld()
		other := inteltest.AcmeRecord()
		other.Number, other.City, other.URL = "07654321", "Leeds", "https://find-and-update.company-information.service.gov.uk/company/07654321"
		w.Reg.Records = append(w.Reg.Records, other)
		_, err := Handle(context.Background(), w.deps(), Input{CompanyName: "Acme Trading Ltd", Country: "GB"}, now)
		if errCode(err) != dalil.CodeAmbiguousEntity {
			t.Fatalf("err %v", err)
		}
		var de *dalil.Error
		errors.As(err, &de)
		cands := de.Details.(map[string]any)["candidates"].([]intel.Candidate)
		if len(cands) != 2 || cands[0].RegistrationNumber != "01234567" || cands[1].RegistrationNumber != "07654321" {
			t.Errorf("candidates %+v", cands)
		}
		if n := w.Search.Calls() + w.Sanctions.Calls() + w.Site.Calls() + w.Domain.Calls() + w.SB.Calls(); n != 0 {
			t.Errorf("%d stage-2 calls after an ambiguous identity", n)
		}
		// The city chooses between them.
		o := run(t, w.deps(), Input{CompanyName: "Acme Trading Ltd", Country: "GB", City: "Leeds"})
		if *o.Business.RegistrationNumber != "07654321" {
			t.Errorf("city did not choose: %+v", o.Business)
		}
	})
	t.Run("registry empty and no site: 404", func(t *testing.T) {
		w := newWorld()
		w.Reg.Records = nil
		_, err := Handle(context.Background(), w.deps(), Input{CompanyName: "Nowhere Widgets Ltd", Country: "GB"}, now)
		if errCode(err) != dalil.CodeEntityNotFound {
			t.Fatalf("err %v", err)
		}
		var de *dalil.Error
		errors.As(err, &de)
		if got := de.Details.(map[string]any)["registriesChecked"].([]string); !slices.Equal(got, []string{"companies_house", "gleif"}) {
			t.Errorf("registriesChecked %v", got)
		}
		if w.Sanctions.Calls()+w.Search.Calls() != 0 {
			t.Error("stage-2 providers called after ENTITY_NOT_FOUND")
		}
	})
	t.Run("registry empty with a working site: assessed, manual review, capped", func(t *testing.T) {
		w := newWorld()
		w.Reg.Records = nil
		o := run(t, w.deps(), acmeInput())
		if o.Status != "assessed" || flag(o, "IDENTITY_NOT_FOUND_IN_REGISTRY") == nil {
			t.Fatalf("status %s flags %v", o.Status, codes(o.RiskFlags))
		}
		if o.Recommendation.Action != "manual_review" || o.Confidence > 0.55 {
			t.Errorf("action %s confidence %v", o.Recommendation.Action, o.Confidence)
		}
	})
	t.Run("exact listed name, matching country: high, critical, avoid", func(t *testing.T) {
		w := newWorld()
		w.Sanctions.Entries = []inteltest.Entry{{Name: "ACME TRADING LIMITED", List: "UK sanctions list", ListType: "sanctions", Countries: []string{"GB"}}}
		o := run(t, w.deps(), acmeInput())
		if o.SanctionsScreening.Status != "high_confidence_match" || len(o.SanctionsScreening.Matches) != 1 || o.SanctionsScreening.Matches[0].MatchStrength != "high" {
			t.Fatalf("screening %+v", o.SanctionsScreening)
		}
		if *o.RiskScore < 85 || *o.RiskLevel != "critical" || o.Recommendation.Action != "avoid_automated_transaction" {
			t.Errorf("score %d %s action %s", *o.RiskScore, *o.RiskLevel, o.Recommendation.Action)
		}
		f := flag(o, "SANCTIONS_HIGH_CONFIDENCE_MATCH")
		if f == nil || f.Severity != "critical" || len(f.EvidenceIDs) != 1 || f.EvidenceIDs[0] != o.SanctionsScreening.Matches[0].EvidenceID {
			t.Errorf("flag %+v", f)
		}
	})
	t.Run("listed name, contradicting country: possible, manual review", func(t *testing.T) {
		w := newWorld()
		w.Sanctions.Entries = []inteltest.Entry{{Name: "Acme Trading LLC", List: "OFAC SDN", ListType: "sanctions", Countries: []string{"IR"}}}
		o := run(t, w.deps(), acmeInput())
		f := flag(o, "SANCTIONS_POSSIBLE_MATCH")
		if o.SanctionsScreening.Status != "possible_match" || f == nil || f.Severity != "medium" || f.FactStatus != "alleged" {
			t.Fatalf("screening %s flag %+v", o.SanctionsScreening.Status, f)
		}
		if o.Recommendation.Action != "manual_review" || *o.RiskScore >= 85 {
			t.Errorf("action %s score %d", o.Recommendation.Action, *o.RiskScore)
		}
	})
	t.Run("generic-word names are not matches", func(t *testing.T) {
		w := newWorld()
		w.Reg.Records = []intel.Record{{Registry: "companies_house", Number: "05555555", Name: "SAMPLE TRADING LTD", Country: "GB", Status: "active", URL: "https://find-and-update.company-information.service.gov.uk/company/05555555"}}
		w.Sanctions.Entries = []inteltest.Entry{{Name: "SAMPLE TRADING GROUP", List: "UN consolidated", Countries: []string{"GB"}},
			{Name: "GENERAL TRADING SERVICES", List: "UN consolidated", Countries: []string{"GB"}}}
		o := run(t, w.deps(), Input{CompanyName: "Sample Trading Ltd", Country: "GB"})
		if o.SanctionsScreening.Status != "no_match_found" {
			t.Errorf("screening %+v", o.SanctionsScreening)
		}
	})
	t.Run("conviction, allegation, foreign namesake", func(t *testing.T) {
		w := newWorld()
		w.Search.News = []intel.SearchResult{
			{URL: "https://www.reuters.com/world/uk/acme-trading-director-convicted-2026-03-01/", Title: "Acme Trading director convicted of fraud in London",
				Snippet: "A London court convicted Acme Trading's director of fraud on Monday.", Published: date("2026-03-01")},
			{URL: "https://localpaper.example.org/acme-trading-accused", Title: "Acme Trading accused of late deliveries",
				Snippet: "Customers accused Acme Trading of withholding refunds, the paper reports.", Published: date("2026-04-01")},
			{URL: "https://www.reuters.com/world/india/acme-trading-mumbai-raid", Title: "Acme Trading offices in India raided",
				Snippet: "Indian authorities investigated Acme Trading of Mumbai, India.", Published: date("2026-02-01")},
		}
		o := run(t, w.deps(), acmeInput())
		est := flag(o, "ADVERSE_MEDIA_ESTABLISHED")
		if est == nil || est.Severity != "critical" || est.FactStatus != "reported" {
			t.Errorf("established %+v", est)
		}
		all := flag(o, "ADVERSE_MEDIA_ALLEGATION")
		if all == nil || all.FactStatus != "alleged" || !all.RequiresVerification {
			t.Errorf("allegation %+v", all)
		}
		if len(o.ExcludedEvidence) != 1 || !strings.Contains(o.ExcludedEvidence[0].Item.URL, "india") {
			t.Errorf("excluded %+v", o.ExcludedEvidence)
		}
		if o.Recommendation.Action != "avoid_automated_transaction" {
			t.Errorf("action %s", o.Recommendation.Action)
		}
	})
	t.Run("old news: lower confidence than fresh", func(t *testing.T) {
		mk := func(published string) Output {
			w := newWorld()
			w.Search.News = []intel.SearchResult{{URL: "https://www.ft.com/content/acme", Title: "Acme Trading fined by regulator",
				Snippet: "Acme Trading was fined by the regulator.", Published: date(published)}}
			return run(t, w.deps(), acmeInput())
		}
		fresh, old := mk("2026-05-01"), mk("2019-05-01")
		if !(old.Confidence < fresh.Confidence) {
			t.Errorf("old %v fresh %v", old.Confidence, fresh.Confidence)
		}
		if !(flag(old, "ADVERSE_MEDIA_ESTABLISHED").Confidence < flag(fresh, "ADVERSE_MEDIA_ESTABLISHED").Confidence) {
			t.Error("old news weighs as much as fresh news")
		}
		if !slices.Contains(old.Warnings, "DATA_STALE") {
			t.Errorf("warnings %v", old.Warnings)
		}
	})
	t.Run("one sanctions list down: partial", func(t *testing.T) {
		w := newWorld()
		w.Sanctions.Unavailable = []string{"EU consolidated"}
		o := run(t, w.deps(), acmeInput())
		if o.SanctionsScreening.Status != "partial" || o.DataCoverage.Compliance != "medium" || flag(o, "NO_SANCTIONS_MATCH") != nil {
			t.Errorf("screening %+v coverage %s", o.SanctionsScreening, o.DataCoverage.Compliance)
		}
	})
	t.Run("nothing configured: insufficient_data, not charged", func(t *testing.T) {
		o := run(t, Deps{}, acmeInput())
		if o.Status != "insufficient_data" || o.RiskScore != nil || o.RiskLevel != nil || o.Confidence != 0 ||
			o.Recommendation.Action != "manual_review" || !slices.Equal(o.Recommendation.ReasonCodes, []string{"INSUFFICIENT_DATA"}) {
			t.Errorf("%+v", o)
		}
		if o.Components.CorporateRisk != nil || o.SanctionsScreening.Status != "not_checked" {
			t.Errorf("components %+v screening %s", o.Components, o.SanctionsScreening.Status)
		}
		if charge, reason := dalil.DecideEvidence(o.Basis()); charge || reason != "insufficient_data" {
			t.Errorf("insufficient_data is charged (%v %q)", charge, reason)
		}
		b, _ := capability.Marshal(o)
		for _, k := range []string{`"riskScore":null`, `"riskLevel":null`, `"corporateRisk":null`} {
			if !strings.Contains(string(b), k) {
				t.Errorf("answer lacks %s", k)
			}
		}
	})
	t.Run("bands", func(t *testing.T) {
		for score, want := range map[int]string{0: "low", 20: "low", 21: "moderate", 40: "moderate", 41: "elevated", 60: "elevated",
			61: "high", 80: "high", 81: "critical", 100: "critical"} {
			if got := Band(score); got != want {
				t.Errorf("Band(%d) = %s, want %s", score, got, want)
			}
		}
	})
	t.Run("confidence example", func(t *testing.T) {
		// 0.30×0.2 + 0.25×0.165 + 0.10 = 0.20 (consistency 1, nothing else).
		unc, capped := Confidence(0.2, 0.165, 0, 0, 0, 1, false)
		if unc != 0.2 || capped != 0.2 {
			t.Errorf("got %v %v", unc, capped)
		}
		if _, c := Confidence(1, 1, 1, 1, 1, 1, false); c != 0.55 {
			t.Errorf("unverified cap: %v", c)
		}
		if _, c := Confidence(1, 1, 1, 1, 1, 1, true); c != 1 {
			t.Errorf("verified: %v", c)
		}
	})
	t.Run("URL variants and syndicated copies collapse", func(t *testing.T) {
		w := newWorld()
		story := "Acme Trading was fined 2 million pounds by the Financial Conduct Authority for failings in its anti-money laundering controls, the regulator said."
		w.Search.News = []intel.SearchResult{
			{URL: "https://www.reuters.com/business/acme-fined?utm_source=x", Title: "Acme Trading fined by FCA", Snippet: story, Published: date("2026-05-01")},
			{URL: "http://reuters.com/business/acme-fined/", Title: "Acme Trading fined by FCA", Snippet: story, Published: date("2026-05-01")},
			{URL: "https://news.yahoo.com/acme-fined-123.html", Title: "Acme Trading fined by FCA - Yahoo News", Snippet: story, Published: date("2026-05-02")},
		}
		o := run(t, w.deps(), acmeInput())
		var news []evidence.Item
		for _, it := range o.Evidence {
			if strings.Contains(it.Title, "fined") {
				news = append(news, it)
			}
		}
		if len(news) != 1 || news[0].DuplicatesMerged != 2 || !strings.Contains(news[0].URL, "reuters.com") || o.DuplicatesMerged < 2 {
			t.Errorf("news items %+v merged %d", news, o.DuplicatesMerged)
		}
	})
	t.Run("cached re-run makes no outbound call", func(t *testing.T) {
		w := newWorld()
		w.Cache = intel.NewCache(func() time.Time { return now }, 0)
		first := run(t, w.deps(), acmeInput())
		calls := w.Calls()
		second := run(t, w.deps(), acmeInput())
		again := w.Calls()
		if calls == 0 || again != calls {
			t.Errorf("calls %d then %d", calls, again)
		}
		if *first.RiskScore != *second.RiskScore {
			t.Error("cached answer differs")
		}
		for _, p := range second.Providers {
			if p.Status == "used" {
				t.Errorf("provider %s used on the cached run", p.Provider)
			}
		}
	})
	t.Run("every register timed out: 504", func(t *testing.T) {
		w := newWorld()
		w.Reg.Err, w.GLEIF.Err = intel.ErrTimeout, intel.ErrUnavailable
		_, err := Handle(context.Background(), w.deps(), Input{CompanyName: "Acme Trading Ltd", Country: "GB"}, now)
		if errCode(err) != dalil.CodeProviderTimeout {
			t.Errorf("err %v", err)
		}
		w.Reg.Err, w.GLEIF.Err = intel.ErrRateLimited, intel.ErrRateLimited
		_, err = Handle(context.Background(), w.deps(), Input{CompanyName: "Acme Trading Ltd", Country: "GB"}, now)
		if errCode(err) != dalil.CodeRateLimited {
			t.Errorf("err %v", err)
		}
	})
}

// TestFlags checks one flag per case on fixture providers.
func TestFlags(t *testing.T) {
	cases := []struct {
		name   string
		change func(w *world, in *Input)
		want   string
		sev    string
	}{
		{"dissolved", func(w *world, _ *Input) { w.Reg.Records[0].Status = "dissolved" }, "COMPANY_DISSOLVED", "critical"},
		{"inactive", func(w *world, _ *Input) { w.Reg.Records[0].Status = "inactive" }, "COMPANY_INACTIVE", "high"},
		{"liquidation", func(w *world, _ *Input) { w.Reg.Records[0].Status = "liquidation" }, "INSOLVENCY_PROCEEDINGS", "critical"},
		{"strike off", func(w *world, _ *Input) { w.Reg.Records[0].StrikeOffPending = true }, "STRIKE_OFF_PENDING", "high"},
		{"60 days old", func(w *world, _ *Input) { w.Reg.Records[0].Incorporated = now.AddDate(0, 0, -60) }, "VERY_RECENTLY_INCORPORATED", "high"},
		{"200 days old", func(w *world, _ *Input) { w.Reg.Records[0].Incorporated = now.AddDate(0, 0, -200) }, "RECENTLY_INCORPORATED", "medium"},
		{"name changes", func(w *world, _ *Input) {
			w.Reg.Records[0].PreviousNames = []intel.PreviousName{{Name: "Acme One Ltd", Until: date("2025-01-01")}, {Name: "Acme Two Ltd", Until: date("2025-09-01")}}
		}, "REPEATED_NAME_CHANGES", "medium"},
		{"number not found", func(_ *world, in *Input) { in.RegistrationNumber = "99999999" }, "REGISTRATION_NUMBER_NOT_FOUND", "high"},
		{"identifier of another company", func(w *world, in *Input) {
			w.Reg.Records = append(w.Reg.Records, intel.Record{Registry: "companies_house", Number: "11111111", Name: "ZEBRA FOODS LIMITED", Country: "GB", Status: "active"})
			in.RegistrationNumber = "11111111"
		}, "IDENTIFIER_NAME_MISMATCH", "high"},
		{"city mismatch", func(_ *world, in *Input) { in.City = "Manchester" }, "REGISTRY_CITY_MISMATCH", "medium"},
		{"address mismatch", func(_ *world, in *Input) { in.Address = "99 Dock Road, Liverpool" }, "ADDRESS_MISMATCH", "medium"},
		{"LEI lapsed", func(w *world, _ *Input) {
			w.GLEIF.Records = []intel.Record{{Registry: "gleif", LEI: "213800ABCDEFGHIJKL12", Number: "01234567", Name: "ACME TRADING LIMITED", Country: "GB", LEIStatus: "LAPSED"}}
		}, "LEI_LAPSED", "low"},
		{"high-risk jurisdiction", func(w *world, in *Input) {
			in.Country = "IR"
			w.Reg.Country = "IR"
			w.Reg.Records[0].Country = "IR"
		}, "HIGH_RISK_JURISDICTION", "high"},
		{"accounts overdue", func(w *world, _ *Input) { w.Reg.Records[0].AccountsOverdue = true }, "ACCOUNTS_OVERDUE", "high"},
		{"confirmation overdue", func(w *world, _ *Input) { w.Reg.Records[0].ConfirmationOverdue = true }, "CONFIRMATION_STATEMENT_OVERDUE", "medium"},
		{"insolvency history", func(w *world, _ *Input) { w.Reg.Records[0].InsolvencyHistory = true }, "INSOLVENCY_HISTORY", "medium"},
		{"no filings known", func(w *world, _ *Input) { w.Reg.Records[0].FilingsKnown = false }, "LIMITED_FINANCIAL_HISTORY", "info"},
		{"reported insolvency", func(w *world, _ *Input) {
			w.Search.News = []intel.SearchResult{{URL: "https://www.bbc.co.uk/news/acme", Title: "Acme Trading faces insolvency claims", Snippet: "Suppliers allege Acme Trading is insolvent."}}
		}, "REPORTED_INSOLVENCY", "medium"},
		{"restricted party", func(w *world, _ *Input) {
			w.Sanctions.Entries = []inteltest.Entry{{Name: "Acme Trading Ltd", List: "US Entity List", ListType: "export_control_or_debarment", Countries: []string{"GB"}}}
		}, "RESTRICTED_PARTY_HIGH_MATCH", "high"},
		{"regulatory enforcement", func(w *world, _ *Input) {
			w.Search.News = []intel.SearchResult{{URL: "https://www.fca.org.uk/news/acme-trading", Title: "FCA fines Acme Trading", Snippet: "Acme Trading was fined £1m for breaches."}}
		}, "REGULATORY_ENFORCEMENT", "high"},
		{"regulatory concern", func(w *world, _ *Input) {
			w.Search.News = []intel.SearchResult{{URL: "https://www.fca.org.uk/news/acme-trading-probe", Title: "Investigation into Acme Trading", Snippet: "The FCA is investigating Acme Trading."}}
		}, "REGULATORY_CONCERN", "medium"},
		{"unfavourable ratings", func(w *world, _ *Input) {
			w.Search.Web = []intel.SearchResult{{URL: "https://www.trustpilot.com/review/acmetrading.co.uk", Title: "Acme Trading Reviews", Snippet: "Acme Trading is rated 1.4 out of 5."}}
		}, "UNFAVORABLE_CUSTOMER_RATING", "medium"},
		{"forum complaints", func(w *world, _ *Input) {
			w.Search.Web = []intel.SearchResult{
				{URL: "https://www.reddit.com/r/uk/acme1", Title: "Acme Trading never refunded me", Snippet: "Acme Trading complaints: my refund never came."},
				{URL: "https://www.reddit.com/r/uk/acme2", Title: "Acme Trading scam?", Snippet: "Is Acme Trading a scam? Complaints everywhere."},
				{URL: "https://www.facebook.com/acme3", Title: "Acme Trading order missing", Snippet: "Complaint: Acme Trading lost my order again."}}
		}, "COMPLAINT_PATTERN", "medium"},
		{"parked website", func(w *world, _ *Input) {
			w.Site.Pages["https://acmetrading.co.uk/"] = intel.Page{URL: "https://acmetrading.co.uk/", FinalURL: "https://acmetrading.co.uk/", Status: 200, Title: "acmetrading.co.uk", Text: "This domain is for sale. Buy this domain today."}
		}, "WEBSITE_PARKED", "high"},
		{"under construction", func(w *world, _ *Input) {
			w.Site.Pages["https://acmetrading.co.uk/"] = intel.Page{URL: "https://acmetrading.co.uk/", FinalURL: "https://acmetrading.co.uk/", Status: 200, Title: "Acme Trading", Text: "Website coming soon."}
		}, "WEBSITE_UNDER_CONSTRUCTION", "medium"},
		{"unreachable", func(w *world, _ *Input) { delete(w.Site.Pages, "https://acmetrading.co.uk/") }, "WEBSITE_UNREACHABLE", "medium"},
		{"no contact", func(w *world, _ *Input) {
			p := w.Site.Pages["https://acmetrading.co.uk/"]
			p.Text = strings.Split(p.Text, "Contact us")[0]
			w.Site.Pages["https://acmetrading.co.uk/"] = p
		}, "NO_CONTACT_INFORMATION", "low"},
		{"activity consistent", func(_ *world, in *Input) { in.Industry = "office furniture" }, "BUSINESS_ACTIVITY_CONSISTENT", "low"},
		{"redirect", func(w *world, _ *Input) {
			p := w.Site.Pages["https://acmetrading.co.uk/"]
			p.FinalURL = "https://cheap-deals.example.net/"
			w.Site.Pages["https://acmetrading.co.uk/"] = p
		}, "REDIRECTS_TO_OTHER_DOMAIN", "medium"},
		{"plain http", func(w *world, _ *Input) {
			p := w.Site.Pages["https://acmetrading.co.uk/"]
			p.FinalURL = "http://acmetrading.co.uk/"
			w.Site.Pages["https://acmetrading.co.uk/"] = p
		}, "NO_HTTPS", "low"},
		{"free e-mail", func(w *world, _ *Input) {
			p := w.Site.Pages["https://acmetrading.co.uk/"]
			p.Text += " Or write to acme.sales@gmail.com."
			w.Site.Pages["https://acmetrading.co.uk/"] = p
		}, "FREE_EMAIL_ON_WEBSITE", "low"},
		{"e-mail domain mismatch", func(w *world, _ *Input) {
			p := w.Site.Pages["https://acmetrading.co.uk/"]
			p.Text += " Billing: accounts@other-company.com."
			w.Site.Pages["https://acmetrading.co.uk/"] = p
		}, "EMAIL_DOMAIN_MISMATCH", "low"},
		{"new domain", func(w *world, _ *Input) {
			w.Domain.Records["acmetrading.co.uk"] = intel.DomainRecord{Domain: "acmetrading.co.uk", Registered: true, Created: now.AddDate(0, 0, -20)}
		}, "DOMAIN_NEWLY_REGISTERED", "high"},
		{"recent domain", func(w *world, _ *Input) {
			w.Domain.Records["acmetrading.co.uk"] = intel.DomainRecord{Domain: "acmetrading.co.uk", Registered: true, Created: now.AddDate(0, 0, -200)}
		}, "DOMAIN_RECENTLY_REGISTERED", "medium"},
		{"unregistered domain", func(w *world, _ *Input) { delete(w.Domain.Records, "acmetrading.co.uk") }, "DOMAIN_NOT_REGISTERED", "high"},
		{"domain on hold", func(w *world, _ *Input) {
			r := w.Domain.Records["acmetrading.co.uk"]
			r.Statuses = []string{"client hold"}
			w.Domain.Records["acmetrading.co.uk"] = r
		}, "DOMAIN_HOLD_STATUS", "high"},
		{"domain expiring", func(w *world, _ *Input) {
			r := w.Domain.Records["acmetrading.co.uk"]
			r.Expiry = now.AddDate(0, 0, 10)
			w.Domain.Records["acmetrading.co.uk"] = r
		}, "DOMAIN_EXPIRING_SOON", "low"},
		{"inconsistent domain", func(w *world, in *Input) {
			in.Website = "https://bestprices4u.com"
			w.Site.Pages["https://bestprices4u.com/"] = w.Site.Pages["https://acmetrading.co.uk/"]
		}, "DOMAIN_NAME_INCONSISTENT", "low"},
		{"malware listing", func(w *world, _ *Input) {
			w.SB.Threats = []intel.Threat{{URL: "https://acmetrading.co.uk/", Type: "MALWARE"}}
		}, "MALWARE_OR_PHISHING_LISTED", "critical"},
		{"shell indicators", func(w *world, in *Input) {
			w.Reg.Records[0].Incorporated = now.AddDate(-1, -2, 0)
			in.Website = ""
		}, "SHELL_COMPANY_INDICATORS", "medium"},
		{"caller evidence: unverified complaint", func(_ *world, in *Input) {
			in.Evidence = []evidence.Supplied{{URL: "https://www.reuters.com/acme-x", Excerpt: "Acme Trading was accused of fraud by a customer."}}
		}, "CUSTOMER_COMPLAINT", "low"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			w := newWorld()
			in := acmeInput()
			c.change(w, &in)
			o := run(t, w.deps(), in)
			f := flag(o, c.want)
			if f == nil {
				t.Fatalf("no %s: risk %v positive %v", c.want, codes(o.RiskFlags), codes(o.PositiveSignals))
			}
			if f.Severity != c.sev {
				t.Errorf("%s severity %s, want %s", c.want, f.Severity, c.sev)
			}
			if f.Category != flags[c.want].category {
				t.Errorf("category %s", f.Category)
			}
			clean := run(t, newWorld().deps(), acmeInput())
			if !flags[c.want].positive && severityRank[c.sev] > 1 && *o.RiskScore <= *clean.RiskScore ||
				!flags[c.want].positive && *o.RiskScore < *clean.RiskScore {
				t.Errorf("%s did not raise the score: %d vs clean %d", c.want, *o.RiskScore, *clean.RiskScore)
			}
		})
	}
}

func TestValidation(t *testing.T) {
	e := Entry(Deps{})
	for _, c := range []struct{ name, body, path string }{
		{"empty", `{}`, "companyName"},
		{"short name", `{"companyName":"A"}`, "companyName"},
		{"legal form only", `{"companyName":"Ltd"}`, "companyName"},
		{"punctuation only", `{"companyName":"--"}`, "companyName"},
		{"unknown field", `{"companyName":"Acme Ltd","foo":1}`, ""},
		{"IP website", `{"companyName":"Acme Ltd","website":"http://10.0.0.1"}`, "website"},
		{"localhost", `{"companyName":"Acme Ltd","website":"http://localhost:8080"}`, "website"},
		{"bad LEI", `{"companyName":"Acme Ltd","lei":"213800ABCDEFGHIJKL13"}`, "lei"},
		{"no country", `{"companyName":"Acme Ltd","country":"Narnia"}`, "country"},
		{"six aliases", `{"companyName":"Acme Ltd","knownAliases":["a1","a2","a3","a4","a5","a6"]}`, "knownAliases"},
		{"bad number", `{"companyName":"Acme Ltd","registrationNumber":"-12"}`, "registrationNumber"},
		{"short address", `{"companyName":"Acme Ltd","address":"x"}`, "address"},
		{"evidence without url", `{"companyName":"Acme Ltd","evidence":[{"excerpt":"x"}]}`, "evidence.0"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := e.Decode([]byte(c.body))
			var de *dalil.Error
			if !errors.As(err, &de) || de.Code != dalil.CodeInvalidInput {
				t.Fatalf("err %v", err)
			}
			b, _ := json.Marshal(de.Details)
			if !strings.Contains(string(b), `"path":"`+c.path) {
				t.Errorf("details %s lack path %q", b, c.path)
			}
		})
	}
	if _, err := e.Decode([]byte(`{"companyName":"Acme Trading Ltd","country":"gbr","lei":"5493001KJTIIGC8Y1R12","website":"acme.co.uk","includeNews":false}`)); err != nil {
		t.Errorf("valid input refused: %v", err)
	}
}

// TestDeterminism: the same input and evidence give the same bytes, in
// whatever order the providers are listed and answer.
func TestDeterminism(t *testing.T) {
	base := func() *world {
		w := newWorld()
		w.Search.News = []intel.SearchResult{
			{URL: "https://www.reuters.com/a", Title: "Acme Trading sued by supplier", Snippet: "A supplier sued Acme Trading in London.", Published: date("2026-01-10")},
			{URL: "https://www.ft.com/b", Title: "Acme Trading settles claim", Snippet: "Acme Trading agreed to pay a settlement.", Published: date("2026-02-10")},
			{URL: "https://blog.example.org/c", Title: "Acme Trading review", Snippet: "Acme Trading is rated 4.2 out of 5 on our panel.", Published: date("2025-02-10")},
		}
		w.GLEIF.Records = []intel.Record{{Registry: "gleif", LEI: "213800ABCDEFGHIJKL12", Number: "01234567", Name: "ACME TRADING LIMITED", Country: "GB", LEIStatus: "ISSUED"}}
		w.Sanctions.Entries = []inteltest.Entry{{Name: "Acme Trading Co", List: "OFAC SDN", Countries: []string{"CN"}}}
		return w
	}
	want, _ := capability.Marshal(run(t, base().deps(), acmeInput()))
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range 30 {
		w := base()
		rng.Shuffle(len(w.Search.News), func(a, b int) { w.Search.News[a], w.Search.News[b] = w.Search.News[b], w.Search.News[a] })
		d := w.deps()
		rng.Shuffle(len(d.Sources.Registries), func(a, b int) {
			d.Sources.Registries[a], d.Sources.Registries[b] = d.Sources.Registries[b], d.Sources.Registries[a]
		})
		got, _ := capability.Marshal(run(t, d, acmeInput()))
		if string(got) != string(want) {
			t.Fatalf("run %d differs:\n%s\n%s", i, got, want)
		}
	}
}

// TestMonotonicity: adding a negative tier-1 finding never lowers the
// risk score, adding a positive one never raises it (seeded random
// facts).
func TestMonotonicity(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	stages := append([]string{""}, evidence.Stages...)
	for i := range 300 {
		w := newWorld()
		if rng.IntN(2) == 0 {
			w.Reg.Records[0].Status = []string{"active", "inactive", "dissolved", "unknown"}[rng.IntN(4)]
		}
		if rng.IntN(3) == 0 {
			w.Sanctions = nil
		}
		if rng.IntN(3) == 0 {
			w.Search.News = []intel.SearchResult{{URL: "https://www.reuters.com/x" + string(rune('a'+rng.IntN(26))), Title: "Acme Trading accused",
				Snippet: "Acme Trading was accused of misconduct.", Published: now.AddDate(0, 0, -rng.IntN(2000))}}
		}
		d := w.deps()
		in := acmeInput()
		n := normalize(in)
		res := intel.Resolve(context.Background(), d.Sources, n.Subject)
		plan := intel.Plan{News: true, Reviews: true, Website: true, Domain: true, Threats: true, Sanctions: true}
		g := intel.Gather(context.Background(), d.Sources, n.Subject, res, plan, now)
		f := Facts{Subject: n.Subject, Resolution: res, Gathered: g, RegistryChecked: true, NewsChecked: true, ReviewsChecked: true,
			SanctionsChecked: d.Sources.Sanctions != nil, WebsiteChecked: g.Site.Checked, DomainChecked: g.DomainChecked, ThreatsChecked: g.ThreatsChecked}
		before := Evaluate(f, DefaultWeights(), now)
		for _, pol := range []string{evidence.Negative, evidence.Positive} {
			it := evidence.Item{Source: "fixture", URL: "https://www.gov.uk/finding/" + string(rune('a'+i%26)) + pol, Title: "Acme Trading finding",
				Excerpt: "Acme Trading finding " + pol, Tier: evidence.TierOfficial, Category: []string{evidence.CatRegulatory, evidence.CatCourt}[rng.IntN(2)],
				Polarity: pol, LegalStage: stages[rng.IntN(len(stages))], PublishedAt: evidence.Stamp(now.AddDate(0, 0, -rng.IntN(3000)))}
			it.Finish()
			it.DecayWeight, it.Stale = evidence.Decay(it.Category, it.When(), now)
			f2 := f
			f2.Gathered.Items = append(slices.Clone(f.Gathered.Items), it)
			evidence.Sort(f2.Gathered.Items)
			after := Evaluate(f2, DefaultWeights(), now)
			if before.RiskScore == nil || after.RiskScore == nil {
				t.Fatalf("case %d: no score", i)
			}
			if pol == evidence.Negative && *after.RiskScore < *before.RiskScore {
				t.Fatalf("case %d: negative finding lowered %d -> %d", i, *before.RiskScore, *after.RiskScore)
			}
			if pol == evidence.Positive && *after.RiskScore > *before.RiskScore {
				t.Fatalf("case %d: positive finding raised %d -> %d", i, *before.RiskScore, *after.RiskScore)
			}
		}
	}
}

// TestCharge: the charge follows what the score rests on
// (dalil.DecideEvidence over Output.Basis), issue 30 item 1: a score on
// the demo sanctions list alone is answered and not charged.
func TestCharge(t *testing.T) {
	oman := Input{CompanyName: "Oman Flour Mills", Country: "OM", Website: "https://omanflourmills.example"}
	for _, c := range []struct {
		name    string
		in      Input
		sources func(w *world) intel.Sources
		charge  bool
		reason  string
	}{
		{"every provider", acmeInput(), func(w *world) intel.Sources { return w.Sources() }, true, ""},
		{"demo sanctions list only", oman, func(w *world) intel.Sources {
			w.Sanctions.Synthetic = true
			return intel.Sources{Sanctions: w.Sanctions}
		}, false, dalil.NotChargedSyntheticOnly},
		{"real sanctions lists only", oman, func(w *world) intel.Sources { return intel.Sources{Sanctions: w.Sanctions} }, true, ""},
		{"demo list and a register", acmeInput(), func(w *world) intel.Sources {
			w.Sanctions.Synthetic = true
			return intel.Sources{Sanctions: w.Sanctions, Registries: []intel.Registry{w.Reg}}
		}, true, ""},
		{"demo list and evidence supplied", Input{CompanyName: "Oman Flour Mills", Country: "OM", Website: "https://omanflourmills.example",
			Evidence: []evidence.Supplied{{URL: "https://news.example/a", Title: "Oman Flour Mills results", Excerpt: "Oman Flour Mills reported a profit."}}},
			func(w *world) intel.Sources {
				w.Sanctions.Synthetic = true
				return intel.Sources{Sanctions: w.Sanctions}
			}, true, ""},
		{"nothing configured", acmeInput(), func(*world) intel.Sources { return intel.Sources{} }, false, "insufficient_data"},
	} {
		t.Run(c.name, func(t *testing.T) {
			o := run(t, Deps{Sources: c.sources(newWorld())}, c.in)
			charge, reason := dalil.DecideEvidence(o.Basis())
			if charge != c.charge || reason != c.reason {
				t.Errorf("DecideEvidence = %v %q, want %v %q; status %s basis %+v", charge, reason, c.charge, c.reason, o.Status, o.Basis())
			}
		})
	}
}
