package names

import (
	"sync"
	"sync/atomic"
)

// KeyCache normalises names, remembering the keys of the last names
// normalised: a caller that normalises the same names call after call
// (a sanctions screening's candidates, read from a store for each call)
// pays for each once while it is remembered. It holds at most size keys:
// two generations of size/2, the older dropped when the newer fills, so
// its memory stays flat however many names pass through it. A key is a
// function of its name alone, so a remembered key is the one Normalize
// would make. Safe for concurrent use.
type KeyCache struct {
	mu       sync.Mutex
	half     int
	cur, old map[string]Key
	hits     atomic.Int64
	misses   atomic.Int64
}

// NewKeyCache remembers at most size keys (at least 2).
func NewKeyCache(size int) *KeyCache {
	half := max(size/2, 1)
	return &KeyCache{half: half, cur: make(map[string]Key, half)}
}

// Normalize is Normalize(s), remembered.
func (c *KeyCache) Normalize(s string) Key {
	c.mu.Lock()
	k, ok := c.cur[s]
	if !ok {
		if k, ok = c.old[s]; ok {
			c.put(s, k)
		}
	}
	c.mu.Unlock()
	if ok {
		c.hits.Add(1)
		return k
	}
	c.misses.Add(1)
	k = Normalize(s)
	c.mu.Lock()
	c.put(s, k)
	c.mu.Unlock()
	return k
}

// put remembers k for s in the newer generation; c.mu is held.
func (c *KeyCache) put(s string, k Key) {
	if len(c.cur) >= c.half {
		c.old, c.cur = c.cur, make(map[string]Key, c.half)
	}
	c.cur[s] = k
}

// Len is the number of keys remembered.
func (c *KeyCache) Len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.cur) + len(c.old)
}

// Stats are how many names were found remembered and how many were
// normalised.
func (c *KeyCache) Stats() (hits, misses int64) { return c.hits.Load(), c.misses.Load() }
