package sqlstore

import (
	"testing"
	"time"

	"dalil"
)

// TestKeyCachePutAfterInvalidation: a lookup that read the database before
// an invalidation and finishes after it must not put its (possibly stale)
// answer back; one that began after it may.
func TestKeyCachePutAfterInvalidation(t *testing.T) {
	now := time.Now()
	entry := cachedKey{acct: dalil.Account{ID: "acct_1"}, key: dalil.Key{ID: "key_1"}, expires: now.Add(time.Hour)}
	for _, tc := range []struct {
		name       string
		invalidate func(*keyCache)
	}{
		{"key forgotten", func(c *keyCache) { c.forgetKey("key_other") }},
		{"account forgotten", func(c *keyCache) { c.forgetAccount("acct_other") }},
		{"flushed", func(c *keyCache) { c.flush() }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var c keyCache
			gen := c.generation() // the lookup begins
			tc.invalidate(&c)     // a change is heard meanwhile
			c.put("h", entry, gen)
			if _, ok := c.get("h", now); ok {
				t.Fatal("an answer read before the invalidation was cached")
			}
			c.put("h", entry, c.generation())
			if _, ok := c.get("h", now); !ok {
				t.Fatal("an answer read after the invalidation was not cached")
			}
		})
	}
}

// TestKeyCacheForget drops only what matches.
func TestKeyCacheForget(t *testing.T) {
	now := time.Now()
	var c keyCache
	put := func(hash, acct, key string) {
		c.put(hash, cachedKey{acct: dalil.Account{ID: acct}, key: dalil.Key{ID: key}, expires: now.Add(time.Hour)}, c.generation())
	}
	put("h1", "acct_1", "key_1")
	put("h2", "acct_1", "key_2")
	put("h3", "acct_2", "key_3")
	c.forgetKey("key_1")
	c.forgetAccount("acct_2")
	for hash, want := range map[string]bool{"h1": false, "h2": true, "h3": false} {
		if _, ok := c.get(hash, now); ok != want {
			t.Errorf("%s cached = %v, want %v", hash, ok, want)
		}
	}
	if _, ok := c.get("h2", now.Add(2*time.Hour)); ok {
		t.Error("an expired entry was served")
	}
}
