package ratelimit

import (
	"context"
	"hash/maphash"
	"sync"
	"sync/atomic"
	"time"
)

// DefaultMaxKeys is the default cap on keys a Memory limiter holds. A key
// costs about 350 bytes plus its name (61 counters and bookkeeping,
// whatever its limit), so the cap bounds the limiter at about 100 MB
// while allowing far more distinct callers a minute than one replica
// serves.
const DefaultMaxKeys = 1 << 18

// shardCount spreads keys over this many locks so that concurrent calls
// for different keys rarely wait on each other.
const shardCount = 32

// MemoryOptions configures NewMemory. A nil *MemoryOptions means defaults.
type MemoryOptions struct {
	// Now is the clock; nil means time.Now. Tests inject a fake one.
	Now func() time.Time
	// MaxKeys caps how many keys are held at once; 0 means DefaultMaxKeys.
	// A key whose calls have all left its window is forgotten without
	// loss. Only when more than MaxKeys keys made calls within a window
	// does the least recently used one get forgotten early, which gives
	// that key a fresh budget: bounded memory wins over exactness there.
	// The cap is rounded up to a multiple of the shard count.
	MaxKeys int
	// Window is the span a limit applies to; 0 means DefaultWindow (one
	// minute). Tests shorten it.
	Window time.Duration
}

// Memory is an in-process Limiter: one sliding window of 61 one-second
// slots per key (see the package doc). It is safe for concurrent use and
// needs no Close.
type Memory struct {
	now    func() time.Time
	epoch  time.Time // slot 0 begins here
	width  time.Duration
	seed   maphash.Seed
	shards []shard
	sweep  atomic.Uint32 // round-robin cursor: each Allow also sweeps one other shard
}

type shard struct {
	mu   sync.Mutex
	max  int
	keys map[string]*window
	lru  window // sentinel of a circular list, most recently used at lru.next
}

// window is one key's counts: counts[s%ring] holds the calls allowed in
// slot s, for the ring slots up to head.
type window struct {
	key        string
	prev, next *window
	head       int64  // the newest slot seen: the slot of the key's last Allow
	total      uint32 // sum of counts
	counts     [ring]uint32
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
	m := &Memory{now: o.Now, epoch: o.Now(), width: slotWidth(o.Window, 1), seed: maphash.MakeSeed(), shards: make([]shard, n)}
	perShard := (o.MaxKeys + n - 1) / n
	for i := range m.shards {
		s := &m.shards[i]
		s.max = perShard
		s.keys = make(map[string]*window)
		s.lru.prev, s.lru.next = &s.lru, &s.lru
	}
	return m
}

// Allow implements Limiter. It never fails except for perMinute <= 0
// (ErrBadLimit). The calls a key made stay counted when perMinute changes
// for it (a plan change): an upgrade does not grant a fresh budget and a
// downgrade below what the window holds refuses until enough calls leave.
func (m *Memory) Allow(_ context.Context, key string, perMinute int) (Result, error) {
	if err := checkLimit(perMinute); err != nil {
		return Result{}, err
	}
	s := &m.shards[maphash.String(m.seed, key)%uint64(len(m.shards))]
	s.mu.Lock()
	// Read the clock under the lock so each window sees time move forward
	// only, and a call is never counted in a slot already forgotten.
	cur, into := m.slot(m.now())
	s.evictIdle(cur)
	w := s.get(key, cur)
	if cur < w.head {
		// The clock stepped back (only an injected one can): count the
		// call in the newest slot, which keeps it counted longest.
		cur, into = w.head, 0
	}
	allowed := w.total < clampLimit(perMinute)
	if allowed {
		w.counts[index(cur)]++
		w.total++
	}
	var res Result
	if allowed {
		// The common case needs no copy of the counters.
		res = verdict(true, perMinute, w.total, m.width, into, w.oldest(), nil)
	} else {
		byAge := w.byAge()
		res = verdict(false, perMinute, w.total, m.width, into, w.oldest(), &byAge)
	}
	s.mu.Unlock()

	// Sweep one more shard per call, so keys in shards that get no new
	// traffic are reclaimed too.
	o := &m.shards[m.sweep.Add(1)%uint32(len(m.shards))]
	if o != s {
		o.mu.Lock()
		o.evictIdle(cur)
		o.mu.Unlock()
	}
	return res, nil
}

// slot returns the slot t falls in and how far into it t is.
func (m *Memory) slot(t time.Time) (int64, time.Duration) {
	d := t.Sub(m.epoch)
	n := int64(d / m.width)
	if d%m.width < 0 { // before the epoch: round towards the past
		n--
	}
	return n, d - time.Duration(n)*m.width
}

// get returns key's window advanced to slot cur, creating it (empty) if
// absent. Callers hold s.mu.
func (s *shard) get(key string, cur int64) *window {
	w := s.keys[key]
	if w == nil {
		for len(s.keys) >= s.max {
			s.remove(s.lru.prev)
		}
		w = &window{key: key, head: cur}
		s.keys[key] = w
	} else {
		w.unlink()
		w.advance(cur)
	}
	// Push to the front.
	w.prev, w.next = &s.lru, s.lru.next
	w.next.prev, s.lru.next = w, w
	return w
}

// advance forgets the slots that have left the window by slot cur. A cur
// before head (a clock that stepped back) counts as head.
func (w *window) advance(cur int64) {
	if cur <= w.head {
		return
	}
	if cur-w.head >= ring {
		w.counts, w.total = [ring]uint32{}, 0
	} else {
		for s := w.head + 1; s <= cur; s++ {
			i := index(s)
			w.total -= w.counts[i]
			w.counts[i] = 0
		}
	}
	w.head = cur
}

// byAge returns the counters by age: head's slot first, then the one
// before, and so on.
func (w *window) byAge() [ring]uint32 {
	var out [ring]uint32
	i := index(w.head)
	for age := range out {
		out[age] = w.counts[i]
		if i--; i < 0 {
			i = ring - 1
		}
	}
	return out
}

// oldest is the age of the oldest slot still holding a call, 0 when none
// does.
func (w *window) oldest() int {
	if w.total == 0 {
		return 0
	}
	for age := ring - 1; age > 0; age-- {
		if w.counts[index(w.head-int64(age))] > 0 {
			return age
		}
	}
	return 0
}

// index is where slot s is counted in a window's ring.
func index(s int64) int {
	return int((s%ring + ring) % ring)
}

// evictIdle forgets windows whose every call has left them by slot cur.
// The list is in order of use, so it stops at the first recent one.
// Callers hold s.mu.
func (s *shard) evictIdle(cur int64) {
	for w := s.lru.prev; w != &s.lru && cur-w.head >= ring; w = s.lru.prev {
		s.remove(w)
	}
}

func (s *shard) remove(w *window) {
	delete(s.keys, w.key)
	w.unlink()
}

func (w *window) unlink() {
	w.prev.next, w.next.prev = w.next, w.prev
	w.prev, w.next = nil, nil
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
