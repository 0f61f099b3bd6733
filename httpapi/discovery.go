package httpapi

import (
	"context"
	"encoding/json"
	"net"
	"net/http"
	"strings"
	"time"

	"dalil"
	"dalil/capability"
)

// Name and Description introduce the service in every discovery document.
const (
	Name        = "Dalil"
	Description = "Structured, evidence-backed intelligence for AI agents, one paid HTTP call at a time: property yield and payback in OMR, maintenance reserves, and more. Every answer says what it is based on and what it leaves out."
)

// baseURL is the origin of the absolute URLs in discovery documents
// (llms.txt, /docs, agent cards, the plugin manifest, x402 resource URLs
// in quotes and challenges): DALIL_BASE_URL when configured; otherwise the
// address of the listener the request came in on (the connection's local
// address, which the server chose); otherwise "" and the links are
// relative. Never the Host header, X-Forwarded-Host or X-Forwarded-Proto:
// any client can set those, and a shared cache would serve the document it
// poisoned to everyone (issue #12 item 11).
func (s *Server) baseURL(r *http.Request) string {
	if s.cfg.BaseURL != "" {
		return strings.TrimRight(s.cfg.BaseURL, "/")
	}
	if a, ok := r.Context().Value(http.LocalAddrContextKey).(net.Addr); ok && a != nil && a.Network() == "tcp" {
		scheme := "http"
		if r.TLS != nil {
			scheme = "https"
		}
		return scheme + "://" + a.String()
	}
	return ""
}

func (s *Server) handleDiscovery(w http.ResponseWriter, r *http.Request) {
	endpoints := map[string]any{
		"capabilities": "/api/v1/capabilities", "pricing": "/api/v1/pricing", "tools": "/api/v1/tools", "health": "/api/v1/health",
		"openapi": "/openapi.json", "docs": "/docs", "llmsTxt": "/llms.txt", "agentCard": "/.well-known/agent.json",
		"pluginManifest": "/.well-known/ai-plugin.json", "paymentMethods": "/api/v1/payment-methods",
		"subscriptionPlans": "/api/v1/subscription-plans", "balance": "/api/v1/account/balance",
		"preview": "/api/v1/preview/{capability}",
	}
	protocols := []map[string]any{
		{"protocol": "rest", "role": "primary", "transport": "https+json", "openapi": "/openapi.json"},
		{"protocol": "api-key-billing", "role": "primary", "rails": accountRailIDs(), "paymentMethods": "/api/v1/payment-methods"},
		{"protocol": "mcp", "role": "compatibility", "transport": "stdio", "command": "dalil mcp", "remote": s.mcpRemote()},
	}
	x402 := false
	for _, rc := range s.payPerCall() {
		id := rc.ID
		protocols = append(protocols, map[string]any{"protocol": id, "role": "primary", "enabled": true, "info": "/api/v1/" + id})
		if id == dalil.RailX402 {
			x402 = true
			endpoints["x402WellKnown"] = "/.well-known/x402.json"
		}
		endpoints[id] = "/api/v1/" + id
	}
	var tools []map[string]any
	for _, e := range s.reg.Callable() {
		tools = append(tools, map[string]any{"name": e.ID, "method": "POST", "path": e.Path, "price": e.Price.Float(), "currency": "USD", "status": string(e.Status()), "preview": previewOf(e)})
	}
	writeData(w, r, http.StatusOK, map[string]any{
		"name":        Name,
		"description": Description,
		"version":     Version,
		"audience":    "ai-agents",
		"baseUrl":     s.baseURL(r),
		"protocols":   protocols,
		"mcp":         true,
		"x402Enabled": x402,
		"endpoints":   endpoints,
		"tools":       tools,
		"roadmap":     s.roadmap(),
	}, Meta{})
}

func (s *Server) mcpRemote() any {
	if s.cfg.MCP != nil {
		return "/mcp"
	}
	return nil
}

func (s *Server) roadmap() []map[string]string {
	out := []map[string]string{}
	for _, e := range s.reg.Planned() {
		out = append(out, map[string]string{"name": e.ID, "description": e.Summary, "status": string(capability.StatusPlanned)})
	}
	return out
}

// capabilityView is one tool in /api/v1/capabilities.
type capabilityView struct {
	Name         string          `json:"name"`
	Title        string          `json:"title"`
	Description  string          `json:"description"`
	WhenToUse    string          `json:"whenToUse,omitempty"`
	Category     string          `json:"category"`
	Status       string          `json:"status"`
	Method       string          `json:"method"`
	Endpoint     string          `json:"endpoint"`
	LegacyPath   string          `json:"legacyEndpoint,omitempty"`
	Price        float64         `json:"price"`
	Currency     string          `json:"currency"`
	Pricing      map[string]any  `json:"pricing"`
	Preview      previewView     `json:"preview"`
	Requirements []requirement   `json:"requirements"`
	Idempotent   bool            `json:"idempotent"`
	SideEffects  bool            `json:"sideEffects"`
	Limitations  []string        `json:"limitations"`
	InputSchema  json.RawMessage `json:"inputSchema"`
	OutputSchema json.RawMessage `json:"outputSchema"`
	Example      any             `json:"example,omitempty"`
}

// previewView is a capability's "preview" field: available exactly when
// POST /api/v1/preview/{id} runs its preview (capability.Previewable).
type previewView struct {
	Available bool   `json:"available"`
	Endpoint  string `json:"endpoint,omitempty"`
}

func previewOf(e *capability.Entry) previewView {
	if !e.Previewable() {
		return previewView{}
	}
	return previewView{Available: true, Endpoint: previewPath(e.ID)}
}

// requirement is one thing a capability needs the operator to configure,
// and whether this server has it (which is what its status follows from).
type requirement struct {
	Kind string `json:"kind"`
	Name string `json:"name"`
	// Configured: the requirement is met (by real or synthetic data).
	Configured bool `json:"configured"`
	// Synthetic: it is met by synthetic demo data only.
	Synthetic bool `json:"synthetic"`
	// OperatorAction says how the operator supplies a missing one.
	OperatorAction string `json:"operatorAction,omitempty"`
	// AnyOf lists the alternatives of an "any" requirement.
	AnyOf []requirement `json:"anyOf,omitempty"`
}

func requirementsOf(e *capability.Entry) []requirement {
	out := []requirement{}
	for _, r := range e.Requires {
		out = append(out, requirementOf(e, r))
	}
	return out
}

func requirementOf(e *capability.Entry, r capability.Requirement) requirement {
	supply := e.Supplied(r)
	v := requirement{Kind: r.Kind, Name: r.Name, Configured: supply != capability.SupplyMissing, Synthetic: supply == capability.SupplySynthetic}
	if supply == capability.SupplyMissing {
		v.OperatorAction = e.HowToSupply(r)
	}
	for _, alt := range r.Alternatives() {
		v.AnyOf = append(v.AnyOf, requirementOf(e, alt))
	}
	return v
}

func (s *Server) capabilityViews() []capabilityView {
	var out []capabilityView
	for _, e := range s.reg.Callable() {
		lim := e.Limitations
		if lim == nil {
			lim = []string{}
		}
		out = append(out, capabilityView{
			Name: e.ID, Title: e.Title, Description: e.Summary + " " + e.Description, WhenToUse: e.WhenToUse, Category: e.Group,
			Status: string(e.Status()), Method: "POST", Endpoint: e.Path, LegacyPath: e.LegacyPath,
			Price: e.Price.Float(), Currency: "USD", Pricing: map[string]any{"amount": e.Price.Decimal(), "currency": "USD"},
			Preview: previewOf(e), Requirements: requirementsOf(e), Idempotent: e.Idempotent, SideEffects: !e.ReadOnly, Limitations: lim,
			InputSchema: e.InputJSON, OutputSchema: e.OutputJSON, Example: e.Example,
		})
	}
	return out
}

func (s *Server) handleCapabilities(w http.ResponseWriter, r *http.Request) {
	writeData(w, r, http.StatusOK, s.capabilityViews(), Meta{})
}

func (s *Server) handleTools(w http.ResponseWriter, r *http.Request) {
	var tools []map[string]any
	for _, e := range s.reg.Callable() {
		tools = append(tools, map[string]any{
			"name": e.ID, "description": e.Summary, "price": e.Price.Float(), "currency": "USD", "method": "POST",
			"endpoint": e.Path, "status": string(e.Status()), "preview": previewOf(e), "inputSchema": e.InputJSON, "outputSchema": e.OutputJSON,
		})
	}
	writeData(w, r, http.StatusOK, map[string]any{"tools": tools, "roadmap": s.roadmap()}, Meta{})
}

func (s *Server) handlePricing(w http.ResponseWriter, r *http.Request) {
	prices := map[string]float64{}
	detail := []map[string]any{}
	for _, e := range s.reg.Callable() {
		prices[e.ID] = e.Price.Float()
		detail = append(detail, map[string]any{"tool": e.ID, "price": e.Price.Float(), "amount": e.Price.Decimal(), "currency": "USD", "endpoint": e.Path,
			"status": string(e.Status()), "preview": previewOf(e)})
	}
	writeData(w, r, http.StatusOK, map[string]any{
		"currency": "USD", "model": "pay-per-call", "tools": prices, "detail": detail,
		"note": "Charged only for a successful (2xx) answer. Free previews (preview.available) cost nothing.", "paymentMethodsEndpoint": "/api/v1/payment-methods",
		"subscriptionPlansEndpoint": "/api/v1/subscription-plans",
	}, Meta{})
}

// handleHealth reports the storage status; 503 when the database is gone.
func (s *Server) handleHealth(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
	defer cancel()
	if err := s.store.Ping(ctx); err != nil {
		writeError(w, r, &dalil.Error{Code: dalil.CodeServiceUnavailable, Message: "Account storage is unavailable.", Details: map[string]any{"storage": "unavailable"}, Err: err})
		return
	}
	writeData(w, r, http.StatusOK, map[string]any{"ok": true, "status": "ok", "version": Version, "storage": "ok"}, Meta{})
}

// ReadyCheck is one part of readiness: nil when the part can serve.
type ReadyCheck struct {
	Name  string
	Check func(context.Context) error
}

// handleLive is /livez: the process is up and serving HTTP. It reads
// nothing, so a load balancer restarts only a process that hangs.
func (s *Server) handleLive(w http.ResponseWriter, r *http.Request) {
	writeData(w, r, http.StatusOK, map[string]any{"status": "live", "version": Version}, Meta{})
}

// handleReady is /readyz: storage reachable (the store opened, so its
// migrations are applied) and every Config.Ready check passing; 503
// naming each failing part otherwise, so a load balancer sends traffic
// elsewhere until it passes.
func (s *Server) handleReady(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
	defer cancel()
	checks := append([]ReadyCheck{{Name: "storage", Check: s.store.Ping}}, s.cfg.Ready...)
	parts := map[string]string{}
	var failing []string // in check order
	for _, c := range checks {
		parts[c.Name] = "ok"
		if err := c.Check(ctx); err != nil {
			parts[c.Name] = "failing"
			failing = append(failing, c.Name)
			s.log.Warn("not ready", "part", c.Name, "error", err.Error())
		}
	}
	if len(failing) > 0 {
		writeError(w, r, &dalil.Error{Code: dalil.CodeServiceUnavailable, Message: "Not ready: " + strings.Join(failing, ", ") + " failing.",
			Details: map[string]any{"checks": parts}, Headers: map[string]string{"Retry-After": "5"}})
		return
	}
	writeData(w, r, http.StatusOK, map[string]any{"status": "ready", "version": Version, "checks": parts}, Meta{})
}

func (s *Server) handleAgentCard(w http.ResponseWriter, r *http.Request) {
	base := s.baseURL(r)
	var skills []map[string]any
	for _, e := range s.reg.Callable() {
		ex, _ := json.Marshal(e.Example)
		skills = append(skills, map[string]any{
			"id": e.ID, "name": e.Title, "description": e.Summary + " Price: USD " + e.Price.Decimal() + " per successful call.",
			"tags": []string{strings.ToLower(e.Group)}, "examples": []string{string(ex)},
			"inputModes": []string{"application/json"}, "outputModes": []string{"application/json"},
		})
	}
	schemes := []string{"apiKey", "bearer"}
	for _, pr := range s.cfg.PayPerCall {
		schemes = append(schemes, pr.Rail.ID())
	}
	writeDoc(w, "application/json", map[string]any{
		"name": Name, "description": Description, "url": base + "/api/v1", "version": Version,
		"provider":           map[string]string{"organization": Name},
		"documentationUrl":   base + "/docs",
		"capabilities":       map[string]bool{"streaming": false, "pushNotifications": false},
		"authentication":     map[string]any{"schemes": schemes},
		"defaultInputModes":  []string{"application/json"},
		"defaultOutputModes": []string{"application/json"},
		"skills":             skills,
	})
}

func (s *Server) handlePluginManifest(w http.ResponseWriter, r *http.Request) {
	base := s.baseURL(r)
	writeDoc(w, "application/json", map[string]any{
		"schema_version":        "v1",
		"name_for_human":        Name,
		"name_for_model":        "dalil",
		"description_for_human": "Evidence-backed property and business intelligence, paid per call.",
		"description_for_model": "Paid JSON tools: " + strings.Join(s.toolNames(), ", ") + ". Send an API key in X-API-Key. Read /llms.txt for prices and examples.",
		"auth":                  map[string]any{"type": "service_http", "authorization_type": "bearer"},
		"api":                   map[string]any{"type": "openapi", "url": base + "/openapi.json"},
		"logo_url":              base + "/docs",
		"contact_email":         "",
		"legal_info_url":        base + "/docs",
	})
}

func (s *Server) toolNames() []string {
	var names []string
	for _, e := range s.reg.Callable() {
		names = append(names, e.ID)
	}
	return names
}
