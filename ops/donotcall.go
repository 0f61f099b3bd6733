package ops

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/nyaruka/phonenumbers"

	"dalil"
	"dalil/capabilities/voice"
)

// The voice calls' do-not-call list, the operator's side: `dalil voice
// do-not-call add|check|remove NUMBER --json` prints, and
// PUT|GET|DELETE /admin/v1/voice/do-not-call/{number} answers as data,
// what these functions return. The list (voice.DoNotCallList, voicesql on
// the store) keeps only the keyed hash of a number; the answer repeats the
// E.164 form of the number asked about, and nothing else of it.

// DoNotCall is the answer of the do-not-call operations.
type DoNotCall struct {
	Number  string     `json:"number" jsonschema:"the number asked about, in E.164 form"`
	Listed  bool       `json:"listed" jsonschema:"whether the number is on the do-not-call list after the operation"`
	Source  string     `json:"source,omitempty" jsonschema:"who listed it: operator, or callee (an opt-out said during a call); absent when not listed"`
	AddedAt *time.Time `json:"addedAt,omitempty" jsonschema:"when it was listed; absent when not listed"`
	// Added (add) and Removed (remove): whether this operation changed
	// the list.
	Added   *bool `json:"added,omitempty" jsonschema:"add only: true if this request listed it, false if it was listed before (its entry is kept as it was)"`
	Removed *bool `json:"removed,omitempty" jsonschema:"remove only: true if this request took it off, false if it was not listed"`
}

// Entry is the list's entry in the answer (zero when not listed).
func (d DoNotCall) Entry() voice.DoNotCallEntry {
	e := voice.DoNotCallEntry{Source: d.Source}
	if d.AddedAt != nil {
		e.AddedAt = *d.AddedAt
	}
	return e
}

func (d *DoNotCall) setEntry(e voice.DoNotCallEntry) {
	d.Source = e.Source
	d.AddedAt = nil
	if !e.AddedAt.IsZero() {
		t := e.AddedAt
		d.AddedAt = &t
	}
}

// errNoDoNotCall: the list is not wired (a nil port), answered as the MPP
// close answers with payment channels off.
func errNoDoNotCall() error {
	return dalil.Errorf(dalil.CodeProviderNotConfigured,
		"The voice calls' do-not-call list is not available on this server (it needs the store of dalil serve).")
}

// DoNotCallNumber reads raw as the voice safety gate reads a number
// (voice.Policy.CheckNumber: E.164 through libphonenumber, whatever the
// allowed countries, since the list may hold numbers of any country) and
// answers its E.164 form, the one the gate hashes. Numbers the gate never
// calls anyway (emergency and short codes, premium-rate, shared-cost) are
// refused with the rule that already keeps them out. A refusal is
// INVALID_INPUT with one problem at path "number", whose message does not
// repeat raw.
func DoNotCallNumber(raw string) (string, error) {
	region := ""
	if n, err := phonenumbers.Parse(raw, ""); err == nil {
		region = phonenumbers.GetRegionCodeForNumber(n)
	}
	num, derr := voice.Policy{Countries: []string{region}}.CheckNumber(raw)
	if derr == nil {
		return num.E164, nil
	}
	rule := voice.RuleOf(derr)
	var msg string
	switch rule {
	case voice.RuleInvalidNumber:
		msg = "is not a phone number in E.164 form (+ and the country code, such as +96891234567)"
	case voice.RuleUnallocated:
		msg = "is not an allocated number in its country's numbering plan (rule " + rule + ")"
	case "":
		msg = "is refused: " + strings.TrimSuffix(strings.TrimSpace(strings.TrimSuffix(derr.Message, " Nothing was charged.")), ".")
	default:
		why := strings.TrimSuffix(strings.TrimSpace(strings.TrimSuffix(derr.Message, " Nothing was charged.")), ".")
		msg = "is never called anyway (rule " + rule + ": " + why + "): the do-not-call list holds only numbers the service could call"
	}
	return "", &dalil.Error{Code: dalil.CodeInvalidInput,
		Message: "The number is not valid; see details. Nothing was added, removed or looked up.",
		Details: []dalil.Problem{{Path: "number", Message: msg}}}
}

// listedNumber is what every operation checks first: the list is wired,
// and raw is a number it may hold (DoNotCallNumber's E.164 form).
func listedNumber(l voice.DoNotCallList, raw string) (string, error) {
	if l == nil {
		return "", errNoDoNotCall()
	}
	return DoNotCallNumber(raw)
}

// AddDoNotCall puts a number on the do-not-call list with source operator
// (dalil voice do-not-call add, PUT /admin/v1/voice/do-not-call/{number}).
// A number already listed keeps its entry, whoever added it (Added false).
func AddDoNotCall(ctx context.Context, l voice.DoNotCallList, raw string) (DoNotCall, error) {
	num, err := listedNumber(l, raw)
	if err != nil {
		return DoNotCall{}, err
	}
	e, added, err := l.Add(ctx, num, voice.SourceOperator)
	if err != nil {
		return DoNotCall{}, err
	}
	out := DoNotCall{Number: num, Listed: true, Added: &added}
	out.setEntry(e)
	return out, nil
}

// CheckDoNotCall says whether a number is on the do-not-call list and who
// put it there (dalil voice do-not-call check, GET
// /admin/v1/voice/do-not-call/{number}).
func CheckDoNotCall(ctx context.Context, l voice.DoNotCallList, raw string) (DoNotCall, error) {
	num, err := listedNumber(l, raw)
	if err != nil {
		return DoNotCall{}, err
	}
	e, listed, err := l.Lookup(ctx, num)
	if err != nil {
		return DoNotCall{}, err
	}
	out := DoNotCall{Number: num, Listed: listed}
	if listed {
		out.setEntry(e)
	}
	return out, nil
}

// RemoveDoNotCall takes off the do-not-call list a number an operator
// added (dalil voice do-not-call remove, DELETE
// /admin/v1/voice/do-not-call/{number}); a number not listed is no error
// (Removed false). An entry of another source (a callee's opt-out) stays:
// 403 DO_NOT_CALL with details.rule callee_opt_out.
func RemoveDoNotCall(ctx context.Context, l voice.DoNotCallList, raw string) (DoNotCall, error) {
	num, err := listedNumber(l, raw)
	if err != nil {
		return DoNotCall{}, err
	}
	e, listed, err := l.Remove(ctx, num, voice.SourceOperator)
	switch {
	case errors.Is(err, voice.ErrNotRemovable):
		return DoNotCall{}, &dalil.Error{Code: dalil.CodeDoNotCall,
			Message: num + " stays on the do-not-call list: " + e.Describe() + ", and only an operator's own entries can be removed.",
			Details: map[string]any{"rule": voice.RuleCalleeOptOut, "source": e.Source}}
	case err != nil:
		return DoNotCall{}, err
	}
	return DoNotCall{Number: num, Removed: &listed}, nil
}
