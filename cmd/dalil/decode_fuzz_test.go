package main

import (
	"errors"
	"testing"

	"dalil"
	"dalil/capability"
	"dalil/httpapi"
)

// FuzzDecodeEveryCapability sends arbitrary bodies to the decoder of every
// routed capability, as the server builds them: never a panic, and a body
// that is refused is refused with a typed error whose code answers 4xx
// (INVALID_INPUT, or a code the capability declares, such as
// MISSING_DOCUMENT), never an untyped error that would answer 500.
func FuzzDecodeEveryCapability(f *testing.F) {
	for _, s := range []string{
		`{"propertyValue":85000,"annualRent":7200}`,
		`{"name":"Acme Trading LLC","country":"OM","website":"acme.com"}`,
		`{"phoneNumber":"+96891234567","objective":"Ask about opening hours","language":"ar"}`,
		`{"names":[{"name":"Ali Hassan","dateOfBirth":"1970-01-01"}],"threshold":0.8}`,
		`{"make":"Toyota","model":"Land Cruiser","year":2020,"mileageKm":50000}`,
		`{"area":"Al Khuwair","propertyType":"apartment","bedrooms":2}`,
		`{"text":"The Supplier shall deliver within 30 days.","language":"en"}`,
		`{"invoice":{"number":"INV-1","date":"2026-01-01","total":"10.000","currency":"OMR"}}`,
		`{"a":1,"a":2}`, `[[[[`, "\xff\xfe", `null`, ``, `{"url":"https://.0.0.0../x.pdf"}`,
	} {
		f.Add([]byte(s))
	}
	reg, err := registry(deps{})
	if err != nil {
		f.Fatal(err)
	}
	var entries []*capability.Entry
	for _, e := range reg.All() {
		if e.Status != capability.StatusPlanned {
			entries = append(entries, e)
		}
	}
	if len(entries) < 10 {
		f.Fatalf("only %d routed capabilities", len(entries))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		for _, e := range entries {
			if _, err := e.Decode(body); err != nil {
				var de *dalil.Error
				if !errors.As(err, &de) || httpapi.Status(de.Code) < 400 || httpapi.Status(de.Code) > 499 {
					t.Fatalf("%s: Decode(%q) = %v, want a client error", e.ID, body, err)
				}
			}
		}
	})
}
