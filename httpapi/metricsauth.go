package httpapi

import (
	"crypto/subtle"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"dalil"
)

// The Prometheus metrics are the operator's: they count revenue by tool
// and rail (dalil_charged_microusd_total), refusals and latency. So GET
// /metrics on this server answers only with Config.MetricsToken as a
// bearer token (DALIL_METRICS_TOKEN); without one it answers 404 saying
// how to read them. The other way is a listener of their own on a private
// address (DALIL_METRICS_ADDR in cmd/dalil), served by MetricsHandler.
// The console reads the same registry in-process (Metrics), not over HTTP.

// MetricsHandler serves the Prometheus exposition of this server's
// metrics with no authentication, for a listener that only the
// operator's network reaches (DALIL_METRICS_ADDR).
func (s *Server) MetricsHandler() http.Handler { return s.metrics.handler() }

// metricsRoute mounts GET /metrics: behind MetricsToken, or a 404 that
// says how to turn it on.
func (s *Server) metricsRoute() {
	if s.cfg.MetricsToken == "" {
		s.mux.HandleFunc("GET /metrics", func(w http.ResponseWriter, r *http.Request) {
			writeError(w, r, dalil.Errorf(dalil.CodeNotFound,
				"The metrics are not served on this address. An operator reads them on DALIL_METRICS_ADDR (a separate, private listener) or here with DALIL_METRICS_TOKEN (a secret of at least %d characters) as a bearer token.", MinAdminToken))
		})
		return
	}
	want := []byte(s.cfg.MetricsToken)
	h := s.metrics.handler()
	th := s.metricsTh
	s.mux.HandleFunc("GET /metrics", func(w http.ResponseWriter, r *http.Request) {
		addr := throttleKey(s.clientIP(r))
		// Counted before the check and given back when right, as the
		// admin API's guard does (adminGuard).
		if wait := th.take(addr); wait > 0 {
			secs := int((wait + time.Second - 1) / time.Second)
			writeError(w, r, &dalil.Error{Code: dalil.CodeRateLimited,
				Message: fmt.Sprintf("Too many failed metrics authentications from this address (at most %d a minute); retry after %d seconds with the token in DALIL_METRICS_TOKEN.", adminFailLimit, secs),
				Headers: map[string]string{"Retry-After": strconv.Itoa(secs)}})
			return
		}
		scheme, token, _ := strings.Cut(r.Header.Get("Authorization"), " ")
		if !strings.EqualFold(scheme, "Bearer") || subtle.ConstantTimeCompare([]byte(strings.TrimSpace(token)), want) != 1 {
			writeError(w, r, &dalil.Error{Code: dalil.CodeUnauthorized,
				Message: "A valid metrics token is required in Authorization: Bearer <DALIL_METRICS_TOKEN>.",
				Headers: map[string]string{"WWW-Authenticate": `Bearer realm="dalil-metrics"`}})
			return
		}
		th.refund(addr)
		h.ServeHTTP(w, r)
	})
}
