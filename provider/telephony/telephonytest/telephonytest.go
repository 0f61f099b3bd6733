// Package telephonytest is what the fakes of the telephony vendors
// (twilio/twiliotest, vapi/vapitest) and the webhook tests share: the
// book of calls a fake accepted (counted per number, copied out, waited
// for), the scripted creations that succeed but answer an error or
// nothing, the event deliveries a fake posts to the service and can
// replay byte for byte, and a recording event sink. The vendors' wire
// formats — routes, parameters, error objects, signatures — stay in the
// vendor fakes.
package telephonytest

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"iter"
	"net/http"
	"sync"
	"time"
)

// Book is what a test asks a fake about its calls (of the vendor's type
// C): how many were dialled, copies of them, and the lost creations to
// script. A fake embeds it, so these are the fake's methods.
type Book[C any] struct{ *store[C] }

// Keeper is the fake's own side of the same calls: the lock (which also
// guards the fake's own state), recording and finding calls, and posting
// and replaying events. Methods that say "with the lock held" expect it;
// the others take it.
type Keeper[C any] struct{ *store[C] }

type store[C any] struct {
	mu         sync.Mutex
	name       string
	id, number func(*C) string
	clone      func(*C) C
	calls      []*C
	byID       map[string]*C
	lose       []int
	deliveries []*Delivery
}

// New returns an empty book and its keeper. name prefixes the errors
// ("twiliotest"); id and number read a call's vendor id and callee;
// clone copies a call out (nil: a shallow copy).
func New[C any](name string, id, number func(*C) string, clone func(*C) C) (*Book[C], *Keeper[C]) {
	if clone == nil {
		clone = func(c *C) C { return *c }
	}
	s := &store[C]{name: name, id: id, number: number, clone: clone, byID: map[string]*C{}}
	return &Book[C]{s}, &Keeper[C]{s}
}

// Lock takes the lock, for the calls and the fake's own state.
func (b *Keeper[C]) Lock() { b.mu.Lock() }

// Unlock releases it.
func (b *Keeper[C]) Unlock() { b.mu.Unlock() }

// Created is how a call creation the fake recorded is answered.
type Created struct {
	lose   bool
	status int
}

// Add records a call the fake accepted, with the lock held, and returns
// how its creation is answered: normally, or with the next loss
// LoseNextCreate scripted.
func (b *Keeper[C]) Add(c *C) Created {
	b.calls = append(b.calls, c)
	b.byID[b.id(c)] = c
	if len(b.lose) == 0 {
		return Created{}
	}
	status := b.lose[0]
	b.lose = b.lose[1:]
	return Created{lose: true, status: status}
}

// Write answers the creation: 201 with body; after a scripted loss,
// fail(status), or, for status 0, nothing until the client gives up.
func (a Created) Write(w http.ResponseWriter, r *http.Request, body any, fail func(status int)) {
	switch {
	case a.lose && a.status == 0:
		<-r.Context().Done()
	case a.lose:
		fail(a.status)
	default:
		WriteJSON(w, http.StatusCreated, body)
	}
}

// Get is the call with that vendor id, with the lock held.
func (b *Keeper[C]) Get(id string) (*C, bool) {
	c, ok := b.byID[id]
	return c, ok
}

// Newest yields the calls, most recent first, with the lock held.
func (b *Keeper[C]) Newest() iter.Seq[*C] {
	return func(yield func(*C) bool) {
		for i := len(b.calls) - 1; i >= 0; i-- {
			if !yield(b.calls[i]) {
				return
			}
		}
	}
}

// LoseNextCreate makes the next call creation succeed at the vendor (the
// call is recorded and counted) but answer status instead of 201, or
// hang until the client gives up when status is 0: the ambiguous failure
// after which a client must not dial again blindly.
func (b *Book[C]) LoseNextCreate(status int) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.lose = append(b.lose, status)
}

// Dials is how many calls to the number the fake accepted: a test
// asserts "dialled exactly once" with it.
func (b *Book[C]) Dials(number string) int {
	b.mu.Lock()
	defer b.mu.Unlock()
	n := 0
	for _, c := range b.calls {
		if b.number(c) == number {
			n++
		}
	}
	return n
}

// Calls are copies of the calls accepted, in order.
func (b *Book[C]) Calls() []C {
	b.mu.Lock()
	defer b.mu.Unlock()
	out := make([]C, len(b.calls))
	for i, c := range b.calls {
		out[i] = b.clone(c)
	}
	return out
}

// Call is a copy of the call with that vendor id.
func (b *Book[C]) Call(id string) (C, bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	c, ok := b.byID[id]
	if !ok {
		var zero C
		return zero, false
	}
	return b.clone(c), true
}

// LastCall is a copy of the last call accepted (zero when none).
func (b *Book[C]) LastCall() C {
	b.mu.Lock()
	defer b.mu.Unlock()
	if len(b.calls) == 0 {
		var zero C
		return zero
	}
	return b.clone(b.calls[len(b.calls)-1])
}

// WaitCalls waits until at least n calls were accepted or d passed, and
// reports whether they were.
func (b *Book[C]) WaitCalls(n int, d time.Duration) bool {
	deadline := time.Now().Add(d)
	for {
		b.mu.Lock()
		got := len(b.calls)
		b.mu.Unlock()
		if got >= n {
			return true
		}
		if time.Now().After(deadline) {
			return false
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// Delivery is one event a fake posted to the service.
type Delivery struct {
	// URL, Body and Header are the request, exactly as posted (and
	// replayed).
	URL    string
	Body   []byte
	Header http.Header
	// What names the event in errors ("status callback completed").
	What string
	// Status is the receiver's HTTP status (0 when it could not be
	// reached); Err the transport error, if any.
	Status int
	Err    error
	// Response is the receiver's answer body (its first 64 KiB), from the
	// last time it was posted.
	Response []byte
	// Replays is how many times Replay posted it again.
	Replays int
}

// Send posts an event about the call with that vendor id: with the lock
// held, build checks and updates the call and returns the delivery (or
// an error, returned as is); the delivery is recorded, then posted with
// hc, without the lock. An error when there is no such call, or when the
// receiver did not answer 2xx.
func (b *Keeper[C]) Send(hc *http.Client, id string, build func(*C) (*Delivery, error)) error {
	_, err := b.Exchange(hc, id, build)
	return err
}

// Exchange is Send that also returns the receiver's answer body (the
// delivery's Response), for messages the vendor reads the answer of.
func (b *Keeper[C]) Exchange(hc *http.Client, id string, build func(*C) (*Delivery, error)) ([]byte, error) {
	b.mu.Lock()
	c, ok := b.byID[id]
	if !ok {
		b.mu.Unlock()
		return nil, fmt.Errorf("%s: no call %s", b.name, id)
	}
	d, err := build(c)
	if err != nil {
		b.mu.Unlock()
		return nil, err
	}
	b.deliveries = append(b.deliveries, d)
	b.mu.Unlock()
	err = b.post(hc, d)
	b.mu.Lock()
	defer b.mu.Unlock()
	return d.Response, err
}

// Replay posts the i-th delivery again, byte for byte (same body, same
// headers and signature): the vendor's redelivery of an event.
func (b *Keeper[C]) Replay(hc *http.Client, i int) error {
	b.mu.Lock()
	if i < 0 || i >= len(b.deliveries) {
		b.mu.Unlock()
		return fmt.Errorf("%s: no delivery %d", b.name, i)
	}
	d := b.deliveries[i]
	d.Replays++
	b.mu.Unlock()
	return b.post(hc, d)
}

// Deliveries are copies of the deliveries posted, in order.
func (b *Keeper[C]) Deliveries() []Delivery {
	b.mu.Lock()
	defer b.mu.Unlock()
	out := make([]Delivery, len(b.deliveries))
	for i, d := range b.deliveries {
		out[i] = *d
		out[i].Header = d.Header.Clone()
	}
	return out
}

// post sends d, recording the receiver's answer.
func (b *Keeper[C]) post(hc *http.Client, d *Delivery) error {
	req, err := http.NewRequestWithContext(context.Background(), http.MethodPost, d.URL, bytes.NewReader(d.Body))
	if err != nil {
		return fmt.Errorf("%s: %w", b.name, err)
	}
	req.Header = d.Header.Clone()
	res, err := hc.Do(req)
	b.mu.Lock()
	if err != nil {
		d.Err, d.Status = err, 0
		b.mu.Unlock()
		return fmt.Errorf("%s: %s: %w", b.name, d.What, err)
	}
	b.mu.Unlock()
	answer, _ := io.ReadAll(io.LimitReader(res.Body, 1<<16))
	res.Body.Close()
	b.mu.Lock()
	d.Status, d.Err, d.Response = res.StatusCode, nil, answer
	b.mu.Unlock()
	if res.StatusCode/100 != 2 {
		return fmt.Errorf("%s: %s: HTTP %d", b.name, d.What, res.StatusCode)
	}
	return nil
}

// WriteJSON writes v as a JSON answer with status.
func WriteJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v)
}
