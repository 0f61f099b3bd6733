package httpapi

import (
	"cmp"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"dalil"

	"dalil/capability"
)

type obj = map[string]any

// publicErrorResponses name the document's error response of a status.
var publicErrorResponses = map[int]string{
	400: "BadRequest", 401: "Unauthorized", 402: "PaymentRequired", 404: "NotFound", 405: "MethodNotAllowed", 409: "Conflict",
	413: "TooLarge", 415: "MediaType", 429: "TooMany", 500: "Internal", 503: "Unavailable",
}

// railIDs lists every rail's id in priority order (meta.paymentMethod).
func railIDs() []string {
	var ids []string
	for _, r := range dalil.RailsByPriority() {
		ids = append(ids, r.ID)
	}
	return ids
}

// openAPI builds the OpenAPI 3.1 document from the registry. Capability
// schemas are the very JSON Schemas that Decode enforces.
func (s *Server) openAPI() obj {
	paths := obj{}
	schemas := obj{
		"Problem": obj{"type": "object", "required": []string{"path", "message"}, "properties": obj{
			"path": obj{"type": "string", "description": "dotted path into the body; empty for the whole body"}, "message": obj{"type": "string"}}},
		"Error": obj{"type": "object", "required": []string{"success", "error", "meta"}, "properties": obj{
			"success": obj{"const": false},
			"error": obj{"type": "object", "required": []string{"code", "message"}, "properties": obj{
				"code":    obj{"type": "string", "description": "machine-readable code, e.g. INVALID_INPUT, UNAUTHORIZED, INSUFFICIENT_CREDITS"},
				"message": obj{"type": "string"},
				"details": obj{"oneOf": []any{obj{"type": "array", "items": obj{"$ref": "#/components/schemas/Problem"}}, obj{"type": "object"}}},
			}},
			"meta": obj{"type": "object", "required": []string{"requestId"}, "properties": obj{"requestId": obj{"type": "string"}}},
		}},
		"Meta": obj{"type": "object", "required": []string{"requestId"}, "properties": obj{
			"requestId": obj{"type": "string"}, "tool": obj{"type": "string"}, "price": obj{"type": "number", "description": "the capability's price in USD: what this call was charged, unless charged is false"},
			"currency": obj{"type": "string"}, "paymentMethod": obj{"type": "string", "enum": railIDs()},
			"charged":          obj{"type": "boolean", "description": "false on a 200 answer that was not charged (too little data to answer, synthetic demo data only, a stale list only, or no evidence); absent on paid answers"},
			"notChargedReason": obj{"type": "string", "description": "why a 200 answer was not charged: the capability's reason, or synthetic_data_only, stale_evidence_only, no_evidence"},
			"evidence": obj{"type": "object", "description": "what the answer rests on, each source with its kind, batch and date; a replay repeats it", "required": []string{"sources"}, "properties": obj{
				"sources": obj{"type": "array", "items": obj{"type": "object", "required": []string{"kind", "name"}, "properties": obj{
					"kind":        obj{"type": "string", "enum": []string{"live_provider", "dataset", "synthetic", "caller_supplied", "computation"}},
					"name":        obj{"type": "string"},
					"dataset":     obj{"type": "string"},
					"batch":       obj{"type": "string"},
					"retrievedAt": obj{"type": "string", "format": "date-time"},
					"items":       obj{"type": "integer"},
					"stale":       obj{"type": "boolean", "description": "past the age its use allows: listed, not evidence"},
				}}},
				"unanswered": obj{"type": "string", "description": "why the capability found too little to answer"},
			}},
		}},
		"Envelope": obj{"type": "object", "required": []string{"success", "data", "meta"}, "properties": obj{
			"success": obj{"const": true}, "data": obj{}, "meta": obj{"$ref": "#/components/schemas/Meta"}}},
	}
	errResp := func(desc string) obj {
		return obj{"description": desc, "content": obj{"application/json": obj{"schema": obj{"$ref": "#/components/schemas/Error"}}}}
	}
	responses := obj{
		"BadRequest":       errResp("Invalid input (INVALID_INPUT, every problem listed with its path) or unsupported payment method. invoice_anomaly_check answers with codes of its own: INVALID_JSON for a body that is not JSON, INVALID_MONETARY_VALUE, INVALID_DATE or UNSUPPORTED_CURRENCY_FORMAT for a value it cannot read (details.path names the field, details.problems lists every problem; the value is never echoed). Never charged."),
		"Unauthorized":     errResp("A valid X-API-Key header (or Authorization: Bearer) is required."),
		"PaymentRequired":  paymentRequired(errResp),
		"Conflict":         errResp("Idempotency-Key reused with another body, or still in progress."),
		"TooLarge":         errResp("Body over the size limit."),
		"MediaType":        errResp("Content-Type is not application/json."),
		"TooMany":          errResp("Rate limit or monthly quota exceeded; see Retry-After."),
		"Internal":         errResp("Unexpected error; nothing was charged."),
		"Unavailable":      errResp("Storage or a required provider is unavailable; nothing was charged."),
		"MethodNotAllowed": errResp("The path exists for other methods; see the Allow header."),
		"NotFound":         errResp("NOT_FOUND: no such record for this caller (another account's record answers the same)."),
	}
	params := obj{
		"PaymentMethod": obj{"name": "X-Service-Payment-Method", "in": "header", "required": false, "description": "Rail that pays: auto (default), credits, subscription, or an enabled pay-per-call rail.",
			"schema": obj{"type": "string", "enum": s.enabledMethods(), "default": "auto"}},
		"IdempotencyKey": obj{"name": "Idempotency-Key", "in": "header", "required": false, "description": "1-255 printable ASCII characters; a retry with the same key and body replays the answer without a second charge (24 h).",
			"schema": obj{"type": "string", "minLength": 1, "maxLength": 255}},
		"MaxPrice": obj{"name": MaxPriceHeader, "in": "header", "required": false,
			"description": "Spending ceiling for this call in USD: a capability priced above it is refused with 402 PRICE_ABOVE_MAXIMUM before anything runs, is charged or counts against the rate limit, on every rail. Over MCP: params._meta.maxPrice (a number or this decimal string).",
			"schema":      obj{"type": "string", "pattern": `^[0-9]+(\.[0-9]{1,6})?$`, "maxLength": 20}, "example": "0.05"},
	}
	for _, e := range s.reg.Callable() {
		in, out := schemaName(e.ID, "Input"), schemaName(e.ID, "Output")
		schemas[in] = json.RawMessage(e.InputJSON)
		schemas[out] = json.RawMessage(e.OutputJSON)
		paths[e.Path] = obj{"post": s.operation(e, e.ID, false, in, out)}
		if e.LegacyPath != "" {
			paths[e.LegacyPath] = obj{"post": s.operation(e, e.ID+"_legacy", true, in, out)}
		}
		for _, r := range s.payPerCall() {
			id := r.ID
			op := s.operation(e, e.ID+"_"+id, false, in, out)
			op["summary"] = e.Title + " (pay per call: " + id + ")"
			op["description"] = e.Summary + "\n\nNo account needed: an unpaid call answers 402 with the " + id + " challenge; retry with the credential. Price: USD " + e.Price.Decimal() + " per successful call."
			op["security"] = []any{}
			op["parameters"] = []any{obj{"$ref": "#/components/parameters/MaxPrice"}}
			delete(op["responses"].(obj), "401")
			paths[r.PaidPath(e.ID, e.Path)] = obj{"post": op}
		}
		for _, op := range e.Operations {
			item, _ := paths[op.Path].(obj)
			if item == nil {
				item = obj{}
				paths[op.Path] = item
			}
			o := obj{
				"operationId": op.ID, "tags": []string{e.Group}, "summary": op.Summary, "description": op.Summary + " Free; needs an API key.",
				"security": []any{obj{"ApiKeyAuth": []string{}}, obj{"BearerAuth": []string{}}},
				"responses": obj{
					"200": obj{"description": "Done.", "content": obj{"application/json": obj{"schema": obj{"$ref": "#/components/schemas/Envelope"}}}},
					"401": obj{"$ref": "#/components/responses/Unauthorized"},
					"500": obj{"$ref": "#/components/responses/Internal"},
				},
			}
			var params []any
			for _, name := range pathParams(op.Path) {
				params = append(params, obj{"name": name, "in": "path", "required": true, "schema": obj{"type": "string"}})
			}
			if op.Public {
				// An API key, or no key at all and the record's own token.
				o["description"] = op.Summary + " Free; with an API key, or without one and the X-Call-Token the paid answer gave."
				o["security"] = []any{obj{"ApiKeyAuth": []string{}}, obj{"BearerAuth": []string{}}, obj{}}
				params = append(params, obj{"name": "X-Call-Token", "in": "header", "required": false, "schema": obj{"type": "string"},
					"description": "the access token a pay-per-call answer gave for this record"})
			}
			if params != nil {
				o["parameters"] = params
				o["responses"].(obj)["404"] = obj{"$ref": "#/components/responses/NotFound"}
			}
			item[strings.ToLower(op.Method)] = o
		}
	}
	s.previewPaths(paths, schemas, responses)
	get := func(path, id, tag, summary string, data obj, secured bool) {
		op := obj{"operationId": id, "tags": []string{tag}, "summary": summary,
			"responses": obj{
				"200": obj{"description": "OK", "content": obj{"application/json": obj{"schema": data}}},
				"405": obj{"$ref": "#/components/responses/MethodNotAllowed"},
				"500": obj{"$ref": "#/components/responses/Internal"},
			}}
		if secured {
			op["security"] = []any{obj{"ApiKeyAuth": []string{}}, obj{"BearerAuth": []string{}}}
			op["responses"].(obj)["401"] = obj{"$ref": "#/components/responses/Unauthorized"}
		} else {
			op["security"] = []any{}
		}
		paths[path] = obj{"get": op}
	}
	envelope := obj{"$ref": "#/components/schemas/Envelope"}
	get("/api/v1", "discovery", "Agent", "Discovery document", envelope, false)
	get("/api/v1/agent", "agent", "Agent", "Discovery document (alias)", envelope, false)
	get("/agent.json", "agent_json", "Agent", "Discovery document (alias)", envelope, false)
	get("/api/v1/capabilities", "list_capabilities", "Agent", "Every capability with price, schemas and preview support", envelope, false)
	get("/api/v1/tools", "list_tools", "Agent", "Tool catalog", envelope, false)
	get("/api/v1/pricing", "pricing", "Agent", "Price of every tool in USD", envelope, false)
	get("/api/v1/health", "health", "System", "Health with storage status", envelope, false)
	get("/api/v1/payment-methods", "payment_methods", "System", "Enabled payment rails, selection and idempotency rules", envelope, false)
	get("/api/v1/subscription-plans", "subscription_plans", "System", "Subscription plans and their monthly allowances", envelope, false)
	get("/api/v1/account/balance", "account_balance", "Account", "Credits and allowance of the key's account", envelope, true)
	get("/api/v1/account/usage", "account_usage", "Account", "Calls and USD charged per tool and rail", envelope, true)
	get("/api/v1/account/transactions", "account_transactions", "Account", "The account's ledger, newest first", envelope, true)
	paths["/api/v1/account/transactions"].(obj)["get"].(obj)["parameters"] = []any{
		obj{"name": "limit", "in": "query", "required": false, "schema": obj{"type": "integer", "minimum": 1, "maximum": 200, "default": 50}},
		obj{"name": "before", "in": "query", "required": false, "schema": obj{"type": "integer", "minimum": 1}, "description": "nextBefore of the previous page"},
	}
	get("/openapi.json", "openapi", "System", "This document", obj{"type": "object"}, false)
	get("/health", "health_alias", "System", "Health with storage status (alias)", envelope, false)
	for _, r := range s.payPerCall() {
		id, pr := r.ID, s.payRails[r.ID]
		get("/api/v1/"+id, id+"_info", "Payments", "How to pay per call with "+id+": network, asset, routes", envelope, false)
		if pr.WellKnown != nil {
			get("/.well-known/"+id+".json", id+"_well_known", "Payments", "Paid resources with prices and input schemas ("+id+")", obj{"type": "object"}, false)
		}
		// The rail's own routes, as it describes them.
		for _, rt := range pr.Routes {
			if rt.ID == "" {
				continue
			}
			var op obj
			if rt.Method == http.MethodGet {
				get(rt.Path, rt.ID, rt.Tag, rt.Summary, envelope, false)
				op = paths[rt.Path].(obj)["get"].(obj)
			} else {
				op = obj{"operationId": rt.ID, "tags": []string{rt.Tag}, "security": []any{}, "summary": rt.Summary,
					"responses": obj{strconv.Itoa(cmp.Or(rt.Status, http.StatusOK)): obj{"description": rt.Answer, "content": obj{"application/json": obj{"schema": envelope}}}}}
				if rt.Body == dalil.BodyJSON {
					op["requestBody"] = obj{"required": true, "content": obj{"application/json": obj{"schema": obj{"type": "object"}}}}
				}
				item, _ := paths[rt.Path].(obj)
				if item == nil {
					item = obj{}
					paths[rt.Path] = item
				}
				item[strings.ToLower(rt.Method)] = op
			}
			var params []any
			for _, name := range pathParams(rt.Path) {
				params = append(params, obj{"name": name, "in": "path", "required": true, "schema": obj{"type": "string"}})
			}
			if params != nil {
				op["parameters"] = params
			}
			for _, st := range rt.Errors {
				name, ok := publicErrorResponses[st]
				if !ok {
					panic(fmt.Sprintf("httpapi: rail route %s %s lists status %d, which has no response", rt.Method, rt.Path, st))
				}
				op["responses"].(obj)[strconv.Itoa(st)] = obj{"$ref": "#/components/responses/" + name}
			}
		}
	}
	// Agents funding themselves (funding.go), when the operator turned it
	// on: paid over a pay-per-call rail (a 402 challenge first, for the
	// amount asked).
	if _, ok := s.store.(dalil.Funder); ok && len(s.fundingRails()) > 0 {
		body := obj{"type": "object", "additionalProperties": false, "required": []string{"usd"}, "properties": obj{
			"usd":  obj{"type": "string", "pattern": `^[0-9]+(\.[0-9]{1,6})?$`, "description": "USD to pay and receive in credits, within the operator's bounds"},
			"name": obj{"type": "string", "minLength": 1, "maxLength": 120, "description": "the new account's name (account creation only)"},
		}}
		fund := func(path, id, summary, status string, secured bool) {
			op := obj{"operationId": id, "tags": []string{"Account"}, "summary": summary,
				"description": summary + " Paid over " + strings.Join(s.fundingRails(), ", ") + ": without a credential the answer is 402 with the rail's challenge for the amount asked.",
				"requestBody": obj{"required": true, "content": obj{"application/json": obj{"schema": body}}},
				"responses": obj{
					status: obj{"description": "Funded", "content": obj{"application/json": obj{"schema": envelope}}},
					"400":  obj{"$ref": "#/components/responses/BadRequest"},
					"402":  obj{"$ref": "#/components/responses/PaymentRequired"},
					"500":  obj{"$ref": "#/components/responses/Internal"},
				}}
			if secured {
				op["security"] = []any{obj{"ApiKeyAuth": []string{}}, obj{"BearerAuth": []string{}}}
				op["responses"].(obj)["401"] = obj{"$ref": "#/components/responses/Unauthorized"}
			} else {
				op["security"] = []any{}
			}
			item, _ := paths[path].(obj)
			if item == nil {
				item = obj{}
				paths[path] = item
			}
			item["post"] = op
		}
		fund("/api/v1/accounts", "fund_new_account", "Buy an account with credits: the answer holds its API key, shown once.", "201", false)
		fund("/api/v1/account/top-up", "top_up_account", "Add credits to the key's account.", "200", true)
	}
	for _, p := range []string{"/api/v1/health", "/health"} {
		paths[p].(obj)["get"].(obj)["responses"].(obj)["503"] = obj{"$ref": "#/components/responses/Unavailable"}
	}
	get("/.well-known/agent.json", "agent_card", "Agent", "Agent card: skills, authentication schemes, endpoints", obj{"type": "object"}, false)
	get("/.well-known/ai-plugin.json", "plugin_manifest", "Agent", "Plugin manifest pointing at this document", obj{"type": "object"}, false)
	text := func(path, id, tag, summary, mediaType string) {
		paths[path] = obj{"get": obj{"operationId": id, "tags": []string{tag}, "summary": summary, "security": []any{},
			"responses": obj{
				"200": obj{"description": "OK", "content": obj{mediaType: obj{"schema": obj{"type": "string"}}}},
				"405": obj{"$ref": "#/components/responses/MethodNotAllowed"},
			}}}
	}
	text("/llms.txt", "llms_txt", "Agent", "A Markdown guide an LLM can act on: tools, prices, auth, one curl per tool", "text/plain")
	text("/docs", "docs", "Agent", "Human API reference (HTML, works offline)", "text/html")
	if s.cfg.MCP != nil {
		paths["/mcp"] = obj{"post": obj{"operationId": "mcp", "tags": []string{"Agent"}, "summary": "MCP over streamable HTTP (JSON-RPC); tool calls are charged like REST calls",
			"security":    []any{obj{}, obj{"ApiKeyAuth": []string{}}, obj{"BearerAuth": []string{}}},
			"requestBody": obj{"required": true, "content": obj{"application/json": obj{"schema": obj{"type": "object"}}}},
			"responses": obj{
				"200": obj{"description": "JSON-RPC response", "content": obj{"application/json": obj{"schema": obj{"type": "object"}}}},
				"400": obj{"$ref": "#/components/responses/BadRequest"},
			}}}
	}

	tags := []any{}
	seen := map[string]bool{}
	for _, e := range s.reg.Callable() {
		if !seen[e.Group] {
			seen[e.Group] = true
			tags = append(tags, obj{"name": e.Group, "description": groupDescriptions[e.Group]})
		}
	}
	tagNames := []string{"Preview", "Agent", "System", "Account"}
	if len(s.payRails) > 0 {
		tagNames = append(tagNames, "Payments")
	}
	for _, t := range tagNames {
		tags = append(tags, obj{"name": t, "description": groupDescriptions[t]})
	}
	return obj{
		"openapi": "3.1.0",
		"info": obj{
			"title": Name + " API", "version": Version, "description": Description,
			"license": obj{"name": "Proprietary", "identifier": "LicenseRef-Dalil"},
		},
		"servers": s.servers(),
		"tags":    tags,
		"paths":   paths,
		"components": obj{
			"schemas":    schemas,
			"responses":  responses,
			"parameters": params,
			"securitySchemes": obj{
				"ApiKeyAuth": obj{"type": "apiKey", "in": "header", "name": "X-API-Key", "description": "Account API key (prepaid credits or subscription)."},
				"BearerAuth": obj{"type": "http", "scheme": "bearer", "description": "The same API key as a bearer token."},
			},
		},
	}
}

// servers is DALIL_BASE_URL when configured, else the origin the
// document is fetched from ("/"): the document is built once and never
// from a request's Host (issue #12 item 11).
func (s *Server) servers() []any {
	if s.cfg.BaseURL != "" {
		return []any{obj{"url": strings.TrimRight(s.cfg.BaseURL, "/"), "description": "this service (DALIL_BASE_URL)"}}
	}
	return []any{obj{"url": "/", "description": "this server"}}
}

// paymentRequired is the 402 of a paid operation: one status, several
// codes, each with an example body.
func paymentRequired(errResp func(string) obj) obj {
	r := errResp("INSUFFICIENT_CREDITS (add credits), PAYMENT_REQUIRED (a pay-per-call rail needs payment: the challenge is in the headers and body), " +
		"PAYMENT_INVALID (a pay-per-call credential failed verification or settlement) or PRICE_ABOVE_MAXIMUM (the price is above the X-Max-Price ceiling; " +
		"nothing was run or charged). Never charged.")
	example := func(summary, code, message string, details obj) obj {
		return obj{"summary": summary, "value": obj{"success": false, "error": obj{"code": code, "message": message, "details": details}, "meta": obj{"requestId": "req_0123456789ab"}}}
	}
	r["content"].(obj)["application/json"].(obj)["examples"] = obj{
		"priceAboveMaximum": example("The price is above X-Max-Price", string(dalil.CodePriceAboveMaximum),
			"analyze_property costs USD 0.01, above your X-Max-Price of USD 0.005; nothing was run or charged. Raise the ceiling or choose another capability.",
			obj{"tool": "analyze_property", "price": 0.01, "maxPrice": 0.005, "currency": "USD"}),
		"insufficientCredits": example("The account cannot pay", string(dalil.CodeInsufficientCredits),
			"The account's prepaid credits do not cover this call; add credits and retry.", obj{"price": 0.01, "credits": 0, "currency": "USD"}),
		"paymentRequired": example("A pay-per-call rail needs payment", string(dalil.CodePaymentRequired),
			"Payment required: pay USD 0.01 for analyze_property with x402 and retry with the credential.",
			obj{"rail": "x402", "tool": "analyze_property", "price": 0.01, "currency": "USD", "paymentMethods": "/api/v1/payment-methods"}),
	}
	return r
}

var groupDescriptions = map[string]string{
	"Property":          "Rental yield, income, operating cost and payback calculations in OMR. Calculations only.",
	"Maintenance":       "Annual maintenance reserve estimate in OMR. An uncalibrated heuristic, not a survey.",
	"Finance":           "Pre-payment invoice anomaly detection. Risk indicators only.",
	"Oman":              "Muscat property analysis from imported comparables: rents, prices, yields and their evidence.",
	"Intelligence":      "Oman company records, company research and discovery, and sanctions screening, each finding with its source and evidence tier. Screening only.",
	"Risk":              "Deterministic business risk scores with evidence-backed flags and a due-diligence action. Screening only, not a legal or compliance determination.",
	"Risk Intelligence": "Company reputation and risk signals from public sources, each with its evidence and a separate confidence. Screening only.",
	"Procurement":       "Supplier checks for procurement in Oman: identity, activity, contact consistency, sanctions. Screening only.",
	"Automotive":        "Used-vehicle valuation from comparable listings, with the evidence and its coverage.",
	"Documents":         "Structured facts, obligations, requirements and deadlines from business documents, each with its exact evidence. Document content is data, never instructions.",
	"Voice":             "Asynchronous AI phone calls with a safety gate, durable state and metering on connected time.",
	"Preview":           "Free, account-less checks of whether a paid capability has useful data for an input: evidence that the paid call is worthwhile, never the paid result. Limited per client address.",
	"Agent":             "Discovery documents for agents.",
	"System":            "Health, payment methods and plans.",
	"Account":           "The calling key's own account.",
	"Payments":          "Pay per call with no account: x402, L402, MPP.",
}

func (s *Server) operation(e *capability.Entry, opID string, deprecated bool, in, out string) obj {
	desc := e.Summary + " " + e.Description + "\n\nPrice: USD " + e.Price.Decimal() + " per successful call; nothing is charged for an error."
	if deprecated {
		desc += "\n\nDeprecated: use " + e.Path + "."
	}
	op := obj{
		"operationId": opID,
		"tags":        []string{e.Group},
		"summary":     e.Title,
		"description": desc,
		"deprecated":  deprecated,
		"x-price":     obj{"amount": e.Price.Decimal(), "currency": "USD"},
		"security":    []any{obj{"ApiKeyAuth": []string{}}, obj{"BearerAuth": []string{}}},
		"parameters":  []any{obj{"$ref": "#/components/parameters/PaymentMethod"}, obj{"$ref": "#/components/parameters/IdempotencyKey"}, obj{"$ref": "#/components/parameters/MaxPrice"}},
		"requestBody": obj{"required": true, "content": obj{"application/json": obj{"schema": obj{"$ref": "#/components/schemas/" + in}}}},
		"responses": obj{
			"200": obj{"description": "The result, charged once.", "content": obj{"application/json": obj{"schema": obj{
				"allOf": []any{obj{"$ref": "#/components/schemas/Envelope"}, obj{"type": "object", "properties": obj{"data": obj{"$ref": "#/components/schemas/" + out}}}}}}}},
			"400": obj{"$ref": "#/components/responses/BadRequest"},
			"401": obj{"$ref": "#/components/responses/Unauthorized"},
			"402": obj{"$ref": "#/components/responses/PaymentRequired"},
			"409": obj{"$ref": "#/components/responses/Conflict"},
			"413": obj{"$ref": "#/components/responses/TooLarge"},
			"415": obj{"$ref": "#/components/responses/MediaType"},
			"429": obj{"$ref": "#/components/responses/TooMany"},
			"500": obj{"$ref": "#/components/responses/Internal"},
			"503": obj{"$ref": "#/components/responses/Unavailable"},
		},
	}
	if e.Example != nil {
		op["requestBody"].(obj)["content"].(obj)["application/json"].(obj)["example"] = e.Example
	}
	return op
}

// schemaName turns analyze_property into AnalyzePropertyInput.
func schemaName(id, suffix string) string {
	var b strings.Builder
	for _, part := range strings.Split(id, "_") {
		if part != "" {
			b.WriteString(strings.ToUpper(part[:1]) + part[1:])
		}
	}
	return b.String() + suffix
}

// previewPaths documents POST /api/v1/preview/{capability}: one operation
// per previewable capability, with its input and report schemas, and the
// templated route for every other callable capability (status
// unavailable). The shapes are httpapi's previewAnswer and fullResult.
func (s *Server) previewPaths(paths, schemas, responses obj) {
	str := obj{"type": "string"}
	schemas["PreviewFullResult"] = obj{"type": "object", "required": []string{"capability", "price", "nextAction", "endpoint", "paymentMethods"},
		"description": "How to get the paid result: send the same body to endpoint with a way to pay.",
		"properties": obj{
			"capability": str,
			"price": obj{"type": "object", "required": []string{"amount", "currency"}, "properties": obj{
				"amount": obj{"type": "string", "description": "USD per successful call, decimal"}, "currency": obj{"const": "USD"}}},
			"nextAction": obj{"type": "object", "required": []string{"type", "protocol", "method", "url", "retrySameBody"}, "properties": obj{
				"type": obj{"const": "pay_and_retry"}, "protocol": obj{"type": "string", "description": "X-Service-Payment-Method value to send"},
				"method": obj{"const": "POST"}, "url": str, "retrySameBody": obj{"const": true}}},
			"endpoint":       str,
			"paymentMethods": obj{"type": "array", "items": str, "description": "accepted X-Service-Payment-Method values"},
		}}
	answer := func(preview obj, statuses ...string) obj {
		return obj{"type": "object", "required": []string{"capability", "status", "inputRecognized", "preview", "fullResult"}, "properties": obj{
			"capability":      str,
			"status":          obj{"type": "string", "enum": statuses},
			"inputRecognized": obj{"type": "boolean", "description": "the body passed the paid call's validation"},
			"preview":         preview,
			"leakageClass":    obj{"type": "string", "enum": []string{string(capability.LeakageSafe), string(capability.LeakageLow)}},
			"reason":          obj{"type": "string", "description": "why the status is unavailable or invalid_input"},
			"fullResult":      obj{"$ref": "#/components/schemas/PreviewFullResult"},
		}}
	}
	ok := func(data obj) obj {
		return obj{"description": "The preview; never charged (meta.price 0).", "content": obj{"application/json": obj{"schema": obj{
			"allOf": []any{obj{"$ref": "#/components/schemas/Envelope"}, obj{"type": "object", "properties": obj{"data": data}}}}}}}
	}
	limit := " Free, no key; " + s.previewLimit() + " (429 RATE_LIMITED beyond)."
	var others []string
	for _, e := range s.reg.Callable() {
		if !e.Previewable() {
			others = append(others, e.ID)
			continue
		}
		name := schemaName(e.ID, "Preview")
		schemas[name] = json.RawMessage(e.Preview.JSON)
		body := obj{"required": false, "description": "The paid call's input. Without a body the answer is status invalid_input (nothing to preview).", "content": obj{"application/json": obj{"schema": obj{"$ref": "#/components/schemas/" + schemaName(e.ID, "Input")}}}}
		if e.Example != nil {
			body["content"].(obj)["application/json"].(obj)["example"] = e.Example
		}
		paths[previewPath(e.ID)] = obj{"post": obj{
			"operationId": "preview_" + e.ID, "tags": []string{"Preview"}, "security": []any{},
			"summary": "Free preview: " + e.Title,
			"description": "Whether " + e.ID + " would find what it needs for this body: status available or limited, coverage and counts, never the paid result (invalid_input when no body is sent). " +
				"Same body and validation as POST " + e.Path + "." + limit,
			"requestBody": body,
			"responses": obj{
				"200": ok(answer(obj{"oneOf": []any{obj{"$ref": "#/components/schemas/" + name}, obj{"type": "object", "maxProperties": 0, "description": "no body: nothing to preview (status invalid_input)"}}},
					string(capability.PreviewAvailable), string(capability.PreviewLimited), string(capability.PreviewInvalidInput))),
				"400": obj{"$ref": "#/components/responses/BadRequest"},
				"413": obj{"$ref": "#/components/responses/TooLarge"},
				"415": obj{"$ref": "#/components/responses/MediaType"},
				"429": obj{"$ref": "#/components/responses/TooMany"},
				"500": obj{"$ref": "#/components/responses/Internal"},
			},
		}}
	}
	if len(others) == 0 {
		return
	}
	responses["CapabilityNotFound"] = obj{"description": "CAPABILITY_NOT_FOUND: no callable capability has this id.",
		"content": obj{"application/json": obj{"schema": obj{"$ref": "#/components/schemas/Error"}}}}
	paths["/api/v1/preview/{capability}"] = obj{"post": obj{
		"operationId": "preview_unavailable", "tags": []string{"Preview"}, "security": []any{},
		"summary": "Free preview of a capability that has none here",
		"description": "These capabilities have no free preview on this server (none declared, or a provider is not configured): the answer is status unavailable with the reason and how to pay for the full result. " +
			"A body is read and validated only when the capability declares a preview. Any other id answers 404 CAPABILITY_NOT_FOUND." + limit,
		"parameters": []any{obj{"name": "capability", "in": "path", "required": true, "description": "capability id",
			"schema": obj{"type": "string", "enum": others}}},
		"requestBody": obj{"required": false, "content": obj{"application/json": obj{"schema": obj{"type": "object"}}}},
		"responses": obj{
			"200": ok(answer(obj{"type": "object", "maxProperties": 0}, string(capability.PreviewUnavailable))),
			"400": obj{"$ref": "#/components/responses/BadRequest"},
			"404": obj{"$ref": "#/components/responses/CapabilityNotFound"},
			"413": obj{"$ref": "#/components/responses/TooLarge"},
			"415": obj{"$ref": "#/components/responses/MediaType"},
			"429": obj{"$ref": "#/components/responses/TooMany"},
			"500": obj{"$ref": "#/components/responses/Internal"},
		},
	}}
}
