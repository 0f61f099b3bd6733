package voice_test

import (
	"context"
	"encoding/json"
	"errors"
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
	"dalil/rail/mpp"
	"dalil/rail/mpp/mppsql"
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
	// onCreate, when set, runs after a call was created, inside Enqueue:
	// what happens to the call before its request starts waiting for it
	// to connect (pay on connect).
	onCreate func(id string)
}

func (r *recStore) Create(ctx context.Context, c voice.Record, js []voice.Job) error {
	err := r.Store.Create(ctx, c, js)
	if err == nil {
		r.add(js)
		if r.onCreate != nil {
			r.onCreate(c.ID)
		}
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
	// sessions is the MPP budget-session store (the real one, on the
	// same database) behind cfg.SessionRefunds.
	sessions *mppsql.Sessions
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
	s, err := sqlstore.Open(h.ctx, filepath.Join(t.TempDir(), "voice.db"), sqlstore.Options{Now: h.clock.Now, Modules: []sqlstore.Module{voicesql.Module(), mppsql.Module()}})
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
	h.sessions = mppsql.NewSessions(s.DB())
	h.cfg = voice.Config{Store: h.calls, Dialer: h.dialer, Charges: s, Refunds: s, SessionRefunds: sessionRefunds{h.sessions, h.clock.Now}, Callbacks: client,
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

// sessionRefunds is voice.SessionRefunds on the MPP session store, as
// cmd/dalil wires it (mppSessionRefunds there; its own test checks that
// one): a closing or closed session is voice.ErrSessionClosed, a draw
// that is not there or not committed dalil.ErrNotFound.
type sessionRefunds struct {
	s   *mppsql.Sessions
	now func() time.Time
}

func (a sessionRefunds) RefundSession(ctx context.Context, session, key string, amount dalil.MicroUSD) (dalil.MicroUSD, error) {
	got, err := a.s.RefundDraw(ctx, session, key, amount, a.now())
	switch {
	case errors.Is(err, mpp.ErrSessionInactive):
		return 0, voice.ErrSessionClosed
	case errors.Is(err, mpp.ErrSessionNotFound), errors.Is(err, mpp.ErrReservationNotFound), errors.Is(err, mpp.ErrReservationNotCommitted):
		return 0, dalil.ErrNotFound
	}
	return got, err
}

// openSession opens an MPP budget session for ai_call_agent, as POST
// /api/v1/mpp/sessions does once its deposit settled.
func (h *harness) openSession(id string, budget dalil.MicroUSD) {
	h.t.Helper()
	now := h.clock.Now()
	if err := h.sessions.Create(h.ctx, mpp.Session{ID: id, Status: mpp.SessionActive, Payer: "0x00000000000000000000000000000000000000a1",
		Budget: budget, AllowedTools: []string{"ai_call_agent"}, DepositTx: "0xdeposit" + id, CreatedAt: now, ExpiresAt: now.Add(time.Hour)}); err != nil {
		h.t.Fatal(err)
	}
}

// session reads a session back.
func (h *harness) session(id string) mpp.Session {
	h.t.Helper()
	s, err := h.sessions.Get(h.ctx, id)
	if err != nil {
		h.t.Fatal(err)
	}
	return s
}

// placeFromSession places an ai_call_agent call paid from session as
// httpapi's sessionPayer does: drawAndRun, then the draw commits and the
// answer completes the key's record (what the dial job's charge check
// finds).
func (h *harness) placeFromSession(session, key, reqID, body string) voice.View {
	h.t.Helper()
	v := h.drawAndRun(session, key, reqID, body)
	if err := h.sessions.Commit(h.ctx, session, key); err != nil {
		h.t.Fatal(err)
	}
	k := dalil.IdemKey{AccountID: "mpp_session:" + session, Tool: "ai_call_agent", Key: key, Owner: reqID}
	price := dalil.MicroUSD(v.MaxCharge*1e6 + 0.5)
	if err := h.store.CompleteIdempotent(h.ctx, k, dalil.Answer{RequestID: reqID, Rail: dalil.RailMPP, Price: price, Data: []byte(`{}`)}); err != nil {
		h.t.Fatal(err)
	}
	return v
}

// drawAndRun claims the Idempotency-Key key, draws the call's maximum
// from session under it and runs ai_call_agent with the session and key
// in its capability.Call: a session call up to its payment.
func (h *harness) drawAndRun(session, key, reqID, body string) voice.View {
	h.t.Helper()
	var e *capability.Entry
	for _, en := range voice.Entries(h.deps) {
		if en.ID == "ai_call_agent" {
			e = &en
		}
	}
	in, err := e.Decode([]byte(body))
	if err != nil {
		h.t.Fatal(err)
	}
	k := dalil.IdemKey{AccountID: "mpp_session:" + session, Tool: e.ID, Key: key, Owner: reqID}
	if st, err := h.store.BeginIdempotent(h.ctx, k, "hash-"+key); err != nil || st.Outcome != dalil.IdemStarted {
		h.t.Fatalf("idempotency key %s: %+v, %v", key, st, err)
	}
	if _, existed, err := h.sessions.Reserve(h.ctx, mpp.Reservation{SessionID: session, Key: key, Tool: e.ID, Amount: e.PriceOf(in)}, h.clock.Now()); err != nil || existed {
		h.t.Fatalf("draw %s: existed %v, %v", key, existed, err)
	}
	ctx := capability.WithCall(h.ctx, capability.Call{RequestID: reqID, Now: h.clock.Now(), Rail: dalil.RailMPP, Session: session, SessionKey: key})
	out, err := e.Run(ctx, in)
	if err != nil {
		h.t.Fatalf("place from session: %v", err)
	}
	return out.(voice.View)
}
