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
	return capability.Define(id, capability.Options{Group: "T", Summary: "s", Path: "/api/v1/review/" + id, Price: 1},
		func(_ context.Context, in In) (In, error) { return in, nil })
}

type zzInt64In struct {
	N int64 `json:"n"`
}

type zzInt64MaxIn struct {
	N int64 `json:"n" schema:"maximum=9007199254740992"`
}

// decode.go number(): an integral literal written with a fraction
// (documented: 3.0 counts as 3) is rewritten through float64, so any
// integer above 2^53 silently changes value. The caller's
// 9007199254740993.0 reaches the handler as 9007199254740992, although
// 9007199254740993 (no ".0") decodes exactly.
func TestReviewWholeFractionAbove2p53ChangesValue(t *testing.T) {
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

// Same rewrite lets a body past an integer maximum through: santhosh on
// the body as sent refuses 9007199254740993.0 > 9007199254740992, Decode
// accepts it.
func TestReviewWholeFractionAbove2p53PassesMaximum(t *testing.T) {
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
// than 64 characters, is replaced by its float64 value, so the schema
// bound is checked on a rounded number. 1.0000000000000001 is refused
// (maximum 1), the same value written 1.0000000000000001e0 or with
// padding zeros past 64 characters is accepted; santhosh refuses all
// three as sent.
func TestReviewExponentOrLongFormRoundedPastMaximum(t *testing.T) {
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
// underflow, so 1e-400 (a positive number beyond float64, like 1e400) is
// neither reported "out of range" (docs/decisions.md: numbers beyond
// float64 are 400) nor kept: it becomes 0. maximum 0 then accepts a
// positive number santhosh refuses, and exclusiveMinimum 0 refuses it
// with "must be greater than 0".
func TestReviewUnderflowBecomesZero(t *testing.T) {
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
// binary floating point ever touches it"). An exponent form is rounded
// through float64 before Decimal sees it: total 1155.00000000000000001e0
// (17 decimal places; as plain text refused with "has more than 6
// decimal places") reaches the handler as "1155".
func TestReviewInvoiceDecimalExponentRoundedThroughFloat(t *testing.T) {
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
// integers". number() only rewrites them below 1e18, so an int64 field
// refuses 1e18 (and 1000000000000000000.0), which santhosh calls an
// integer and which fits int64, with "does not match the input schema:
// json: cannot unmarshal number 1e+18 ...", while 1000000000000000000 and
// 1e17 are accepted.
func TestReviewWholeExponentFormAt1e18Refused(t *testing.T) {
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
