package webhook_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"dalil/capabilities/voice"
	"dalil/provider/telephony/webhook"
)

func TestBody(t *testing.T) {
	for _, tc := range []struct {
		name, method, contentType, body string
		status                          int // 0: read
	}{
		{"read", http.MethodPost, "application/json", `{"a":1}`, 0},
		{"parameters on the media type", http.MethodPost, "application/json; charset=utf-8", `{}`, 0},
		{"exactly the limit", http.MethodPost, "application/json", strings.Repeat("x", 16), 0},
		{"another method", http.MethodGet, "application/json", "", http.StatusMethodNotAllowed},
		{"another type", http.MethodPost, "text/plain", "{}", http.StatusUnsupportedMediaType},
		{"no type", http.MethodPost, "", "{}", http.StatusUnsupportedMediaType},
		{"over the limit", http.MethodPost, "application/json", strings.Repeat("x", 17), http.StatusRequestEntityTooLarge},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := httptest.NewRequest(tc.method, "/webhooks/voice/x", strings.NewReader(tc.body))
			if tc.contentType != "" {
				r.Header.Set("Content-Type", tc.contentType)
			}
			rw := httptest.NewRecorder()
			body, ok := webhook.Body(rw, r, "application/json", "JSON body expected", 16)
			if tc.status == 0 {
				if !ok || string(body) != tc.body || rw.Body.Len() != 0 {
					t.Fatalf("Body = %q, %v; answered %d %q", body, ok, rw.Code, rw.Body)
				}
				return
			}
			if ok || body != nil || rw.Code != tc.status {
				t.Fatalf("Body = %q, %v, answered %d; want %d", body, ok, rw.Code, tc.status)
			}
			if tc.status == http.StatusMethodNotAllowed && rw.Header().Get("Allow") != http.MethodPost {
				t.Errorf("Allow %q", rw.Header().Get("Allow"))
			}
			if tc.status == http.StatusUnsupportedMediaType && !strings.Contains(rw.Body.String(), "JSON body expected") {
				t.Errorf("415 says %q", rw.Body)
			}
		})
	}
}

type sinkFunc func(context.Context, voice.Event) error

func (f sinkFunc) Apply(ctx context.Context, e voice.Event) error { return f(ctx, e) }

func TestApply(t *testing.T) {
	var got []string
	ok := sinkFunc(func(_ context.Context, e voice.Event) error { got = append(got, e.ID); return nil })
	rw := httptest.NewRecorder()
	r := httptest.NewRequest(http.MethodPost, "/", nil)
	if !webhook.Apply(rw, r, ok, voice.Event{ID: "e1"}) || len(got) != 1 || got[0] != "e1" || rw.Body.Len() != 0 {
		t.Fatalf("applied %v, answered %d %q", got, rw.Code, rw.Body)
	}
	failing := sinkFunc(func(context.Context, voice.Event) error { return errors.New("store down") })
	rw = httptest.NewRecorder()
	if webhook.Apply(rw, r, failing, voice.Event{ID: "e2"}) || rw.Code != http.StatusInternalServerError {
		t.Fatalf("a failed Apply answered %d", rw.Code)
	}
	if strings.Contains(rw.Body.String(), "store down") {
		t.Fatalf("the sink's error is shown to the vendor: %q", rw.Body)
	}
}
