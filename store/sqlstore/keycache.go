package sqlstore

import (
	"sync"
	"time"

	"dalil"
)

// DefaultKeyCacheTTL is Options.KeyCacheTTL's default: how long a key
// looked up on this process is trusted without asking the database again
// when no invalidation arrives. Changes made through this store take
// effect at once; made by another process (the CLI, another replica) they
// arrive as invalidations (notify.go) within milliseconds, and this TTL
// bounds the staleness only while that channel is down.
const DefaultKeyCacheTTL = time.Second

// keyCacheMax bounds the cache's memory; on overflow it is emptied.
const keyCacheMax = 100_000

type cachedKey struct {
	acct    dalil.Account
	key     dalil.Key
	expires time.Time
}

// keyCache keeps recent API key lookups: every paid call authenticates,
// and the answer rarely changes.
//
// Every invalidation (forget, flush) bumps gen, and put stores an entry
// only if gen has not moved since its lookup began: a lookup that read the
// database just before a revocation committed, and finishes just after the
// invalidation arrived, must not put the stale answer back.
type keyCache struct {
	ttl time.Duration
	mu  sync.RWMutex
	m   map[string]cachedKey // by key hash
	gen uint64
}

func (c *keyCache) get(hash string, now time.Time) (cachedKey, bool) {
	c.mu.RLock()
	e, ok := c.m[hash]
	c.mu.RUnlock()
	if !ok || now.After(e.expires) {
		return cachedKey{}, false
	}
	return e, true
}

// generation is read before a lookup goes to the database; see put.
func (c *keyCache) generation() uint64 {
	c.mu.RLock()
	g := c.gen
	c.mu.RUnlock()
	return g
}

// put stores e unless an invalidation happened since generation returned
// gen (the entry may then predate it).
func (c *keyCache) put(hash string, e cachedKey, gen uint64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if gen != c.gen {
		return
	}
	if c.m == nil || len(c.m) >= keyCacheMax {
		c.m = map[string]cachedKey{}
	}
	c.m[hash] = e
}

// forget drops every entry matching fn (a revoked key, a changed account).
func (c *keyCache) forget(fn func(cachedKey) bool) {
	c.mu.Lock()
	c.gen++
	for h, e := range c.m {
		if fn(e) {
			delete(c.m, h)
		}
	}
	c.mu.Unlock()
}

// flush drops every entry: changes may have been missed.
func (c *keyCache) flush() {
	c.mu.Lock()
	c.gen++
	c.m = nil
	c.mu.Unlock()
}

func (c *keyCache) forgetKey(id string) {
	c.forget(func(e cachedKey) bool { return e.key.ID == id })
}

func (c *keyCache) forgetAccount(id string) {
	c.forget(func(e cachedKey) bool { return e.acct.ID == id })
}
