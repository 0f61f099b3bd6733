package httpapi

import (
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"
)

// docsField is one row of a field table in /docs: a property of a JSON
// Schema, flattened with its dotted path (list items as "name[]").
type docsField struct {
	Path        string // "properties[].name"
	Depth       int    // nesting level, for the indent
	Type        string // "number", "array of string", "integer or null"
	Required    bool
	Bounds      string // "≥ 0.01, ≤ 1e12"; "one of: a, b"; "1–20 items"
	Description string
}

// schemaFields flattens an object schema into field rows, properties in
// their declared order, nested objects and list items after their parent.
func schemaFields(s *jsonschema.Schema) []docsField {
	var out []docsField
	walkFields(s, "", 0, &out)
	return out
}

// schemaFieldsJSON is schemaFields for a schema held as JSON.
func schemaFieldsJSON(raw json.RawMessage) []docsField {
	var s jsonschema.Schema
	if err := json.Unmarshal(raw, &s); err != nil {
		return nil
	}
	return schemaFields(&s)
}

// typeFields is schemaFields for a Go type's derived schema (the account
// answers, which are not capabilities), with descriptions by path.
func typeFields(t reflect.Type, descriptions map[string]string) []docsField {
	s, err := jsonschema.ForType(t, &jsonschema.ForOptions{})
	if err != nil {
		return nil
	}
	fs := schemaFields(s)
	for i := range fs {
		fs[i].Description = descriptions[fs[i].Path]
		// Lists and maps in answers are never null (capability.Marshal):
		// say what the wire shows, not what the Go type allows.
		// A pointer left out when nil (omitempty) is absent, not null.
		if t := fs[i].Type; strings.HasPrefix(t, "array") || strings.HasPrefix(t, "object of") || !fs[i].Required {
			fs[i].Type = strings.TrimSuffix(t, " or null")
		}
	}
	return fs
}

func walkFields(s *jsonschema.Schema, prefix string, depth int, out *[]docsField) {
	if s == nil {
		return
	}
	for _, name := range propertyOrder(s) {
		p := s.Properties[name]
		if p == nil {
			continue
		}
		path := prefix + name
		*out = append(*out, docsField{
			Path: path, Depth: depth, Type: typeName(p), Required: slices.Contains(s.Required, name),
			Bounds: bounds(p), Description: p.Description,
		})
		switch {
		case len(p.Properties) > 0:
			walkFields(p, path+".", depth+1, out)
		case p.Items != nil && len(p.Items.Properties) > 0:
			walkFields(p.Items, path+"[].", depth+1, out)
		case p.AdditionalProperties != nil && len(p.AdditionalProperties.Properties) > 0:
			walkFields(p.AdditionalProperties, path+".*.", depth+1, out)
		}
	}
}

// propertyOrder is the declared order of s's properties (jsonschema-go
// records the struct's field order); anything else follows, sorted.
func propertyOrder(s *jsonschema.Schema) []string {
	seen := map[string]bool{}
	var names []string
	for _, n := range s.PropertyOrder {
		if _, ok := s.Properties[n]; ok && !seen[n] {
			names, seen[n] = append(names, n), true
		}
	}
	var rest []string
	for n := range s.Properties {
		if !seen[n] {
			rest = append(rest, n)
		}
	}
	sort.Strings(rest)
	return append(names, rest...)
}

// types lists s's JSON types, "null" last.
func types(s *jsonschema.Schema) []string {
	ts := s.Types
	if s.Type != "" {
		ts = []string{s.Type}
	}
	var out []string
	null := false
	for _, t := range ts {
		if t == "null" {
			null = true
			continue
		}
		out = append(out, t)
	}
	if null {
		out = append(out, "null")
	}
	return out
}

// typeName words s's type for a reader: "array of object", "number or
// string", "object of integer" (a map), "any".
func typeName(s *jsonschema.Schema) string {
	var alts []string
	for _, sub := range append(append([]*jsonschema.Schema{}, s.AnyOf...), s.OneOf...) {
		alts = append(alts, typeName(sub))
	}
	if len(alts) > 0 {
		return strings.Join(alts, " or ")
	}
	var words []string
	for _, t := range types(s) {
		switch {
		case t == "array" && s.Items != nil:
			t = "array of " + typeName(s.Items)
		case t == "object" && len(s.Properties) == 0 && s.AdditionalProperties != nil && s.AdditionalProperties.Not == nil:
			t = "object of " + typeName(s.AdditionalProperties)
		}
		words = append(words, t)
	}
	if len(words) == 0 {
		if s.Const != nil {
			return "constant"
		}
		return "any"
	}
	if s.Format != "" && len(words) == 1 {
		return words[0] + " (" + s.Format + ")"
	}
	return strings.Join(words, " or ")
}

// bounds words s's limits: numeric range, lengths, item counts, allowed
// values, pattern and default; the items' own limits after "each:".
func bounds(s *jsonschema.Schema) string {
	var b []string
	// A union of scalar types is a oneOf of one schema per type, each
	// with its own bounds (a number's range, a string's length).
	for _, sub := range s.OneOf {
		if len(sub.Properties) == 0 {
			if r := bounds(sub); r != "" {
				b = append(b, r)
			}
		}
	}
	num := func(op string, f *float64) {
		if f != nil {
			b = append(b, op+" "+number(*f))
		}
	}
	if s.Minimum != nil && s.Maximum != nil {
		b = append(b, number(*s.Minimum)+" to "+number(*s.Maximum)) // both inclusive
	} else {
		num("≥", s.Minimum)
		num("≤", s.Maximum)
	}
	num(">", s.ExclusiveMinimum)
	num("<", s.ExclusiveMaximum)
	if r := between(s.MinLength, s.MaxLength, "characters"); r != "" {
		b = append(b, r)
	}
	if r := between(s.MinItems, s.MaxItems, "items"); r != "" {
		b = append(b, r)
	}
	if len(s.Enum) > 0 {
		var vs []string
		for _, v := range s.Enum {
			vs = append(vs, literal(v))
		}
		b = append(b, "one of: "+strings.Join(vs, ", "))
	}
	if s.Const != nil {
		b = append(b, "always "+literal(*s.Const))
	}
	if s.Pattern != "" {
		b = append(b, "pattern "+s.Pattern)
	}
	if len(s.Default) > 0 {
		b = append(b, "default "+string(s.Default))
	}
	if s.Items != nil && len(s.Items.Properties) == 0 {
		if r := bounds(s.Items); r != "" {
			b = append(b, "each: "+r)
		}
	}
	return strings.Join(b, "; ")
}

func between(lo, hi *int, unit string) string {
	switch {
	case lo != nil && hi != nil && *lo == *hi:
		return fmt.Sprintf("exactly %d %s", *lo, unit)
	case lo != nil && hi != nil:
		return fmt.Sprintf("%d–%d %s", *lo, *hi, unit)
	case lo != nil:
		return fmt.Sprintf("at least %d %s", *lo, unit)
	case hi != nil:
		return fmt.Sprintf("at most %d %s", *hi, unit)
	}
	return ""
}

// number writes a bound as a person reads it: 0.01, 100, 1e12.
func number(f float64) string {
	if f != 0 && (f >= 1e7 || f <= -1e7) {
		return strings.Replace(strconv.FormatFloat(f, 'g', -1, 64), "e+", "e", 1)
	}
	return strconv.FormatFloat(f, 'f', -1, 64)
}

func literal(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}
