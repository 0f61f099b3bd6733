package httpapi_test

import (
	"context"
	"errors"
	"testing"

	"dalil/httpapi"
)

// /livez answers whenever the process serves HTTP; /readyz checks storage
// and every declared part, and names the failing ones in a 503.
func TestLivezAndReadyz(t *testing.T) {
	jobsUp := true
	e := newEnv(t, func(c *httpapi.Config) {
		c.Ready = []httpapi.ReadyCheck{{Name: "jobs", Check: func(context.Context) error {
			if !jobsUp {
				return errors.New("the job queue's workers are not running")
			}
			return nil
		}}}
	})
	if r := e.do("GET", "/livez", nil, nil); r.Status != 200 || r.data()["status"] != "live" {
		t.Fatalf("livez: %d %s", r.Status, r.Raw)
	}
	r := e.do("GET", "/readyz", nil, nil)
	checks, _ := r.data()["checks"].(map[string]any)
	if r.Status != 200 || checks["storage"] != "ok" || checks["jobs"] != "ok" {
		t.Fatalf("readyz: %d %s", r.Status, r.Raw)
	}
	jobsUp = false
	r = e.do("GET", "/readyz", nil, nil)
	details, _ := r.Body["error"].(map[string]any)["details"].(map[string]any)
	if r.Status != 503 || r.Header.Get("Retry-After") == "" || details["checks"].(map[string]any)["jobs"] != "failing" {
		t.Fatalf("jobs down: %d %s", r.Status, r.Raw)
	}
	// Storage gone: not ready, while still live.
	e.store.Close()
	if r := e.do("GET", "/readyz", nil, nil); r.Status != 503 {
		t.Errorf("storage closed: readyz %d %s", r.Status, r.Raw)
	}
	if r := e.do("GET", "/livez", nil, nil); r.Status != 200 {
		t.Errorf("storage closed: livez %d", r.Status)
	}
}
