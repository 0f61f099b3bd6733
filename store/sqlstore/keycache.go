package sqlstore

import (
	"crypto/sha256"
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
	m   map[keyDigest]cachedKey
	gen uint64
}

// keyDigest is a secret's SHA-256, the bytes dalil.HashSecret writes in
// hex: the cache is looked up by it on every paid call, so neither the hex
// nor its string is made unless the database is asked (docs/performance.md,
// issue 34, session 26).
type keyDigest [sha256.Size]byte

// digestOf is secret's keyDigest. A secret up to 256 bytes (keys are far
// shorter) is hashed from a copy on the stack: converting it to a []byte
// would copy it to the heap.
func digestOf(secret string) keyDigest {
	var buf [256]byte
	if len(secret) <= len(buf) {
		return sha256.Sum256(append(buf[:0], secret...))
	}
	return sha256.Sum256([]byte(secret))
}

func (c *keyCache) get(hash keyDigest, now time.Time) (cachedKey, bool) {
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
func (c *keyCache) put(hash keyDigest, e cachedKey, gen uint64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if gen != c.gen {
		return
	}
	if c.m == nil || len(c.m) >= keyCacheMax {
		c.m = map[keyDigest]cachedKey{}
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
