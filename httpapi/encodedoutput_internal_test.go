package httpapi

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"dalil"
	"dalil/capabilities/property"
)

// TestEncodedOutputAnswer: a paid answer finished in the output's own
// buffer is byte for byte the envelope envelopeRaw splices around the
// output, for metas shorter and longer than the room left for them, the
// first call (no size known yet) included; and the output's data neither
// changes when the answer is written after it nor lets an append to it
// reach the answer.
func TestEncodedOutputAnswer(t *testing.T) {
	e := property.AnalyzeEntry()
	in, err := e.Decode([]byte(`{"propertyValue":85000,"annualRent":7200,"serviceCharge":650,"maintenanceCost":400}`))
	if err != nil {
		t.Fatal(err)
	}
	out, err := e.Run(context.Background(), in)
	if err != nil {
		t.Fatal(err)
	}
	want, err := e.AppendOutput(nil, out)
	if err != nil {
		t.Fatal(err)
	}
	price := 0.01
	long := &dalil.Basis{Sources: []dalil.Source{{Kind: dalil.SourceCaller, Name: strings.Repeat("a long source name ", 40), Items: 1}}}
	metas := []Meta{
		{RequestID: "req_0123456789ab10000000001", Tool: "analyze_property", Price: &price, Currency: "USD", PaymentMethod: "api_credits"},
		{RequestID: "req_0123456789ab10000000002", Tool: "analyze_property", Price: &price, Currency: "USD", PaymentMethod: "api_credits", Evidence: long},
		{RequestID: "needs \"escaping\"", Tool: "analyze_property", Price: &price},
	}
	for i, m := range metas {
		enc, err := encodeOutput(&e, out)
		if err != nil {
			t.Fatal(err)
		}
		data := enc.data()
		if !bytes.Equal(data, want) {
			t.Fatalf("meta %d: data %s, want %s", i, data, want)
		}
		got := enc.answer(m)
		_ = append(data, `,"clobbered":true`...) // data kept and appended to after the answer
		if exp := envelopeRaw(want, m); !bytes.Equal(got, exp) {
			t.Errorf("meta %d:\n got %s\nwant %s", i, got, exp)
		}
		if !bytes.Equal(data, want) {
			t.Errorf("meta %d: the answer changed the data: %s", i, data)
		}
	}
}
