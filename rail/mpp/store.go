package mpp

import (
	"context"
	"errors"
	"slices"
	"sync"
	"time"

	"dalil"
)

// SessionStatus is the life-cycle state of a session.
type SessionStatus string

// Session states: active sessions take draws; closing ones take none and
// wait for their refund to confirm; closed ones are final.
const (
	SessionActive  SessionStatus = "active"
	SessionClosing SessionStatus = "closing"
	SessionClosed  SessionStatus = "closed"
)

// Session is a budgeted, metered MPP session funded by one on-chain deposit.
// Budget - Spent - Reserved is never negative.
type Session struct {
	ID           string
	Status       SessionStatus
	Payer        string // 0x address that paid the deposit and gets the refund
	Budget       dalil.MicroUSD
	Spent        dalil.MicroUSD // committed draws
	Reserved     dalil.MicroUSD // draws in flight
	AllowedTools []string
	DepositTx    string
	RefundTx     string // hash of the signed refund, once chosen
	RefundRaw    []byte // the signed refund, rebroadcast on a retried close
	CreatedAt    time.Time
	ExpiresAt    time.Time
	ClosedAt     time.Time
}

// Remaining is what the session can still pay.
func (s Session) Remaining() dalil.MicroUSD { return s.Budget - s.Spent - s.Reserved }

// Reservation is one draw on a session, keyed by its idempotency key.
type Reservation struct {
	SessionID string
	Key       string
	Tool      string
	Amount    dalil.MicroUSD
	Committed bool
	// Refunded is what RefundDraw gave back of a committed draw (at most
	// Amount), at RefundedAt; a zero RefundedAt: never refunded. Reserve
	// ignores both on the way in.
	Refunded   dalil.MicroUSD
	RefundedAt time.Time
}

// Errors a SessionStore returns (wrapped or not).
var (
	ErrSessionExists        = errors.New("mpp: session exists")
	ErrSessionNotFound      = errors.New("mpp: session not found")
	ErrSessionInactive      = errors.New("mpp: session is not active")
	ErrSessionExpired       = errors.New("mpp: session expired")
	ErrBudgetExhausted      = errors.New("mpp: session budget exhausted")
	ErrReservationNotFound  = errors.New("mpp: reservation not found")
	ErrReservationCommitted = errors.New("mpp: reservation already committed")
	ErrCallsInFlight        = errors.New("mpp: session has calls in flight")
	// ErrReservationNotCommitted: RefundDraw of a draw still in flight.
	ErrReservationNotCommitted = errors.New("mpp: reservation not committed")
	// ErrRefundExceedsDraw: RefundDraw of a negative amount, or of more
	// than the draw.
	ErrRefundExceedsDraw = errors.New("mpp: refund exceeds the draw")
)

// SessionStore keeps sessions and their reservations. Every method is
// atomic on its session; SQL implementations use one transaction (a
// conditional UPDATE for Reserve, unique (session_id, key) for
// reservations), so replicas sharing a database never overspend a budget.
type SessionStore interface {
	// Create stores a new session; ErrSessionExists if the id is taken.
	Create(ctx context.Context, s Session) error
	// Get returns a session; ErrSessionNotFound.
	Get(ctx context.Context, id string) (Session, error)
	// Reserve holds r.Amount on r.SessionID under r.Key. If a reservation
	// with that key exists it is returned unchanged with existed = true.
	// Otherwise the session must be active, unexpired at now, and have
	// Remaining() >= r.Amount (ErrSessionInactive, ErrSessionExpired,
	// ErrBudgetExhausted).
	Reserve(ctx context.Context, r Reservation, now time.Time) (got Reservation, existed bool, err error)
	// Commit turns a held reservation into spend; committing twice is a
	// no-op. ErrReservationNotFound.
	Commit(ctx context.Context, sessionID, key string) error
	// Release drops a held reservation, so its key can be used again;
	// releasing an absent one is a no-op. ErrReservationCommitted.
	Release(ctx context.Context, sessionID, key string) error
	// Close moves an active session to closing and returns it; a closing
	// or closed session is returned as is. ErrCallsInFlight while
	// reservations are held.
	Close(ctx context.Context, id string, now time.Time) (Session, error)
	// SetRefund records the signed refund of a closing session unless one
	// is recorded already, and returns the session (with the winner).
	SetRefund(ctx context.Context, id, hash string, raw []byte) (Session, error)
	// ResetRefund forgets the recorded refund when it is still hash (one
	// that reverted on chain, so it moved nothing), letting Close sign a
	// new one; a refund recorded meanwhile by another replica is kept.
	ResetRefund(ctx context.Context, id, hash string) error
	// MarkClosed moves a closing session to closed at now.
	MarkClosed(ctx context.Context, id string, now time.Time) (Session, error)
	// RefundDraw gives back amount of the committed draw key to its
	// session: Spent goes down by amount (Remaining up), so Close claims
	// that much less of the deposit and refunds it with the rest. Once
	// per draw: the refund is recorded with the draw at now, and a
	// second call returns the first one's amount (whatever its own
	// amount, and even once the session closed). The session must be
	// active (an expired one still is: its Spent is claimed at its
	// close); a closing or closed one is ErrSessionInactive, and nothing
	// changes. Also ErrSessionNotFound, ErrReservationNotFound,
	// ErrReservationNotCommitted, ErrRefundExceedsDraw (amount < 0 or >
	// the draw's Amount). Atomic against Close: a refund either lands
	// before the session leaves active, and Close's Spent reflects it,
	// or is refused.
	RefundDraw(ctx context.Context, sessionID, key string, amount dalil.MicroUSD, now time.Time) (refunded dalil.MicroUSD, err error)
}

// MemoryStore is a SessionStore in memory, for tests and single-process use.
type MemoryStore struct {
	mu       sync.Mutex
	sessions map[string]*Session
	res      map[[2]string]*Reservation
}

// NewMemoryStore returns an empty MemoryStore.
func NewMemoryStore() *MemoryStore {
	return &MemoryStore{sessions: map[string]*Session{}, res: map[[2]string]*Reservation{}}
}

var _ SessionStore = (*MemoryStore)(nil)

func (m *MemoryStore) get(id string) (*Session, error) {
	s, ok := m.sessions[id]
	if !ok {
		return nil, ErrSessionNotFound
	}
	return s, nil
}

func clone(s *Session) Session {
	c := *s
	c.AllowedTools = slices.Clone(s.AllowedTools)
	c.RefundRaw = slices.Clone(s.RefundRaw)
	return c
}

// Create implements SessionStore.
func (m *MemoryStore) Create(_ context.Context, s Session) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if _, ok := m.sessions[s.ID]; ok {
		return ErrSessionExists
	}
	c := clone(&s)
	m.sessions[s.ID] = &c
	return nil
}

// Get implements SessionStore.
func (m *MemoryStore) Get(_ context.Context, id string) (Session, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	s, err := m.get(id)
	if err != nil {
		return Session{}, err
	}
	return clone(s), nil
}

// Reserve implements SessionStore.
func (m *MemoryStore) Reserve(_ context.Context, r Reservation, now time.Time) (Reservation, bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	s, err := m.get(r.SessionID)
	if err != nil {
		return Reservation{}, false, err
	}
	if old, ok := m.res[[2]string{r.SessionID, r.Key}]; ok {
		return *old, true, nil
	}
	switch {
	case s.Status != SessionActive:
		return Reservation{}, false, ErrSessionInactive
	case !now.Before(s.ExpiresAt):
		return Reservation{}, false, ErrSessionExpired
	case r.Amount < 0 || s.Remaining() < r.Amount:
		return Reservation{}, false, ErrBudgetExhausted
	}
	s.Reserved += r.Amount
	r.Committed, r.Refunded, r.RefundedAt = false, 0, time.Time{}
	m.res[[2]string{r.SessionID, r.Key}] = &r
	return r, false, nil
}

// Commit implements SessionStore.
func (m *MemoryStore) Commit(_ context.Context, sessionID, key string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	r, ok := m.res[[2]string{sessionID, key}]
	if !ok {
		return ErrReservationNotFound
	}
	if r.Committed {
		return nil
	}
	s, err := m.get(sessionID)
	if err != nil {
		return err
	}
	s.Reserved -= r.Amount
	s.Spent += r.Amount
	r.Committed = true
	return nil
}

// Release implements SessionStore.
func (m *MemoryStore) Release(_ context.Context, sessionID, key string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	k := [2]string{sessionID, key}
	r, ok := m.res[k]
	if !ok {
		return nil
	}
	if r.Committed {
		return ErrReservationCommitted
	}
	s, err := m.get(sessionID)
	if err != nil {
		return err
	}
	s.Reserved -= r.Amount
	delete(m.res, k)
	return nil
}

// Close implements SessionStore.
func (m *MemoryStore) Close(_ context.Context, id string, _ time.Time) (Session, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	s, err := m.get(id)
	if err != nil {
		return Session{}, err
	}
	if s.Status == SessionActive {
		if s.Reserved > 0 {
			return Session{}, ErrCallsInFlight
		}
		s.Status = SessionClosing
	}
	return clone(s), nil
}

// SetRefund implements SessionStore.
func (m *MemoryStore) SetRefund(_ context.Context, id, hash string, raw []byte) (Session, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	s, err := m.get(id)
	if err != nil {
		return Session{}, err
	}
	if s.RefundTx == "" {
		s.RefundTx, s.RefundRaw = hash, slices.Clone(raw)
	}
	return clone(s), nil
}

// ResetRefund implements SessionStore.
func (m *MemoryStore) ResetRefund(_ context.Context, id, hash string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	s, err := m.get(id)
	if err != nil {
		return err
	}
	if s.RefundTx == hash {
		s.RefundTx, s.RefundRaw = "", nil
	}
	return nil
}

// MarkClosed implements SessionStore.
func (m *MemoryStore) MarkClosed(_ context.Context, id string, now time.Time) (Session, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	s, err := m.get(id)
	if err != nil {
		return Session{}, err
	}
	if s.Status == SessionClosing {
		s.Status, s.ClosedAt = SessionClosed, now
	}
	return clone(s), nil
}

// CheckRefund is the rule every SessionStore's RefundDraw applies to the
// draw r before refunding amount of it: done when r was refunded already
// (RefundDraw then returns r.Refunded), ErrReservationNotCommitted for a
// draw still in flight, ErrRefundExceedsDraw for an amount below zero or
// above r.Amount.
func CheckRefund(r Reservation, amount dalil.MicroUSD) (done bool, err error) {
	switch {
	case !r.RefundedAt.IsZero():
		return true, nil
	case !r.Committed:
		return false, ErrReservationNotCommitted
	case amount < 0 || amount > r.Amount:
		return false, ErrRefundExceedsDraw
	}
	return false, nil
}

// RefundDraw implements SessionStore.
func (m *MemoryStore) RefundDraw(_ context.Context, sessionID, key string, amount dalil.MicroUSD, now time.Time) (dalil.MicroUSD, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	s, err := m.get(sessionID)
	if err != nil {
		return 0, err
	}
	r, ok := m.res[[2]string{sessionID, key}]
	if !ok {
		return 0, ErrReservationNotFound
	}
	if done, err := CheckRefund(*r, amount); err != nil {
		return 0, err
	} else if done {
		return r.Refunded, nil
	}
	if s.Status != SessionActive {
		return 0, ErrSessionInactive
	}
	if now.IsZero() {
		now = time.Now()
	}
	s.Spent -= amount
	r.Refunded, r.RefundedAt = amount, now.UTC()
	return amount, nil
}
