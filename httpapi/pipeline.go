package httpapi

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"time"

	"dalil"
	"dalil/capability"
)

// DefaultCallTimeout is Config.CallTimeout's default. It must stay below
// the server's write timeout (60 s in cmd/dalil) by more than the storage
// operation timeout (5 s), so that a charge never commits after its answer
// can no longer be delivered, and below dalil.IdempotencyLease (1 min), so
// that a claim is never taken from a request still running.
const DefaultCallTimeout = 45 * time.Second

// payer is one rail's part of a paid call. paidCall runs the same steps for
// every rail — API key (subscription, credits), x402, L402, MPP charge and
// session vouchers, MPP budget sessions — and each payer contributes only
// its own:
//
//	admit   who pays, rate limit (before the body is read)
//	hold    reserve the payment for this input: an Idempotency-Key claim,
//	        a verified and claimed credential, a drawn budget
//	settle  pay for the encoded result and build the answer
//	release undo hold after any answer that is not 2xx
//
// admit and hold may answer the request themselves (a replay, a 402
// challenge, a channel top-up): they then return handled = true.
type payer interface {
	admit(ctx context.Context, w http.ResponseWriter, r *http.Request) (handled bool, err error)
	hold(ctx context.Context, w http.ResponseWriter, r *http.Request, in any) (handled bool, err error)
	// call is what the capability may know of the caller.
	call(requestID string) capability.Call
	settle(ctx context.Context, r *http.Request, out encodedOutput) (paid, error)
	// release must be safe to call again (it is retried on failure).
	release(ctx context.Context) error
}

// paid is a settled call: the body to send, extra headers (a rail's
// receipt), and what the log line records.
type paid struct {
	body   []byte
	header http.Header
	rail   string
	amount dalil.MicroUSD
}

// paidCall is the one pipeline of every paid call: admit → decode → hold →
// run → encode → settle → answer, and release on any other outcome (also a
// panic). Nothing is paid unless the answer is 2xx, and the answer is only
// sent once paid. The whole call has a deadline (Config.CallTimeout) that
// every storage call inherits.
func (s *Server) paidCall(w http.ResponseWriter, r *http.Request, e *capability.Entry, p payer) {
	// The spending ceiling is checked before anything else: a refused call
	// has no side effect at all (not even a rate-limit count).
	if err := checkMaxPrice(r, e); err != nil {
		writeError(w, r, err)
		return
	}
	call := withCallDeadline(r.Context(), s.cfg.CallTimeout)
	defer call.cancel()
	ctx := context.Context(call)
	// On the account rails the call's storage steps (key, idempotency
	// claim, charge, stored answer) share one storage deadline, paused
	// while the capability runs (dalil.StorageBudget). The pay-per-call
	// rails keep one per step: a settlement on a chain or a Lightning
	// node must never leave its record without time to be written.
	var budget *dalil.StorageBudget
	if _, ok := p.(*accountPayer); ok {
		ctx, budget = dalil.WithStorageBudget(ctx, s.cfg.storageTimeout())
	}
	r = r.WithContext(ctx)
	if handled, err := p.admit(ctx, w, r); handled || err != nil {
		if err != nil {
			writeError(w, r, err)
		}
		return
	}
	in, err := decodeCall(w, r, e)
	if err != nil {
		writeError(w, r, err)
		return
	}
	if e.PriceFor != nil {
		// Priced by input: the ceiling is checked again with this
		// input's price, before anything is held.
		if err := checkMaxPriceOf(r, e, e.PriceOf(in)); err != nil {
			writeError(w, r, err)
			return
		}
	}
	if handled, err := p.hold(ctx, w, r, in); handled || err != nil {
		if err != nil {
			writeError(w, r, err)
		}
		return
	}
	requestID := RequestID(ctx)
	settled := false
	defer func() {
		if !settled {
			s.release(ctx, requestID, p)
		}
	}()
	if budget != nil {
		budget.Pause()
	}
	out, err := e.Run(capability.WithCall(ctx, p.call(requestID)), in)
	if budget != nil {
		budget.Resume()
	}
	if err != nil {
		writeError(w, r, err)
		return
	}
	// Encode before paying: a result that cannot be sent is not paid for.
	// The output's writer is compiled from its type (Marshal's bytes,
	// capability.Entry.AppendOutput).
	enc, err := encodeOutput(e, out)
	if err != nil {
		writeError(w, r, err)
		return
	}
	status := http.StatusOK
	if a, ok := out.(capability.Accepted); ok && a.Accepted() {
		status = http.StatusAccepted
	}
	if charge, reason, basis := chargeOf(out); !charge {
		// Nothing to charge for (too little to answer from, synthetic
		// data only, no evidence): the result is sent, nothing is paid
		// (the deferred release gives the hold back).
		writeRaw(w, status, "application/json", enc.answer(unpaidMeta(requestID, e.ID, e.PriceOf(in), reason).withEvidence(basis)))
		return
	} else {
		enc.basis = basis
	}
	res, err := p.settle(ctx, r, enc)
	if err != nil {
		writeError(w, r, err)
		return
	}
	settled = true
	for k, vs := range res.header {
		w.Header()[k] = vs
	}
	cl := logFrom(ctx)
	cl.rail, cl.amount = res.rail, res.amount
	writeRaw(w, status, "application/json", res.body)
}

// chargeOf decides whether a result is charged: by its evidence basis
// (capability.Evidenced, dalil.DecideEvidence); a result that states none
// is charged. basis is nil when the result states none.
func chargeOf(out any) (charge bool, reason string, basis *dalil.Basis) {
	if ev, ok := out.(capability.Evidenced); ok {
		b := ev.Basis()
		charge, reason = dalil.DecideEvidence(b)
		return charge, reason, &b
	}
	return true, "", nil
}

// packAnswer is what an idempotent answer stores: the data (compact JSON,
// which holds no raw newline) and, on a line of its own after it, the
// basis, so that a replay repeats meta.evidence byte for byte.
func packAnswer(data []byte, b *dalil.Basis) []byte {
	data = bytes.TrimRight(data, "\n")
	if b == nil {
		return data
	}
	ev, err := json.Marshal(b)
	if err != nil {
		return data
	}
	out := make([]byte, 0, len(data)+1+len(ev))
	return append(append(append(out, data...), '\n'), ev...)
}

// unpackAnswer splits a stored answer into its data and basis (nil for an
// answer stored without one, by this version or an earlier one).
func unpackAnswer(stored []byte) ([]byte, *dalil.Basis) {
	stored = bytes.TrimRight(stored, "\n")
	i := bytes.IndexByte(stored, '\n')
	if i < 0 {
		return stored, nil
	}
	var b dalil.Basis
	if json.Unmarshal(stored[i+1:], &b) != nil {
		return stored, nil
	}
	return stored[:i], &b
}

// release undoes a payer's hold. A failure is logged with the request id
// and retried in the background with backoff; what still fails is logged
// as an error for the operator (a claim left behind is freed by its lease
// or the hourly purge, never charged).
func (s *Server) release(ctx context.Context, requestID string, p payer) {
	if err := s.retryRecord(ctx, requestID, "release of an unpaid call", p.release); err != nil {
		s.metrics.releaseFailed()
		s.log.Warn("release of an unpaid call failed; retrying", "requestId", requestID, "error", err.Error())
	}
}

// releaseRetries bounds background retries (about a minute in all, the
// idempotency lease).
const releaseRetries = 8

// outcomeUnknown is the answer when storage failed at the commit of a
// charge and could not tell whether it stands: never "nothing was
// charged", since that is not known.
func outcomeUnknown(requestID string, err error) *dalil.Error {
	msg := "Storage failed while this call's charge was being committed, and whether it was recorded could not be confirmed. " +
		"Retry with the same Idempotency-Key: if it was recorded you get the paid answer without a second charge."
	details := map[string]any{"charged": "unknown"}
	if requestID != "" {
		msg += " The account's transactions (/api/v1/account/transactions) show request " + requestID + " if it was charged."
		details["requestId"] = requestID
	}
	return &dalil.Error{Code: dalil.CodeServiceUnavailable, Message: msg, Details: details, Headers: map[string]string{"Retry-After": "5"}, Err: err}
}

// isOutcomeUnknown reports whether err says a charge's fate is unknown.
func isOutcomeUnknown(err error) bool { return errors.Is(err, dalil.ErrOutcomeUnknown) }

// MaxPriceHeader is the caller's spending ceiling for one call: a decimal
// amount of USD ("0.05"). Over MCP the same value goes in the call's _meta
// as maxPrice.
const MaxPriceHeader = "X-Max-Price"

// checkMaxPrice refuses a call whose price is above the caller's ceiling
// with 402 PRICE_ABOVE_MAXIMUM (price and ceiling in details), and an
// unreadable ceiling with 400 naming the header.
func checkMaxPrice(r *http.Request, e *capability.Entry) error {
	return checkMaxPriceOf(r, e, e.Price)
}

// checkMaxPriceOf is checkMaxPrice for a call that costs price.
func checkMaxPriceOf(r *http.Request, e *capability.Entry, price dalil.MicroUSD) error {
	vals := r.Header[MaxPriceHeader] // canonical: the map's own key
	if len(vals) == 0 {
		return nil
	}
	ceiling, err := dalil.ParseUSD(vals[0])
	if len(vals) > 1 || err != nil {
		return &dalil.Error{Code: dalil.CodeInvalidInput,
			Message: "The X-Max-Price header is not valid (the body was not checked); send one non-negative decimal amount of USD with at most 6 decimals, such as 0.05.",
			Details: []dalil.Problem{{Path: MaxPriceHeader, Message: "must be one non-negative decimal amount of USD, such as 0.05"}}}
	}
	if price > ceiling {
		return &dalil.Error{Code: dalil.CodePriceAboveMaximum,
			Message: fmt.Sprintf("%s costs %s, above your X-Max-Price of %s; nothing was run or charged. Raise the ceiling or choose another capability.", e.ID, price, ceiling),
			Details: map[string]any{"tool": e.ID, "price": price.Float(), "maxPrice": ceiling.Float(), "currency": "USD"}}
	}
	return nil
}
