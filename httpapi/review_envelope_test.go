package httpapi_test

import (
	"encoding/json"
	"io"
	"net/http"
	"testing"
)

// Contract §5: the envelope on every response. A path the mux would clean
// (double slash, "." or "..") is answered by net/http's own redirect: 307
// text/html "Temporary Redirect", no envelope — also for POSTs to paid
// routes. dispatch passes it to the mux because mux.Handler returns a
// non-empty pattern for the redirect.
func TestReviewUncleanPathAnswersWithoutEnvelope(t *testing.T) {
	e := newEnv(t)
	c := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	for _, tc := range []struct{ method, path string }{
		{"GET", "/api/v1//health"},
		{"GET", "/api/v1/./pricing"},
		{"POST", "/api/v1//property/analyze"},
	} {
		req, _ := http.NewRequest(tc.method, e.srv.URL+tc.path, nil)
		res, err := c.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		raw, _ := io.ReadAll(res.Body)
		res.Body.Close()
		var env struct {
			Success *bool `json:"success"`
			Meta    struct {
				RequestID string `json:"requestId"`
			} `json:"meta"`
		}
		if err := json.Unmarshal(raw, &env); err != nil || env.Success == nil || env.Meta.RequestID != res.Header.Get("X-Request-Id") {
			t.Errorf("%s %s: %d %q body %q; want a JSON envelope whose meta.requestId matches X-Request-Id", tc.method, tc.path, res.StatusCode, res.Header.Get("Content-Type"), raw)
		}
	}
}
