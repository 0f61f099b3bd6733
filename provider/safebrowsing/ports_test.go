package safebrowsing_test

import (
	"context"
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"

	"dalil/internal/intel"
	"dalil/provider/client"
	"dalil/provider/client/clienttest"
	"dalil/provider/safebrowsing"
	"dalil/provider/safebrowsing/safebrowsingtest"
)

// TestForIntel: listed URLs reach intel with their threat types, and
// failures as intel kinds keeping the client's error (moved from
// cmd/dalil with the adapter).
func TestForIntel(t *testing.T) {
	if safebrowsing.ForIntel(nil) != nil {
		t.Error("a nil client gave a port")
	}
	srv := safebrowsingtest.New(t, key, listed)
	port := safebrowsing.ForIntel(safebrowsing.New(safebrowsing.Config{APIKey: key, BaseURL: srv.BaseURL(), HTTP: clienttest.Instant(nil, 0)}))
	if port.Name() != safebrowsing.Name {
		t.Errorf("name %q", port.Name())
	}
	got, err := port.Check(context.Background(), []string{"https://good.example/", "https://bad.example/", "http://phish.example/login"})
	want := []intel.Threat{{URL: "http://phish.example/login", Type: "SOCIAL_ENGINEERING"}, {URL: "https://bad.example/", Type: "MALWARE"}}
	if d := cmp.Diff(want, got); err != nil || d != "" {
		t.Fatalf("threats (-want +got):\n%s%v", d, err)
	}
	if got, err := port.Check(context.Background(), []string{"https://good.example/"}); err != nil || len(got) != 0 {
		t.Errorf("clean: %+v %v", got, err)
	}
	srv.Push(clienttest.ServerError(500), clienttest.ServerError(500), clienttest.ServerError(500))
	_, err = port.Check(context.Background(), []string{"https://other.example/"})
	if !errors.Is(err, intel.ErrUnavailable) || !errors.Is(err, client.ErrUpstream) || errors.Is(err, intel.ErrRateLimited) {
		t.Errorf("server failing: %v", err)
	}
	srv.Push(clienttest.RateLimited("1"), clienttest.RateLimited("1"), clienttest.RateLimited("1"))
	_, err = port.Check(context.Background(), []string{"https://third.example/"})
	if !errors.Is(err, intel.ErrRateLimited) || !errors.Is(err, client.ErrRateLimited) {
		t.Errorf("rate limited: %v", err)
	}
}
