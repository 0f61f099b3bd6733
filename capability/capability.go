// Package capability declares Dalil's capabilities. One Entry per capability
// is the single source of truth for its REST routes, JSON Schemas, price,
// OpenAPI operation, MCP tool and documentation; everything else is
// generated from the Registry.
package capability

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"

	"dalil"

	jsonv2 "github.com/go-json-experiment/json"
	jsonv1 "github.com/go-json-experiment/json/v1"
	"github.com/google/jsonschema-go/jsonschema"
	santhosh "github.com/santhosh-tekuri/jsonschema/v6"
)

// Status says whether a capability can be called.
type Status string

const (
	// StatusAvailable capabilities answer calls.
	StatusAvailable Status = "available"
	// StatusDemo capabilities answer, but what they would answer from is
	// synthetic demo data only (a dataset loaded by serve --demo): every
	// answer says so and none that rests on it alone is charged.
	StatusDemo Status = "demo"
	// StatusUnconfigured capabilities need a provider or dataset that the
	// operator has not configured or imported; calls get 503
	// PROVIDER_NOT_CONFIGURED and are never charged.
	StatusUnconfigured Status = "unconfigured"
	// StatusPlanned capabilities are on the roadmap and have no route.
	StatusPlanned Status = "planned"
)

// DefaultMaxBody is the request body limit of the spec (32 KiB).
const DefaultMaxBody = 32 << 10

// Options describe a capability. Only Group, Path and Summary are required.
type Options struct {
	Group       string // OpenAPI tag / spec group: "Property", "Finance", ...
	Title       string // short human title ("Analyze property")
	Summary     string // one sentence: what it returns
	Description string // longer text: method, evidence, limits
	WhenToUse   string // guidance for an agent choosing a tool
	// Path is the current route, e.g. "/api/v1/property/analyze".
	Path string
	// LegacyPath, when set, is a deprecated twin route (spec: "/v1/...").
	LegacyPath string
	// Price of one successful call. Zero is not allowed for paid tools.
	// With PriceFor it is the listed price: the least a call costs.
	Price dalil.MicroUSD
	// PriceFor, when set, is the price of a call with this input (a
	// metered call's maximum: base fee plus the per-minute rate times the
	// maximum duration). It receives the decoded input (the Define type
	// In) and must return at least Price. Quotes, X-Max-Price and every
	// rail use it.
	PriceFor func(in any) dalil.MicroUSD
	// MaxBody overrides DefaultMaxBody for capabilities with larger inputs.
	MaxBody int64
	// MalformedJSONCode, when set, is the code Decode answers for a body
	// that is not JSON (ErrMalformedJSON) instead of INVALID_INPUT, for
	// capabilities whose reference clients expect INVALID_JSON. It must be
	// a 400 code in httpapi's status table.
	MalformedJSONCode dalil.Code
	// Preview, when set, is the capability's free preview (PreviewOf): no
	// account, limited per client IP, never the paid result. The
	// capabilities listing's "preview" field follows from it.
	Preview *Preview
	// ReadOnly: the call changes nothing outside Dalil's own records.
	// Idempotent: the same input gives the same output.
	// OpenWorld: the call reaches external providers.
	ReadOnly, Idempotent, OpenWorld bool
	// AccountOnly: only an account (an API key: credits or subscription)
	// pays for it; the pay-per-call rails refuse it before any challenge
	// and do not list it (a monthly service, such as a watchlist).
	AccountOnly bool
	// Requires lists what the operator must configure for the capability
	// to run (NeedsProvider, NeedsDataset). Its status follows: available
	// when every requirement is configured (see RegistryOptions), else
	// unconfigured.
	Requires []Requirement
	// NotConfiguredDetails are added to the details of the 503
	// PROVIDER_NOT_CONFIGURED answer while a requirement is missing (a
	// sanctions screen's status not_checked), beside "missing".
	NotConfiguredDetails map[string]any
	// Example is a valid example input, used in docs, llms.txt and tests.
	Example any
	// Limitations are the honest limits of the result, listed in the docs.
	Limitations []string
	// Methodology, when set, is the full account of how results are made
	// (rules, weights, thresholds), published on /docs and in /llms.txt.
	Methodology []string
	// Operations are free, account-scoped companion routes (such as
	// forgetting remembered data). They need an API key and are never
	// charged.
	Operations []Operation
}

// Operation is a free companion route of a capability.
type Operation struct {
	ID      string // operation id, e.g. "forget_invoice_fingerprints"
	Method  string // "DELETE", "GET", ...
	Path    string // under /api/v1/
	Summary string
	// Public operations also serve callers without an API key: the
	// operation authenticates them itself from Call.Token (the
	// X-Call-Token header), as a pay-per-call payer's access token to
	// its own records. With an API key the account is still required to
	// be valid.
	Public bool
	// Run does the work for the account in CallFrom(ctx); Call.Params
	// holds the path's {wildcards} and the query's first values.
	Run func(ctx context.Context) (any, error)
}

// Evidenced is implemented by results that say what they rest on: each
// source with its kind (live provider, imported dataset, synthetic demo
// data, caller-supplied, computation), batch and date. The pipeline
// decides the charge from it alone with dalil.DecideEvidence, on every
// rail (an answer resting on synthetic data only, on nothing, or marked
// Basis.Unanswered is sent and not charged), and sends it as
// meta.evidence. Every capability's result implements it
// (Entry.StatesEvidence); a result that does not is charged.
type Evidenced interface {
	Basis() dalil.Basis
}

// Accepted is implemented by results of work that goes on after the
// answer (a phone call): the pipeline answers 202 Accepted instead of 200.
type Accepted interface {
	// Accepted reports whether the answer is 202.
	Accepted() bool
}

// Handler does a capability's work. It returns *dalil.Error for failures a
// caller can act on; any other error is an internal error.
type Handler[In, Out any] func(ctx context.Context, in In) (Out, error)

// Validator is implemented by inputs with rules a JSON Schema cannot state
// (one of two aliases, unique names). It runs after the schema passed.
type Validator interface {
	Validate() []dalil.Problem
}

// ErrorValidator is implemented by inputs whose own rules answer with codes
// of their own rather than INVALID_INPUT (a date that is no date answers
// INVALID_DATE). It replaces Validator: it runs after the schema passed and
// returns nil or the *dalil.Error to answer, whose code must be a 4xx code
// in httpapi's status table (a 400 one, or 413 DOCUMENT_TOO_LARGE for a
// document text over its limit) and whose details are []dalil.Problem or
// FieldErrors (other details are kept in the answer but not listed beside
// a schema failure). When the schema fails, its problems are still
// listed, in the INVALID_INPUT answer, for the values the schema did not
// refuse.
type ErrorValidator interface {
	ValidateError() *dalil.Error
}

// FieldErrors are the details of an input error with a specific code: the
// path of the first problem (details.path, as the reference service gives
// it) and every problem.
type FieldErrors struct {
	Path     string          `json:"path"`
	Problems []dalil.Problem `json:"problems"`
}

// TreeValidator is implemented (on the value receiver) by inputs whose
// cross-field rules work on the parsed JSON (maps, slices, json.Number):
// they run on every body, also one that failed the schema, so one answer
// lists every problem. They must tolerate any shape.
type TreeValidator interface {
	ValidateTree(tree any) []dalil.Problem
}

// ValueTreeValidator is implemented (on the value receiver) by a
// TreeValidator input whose tree rules can also be decided on the decoded
// value of a body the schema passed: TreeRulesPass reports whether
// ValidateTree finds no problem in such a body. It lets Decode read such
// bodies in one pass, without a tree (an input with tree rules and without
// it always takes the tree path).
type ValueTreeValidator interface {
	TreeRulesPass() bool
}

// Entry is one declared capability. Build it with Define or Planned.
type Entry struct {
	ID string
	Options
	// planned marks a roadmap entry (Planned). Every other status is
	// derived when it is read: State.
	planned bool
	// evidenced: Out implements Evidenced.
	evidenced bool
	// outType is Out; enc writes it (nil: Marshal does).
	outType reflect.Type
	enc     *outEncoder
	// accepted decodes a stored result and reports Accepted (nil: the
	// output type never is).
	accepted func(data []byte) bool
	// reg is the registry the entry belongs to (nil before one holds it:
	// nothing is then supplied).
	reg *Registry
	// InputSchema and OutputSchema are the published JSON Schemas (2020-12);
	// InputSchema is exactly what Decode enforces.
	InputSchema, OutputSchema *jsonschema.Schema
	InputJSON, OutputJSON     json.RawMessage

	validator *santhosh.Schema
	fast      *fastNode     // proves valid bodies valid cheaply; nil: santhosh only
	tree      TreeValidator // nil when the input has no tree-level rules
	// fastdec reads a valid body in one pass; nil: the tree path only.
	fastdec *fastDecoder
	decode  func(tree any, body []byte) (any, error)
	// rules runs the input's own rules (Validator, ErrorValidator) on a
	// decoded value.
	rules func(v any) error
	// typedStd decodes a body into the input type with encoding/json
	// (DisallowUnknownFields), the reference; typedV2 does the same with
	// json/v2 under typedOptions, faster.
	typedStd, typedV2 func(body []byte) (any, error)
	run               func(ctx context.Context, in any) (any, error)

	// also lists an ErrorValidator's problems on a body that failed the
	// schema; nil for other inputs.
	also func(tree any, schema []dalil.Problem) []dalil.Problem
}

var idPattern = regexp.MustCompile(`^[a-z][a-z0-9_]{1,63}$`)

// Define declares a capability whose input is In and whose result is Out.
// It panics on a bad declaration (bad id, missing path or group, negative
// price, a type that has no JSON Schema), so a broken registry fails at
// start-up and in the registry test, never at call time.
func Define[In, Out any](id string, opts Options, h Handler[In, Out]) Entry {
	if !idPattern.MatchString(id) {
		panic(fmt.Sprintf("capability: bad id %q", id))
	}
	if opts.Path == "" || !strings.HasPrefix(opts.Path, "/api/v1/") {
		panic(fmt.Sprintf("capability %s: path %q must start with /api/v1/", id, opts.Path))
	}
	if strings.HasPrefix(opts.Path, "/api/v1/preview/") {
		panic(fmt.Sprintf("capability %s: path %q is under the free preview route", id, opts.Path))
	}
	if opts.Group == "" || opts.Summary == "" {
		panic(fmt.Sprintf("capability %s: group and summary are required", id))
	}
	if opts.Price < 0 {
		panic(fmt.Sprintf("capability %s: negative price", id))
	}
	if h == nil {
		panic(fmt.Sprintf("capability %s: nil handler", id))
	}
	for _, op := range opts.Operations {
		if !idPattern.MatchString(op.ID) || op.Run == nil || op.Method == "" || !strings.HasPrefix(op.Path, "/api/v1/") {
			panic(fmt.Sprintf("capability %s: bad operation %q", id, op.ID))
		}
	}
	for _, req := range opts.Requires {
		if !req.valid() {
			panic(fmt.Sprintf("capability %s: bad requirement %+v", id, req))
		}
	}
	if p := opts.Preview; p != nil && p.in != reflect.TypeFor[In]() {
		panic(fmt.Sprintf("capability %s: preview takes %v, the capability's input is %v", id, p.in, reflect.TypeFor[In]()))
	}
	if opts.MaxBody == 0 {
		opts.MaxBody = DefaultMaxBody
	}
	in, err := schemaFor(reflect.TypeFor[In](), true)
	if err != nil {
		panic(fmt.Sprintf("capability %s: input schema: %v", id, err))
	}
	if in.Type != "object" {
		panic(fmt.Sprintf("capability %s: input must be a JSON object", id))
	}
	out, err := schemaFor(reflect.TypeFor[Out](), false)
	if err != nil {
		panic(fmt.Sprintf("capability %s: output schema: %v", id, err))
	}
	e := Entry{ID: id, Options: opts, InputSchema: in, OutputSchema: out, evidenced: reflect.TypeFor[Out]().Implements(reflect.TypeFor[Evidenced]()), outType: reflect.TypeFor[Out]()}
	if t := reflect.TypeFor[Out](); t.Implements(reflect.TypeFor[Accepted]()) || reflect.PointerTo(t).Implements(reflect.TypeFor[Accepted]()) {
		e.accepted = func(data []byte) bool {
			var v Out
			if json.Unmarshal(data, &v) != nil {
				return false
			}
			a, ok := any(v).(Accepted)
			if !ok {
				a, ok = any(&v).(Accepted)
			}
			return ok && a.Accepted()
		}
	}
	e.enc = compileEncoder(e.outType)
	var zero In
	e.tree, _ = any(zero).(TreeValidator)
	if _, ok := any(zero).(ErrorValidator); ok {
		e.also = func(tree any, schema []dalil.Problem) []dalil.Problem {
			// Best effort: null every value the schema refused (and drop
			// unknown keys), decode the rest as encoding/json would and run
			// the input's own rules on it.
			for _, p := range schema {
				if p.Path == "" || !clearPath(tree, p.Path) {
					return nil
				}
			}
			b, err := json.Marshal(tree)
			var v In
			if err != nil || json.Unmarshal(b, &v) != nil {
				return nil
			}
			var out []dalil.Problem
		next:
			for _, p := range problemsOf(any(v).(ErrorValidator).ValidateError()) {
				for _, q := range schema {
					if p.Path == q.Path || strings.HasPrefix(p.Path, q.Path+".") {
						continue next // the value was refused already
					}
				}
				out = append(out, p)
			}
			return out
		}
	}
	e.InputJSON = mustJSON(in)
	e.OutputJSON = mustJSON(out)
	e.validator, err = compile(id, e.InputJSON)
	if err != nil {
		panic(fmt.Sprintf("capability %s: compile input schema: %v", id, err))
	}
	e.fast = compileFast(e.validator)
	if root := compileFastDecoder(reflect.TypeFor[In](), e.fast); root != nil {
		_, treeOK := any(zero).(ValueTreeValidator)
		switch {
		case e.tree == nil:
			e.fastdec = &fastDecoder{root: root}
		case treeOK:
			e.fastdec = &fastDecoder{root: root, treeOK: func(v any) bool {
				return v.(ValueTreeValidator).TreeRulesPass()
			}}
		}
	}
	typedStd := func(b []byte) (any, error) {
		var v In
		dec := json.NewDecoder(bytes.NewReader(b))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&v); err != nil {
			return nil, err
		}
		return v, nil
	}
	typedV2 := func(b []byte) (any, error) {
		var v In
		if err := jsonv2.Unmarshal(b, &v, typedOptions); err != nil {
			return nil, err
		}
		return v, nil
	}
	e.typedStd, e.typedV2 = typedStd, typedV2
	e.decode = func(tree any, body []byte) (any, error) {
		b := body
		if b == nil {
			b, _ = json.Marshal(tree)
		}
		// encoding/json's rules, run by the faster json/v2 engine; when
		// it fails, encoding/json itself decides and words the error.
		v, err := typedV2(b)
		if err != nil {
			if v, err = typedStd(b); err != nil {
				// The schema passed, so this is a type the schema cannot
				// express; report it rather than failing the call.
				return nil, dalil.InvalidInput(dalil.Problem{Path: "", Message: "does not match the input schema: " + err.Error()})
			}
		}
		if err := e.rules(v); err != nil {
			return nil, err
		}
		return v, nil
	}
	e.rules = func(v any) error {
		if val, ok := v.(ErrorValidator); ok {
			if err := val.ValidateError(); err != nil {
				return err
			}
		} else if val, ok := v.(Validator); ok {
			if ps := val.Validate(); len(ps) > 0 {
				return dalil.InvalidInput(ps...)
			}
		}
		return nil
	}
	e.run = func(ctx context.Context, in any) (any, error) {
		return h(ctx, in.(In))
	}
	if opts.Example != nil {
		b, _ := json.Marshal(opts.Example)
		if _, err := e.Decode(b); err != nil {
			panic(fmt.Sprintf("capability %s: example input is invalid: %v", id, err))
		}
	}
	return e
}

// typedOptions make json/v2 unmarshal as encoding/json's Decoder with
// DisallowUnknownFields does (the v1 semantics encoding/json itself uses
// when built with GOEXPERIMENT=jsonv2).
var typedOptions = jsonv2.JoinOptions(jsonv1.DefaultOptionsV1(), jsonv2.RejectUnknownMembers(true))

// Planned declares a roadmap capability: listed, never routed.
func Planned(id, group, summary string) Entry {
	if !idPattern.MatchString(id) {
		panic(fmt.Sprintf("capability: bad id %q", id))
	}
	return Entry{ID: id, Options: Options{Group: group, Summary: summary}, planned: true}
}

func mustJSON(s *jsonschema.Schema) json.RawMessage {
	b, err := json.Marshal(s)
	if err != nil {
		panic(err)
	}
	return b
}

func compile(id string, schema json.RawMessage) (*santhosh.Schema, error) {
	doc, err := santhosh.UnmarshalJSON(bytes.NewReader(schema))
	if err != nil {
		return nil, err
	}
	c := santhosh.NewCompiler()
	c.DefaultDraft(santhosh.Draft2020)
	c.AssertFormat()
	url := "dalil:///" + id + ".json"
	if err := c.AddResource(url, doc); err != nil {
		return nil, err
	}
	return c.Compile(url)
}

// Callable reports whether the capability has a handler to route.
func (e *Entry) Callable() bool { return e.run != nil }

// State is the capability's status now: planned for a roadmap entry;
// otherwise derived from its requirements and what its registry's
// options supply (RegistryOptions.Supply), at every call.
func (e *Entry) State() State {
	if e.planned || !e.Callable() {
		return State{Status: StatusPlanned}
	}
	var opts RegistryOptions
	if e.reg != nil {
		opts = e.reg.opts
	}
	return opts.stateOf(e)
}

// StatesEvidence reports whether the capability's result states its
// evidence basis (Evidenced), which then decides its charge.
func (e *Entry) StatesEvidence() bool { return e.evidenced }

// Status is State().Status.
func (e *Entry) Status() Status { return e.State().Status }

// AnswerAccepted reports whether a result the capability returned, as
// the JSON it was sent in (a stored answer replayed), answered 202: its
// output type is Accepted and says so. A replay repeats the status.
func (e *Entry) AnswerAccepted(data []byte) bool { return e.accepted != nil && e.accepted(data) }

// Decode validates a request body against the published input schema and
// the input's own rules, and returns the typed input. Every problem is
// reported as *dalil.Error INVALID_INPUT with dotted paths, except a body
// that is not JSON (MalformedJSONCode, when declared) and what an
// ErrorValidator input answers.
func (e *Entry) Decode(body []byte) (any, error) {
	if e.fastdec != nil {
		// A body the schema certainly takes, read in one pass; anything
		// else is the tree path's to decide and word.
		if v, ok := e.fastdec.decode(body); ok {
			if err := e.rules(v); err != nil {
				return nil, err
			}
			return v, nil
		}
	}
	return e.decodeTree(body)
}

// decodeTree is Decode through the parsed tree: the schema's validator
// (and the compiled check), the tree rules, then the typed decode.
func (e *Entry) decodeTree(body []byte) (any, error) {
	tree, st, perr := parseTree(body)
	if perr != nil {
		if e.MalformedJSONCode != "" && errors.Is(perr, ErrMalformedJSON) {
			perr.Code = e.MalformedJSONCode
			perr.Message = "The request body is not valid JSON; see details. Nothing was charged."
		}
		return nil, perr
	}
	var ps []dalil.Problem
	// The compiled check proves most bodies valid without allocating;
	// anything it cannot prove goes to santhosh, which finds and words
	// every problem.
	if e.fast == nil || !e.fast.valid(tree) {
		if err := e.validator.Validate(tree); err != nil {
			ps = problems(err)
		}
	}
	if e.tree != nil {
		ps = mergeProblems(ps, e.tree.ValidateTree(tree))
	}
	if len(ps) > 0 && e.also != nil {
		ps = mergeProblems(ps, e.also(tree, ps))
	}
	if len(st.outOfRange) > 0 {
		// Report every problem: the numbers out of range (whose stand-in 0
		// may have drawn a schema problem of its own, dropped here) and
		// the rest.
		bad := map[string]bool{}
		for _, p := range st.outOfRange {
			bad[p.Path] = true
		}
		all := append([]dalil.Problem{}, st.outOfRange...)
		for _, p := range ps {
			if !bad[p.Path] {
				all = append(all, p)
			}
		}
		sort.SliceStable(all, func(i, j int) bool { return all[i].Path < all[j].Path })
		return nil, dalil.InvalidInput(all...)
	}
	if len(ps) > 0 {
		return nil, dalil.InvalidInput(ps...)
	}
	if st.rewrote {
		body = nil // decode the normalised tree, not the original text
	}
	return e.decode(tree, body)
}

// Run calls the handler with an input returned by Decode.
func (e *Entry) Run(ctx context.Context, in any) (any, error) {
	if e.run == nil {
		return nil, dalil.Errorf(dalil.CodeNotFound, "capability %s is not available", e.ID)
	}
	return e.run(ctx, in)
}

// Call carries per-call facts a handler may need: who pays, which request.
type Call struct {
	RequestID string
	AccountID string // empty for pay-per-call rails
	Now       time.Time
	// Params are an Operation's path wildcards and query values; Token
	// is its X-Call-Token header (Public operations).
	Params map[string]string
	Token  string
	// How a pay-per-call request is paid (all empty for an account):
	// Rail is the rail's id (dalil.RailX402, RailL402, RailMPP). A call
	// drawn from an MPP budget session also has Session, the session's
	// id, and SessionKey, the draw's idempotency key: together they name
	// the draw, so a capability that charged a maximum (a voice call) can
	// have the unused part given back to the session's budget later.
	Rail       string
	Session    string
	SessionKey string
}

type callKey struct{}

// WithCall returns ctx carrying c.
func WithCall(ctx context.Context, c Call) context.Context {
	return &callContext{Context: ctx, call: c} // one allocation, not two
}

// callContext is ctx carrying call under callKey.
type callContext struct {
	context.Context
	call Call
}

func (c *callContext) Value(key any) any {
	if _, ok := key.(callKey); ok {
		return &c.call
	}
	return c.Context.Value(key)
}

// CallFrom returns the Call stored in ctx, with Now set to the current time
// when absent.
func CallFrom(ctx context.Context) Call {
	var c Call
	if p, _ := ctx.Value(callKey{}).(*Call); p != nil {
		c = *p
	}
	if c.Now.IsZero() {
		c.Now = time.Now().UTC()
	}
	return c
}

// problemsOf lists the problems of an input error: its details as
// []dalil.Problem or FieldErrors.
func problemsOf(de *dalil.Error) []dalil.Problem {
	if de == nil {
		return nil
	}
	switch d := de.Details.(type) {
	case []dalil.Problem:
		return d
	case FieldErrors:
		return d.Problems
	}
	return nil
}

// clearPath sets the value at a dotted path of a parsed body to null (an
// object member is removed). It reports false when the path leads nowhere.
func clearPath(tree any, path string) bool {
	segs := strings.Split(path, ".")
	for i, seg := range segs {
		last := i == len(segs)-1
		switch n := tree.(type) {
		case map[string]any:
			if last {
				delete(n, seg)
				return true
			}
			tree = n[seg]
		case []any:
			j, err := strconv.Atoi(seg)
			if err != nil || j < 0 || j >= len(n) {
				return false
			}
			if last {
				n[j] = nil
				return true
			}
			tree = n[j]
		default:
			return false
		}
	}
	return false
}

// mergeProblems adds extra to ps without repeating a path and message,
// sorted by path.
func mergeProblems(ps, extra []dalil.Problem) []dalil.Problem {
	seen := map[dalil.Problem]bool{}
	var out []dalil.Problem
	for _, p := range append(ps, extra...) {
		if !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	return out
}

// PriceOf is what a call with input in costs: PriceFor(in) when the
// capability prices by input, else Price.
func (e *Entry) PriceOf(in any) dalil.MicroUSD {
	if e.PriceFor == nil {
		return e.Price
	}
	if p := e.PriceFor(in); p > e.Price {
		return p
	}
	return e.Price
}

// OutputType is the capability's result type (Define's Out); nil for a
// planned entry.
func (e *Entry) OutputType() reflect.Type { return e.outType }

// AppendOutput appends out, a result of the capability, to dst as JSON:
// Marshal's bytes exactly, written by a writer compiled from the output
// type when Define could compile one (OutputCompiled), else by Marshal.
// It fails where Marshal fails, with Marshal's error.
func (e *Entry) AppendOutput(dst []byte, out any) ([]byte, error) {
	return e.enc.Append(dst, out)
}

// OutputSize is the size of the last result AppendOutput wrote with the
// compiled writer (0 before the first, or without one): a caller sizes
// the buffer it appends to by it.
func (e *Entry) OutputSize() int {
	if e.enc == nil {
		return 0
	}
	return int(e.enc.size.Load())
}

// OutputCompiled reports whether AppendOutput has a writer compiled from
// the output type (false: Marshal writes every result).
func (e *Entry) OutputCompiled() bool { return e.enc != nil }
