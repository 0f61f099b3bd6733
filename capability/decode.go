package capability

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"sort"
	"strconv"
	"strings"

	"dalil"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"
)

// maxDepth bounds nesting so a hostile body cannot exhaust the stack.
const maxDepth = 64

// parseBody reads body as exactly one JSON value and returns it as a tree of
// map[string]any, []any, string, bool, nil and json.Number. It refuses what
// encoding/json would silently accept: duplicate object keys, trailing
// values, numbers beyond float64, invalid UTF-8 escapes are left to json.
// Integral numbers written with a fraction or exponent become integers (3.0
// becomes 3), so the schema validator and the typed decoder agree.
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

// parseTree is parseBody that keeps going past numbers out of range (they
// become 0 and are listed), so the schema can report the other problems.
func parseTree(body []byte) (any, *parseState, *dalil.Error) {
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	st := &parseState{}
	v, err := parseValue(dec, "", 0, st)
	if err != nil {
		return nil, nil, err
	}
	if _, e := dec.Token(); e != io.EOF {
		return nil, nil, dalil.InvalidInput(dalil.Problem{Path: "", Message: "the body must hold exactly one JSON value"})
	}
	return v, st, nil
}

func parseValue(dec *json.Decoder, path string, depth int, st *parseState) (any, *dalil.Error) {
	if depth > maxDepth {
		return nil, dalil.InvalidInput(dalil.Problem{Path: path, Message: fmt.Sprintf("nesting deeper than %d levels", maxDepth)})
	}
	tok, err := dec.Token()
	if err != nil {
		return nil, syntaxProblem(err, path)
	}
	switch t := tok.(type) {
	case json.Delim:
		switch t {
		case '{':
			obj := map[string]any{}
			for dec.More() {
				kt, err := dec.Token()
				if err != nil {
					return nil, syntaxProblem(err, path)
				}
				key, ok := kt.(string)
				if !ok {
					return nil, dalil.InvalidInput(dalil.Problem{Path: path, Message: "malformed JSON object"})
				}
				child := join(path, key)
				if _, dup := obj[key]; dup {
					return nil, dalil.InvalidInput(dalil.Problem{Path: child, Message: "duplicate key " + strconv.Quote(key)})
				}
				v, perr := parseValue(dec, child, depth+1, st)
				if perr != nil {
					return nil, perr
				}
				obj[key] = v
			}
			if _, err := dec.Token(); err != nil {
				return nil, syntaxProblem(err, path)
			}
			return obj, nil
		case '[':
			arr := []any{}
			for i := 0; dec.More(); i++ {
				v, perr := parseValue(dec, join(path, strconv.Itoa(i)), depth+1, st)
				if perr != nil {
					return nil, perr
				}
				arr = append(arr, v)
			}
			if _, err := dec.Token(); err != nil {
				return nil, syntaxProblem(err, path)
			}
			return arr, nil
		}
		return nil, dalil.InvalidInput(dalil.Problem{Path: path, Message: "malformed JSON"})
	case json.Number:
		f, err := strconv.ParseFloat(string(t), 64)
		if err != nil || math.IsInf(f, 0) || math.IsNaN(f) {
			st.outOfRange = append(st.outOfRange, dalil.Problem{Path: path, Message: "number is out of range"})
			return json.Number("0"), nil
		}
		// Keep the caller's digits (exact decimal amounts depend on them),
		// except that integral values in fraction or exponent form become
		// plain integers, which JSON Schema and Go integers both accept.
		if strings.ContainsAny(string(t), ".eE") && f == math.Trunc(f) && math.Abs(f) < 1e18 && wholeText(string(t)) {
			st.rewrote = true
			return json.Number(strconv.FormatFloat(f, 'f', -1, 64)), nil
		}
		if len(t) > 64 || strings.ContainsAny(string(t), "eE") {
			// Long or exponent forms are what makes exact comparison
			// expensive; their float value is all that can matter.
			st.rewrote = true
			return json.Number(strconv.FormatFloat(f, 'g', -1, 64)), nil
		}
		return t, nil
	default:
		return t, nil // string, bool or nil
	}
}

// wholeText reports whether a JSON number literal is exactly a whole
// number in decimal (3.000, 3e2, 1.5e1), judged on its digits, not on the
// float64 it rounds to: 1.0000000000000001 is not whole although its
// float64 is 1. Exponents beyond ±400 are refused (their float value is
// all that can matter, and they would make exact arithmetic expensive).
func wholeText(lit string) bool {
	mant, exp := lit, 0
	if i := strings.IndexAny(lit, "eE"); i >= 0 {
		e, err := strconv.Atoi(lit[i+1:])
		if err != nil || e > 400 || e < -400 {
			return false
		}
		mant, exp = lit[:i], e
	}
	mant = strings.TrimPrefix(mant, "-")
	intPart, frac, _ := strings.Cut(mant, ".")
	digits := strings.TrimLeft(intPart+frac, "0")
	// The value is digits × 10^(exp - len(frac)); it is whole when the
	// digits that would fall after the point are all zero.
	shift := exp - len(frac)
	if shift >= 0 || digits == "" {
		return true
	}
	return strings.TrimRight(digits, "0") == "" || len(digits)-len(strings.TrimRight(digits, "0")) >= -shift
}

func syntaxProblem(err error, path string) *dalil.Error {
	msg := "malformed JSON"
	var se *json.SyntaxError
	switch {
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		msg = "malformed JSON: the body ends too early"
	case errors.As(err, &se):
		msg = fmt.Sprintf("malformed JSON at byte %d: %s", se.Offset, se.Error())
	}
	return dalil.InvalidInput(dalil.Problem{Path: path, Message: msg})
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
