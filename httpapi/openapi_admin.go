package httpapi

import (
	"cmp"
	"encoding/json"
	"fmt"
	"net/http"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/google/jsonschema-go/jsonschema"

	"dalil"
)

// adminOpenAPI builds /openapi-admin.json, the OpenAPI 3.1 document of the
// admin API, from the very list adminRoutes mounts (adminAPI). Request
// and response schemas are derived from the Go types the handlers decode
// and answer, so they change with them.
func (s *Server) adminOpenAPI(routes []adminRoute) obj {
	schemas := obj{
		"Problem": obj{"type": "object", "required": []string{"path", "message"}, "properties": obj{
			"path":    obj{"type": "string", "description": "the field, query or path parameter; empty for the whole body"},
			"message": obj{"type": "string"}}},
		"Error": obj{"type": "object", "required": []string{"success", "error", "meta"},
			"description": "The failure envelope of every route.",
			"properties": obj{
				"success": obj{"const": false},
				"error": obj{"type": "object", "required": []string{"code", "message"}, "properties": obj{
					"code":    obj{"type": "string", "description": "machine-readable code: INVALID_INPUT, UNAUTHORIZED, NOT_FOUND, RATE_LIMITED, ..."},
					"message": obj{"type": "string", "description": "what went wrong and what to do next"},
					"details": obj{"oneOf": []any{obj{"type": "array", "items": obj{"$ref": "#/components/schemas/Problem"}}, obj{"type": "object"}}},
				}},
				"meta": obj{"$ref": "#/components/schemas/Meta"},
			}},
		"Meta": obj{"type": "object", "required": []string{"requestId"}, "properties": obj{
			"requestId": obj{"type": "string", "description": "also in the X-Request-Id header"}}},
	}
	errResp := func(desc string, headers obj) obj {
		r := obj{"description": desc, "content": obj{"application/json": obj{"schema": obj{"$ref": "#/components/schemas/Error"}}}}
		if headers != nil {
			r["headers"] = headers
		}
		return r
	}
	responses := obj{}
	errorRefs := map[int]string{}
	addErr := func(status int, name, desc string, headers obj) {
		responses[name] = errResp(desc, headers)
		errorRefs[status] = name
	}
	addErr(400, "BadRequest", "INVALID_INPUT: every problem with its path (a body field or a query parameter) in details.", nil)
	addErr(401, "Unauthorized", "UNAUTHORIZED: no token, or not the one in DALIL_ADMIN_TOKEN. Failures count towards the throttle (429).",
		obj{"WWW-Authenticate": obj{"description": "Bearer", "schema": obj{"type": "string"}}})
	addErr(403, "Forbidden", "DO_NOT_CALL (details.rule callee_opt_out): the number is on the do-not-call list by the callee's own opt-out, which only the callee can give back; it stays.", nil)
	addErr(404, "NotFound", "NOT_FOUND: no such account, key, channel, dataset or batch (a batch retracted already included).", nil)
	addErr(413, "TooLarge", "PAYLOAD_TOO_LARGE: the body is over 4096 bytes (a dataset file: over 256 MiB).", nil)
	addErr(415, "MediaType", "UNSUPPORTED_MEDIA_TYPE: send Content-Type: application/json.", nil)
	addErr(429, "TooMany", fmt.Sprintf("RATE_LIMITED: more than %d failed authentications from this client address in a minute; every admin request from it is refused until Retry-After passes.", adminFailLimit),
		obj{"Retry-After": obj{"description": "seconds until the address may try again", "schema": obj{"type": "integer", "minimum": 1}}})
	addErr(500, "Internal", "INTERNAL_ERROR: unexpected; nothing leaked.", nil)
	addErr(503, "Unavailable", "SERVICE_UNAVAILABLE: storage did not answer in time (retry); for the MPP close, PROVIDER_NOT_CONFIGURED or PROVIDER_UNAVAILABLE; for the do-not-call list, PROVIDER_NOT_CONFIGURED when it is not available on this server.",
		obj{"Retry-After": obj{"description": "seconds to wait before retrying, when known", "schema": obj{"type": "integer", "minimum": 1}}})

	paths := obj{}
	for _, rt := range routes {
		op := obj{
			"operationId": rt.id,
			"tags":        []string{rt.tag},
			"summary":     rt.summary,
			"description": rt.description,
		}
		var params []any
		for _, name := range pathParams(rt.path) {
			desc := rt.params[name]
			if desc == "" {
				desc = pathParamDescription(name)
			}
			params = append(params, obj{"name": name, "in": "path", "required": true, "description": desc,
				"schema": obj{"type": "string", "minLength": 1}})
		}
		for _, q := range rt.query {
			params = append(params, obj{"name": q.name, "in": "query", "required": false, "description": q.description, "schema": q.schema})
		}
		if len(params) > 0 {
			op["parameters"] = params
		}
		if rt.upload {
			file := obj{"schema": obj{"type": "string", "description": "the file's bytes"}}
			op["requestBody"] = obj{"required": true, "description": "the file, as it was downloaded or exported", "content": obj{
				"text/csv": file, "application/x-ndjson": file, "application/xml": file, "application/octet-stream": file}}
		}
		if rt.body != nil {
			name := schemaName(rt.id, "Request")
			schemas[name] = adminSchema(reflect.TypeOf(rt.body).Elem())
			content := obj{"schema": obj{"$ref": "#/components/schemas/" + name}}
			if rt.example != nil {
				content["example"] = rt.example
			}
			// A route whose body is optional (the MPP close) says so.
			required := len(jsonFields(rt.body)) > 0 && !rt.optionalBody
			op["requestBody"] = obj{"required": required, "content": obj{"application/json": content}}
		}
		dataName := cmp.Or(rt.dataName, adminTypeName(reflect.TypeOf(rt.data)))
		if _, ok := schemas[dataName]; !ok {
			schemas[dataName] = adminSchema(reflect.TypeOf(rt.data))
		}
		resp := obj{strconv.Itoa(rt.status): obj{
			"description": http.StatusText(rt.status),
			"content": obj{"application/json": obj{"schema": obj{
				"type": "object", "required": []string{"success", "data", "meta"},
				"properties": obj{
					"success": obj{"const": true},
					"data":    obj{"$ref": "#/components/schemas/" + dataName},
					"meta":    obj{"$ref": "#/components/schemas/Meta"},
				}}}}}}
		for _, st := range append([]int{401, 429, 500, 503}, rt.errors...) {
			name, ok := errorRefs[st]
			if !ok {
				panic(fmt.Sprintf("httpapi: admin route %s %s lists status %d, which has no response", rt.method, rt.path, st))
			}
			resp[strconv.Itoa(st)] = obj{"$ref": "#/components/responses/" + name}
		}
		op["responses"] = resp
		item, _ := paths[rt.path].(obj)
		if item == nil {
			item = obj{}
			paths[rt.path] = item
		}
		item[strings.ToLower(rt.method)] = op
	}
	state := "off on this server (DALIL_ADMIN_TOKEN is unset): every /admin/v1 path answers 404 saying how to turn it on"
	if s.cfg.AdminToken != "" {
		state = "on on this server"
	}
	return obj{
		"openapi": "3.1.0",
		"info": obj{
			"title":   Name + " admin API",
			"version": Version,
			"description": "The operator's account operations over HTTP: the same operations, with the same JSON, as the dalil CLI " +
				"(dalil accounts|credits|keys|plan|ledger|usage, dalil mpp close-channel, dalil voice do-not-call; docs/admin.md has a curl for each route). " +
				"Every route needs Authorization: Bearer <DALIL_ADMIN_TOKEN>; the admin API exists only when that variable is set, and `dalil serve` refuses a token shorter than " +
				strconv.Itoa(MinAdminToken) + " characters (make one with openssl rand -hex 32). It is " + state + ". " +
				fmt.Sprintf("More than %d failed authentications from one client address in a minute are answered 429 with Retry-After. ", adminFailLimit) +
				"Answers use the success envelope {success, data, meta} and failures {success, error, meta}, as the public API does (/openapi.json). " +
				"Money is USD as JSON numbers; request amounts are a JSON number or a decimal string with at most 6 decimals.",
			"license": obj{"name": "Proprietary", "identifier": "LicenseRef-Dalil"},
		},
		"servers":  []any{obj{"url": "/", "description": "this server"}},
		"security": []any{obj{"AdminToken": []string{}}},
		"tags": []any{
			obj{"name": "Accounts", "description": "Create, list and show accounts; credits and plans."},
			obj{"name": "Keys", "description": "API key lifecycle; a secret is shown only when it is issued."},
			obj{"name": "Money", "description": "The ledger and what each tool cost."},
			obj{"name": "Payments", "description": "Pay-per-call rails: closing MPP payment channels."},
			obj{"name": "Datasets", "description": "The datasets an operator imports: what each holds, and importing a file (the same as dalil datasets)."},
			obj{"name": "Voice", "description": "The voice calls' do-not-call list: numbers an operator adds, checks and removes (a callee's opt-out is never removed)."},
		},
		"paths": paths,
		"components": obj{
			"schemas":   schemas,
			"responses": responses,
			"securitySchemes": obj{
				"AdminToken": obj{"type": "http", "scheme": "bearer",
					"description": "The value of DALIL_ADMIN_TOKEN (at least " + strconv.Itoa(MinAdminToken) + " characters)."},
			},
		},
	}
}

var pathParamRe = regexp.MustCompile(`\{([A-Za-z]+)\}`)

// pathParams lists the {names} in a route's path.
func pathParams(path string) []string {
	var out []string
	for _, m := range pathParamRe.FindAllStringSubmatch(path, -1) {
		out = append(out, m[1])
	}
	return out
}

// pathParamDescription describes a path parameter of the admin API's own
// routes (a module's route describes its own: Route.Params).
func pathParamDescription(name string) string {
	switch {
	case name == "keyId":
		return "the key id (key_...)"
	default:
		return "the account id (acct_...)"
	}
}

// adminTypeName names the component schema of a response type.
func adminTypeName(t reflect.Type) string {
	if t.Kind() == reflect.Slice {
		return adminTypeName(t.Elem()) + "List"
	}
	if n, ok := adminTypeNames[t.Name()]; ok {
		return n
	}
	return t.Name()
}

// adminTypeNames renames the Go types whose names say little out of context.
var adminTypeNames = map[string]string{
	"View": "Account", "Created": "CreatedAccount", "NewKey": "CreatedKey", "Usage": "AccountUsage",
}

// adminSchemaTypes are the JSON forms of types jsonschema-go cannot know:
// times (RFC 3339 strings) and amounts (a JSON number or a decimal string,
// as the handlers accept them through json.Number).
var adminSchemaTypes = map[reflect.Type]*jsonschema.Schema{
	reflect.TypeFor[time.Time]():      {Type: "string", Format: "date-time"},
	reflect.TypeFor[json.Number]():    {Types: []string{"number", "string"}, Minimum: jsonschema.Ptr(0.0), Pattern: `^[0-9]+(\.[0-9]{1,6})?$`},
	reflect.TypeFor[dalil.MicroUSD](): {Type: "integer"},
}

// adminSchema derives the JSON Schema of t. Lists are never null in these
// answers (ops builds them empty), so "null" is dropped from every array.
func adminSchema(t reflect.Type) *jsonschema.Schema {
	s, err := jsonschema.ForType(t, &jsonschema.ForOptions{TypeSchemas: adminSchemaTypes})
	if err != nil {
		panic(fmt.Sprintf("httpapi: schema of %s: %v", t, err))
	}
	var walk func(*jsonschema.Schema)
	walk = func(s *jsonschema.Schema) {
		if s == nil {
			return
		}
		if len(s.Types) == 2 && s.Types[0] == "null" && s.Types[1] == "array" {
			s.Type, s.Types = "array", nil
		}
		walk(s.Items)
		for name, p := range s.Properties {
			if values, ok := adminEnums[name]; ok && p.Type == "string" {
				p.Enum = values
			}
			walk(p)
		}
	}
	walk(s)
	return s
}

// adminEnums are the values of the string fields that have a closed set.
var adminEnums = func() map[string][]any {
	var plans []any
	for _, p := range dalil.Plans {
		plans = append(plans, p.ID)
	}
	return map[string][]any{
		"plan": plans, "previousPlan": plans,
		"period": {dalil.PeriodUnchanged, dalil.PeriodKept, dalil.PeriodRestarted},
	}
}()
