package converse

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	"dalil/capabilities/voice"
)

// Tool names. The same tools are given to a provider that runs the
// conversation itself (Vapi), so both report one outcome shape.
const (
	ToolOptOut       = "opt_out"
	ToolEndCall      = "end_call"
	ToolCallback     = "request_callback"
	ToolReportResult = "report_result"
	ToolAnswers      = "record_answers"
	ToolAppointment  = "appointment"
)

// End reasons of end_call.
var endReasons = []string{"objective_reached", "callee_declined", "callee_busy", "wrong_person", "abuse", "other"}

// Appointment statuses of the appointment tool.
var apptStatuses = []string{"agreed", "preferred_windows", "confirmed", "cancelled", "declined"}

func obj(props map[string]any, required ...string) map[string]any {
	s := map[string]any{"type": "object", "properties": props, "additionalProperties": false}
	if len(required) > 0 {
		s["required"] = required
	}
	return s
}

func str(desc string, maxLen int) map[string]any {
	return map[string]any{"type": "string", "description": desc, "maxLength": maxLen}
}

// Tools are the tools of a capability's conversation.
func Tools(capability string) []Tool {
	ts := []Tool{
		{Name: ToolOptOut, Description: "The person asked not to be called again (or to be removed from a list). Ends the call with a confirmation; the number is never called again.", Schema: obj(map[string]any{})},
		{Name: ToolEndCall, Description: "End the call politely.", Schema: obj(map[string]any{
			"reason": map[string]any{"type": "string", "enum": endReasons}}, "reason")},
		{Name: ToolCallback, Description: "The person asked to be called back later.", Schema: obj(map[string]any{
			"at":   str("when, as an ISO 8601 date-time, if they said", 40),
			"note": str("what they said about it", 200)})},
	}
	switch capability {
	case "voice_lead_qualifier":
		ts = append(ts, Tool{Name: ToolAnswers, Description: "Record the lead's answers as you learn them (call again to add or correct).", Schema: obj(map[string]any{
			"interest":         map[string]any{"type": "string", "enum": []string{"high", "medium", "low", "none", "unknown"}},
			"businessNeed":     map[string]any{"type": "boolean"},
			"productRequested": map[string]any{"type": "boolean"},
			"budget":           map[string]any{"type": "number", "minimum": 0},
			"currency":         str("ISO 4217", 3),
			"timelineDays":     map[string]any{"type": "integer", "minimum": 0, "maximum": 3650},
			"decisionMaker":    map[string]any{"type": "boolean"},
			"answers": map[string]any{"type": "array", "maxItems": 20, "items": obj(map[string]any{
				"question": str("the question asked", 200), "answer": str("the person's answer", 500)}, "question", "answer")},
		})})
	case "appointment_call_agent":
		ts = append(ts, Tool{Name: ToolAppointment, Description: "Record the appointment's result.", Schema: obj(map[string]any{
			"status": map[string]any{"type": "string", "enum": apptStatuses},
			"slot":   str("the agreed slot exactly as listed in availableSlots", 40),
			"windows": map[string]any{"type": "array", "maxItems": 5, "items": obj(map[string]any{
				"start": str("ISO 8601 date-time", 40), "end": str("ISO 8601 date-time", 40)}, "start", "end")},
			"note": str("anything the person added", 200),
		}, "status")})
	default:
		ts = append(ts, Tool{Name: ToolReportResult, Description: "Report what the call established about its objective.", Schema: obj(map[string]any{
			"achieved": map[string]any{"type": "boolean"},
			"result":   str("the answer or result, in one sentence", 500)}, "achieved", "result")})
	}
	return ts
}

// state is what the tool calls established so far.
type state struct {
	optOut      bool
	endReason   string
	callback    map[string]any
	achieved    *bool
	result      string
	answers     voice.Answers
	answersSet  bool
	currency    string
	qa          []map[string]any
	appt        map[string]any
	apptStatus  string
	endedReason string // set by the engine itself (model failure, limits, hang-up)
}

// strict decodes a tool's input, refusing unknown fields.
func strict(in json.RawMessage, v any) error {
	d := json.NewDecoder(bytes.NewReader(in))
	d.DisallowUnknownFields()
	if err := d.Decode(v); err != nil {
		return fmt.Errorf("invalid input: %v", err)
	}
	return nil
}

// apply runs one tool call against st; the error is the tool's answer to
// the model (nothing recorded), and end says the call ends now.
func (e *session) apply(c Call) (end bool, err error) {
	st := &e.st
	switch c.Name {
	case ToolOptOut:
		st.optOut = true
		return true, nil
	case ToolEndCall:
		var in struct {
			Reason string `json:"reason"`
		}
		if err := strict(c.Input, &in); err != nil {
			return false, err
		}
		if !slices.Contains(endReasons, in.Reason) {
			return false, fmt.Errorf("reason must be one of %s", strings.Join(endReasons, ", "))
		}
		st.endReason = in.Reason
		return true, nil
	case ToolCallback:
		var in struct {
			At   string `json:"at"`
			Note string `json:"note"`
		}
		if err := strict(c.Input, &in); err != nil {
			return false, err
		}
		cb := map[string]any{"requested": true}
		if in.At != "" {
			t, err := voice.ParseSlot(in.At, e.in.Timezone)
			if err != nil {
				return false, fmt.Errorf("at must be an ISO 8601 date-time")
			}
			cb["at"] = t.Format(time.RFC3339)
		}
		if n := clip(in.Note, 200); n != "" {
			cb["note"] = n
		}
		st.callback = cb
		return false, nil
	case ToolReportResult:
		if e.conv.Capability != "ai_call_agent" {
			break
		}
		var in struct {
			Achieved *bool  `json:"achieved"`
			Result   string `json:"result"`
		}
		if err := strict(c.Input, &in); err != nil {
			return false, err
		}
		if in.Achieved == nil {
			return false, fmt.Errorf("achieved is required")
		}
		st.achieved, st.result = in.Achieved, clip(in.Result, 500)
		return false, nil
	case ToolAnswers:
		if e.conv.Capability != "voice_lead_qualifier" {
			break
		}
		var in struct {
			Interest         *string  `json:"interest"`
			BusinessNeed     *bool    `json:"businessNeed"`
			ProductRequested *bool    `json:"productRequested"`
			Budget           *float64 `json:"budget"`
			Currency         *string  `json:"currency"`
			TimelineDays     *int     `json:"timelineDays"`
			DecisionMaker    *bool    `json:"decisionMaker"`
			Answers          []struct {
				Question string `json:"question"`
				Answer   string `json:"answer"`
			} `json:"answers"`
		}
		if err := strict(c.Input, &in); err != nil {
			return false, err
		}
		if in.Interest != nil {
			if !slices.Contains([]string{"high", "medium", "low", "none", "unknown"}, *in.Interest) {
				return false, fmt.Errorf("interest must be high, medium, low, none or unknown")
			}
			st.answers.Interest = *in.Interest
		}
		if in.Budget != nil && (*in.Budget < 0 || *in.Budget > 1e12) {
			return false, fmt.Errorf("budget must be a positive amount")
		}
		if in.TimelineDays != nil && (*in.TimelineDays < 0 || *in.TimelineDays > 3650) {
			return false, fmt.Errorf("timelineDays must be from 0 to 3650")
		}
		if len(in.Answers) > 20 {
			return false, fmt.Errorf("at most 20 answers")
		}
		setB := func(dst *bool, v *bool) {
			if v != nil {
				*dst = *v
			}
		}
		setB(&st.answers.BusinessNeed, in.BusinessNeed)
		setB(&st.answers.ProductRequested, in.ProductRequested)
		setB(&st.answers.DecisionMaker, in.DecisionMaker)
		if in.Budget != nil {
			st.answers.Budget = *in.Budget
		}
		if in.Currency != nil {
			st.currency = strings.ToUpper(clip(*in.Currency, 3))
		}
		if in.TimelineDays != nil {
			st.answers.TimelineDays = *in.TimelineDays
		}
		for _, a := range in.Answers {
			if q := clip(a.Question, 200); q != "" && len(st.qa) < 20 {
				st.qa = append(st.qa, map[string]any{"question": q, "answer": clip(a.Answer, 500)})
			}
		}
		st.answersSet = true
		return false, nil
	case ToolAppointment:
		if e.conv.Capability != "appointment_call_agent" {
			break
		}
		return false, e.appointment(c.Input)
	}
	return false, fmt.Errorf("unknown tool %q", c.Name)
}

// appointment checks the appointment tool against what the caller
// allows: an agreed slot must be one offered (the same instant), a
// confirmation or a cancellation needs that action.
func (e *session) appointment(raw json.RawMessage) error {
	var in struct {
		Status  string `json:"status"`
		Slot    string `json:"slot"`
		Windows []struct {
			Start string `json:"start"`
			End   string `json:"end"`
		} `json:"windows"`
		Note string `json:"note"`
	}
	if err := strict(raw, &in); err != nil {
		return err
	}
	a := map[string]any{"status": in.Status}
	switch in.Status {
	case "agreed":
		if e.in.Action != "propose" && e.in.Action != "book" && e.in.Action != "reschedule" {
			return fmt.Errorf("this call's action is %q: no slot can be agreed", e.in.Action)
		}
		want, err := voice.ParseSlot(in.Slot, e.in.Timezone)
		if err != nil {
			return fmt.Errorf("slot must be one of availableSlots: %s", strings.Join(e.in.AvailableSlots, ", "))
		}
		found := ""
		for _, s := range e.in.AvailableSlots {
			if t, err := voice.ParseSlot(s, e.in.Timezone); err == nil && t.Equal(want) {
				found = s
			}
		}
		if found == "" {
			return fmt.Errorf("slot %s is not one of the offered slots (%s): offer only those", in.Slot, strings.Join(e.in.AvailableSlots, ", "))
		}
		a["slot"] = found
	case "preferred_windows":
		if len(in.Windows) == 0 || len(in.Windows) > 5 {
			return fmt.Errorf("give 1 to 5 windows")
		}
		var ws []map[string]any
		for _, w := range in.Windows {
			s, err1 := voice.ParseSlot(w.Start, e.in.Timezone)
			t, err2 := voice.ParseSlot(w.End, e.in.Timezone)
			if err1 != nil || err2 != nil || !t.After(s) {
				return fmt.Errorf("each window needs an ISO 8601 start before its end")
			}
			ws = append(ws, map[string]any{"start": s.Format(time.RFC3339), "end": t.Format(time.RFC3339)})
		}
		a["windows"] = ws
	case "confirmed":
		if e.in.Action != "confirm" {
			return fmt.Errorf("this call's action is %q, not confirm", e.in.Action)
		}
	case "cancelled":
		if e.in.Action != "cancel" {
			return fmt.Errorf("this call's action is %q, not cancel", e.in.Action)
		}
	case "declined":
	default:
		return fmt.Errorf("status must be one of %s", strings.Join(apptStatuses, ", "))
	}
	if n := clip(in.Note, 200); n != "" {
		a["note"] = n
	}
	e.st.appt, e.st.apptStatus = a, in.Status
	return nil
}

func clip(s string, n int) string {
	s = strings.TrimSpace(s)
	if r := []rune(s); len(r) > n {
		return string(r[:n])
	}
	return s
}

// Outcome is the result the tool calls established (and how the engine
// ended the call): outcome, summary, next action, facts and lead score.
// Also used for a provider that ran the conversation with the same tools
// (Vapi's end-of-call report).
func (e *session) outcome() voice.ConversationResult {
	st := e.st
	res := voice.ConversationResult{Facts: map[string]any{}, OptOut: st.optOut}
	f := res.Facts
	var summary []string
	if st.callback != nil {
		f["callback"] = st.callback
	}
	switch e.conv.Capability {
	case "voice_lead_qualifier":
		if st.answersSet {
			a := st.answers
			if a.Interest != "" {
				f["interest"] = a.Interest
			}
			f["businessNeed"], f["productRequested"], f["decisionMaker"] = a.BusinessNeed, a.ProductRequested, a.DecisionMaker
			if a.Budget > 0 {
				f["budget"] = a.Budget
			}
			if st.currency != "" {
				f["currency"] = st.currency
			}
			if a.TimelineDays > 0 {
				f["timelineDays"] = a.TimelineDays
			}
			if len(st.qa) > 0 {
				f["answers"] = st.qa
			}
			// The criteria the prompt stated decide: each is judged from
			// the recorded answers (voice.Qualify) and the score adds up
			// the verdicts.
			crit := e.conv.LeadCriteria()
			a.Currency = st.currency
			q := voice.Qualify(a, crit)
			f["qualification"] = map[string]any{"interest": q.Interest, "budget": q.Budget, "timeline": q.Timeline, "decisionMaker": q.DecisionMaker}
			l := voice.ScoreLead(a, crit)
			res.Lead = &l
			res.Outcome, res.NextAction = "lead_"+l.Status, l.NextAction
			summary = append(summary, fmt.Sprintf("Lead %s, score %d of 100 (interest %s; business need %s; budget %s; timeline %s; decision maker %s).",
				strings.ReplaceAll(l.Status, "_", " "), l.Score, orUnknown(a.Interest), yesNo(a.BusinessNeed), budgetWords(a.Budget, st.currency),
				daysWords(a.TimelineDays), yesNo(a.DecisionMaker)))
			if q.Budget == voice.CriterionOtherCurrency {
				summary = append(summary, fmt.Sprintf("The budget was given in %s, not in the criteria's %s: it was not counted.", st.currency, crit.Currency))
			}
		}
	case "appointment_call_agent":
		if st.appt != nil {
			f["appointment"] = st.appt
			switch st.apptStatus {
			case "agreed":
				res.Outcome, res.NextAction = "appointment_agreed", "send_confirmation"
				summary = append(summary, fmt.Sprintf("Appointment agreed for %s.", st.appt["slot"]))
			case "preferred_windows":
				res.Outcome, res.NextAction = "preferred_windows_given", "offer_slot_in_windows"
				summary = append(summary, "No offered slot suited; the callee gave preferred windows.")
			case "confirmed":
				res.Outcome, res.NextAction = "appointment_confirmed", "none"
				summary = append(summary, "The appointment was confirmed.")
			case "cancelled":
				res.Outcome, res.NextAction = "appointment_cancelled", "none"
				summary = append(summary, "The appointment was cancelled.")
			case "declined":
				res.Outcome, res.NextAction = "appointment_declined", "none"
				summary = append(summary, "The callee declined the appointment.")
			}
		}
	default:
		if st.achieved != nil {
			f["objectiveAchieved"] = *st.achieved
			if st.result != "" {
				f["result"] = st.result
			}
			if *st.achieved {
				res.Outcome, res.NextAction = "objective_reached", "none"
				summary = append(summary, "Objective reached: "+st.result)
			} else {
				res.Outcome, res.NextAction = "objective_not_reached", "human_follow_up"
				summary = append(summary, "Objective not reached: "+st.result)
			}
		}
	}
	if st.callback != nil {
		if res.Outcome == "" {
			res.Outcome = "callback_requested"
		}
		if res.NextAction == "" || res.NextAction == "none" || res.NextAction == "human_follow_up" {
			res.NextAction = "call_back"
		}
		when := "later"
		if at, ok := st.callback["at"].(string); ok {
			when = "at " + at
		}
		summary = append(summary, "The callee asked to be called back "+when+".")
	}
	reason := st.endReason
	if st.endedReason != "" {
		reason = st.endedReason
	}
	if reason != "" {
		f["endedBy"] = reason
	}
	switch {
	case st.optOut:
		res.Outcome, res.NextAction = "opted_out", "do_not_call"
		summary = []string{"The callee asked not to be called again; the number is on the do-not-call list."}
		f["optOut"] = true
	case reason == "wrong_person":
		res.Outcome, res.NextAction = "wrong_person", "verify_number"
		summary = []string{"The person who answered was not the one the call was for."}
	case reason == "abuse":
		res.Outcome, res.NextAction = "ended_abuse", "none"
		summary = []string{"The call was ended because the callee was abusive."}
	case res.Outcome != "":
	case reason == "model_unavailable":
		res.Outcome, res.NextAction = "ended_model_unavailable", "retry_call"
		summary = append(summary, "The call ended early: the language model did not answer in time.")
	case reason == "call_budget", reason == "time_limit":
		res.Outcome, res.NextAction = "ended_"+reason, "human_follow_up"
		summary = append(summary, "The call reached its limit before an outcome was recorded.")
	case reason == "callee_hung_up":
		res.Outcome, res.NextAction = "callee_hung_up", "human_follow_up"
		summary = append(summary, "The callee hung up before an outcome was recorded.")
	case reason == "callee_declined":
		res.Outcome, res.NextAction = "callee_declined", "none"
		summary = append(summary, "The callee declined.")
	case reason == "callee_busy":
		res.Outcome, res.NextAction = "callee_busy", "call_back"
		summary = append(summary, "The callee was busy.")
	case reason != "":
		res.Outcome, res.NextAction = "no_outcome_recorded", "human_follow_up"
		summary = append(summary, "The conversation ended without a recorded outcome.")
	}
	if reason == "model_unavailable" && !st.optOut {
		f["modelUnavailable"] = true
		if !strings.Contains(strings.Join(summary, " "), "language model") {
			summary = append(summary, "The call ended early: the language model did not answer in time.")
		}
	}
	if e.guarded > 0 {
		f["guardrailReplacements"] = e.guarded
	}
	res.Summary = strings.Join(summary, " ")
	return res
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

func orUnknown(s string) string {
	if s == "" {
		return "unknown"
	}
	return s
}

func budgetWords(b float64, cur string) string {
	if b <= 0 {
		return "unknown"
	}
	if cur == "" {
		cur = "(currency not given)"
	}
	return fmt.Sprintf("%g %s", b, cur)
}

func daysWords(d int) string {
	if d <= 0 {
		return "unknown"
	}
	return fmt.Sprintf("%d days", d)
}
