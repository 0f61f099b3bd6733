package main

// The compatibility audit: agents move to Dalil from the reference service
// (../shared/docs/reference-service.md), so for every capability the
// reference documents, Dalil must accept every input field it lists, answer
// its output field names and use its error codes, except where an issue
// decided otherwise (each such row says which).
//
// The rows are the reference's own lists, section by section. Each is
// checked through the real server as `dalil serve` builds it (buildServer
// over SQLite with the synthetic demo datasets a `--demo` deployment
// loads), on the reference's route with an API key:
//
//  1. inputs: a minimal valid body plus the one field is not refused (a
//     400 is a failure; 503 PROVIDER_NOT_CONFIGURED and other outcomes are
//     fine); a field Dalil accepts but does not use says so in its schema;
//  2. outputs: where Dalil answers without providers, the documented
//     output field names are in data;
//  3. errors: documented invalid inputs answer the documented status and
//     code.

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"dalil"
	"dalil/capability"
	"dalil/ops"
	"dalil/provider/telephony/twilio/twiliotest"
)

// compatCap is one capability of the reference.
type compatCap struct {
	id      string // Dalil's (and the reference's) capability name
	section string // reference section, e.g. "Part 2 §7"
	route   string // the reference's route
	base    string // a minimal valid body
	// items are minimal elements for arrays a field path goes through
	// ("invoice.lineItems" → `{"description":"x","total":1}`), used when
	// base has no such array.
	items map[string]string
	// status is what base itself must answer (0: any 2xx); baseAlso is
	// an error code that also passes (a refusal that comes after every
	// input check, such as the voice calls' daily caps).
	status   int
	baseAlso string
	fields   []compatField
	// outputBody (default base) is the body whose answer is checked for
	// outputs.
	outputBody string
	outputs    []string
	// schemaOutputs are documented output fields checked in the published
	// output schema, for capabilities that answer only with a provider.
	schemaOutputs []string
	// outputEnums are documented output values: the published output
	// schema's enum at the path must hold every one.
	outputEnums map[string][]string
	errors      []compatError
	// previewSignals are preview fields the reference documents for this
	// capability's preview (Part 2 §8 and the capability's section).
	previewSignals []string
}

// compatField is one input field the reference lists.
type compatField struct {
	path  string // reference path: a.b, a[].b
	value string // JSON value
	note  string // why this value (a bound, an alias, a synonym)
	// body, when set, replaces base for this row (a field that needs
	// another minimal body, such as documentUrl instead of text).
	body string
	// unused: Dalil accepts the field but does not use it; its schema
	// description must say it is accepted.
	unused bool
	// decided: an issue decided Dalil answers otherwise; the row records
	// the deliberate difference and expects the given status and code.
	decided     string
	decidedCode string
}

// compatError is a documented invalid input and its answer.
type compatError struct {
	name   string
	body   string // raw body (may be malformed)
	status int
	code   string
	// decided: the issue or contract section that decided Dalil answers
	// otherwise than the reference (status/code are Dalil's).
	decided string
}

type compatServer struct {
	url string
	key string
	reg *capability.Registry
}

func newCompatServer(t *testing.T) *compatServer {
	t.Helper()
	ctx := context.Background()
	db := filepath.Join(t.TempDir(), "compat.db")
	// Telephony against the Twilio fake, so the voice capabilities decide
	// their own refusals (without a provider every call is 503); the job
	// workers are never started here, so nothing is ever dialled.
	twilio := twiliotest.New(t, twiliotest.AccountSID, twiliotest.AuthToken)
	env := map[string]string{
		// Hundreds of calls from one account and one address: lift the
		// per-minute limits, which are not under audit here.
		"DALIL_RATE_LIMITS": "free=100000,developer=100000,growth=100000,enterprise=100000,payg=100000,preview=100000",
		envTwilioAccountSID: twiliotest.AccountSID,
		envTwilioAuthToken:  twiliotest.AuthToken,
		envTwilioFrom:       twiliotest.From,
		"DALIL_TWILIO_URL":  twilio.BaseURL(),
		// Twilio voice converses over a language model: configured, never
		// reached (the audit places no conversation).
		"DALIL_ANTHROPIC_API_KEY": "sk-ant-unused", "DALIL_ANTHROPIC_URL": "http://127.0.0.1:9",
		"DALIL_BASE_URL":  "https://dalil.example",
		envVoiceCountries: "OM,GB",
		envVoiceHours:     "0-24",
	}
	cfg, _, err := loadConfig(newFlagSet("serve", io.Discard), []string{"--db", db}, envOf(env))
	if err != nil {
		t.Fatal(err)
	}
	// A document URL resolves to a public address and the dial fails:
	// nothing here reaches the network.
	cfg.Fetch.Resolver = compatResolver{}
	cfg.Fetch.DialContext = func(context.Context, string, string) (net.Conn, error) {
		return nil, fmt.Errorf("compat test: no network")
	}
	svc, err := buildServer(ctx, cfg, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { svc.Close() })
	// The synthetic demo datasets of `serve --demo`.
	for _, name := range []string{"comparables", "listings", "companies"} {
		if err := seedServiceDemo(ctx, svc, name); err != nil {
			t.Fatal(err)
		}
	}
	acct, err := ops.CreateAccount(ctx, svc.store, "compat", "free", 10000*dalil.USD)
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(svc.api)
	t.Cleanup(ts.Close)
	return &compatServer{url: ts.URL, key: acct.APIKey, reg: svc.reg}
}

type compatResolver struct{}

func (compatResolver) LookupIPAddr(context.Context, string) ([]net.IPAddr, error) {
	return []net.IPAddr{{IP: net.ParseIP("93.184.216.34")}}, nil
}

type compatAnswer struct {
	status int
	raw    string
	body   map[string]any
}

func (a compatAnswer) data() map[string]any { m, _ := a.body["data"].(map[string]any); return m }

func (a compatAnswer) code() string {
	e, _ := a.body["error"].(map[string]any)
	s, _ := e["code"].(string)
	return s
}

func (a compatAnswer) String() string {
	s := a.raw
	if len(s) > 600 {
		s = s[:600] + "..."
	}
	return fmt.Sprintf("%d %s", a.status, s)
}

func (s *compatServer) post(t *testing.T, route, body string) compatAnswer {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, s.url+route, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+s.key)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	a := compatAnswer{status: resp.StatusCode, raw: string(raw)}
	_ = json.Unmarshal(raw, &a.body)
	return a
}

// gap reports a compatibility gap of capability c: a failure.
func (s *compatServer) gap(t *testing.T, c compatCap, format string, args ...any) {
	t.Helper()
	t.Errorf(format, args...)
}

func TestCompatReference(t *testing.T) {
	s := newCompatServer(t)
	for _, c := range compatCaps() {
		t.Run(c.id, func(t *testing.T) { s.checkCap(t, c) })
	}
	t.Run("previews", func(t *testing.T) { s.checkPreviews(t) })
}

func (s *compatServer) checkCap(t *testing.T, c compatCap) {
	e, ok := s.reg.Lookup(c.id)
	if !ok || !e.Callable() {
		s.gap(t, c, "%s (%s) is not a callable capability", c.id, c.section)
		return
	}
	if e.Path != c.route {
		s.gap(t, c, "%s: route %s, the reference's is %s (%s)", c.id, e.Path, c.route, c.section)
	}
	var schema map[string]any
	if err := json.Unmarshal(e.InputJSON, &schema); err != nil {
		t.Fatal(err)
	}
	base := s.post(t, c.route, c.base)
	if ((c.status == 0 && (base.status < 200 || base.status > 299)) || (c.status != 0 && base.status != c.status)) && (c.baseAlso == "" || base.code() != c.baseAlso) {
		s.gap(t, c, "%s: the minimal body %s answered %v, want %d", c.id, c.base, base, c.status)
	}
	// 1. Every documented input field.
	for _, f := range c.fields {
		name := f.path
		if f.note != "" {
			name += " (" + f.note + ")"
		}
		t.Run("input "+name, func(t *testing.T) {
			body := c.base
			if f.body != "" {
				body = f.body
			}
			full, err := compatWith(body, f.path, f.value, c.items)
			if err != nil {
				t.Fatalf("row %s: %v", f.path, err)
			}
			prop := compatSchemaAt(schema, f.path)
			if prop == nil {
				s.gap(t, c, "%s: %s (%s) is not in the input schema", c.id, f.path, c.section)
			} else if desc, _ := prop["description"].(string); f.unused && !compatSaysUnused.MatchString(desc) {
				s.gap(t, c, "%s: %s is accepted but unused, and its schema description does not say so: %q", c.id, f.path, desc)
			}
			a := s.post(t, c.route, full)
			if f.decided != "" {
				if a.code() != f.decidedCode {
					s.gap(t, c, "%s: %s=%s: want %s as decided by %s, got %v", c.id, f.path, compatShort(f.value), f.decidedCode, f.decided, a)
				}
				return
			}
			if a.status == http.StatusBadRequest || a.status == http.StatusUnprocessableEntity || a.status == http.StatusRequestEntityTooLarge {
				s.gap(t, c, "%s: %s=%s (%s) refused: %v", c.id, f.path, compatShort(f.value), c.section, a)
			}
		})
	}
	// 2. Documented output field names.
	if len(c.outputs) > 0 {
		t.Run("outputs", func(t *testing.T) {
			body := c.base
			if c.outputBody != "" {
				body = c.outputBody
			}
			a := s.post(t, c.route, body)
			if a.status != http.StatusOK && a.status != http.StatusAccepted {
				s.gap(t, c, "%s: output body answered %v", c.id, a)
				return
			}
			for _, p := range c.outputs {
				if why := compatHas(a.data(), p); why != "" {
					s.gap(t, c, "%s: output %s (%s): %s", c.id, p, c.section, why)
				}
			}
		})
	}
	if len(c.schemaOutputs) > 0 || len(c.outputEnums) > 0 {
		t.Run("output schema", func(t *testing.T) {
			var out map[string]any
			if err := json.Unmarshal(e.OutputJSON, &out); err != nil {
				t.Fatal(err)
			}
			for _, p := range c.schemaOutputs {
				if compatSchemaAt(out, p) == nil {
					s.gap(t, c, "%s: output %s (%s) is not in the output schema", c.id, p, c.section)
				}
			}
			paths := make([]string, 0, len(c.outputEnums))
			for p := range c.outputEnums {
				paths = append(paths, p)
			}
			sort.Strings(paths)
			for _, p := range paths {
				prop := compatSchemaAt(out, p)
				if prop == nil {
					s.gap(t, c, "%s: output %s (%s) is not in the output schema", c.id, p, c.section)
					continue
				}
				enum := compatEnum(prop, out)
				var missing []string
				for _, v := range c.outputEnums[p] {
					if !slices.Contains(enum, v) {
						missing = append(missing, v)
					}
				}
				if len(missing) > 0 {
					s.gap(t, c, "%s: output %s (%s): the schema's values %v lack the reference's %v", c.id, p, c.section, enum, missing)
				}
			}
		})
	}
	// 3. Documented error codes.
	for _, er := range c.errors {
		t.Run("error "+er.name, func(t *testing.T) {
			a := s.post(t, c.route, er.body)
			if a.status != er.status || a.code() != er.code {
				want := fmt.Sprintf("%d %s", er.status, er.code)
				if er.decided != "" {
					want += " (decided by " + er.decided + ")"
				}
				s.gap(t, c, "%s: %s: want %s (%s), got %v", c.id, er.name, want, c.section, a)
			}
		})
	}
}

// compatSaysUnused is how a schema description says a field is accepted
// but not used ("Accepted for your records; not used by the
// checks", "recorded, not priced").
var compatSaysUnused = regexp.MustCompile(`(?i)\b(not used|unused|not priced|ignored)\b`)

// compatWith returns body with the value at the reference path p (a.b,
// a[].b): objects on the way are created, and an array on the way gets
// the minimal element items gives for it unless it has one.
func compatWith(body, p, value string, items map[string]string) (string, error) {
	var tree any
	if err := json.Unmarshal([]byte(body), &tree); err != nil {
		return "", fmt.Errorf("body: %w", err)
	}
	var v any
	if err := json.Unmarshal([]byte(value), &v); err != nil {
		return "", fmt.Errorf("value %s: %w", value, err)
	}
	segs := strings.Split(p, ".")
	cur := tree
	for i, seg := range segs {
		m, ok := cur.(map[string]any)
		if !ok {
			return "", fmt.Errorf("%s: not an object at %q", p, seg)
		}
		if i == len(segs)-1 {
			m[seg] = v
			break
		}
		key, isArray := strings.CutSuffix(seg, "[]")
		if !isArray {
			if _, ok := m[key].(map[string]any); !ok {
				m[key] = map[string]any{}
			}
			cur = m[key]
			continue
		}
		arr, _ := m[key].([]any)
		if len(arr) == 0 {
			itemKey := strings.Join(append(slices.Clone(segs[:i]), key), ".")
			var el any = map[string]any{}
			if it, ok := items[itemKey]; ok {
				if err := json.Unmarshal([]byte(it), &el); err != nil {
					return "", fmt.Errorf("item %s: %w", itemKey, err)
				}
			}
			arr = []any{el}
			m[key] = arr
		}
		cur = arr[0]
	}
	out, err := json.Marshal(tree)
	return string(out), err
}

// compatSchemaAt returns the schema of the property at the reference path
// p in an input schema, or nil.
func compatSchemaAt(schema map[string]any, p string) map[string]any {
	defs, _ := schema["$defs"].(map[string]any)
	cur := schema
	for _, seg := range strings.Split(p, ".") {
		key, isArray := strings.CutSuffix(seg, "[]")
		prop := compatProperty(cur, key, defs)
		if prop == nil {
			return nil
		}
		cur = prop
		if isArray {
			cur = compatItems(cur, defs)
			if cur == nil {
				return nil
			}
		}
	}
	return cur
}

func compatDeref(s map[string]any, defs map[string]any) map[string]any {
	for range 8 {
		ref, ok := s["$ref"].(string)
		if !ok {
			return s
		}
		d, _ := defs[strings.TrimPrefix(ref, "#/$defs/")].(map[string]any)
		if d == nil {
			return s
		}
		s = d
	}
	return s
}

// compatAlternatives lists s and its anyOf/oneOf/allOf branches.
func compatAlternatives(s map[string]any, defs map[string]any) []map[string]any {
	s = compatDeref(s, defs)
	out := []map[string]any{s}
	for _, k := range []string{"anyOf", "oneOf", "allOf"} {
		list, _ := s[k].([]any)
		for _, x := range list {
			if m, ok := x.(map[string]any); ok {
				out = append(out, compatAlternatives(m, defs)...)
			}
		}
	}
	return out
}

func compatProperty(s map[string]any, key string, defs map[string]any) map[string]any {
	for _, alt := range compatAlternatives(s, defs) {
		props, _ := alt["properties"].(map[string]any)
		if p, ok := props[key].(map[string]any); ok {
			// The description may sit beside a $ref: keep it.
			d := compatDeref(p, defs)
			if desc, ok := p["description"]; ok && d["description"] == nil {
				d = maps(d)
				d["description"] = desc
			}
			return d
		}
	}
	return nil
}

func maps(m map[string]any) map[string]any {
	out := make(map[string]any, len(m)+1)
	for k, v := range m {
		out[k] = v
	}
	return out
}

// compatEnum lists the string values an output schema allows at prop
// (every alternative's enum); none when it declares no enum.
func compatEnum(prop, root map[string]any) []string {
	defs, _ := root["$defs"].(map[string]any)
	var out []string
	for _, alt := range compatAlternatives(prop, defs) {
		list, _ := alt["enum"].([]any)
		for _, v := range list {
			if s, ok := v.(string); ok {
				out = append(out, s)
			}
		}
	}
	return out
}

func compatItems(s map[string]any, defs map[string]any) map[string]any {
	for _, alt := range compatAlternatives(s, defs) {
		if it, ok := alt["items"].(map[string]any); ok {
			return compatDeref(it, defs)
		}
	}
	return nil
}

// compatHas reports why the output path p (a.b, a[].b) is not in data, or
// "" when it is. Through an array every element is checked; an empty
// array or a null object on the way is a failure (the row's body must be
// one that fills them).
func compatHas(data map[string]any, p string) string {
	var walk func(v any, segs []string, at string) string
	walk = func(v any, segs []string, at string) string {
		if len(segs) == 0 {
			return ""
		}
		m, ok := v.(map[string]any)
		if !ok {
			return fmt.Sprintf("%s is %s, not an object", at, compatKind(v))
		}
		key, isArray := strings.CutSuffix(segs[0], "[]")
		next, ok := m[key]
		here := strings.TrimPrefix(at+"."+key, ".")
		if !ok {
			keys := make([]string, 0, len(m))
			for k := range m {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			return fmt.Sprintf("%s missing (there: %s)", here, strings.Join(keys, ", "))
		}
		if !isArray {
			if len(segs) > 1 && next == nil {
				return here + " is null: cannot check " + strings.Join(segs[1:], ".")
			}
			return walk(next, segs[1:], here)
		}
		arr, ok := next.([]any)
		if !ok {
			return fmt.Sprintf("%s is %s, not an array", here, compatKind(next))
		}
		if len(segs) == 1 {
			return ""
		}
		if len(arr) == 0 {
			return here + " is empty: cannot check " + strings.Join(segs[1:], ".")
		}
		for i, el := range arr {
			if why := walk(el, segs[1:], here+"["+strconv.Itoa(i)+"]"); why != "" {
				return why
			}
		}
		return ""
	}
	return walk(data, strings.Split(p, "."), "")
}

// compatShort is a value as a message shows it: long ones cut.
func compatShort(v string) string {
	if len(v) > 80 {
		return fmt.Sprintf("%s... (%d bytes)", v[:60], len(v))
	}
	return v
}

func compatKind(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case map[string]any:
		return "an object"
	case []any:
		return "an array"
	case string:
		return "a string"
	case float64:
		return "a number"
	case bool:
		return "a boolean"
	}
	return fmt.Sprintf("%T", v)
}

// checkPreviews is Part 2 §8: the free preview of each capability the
// reference previews, in its shape, never with the paid fields.
func (s *compatServer) checkPreviews(t *testing.T) {
	// The preview route and its envelope are httpapi's (the lead's);
	// each capability's report and signals are its own.
	c := compatCap{id: "preview", section: "Part 2 §8"}
	own := func(cc compatCap) compatCap {
		return compatCap{id: "preview " + cc.id, section: cc.section}
	}
	previewable := map[string]bool{}
	for _, cc := range compatCaps() {
		if cc.previewable() {
			previewable[cc.id] = true
		}
	}
	for _, cc := range compatCaps() {
		if !previewable[cc.id] {
			continue
		}
		t.Run(cc.id, func(t *testing.T) {
			a := s.post(t, "/api/v1/preview/"+cc.id, cc.base)
			if a.status != http.StatusOK {
				s.gap(t, c, "preview %s: %v", cc.id, a)
				return
			}
			d := a.data()
			for _, p := range []string{"capability", "status", "inputRecognized", "preview", "fullResult.capability", "fullResult.price.amount",
				"fullResult.price.currency", "fullResult.nextAction.type", "fullResult.nextAction.protocol", "fullResult.nextAction.method",
				"fullResult.nextAction.url", "fullResult.nextAction.retrySameBody", "fullResult.endpoint"} {
				if why := compatHas(d, p); why != "" {
					s.gap(t, c, "preview %s: %s: %s", cc.id, p, why)
				}
			}
			st, _ := d["status"].(string)
			if !slices.Contains([]string{"available", "limited", "unavailable"}, st) {
				s.gap(t, c, "preview %s: status %q", cc.id, st)
			}
			if st != "unavailable" {
				for _, p := range []string{"leakageClass", "preview.coverageScore", "preview.dataCoverage", "preview.availableSections", "preview.signals"} {
					if why := compatHas(d, p); why != "" {
						s.gap(t, c, "preview %s: %s: %s", cc.id, p, why)
					}
				}
			}
			for _, p := range cc.previewSignals {
				if why := compatHas(d, p); why != "" {
					s.gap(t, own(cc), "preview %s: %s (%s): %s", cc.id, p, cc.section, why)
				}
			}
			for _, paid := range []string{"riskScore", "decision", "anomalies", "estimatedValue", "market", "reputationScore"} {
				if strings.Contains(a.raw, `"`+paid+`":`) {
					s.gap(t, c, "preview %s: the paid field %s is in the preview", cc.id, paid)
				}
			}
			if bad := s.post(t, "/api/v1/preview/"+cc.id, `{"unknownField":1}`); bad.status != http.StatusBadRequest || bad.code() != "INVALID_INPUT" {
				s.gap(t, c, "preview %s: bad input answered %v, want 400 INVALID_INPUT", cc.id, bad)
			}
		})
	}
	t.Run("unknown capability", func(t *testing.T) {
		if a := s.post(t, "/api/v1/preview/no_such_capability", `{}`); a.status != http.StatusNotFound || a.code() != "CAPABILITY_NOT_FOUND" {
			s.gap(t, c, "unknown capability: %v, want 404 CAPABILITY_NOT_FOUND", a)
		}
	})
	t.Run("body-less", func(t *testing.T) {
		// "body-less allowed": a POST without a body (and so without a
		// content type) is answered, not refused as a media type.
		req, err := http.NewRequest(http.MethodPost, s.url+"/api/v1/preview/oman_supplier_check", nil)
		if err != nil {
			t.Fatal(err)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		raw, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK || !strings.Contains(string(raw), `"status":"invalid_input"`) {
			s.gap(t, c, "a body-less preview request: %d %s, the reference allows it (want 200, status invalid_input)", resp.StatusCode, raw)
		}
	})
	t.Run("no preview", func(t *testing.T) {
		a := s.post(t, "/api/v1/preview/analyze_property", `{"propertyValue":85000,"annualRent":7200}`)
		if a.status != http.StatusOK || a.data()["status"] != "unavailable" {
			s.gap(t, c, "a capability without a preview: %v, want 200 status unavailable", a)
		}
	})
}

// previewable: the reference previews these (Part 2 §8).
func (c compatCap) previewable() bool {
	switch c.id {
	case "analyze_oman_property", "oman_supplier_check", "company_reputation_check", "business_risk_score", "research_company",
		"document_facts_extract", "invoice_anomaly_check", "vehicle_value_estimate":
		return true
	}
	return false
}

// compatLEI returns prefix (18 characters) with its ISO 17442 check digits.
func compatLEI(prefix string) string {
	var digits strings.Builder
	for _, r := range prefix + "00" {
		if r >= 'A' && r <= 'Z' {
			digits.WriteString(strconv.Itoa(int(r-'A') + 10))
		} else {
			digits.WriteRune(r)
		}
	}
	rem := 0
	for _, d := range digits.String() {
		rem = (rem*10 + int(d-'0')) % 97
	}
	return fmt.Sprintf("%s%02d", prefix, 98-rem)
}

// compatInvoiceFields are the invoice fields of Part 2 §4, also those of
// each historical invoice ("the same fields as the invoice").
var compatInvoiceFields = []compatField{
	{path: "invoiceId", value: `"inv_7731"`},
	{path: "invoiceNumber", value: `"INV-2026-0042"`},
	{path: "supplierName", value: `"Al Noor Trading LLC"`},
	{path: "supplierId", value: `"SUP-001"`},
	{path: "invoiceDate", value: `"2026-03-10"`},
	{path: "invoiceDate", value: `"2026-03-10T09:30:00+04:00"`, note: "date-time read as its UTC date"},
	{path: "dueDate", value: `"2026-04-09"`},
	{path: "currency", value: `"OMR"`},
	{path: "currency", value: `" usd "`, note: "trimmed and upper-cased"},
	{path: "subtotal", value: `1100`},
	{path: "subtotal", value: `"1100.500"`, note: "plain decimal string"},
	{path: "discount", value: `0`},
	{path: "shipping", value: `12.5`},
	{path: "tax", value: `55`},
	{path: "taxRate", value: `5`},
	{path: "taxRate", value: `100`, note: "upper bound"},
	{path: "bankAccount", value: `"OM880180000001234567890"`},
	{path: "paymentTermsDays", value: `30`},
	{path: "paymentTermsDays", value: `3650`, note: "upper bound"},
	{path: "poNumber", value: `"PO-2026-118"`},
	{path: "contractId", value: `"CTR-2025-07"`, unused: true},
	{path: "lineItems[].description", value: `"Cement bags 50kg"`},
	{path: "lineItems[].sku", value: `"CEM-50"`},
	{path: "lineItems[].quantity", value: `400`},
	{path: "lineItems[].unitPrice", value: `2.75`},
	{path: "lineItems[].discount", value: `0`},
	{path: "lineItems[].taxRate", value: `5`},
	{path: "lineItems[].total", value: `1100`},
}

func compatInvoiceRows() []compatField {
	var rows []compatField
	for _, f := range compatInvoiceFields {
		f.path = "invoice." + f.path
		rows = append(rows, f)
	}
	// On history records Dalil reads what its checks need; the rest is
	// accepted and says so.
	historyUnused := map[string]bool{"subtotal": true, "discount": true, "shipping": true, "tax": true, "taxRate": true, "contractId": true,
		"lineItems[].discount": true, "lineItems[].taxRate": true}
	for _, f := range compatInvoiceFields {
		f.unused = f.unused || historyUnused[f.path]
		f.path = "historicalInvoices[]." + f.path
		rows = append(rows, f)
	}
	for _, st := range []string{"paid", "approved", "pending", "disputed", "rejected", "cancelled", "void", "unknown"} {
		rows = append(rows, compatField{path: "historicalInvoices[].status", value: strconv.Quote(st)})
	}
	rows = append(rows,
		compatField{path: "supplierProfile.supplierId", value: `"SUP-001"`},
		compatField{path: "supplierProfile.supplierName", value: `"Al Noor Trading LLC"`},
		compatField{path: "supplierProfile.aliases", value: `["Al Noor Trading","Alnoor Trading L.L.C."]`},
		compatField{path: "supplierProfile.bankAccounts", value: `["OM880180000001234567890"]`, note: "strings"},
		compatField{path: "supplierProfile.bankAccounts", value: `[{"account":"OM880180000001234567890","verified":true,"addedDate":"2025-01-05"}]`, note: "objects"},
		compatField{path: "supplierProfile.currencies", value: `["OMR","USD"]`},
		compatField{path: "supplierProfile.paymentTermsDays", value: `30`},
		compatField{path: "supplierProfile.createdDate", value: `"2024-06-01"`},
		compatField{path: "supplierProfile.country", value: `"OM"`, unused: true},
	)
	for _, st := range []string{"active", "inactive", "blocked", "suspended", "pending_verification"} {
		rows = append(rows, compatField{path: "supplierProfile.status", value: strconv.Quote(st)})
	}
	rows = append(rows,
		compatField{path: "purchaseOrder.poNumber", value: `"PO-2026-118"`},
		compatField{path: "purchaseOrder.supplierId", value: `"SUP-001"`},
		compatField{path: "purchaseOrder.supplierName", value: `"Al Noor Trading LLC"`},
		compatField{path: "purchaseOrder.currency", value: `"OMR"`},
		compatField{path: "purchaseOrder.totalAmount", value: `5000`},
		compatField{path: "purchaseOrder.invoicedToDate", value: `1000`},
		compatField{path: "purchaseOrder.remainingAmount", value: `4000`},
		compatField{path: "purchaseOrder.amountsIncludeTax", value: `false`},
		compatField{path: "purchaseOrder.issueDate", value: `"2026-02-01"`},
		compatField{path: "purchaseOrder.lineItems", value: `[{"description":"Cement bags 50kg","quantity":400,"unitPrice":2.75}]`},
	)
	for _, st := range []string{"open", "partially_invoiced", "closed", "cancelled"} {
		rows = append(rows, compatField{path: "purchaseOrder.status", value: strconv.Quote(st)})
	}
	rows = append(rows,
		compatField{path: "contract.contractId", value: `"CTR-2025-07"`},
		compatField{path: "contract.supplierId", value: `"SUP-001"`},
		compatField{path: "contract.supplierName", value: `"Al Noor Trading LLC"`},
		compatField{path: "contract.currency", value: `"OMR"`},
		compatField{path: "contract.maxAmount", value: `50000`},
		compatField{path: "contract.maxInvoiceAmount", value: `10000`},
		compatField{path: "contract.invoicedToDate", value: `12000`},
		compatField{path: "contract.startDate", value: `"2025-07-01"`},
		compatField{path: "contract.endDate", value: `"2027-06-30"`},
		compatField{path: "contract.paymentTermsDays", value: `45`},
		compatField{path: "approvalContext.approvalThreshold", value: `5000`},
		compatField{path: "approvalContext.currency", value: `"OMR"`},
		compatField{path: "approvalContext.splitWindowDays", value: `7`},
		compatField{path: "approvalContext.splitWindowDays", value: `90`, note: "upper bound"},
		compatField{path: "paymentHistory", value: `[{"invoiceNumber":"INV-2026-0031","supplierId":"SUP-001","paymentDate":"2026-02-10","amount":990,"currency":"OMR","bankAccount":"OM880180000001234567890"}]`},
		compatField{path: "options.asOfDate", value: `"2026-03-15"`},
		compatField{path: "options.roundingTolerance", value: `0.01`},
		compatField{path: "options.duplicateWindowDays", value: `365`, note: "upper bound"},
		compatField{path: "options.minHistoryForPatterns", value: `2`, note: "lower bound"},
		compatField{path: "options.minHistoryForPatterns", value: `50`, note: "upper bound"},
	)
	// An empty context block or list is "not supplied".
	for _, empty := range []struct{ path, value string }{{"historicalInvoices", `[]`}, {"supplierProfile", `{}`}, {"purchaseOrder", `{}`},
		{"contract", `{}`}, {"approvalContext", `{}`}, {"paymentHistory", `[]`}, {"options", `{}`}} {
		rows = append(rows, compatField{path: empty.path, value: empty.value, note: "empty: not supplied"})
	}
	// The reference's bounds: 500 lines, 1,000 history invoices of up to
	// 200 lines, 1,000 payments, within its 1 MB body.
	line := `{"description":"Item","quantity":1,"unitPrice":2,"total":2}`
	lines := "[" + strings.TrimSuffix(strings.Repeat(line+",", 500), ",") + "]"
	var hist, pays []string
	for i := range 1000 {
		hist = append(hist, fmt.Sprintf(`{"invoiceNumber":"H-%d","supplierId":"SUP-%d","invoiceDate":"2025-%02d-%02d","currency":"OMR","total":%d,"status":"paid"}`, i, i%40, 1+i%12, 1+i%28, 100+i))
		pays = append(pays, fmt.Sprintf(`{"invoiceNumber":"H-%d","supplierId":"SUP-%d","paymentDate":"2025-%02d-%02d","amount":%d}`, i, i%40, 1+i%12, 1+i%28, 100+i))
	}
	hist[0] = `{"invoiceNumber":"H-0","supplierId":"SUP-0","total":100,"lineItems":[` + strings.TrimSuffix(strings.Repeat(line+",", 200), ",") + `]}`
	rows = append(rows,
		compatField{path: "invoice.lineItems", value: lines, note: "500 lines"},
		compatField{path: "historicalInvoices", value: "[" + strings.Join(hist, ",") + "]", note: "1,000 invoices, one of 200 lines"},
		compatField{path: "paymentHistory", value: "[" + strings.Join(pays, ",") + "]", note: "1,000 payments"},
	)
	return rows
}

// compatOmanAreas are the reference's area and governorate spellings
// (Part 2 §1, location normalization).
func compatOmanLocationRows() []compatField {
	var rows []compatField
	for _, g := range []string{"muscat", "Muscat Governorate", "مسقط", "محافظة مسقط"} {
		rows = append(rows, compatField{path: "governorate", value: strconv.Quote(g), note: "alias"})
	}
	for _, w := range []string{"Muscat", "Muttrah", "Bawshar", "bausher", "Seeb", "a'seeb", "Al Amerat", "Qurayyat", "quriyat"} {
		rows = append(rows, compatField{path: "wilayat", value: strconv.Quote(w), note: "alias"})
	}
	for _, a := range []string{"Al Mouj", "the wave", "الموج", "Muscat Hills", "Qurum", "qurm", "القرم", "Bausher", "Azaiba", "العذيبة",
		"Al Khuwair", "الخوير", "Madinat Al Irfan", "العرفان", "Ghubrah", "الغبرة"} {
		rows = append(rows, compatField{path: "area", value: strconv.Quote(a), note: "alias"})
	}
	return rows
}

func compatCaps() []compatCap {
	lei := compatLEI("5493001KJTIIGC8Y1R")
	return []compatCap{
		{
			id: "analyze_property", section: "Part 1 §1.1, §2", route: "/api/v1/property/analyze",
			base: `{"propertyValue":85000,"annualRent":7200}`,
			fields: []compatField{
				{path: "propertyValue", value: `0.01`, note: "lower bound"},
				{path: "propertyValue", value: `1e12`, note: "upper bound"},
				{path: "annualRent", value: `0`},
				{path: "serviceCharge", value: `650`},
				{path: "maintenanceCost", value: `400`},
				{path: "maintenance", value: `400`, note: "alias of maintenanceCost"},
				{path: "vacancyRatePct", value: `100`, note: "upper bound"},
				{path: "otherAnnualCosts", value: `1000`},
			},
			outputBody: `{"propertyValue":85000,"annualRent":7200,"serviceCharge":650,"maintenanceCost":400}`,
			outputs: []string{"propertyValue", "annualRent", "grossAnnualIncome", "effectiveAnnualRent", "annualOperatingCost",
				"annualOperatingCosts", "annualNetIncome", "grossYield", "grossYieldPct", "netYield", "netYieldPct", "paybackYears", "currency", "note"},
			errors: []compatError{
				{name: "unknown field", body: `{"propertyValue":85000,"annualRent":7200,"price":1}`, status: 400, code: "INVALID_INPUT"},
				{name: "maintenance and maintenanceCost", body: `{"propertyValue":85000,"annualRent":7200,"maintenance":1,"maintenanceCost":1}`, status: 400, code: "INVALID_INPUT"},
				{name: "a number as a string", body: `{"propertyValue":"85000","annualRent":7200}`, status: 400, code: "INVALID_INPUT"},
				{name: "null optional", body: `{"propertyValue":85000,"annualRent":7200,"serviceCharge":null}`, status: 400, code: "INVALID_INPUT"},
				{name: "propertyValue below 0.01", body: `{"propertyValue":0,"annualRent":7200}`, status: 400, code: "INVALID_INPUT"},
				{name: "1e400", body: `{"propertyValue":1e400,"annualRent":7200}`, status: 400, code: "INVALID_INPUT"},
				{name: "top-level array", body: `[]`, status: 400, code: "INVALID_INPUT"},
				{name: "malformed JSON", body: `{"propertyValue":`, status: 400, code: "INVALID_INPUT", decided: "contract (Part 1 §8: INVALID_INPUT, not INVALID_JSON)"},
			},
		},
		{
			id: "compare_properties", section: "Part 1 §1.2, §2", route: "/api/v1/property/compare",
			base: `{"properties":[{"name":"A","propertyValue":85000,"annualRent":7200},{"name":"B","propertyValue":100000,"annualRent":7000}]}`,
			fields: []compatField{
				{path: "properties[].name", value: `" Villa A "`, note: "trimmed"},
				{path: "properties[].propertyValue", value: `90000`},
				{path: "properties[].annualRent", value: `7300`},
				{path: "properties[].serviceCharge", value: `650`},
				{path: "properties[].maintenanceCost", value: `400`},
				{path: "properties[].maintenance", value: `400`},
				{path: "properties[].vacancyRatePct", value: `5`},
				{path: "properties[].otherAnnualCosts", value: `100`},
				{path: "properties[].name", value: strconv.Quote(strings.Repeat("n", 120)), note: "120 characters"},
				{path: "properties", value: compatTwentyProperties(), note: "20 items"},
			},
			outputs: []string{"properties[].name", "properties[].grossYield", "properties[].netYield", "properties[].annualNetIncome",
				"properties[].paybackYears", "properties[].grossYieldPct", "properties[].netYieldPct", "sortedByNetYield"},
			errors: []compatError{
				{name: "one property", body: `{"properties":[{"name":"A","propertyValue":85000,"annualRent":7200}]}`, status: 400, code: "INVALID_INPUT"},
				{name: "duplicate names after trimming", body: `{"properties":[{"name":" A ","propertyValue":85000,"annualRent":7200},{"name":"A","propertyValue":1,"annualRent":1}]}`, status: 400, code: "INVALID_INPUT"},
				{name: "unknown field in an item", body: `{"properties":[{"name":"A","propertyValue":85000,"annualRent":7200,"x":1},{"name":"B","propertyValue":1,"annualRent":1}]}`, status: 400, code: "INVALID_INPUT"},
			},
		},
		{
			id: "estimate_maintenance", section: "Part 1 §1.3, §2", route: "/api/v1/maintenance/estimate",
			base: `{"propertyValue":100000}`,
			fields: []compatField{
				{path: "ageYears", value: `12.5`, note: "fractional"},
				{path: "ageYears", value: `200`, note: "upper bound"},
				{path: "units", value: `10000`, note: "upper bound"},
				{path: "annualRent", value: `7200`, unused: true},
				{path: "assumptions.annualRatePct", value: `2`},
				{path: "assumptions.additionalUnitCost", value: `50`},
			},
			outputBody: `{"propertyValue":100000,"ageYears":12,"units":3}`,
			outputs: []string{"estimatedAnnualMaintenance", "monthlyReserve", "maintenancePercentage", "assumptionsUsed.ageYears",
				"assumptionsUsed.units", "assumptionsUsed.annualRatePct", "assumptionsUsed.additionalUnitCost", "methodology", "currency"},
			errors: []compatError{
				{name: "fractional units", body: `{"propertyValue":100000,"units":1.5}`, status: 400, code: "INVALID_INPUT"},
				{name: "unknown field in assumptions", body: `{"propertyValue":100000,"assumptions":{"rate":1}}`, status: 400, code: "INVALID_INPUT"},
				{name: "annualRatePct over 100", body: `{"propertyValue":100000,"assumptions":{"annualRatePct":101}}`, status: 400, code: "INVALID_INPUT"},
			},
		},
		{
			id: "analyze_oman_property", section: "Part 2 §1", route: "/api/v1/oman/property/analyze",
			base: `{"governorate":"Muscat","area":"Al Khuwair","propertyType":"apartment","sizeSqm":120,"askingPriceOMR":68000}`,
			fields: append([]compatField{
				{path: "wilayat", value: `"Bawshar"`},
				{path: "propertyType", value: `"villa"`},
				{path: "propertyType", value: `"townhouse"`},
				{path: "bedrooms", value: `2`},
				{path: "bedrooms", value: `20`, note: "upper bound"},
				{path: "bathrooms", value: `2`, unused: true},
				{path: "sizeSqm", value: `10`, note: "lower bound"},
				{path: "sizeSqm", value: `5000`, note: "upper bound"},
				{path: "askingPriceOMR", value: `1000`, note: "lower bound"},
				{path: "askingPriceOMR", value: `1e9`, note: "upper bound"},
				{path: "furnished", value: `"furnished"`},
				{path: "furnished", value: `"semi_furnished"`},
				{path: "furnished", value: `"unfurnished"`},
				{path: "optionalAnnualServiceChargeOMR", value: `600`},
				{path: "optionalAnnualMaintenanceOMR", value: `300`},
				{path: "area", value: `"Salalah"`, note: "outside Muscat", decided: "issue 14 (a 400 with a clear message, not charged)", decidedCode: "INVALID_INPUT"},
			}, compatOmanLocationRows()...),
			outputEnums: map[string][]string{
				// unmatched: an unknown area is a 400 (issue 14).
				"normalizedLocation.matchType": {"exact", "alias"},
				"subjectProperty.furnished":    {"furnished", "semi_furnished", "unfurnished", "unspecified"},
				"pricePosition.marketPosition": {"below_market", "at_market", "above_market", "insufficient_data"},
				"confidence.level":             {"insufficient", "low", "medium", "high"},
			},
			previewSignals: []string{"preview.signals.rentalComparablesFound", "preview.signals.saleComparablesFound", "preview.signals.locationSupported"},
			outputBody:     `{"governorate":"Muscat","wilayat":"Bawshar","area":"Al Khuwair","propertyType":"apartment","bedrooms":2,"bathrooms":2,"sizeSqm":120,"askingPriceOMR":68000,"furnished":"unfurnished","optionalAnnualServiceChargeOMR":600,"optionalAnnualMaintenanceOMR":300}`,
			outputs: []string{
				"normalizedLocation.governorate", "normalizedLocation.wilayat", "normalizedLocation.area", "normalizedLocation.inputArea",
				"normalizedLocation.matchType", "normalizedLocation.supported", "subjectProperty.furnished",
				"market.estimatedMonthlyRentOMR.low", "market.estimatedMonthlyRentOMR.median", "market.estimatedMonthlyRentOMR.high",
				"market.estimatedAnnualRentOMR", "market.comparableCount", "market.sampleSizeUsed", "market.dataFreshnessDays",
				"investment.grossYieldPct", "investment.estimatedOperatingCostOMR", "investment.estimatedNetIncomeOMR", "investment.netYieldPct",
				"pricePosition.askingPricePerSqmOMR", "pricePosition.observedComparableRange.low", "pricePosition.observedComparableRange.median",
				"pricePosition.observedComparableRange.high", "pricePosition.marketPosition",
				"comparablesSummary.medianRentPerSqm", "comparablesSummary.lowRentPerSqm", "comparablesSummary.highRentPerSqm",
				"riskFlags", "confidence.score", "confidence.level", "confidence.reasons",
				"provenance[].sourceType", "provenance[].sourceName", "provenance[].sourceDate", "provenance[].recordCount",
				"assumptions", "insufficientMarketData", "unavailableOutputs", "currency",
				"dataQuality.latestDataDate", "dataQuality.dataFreshnessDays", "dataQuality.sampleSize", "dataQuality.sourceTypes", "dataQuality.staleMarketData",
				"historicalSalesContext.available", "historicalSalesContext.recordsAvailable", "historicalSalesContext.recentComparableSales",
				"historicalSalesContext.medianHistoricalPricePerSqmOMR", "historicalSalesContext.recentMedianPricePerSqmOMR",
				"historicalSalesContext.oldestRecordDate", "historicalSalesContext.latestRecordDate", "historicalSalesContext.sourceTypes",
				"historicalSalesContext.priceSemantics", "historicalSalesContext.phaseBreakdown",
				"officialMarketContext.available",
			},
			errors: []compatError{
				{name: "empty object", body: `{}`, status: 400, code: "INVALID_INPUT"},
				{name: "missing askingPriceOMR", body: `{"governorate":"Muscat","area":"Al Khuwair","propertyType":"apartment","sizeSqm":120}`, status: 400, code: "INVALID_INPUT"},
				{name: "extra field", body: `{"governorate":"Muscat","area":"Al Khuwair","propertyType":"apartment","sizeSqm":120,"askingPriceOMR":68000,"askingRent":400}`, status: 400, code: "INVALID_INPUT"},
				{name: "propertyType boat", body: `{"governorate":"Muscat","area":"Al Khuwair","propertyType":"boat","sizeSqm":120,"askingPriceOMR":68000}`, status: 400, code: "INVALID_INPUT"},
				{name: "unsupported governorate", body: `{"governorate":"Dhofar","area":"Salalah","propertyType":"apartment","sizeSqm":120,"askingPriceOMR":68000}`, status: 400, code: "INVALID_INPUT", decided: "issue 14 (the reference answers 200 insufficientMarketData)"},
			},
		},
		{
			id: "search_oman_company", section: "Part 2 §2a", route: "/api/v1/business/search",
			base: `{"query":"Al Noor Trading"}`,
			fields: []compatField{
				{path: "query", value: `"1000001"`, note: "a registration number"},
				{path: "query", value: `"النور للتجارة"`, note: "Arabic"},
				{path: "governorate", value: `"Muscat"`},
				{path: "wilayat", value: `"Bawshar"`},
				{path: "industry", value: `"construction materials"`},
				{path: "limit", value: `1`, note: "lower bound"},
				{path: "limit", value: `50`, note: "upper bound"},
			},
			outputs: []string{"matches[].companyId", "matches[].companyName", "matches[].normalizedName", "matches[].legalType", "matches[].industry",
				"matches[].governorate", "matches[].wilayat", "matches[].status", "matches[].website", "matches[].confidence", "totalMatches"},
			errors: []compatError{
				{name: "empty query", body: `{"query":""}`, status: 400, code: "INVALID_INPUT"},
				{name: "limit 51", body: `{"query":"Al Noor","limit":51}`, status: 400, code: "INVALID_INPUT"},
			},
		},
		{
			id: "get_oman_company_profile", section: "Part 2 §2a", route: "/api/v1/business/profile",
			base: `{"companyId":"OM-CR-1000001"}`,
			outputs: []string{"digitalPresence", "verification", "procurement", "dataCoverage.realSources", "dataCoverage.demoSources", "dataCoverage.latestVerifiedAt",
				"sources[].sourceName", "sources[].sourceType", "sources[].sourceAuthority", "sources[].sourceUrl", "sources[].sourceRecordId",
				"sources[].observedAt", "sources[].verificationStatus", "sources[].fields"},
			errors: []compatError{
				{name: "no companyId", body: `{}`, status: 400, code: "INVALID_INPUT"},
			},
		},
		{
			id: "analyze_oman_company", section: "Part 2 §2a", route: "/api/v1/business/analyze",
			base: `{"companyId":"OM-CR-1000001","purpose":"general"}`,
			fields: []compatField{
				{path: "purpose", value: `"supplier"`},
				{path: "purpose", value: `"customer"`},
				{path: "purpose", value: `"partner"`},
				{path: "purpose", value: `"investor"`},
			},
			outputs: []string{"commercialSignals", "riskFlags", "positiveSignals", "recommendedChecks", "confidence"},
			errors: []compatError{
				{name: "purpose unknown", body: `{"companyId":"OM-CR-1000001","purpose":"lender"}`, status: 400, code: "INVALID_INPUT"},
			},
		},
		{
			id: "due_diligence_oman_company", section: "Part 2 §2a", route: "/api/v1/business/due-diligence",
			base: `{"companyId":"OM-CR-1000001","transactionType":"supplier_contract"}`,
			fields: []compatField{
				{path: "transactionType", value: `"partnership"`},
				{path: "transactionType", value: `"investment"`},
				{path: "transactionType", value: `"customer_credit"`},
				{path: "transactionType", value: `"other"`},
				{path: "transactionValueOMR", value: `0`, note: "lower bound"},
				{path: "transactionValueOMR", value: `1e9`, note: "upper bound"},
			},
			outputs: []string{"verification.identityVerified", "commercialAssessment", "riskAssessment.riskLevel", "riskAssessment.riskScore",
				"riskAssessment.riskFlags", "recommendedDueDiligence[].check", "recommendedDueDiligence[].importance", "missingInformation"},
			errors: []compatError{
				{name: "transactionValueOMR over 1e9", body: `{"companyId":"OM-CR-1000001","transactionType":"other","transactionValueOMR":2e9}`, status: 400, code: "INVALID_INPUT"},
			},
		},
		{
			id: "research_company", section: "Part 2 §2b", route: "/api/v1/intelligence/research-company",
			// No web-search provider here: 503 PROVIDER_NOT_CONFIGURED after
			// the body was decoded (issue 17; the reference answers
			// dataMode not_configured).
			base: `{"company":"Acme Trading Ltd"}`, status: 503,
			fields: []compatField{
				{path: "company", value: `"` + strings.Repeat("a", 200) + `"`, note: "upper bound"},
				{path: "website", value: `"https://acmetrading.co.uk"`},
				{path: "website", value: `"acmetrading.co.uk"`, note: "a domain"},
				{path: "country", value: `"GB"`},
				{path: "depth", value: `"quick"`},
				{path: "depth", value: `"standard"`},
				{path: "depth", value: `"deep"`},
				{path: "focusAreas", value: `["overview","products","leadership","funding","competitors","technology","recent_news","market_position","risks"]`},
			},
			schemaOutputs: []string{"company.name", "company.website", "company.industry", "company.headquarters", "company.founded", "overview",
				"productsAndServices", "leadership[].name", "leadership[].title", "funding.summary", "funding.knownRounds", "competitors[].name",
				"competitors[].reason", "technologySignals", "recentDevelopments", "riskFlags", "sources[].url", "sources[].title", "sources[].publisher",
				"sources[].sourceType", "sources[].observedAt", "confidence", "dataFreshness.latestSourceDate", "dataFreshness.freshnessDays", "cached",
				"dataMode", "limitations"},
			outputEnums: map[string][]string{"dataMode": {"live", "not_configured"}},
			errors: []compatError{
				{name: "empty company", body: `{"company":""}`, status: 400, code: "INVALID_INPUT"},
				{name: "unknown depth", body: `{"company":"Acme","depth":"full"}`, status: 400, code: "INVALID_INPUT"},
				{name: "unknown focus area", body: `{"company":"Acme","focusAreas":["gossip"]}`, status: 400, code: "INVALID_INPUT"},
			},
		},
		{
			id: "find_companies", section: "Part 2 §2b", route: "/api/v1/intelligence/find-companies",
			base: `{"query":"construction suppliers"}`, status: 503,
			fields: []compatField{
				{path: "industry", value: `"construction"`},
				{path: "country", value: `"OM"`},
				{path: "city", value: `"Muscat"`},
				{path: "keywords", value: `["cement","steel","tiles","paint","glass","timber","pipes","cables","sand","gravel"]`, note: "10 keywords"},
				{path: "employeeMin", value: `10`, unused: true},
				{path: "employeeMax", value: `500`, unused: true},
				{path: "limit", value: `100`, note: "upper bound (applied at most 20)"},
				{path: "industry", value: `"construction"`, body: `{"industry":"construction"}`, note: "alone, without query"},
			},
			schemaOutputs: []string{"companies", "requestedLimit", "appliedLimit"},
			errors: []compatError{
				{name: "nothing to search for", body: `{}`, status: 400, code: "INVALID_INPUT"},
				{name: "employeeMin above employeeMax", body: `{"query":"x","employeeMin":500,"employeeMax":10}`, status: 400, code: "INVALID_INPUT"},
				{name: "limit 101", body: `{"query":"x","limit":101}`, status: 400, code: "INVALID_INPUT"},
				{name: "11 keywords", body: `{"keywords":["a","b","c","d","e","f","g","h","i","j","k"]}`, status: 400, code: "INVALID_INPUT"},
			},
		},
		{
			id: "analyze_company_risk", section: "Part 2 §2b", route: "/api/v1/intelligence/analyze-company-risk",
			base: `{"company":"Acme Trading Ltd"}`, status: 503,
			fields: []compatField{
				{path: "website", value: `"https://acmetrading.co.uk"`},
				{path: "website", value: `"https://acmetrading.co.uk"`, body: `{}`, note: "website alone"},
				{path: "checks", value: `["corporate_identity","domain","website","sanctions","adverse_news","security_signals","reputation","legal_signals"]`},
			},
			schemaOutputs: []string{"checks[].status", "checks[].summary", "checks[].findings", "checks[].evidence[].description", "checks[].evidence[].source",
				"checks[].evidence[].tier", "confidence"},
			outputEnums: map[string][]string{
				"checks[].status":          {"performed", "not_configured", "unavailable", "not_applicable"},
				"checks[].evidence[].tier": {"confirmed_evidence", "public_allegation", "automated_indicator", "missing_information"},
			},
			errors: []compatError{
				{name: "neither company nor website", body: `{}`, status: 400, code: "INVALID_INPUT"},
				{name: "unknown check", body: `{"company":"Acme","checks":["credit"]}`, status: 400, code: "INVALID_INPUT"},
			},
		},
		{
			id: "company_reputation_check", section: "Part 2 §2c", route: "/api/v1/risk/company-reputation-check",
			base: `{"companyName":"Acme Trading Ltd"}`,
			fields: []compatField{
				{path: "companyName", value: `"3M"`, note: "short, with a digit"},
				{path: "country", value: `"GB"`, note: "ISO-2"},
				{path: "country", value: `"GBR"`, note: "ISO-3"},
				{path: "country", value: `"United Kingdom"`, note: "English name"},
				{path: "website", value: `"https://acmetrading.co.uk"`},
				{path: "website", value: `"acmetrading.co.uk"`, note: "a domain"},
				{path: "domain", value: `"acmetrading.co.uk"`},
				{path: "registrationNumber", value: `"01234567"`},
				{path: "registrationNumber", value: `"CR 1234/5.6-7"`, note: "spaces, slash, dot, dash"},
				{path: "lei", value: strconv.Quote(lei)},
				{path: "legalName", value: `"Acme Trading Limited"`},
				{path: "city", value: `"London"`},
				{path: "industry", value: `"wholesale trade"`, unused: true},
			},
			outputs: []string{"company", "resolution.status", "resolution.confidence", "resolution.methods", "resolution.conflicts", "resolution.candidates",
				"reputationScore", "confidenceScore", "trustLevel", "scores", "scoreBreakdown", "confidenceBreakdown", "identity",
				"sanctions.status", "sanctions.matches", "adverseMedia.items", "adverseMedia.duplicatesMerged", "adverseMedia.excludedPossibleOtherEntity",
				"customerSentiment", "onlinePresence", "redFlags", "evidenceSummary", "evidence", "coverage.providers", "warnings", "limitations",
				"summary", "methodology"},
			outputEnums: map[string][]string{
				"trustLevel":                      {"insufficient_evidence", "significant_concerns", "some_concerns", "no_major_concerns_found", "favorable_public_signals"},
				"sanctions.status":                {"no_match_found", "possible_match", "high_confidence_match", "not_checked", "unavailable", "partial"},
				"adverseMedia.items[].legalStage": {"allegation", "investigation", "lawsuit", "charge", "settlement", "judgment", "conviction"},
			},
			errors: []compatError{
				{name: "name without a letter or digit", body: `{"companyName":"--"}`, status: 400, code: "INVALID_INPUT"},
				{name: "domain disagrees with website", body: `{"companyName":"Acme","website":"https://acme.example","domain":"other.example"}`, status: 400, code: "INVALID_INPUT"},
				{name: "LEI checksum", body: `{"companyName":"Acme","lei":"5493001KJTIIGC8Y1R13"}`, status: 400, code: "INVALID_INPUT"},
				{name: "registration number pattern", body: `{"companyName":"Acme","registrationNumber":"#123"}`, status: 400, code: "INVALID_INPUT"},
			},
		},
		{
			id: "business_risk_score", section: "Part 2 §3", route: "/api/v1/risk/business-risk-score",
			base: `{"companyName":"Acme Trading Ltd"}`,
			fields: []compatField{
				{path: "country", value: `"gbr"`, note: "ISO-3, lower case"},
				{path: "country", value: `"UK"`},
				{path: "country", value: `"Sultanate of Oman"`},
				{path: "registrationNumber", value: `"01234567"`},
				{path: "lei", value: strconv.Quote(lei)},
				{path: "website", value: `"https://acmetrading.co.uk"`},
				{path: "website", value: `"acmetrading.co.uk"`, note: "a domain"},
				{path: "address", value: `"1 High Street, London"`},
				{path: "city", value: `"London"`},
				{path: "industry", value: `"wholesale trade"`},
				{path: "knownAliases", value: `["Acme","Acme Trading","Acme UK","Acme Ltd","ACME"]`, note: "5 aliases"},
				{path: "includeNews", value: `false`},
				{path: "includeDigitalSignals", value: `false`},
			},
			outputs: []string{"status", "assessmentId", "business.name", "business.legalName", "business.country", "business.registrationNumber", "business.lei",
				"business.registrationStatus", "business.incorporationDate", "business.registry", "business.website", "business.domain",
				"business.entityMatchConfidence", "business.resolutionStatus", "business.identityVerifiedAgainstRegistry", "business.matchedOn",
				"riskScore", "riskLevel", "confidence", "components.corporateRisk", "components.financialRisk", "components.complianceRisk",
				"components.reputationRisk", "components.operationalRisk", "components.digitalRisk", "scoreBreakdown.rawWeightedScore",
				"scoreBreakdown.effectiveWeights", "scoreBreakdown.floorsApplied", "riskFlags", "positiveSignals", "sanctionsScreening.status",
				"sanctionsScreening.listsChecked", "sanctionsScreening.listsUnavailable", "sanctionsScreening.namesScreened", "sanctionsScreening.matches",
				"evidence", "recommendation.action", "recommendation.reasonCodes", "recommendation.rationale", "dataCoverage", "confidenceBreakdown",
				"providers", "warnings", "assumptions", "limitations", "methodology", "evaluatedAt"},
			outputEnums: map[string][]string{
				"status":                                     {"assessed", "insufficient_data"},
				"business.registrationStatus":                {"active", "inactive", "dissolved", "liquidation", "unknown", "not_verified"},
				"business.resolutionStatus":                  {"resolved", "probable", "unverified"},
				"riskFlags[].factStatus":                     {"established", "reported", "alleged", "observed"},
				"sanctionsScreening.matches[].listType":      {"sanctions", "export_control_or_debarment"},
				"sanctionsScreening.matches[].matchStrength": {"possible", "high"},
				"recommendation.action":                      {"proceed", "proceed_with_monitoring", "enhanced_due_diligence", "manual_review", "avoid_automated_transaction"},
				"dataCoverage.corporate":                     {"high", "medium", "low", "none"},
				"dataCoverage.digital":                       {"high", "medium", "low", "none"},
			},
			errors: []compatError{
				{name: "only a legal form", body: `{"companyName":"Ltd"}`, status: 400, code: "INVALID_INPUT"},
				{name: "IP address website", body: `{"companyName":"Acme","website":"http://10.0.0.1"}`, status: 400, code: "INVALID_INPUT"},
				{name: "private host website", body: `{"companyName":"Acme","website":"localhost"}`, status: 400, code: "INVALID_INPUT"},
				{name: "6 aliases", body: `{"companyName":"Acme","knownAliases":["a","b","c","d","e","f"]}`, status: 400, code: "INVALID_INPUT"},
				{name: "short address", body: `{"companyName":"Acme","address":"x"}`, status: 400, code: "INVALID_INPUT"},
			},
		},
		{
			id: "invoice_anomaly_check", section: "Part 2 §4", route: "/api/v1/finance/invoice-anomaly-check",
			base: `{"invoice":{"total":1155}}`,
			items: map[string]string{
				"invoice.lineItems":              `{"description":"Cement bags 50kg","quantity":400,"unitPrice":2.75,"total":1100}`,
				"historicalInvoices":             `{"invoiceNumber":"INV-2026-0031","supplierId":"SUP-001","invoiceDate":"2026-01-12","currency":"OMR","total":990}`,
				"historicalInvoices[].lineItems": `{"description":"Cement bags 50kg","quantity":360,"unitPrice":2.75,"total":990}`,
				"supplierProfile.bankAccounts":   `{"account":"OM880180000001234567890"}`,
				"purchaseOrder.lineItems":        `{"description":"Cement bags 50kg","quantity":400,"unitPrice":2.75}`,
				"paymentHistory":                 `{"invoiceNumber":"INV-2026-0031","amount":990}`,
			},
			fields:     compatInvoiceRows(),
			outputBody: `{"invoice":{"invoiceNumber":"INV-2026-0042","supplierName":"Al Noor Trading LLC","supplierId":"SUP-001","invoiceDate":"2026-03-10","dueDate":"2026-04-09","currency":"OMR","subtotal":1100,"tax":55,"taxRate":5,"total":1200,"bankAccount":"OM880180000009999999999","lineItems":[{"description":"Cement bags 50kg","quantity":400,"unitPrice":2.75,"total":1100}]},"historicalInvoices":[{"invoiceNumber":"INV-2026-0031","supplierId":"SUP-001","invoiceDate":"2026-01-12","currency":"OMR","total":990,"status":"paid"}],"supplierProfile":{"supplierId":"SUP-001","supplierName":"Al Noor Trading LLC","bankAccounts":["OM880180000001234567890"]},"options":{"asOfDate":"2026-03-15"}}`,
			outputs: []string{"riskScore", "riskLevel", "decision", "anomalyCount", "anomalies[].code", "anomalies[].severity", "anomalies[].confidence",
				"anomalies[].field", "anomalies[].explanation", "anomalies[].evidence", "financialChecks.subtotalValid", "financialChecks.taxValid",
				"financialChecks.totalValid", "financialChecks.lineTotalsValid", "financialChecks.computed.lineItemsSum", "financialChecks.computed.expectedTax",
				"financialChecks.computed.expectedTotal", "financialChecks.computed.tolerance", "recommendedAction", "summary", "mode", "contextUsed",
				"invoiceSummary.bankAccountMasked", "dataCompleteness.missingRequiredFields", "dataCompleteness.missingRecommendedFields", "scoring",
				"limitations", "asOfDate", "checkedAt"},
			outputEnums: map[string][]string{
				"riskLevel":            {"low", "medium", "high", "critical"},
				"decision":             {"continue", "review", "hold"},
				"anomalies[].severity": {"info", "low", "medium", "high", "critical"},
				"mode":                 {"standalone", "context_aware"},
			},
			errors: []compatError{
				{name: "malformed JSON", body: `{"invoice":`, status: 400, code: "INVALID_JSON"},
				{name: "no invoice", body: `{}`, status: 400, code: "INVALID_INPUT"},
				{name: "money with a separator", body: `{"invoice":{"total":"1,155.00"}}`, status: 400, code: "INVALID_MONETARY_VALUE"},
				{name: "money with a symbol", body: `{"invoice":{"total":"$1155"}}`, status: 400, code: "INVALID_MONETARY_VALUE"},
				{name: "2026-02-30", body: `{"invoice":{"total":1155,"invoiceDate":"2026-02-30"}}`, status: 400, code: "INVALID_DATE"},
				{name: "20/09/2026", body: `{"invoice":{"total":1155,"invoiceDate":"20/09/2026"}}`, status: 400, code: "INVALID_DATE"},
				{name: "currency symbol", body: `{"invoice":{"total":1155,"currency":"$"}}`, status: 400, code: "UNSUPPORTED_CURRENCY_FORMAT"},
				{name: "taxRate over 100", body: `{"invoice":{"total":1155,"taxRate":101}}`, status: 400, code: "INVALID_INPUT"},
				{name: "splitWindowDays 91", body: `{"invoice":{"total":1155},"approvalContext":{"approvalThreshold":5000,"splitWindowDays":91}}`, status: 400, code: "INVALID_INPUT"},
			},
		},
		{
			id: "vehicle_value_estimate", section: "Part 2 §5", route: "/api/v1/automotive/vehicle-value-estimate",
			base: `{"make":"Toyota","model":"Land Cruiser","year":2019,"country":"OM"}`,
			fields: []compatField{
				{path: "country", value: `"OMN"`, note: "alpha-3"},
				{path: "country", value: `"Oman"`, note: "a name"},
				{path: "year", value: `1950`, note: "lower bound", body: `{"make":"Mercedes-Benz","model":"300SL","year":1955,"country":"OM"}`},
				{path: "make", value: strconv.Quote(strings.Repeat("m", 60)), note: "60 characters"},
				{path: "model", value: strconv.Quote(strings.Repeat("m", 80)), note: "80 characters"},
				{path: "trim", value: `"GXR"`},
				{path: "mileageKm", value: `85000`},
				{path: "mileageKm", value: `2000000`, note: "upper bound"},
				{path: "condition", value: `"excellent"`},
				{path: "condition", value: `"very_good"`},
				{path: "condition", value: `"good"`},
				{path: "condition", value: `"fair"`},
				{path: "condition", value: `"poor"`},
				{path: "condition", value: `"unknown"`},
				{path: "city", value: `"Muscat"`},
				{path: "currency", value: `"OMR"`},
				{path: "fuelType", value: `"petrol"`},
				{path: "fuelType", value: `"gasoline"`, note: "synonym"},
				{path: "transmission", value: `"automatic"`},
				{path: "transmission", value: `"auto"`, note: "synonym"},
				{path: "bodyType", value: `"suv"`},
				{path: "engine", value: `"4.0L V6"`, unused: true},
				{path: "drivetrain", value: `"4wd"`},
				{path: "drivetrain", value: `"4x4"`, note: "synonym"},
				{path: "accidentHistory", value: `true`},
				{path: "accidentHistory", value: `false`},
				{path: "accidentHistory", value: `"none"`},
				{path: "accidentHistory", value: `"minor_cosmetic"`},
				{path: "accidentHistory", value: `"repaired"`},
				{path: "accidentHistory", value: `"structural"`},
				{path: "accidentHistory", value: `"reported"`},
				{path: "accidentHistory", value: `"unknown"`},
				{path: "serviceHistory", value: `"full"`},
				{path: "serviceHistory", value: `"partial"`},
				{path: "serviceHistory", value: `"none"`},
				{path: "serviceHistory", value: `"unknown"`},
				{path: "owners", value: `1`, note: "lower bound"},
				{path: "owners", value: `20`, note: "upper bound"},
				{path: "color", value: `"white"`, unused: true},
				{path: "options", value: `["sunroof","leather seats","navigation"]`},
				{path: "askingPrice", value: `14500`},
				{path: "askingPrice", value: `1e8`, note: "upper bound"},
				{path: "valuationDate", value: `"2026-01-15"`},
			},
			outputBody: `{"make":"Toyota","model":"Land Cruiser","year":2019,"country":"OM","trim":"GXR","mileageKm":85000,"condition":"good","city":"Muscat","fuelType":"petrol","transmission":"automatic","askingPrice":14500}`,
			outputs: []string{"status", "currency", "estimatedValue.low", "estimatedValue.mid", "estimatedValue.high", "estimatedValue.currency",
				"estimatedPrivateSalePrice", "estimatedDealerBuyPrice", "estimatedDealerRetailPrice", "askingPriceAnalysis.differenceFromMid",
				"askingPriceAnalysis.differencePercent", "askingPriceAnalysis.marketPosition", "askingPriceAnalysis.withinEstimatedRange",
				"depreciation.estimatedOriginalPrice", "depreciation.estimatedAnnualDepreciationPercent", "depreciation.marketImpliedAnnualDepreciationPercent",
				"adjustments[].factor", "adjustments[].impactAmount", "adjustments[].impactPercent", "adjustments[].basis", "adjustments[].reason",
				"marketComparables", "marketStats", "marketCoverage.liveMarketDataAvailable", "marketCoverage.valuationParametersConfigured",
				"confidence.score", "confidence.level", "confidence.reasons", "confidence.factors", "riskFlags", "assumptions",
				"methodology.fallbackLevel", "methodology.yearEffect", "methodology.mileageEffect", "vehicle"},
			outputEnums: map[string][]string{
				"status":                             {"estimated", "insufficient_market_data"},
				"askingPriceAnalysis.marketPosition": {"well_below_market", "below_market", "near_market", "above_market", "well_above_market"},
				"adjustments[].basis":                {"market_derived", "heuristic"},
				"confidence.level":                   {"high", "medium", "low", "very_low"},
			},
			errors: []compatError{
				{name: "year 1949", body: `{"make":"Toyota","model":"Land Cruiser","year":1949,"country":"OM"}`, status: 400, code: "INVALID_INPUT"},
				{name: "no make", body: `{"model":"Land Cruiser","year":2019,"country":"OM"}`, status: 400, code: "INVALID_INPUT"},
				{name: "owners 21", body: `{"make":"Toyota","model":"Land Cruiser","year":2019,"country":"OM","owners":21}`, status: 400, code: "INVALID_INPUT"},
				{name: "valuationDate in the future", body: `{"make":"Toyota","model":"Land Cruiser","year":2019,"country":"OM","valuationDate":"2099-01-01"}`, status: 400, code: "INVALID_INPUT"},
				{name: "41 options", body: `{"make":"Toyota","model":"Land Cruiser","year":2019,"country":"OM","options":[` + strings.TrimSuffix(strings.Repeat(`"x",`, 41), ",") + `]}`, status: 400, code: "INVALID_INPUT"},
			},
		},
		{
			id: "document_facts_extract", section: "Part 2 §6", route: "/api/v1/documents/facts-extract",
			base: `{"text":"TAX INVOICE\nInvoice No: INV-2026-0042\nInvoice Date: 10 March 2026\nSupplier: Al Noor Trading LLC\nTotal amount due: OMR 1,155.000\nPayment terms: Net 30"}`,
			fields: []compatField{
				// Fetched through the checked client; the dial fails here, so
				// 502 DOCUMENT_FETCH_FAILED is the expected outcome.
				{path: "documentUrl", value: `"https://docs.example.com/contract.pdf"`, body: `{}`},
				{path: "text", value: `"Page one\fPage two: Total OMR 10.000"`, note: "form feed as page break"},
				{path: "documentType", value: `"auto"`},
				{path: "documentType", value: `"contract"`},
				{path: "documentType", value: `"invoice"`},
				{path: "documentType", value: `"purchase_order"`},
				{path: "documentType", value: `"quotation"`},
				{path: "documentType", value: `"tender"`},
				{path: "documentType", value: `"policy"`},
				{path: "documentType", value: `"financial_report"`},
				{path: "documentType", value: `"legal_document"`},
				{path: "documentType", value: `"lease"`},
				{path: "documentType", value: `"resume"`},
				{path: "documentType", value: `"company_profile"`},
				{path: "documentType", value: `"other"`},
				{path: "requestedFacts", value: `["total amount","due date"]`},
				{path: "mode", value: `"auto"`},
				{path: "mode", value: `"requested_only"`, body: `{"text":"Total amount due: OMR 1,155.000","requestedFacts":["total amount"]}`},
				{path: "language", value: `"en"`},
				{path: "language", value: `"ar"`},
				{path: "includeSourceEvidence", value: `false`},
				{path: "text", value: strconv.Quote(strings.Repeat("Total amount due: OMR 1,155.000. ", 6100)[:200000]), note: "200,000 characters"},
				{path: "requestedFacts", value: "[" + strings.TrimSuffix(strings.Repeat(strconv.Quote(strings.Repeat("r", 200))+",", 20), ",") + "]", note: "20 of 200 characters"},
				{path: "documentUrl", value: strconv.Quote("https://docs.example.com/" + strings.Repeat("a", 2048-len("https://docs.example.com/"))), body: `{}`, note: "2,048 characters"},
			},
			outputs: []string{"documentType", "documentSubtype", "documentTypeConfidence", "documentTypeSource", "language", "title",
				"facts[].key", "facts[].label", "facts[].value", "facts[].normalizedValue", "facts[].confidence", "facts[].method", "facts[].sourceEvidence",
				"requestedFacts", "entities", "dates", "amounts", "percentages", "obligations", "requirements", "deadlines", "riskFlags",
				"metadata.pageCount", "metadata.characterCount", "metadata.wordCount", "metadata.format", "metadata.source", "metadata.pageProvenance",
				"metadata.extractionMode", "metadata.extractionMethod", "metadata.llmAssist", "metadata.extractorVersion", "warnings",
				"overallConfidence", "limitations"},
			outputEnums: map[string][]string{
				"documentTypeSource":      {"detected", "caller"},
				"facts[].method":          {"labeled_field", "pattern", "clause", "table", "definition", "llm_verified"},
				"requestedFacts[].status": {"found", "not_found"},
				"entities[].type":         {"person", "company", "organization", "government", "location", "other"},
				"dates[].precision":       {"day", "month"},
				"obligations[].modality":  {"must", "must_not"},
			},
			errors: []compatError{
				{name: "no document", body: `{}`, status: 400, code: "MISSING_DOCUMENT"},
				{name: "both sources", body: `{"text":"x","documentUrl":"https://docs.example.com/a.pdf"}`, status: 400, code: "CONFLICTING_DOCUMENT_SOURCES"},
				{name: "only a form feed", body: `{"text":"\f"}`, status: 400, code: "EMPTY_DOCUMENT"},
				{name: "an empty text", body: `{"text":""}`, status: 400, code: "EMPTY_DOCUMENT"},
				{name: "a text over 200,000 characters", body: `{"text":"` + strings.Repeat("x", 200_001) + `"}`, status: 413, code: "DOCUMENT_TOO_LARGE"},
				{name: "http URL", body: `{"documentUrl":"http://docs.example.com/a.pdf"}`, status: 400, code: "INVALID_URL"},
				{name: "credentials in the URL", body: `{"documentUrl":"https://user:pw@docs.example.com/a.pdf"}`, status: 400, code: "INVALID_URL"},
				{name: "requested_only without requestedFacts", body: `{"text":"x y z","mode":"requested_only"}`, status: 400, code: "INVALID_INPUT"},
				{name: "21 requested facts", body: `{"text":"x y z","requestedFacts":[` + strings.TrimSuffix(strings.Repeat(`"total amount",`, 21), ",") + `]}`, status: 400, code: "INVALID_INPUT"},
			},
		},
		{
			id: "oman_supplier_check", section: "Part 2 §7", route: "/api/v1/procurement/oman-supplier-check",
			base: `{"companyName":"Al Noor Trading LLC"}`,
			fields: []compatField{
				{path: "crNumber", value: `"1000001"`},
				{path: "crNumber", value: `"CR 1000001/2.A-b"`, note: "spaces, slash, dot, dash"},
				{path: "website", value: `"https://www.alnoor-trading.example/"`, note: "a URL"},
				{path: "website", value: `"alnoor-trading.example"`, note: "a domain"},
				{path: "email", value: `"info@alnoor-trading.example"`},
				{path: "phone", value: `"+968 2412 3456"`},
				{path: "phone", value: `"(968) 2412-3456 x12"`, note: "parentheses, dash, extension"},
				{path: "phone", value: `"24123456"`, note: "8 digits"},
				{path: "address", value: `"Al Khuwair, Bawshar, Muscat"`},
				{path: "requiredProductOrService", value: `"construction materials"`},
				{path: "companyName", value: strconv.Quote(strings.Repeat("Al Noor ", 25)), note: "200 characters"},
				{path: "address", value: strconv.Quote(strings.Repeat("Muscat ", 43)[:300]), note: "300 characters"},
			},
			outputBody: `{"companyName":"Al Noor Trading LLC","crNumber":"1000001","website":"alnoor-trading.example","email":"info@alnoor-trading.example","phone":"+968 2412 3456","address":"Al Khuwair, Bawshar, Muscat","requiredProductOrService":"construction materials"}`,
			outputs: []string{"supplier.inputName", "supplier.normalizedName", "supplier.matchedName", "supplier.companyId", "supplier.crNumber",
				"supplier.crNumberSupplied", "supplier.country", "supplier.identityMatch", "screeningResult.risk", "screeningResult.riskScore",
				"screeningResult.procurementSuitability", "screeningResult.identityConfirmed", "screeningResult.activityMatch", "screeningResult.summary",
				"checks.companyIdentity", "checks.website", "checks.businessActivity.requiredCategories", "checks.businessActivity.supplierCategories",
				"checks.contactConsistency", "checks.addressConsistency", "checks.sanctions", "checks.publicRisk",
				"riskFlags[].code", "riskFlags[].severity", "riskFlags[].message", "riskModel.score", "riskModel.thresholds.medium", "riskModel.thresholds.high",
				"riskModel.components", "normalizedInput", "sources[].type", "sources[].name", "sources[].url", "sources[].checkedAt", "sources[].observedAt",
				"dataCoverage.registryMatch", "dataCoverage.demoDataOnly", "dataCoverage.liveChecksPerformed", "dataCoverage.unavailableSources",
				"confidence", "limitations"},
			outputEnums: map[string][]string{
				"supplier.identityMatch":                 {"strong", "moderate", "weak", "unconfirmed"},
				"screeningResult.risk":                   {"low", "medium", "high", "insufficient_data"},
				"screeningResult.procurementSuitability": {"appears_suitable", "review_recommended", "insufficient_information", "potential_risk"},
				"checks.addressConsistency.status":       {"pass", "partial", "conflict", "unknown"},
				"checks.sanctions.status":                {"clear", "potential_match", "not_checked", "unavailable"},
				"checks.publicRisk.status":               {"clear", "signal_detected", "not_checked", "unavailable"},
				"riskFlags[].code": {"ACTIVITY_MISMATCH", "IDENTITY_NOT_CONFIRMED", "CR_NUMBER_CONFLICT", "COMPANY_NAME_MISMATCH", "REGISTRY_IDENTITY_CONFLICT",
					"SUPPLIER_STATUS_NOT_ACTIVE", "EMAIL_DOMAIN_MISMATCH", "FREE_EMAIL_PROVIDER", "POTENTIAL_SANCTIONS_MATCH", "PUBLIC_RISK_SIGNAL",
					"LOOKALIKE_DOMAIN", "DEMO_DATA_ONLY", "INSUFFICIENT_PUBLIC_DATA", "SOURCE_UNAVAILABLE"},
				"sources[].type": {"company_registry", "company_directory", "demo_dataset", "company_website", "sanctions_list", "public_web", "derived_consistency_check"},
			},
			errors: []compatError{
				{name: "one-letter name", body: `{"companyName":"A"}`, status: 400, code: "INVALID_INPUT"},
				{name: "crNumber pattern", body: `{"companyName":"Al Noor","crNumber":"#12"}`, status: 400, code: "INVALID_INPUT"},
				{name: "phone with letters", body: `{"companyName":"Al Noor","phone":"call me maybe"}`, status: 400, code: "INVALID_INPUT"},
				{name: "phone too short", body: `{"companyName":"Al Noor","phone":"12345"}`, status: 400, code: "INVALID_INPUT"},
			},
		},
		{
			id: "ai_call_agent", section: "Part 2 §9", route: "/api/v1/voice/ai-call-agent",
			// Accepted calls are queued: 202 (issue 19; the reference
			// answers status dialing).
			base: `{"phoneNumber":"+96891234567","objective":"Confirm tomorrow's 10:00 delivery window for order 4471."}`, status: 202, baseAlso: "CALL_NOT_ALLOWED",
			fields: append(compatVoiceRows(),
				compatField{path: "objective", value: strconv.Quote(strings.Repeat("o", 2000)), note: "2,000 characters"}),
			// The call's answer: a fresh number, under the daily caps.
			outputBody: `{"phoneNumber":"+96899876543","objective":"Confirm tomorrow's 10:00 delivery window for order 4471."}`,
			outputs:    []string{"callId", "status", "answered", "durationSeconds", "outcome", "summary", "nextAction", "structuredFacts", "transcript", "createdAt", "completedAt"},
			errors: append(compatVoiceErrors(`"objective":"Confirm tomorrow's delivery window."`),
				compatError{name: "objective too short", body: `{"phoneNumber":"+96891234567","objective":"Call"}`, status: 400, code: "INVALID_INPUT"}),
		},
		{
			id: "voice_lead_qualifier", section: "Part 2 §9", route: "/api/v1/voice/lead-qualifier",
			base: `{"phoneNumber":"+96891234567"}`, status: 202, baseAlso: "CALL_NOT_ALLOWED",
			fields: append(compatVoiceRows(),
				compatField{path: "criteria.requiredInterest", value: `"office fit-out"`},
				compatField{path: "criteria.minimumBudget", value: `5000`},
				compatField{path: "criteria.currency", value: `"USD"`},
				compatField{path: "criteria.targetTimelineDays", value: `30`},
				compatField{path: "criteria.decisionMakerRequired", value: `true`},
			),
			errors: compatVoiceErrors(``),
		},
		{
			id: "appointment_call_agent", section: "Part 2 §9", route: "/api/v1/voice/appointment-call-agent",
			base: `{"phoneNumber":"+96891234567","action":"propose","availableSlots":["2030-12-01T10:00:00+04:00"]}`, status: 202, baseAlso: "CALL_NOT_ALLOWED",
			fields: append(compatVoiceRows(),
				compatField{path: "action", value: `"book"`},
				compatField{path: "action", value: `"confirm"`},
				compatField{path: "action", value: `"reschedule"`},
				compatField{path: "action", value: `"cancel"`},
				compatField{path: "appointmentType", value: `"apartment viewing"`},
				compatField{path: "availableSlots", value: `["2030-12-01T10:00:00+04:00","2030-12-01T16:00:00Z"]`},
				compatField{path: "availableSlots", value: "[" + strings.TrimSuffix(strings.Repeat(`"2030-12-01T10:00:00+04:00",`, 20), ",") + "]", note: "20 slots"},
				compatField{path: "timezone", value: `"Asia/Muscat"`},
			),
			errors: append(compatVoiceErrors(`"action":"propose"`),
				compatError{name: "book without a slot", body: `{"phoneNumber":"+96891234567","action":"book"}`, status: 400, code: "SLOT_REQUIRED"},
				compatError{name: "21 slots", body: `{"phoneNumber":"+96891234567","action":"propose","availableSlots":[` + strings.TrimSuffix(strings.Repeat(`"2030-12-01T10:00:00+04:00",`, 21), ",") + `]}`, status: 400, code: "INVALID_INPUT"},
			),
		},
	}
}

// compatVoiceRows are the inputs every voice capability shares (Part 2 §9).
func compatVoiceRows() []compatField {
	return []compatField{
		{path: "phoneNumber", value: `"+442071838750"`},
		{path: "language", value: `"en"`},
		{path: "language", value: `"ar"`},
		{path: "objective", value: `"Ask whether the customer still needs the quotation sent last week."`},
		{path: "context", value: `{"orderId":"4471","customerName":"Salim"}`},
		{path: "safety.consentNotice", value: `"This call may be recorded for quality purposes."`},
		{path: "safety.recording", value: `false`},
		{path: "safety.transcription", value: `false`},
		{path: "safety.timezone", value: `"Asia/Muscat"`},
		{path: "maxDurationSeconds", value: `1`, note: "lower bound"},
		{path: "maxDurationSeconds", value: `3600`, note: "upper bound"},
		{path: "context", value: `{"notes":"` + strings.Repeat("n", 500) + `"}`, note: "a 500-character value"},
	}
}

// compatVoiceErrors are the documented refusals shared by the voice
// capabilities; extra completes the minimal body.
func compatVoiceErrors(extra string) []compatError {
	if extra != "" {
		extra = "," + extra
	}
	return []compatError{
		{name: "not E.164", body: `{"phoneNumber":"91234567"` + extra + `}`, status: 400, code: "INVALID_INPUT"},
		{name: "language fr", body: `{"phoneNumber":"+96891234567","language":"fr"` + extra + `}`, status: 400, code: "INVALID_INPUT"},
		{name: "recording without a consent notice", body: `{"phoneNumber":"+96891234567","safety":{"recording":true}` + extra + `}`, status: 400, code: "CONSENT_NOTICE_REQUIRED"},
		{name: "maxDurationSeconds 3601", body: `{"phoneNumber":"+96891234567","maxDurationSeconds":3601` + extra + `}`, status: 400, code: "INVALID_INPUT"},
	}
}

// compatTwentyProperties is compare_properties' upper bound: 20 items.
func compatTwentyProperties() string {
	var items []string
	for i := range 20 {
		items = append(items, fmt.Sprintf(`{"name":"P%d","propertyValue":%d,"annualRent":%d}`, i, 80000+i*1000, 6000+i*50))
	}
	return "[" + strings.Join(items, ",") + "]"
}

// The audit's own helpers find what they must: a field path built into a
// body, a property in a schema, an output present or missing.
func TestCompatHelpers(t *testing.T) {
	got, err := compatWith(`{"invoice":{"total":1}}`, "historicalInvoices[].lineItems[].sku", `"A-1"`,
		map[string]string{"historicalInvoices": `{"total":2}`})
	if err != nil || got != `{"historicalInvoices":[{"lineItems":[{"sku":"A-1"}],"total":2}],"invoice":{"total":1}}` {
		t.Errorf("compatWith = %s, %v", got, err)
	}
	if got, err := compatWith(`{"a":1}`, "b.c", `true`, nil); err != nil || got != `{"a":1,"b":{"c":true}}` {
		t.Errorf("compatWith object = %s, %v", got, err)
	}
	var schema map[string]any
	if err := json.Unmarshal([]byte(`{"$defs":{"Line":{"type":"object","properties":{"sku":{"type":"string","description":"Accepted; not used."}}}},
		"type":"object","properties":{"lines":{"type":"array","items":{"$ref":"#/$defs/Line"}},"n":{"anyOf":[{"type":"null"},{"type":"object","properties":{"m":{"type":"number"}}}]}}}`), &schema); err != nil {
		t.Fatal(err)
	}
	if p := compatSchemaAt(schema, "lines[].sku"); p == nil || !compatSaysUnused.MatchString(p["description"].(string)) {
		t.Errorf("lines[].sku: %v", p)
	}
	if compatSchemaAt(schema, "n.m") == nil || compatSchemaAt(schema, "lines[].price") != nil || compatSchemaAt(schema, "x") != nil {
		t.Error("compatSchemaAt finds what is not there or misses what is")
	}
	if compatSaysUnused.MatchString("Used for the net yield.") {
		t.Error("a used field reads as unused")
	}
	data := map[string]any{"a": map[string]any{"b": 1}, "list": []any{map[string]any{"x": 1}, map[string]any{"y": 2}}, "none": nil, "empty": []any{}}
	for p, ok := range map[string]bool{"a.b": true, "a.c": false, "list[].x": false, "none": true, "none.z": false, "empty": true, "empty[].q": false, "zz": false} {
		if why := compatHas(data, p); (why == "") != ok {
			t.Errorf("compatHas(%s) = %q, want present %v", p, why, ok)
		}
	}
}
