package httpapi

import "net/http"

// Request headers every paid call reads, named as net/http stores them
// (textproto.CanonicalMIMEHeaderKey's form, checked by a test), so that
// header reads them with a map look-up: Header.Get canonicalizes its key
// on every call, scanning it, and copies one written otherwise, such as
// "X-API-Key" (docs/performance.md, issue 34, session 26).
const (
	hdrAPIKey        = "X-Api-Key"
	hdrAuthorization = "Authorization"
	hdrContentType   = "Content-Type"
	hdrPaymentMethod = "X-Service-Payment-Method"
	hdrRequestID     = "X-Request-Id"
)

// header is h.Get(key) for a key in canonical form.
func header(h http.Header, key string) string {
	if v := h[key]; len(v) > 0 {
		return v[0]
	}
	return ""
}
