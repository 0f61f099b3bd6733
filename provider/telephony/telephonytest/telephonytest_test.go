package telephonytest_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"dalil/capabilities/voice"
	"dalil/provider/telephony/telephonytest"
)

type call struct {
	id, to string
	status string
	tags   []string
}

func newBook() (*telephonytest.Book[call], *telephonytest.Keeper[call]) {
	return telephonytest.New("faketest", func(c *call) string { return c.id }, func(c *call) string { return c.to },
		func(c *call) call { out := *c; out.tags = append([]string(nil), c.tags...); return out })
}

func TestBookCounts(t *testing.T) {
	b, k := newBook()
	if b.LastCall().id != "" || len(b.Calls()) != 0 || b.WaitCalls(1, 0) {
		t.Fatal("an empty book has calls")
	}
	k.Lock()
	k.Add(&call{id: "c1", to: "+1", tags: []string{"a"}})
	k.Add(&call{id: "c2", to: "+2"})
	k.Add(&call{id: "c3", to: "+1"})
	var newest []string
	for c := range k.Newest() {
		newest = append(newest, c.id)
	}
	got, ok := k.Get("c2")
	k.Unlock()
	if strings.Join(newest, " ") != "c3 c2 c1" || !ok || got.to != "+2" {
		t.Fatalf("newest %v, get %v %v", newest, got, ok)
	}
	if b.Dials("+1") != 2 || b.Dials("+2") != 1 || b.Dials("+3") != 0 || !b.WaitCalls(3, 0) {
		t.Fatalf("dials %d %d %d", b.Dials("+1"), b.Dials("+2"), b.Dials("+3"))
	}
	if b.LastCall().id != "c3" || len(b.Calls()) != 3 {
		t.Fatalf("last %v, calls %v", b.LastCall(), b.Calls())
	}
	// Copies: changing one does not change the book.
	c1, _ := b.Call("c1")
	c1.tags[0] = "changed"
	if again, _ := b.Call("c1"); again.tags[0] != "a" {
		t.Fatal("Call returned the book's own slice")
	}
	if _, ok := b.Call("nope"); ok {
		t.Fatal("found an unknown call")
	}
}

func TestWaitCallsWaits(t *testing.T) {
	b, k := newBook()
	go func() {
		k.Lock()
		k.Add(&call{id: "late", to: "+1"})
		k.Unlock()
	}()
	if !b.WaitCalls(1, 10*time.Second) {
		t.Fatal("the call added meanwhile was not seen")
	}
}

func TestLostCreations(t *testing.T) {
	b, k := newBook()
	b.LoseNextCreate(502)
	b.LoseNextCreate(0)
	answers := make([]*httptest.ResponseRecorder, 3)
	for i := range answers {
		k.Lock()
		a := k.Add(&call{id: fmt.Sprint("c", i), to: "+1"})
		k.Unlock()
		rw := httptest.NewRecorder()
		ctx, cancel := context.WithCancel(context.Background())
		r := httptest.NewRequest(http.MethodPost, "/calls", nil).WithContext(ctx)
		if i == 1 {
			cancel() // the client gave up: the held request ends
		}
		a.Write(rw, r, map[string]string{"id": fmt.Sprint("c", i)}, func(status int) {
			rw.WriteHeader(status)
			io.WriteString(rw, "vendor error")
		})
		cancel()
		answers[i] = rw
	}
	if answers[0].Code != 502 || answers[0].Body.String() != "vendor error" {
		t.Errorf("first: %d %q", answers[0].Code, answers[0].Body)
	}
	if answers[1].Body.Len() != 0 {
		t.Errorf("the hang answered %q", answers[1].Body)
	}
	if answers[2].Code != 201 || strings.TrimSpace(answers[2].Body.String()) != `{"id":"c2"}` ||
		answers[2].Header().Get("Content-Type") != "application/json; charset=utf-8" {
		t.Errorf("third: %d %q", answers[2].Code, answers[2].Body)
	}
	if b.Dials("+1") != 3 {
		t.Errorf("lost creations are not counted: %d", b.Dials("+1"))
	}
}

func TestSendReplayDeliveries(t *testing.T) {
	var mu sync.Mutex
	var bodies []string
	status := http.StatusNoContent
	recv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		mu.Lock()
		bodies = append(bodies, r.Header.Get("X-Sig")+" "+string(body))
		code := status
		mu.Unlock()
		w.WriteHeader(code)
	}))
	defer recv.Close()
	b, k := newBook()
	k.Lock()
	k.Add(&call{id: "c1", to: "+1"})
	k.Unlock()
	build := func(st string) func(*call) (*telephonytest.Delivery, error) {
		return func(c *call) (*telephonytest.Delivery, error) {
			c.status = st
			h := http.Header{}
			h.Set("X-Sig", "sig-"+st)
			return &telephonytest.Delivery{URL: recv.URL, Body: []byte("status=" + st), Header: h, What: "event " + st}, nil
		}
	}
	if err := k.Send(recv.Client(), "c1", build("ringing")); err != nil {
		t.Fatal(err)
	}
	if c, _ := b.Call("c1"); c.status != "ringing" {
		t.Fatalf("build did not update the call: %v", c)
	}
	mu.Lock()
	status = http.StatusInternalServerError
	mu.Unlock()
	if err := k.Send(recv.Client(), "c1", build("completed")); err == nil || err.Error() != "faketest: event completed: HTTP 500" {
		t.Fatalf("a 500 from the receiver: %v", err)
	}
	mu.Lock()
	status = http.StatusOK
	mu.Unlock()
	if err := k.Replay(recv.Client(), 0); err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	got := strings.Join(bodies, "|")
	mu.Unlock()
	if got != "sig-ringing status=ringing|sig-completed status=completed|sig-ringing status=ringing" {
		t.Fatalf("posted %s", got)
	}
	ds := k.Deliveries()
	if len(ds) != 2 || ds[0].Replays != 1 || ds[0].Status != 200 || ds[1].Status != 500 || ds[1].Replays != 0 {
		t.Fatalf("deliveries %+v", ds)
	}
	ds[0].Header.Set("X-Sig", "changed")
	if k.Deliveries()[0].Header.Get("X-Sig") != "sig-ringing" {
		t.Fatal("Deliveries returned the book's own header")
	}

	// Errors: no call, build refusing, no delivery, receiver unreachable.
	if err := k.Send(recv.Client(), "nope", build("x")); err == nil || err.Error() != "faketest: no call nope" {
		t.Fatalf("unknown call: %v", err)
	}
	refuse := errors.New("no callback URL")
	if err := k.Send(recv.Client(), "c1", func(*call) (*telephonytest.Delivery, error) { return nil, refuse }); err != refuse || len(k.Deliveries()) != 2 {
		t.Fatalf("build's error: %v, %d deliveries", err, len(k.Deliveries()))
	}
	if err := k.Replay(recv.Client(), 2); err == nil || err.Error() != "faketest: no delivery 2" {
		t.Fatalf("no delivery: %v", err)
	}
	recv.Close()
	if err := k.Send(recv.Client(), "c1", build("busy")); err == nil || !strings.HasPrefix(err.Error(), "faketest: event busy: ") {
		t.Fatalf("unreachable receiver: %v", err)
	}
	if last := k.Deliveries()[2]; last.Err == nil || last.Status != 0 {
		t.Fatalf("unreachable delivery recorded as %+v", last)
	}
}

func TestSink(t *testing.T) {
	var s telephonytest.Sink
	ctx := context.Background()
	for _, id := range []string{"a", "b", "a"} {
		if err := s.Apply(ctx, voice.Event{ID: id}); err != nil {
			t.Fatal(err)
		}
	}
	down := errors.New("down")
	s.Fail(down)
	if err := s.Apply(ctx, voice.Event{ID: "c"}); err != down {
		t.Fatalf("failing sink: %v", err)
	}
	s.Fail(nil)
	if err := s.Apply(ctx, voice.Event{ID: "c"}); err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, e := range s.Events() {
		ids = append(ids, e.ID)
	}
	if strings.Join(ids, "") != "abc" || s.Dups() != 1 {
		t.Fatalf("applied %v, %d duplicates", ids, s.Dups())
	}
}
