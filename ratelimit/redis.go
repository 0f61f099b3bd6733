package ratelimit

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"time"

	"github.com/redis/go-redis/v9"
	"github.com/redis/go-redis/v9/maintnotifications"
)

// DefaultRedisPrefix is put before every key in Redis: a key k is stored
// as the hash "dalil:ratelimit:k".
const DefaultRedisPrefix = "dalil:ratelimit:"

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
	// Window is the span a limit applies to; 0 means DefaultWindow (one
	// minute). Tests shorten it. Every limiter sharing a prefix must use
	// the same window.
	Window time.Duration
}

// Redis is a Limiter whose state lives in Redis, so that every replica
// using the same Redis and prefix shares one budget per key. Each key is a
// hash of its window's slots (field: slot number, value: calls allowed in
// it), read and updated by one Lua script timed by the Redis server's
// clock, and set to expire once its newest call has left the window. It is
// safe for concurrent use.
type Redis struct {
	client redis.UniversalClient
	prefix string
	width  time.Duration         // slot width, a whole number of microseconds
	owned  redis.UniversalClient // closed by Close; nil when the caller owns the client
}

var _ Limiter = (*Redis)(nil)

// NewRedis returns a limiter on client, which the caller owns and closes.
// Timeouts are the client's; see OpenRedis for the ones Dalil uses.
func NewRedis(client redis.UniversalClient, opts *RedisOptions) *Redis {
	var o RedisOptions
	if opts != nil {
		o = *opts
	}
	if o.Prefix == "" {
		o.Prefix = DefaultRedisPrefix
	}
	return &Redis{client: client, prefix: o.Prefix, width: slotWidth(o.Window, time.Microsecond)}
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

// allowScript is Allow's one atomic step. KEYS[1] is the key's hash;
// ARGV: slot width in microseconds, limit, slots kept (ring). It drops the
// slots that have left the window, counts the call in the current slot
// when the window holds fewer than the limit, and returns {allowed (0 or
// 1), calls in the window afterwards, microseconds into the current slot,
// age of the oldest slot holding a call}, followed, for a refused call
// only, by (age, count) pairs of the slots still counted, age 0 being the
// current slot. The time is the server's
// (TIME), so the replicas' clocks do not matter; since Redis 5 a script is
// replicated by its effects, which allows TIME before a write (on 3.2 and
// 4, replicate_commands asks for that).
var allowScript = redis.NewScript(`
if redis.replicate_commands then redis.replicate_commands() end
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000000 + tonumber(t[2])
local width = tonumber(ARGV[1])
local limit = tonumber(ARGV[2])
local keep = tonumber(ARGV[3])
local cur = math.floor(now / width)
local h = redis.call('HGETALL', KEYS[1])
local total, oldest, live, dead = 0, 0, {}, {}
for i = 1, #h, 2 do
  local age = cur - tonumber(h[i])
  if age >= keep then
    dead[#dead + 1] = h[i]
  else
    local n = tonumber(h[i + 1])
    total = total + n
    live[#live + 1] = math.max(age, 0)
    live[#live + 1] = n
    if n > 0 and age > oldest then oldest = age end
  end
end
if #dead > 0 then redis.call('HDEL', KEYS[1], unpack(dead)) end
local out = {0, total, now - cur * width, oldest}
if total < limit then
  out[1], out[2] = 1, total + 1
  redis.call('HINCRBY', KEYS[1], string.format('%d', cur), 1)
  redis.call('PEXPIRE', KEYS[1], math.ceil(keep * width / 1000))
else
  for i = 1, #live do out[#out + 1] = live[i] end
end
return out
`)

// Allow implements Limiter with the window described in the package doc,
// shared through Redis and timed by the Redis server's clock. It returns
// an error wrapping ErrBadLimit for perMinute <= 0, and an error wrapping
// the Redis error when Redis fails or times out (ctx's deadline counts
// too).
func (r *Redis) Allow(ctx context.Context, key string, perMinute int) (Result, error) {
	if err := checkLimit(perMinute); err != nil {
		return Result{}, err
	}
	vals, err := allowScript.Run(ctx, r.client, []string{r.prefix + key},
		r.width.Microseconds(), clampLimit(perMinute), ring).Int64Slice()
	if err != nil {
		return Result{}, fmt.Errorf("ratelimit: redis: %w", err)
	}
	return redisResult(vals, perMinute, r.width)
}

// redisResult turns allowScript's answer into a Result.
func redisResult(vals []int64, perMinute int, width time.Duration) (Result, error) {
	if len(vals) < 4 || len(vals)%2 != 0 {
		return Result{}, fmt.Errorf("ratelimit: redis: unexpected script answer %v", vals)
	}
	allowed, total, into := vals[0] == 1, uint32(max(vals[1], 0)), time.Duration(vals[2])*time.Microsecond
	oldest := int(min(max(vals[3], 0), ring-1))
	if allowed {
		return verdict(true, perMinute, total, width, into, oldest, nil), nil
	}
	var counts [ring]uint32 // by age
	for i := 4; i+1 < len(vals); i += 2 {
		age, n := min(max(vals[i], 0), ring-1), vals[i+1]
		counts[age] += uint32(max(n, 0))
	}
	return verdict(false, perMinute, total, width, into, oldest, &counts), nil
}

// Close closes the client OpenRedis made; for a limiter from NewRedis it
// does nothing, since the caller owns that client.
func (r *Redis) Close() error {
	if r.owned == nil {
		return nil
	}
	return r.owned.Close()
}
