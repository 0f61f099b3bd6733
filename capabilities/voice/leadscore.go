package voice

// Answers are what a qualifying call learned.
type Answers struct {
	Interest         string  // high, medium, low, none
	BusinessNeed     bool    // the callee described a need
	ProductRequested bool    // the callee asked for the product or service
	Budget           float64 // in the criteria's currency; 0 unknown
	TimelineDays     int     // 0 unknown
	DecisionMaker    bool
}

// LeadScore is the reference's qualification score (0-100) and verdict.
type LeadScore struct {
	Score      int    `json:"score"`
	Status     string `json:"status" jsonschema:"qualified, needs_review or unqualified"`
	NextAction string `json:"nextAction" jsonschema:"schedule_sales_demo, human_follow_up or nurture"`
}

// ScoreLead: interest high 25, business need 20, product requested 15,
// budget at least the minimum 15, timeline within the target 15, decision
// maker 10; 70 or more (and a decision maker when required) qualifies, 40
// or more needs review, else unqualified.
func ScoreLead(a Answers, c Criteria) LeadScore {
	score := 0
	if a.Interest == "high" {
		score += 25
	}
	if a.BusinessNeed {
		score += 20
	}
	if a.ProductRequested {
		score += 15
	}
	if a.Budget > 0 && a.Budget >= c.MinimumBudget {
		score += 15
	}
	target := c.TargetTimelineDays
	if target == 0 {
		target = 30
	}
	if a.TimelineDays > 0 && a.TimelineDays <= target {
		score += 15
	}
	if a.DecisionMaker {
		score += 10
	}
	switch {
	case score >= 70 && (a.DecisionMaker || !c.DecisionMakerRequired):
		return LeadScore{score, "qualified", "schedule_sales_demo"}
	case score >= 40:
		return LeadScore{score, "needs_review", "human_follow_up"}
	}
	return LeadScore{score, "unqualified", "nurture"}
}
