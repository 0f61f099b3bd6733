package httpapi

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"runtime/debug"
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
}

// requestState is what the middleware keeps for one request.
type requestState struct {
	id  string
	log callLog
}

// logFrom returns the request's log record; outside a request (tests that
// call a handler directly) a throwaway one.
func logFrom(ctx context.Context) *callLog {
	if st, _ := ctx.Value(requestIDKey{}).(*requestState); st != nil {
		return &st.log
	}
	return &callLog{}
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
// turns a panic into a 500 INTERNAL_ERROR with nothing leaked.
func (s *Server) observe(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		cl := logFrom(r.Context())
		sw := &statusWriter{ResponseWriter: w}
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
			level := slog.LevelInfo
			if sw.status >= 500 {
				level = slog.LevelError
			}
			if !s.log.Enabled(r.Context(), level) {
				return // the line would be dropped: skip building it
			}
			attrs := []slog.Attr{
				slog.String("requestId", RequestID(r.Context())),
				slog.String("method", r.Method),
				slog.String("route", route),
				slog.Int("status", sw.status),
				slog.Float64("durationMs", float64(dur.Microseconds())/1000),
			}
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
			s.log.LogAttrs(r.Context(), level, "request", attrs...)
		}()
		next.ServeHTTP(sw, r)
	})
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
