package capability

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"dalil"

	"github.com/go-json-experiment/json/jsontext"
	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"
)

// maxDepth bounds nesting so a hostile body cannot exhaust the stack.
const maxDepth = 64

// ErrMalformedJSON is the cause (dalil.Error.Err) of the INVALID_INPUT
// error for a body that is not JSON at all: a syntax error, a body that
// ends too early, or data after the value. Duplicate keys, deep nesting and
// numbers out of range are well-formed JSON and are not marked.
// Options.MalformedJSONCode answers such a body with another code.
var ErrMalformedJSON = errors.New("malformed JSON")

// parseBody reads body as exactly one JSON value and returns it as a tree of
// map[string]any, []any, string, bool, nil and json.Number. It refuses what
// encoding/json would silently accept: duplicate object keys, trailing
// values, numbers beyond float64, invalid UTF-8 (raw or as an escaped lone
// surrogate). Integral numbers written with a fraction or exponent become
// integers (3.0 becomes 3), so the schema validator and the typed decoder
// agree.
func parseBody(body []byte) (any, bool, *dalil.Error) {
	v, st, err := parseTree(body)
	if err != nil {
		return nil, false, err
	}
	if len(st.outOfRange) > 0 {
		return nil, false, dalil.InvalidInput(st.outOfRange...)
	}
	return v, st.rewrote, nil
}

// parseState is what a parse learned besides the tree.
type parseState struct {
	rewrote    bool            // a number was normalised
	outOfRange []dalil.Problem // numbers beyond float64, replaced by 0 in the tree
}

// treeParser walks a body with a jsontext.Decoder (RFC 8259 syntax, UTF-8
// checked, one token at a time without a per-token allocation). Paths are
// kept as a stack of segments and joined only when a problem is reported.
type treeParser struct {
	dec  jsontext.Decoder
	src  bytes.Buffer
	segs []pathSeg
	st   *parseState
}

// pathSeg is one step of a path: an object key, or an array index when
// key is empty and index >= 0.
type pathSeg struct {
	key   string
	index int
}

var parsers = sync.Pool{New: func() any { return new(treeParser) }}

// Duplicate names are checked by object (to report the key at its
// path); everything else is jsontext's strict default.
var parseOpts = jsontext.AllowDuplicateNames(true)

// parseTree is parseBody that keeps going past numbers out of range (they
// become 0 and are listed), so the schema can report the other problems.
func parseTree(body []byte) (any, *parseState, *dalil.Error) {
	p := parsers.Get().(*treeParser)
	st := &parseState{}
	p.src = *bytes.NewBuffer(body)
	p.dec.Reset(&p.src, parseOpts)
	p.segs, p.st = p.segs[:0], st
	v, err := p.value(0)
	if err == nil {
		// Anything but whitespace after the value (another value, or
		// bytes that are no JSON at all) is refused alike.
		if len(bytes.TrimLeft(body[p.dec.InputOffset():], " \t\r\n")) > 0 {
			err = malformed(dalil.InvalidInput(dalil.Problem{Path: "", Message: "the body must hold exactly one JSON value"}))
		}
	}
	// Drop every reference into body before pooling.
	p.dec.Reset(eofReader{}, parseOpts)
	p.src = bytes.Buffer{}
	clear(p.segs[:cap(p.segs)])
	p.st = nil
	parsers.Put(p)
	if err != nil {
		return nil, nil, err
	}
	return v, st, nil
}

type eofReader struct{}

func (eofReader) Read([]byte) (int, error) { return 0, io.EOF }

// path renders the current path in dotted form ("properties.2.name"),
// joined as join does (an empty key at the root adds no dot).
func (p *treeParser) path() string {
	path := ""
	for _, s := range p.segs {
		if s.index >= 0 {
			path = join(path, strconv.Itoa(s.index))
		} else {
			path = join(path, s.key)
		}
	}
	return path
}

func (p *treeParser) problem(msg string) *dalil.Error {
	return dalil.InvalidInput(dalil.Problem{Path: p.path(), Message: msg})
}

func (p *treeParser) value(depth int) (any, *dalil.Error) {
	if depth > maxDepth {
		return nil, p.problem(fmt.Sprintf("nesting deeper than %d levels", maxDepth))
	}
	tok, err := p.dec.ReadToken()
	if err != nil {
		return nil, p.syntaxProblem(err)
	}
	switch tok.Kind() {
	case '{':
		return p.object(depth)
	case '[':
		return p.array(depth)
	case '"':
		return tok.String(), nil
	case '0':
		return p.number(tok.String()), nil
	case 't':
		return true, nil
	case 'f':
		return false, nil
	case 'n':
		return nil, nil
	}
	return nil, malformed(p.problem("malformed JSON"))
}

func (p *treeParser) object(depth int) (any, *dalil.Error) {
	obj := map[string]any{}
	for {
		k := p.dec.PeekKind()
		if k == '}' {
			break
		}
		// An invalid next token (PeekKind 0) is reported by ReadToken.
		kt, err := p.dec.ReadToken()
		if err != nil {
			if strings.IndexByte("ntf0{[", byte(k)) >= 0 && (errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF)) {
				// "{n" is no object however it would go on; jsontext
				// first reads the literal and finds the end.
				return nil, malformed(p.problem(fmt.Sprintf("malformed JSON at byte %d: object member name must be a string", p.nextOffset())))
			}
			return nil, p.syntaxProblem(err)
		}
		if kt.Kind() != '"' {
			return nil, malformed(p.problem("malformed JSON object"))
		}
		key := kt.String()
		p.segs = append(p.segs, pathSeg{key: key, index: -1})
		if _, dup := obj[key]; dup {
			return nil, p.problem("duplicate key " + strconv.Quote(key))
		}
		v, perr := p.value(depth + 1)
		if perr != nil {
			return nil, perr
		}
		p.segs = p.segs[:len(p.segs)-1]
		obj[key] = v
	}
	if _, err := p.dec.ReadToken(); err != nil {
		return nil, p.syntaxProblem(err)
	}
	return obj, nil
}

func (p *treeParser) array(depth int) (any, *dalil.Error) {
	arr := []any{}
	for i := 0; ; i++ {
		k := p.dec.PeekKind()
		if k == ']' || k == '}' || k == 0 && p.atEnd() {
			// As with encoding/json's Decoder.More: at a '}' or the
			// end, the read of ']' below reports the error at the
			// array, not at a next element.
			break
		}
		p.segs = append(p.segs, pathSeg{index: i})
		v, perr := p.value(depth + 1)
		if perr != nil {
			return nil, perr
		}
		p.segs = p.segs[:len(p.segs)-1]
		arr = append(arr, v)
	}
	if _, err := p.dec.ReadToken(); err != nil {
		return nil, p.syntaxProblem(err)
	}
	return arr, nil
}

// atEnd reports whether what is left after the last token, past
// whitespace, is nothing or a closing delimiter. A read error there
// concerns the container, not a next element; this keeps the paths of such
// errors what they were with encoding/json's Decoder.More.
func (p *treeParser) atEnd() bool {
	rest := bytes.TrimLeft(p.dec.UnreadBuffer(), " \t\r\n")
	return len(rest) == 0 || rest[0] == ']' || rest[0] == '}'
}

// nextOffset is the offset of the next token: past whitespace and a comma
// after the last one read.
func (p *treeParser) nextOffset() int64 {
	unread := p.dec.UnreadBuffer()
	rest := bytes.TrimLeft(unread, " \t\r\n")
	if len(rest) > 0 && rest[0] == ',' {
		rest = bytes.TrimLeft(rest[1:], " \t\r\n")
	}
	return p.dec.InputOffset() + int64(len(unread)-len(rest))
}

// number turns a JSON number literal (valid syntax, checked by jsontext)
// into the json.Number the tree holds.
func (p *treeParser) number(lit string) json.Number {
	out, rewrote, problem := normalizeNumber(lit)
	if problem != "" {
		p.st.outOfRange = append(p.st.outOfRange, dalil.Problem{Path: p.path(), Message: problem})
		return json.Number("0")
	}
	if rewrote {
		p.st.rewrote = true
	}
	return json.Number(out)
}

// maxSignificantDigits bounds a number's significant digits: far beyond
// any amount or measure, and it keeps exact comparison cheap.
const maxSignificantDigits = 100

// normalizeNumber returns the literal the tree holds for a JSON number,
// exactly: never through float64, so the schema validator and the typed
// decoder see the value the caller sent. The caller's digits are kept,
// except that exponent forms are written out in plain decimal (1.5e2 is
// 150, 1155.00000000000000001e0 stays exact) and whole numbers written
// with a fraction become integers (3.0 is 3), which JSON Schema and Go
// integers both accept. A number beyond float64 (1e400), too close to zero
// to be one (1e-400), or with more than maxSignificantDigits significant
// digits is refused with the problem's text.
func normalizeNumber(lit string) (out string, rewrote bool, problem string) {
	hasExp := strings.ContainsAny(lit, "eE")
	if !hasExp && !strings.Contains(lit, ".") && len(lit) <= 64 {
		return lit, false, "" // a plain integer of at most 64 characters
	}
	const outOfRange = "number is out of range"
	neg := strings.HasPrefix(lit, "-")
	mant, exp := strings.TrimPrefix(lit, "-"), 0
	if i := strings.IndexAny(mant, "eE"); i >= 0 {
		e, err := strconv.Atoi(mant[i+1:])
		if err != nil {
			e = math.MaxInt32 // beyond any float64; decided below by the digits
			if strings.HasPrefix(mant[i+1:], "-") {
				e = math.MinInt32
			}
		}
		mant, exp = mant[:i], e
	}
	intPart, frac, _ := strings.Cut(mant, ".")
	// The value is digits × 10^k.
	digits, k := strings.TrimLeft(intPart+frac, "0"), int64(exp)-int64(len(frac))
	if digits == "" {
		return "0", lit != "0", ""
	}
	trimmed := strings.TrimRight(digits, "0")
	k += int64(len(digits) - len(trimmed))
	digits = trimmed
	if len(digits) > maxSignificantDigits {
		return "", false, fmt.Sprintf("number has more than %d significant digits", maxSignificantDigits)
	}
	// The decimal exponent of the leading digit decides the range:
	// float64 spans about 4.9e-324 to 1.8e308.
	if lead := k + int64(len(digits)) - 1; lead > 308 || lead < -324 {
		return "", false, outOfRange
	}
	if f, err := strconv.ParseFloat(lit, 64); err != nil || math.IsInf(f, 0) || f == 0 {
		return "", false, outOfRange
	}
	whole := k >= 0
	if !hasExp && !whole {
		return lit, false, "" // a plain decimal: the caller's digits
	}
	if !hasExp && whole && !strings.Contains(lit, ".") {
		return lit, false, "" // a long plain integer, exact as written
	}
	var b strings.Builder
	if neg {
		b.WriteByte('-')
	}
	switch point := int64(len(digits)) + k; {
	case whole:
		b.WriteString(digits)
		b.WriteString(strings.Repeat("0", int(k)))
	case point > 0:
		b.WriteString(digits[:point])
		b.WriteByte('.')
		b.WriteString(digits[point:])
	default:
		b.WriteString("0.")
		b.WriteString(strings.Repeat("0", int(-point)))
		b.WriteString(digits)
	}
	return b.String(), true, ""
}

// syntaxProblem reports a jsontext read error at the current path: a body
// that stops inside a value, or the first byte that is not JSON there
// (offset counted from 0).
func (p *treeParser) syntaxProblem(err error) *dalil.Error {
	msg := "malformed JSON"
	var se *jsontext.SyntacticError
	switch {
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		msg = "malformed JSON: the body ends too early"
	case errors.As(err, &se) && se.Err != nil:
		msg = fmt.Sprintf("malformed JSON at byte %d: %s", se.ByteOffset, se.Err)
	case errors.As(err, &se):
		msg = fmt.Sprintf("malformed JSON at byte %d", se.ByteOffset)
	}
	return malformed(p.problem(msg))
}

// malformed marks e as the answer to a body that is not JSON.
func malformed(e *dalil.Error) *dalil.Error {
	e.Err = ErrMalformedJSON
	return e
}

func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

// problems turns a validator error into one Problem per leaf failure,
// sorted by path so the order is stable.
func problems(err error) []dalil.Problem {
	var ve *jsonschema.ValidationError
	if !errors.As(err, &ve) {
		return []dalil.Problem{{Path: "", Message: "invalid input"}}
	}
	var out []dalil.Problem
	collect(ve, &out)
	sort.SliceStable(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	// Identical problems can come from several branches of the schema.
	dedup := out[:0]
	for i, p := range out {
		if i > 0 && p == out[i-1] {
			continue
		}
		dedup = append(dedup, p)
	}
	return dedup
}

func collect(ve *jsonschema.ValidationError, out *[]dalil.Problem) {
	switch ve.ErrorKind.(type) {
	case *kind.OneOf, *kind.AnyOf:
		if len(ve.Causes) > 0 {
			collectUnion(ve, out)
			return
		}
	}
	if len(ve.Causes) > 0 {
		for _, c := range ve.Causes {
			collect(c, out)
		}
		return
	}
	path := strings.Join(ve.InstanceLocation, ".")
	switch k := ve.ErrorKind.(type) {
	case *kind.AdditionalProperties:
		for _, p := range k.Properties {
			*out = append(*out, dalil.Problem{Path: join(path, p), Message: "unknown field; remove it (see the published input schema)"})
		}
	case *kind.Required:
		for _, m := range k.Missing {
			*out = append(*out, dalil.Problem{Path: join(path, m), Message: "required field is missing"})
		}
	case *kind.Type:
		*out = append(*out, dalil.Problem{Path: path, Message: fmt.Sprintf("must be %s, not %s", strings.Join(k.Want, " or "), k.Got)})
	case *kind.Minimum:
		*out = append(*out, dalil.Problem{Path: path, Message: "must be at least " + ratString(k.Want.FloatString(6))})
	case *kind.Maximum:
		*out = append(*out, dalil.Problem{Path: path, Message: "must be at most " + ratString(k.Want.FloatString(6))})
	case *kind.ExclusiveMinimum:
		*out = append(*out, dalil.Problem{Path: path, Message: "must be greater than " + ratString(k.Want.FloatString(6))})
	case *kind.ExclusiveMaximum:
		*out = append(*out, dalil.Problem{Path: path, Message: "must be less than " + ratString(k.Want.FloatString(6))})
	case *kind.MinLength:
		*out = append(*out, dalil.Problem{Path: path, Message: fmt.Sprintf("must be at least %d characters long", k.Want)})
	case *kind.MaxLength:
		*out = append(*out, dalil.Problem{Path: path, Message: fmt.Sprintf("must be at most %d characters long", k.Want)})
	case *kind.MinItems:
		*out = append(*out, dalil.Problem{Path: path, Message: fmt.Sprintf("must have at least %d items", k.Want)})
	case *kind.MaxItems:
		*out = append(*out, dalil.Problem{Path: path, Message: fmt.Sprintf("must have at most %d items", k.Want)})
	case *kind.Enum:
		*out = append(*out, dalil.Problem{Path: path, Message: fmt.Sprintf("must be one of %s", enumList(k.Want))})
	case *kind.Pattern:
		*out = append(*out, dalil.Problem{Path: path, Message: "does not match the pattern " + k.Want})
	case *kind.Format:
		*out = append(*out, dalil.Problem{Path: path, Message: "is not a valid " + k.Want})
	default:
		*out = append(*out, dalil.Problem{Path: path, Message: "is not valid (rule " + strings.Join(ve.ErrorKind.KeywordPath(), "/") + ")"})
	}
}

// collectUnion reports a value that matched no branch of a oneOf or
// anyOf. Branches the value is not even of the type of say nothing useful
// when another branch has its type: only that branch's problems are
// listed (a 41-character amount string "must be at most 40 characters
// long", not also "must be number"). When no branch has its type, the
// branches' types make one problem, "must be number or string, not
// boolean", the same words as for a type list.
func collectUnion(ve *jsonschema.ValidationError, out *[]dalil.Problem) {
	var want []string
	got := ""
	var rest []*jsonschema.ValidationError
	for _, c := range ve.Causes {
		if k, ok := c.ErrorKind.(*kind.Type); ok && len(c.Causes) == 0 && slices.Equal(c.InstanceLocation, ve.InstanceLocation) {
			want, got = append(want, k.Want...), k.Got
			continue
		}
		rest = append(rest, c)
	}
	if len(rest) == 0 {
		*out = append(*out, dalil.Problem{Path: strings.Join(ve.InstanceLocation, "."), Message: fmt.Sprintf("must be %s, not %s", strings.Join(want, " or "), got)})
		return
	}
	for _, c := range rest {
		collect(c, out)
	}
}

// ratString trims a fixed-point rendering: "1000000000000.000000" -> "1000000000000".
func ratString(s string) string {
	if strings.Contains(s, ".") {
		s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	}
	return s
}

func enumList(vals []any) string {
	parts := make([]string, len(vals))
	for i, v := range vals {
		b, _ := json.Marshal(v)
		parts[i] = string(b)
	}
	return strings.Join(parts, ", ")
}

// ParseStrict checks that body is exactly one JSON value without duplicate
// object keys, too deep nesting or numbers beyond float64: the rules of
// contract §5 for any JSON body, also those with no capability schema
// (the admin API). Problems come back as INVALID_INPUT.
func ParseStrict(body []byte) error {
	_, _, err := parseBody(body)
	if err != nil {
		return err
	}
	return nil
}
