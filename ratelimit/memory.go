package ratelimit

import (
	"container/list"
	"context"
	"hash/maphash"
	"math"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/time/rate"
)

// DefaultMaxKeys is the default cap on keys a Memory limiter holds. An
// entry costs roughly 250 bytes plus its key, so the default stays under
// about 100 MB while allowing far more distinct callers per two minutes
// than one replica serves.
const DefaultMaxKeys = 1 << 18

// refillTime is how long an empty bucket takes to become full: the burst
// is perMinute and the refill is perMinute per minute, so one minute for
// every limit. A bucket idle that long is full, and a full bucket answers
// exactly like a fresh one, so forgetting it changes no decision.
const refillTime = time.Minute

// shardCount spreads keys over this many locks so that concurrent calls
// for different keys rarely wait on each other.
const shardCount = 32

// MemoryOptions configures NewMemory. A nil *MemoryOptions means defaults.
type MemoryOptions struct {
	// Now is the clock; nil means time.Now. Tests inject a fake one.
	Now func() time.Time
	// MaxKeys caps how many keys are held at once; 0 means DefaultMaxKeys.
	// Keys idle for a minute are forgotten without loss (their buckets are
	// full). Only when more than MaxKeys keys were active within about a
	// minute does the least recently used one get forgotten early, which
	// gives that key a fresh budget: bounded memory wins over exactness
	// there. The cap is rounded up to a multiple of the shard count.
	MaxKeys int
}

// Memory is an in-process Limiter: one x/time/rate token bucket per key.
// It is safe for concurrent use and needs no Close.
type Memory struct {
	now    func() time.Time
	seed   maphash.Seed
	shards []shard
	sweep  atomic.Uint32 // round-robin cursor: each Allow also sweeps one other shard
}

type shard struct {
	mu   sync.Mutex
	max  int
	keys map[string]*list.Element
	lru  list.List // of *bucket, most recently used at the front
}

type bucket struct {
	key  string
	lim  *rate.Limiter
	last time.Time // time of the last Allow for key
}

var _ Limiter = (*Memory)(nil)

// NewMemory returns an in-process limiter; opts may be nil.
func NewMemory(opts *MemoryOptions) *Memory {
	var o MemoryOptions
	if opts != nil {
		o = *opts
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.MaxKeys <= 0 {
		o.MaxKeys = DefaultMaxKeys
	}
	n := min(shardCount, o.MaxKeys)
	m := &Memory{now: o.Now, seed: maphash.MakeSeed(), shards: make([]shard, n)}
	perShard := (o.MaxKeys + n - 1) / n
	for i := range m.shards {
		m.shards[i].max = perShard
		m.shards[i].keys = make(map[string]*list.Element)
	}
	return m
}

// Allow implements Limiter. It never fails except for perMinute <= 0
// (ErrBadLimit). When perMinute changes for a key (a plan change), the
// key's bucket keeps its tokens, capped at the new burst.
func (m *Memory) Allow(_ context.Context, key string, perMinute int) (Result, error) {
	if err := checkLimit(perMinute); err != nil {
		return Result{}, err
	}
	s := &m.shards[maphash.String(m.seed, key)%uint64(len(m.shards))]
	s.mu.Lock()
	// Read the clock under the lock so each shard sees time move forward
	// only: x/time/rate would count a refill twice if an earlier instant
	// arrived after a later one.
	now := m.now()
	s.evictIdle(now)
	b := s.get(key, perMinute, now)
	allowed := b.lim.AllowN(now, 1)
	tokens := b.lim.TokensAt(now)
	s.mu.Unlock()

	// Sweep one more shard per call, so keys in shards that get no new
	// traffic are reclaimed too.
	o := &m.shards[m.sweep.Add(1)%uint32(len(m.shards))]
	if o != s {
		o.mu.Lock()
		o.evictIdle(now)
		o.mu.Unlock()
	}
	return memoryResult(allowed, perMinute, tokens), nil
}

// get returns key's bucket, creating it (full) if absent. Callers hold s.mu.
func (s *shard) get(key string, perMinute int, now time.Time) *bucket {
	if e, ok := s.keys[key]; ok {
		b := e.Value.(*bucket)
		b.last = now
		s.lru.MoveToFront(e)
		if b.lim.Burst() != perMinute {
			b.lim.SetLimitAt(now, perSecond(perMinute))
			b.lim.SetBurstAt(now, perMinute)
		}
		return b
	}
	for s.lru.Len() >= s.max {
		s.remove(s.lru.Back())
	}
	b := &bucket{key: key, lim: rate.NewLimiter(perSecond(perMinute), perMinute), last: now}
	s.keys[key] = s.lru.PushFront(b)
	return b
}

// evictIdle forgets buckets unused for refillTime, which are full. The list
// is in order of use, so it stops at the first recent one. Callers hold s.mu.
func (s *shard) evictIdle(now time.Time) {
	for e := s.lru.Back(); e != nil; e = s.lru.Back() {
		if now.Sub(e.Value.(*bucket).last) < refillTime {
			return
		}
		s.remove(e)
	}
}

func (s *shard) remove(e *list.Element) {
	delete(s.keys, e.Value.(*bucket).key)
	s.lru.Remove(e)
}

// len reports how many keys m holds; for tests.
func (m *Memory) len() int {
	n := 0
	for i := range m.shards {
		s := &m.shards[i]
		s.mu.Lock()
		n += len(s.keys)
		s.mu.Unlock()
	}
	return n
}

func perSecond(perMinute int) rate.Limit {
	return rate.Limit(float64(perMinute) / 60)
}

// memoryResult describes a bucket of burst perMinute holding tokens after
// a call that was allowed or not.
func memoryResult(allowed bool, perMinute int, tokens float64) Result {
	tokens = math.Max(0, math.Min(tokens, float64(perMinute)))
	perSec := float64(perMinute) / 60
	r := Result{
		Allowed:   allowed,
		Limit:     perMinute,
		Remaining: int(math.Floor(tokens)),
		Reset:     fromSeconds((float64(perMinute) - tokens) / perSec),
	}
	if !allowed {
		r.RetryAfter = max(fromSeconds((1-tokens)/perSec), 1)
	}
	return r
}
