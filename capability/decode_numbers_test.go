package capability_test

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"

	"dalil"
	"dalil/capabilities/invoiceanomaly"
	"dalil/capability"

	santhosh "github.com/santhosh-tekuri/jsonschema/v6"
)

// rawSanthoshRefuses validates the body exactly as sent (json.Number
// literals, no normalisation) with santhosh against the published schema.
func rawSanthoshRefuses(t *testing.T, e *capability.Entry, body string) bool {
	t.Helper()
	doc, err := santhosh.UnmarshalJSON(bytes.NewReader(e.InputJSON))
	if err != nil {
		t.Fatal(err)
	}
	c := santhosh.NewCompiler()
	c.DefaultDraft(santhosh.Draft2020)
	c.AssertFormat()
	if err := c.AddResource("zz:///s.json", doc); err != nil {
		t.Fatal(err)
	}
	s, err := c.Compile("zz:///s.json")
	if err != nil {
		t.Fatal(err)
	}
	inst, err := santhosh.UnmarshalJSON(strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	return s.Validate(inst) != nil
}

func problemText(err error) string {
	de, ok := err.(*dalil.Error)
	if !ok {
		return fmt.Sprint(err)
	}
	return fmt.Sprint(de.Details)
}

func defineOne[In any](t *testing.T, id string) capability.Entry {
	t.Helper()
	return capability.Define(id, capability.Options{Group: "T", Summary: "s", Path: "/api/v1/test/" + id, Price: 1},
		func(_ context.Context, in In) (In, error) { return in, nil })
}

type zzInt64In struct {
	N int64 `json:"n"`
}

type zzInt64MaxIn struct {
	N int64 `json:"n" schema:"maximum=9007199254740992"`
}

// decode.go number(): an integral literal written with a fraction
// (documented: 3.0 counts as 3) keeps its value above 2^53: the caller's
// 9007199254740993.0 reaches the handler as 9007199254740993, as
// 9007199254740993 (no ".0") does. (Rewritten through float64, it once
// became 9007199254740992.)
func TestWholeFractionAbove2p53KeepsValue(t *testing.T) {
	e := defineOne[zzInt64In](t, "zz_int64")
	v, err := e.Decode([]byte(`{"n":9007199254740993}`))
	if err != nil || v.(zzInt64In).N != 9007199254740993 {
		t.Fatalf("control: %v %v", v, err)
	}
	v, err = e.Decode([]byte(`{"n":9007199254740993.0}`))
	if err == nil && v.(zzInt64In).N != 9007199254740993 {
		t.Errorf("9007199254740993.0 decoded as n = %d (silently rounded through float64)", v.(zzInt64In).N)
	}
}

// Nor does a body past an integer maximum get through: santhosh on the
// body as sent refuses 9007199254740993.0 > 9007199254740992, and so does
// Decode (the float64 rewrite once let it pass).
func TestWholeFractionAbove2p53CheckedAgainstMaximum(t *testing.T) {
	e := defineOne[zzInt64MaxIn](t, "zz_int64max")
	body := `{"n":9007199254740993.0}`
	if !rawSanthoshRefuses(t, &e, body) {
		t.Fatal("santhosh accepts the body as sent")
	}
	if _, err := e.Decode([]byte(body)); err == nil {
		t.Errorf("Decode(%s) accepted; santhosh refuses it (maximum 9007199254740992)", body)
	}
	// Control: without ".0" it is refused.
	if _, err := e.Decode([]byte(`{"n":9007199254740993}`)); err == nil {
		t.Errorf("control: 9007199254740993 accepted")
	}
}

type zzMaxOneIn struct {
	X float64 `json:"x" schema:"maximum=1"`
}

// decode.go number(): a non-integral literal with an exponent, or longer
// than 64 characters, is checked against the schema bound as sent, not
// as its rounded float64 value. 1.0000000000000001 is refused (maximum
// 1), and so is the same value written 1.0000000000000001e0 or with
// padding zeros past 64 characters, as santhosh refuses them.
func TestExponentOrLongFormCheckedExactlyAgainstMaximum(t *testing.T) {
	e := defineOne[zzMaxOneIn](t, "zz_maxone")
	long := "1." + strings.Repeat("0", 70) + "1"
	for _, lit := range []string{"1.0000000000000001", "1.0000000000000001e0", "10.000000000000001e-1", long} {
		body := `{"x":` + lit + `}`
		if !rawSanthoshRefuses(t, &e, body) {
			t.Fatalf("santhosh accepts %s", body)
		}
		if _, err := e.Decode([]byte(body)); err == nil {
			t.Errorf("Decode(%s) accepted; santhosh refuses it (x > maximum 1)", body)
		}
	}
}

type zzMaxZeroIn struct {
	X float64 `json:"x" schema:"maximum=0"`
}

type zzExMinZeroIn struct {
	X float64 `json:"x" schema:"exclusiveMinimum=0"`
}

// decode.go number(): strconv.ParseFloat returns 0 and no error on
// underflow, yet 1e-400 (a positive number beyond float64, like 1e400)
// must be reported "out of range" (docs/decisions.md: numbers beyond
// float64 are 400), not taken as 0: maximum 0 refuses it, as santhosh
// does, and exclusiveMinimum 0 calls it out of range rather than "must be
// greater than 0".
func TestUnderflowIsOutOfRange(t *testing.T) {
	e := defineOne[zzMaxZeroIn](t, "zz_maxzero")
	body := `{"x":1e-400}`
	if !rawSanthoshRefuses(t, &e, body) {
		t.Fatal("santhosh accepts the body as sent")
	}
	if _, err := e.Decode([]byte(body)); err == nil {
		t.Errorf("Decode(%s) accepted with maximum 0; santhosh refuses it", body)
	}
	e2 := defineOne[zzExMinZeroIn](t, "zz_exminzero")
	_, err := e2.Decode([]byte(body))
	if got := problemText(err); !strings.Contains(got, "out of range") {
		t.Errorf("Decode(%s) with exclusiveMinimum 0: %s; want the number reported out of range, like 1e400", body, got)
	}
}

// The registered invoice capability promises exact amounts ("Amounts are
// parsed exactly (no floats)"; Decimal "keeps the text as sent, so no
// binary floating point ever touches it"). An exponent form is not
// rounded through float64 before Decimal sees it: total
// 1155.00000000000000001e0 (17 decimal places) is refused as the plain
// text is, with "has more than 6 decimal places" (it once reached the
// handler as "1155").
func TestInvoiceDecimalExponentFormKeptExact(t *testing.T) {
	e := invoiceanomaly.Entry(invoiceanomaly.Deps{})
	ex := string(e.ExampleBody())
	if !strings.Contains(ex, `"total":1155,`) {
		t.Fatal("example changed")
	}
	plain := strings.Replace(ex, `"total":1155,`, `"total":1155.00000000000000001,`, 1)
	if _, err := e.Decode([]byte(plain)); err == nil {
		t.Fatalf("control: plain 1155.00000000000000001 accepted")
	}
	expo := strings.Replace(ex, `"total":1155,`, `"total":1155.00000000000000001e0,`, 1)
	v, err := e.Decode([]byte(expo))
	if err == nil {
		t.Errorf("total 1155.00000000000000001e0 accepted (decoded %q); the same value without exponent is refused",
			v.(invoiceanomaly.Input).Invoice.Total)
	}
}

// docs/decisions.md: "integral values written as 3.0 or 3e0 count as
// integers", also from 1e18 up: an int64 field accepts 1e18 (and
// 1000000000000000000.0), which santhosh calls an integer and which fits
// int64, as it accepts 1000000000000000000 and 1e17. (number() once
// rewrote them only below 1e18, and the rest were refused with "does not
// match the input schema: json: cannot unmarshal number 1e+18 ...".)
func TestWholeExponentFormAt1e18Accepted(t *testing.T) {
	e := defineOne[zzInt64In](t, "zz_int64_1e18")
	for _, ok := range []string{`{"n":1000000000000000000}`, `{"n":1e17}`} {
		if _, err := e.Decode([]byte(ok)); err != nil {
			t.Fatalf("control %s: %v", ok, problemText(err))
		}
	}
	for _, body := range []string{`{"n":1e18}`, `{"n":1000000000000000000.0}`} {
		if rawSanthoshRefuses(t, &e, body) {
			t.Fatalf("santhosh refuses %s", body)
		}
		if v, err := e.Decode([]byte(body)); err != nil || v.(zzInt64In).N != 1e18 {
			t.Errorf("Decode(%s) = %v, %s; want n = 1000000000000000000", body, v, problemText(err))
		}
	}
}

type nearIntIn struct {
	Units int `json:"units" schema:"minimum=1,maximum=1000"`
}

// Contract §5: a non-integer for an integer is 400, also when its float64
// value is integral: 1.0000000000000001 is refused, not taken as units = 1
// (parseValue once rewrote any such number to an integer).
func TestNearIntegerRefusedForInteger(t *testing.T) {
	e := capability.Define("near_int", capability.Options{Group: "T", Summary: "s", Path: "/api/v1/test/int", Price: 1},
		func(_ context.Context, in nearIntIn) (nearIntIn, error) { return in, nil })
	if v, err := e.Decode([]byte(`{"units":1.0000000000000001}`)); err == nil {
		t.Errorf("non-integer 1.0000000000000001 accepted for an integer field: %+v", v)
	}
}
