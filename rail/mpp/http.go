package mpp

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strings"

	"dalil"
)

// SessionView is the JSON form of a session: USD amounts as decimal
// strings, so nothing is lost to floats.
type SessionView struct {
	ID           string   `json:"id"`
	Intent       string   `json:"intent"`
	Method       string   `json:"method"`
	Status       string   `json:"status"`
	Payer        string   `json:"payer"`
	Currency     string   `json:"currency"`
	MaxBudget    string   `json:"maxBudget"`
	Spent        string   `json:"spent"`
	Reserved     string   `json:"reserved"`
	Remaining    string   `json:"remaining"`
	AllowedTools []string `json:"allowedTools"`
	DepositTx    string   `json:"depositTx"`
	RefundTx     string   `json:"refundTx,omitempty"`
	CreatedAt    string   `json:"createdAt"`
	ExpiresAt    string   `json:"expiresAt"`
	ClosedAt     string   `json:"closedAt,omitempty"`
}

// View returns the JSON form of s.
func (s Session) View() SessionView {
	v := SessionView{
		ID: s.ID, Intent: IntentSession, Method: Method, Status: string(s.Status), Payer: s.Payer, Currency: "USD",
		MaxBudget: s.Budget.Decimal(), Spent: s.Spent.Decimal(), Reserved: s.Reserved.Decimal(), Remaining: s.Remaining().Decimal(),
		AllowedTools: s.AllowedTools, DepositTx: s.DepositTx, RefundTx: s.RefundTx,
		CreatedAt: s.CreatedAt.UTC().Format(timeFormat), ExpiresAt: s.ExpiresAt.UTC().Format(timeFormat),
	}
	if !s.ClosedAt.IsZero() {
		v.ClosedAt = s.ClosedAt.UTC().Format(timeFormat)
	}
	return v
}

const timeFormat = "2006-01-02T15:04:05Z"

// Register installs the session routes on mux:
//
//	POST /api/v1/mpp/sessions            open (402 with the deposit challenge, then 201)
//	GET  /api/v1/mpp/sessions/{id}       read
//	POST /api/v1/mpp/sessions/{id}/close close and refund the unused budget
//
// These handlers write a minimal envelope ({"data": …} or {"error":
// {code, message, details}}) so the package works on its own; the core may
// call Open, Get and Close directly and use its own envelope instead.
func (s *Sessions) Register(mux *http.ServeMux) {
	mux.HandleFunc("POST /api/v1/mpp/sessions", s.handleOpen)
	mux.HandleFunc("GET /api/v1/mpp/sessions/{id}", s.handleGet)
	mux.HandleFunc("POST /api/v1/mpp/sessions/{id}/close", s.handleClose)
}

// maxOpenBody caps the open request body (the contract's 32 KiB).
const maxOpenBody = 32 << 10

func (s *Sessions) handleOpen(w http.ResponseWriter, r *http.Request) {
	if ct := r.Header.Get("Content-Type"); ct != "" && !strings.HasPrefix(ct, "application/json") {
		writeErr(w, dalil.Errorf(dalil.CodeUnsupportedMediaType, "Send the body as application/json."))
		return
	}
	dec := json.NewDecoder(io.LimitReader(r.Body, maxOpenBody+1))
	dec.DisallowUnknownFields()
	var req OpenRequest
	if err := dec.Decode(&req); err != nil {
		writeErr(w, dalil.InvalidInput(dalil.Problem{Path: "", Message: "body must be JSON {maxBudget, currency, allowedTools}"}))
		return
	}
	sess, err := s.Open(r.Context(), req, r.Header)
	if err != nil {
		writeErr(w, err)
		return
	}
	w.Header().Set("Cache-Control", "private")
	writeJSON(w, http.StatusCreated, map[string]any{"data": sess.View()})
}

func (s *Sessions) handleGet(w http.ResponseWriter, r *http.Request) {
	sess, err := s.Get(r.Context(), r.PathValue("id"))
	if err != nil {
		writeErr(w, err)
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	writeJSON(w, http.StatusOK, map[string]any{"data": sess.View()})
}

func (s *Sessions) handleClose(w http.ResponseWriter, r *http.Request) {
	sess, hdr, err := s.Close(r.Context(), r.PathValue("id"))
	if err != nil {
		writeErr(w, err)
		return
	}
	for k, v := range hdr {
		w.Header()[k] = v
	}
	writeJSON(w, http.StatusOK, map[string]any{"data": sess.View()})
}

// statusOf is this package's stand-alone code→status table; the core has
// the authoritative one.
func statusOf(c dalil.Code) int {
	switch c {
	case dalil.CodeInvalidInput:
		return http.StatusBadRequest
	case dalil.CodePaymentRequired, dalil.CodePaymentInvalid:
		return http.StatusPaymentRequired
	case dalil.CodeNotFound:
		return http.StatusNotFound
	case dalil.CodeIdempotencyInProgress, dalil.CodeIdempotencyKeyReused:
		return http.StatusConflict
	case dalil.CodeUnsupportedMediaType:
		return http.StatusUnsupportedMediaType
	case dalil.CodeProviderUnavailable:
		return http.StatusBadGateway
	}
	return http.StatusInternalServerError
}

func writeErr(w http.ResponseWriter, err error) {
	var e *dalil.Error
	if !errors.As(err, &e) {
		e = &dalil.Error{Code: dalil.CodeInternal, Message: "Internal error."}
	}
	for k, v := range e.Headers {
		w.Header().Set(k, v)
	}
	body := map[string]any{"code": e.Code, "message": e.Message}
	if e.Details != nil {
		body["details"] = e.Details
	}
	writeJSON(w, statusOf(e.Code), map[string]any{"error": body})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}
