// Package rdap is Dalil's RDAP client for domain registration data
// (RFC 9083 JSON: events such as registration and expiration, status,
// entities with their roles, nameservers), finding each top-level
// domain's server through the RFC 9224 bootstrap registry (IANA's
// dns.json) or asking one fixed RDAP server.
//
//	c := rdap.New(rdap.Config{URL: "https://data.iana.org/rdap/dns.json"})
//	d, err := c.Lookup(ctx, "example.com")
//
// The client is off until configured: New returns nil without a URL, and
// a nil client's Lookup returns an error matching client.ErrNotConfigured
// without any network call. Calls go through provider/client (timeouts,
// retries with backoff on 429/5xx honouring Retry-After, a TTL cache, a
// call budget, typed errors). A domain the registry does not hold is a
// Domain with Found false, not an error.
package rdap

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"time"

	"dalil/provider/client"
)

// Name is the provider's configuration name.
const Name = "rdap"

// IANABootstrapURL is IANA's RDAP bootstrap registry for domains.
const IANABootstrapURL = "https://data.iana.org/rdap/dns.json"

// Defaults: registration data changes rarely; the bootstrap file daily
// at most.
const (
	DefaultTTL          = 24 * time.Hour
	DefaultBootstrapTTL = 24 * time.Hour
)

// Errors of Lookup besides *client.Error.
var (
	// ErrInvalidDomain: the name is not an ASCII domain name of at least
	// two labels (internationalised names must be given in A-label form,
	// xn--…). No call is made.
	ErrInvalidDomain = errors.New("rdap: not a valid domain name")
	// ErrNoServer: the bootstrap registry lists no RDAP server for the
	// domain's top-level domain.
	ErrNoServer = errors.New("rdap: no RDAP server for this top-level domain")
)

// Config configures the client.
type Config struct {
	// URL switches the client on. A URL whose path ends in ".json" is an
	// RFC 9224 bootstrap registry (normally IANABootstrapURL): each
	// top-level domain's server is looked up there. Any other URL is one
	// RDAP base URL asked for every domain ({URL}/domain/{name}), such as
	// a registry's server or a redirecting service like https://rdap.org.
	URL string
	// TTL is the cache lifetime of a domain answer, BootstrapTTL of the
	// bootstrap file (0: the defaults; negative: not cached).
	TTL, BootstrapTTL time.Duration
	// HTTP is the call mechanics; Name and ErrorMessage are set by New.
	HTTP client.Config
}

// Client looks up domains. A nil *Client is off.
type Client struct {
	bootstrap, server string
	ttl, bootTTL      time.Duration
	c                 *client.Client
}

// New returns the client, or nil when cfg has no URL.
func New(cfg Config) *Client {
	u := strings.TrimSpace(cfg.URL)
	if u == "" {
		return nil
	}
	h := cfg.HTTP
	h.Name = Name
	h.ErrorMessage = rdapError
	c := &Client{ttl: life(cfg.TTL, DefaultTTL), bootTTL: life(cfg.BootstrapTTL, DefaultBootstrapTTL), c: client.New(h)}
	path := u
	if i := strings.IndexAny(path, "?#"); i >= 0 {
		path = path[:i]
	}
	if strings.HasSuffix(strings.ToLower(path), ".json") {
		c.bootstrap = u
	} else {
		c.server = strings.TrimRight(u, "/") + "/"
	}
	return c
}

func life(configured, def time.Duration) time.Duration {
	switch {
	case configured < 0:
		return 0
	case configured == 0:
		return def
	}
	return configured
}

// Name is "rdap".
func (c *Client) Name() string { return Name }

// Domain is a domain's registration data, normalised.
type Domain struct {
	// Name is the domain asked about, lower case.
	Name string `json:"name"`
	// Found is false when the registry holds no such domain (HTTP 404):
	// the other fields are then zero.
	Found bool `json:"found"`
	// Registered, Expires and LastChanged are the registration,
	// expiration and last changed events (zero when absent).
	Registered  time.Time `json:"registered,omitzero"`
	Expires     time.Time `json:"expires,omitzero"`
	LastChanged time.Time `json:"lastChanged,omitzero"`
	// Statuses are the RDAP statuses ("active", "client hold", "server
	// hold", "pending delete", …), lower case.
	Statuses []string `json:"statuses,omitempty"`
	// Registrar is the registrar entity's name (its vCard fn) and
	// RegistrarIANAID its IANA id, when given.
	Registrar       string `json:"registrar,omitempty"`
	RegistrarIANAID string `json:"registrarIanaId,omitempty"`
	// Nameservers are lower-case host names.
	Nameservers []string `json:"nameservers,omitempty"`
	// DNSSEC: the registry reports the delegation as signed.
	DNSSEC bool `json:"dnssec"`
	// URL is the RDAP record's URL; RetrievedAt when it was read.
	URL         string    `json:"url"`
	RetrievedAt time.Time `json:"retrievedAt"`
}

var label = regexp.MustCompile(`^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$`)

// normaliseDomain lower-cases name, drops a trailing dot, and checks it
// is an LDH domain name of two labels or more.
func normaliseDomain(name string) (string, bool) {
	name = strings.TrimSuffix(strings.ToLower(strings.TrimSpace(name)), ".")
	if len(name) > 253 {
		return "", false
	}
	labels := strings.Split(name, ".")
	if len(labels) < 2 {
		return "", false
	}
	for _, l := range labels {
		if !label.MatchString(l) {
			return "", false
		}
	}
	if strings.Trim(labels[len(labels)-1], "0123456789") == "" {
		return "", false // an IP address, not a domain
	}
	return name, true
}

// Lookup returns domain's registration data. Errors: ErrInvalidDomain,
// ErrNoServer, or a *client.Error (ErrNotConfigured when c is nil,
// ErrRateLimited, ErrUpstream, ErrTimeout, ErrUnavailable, ErrMalformed,
// ErrBudgetExhausted).
func (c *Client) Lookup(ctx context.Context, domain string) (Domain, error) {
	if c == nil {
		return Domain{}, client.NotConfigured(Name)
	}
	name, ok := normaliseDomain(domain)
	if !ok {
		return Domain{}, ErrInvalidDomain
	}
	base := c.server
	if c.bootstrap != "" {
		var err error
		if base, err = c.serverFor(ctx, name); err != nil {
			return Domain{}, err
		}
	}
	u := base + "domain/" + name
	h := http.Header{}
	h.Set("Accept", "application/rdap+json, application/json")
	var doc rdapDomain
	r, err := c.c.JSON(ctx, client.Request{URL: u, Header: h, TTL: c.ttl, Accept: []int{http.StatusNotFound}}, &doc)
	if err != nil {
		return Domain{}, err
	}
	d := Domain{Name: name, URL: u, RetrievedAt: r.RetrievedAt}
	if r.Status == http.StatusNotFound {
		return d, nil
	}
	if doc.ObjectClassName != "domain" {
		return Domain{}, c.c.Malformed(fmt.Sprintf("objectClassName %q, want domain", shorten(doc.ObjectClassName)), nil)
	}
	doc.fill(&d)
	return d, nil
}

func shorten(s string) string {
	if len(s) > 40 {
		return s[:40]
	}
	return s
}

// rdapDomain is an RFC 9083 domain object (the members used here).
type rdapDomain struct {
	ObjectClassName string   `json:"objectClassName"`
	LDHName         string   `json:"ldhName"`
	Status          []string `json:"status"`
	Events          []struct {
		EventAction string `json:"eventAction"`
		EventDate   string `json:"eventDate"`
	} `json:"events"`
	Entities []struct {
		Roles      []string        `json:"roles"`
		VCardArray json.RawMessage `json:"vcardArray"`
		PublicIDs  []struct {
			Type       string `json:"type"`
			Identifier string `json:"identifier"`
		} `json:"publicIds"`
	} `json:"entities"`
	Nameservers []struct {
		LDHName string `json:"ldhName"`
	} `json:"nameservers"`
	SecureDNS *struct {
		DelegationSigned bool `json:"delegationSigned"`
	} `json:"secureDNS"`
	Links []struct {
		Rel  string `json:"rel"`
		Href string `json:"href"`
		Type string `json:"type"`
	} `json:"links"`
}

func (doc rdapDomain) fill(d *Domain) {
	d.Found = true
	for _, e := range doc.Events {
		t, err := time.Parse(time.RFC3339, strings.TrimSpace(e.EventDate))
		if err != nil {
			continue
		}
		switch strings.ToLower(e.EventAction) {
		case "registration":
			d.Registered = t.UTC()
		case "expiration":
			d.Expires = t.UTC()
		case "last changed":
			d.LastChanged = t.UTC()
		}
	}
	for _, s := range doc.Status {
		if s = strings.ToLower(strings.TrimSpace(s)); s != "" && !slices.Contains(d.Statuses, s) {
			d.Statuses = append(d.Statuses, s)
		}
	}
	for _, e := range doc.Entities {
		if !slices.Contains(e.Roles, "registrar") {
			continue
		}
		d.Registrar = vcardFN(e.VCardArray)
		for _, id := range e.PublicIDs {
			if id.Type == "IANA Registrar ID" {
				d.RegistrarIANAID = id.Identifier
			}
		}
		break
	}
	for _, ns := range doc.Nameservers {
		if n := strings.TrimSuffix(strings.ToLower(strings.TrimSpace(ns.LDHName)), "."); n != "" {
			d.Nameservers = append(d.Nameservers, n)
		}
	}
	d.DNSSEC = doc.SecureDNS != nil && doc.SecureDNS.DelegationSigned
	for _, l := range doc.Links {
		if l.Rel == "self" && strings.HasPrefix(l.Href, "http") {
			d.URL = l.Href
		}
	}
}

// vcardFN reads the "fn" property of a jCard (RFC 7095):
// ["vcard", [["version", {}, "text", "4.0"], ["fn", {}, "text", "Name"], …]].
func vcardFN(raw json.RawMessage) string {
	var card []json.RawMessage
	if json.Unmarshal(raw, &card) != nil || len(card) < 2 {
		return ""
	}
	var props [][]json.RawMessage
	if json.Unmarshal(card[1], &props) != nil {
		return ""
	}
	for _, p := range props {
		if len(p) < 4 {
			continue
		}
		var name, value string
		if json.Unmarshal(p[0], &name) == nil && name == "fn" && json.Unmarshal(p[3], &value) == nil {
			return strings.TrimSpace(value)
		}
	}
	return ""
}

// serverFor finds the RDAP base URL of name's top-level domain (the
// longest matching entry of the bootstrap registry, RFC 9224 §4), https
// preferred.
func (c *Client) serverFor(ctx context.Context, name string) (string, error) {
	var reg struct {
		Services [][][]string `json:"services"`
	}
	if _, err := c.c.JSON(ctx, client.Request{URL: c.bootstrap, TTL: c.bootTTL}, &reg); err != nil {
		return "", err
	}
	if reg.Services == nil {
		return "", c.c.Malformed("bootstrap registry without services", nil)
	}
	best, bestLen := "", -1
	for _, svc := range reg.Services {
		if len(svc) < 2 {
			continue
		}
		for _, entry := range svc[0] {
			entry = strings.ToLower(strings.Trim(entry, "."))
			if entry == "" || (name != entry && !strings.HasSuffix(name, "."+entry)) || len(entry) <= bestLen {
				continue
			}
			if u := pickURL(svc[1]); u != "" {
				best, bestLen = u, len(entry)
			}
		}
	}
	if best == "" {
		return "", ErrNoServer
	}
	return best, nil
}

func pickURL(urls []string) string {
	var fallback string
	for _, u := range urls {
		u = strings.TrimSpace(u)
		if !strings.HasSuffix(u, "/") {
			u += "/"
		}
		if strings.HasPrefix(u, "https://") {
			return u
		}
		if strings.HasPrefix(u, "http://") && fallback == "" {
			fallback = u
		}
	}
	return fallback
}

// rdapError reads an RFC 9083 error body: {"errorCode":…,"title":…,"description":[…]}.
func rdapError(_ int, body []byte) string {
	var e struct {
		Title       string   `json:"title"`
		Description []string `json:"description"`
	}
	if json.Unmarshal(body, &e) != nil {
		return ""
	}
	return strings.TrimSpace(e.Title + " " + strings.Join(e.Description, " "))
}
