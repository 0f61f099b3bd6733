package mpp

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"slices"
	"strings"
	"sync"
	"time"
)

// ChannelStatus is the life-cycle state of a payment channel as Dalil
// sees it.
type ChannelStatus string

// Channel states: open channels take vouchers; closing ones take none and
// wait for their on-chain close to confirm; closed ones are final.
const (
	ChannelOpen    ChannelStatus = "open"
	ChannelClosing ChannelStatus = "closing"
	ChannelClosed  ChannelStatus = "closed"
)

// Channel is Dalil's record of one escrow payment channel (MPP tempo
// `session` intent): the on-chain facts it last saw, the highest voucher
// it accepted and what calls have spent of it. Amounts are token base
// units. Invariants (CheckChannelUpdate): Spent <= Accepted <= Deposit;
// Accepted, Spent and Deposit never decrease; a status never goes back.
type Channel struct {
	ID               string // 0x + 64 lowercase hex
	Escrow           string // 0x lowercase address
	ChainID          uint64
	Payer            string
	Payee            string
	Token            string
	AuthorizedSigner string // the address that signs vouchers (payer when none was delegated)
	Deposit          *big.Int
	SettledOnChain   *big.Int
	Accepted         *big.Int // highest accepted voucher's cumulativeAmount
	Signature        []byte   // that voucher's signature (r||s||v)
	Spent            *big.Int // charged for calls served
	Status           ChannelStatus
	CloseAmount      *big.Int // the voucher submitted by close, once chosen
	CloseSignature   []byte
	CloseTx          string // hash of the signed close transaction
	CloseRaw         []byte // the signed close transaction, rebroadcast on a retried close
	Version          int64  // bumped by every update (compare-and-swap)
	CreatedAt        time.Time
	UpdatedAt        time.Time
}

// Available is what the channel can still pay: Accepted - Spent.
func (c Channel) Available() *big.Int { return new(big.Int).Sub(c.Accepted, c.Spent) }

// Clone returns a deep copy.
func (c Channel) Clone() Channel {
	cp := func(v *big.Int) *big.Int {
		if v == nil {
			return nil
		}
		return new(big.Int).Set(v)
	}
	c.Deposit, c.SettledOnChain, c.Accepted, c.Spent, c.CloseAmount = cp(c.Deposit), cp(c.SettledOnChain), cp(c.Accepted), cp(c.Spent), cp(c.CloseAmount)
	c.Signature, c.CloseSignature, c.CloseRaw = slices.Clone(c.Signature), slices.Clone(c.CloseSignature), slices.Clone(c.CloseRaw)
	return c
}

// Errors a ChannelStore returns (wrapped or not).
var (
	ErrChannelNotFound = errors.New("mpp: channel not found")
	ErrChannelConflict = errors.New("mpp: channel changed concurrently too often")
	// ErrChannelInvariant is returned when an update would break a
	// channel invariant (see CheckChannelUpdate); nothing is stored.
	ErrChannelInvariant = errors.New("mpp: channel update breaks an invariant")
)

func zeroIfNil(v *big.Int) *big.Int {
	if v == nil {
		return new(big.Int)
	}
	return v
}

func statusRank(s ChannelStatus) int {
	switch s {
	case ChannelOpen:
		return 0
	case ChannelClosing:
		return 1
	case ChannelClosed:
		return 2
	}
	return -1
}

// CheckChannel checks the invariants of one channel state.
func CheckChannel(c Channel) error {
	if c.ID == "" || statusRank(c.Status) < 0 {
		return fmt.Errorf("%w: id and a known status are required", ErrChannelInvariant)
	}
	for _, v := range []*big.Int{c.Deposit, c.SettledOnChain, c.Accepted, c.Spent} {
		if v == nil || v.Sign() < 0 || v.Cmp(maxUint128) > 0 {
			return fmt.Errorf("%w: amounts must be set and within uint128", ErrChannelInvariant)
		}
	}
	if c.Spent.Cmp(c.Accepted) > 0 {
		return fmt.Errorf("%w: spent %s exceeds accepted %s", ErrChannelInvariant, c.Spent, c.Accepted)
	}
	if c.Accepted.Cmp(c.Deposit) > 0 {
		return fmt.Errorf("%w: accepted %s exceeds deposit %s", ErrChannelInvariant, c.Accepted, c.Deposit)
	}
	return nil
}

// CheckChannelUpdate checks that next may replace old: same identity, the
// invariants of CheckChannel, and nothing that only grows shrinks (deposit,
// settled, accepted, spent, status). Stores call it inside their atomic
// update, so a buggy or racing caller cannot lower the voucher on record.
func CheckChannelUpdate(old, next Channel) error {
	if err := CheckChannel(next); err != nil {
		return err
	}
	if next.ID != old.ID || next.Escrow != old.Escrow || next.ChainID != old.ChainID || next.Payer != old.Payer ||
		next.Payee != old.Payee || next.Token != old.Token || next.AuthorizedSigner != old.AuthorizedSigner {
		return fmt.Errorf("%w: a channel's identity never changes", ErrChannelInvariant)
	}
	if next.Deposit.Cmp(old.Deposit) < 0 || next.SettledOnChain.Cmp(old.SettledOnChain) < 0 ||
		next.Accepted.Cmp(old.Accepted) < 0 || next.Spent.Cmp(old.Spent) < 0 {
		return fmt.Errorf("%w: deposit, settled, accepted and spent never decrease", ErrChannelInvariant)
	}
	if next.Accepted.Cmp(old.Accepted) == 0 && old.Accepted.Sign() > 0 && !slices.Equal(next.Signature, old.Signature) {
		return fmt.Errorf("%w: the signature of an accepted voucher never changes", ErrChannelInvariant)
	}
	if statusRank(next.Status) < statusRank(old.Status) {
		return fmt.Errorf("%w: status %s cannot go back to %s", ErrChannelInvariant, old.Status, next.Status)
	}
	return nil
}

// ChannelStore keeps payment channels. Implementations must make
// UpdateChannel atomic across processes (SQL: compare-and-swap on Version
// in one transaction), so concurrent duplicate vouchers and calls on
// several replicas never lower the accepted voucher or overspend it.
type ChannelStore interface {
	// CreateChannel stores c if no channel has its id and returns the
	// stored channel and whether it was created now.
	CreateChannel(ctx context.Context, c Channel) (Channel, bool, error)
	// GetChannel returns a channel; ErrChannelNotFound.
	GetChannel(ctx context.Context, id string) (Channel, error)
	// UpdateChannel reads the channel, calls fn on a copy and stores the
	// result if the channel did not change meanwhile (else it retries
	// with the new state; fn may run several times and must not have side
	// effects). An error from fn aborts and is returned as is. The result
	// must pass CheckChannelUpdate (ErrChannelInvariant otherwise).
	// Version and UpdatedAt are set by the store.
	UpdateChannel(ctx context.Context, id string, now time.Time, fn func(*Channel) error) (Channel, error)
	// IdleChannels lists the channels not closed yet (status open or
	// closing) whose last update (UpdatedAt) is before idleSince, ordered
	// by id, starting after the id `after` ("" starts at the beginning), at
	// most limit of them (DefaultChannelPage when limit <= 0). Page on with
	// the last id returned. idleSince = now lists every unclosed channel.
	IdleChannels(ctx context.Context, idleSince time.Time, after string, limit int) ([]Channel, error)
}

// DefaultChannelPage is the page size of IdleChannels when none is given.
const DefaultChannelPage = 100

// MemoryChannelStore is a ChannelStore in memory, for tests and
// single-process use.
type MemoryChannelStore struct {
	mu sync.Mutex
	m  map[string]Channel
}

// NewMemoryChannelStore returns an empty MemoryChannelStore.
func NewMemoryChannelStore() *MemoryChannelStore {
	return &MemoryChannelStore{m: map[string]Channel{}}
}

var _ ChannelStore = (*MemoryChannelStore)(nil)

// CreateChannel implements ChannelStore.
func (s *MemoryChannelStore) CreateChannel(_ context.Context, c Channel) (Channel, bool, error) {
	if err := CheckChannel(c); err != nil {
		return Channel{}, false, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if old, ok := s.m[c.ID]; ok {
		return old.Clone(), false, nil
	}
	c = c.Clone()
	c.Version = 1
	s.m[c.ID] = c
	return c.Clone(), true, nil
}

// GetChannel implements ChannelStore.
func (s *MemoryChannelStore) GetChannel(_ context.Context, id string) (Channel, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	c, ok := s.m[id]
	if !ok {
		return Channel{}, ErrChannelNotFound
	}
	return c.Clone(), nil
}

// UpdateChannel implements ChannelStore.
func (s *MemoryChannelStore) UpdateChannel(_ context.Context, id string, now time.Time, fn func(*Channel) error) (Channel, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	old, ok := s.m[id]
	if !ok {
		return Channel{}, ErrChannelNotFound
	}
	next := old.Clone()
	if err := fn(&next); err != nil {
		return Channel{}, err
	}
	if err := CheckChannelUpdate(old, next); err != nil {
		return Channel{}, err
	}
	next.Version = old.Version + 1
	next.UpdatedAt = now
	s.m[id] = next
	return next.Clone(), nil
}

// IdleChannels implements ChannelStore.
func (s *MemoryChannelStore) IdleChannels(_ context.Context, idleSince time.Time, after string, limit int) ([]Channel, error) {
	if limit <= 0 {
		limit = DefaultChannelPage
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []Channel
	for _, c := range s.m {
		if c.Status != ChannelClosed && c.UpdatedAt.Before(idleSince) && c.ID > after {
			out = append(out, c.Clone())
		}
	}
	slices.SortFunc(out, func(a, b Channel) int { return strings.Compare(a.ID, b.ID) })
	if len(out) > limit {
		out = out[:limit]
	}
	return out, nil
}

var maxUint128 = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 128), big.NewInt(1))
