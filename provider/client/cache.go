package client

import (
	"container/list"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Cache keeps successful provider answers until their expiry, at most a
// fixed number of entries (the least recently used goes first). It is
// safe for concurrent use; its zero value is not usable: call NewCache.
type Cache struct {
	mu  sync.Mutex
	max int
	ll  *list.List // front: most recently used
	m   map[string]*list.Element
}

type cacheEntry struct {
	key     string
	resp    Response
	expires time.Time
}

// NewCache returns a cache of at most n entries (n < 1: 1).
func NewCache(n int) *Cache {
	return &Cache{max: max(n, 1), ll: list.New(), m: map[string]*list.Element{}}
}

// Len is the number of entries held, live or expired.
func (c *Cache) Len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.ll.Len()
}

// get returns a copy of the live entry under key. The body is shared:
// callers treat Response.Body as read-only.
func (c *Cache) get(key string, now time.Time) (*Response, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	el, ok := c.m[key]
	if !ok {
		return nil, false
	}
	e := el.Value.(*cacheEntry)
	if !now.Before(e.expires) {
		c.ll.Remove(el)
		delete(c.m, key)
		return nil, false
	}
	c.ll.MoveToFront(el)
	r := e.resp
	r.Header = e.resp.Header.Clone()
	return &r, true
}

func (c *Cache) put(key string, r *Response, expires time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e := &cacheEntry{key: key, resp: *r, expires: expires}
	e.resp.Header = r.Header.Clone()
	if el, ok := c.m[key]; ok {
		el.Value = e
		c.ll.MoveToFront(el)
		return
	}
	c.m[key] = c.ll.PushFront(e)
	for c.ll.Len() > c.max {
		last := c.ll.Back()
		c.ll.Remove(last)
		delete(c.m, last.Value.(*cacheEntry).key)
	}
}

func (c *Cache) delete(key string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.m[key]; ok {
		c.ll.Remove(el)
		delete(c.m, key)
	}
}

// Budget is a provider's call allowance: at most Calls requests per
// period, counted in fixed windows that start at the first call after the
// previous window ended. A nil *Budget is unlimited. It is safe for
// concurrent use and may be shared by clients that draw on one vendor
// quota.
type Budget struct {
	mu    sync.Mutex
	calls int
	per   time.Duration
	start time.Time
	used  int
}

// NewBudget returns a budget of calls per period; calls < 1 or per <= 0
// returns nil (unlimited).
func NewBudget(calls int, per time.Duration) *Budget {
	if calls < 1 || per <= 0 {
		return nil
	}
	return &Budget{calls: calls, per: per}
}

// ParseBudget reads an operator's budget setting "CALLS/PERIOD" (for
// example "1000/24h" or "60/1m"; PERIOD is a Go duration). "" is no
// budget (nil, unlimited). The error names the expected form.
func ParseBudget(s string) (*Budget, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return nil, nil
	}
	calls, period, ok := strings.Cut(s, "/")
	n, err := strconv.Atoi(strings.TrimSpace(calls))
	if !ok || err != nil || n < 1 {
		return nil, fmt.Errorf("budget %q: want CALLS/PERIOD such as 1000/24h", s)
	}
	d, err := time.ParseDuration(strings.TrimSpace(period))
	if err != nil || d <= 0 {
		return nil, fmt.Errorf("budget %q: want CALLS/PERIOD such as 1000/24h", s)
	}
	return NewBudget(n, d), nil
}

// take spends one call at now, reporting whether the budget allowed it.
func (b *Budget) take(now time.Time) bool {
	if b == nil {
		return true
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.start.IsZero() || !now.Before(b.start.Add(b.per)) || now.Before(b.start) {
		b.start, b.used = now, 0
	}
	if b.used >= b.calls {
		return false
	}
	b.used++
	return true
}

// Remaining is how many calls the budget still allows at now (-1 for a
// nil, unlimited budget).
func (b *Budget) Remaining(now time.Time) int {
	if b == nil {
		return -1
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.start.IsZero() || !now.Before(b.start.Add(b.per)) || now.Before(b.start) {
		return b.calls
	}
	return b.calls - b.used
}
