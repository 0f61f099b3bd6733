package httpapi

import (
	"net/http"
	"time"

	"github.com/prometheus/client_golang/prometheus"
)

// What the operator console (package console, mounted through
// Config.Console) takes from the server: *Server implements console.Host.

// Metrics is the server's Prometheus registry (what GET /metrics serves).
func (s *Server) Metrics() prometheus.Gatherer { return s.metrics.reg }

// CapabilityRoutes maps the route template of every paid route of a
// capability (canonical, legacy and per-rail), as the latency metric
// labels it, to the capability's id.
func (s *Server) CapabilityRoutes() map[string]string {
	out := map[string]string{}
	for _, e := range s.reg.Callable() {
		out["POST "+e.Path] = e.ID
		if e.LegacyPath != "" {
			out["POST "+e.LegacyPath] = e.ID
		}
		for i := range s.cfg.PayPerCall {
			out["POST "+dedicatedPath(s.cfg.PayPerCall[i].Rail.ID(), e)] = e.ID
		}
	}
	return out
}

// ClientIP is the client's address as the server reads it (the peer, or
// behind DALIL_TRUSTED_PROXIES the nearest untrusted X-Forwarded-For hop).
func (s *Server) ClientIP(r *http.Request) string { return s.clientIP(r) }

// AdminAttempt counts an admin authentication attempt of r's client in
// the admin API's failure throttle: 0, or how long the client must wait.
func (s *Server) AdminAttempt(r *http.Request) time.Duration {
	return s.adminTh.take(throttleKey(s.clientIP(r)))
}

// AdminSucceeded gives back the attempt of a successful authentication.
func (s *Server) AdminSucceeded(r *http.Request) { s.adminTh.refund(throttleKey(s.clientIP(r))) }
