package ratelimit

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"time"

	"github.com/go-redis/redis_rate/v10"
	"github.com/redis/go-redis/v9"
	"github.com/redis/go-redis/v9/maintnotifications"
)

// DefaultRedisPrefix is put before every key in Redis; redis_rate puts its
// own "rate:" in front of that, so a key k is stored as "rate:dalil:k".
const DefaultRedisPrefix = "dalil:"

// Timeouts OpenRedis applies unless the URL sets them. A rate-limit check
// sits on every call's path and Redis answers it in well under a
// millisecond on a LAN, so these only bound how long a call waits for a
// Redis that is down or hung before the caller fails open: one dial
// attempt of at most redisDialTimeout, reads and writes of at most
// redisIOTimeout, and one retry, so about 2 s in the worst case.
const (
	redisDialTimeout = time.Second
	redisIOTimeout   = 500 * time.Millisecond
	redisMaxRetries  = 1
)

// RedisOptions configures NewRedis and OpenRedis. A nil *RedisOptions
// means defaults.
type RedisOptions struct {
	// Prefix is put before every key; "" means DefaultRedisPrefix. Give
	// each deployment sharing one Redis its own prefix.
	Prefix string
}

// Redis is a Limiter whose state lives in Redis (GCRA through redis_rate),
// so that every replica using the same Redis and prefix shares one budget
// per key. It is safe for concurrent use.
type Redis struct {
	lim    *redis_rate.Limiter
	prefix string
	owned  redis.UniversalClient // closed by Close; nil when the caller owns the client
}

var _ Limiter = (*Redis)(nil)

// NewRedis returns a limiter on client, which the caller owns and closes.
// Timeouts are the client's; see OpenRedis for the ones Dalil uses.
func NewRedis(client redis.UniversalClient, opts *RedisOptions) *Redis {
	prefix := DefaultRedisPrefix
	if opts != nil && opts.Prefix != "" {
		prefix = opts.Prefix
	}
	return &Redis{lim: redis_rate.NewLimiter(client), prefix: prefix}
}

// OpenRedis connects to the single Redis server at rawURL
// ("redis://[:password@]host:port/db", or "rediss://" for TLS; the value of
// DALIL_REDIS_URL) with bounded timeouts (about 2 s at worst per Allow
// against a dead server) and returns a limiter that Close shuts down. It
// does not contact the server, so a Redis that is down shows up as errors
// from Allow. It returns an error for a URL go-redis cannot parse; the
// error never repeats the URL, which may hold a password. For Cluster or
// Sentinel, build the client yourself and use NewRedis.
func OpenRedis(rawURL string, opts *RedisOptions) (*Redis, error) {
	o, err := redis.ParseURL(rawURL)
	if err != nil {
		var ue *url.Error
		if errors.As(err, &ue) {
			err = ue.Err // *url.Error quotes the whole URL
		}
		return nil, fmt.Errorf("ratelimit: bad Redis URL: %v", err)
	}
	if o.DialTimeout == 0 {
		o.DialTimeout = redisDialTimeout
	}
	if o.ReadTimeout == 0 {
		o.ReadTimeout = redisIOTimeout
	}
	if o.WriteTimeout == 0 {
		o.WriteTimeout = redisIOTimeout
	}
	if o.MaxRetries == 0 {
		o.MaxRetries = redisMaxRetries
	}
	// go-redis retries a failed dial 5 times by default; one attempt is
	// enough for a check that fails open.
	o.DialerRetries = 1
	// Honour the caller's context deadline as well as the timeouts above.
	o.ContextTimeoutEnabled = true
	// Maintenance notifications are a Redis Enterprise/Cloud feature; in
	// "auto" mode go-redis probes for them on every new connection.
	o.MaintNotificationsConfig = &maintnotifications.Config{Mode: maintnotifications.ModeDisabled}
	client := redis.NewClient(o)
	r := NewRedis(client, opts)
	r.owned = client
	return r, nil
}

// Allow implements Limiter with redis_rate.PerMinute(perMinute): a burst of
// perMinute that refills at perMinute a minute, timed by the Redis server's
// clock so replicas' clocks do not matter. It returns an error wrapping
// ErrBadLimit for perMinute <= 0, and an error wrapping the Redis error when
// Redis fails or times out (ctx's deadline counts too).
func (r *Redis) Allow(ctx context.Context, key string, perMinute int) (Result, error) {
	if err := checkLimit(perMinute); err != nil {
		return Result{}, err
	}
	res, err := r.lim.Allow(ctx, r.prefix+key, redis_rate.PerMinute(perMinute))
	if err != nil {
		return Result{}, fmt.Errorf("ratelimit: redis: %w", err)
	}
	return redisResult(res, perMinute), nil
}

// redisResult maps redis_rate's result, whose RetryAfter is -1 when
// allowed, to ours.
func redisResult(res *redis_rate.Result, perMinute int) Result {
	out := Result{
		Allowed:   res.Allowed > 0,
		Limit:     perMinute,
		Remaining: min(max(res.Remaining, 0), perMinute),
		Reset:     max(res.ResetAfter, 0),
	}
	if !out.Allowed {
		out.RetryAfter = max(res.RetryAfter, 1)
	}
	return out
}

// Close closes the client OpenRedis made; for a limiter from NewRedis it
// does nothing, since the caller owns that client.
func (r *Redis) Close() error {
	if r.owned == nil {
		return nil
	}
	return r.owned.Close()
}
