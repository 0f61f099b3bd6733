// Package voice is Dalil's asynchronous AI telephone calls: ai_call_agent,
// voice_lead_qualifier and appointment_call_agent. A call is accepted (202,
// status queued), dialled later by a durable job, moved through its
// lifecycle by the telephony provider's verified webhooks, and metered:
// base fee plus a per-minute rate of connected time.
//
// This file set is the pure part: inputs, the lifecycle state machine, the
// safety gate, the lead score and the price. It imports no driver and no
// vendor client; telephony, the do-not-call list and the call store are
// ports (ports.go) that cmd/dalil wires.
package voice
