package httpapi

import (
	"net/http"

	"dalil"
	"dalil/capability"
	"dalil/ratelimit"
)

// previewPath is the free preview route of a capability.
func previewPath(id string) string { return "/api/v1/preview/" + id }

// previewAnswer is data of POST /api/v1/preview/{capability}, in the
// reference service's shape (Part 2 §8).
type previewAnswer struct {
	Capability string                   `json:"capability"`
	Status     capability.PreviewStatus `json:"status"`
	// InputRecognized: the body passed the paid call's decoding and
	// validation. False when nothing was decoded (no preview declared).
	InputRecognized bool `json:"inputRecognized"`
	// Preview is the capability's report; {} when there is none.
	Preview      any    `json:"preview"`
	LeakageClass string `json:"leakageClass,omitempty"`
	// Reason says why the status is unavailable or invalid_input.
	Reason     string     `json:"reason,omitempty"`
	FullResult fullResult `json:"fullResult"`
}

// fullResult is how to get the paid result: the same body, sent to the
// capability's route with a way to pay.
type fullResult struct {
	Capability string `json:"capability"`
	Price      struct {
		Amount   string `json:"amount"`
		Currency string `json:"currency"`
	} `json:"price"`
	NextAction struct {
		Type          string `json:"type"`
		Protocol      string `json:"protocol"`
		Method        string `json:"method"`
		URL           string `json:"url"`
		RetrySameBody bool   `json:"retrySameBody"`
	} `json:"nextAction"`
	Endpoint string `json:"endpoint"`
	// PaymentMethods are the X-Service-Payment-Method values this server
	// accepts for the paid call.
	PaymentMethods []string `json:"paymentMethods"`
}

func (s *Server) fullResult(e *capability.Entry) fullResult {
	var f fullResult
	f.Capability = e.ID
	f.Price.Amount, f.Price.Currency = e.Price.Decimal(), "USD"
	// protocol is the X-Service-Payment-Method value that lets the server
	// pick the rail from the credential sent (an API key, or a
	// pay-per-call credential after the 402 challenge).
	f.NextAction.Type, f.NextAction.Protocol, f.NextAction.Method = "pay_and_retry", dalil.MethodAuto, http.MethodPost
	f.NextAction.URL, f.NextAction.RetrySameBody = e.Path, true
	f.Endpoint = e.Path
	f.PaymentMethods = s.enabledMethods()
	return f
}

// handlePreview serves POST /api/v1/preview/{capability}: free, no
// account, limited per client IP by the "preview" plan, and decoded as
// strictly as the paid call. Order: rate limit (before anything is read),
// unknown capability (404 CAPABILITY_NOT_FOUND), no preview declared (200,
// status unavailable, body not read), content type and size, validation
// (400 with every problem), unconfigured (200, status unavailable), the
// preview. Nothing here touches an account, the ledger or a rail.
func (s *Server) handlePreview(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("capability")
	// Its own bucket per address: previews must not use up the same
	// client's pay-per-call budget ("ip:" keys), nor the reverse.
	if err := s.limit(w, r, "preview:"+s.clientIP(r), ratelimit.Preview); err != nil {
		writeError(w, r, err)
		return
	}
	e, ok := s.reg.Lookup(id)
	if !ok || !e.Callable() {
		msg := "No capability " + quote(id) + "; GET /api/v1/capabilities lists them."
		if ok {
			msg = "Capability " + quote(id) + " is planned, not available yet; GET /api/v1/capabilities lists those you can call."
		}
		writeError(w, r, dalil.Errorf(dalil.CodeCapabilityNotFound, "%s", msg))
		return
	}
	logFrom(r.Context()).tool = e.ID // a known id only: logs never carry raw paths
	answer := previewAnswer{Capability: e.ID, Status: capability.PreviewUnavailable, Preview: struct{}{}, FullResult: s.fullResult(e)}
	if e.Preview == nil {
		answer.Reason = e.ID + " has no free preview; its paid call is the only way to see what it finds."
		s.writePreview(w, r, e, answer)
		return
	}
	if bodyless(r) {
		// The reference service allows a preview without a body: there is
		// no input to look at, which the answer says instead of refusing
		// the request for its missing content type.
		answer.Status = capability.PreviewInvalidInput
		answer.Reason = "No body: send the same JSON input as POST " + e.Path + " (Content-Type: application/json) to see what the paid call would find."
		s.writePreview(w, r, e, answer)
		return
	}
	body, err := readBody(w, r, e.MaxBody)
	if err != nil {
		writeError(w, r, err)
		return
	}
	in, err := e.Decode(body)
	if err != nil {
		writeError(w, r, err)
		return
	}
	answer.InputRecognized = true
	answer.LeakageClass = string(e.Preview.Leakage)
	if !e.Previewable() {
		answer.Reason = e.ID + " needs " + needsWords(e.State()) + ", which the operator has not configured; its paid call answers 503 PROVIDER_NOT_CONFIGURED."
		s.writePreview(w, r, e, answer)
		return
	}
	status, report, err := e.RunPreview(r.Context(), in)
	if err != nil {
		writeError(w, r, err)
		return
	}
	answer.Status, answer.Preview = status, report
	s.writePreview(w, r, e, answer)
}

// bodyless reports a request that sent no body: none at all, or zero bytes
// (whatever its Content-Type says); "{}" is a body and is validated.
func bodyless(r *http.Request) bool {
	return r.ContentLength == 0 || r.Body == nil || r.Body == http.NoBody
}

// writePreview answers 200 with the preview and meta.price 0: a preview is
// never charged.
func (s *Server) writePreview(w http.ResponseWriter, r *http.Request, e *capability.Entry, a previewAnswer) {
	free := 0.0
	writeData(w, r, http.StatusOK, a, Meta{Tool: e.ID, Price: &free, Currency: "USD"})
}
