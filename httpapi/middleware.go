package httpapi

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"runtime/debug"
	"slices"
	"sync"
	"time"

	"dalil"
)

// callLog collects what one request did, for its single log line.
type callLog struct {
	tool   string
	rail   string
	amount dalil.MicroUSD
	code   dalil.Code
	cause  error
	// limited is the caller the rate limiter refused ("key:<id>",
	// "ip:<addr>", "preview:<addr>"), set by noteLimited.
	limited string
}

// requestState is what the middleware keeps for one request: the
// request's context, extended with itself under requestIDKey.
type requestState struct {
	context.Context
	id     string
	log    callLog
	header [1]string // the X-Request-Id response header's value
	sw     statusWriter
}

func (st *requestState) Value(key any) any {
	if _, ok := key.(requestIDKey); ok {
		return st
	}
	return st.Context.Value(key)
}

// logFrom returns the request's log record; outside a request (tests that
// call a handler directly) a throwaway one.
func logFrom(ctx context.Context) *callLog {
	if st, _ := ctx.Value(requestIDKey{}).(*requestState); st != nil {
		return &st.log
	}
	return &callLog{}
}

// noteLimited records that the rate limiter refused caller, an identifier
// that is never a secret, for the summary of refusals (see refusalLog).
func noteLimited(ctx context.Context, caller string) {
	logFrom(ctx).limited = caller
}

func setLogError(ctx context.Context, e *dalil.Error) {
	l := logFrom(ctx)
	l.code = e.Code
	l.cause = e.Err
}

// statusWriter remembers the status for the log and metrics.
type statusWriter struct {
	http.ResponseWriter
	status int
	wrote  bool
}

func (w *statusWriter) WriteHeader(code int) {
	if !w.wrote {
		w.status, w.wrote = code, true
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *statusWriter) Write(b []byte) (int, error) {
	if !w.wrote {
		w.WriteHeader(http.StatusOK)
	}
	return w.ResponseWriter.Write(b)
}

func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

func (w *statusWriter) Flush() {
	if f, ok := w.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

// observe logs one line per request (never headers, bodies or query
// strings, which may carry keys and credentials), records metrics, and
// turns a panic into a 500 INTERNAL_ERROR with nothing leaked. A request
// the rate limiter refused (429 RATE_LIMITED) gets no line of its own: it
// is counted in the summary refusalLog writes at most once per
// refusalInterval, so that a client hammering its limit cannot fill the
// disk (676k refusals once wrote 171 MB). Metrics still count every one.
func (s *Server) observe(next http.Handler) http.Handler {
	s.refusals = newRefusalLog(s.log, refusalInterval)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		var cl *callLog
		var sw *statusWriter
		if st, _ := r.Context().Value(requestIDKey{}).(*requestState); st != nil {
			// The request's state holds its log record and its status
			// writer: one allocation for the request, not one each.
			cl, sw = &st.log, &st.sw
			*sw = statusWriter{ResponseWriter: w}
		} else {
			cl, sw = &callLog{}, &statusWriter{ResponseWriter: w}
		}
		defer func() {
			if v := recover(); v != nil {
				if v == http.ErrAbortHandler {
					panic(v)
				}
				cl.cause = fmt.Errorf("panic: %v\n%s", v, debug.Stack())
				if !sw.wrote {
					writeError(sw, r, &dalil.Error{Code: dalil.CodeInternal, Message: "An unexpected error occurred. Nothing was charged.", Err: cl.cause})
				}
			}
			route := r.Pattern
			if route == "" {
				route = "unmatched"
			}
			dur := time.Since(start)
			s.metrics.observeRequest(route, sw.status, dur, cl)
			if cl.code == dalil.CodeRateLimited && sw.status == http.StatusTooManyRequests {
				caller := cl.limited
				if caller == "" {
					// Refused by other code than Server.limit (the admin
					// API's throttle): named apart from the "ip:" budget.
					caller = "client:" + s.clientIP(r)
				}
				s.refusals.add(caller)
				return
			}
			level := requestLevel(sw.status, cl.code, cl.cause, r.Context().Err())
			if !s.log.Enabled(r.Context(), level) {
				return // the line would be dropped: skip building it
			}
			// The record is made here and handed to the handler, as
			// Logger.LogAttrs would, but without the caller's program
			// counter, which LogAttrs takes with runtime.Callers (a stack
			// walk, about 2,000 instructions a line) for a source
			// position no handler here writes (AddSource is off); the
			// attributes stay on the stack (docs/performance.md, issue
			// 34, session 27).
			var buf [10]slog.Attr
			attrs := append(buf[:0],
				slog.String("requestId", RequestID(r.Context())),
				slog.String("method", r.Method),
				slog.String("route", route),
				slog.Int("status", sw.status),
				slog.Float64("durationMs", float64(dur.Microseconds())/1000),
			)
			if cl.tool != "" {
				attrs = append(attrs, slog.String("tool", cl.tool))
			}
			if cl.rail != "" {
				attrs = append(attrs, slog.String("rail", cl.rail), slog.String("amountUsd", cl.amount.Decimal()))
			}
			if cl.code != "" {
				attrs = append(attrs, slog.String("code", string(cl.code)))
			}
			if level == slog.LevelError && cl.cause != nil {
				attrs = append(attrs, slog.String("cause", cl.cause.Error()))
			}
			rec := slog.NewRecord(time.Now(), level, "request", 0)
			rec.AddAttrs(attrs...)
			_ = s.log.Handler().Handle(r.Context(), rec)
		}()
		next.ServeHTTP(sw, r)
	})
}

// requestLevel is a request line's level. ERROR means the operator must
// act: a 500, or a 5xx of Dalil's own (storage). A client's mistake (4xx),
// a capability the operator has not configured (503
// PROVIDER_NOT_CONFIGURED: the operator chose it) and a call whose client
// left are INFO; a provider that failed or timed out (502, 504, or their
// codes) is WARN: it is the provider's, and usually passes.
func requestLevel(status int, code dalil.Code, cause, clientGone error) slog.Level {
	switch {
	case status < 500, code == dalil.CodeProviderNotConfigured:
		return slog.LevelInfo
	case clientGone != nil && errors.Is(clientGone, context.Canceled),
		cause != nil && errors.Is(cause, context.Canceled):
		return slog.LevelInfo
	case status == http.StatusBadGateway, status == http.StatusGatewayTimeout,
		code == dalil.CodeProviderUnavailable, code == dalil.CodeProviderTimeout:
		return slog.LevelWarn
	}
	return slog.LevelError
}

// Refusal summaries: how often at most one is written, and how many
// callers one names (the busiest). Memory is bounded too: one interval
// counts at most refusalTracked distinct callers by name; refusals of
// further callers are counted in the total only.
const (
	refusalInterval = 10 * time.Second
	refusalListed   = 10
	refusalTracked  = 10_000
)

// refusalLog aggregates rate-limit refusals into one log line per
// interval: the first refusal after a quiet spell arms a timer, and when
// it fires one line sums up what was refused since. No goroutine runs in
// between (a pending time.AfterFunc is not one), so nothing outlives the
// Server but at most one timer, which Flush stops.
type refusalLog struct {
	log   *slog.Logger
	every time.Duration

	mu        sync.Mutex
	since     time.Time
	counts    map[string]int64 // refusals per caller, at most refusalTracked callers
	total     int64
	untracked bool        // a caller beyond refusalTracked was refused
	timer     *time.Timer // pending summary; nil when nothing is counted
}

func newRefusalLog(log *slog.Logger, every time.Duration) *refusalLog {
	return &refusalLog{log: log, every: every, counts: map[string]int64{}}
}

// add counts one refusal of caller.
func (l *refusalLog) add(caller string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.timer == nil {
		l.since = time.Now()
		l.timer = time.AfterFunc(l.every, l.flush)
	}
	l.total++
	if _, ok := l.counts[caller]; ok || len(l.counts) < refusalTracked {
		l.counts[caller]++
	} else {
		l.untracked = true
	}
}

// callerRefusals is one caller's line in a summary.
type callerRefusals struct {
	Caller  string `json:"caller"`
	Refused int64  `json:"refused"`
}

// flush writes the summary of the refusals counted so far, if any, and
// starts a new interval.
func (l *refusalLog) flush() {
	l.mu.Lock()
	counts, total, untracked, since := l.counts, l.total, l.untracked, l.since
	if l.timer != nil {
		l.timer.Stop()
		l.timer = nil
	}
	l.counts, l.total, l.untracked = map[string]int64{}, 0, false
	l.mu.Unlock()
	if total == 0 {
		return
	}
	top := make([]callerRefusals, 0, len(counts))
	for c, n := range counts {
		top = append(top, callerRefusals{c, n})
	}
	slices.SortFunc(top, func(a, b callerRefusals) int {
		return cmp.Or(cmp.Compare(b.Refused, a.Refused), cmp.Compare(a.Caller, b.Caller))
	})
	top = top[:min(len(top), refusalListed)]
	others := total
	for _, c := range top {
		others -= c.Refused
	}
	attrs := []slog.Attr{
		slog.Int64("refused", total),
		slog.Float64("seconds", time.Since(since).Round(time.Millisecond).Seconds()),
		slog.Int("callers", len(counts)),
		slog.Any("top", top),
		slog.Int64("othersRefused", others),
	}
	if untracked {
		// More callers than refusalTracked: "callers" is a lower bound.
		attrs = append(attrs, slog.Bool("callersCapped", true))
	}
	l.log.LogAttrs(context.Background(), slog.LevelInfo, "rate-limited requests", attrs...)
}

// FlushRefusalLog writes the pending summary of rate-limited requests now
// instead of at the end of its interval, and stops its timer. Call it when
// the server stops, so that the last interval's refusals are logged; the
// Server keeps working (a later refusal starts a new interval).
func (s *Server) FlushRefusalLog() {
	s.refusals.flush()
}

// Values of the common headers. net/http copies header values before
// writing them and nothing in Dalil appends to them.
var (
	noStore        = []string{"no-store"}
	nosniff        = []string{"nosniff"}
	noReferrer     = []string{"no-referrer"}
	anyOrigin      = []string{"*"}
	exposedHeaders = []string{"X-Request-Id, Idempotent-Replayed, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, Retry-After, WWW-Authenticate, PAYMENT-REQUIRED, PAYMENT-RESPONSE, X-PAYMENT-RESPONSE, Payment-Receipt, Deprecation, Link"}
)

// commonHeaders are set on every response.
func commonHeaders(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		// Shared read-only values: every response carries them, and Set
		// would allocate a fresh slice for each.
		h["Cache-Control"] = noStore
		h["X-Content-Type-Options"] = nosniff
		h["Referrer-Policy"] = noReferrer
		h["Access-Control-Allow-Origin"] = anyOrigin
		h["Access-Control-Expose-Headers"] = exposedHeaders
		if r.Method == http.MethodOptions {
			h.Set("Access-Control-Allow-Methods", "GET, POST, PUT, DELETE, OPTIONS")
			h.Set("Access-Control-Allow-Headers", "Content-Type, Authorization, X-API-Key, Idempotency-Key, X-Service-Payment-Method, X-Max-Price, X-Request-Id, X-PAYMENT, PAYMENT-SIGNATURE, Payment-Authorization")
			h.Set("Access-Control-Max-Age", "600")
			w.WriteHeader(http.StatusNoContent)
			return
		}
		next.ServeHTTP(w, r)
	})
}
