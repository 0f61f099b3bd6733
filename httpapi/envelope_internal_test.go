package httpapi

import (
	"bytes"
	"reflect"
	"testing"
	"time"

	"dalil"
)

// TestEnvelopeRawReusesMetaExactly: a paid answer's envelope, whose meta
// after the request id is kept and reused (metaTail), is byte for byte
// what encoding the whole envelope gives, for every kind of meta, in any
// order of calls (a kept encoding must never serve a meta that differs in
// anything but its id).
func TestEnvelopeRawReusesMetaExactly(t *testing.T) {
	price, other, no := 0.01, 0.25, false
	at := time.Date(2026, 11, 29, 1, 2, 3, 4, time.UTC)
	basis := &dalil.Basis{Sources: []dalil.Source{{Kind: dalil.SourceCaller, Name: "the property figures given", Items: 1}, {Kind: dalil.SourceComputation, Name: "the yield formulas"}}}
	dataset := &dalil.Basis{Sources: []dalil.Source{{Kind: dalil.SourceDataset, Name: "comparables", Dataset: "comparables", Batch: "b1", RetrievedAt: at, Items: 12}}}
	dataset2 := &dalil.Basis{Sources: []dalil.Source{{Kind: dalil.SourceDataset, Name: "comparables", Dataset: "comparables", Batch: "b2", RetrievedAt: at, Items: 12}}}
	stale := &dalil.Basis{Sources: dataset.Sources, Unanswered: "insufficient_comparables"}
	metas := []Meta{
		{RequestID: "req_0123456789ab10000000001", Tool: "analyze_property", Price: &price, Currency: "USD", PaymentMethod: "api_credits", Evidence: basis},
		{RequestID: "req_0123456789ab10000000002", Tool: "analyze_property", Price: &price, Currency: "USD", PaymentMethod: "api_credits", Evidence: basis},
		{RequestID: "client.id-2_x", Tool: "analyze_property", Price: &price, Currency: "USD", PaymentMethod: "subscription", Evidence: basis},
		{RequestID: "r3", Tool: "analyze_property", Price: &other, Currency: "USD", PaymentMethod: "api_credits", Evidence: basis},
		{RequestID: "r4", Tool: "analyze_property", Price: &price, Currency: "USD", PaymentMethod: "api_credits"},
		{RequestID: "r5", Tool: "analyze_oman_property", Price: &price, Currency: "USD", PaymentMethod: "api_credits", Evidence: dataset},
		{RequestID: "r6", Tool: "analyze_oman_property", Price: &price, Currency: "USD", PaymentMethod: "api_credits", Evidence: dataset2},
		{RequestID: "r7", Tool: "analyze_oman_property", Price: &price, Currency: "USD", PaymentMethod: "api_credits", Evidence: stale},
		{RequestID: "r8", Tool: "analyze_oman_property", Price: &price, Currency: "USD", Charged: &no, NotChargedReason: "insufficient_comparables", Evidence: stale},
		{RequestID: "r9", Tool: "x", Price: &price, Currency: "USD", Charged: &no, NotChargedReason: "no_evidence"},
		{RequestID: "", Tool: "x"},
		{RequestID: "needs \"escaping\" \u2028 é", Tool: "x", Price: &price},
		{RequestID: "r10", Tool: "tool with \"quotes\" and <html> \u2028", Price: &price, Currency: "USD", PaymentMethod: "x402", Evidence: basis},
	}
	data := []byte(`{"grossYieldPct":8.47}` + "\n")
	for round := range 3 {
		for i := range metas {
			m := metas[(i*(round+1))%len(metas)]
			want, err := encode(successEnvelope{Success: true, Data: jsonRaw(data), Meta: m})
			if err != nil {
				t.Fatal(err)
			}
			if got := envelopeRaw(data, m); !bytes.Equal(got, want) {
				t.Errorf("round %d, meta %d:\n got %s\nwant %s", round, i, got, want)
			}
		}
	}
	// The kept encoding is keyed by every field of Meta but the request id
	// and the evidence, and the evidence is compared by every field of
	// Basis: a field added to either must be added to metaKey or sameBasis.
	fields := func(v any) (names []string) {
		for f := range reflect.TypeOf(v).Fields() {
			names = append(names, f.Name)
		}
		return names
	}
	if got, want := fields(Meta{}), []string{"RequestID", "Tool", "Price", "Currency", "PaymentMethod", "Charged", "NotChargedReason", "Evidence"}; !reflect.DeepEqual(got, want) {
		t.Errorf("Meta's fields are %v, metaKey knows %v", got, want)
	}
	if got, want := fields(dalil.Basis{}), []string{"Sources", "Unanswered"}; !reflect.DeepEqual(got, want) {
		t.Errorf("Basis's fields are %v, sameBasis knows %v", got, want)
	}
}

// jsonRaw is encoded JSON, written as is.
type jsonRaw []byte

func (j jsonRaw) MarshalJSON() ([]byte, error) { return bytes.TrimRight(j, "\n"), nil }

// TestMetaTailsBounded: past maxMetaTails kept encodings (prices set by
// the input make one each) the others are encoded each time, as exactly,
// and a kept one whose evidence changed is replaced in place.
func TestMetaTailsBounded(t *testing.T) {
	metaTails.Lock()
	saved := metaTails.m
	metaTails.m = nil
	metaTails.Unlock()
	defer func() {
		metaTails.Lock()
		metaTails.m = saved
		metaTails.Unlock()
	}()
	data := []byte(`{"x":1}`)
	for i := range maxMetaTails + 50 {
		price := float64(i) / 1e6
		m := Meta{RequestID: "r1", Tool: "priced_by_input", Price: &price, Currency: "USD", PaymentMethod: "api_credits"}
		want, err := encode(successEnvelope{Success: true, Data: jsonRaw(data), Meta: m})
		if err != nil {
			t.Fatal(err)
		}
		for range 2 { // encoded, then kept or encoded again
			if got := envelopeRaw(data, m); !bytes.Equal(got, want) {
				t.Fatalf("price %v:\n got %s\nwant %s", price, got, want)
			}
		}
	}
	metaTails.RLock()
	n := len(metaTails.m)
	metaTails.RUnlock()
	if n != maxMetaTails {
		t.Errorf("%d encodings kept, want %d", n, maxMetaTails)
	}
	price := 0.0
	for _, items := range []int{1, 2, 1} {
		m := Meta{RequestID: "r2", Tool: "priced_by_input", Price: &price, Currency: "USD", PaymentMethod: "api_credits",
			Evidence: &dalil.Basis{Sources: []dalil.Source{{Kind: dalil.SourceCaller, Name: "n", Items: items}}}}
		want, _ := encode(successEnvelope{Success: true, Data: jsonRaw(data), Meta: m})
		if got := envelopeRaw(data, m); !bytes.Equal(got, want) {
			t.Errorf("items %d:\n got %s\nwant %s", items, got, want)
		}
	}
}
