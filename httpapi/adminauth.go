package httpapi

import (
	"crypto/subtle"
	"fmt"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"dalil"
)

// MinAdminToken is the shortest DALIL_ADMIN_TOKEN `dalil serve` accepts:
// 32 characters, such as the 64 hex digits of `openssl rand -hex 32`.
// Guessing even 32 hex characters (128 bits) at the throttled rate below
// is hopeless; a one-character token was not.
const MinAdminToken = 32

// Failed admin authentications are throttled per client address: at most
// adminFailLimit in an adminFailWindow that starts with the first failure.
// Past it every admin request from that address is refused with 429 and
// Retry-After until the window ends, right token or not, so a guesser
// learns nothing more. Successful authentications are not counted. An
// operator types a token a handful of times a minute, never ten wrong.
const (
	adminFailLimit  = 10
	adminFailWindow = time.Minute
	// adminFailTracked bounds the addresses remembered at once; past it
	// new addresses share one window, so a flood from many addresses is
	// throttled as one rather than growing memory or escaping the limit.
	adminFailTracked = 10_000
)

// adminGuard returns the wrapper of every admin handler: the bearer token,
// compared in constant time, under the failure throttle.
func (s *Server) adminGuard() func(http.HandlerFunc) http.HandlerFunc {
	want := []byte(s.cfg.AdminToken)
	th := s.adminTh
	return func(h http.HandlerFunc) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) {
			addr := throttleKey(s.clientIP(r))
			// The attempt is counted before the token is checked, and
			// given back when it was right: concurrent guesses cannot
			// slip past the limit between a check and a count.
			if wait := th.take(addr); wait > 0 {
				secs := int((wait + time.Second - 1) / time.Second)
				writeError(w, r, &dalil.Error{Code: dalil.CodeRateLimited,
					Message: fmt.Sprintf("Too many failed admin authentications from this address (at most %d a minute); retry after %d seconds with the token in DALIL_ADMIN_TOKEN.", adminFailLimit, secs),
					Headers: map[string]string{"Retry-After": strconv.Itoa(secs)}})
				return
			}
			scheme, token, _ := strings.Cut(r.Header.Get("Authorization"), " ")
			if !strings.EqualFold(scheme, "Bearer") || subtle.ConstantTimeCompare([]byte(strings.TrimSpace(token)), want) != 1 {
				writeError(w, r, &dalil.Error{Code: dalil.CodeUnauthorized,
					Message: "A valid admin token is required in Authorization: Bearer <DALIL_ADMIN_TOKEN>.",
					Headers: map[string]string{"WWW-Authenticate": `Bearer realm="dalil-admin"`}})
				return
			}
			th.refund(addr)
			h(w, r)
		}
	}
}

// throttleKey is the address failures are counted under: an IPv4 address,
// or the /64 network of an IPv6 one (one host usually holds a whole /64).
func throttleKey(addr string) string {
	ip := net.ParseIP(addr)
	if ip == nil || ip.To4() != nil {
		return addr
	}
	return ip.Mask(net.CIDRMask(64, 128)).String() + "/64"
}

// authThrottle counts attempts per key in fixed windows.
type authThrottle struct {
	mu      sync.Mutex
	limit   int
	window  time.Duration
	tracked int
	now     func() time.Time
	keys    map[string]*attempts
}

type attempts struct {
	start time.Time
	n     int
}

// overflowKey is the window shared by addresses past authThrottle.tracked.
const overflowKey = "(overflow)"

func newAuthThrottle(limit int, window time.Duration, tracked int, now func() time.Time) *authThrottle {
	return &authThrottle{limit: limit, window: window, tracked: tracked, now: now, keys: map[string]*attempts{}}
}

// take counts an attempt by key and returns 0, or, when key has used up
// its window, how long until the window ends (the attempt is not counted).
func (t *authThrottle) take(key string) time.Duration {
	t.mu.Lock()
	defer t.mu.Unlock()
	now := t.now()
	a := t.keys[key]
	if a == nil {
		if len(t.keys) >= t.tracked {
			t.sweep(now)
		}
		if len(t.keys) >= t.tracked {
			key = overflowKey
			a = t.keys[key]
		}
	}
	if a == nil || now.Sub(a.start) >= t.window {
		a = &attempts{start: now}
		t.keys[key] = a
	}
	if a.n >= t.limit {
		return a.start.Add(t.window).Sub(now)
	}
	a.n++
	return 0
}

// refund gives back an attempt that turned out to be a success.
func (t *authThrottle) refund(key string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if a := t.keys[key]; a != nil && a.n > 0 {
		a.n--
	} else if a := t.keys[overflowKey]; a != nil && a.n > 0 {
		a.n--
	}
}

// sweep forgets windows that have ended.
func (t *authThrottle) sweep(now time.Time) {
	for k, a := range t.keys {
		if now.Sub(a.start) >= t.window {
			delete(t.keys, k)
		}
	}
}
