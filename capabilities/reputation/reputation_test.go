package reputation

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"

	"dalil"
	"dalil/capability"
	"dalil/internal/evidence"
	"dalil/internal/intel"
	"dalil/internal/intel/inteltest"
)

func check(t *testing.T, d Deps, in Input) Output {
	t.Helper()
	o, err := Handle(context.Background(), d, in, inteltest.Now)
	if err != nil {
		t.Fatal(err)
	}
	return o
}

func acme() Input {
	return Input{CompanyName: "Acme Trading Ltd", Country: "United Kingdom", Website: "https://acmetrading.co.uk"}
}

func has(sigs []Signal, code string) bool {
	return slices.ContainsFunc(sigs, func(s Signal) bool { return s.Code == code })
}

func TestNoProviders(t *testing.T) {
	// reference-service.md §2c: no providers -> 50, confidence < 30,
	// insufficient_evidence, INSUFFICIENT_EVIDENCE + PROVIDER_NOT_CONFIGURED.
	o := check(t, Deps{}, acme())
	if o.ReputationScore != 50 || o.ConfidenceScore >= 30 || o.TrustLevel != "insufficient_evidence" {
		t.Errorf("score %d confidence %d trust %s", o.ReputationScore, o.ConfidenceScore, o.TrustLevel)
	}
	if !slices.Contains(o.Warnings, "INSUFFICIENT_EVIDENCE") || !slices.Contains(o.Warnings, "PROVIDER_NOT_CONFIGURED") {
		t.Errorf("warnings %v", o.Warnings)
	}
	if charge, reason := dalil.DecideEvidence(o.Basis()); charge || reason != "no_provider_configured" {
		t.Errorf("charged %v (%q) with no provider", charge, reason)
	}
	if o.Sanctions.Status != "not_checked" {
		t.Errorf("sanctions %s", o.Sanctions.Status)
	}
}

func TestRules(t *testing.T) {
	cases := []struct {
		name   string
		change func(w *inteltest.World, in *Input)
		check  func(t *testing.T, o Output)
	}{
		{"clean company: favourable", func(*inteltest.World, *Input) {}, func(t *testing.T, o Output) {
			if o.TrustLevel != "favorable_public_signals" || o.ReputationScore < 75 || o.ConfidenceScore < 60 {
				t.Errorf("trust %s score %d confidence %d", o.TrustLevel, o.ReputationScore, o.ConfidenceScore)
			}
			if o.CustomerSentiment.Status != "favorable" || o.CustomerSentiment.AverageRating == nil || *o.CustomerSentiment.AverageRating != 4.6 {
				t.Errorf("sentiment %+v", o.CustomerSentiment)
			}
			if charge, reason := dalil.DecideEvidence(o.Basis()); !charge {
				t.Errorf("a real answer is not charged: %s", reason)
			}
		}},
		{"high-confidence sanctions match caps at 20", func(w *inteltest.World, _ *Input) {
			w.Sanctions.Entries = []inteltest.Entry{{Name: "ACME TRADING LIMITED", List: "UK sanctions list", Countries: []string{"GB"}}}
		}, func(t *testing.T, o Output) {
			if o.ReputationScore > 20 || !slices.Contains(o.ScoreBreakdown.CapsApplied, "HIGH_CONFIDENCE_SANCTIONS_MATCH_CAP_20") || o.Sanctions.Status != "high_confidence_match" {
				t.Errorf("score %d caps %v", o.ReputationScore, o.ScoreBreakdown.CapsApplied)
			}
			if o.TrustLevel != "significant_concerns" || !has(o.RedFlags, "SANCTIONS_HIGH_CONFIDENCE_MATCH") {
				t.Errorf("trust %s red flags %+v", o.TrustLevel, o.RedFlags)
			}
		}},
		{"established wrongdoing (tier 2) caps at 35", func(w *inteltest.World, _ *Input) {
			w.Search.News = []intel.SearchResult{{URL: "https://www.reuters.com/acme", Title: "Acme Trading convicted of bribery",
				Snippet: "A London court convicted Acme Trading of bribery.", Published: inteltest.Date("2026-02-01")}}
		}, func(t *testing.T, o Output) {
			if o.ReputationScore > 35 || len(o.AdverseMedia.Items) != 1 || !o.AdverseMedia.Items[0].Established || o.AdverseMedia.Items[0].LegalStage != "conviction" {
				t.Errorf("score %d media %+v", o.ReputationScore, o.AdverseMedia.Items)
			}
		}},
		{"allegation is not established and not capped", func(w *inteltest.World, _ *Input) {
			w.Search.News = []intel.SearchResult{{URL: "https://www.reuters.com/acme-claims", Title: "Acme Trading accused by former staff",
				Snippet: "Former staff accused Acme Trading of unpaid wages.", Published: inteltest.Date("2026-02-01")}}
		}, func(t *testing.T, o Output) {
			if len(o.AdverseMedia.Items) != 1 || o.AdverseMedia.Items[0].Established || o.AdverseMedia.Items[0].LegalStage != "allegation" ||
				o.AdverseMedia.Items[0].StageDescription == "" || len(o.ScoreBreakdown.CapsApplied) != 0 {
				t.Errorf("media %+v caps %v", o.AdverseMedia.Items, o.ScoreBreakdown.CapsApplied)
			}
			if !has(o.NegativeSignals, "ALLEGATION_REPORTED") {
				t.Errorf("signals %+v", o.NegativeSignals)
			}
		}},
		{"namesake abroad set aside", func(w *inteltest.World, _ *Input) {
			w.Search.News = []intel.SearchResult{{URL: "https://www.reuters.com/acme-kenya", Title: "Acme Trading of Nairobi, Kenya charged with fraud",
				Snippet: "Kenyan prosecutors charged Acme Trading, a Nairobi firm, in Kenya.", Published: inteltest.Date("2026-02-01")}}
		}, func(t *testing.T, o Output) {
			if len(o.AdverseMedia.ExcludedPossibleOtherEntity) != 1 || len(o.AdverseMedia.Items) != 0 {
				t.Errorf("excluded %d items %d", len(o.AdverseMedia.ExcludedPossibleOtherEntity), len(o.AdverseMedia.Items))
			}
		}},
		{"possible match: lead, not a cap", func(w *inteltest.World, _ *Input) {
			w.Sanctions.Entries = []inteltest.Entry{{Name: "Acme Trading LLC", List: "OFAC SDN", Countries: []string{"IR"}}}
		}, func(t *testing.T, o Output) {
			if o.Sanctions.Status != "possible_match" || len(o.ScoreBreakdown.CapsApplied) != 0 || !has(o.NegativeSignals, "SANCTIONS_POSSIBLE_MATCH") {
				t.Errorf("sanctions %+v caps %v", o.Sanctions, o.ScoreBreakdown.CapsApplied)
			}
		}},
		{"no registry: confidence capped at 55", func(w *inteltest.World, _ *Input) {
			w.Reg.Records = nil
		}, func(t *testing.T, o Output) {
			if o.ConfidenceScore > 55 || o.Identity.VerifiedAgainstRegistry || !has(o.RedFlags, "IDENTITY_NOT_FOUND_IN_REGISTRY") {
				t.Errorf("confidence %d identity %+v", o.ConfidenceScore, o.Identity)
			}
		}},
		{"parked site, new domain", func(w *inteltest.World, _ *Input) {
			w.Site.Pages[inteltest.SiteURL] = intel.Page{URL: inteltest.SiteURL, FinalURL: inteltest.SiteURL, Status: 200, Text: "Buy this domain"}
			w.Domain.Records["acmetrading.co.uk"] = intel.DomainRecord{Domain: "acmetrading.co.uk", Registered: true, Created: inteltest.Now.AddDate(0, 0, -10)}
		}, func(t *testing.T, o Output) {
			if !has(o.RedFlags, "WEBSITE_PARKED") || !has(o.RedFlags, "DOMAIN_NEWLY_REGISTERED") || o.Scores.OnlinePresence >= 50 || o.Scores.CyberDomain >= 50 {
				t.Errorf("red flags %+v scores %+v", o.RedFlags, o.Scores)
			}
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			w := inteltest.NewWorld()
			in := acme()
			c.change(w, &in)
			c.check(t, check(t, Deps{Sources: w.Sources()}, in))
		})
	}
}

func TestTrustLevels(t *testing.T) {
	// The trust rule on its own: confidence first, then the score bands.
	for _, c := range []struct {
		score, conf int
		want        string
	}{{90, 29, "insufficient_evidence"}, {75, 60, "favorable_public_signals"}, {80, 59, "no_major_concerns_found"}, {60, 40, "no_major_concerns_found"},
		{59, 90, "some_concerns"}, {40, 90, "some_concerns"}, {39, 90, "significant_concerns"}} {
		o := Output{ReputationScore: c.score, ConfidenceScore: c.conf}
		if got := trust(o); got != c.want {
			t.Errorf("score %d confidence %d: %s, want %s", c.score, c.conf, got, c.want)
		}
	}
}

func TestAmbiguousAndValidation(t *testing.T) {
	w := inteltest.NewWorld()
	other := inteltest.AcmeRecord()
	other.Number = "07654321"
	w.Reg.Records = append(w.Reg.Records, other)
	_, err := Handle(context.Background(), Deps{Sources: w.Sources()}, Input{CompanyName: "Acme Trading", Country: "GB"}, inteltest.Now)
	var de *dalil.Error
	if !errors.As(err, &de) || de.Code != dalil.CodeAmbiguousEntity || w.Search.Calls() != 0 || w.Sanctions.Calls() != 0 {
		t.Errorf("err %v, search %d sanctions %d", err, w.Search.Calls(), w.Sanctions.Calls())
	}
	e := Entry(Deps{})
	for _, body := range []string{`{}`, `{"companyName":"!!"}`, `{"companyName":"Acme","website":"https://a.com","domain":"b.com"}`,
		`{"companyName":"Acme","lei":"123"}`, `{"companyName":"Acme","registrationNumber":"#1"}`, `{"companyName":"Acme","x":1}`} {
		if _, err := e.Decode([]byte(body)); dalil.ErrorCode(err) != dalil.CodeInvalidInput {
			t.Errorf("%s: %v", body, err)
		}
	}
}

func TestDeterministic(t *testing.T) {
	mk := func(rev bool) []byte {
		w := inteltest.NewWorld()
		w.Search.News = []intel.SearchResult{{URL: "https://www.ft.com/a", Title: "Acme Trading sued", Snippet: "A supplier sued Acme Trading."},
			{URL: "https://www.bbc.co.uk/b", Title: "Acme Trading fined", Snippet: "Acme Trading was fined by the regulator."}}
		s := w.Sources()
		if rev {
			slices.Reverse(w.Search.News)
			slices.Reverse(s.Registries)
		}
		b, _ := capability.Marshal(check(t, Deps{Sources: s}, acme()))
		return b
	}
	if a, b := mk(false), mk(true); string(a) != string(b) {
		t.Errorf("order changed the answer:\n%s\n%s", a, b)
	}
}

// TestEverySourceFailed: web search the only source and failing, no
// register, website or caller evidence: the failure's error, not a
// charged neutral prior; caller evidence keeps it a 200.
func TestEverySourceFailed(t *testing.T) {
	w := inteltest.NewWorld()
	w.Search.Err = intel.ErrTimeout
	d := Deps{Sources: intel.Sources{Searchers: w.Sources().Searchers}}
	_, err := Handle(context.Background(), d, Input{CompanyName: "Acme Trading Ltd", Country: "GB"}, inteltest.Now)
	var de *dalil.Error
	if !errors.As(err, &de) || de.Code != dalil.CodeProviderTimeout || fmt.Sprint(de.Details) != "map[providersFailed:[brave]]" {
		t.Fatalf("every source failed: %#v", err)
	}
	in := Input{CompanyName: "Acme Trading Ltd", Country: "GB", Evidence: []evidence.Supplied{{Title: "Acme Trading Ltd fined", URL: "https://www.example.com/acme-fined",
		Excerpt: "Acme Trading Ltd was fined for late filings."}}}
	if _, err := Handle(context.Background(), d, in, inteltest.Now); err != nil {
		t.Errorf("with caller evidence: %v", err)
	}
}

// TestCharge: the charge follows what the answer rests on
// (dalil.DecideEvidence over Output.Basis), issue 30 item 1: the demo
// sanctions list alone is never a paid answer.
func TestCharge(t *testing.T) {
	only := func(f func(w *inteltest.World) intel.Sources) func(w *inteltest.World) intel.Sources { return f }
	unknown := Input{CompanyName: "Some Unknown Co", Country: "Oman", Website: "https://someunknown.example"}
	for _, c := range []struct {
		name    string
		in      Input
		sources func(w *inteltest.World) intel.Sources
		charge  bool
		reason  string
	}{
		{"every provider", acme(), only(func(w *inteltest.World) intel.Sources { return w.Sources() }), true, ""},
		{"demo sanctions list only", unknown, only(func(w *inteltest.World) intel.Sources {
			w.Sanctions.Synthetic = true
			return intel.Sources{Sanctions: w.Sanctions}
		}), false, dalil.NotChargedSyntheticOnly},
		{"demo sanctions list and a failing search", unknown, only(func(w *inteltest.World) intel.Sources {
			w.Sanctions.Synthetic = true
			w.Search.Err = intel.ErrTimeout
			return intel.Sources{Sanctions: w.Sanctions, Searchers: []intel.Searcher{w.Search}}
		}), false, dalil.NotChargedSyntheticOnly},
		{"real sanctions lists only", unknown, only(func(w *inteltest.World) intel.Sources {
			return intel.Sources{Sanctions: w.Sanctions}
		}), true, ""},
		{"demo list and evidence supplied", Input{CompanyName: "Some Unknown Co", Country: "Oman", Website: "https://someunknown.example",
			Evidence: []evidence.Supplied{{URL: "https://news.example/a", Title: "Some Unknown Co opens a branch", Excerpt: "Some Unknown Co opened a branch."}}},
			only(func(w *inteltest.World) intel.Sources {
				w.Sanctions.Synthetic = true
				return intel.Sources{Sanctions: w.Sanctions}
			}), true, ""},
		{"nothing configured", acme(), only(func(*inteltest.World) intel.Sources { return intel.Sources{} }), false, "no_provider_configured"},
		// A website whose address the fetch policy refuses (it resolves
		// to a private address) was never asked: no evidence, no charge.
		{"a refused website only", Input{CompanyName: "Some Unknown Co", Country: "Oman", Website: "https://someunknown-co.com"}, only(func(w *inteltest.World) intel.Sources {
			w.Site.Err = intel.ErrRefused
			return intel.Sources{Website: w.Site}
		}), false, dalil.NotChargedNoEvidence},
	} {
		t.Run(c.name, func(t *testing.T) {
			o := check(t, Deps{Sources: c.sources(inteltest.NewWorld())}, c.in)
			if c.name == "a refused website only" {
				for _, s := range append(append(append([]Signal{}, o.NegativeSignals...), o.RedFlags...), o.PositiveSignals...) {
					if s.Code == "WEBSITE_UNREACHABLE" {
						t.Errorf("a website never asked is reported unreachable: %+v", s)
					}
				}
			}
			charge, reason := dalil.DecideEvidence(o.Basis())
			if charge != c.charge || reason != c.reason {
				t.Errorf("DecideEvidence = %v %q, want %v %q; basis %+v", charge, reason, c.charge, c.reason, o.Basis())
			}
		})
	}
}
