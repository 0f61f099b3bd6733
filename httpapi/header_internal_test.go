package httpapi

import (
	"net/http"
	"net/textproto"
	"testing"
)

// TestHeaderNamesCanonical: header reads a request header by a map
// look-up, which finds it only under the canonical name net/http stores
// it by; a name written otherwise would read every such header as absent.
func TestHeaderNamesCanonical(t *testing.T) {
	for _, k := range []string{hdrAPIKey, hdrAuthorization, hdrContentType, hdrPaymentMethod, hdrRequestID, MaxPriceHeader} {
		if c := textproto.CanonicalMIMEHeaderKey(k); c != k {
			t.Errorf("%q is stored by net/http as %q", k, c)
		}
	}
	h := http.Header{}
	h.Set("x-api-key", "k1")
	h.Add("X-API-KEY", "k2")
	if got, want := header(h, hdrAPIKey), h.Get("X-API-Key"); got != want || got != "k1" {
		t.Errorf("header = %q, Header.Get = %q, want k1", got, want)
	}
	if got := header(h, hdrAuthorization); got != "" {
		t.Errorf("absent header = %q", got)
	}
}
