package invoiceanomaly

import (
	"errors"
	"strings"
	"testing"

	"dalil"
	"dalil/capability"
)

// FuzzEntryDecode sends arbitrary bodies through the paid call's decoding
// (Entry.Decode): it never panics; an accepted body checks to a complete
// result; a refused one answers one of the route's 400 codes, the specific
// ones with details.path at their first problem.
// Seeds: testdata/fuzz/FuzzEntryDecode.
func FuzzEntryDecode(f *testing.F) {
	f.Add(referenceBody)
	f.Add(`{"invoice":{"total":" 10 ","currency":" usd ","invoiceDate":"2026-09-21T23:30:00+04:00"},"paymentHistory":[{"amount":"+1"}]}`)
	e := Entry(Deps{})
	f.Fuzz(func(t *testing.T, body string) {
		v, err := e.Decode([]byte(body))
		if err == nil {
			out := Check(v.(Input), Options{Now: testNow})
			if out.Decision == "" || out.RiskScore < 0 || out.RiskScore > 100 {
				t.Fatalf("incomplete output for %q: %+v", body, out)
			}
			return
		}
		var de *dalil.Error
		if !errors.As(err, &de) {
			t.Fatalf("%q: %v is not a *dalil.Error", body, err)
		}
		switch de.Code {
		case dalil.CodeInvalidInput, dalil.CodeInvalidJSON:
			if _, ok := de.Details.([]dalil.Problem); !ok {
				t.Fatalf("%q: %s details %#v", body, de.Code, de.Details)
			}
		case dalil.CodeInvalidMonetaryValue, dalil.CodeInvalidDate, dalil.CodeUnsupportedCurrencyFormat:
			d, ok := de.Details.(capability.FieldErrors)
			if !ok || len(d.Problems) == 0 || d.Problems[0].Path != d.Path || !strings.HasPrefix(de.Message, d.Path+" ") {
				t.Fatalf("%q: %s details %#v", body, de.Code, de.Details)
			}
		default:
			t.Fatalf("%q: code %s", body, de.Code)
		}
		if de.Code == dalil.CodeInvalidJSON != errors.Is(err, capability.ErrMalformedJSON) {
			t.Fatalf("%q: %s but marked malformed %v", body, de.Code, errors.Is(err, capability.ErrMalformedJSON))
		}
	})
}

// FuzzValidateFastPath: the checks that let valid values skip building
// their paths agree with the checks that report problems.
// Seeds: testdata/fuzz/FuzzValidateFastPath.
func FuzzValidateFastPath(f *testing.F) {
	for _, s := range []string{"12.50", " 7 ", "+3", "-0", "-0.01", "1e3", "1,000", "1000000000000", "0.0000001", "2026-02-28", "2026-02-30T00:00:00Z", " usd ", "US$"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, limit := range []int64{maxMoneyMicros, maxQuantityMicros, maxRateMicros} {
			v := &validator{}
			v.decimal(dalil.CodeInvalidMonetaryValue, "x", Decimal(s), limit, "x")
			if okDecimal(Decimal(s), limit) != (len(v.probs) == 0) {
				t.Fatalf("okDecimal(%q, %d) = %v, problems %v", s, limit, okDecimal(Decimal(s), limit), v.probs)
			}
		}
		v := &validator{}
		v.date("x", s)
		if okDate(s) != (len(v.probs) == 0) {
			t.Fatalf("okDate(%q) = %v, problems %v", s, okDate(s), v.probs)
		}
		v = &validator{}
		v.currency("x", s)
		if okCurrency(s) != (len(v.probs) == 0) {
			t.Fatalf("okCurrency(%q) = %v, problems %v", s, okCurrency(s), v.probs)
		}
	})
}
