package main

import (
	"fmt"
	"io"
	"net"
	"net/http"
	"time"

	"dalil/httpapi"
)

// The Prometheus metrics count revenue by tool and rail, so they are not
// served on the public listener by default (issue 33 item 7):
//
//   - DALIL_METRICS_ADDR serves GET /metrics, unauthenticated, on a
//     listener of its own: a loopback or private address that only the
//     operator's Prometheus reaches (in a container, the pod or compose
//     network);
//   - DALIL_METRICS_TOKEN serves GET /metrics on the API listener to
//     requests with Authorization: Bearer <token>, for a Prometheus that
//     can reach only the public address;
//   - with neither, GET /metrics answers 404, saying how to turn it on.
//
// Both may be set. The operator console reads the same metrics in-process.

// checkMetricsToken refuses a DALIL_METRICS_TOKEN too short to resist
// guessing (the admin token's rule).
func checkMetricsToken(cfg *Config) error {
	if n := len(cfg.Listen.MetricsToken.Reveal()); n > 0 && n < httpapi.MinAdminToken {
		return fmt.Errorf("DALIL_METRICS_TOKEN is %d characters; it needs at least %d. Make one with: openssl rand -hex 32 (or unset it and scrape DALIL_METRICS_ADDR)",
			n, httpapi.MinAdminToken)
	}
	return nil
}

// serveMetrics serves h at GET /metrics on addr (DALIL_METRICS_ADDR) and
// returns a function that stops it. Every other path is 404.
func serveMetrics(addr string, h http.Handler, stderr io.Writer) (func(), error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("DALIL_METRICS_ADDR: %w", err)
	}
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", h)
	hs := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second, WriteTimeout: 30 * time.Second}
	go hs.Serve(ln)
	fmt.Fprintf(stderr, "metrics on http://%s/metrics\n", ln.Addr())
	return func() { hs.Close() }, nil
}

// metricsStatus is what `dalil config` says of the metrics.
func metricsStatus(cfg *Config) string {
	addr, token := cfg.Listen.MetricsAddr, cfg.Listen.MetricsToken != ""
	switch {
	case addr != "" && token:
		return "on " + addr + ", and on the API address with DALIL_METRICS_TOKEN"
	case addr != "":
		return "on " + addr + " (DALIL_METRICS_ADDR); not on the API address"
	case token:
		return "on the API address with DALIL_METRICS_TOKEN as a bearer token"
	}
	return "off: /metrics answers 404 (set DALIL_METRICS_ADDR or DALIL_METRICS_TOKEN)"
}
