package voice

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestQualifyAgainstCriteria: each criterion is judged from the answers
// alone, defaults applied (USD, 30 days); a budget in another currency
// than the minimum's earns no points, whatever its amount.
func TestQualifyAgainstCriteria(t *testing.T) {
	full := Answers{Interest: "high", BusinessNeed: true, ProductRequested: true, Budget: 8000, TimelineDays: 21, DecisionMaker: true}
	with := func(f func(*Answers)) Answers { a := full; f(&a); return a }
	for _, tc := range []struct {
		name   string
		a      Answers
		c      Criteria
		want   Qualification
		score  int
		status string
	}{
		{"all met, currency unstated is the criteria's", full, Criteria{MinimumBudget: 5000},
			Qualification{"met", "met", "met", "met"}, 100, "qualified"},
		{"the budget's currency named and the same", with(func(a *Answers) { a.Currency = "omr" }), Criteria{MinimumBudget: 5000, Currency: "OMR"},
			Qualification{"met", "met", "met", "met"}, 100, "qualified"},
		{"another currency earns no budget points", with(func(a *Answers) { a.Currency = "AED" }), Criteria{MinimumBudget: 5000},
			Qualification{"met", "other_currency", "met", "met"}, 85, "qualified"},
		{"no minimum: any budget, any currency", with(func(a *Answers) { a.Currency = "AED"; a.Budget = 1 }), Criteria{},
			Qualification{"met", "met", "met", "met"}, 100, "qualified"},
		{"below the minimum", with(func(a *Answers) { a.Budget = 4999 }), Criteria{MinimumBudget: 5000},
			Qualification{"met", "not_met", "met", "met"}, 85, "qualified"},
		{"the default timeline is 30 days", with(func(a *Answers) { a.TimelineDays = 31 }), Criteria{},
			Qualification{"met", "met", "not_met", "met"}, 85, "qualified"},
		{"a longer target admits it", with(func(a *Answers) { a.TimelineDays = 90 }), Criteria{TargetTimelineDays: 90},
			Qualification{"met", "met", "met", "met"}, 100, "qualified"},
		{"nothing learned", Answers{}, Criteria{MinimumBudget: 5000, DecisionMakerRequired: true},
			Qualification{"unknown", "unknown", "unknown", "not_met"}, 0, "unqualified"},
		{"medium interest, not the decision maker when required", with(func(a *Answers) { a.Interest = "medium"; a.DecisionMaker = false }),
			Criteria{MinimumBudget: 5000, DecisionMakerRequired: true},
			Qualification{"not_met", "met", "met", "not_met"}, 65, "needs_review"},
		{"score 75 without the decision maker, who is required", with(func(a *Answers) { a.DecisionMaker = false; a.TimelineDays = 0 }),
			Criteria{MinimumBudget: 5000, DecisionMakerRequired: true},
			Qualification{"met", "met", "unknown", "not_met"}, 75, "needs_review"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, Qualify(tc.a, tc.c)); diff != "" {
				t.Errorf("Qualify (-want +got):\n%s", diff)
			}
			if got := ScoreLead(tc.a, tc.c); got.Score != tc.score || got.Status != tc.status {
				t.Errorf("ScoreLead = %+v, want %d %s", got, tc.score, tc.status)
			}
		})
	}
}

// TestLeadCriteria: the conversation's criteria are the call's, else its
// instructions', with the defaults.
func TestLeadCriteria(t *testing.T) {
	ins := `{"criteria":{"requiredInterest":"office fit-out","minimumBudget":5000}}`
	for _, tc := range []struct {
		name string
		c    Conversation
		want Criteria
	}{
		{"the call's", Conversation{Instructions: ins, Criteria: &Criteria{MinimumBudget: 7, Currency: "OMR", TargetTimelineDays: 9}},
			Criteria{MinimumBudget: 7, Currency: "OMR", TargetTimelineDays: 9}},
		{"the instructions'", Conversation{Instructions: ins},
			Criteria{RequiredInterest: "office fit-out", MinimumBudget: 5000, Currency: "USD", TargetTimelineDays: 30}},
		{"none: the defaults", Conversation{Instructions: `{}`}, Criteria{Currency: "USD", TargetTimelineDays: 30}},
	} {
		if diff := cmp.Diff(tc.want, tc.c.LeadCriteria()); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tc.name, diff)
		}
	}
}
