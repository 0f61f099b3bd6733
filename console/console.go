// Package console is the operator console: web pages served by `dalil
// serve` under /console where the operator sees revenue, usage, accounts
// and capabilities, and tops up credits, changes plans and issues and
// revokes keys. It is protected like the admin API (DALIL_ADMIN_TOKEN,
// whose failed attempts share the admin API's throttle) and is off (404)
// without it.
//
// Pages are rendered on the server with html/template, charts are inline
// SVG, and the only asset is one embedded style sheet: no script runs, no
// CDN is reached, and the Content-Security-Policy says so. Account
// operations run the very code of the CLI and the admin API (package ops);
// each is confirmed on a page of its own and recorded in the operator
// audit log (Data.RecordAudit).
package console

import (
	"context"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"errors"
	"io/fs"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"dalil"
	"dalil/capability"
	"dalil/dataset"
)

//go:embed templates/*.html static/*
var assets embed.FS

// Host is what the console takes from the HTTP server it is mounted on
// (*httpapi.Server implements it): the metrics it keeps, its capability
// routes, the client's address as it reads it (DALIL_TRUSTED_PROXIES) and
// the admin API's failed-authentication throttle, which console log-ins
// share so that a guesser gets no more tries by using both.
type Host interface {
	// Metrics is the server's Prometheus registry.
	Metrics() prometheus.Gatherer
	// CapabilityRoutes maps each paid route's template ("POST
	// /api/v1/property/analyze"), as the latency metric labels it, to its
	// capability id.
	CapabilityRoutes() map[string]string
	// ClientIP is the address of the request's client.
	ClientIP(r *http.Request) string
	// AdminAttempt counts an authentication attempt of r's client and
	// returns 0, or how long the client must wait when it failed too often.
	AdminAttempt(r *http.Request) time.Duration
	// AdminSucceeded gives back the attempt of a successful
	// authentication.
	AdminSucceeded(r *http.Request)
}

// Options configure the console. Token, Store, Data, Registry and Host are
// required.
type Options struct {
	// Token is DALIL_ADMIN_TOKEN. Empty: every path answers 404.
	Token string
	// Store holds accounts, keys and the ledger; account operations go
	// through package ops on it.
	Store dalil.Store
	// Data holds the console's aggregations, audit log and sessions.
	Data Data
	// Revenue are payments modules record in their own tables, which
	// Data does not hold (the MPP rail's budget-session draws): added to
	// the overview's and the capabilities page's figures. Optional.
	Revenue  []RevenueSource
	Registry *capability.Registry
	// Datasets are the importable datasets, for their batches and dates;
	// those that are a dataset.Lifecycle too get the datasets page's
	// batches and its Retract buttons.
	Datasets []dataset.Importer
	Host     Host
	// BaseURL is DALIL_BASE_URL: when it is https://..., cookies are
	// Secure even though TLS ends at a proxy in front of Dalil.
	BaseURL string
	Logger  *slog.Logger
	// Now is the clock (tests); default time.Now.
	Now func() time.Time
	// SessionTTL bounds a session from log-in (default 12 h); IdleTimeout
	// ends one unused that long (default 30 min).
	SessionTTL, IdleTimeout time.Duration
}

// Console is the console's http.Handler.
type Console struct {
	o       Options
	mux     *http.ServeMux
	handler http.Handler
	pages   *pages
	css     []byte
	cssPath string
	icon    []byte
	// sources keeps the RevenueSources' rows of finished days.
	sources sourceDays
}

// Prefix is where the console is mounted.
const Prefix = "/console"

// New builds the console. It panics when a required option is missing
// while Token is set (a wiring mistake, found at start-up).
func New(o Options) *Console {
	if o.Logger == nil {
		o.Logger = slog.New(slog.DiscardHandler)
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.SessionTTL <= 0 {
		o.SessionTTL = 12 * time.Hour
	}
	if o.IdleTimeout <= 0 {
		o.IdleTimeout = 30 * time.Minute
	}
	if o.Token != "" && (o.Store == nil || o.Data == nil || o.Registry == nil || o.Host == nil) {
		panic("console: Store, Data, Registry and Host are required")
	}
	css, err := fs.ReadFile(assets, "static/console.css")
	if err != nil {
		panic(err)
	}
	icon, err := fs.ReadFile(assets, "static/icon.svg")
	if err != nil {
		panic(err)
	}
	sum := sha256.Sum256(css)
	c := &Console{o: o, mux: http.NewServeMux(), css: css, cssPath: Prefix + "/static/console." + hex.EncodeToString(sum[:6]) + ".css", icon: icon}
	c.pages = loadPages(c.cssPath)
	c.routes()
	// Go's cross-origin protection refuses, before anything else, a
	// POST a browser marks as sent from another site (Sec-Fetch-Site,
	// else Origin against Host); each form's CSRF token is checked too.
	cop := http.NewCrossOriginProtection()
	cop.SetDenyHandler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c.fail(w, r, http.StatusForbidden, "This form was sent from another site and was refused. Open the console and submit it from there.")
	}))
	c.handler = cop.Handler(c.mux)
	return c
}

// ServeHTTP implements http.Handler: every answer carries the console's
// security headers; with no token every path is 404.
func (c *Console) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	// The API's CORS headers do not apply to the console.
	h.Del("Access-Control-Allow-Origin")
	h.Del("Access-Control-Expose-Headers")
	h.Set("Content-Security-Policy", csp)
	h.Set("X-Frame-Options", "DENY")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("Cross-Origin-Opener-Policy", "same-origin")
	h.Set("Cross-Origin-Resource-Policy", "same-origin")
	h.Set("Cache-Control", "no-store")
	if c.o.Token == "" {
		http.NotFound(w, r)
		return
	}
	c.handler.ServeHTTP(w, r)
}

// csp allows the console's own style sheet and nothing else: no script at
// all, no framing, forms only to itself. Charts are inline SVG markup,
// which needs no allowance.
const csp = "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"

func (c *Console) routes() {
	m := c.mux
	m.HandleFunc("GET "+c.cssPath, c.serveCSS)
	m.HandleFunc("GET /console/static/icon.svg", c.serveIcon)
	m.HandleFunc("GET /console", c.session(c.overview))
	m.HandleFunc("GET /console/{$}", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, Prefix, http.StatusSeeOther)
	})
	m.HandleFunc("POST /console/login", c.login)
	m.HandleFunc("POST /console/logout", c.session(c.logout))
	m.HandleFunc("GET /console/accounts", c.session(c.accounts))
	m.HandleFunc("GET /console/accounts/{id}", c.session(c.account))
	m.HandleFunc("POST /console/accounts/{id}/{action}", c.session(c.accountAction))
	m.HandleFunc("POST /console/keys/{keyId}/revoke", c.session(c.revokeKey))
	m.HandleFunc("GET /console/capabilities", c.session(c.capabilities))
	m.HandleFunc("GET /console/datasets", c.session(c.datasets))
	m.HandleFunc("POST /console/datasets/{name}/batches/{batch}/retract", c.session(c.retractBatch))
	m.HandleFunc("GET /console/audit", c.session(c.audit))
	m.HandleFunc("/console/", func(w http.ResponseWriter, r *http.Request) {
		c.fail(w, r, http.StatusNotFound, "There is no console page here.")
	})
}

func (c *Console) serveCSS(w http.ResponseWriter, r *http.Request) {
	// The path carries the file's hash, so it may be kept for good.
	w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
	w.Header().Set("Content-Type", "text/css; charset=utf-8")
	w.Write(c.css)
}

func (c *Console) serveIcon(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Cache-Control", "public, max-age=86400")
	w.Header().Set("Content-Type", "image/svg+xml")
	w.Write(c.icon)
}

// fail renders an error page with status.
func (c *Console) fail(w http.ResponseWriter, r *http.Request, status int, msg string) {
	c.render(w, r, status, "error", page{Title: http.StatusText(status), Body: msg})
}

// failErr renders err: a *dalil.Error's message with its status, a
// missing account or key as 404, anything else as 500 (logged, not shown).
func (c *Console) failErr(w http.ResponseWriter, r *http.Request, err error) {
	var de *dalil.Error
	switch {
	case errors.As(err, &de):
		c.fail(w, r, errorStatus(de.Code), de.Message)
	case errors.Is(err, dalil.ErrNotFound):
		c.fail(w, r, http.StatusNotFound, "No such account or key.")
	case errors.Is(err, dalil.ErrStorageUnavailable), errors.Is(err, context.DeadlineExceeded):
		c.o.Logger.Error("console", "path", r.URL.Path, "error", err.Error())
		c.fail(w, r, http.StatusServiceUnavailable, "The database did not answer; try again in a moment.")
	default:
		c.o.Logger.Error("console", "path", r.URL.Path, "error", err.Error())
		c.fail(w, r, http.StatusInternalServerError, "Something went wrong; the server log has the details.")
	}
}

// errorStatus is the status of the codes ops returns; the console's
// pages are not the API, so a small table suffices.
func errorStatus(code dalil.Code) int {
	switch code {
	case dalil.CodeInvalidInput:
		return http.StatusBadRequest
	case dalil.CodeNotFound:
		return http.StatusNotFound
	case dalil.CodeServiceUnavailable:
		return http.StatusServiceUnavailable
	}
	return http.StatusUnprocessableEntity
}

// secure reports whether cookies must be Secure: the request came over
// TLS or the public base URL is https. Forwarding headers are not read
// (they are the client's to forge).
func (c *Console) secure(r *http.Request) bool {
	return r.TLS != nil || strings.HasPrefix(strings.ToLower(c.o.BaseURL), "https://")
}
