package main

import (
	"time"

	"dalil"
	"dalil/httpapi"
	"dalil/store/sqlstore"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"strings"
)

// config is every setting, from flags over DALIL_* variables over defaults.
type config struct {
	Addr       string
	DB         string
	BaseURL    string
	AdminToken string
	RedisURL   string
	Rails      []string
	RateLimits string
	// TrustedProxies lists the load balancers' addresses or CIDRs, comma-separated.
	TrustedProxies string
	LogLevel       string
	// DebugAddr, when set, serves net/http/pprof on its own listener.
	DebugAddr string
	// DBTimeout bounds every database call on a request path
	// (DALIL_DB_TIMEOUT, default 5s); CallTimeout bounds one paid call
	// (DALIL_CALL_TIMEOUT, default 45s); IdempotencyLease is how long an
	// unfinished Idempotency-Key claim holds its key (DALIL_IDEMPOTENCY_LEASE,
	// default 1m). See docs/decisions.md.
	DBTimeout, CallTimeout, IdempotencyLease time.Duration
	timeoutsRaw                              [3]string
	Demo                                     bool
	railsRaw                                 string
	Args                                     []string // positional arguments
	// getenv is the environment, for settings read where they are used
	// (the pay-per-call rails' DALIL_* variables, rails.go).
	getenv func(string) string
}

// newFlags registers the common flags with defaults from the environment.
func newFlags(name string, getenv func(string) string, stderr io.Writer) (*flag.FlagSet, *config) {
	env := func(key, def string) string {
		if v := getenv(key); v != "" {
			return v
		}
		return def
	}
	c := &config{getenv: getenv}
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&c.Addr, "addr", env("DALIL_ADDR", "127.0.0.1:8080"), "listen address (DALIL_ADDR)")
	fs.StringVar(&c.DB, "db", env("DALIL_DB", "dalil.db"), "SQLite file or postgres:// URL (DALIL_DB)")
	fs.StringVar(&c.BaseURL, "base-url", env("DALIL_BASE_URL", ""), "public base URL for discovery documents (DALIL_BASE_URL)")
	fs.StringVar(&c.LogLevel, "log-level", env("DALIL_LOG_LEVEL", "info"), "debug, info, warn or error (DALIL_LOG_LEVEL)")
	fs.StringVar(&c.railsRaw, "rails", env("DALIL_RAILS", "credits,subscription"), "enabled payment rails, comma-separated (DALIL_RAILS)")
	c.AdminToken = getenv("DALIL_ADMIN_TOKEN") // environment only: flags show in ps
	c.RedisURL = getenv("DALIL_REDIS_URL")
	c.RateLimits = getenv("DALIL_RATE_LIMITS")
	c.TrustedProxies = getenv("DALIL_TRUSTED_PROXIES")
	c.DebugAddr = getenv("DALIL_DEBUG_ADDR")
	c.timeoutsRaw = [3]string{getenv("DALIL_DB_TIMEOUT"), getenv("DALIL_CALL_TIMEOUT"), getenv("DALIL_IDEMPOTENCY_LEASE")}
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: dalil %s [flags]\n", name)
		fs.PrintDefaults()
	}
	return fs, c
}

// parse parses args and derives the settings that need the final values.
func (c *config) parse(fs *flag.FlagSet, args []string) error {
	// Flags may follow positional arguments ("accounts show ID --db x"):
	// the standard parser stops at the first one, so resume after it.
	var positional []string
	for {
		if err := fs.Parse(args); err != nil {
			return err
		}
		rest := fs.Args()
		if len(rest) == 0 {
			break
		}
		positional = append(positional, rest[0])
		args = rest[1:]
	}
	c.Args = positional
	for i, t := range []struct {
		name string
		dst  *time.Duration
		def  time.Duration
	}{
		{"DALIL_DB_TIMEOUT", &c.DBTimeout, sqlstore.DefaultOpTimeout},
		{"DALIL_CALL_TIMEOUT", &c.CallTimeout, httpapi.DefaultCallTimeout},
		{"DALIL_IDEMPOTENCY_LEASE", &c.IdempotencyLease, dalil.IdempotencyLease},
	} {
		d, err := duration(t.name, strings.TrimSpace(c.timeoutsRaw[i]))
		if err != nil {
			return err
		}
		if d == 0 {
			d = t.def
		}
		*t.dst = d
	}
	c.Rails = nil
	for _, r := range strings.Split(c.railsRaw, ",") {
		if r = strings.ToLower(strings.TrimSpace(r)); r != "" {
			c.Rails = append(c.Rails, r)
		}
	}
	return nil
}

func logger(level string, w io.Writer) *slog.Logger {
	var l slog.Level
	if err := l.UnmarshalText([]byte(level)); err != nil {
		l = slog.LevelInfo
	}
	return slog.New(slog.NewJSONHandler(w, &slog.HandlerOptions{Level: l}))
}

// parseProxies reads DALIL_TRUSTED_PROXIES: addresses or CIDRs, comma-separated.
func parseProxies(s string) ([]*net.IPNet, error) {
	var out []*net.IPNet
	for _, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		if !strings.Contains(part, "/") {
			ip := net.ParseIP(part)
			if ip == nil {
				return nil, fmt.Errorf("DALIL_TRUSTED_PROXIES: %q is not an address or CIDR", part)
			}
			bits := 128
			if ip.To4() != nil {
				bits = 32
			}
			out = append(out, &net.IPNet{IP: ip, Mask: net.CIDRMask(bits, bits)})
			continue
		}
		_, n, err := net.ParseCIDR(part)
		if err != nil {
			return nil, fmt.Errorf("DALIL_TRUSTED_PROXIES: %q is not an address or CIDR", part)
		}
		out = append(out, n)
	}
	return out, nil
}
