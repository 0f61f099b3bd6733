package companyintel

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"dalil"
	"dalil/capability"
	"dalil/internal/intel"
	"dalil/internal/intel/inteltest"
)

var now = inteltest.Now

func TestResearch(t *testing.T) {
	t.Run("no web search: 503", func(t *testing.T) {
		_, err := Research(context.Background(), Deps{}, ResearchInput{Company: "Acme"}, now)
		if dalil.ErrorCode(err) != dalil.CodeProviderNotConfigured {
			t.Errorf("err %v", err)
		}
	})
	w := inteltest.NewWorld()
	w.Search.Web = []intel.SearchResult{
		{URL: "https://www.ft.com/acme-profile", Title: "Acme Trading profile", Snippet: "Acme Trading, based in London, sells office supplies. Its chief executive is Jane Doe.", Published: inteltest.Date("2026-05-20")},
		{URL: "https://www.reuters.com/acme-suit", Title: "Acme Trading sued by landlord", Snippet: "A landlord sued Acme Trading over unpaid rent.", Published: inteltest.Date("2026-04-01")},
		{URL: "https://www.nairobinews.example.org/acme", Title: "Acme Trading Nairobi, Kenya opens", Snippet: "Acme Trading opened a shop in Nairobi, Kenya."},
	}
	w.LLM.Claims = []intel.Claim{
		{Field: "leader", Value: "Jane Doe", Detail: "chief executive", Quote: "Its chief executive is  Jane Doe.", Doc: 0},
		{Field: "headquarters", Value: "London", Quote: "Acme Trading, based in London", Doc: 0},
		{Field: "leader", Value: "John Smith", Detail: "founder", Quote: "founded by John Smith", Doc: 0}, // not in the source
		{Field: "product", Value: "Rockets", Quote: "sells office supplies", Doc: 0},                      // value not in quote
	}
	s := w.Sources()
	s.LLM = w.LLM
	out, err := Research(context.Background(), Deps{Sources: s}, ResearchInput{Company: "Acme Trading", Country: "GB", Depth: "quick"}, now)
	if err != nil {
		t.Fatal(err)
	}
	if w.Search.Calls() != 1 {
		t.Errorf("quick made %d searches", w.Search.Calls())
	}
	if len(out.Leadership) != 1 || out.Leadership[0].Name != "Jane Doe" || out.Leadership[0].SourceURL != "https://www.ft.com/acme-profile" {
		t.Errorf("leadership %+v", out.Leadership)
	}
	if out.Company.Headquarters == nil || *out.Company.Headquarters != "London" || len(out.ProductsAndServices) != 0 {
		t.Errorf("company %+v products %v", out.Company, out.ProductsAndServices)
	}
	if !slices.ContainsFunc(out.Limitations, func(l string) bool { return strings.HasPrefix(l, "2 extracted claims were dropped") }) {
		t.Errorf("limitations %v", out.Limitations)
	}
	// 2 sources kept (the Kenyan namesake is set aside): 0.15 + 0.10 + 0.3.
	if len(out.Sources) != 2 || out.Confidence != 0.55 || out.DataMode != "live" {
		t.Errorf("sources %d confidence %v", len(out.Sources), out.Confidence)
	}
	if len(out.RiskFlags) != 1 || out.RiskFlags[0].LegalStage != "lawsuit" {
		t.Errorf("risk flags %+v", out.RiskFlags)
	}
	if out.DataFreshness.LatestSourceDate == nil || *out.DataFreshness.LatestSourceDate != "2026-05-20" || *out.DataFreshness.FreshnessDays != 12 {
		t.Errorf("freshness %+v", out.DataFreshness)
	}
	// Without an LLM: sources only, no synthesis bonus.
	out2, _ := Research(context.Background(), Deps{Sources: w.Sources()}, ResearchInput{Company: "Acme Trading", Country: "GB", Depth: "deep"}, now)
	if out2.Overview != nil || len(out2.Leadership) != 0 || out2.Confidence != 0.25 {
		t.Errorf("no-LLM answer %+v", out2)
	}
}

func TestFind(t *testing.T) {
	e := FindEntry(Deps{})
	for _, body := range []string{`{}`, `{"query":"a","employeeMin":10,"employeeMax":5}`, `{"limit":0,"query":"x"}`, `{"keywords":["a","b","c","d","e","f","g","h","i","j","k"]}`} {
		if _, err := e.Decode([]byte(body)); dalil.ErrorCode(err) != dalil.CodeInvalidInput {
			t.Errorf("%s: %v", body, err)
		}
	}
	if _, err := Find(context.Background(), Deps{}, FindInput{Query: "Acme"}, now); dalil.ErrorCode(err) != dalil.CodeProviderNotConfigured {
		t.Errorf("no sources: %v", err)
	}
	w := inteltest.NewWorld()
	w.Search.Web = []intel.SearchResult{{URL: "https://www.ft.com/uk-stationers", Title: "UK stationery wholesalers",
		Snippet: "Leading wholesalers include Papyrus Supplies and Acme Trading."}}
	w.LLM.Claims = []intel.Claim{{Field: "company", Value: "Papyrus Supplies", Quote: "Leading wholesalers include Papyrus Supplies", Doc: 0},
		{Field: "company", Value: "Ghost Ltd", Quote: "Ghost Ltd is a wholesaler", Doc: 0}}
	s := w.Sources()
	s.LLM = w.LLM
	out, err := Find(context.Background(), Deps{Sources: s}, FindInput{Query: "Acme Trading", Country: "GB", Limit: 50}, now)
	if err != nil {
		t.Fatal(err)
	}
	if out.RequestedLimit != 50 || out.AppliedLimit != 20 {
		t.Errorf("limits %d %d", out.RequestedLimit, out.AppliedLimit)
	}
	var names []string
	for _, c := range out.Companies {
		names = append(names, c.Name)
	}
	if !slices.Equal(names, []string{"ACME TRADING LIMITED", "Papyrus Supplies"}) || out.Companies[0].SourceTier != 1 || out.Companies[1].Quote == nil {
		t.Errorf("companies %+v", out.Companies)
	}
	notApplied := func(o FindOutput) bool {
		return slices.ContainsFunc(o.Limitations, func(l string) bool { return strings.Contains(l, "employeeMin and employeeMax were not applied") })
	}
	if notApplied(out) {
		t.Errorf("no head-count bounds given, yet limitations say they were not applied: %q", out.Limitations)
	}
	// Head-count bounds are accepted (the reference service's input) but
	// filter nothing, and the answer says so.
	sized, err := Find(context.Background(), Deps{Sources: s}, FindInput{Query: "Acme Trading", Country: "GB", EmployeeMin: ptrInt(10), EmployeeMax: ptrInt(50)}, now)
	if err != nil {
		t.Fatal(err)
	}
	if len(sized.Companies) != len(out.Companies) || !notApplied(sized) {
		t.Errorf("with employeeMin/employeeMax: %d companies (want %d, unfiltered), limitations %q", len(sized.Companies), len(out.Companies), sized.Limitations)
	}
}

func ptrInt(n int) *int { return &n }

func TestAnalyze(t *testing.T) {
	if _, err := Analyze(context.Background(), Deps{}, RiskInput{Company: "Acme"}, now); dalil.ErrorCode(err) != dalil.CodeProviderNotConfigured {
		t.Errorf("nothing configured: %v", err)
	}
	status := func(o RiskOutput) map[string]string {
		m := map[string]string{}
		for _, c := range o.Checks {
			m[c.Check] = c.Status
		}
		return m
	}
	t.Run("only sanctions configured", func(t *testing.T) {
		w := inteltest.NewWorld()
		o, err := Analyze(context.Background(), Deps{Sources: intel.Sources{Sanctions: w.Sanctions}}, RiskInput{Company: "Acme Trading Ltd", Website: "acmetrading.co.uk"}, now)
		if err != nil {
			t.Fatal(err)
		}
		st := status(o)
		if st["sanctions"] != "performed" || st["adverse_news"] != "not_configured" || st["domain"] != "not_configured" || o.Confidence != 0.13 || o.DataMode != "partial" {
			t.Errorf("statuses %v confidence %v", st, o.Confidence)
		}
	})
	t.Run("website only: identity and sanctions not applicable", func(t *testing.T) {
		w := inteltest.NewWorld()
		o, err := Analyze(context.Background(), Deps{Sources: w.Sources()}, RiskInput{Website: "https://acmetrading.co.uk", Checks: []string{"corporate_identity", "sanctions", "domain", "website"}}, now)
		if err != nil {
			t.Fatal(err)
		}
		st := status(o)
		if st["corporate_identity"] != "not_applicable" || st["sanctions"] != "not_applicable" || st["domain"] != "performed" || st["website"] != "performed" {
			t.Errorf("statuses %v", st)
		}
		if w.Reg.Calls() != 0 {
			t.Error("a register was asked without a company name")
		}
	})
	t.Run("ambiguous: 409, nothing else called", func(t *testing.T) {
		w := inteltest.NewWorld()
		other := inteltest.AcmeRecord()
		other.Number = "07654321"
		w.Reg.Records = append(w.Reg.Records, other)
		_, err := Analyze(context.Background(), Deps{Sources: w.Sources()}, RiskInput{Company: "Acme Trading", Country: "GB", Website: "acmetrading.co.uk"}, now)
		if dalil.ErrorCode(err) != dalil.CodeAmbiguousEntity || w.Search.Calls()+w.Site.Calls()+w.Domain.Calls()+w.SB.Calls()+w.Sanctions.Calls() != 0 {
			t.Errorf("err %v calls %d", err, w.Calls())
		}
	})
	t.Run("evidence tiers and severity, no verdict", func(t *testing.T) {
		w := inteltest.NewWorld()
		w.SB.Threats = []intel.Threat{{URL: inteltest.SiteURL, Type: "SOCIAL_ENGINEERING"}}
		w.Sanctions.Entries = []inteltest.Entry{{Name: "Acme Trading", List: "OFAC SDN", Countries: []string{"IR"}}}
		w.Search.News = []intel.SearchResult{
			{URL: "https://www.bbc.co.uk/acme", Title: "Acme Trading accused of mis-selling", Snippet: "Customers accused Acme Trading of mis-selling."},
			{URL: "https://www.ft.com/acme", Title: "Acme Trading faces claims", Snippet: "Acme Trading faces allegations from suppliers."}}
		o, err := Analyze(context.Background(), Deps{Sources: w.Sources()}, RiskInput{Company: "Acme Trading Ltd", Website: "acmetrading.co.uk", Country: "GB"}, now)
		if err != nil {
			t.Fatal(err)
		}
		by := map[string]Check{}
		for _, c := range o.Checks {
			by[c.Check] = c
		}
		if by["security_signals"].Severity != "high" || by["security_signals"].Evidence[0].Tier != "confirmed_evidence" {
			t.Errorf("security %+v", by["security_signals"])
		}
		if by["sanctions"].Severity != "low" || by["sanctions"].Evidence[0].Tier != "automated_indicator" {
			t.Errorf("sanctions %+v", by["sanctions"])
		}
		if by["adverse_news"].Severity != "medium" || len(by["adverse_news"].Evidence) != 2 || by["adverse_news"].Evidence[0].Tier != "public_allegation" {
			t.Errorf("adverse news %+v", by["adverse_news"])
		}
		if o.Confidence != 1 || len(o.Checks) != 8 {
			t.Errorf("confidence %v checks %d", o.Confidence, len(o.Checks))
		}
		b, _ := capability.Marshal(o)
		for _, word := range []string{`"safe"`, `"unsafe"`, "is safe", "is unsafe", "verdict\":"} {
			if strings.Contains(strings.ToLower(string(b)), word) {
				t.Errorf("answer contains %q", word)
			}
		}
	})
}

// searchFailures are the ways a web search engine fails, each with the
// code and Retry-After the capability answers when nothing was found.
var searchFailures = []struct {
	name       string
	err        error
	code       dalil.Code
	retryAfter string
}{
	{"rate limited", fmt.Errorf("brave_search: %w", intel.ErrRateLimited), dalil.CodeRateLimited, "60"},
	{"unavailable", fmt.Errorf("brave_search: %w", intel.ErrUnavailable), dalil.CodeProviderUnavailable, ""},
	{"timeout", fmt.Errorf("brave_search: %w", intel.ErrTimeout), dalil.CodeProviderTimeout, ""},
	{"deadline", context.DeadlineExceeded, dalil.CodeProviderTimeout, ""},
	{"other", errors.New("boom"), dalil.CodeProviderUnavailable, ""},
}

// TestResearchSearchFailed: when every web search engine fails and
// nothing was found, research_company answers the failure's code (not
// an empty, charged answer); one engine answering is enough for a 200.
func TestResearchSearchFailed(t *testing.T) {
	for _, c := range searchFailures {
		t.Run(c.name, func(t *testing.T) {
			w := inteltest.NewWorld()
			w.Search.Err = c.err
			_, err := Research(context.Background(), Deps{Sources: w.Sources()}, ResearchInput{Company: "Acme Trading", Country: "GB"}, now)
			var de *dalil.Error
			if !errors.As(err, &de) || de.Code != c.code || de.Headers["Retry-After"] != c.retryAfter {
				t.Fatalf("err %#v, want %s (Retry-After %q)", err, c.code, c.retryAfter)
			}
			if !strings.Contains(de.Message, "No payment was taken") || fmt.Sprint(de.Details) != "map[providersFailed:[brave]]" {
				t.Errorf("message %q details %v", de.Message, de.Details)
			}
		})
	}
	// Two engines, one failing: the other's results are the answer.
	w := inteltest.NewWorld()
	w.Search.Web = []intel.SearchResult{{URL: "https://www.ft.com/acme", Title: "Acme Trading profile", Snippet: "Acme Trading sells office supplies in London."}}
	broken := inteltest.NewWorld()
	broken.Search.Err = intel.ErrUnavailable
	broken.Search.ID = "tavily"
	s := w.Sources()
	s.Searchers = append(s.Searchers, broken.Sources().Searchers...)
	out, err := Research(context.Background(), Deps{Sources: s}, ResearchInput{Company: "Acme Trading", Country: "GB"}, now)
	if err != nil || len(out.Sources) != 1 || !slices.ContainsFunc(out.Limitations, func(l string) bool { return strings.HasPrefix(l, "Search failed on:") }) {
		t.Errorf("one engine failing: %v %+v", err, out)
	}
}

// TestFindSourcesFailed: when every source find_companies asked failed
// (web search; the registers too when a query names the company) and
// nothing was found, it answers the failure's code and is not charged,
// as research_company does (one rule: intel.SourcesFailed); any source
// answering, even with nothing, is a 200.
func TestFindSourcesFailed(t *testing.T) {
	for _, c := range searchFailures {
		t.Run(c.name, func(t *testing.T) {
			// Web search only, with and without an LLM.
			for _, llm := range []bool{false, true} {
				w := inteltest.NewWorld()
				w.Search.Err = c.err
				s := intel.Sources{Searchers: w.Sources().Searchers}
				if llm {
					s.LLM = w.LLM
				}
				out, err := Find(context.Background(), Deps{Sources: s}, FindInput{Industry: "office supplies", City: "London", Country: "GB"}, now)
				var de *dalil.Error
				if !errors.As(err, &de) || de.Code != c.code || de.Headers["Retry-After"] != c.retryAfter {
					t.Fatalf("llm %v: %#v %+v, want %s (Retry-After %q)", llm, err, out, c.code, c.retryAfter)
				}
				if !strings.Contains(de.Message, "No payment was taken") || fmt.Sprint(de.Details) != "map[providersFailed:[brave]]" {
					t.Errorf("message %q details %v", de.Message, de.Details)
				}
				if w.LLM.Calls() != 0 {
					t.Errorf("the LLM was asked about nothing")
				}
			}
			// A query: the registers are asked too; all failing is the
			// same error, naming every source.
			w := inteltest.NewWorld()
			w.Search.Err, w.Reg.Err, w.GLEIF.Err = c.err, c.err, c.err
			_, err := Find(context.Background(), Deps{Sources: w.Sources()}, FindInput{Query: "Acme Trading", Country: "GB"}, now)
			var de *dalil.Error
			if !errors.As(err, &de) || de.Code != c.code || fmt.Sprint(de.Details) != "map[providersFailed:[brave companies_house gleif]]" {
				t.Errorf("registers and search failing: %#v", err)
			}
		})
	}
	// A register answering (with Acme, or with nothing) while search
	// fails: a 200 that says search failed.
	for _, records := range [][]intel.Record{{inteltest.AcmeRecord()}, nil} {
		w := inteltest.NewWorld()
		w.Search.Err = intel.ErrUnavailable
		w.Reg.Records = records
		out, err := Find(context.Background(), Deps{Sources: w.Sources()}, FindInput{Query: "Acme Trading", Country: "GB"}, now)
		if err != nil || len(out.Companies) != len(records) || !slices.ContainsFunc(out.Limitations, func(l string) bool { return strings.HasPrefix(l, "Search failed on:") }) {
			t.Errorf("register answering %d records, search failing: %v %+v", len(records), err, out)
		}
	}
	// Every register failing while search finds sources: a 200.
	w := inteltest.NewWorld()
	w.Reg.Err, w.GLEIF.Err = intel.ErrUnavailable, intel.ErrUnavailable
	out, err := Find(context.Background(), Deps{Sources: w.Sources()}, FindInput{Query: "Acme Trading", Country: "GB"}, now)
	if err != nil || len(out.Sources) != 1 {
		t.Errorf("registers failing, search answering: %v %+v", err, out)
	}
}

// TestAnalyzeSourcesFailed: analyze_company_risk with web search as the
// only source of its checks, every search failing: no check performed,
// so the failure's error (not a charged list of unavailable checks); a
// check performed from another source keeps it a 200.
func TestAnalyzeSourcesFailed(t *testing.T) {
	w := inteltest.NewWorld()
	w.Search.Err = fmt.Errorf("brave_search: %w", intel.ErrRateLimited)
	s := intel.Sources{Searchers: w.Sources().Searchers}
	out, err := Analyze(context.Background(), Deps{Sources: s}, RiskInput{Company: "Acme Trading", Country: "GB"}, now)
	var de *dalil.Error
	if !errors.As(err, &de) || de.Code != dalil.CodeRateLimited || de.Headers["Retry-After"] != "60" || fmt.Sprint(de.Details) != "map[providersFailed:[brave]]" ||
		!strings.Contains(de.Message, "No payment was taken") {
		t.Fatalf("every search failing: %#v %+v", err, out)
	}
	// The register answering: corporate_identity is performed.
	s.Registries = w.Sources().Registries
	out, err = Analyze(context.Background(), Deps{Sources: s}, RiskInput{Company: "Acme Trading", Country: "GB"}, now)
	if err != nil || out.Confidence == 0 || out.DataMode != "partial" {
		t.Errorf("register answering, search failing: %v %+v", err, out)
	}
}

// unpaidReason is why the answer is not charged (dalil.DecideEvidence
// over its capability.Evidenced basis), "" when it is charged.
func unpaidReason(v any) string {
	e, ok := v.(capability.Evidenced)
	if !ok {
		return "not evidenced"
	}
	charge, reason := dalil.DecideEvidence(e.Basis())
	if charge {
		return ""
	}
	return reason
}

// jsonKeys are the top-level keys of v's JSON, and whether the listed
// ones are empty arrays (not null).
func jsonKeys(t *testing.T, v any, arrays ...string) []string {
	t.Helper()
	b, err := capability.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	for _, a := range arrays {
		if string(m[a]) != "[]" {
			t.Errorf("%s is %s, want []", a, m[a])
		}
	}
	var keys []string
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// TestFindNoSourceToAsk: registers configured, no web search, and the
// request is one no register can be asked for (no query, or no register
// covering the country): no source is asked, and the answer (every
// output field, no company, dataMode not_configured, the missing source
// in limitations) is not charged. A register that covers the country
// and answers with no match stays a charged, honest "nothing found".
func TestFindNoSourceToAsk(t *testing.T) {
	chOnly := func(w *inteltest.World) intel.Sources { return intel.Sources{Registries: []intel.Registry{w.Reg}} }
	registers := func(w *inteltest.World) intel.Sources {
		return intel.Sources{Registries: []intel.Registry{w.Reg, w.GLEIF}}
	}
	for _, c := range []struct {
		name    string
		sources func(*inteltest.World) intel.Sources
		in      FindInput
		why     string // in limitations
	}{
		{"query, no register covers the country", chOnly, FindInput{Query: "Acme Trading", Country: "FR"},
			"no configured company register (companies_house) covers country FR, and no web search provider is configured"},
		{"query, no country, no register covers every country", chOnly, FindInput{Query: "Acme Trading"},
			"no configured company register (companies_house) covers every country (give country)"},
		{"no query: registers are not asked", registers, FindInput{Industry: "office supplies", City: "London", Country: "GB"},
			"company registers are searched by name only (give query, the company's name), and no web search provider is configured"},
	} {
		t.Run(c.name, func(t *testing.T) {
			w := inteltest.NewWorld()
			out, err := Find(context.Background(), Deps{Sources: c.sources(w)}, c.in, now)
			if err != nil {
				t.Fatal(err)
			}
			if w.Calls() != 0 {
				t.Errorf("%d sources asked", w.Calls())
			}
			if r := unpaidReason(out); r != NoSourceReason {
				t.Errorf("unpaid reason %q, want %q (charged for an answer no source was asked for): %+v", r, NoSourceReason, out)
			}
			if out.DataMode != "not_configured" || out.TotalFound != 0 || out.Cached || out.AppliedLimit != 20 || out.RequestedLimit != 20 {
				t.Errorf("answer %+v", out)
			}
			if !slices.ContainsFunc(out.Limitations, func(l string) bool {
				return strings.HasPrefix(l, "No source could be asked, so nothing was charged: ") && strings.Contains(l, c.why)
			}) {
				t.Errorf("limitations %q, want one saying %q", out.Limitations, c.why)
			}
			want := []string{"appliedLimit", "cached", "companies", "dataMode", "limitations", "requestedLimit", "sources", "totalFound"}
			if k := jsonKeys(t, out, "companies", "sources"); !slices.Equal(k, want) {
				t.Errorf("fields %v, want %v", k, want)
			}
		})
	}
	// Neighbours that stay charged: a source was asked and answered.
	for _, c := range []struct {
		name    string
		sources func(*inteltest.World) intel.Sources
		in      FindInput
		found   int
		asked   func(*inteltest.World) int
	}{
		{"register covering GB answers no match", chOnly, FindInput{Query: "Nobody Stationers", Country: "GB"}, 0, func(w *inteltest.World) int { return w.Reg.Calls() }},
		{"register covering GB finds Acme", chOnly, FindInput{Query: "Acme Trading", Country: "GB"}, 1, func(w *inteltest.World) int { return w.Reg.Calls() }},
		{"register covering every country answers no match", registers, FindInput{Query: "Acme Trading", Country: "FR"}, 0, func(w *inteltest.World) int { return w.GLEIF.Calls() }},
		{"web search only, no result", func(w *inteltest.World) intel.Sources {
			w.Search.Web = nil
			return intel.Sources{Searchers: w.Sources().Searchers}
		}, FindInput{Industry: "office supplies", Country: "FR"}, 0, func(w *inteltest.World) int { return w.Search.Calls() }},
	} {
		t.Run(c.name, func(t *testing.T) {
			w := inteltest.NewWorld()
			out, err := Find(context.Background(), Deps{Sources: c.sources(w)}, c.in, now)
			if err != nil {
				t.Fatal(err)
			}
			if r := unpaidReason(out); r != "" || out.DataMode != "live" || len(out.Companies) != c.found || c.asked(w) == 0 {
				t.Errorf("unpaid %q, dataMode %s, %d companies (want %d), asked %d: %+v", r, out.DataMode, len(out.Companies), c.found, c.asked(w), out)
			}
		})
	}
}

// TestAnalyzeNothingApplicable: analyze_company_risk whose every
// requested check with a configured source needs a company name or a
// website the request lacks asks no source and answers each check's
// status with confidence 0 and dataMode not_configured, not charged.
// One check that can run keeps it charged; no source at all for the
// requested checks stays 503.
func TestAnalyzeNothingApplicable(t *testing.T) {
	sanctionsOnly := func(w *inteltest.World) intel.Sources { return intel.Sources{Sanctions: w.Sanctions} }
	all := func(w *inteltest.World) intel.Sources { return w.Sources() }
	status := func(o RiskOutput) map[string]string {
		m := map[string]string{}
		for _, c := range o.Checks {
			m[c.Check] = c.Status
		}
		return m
	}
	for _, c := range []struct {
		name    string
		sources func(*inteltest.World) intel.Sources
		in      RiskInput
		want    map[string]string
		why     string
	}{
		{"sanctions only, website only", sanctionsOnly, RiskInput{Website: "acmetrading.co.uk"},
			map[string]string{"corporate_identity": "not_applicable", "domain": "not_configured", "website": "not_configured", "sanctions": "not_applicable",
				"adverse_news": "not_configured", "security_signals": "not_configured", "reputation": "not_configured", "legal_signals": "not_configured"},
			"sanctions (configured here) needs a company name (give company); no source is configured here for corporate_identity, domain, website, adverse_news, security_signals, reputation, legal_signals."},
		{"every source, website only, name checks", all, RiskInput{Website: "https://acmetrading.co.uk", Checks: []string{"sanctions", "corporate_identity"}},
			map[string]string{"corporate_identity": "not_applicable", "sanctions": "not_applicable"},
			"corporate_identity, sanctions (configured here) need a company name (give company)."},
		{"every source, company only, site checks", all, RiskInput{Company: "Acme Trading Ltd", Country: "GB", Checks: []string{"domain", "website", "security_signals"}},
			map[string]string{"domain": "not_applicable", "website": "not_applicable", "security_signals": "not_applicable"},
			"domain, website, security_signals (configured here) need a website (give website)."},
		{"registers only, website only", func(w *inteltest.World) intel.Sources { return intel.Sources{Registries: w.Sources().Registries} },
			RiskInput{Website: "acmetrading.co.uk", Checks: []string{"corporate_identity", "domain"}},
			map[string]string{"corporate_identity": "not_applicable", "domain": "not_configured"},
			"corporate_identity (configured here) needs a company name (give company); no source is configured here for domain."},
	} {
		t.Run(c.name, func(t *testing.T) {
			w := inteltest.NewWorld()
			out, err := Analyze(context.Background(), Deps{Sources: c.sources(w)}, c.in, now)
			if err != nil {
				t.Fatal(err)
			}
			if w.Calls() != 0 {
				t.Errorf("%d sources asked", w.Calls())
			}
			if r := unpaidReason(out); r != NoSourceReason {
				t.Errorf("unpaid reason %q, want %q (charged for nothing assessed): %+v", r, NoSourceReason, out)
			}
			if st := status(out); fmt.Sprint(st) != fmt.Sprint(c.want) {
				t.Errorf("statuses %v, want %v", st, c.want)
			}
			if out.Confidence != 0 || out.DataMode != "not_configured" || out.Cached {
				t.Errorf("answer %+v", out)
			}
			for _, ch := range out.Checks {
				if ch.Severity != "none" || ch.Summary == "" || ch.Findings == nil || ch.Evidence == nil {
					t.Errorf("check %+v", ch)
				}
			}
			if !slices.ContainsFunc(out.Limitations, func(l string) bool {
				return strings.HasPrefix(l, "No check could be run for this request, so no source was asked and nothing was charged: ") && strings.HasSuffix(l, c.why)
			}) {
				t.Errorf("limitations %q, want one ending %q", out.Limitations, c.why)
			}
			want := []string{"cached", "checks", "company", "confidence", "dataMode", "excludedPossibleOtherEntity", "limitations", "providers", "website"}
			if k := jsonKeys(t, out, "providers", "excludedPossibleOtherEntity"); !slices.Equal(k, want) {
				t.Errorf("fields %v, want %v", k, want)
			}
		})
	}
	// Neighbours that stay charged: a check could run.
	for _, c := range []struct {
		name    string
		sources func(*inteltest.World) intel.Sources
		in      RiskInput
	}{
		{"sanctions only, a company name with no match", sanctionsOnly, RiskInput{Company: "Nobody Stationers Ltd", Website: "nobody.example"}},
		{"every source, website only, one site check", all, RiskInput{Website: "https://acmetrading.co.uk", Checks: []string{"sanctions", "domain"}}},
		{"registers only, a company no register holds", func(w *inteltest.World) intel.Sources { return intel.Sources{Registries: w.Sources().Registries} },
			RiskInput{Company: "Nobody Stationers Ltd", Country: "GB"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			w := inteltest.NewWorld()
			out, err := Analyze(context.Background(), Deps{Sources: c.sources(w)}, c.in, now)
			if err != nil {
				t.Fatal(err)
			}
			if r := unpaidReason(out); r != "" || out.DataMode == "not_configured" || out.Confidence == 0 || w.Calls() == 0 {
				t.Errorf("unpaid %q, asked %d: %+v", r, w.Calls(), out)
			}
		})
	}
	// No source at all for the requested checks: 503, as before.
	w := inteltest.NewWorld()
	if _, err := Analyze(context.Background(), Deps{Sources: sanctionsOnly(w)}, RiskInput{Website: "acmetrading.co.uk", Checks: []string{"domain"}}, now); dalil.ErrorCode(err) != dalil.CodeProviderNotConfigured {
		t.Errorf("no source for the requested check: %v", err)
	}
}

// TestAnalyzeSanctionsWithoutList: a sanctions source with no list
// imported screens nothing. The check says so (not_configured, "no list
// imported"), never "performed"; when it was the only check that could
// run, nothing was assessed and the answer is not charged. With a list,
// the same request is a performed, charged screening.
func TestAnalyzeSanctionsWithoutList(t *testing.T) {
	in := RiskInput{Company: "Acme Trading Ltd", Country: "GB", Checks: []string{"sanctions"}}
	for _, c := range []struct {
		name   string
		lists  []string
		status string
		unpaid bool
	}{
		{"no list imported", nil, "not_configured", true},
		{"a list imported", []string{"UN consolidated"}, "performed", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			sanctions := &inteltest.Sanctions{Lists: c.lists}
			out, err := Analyze(context.Background(), Deps{Sources: intel.Sources{Sanctions: sanctions}}, in, now)
			if err != nil {
				t.Fatal(err)
			}
			if len(out.Checks) != 1 || out.Checks[0].Status != c.status {
				t.Fatalf("checks %+v, want sanctions %s", out.Checks, c.status)
			}
			reason := unpaidReason(out)
			if c.unpaid {
				if reason != NoSourceReason || out.DataMode != "not_configured" || out.Confidence != 0 {
					t.Errorf("unpaid %q, dataMode %s, confidence %v: want an uncharged answer", reason, out.DataMode, out.Confidence)
				}
				if s := out.Checks[0].Summary; !strings.Contains(s, "no list imported") {
					t.Errorf("summary %q does not say why", s)
				}
			} else if reason != "" || out.Confidence != 1 {
				t.Errorf("unpaid %q, confidence %v: want a charged, performed screening", reason, out.Confidence)
			}
		})
	}
}

// TestCharge: each answer is charged by what it rests on
// (dalil.DecideEvidence over its Basis): research that finds nothing,
// a find or check no source could answer, and a risk check on the demo
// sanctions list alone are answered and not charged (issue 30 items 1
// and 4).
func TestCharge(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		name   string
		run    func(w *inteltest.World) (any, error)
		reason string // "" when charged
	}{
		{"research with results", func(w *inteltest.World) (any, error) {
			return Research(ctx, Deps{Sources: w.Sources()}, ResearchInput{Company: "Acme Trading", Country: "GB", Depth: "quick"}, now)
		}, ""},
		{"research that finds nothing", func(w *inteltest.World) (any, error) {
			w.Search.Web = nil
			return Research(ctx, Deps{Sources: w.Sources()}, ResearchInput{Company: "Some Unknown Co", Country: "OM", Depth: "quick"}, now)
		}, NothingFoundReason},
		{"find through a register", func(w *inteltest.World) (any, error) {
			return Find(ctx, Deps{Sources: intel.Sources{Registries: []intel.Registry{w.Reg}}}, FindInput{Query: "Acme Trading", Country: "GB"}, now)
		}, ""},
		{"find with no source for the country", func(w *inteltest.World) (any, error) {
			return Find(ctx, Deps{Sources: intel.Sources{Registries: []intel.Registry{w.Reg}}}, FindInput{Query: "Acme Trading", Country: "OM"}, now)
		}, NoSourceReason},
		{"risk on real sanctions lists", func(w *inteltest.World) (any, error) {
			return Analyze(ctx, Deps{Sources: intel.Sources{Sanctions: w.Sanctions}}, RiskInput{Company: "Some Unknown Co", Country: "OM"}, now)
		}, ""},
		{"risk on the demo sanctions list only", func(w *inteltest.World) (any, error) {
			w.Sanctions.Synthetic = true
			return Analyze(ctx, Deps{Sources: intel.Sources{Sanctions: w.Sanctions}}, RiskInput{Company: "Some Unknown Co", Country: "OM"}, now)
		}, dalil.NotChargedSyntheticOnly},
		{"risk on the demo list and a register", func(w *inteltest.World) (any, error) {
			w.Sanctions.Synthetic = true
			return Analyze(ctx, Deps{Sources: intel.Sources{Sanctions: w.Sanctions, Registries: []intel.Registry{w.Reg}}}, RiskInput{Company: "Acme Trading", Country: "GB"}, now)
		}, ""},
		{"risk with no applicable check", func(w *inteltest.World) (any, error) {
			return Analyze(ctx, Deps{Sources: intel.Sources{Website: w.Site}}, RiskInput{Company: "Acme Trading", Checks: []string{"website"}}, now)
		}, NoSourceReason},
	} {
		t.Run(c.name, func(t *testing.T) {
			out, err := c.run(inteltest.NewWorld())
			if err != nil {
				t.Fatal(err)
			}
			if r := unpaidReason(out); r != c.reason {
				t.Errorf("not charged for %q, want %q; basis %+v", r, c.reason, out.(capability.Evidenced).Basis())
			}
		})
	}
}
