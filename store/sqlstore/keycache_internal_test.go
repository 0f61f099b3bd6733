package sqlstore

import (
	"encoding/hex"
	"strings"
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
			c.put(digestOf("h"), entry, gen)
			if _, ok := c.get(digestOf("h"), now); ok {
				t.Fatal("an answer read before the invalidation was cached")
			}
			c.put(digestOf("h"), entry, c.generation())
			if _, ok := c.get(digestOf("h"), now); !ok {
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
		c.put(digestOf(hash), cachedKey{acct: dalil.Account{ID: acct}, key: dalil.Key{ID: key}, expires: now.Add(time.Hour)}, c.generation())
	}
	put("h1", "acct_1", "key_1")
	put("h2", "acct_1", "key_2")
	put("h3", "acct_2", "key_3")
	c.forgetKey("key_1")
	c.forgetAccount("acct_2")
	for hash, want := range map[string]bool{"h1": false, "h2": true, "h3": false} {
		if _, ok := c.get(digestOf(hash), now); ok != want {
			t.Errorf("%s cached = %v, want %v", hash, ok, want)
		}
	}
	if _, ok := c.get(digestOf("h2"), now.Add(2*time.Hour)); ok {
		t.Error("an expired entry was served")
	}
}

// TestKeyDigestIsTheStoredHash: the cache's key is the digest whose hex
// the database stores (dalil.HashSecret), for a secret hashed from the
// stack and for one too long for it.
func TestKeyDigestIsTheStoredHash(t *testing.T) {
	for _, secret := range []string{"", "dk_live_0123456789abcdef0123456789abcdef", strings.Repeat("k", 256), strings.Repeat("k", 257), strings.Repeat("é", 300)} {
		d := digestOf(secret)
		if got, want := hex.EncodeToString(d[:]), dalil.HashSecret(secret); got != want {
			t.Errorf("secret of %d bytes: digest %s, stored hash %s", len(secret), got, want)
		}
	}
}
