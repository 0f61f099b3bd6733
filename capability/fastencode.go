package capability

import (
	"encoding"
	"encoding/json"
	"math"
	"reflect"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"time"
	"unicode/utf8"

	jsonv2 "github.com/go-json-experiment/json"
)

// An outEncoder writes a capability's output as JSON without json/v2's
// per-call machinery: it is compiled once, at Define, from the output type
// (its fields, tags and kinds), and appends to a caller's buffer. Its bytes
// are Marshal's exactly (marshalOptions: encoding/json's rules, nil lists
// [] and nil maps {}, no HTML escaping, U+2028 and U+2029 escaped, invalid
// UTF-8 written as U+FFFD, floats as ES6 numbers with e-7 not e-07, map
// keys sorted, omitempty in its encoding/json sense, omitzero with IsZero).
//
// Anything it does not know with certainty is left to Marshal:
//   - decided when compiled: a type whose JSON methods only its pointer has
//     (whether they run depends on addressability), an embedded pointer or
//     non-struct, an unexported embedded struct, a tag option other than
//     omitempty and omitzero, a name outside [A-Za-z0-9_-], two fields of
//     one name, a recursive type: the whole output goes to Marshal;
//   - decided when compiled, for one value: a type with its own JSON
//     methods (on the value), a byte slice, an array, a map whose key is not
//     a plain string: that value is written by Marshal, alone, and spliced
//     in (Marshal writes such a value the same alone as inside its parent);
//   - decided when written: NaN or an infinity, a time Marshal refuses, a
//     value Marshal fails on: the whole output is written again by Marshal,
//     which returns its error.
//
// TestEncodeAgreesOnEveryOutput, TestEncodeOnRandomValues and
// FuzzEncodePathsAgree compare the two byte for byte.
type outEncoder struct {
	typ reflect.Type
	fn  encFn
	// size is the length of the last output written, so that the buffer
	// is grown once, not doubled from nothing.
	size atomic.Int64
}

// encFn appends v's JSON to b; false: not certain, Marshal decides.
type encFn func(b []byte, v reflect.Value) ([]byte, bool)

var (
	timeType          = reflect.TypeFor[time.Time]()
	jsonMarshalerType = reflect.TypeFor[json.Marshaler]()
	textMarshalerType = reflect.TypeFor[encoding.TextMarshaler]()
	marshalerToType   = reflect.TypeFor[jsonv2.MarshalerTo]()
	isZeroerType      = reflect.TypeFor[interface{ IsZero() bool }]()
)

// compileEncoder compiles t's writer; nil when the output is Marshal's.
func compileEncoder(t reflect.Type) *outEncoder {
	if t == nil || t.Kind() == reflect.Interface {
		return nil
	}
	c := encCompiler{onStack: map[reflect.Type]bool{}}
	fn := c.compile(t)
	if fn == nil || c.failed || c.topFallback {
		return nil
	}
	return &outEncoder{typ: t, fn: fn}
}

// Append appends out's JSON to dst, Marshal's bytes exactly.
func (o *outEncoder) Append(dst []byte, out any) ([]byte, error) {
	if o != nil {
		if v := reflect.ValueOf(out); v.IsValid() && v.Type() == o.typ {
			n0 := len(dst)
			if need := int(o.size.Load()) + 64; cap(dst)-n0 < need {
				dst = slices.Grow(dst, need)
			}
			if b, ok := o.fn(dst, v); ok {
				if n := int64(len(b) - n0); n != o.size.Load() {
					o.size.Store(n)
				}
				return b, nil
			}
			dst = dst[:n0]
		}
	}
	b, err := Marshal(out)
	if err != nil {
		return dst, err
	}
	return append(dst, b...), nil
}

type encCompiler struct {
	onStack map[reflect.Type]bool
	// failed: the whole output is Marshal's.
	failed bool
	// topFallback: the compiled writer of the type asked for is Marshal
	// itself (nothing gained).
	topFallback bool
	depth       int
}

func hasMarshalMethod(t reflect.Type) bool {
	return t.Implements(jsonMarshalerType) || t.Implements(textMarshalerType) || t.Implements(marshalerToType)
}

// pointerOnlyMethods reports whether a type reachable from t (not through
// an interface) has JSON methods on its pointer that its value has not.
func pointerOnlyMethods(t reflect.Type, seen map[reflect.Type]bool) bool {
	if seen[t] {
		return false
	}
	seen[t] = true
	if t.Kind() != reflect.Interface && t.Kind() != reflect.Pointer {
		pt := reflect.PointerTo(t)
		for _, m := range []reflect.Type{jsonMarshalerType, textMarshalerType, marshalerToType} {
			if pt.Implements(m) && !t.Implements(m) {
				return true
			}
		}
	}
	switch t.Kind() {
	case reflect.Pointer, reflect.Slice, reflect.Array:
		return pointerOnlyMethods(t.Elem(), seen)
	case reflect.Map:
		return pointerOnlyMethods(t.Key(), seen) || pointerOnlyMethods(t.Elem(), seen)
	case reflect.Struct:
		for i := range t.NumField() {
			if pointerOnlyMethods(t.Field(i).Type, seen) {
				return true
			}
		}
	}
	return false
}

// byMarshal writes one value with Marshal, alone.
func byMarshal(b []byte, v reflect.Value) ([]byte, bool) {
	if !v.CanInterface() {
		return b, false
	}
	out, err := jsonv2.Marshal(v.Interface(), marshalOptions)
	if err != nil {
		return b, false
	}
	return append(b, out...), true
}

// fallback is byMarshal for t, or nil (and the whole output is Marshal's)
// when writing t alone could differ from writing it in place.
func (c *encCompiler) fallback(t reflect.Type) encFn {
	if pointerOnlyMethods(t, map[reflect.Type]bool{}) {
		c.failed = true
		return nil
	}
	if c.depth == 1 {
		c.topFallback = true
	}
	return byMarshal
}

func (c *encCompiler) compile(t reflect.Type) encFn {
	c.depth++
	defer func() { c.depth-- }()
	if c.failed {
		return nil
	}
	if c.onStack[t] {
		c.failed = true // a recursive type
		return nil
	}
	if t == timeType {
		return encTime
	}
	if t.Kind() == reflect.Interface {
		return encInterface
	}
	if hasMarshalMethod(t) {
		return c.fallback(t)
	}
	if pt := reflect.PointerTo(t); t.Kind() != reflect.Pointer && hasMarshalMethod(pt) {
		c.failed = true
		return nil
	}
	switch t.Kind() {
	case reflect.Bool:
		return encBool
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return encInt
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return encUint
	case reflect.Float64:
		return encFloat64
	case reflect.Float32:
		return encFloat32
	case reflect.String:
		return encString
	case reflect.Pointer:
		c.onStack[t] = true
		elem := c.compile(t.Elem())
		delete(c.onStack, t)
		if elem == nil {
			return nil
		}
		return func(b []byte, v reflect.Value) ([]byte, bool) {
			if v.IsNil() {
				return append(b, "null"...), true
			}
			return elem(b, v.Elem())
		}
	case reflect.Slice:
		if t.Elem().Kind() == reflect.Uint8 {
			return c.fallback(t)
		}
		c.onStack[t] = true
		elem := c.compile(t.Elem())
		delete(c.onStack, t)
		if elem == nil {
			return nil
		}
		return func(b []byte, v reflect.Value) ([]byte, bool) {
			n := v.Len()
			b = append(b, '[')
			for i := range n {
				if i > 0 {
					b = append(b, ',')
				}
				var ok bool
				if b, ok = elem(b, v.Index(i)); !ok {
					return b, false
				}
			}
			return append(b, ']'), true
		}
	case reflect.Map:
		if k := t.Key(); k.Kind() != reflect.String || hasMarshalMethod(k) || hasMarshalMethod(reflect.PointerTo(k)) {
			return c.fallback(t)
		}
		c.onStack[t] = true
		elem := c.compile(t.Elem())
		delete(c.onStack, t)
		if elem == nil {
			return nil
		}
		return func(b []byte, v reflect.Value) ([]byte, bool) {
			return encMap(b, v, elem)
		}
	case reflect.Struct:
		c.onStack[t] = true
		var fields []encField
		ok := c.collect(t, nil, &fields)
		delete(c.onStack, t)
		if c.failed {
			return nil
		}
		if !ok {
			return c.fallback(t)
		}
		return func(b []byte, v reflect.Value) ([]byte, bool) {
			return encStruct(b, v, fields)
		}
	}
	return c.fallback(t) // arrays, and what Marshal refuses
}

// encField is one member of a struct's object, embedded structs' members
// flattened in place.
type encField struct {
	index     []int
	key       string // `"name":`
	fn        encFn
	omitEmpty bool
	isZero    func(reflect.Value) bool // omitzero; nil: not set
}

// collect appends t's members to fields; false when t is not certain
// (Marshal writes it, as a value).
func (c *encCompiler) collect(t reflect.Type, index []int, fields *[]encField) bool {
	for i := range t.NumField() {
		sf := t.Field(i)
		tag, hasTag := sf.Tag.Lookup("json")
		if tag == "-" {
			continue
		}
		name, opts, _ := cutComma(tag)
		idx := append(slices.Clip(index), i)
		if sf.Anonymous && name == "" {
			ft := sf.Type
			if ft.Kind() != reflect.Struct || !sf.IsExported() || opts != "" || hasTag && tag != "" ||
				hasMarshalMethod(ft) || hasMarshalMethod(reflect.PointerTo(ft)) || ft == timeType || c.onStack[ft] {
				return false
			}
			c.onStack[ft] = true
			ok := c.collect(ft, idx, fields)
			delete(c.onStack, ft)
			if !ok {
				return false
			}
			continue
		}
		if !sf.IsExported() {
			if hasTag {
				return false
			}
			continue
		}
		if name == "" {
			name = sf.Name
		}
		if !plainName(name) {
			return false
		}
		f := encField{index: idx, key: `"` + name + `":`}
		for opts != "" {
			var o string
			o, opts, _ = cutComma(opts)
			switch o {
			case "omitempty":
				f.omitEmpty = true
			case "omitzero":
				f.isZero = zeroTest(sf.Type)
				if f.isZero == nil {
					return false
				}
			default:
				return false
			}
		}
		if f.fn = c.compile(sf.Type); f.fn == nil {
			return false
		}
		for _, g := range *fields {
			if g.key == f.key {
				return false // v1's dominance rules: left to Marshal
			}
		}
		*fields = append(*fields, f)
	}
	return true
}

func cutComma(s string) (before, after string, found bool) {
	for i := 0; i < len(s); i++ {
		if s[i] == ',' {
			return s[:i], s[i+1:], true
		}
	}
	return s, "", false
}

func plainName(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_' || c == '-') {
			return false
		}
	}
	return true
}

// zeroTest is omitzero's test for a field of type t, as json/v2 decides
// it: the type's IsZero method, else the Go zero value; nil when it is
// not certain (IsZero on the pointer only, or on an interface).
func zeroTest(t reflect.Type) func(reflect.Value) bool {
	switch {
	case t == timeType:
		return func(v reflect.Value) bool {
			tt, _ := reflect.TypeAssert[time.Time](v)
			return tt.IsZero()
		}
	case t.Kind() == reflect.Interface:
		if t.Implements(isZeroerType) {
			return nil
		}
		return reflect.Value.IsZero
	case t.Kind() == reflect.Pointer && t.Implements(isZeroerType):
		return func(v reflect.Value) bool {
			return v.IsNil() || v.Interface().(interface{ IsZero() bool }).IsZero()
		}
	case t.Implements(isZeroerType):
		return func(v reflect.Value) bool {
			if !v.CanInterface() {
				return false
			}
			return v.Interface().(interface{ IsZero() bool }).IsZero()
		}
	case reflect.PointerTo(t).Implements(isZeroerType):
		return nil
	}
	return reflect.Value.IsZero
}

// legacyEmpty is encoding/json's empty value, omitempty's test.
func legacyEmpty(v reflect.Value) bool {
	switch v.Kind() {
	case reflect.Bool:
		return !v.Bool()
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return v.Int() == 0
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return v.Uint() == 0
	case reflect.Float32, reflect.Float64:
		return v.Float() == 0
	case reflect.String, reflect.Map, reflect.Slice, reflect.Array:
		return v.Len() == 0
	case reflect.Pointer, reflect.Interface:
		return v.IsNil()
	}
	return false
}

func encStruct(b []byte, v reflect.Value, fields []encField) ([]byte, bool) {
	b = append(b, '{')
	first := true
	for i := range fields {
		f := &fields[i]
		fv := v.Field(f.index[0])
		for _, j := range f.index[1:] {
			fv = fv.Field(j)
		}
		if f.isZero != nil && f.isZero(fv) || f.omitEmpty && legacyEmpty(fv) {
			continue
		}
		if !first {
			b = append(b, ',')
		}
		first = false
		b = append(b, f.key...)
		var ok bool
		if b, ok = f.fn(b, fv); !ok {
			return b, false
		}
	}
	return append(b, '}'), true
}

func encMap(b []byte, v reflect.Value, elem encFn) ([]byte, bool) {
	n := v.Len()
	if n == 0 {
		return append(b, "{}"...), true
	}
	type kv struct {
		k string
		v reflect.Value
	}
	var small [8]kv
	members := small[:0]
	for it := v.MapRange(); it.Next(); {
		members = append(members, kv{it.Key().String(), it.Value()})
	}
	slices.SortFunc(members, func(x, y kv) int {
		switch {
		case x.k < y.k:
			return -1
		case x.k > y.k:
			return 1
		}
		return 0
	})
	b = append(b, '{')
	for i := range members {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendQuoted(b, members[i].k)
		b = append(b, ':')
		var ok bool
		if b, ok = elem(b, members[i].v); !ok {
			return b, false
		}
	}
	return append(b, '}'), true
}

// dynamic holds the writers of the types met in interfaces, compiled on
// first sight.
var dynamic sync.Map // reflect.Type -> dynEnc

type dynEnc struct {
	fn    encFn // nil: Marshal writes the value alone
	whole bool  // Marshal writes the whole output
}

func encInterface(b []byte, v reflect.Value) ([]byte, bool) {
	if v.IsNil() {
		return append(b, "null"...), true
	}
	e := v.Elem()
	t := e.Type()
	var d dynEnc
	if f, ok := dynamic.Load(t); ok {
		d = f.(dynEnc)
	} else {
		c := encCompiler{onStack: map[reflect.Type]bool{}}
		d.fn = c.compile(t)
		d.whole = c.failed || d.fn == nil
		dynamic.Store(t, d)
	}
	if d.whole {
		return b, false
	}
	return d.fn(b, e)
}

func encBool(b []byte, v reflect.Value) ([]byte, bool) {
	if v.Bool() {
		return append(b, "true"...), true
	}
	return append(b, "false"...), true
}

func encInt(b []byte, v reflect.Value) ([]byte, bool) {
	return strconv.AppendInt(b, v.Int(), 10), true
}

func encUint(b []byte, v reflect.Value) ([]byte, bool) {
	return strconv.AppendUint(b, v.Uint(), 10), true
}

func encFloat64(b []byte, v reflect.Value) ([]byte, bool) { return appendFloat(b, v.Float(), 64) }
func encFloat32(b []byte, v reflect.Value) ([]byte, bool) { return appendFloat(b, v.Float(), 32) }

// appendFloat writes f as an ES6 number (json/v2's AppendFloat): 'e' form
// below 1e-6 and from 1e21, its exponent without a leading zero.
func appendFloat(b []byte, f float64, bits int) ([]byte, bool) {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return b, false
	}
	if bits == 32 {
		f = float64(float32(f))
	} else if f == math.Trunc(f) && f != 0 && f > -1<<53 && f < 1<<53 {
		// An integer below 2^53 is its own shortest form, in 'f' form.
		return strconv.AppendInt(b, int64(f), 10), true
	}
	abs := math.Abs(f)
	fmt := byte('f')
	if abs != 0 {
		if bits == 64 && (abs < 1e-6 || abs >= 1e21) || bits == 32 && (float32(abs) < 1e-6 || float32(abs) >= 1e21) {
			fmt = 'e'
		}
	}
	b = strconv.AppendFloat(b, f, fmt, -1, bits)
	if fmt == 'e' {
		if n := len(b); n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
			b[n-2] = b[n-1]
			b = b[:n-1]
		}
	}
	return b, true
}

func encString(b []byte, v reflect.Value) ([]byte, bool) {
	return appendQuoted(b, v.String()), true
}

const (
	lsb = 0x0101010101010101
	msb = 0x8080808080808080
)

// zeroByte has the top bit of each byte of w that is zero set (and maybe
// others above one: only whether any is set is used).
func zeroByte(w uint64) uint64 { return (w - lsb) &^ w }

// plainASCII marks the bytes written as they are inside a string.
var plainASCII = func() (t [utf8.RuneSelf]bool) {
	for c := 0x20; c < utf8.RuneSelf; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

// appendQuoted writes s as a JSON string under marshalOptions: '"', '\\'
// and control characters escaped (\b \f \n \r \t, else \u00xx), '<', '>'
// and '&' as they are, U+2028 and U+2029 escaped, each invalid byte
// replaced by U+FFFD.
func appendQuoted(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		// Eight bytes at a time while none is a control character, '"',
		// '\\' or beyond ASCII.
		for i+8 <= len(s) {
			w := uint64(s[i]) | uint64(s[i+1])<<8 | uint64(s[i+2])<<16 | uint64(s[i+3])<<24 |
				uint64(s[i+4])<<32 | uint64(s[i+5])<<40 | uint64(s[i+6])<<48 | uint64(s[i+7])<<56
			if (w|(w-lsb*0x20)|zeroByte(w^lsb*'"')|zeroByte(w^lsb*'\\'))&msb != 0 {
				break
			}
			i += 8
		}
		if i >= len(s) {
			break
		}
		c := s[i]
		if c < utf8.RuneSelf {
			if plainASCII[c] {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xf])
			}
			i++
			start = i
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			b = append(b, s[start:i]...)
			b = append(b, "\ufffd"...)
		case r == '\u2028' || r == '\u2029':
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hex[r&0xf])
		default:
			i += n
			continue
		}
		i += n
		start = i
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

// encTime writes a time as its MarshalJSON does (RFC 3339 with
// nanoseconds); a year or zone Marshal refuses is left to it.
func encTime(b []byte, v reflect.Value) ([]byte, bool) {
	t, ok := reflect.TypeAssert[time.Time](v)
	if !ok {
		return b, false
	}
	b = append(b, '"')
	n0 := len(b)
	b = t.AppendFormat(b, time.RFC3339Nano)
	s := b[n0:]
	if len(s) < len("2006-01-02T15:04:05Z") || s[4] != '-' {
		return b, false
	}
	if s[len(s)-1] != 'Z' {
		c := s[len(s)-6]
		h := s[len(s)-5:]
		if '0' <= c && c <= '9' || h[0] < '0' || h[0] > '9' || h[1] < '0' || h[1] > '9' || (h[0]-'0')*10+(h[1]-'0') >= 24 {
			return b, false
		}
	}
	return append(b, '"'), true
}
