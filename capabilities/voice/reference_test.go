package voice

import "testing"

// TestVoiceReferenceLeadOutcomes: each of the reference's lead statuses
// comes with its next action (reference-service.md Part 2 §9: ≥70, and the
// decision maker if required, qualified → schedule_sales_demo; ≥40
// needs_review → human_follow_up; else unqualified → nurture), and each
// answer adds the reference's points.
func TestVoiceReferenceLeadOutcomes(t *testing.T) {
	c := Criteria{MinimumBudget: 1000, DecisionMakerRequired: true}
	for _, tc := range []struct {
		name           string
		a              Answers
		score          int
		status, action string
	}{
		{"everything", Answers{Interest: "high", BusinessNeed: true, ProductRequested: true, Budget: 1000, TimelineDays: 30, DecisionMaker: true}, 100, "qualified", "schedule_sales_demo"},
		{"70 with the decision maker", Answers{Interest: "high", BusinessNeed: true, ProductRequested: true, DecisionMaker: true}, 70, "qualified", "schedule_sales_demo"},
		{"90 without the decision maker required", Answers{Interest: "high", BusinessNeed: true, ProductRequested: true, Budget: 5000, TimelineDays: 10}, 90, "needs_review", "human_follow_up"},
		{"exactly 40", Answers{Interest: "high", ProductRequested: true}, 40, "needs_review", "human_follow_up"},
		{"budget below the minimum, timeline too long", Answers{Interest: "high", Budget: 999, TimelineDays: 31}, 25, "unqualified", "nurture"},
	} {
		got := ScoreLead(tc.a, c)
		if got.Score != tc.score || got.Status != tc.status || got.NextAction != tc.action {
			t.Errorf("%s: %+v, want %d %s %s", tc.name, got, tc.score, tc.status, tc.action)
		}
	}
	if got := ScoreLead(Answers{Interest: "high", BusinessNeed: true, ProductRequested: true, Budget: 5000}, Criteria{MinimumBudget: 1000}); got.Status != "qualified" {
		t.Errorf("75 with no decision maker required: %+v, want qualified", got)
	}
}
