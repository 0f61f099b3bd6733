// Package httpapi is Dalil's HTTP interface: the capability routes generated
// from the registry, discovery and documentation documents, account and
// admin endpoints, all answering in the spec's envelopes.
package httpapi

import (
	"log/slog"
	"net"
	"net/http"
	"path"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"dalil"
	"dalil/capability"
	"dalil/dataset"
	"dalil/ratelimit"
)

// Version is the service version published in discovery documents.
const Version = "0.1.0"

// Config is everything a Server needs. Registry, Store and Logger are
// required.
type Config struct {
	Registry *capability.Registry
	Store    dalil.Store
	Logger   *slog.Logger
	// BaseURL is the public origin written into discovery documents; when
	// empty it is derived from each request.
	BaseURL string
	// Rails lists the enabled rails by header name: "credits",
	// "subscription" (and pay-per-call rails once configured).
	Rails []string
	// PayPerCall are the configured pay-per-call rails; each is enabled
	// (its header value, routes and listings) only by being here.
	PayPerCall []PayRail
	// AdminToken enables the admin API when non-empty.
	AdminToken string
	// MetricsToken, when non-empty, serves GET /metrics to requests that
	// send it as a bearer token; when empty /metrics answers 404 here
	// and the metrics are read through MetricsHandler on a listener of
	// their own (metricsauth.go).
	MetricsToken string
	// Admin are the admin routes modules declare (a rail's, such as the
	// MPP channel close, and a capability's, such as the voice calls'
	// do-not-call list), mounted and documented beside the admin API's own.
	Admin []dalil.Route
	// Datasets are the datasets an operator can import, served by the
	// admin API at /admin/v1/datasets (the same Importer as the CLI).
	Datasets []dataset.Importer
	// MCP, when set, is mounted at /mcp (streamable HTTP transport).
	MCP http.Handler
	// Webhooks are providers' signed callbacks (telephony status events),
	// each mounted at POST /webhooks/{name}; the handler verifies the
	// provider's signature itself. No API key, never charged.
	Webhooks map[string]http.Handler
	// Sockets are providers' WebSocket endpoints (Twilio's
	// ConversationRelay), each mounted at GET /webhooks/{name}; the
	// handler verifies the provider's signature before the upgrade. No
	// API key, never charged.
	Sockets map[string]http.Handler
	// Ready are the readiness checks /readyz runs beside storage (the job
	// queue running, ...); each names the part it checks.
	Ready []ReadyCheck
	// Collectors are more Prometheus series served at /metrics beside the
	// server's own (the sanctions lists' sync state, ...).
	Collectors []prometheus.Collector
	// Console, when set, builds the operator console's handler, mounted
	// at /console and /console/ (package console; it needs the server's
	// metrics and admin throttle, hence a function of the server).
	Console func(*Server) http.Handler
	// Limiter enforces per-minute limits (contract §8); nil means none.
	// Limits maps plan ids, "payg" and "preview" to requests per minute.
	Limiter ratelimit.Limiter
	Limits  map[string]int
	// CallTimeout bounds one paid call from admission to answer; every
	// storage call on its path inherits it. Default DefaultCallTimeout.
	CallTimeout time.Duration
	// StorageTimeout bounds a background retry of one bookkeeping write
	// (a release); default 5 s, the store's own operation timeout.
	StorageTimeout time.Duration
	// TrustedProxies are the networks of the operator's load balancers,
	// whose X-Forwarded-For names the real client (DALIL_TRUSTED_PROXIES).
	TrustedProxies []*net.IPNet
	// Funding lets agents fund themselves over pay-per-call rails
	// (funding.go); the zero value is off.
	Funding Funding
}

func (c Config) storageTimeout() time.Duration {
	if c.StorageTimeout > 0 {
		return c.StorageTimeout
	}
	return 5 * time.Second
}

// Server is the HTTP handler of the service.
type Server struct {
	cfg      Config
	reg      *capability.Registry
	store    dalil.Store
	log      *slog.Logger
	mux      *serveMux
	handler  http.Handler
	metrics  *metrics
	refusals *refusalLog
	rails    map[string]bool
	payRails map[string]*PayRail
	openapi  []byte
	// adminTh throttles failed admin authentications: the admin API's
	// and the console's log-ins share it.
	adminTh *authThrottle
	// metricsTh throttles failed /metrics authentications alike.
	metricsTh *authThrottle
}

// NewServer builds the handler and all its routes.
func NewServer(cfg Config) *Server {
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	if cfg.CallTimeout <= 0 {
		cfg.CallTimeout = DefaultCallTimeout
	}
	if len(cfg.Rails) == 0 {
		cfg.Rails = []string{dalil.MethodCredits, dalil.MethodSubscription}
	}
	s := &Server{cfg: cfg, reg: cfg.Registry, store: cfg.Store, log: cfg.Logger, mux: &serveMux{ServeMux: http.NewServeMux()}, metrics: newMetrics(cfg.Collectors...), rails: map[string]bool{}, payRails: map[string]*PayRail{}}
	for _, r := range cfg.Rails {
		// Only account rails are switched on by name; pay-per-call rails
		// need their configuration (PayPerCall).
		if rail, ok := dalil.RailByHeader(strings.ToLower(strings.TrimSpace(r))); ok && rail.Type == dalil.RailAccount {
			s.rails[rail.Header] = true
		}
	}
	if ro, ok := cfg.Store.(refundObserver); ok {
		ro.OnRefund(s.metrics.refunded)
	}
	s.adminTh = newAuthThrottle(adminFailLimit, adminFailWindow, adminFailTracked, time.Now)
	s.metricsTh = newAuthThrottle(adminFailLimit, adminFailWindow, adminFailTracked, time.Now)
	s.routes()
	s.openapi = marshal(s.openAPI())
	s.handler = withRequestID(s.observe(commonHeaders(http.HandlerFunc(s.dispatch))))
	return s
}

// ServeHTTP implements http.Handler.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) { s.handler.ServeHTTP(w, r) }

// routes lists every endpoint of the service in one place.
func (s *Server) routes() {
	m := s.mux
	for _, e := range s.reg.Callable() {
		m.HandleFunc("POST "+e.Path, s.capabilityHandler(e, false))
		if e.LegacyPath != "" {
			m.HandleFunc("POST "+e.LegacyPath, s.capabilityHandler(e, true))
		}
		for _, op := range e.Operations {
			m.HandleFunc(op.Method+" "+op.Path, s.operationHandler(e, op))
		}
	}
	for _, p := range []string{"GET /api/v1", "GET /api/v1/agent", "GET /agent.json"} {
		m.HandleFunc(p, s.handleDiscovery)
	}
	s.payRoutes()
	s.fundingRoutes()
	m.HandleFunc("POST /api/v1/preview/{capability}", s.handlePreview)
	m.HandleFunc("GET /api/v1/capabilities", s.handleCapabilities)
	m.HandleFunc("GET /api/v1/tools", s.handleTools)
	m.HandleFunc("GET /api/v1/pricing", s.handlePricing)
	m.HandleFunc("GET /api/v1/health", s.handleHealth)
	m.HandleFunc("GET /health", s.handleHealth)
	m.HandleFunc("GET /livez", s.handleLive)
	m.HandleFunc("GET /readyz", s.handleReady)
	m.HandleFunc("GET /api/v1/payment-methods", s.handlePaymentMethods)
	m.HandleFunc("GET /api/v1/subscription-plans", s.handlePlans)
	m.HandleFunc("GET /api/v1/account/balance", s.handleBalance)
	m.HandleFunc("GET /api/v1/account/usage", s.handleUsage)
	m.HandleFunc("GET /api/v1/account/transactions", s.handleTransactions)
	m.HandleFunc("GET /openapi.json", func(w http.ResponseWriter, r *http.Request) { writeDoc(w, "application/json", s.openapi) })
	m.HandleFunc("GET /.well-known/agent.json", s.handleAgentCard)
	m.HandleFunc("GET /.well-known/ai-plugin.json", s.handlePluginManifest)
	m.HandleFunc("GET /llms.txt", s.handleLLMs)
	m.HandleFunc("GET /docs", s.handleDocs)
	s.metricsRoute() // behind MetricsToken, else 404
	if s.cfg.MCP != nil {
		// Stateless JSON mode answers POST only; other methods get the
		// envelope's 405 from dispatch.
		m.Handle("POST /mcp", s.cfg.MCP)
	}
	// /admin/v1 behind AdminToken (or 404s saying how to turn it on)
	// and /openapi-admin.json.
	s.adminRoutes()
	for name, h := range s.cfg.Webhooks {
		m.Handle("POST /webhooks/"+name, h)
	}
	for name, h := range s.cfg.Sockets {
		m.Handle("GET /webhooks/"+name, h)
	}
	if s.cfg.Console != nil {
		h := s.cfg.Console(s)
		m.Handle("/console", h)
		m.Handle("/console/", h)
	}
}

// dispatch routes through the mux, answering unmatched requests with the
// envelope: 405 with Allow when the path exists for other methods, else 404.
func (s *Server) dispatch(w http.ResponseWriter, r *http.Request) {
	// The mux would answer a path with "//", "." or ".." with its own bare
	// redirect; a redirected POST to a paid route is a trap for an agent.
	if clean := cleanPath(r.URL.Path); clean != r.URL.Path {
		writeError(w, r, dalil.Errorf(dalil.CodeNotFound, "No route %s %s; did you mean %s?", r.Method, r.URL.Path, clean))
		return
	}
	if !isConsole(r.URL.Path) {
		if err := checkText(r); err != nil {
			writeError(w, r, err)
			return
		}
	}
	if h, pattern, ok := s.mux.exact(r); ok {
		r.Pattern = pattern
		h.ServeHTTP(w, r)
		return
	}
	if h, pattern := s.mux.Handler(r); pattern != "" {
		// Routed once: the mux's ServeHTTP would find the same handler
		// again (routing was about 2.7 % of the server's CPU per charged
		// call, twice; docs/performance.md, issue 34, session 21). It also
		// keeps a pattern's wildcards for PathValue, which only a pattern
		// with one needs; for the others r.Pattern is all it sets.
		if strings.IndexByte(pattern, '{') < 0 {
			s.mux.remember(r, h, pattern)
			r.Pattern = pattern
			h.ServeHTTP(w, r)
			return
		}
		s.mux.ServeHTTP(w, r)
		return
	}
	var allow []string
	for _, m := range []string{http.MethodGet, http.MethodPost, http.MethodPut, http.MethodDelete} {
		if m == r.Method {
			continue
		}
		probe := r.Clone(r.Context())
		probe.Method = m
		if _, p := s.mux.Handler(probe); p != "" {
			allow = append(allow, m)
		}
	}
	if len(allow) > 0 {
		w.Header().Set("Allow", strings.Join(allow, ", "))
		writeError(w, r, dalil.Errorf(dalil.CodeMethodNotAllowed, "%s is not allowed on %s; use %s.", r.Method, r.URL.Path, strings.Join(allow, " or ")))
		return
	}
	writeError(w, r, dalil.Errorf(dalil.CodeNotFound, "No route %s %s. See /api/v1/capabilities or /openapi.json.", r.Method, r.URL.Path))
}

// serveMux is the server's http.ServeMux with a table of the requests it
// routed to a pattern that is their own method and path, literally ("POST
// /api/v1/property/analyze"): such a request is routed again by one map
// look-up instead of the mux's walk (its path escaped, cleaned, split and
// unescaped segment by segment: about 2,000 instructions a call,
// docs/performance.md, issue 34, session 27). The answer is the mux's own:
// no pattern is more specific than a literal method and path but one that
// names a host, and while one does (Handle watches) the table is not used;
// a path with escapes (URL.RawPath set) is left to the mux, which matches
// the escaped segments. The table holds at most one entry per pattern.
type serveMux struct {
	*http.ServeMux
	hosts  atomic.Bool // a pattern names a host: the table is off
	mu     sync.Mutex  // serializes writers of routes
	routes atomic.Pointer[map[exactKey]routed]
}

type exactKey struct{ method, path string }

type routed struct {
	h       http.Handler
	pattern string
}

// Handle registers pattern with the mux, noting one that names a host.
func (m *serveMux) Handle(pattern string, h http.Handler) {
	m.note(pattern)
	m.ServeMux.Handle(pattern, h)
}

// HandleFunc registers pattern with the mux, noting one that names a host.
func (m *serveMux) HandleFunc(pattern string, h func(http.ResponseWriter, *http.Request)) {
	m.note(pattern)
	m.ServeMux.HandleFunc(pattern, h)
}

func (m *serveMux) note(pattern string) {
	_, rest, ok := strings.Cut(strings.TrimLeft(pattern, " \t"), " ")
	if !ok {
		rest = pattern
	}
	if !strings.HasPrefix(strings.TrimLeft(rest, " \t"), "/") {
		m.hosts.Store(true)
	}
}

// exact is the handler and pattern the mux routed r's method and path to
// before, if that pattern was exactly them.
func (m *serveMux) exact(r *http.Request) (http.Handler, string, bool) {
	if r.URL.RawPath != "" || m.hosts.Load() {
		return nil, "", false
	}
	t := m.routes.Load()
	if t == nil {
		return nil, "", false
	}
	e, ok := (*t)[exactKey{r.Method, r.URL.Path}]
	return e.h, e.pattern, ok
}

// remember keeps the mux's answer for r when its pattern is r's method
// and path, literally.
func (m *serveMux) remember(r *http.Request, h http.Handler, pattern string) {
	method, path, _ := strings.Cut(pattern, " ")
	if method != r.Method || path != r.URL.Path || r.URL.RawPath != "" || m.hosts.Load() {
		return
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	old := m.routes.Load()
	k := exactKey{method, path}
	if old != nil {
		if _, ok := (*old)[k]; ok {
			return
		}
	}
	t := make(map[exactKey]routed, 1+len(ptrMap(old)))
	for k, v := range ptrMap(old) {
		t[k] = v
	}
	t[k] = routed{h, pattern}
	m.routes.Store(&t)
}

func ptrMap(p *map[exactKey]routed) map[exactKey]routed {
	if p == nil {
		return nil
	}
	return *p
}

// cleanPath is path.Clean keeping a trailing slash, as net/http does.
func cleanPath(p string) string {
	if isCleanPath(p) {
		return p // every routed request's: a scan instead of path.Clean's rewrite
	}
	if p == "" {
		return "/"
	}
	c := path.Clean(p)
	if strings.HasSuffix(p, "/") && c != "/" {
		c += "/"
	}
	return c
}

// isCleanPath reports whether cleanPath returns p as it is: p is rooted,
// and none of its segments is empty (but a last one, the trailing slash)
// or starts with a dot. A segment such as ".well-known" is clean but
// taken as not: path.Clean then decides.
func isCleanPath(p string) bool {
	return p != "" && p[0] == '/' && !strings.Contains(p, "//") && !strings.Contains(p, "/.")
}
