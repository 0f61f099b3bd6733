package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/url"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"dalil/internal/testenv"
)

// countingProxy forwards TCP to target and counts client connections
// that are still open.
type countingProxy struct {
	ln   net.Listener
	mu   sync.Mutex
	open int
}

func newCountingProxy(t *testing.T, target string) *countingProxy {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &countingProxy{ln: ln}
	t.Cleanup(func() { ln.Close() })
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			up, err := net.Dial("tcp", target)
			if err != nil {
				c.Close()
				continue
			}
			p.mu.Lock()
			p.open++
			p.mu.Unlock()
			go func() {
				io.Copy(up, c) // ends when the client closes its connection
				up.Close()
				p.mu.Lock()
				p.open--
				p.mu.Unlock()
			}()
			go func() { io.Copy(c, up); c.Close() }()
		}
	}()
	return p
}

func (p *countingProxy) count() int { p.mu.Lock(); defer p.mu.Unlock(); return p.open }

// With DALIL_REDIS_URL, buildServer opens a Redis client
// (ratelimit.OpenRedis, whose doc says Close shuts it down): after `dalil
// serve` returns, its Redis connections are closed. (Nothing once closed
// it; the same held for in-process `dalil mcp`, and for every error path
// of buildServer after rateLimits.)
func TestServeClosesRedisOnShutdown(t *testing.T) {
	redisURL := testenv.Redis(t)
	u, _ := url.Parse(redisURL)
	proxy := newCountingProxy(t, u.Host)
	u.Host = proxy.ln.Addr().String()

	db := filepath.Join(t.TempDir(), "dalil.db")
	var out bytes.Buffer
	if err := run(context.Background(), []string{"accounts", "create", "--name", "r", "--plan", "free", "--credits", "1", "--db", db, "--json"}, noEnv, nil, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	var acct struct{ APIKey string }
	json.Unmarshal(out.Bytes(), &acct)

	env := func(k string) string {
		if k == "DALIL_REDIS_URL" {
			return u.String()
		}
		return ""
	}
	ctx, cancel := context.WithCancel(context.Background())
	stderr := &lockedBuffer{}
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, []string{"serve", "--addr", "127.0.0.1:0", "--db", db}, env, nil, io.Discard, stderr)
	}()
	addrRe := regexp.MustCompile(`listening on (http://[0-9.:]+)`)
	var base string
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline) && base == ""; time.Sleep(20 * time.Millisecond) {
		if m := addrRe.FindStringSubmatch(stderr.String()); m != nil {
			base = m[1]
		}
	}
	if base == "" {
		t.Fatalf("server did not start: %s", stderr.String())
	}
	req, _ := http.NewRequest("POST", base+"/api/v1/maintenance/estimate", strings.NewReader(`{"propertyValue":100000}`))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-API-Key", acct.APIKey)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.Header.Get("RateLimit-Limit") == "" {
		t.Fatalf("call was not rate limited through Redis: %d %v", res.StatusCode, res.Header)
	}
	if proxy.count() == 0 {
		t.Fatal("no Redis connection was made")
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatalf("serve: %v", err)
	}
	deadline := time.Now().Add(3 * time.Second)
	for proxy.count() > 0 && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	if n := proxy.count(); n > 0 {
		t.Fatalf("%d Redis connection(s) still open after dalil serve returned", n)
	}
}
