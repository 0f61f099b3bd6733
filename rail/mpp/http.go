package mpp

import (
	"bytes"
	"context"
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

// MaxOpenBody caps the body of a session open: {maxBudget, currency,
// allowedTools} with up to 100 tool ids fits in half of it.
const MaxOpenBody = 8 << 10

// SessionCallRoute is the route of a call paid from a session: {id} is the
// session, {tool} a capability id; an Idempotency-Key is required.
const SessionCallRoute = "/api/v1/mpp/sessions/{id}/tools/{tool}"

// DecodeOpenRequest reads a session open body strictly: one JSON object
// {maxBudget, currency, allowedTools}; an unknown field, another type or
// trailing data is INVALID_INPUT. Its values are checked by Open.
func DecodeOpenRequest(body []byte) (OpenRequest, error) {
	var req OpenRequest
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&req); err != nil {
		return OpenRequest{}, dalil.InvalidInput(dalil.Problem{Path: "", Message: "must be one JSON object {maxBudget, currency, allowedTools}: " + jsonProblem(err)})
	}
	if _, err := dec.Token(); err != io.EOF {
		return OpenRequest{}, dalil.InvalidInput(dalil.Problem{Path: "", Message: "must be a single JSON object"})
	}
	return req, nil
}

// jsonProblem is a decoding error in a few words (at most 120 bytes).
func jsonProblem(err error) string {
	msg := err.Error()
	if len(msg) > 120 {
		msg = msg[:120]
	}
	return strings.TrimPrefix(msg, "json: ")
}

// Routes are the sessions' public routes, which the service mounts with
// the rail (calls paid from a session are Budget's, on SessionCallRoute):
//
//	POST /api/v1/mpp/sessions            open (402 with the deposit challenge, then 201)
//	GET  /api/v1/mpp/sessions/{id}       read
//	POST /api/v1/mpp/sessions/{id}/close close and refund the unused budget
//
// Errors are dalil errors; the service's one table gives their status.
func (s *Sessions) Routes() []dalil.Route {
	return []dalil.Route{
		{Method: http.MethodPost, Path: "/api/v1/mpp/sessions", ID: "mpp_session_open", Tag: "Payments",
			Summary: "Open a budgeted, metered MPP session (402 with the deposit challenge, then 201)",
			Body:    dalil.BodyJSON, MaxBody: MaxOpenBody, Status: http.StatusCreated, Answer: "Session open",
			Errors: []int{400, 402},
			Handle: func(r *http.Request, body []byte) (dalil.Reply, error) {
				req, err := DecodeOpenRequest(body)
				if err != nil {
					return dalil.Reply{}, err
				}
				sess, err := s.Open(r.Context(), req, r.Header)
				if err != nil {
					return dalil.Reply{}, err
				}
				return dalil.Reply{Data: sess.View(), Rail: dalil.RailMPP}, nil
			}},
		{Method: http.MethodGet, Path: "/api/v1/mpp/sessions/{id}", ID: "mpp_session", Tag: "Payments",
			Summary: "A budgeted MPP session: budget, spent, remaining",
			Handle: func(r *http.Request, _ []byte) (dalil.Reply, error) {
				sess, err := s.Get(r.Context(), r.PathValue("id"))
				if err != nil {
					return dalil.Reply{}, err
				}
				return dalil.Reply{Data: sess.View()}, nil
			}},
		{Method: http.MethodPost, Path: "/api/v1/mpp/sessions/{id}/close",
			Handle: func(r *http.Request, _ []byte) (dalil.Reply, error) {
				sess, h, err := s.Close(r.Context(), r.PathValue("id"))
				if err != nil {
					return dalil.Reply{}, err
				}
				return dalil.Reply{Data: sess.View(), Header: h}, nil
			}},
	}
}

// Budget is the sessions as the service's paid-call pipeline draws on
// them.
func (s *Sessions) Budget() dalil.BudgetSessions { return budget{s} }

type budget struct{ s *Sessions }

func (b budget) Draw(ctx context.Context, sessionID, tool string, price dalil.MicroUSD, idemKey string) (dalil.SessionDraw, error) {
	d, err := b.s.Draw(ctx, sessionID, tool, price, idemKey)
	if err != nil {
		return dalil.SessionDraw{}, err
	}
	return dalil.SessionDraw{SessionID: d.SessionID, Key: d.Key, Tool: d.Tool, Amount: d.Amount, Replayed: d.Replayed, State: d}, nil
}

func (b budget) Commit(ctx context.Context, d dalil.SessionDraw) error {
	md, ok := d.State.(*Draw)
	if !ok {
		return errors.New("mpp sessions: commit of a draw this rail did not make")
	}
	return b.s.Commit(ctx, md)
}

func (b budget) Release(ctx context.Context, d dalil.SessionDraw) error {
	md, ok := d.State.(*Draw)
	if !ok {
		return errors.New("mpp sessions: release of a draw this rail did not make")
	}
	return b.s.Release(ctx, md)
}
