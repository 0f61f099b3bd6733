// Package webhook is the request handling the telephony adapters'
// webhooks share (twilio.Webhook, vapi.Webhook): the method, content
// type and size checks made before anything is verified or parsed, and
// the rule that an event is acknowledged only once the sink applied it.
// What a vendor signs and sends stays in the vendor's package.
package webhook

import (
	"io"
	"mime"
	"net/http"

	"dalil/capabilities/voice"
)

// Body returns the body of r when r is a POST of mediaType of at most
// limit bytes. Otherwise it has answered — 405 with Allow: POST for
// another method, 415 with unsupported as the text for another content
// type, 400 for a body that could not be read, 413 over limit — and
// returns false.
func Body(rw http.ResponseWriter, r *http.Request, mediaType, unsupported string, limit int64) ([]byte, bool) {
	if r.Method != http.MethodPost {
		rw.Header().Set("Allow", http.MethodPost)
		http.Error(rw, "method not allowed", http.StatusMethodNotAllowed)
		return nil, false
	}
	if mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type")); err != nil || mt != mediaType {
		http.Error(rw, unsupported, http.StatusUnsupportedMediaType)
		return nil, false
	}
	body, err := io.ReadAll(io.LimitReader(r.Body, limit+1))
	if err != nil {
		http.Error(rw, "unreadable body", http.StatusBadRequest)
		return nil, false
	}
	if int64(len(body)) > limit {
		http.Error(rw, "body too large", http.StatusRequestEntityTooLarge)
		return nil, false
	}
	return body, true
}

// Apply gives e to sink and reports whether it was applied. When it was
// not, it has answered 500, so the vendor sends the event again, and the
// caller answers nothing more.
func Apply(rw http.ResponseWriter, r *http.Request, sink voice.EventSink, e voice.Event) bool {
	if err := sink.Apply(r.Context(), e); err != nil {
		http.Error(rw, "event not applied; retry", http.StatusInternalServerError)
		return false
	}
	return true
}
