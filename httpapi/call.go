package httpapi

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net"
	"net/http"
	"strings"
	"time"

	"dalil"
	"dalil/capability"
	"dalil/ratelimit"
)

// capabilityHandler serves a capability's canonical (or legacy) route:
// it picks who pays (dalil.ChooseRail) and runs the one paid-call
// pipeline (paidCall) with that payer.
func (s *Server) capabilityHandler(e *capability.Entry, legacy bool) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		logFrom(r.Context()).tool = e.ID
		if legacy {
			w.Header().Set("Deprecation", "true")
			w.Header().Set("Link", "<"+e.Path+`>; rel="successor-version"`)
		}
		method, err := s.paymentMethod(r)
		if err != nil {
			writeError(w, r, err)
			return
		}
		var presented []string
		if method == dalil.MethodAuto {
			presented = s.presentedRails(r)
		}
		choice := dalil.ChooseRail(method, s.rails, apiKey(r) != "", presented)
		if !choice.Account && e.AccountOnly {
			writeError(w, r, accountOnly(e))
			return
		}
		if !choice.Account {
			s.paidCall(w, r, e, &railPayer{s: s, e: e, pr: s.payRails[choice.PayPerCall]})
			return
		}
		s.paidCall(w, r, e, &accountPayer{s: s, e: e, method: choice.Method})
	}
}

// accountOnly refuses a pay-per-call payment for a capability only an
// account pays for, before any challenge.
func accountOnly(e *capability.Entry) *dalil.Error {
	return dalil.Errorf(dalil.CodePaymentMethodUnsupported, "%s is paid from an account only: call it with an API key (api_credits or subscription). "+
		"Pay-per-call rails (x402, L402, MPP) cannot pay for it. Nothing was charged.", e.ID)
}

// accountPayer pays with the caller's account: an API key, its plan's
// allowance, then its prepaid credits (dalil.DecideCharge, applied by the
// store in the charge's transaction).
type accountPayer struct {
	s      *Server
	e      *capability.Entry
	method string
	acct   dalil.Account
	idem   *dalil.IdemKey
	price  dalil.MicroUSD // of this input (Entry.PriceOf)
}

func (p *accountPayer) admit(ctx context.Context, w http.ResponseWriter, r *http.Request) (bool, error) {
	acct, key, err := p.s.authenticateKey(r)
	if err != nil {
		return false, err
	}
	p.acct = acct
	return false, p.s.limit(w, r, "key:"+key.ID, acct.Plan)
}

func (p *accountPayer) hold(ctx context.Context, w http.ResponseWriter, r *http.Request, in any) (bool, error) {
	p.price = p.e.PriceOf(in)
	idem, done, err := p.s.beginIdempotent(w, r, p.acct.ID, p.e.ID, in)
	p.idem = idem
	if done || err != nil {
		return done, err // a replay is served whatever the balance: it was paid
	}
	if err := p.canPay(); err != nil {
		if rerr := p.release(ctx); rerr != nil {
			p.s.log.Warn("release of a refused call's Idempotency-Key failed; its lease frees it", "requestId", RequestID(ctx), "error", rerr.Error())
		}
		return false, err
	}
	return false, nil
}

// canPay refuses, before any work, a call the account cannot pay for,
// from the account as authenticated (no storage read: this runs on every
// call): credits that cover the price pass; a plan allowance that may
// apply passes too (what is left of it is the charge's to read); else the
// charge rule's own refusal. The charge decides again (balances move):
// this only spares the work, and the server's CPU, of calls a key without
// credit or allowance would have refused anyway.
func (p *accountPayer) canPay() error {
	creditsOn := p.s.rails[dalil.MethodCredits]
	plan, _ := dalil.PlanByID(p.acct.Plan)
	st := dalil.ChargeState{Plan: plan, Credits: p.acct.Credits}
	if creditsOn && st.Credits >= p.price || st.HasAllowance() && p.method != dalil.MethodCredits {
		return nil
	}
	_, refusal := dalil.DecideCharge(st, p.price, p.method, creditsOn, time.Now())
	if refusal != nil {
		return refusal
	}
	return nil
}

func (p *accountPayer) call(requestID string) capability.Call {
	return capability.Call{RequestID: requestID, AccountID: p.acct.ID, Now: time.Now().UTC()}
}

func (p *accountPayer) settle(ctx context.Context, r *http.Request, out encodedOutput) (paid, error) {
	requestID := RequestID(ctx)
	req := dalil.ChargeRequest{AccountID: p.acct.ID, Tool: p.e.ID, Price: p.price, RequestID: requestID, Method: p.method,
		NoCredits: !p.s.rails[dalil.MethodCredits], Idem: p.idem}
	if p.idem != nil {
		req.Data = packAnswer(out.data(), out.basis) // stored with the charge, so a retry replays it
	}
	rec, err := p.s.store.Charge(ctx, req)
	if err != nil {
		if isOutcomeUnknown(err) {
			return paid{}, outcomeUnknown(requestID, err)
		}
		return paid{}, err
	}
	body := out.answer(paidMeta(requestID, p.e.ID, p.price, rec.Rail).withEvidence(out.basis))
	return paid{body: body, rail: rec.Rail, amount: rec.Amount}, nil
}

func (p *accountPayer) release(ctx context.Context) error {
	if p.idem == nil {
		return nil
	}
	// Non-2xx answers are not kept: a retry runs again. Only this
	// request's own in-progress claim is deleted, so after a charge of
	// unknown outcome a committed answer stays for the retry to replay.
	return p.s.store.AbandonIdempotent(ctx, *p.idem)
}

// paidMeta is the meta of a paid answer.
func paidMeta(requestID, tool string, price dalil.MicroUSD, rail string) Meta {
	usd := price.Float()
	return Meta{RequestID: requestID, Tool: tool, Price: &usd, Currency: "USD", PaymentMethod: rail}
}

// unpaidMeta is the meta of an answer that was not charged
// (its evidence basis decided so): the tool's price as listed, charged false and why.
func unpaidMeta(requestID, tool string, price dalil.MicroUSD, reason string) Meta {
	usd, no := price.Float(), false
	return Meta{RequestID: requestID, Tool: tool, Price: &usd, Currency: "USD", Charged: &no, NotChargedReason: reason}
}

// beginIdempotent handles Idempotency-Key (contract §7). It returns the
// claimed key, or done=true when it has already answered (a replay).
func (s *Server) beginIdempotent(w http.ResponseWriter, r *http.Request, accountID, tool string, in any) (*dalil.IdemKey, bool, error) {
	vals, present := r.Header["Idempotency-Key"]
	if !present {
		return nil, false, nil
	}
	key := ""
	if len(vals) == 1 {
		key = vals[0]
	}
	if !validIdempotencyKey(key) {
		return nil, false, &dalil.Error{Code: dalil.CodeInvalidInput, Message: "The Idempotency-Key header is not valid (the body was not checked for it); send one header of 1 to 255 printable ASCII characters.",
			Details: []dalil.Problem{{Path: "Idempotency-Key", Message: "must be one header of 1 to 255 printable ASCII characters"}}}
	}
	canonical, err := encode(in)
	if err != nil {
		return nil, false, err
	}
	sum := sha256.Sum256(append([]byte(tool+"\n"), canonical...))
	k := dalil.IdemKey{AccountID: accountID, Tool: tool, Key: key, Owner: RequestID(r.Context())}
	st, err := s.store.BeginIdempotent(r.Context(), k, hex.EncodeToString(sum[:]))
	if err != nil {
		return nil, false, err
	}
	switch st.Outcome {
	case dalil.IdemReplay:
		s.replay(w, tool, st.Answer)
		return nil, true, nil
	case dalil.IdemInProgress:
		return nil, false, &dalil.Error{Code: dalil.CodeIdempotencyInProgress, Message: "A request with this Idempotency-Key is still running; retry shortly.", Headers: map[string]string{"Retry-After": "1"}}
	case dalil.IdemReused:
		return nil, false, dalil.Errorf(dalil.CodeIdempotencyKeyReused, "This Idempotency-Key was already used for a different request to %s; use a new key.", tool)
	}
	return &k, false, nil
}

// replay answers with a stored paid answer: the first request's id, its
// rail and price, its status (202 for a result that was Accepted, as the
// stored data says: a voice call queued), and Idempotent-Replayed: true.
func (s *Server) replay(w http.ResponseWriter, tool string, a dalil.Answer) {
	body := a.Raw
	requestID := a.RequestID
	status := http.StatusOK
	if body == nil {
		data, basis := unpackAnswer(a.Data)
		body = envelopeRaw(data, paidMeta(a.RequestID, tool, a.Price, a.Rail).withEvidence(basis))
		if e, ok := s.reg.Lookup(tool); ok && e.AnswerAccepted(data) {
			status = http.StatusAccepted
		}
	} else {
		// Stored whole by an earlier version: its id is inside.
		var stored struct {
			Meta struct {
				RequestID string `json:"requestId"`
			} `json:"meta"`
		}
		if json.Unmarshal(body, &stored) == nil {
			requestID = stored.Meta.RequestID
		}
	}
	if requestID != "" {
		// The header must say the same as meta.requestId (contract §5).
		w.Header().Set("X-Request-Id", requestID)
	}
	w.Header().Set("Idempotent-Replayed", "true")
	writeRaw(w, status, "application/json", body)
}

func validIdempotencyKey(k string) bool {
	if len(k) < 1 || len(k) > 255 {
		return false
	}
	for i := 0; i < len(k); i++ {
		if k[i] < 0x20 || k[i] > 0x7e {
			return false
		}
	}
	return true
}

// decodeCall reads, decodes and validates a capability's body, and refuses
// a capability whose provider is not configured: the same steps, in the
// same order, for every way of paying. Nothing has been charged yet.
func decodeCall(w http.ResponseWriter, r *http.Request, e *capability.Entry) (any, error) {
	body, err := readBody(w, r, e.MaxBody)
	if err != nil {
		return nil, err
	}
	in, err := e.Decode(body)
	if err != nil {
		return nil, err
	}
	if st := e.Confirm(r.Context()); st.Status == capability.StatusUnconfigured {
		return nil, notConfigured(e, st)
	}
	return in, nil
}

// notConfigured is the 503 of a capability whose requirements are not
// met: what is missing, and how the operator supplies each.
func notConfigured(e *capability.Entry, st capability.State) *dalil.Error {
	missing := make([]map[string]string, 0, len(st.Missing))
	for _, m := range st.Missing {
		v := map[string]string{"kind": m.Kind, "name": m.Name}
		if m.Hint != "" {
			v["operatorAction"] = m.Hint
		}
		missing = append(missing, v)
	}
	details := map[string]any{"missing": missing}
	for k, v := range e.NotConfiguredDetails {
		details[k] = v
	}
	msg := fmt.Sprintf("%s needs %s, which the operator has not configured. Nothing was charged.", e.ID, needsWords(st))
	if len(st.Missing) == 1 && st.Missing[0].Hint != "" {
		msg = fmt.Sprintf("%s needs %s, which the operator has not configured (%s). Nothing was charged.", e.ID, needsWords(st), st.Missing[0].Hint)
	}
	return &dalil.Error{Code: dalil.CodeProviderNotConfigured, Message: msg, Details: details}
}

// needsWords is what an unconfigured capability waits for, in words.
func needsWords(st capability.State) string {
	if w := st.Needs(); w != "" {
		return w
	}
	return "an external provider"
}

// paymentMethod reads X-Service-Payment-Method: blank means auto; an
// unknown or disabled rail is 400 PAYMENT_METHOD_UNSUPPORTED.
func (s *Server) paymentMethod(r *http.Request) (string, error) {
	m := strings.ToLower(strings.TrimSpace(header(r.Header, hdrPaymentMethod)))
	if m == "" || m == dalil.MethodAuto {
		return dalil.MethodAuto, nil
	}
	if m == dalil.RailCredits {
		// The rail's own name (api_credits, as answers, usage and the
		// ledger call it) names it too, beside the spec's header value.
		m = dalil.MethodCredits
	}
	if s.rails[m] {
		return m, nil
	}
	return "", &dalil.Error{Code: dalil.CodePaymentMethodUnsupported,
		Message: "X-Service-Payment-Method " + quote(m) + " is not an enabled payment method; use one of: " + strings.Join(s.enabledMethods(), ", ") + ".",
		Details: map[string]any{"enabled": s.enabledMethods(), "paymentMethods": "/api/v1/payment-methods"}}
}

func quote(s string) string {
	if len(s) > 40 {
		s = s[:40] + "..."
	}
	return `"` + s + `"`
}

// enabledMethods lists the header values accepted: auto, then the
// enabled rails in priority order.
func (s *Server) enabledMethods() []string {
	out := []string{dalil.MethodAuto}
	for _, r := range dalil.RailsByPriority() {
		if s.rails[r.Header] {
			out = append(out, r.Header)
		}
	}
	return out
}

// apiKey returns the key presented as Authorization: Bearer or X-API-Key.
func apiKey(r *http.Request) string {
	if k := strings.TrimSpace(header(r.Header, hdrAPIKey)); k != "" {
		return k
	}
	auth := header(r.Header, hdrAuthorization)
	if scheme, rest, ok := strings.Cut(auth, " "); ok && strings.EqualFold(scheme, "Bearer") {
		return strings.TrimSpace(rest)
	}
	return ""
}

// authenticateKey resolves the caller's account and key from its API key.
func (s *Server) authenticateKey(r *http.Request) (dalil.Account, dalil.Key, error) {
	key := apiKey(r)
	if key == "" {
		if auth := r.Header.Get("Authorization"); auth != "" {
			scheme, _, _ := strings.Cut(strings.TrimSpace(auth), " ")
			if strings.HasPrefix(auth, dalil.KeyPrefix) || !strings.Contains(strings.TrimSpace(auth), " ") {
				return dalil.Account{}, dalil.Key{}, s.unauthorized("The Authorization header carries no scheme: send Authorization: Bearer <key>, or the key alone in X-API-Key.")
			}
			return dalil.Account{}, dalil.Key{}, s.unauthorized("The Authorization scheme " + quote(scheme) + " is not accepted here: send Authorization: Bearer <key>, or the key alone in X-API-Key.")
		}
		return dalil.Account{}, dalil.Key{}, s.unauthorized("No API key was sent.")
	}
	if len(key) > 200 {
		return dalil.Account{}, dalil.Key{}, s.unauthorized("The API key is not valid.")
	}
	acct, k, err := s.store.Authenticate(r.Context(), key)
	if errors.Is(err, dalil.ErrNotFound) {
		return dalil.Account{}, dalil.Key{}, s.unauthorized("The API key is not valid or has been revoked.")
	}
	return acct, k, err
}

// limit applies the per-minute limit of class (a plan id, "payg" or
// "preview") to the caller id and sets the RateLimit-* headers. A limiter
// failure (Redis down) lets the call through with a log line: refusing all
// paid traffic because a counter is unreachable would be worse.
func (s *Server) limit(w http.ResponseWriter, r *http.Request, caller, class string) error {
	if s.cfg.Limiter == nil {
		return nil
	}
	n := s.cfg.Limits[class]
	if n <= 0 {
		return nil
	}
	res, err := s.cfg.Limiter.Allow(r.Context(), caller, n)
	if err != nil {
		s.log.Warn("rate limiter unavailable; allowing the call", "requestId", RequestID(r.Context()), "error", err.Error())
		return nil
	}
	ratelimit.Headers(w.Header(), res)
	if !res.Allowed {
		noteLimited(r.Context(), caller)
		return dalil.Errorf(dalil.CodeRateLimited, "Rate limit of %d requests per minute reached; retry after the Retry-After header's seconds.", n)
	}
	return nil
}

// clientIP is the caller identity for keyless limits: the peer address,
// or, when the peer is one of the operator's trusted proxies (a load
// balancer), the nearest X-Forwarded-For hop that is not itself a trusted
// proxy. X-Forwarded-For from anyone else is ignored: any client can set it.
func (s *Server) clientIP(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	if !s.trusted(host) {
		return host
	}
	hops := strings.Split(strings.Join(r.Header.Values("X-Forwarded-For"), ","), ",")
	for i := len(hops) - 1; i >= 0; i-- {
		hop := strings.TrimSpace(hops[i])
		if net.ParseIP(hop) == nil {
			break // not an address: stop at what the proxies vouched for
		}
		if !s.trusted(hop) {
			return hop
		}
		host = hop
	}
	return host
}

// trusted reports whether ip is in one of Config.TrustedProxies.
func (s *Server) trusted(ip string) bool {
	addr := net.ParseIP(ip)
	if addr == nil {
		return false
	}
	for _, n := range s.cfg.TrustedProxies {
		if n.Contains(addr) {
			return true
		}
	}
	return false
}

func (s *Server) unauthorized(why string) *dalil.Error {
	details := map[string]any{"paymentMethods": "/api/v1/payment-methods", "payPerCall": s.payPerCallRoutes()}
	return &dalil.Error{Code: dalil.CodeUnauthorized,
		Message: why + " A valid X-API-Key header (or Authorization: Bearer <key>) is required.",
		Details: details,
		Headers: map[string]string{"WWW-Authenticate": `Bearer realm="dalil"`}}
}

// payPerCallRoutes lists the enabled keyless rails and their routes, so an
// agent without a key learns how to pay per call.
func (s *Server) payPerCallRoutes() []map[string]string {
	out := []map[string]string{}
	for _, r := range s.payPerCall() {
		out = append(out, map[string]string{"rail": r.ID, "info": "/api/v1/" + r.ID, "route": r.Route, "canonical": "X-Service-Payment-Method: " + r.Header})
	}
	return out
}

// readBody enforces the JSON content type and the size limit. A declared
// length over the limit is refused before reading; otherwise at most
// limit+1 bytes are read.
func readBody(w http.ResponseWriter, r *http.Request, limit int64) ([]byte, error) {
	if ct := header(r.Header, hdrContentType); ct != "application/json" { // the common case needs no parsing
		mt, _, err := mime.ParseMediaType(ct)
		if err != nil || mt != "application/json" {
			return nil, dalil.Errorf(dalil.CodeUnsupportedMediaType, "Send the body as JSON with Content-Type: application/json.")
		}
	}
	tooLarge := func() error {
		w.Header().Set("Connection", "close")
		return &dalil.Error{Code: dalil.CodePayloadTooLarge, Message: fmt.Sprintf("The request body exceeds the %d-byte limit.", limit), Details: map[string]any{"limitBytes": limit}}
	}
	if r.ContentLength > limit {
		return nil, tooLarge()
	}
	var body []byte
	var err error
	if r.ContentLength >= 0 {
		// A declared length is read into a buffer of that size; one more
		// byte is asked for, which must not come (net/http already refuses
		// a body longer than its Content-Length).
		body = make([]byte, r.ContentLength, r.ContentLength+1)
		if _, err = io.ReadFull(r.Body, body); err == nil {
			var extra [1]byte
			if n, _ := r.Body.Read(extra[:]); n > 0 {
				return nil, tooLarge()
			}
		}
	} else {
		body, err = io.ReadAll(io.LimitReader(r.Body, limit+1))
	}
	if err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			return nil, tooLarge()
		}
		return nil, dalil.Errorf(dalil.CodeInvalidInput, "The request body could not be read.")
	}
	if int64(len(body)) > limit {
		return nil, tooLarge()
	}
	return body, nil
}

// operationHandler serves a capability's free companion route for the
// caller's own account.
func (s *Server) operationHandler(e *capability.Entry, op capability.Operation) http.HandlerFunc {
	wild := pathWildcards(op.Path)
	return func(w http.ResponseWriter, r *http.Request) {
		call := capability.Call{RequestID: RequestID(r.Context()), Now: time.Now().UTC(), Params: map[string]string{}, Token: r.Header.Get("X-Call-Token")}
		if !op.Public || r.Header.Get("Authorization") != "" || r.Header.Get("X-API-Key") != "" || call.Token == "" {
			acct, ok := s.accountOf(w, r)
			if !ok {
				return
			}
			call.AccountID = acct.ID
		} else if err := s.limit(w, r, "ip:"+s.clientIP(r), "payg"); err != nil {
			writeError(w, r, err)
			return
		}
		for k, v := range r.URL.Query() {
			if len(v) > 0 {
				call.Params[k] = v[0]
			}
		}
		for _, n := range wild {
			call.Params[n] = r.PathValue(n)
		}
		logFrom(r.Context()).tool = e.ID
		v, err := op.Run(capability.WithCall(r.Context(), call))
		if err != nil {
			writeError(w, r, err)
			return
		}
		writeData(w, r, http.StatusOK, v, Meta{Tool: e.ID})
	}
}

// pathWildcards lists the {names} of a route pattern's wildcards.
func pathWildcards(path string) []string {
	var names []string
	for _, seg := range strings.Split(path, "/") {
		if strings.HasPrefix(seg, "{") && strings.HasSuffix(seg, "}") {
			names = append(names, strings.TrimSuffix(strings.TrimPrefix(seg, "{"), "}"))
		}
	}
	return names
}
