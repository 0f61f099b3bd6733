package capability

import (
	"bytes"
	"encoding"
	"encoding/json"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"
	"unsafe"

	jsonv2 "github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"
)

// A fastDecoder reads a body in one pass straight into the input type,
// checking the compiled schema (fastNode) as it reads, without building a
// tree or parsing the body twice. Like the fast check, it answers only
// "certainly valid, and this is the value": on anything else (a problem, a
// number that needs normalising, a duplicate key, a value it does not know)
// it gives up and Decode takes the tree path, which finds and words every
// problem. So every refusal, and its wording, is the tree path's.
//
// It supports the plain shapes inputs are made of: structs whose schema
// refuses unknown fields, float64, integers, strings, booleans, pointers to
// them and slices of them. An input type with anything else (maps, any,
// embedded structs, a type with its own JSON methods, a schema with $ref or
// a union) compiles to nil and always takes the tree path.
// FuzzDecodePathsAgree checks that both paths answer alike.
type fastDecoder struct {
	root *fdType
	// treeOK decides an input's tree rules on the decoded value
	// (ValueTreeValidator), as decode returns it; nil when the input has
	// none.
	treeOK func(v any) bool
}

type fdKind uint8

const (
	fdFloat fdKind = iota + 1
	fdInt
	fdUint
	fdString
	fdBool
	fdStruct
	fdSlice
	fdPtr
)

// fdType is one Go type with the schema node its values are checked by.
type fdType struct {
	kind   fdKind
	typ    reflect.Type
	node   *fastNode
	bits   int       // of an integer or a float
	elem   *fdType   // of a pointer (same node) or a slice (the items' node)
	fields []fdField // of a struct
	names  map[string]int
	req    uint64 // of a struct: the required fields, by bit
}

type fdField struct {
	index int // in the struct
	t     *fdType
}

var (
	jsonUnmarshaler   = reflect.TypeFor[json.Unmarshaler]()
	textUnmarshaler   = reflect.TypeFor[encoding.TextUnmarshaler]()
	v2Unmarshaler     = reflect.TypeFor[jsonv2.Unmarshaler]()
	v2UnmarshalerFrom = reflect.TypeFor[jsonv2.UnmarshalerFrom]()
)

// compileFastDecoder compiles the input type t against its compiled
// schema, or returns nil when either uses anything it does not support.
func compileFastDecoder(t reflect.Type, n *fastNode) *fdType {
	if n == nil {
		return nil
	}
	c := fdCompiler{visiting: map[reflect.Type]bool{}}
	root := c.typ(t, n)
	if c.unsupported || root.kind != fdStruct {
		return nil
	}
	return root
}

type fdCompiler struct {
	visiting    map[reflect.Type]bool
	unsupported bool
}

func (c *fdCompiler) typ(t reflect.Type, n *fastNode) *fdType {
	ft := &fdType{typ: t, node: n}
	if n == nil || n.alwaysTrue || n.ref != nil || len(n.anyOf) > 0 || len(n.oneOf) > 0 || c.visiting[t] {
		c.unsupported = true
		return ft
	}
	for _, u := range []reflect.Type{jsonUnmarshaler, textUnmarshaler, v2Unmarshaler, v2UnmarshalerFrom} {
		if t.Implements(u) || reflect.PointerTo(t).Implements(u) {
			c.unsupported = true
			return ft
		}
	}
	c.visiting[t] = true
	defer delete(c.visiting, t)
	switch t.Kind() {
	case reflect.Float32, reflect.Float64:
		ft.kind, ft.bits = fdFloat, t.Bits()
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		ft.kind, ft.bits = fdInt, t.Bits()
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		ft.kind, ft.bits = fdUint, t.Bits()
	case reflect.String:
		ft.kind = fdString
	case reflect.Bool:
		ft.kind = fdBool
	case reflect.Pointer:
		ft.kind = fdPtr
		ft.elem = c.typ(t.Elem(), n)
	case reflect.Slice:
		if t.Elem().Kind() == reflect.Uint8 {
			c.unsupported = true // []byte is base64 text
			return ft
		}
		ft.kind = fdSlice
		ft.elem = c.typ(t.Elem(), n.items)
	case reflect.Struct:
		ft.kind = fdStruct
		c.structFields(ft, n)
	default:
		c.unsupported = true
	}
	return ft
}

// structFields maps a struct's fields to its schema's properties: the
// same names both ways, unknown fields refused by the schema.
func (c *fdCompiler) structFields(ft *fdType, n *fastNode) {
	t := ft.typ
	if !n.addlFalse || n.format != nil || n.enum != nil {
		c.unsupported = true
		return
	}
	ft.names = map[string]int{}
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if f.Anonymous {
			c.unsupported = true
			return
		}
		if !f.IsExported() {
			continue
		}
		tag := f.Tag.Get("json")
		if tag == "-" {
			continue
		}
		name, opts, _ := strings.Cut(tag, ",")
		for o := range strings.SplitSeq(opts, ",") {
			if o != "" && o != "omitempty" && o != "omitzero" {
				c.unsupported = true
				return
			}
		}
		if name == "" {
			name = f.Name
		}
		pn, ok := n.props[name]
		if _, dup := ft.names[name]; !ok || dup {
			c.unsupported = true
			return
		}
		ft.names[name] = len(ft.fields)
		ft.fields = append(ft.fields, fdField{index: i, t: c.typ(f.Type, pn)})
	}
	if len(ft.fields) != len(n.props) || len(ft.fields) > 64 {
		c.unsupported = true
		return
	}
	for _, r := range n.required {
		k, ok := ft.names[r]
		if !ok {
			c.unsupported = true
			return
		}
		ft.req |= 1 << k
	}
}

// fdState is one decode's reader, pooled.
type fdState struct {
	dec jsontext.Decoder
	src bytes.Reader
}

var fdStates = sync.Pool{New: func() any { return new(fdState) }}

// decode returns the body's typed value (of root's type), or ok false
// when the tree path must decide.
func (d *fastDecoder) decode(body []byte) (v any, ok bool) {
	s := fdStates.Get().(*fdState)
	s.src.Reset(body)
	s.dec.Reset(&s.src, parseOpts)
	rv := reflect.New(d.root.typ).Elem()
	// Anything but whitespace after the value is the tree path's to
	// refuse.
	ok = s.value(d.root, rv) && len(bytes.TrimLeft(body[s.dec.InputOffset():], " \t\r\n")) == 0
	s.dec.Reset(eofReader{}, parseOpts)
	s.src.Reset(nil)
	fdStates.Put(s)
	if !ok {
		return nil, false
	}
	// Boxed once, for the tree rules and the caller: each Interface
	// copies the value to the heap.
	v = rv.Interface()
	if d.treeOK != nil && !d.treeOK(v) {
		return nil, false
	}
	return v, true
}

// value reads one value into rv, checked against t's node.
func (s *fdState) value(t *fdType, rv reflect.Value) bool {
	n := t.node
	switch s.dec.PeekKind() {
	case 'n':
		// Only where the schema takes null; as json/v2 under v1
		// semantics: a pointer or slice becomes nil, anything else
		// keeps its (zero) value.
		if !n.anyType && n.types&fastNull == 0 || n.enum != nil || n.format != nil {
			return false
		}
		if _, err := s.dec.ReadToken(); err != nil {
			return false
		}
		if t.kind == fdPtr || t.kind == fdSlice {
			rv.SetZero()
		}
		return true
	case 0:
		return false
	}
	switch t.kind {
	case fdPtr:
		p := reflect.New(t.elem.typ)
		if !s.value(t.elem, p.Elem()) {
			return false
		}
		rv.Set(p)
		return true
	case fdStruct:
		return s.object(t, rv)
	case fdSlice:
		return s.array(t, rv)
	}
	raw, err := s.dec.ReadValue()
	if err != nil {
		return false
	}
	switch t.kind {
	case fdString:
		if raw[0] != '"' || !n.anyType && n.types&fastString == 0 {
			return false
		}
		str, ok := unquote(raw)
		if !ok || !n.stringValid(str) {
			return false
		}
		rv.SetString(str)
		return true
	case fdBool:
		if raw[0] != 't' && raw[0] != 'f' || n.enum != nil || n.format != nil || !n.anyType && n.types&fastBoolean == 0 {
			return false
		}
		rv.SetBool(raw[0] == 't')
		return true
	}
	if raw[0] != '-' && (raw[0] < '0' || raw[0] > '9') || n.enum != nil || n.format != nil {
		return false
	}
	// A view of the literal for the checks and the parse below, none of
	// which keeps it: raw is the decoder's buffer, valid until its next
	// read.
	lit := unsafe.String(unsafe.SliceData(raw), len(raw))
	// A literal the tree path would rewrite (3.0, 1e2) or refuse (out of
	// range) is left to it.
	if !plainInteger(raw) {
		if out, rewrote, problem := normalizeNumber(lit); rewrote || problem != "" || out != lit {
			return false
		}
	}
	integral := strings.IndexByte(lit, '.') < 0
	if !n.anyType && n.types&fastNumber == 0 && !(n.types&fastInteger != 0 && integral) {
		return false
	}
	if !n.numberValid(lit) {
		return false
	}
	switch t.kind {
	case fdFloat:
		f, err := strconv.ParseFloat(lit, t.bits)
		if err != nil {
			return false
		}
		rv.SetFloat(f)
	case fdInt:
		i, err := strconv.ParseInt(lit, 10, t.bits)
		if err != nil {
			return false
		}
		rv.SetInt(i)
	case fdUint:
		u, err := strconv.ParseUint(lit, 10, t.bits)
		if err != nil {
			return false
		}
		rv.SetUint(u)
	default:
		return false
	}
	return true
}

// stringValid is fastNode.valid for a string value, without boxing it
// (but for a format check).
func (n *fastNode) stringValid(v string) bool {
	if n.enum != nil && !slices.Contains(n.enum, v) {
		return false
	}
	if n.format != nil && n.format.Validate(v) != nil {
		return false
	}
	if n.minLen >= 0 || n.maxLen >= 0 {
		l := utf8.RuneCountInString(v)
		if n.minLen >= 0 && l < n.minLen || n.maxLen >= 0 && l > n.maxLen {
			return false
		}
	}
	return n.pattern == nil || n.pattern.MatchString(v)
}

// plainInteger: an integer literal that normalizeNumber keeps as it is
// (digits, a sign, at most 64 characters).
func plainInteger(lit []byte) bool {
	if len(lit) > 64 {
		return false
	}
	for i, c := range lit {
		if (c < '0' || c > '9') && (i > 0 || c != '-') {
			return false
		}
	}
	return true
}

// unquote is a JSON string's value (raw, as jsontext read and checked it).
func unquote(raw []byte) (string, bool) {
	body := raw[1 : len(raw)-1]
	if bytes.IndexByte(body, '\\') < 0 {
		return string(body), true
	}
	b, err := jsontext.AppendUnquote(nil, raw)
	return string(b), err == nil
}

func (s *fdState) object(t *fdType, rv reflect.Value) bool {
	n := t.node
	if tok, err := s.dec.ReadToken(); err != nil || tok.Kind() != '{' || !n.anyType && n.types&fastObject == 0 {
		return false
	}
	var seen uint64
	count := 0
	for s.dec.PeekKind() != '}' {
		name, err := s.dec.ReadValue()
		if err != nil || name[0] != '"' || bytes.IndexByte(name, '\\') >= 0 {
			return false // an escaped name is left to the tree path
		}
		k, ok := t.names[string(name[1:len(name)-1])]
		if !ok || seen&(1<<k) != 0 {
			return false // an unknown field, or a duplicate key
		}
		seen |= 1 << k
		count++
		f := t.fields[k]
		if !s.value(f.t, rv.Field(f.index)) {
			return false
		}
	}
	if _, err := s.dec.ReadToken(); err != nil {
		return false
	}
	return seen&t.req == t.req && (n.minProps < 0 || count >= n.minProps) && (n.maxProps < 0 || count <= n.maxProps)
}

func (s *fdState) array(t *fdType, rv reflect.Value) bool {
	n := t.node
	if tok, err := s.dec.ReadToken(); err != nil || tok.Kind() != '[' || !n.anyType && n.types&fastArray == 0 || n.enum != nil || n.format != nil {
		return false
	}
	sl := reflect.MakeSlice(t.typ, 0, 0)
	for s.dec.PeekKind() != ']' {
		if n.maxItems >= 0 && sl.Len() >= n.maxItems {
			return false
		}
		sl = reflect.Append(sl, reflect.Zero(t.elem.typ))
		if !s.value(t.elem, sl.Index(sl.Len()-1)) {
			return false
		}
	}
	if _, err := s.dec.ReadToken(); err != nil || n.minItems >= 0 && sl.Len() < n.minItems {
		return false
	}
	rv.Set(sl)
	return true
}
