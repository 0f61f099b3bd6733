package httpapi

import (
	"cmp"
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
	// Routes are the rail's own public routes (MPP: open, read and close
	// a budget session), mounted and documented with the rail.
	Routes []dalil.Route
	// Sessions, when set, pays calls from budgeted sessions on the POST
	// route SessionCall, whose wildcards are {id} (the session) and {tool}
	// (a capability id).
	Sessions    dalil.BudgetSessions
	SessionCall string
}

// PaymentManager is implemented by a rail whose credentials can also
// manage a payment without paying for a call (the MPP session intent's
// topUp and close actions, sent to the paid route itself). Manage reports
// handled = false for every other credential.
type PaymentManager interface {
	Manage(ctx context.Context, h http.Header, q dalil.Quote) (result any, receipt http.Header, handled bool, err error)
}

// dedicatedPath is a pay-per-call rail's route of a capability (the
// catalogue's RailInfo.Route).
func dedicatedPath(rail string, e *capability.Entry) string {
	for _, r := range dalil.Rails {
		if r.ID == rail {
			return r.PaidPath(e.ID, e.Path)
		}
	}
	return ""
}

// payPerCall lists the configured pay-per-call rails in priority order.
func (s *Server) payPerCall() []dalil.RailInfo {
	var out []dalil.RailInfo
	for _, r := range dalil.RailsByPriority() {
		if r.Type == dalil.RailPayPerCall && s.payRails[r.ID] != nil {
			out = append(out, r)
		}
	}
	return out
}

func (s *Server) payRoutes() {
	m := s.mux
	for i := range s.cfg.PayPerCall {
		pr := &s.cfg.PayPerCall[i]
		id := pr.Rail.ID()
		s.rails[id] = true
		s.payRails[id] = pr
		for _, e := range s.reg.Callable() {
			if !e.AccountOnly {
				m.HandleFunc("POST "+dedicatedPath(id, e), s.dedicatedHandler(e, pr))
			}
		}
		info := pr.Info
		m.HandleFunc("GET /api/v1/"+id, func(w http.ResponseWriter, r *http.Request) { writeData(w, r, http.StatusOK, info, Meta{}) })
		if pr.WellKnown != nil {
			wk := pr.WellKnown
			m.HandleFunc("GET /.well-known/"+id+".json", func(w http.ResponseWriter, r *http.Request) { writeDoc(w, "application/json", wk(s.quotes(r, id))) })
		}
		for _, rt := range pr.Routes {
			m.HandleFunc(rt.Method+" "+rt.Path, s.routeHandler(rt))
		}
		if pr.Sessions != nil {
			m.HandleFunc("POST "+pr.SessionCall, func(w http.ResponseWriter, r *http.Request) {
				e, ok := s.reg.Lookup(r.PathValue("tool"))
				if !ok || !e.Callable() || e.AccountOnly {
					writeError(w, r, dalil.Errorf(dalil.CodeNotFound, "No capability %s.", quote(r.PathValue("tool"))))
					return
				}
				s.sessionCall(w, r, e, pr, r.PathValue("id"))
			})
		}
	}
}

// quotes lists what every callable capability costs on a rail.
func (s *Server) quotes(r *http.Request, rail string) []dalil.Quote {
	var qs []dalil.Quote
	for _, e := range s.reg.Callable() {
		if !e.AccountOnly {
			qs = append(qs, s.quote(r, e, dedicatedPath(rail, e)))
		}
	}
	return qs
}

func (s *Server) quote(r *http.Request, e *capability.Entry, path string) dalil.Quote {
	return dalil.Quote{Tool: e.ID, Price: e.Price, Resource: s.baseURL(r) + path, Description: e.Summary, InputSchema: e.InputJSON, OutputSchema: e.OutputJSON}
}

// presentedRails lists the configured rails whose credential r carries
// (dalil.ChooseRail picks among them).
func (s *Server) presentedRails(r *http.Request) []string {
	var ids []string
	for _, pr := range s.cfg.PayPerCall {
		if pr.Rail.Present(r.Header) {
			ids = append(ids, pr.Rail.ID())
		}
	}
	return ids
}

func (s *Server) dedicatedHandler(e *capability.Entry, pr *PayRail) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		logFrom(r.Context()).tool = e.ID
		if m := strings.ToLower(strings.TrimSpace(r.Header.Get("X-Service-Payment-Method"))); m != "" && m != dalil.MethodAuto && m != pr.Rail.ID() {
			writeError(w, r, dalil.Errorf(dalil.CodePaymentMethodUnsupported, "This route takes %s payments only; drop X-Service-Payment-Method or use the canonical route %s.", pr.Rail.ID(), e.Path))
			return
		}
		s.paidCall(w, r, e, &railPayer{s: s, e: e, pr: pr})
	}
}

// challengeError is a 402 whose headers and body carry a rail's challenge.
type challengeError struct {
	*dalil.Error
	ch *dalil.Challenge
}

func (c *challengeError) Challenge() http.Header { return c.ch.Headers }

// railPayer pays with a pay-per-call credential (x402, L402, MPP charge
// or session voucher): admit rate-limits the client address and runs a
// credential's management action (a channel top-up or close); hold answers
// 402 with the rail's challenge when no credential came, else verifies it
// locally and claims it once across replicas; settle settles with the
// provider; release forgets the claim unless the money may have moved.
type railPayer struct {
	s    *Server
	e    *capability.Entry
	pr   *PayRail
	q    dalil.Quote
	p    *dalil.Payment
	keep bool // the claim stays: the payment settled or may have
}

// priced sets the quote's price to the price of this input.
func (p *railPayer) priced(in any) {
	p.q.Price = p.e.PriceOf(in)
}

func (p *railPayer) admit(ctx context.Context, w http.ResponseWriter, r *http.Request) (bool, error) {
	if err := p.s.limit(w, r, "ip:"+p.s.clientIP(r), "payg"); err != nil {
		return false, err
	}
	rail := p.pr.Rail
	p.q = p.s.quote(r, p.e, r.URL.Path)
	if m, ok := rail.(PaymentManager); ok && rail.Present(r.Header) {
		// A channel top-up or close runs no capability, so it needs no input.
		if v, receipt, handled, err := m.Manage(ctx, r.Header, p.q); handled {
			if err != nil {
				return false, err
			}
			for k, vs := range receipt {
				w.Header()[k] = vs
			}
			writeData(w, r, http.StatusOK, v, Meta{Tool: p.e.ID, PaymentMethod: rail.ID()})
			return true, nil
		}
	}
	return false, nil
}

func (p *railPayer) hold(ctx context.Context, w http.ResponseWriter, r *http.Request, in any) (bool, error) {
	rail := p.pr.Rail
	p.priced(in)
	if !rail.Present(r.Header) {
		p.s.writeChallenge(w, r, rail, p.q, "Payment required: pay "+p.q.Price.String()+" for "+p.e.ID+" with "+rail.ID()+" and retry with the credential.")
		return true, nil
	}
	pay, err := rail.Verify(ctx, r.Header, p.q)
	if err != nil {
		return false, err
	}
	if err := p.s.store.ClaimCredential(ctx, dalil.Claim{CredentialID: pay.CredentialID, Rail: rail.ID(), Tool: p.e.ID, Amount: pay.Amount, RequestID: RequestID(ctx), Payer: pay.Payer, ExpiresAt: pay.ExpiresAt}); err != nil {
		return false, err
	}
	p.p = pay
	return false, nil
}

func (p *railPayer) call(requestID string) capability.Call {
	return capability.Call{RequestID: requestID, Now: time.Now().UTC(), Rail: p.pr.Rail.ID()}
}

func (p *railPayer) settle(ctx context.Context, r *http.Request, out encodedOutput) (paid, error) {
	rail := p.pr.Rail
	requestID := RequestID(ctx)
	// Settlement moves money: it runs to its end (bounded by the rail's own
	// timeouts) even if the caller hangs up meanwhile.
	ctx = context.WithoutCancel(ctx)
	receipt, err := rail.Settle(ctx, p.p)
	if err != nil {
		// Keep the claim when the money may have moved (a provider error,
		// or a PAYMENT_INVALID that asks to keep it); release it when it
		// certainly did not.
		p.keep = dalil.ErrorCode(err) != dalil.CodePaymentInvalid || keepClaim(err)
		return paid{}, err
	}
	p.keep = true
	id := p.p.CredentialID
	settleRecord := func(c context.Context) error { return p.s.store.SettleCredential(c, id) }
	if err := p.s.retryRecord(ctx, requestID, "record settled credential", settleRecord); err != nil {
		// The payment is final on the rail; the caller gets what it paid
		// for, and the record is retried in the background.
		p.s.log.Warn("record settled credential", "requestId", requestID, "rail", rail.ID(), "error", err.Error())
	}
	return paid{body: out.answer(paidMeta(requestID, p.e.ID, p.q.Price, rail.ID()).withEvidence(out.basis)), header: receipt, rail: rail.ID(), amount: p.p.Amount}, nil
}

func (p *railPayer) release(ctx context.Context) error {
	if p.p == nil || p.keep {
		return nil
	}
	return p.s.store.ReleaseCredential(ctx, p.p.CredentialID)
}

// retryRecord runs fn, a bookkeeping write (a release, or a record after
// money moved); when it fails it is retried in the background with backoff
// (about a minute in all) and the first error is returned for the caller
// to log. What still fails is logged as an error for the operator.
func (s *Server) retryRecord(ctx context.Context, requestID, what string, fn func(context.Context) error) error {
	attempt := func() error {
		c, cancel := context.WithTimeout(context.WithoutCancel(ctx), s.cfg.storageTimeout())
		defer cancel()
		return fn(c)
	}
	// The first attempt is within the call's storage budget, if it has
	// one; the retries, after the answer, are not.
	err := attempt()
	ctx = dalil.WithoutStorageBudget(ctx)
	if err == nil {
		return nil
	}
	go func() {
		wait := 100 * time.Millisecond
		var err error
		for i := 0; i < releaseRetries; i++ {
			time.Sleep(wait)
			wait = min(2*wait, 10*time.Second)
			if err = attempt(); err == nil {
				s.log.Info(what+" succeeded on retry", "requestId", requestID, "attempt", i+2)
				return
			}
		}
		s.log.Error(what+" failed for good; a claim left behind is freed by its lease or the hourly purge", "requestId", requestID, "error", err.Error())
	}()
	return err
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

// sessionCall runs one capability call drawn from a session's budget.
func (s *Server) sessionCall(w http.ResponseWriter, r *http.Request, e *capability.Entry, pr *PayRail, sessionID string) {
	logFrom(r.Context()).tool = e.ID
	s.paidCall(w, r, e, &sessionPayer{s: s, e: e, pr: pr, sessionID: sessionID})
}

// sessionPayer pays from an MPP budget session. An Idempotency-Key is
// required, so a retried call never draws twice: hold claims the key and
// draws the price; settle commits the draw and stores the answer; release
// gives back the draw and the claim.
type sessionPayer struct {
	s         *Server
	e         *capability.Entry
	pr        *PayRail
	sessionID string
	idem      *dalil.IdemKey
	draw      *dalil.SessionDraw
	price     dalil.MicroUSD // of this input (Entry.PriceOf)
}

func (p *sessionPayer) admit(ctx context.Context, w http.ResponseWriter, r *http.Request) (bool, error) {
	if !validIdempotencyKey(r.Header.Get("Idempotency-Key")) {
		return false, dalil.InvalidInput(dalil.Problem{Path: "Idempotency-Key", Message: "session calls need an Idempotency-Key header of 1 to 255 printable ASCII characters"})
	}
	return false, nil
}

func (p *sessionPayer) hold(ctx context.Context, w http.ResponseWriter, r *http.Request, in any) (bool, error) {
	// The idempotency scope of a session's calls: "mpp_session:<id>".
	idem, done, err := p.s.beginIdempotent(w, r, p.pr.Rail.ID()+"_session:"+p.sessionID, p.e.ID, in)
	if err != nil || done {
		return done, err
	}
	p.idem = idem
	p.price = p.e.PriceOf(in)
	d, err := p.pr.Sessions.Draw(ctx, p.sessionID, p.e.ID, p.price, r.Header.Get("Idempotency-Key"))
	if err != nil {
		return false, err // release gives back the claim
	}
	p.draw = &d
	return false, nil
}

func (p *sessionPayer) call(requestID string) capability.Call {
	c := capability.Call{RequestID: requestID, Now: time.Now().UTC(), Rail: p.pr.Rail.ID(), Session: p.sessionID}
	if p.draw != nil {
		c.SessionKey = p.draw.Key
	}
	return c
}

func (p *sessionPayer) settle(ctx context.Context, r *http.Request, out encodedOutput) (paid, error) {
	requestID := RequestID(ctx)
	rail := p.pr.Rail.ID()
	if err := p.pr.Sessions.Commit(context.WithoutCancel(ctx), *p.draw); err != nil {
		return paid{}, err
	}
	d := *p.draw
	p.draw = nil // committed: nothing to give back
	a := dalil.Answer{RequestID: requestID, Rail: rail, Price: p.price, Data: packAnswer(out.data(), out.basis)}
	k := *p.idem
	if err := p.s.retryRecord(ctx, requestID, "store session answer", func(c context.Context) error { return p.s.store.CompleteIdempotent(c, k, a) }); err != nil {
		p.s.log.Warn("store session answer", "requestId", requestID, "error", err.Error())
	}
	p.idem = nil
	return paid{body: out.answer(paidMeta(requestID, p.e.ID, p.price, rail).withEvidence(out.basis)), rail: rail, amount: d.Amount}, nil
}

func (p *sessionPayer) release(ctx context.Context) error {
	var errs []error
	if p.draw != nil {
		if err := p.pr.Sessions.Release(ctx, *p.draw); err != nil {
			errs = append(errs, err)
		} else {
			p.draw = nil
		}
	}
	if p.idem != nil {
		if err := p.s.store.AbandonIdempotent(ctx, *p.idem); err != nil {
			errs = append(errs, err)
		} else {
			p.idem = nil
		}
	}
	return errors.Join(errs...)
}

// routeHandler serves a route a module declares (dalil.Route): it reads
// the body as the route says, runs it and answers in the envelope.
func (s *Server) routeHandler(rt dalil.Route) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		var body []byte
		switch rt.Body {
		case dalil.BodyEmpty:
			if r.ContentLength != 0 && !decodeAdmin(w, r, &adminEmptyBody{}) {
				return
			}
		case dalil.BodyJSON:
			b, err := readBody(w, r, rt.MaxBody)
			if err != nil {
				writeError(w, r, err)
				return
			}
			body = b
		}
		reply, err := rt.Handle(r, body)
		if err != nil {
			writeError(w, r, err)
			return
		}
		for k, vs := range reply.Header {
			w.Header()[k] = vs
		}
		writeData(w, r, cmp.Or(rt.Status, http.StatusOK), reply.Data, Meta{PaymentMethod: reply.Rail})
	}
}
