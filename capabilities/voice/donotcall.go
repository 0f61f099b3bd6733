package voice

import (
	"context"
	"errors"
	"time"
)

// The operator's side of the do-not-call list (issue #19: "a do-not-call
// list an operator and a callee can add to"): `dalil voice do-not-call
// add|check|remove` and the admin routes /admin/v1/voice/do-not-call/{number}
// run the same operations (package ops) on this port, which voicesql
// implements and cmd/dalil wires.

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
