package intel

import (
	"sync"
	"time"
)

// TTLs per evidence category (reference service, §2c): registry records
// 7 days, sanctions screenings 12 hours, news 1 day, reviews and websites
// 3 days, domain records 7 days; threat listings 30 minutes (Safe
// Browsing's own caching advice is of that order); LLM extractions as long
// as the search results they read (1 day).
var TTLs = map[string]time.Duration{
	"registry":  7 * 24 * time.Hour,
	"sanctions": 12 * time.Hour,
	"news":      24 * time.Hour,
	"search":    24 * time.Hour,
	"review":    3 * 24 * time.Hour,
	"website":   3 * 24 * time.Hour,
	"domain":    7 * 24 * time.Hour,
	"threat":    30 * time.Minute,
	"llm":       24 * time.Hour,
}

// Cache keeps successful provider answers for their category's TTL, so
// that a re-run within it makes no outbound call. Failures are never
// kept. It holds at most Max entries (oldest evicted first). Safe for
// concurrent use.
type Cache struct {
	mu      sync.Mutex
	now     func() time.Time
	max     int
	entries map[string]cacheEntry
	order   []string
}

type cacheEntry struct {
	v       any
	expires time.Time
}

// NewCache returns a cache reading time from now (time.Now when nil) and
// holding at most max entries (10,000 when max ≤ 0).
func NewCache(now func() time.Time, max int) *Cache {
	if now == nil {
		now = time.Now
	}
	if max <= 0 {
		max = 10_000
	}
	return &Cache{now: now, max: max, entries: map[string]cacheEntry{}}
}

func (c *Cache) get(key string) (any, bool) {
	if c == nil {
		return nil, false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.entries[key]
	if !ok || !c.now().Before(e.expires) {
		return nil, false
	}
	return e.v, true
}

func (c *Cache) put(category, key string, v any) {
	if c == nil {
		return
	}
	ttl := TTLs[category]
	if ttl <= 0 {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.entries[key]; !ok {
		c.order = append(c.order, key)
	}
	c.entries[key] = cacheEntry{v: v, expires: c.now().Add(ttl)}
	for len(c.entries) > c.max && len(c.order) > 0 {
		delete(c.entries, c.order[0])
		c.order = c.order[1:]
	}
}

// cached answers from c when it holds category/provider/key, else calls
// fetch and keeps a successful answer. hit says whether the answer came
// from the cache.
func cached[T any](c *Cache, category, provider, key string, fetch func() (T, error)) (v T, hit bool, err error) {
	k := category + "\x00" + provider + "\x00" + key
	if got, ok := c.get(k); ok {
		if t, ok := got.(T); ok {
			return t, true, nil
		}
	}
	v, err = fetch()
	if err == nil {
		c.put(category, k, v)
	}
	return v, false, err
}
