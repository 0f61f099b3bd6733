package sqlstore

import (
	"sync"
	"time"

	"dalil"
)

// keyCacheTTL bounds how long a key looked up on this process is trusted
// without asking the database again. Revocations and plan changes made
// through this store take effect at once; made by another process (the
// CLI, another replica) they take effect within this TTL.
const keyCacheTTL = time.Second

// keyCacheMax bounds the cache's memory; on overflow it is emptied.
const keyCacheMax = 100_000

type cachedKey struct {
	acct    dalil.Account
	key     dalil.Key
	expires time.Time
}

// keyCache keeps recent API key lookups: every paid call authenticates,
// and the answer rarely changes.
type keyCache struct {
	mu sync.RWMutex
	m  map[string]cachedKey // by key hash
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

func (c *keyCache) put(hash string, e cachedKey) {
	c.mu.Lock()
	if c.m == nil || len(c.m) >= keyCacheMax {
		c.m = map[string]cachedKey{}
	}
	c.m[hash] = e
	c.mu.Unlock()
}

// forget drops every entry matching fn (a revoked key, a changed account).
func (c *keyCache) forget(fn func(cachedKey) bool) {
	c.mu.Lock()
	for h, e := range c.m {
		if fn(e) {
			delete(c.m, h)
		}
	}
	c.mu.Unlock()
}
