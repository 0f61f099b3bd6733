package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"testing"

	"dalil"
	"dalil/capability"
	"dalil/httpapi"
	"dalil/internal/safehttp"
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
		if e.Status() != capability.StatusPlanned {
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

// offline is a fetch policy under which every caller-given URL fails to
// resolve, quietly: the fuzzer writes URLs, and none may leave the machine.
type offline struct{}

func (offline) LookupIPAddr(context.Context, string) ([]net.IPAddr, error) {
	return nil, errors.New("offline")
}

// FuzzEveryPaidRoute sends arbitrary bodies to every capability's POST
// route through the server `dalil serve` builds (no provider configured,
// no dataset imported, a funded API key): never a 500, and no answer
// other than a 2xx moves the account's credits or ledger.
func FuzzEveryPaidRoute(f *testing.F) {
	for _, s := range []string{
		`{"propertyValue":85000,"annualRent":7200}`, `{"companyName":"Acme Trading Ltd","country":"gbr","website":"acmetrading.co.uk"}`,
		`{"text":"The Supplier shall deliver within 30 days."}`, `{"documentUrl":"https://example.com/a.pdf"}`,
		`{"names":[{"name":"Ali Hassan"}]}`, `{"make":"Toyota","model":"Land Cruiser","year":2020}`, `{}`, `[`, "\x00",
	} {
		f.Add([]byte(s))
	}
	s := newIntelServer(f, nil, safehttp.Options{Resolver: offline{}, DialContext: func(context.Context, string, string) (net.Conn, error) {
		return nil, errors.New("offline")
	}})
	var paths []string
	for _, e := range s.svc.reg.All() {
		if e.Status() != capability.StatusPlanned { // a capability's own route is a POST
			paths = append(paths, e.Path)
		}
	}
	if len(paths) < 10 {
		f.Fatalf("only %d POST routes", len(paths))
	}
	money := func(t *testing.T) string {
		ctx := context.Background()
		a, err := s.svc.store.Account(ctx, s.acct)
		if err != nil {
			t.Fatal(err)
		}
		last, err := s.svc.store.Ledger(ctx, s.acct, 1, 0)
		if err != nil {
			t.Fatal(err)
		}
		return fmt.Sprint(a.Credits, last)
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		for _, path := range paths {
			before := money(t)
			req := httptest.NewRequest(http.MethodPost, path, bytes.NewReader(body))
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("X-API-Key", s.key)
			rec := httptest.NewRecorder()
			s.svc.api.ServeHTTP(rec, req)
			if rec.Code == http.StatusInternalServerError {
				t.Fatalf("%s: 500 for %q: %s", path, body, rec.Body)
			}
			if (rec.Code < 200 || rec.Code > 299) && money(t) != before {
				t.Fatalf("%s: a %d for %q moved the money: %s", path, rec.Code, body, rec.Body)
			}
		}
	})
}
