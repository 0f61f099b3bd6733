package voice_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"dalil"
	"dalil/capabilities/voice"
	"dalil/capabilities/voice/voicesql"
	"dalil/capabilities/voice/voicetest"
	"dalil/capability"
	"dalil/internal/jobs"
	"dalil/internal/safehttp"
	"dalil/internal/safehttp/safehttptest"
	"dalil/store/sqlstore"
	"dalil/store/storetest"
)

// recStore records the jobs each committed change brings, so a test runs
// them itself, in order, on its own clock (River's delivery of them is
// tested in voicesql and by the restart test in cmd/dalil).
type recStore struct {
	voice.Store
	mu   sync.Mutex
	jobs []voice.Job
}

func (r *recStore) Create(ctx context.Context, c voice.Record, js []voice.Job) error {
	err := r.Store.Create(ctx, c, js)
	if err == nil {
		r.add(js)
	}
	return err
}

func (r *recStore) Update(ctx context.Context, id, key string, fn func(*voice.Record) (voice.Effects, error)) (voice.Record, error) {
	var eff voice.Effects
	rec, err := r.Store.Update(ctx, id, key, func(c *voice.Record) (voice.Effects, error) {
		e, err := fn(c)
		eff = e
		return e, err
	})
	if err == nil {
		r.add(eff.Jobs)
	}
	return rec, err
}

func (r *recStore) add(js []voice.Job) {
	r.mu.Lock()
	r.jobs = append(r.jobs, js...)
	r.mu.Unlock()
}

// take removes and returns the recorded jobs of kind for the call.
func (r *recStore) take(kind voice.JobKind, callID string) []voice.Job {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out, rest []voice.Job
	for _, j := range r.jobs {
		if j.Kind == kind && j.CallID == callID {
			out = append(out, j)
		} else {
			rest = append(rest, j)
		}
	}
	r.jobs = rest
	return out
}

func (r *recStore) count(kind voice.JobKind, callID string) int {
	r.mu.Lock()
	defer r.mu.Unlock()
	n := 0
	for _, j := range r.jobs {
		if j.Kind == kind && j.CallID == callID {
			n++
		}
	}
	return n
}

// hook is one callback the receiver got.
type hook struct {
	header http.Header
	body   []byte
}

type harness struct {
	t      *testing.T
	ctx    context.Context
	store  *sqlstore.Store
	calls  *recStore
	svc    *voice.Service
	cfg    voice.Config
	dialer *voicetest.Dialer
	clock  *storetest.Clock
	deps   voice.Deps
	hooks  *safehttptest.Server
	// status is what the callback receiver answers next (default 200).
	mu       sync.Mutex
	statuses []int
	got      []hook
	acct     string
}

var noon = time.Date(2026, 11, 25, 8, 0, 0, 0, time.UTC) // 12:00 in Muscat

const hooksHost = "hooks.test.example"

func newHarness(t *testing.T) *harness {
	t.Helper()
	h := &harness{t: t, ctx: context.Background(), clock: storetest.NewClock(noon), dialer: voicetest.NewDialer()}
	h.dialer.Now = h.clock.Now
	s, err := sqlstore.Open(h.ctx, filepath.Join(t.TempDir(), "voice.db"), sqlstore.Options{Now: h.clock.Now, Modules: []sqlstore.Module{voicesql.Module()}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	h.store = s
	q, err := jobs.Open(h.ctx, s.DB(), "", jobs.Options{}) // inserts only: the test runs the jobs
	if err != nil {
		t.Fatal(err)
	}
	h.calls = &recStore{Store: voicesql.New(s.DB(), q)}
	h.hooks = safehttptest.NewTLSServer(t, http.HandlerFunc(h.receive), hooksHost)
	opts := h.hooks.Options()
	opts.NoRedirects = true
	client := safehttp.New(opts)
	policy := voice.Policy{Countries: []string{"OM", "AE"}}
	secret := []byte("number-secret")
	h.cfg = voice.Config{Store: h.calls, Dialer: h.dialer, Charges: s, Refunds: s, Callbacks: client,
		Policy: policy, NumberSecret: secret, SigningSecret: []byte("signing-secret"), EventsURL: "https://dalil.example/webhooks/voice/fake",
		ChargeWindow: time.Minute, Now: h.clock.Now}
	h.svc = voice.NewService(h.cfg)
	h.deps = voice.Deps{Policy: policy, Queue: h.svc, DoNotCall: h.calls, Counts: h.calls, Calls: h.svc, Secret: secret,
		CheckCallback: func(u string) error { _, err := client.CheckURL(u); return err }}
	a, err := s.CreateAccount(h.ctx, "buyer", "free", 10*dalil.USD)
	if err != nil {
		t.Fatal(err)
	}
	h.acct = a.ID
	return h
}

// useDialer rebuilds the service with another provider port (h.dialer
// stays the fake behind it).
func (h *harness) useDialer(d voice.Dialer) {
	h.cfg.Dialer = d
	h.svc = voice.NewService(h.cfg)
	h.deps.Queue, h.deps.Calls = h.svc, h.svc
}

func (h *harness) receive(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	h.mu.Lock()
	h.got = append(h.got, hook{r.Header.Clone(), body})
	status := http.StatusOK
	if len(h.statuses) > 0 {
		status, h.statuses = h.statuses[0], h.statuses[1:]
	}
	h.mu.Unlock()
	w.WriteHeader(status)
}

func (h *harness) received() []hook {
	h.mu.Lock()
	defer h.mu.Unlock()
	return append([]hook(nil), h.got...)
}

// place runs the capability as the pipeline would for account acct
// (empty: a pay-per-call payer), and returns its 202 view.
func (h *harness) place(id, acct, reqID, body string) (voice.View, error) {
	h.t.Helper()
	var e *capability.Entry
	for _, en := range voice.Entries(h.deps) {
		if en.ID == id {
			e = &en
		}
	}
	in, err := e.Decode([]byte(body))
	if err != nil {
		return voice.View{}, err
	}
	ctx := capability.WithCall(h.ctx, capability.Call{RequestID: reqID, AccountID: acct, Now: h.clock.Now()})
	out, err := e.Run(ctx, in)
	if err != nil {
		return voice.View{}, err
	}
	return out.(voice.View), nil
}

// mustPlace places a call and commits its charge (the pipeline's settle).
func (h *harness) mustPlace(reqID, body string) voice.View {
	h.t.Helper()
	v, err := h.place("ai_call_agent", h.acct, reqID, body)
	if err != nil {
		h.t.Fatalf("place: %v", err)
	}
	h.charge(reqID, v)
	return v
}

func (h *harness) charge(reqID string, v voice.View) {
	h.t.Helper()
	price := dalil.MicroUSD(v.MaxCharge*1e6 + 0.5)
	if _, err := h.store.Charge(h.ctx, dalil.ChargeRequest{AccountID: h.acct, Tool: "ai_call_agent", Price: price, RequestID: reqID, Method: dalil.MethodCredits}); err != nil {
		h.t.Fatalf("charge: %v", err)
	}
}

// run runs the recorded jobs of kind for the call (attempt 1 of 5) and
// returns their errors.
func (h *harness) run(kind voice.JobKind, callID string) []error {
	h.t.Helper()
	var errs []error
	for _, j := range h.calls.take(kind, callID) {
		errs = append(errs, h.svc.Work(h.ctx, j, 1, 5))
	}
	return errs
}

// runOK runs the recorded jobs of kind and fails the test on an error or
// when there was none.
func (h *harness) runOK(kind voice.JobKind, callID string) {
	h.t.Helper()
	errs := h.run(kind, callID)
	if len(errs) == 0 {
		h.t.Fatalf("no %s job for %s", kind, callID)
	}
	for _, err := range errs {
		if err != nil {
			h.t.Fatalf("%s: %v", kind, err)
		}
	}
}

func (h *harness) record(id string) voice.Record {
	h.t.Helper()
	r, err := h.calls.Get(h.ctx, id)
	if err != nil {
		h.t.Fatal(err)
	}
	return r
}

func (h *harness) apply(e voice.Event) {
	h.t.Helper()
	if e.Provider == "" {
		e.Provider = "fake"
	}
	if err := h.svc.Apply(h.ctx, e); err != nil {
		h.t.Fatalf("apply %+v: %v", e, err)
	}
}

func (h *harness) credits() dalil.MicroUSD {
	h.t.Helper()
	a, err := h.store.Account(h.ctx, h.acct)
	if err != nil {
		h.t.Fatal(err)
	}
	return a.Credits
}

func asMap(t *testing.T, b []byte) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatalf("%v: %s", err, b)
	}
	return m
}
