package main

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"dalil/capability"
	"dalil/capability/capabilitytest"
)

// outputEntries are the registry's capabilities (planned ones have no
// output) and capabilitytest's every-shape output.
func outputEntries(t testing.TB) []*capability.Entry {
	reg, err := registry(deps{})
	if err != nil {
		t.Fatal(err)
	}
	var entries []*capability.Entry
	for _, e := range reg.All() {
		if e.OutputType() != nil {
			entries = append(entries, e)
		}
	}
	if len(entries) < 20 {
		t.Fatalf("only %d capabilities with an output", len(entries))
	}
	shapes := capabilitytest.ShapesEntry()
	return append(entries, &shapes)
}

// Every registered capability's output is written by a compiled writer,
// and AppendOutput writes what Marshal writes: on the results of the
// examples of the capabilities that answer without a provider or a
// dataset, and on 300 random values of each output type.
func TestEncodeAgreesOnEveryOutput(t *testing.T) {
	ran := 0
	for _, e := range outputEntries(t) {
		if !e.OutputCompiled() {
			t.Errorf("%s: no compiled output writer", e.ID)
		}
		if e.Example != nil && e.State().Status == capability.StatusAvailable {
			body, _ := json.Marshal(e.Example)
			in, err := e.Decode(body)
			if err != nil {
				t.Fatalf("%s: example: %v", e.ID, err)
			}
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			out, err := e.Run(capability.WithCall(ctx, capability.Call{RequestID: "req_test", AccountID: "acct_test", Now: time.Now().UTC()}), in)
			cancel()
			if err == nil {
				ran++
				if err := capabilitytest.EncodeAgrees(e, out); err != nil {
					t.Error(err)
				}
			}
		}
		src := capabilitytest.NewRand(uint64(len(e.ID)))
		for range 300 {
			if err := capabilitytest.EncodeAgrees(e, capabilitytest.Value(e.OutputType(), src).Interface()); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Logf("%d examples ran", ran)
	if ran < 4 {
		t.Errorf("only %d examples ran", ran)
	}
}

// FuzzEncodePathsAgree builds a value of every output type from the
// fuzzer's bytes: AppendOutput writes what Marshal writes, or fails as it
// fails.
func FuzzEncodePathsAgree(f *testing.F) {
	entries := outputEntries(f)
	for _, s := range []string{"", "\x00", "\x01\x02\x03\x04\x05\x06\x07\x08\x09", "\xff\xfe\xfd\xfc\xfb\u2028\u2029\"\\<>&", "\x05\x05\x05\x05\x05\x05\x05\x05\x05\x05\x05\x05"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		for _, e := range entries {
			v := capabilitytest.Value(e.OutputType(), &capabilitytest.Bytes{B: b}).Interface()
			if err := capabilitytest.EncodeAgrees(e, v); err != nil {
				t.Fatal(err)
			}
		}
	})
}
