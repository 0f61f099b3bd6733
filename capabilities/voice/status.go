package voice

import "dalil"

// Status is where a call is in its lifecycle.
type Status string

// The lifecycle (reference service §9): created → queued → dialing →
// ringing → answered → in_progress → completed, or a terminal failure.
const (
	StatusCreated    Status = "created"
	StatusQueued     Status = "queued"
	StatusDialing    Status = "dialing"
	StatusRinging    Status = "ringing"
	StatusAnswered   Status = "answered"
	StatusInProgress Status = "in_progress"
	StatusCompleted  Status = "completed"
	// Terminal failures: nothing is charged for any of them except
	// voicemail after a connection (connected time is metered).
	StatusNoAnswer  Status = "no_answer"
	StatusBusy      Status = "busy"
	StatusRejected  Status = "rejected"
	StatusFailed    Status = "failed"
	StatusCancelled Status = "cancelled"
	StatusVoicemail Status = "voicemail"
	StatusBlocked   Status = "blocked"
)

// rank orders the live states; a call only moves forward.
var rank = map[Status]int{
	StatusCreated: 0, StatusQueued: 1, StatusDialing: 2, StatusRinging: 3,
	StatusAnswered: 4, StatusInProgress: 5,
}

// Terminal reports whether s is final.
func (s Status) Terminal() bool {
	switch s {
	case StatusCompleted, StatusNoAnswer, StatusBusy, StatusRejected, StatusFailed, StatusCancelled, StatusVoicemail, StatusBlocked:
		return true
	}
	return false
}

// Valid reports whether s is a known status.
func (s Status) Valid() bool {
	_, live := rank[s]
	return live || s.Terminal()
}

// Connected reports whether a call in status s reached a person or a
// voicemail box: only connected time is metered.
func (s Status) Connected() bool {
	switch s {
	case StatusAnswered, StatusInProgress, StatusCompleted, StatusVoicemail:
		return true
	}
	return false
}

// CodeInvalidCallTransition is the 409 of an illegal lifecycle jump.
const CodeInvalidCallTransition = dalil.CodeInvalidCallTransition

// Transition is the outcome of applying an event to a call's status.
type Transition int

const (
	// Moved: the call is now in the event's status.
	Moved Transition = iota
	// Ignored: a late, duplicate or out-of-order event (the call is
	// already there or beyond it); nothing changes, and the event is
	// acknowledged, so providers stop retrying it.
	Ignored
)

// Next decides what an event reporting status to happens to a call in
// status from. A terminal call never moves; a live call moves forward
// only — to a later live state, or to a terminal state that can follow it;
// an event for an earlier state is ignored. What cannot follow is an
// error with CodeInvalidCallTransition (409): completed before the call
// was answered, answered after it was cancelled by the caller...
func Next(from, to Status) (Transition, error) {
	if !from.Valid() || !to.Valid() {
		return Ignored, dalil.Errorf(CodeInvalidCallTransition, "unknown call status %q or %q", from, to)
	}
	if from == to {
		return Ignored, nil
	}
	if from.Terminal() {
		// Late events after the end change nothing; asking to leave a
		// terminal state for another terminal one is refused.
		if to.Terminal() {
			return Ignored, dalil.Errorf(CodeInvalidCallTransition, "the call already ended as %s; it cannot become %s", from, to)
		}
		return Ignored, nil
	}
	if !to.Terminal() {
		if rank[to] < rank[from] {
			return Ignored, nil // out of order: already past it
		}
		return Moved, nil
	}
	// A terminal event on a live call.
	switch to {
	case StatusCompleted:
		if rank[from] < rank[StatusAnswered] {
			return Ignored, dalil.Errorf(CodeInvalidCallTransition, "a call that was never answered (it is %s) cannot complete; it ends as no_answer, busy, rejected or failed", from)
		}
	case StatusNoAnswer, StatusBusy, StatusRejected, StatusBlocked:
		if rank[from] >= rank[StatusAnswered] {
			return Ignored, dalil.Errorf(CodeInvalidCallTransition, "an answered call cannot end as %s", to)
		}
	case StatusVoicemail:
		if rank[from] > rank[StatusAnswered] {
			return Ignored, dalil.Errorf(CodeInvalidCallTransition, "a call in progress cannot turn into voicemail")
		}
	}
	return Moved, nil
}

// Cancel decides a caller's cancellation: a call not yet answered is
// cancelled; one already answered or ended cannot be (409).
func Cancel(from Status) error {
	switch {
	case from.Terminal():
		return dalil.Errorf(CodeInvalidCallTransition, "the call already ended as %s", from)
	case rank[from] >= rank[StatusAnswered]:
		return dalil.Errorf(CodeInvalidCallTransition, "the call is %s; it ends when the conversation does", from)
	}
	return nil
}
