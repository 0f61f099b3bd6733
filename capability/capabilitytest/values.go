// Package capabilitytest builds values of capabilities' output types for
// tests: random values, of any type, that reach the corners of JSON
// encoding (every kind of string escape, floats at the edges of their
// formats, nil and empty lists and maps, zero and out-of-range times), and
// the check that Entry.AppendOutput writes them as capability.Marshal does.
package capabilitytest

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"time"

	"dalil/capability"
)

// Source is where a value's choices come from: a seeded generator
// (Rand) or a fuzzer's bytes (Bytes).
type Source interface {
	// N returns a choice in [0, n).
	N(n int) int
	// Uint64 returns 64 arbitrary bits.
	Uint64() uint64
	// Text returns an arbitrary string.
	Text() string
}

// Rand is a Source from a seeded generator, its strings picked among the
// awkward ones.
type Rand struct{ R *rand.Rand }

// NewRand is a Rand seeded with seed.
func NewRand(seed uint64) Rand { return Rand{rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))} }

func (r Rand) N(n int) int    { return r.R.IntN(n) }
func (r Rand) Uint64() uint64 { return r.R.Uint64() }
func (r Rand) Text() string {
	if r.R.IntN(3) > 0 {
		return texts[r.R.IntN(len(texts))]
	}
	// Runes and bytes strung together: escapes, multi-byte runes,
	// invalid bytes, U+2028 and U+2029 next to each other.
	var b []byte
	for n := r.R.IntN(12); n > 0; n-- {
		switch r.R.IntN(6) {
		case 0:
			b = append(b, byte(r.R.IntN(0x20)))
		case 1:
			b = append(b, byte(0x80+r.R.IntN(0x80)))
		case 2:
			b = append(b, `"\<>&/`[r.R.IntN(6)])
		case 3:
			b = append(b, string(rune(r.R.IntN(0x3000)))...)
		case 4:
			b = append(b, "\u2028\u2029\ufffd😀"[r.R.IntN(4)*3:][:3]...)
		default:
			b = append(b, byte('a'+r.R.IntN(26)))
		}
	}
	return string(b)
}

var texts = []string{"", "a", "Muscat", "Al Khuwair", "مسقط", "<b>&amp;</b>", `"quoted" \ back\slash`, "tab\there\nnew\r\b\f",
	"\x00\x01\x1f\x7f", "\u2028\u2029", "bad \xff\xfe utf8 \xc3", "\xed\xa0\x80", "😀 emoji", "\ufffd", "/path/", "e\u0301", "OMR"}

// Bytes is a Source reading a fuzzer's bytes (zeros once they run out).
type Bytes struct{ B []byte }

func (s *Bytes) N(n int) int {
	if len(s.B) == 0 {
		return 0
	}
	c := int(s.B[0])
	s.B = s.B[1:]
	return c % n
}

func (s *Bytes) Uint64() uint64 {
	var a [8]byte
	k := copy(a[:], s.B)
	s.B = s.B[k:]
	return binary.LittleEndian.Uint64(a[:])
}

func (s *Bytes) Text() string {
	n := s.N(24)
	if n > len(s.B) {
		n = len(s.B)
	}
	t := string(s.B[:n])
	s.B = s.B[n:]
	return t
}

var timeType = reflect.TypeFor[time.Time]()

// zones are time zones that times are put in (one with an offset that
// RFC 3339 cannot write).
var zones = []*time.Location{time.UTC, time.FixedZone("GST", 4*3600), time.FixedZone("", -(3*3600 + 30*60)), time.Local, time.FixedZone("X", 25*3600)}

// dynamics are the values an interface (any) is given.
var dynamics = []func(s Source) any{
	func(Source) any { return nil },
	func(s Source) any { return s.Text() },
	func(s Source) any { return Float(s) },
	func(s Source) any { return s.N(2) == 0 },
	func(s Source) any { return int64(s.Uint64()) },
	func(s Source) any { return []any{s.Text(), Float(s), nil} },
	func(s Source) any { return map[string]any{s.Text(): Float(s), s.Text(): []string{s.Text()}} },
	func(s Source) any { return []byte(s.Text()) },
	func(s Source) any { return Time(s) },
	func(s Source) any { return &struct{ A, B string }{s.Text(), s.Text()} },
	func(s Source) any { return map[string]int{s.Text(): s.N(100)} },
}

// Float returns a float64 at the edges of JSON's formats (and, rarely,
// NaN or an infinity).
func Float(s Source) float64 {
	switch s.N(12) {
	case 0:
		return 0
	case 1:
		return math.Copysign(0, -1)
	case 2:
		return []float64{1e21, 1e20, 999999999999999999999, 1e-6, 1e-7, 9.99999e-7, 5e-324, math.MaxFloat64, 0.1, 123456789.125, 1.005, 100}[s.N(12)]
	case 3:
		if s.N(24) == 0 {
			return []float64{math.NaN(), math.Inf(1), math.Inf(-1)}[s.N(3)]
		}
		return 42.5
	case 4:
		return -float64(s.N(1 << 20))
	case 5:
		return math.Float64frombits(s.Uint64())
	default:
		return float64(int64(s.Uint64()>>20)) / 1000 * []float64{1, 1e-9, 1e15}[s.N(3)]
	}
}

// Time returns a time in a random zone, zero, or with a year RFC 3339
// cannot write.
func Time(s Source) time.Time {
	zone := zones[s.N(len(zones)-1)]
	if s.N(32) == 0 {
		zone = zones[len(zones)-1]
	}
	switch s.N(40) {
	case 0, 1, 2, 3:
		return time.Time{}
	case 4:
		return time.Date(10000+s.N(100), 1, 1, 0, 0, 0, 0, time.UTC)
	case 5:
		return time.Date(-1, 1, 1, 0, 0, 0, 0, time.UTC)
	case 6, 7:
		return time.Time{}.In(zone) // zero instant, with a zone
	}
	return time.Unix(int64(s.Uint64()%(300<<25)), int64(s.N(1_000_000_000/997)*997)).In(zone)
}

// Value returns a value of t, its choices drawn from s. Slices and maps
// are nil, empty or hold a few values; pointers are nil or set; an
// interface holds one of a few kinds of values. depth bounds recursion.
func Value(t reflect.Type, s Source) reflect.Value {
	return value(t, s, 0)
}

func value(t reflect.Type, s Source, depth int) reflect.Value {
	v := reflect.New(t).Elem()
	if t == timeType {
		v.Set(reflect.ValueOf(Time(s)))
		return v
	}
	switch t.Kind() {
	case reflect.Bool:
		v.SetBool(s.N(2) == 1)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		switch s.N(3) {
		case 0:
			v.SetInt(0)
		case 1:
			v.SetInt(int64(s.N(1000)) - 500)
		default:
			v.SetInt(int64(s.Uint64())) // truncated by SetInt's kind
		}
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		v.SetUint(s.Uint64() >> (s.N(4) * 16))
	case reflect.Float32, reflect.Float64:
		v.SetFloat(Float(s))
	case reflect.String:
		v.SetString(s.Text())
	case reflect.Pointer:
		if depth < 6 && s.N(4) > 0 {
			v.Set(value(t.Elem(), s, depth+1).Addr())
		}
	case reflect.Interface:
		if t.NumMethod() == 0 && depth < 6 {
			if d := dynamics[s.N(len(dynamics))](s); d != nil {
				v.Set(reflect.ValueOf(d))
			}
		}
	case reflect.Slice:
		switch n := s.N(5); {
		case n == 0 || depth >= 6:
			// nil
		default:
			n--
			sl := reflect.MakeSlice(t, n, n)
			for i := range n {
				sl.Index(i).Set(value(t.Elem(), s, depth+1))
			}
			v.Set(sl)
		}
	case reflect.Array:
		for i := range v.Len() {
			v.Index(i).Set(value(t.Elem(), s, depth+1))
		}
	case reflect.Map:
		if n := s.N(4); n > 0 && depth < 6 {
			m := reflect.MakeMap(t)
			for range n - 1 {
				m.SetMapIndex(value(t.Key(), s, depth+1), value(t.Elem(), s, depth+1))
			}
			v.Set(m)
		}
	case reflect.Struct:
		for i := range t.NumField() {
			if f := v.Field(i); f.CanSet() {
				f.Set(value(t.Field(i).Type, s, depth+1))
			}
		}
	}
	return v
}

// EncodeAgrees reports any difference between e.AppendOutput and
// capability.Marshal on v: bytes, or whether and how they fail. The
// output is appended after a prefix, which must be kept.
func EncodeAgrees(e *capability.Entry, v any) error {
	want, werr := capability.Marshal(v)
	prefix := []byte("prefix:")
	got, gerr := e.AppendOutput(prefix[:len(prefix):len(prefix)], v)
	switch {
	case (werr == nil) != (gerr == nil):
		return fmt.Errorf("%s: Marshal error %v, AppendOutput error %v", e.ID, werr, gerr)
	case werr != nil:
		if werr.Error() != gerr.Error() {
			return fmt.Errorf("%s: Marshal error %q, AppendOutput error %q", e.ID, werr, gerr)
		}
		return nil
	case !bytes.HasPrefix(got, prefix):
		return fmt.Errorf("%s: AppendOutput lost what was before: %q", e.ID, got)
	case !bytes.Equal(got[len(prefix):], want):
		return fmt.Errorf("%s: written differently\n  Marshal:      %s\n  AppendOutput: %s", e.ID, want, got[len(prefix):])
	}
	return nil
}
