package httpapi

import (
	"net/http"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"dalil"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// metrics are the Prometheus series of one server. Labels are route
// templates, tool ids, rails and error codes: bounded sets, never raw paths
// or account ids.
type metrics struct {
	reg       *prometheus.Registry
	requests  *prometheus.CounterVec
	latency   *prometheus.HistogramVec
	charges   *prometheus.CounterVec
	chargedUS *prometheus.CounterVec
	// refunds and refundedUS count what was given back of charges (a
	// voice call's unused maximum): net revenue is dalil_charged_microusd_total
	// less dalil_refunded_microusd_total.
	refunds    *prometheus.CounterVec
	refundedUS *prometheus.CounterVec
	errors     *prometheus.CounterVec
	releases   prometheus.Counter

	// The series each request and each charge adds to, kept once found:
	// WithLabelValues checks, hashes and looks up its labels under a lock
	// on every call (four times per charged call, about 1.5 % of the
	// server's CPU; docs/performance.md, issue 34, session 21). The keys
	// are bounded sets (route templates and statuses, rails and tools);
	// past maxSeriesKept the others are looked up each time.
	byRoute  keptSeries[routeKey, *routeSeries]
	byCharge keptSeries[chargeKey, *chargeSeries]
	kept     atomic.Int32
}

// keptSeries is a map under a read-write lock, not a sync.Map: a sync.Map
// hashes its keys as interfaces, field by field through the type's
// description (runtime.typehash), where a map of K uses the hash compiled
// for K (docs/performance.md, issue 34, session 26).
type keptSeries[K comparable, V any] struct {
	sync.RWMutex
	m map[K]V
}

type routeKey struct {
	route  string
	status int
}

type routeSeries struct {
	requests prometheus.Counter
	latency  prometheus.Observer
}

type chargeKey struct{ rail, tool string }

type chargeSeries struct{ charges, amount prometheus.Counter }

// maxSeriesKept bounds the series kept by observeRequest.
const maxSeriesKept = 4096

func newMetrics(more ...prometheus.Collector) *metrics {
	m := &metrics{reg: prometheus.NewRegistry()}
	m.requests = prometheus.NewCounterVec(prometheus.CounterOpts{Name: "dalil_http_requests_total", Help: "HTTP requests by route template and status."}, []string{"route", "status"})
	m.latency = prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: "dalil_http_request_duration_seconds", Help: "HTTP request latency by route template.",
		Buckets: []float64{.0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10}}, []string{"route"})
	m.charges = prometheus.NewCounterVec(prometheus.CounterOpts{Name: "dalil_charges_total", Help: "Successful charges by rail and tool."}, []string{"rail", "tool"})
	m.chargedUS = prometheus.NewCounterVec(prometheus.CounterOpts{Name: "dalil_charged_microusd_total", Help: "Amount charged in micro-USD by rail and tool."}, []string{"rail", "tool"})
	m.refunds = prometheus.NewCounterVec(prometheus.CounterOpts{Name: "dalil_refunds_total", Help: "Refunds of charges by rail and tool (a voice call's unused maximum)."}, []string{"rail", "tool"})
	m.refundedUS = prometheus.NewCounterVec(prometheus.CounterOpts{Name: "dalil_refunded_microusd_total", Help: "Amount refunded in micro-USD by rail and tool; charged less refunded is what was kept."}, []string{"rail", "tool"})
	m.errors = prometheus.NewCounterVec(prometheus.CounterOpts{Name: "dalil_errors_total", Help: "Error responses by error code."}, []string{"code"})
	m.releases = prometheus.NewCounter(prometheus.CounterOpts{Name: "dalil_release_failures_total", Help: "Releases of unpaid calls (idempotency claims, credential claims, session draws) that failed at first and were retried in the background."})
	m.reg.MustRegister(m.requests, m.latency, m.charges, m.chargedUS, m.refunds, m.refundedUS, m.errors, m.releases,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	m.reg.MustRegister(more...)
	return m
}

func (m *metrics) observeRequest(route string, status int, d time.Duration, cl *callLog) {
	rs := m.routeSeries(route, status)
	rs.requests.Inc()
	rs.latency.Observe(d.Seconds())
	if cl.code != "" {
		m.errors.WithLabelValues(string(cl.code)).Inc()
	}
	if cl.rail != "" && status < 300 {
		cs := m.chargeSeries(cl.rail, cl.tool)
		cs.charges.Inc()
		cs.amount.Add(float64(cl.amount))
	}
}

func (m *metrics) routeSeries(route string, status int) *routeSeries {
	return keepSeries(m, &m.byRoute, routeKey{route, status}, func() *routeSeries {
		return &routeSeries{requests: m.requests.WithLabelValues(route, strconv.Itoa(status)), latency: m.latency.WithLabelValues(route)}
	})
}

func (m *metrics) chargeSeries(rail, tool string) *chargeSeries {
	return keepSeries(m, &m.byCharge, chargeKey{rail, tool}, func() *chargeSeries {
		return &chargeSeries{charges: m.charges.WithLabelValues(rail, tool), amount: m.chargedUS.WithLabelValues(rail, tool)}
	})
}

// keepSeries returns the series kept in kept under k, else makes them
// and keeps them while fewer than maxSeriesKept are kept in all.
func keepSeries[K comparable, V any](m *metrics, kept *keptSeries[K, V], k K, make func() V) V {
	kept.RLock()
	v, ok := kept.m[k]
	kept.RUnlock()
	if ok {
		return v
	}
	v = make()
	kept.Lock()
	if _, ok := kept.m[k]; !ok && m.kept.Load() < maxSeriesKept {
		if kept.m == nil {
			kept.m = map[K]V{}
		}
		kept.m[k] = v
		m.kept.Add(1)
	}
	kept.Unlock()
	return v
}

// refunded counts one refund (the store's OnRefund hook).
func (m *metrics) refunded(rail, tool string, amount dalil.MicroUSD) {
	m.refunds.WithLabelValues(rail, tool).Inc()
	m.refundedUS.WithLabelValues(rail, tool).Add(float64(amount))
}

// refundObserver is a store that reports its refunds (sqlstore.Store).
type refundObserver interface {
	OnRefund(func(rail, tool string, amount dalil.MicroUSD))
}

func (m *metrics) releaseFailed() { m.releases.Inc() }

func (m *metrics) handler() http.Handler {
	return promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{})
}
