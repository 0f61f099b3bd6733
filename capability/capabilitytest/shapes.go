package capabilitytest

import (
	"context"
	"strings"
	"time"

	"dalil/capability"
)

// Shapes is an output using every shape the compiled writer handles, and
// some it leaves to Marshal for one value: ShapesEntry's output.
type Shapes struct {
	Embedded
	Name     string             `json:"name"`
	GoName   string             // no tag: the Go name
	Dash     string             `json:"with-dash,omitempty"`
	Ignored  string             `json:"-"`
	hidden   string             //nolint:unused // unexported: never written
	F64      float64            `json:"f64"`
	F32      float32            `json:"f32"`
	I8       int8               `json:"i8"`
	I64      int64              `json:"i64,omitempty"`
	U8       uint8              `json:"u8"`
	U64      uint64             `json:"u64"`
	B        bool               `json:"b,omitempty"`
	Code     Code               `json:"code"`
	Upper    Upper              `json:"upper"`
	Label    Label              `json:"label,omitempty"`
	PF       *float64           `json:"pf"`
	PS       *string            `json:"ps,omitempty"`
	PStruct  *Inner             `json:"pStruct"`
	Inner    Inner              `json:"inner"`
	InnerOE  Inner              `json:"innerOE,omitempty"`
	InnerOZ  Inner              `json:"innerOZ,omitzero"`
	List     []string           `json:"list"`
	ListOE   []float64          `json:"listOE,omitempty"`
	ListOZ   []int              `json:"listOZ,omitzero"`
	Nested   [][]Inner          `json:"nested"`
	Raw      []byte             `json:"raw"`
	Pair     [2]int             `json:"pair"`
	Any      any                `json:"any"`
	AnyOE    any                `json:"anyOE,omitempty"`
	Anys     []any              `json:"anys"`
	ByKey    map[string]any     `json:"byKey"`
	Floats   map[string]float64 `json:"floats,omitempty"`
	Lists    map[Code][]string  `json:"lists"`
	When     time.Time          `json:"when"`
	WhenOZ   time.Time          `json:"whenOZ,omitzero"`
	PWhen    *time.Time         `json:"pWhen"`
	PWhenOZ  *time.Time         `json:"pWhenOZ,omitzero"`
	F64OZ    float64            `json:"f64OZ,omitzero"`
	F64OE    float64            `json:"f64OE,omitempty"`
	Upper2   *Upper             `json:"upper2"`
	Labels   []Label            `json:"labels"`
	LabelMap map[string]Label   `json:"labelMap"`
}

// Embedded's members are written among Shapes' own, in its place.
type Embedded struct {
	Kind  string `json:"kind"`
	Score int    `json:"score,omitempty"`
	Deep
}

// Deep is embedded two levels down.
type Deep struct {
	Level float64 `json:"level"`
}

// Inner is a nested struct.
type Inner struct {
	A string   `json:"a"`
	B *float64 `json:"b,omitempty"`
	C []Code   `json:"c"`
}

// Code is a named string.
type Code string

// Upper has its own MarshalJSON (on the value): Marshal writes it.
type Upper string

func (u Upper) MarshalJSON() ([]byte, error) {
	if u == "fail" {
		return nil, errFail
	}
	return []byte(`{"upper" : "` + strings.ToUpper(strings.Map(keepPlain, string(u))) + `"}`), nil
}

// Label has its own MarshalText (on the value).
type Label string

func (l Label) MarshalText() ([]byte, error) { return []byte("label:" + string(l)), nil }

func keepPlain(r rune) rune {
	if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r == ' ' {
		return r
	}
	return -1
}

type failErr struct{}

func (failErr) Error() string { return "upper refused" }

var errFail = failErr{}

// ShapesIn is ShapesEntry's input.
type ShapesIn struct {
	N int `json:"n" schema:"minimum=0,maximum=3"`
}

// ShapesEntry is a capability whose output is Shapes.
func ShapesEntry() capability.Entry {
	return capability.Define("test_shapes", capability.Options{Group: "Test", Summary: "every output shape", Path: "/api/v1/test/shapes"},
		func(_ context.Context, in ShapesIn) (Shapes, error) { return Shapes{}, nil })
}
