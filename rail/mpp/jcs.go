package mpp

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode/utf16"
)

// maxJCSDepth bounds nesting in canonicalized JSON: MPP requests are three
// levels deep, and hostile credentials must not exhaust the stack.
const maxJCSDepth = 32

// Canonicalize returns the RFC 8785 (JCS) form of the JSON text in: object
// members sorted by the UTF-16 code units of their names, no whitespace,
// strings escaped as ECMAScript's JSON.stringify does, and numbers written
// as ECMAScript's Number.prototype.toString writes the IEEE 754 double they
// denote. Duplicate member names, trailing data and non-finite numbers are
// errors. MPP's `request` and `opaque` must be JCS, because the mppx client
// decodes and re-encodes `request` before echoing it, and the challenge id
// is an HMAC over those bytes.
func Canonicalize(in []byte) ([]byte, error) {
	dec := json.NewDecoder(bytes.NewReader(in))
	dec.UseNumber()
	var out bytes.Buffer
	if err := jcsValue(dec, &out, 0); err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, errors.New("jcs: trailing data after the JSON value")
	}
	return out.Bytes(), nil
}

// canonicalOf marshals v with encoding/json and canonicalizes the result.
func canonicalOf(v any) ([]byte, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	return Canonicalize(b)
}

func jcsValue(dec *json.Decoder, out *bytes.Buffer, depth int) error {
	if depth > maxJCSDepth {
		return errors.New("jcs: nested too deeply")
	}
	tok, err := dec.Token()
	if err != nil {
		return fmt.Errorf("jcs: %w", err)
	}
	switch t := tok.(type) {
	case json.Delim:
		switch t {
		case '{':
			type member struct {
				key   string
				units []uint16
				val   []byte
			}
			var members []member
			seen := map[string]bool{}
			for dec.More() {
				kt, err := dec.Token()
				if err != nil {
					return fmt.Errorf("jcs: %w", err)
				}
				k, ok := kt.(string)
				if !ok {
					return errors.New("jcs: object key is not a string")
				}
				if seen[k] {
					return fmt.Errorf("jcs: duplicate member %q", k)
				}
				seen[k] = true
				var vb bytes.Buffer
				if err := jcsValue(dec, &vb, depth+1); err != nil {
					return err
				}
				members = append(members, member{k, utf16.Encode([]rune(k)), vb.Bytes()})
			}
			if _, err := dec.Token(); err != nil { // '}'
				return fmt.Errorf("jcs: %w", err)
			}
			slices.SortFunc(members, func(a, b member) int { return slices.Compare(a.units, b.units) })
			out.WriteByte('{')
			for i, m := range members {
				if i > 0 {
					out.WriteByte(',')
				}
				jcsString(out, m.key)
				out.WriteByte(':')
				out.Write(m.val)
			}
			out.WriteByte('}')
		case '[':
			out.WriteByte('[')
			for i := 0; dec.More(); i++ {
				if i > 0 {
					out.WriteByte(',')
				}
				if err := jcsValue(dec, out, depth+1); err != nil {
					return err
				}
			}
			if _, err := dec.Token(); err != nil { // ']'
				return fmt.Errorf("jcs: %w", err)
			}
			out.WriteByte(']')
		default:
			return fmt.Errorf("jcs: unexpected %v", t)
		}
	case string:
		jcsString(out, t)
	case json.Number:
		f, err := strconv.ParseFloat(string(t), 64)
		if err != nil {
			return fmt.Errorf("jcs: number %s is not a finite double", t)
		}
		s, err := es6Number(f)
		if err != nil {
			return err
		}
		out.WriteString(s)
	case bool:
		out.WriteString(strconv.FormatBool(t))
	case nil:
		out.WriteString("null")
	default:
		return fmt.Errorf("jcs: unexpected token %T", tok)
	}
	return nil
}

// jcsString writes s as JSON.stringify does: only '"', '\\' and control
// characters are escaped, with the short forms where JSON has them and
// lowercase \u00xx otherwise; everything else is literal UTF-8.
func jcsString(out *bytes.Buffer, s string) {
	const hexdig = "0123456789abcdef"
	out.WriteByte('"')
	for _, r := range s {
		switch r {
		case '"':
			out.WriteString(`\"`)
		case '\\':
			out.WriteString(`\\`)
		case '\b':
			out.WriteString(`\b`)
		case '\f':
			out.WriteString(`\f`)
		case '\n':
			out.WriteString(`\n`)
		case '\r':
			out.WriteString(`\r`)
		case '\t':
			out.WriteString(`\t`)
		default:
			if r < 0x20 {
				out.WriteString(`\u00`)
				out.WriteByte(hexdig[r>>4])
				out.WriteByte(hexdig[r&0xf])
			} else {
				out.WriteRune(r)
			}
		}
	}
	out.WriteByte('"')
}

// es6Number formats f as ECMAScript's Number::toString (ECMA-262 §6.1.6.1.20):
// the shortest round-tripping digits, plain notation for decimal exponents
// from -7 to 20, exponent notation ("1e+21", "1.5e-7") outside.
func es6Number(f float64) (string, error) {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return "", errors.New("jcs: NaN and Infinity are not JSON")
	}
	if f == 0 {
		return "0", nil // also -0
	}
	sign := ""
	if f < 0 {
		sign, f = "-", -f
	}
	// Shortest digits and exponent: "d.ddde±xx".
	e := strconv.FormatFloat(f, 'e', -1, 64)
	mant, expPart, _ := strings.Cut(e, "e")
	digits := strings.Replace(mant, ".", "", 1)
	exp, _ := strconv.Atoi(expPart)
	k, n := len(digits), exp+1 // value = 0.digits × 10^n
	var s string
	switch {
	case k <= n && n <= 21:
		s = digits + strings.Repeat("0", n-k)
	case 0 < n && n <= 21:
		s = digits[:n] + "." + digits[n:]
	case -6 < n && n <= 0:
		s = "0." + strings.Repeat("0", -n) + digits
	default:
		es := "+"
		if n-1 < 0 {
			es = "-"
		}
		ev := n - 1
		if ev < 0 {
			ev = -ev
		}
		if k == 1 {
			s = digits + "e" + es + strconv.Itoa(ev)
		} else {
			s = digits[:1] + "." + digits[1:] + "e" + es + strconv.Itoa(ev)
		}
	}
	return sign + s, nil
}
