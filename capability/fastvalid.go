package capability

import (
	"encoding/json"
	"math/big"
	"reflect"
	"strconv"
	"strings"
	"unicode/utf8"

	santhosh "github.com/santhosh-tekuri/jsonschema/v6"
)

// fastNode is one node of a compiled input schema that can prove a parsed
// body valid without allocating. It answers only "certainly valid": on any
// other answer Decode runs the santhosh-tekuri validator, which stays the
// authority on every problem and its wording. A schema using a keyword this
// file does not know compiles to nil, and every body of that capability
// goes to santhosh alone.
//
// Each check below mirrors what santhosh's validator does for the keyword,
// on the same tree, so "certainly valid" here implies that santhosh finds no
// problem (FuzzFastValidMatchesSchema checks it on every registered
// capability).
type fastNode struct {
	anyType bool
	types   uint8 // fast* bits, when !anyType

	// object
	props      map[string]*fastNode
	required   []string
	addlFalse  bool      // additionalProperties: false
	addl       *fastNode // additionalProperties schema, or nil (any)
	minProps   int       // -1: none
	maxProps   int       // -1: none
	minItems   int       // -1: none
	maxItems   int       // -1: none
	items      *fastNode // nil: any
	minLen     int       // -1: none
	maxLen     int       // -1: none
	pattern    santhosh.Regexp
	format     *santhosh.Format
	enum       []string // all enum values are strings; nil: no enum
	min, max   *fastBound
	exMin      *fastBound
	exMax      *fastBound
	anyOf      []*fastNode
	oneOf      []*fastNode // branches with pairwise disjoint types
	ref        *fastNode
	alwaysTrue bool // the boolean schema true
}

// fastTypeBits maps JSON Schema type names to fast* bits.
var fastTypeBits = map[string]uint8{
	"null": fastNull, "boolean": fastBoolean, "number": fastNumber, "integer": fastInteger,
	"string": fastString, "array": fastArray, "object": fastObject,
}

const (
	fastNull uint8 = 1 << iota
	fastBoolean
	fastNumber
	fastInteger
	fastString
	fastArray
	fastObject
)

// fastBound is a numeric bound: its exact value and the float64 nearest to
// it. Rounding to nearest is monotonic, so a number whose float64 is above
// (below) the bound's float64 is above (below) the bound itself; only equal
// float64 values need the exact comparison santhosh makes.
type fastBound struct {
	rat *big.Rat
	f   float64
}

// schemaFields are the santhosh.Schema fields compileFast understands or
// that do not assert anything (annotations, bookkeeping). Any other field
// set in a schema makes it unsupported.
var schemaFields = map[string]bool{
	"DraftVersion": true, "Location": true, "ID": true, "Anchor": true, "DynamicAnchor": true, "RecursiveAnchor": true,
	"Bool": true, "Ref": true, "Types": true, "Enum": true, "AnyOf": true, "OneOf": true, "Format": true,
	"MaxProperties": true, "MinProperties": true, "Required": true, "Properties": true, "AdditionalProperties": true,
	"MinItems": true, "MaxItems": true, "Items2020": true,
	"MinLength": true, "MaxLength": true, "Pattern": true,
	"Maximum": true, "Minimum": true, "ExclusiveMaximum": true, "ExclusiveMinimum": true,
	"Title": true, "Description": true, "Default": true, "Comment": true, "ReadOnly": true, "WriteOnly": true,
	"Examples": true, "Deprecated": true,
}

// compileFast compiles s, or returns nil when s uses anything else.
func compileFast(s *santhosh.Schema) *fastNode {
	c := fastCompiler{done: map[*santhosh.Schema]*fastNode{}}
	n := c.node(s)
	if c.unsupported || c.sameValueCycle() {
		return nil
	}
	return n
}

// sameValueCycle reports whether $ref, anyOf or oneOf lead from a node
// back to itself without descending into the value (santhosh reports such
// a cycle; valid would recurse forever).
func (c *fastCompiler) sameValueCycle() bool {
	state := map[*fastNode]int{} // 1: on the path, 2: done
	var visit func(n *fastNode) bool
	visit = func(n *fastNode) bool {
		switch state[n] {
		case 1:
			return true
		case 2:
			return false
		}
		state[n] = 1
		for _, m := range append(append([]*fastNode{n.ref}, n.anyOf...), n.oneOf...) {
			if m != nil && visit(m) {
				return true
			}
		}
		state[n] = 2
		return false
	}
	for _, n := range c.done {
		if visit(n) {
			return true
		}
	}
	return false
}

type fastCompiler struct {
	done        map[*santhosh.Schema]*fastNode
	unsupported bool
}

func (c *fastCompiler) node(s *santhosh.Schema) *fastNode {
	if n, ok := c.done[s]; ok {
		return n
	}
	n := &fastNode{anyType: true, minProps: -1, maxProps: -1, minItems: -1, maxItems: -1, minLen: -1, maxLen: -1}
	c.done[s] = n
	if s.DraftVersion != 2020 {
		c.unsupported = true
		return n
	}
	v := reflect.ValueOf(s).Elem()
	for i := 0; i < v.NumField(); i++ {
		f := v.Type().Field(i)
		if f.IsExported() && !schemaFields[f.Name] && !v.Field(i).IsZero() {
			c.unsupported = true
			return n
		}
	}
	if s.Bool != nil {
		if !*s.Bool {
			c.unsupported = true // false: nothing is valid; leave it to santhosh
		}
		n.alwaysTrue = true
		return n
	}
	if s.Ref != nil {
		n.ref = c.node(s.Ref)
	}
	if s.Types != nil && !s.Types.IsEmpty() {
		n.anyType = false
		for _, t := range s.Types.ToStrings() {
			bit, ok := fastTypeBits[t]
			if !ok {
				c.unsupported = true
			}
			n.types |= bit
		}
	}
	if s.Enum != nil {
		n.enum = []string{} // non-nil: an enum, even an empty one
		for _, e := range s.Enum.Values {
			str, ok := e.(string)
			if !ok {
				c.unsupported = true
			}
			n.enum = append(n.enum, str)
		}
	}
	n.format = s.Format
	if s.MaxProperties != nil {
		n.maxProps = *s.MaxProperties
	}
	if s.MinProperties != nil {
		n.minProps = *s.MinProperties
	}
	n.required = s.Required
	if len(s.Properties) > 0 {
		n.props = make(map[string]*fastNode, len(s.Properties))
		for name, ps := range s.Properties {
			n.props[name] = c.node(ps)
		}
	}
	switch a := s.AdditionalProperties.(type) {
	case nil:
	case bool:
		n.addlFalse = !a
	case *santhosh.Schema:
		n.addl = c.node(a)
	default:
		c.unsupported = true
	}
	if s.MinItems != nil {
		n.minItems = *s.MinItems
	}
	if s.MaxItems != nil {
		n.maxItems = *s.MaxItems
	}
	if s.Items2020 != nil {
		n.items = c.node(s.Items2020)
	}
	if s.MinLength != nil {
		n.minLen = *s.MinLength
	}
	if s.MaxLength != nil {
		n.maxLen = *s.MaxLength
	}
	n.pattern = s.Pattern
	n.min, n.max = bound(s.Minimum), bound(s.Maximum)
	n.exMin, n.exMax = bound(s.ExclusiveMinimum), bound(s.ExclusiveMaximum)
	for _, b := range s.AnyOf {
		n.anyOf = append(n.anyOf, c.node(b))
	}
	var seen uint8
	for _, b := range s.OneOf {
		bn := c.node(b)
		t := bn.types
		if t&fastInteger != 0 {
			t |= fastNumber // an integer is a number: overlapping
		}
		if bn.anyType || t&seen != 0 {
			c.unsupported = true // only branches told apart by type
		}
		seen |= t
		n.oneOf = append(n.oneOf, bn)
	}
	return n
}

func bound(r *big.Rat) *fastBound {
	if r == nil {
		return nil
	}
	f, _ := r.Float64()
	return &fastBound{rat: r, f: f}
}

// typeOf is the fast* bit of a tree value (numbers: fastNumber), 0 for a
// value no JSON parse produces.
func fastTypeOf(v any) uint8 {
	switch v.(type) {
	case nil:
		return fastNull
	case bool:
		return fastBoolean
	case json.Number:
		return fastNumber
	case string:
		return fastString
	case []any:
		return fastArray
	case map[string]any:
		return fastObject
	}
	return 0
}

// typeOK: the node's type list holds the value's type (an integral number
// counts for "integer", judged exactly as santhosh does).
func (n *fastNode) typeOK(v any) bool {
	if n.anyType {
		return true
	}
	t := fastTypeOf(v)
	if n.types&t != 0 {
		return true
	}
	if t == fastNumber && n.types&fastInteger != 0 {
		return isIntegral(string(v.(json.Number)))
	}
	return false
}

// isIntegral reports whether a JSON number literal is an integer, as
// santhosh decides it (on the exact decimal value).
func isIntegral(lit string) bool {
	if !strings.ContainsAny(lit, ".eE") {
		return true
	}
	r, ok := new(big.Rat).SetString(lit)
	return ok && r.IsInt()
}

// valid reports whether v is certainly valid against n.
func (n *fastNode) valid(v any) bool {
	if n.alwaysTrue {
		return true
	}
	if fastTypeOf(v) == 0 || !n.typeOK(v) {
		return false
	}
	if n.enum != nil {
		s, ok := v.(string)
		if !ok {
			return false
		}
		found := false
		for _, e := range n.enum {
			if e == s {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	if n.format != nil && n.format.Validate(v) != nil {
		return false
	}
	if n.ref != nil && !n.ref.valid(v) {
		return false
	}
	switch v := v.(type) {
	case map[string]any:
		if !n.objectValid(v) {
			return false
		}
	case []any:
		if n.minItems >= 0 && len(v) < n.minItems || n.maxItems >= 0 && len(v) > n.maxItems {
			return false
		}
		if n.items != nil {
			for _, item := range v {
				if !n.items.valid(item) {
					return false
				}
			}
		}
	case string:
		if n.minLen >= 0 || n.maxLen >= 0 {
			l := utf8.RuneCountInString(v)
			if n.minLen >= 0 && l < n.minLen || n.maxLen >= 0 && l > n.maxLen {
				return false
			}
		}
		if n.pattern != nil && !n.pattern.MatchString(v) {
			return false
		}
	case json.Number:
		if !n.numberValid(string(v)) {
			return false
		}
	}
	if len(n.anyOf) > 0 {
		ok := false
		for _, b := range n.anyOf {
			if b.valid(v) {
				ok = true
				break
			}
		}
		if !ok {
			return false
		}
	}
	if len(n.oneOf) > 0 {
		// The branches' types are disjoint, so every branch but the one
		// whose type fits fails santhosh's type check: exactly one can
		// match, and it must.
		ok := false
		for _, b := range n.oneOf {
			if b.typeOK(v) {
				ok = b.valid(v)
				break
			}
		}
		if !ok {
			return false
		}
	}
	return true
}

func (n *fastNode) objectValid(obj map[string]any) bool {
	if n.minProps >= 0 && len(obj) < n.minProps || n.maxProps >= 0 && len(obj) > n.maxProps {
		return false
	}
	for _, r := range n.required {
		if _, ok := obj[r]; !ok {
			return false
		}
	}
	for name, val := range obj {
		if ps, ok := n.props[name]; ok {
			if !ps.valid(val) {
				return false
			}
			continue
		}
		if n.addlFalse {
			return false
		}
		if n.addl != nil && !n.addl.valid(val) {
			return false
		}
	}
	return true
}

func (n *fastNode) numberValid(lit string) bool {
	if n.min == nil && n.max == nil && n.exMin == nil && n.exMax == nil {
		return true
	}
	f, err := strconv.ParseFloat(lit, 64)
	if err != nil {
		return false
	}
	// cmp is the sign of lit - b, exact; exact is false when the literal
	// is no decimal big.Rat reads (never for a JSON number).
	exact := true
	cmp := func(b *fastBound) int {
		switch {
		case f > b.f:
			return 1
		case f < b.f:
			return -1
		}
		r, ok := new(big.Rat).SetString(lit)
		if !ok {
			exact = false
			return 0
		}
		return r.Cmp(b.rat)
	}
	if n.min != nil && cmp(n.min) < 0 {
		return false
	}
	if n.max != nil && cmp(n.max) > 0 {
		return false
	}
	if n.exMin != nil && cmp(n.exMin) <= 0 {
		return false
	}
	if n.exMax != nil && cmp(n.exMax) >= 0 {
		return false
	}
	return exact
}
