package capability_test

import (
	"bytes"
	"context"
	"math"
	"reflect"
	"testing"
	"time"

	"dalil/capability"
	"dalil/capability/capabilitytest"
)

// Outputs the compiled writer must leave whole to Marshal.
type (
	ptrMarshaler struct{ A string }
	withPtrOnly  struct {
		P ptrMarshaler `json:"p"`
	}
	// Two members named X at one depth: encoding/json writes neither.
	DupA    struct{ X, Y string }
	DupB    struct{ X string }
	withDup struct {
		DupA
		DupB
		Z int `json:"z"`
	}
	recursive struct {
		Name string     `json:"name"`
		Next *recursive `json:"next"`
	}
	withStringOpt struct {
		N int `json:"n,string"`
	}
	withQuotedName struct {
		N int `json:"'n'"`
	}
	shapeIn struct {
		N int `json:"n" schema:"minimum=0,maximum=3"`
	}
)

func (p *ptrMarshaler) MarshalJSON() ([]byte, error) { return []byte(`"ptr"`), nil }

func define[Out any](id string) capability.Entry {
	return capability.Define(id, capability.Options{Group: "Test", Summary: "s", Path: "/api/v1/test/" + id},
		func(context.Context, shapeIn) (Out, error) { var o Out; return o, nil })
}

func notCompiled() []capability.Entry {
	return []capability.Entry{define[withPtrOnly]("enc_ptr_only"), define[withDup]("enc_dup"), define[withStringOpt]("enc_string_opt"), define[withQuotedName]("enc_quoted_name"), define[*withPtrOnly]("enc_ptr_top"),
		define[any]("enc_any")}
}

func TestOutputWriterCompiles(t *testing.T) {
	for _, e := range append(registered(), capabilitytest.ShapesEntry()) {
		if !e.OutputCompiled() {
			t.Errorf("%s: no compiled output writer", e.ID)
		}
	}
	for _, e := range notCompiled() {
		if e.OutputCompiled() {
			t.Errorf("%s: compiled an output writer", e.ID)
		}
	}
}

func fp(f float64) *float64 { return &f }

// Hand-made values: each agrees with Marshal, byte for byte or error for
// error, and those Marshal writes are written by the compiled writer.
func TestEncodeAgreesWithMarshal(t *testing.T) {
	e := capabilitytest.ShapesEntry()
	when := time.Date(2026, 11, 29, 21, 5, 3, 120000000, time.FixedZone("GST", 4*3600))
	full := capabilitytest.Shapes{
		Embedded: capabilitytest.Embedded{Kind: "k\u2028", Score: 3, Deep: capabilitytest.Deep{Level: 1e21}},
		Name:     "<a href=\"x\">&\x00\x1f\x7f\xff\xc3\t\n\r\b\f</a>", GoName: "مسقط 😀", Dash: "d", Ignored: "never",
		F64: 1e-7, F32: 3.4e38, I8: -128, I64: math.MinInt64, U8: 255, U64: math.MaxUint64, B: true, Code: "OM",
		Upper: "muscat city", Label: "l", PF: fp(math.Copysign(0, -1)), PStruct: &capabilitytest.Inner{A: "a", B: fp(0.1), C: []capabilitytest.Code{"x"}},
		InnerOZ: capabilitytest.Inner{A: "z"}, List: []string{}, ListOE: []float64{123456789.125}, ListOZ: []int{},
		Nested: [][]capabilitytest.Inner{nil, {{}}}, Raw: []byte("raw\x00"), Pair: [2]int{1, 2},
		Any: map[string]any{"z": 1.0, "a": []any{nil, "s", true}, "\xff": "bad key", "é": when}, AnyOE: 0.0,
		Anys:  []any{[]byte("b"), capabilitytest.Upper("u"), &capabilitytest.Inner{}, int8(3), map[string]int{"b": 1, "a": 2}},
		ByKey: map[string]any{"k": nil}, Floats: map[string]float64{"b": 1, "a": 5e-324}, Lists: map[capabilitytest.Code][]string{"x": nil},
		When: when, WhenOZ: time.Time{}.In(time.FixedZone("Z", 3600)), PWhen: &when,
		PWhenOZ: &time.Time{}, F64OZ: math.Copysign(0, -1), F64OE: math.Copysign(0, -1), Upper2: new(capabilitytest.Upper),
		Labels: []capabilitytest.Label{"a", ""}, LabelMap: map[string]capabilitytest.Label{"k": "v"},
	}
	type tcase struct {
		v        capabilitytest.Shapes
		compiled bool // the compiled writer writes it
		fails    bool // Marshal fails
	}
	cases := map[string]tcase{
		"zero": {capabilitytest.Shapes{}, true, false},
		"full": {full, true, false},
	}
	bad := func(f func(*capabilitytest.Shapes)) capabilitytest.Shapes {
		v := full
		f(&v)
		return v
	}
	// A recursive type in an interface: Marshal writes the whole output.
	cases["recursive in any"] = tcase{bad(func(v *capabilitytest.Shapes) { v.Any = &recursive{"a", &recursive{"b", nil}} }), false, false}
	for name, f := range map[string]func(*capabilitytest.Shapes){
		"NaN":          func(v *capabilitytest.Shapes) { v.F64 = math.NaN() },
		"inf in a map": func(v *capabilitytest.Shapes) { v.Floats = map[string]float64{"x": math.Inf(-1)} },
		"inf in any":   func(v *capabilitytest.Shapes) { v.Anys = []any{math.Inf(1)} },
		"year 10000":   func(v *capabilitytest.Shapes) { v.When = time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC) },
		"year -1": func(v *capabilitytest.Shapes) {
			v.PWhen = &time.Time{}
			*v.PWhen = time.Date(-1, 1, 1, 0, 0, 0, 0, time.UTC)
		},
		"zone +25h":         func(v *capabilitytest.Shapes) { v.When = v.When.In(time.FixedZone("X", 25*3600)) },
		"MarshalJSON fails": func(v *capabilitytest.Shapes) { v.Upper = "fail" },
		"float32 NaN":       func(v *capabilitytest.Shapes) { v.F32 = float32(math.NaN()) },
	} {
		cases[name] = tcase{bad(f), false, true}
	}
	for name, tc := range cases {
		if err := capabilitytest.EncodeAgrees(&e, tc.v); err != nil {
			t.Errorf("%s: %v", name, err)
		}
		want, werr := capability.Marshal(tc.v)
		got, ok := e.AppendCompiled(nil, tc.v)
		if ok != tc.compiled || (werr != nil) != tc.fails {
			t.Errorf("%s: compiled writer took it: %v, Marshal error: %v", name, ok, werr)
		}
		if ok && !bytes.Equal(got, want) {
			t.Errorf("%s: compiled %s, Marshal %s", name, got, want)
		}
	}
}

// Random values of every output type: the compiled writer, when it takes
// a value, writes Marshal's bytes, and AppendOutput always agrees.
func TestEncodeOnRandomValues(t *testing.T) {
	entries := append(append(registered(), capabilitytest.ShapesEntry()), notCompiled()...)
	for i, e := range entries {
		src := capabilitytest.NewRand(uint64(i + 1))
		took, failed := 0, 0
		const n = 2000
		for range n {
			v := capabilitytest.Value(e.OutputType(), src).Interface()
			if err := capabilitytest.EncodeAgrees(&e, v); err != nil {
				t.Fatal(err)
			}
			want, werr := capability.Marshal(v)
			if werr != nil {
				failed++
			}
			if got, ok := e.AppendCompiled(nil, v); ok {
				took++
				if werr != nil || !bytes.Equal(got, want) {
					t.Fatalf("%s: compiled writer wrote %s, Marshal %s (%v)", e.ID, got, want, werr)
				}
			}
		}
		t.Logf("%s: %d of %d random values written by the compiled writer, %d refused by Marshal", e.ID, took, n, failed)
		if e.OutputCompiled() && took < n/10 {
			t.Errorf("%s: the compiled writer took only %d of %d values", e.ID, took, n)
		}
		if failed == n {
			t.Errorf("%s: Marshal refused every value", e.ID)
		}
	}
}

// The writer appends: what dst held is kept, whatever its capacity.
func TestAppendOutputKeepsPrefix(t *testing.T) {
	e := capabilitytest.ShapesEntry()
	for _, c := range []int{0, 3, 1 << 12} {
		dst := append(make([]byte, 0, c), "abc"...)
		got, err := e.AppendOutput(dst, capabilitytest.Shapes{Name: "n"})
		want, _ := capability.Marshal(capabilitytest.Shapes{Name: "n"})
		if err != nil || string(got) != "abc"+string(want) {
			t.Errorf("cap %d: %q %v", c, got, err)
		}
	}
	// A value of another type than the output's goes to Marshal.
	got, err := e.AppendOutput(nil, map[string]int{"a": 1})
	if err != nil || string(got) != `{"a":1}` {
		t.Errorf("other type: %q %v", got, err)
	}
	_ = reflect.TypeFor[capabilitytest.Shapes]()
}
