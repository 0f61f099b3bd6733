// Package voice is Dalil's asynchronous AI telephone calls: ai_call_agent,
// voice_lead_qualifier and appointment_call_agent. A call is accepted (202,
// status queued), dialled later by a durable job, moved through its
// lifecycle by the telephony provider's verified webhooks, and metered:
// base fee plus a per-minute rate of connected time.
//
// The pure part: inputs, the lifecycle state machine (status.go), the
// safety gate (safety.go), the lead score and the price. The durable part
// is Service (service.go, work.go, callback.go, calls.go): it queues a
// call and its jobs in one transaction, dials, applies provider events,
// settles the charge and delivers the signed completion callback. It
// imports no driver and no vendor client: the call store and its job
// queue, the charge check, the telephony provider and the callback
// client are ports (ports.go, telephony.go) that cmd/dalil wires
// (voicesql, provider/telephony/..., internal/safehttp).
package voice
