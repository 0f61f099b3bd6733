package voice

import "strings"

// Answers are what a qualifying call learned.
type Answers struct {
	Interest         string  // high, medium, low, none (in the criteria's requiredInterest, when set)
	BusinessNeed     bool    // the callee described a need
	ProductRequested bool    // the callee asked for the product or service
	Budget           float64 // 0 unknown
	// Currency is the budget's ISO 4217 code as the callee gave it; ""
	// is taken as the criteria's currency (the call asks in it).
	Currency      string
	TimelineDays  int // 0 unknown
	DecisionMaker bool
}

// Default criteria: a budget in US dollars, a purchase within 30 days
// (the reference's defaults).
const (
	DefaultCurrency     = "USD"
	DefaultTimelineDays = 30
)

// WithDefaults is c with the reference's defaults filled in: currency
// USD, targetTimelineDays 30. A minimum budget of 0 means any budget
// stated meets it; decisionMakerRequired stays as given.
func (c Criteria) WithDefaults() Criteria {
	if c.Currency == "" {
		c.Currency = DefaultCurrency
	}
	if c.TargetTimelineDays <= 0 {
		c.TargetTimelineDays = DefaultTimelineDays
	}
	return c
}

// Verdicts of one criterion against a lead's answers (Qualify).
const (
	CriterionMet     = "met"
	CriterionNotMet  = "not_met"
	CriterionUnknown = "unknown"
	// CriterionOtherCurrency: the budget was given in another currency
	// than the minimum's; Dalil converts none, so it does not count.
	CriterionOtherCurrency = "other_currency"
)

// Qualification is how a lead's answers meet each criterion: interest
// (high interest in the required product or service), budget (at least
// the minimum, in its currency), timeline (within the target days) and
// decisionMaker (the callee decides; not_met also when it was not
// learned). Each is CriterionMet, CriterionNotMet, CriterionUnknown (not
// learned) or, for the budget, CriterionOtherCurrency.
type Qualification struct {
	Interest      string `json:"interest"`
	Budget        string `json:"budget"`
	Timeline      string `json:"timeline"`
	DecisionMaker string `json:"decisionMaker"`
}

// Qualify judges answers a against the criteria c (defaults applied).
func Qualify(a Answers, c Criteria) Qualification {
	c = c.WithDefaults()
	q := Qualification{Interest: CriterionNotMet, Budget: CriterionNotMet, Timeline: CriterionNotMet, DecisionMaker: CriterionNotMet}
	switch strings.ToLower(a.Interest) {
	case "high":
		q.Interest = CriterionMet
	case "", "unknown":
		q.Interest = CriterionUnknown
	}
	switch {
	case a.Budget <= 0:
		q.Budget = CriterionUnknown
	case c.MinimumBudget <= 0:
		q.Budget = CriterionMet // no minimum: any budget stated
	case a.Currency != "" && !strings.EqualFold(a.Currency, c.Currency):
		q.Budget = CriterionOtherCurrency
	case a.Budget >= c.MinimumBudget:
		q.Budget = CriterionMet
	}
	switch {
	case a.TimelineDays <= 0:
		q.Timeline = CriterionUnknown
	case a.TimelineDays <= c.TargetTimelineDays:
		q.Timeline = CriterionMet
	}
	if a.DecisionMaker {
		q.DecisionMaker = CriterionMet
	}
	return q
}

// LeadScore is the reference's qualification score (0-100) and verdict.
type LeadScore struct {
	Score      int    `json:"score"`
	Status     string `json:"status" jsonschema:"qualified, needs_review or unqualified"`
	NextAction string `json:"nextAction" jsonschema:"schedule_sales_demo, human_follow_up or nurture"`
}

// ScoreLead: interest high 25, business need 20, product requested 15,
// budget at least the minimum (in the criteria's currency) 15, timeline
// within the target 15, decision maker 10; 70 or more (and a decision
// maker when required) qualifies, 40 or more needs review, else
// unqualified. The budget, timeline and decision-maker points are
// Qualify's verdicts: a budget in another currency than the minimum's
// earns nothing (no conversion), so such a lead is left to review.
func ScoreLead(a Answers, c Criteria) LeadScore {
	q := Qualify(a, c)
	score := 0
	if q.Interest == CriterionMet {
		score += 25
	}
	if a.BusinessNeed {
		score += 20
	}
	if a.ProductRequested {
		score += 15
	}
	if q.Budget == CriterionMet {
		score += 15
	}
	if q.Timeline == CriterionMet {
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
