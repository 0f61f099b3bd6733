package telephonytest

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"dalil/capabilities/voice"
	"dalil/provider/client"
	"dalil/provider/client/clienttest"
)

// Fake is what Contract asks of a vendor fake; twiliotest.Server and
// vapitest.Server have it.
type Fake interface {
	Push(fs ...clienttest.Fault)
	Hits() int
	Dials(number string) int
	LoseNextCreate(status int)
}

// Subject is an adapter wired to a fresh fake, its HTTP configuration
// clienttest.Instant(Waits, …) with a short attempt timeout.
type Subject struct {
	Dialer voice.Dialer
	Fake   Fake
	Waits  *[]time.Duration
	// Dial is a dial the adapter accepts, with that call id.
	Dial func(callID string) voice.Dial
	// LastCall is the vendor id of the last call the fake accepted.
	LastCall func() string
}

// Contract is the dialling every adapter shares (dialing.Client.Dial),
// checked over HTTP against the adapter's own fake: New builds a fresh
// subject for each case.
type Contract struct {
	New func(t *testing.T) Subject
}

// Run checks that a 429 is waited for (Retry-After) and retried, that a
// 5xx, a timeout or a malformed answer is looked up before dialling
// again, that a call created behind an ambiguous failure is found and
// not dialled twice, and that persistent failures end in their kind,
// never in voice.ErrRejected.
func (c Contract) Run(t *testing.T) {
	ctx := context.Background()
	t.Run("429 Retry-After", func(t *testing.T) {
		s := c.New(t)
		d := s.Dial("c1")
		s.Fake.Push(clienttest.RateLimited("2"))
		if _, err := s.Dialer.Dial(ctx, d); err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(*s.Waits, []time.Duration{2 * time.Second}) || s.Fake.Dials(d.To) != 1 || s.Fake.Hits() != 2 {
			t.Fatalf("waits %v, dials %d, hits %d", *s.Waits, s.Fake.Dials(d.To), s.Fake.Hits())
		}
	})
	t.Run("429 persists", func(t *testing.T) {
		s := c.New(t)
		d := s.Dial("c1")
		s.Fake.Push(clienttest.RateLimited("1"), clienttest.RateLimited("1"), clienttest.RateLimited("1"))
		_, err := s.Dialer.Dial(ctx, d)
		if !errors.Is(err, client.ErrRateLimited) || errors.Is(err, voice.ErrRejected) || s.Fake.Dials(d.To) != 0 {
			t.Fatalf("err %v, dials %d", err, s.Fake.Dials(d.To))
		}
	})
	t.Run("5xx not created: looked up, then retried", func(t *testing.T) {
		s := c.New(t)
		d := s.Dial("c1")
		s.Fake.Push(clienttest.ServerError(503))
		if id, err := s.Dialer.Dial(ctx, d); err != nil || id == "" {
			t.Fatalf("Dial = %q, %v", id, err)
		}
		if s.Fake.Dials(d.To) != 1 || s.Fake.Hits() != 3 { // create 503, look up, create 201
			t.Fatalf("dials %d, hits %d", s.Fake.Dials(d.To), s.Fake.Hits())
		}
	})
	for _, lost := range []struct {
		name   string
		status int
	}{{"5xx", 502}, {"timeout", 0}} {
		t.Run(lost.name+" after the call was created: found, not dialled again", func(t *testing.T) {
			s := c.New(t)
			d := s.Dial("c1")
			s.Fake.LoseNextCreate(lost.status)
			id, err := s.Dialer.Dial(ctx, d)
			if err != nil || id != s.LastCall() || s.Fake.Dials(d.To) != 1 {
				t.Fatalf("Dial = %q, %v; want %q; dials %d", id, err, s.LastCall(), s.Fake.Dials(d.To))
			}
		})
	}
	t.Run("timeout persists", func(t *testing.T) {
		s := c.New(t)
		d := s.Dial("c1")
		for range 12 {
			s.Fake.Push(clienttest.Hang())
		}
		_, err := s.Dialer.Dial(ctx, d)
		if !errors.Is(err, client.ErrTimeout) || errors.Is(err, voice.ErrRejected) || s.Fake.Dials(d.To) != 0 {
			t.Fatalf("err %v, dials %d", err, s.Fake.Dials(d.To))
		}
	})
	t.Run("malformed body", func(t *testing.T) {
		s := c.New(t)
		d := s.Dial("c1")
		s.Fake.Push(clienttest.Malformed())
		if _, err := s.Dialer.Dial(ctx, d); err != nil || s.Fake.Dials(d.To) != 1 {
			t.Fatalf("err %v, dials %d", err, s.Fake.Dials(d.To))
		}
		s.Fake.Push(clienttest.Malformed(), clienttest.Malformed(), clienttest.Malformed(), clienttest.Malformed(), clienttest.Malformed())
		d2 := s.Dial("c2")
		d2.To = "+96891234569"
		if _, err := s.Dialer.Dial(ctx, d2); !errors.Is(err, client.ErrMalformed) || errors.Is(err, voice.ErrRejected) {
			t.Fatalf("persistently malformed: %v", err)
		}
	})
}
