package businessrisk

import (
	"context"
	"slices"
	"testing"

	"dalil"
	"dalil/internal/intel"
	"dalil/internal/intel/inteltest"
)

// TestBusinessRiskReferenceFlags raises the reference's business_risk_score
// flags (reference-service.md Part 2 §3 "Flags") that TestFlags and
// TestCleanCompany do not, each from the providers' answers, with its
// category and severity.
func TestBusinessRiskReferenceFlags(t *testing.T) {
	for _, c := range []struct {
		name, flag, category, severity string
		positive                       bool
		change                         func(w *world, in *Input)
	}{
		{"a second register holds the company", "MULTI_REGISTRY_CORROBORATION", "corporate", "low", true, func(w *world, _ *Input) {
			w.GLEIF.Records = []intel.Record{{Registry: "gleif", LEI: "213800ABCDEFGHIJKL12", Number: "01234567", Name: "ACME TRADING LIMITED", Country: "GB", LEIStatus: "ISSUED"}}
		}},
		{"an export-control namesake in another country", "RESTRICTED_PARTY_POSSIBLE_MATCH", "compliance", "medium", false, func(w *world, _ *Input) {
			w.Sanctions.Entries = []inteltest.Entry{{Name: "Acme Trading Ltd", List: "US Entity List", ListType: "export_control_or_debarment", Countries: []string{"CN"}}}
		}},
		{"a site that does not say what the business does", "BUSINESS_ACTIVITY_NOT_EVIDENT", "operational", "info", false, func(w *world, _ *Input) {
			p := w.Site.Pages["https://acmetrading.co.uk/"]
			p.Text = "Acme Trading Ltd. Welcome. Contact us: info@acmetrading.co.uk"
			w.Site.Pages["https://acmetrading.co.uk/"] = p
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			w := newWorld()
			in := acmeInput()
			c.change(w, &in)
			o := run(t, w.deps(), in)
			list := o.RiskFlags
			if c.positive {
				list = o.PositiveSignals
			}
			i := slices.IndexFunc(list, func(f Flag) bool { return f.Code == c.flag })
			if i < 0 {
				t.Fatalf("no %s: risk %v positive %v", c.flag, codes(o.RiskFlags), codes(o.PositiveSignals))
			}
			if f := list[i]; f.Category != c.category || f.Severity != c.severity {
				t.Errorf("%s: %s/%s, want %s/%s", c.flag, f.Category, f.Severity, c.category, c.severity)
			}
		})
	}
}

// TestBusinessRiskReferenceActions reaches every recommendation.action of
// the reference with its rule: the actions follow score, confidence, entity
// match and signals (Part 2 §3 "Action values").
func TestBusinessRiskReferenceActions(t *testing.T) {
	for _, c := range []struct {
		name                       string
		score                      int
		conf, entity               float64
		critical, high, med, verif bool
		action, rule               string
	}{
		{"low risk, high confidence", 10, 0.8, 0.9, false, false, false, false, "proceed", "RULE_LOW_RISK_HIGH_CONFIDENCE"},
		{"low risk, moderate confidence", 10, 0.65, 0.9, false, false, false, false, "proceed_with_monitoring", "RULE_LOW_RISK_MODERATE_CONFIDENCE"},
		{"moderate risk, adequate confidence", 30, 0.65, 0.9, false, false, false, false, "proceed_with_monitoring", "RULE_MODERATE_RISK"},
		{"low risk with a medium signal", 10, 0.8, 0.9, false, false, true, false, "enhanced_due_diligence", "RULE_LOW_RISK_UNCERTAIN"},
		{"elevated score", 45, 0.8, 0.9, false, false, true, false, "enhanced_due_diligence", "RULE_RISK_SCORE_ELEVATED"},
		{"a high signal", 30, 0.8, 0.9, false, true, true, false, "enhanced_due_diligence", "RULE_HIGH_SIGNAL"},
		{"weak entity match", 10, 0.8, 0.5, false, false, false, false, "enhanced_due_diligence", "RULE_ENTITY_MATCH_WEAK"},
		{"a signal needing verification", 10, 0.8, 0.9, false, false, true, true, "manual_review", "RULE_VERIFICATION_REQUIRED"},
		{"entity not resolved", 10, 0.8, 0.3, false, false, false, false, "manual_review", "RULE_ENTITY_NOT_RESOLVED"},
		{"low confidence", 10, 0.3, 0.9, false, false, false, false, "manual_review", "RULE_LOW_CONFIDENCE"},
		{"high score", 65, 0.8, 0.9, false, false, true, false, "avoid_automated_transaction", "RULE_RISK_SCORE_HIGH"},
		{"a critical signal", 30, 0.8, 0.9, true, false, true, false, "avoid_automated_transaction", "RULE_CRITICAL_SIGNAL"},
	} {
		r := recommend(c.score, c.conf, c.entity, c.critical, c.high, c.med, c.verif, nil, nil, nil, nil)
		if r.Action != c.action || !slices.Contains(r.ReasonCodes, c.rule) {
			t.Errorf("%s: %s %v, want %s with %s", c.name, r.Action, r.ReasonCodes, c.action, c.rule)
		}
	}
	// The same through Handle, from the providers' answers.
	for _, c := range []struct {
		name, action string
		change       func(w *world, in *Input)
	}{
		{"a clean company", "proceed", func(*world, *Input) {}},
		{"an inactive company", "enhanced_due_diligence", func(w *world, _ *Input) { w.Reg.Records[0].Status = "inactive" }},
		{"a possible restricted party", "manual_review", func(w *world, _ *Input) {
			w.Sanctions.Entries = []inteltest.Entry{{Name: "Acme Trading Ltd", List: "US Entity List", ListType: "export_control_or_debarment", Countries: []string{"CN"}}}
		}},
		{"a dissolved company", "avoid_automated_transaction", func(w *world, _ *Input) { w.Reg.Records[0].Status = "dissolved" }},
	} {
		w := newWorld()
		in := acmeInput()
		c.change(w, &in)
		if o := run(t, w.deps(), in); o.Recommendation.Action != c.action {
			t.Errorf("%s: %s %v, want %s", c.name, o.Recommendation.Action, o.Recommendation.ReasonCodes, c.action)
		}
	}
}

// TestBusinessRiskReferenceErrors: when every identity source failed the
// same way the answer is that failure (504 PROVIDER_TIMEOUT, 429
// RATE_LIMITED, 503 PROVIDER_UNAVAILABLE), never an assessment.
func TestBusinessRiskReferenceErrors(t *testing.T) {
	for _, c := range []struct {
		err  error
		code dalil.Code
	}{
		{intel.ErrTimeout, dalil.CodeProviderTimeout},
		{intel.ErrRateLimited, dalil.CodeRateLimited},
		{intel.ErrUnavailable, dalil.CodeProviderUnavailable},
	} {
		w := newWorld()
		w.Reg.Err, w.GLEIF.Err = c.err, c.err
		_, err := Handle(context.Background(), w.deps(), Input{CompanyName: "Acme Trading Ltd", Country: "GB"}, now)
		if errCode(err) != c.code {
			t.Errorf("every register %v: %v, want %s", c.err, err, c.code)
		}
	}
}
