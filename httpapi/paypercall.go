package httpapi

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"time"

	"dalil"
	"dalil/capability"
)

// PayRail is a configured pay-per-call rail and what the service publishes
// about it. cmd/dalil builds these from the rail packages, so this package
// never imports a rail.
type PayRail struct {
	Rail dalil.PaymentRail
	// Descriptor is the rail's entry in GET /api/v1/payment-methods.
	Descriptor map[string]any
	// Info is the data of GET /api/v1/<rail>.
	Info map[string]any
	// WellKnown, when set, serves /.well-known/<rail>.json from the quotes
	// of every callable capability.
	WellKnown func(quotes []dalil.Quote) any
	// Sessions, when set, serves budgeted sessions (MPP).
	Sessions SessionRail
}

// SessionRail is a rail that sells budgeted, metered sessions.
type SessionRail interface {
	// Open opens a session from the request body; without a credential it
	// returns a PAYMENT_REQUIRED *dalil.Error carrying the challenge.
	Open(ctx context.Context, body []byte, h http.Header) (any, error)
	Get(ctx context.Context, id string) (any, error)
	Close(ctx context.Context, id string) (any, http.Header, error)
	// Draw reserves price for one call; Commit or Release ends it.
	Draw(ctx context.Context, sessionID, tool string, price dalil.MicroUSD, idemKey string) (SessionDraw, error)
	Commit(ctx context.Context, d SessionDraw) error
	Release(ctx context.Context, d SessionDraw) error
}

// PaymentManager is implemented by a rail whose credentials can also
// manage a payment without paying for a call (the MPP session intent's
// topUp and close actions, sent to the paid route itself). Manage reports
// handled = false for every other credential.
type PaymentManager interface {
	Manage(ctx context.Context, h http.Header, q dalil.Quote) (result any, receipt http.Header, handled bool, err error)
}

// SessionDraw is one reservation on a session.
type SessionDraw struct {
	SessionID, Key, Tool string
	Amount               dalil.MicroUSD
	Replayed             bool
	State                any
}

// dedicatedPath is the spec's route for a rail and capability.
func dedicatedPath(rail string, e *capability.Entry) string {
	switch rail {
	case dalil.RailMPP:
		return "/api/v1/mpp/charge/" + e.ID
	default:
		return "/api/v1/" + rail + strings.TrimPrefix(e.Path, "/api/v1")
	}
}

func (s *Server) payRoutes() {
	m := s.mux
	for i := range s.cfg.PayPerCall {
		pr := &s.cfg.PayPerCall[i]
		id := pr.Rail.ID()
		s.rails[id] = true
		s.payRails[id] = pr
		for _, e := range s.reg.Callable() {
			m.HandleFunc("POST "+dedicatedPath(id, e), s.dedicatedHandler(e, pr))
		}
		info := pr.Info
		m.HandleFunc("GET /api/v1/"+id, func(w http.ResponseWriter, r *http.Request) { writeData(w, r, http.StatusOK, info, Meta{}) })
		if pr.WellKnown != nil {
			wk := pr.WellKnown
			m.HandleFunc("GET /.well-known/"+id+".json", func(w http.ResponseWriter, r *http.Request) { writeDoc(w, "application/json", wk(s.quotes(r, id))) })
		}
		if pr.Sessions != nil {
			s.sessionRoutes(pr)
		}
	}
}

// quotes lists what every callable capability costs on a rail.
func (s *Server) quotes(r *http.Request, rail string) []dalil.Quote {
	var qs []dalil.Quote
	for _, e := range s.reg.Callable() {
		qs = append(qs, s.quote(r, e, dedicatedPath(rail, e)))
	}
	return qs
}

func (s *Server) quote(r *http.Request, e *capability.Entry, path string) dalil.Quote {
	return dalil.Quote{Tool: e.ID, Price: e.Price, Resource: s.baseURL(r) + path, Description: e.Summary, InputSchema: e.InputJSON, OutputSchema: e.OutputJSON}
}

// presentedRail returns the first configured rail whose credential r
// carries, in the spec's priority order.
func (s *Server) presentedRail(r *http.Request) *PayRail {
	for _, id := range []string{dalil.RailX402, dalil.RailL402, dalil.RailMPP} {
		if pr := s.payRails[id]; pr != nil && pr.Rail.Present(r.Header) {
			return pr
		}
	}
	return nil
}

func (s *Server) dedicatedHandler(e *capability.Entry, pr *PayRail) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		logFrom(r.Context()).tool = e.ID
		if m := strings.ToLower(strings.TrimSpace(r.Header.Get("X-Service-Payment-Method"))); m != "" && m != dalil.MethodAuto && m != pr.Rail.ID() {
			writeError(w, r, dalil.Errorf(dalil.CodePaymentMethodUnsupported, "This route takes %s payments only; drop X-Service-Payment-Method or use the canonical route %s.", pr.Rail.ID(), e.Path))
			return
		}
		s.payPerCall(w, r, e, pr)
	}
}

// challengeError is a 402 whose headers and body carry a rail's challenge.
type challengeError struct {
	*dalil.Error
	ch *dalil.Challenge
}

func (c *challengeError) Challenge() http.Header { return c.ch.Headers }

// payPerCall runs one capability call paid by a pay-per-call credential:
// validate, challenge or verify, claim the credential once, run, settle,
// answer. A non-2xx releases the claim and settles nothing; a failed
// settlement returns no result.
func (s *Server) payPerCall(w http.ResponseWriter, r *http.Request, e *capability.Entry, pr *PayRail) {
	ctx := r.Context()
	cl := logFrom(ctx)
	if err := s.limit(w, r, "ip:"+s.clientIP(r), "payg"); err != nil {
		writeError(w, r, err)
		return
	}
	rail := pr.Rail
	q := s.quote(r, e, r.URL.Path)
	if m, ok := rail.(PaymentManager); ok && rail.Present(r.Header) {
		// A channel top-up or close runs no capability, so it needs no input.
		if v, receipt, handled, err := m.Manage(ctx, r.Header, q); handled {
			if err != nil {
				writeError(w, r, err)
				return
			}
			for k, vs := range receipt {
				w.Header()[k] = vs
			}
			writeData(w, r, http.StatusOK, v, Meta{Tool: e.ID, PaymentMethod: rail.ID()})
			return
		}
	}
	in, err := decodeCall(w, r, e)
	if err != nil {
		writeError(w, r, err)
		return
	}
	if !rail.Present(r.Header) {
		s.writeChallenge(w, r, rail, q, "Payment required: pay "+e.Price.String()+" for "+e.ID+" with "+rail.ID()+" and retry with the credential.")
		return
	}
	p, err := rail.Verify(ctx, r.Header, q)
	if err != nil {
		writeError(w, r, err)
		return
	}
	requestID := RequestID(ctx)
	if err := s.store.ClaimCredential(ctx, dalil.Claim{CredentialID: p.CredentialID, Rail: rail.ID(), Tool: e.ID, Amount: p.Amount, RequestID: requestID, Payer: p.Payer, ExpiresAt: p.ExpiresAt}); err != nil {
		writeError(w, r, err)
		return
	}
	// The claim is released unless the payment settled or may have: also
	// when the capability panics, so a paid credential is never burnt
	// without an answer.
	keep := false
	defer func() {
		if !keep {
			s.store.ReleaseCredential(context.WithoutCancel(ctx), p.CredentialID)
		}
	}()
	out, err := e.Run(capability.WithCall(ctx, capability.Call{RequestID: requestID, Now: time.Now().UTC()}), in)
	if err != nil {
		writeError(w, r, err)
		return
	}
	price := e.Price.Float()
	resp, err := successBody(r, out, Meta{Tool: e.ID, Price: &price, Currency: "USD", PaymentMethod: rail.ID()})
	if err != nil {
		writeError(w, r, err)
		return
	}
	// Settlement moves money: it runs to its end (bounded by the rail's own
	// timeouts) even if the caller hangs up meanwhile.
	receipt, err := rail.Settle(context.WithoutCancel(ctx), p)
	if err != nil {
		// Keep the claim when the money may have moved (a provider error,
		// or a PAYMENT_INVALID that asks to keep it); release it when it
		// certainly did not.
		keep = dalil.ErrorCode(err) != dalil.CodePaymentInvalid || keepClaim(err)
		writeError(w, r, err)
		return
	}
	keep = true
	if err := s.store.SettleCredential(context.WithoutCancel(ctx), p.CredentialID); err != nil {
		// The payment is final on the rail; the caller gets what it paid for.
		s.log.Error("record settled credential", "requestId", requestID, "rail", rail.ID(), "error", err.Error())
	}
	for k, vs := range receipt {
		w.Header()[k] = vs
	}
	cl.rail, cl.amount = rail.ID(), p.Amount
	writeRaw(w, http.StatusOK, "application/json", resp)
}

// keepClaim reports whether a settlement error says the outcome is unknown
// (an error in its chain has KeepClaim() true, e.g. an x402 settlement that
// timed out after the facilitator may have broadcast it): the answer is
// still a 402 without result, but the credential stays used.
// (rails: added for the x402 ErrSettleUnconfirmed case.)
func keepClaim(err error) bool {
	var k interface{ KeepClaim() bool }
	return errors.As(err, &k) && k.KeepClaim()
}

// writeChallenge answers 402 PAYMENT_REQUIRED with the rail's challenge in
// headers and body (the x402 v1 fields live at the top of the body).
func (s *Server) writeChallenge(w http.ResponseWriter, r *http.Request, rail dalil.PaymentRail, q dalil.Quote, msg string) {
	ch, err := rail.Challenge(r.Context(), q)
	if err != nil {
		writeError(w, r, err)
		return
	}
	for k, vs := range ch.Headers {
		w.Header()[k] = vs
	}
	de := &dalil.Error{Code: dalil.CodePaymentRequired, Message: msg, Details: map[string]any{"rail": rail.ID(), "tool": q.Tool, "price": q.Price.Float(), "currency": "USD", "paymentMethods": "/api/v1/payment-methods"}}
	setLogError(r.Context(), de)
	env := map[string]any{}
	for k, v := range ch.Body {
		env[k] = v
	}
	env["success"] = false
	env["error"] = errorBody{Code: string(de.Code), Message: de.Message, Details: de.Details}
	env["meta"] = Meta{RequestID: RequestID(r.Context())}
	writeRaw(w, http.StatusPaymentRequired, "application/json", marshal(env))
}

func (s *Server) sessionRoutes(pr *PayRail) {
	sr := pr.Sessions
	m := s.mux
	m.HandleFunc("POST /api/v1/mpp/sessions", func(w http.ResponseWriter, r *http.Request) {
		body, err := readBody(w, r, 8<<10)
		if err != nil {
			writeError(w, r, err)
			return
		}
		v, err := sr.Open(r.Context(), body, r.Header)
		if err != nil {
			writeError(w, r, err)
			return
		}
		writeData(w, r, http.StatusCreated, v, Meta{PaymentMethod: pr.Rail.ID()})
	})
	m.HandleFunc("GET /api/v1/mpp/sessions/{id}", func(w http.ResponseWriter, r *http.Request) {
		v, err := sr.Get(r.Context(), r.PathValue("id"))
		if err != nil {
			writeError(w, r, err)
			return
		}
		writeData(w, r, http.StatusOK, v, Meta{})
	})
	m.HandleFunc("POST /api/v1/mpp/sessions/{id}/close", func(w http.ResponseWriter, r *http.Request) {
		v, h, err := sr.Close(r.Context(), r.PathValue("id"))
		if err != nil {
			writeError(w, r, err)
			return
		}
		for k, vs := range h {
			w.Header()[k] = vs
		}
		writeData(w, r, http.StatusOK, v, Meta{})
	})
	m.HandleFunc("POST /api/v1/mpp/sessions/{id}/tools/{tool}", func(w http.ResponseWriter, r *http.Request) {
		e, ok := s.reg.Lookup(r.PathValue("tool"))
		if !ok || !e.Callable() {
			writeError(w, r, dalil.Errorf(dalil.CodeNotFound, "No capability %s.", quote(r.PathValue("tool"))))
			return
		}
		s.sessionCall(w, r, e, pr, r.PathValue("id"))
	})
}

// sessionCall runs one capability call drawn from a session's budget. An
// Idempotency-Key is required, so a retried call never draws twice.
func (s *Server) sessionCall(w http.ResponseWriter, r *http.Request, e *capability.Entry, pr *PayRail, sessionID string) {
	ctx := r.Context()
	cl := logFrom(ctx)
	cl.tool = e.ID
	key := r.Header.Get("Idempotency-Key")
	if !validIdempotencyKey(key) {
		writeError(w, r, dalil.InvalidInput(dalil.Problem{Path: "Idempotency-Key", Message: "session calls need an Idempotency-Key header of 1 to 255 printable ASCII characters"}))
		return
	}
	in, err := decodeCall(w, r, e)
	if err != nil {
		writeError(w, r, err)
		return
	}
	idem, done, err := s.beginIdempotent(w, r, "mpp_session:"+sessionID, e.ID, in)
	if err != nil || done {
		if err != nil {
			writeError(w, r, err)
		}
		return
	}
	completed := false
	defer func() {
		if !completed {
			s.store.AbandonIdempotent(context.WithoutCancel(ctx), *idem)
		}
	}()
	d, err := pr.Sessions.Draw(ctx, sessionID, e.ID, e.Price, key)
	if err != nil {
		writeError(w, r, err)
		return
	}
	drawn := false
	defer func() {
		if !drawn { // also on a panic: the budget is not held forever
			pr.Sessions.Release(context.WithoutCancel(ctx), d)
		}
	}()
	requestID := RequestID(ctx)
	out, err := e.Run(capability.WithCall(ctx, capability.Call{RequestID: requestID, Now: time.Now().UTC()}), in)
	if err != nil {
		writeError(w, r, err)
		return
	}
	price := e.Price.Float()
	resp, err := successBody(r, out, Meta{Tool: e.ID, Price: &price, Currency: "USD", PaymentMethod: pr.Rail.ID()})
	if err == nil {
		err = pr.Sessions.Commit(context.WithoutCancel(ctx), d)
	}
	if err != nil {
		writeError(w, r, err)
		return
	}
	drawn = true
	if err := s.store.CompleteIdempotent(ctx, *idem, resp); err != nil {
		s.log.Error("store session answer", "requestId", requestID, "error", err.Error())
	}
	completed = true
	cl.rail, cl.amount = pr.Rail.ID(), d.Amount
	writeRaw(w, http.StatusOK, "application/json", resp)
}
