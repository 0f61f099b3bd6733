package capability

import (
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"
)

// schemaFor derives the JSON Schema of T: structure and descriptions from
// jsonschema-go, bounds from the `schema` struct tag (see applyTag). For
// inputs the schema is made strict: no nulls anywhere, because an optional
// field is one that is absent, not one that is null. For outputs, lists and
// maps are never null: Marshal writes a nil slice as [] and a nil map as
// {}, so their schemas say "array" and "object", not ["null", ...]; only a
// pointer (a value that may be missing, such as paybackYears) stays
// nullable.
func schemaFor(t reflect.Type, input bool) (*jsonschema.Schema, error) {
	overrides, err := typeSchemas(t)
	if err != nil {
		return nil, err
	}
	s, err := jsonschema.ForType(t, &jsonschema.ForOptions{TypeSchemas: overrides})
	if err != nil {
		return nil, err
	}
	if err := applyTags(t, s); err != nil {
		return nil, err
	}
	if input {
		dropNull(s)
	} else {
		nonNullCollections(t, s)
	}
	if err := splitUnions(s); err != nil {
		return nil, err
	}
	return s, nil
}

// splitUnions rewrites every schema whose type lists two JSON types or
// more besides null (an amount sent as a number or a decimal string) as a
// oneOf of one schema per type, each with the keywords that apply to its
// type: {"type":["number","string"],"minimum":0,"maxLength":40} becomes
// {"oneOf":[{"type":"number","minimum":0},{"type":"string","maxLength":40}]}.
// The two accept the same values (a keyword of one type ignores values of
// another, and values of two types never match two branches), so Decode
// enforces what it did; but client generators that cannot read a type
// list (oapi-codegen) can read a oneOf. Nullable single types
// (["null","string"]) stay as they are: generators read those. Only
// unions of scalar types are rewritten; any other is an error.
func splitUnions(s *jsonschema.Schema) error {
	if s == nil {
		return nil
	}
	for _, c := range subSchemas(s) {
		if err := splitUnions(c); err != nil {
			return err
		}
	}
	nonNull := 0
	for _, t := range s.Types {
		if t != "null" {
			nonNull++
		}
	}
	if nonNull < 2 {
		return nil
	}
	if len(s.OneOf) > 0 {
		return fmt.Errorf("a type union %v beside a oneOf", s.Types)
	}
	if slices.Contains(s.Types, "number") && slices.Contains(s.Types, "integer") {
		return fmt.Errorf("a type union %v: an integer would match two branches", s.Types)
	}
	branches := make([]*jsonschema.Schema, 0, len(s.Types))
	for _, t := range s.Types {
		b := &jsonschema.Schema{Type: t}
		switch t {
		case "null", "boolean":
		case "number", "integer":
			b.Minimum, b.Maximum, b.ExclusiveMinimum, b.ExclusiveMaximum, b.MultipleOf = s.Minimum, s.Maximum, s.ExclusiveMinimum, s.ExclusiveMaximum, s.MultipleOf
		case "string":
			b.MinLength, b.MaxLength, b.Pattern, b.Format = s.MinLength, s.MaxLength, s.Pattern, s.Format
		default:
			return fmt.Errorf("a type union %v: only unions of scalar types are supported", s.Types)
		}
		branches = append(branches, b)
	}
	s.Types, s.OneOf = nil, branches
	s.Minimum, s.Maximum, s.ExclusiveMinimum, s.ExclusiveMaximum, s.MultipleOf = nil, nil, nil, nil, nil
	s.MinLength, s.MaxLength, s.Pattern, s.Format = nil, nil, "", ""
	return nil
}

// subSchemas are s's immediate sub-schemas.
func subSchemas(s *jsonschema.Schema) []*jsonschema.Schema {
	out := []*jsonschema.Schema{s.Items, s.AdditionalProperties, s.Not, s.If, s.Then, s.Else, s.Contains, s.PropertyNames,
		s.AdditionalItems, s.UnevaluatedItems, s.UnevaluatedProperties}
	out = append(out, s.PrefixItems...)
	out = append(out, s.AllOf...)
	out = append(out, s.AnyOf...)
	out = append(out, s.OneOf...)
	out = append(out, s.ItemsArray...)
	for _, m := range []map[string]*jsonschema.Schema{s.Properties, s.PatternProperties, s.Defs, s.Definitions, s.DependentSchemas} {
		for _, c := range m {
			out = append(out, c)
		}
	}
	return out
}

// nonNullCollections walks t and s together (as applyTags does) and drops
// "null" from the type of every slice and map that is not behind a
// pointer: jsonschema-go declares them nullable because encoding/json
// writes a nil one as null, and Marshal does not.
func nonNullCollections(t reflect.Type, s *jsonschema.Schema) {
	if s == nil {
		return
	}
	pointer := false
	for t.Kind() == reflect.Pointer {
		t, pointer = t.Elem(), true
	}
	if t.Implements(providerType) {
		return // its schema is its own
	}
	switch t.Kind() {
	case reflect.Slice, reflect.Map:
		if !pointer {
			dropNullType(s)
		}
		if t.Kind() == reflect.Slice {
			nonNullCollections(t.Elem(), s.Items)
		} else {
			nonNullCollections(t.Elem(), s.AdditionalProperties)
		}
	case reflect.Array:
		nonNullCollections(t.Elem(), s.Items)
	case reflect.Struct:
		for _, f := range reflect.VisibleFields(t) {
			if !f.IsExported() || f.Anonymous {
				continue
			}
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			if name == "-" {
				continue
			}
			if name == "" {
				name = f.Name
			}
			nonNullCollections(f.Type, s.Properties[name])
		}
	}
}

// dropNullType removes "null" from s's own type list (not from its
// sub-schemas).
func dropNullType(s *jsonschema.Schema) {
	if len(s.Types) == 0 {
		return
	}
	var kept []string
	for _, t := range s.Types {
		if t != "null" {
			kept = append(kept, t)
		}
	}
	if len(kept) == 1 {
		s.Type, s.Types = kept[0], nil
	} else {
		s.Types = kept
	}
}

// SchemaProvider is implemented (on the value receiver) by types whose JSON
// form no Go type describes, such as an amount sent as a number or a
// decimal string. JSONSchema returns that form's schema as JSON.
type SchemaProvider interface {
	JSONSchema() string
}

var providerType = reflect.TypeFor[SchemaProvider]()

// typeSchemas collects the SchemaProvider types reachable from t.
func typeSchemas(t reflect.Type) (map[reflect.Type]*jsonschema.Schema, error) {
	out := map[reflect.Type]*jsonschema.Schema{}
	seen := map[reflect.Type]bool{}
	var walk func(reflect.Type) error
	walk = func(t reflect.Type) error {
		if seen[t] {
			return nil
		}
		seen[t] = true
		if t.Implements(providerType) {
			var s jsonschema.Schema
			v := reflect.Zero(t).Interface().(SchemaProvider)
			if err := json.Unmarshal([]byte(v.JSONSchema()), &s); err != nil {
				return fmt.Errorf("schema of %s: %w", t, err)
			}
			out[t] = &s
			return nil
		}
		switch t.Kind() {
		case reflect.Pointer, reflect.Slice, reflect.Array, reflect.Map:
			return walk(t.Elem())
		case reflect.Struct:
			for _, f := range reflect.VisibleFields(t) {
				if f.IsExported() {
					if err := walk(f.Type); err != nil {
						return err
					}
				}
			}
		}
		return nil
	}
	return out, walk(t)
}

// applyTags walks t and s together and applies every field's `schema` tag.
func applyTags(t reflect.Type, s *jsonschema.Schema) error {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.Slice, reflect.Array:
		if s.Items != nil {
			return applyTags(t.Elem(), s.Items)
		}
	case reflect.Map:
		if s.AdditionalProperties != nil {
			return applyTags(t.Elem(), s.AdditionalProperties)
		}
	case reflect.Struct:
		if t.Implements(providerType) {
			return nil // its schema is its own
		}
		for _, f := range reflect.VisibleFields(t) {
			if !f.IsExported() || f.Anonymous {
				continue
			}
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			if name == "-" {
				continue
			}
			if name == "" {
				name = f.Name
			}
			fs := s.Properties[name]
			if fs == nil {
				continue
			}
			if err := applyTags(f.Type, fs); err != nil {
				return err
			}
			if tag, ok := f.Tag.Lookup("schema"); ok {
				if err := applyTag(fs, tag); err != nil {
					return fmt.Errorf("field %s.%s: %w", t.Name(), f.Name, err)
				}
			}
		}
	}
	return nil
}

// applyTag sets bounds from a tag such as
// `schema:"minimum=0,maximum=1e12"` or `schema:"maxItems=20,items.maxLength=80"`.
// Keys: minimum, maximum, exclusiveMinimum, exclusiveMaximum, minLength,
// maxLength, minItems, maxItems, pattern, format, enum (values separated by
// '|'), default. A key prefixed "items." applies to the array's items.
func applyTag(s *jsonschema.Schema, tag string) error {
	for _, kv := range splitTag(tag) {
		k, v, ok := strings.Cut(kv, "=")
		if !ok {
			return fmt.Errorf("schema tag %q: want key=value", kv)
		}
		target := s
		if rest, ok := strings.CutPrefix(k, "items."); ok {
			if s.Items == nil {
				return fmt.Errorf("schema tag %q on a non-array", kv)
			}
			target, k = s.Items, rest
		}
		if err := setKeyword(target, k, v); err != nil {
			return err
		}
	}
	return nil
}

// splitTag splits on commas that are not inside a pattern value.
func splitTag(tag string) []string {
	var parts []string
	for tag != "" {
		if strings.HasPrefix(tag, "pattern=") || strings.HasPrefix(tag, "items.pattern=") {
			// A pattern runs to the end of the tag: put it last.
			parts = append(parts, tag)
			break
		}
		part, rest, _ := strings.Cut(tag, ",")
		parts = append(parts, part)
		tag = rest
	}
	return parts
}

func setKeyword(s *jsonschema.Schema, k, v string) error {
	num := func() (*float64, error) {
		f, err := strconv.ParseFloat(v, 64)
		if err != nil {
			return nil, fmt.Errorf("schema %s=%q: %w", k, v, err)
		}
		return &f, nil
	}
	integer := func() (*int, error) {
		n, err := strconv.Atoi(v)
		if err != nil {
			return nil, fmt.Errorf("schema %s=%q: %w", k, v, err)
		}
		return &n, nil
	}
	var err error
	switch k {
	case "minimum":
		s.Minimum, err = num()
	case "maximum":
		s.Maximum, err = num()
	case "exclusiveMinimum":
		s.ExclusiveMinimum, err = num()
	case "exclusiveMaximum":
		s.ExclusiveMaximum, err = num()
	case "minLength":
		s.MinLength, err = integer()
	case "maxLength":
		s.MaxLength, err = integer()
	case "minItems":
		s.MinItems, err = integer()
	case "maxItems":
		s.MaxItems, err = integer()
	case "minProperties":
		s.MinProperties, err = integer()
	case "maxProperties":
		s.MaxProperties, err = integer()
	case "pattern":
		s.Pattern = v
	case "format":
		s.Format = v
	case "enum":
		s.Enum = nil
		for _, e := range strings.Split(v, "|") {
			s.Enum = append(s.Enum, e)
		}
	case "default":
		s.Default = json.RawMessage(v)
		if !json.Valid(s.Default) {
			return fmt.Errorf("schema default=%q is not JSON", v)
		}
	default:
		return fmt.Errorf("unknown schema keyword %q", k)
	}
	return err
}

// dropNull removes "null" from every type list in s.
func dropNull(s *jsonschema.Schema) {
	if s == nil {
		return
	}
	dropNullType(s)
	dropNull(s.Items)
	if s.AdditionalProperties != nil && s.AdditionalProperties.Not == nil {
		dropNull(s.AdditionalProperties)
	}
	for _, p := range s.Properties {
		dropNull(p)
	}
	for _, sub := range s.AnyOf {
		dropNull(sub)
	}
	for _, sub := range s.OneOf {
		dropNull(sub)
	}
}
