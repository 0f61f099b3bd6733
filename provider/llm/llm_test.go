package llm_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"dalil/provider/client"
	"dalil/provider/client/clienttest"
	"dalil/provider/llm"
	"dalil/provider/llm/llmtest"
)

const key = "sk-ant-test-5ecret"

var sources = []llm.Source{
	{ID: 1, URL: "https://acme.example/about", Title: "About Acme",
		Text: "Acme Trading LLC was founded in 2009.\nIts   headquarters are in Muscat, Oman."},
	{ID: 2, URL: "https://news.example/acme", Title: "Regulator fines Acme",
		Text: "The Capital Market Authority fined Acme Trading LLC OMR 5,000 in March 2024 for late filings."},
}

func claimsJSON(cs ...llm.Claim) string {
	b, _ := json.Marshal(map[string]any{"claims": cs})
	return "Here is the answer:\n```json\n" + string(b) + "\n```"
}

func newClient(t *testing.T, srv *llmtest.Server, waits *[]time.Duration) *llm.Client {
	return llm.New(llm.Config{APIKey: key, BaseURL: srv.BaseURL(), Model: "claude-test", HTTP: clienttest.Instant(waits, 300*time.Millisecond)})
}

func TestOffMakesNoCall(t *testing.T) {
	c := llm.New(llm.Config{Model: "x", HTTP: client.Config{Transport: clienttest.NoNetwork(t)}})
	if c != nil {
		t.Fatal("client without a key must be nil (off)")
	}
	if _, err := c.Messages(context.Background(), llm.Request{}); !errors.Is(err, client.ErrNotConfigured) {
		t.Fatal(err)
	}
	if _, err := c.Claims(context.Background(), llm.ClaimsRequest{Sources: sources}); !errors.Is(err, client.ErrNotConfigured) {
		t.Fatal(err)
	}
}

func TestMessages(t *testing.T) {
	srv := llmtest.New(t, key, func(r llmtest.Request) string { return "echo: " + r.UserText() })
	c := newClient(t, srv, nil)
	resp, err := c.Messages(context.Background(), llm.Request{System: "be brief", Messages: []llm.Message{{Role: "user", Text: "hello"}}})
	if err != nil {
		t.Fatal(err)
	}
	if resp.Text != "echo: hello" || resp.Model != "claude-test" || resp.StopReason != "end_turn" || resp.ID == "" {
		t.Fatalf("response %+v", resp)
	}
	h := srv.Last().Header
	if h.Get("x-api-key") != key || h.Get("anthropic-version") != llm.DefaultVersion {
		t.Fatalf("headers %v", h)
	}
	req := srv.Requests()[0]
	if req.System != "be brief" || req.MaxTokens != llm.DefaultMaxTokens || req.Messages[0].Content[0].Type != "text" {
		t.Fatalf("request %+v", req)
	}
	// Bad key: authentication_error, key never shown.
	bad := llm.New(llm.Config{APIKey: "wrong-" + key, BaseURL: srv.BaseURL()})
	_, err = bad.Messages(context.Background(), llm.Request{Messages: []llm.Message{{Role: "user", Text: "x"}}})
	if !errors.Is(err, client.ErrUpstream) || client.StatusOf(err) != 401 || strings.Contains(err.Error(), key) ||
		!strings.Contains(err.Error(), "authentication_error") {
		t.Fatalf("bad key: %v", err)
	}
}

func TestOverloadedIsRetried(t *testing.T) {
	var waits []time.Duration
	srv := llmtest.New(t, key, func(llmtest.Request) string { return "ok" })
	srv.Push(clienttest.Fault{Status: 529, Body: `{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}`})
	c := newClient(t, srv, &waits)
	if r, err := c.Messages(context.Background(), llm.Request{Messages: []llm.Message{{Role: "user", Text: "x"}}}); err != nil || r.Text != "ok" {
		t.Fatalf("%+v %v", r, err)
	}
	if len(waits) != 1 {
		t.Fatalf("waits %v", waits)
	}
}

// TestClaimsVerification: every claim the model makes is checked against
// the sources; only quoted, found, allowed claims survive.
func TestClaimsVerification(t *testing.T) {
	reply := claimsJSON(
		llm.Claim{Field: "founded", Value: "2009", Quote: "Acme Trading LLC was founded in 2009.", Source: 1},
		llm.Claim{Field: "headquarters", Value: "Muscat", Quote: "Its headquarters are in Muscat, Oman.", Source: 1}, // spacing differs
		llm.Claim{Field: "fine", Value: "OMR 5,000", Detail: "late filings", Quote: "fined Acme Trading LLC OMR 5,000 in March 2024", Source: 2},
		llm.Claim{Field: "fine", Value: "OMR 50,000", Quote: "fined Acme Trading LLC OMR 50,000", Source: 2},   // not in the text
		llm.Claim{Field: "founded", Value: "2009", Quote: "Acme Trading LLC was founded in 2009.", Source: 2},  // wrong source
		llm.Claim{Field: "employees", Value: "500", Quote: "Acme Trading LLC was founded in 2009.", Source: 1}, // field not allowed
		llm.Claim{Field: "founded", Value: "2009", Quote: "in 2009", Source: 1},                                // too short
		llm.Claim{Field: "ceo", Value: "Jane Doe", Quote: "", Source: 1},                                       // model's word alone
		llm.Claim{Field: "founded", Value: "2009", Quote: "acme trading llc was founded in 2009.", Source: 1},  // case differs
		llm.Claim{Field: "founded", Value: "2009", Quote: "Acme Trading LLC was founded in 2009", Source: 1},   // duplicate
		llm.Claim{Field: "founded", Value: "2009", Quote: "Acme Trading LLC was founded in 2009.", Source: 9},  // unknown source
		llm.Claim{Field: "founded", Value: " ", Quote: "Acme Trading LLC was founded in 2009.", Source: 1},     // no value
	)
	srv := llmtest.New(t, key, func(llmtest.Request) string { return reply })
	c := newClient(t, srv, nil)
	res, err := c.Claims(context.Background(), llm.ClaimsRequest{Subject: "Acme Trading LLC", Task: "facts",
		Fields: []string{"founded", "headquarters", "fine", "ceo"}, Sources: sources})
	if err != nil {
		t.Fatal(err)
	}
	want := []llm.Claim{
		{Field: "founded", Value: "2009", Quote: "Acme Trading LLC was founded in 2009.", Source: 1},
		{Field: "headquarters", Value: "Muscat", Quote: "Its headquarters are in Muscat, Oman.", Source: 1},
		{Field: "fine", Value: "OMR 5,000", Detail: "late filings", Quote: "fined Acme Trading LLC OMR 5,000 in March 2024", Source: 2},
	}
	if d := cmp.Diff(want, res.Claims); d != "" {
		t.Fatalf("kept claims (-want +got):\n%s", d)
	}
	var reasons []string
	for _, d := range res.Dropped {
		reasons = append(reasons, d.Reason)
	}
	wantReasons := []string{llm.ReasonQuoteNotFound, llm.ReasonQuoteNotFound, llm.ReasonUnknownField, llm.ReasonQuoteTooShort,
		llm.ReasonQuoteTooShort, llm.ReasonQuoteNotFound, llm.ReasonDuplicate, llm.ReasonUnknownSource, llm.ReasonEmptyValue}
	if d := cmp.Diff(wantReasons, reasons); d != "" {
		t.Fatalf("drop reasons (-want +got):\n%s", d)
	}
	// The prompt carries the sources as numbered documents and the task.
	user := srv.Requests()[0].UserText()
	for _, s := range []string{`<document number="1" url="https://acme.example/about"`, "Subject: Acme Trading LLC",
		"Allowed fields: founded, headquarters, fine, ceo", "OMR 5,000 in March 2024"} {
		if !strings.Contains(user, s) {
			t.Errorf("prompt lacks %q", s)
		}
	}
	if !strings.Contains(srv.Requests()[0].System, "never follow instructions") {
		t.Error("system prompt lacks the untrusted-data rule")
	}
	// Same request again: from the cache, no call.
	hits := srv.Hits()
	again, err := c.Claims(context.Background(), llm.ClaimsRequest{Subject: "Acme Trading LLC", Task: "facts",
		Fields: []string{"founded", "headquarters", "fine", "ceo"}, Sources: sources})
	if err != nil || !again.Cached || srv.Hits() != hits || len(again.Claims) != 3 {
		t.Fatalf("cached re-run: %+v %v (%d calls)", again, err, srv.Hits()-hits)
	}
}

func TestClaimsWithoutSourcesMakesNoCall(t *testing.T) {
	srv := llmtest.New(t, key, nil)
	c := newClient(t, srv, nil)
	res, err := c.Claims(context.Background(), llm.ClaimsRequest{Subject: "x", Sources: []llm.Source{{ID: 0, Text: "t"}, {ID: 1, Text: "  "}}})
	if err != nil || len(res.Claims) != 0 || srv.Hits() != 0 {
		t.Fatalf("%+v %v hits %d", res, err, srv.Hits())
	}
}

func TestClaimsModelNotJSON(t *testing.T) {
	for _, reply := range []string{"I cannot help with that.", `{"answer":"x"}`, `{"claims":[{"field":`} {
		srv := llmtest.New(t, key, func(llmtest.Request) string { return reply })
		_, err := newClient(t, srv, nil).Claims(context.Background(), llm.ClaimsRequest{Subject: "x", Sources: sources})
		if !errors.Is(err, client.ErrMalformed) {
			t.Fatalf("reply %q: err = %v, want ErrMalformed", reply, err)
		}
	}
}

// TestLongSourceIsCutAndQuotesCheckedAgainstWhatWasSent: a quote from
// beyond the cut is dropped, as the model never saw it.
func TestLongSourceIsCut(t *testing.T) {
	long := strings.Repeat("filler text ", llm.MaxSourceBytes/12+10) + "The secret fact is here at the end."
	srv := llmtest.New(t, key, func(llmtest.Request) string {
		return claimsJSON(llm.Claim{Field: "f", Value: "v", Quote: "The secret fact is here at the end.", Source: 1})
	})
	res, err := newClient(t, srv, nil).Claims(context.Background(), llm.ClaimsRequest{Subject: "x", Sources: []llm.Source{{ID: 1, Text: long}}})
	if err != nil || len(res.Claims) != 0 || len(res.Dropped) != 1 || res.Dropped[0].Reason != llm.ReasonQuoteNotFound {
		t.Fatalf("%+v %v", res, err)
	}
	if n := len(srv.Requests()[0].UserText()); n > llm.MaxSourceBytes+1000 {
		t.Fatalf("prompt of %d bytes", n)
	}
}

// TestVerifyProperty: whatever claims are proposed, every kept claim's
// quote is a substring of its source's collapsed text and long enough.
func TestVerifyProperty(t *testing.T) {
	text := strings.Join(strings.Fields(sources[0].Text+" "+sources[1].Text), " ")
	words := strings.Fields(text)
	x := uint64(7)
	next := func(n int) int { x = x*6364136223846793005 + 1442695040888963407; return int(x>>33) % n }
	for range 2000 {
		var proposed []llm.Claim
		for range 1 + next(6) {
			i := next(len(words))
			j := i + next(len(words)-i) + 1
			q := strings.Join(words[i:j], " ")
			if next(3) == 0 {
				q = strings.ToUpper(q)
			}
			proposed = append(proposed, llm.Claim{Field: "f", Value: fmt.Sprint(next(100)), Quote: q, Source: 1 + next(3)})
		}
		kept, dropped := llm.Verify(proposed, sources, nil)
		if len(kept)+len(dropped) != len(proposed) {
			t.Fatal("claims lost")
		}
		for _, k := range kept {
			src := sources[k.Source-1].Text
			if !strings.Contains(strings.Join(strings.Fields(src), " "), k.Quote) || len([]rune(k.Quote)) < llm.MinQuoteRunes {
				t.Fatalf("kept %+v", k)
			}
		}
	}
}

func TestContract(t *testing.T) {
	var waits []time.Duration
	srv := llmtest.New(t, key, func(llmtest.Request) string { return "ok" })
	c := newClient(t, srv, &waits)
	clienttest.Contract{Faults: srv.Faults, Waits: &waits, Call: func(ctx context.Context, n int) error {
		_, err := c.Messages(ctx, llm.Request{Messages: []llm.Message{{Role: "user", Text: fmt.Sprint("question ", n)}}})
		return err
	}}.Run(t)
}

// FuzzClaims: any model answer is either refused as malformed or yields
// only verified claims.
func FuzzClaims(f *testing.F) {
	f.Add(claimsJSON(llm.Claim{Field: "founded", Value: "2009", Quote: "Acme Trading LLC was founded in 2009.", Source: 1}))
	f.Add(`{"claims":[{"field":"a","value":12,"quote":"Its headquarters are in Muscat","source":"1"}]}`)
	f.Add(`{"claims":null}`)
	f.Fuzz(func(t *testing.T, reply string) {
		srv := llmtest.New(t, key, func(llmtest.Request) string { return reply })
		c := llm.New(llm.Config{APIKey: key, BaseURL: srv.BaseURL(), TTL: -1, HTTP: clienttest.Instant(nil, time.Second)})
		res, err := c.Claims(context.Background(), llm.ClaimsRequest{Subject: "Acme", Sources: sources})
		if err != nil {
			if !errors.Is(err, client.ErrMalformed) {
				t.Fatalf("err = %v", err)
			}
			return
		}
		for _, k := range res.Claims {
			if k.Source < 1 || k.Source > 2 || !strings.Contains(strings.Join(strings.Fields(sources[k.Source-1].Text), " "), k.Quote) {
				t.Fatalf("unverified claim kept: %+v", k)
			}
		}
	})
}
