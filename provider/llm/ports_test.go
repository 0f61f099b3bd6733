package llm_test

import (
	"context"
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"

	"dalil/internal/intel"
	"dalil/provider/client"
	"dalil/provider/client/clienttest"
	"dalil/provider/llm"
	"dalil/provider/llm/llmtest"
)

// TestForIntel: documents numbered from 0 are the sources numbered from 1
// and back, only claims quoting their document survive, and failures are
// intel kinds keeping the client's error (moved from cmd/dalil with the
// adapter).
func TestForIntel(t *testing.T) {
	if llm.ForIntel(nil) != nil {
		t.Error("a nil client gave a port")
	}
	reply := claimsJSON(
		llm.Claim{Field: "founded", Value: "2009", Quote: "Acme Trading LLC was founded in 2009.", Source: 1},
		llm.Claim{Field: "fine", Value: "OMR 5,000", Detail: "late filings", Quote: "fined Acme Trading LLC OMR 5,000 in March 2024", Source: 2},
		llm.Claim{Field: "fine", Value: "OMR 5,000", Quote: "fined Acme Trading LLC OMR 5,000 in March 2024", Source: 1}, // not in document 0
	)
	srv := llmtest.New(t, key, func(llmtest.Request) string { return reply })
	port := llm.ForIntel(newClient(t, srv, nil))
	if port.Name() != llm.Name {
		t.Errorf("name %q", port.Name())
	}
	x := intel.Extraction{Subject: "Acme Trading LLC", Task: "facts", Fields: []string{"founded", "fine"}}
	for i, s := range sources {
		x.Docs = append(x.Docs, intel.Doc{Index: i, URL: s.URL, Title: s.Title, Text: s.Text})
	}
	got, err := port.Extract(context.Background(), x)
	want := []intel.Claim{
		{Field: "founded", Value: "2009", Quote: "Acme Trading LLC was founded in 2009.", Doc: 0},
		{Field: "fine", Value: "OMR 5,000", Detail: "late filings", Quote: "fined Acme Trading LLC OMR 5,000 in March 2024", Doc: 1},
	}
	if d := cmp.Diff(want, got); err != nil || d != "" {
		t.Fatalf("claims (-want +got):\n%s%v", d, err)
	}

	srv.Push(clienttest.RateLimited("1"), clienttest.RateLimited("1"), clienttest.RateLimited("1"))
	x.Task = "other facts" // not the cached request
	if _, err := port.Extract(context.Background(), x); !errors.Is(err, intel.ErrRateLimited) || !errors.Is(err, client.ErrRateLimited) {
		t.Errorf("rate limited: %v", err)
	}
	wrong := llm.ForIntel(llm.New(llm.Config{APIKey: "wrong-" + key, BaseURL: srv.BaseURL(), Model: "claude-test"}))
	_, err = wrong.Extract(context.Background(), x)
	if !errors.Is(err, intel.ErrUnavailable) || !errors.Is(err, client.ErrUpstream) || errors.Is(err, intel.ErrRateLimited) {
		t.Errorf("wrong key: %v", err)
	}
}
