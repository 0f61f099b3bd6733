package voice

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/nyaruka/phonenumbers"

	"dalil"
)

// The operator's side of the do-not-call list (issue #19: "a do-not-call
// list an operator and a callee can add to"): `dalil voice do-not-call
// add|check|remove` and the admin routes /admin/v1/voice/do-not-call/{number}
// run the same operations (AddDoNotCall, CheckDoNotCall, RemoveDoNotCall,
// below) on this port, which voicesql implements and cmd/dalil wires.

// Sources of a do-not-call entry: a callee who opted out during a call
// (Effects.DoNotCall), or the operator.
const (
	SourceCallee   = "callee"
	SourceOperator = "operator"
)

// RuleCalleeOptOut names, in details.rule, the refusal to take off the list
// an entry an operator did not add (a callee's opt-out, which only the
// callee can give back).
const RuleCalleeOptOut = "callee_opt_out"

// DoNotCallEntry is one number on the do-not-call list: who put it there
// and when. The number itself is not kept, only its keyed hash.
type DoNotCallEntry struct {
	Source  string    `json:"source"`
	AddedAt time.Time `json:"addedAt"`
}

// ErrNotRemovable is DoNotCallList.Remove's answer for an entry of another
// source than the one asked (a callee's opt-out, for the operator).
var ErrNotRemovable = errors.New("voice: the do-not-call entry has another source")

// DoNotCallList is the do-not-call list as the operator works on it, by
// number in E.164 form; the implementation keys it by HashNumber under the
// store's number secret, as the safety gate looks it up.
type DoNotCallList interface {
	// Lookup reports whether e164 is on the list, and its entry when it is.
	Lookup(ctx context.Context, e164 string) (DoNotCallEntry, bool, error)
	// Add puts e164 on the list with source unless it is there already: it
	// answers the entry on the list afterwards and whether this call added
	// it (false: listed before, possibly by another source, which is kept).
	Add(ctx context.Context, e164, source string) (DoNotCallEntry, bool, error)
	// Remove takes e164 off the list if source put it there, and reports
	// whether it was listed. An entry of another source stays, and is
	// answered with ErrNotRemovable.
	Remove(ctx context.Context, e164, source string) (DoNotCallEntry, bool, error)
}

// Describe says who listed a number and when.
func (e DoNotCallEntry) Describe() string {
	who := "source " + e.Source
	switch e.Source {
	case SourceCallee:
		who = "the callee opted out during a call"
	case SourceOperator:
		who = "added by an operator"
	}
	if e.AddedAt.IsZero() {
		return who
	}
	return who + ", " + e.AddedAt.UTC().Format("2006-01-02 15:04 UTC")
}

// The operations on the list: `dalil voice do-not-call add|check|remove
// NUMBER --json` prints, and PUT|GET|DELETE
// /admin/v1/voice/do-not-call/{number} answers as data, what these
// functions return. The list (DoNotCallList, voicesql on the store) keeps
// only the keyed hash of a number; the answer repeats the E.164 form of the
// number asked about, and nothing else of it.

// DoNotCallAnswer is the answer of the do-not-call operations.
type DoNotCallAnswer struct {
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
func (d DoNotCallAnswer) Entry() DoNotCallEntry {
	e := DoNotCallEntry{Source: d.Source}
	if d.AddedAt != nil {
		e.AddedAt = *d.AddedAt
	}
	return e
}

func (d *DoNotCallAnswer) setEntry(e DoNotCallEntry) {
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
// (Policy.CheckNumber: E.164 through libphonenumber, whatever the
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
	num, derr := Policy{Countries: []string{region}}.CheckNumber(raw)
	if derr == nil {
		return num.E164, nil
	}
	rule := RuleOf(derr)
	var msg string
	switch rule {
	case RuleInvalidNumber:
		msg = "is not a phone number in E.164 form (+ and the country code, such as +96891234567)"
	case RuleUnallocated:
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
func listedNumber(l DoNotCallList, raw string) (string, error) {
	if l == nil {
		return "", errNoDoNotCall()
	}
	return DoNotCallNumber(raw)
}

// AddDoNotCall puts a number on the do-not-call list with source operator
// (dalil voice do-not-call add, PUT /admin/v1/voice/do-not-call/{number}).
// A number already listed keeps its entry, whoever added it (Added false).
func AddDoNotCall(ctx context.Context, l DoNotCallList, raw string) (DoNotCallAnswer, error) {
	num, err := listedNumber(l, raw)
	if err != nil {
		return DoNotCallAnswer{}, err
	}
	e, added, err := l.Add(ctx, num, SourceOperator)
	if err != nil {
		return DoNotCallAnswer{}, err
	}
	out := DoNotCallAnswer{Number: num, Listed: true, Added: &added}
	out.setEntry(e)
	return out, nil
}

// CheckDoNotCall says whether a number is on the do-not-call list and who
// put it there (dalil voice do-not-call check, GET
// /admin/v1/voice/do-not-call/{number}).
func CheckDoNotCall(ctx context.Context, l DoNotCallList, raw string) (DoNotCallAnswer, error) {
	num, err := listedNumber(l, raw)
	if err != nil {
		return DoNotCallAnswer{}, err
	}
	e, listed, err := l.Lookup(ctx, num)
	if err != nil {
		return DoNotCallAnswer{}, err
	}
	out := DoNotCallAnswer{Number: num, Listed: listed}
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
func RemoveDoNotCall(ctx context.Context, l DoNotCallList, raw string) (DoNotCallAnswer, error) {
	num, err := listedNumber(l, raw)
	if err != nil {
		return DoNotCallAnswer{}, err
	}
	e, listed, err := l.Remove(ctx, num, SourceOperator)
	switch {
	case errors.Is(err, ErrNotRemovable):
		return DoNotCallAnswer{}, &dalil.Error{Code: dalil.CodeDoNotCall,
			Message: num + " stays on the do-not-call list: " + e.Describe() + ", and only an operator's own entries can be removed.",
			Details: map[string]any{"rule": RuleCalleeOptOut, "source": e.Source}}
	case err != nil:
		return DoNotCallAnswer{}, err
	}
	return DoNotCallAnswer{Number: num, Removed: &listed}, nil
}
