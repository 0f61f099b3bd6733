package httpapi

import (
	"bytes"
	"crypto/subtle"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"reflect"
	"sort"
	"strings"

	"dalil"
	"dalil/capability"
	"dalil/ops"
)

// adminRoutes mounts /admin/v1: the CLI's account operations over HTTP,
// behind DALIL_ADMIN_TOKEN (contract §1).
func (s *Server) adminRoutes() {
	m := s.mux
	m.HandleFunc("POST /admin/v1/accounts", s.admin(s.adminCreateAccount))
	m.HandleFunc("GET /admin/v1/accounts/{id}", s.admin(func(w http.ResponseWriter, r *http.Request) {
		v, err := ops.ShowAccount(r.Context(), s.store, r.PathValue("id"))
		s.adminReply(w, r, http.StatusOK, v, err)
	}))
	m.HandleFunc("POST /admin/v1/accounts/{id}/credits", s.admin(func(w http.ResponseWriter, r *http.Request) {
		var body struct {
			USD json.Number `json:"usd"`
		}
		if !decodeAdmin(w, r, &body) {
			return
		}
		amount, err := dalil.ParseUSD(body.USD.String())
		if err != nil || amount <= 0 {
			writeError(w, r, dalil.InvalidInput(dalil.Problem{Path: "usd", Message: "must be a positive USD amount with at most 6 decimals"}))
			return
		}
		v, err := ops.AddCredits(r.Context(), s.store, r.PathValue("id"), amount)
		s.adminReply(w, r, http.StatusOK, v, err)
	}))
	m.HandleFunc("PUT /admin/v1/accounts/{id}/plan", s.admin(func(w http.ResponseWriter, r *http.Request) {
		var body struct {
			Plan string `json:"plan"`
		}
		if !decodeAdmin(w, r, &body) {
			return
		}
		if _, ok := dalil.PlanByID(body.Plan); !ok {
			writeError(w, r, dalil.InvalidInput(dalil.Problem{Path: "plan", Message: "must be one of free, developer, growth, enterprise"}))
			return
		}
		if _, err := s.store.SetPlan(r.Context(), r.PathValue("id"), body.Plan); err != nil {
			s.adminReply(w, r, 0, nil, err)
			return
		}
		v, err := ops.ShowAccount(r.Context(), s.store, r.PathValue("id"))
		s.adminReply(w, r, http.StatusOK, v, err)
	}))
	m.HandleFunc("POST /admin/v1/accounts/{id}/keys", s.admin(func(w http.ResponseWriter, r *http.Request) {
		v, err := ops.CreateKey(r.Context(), s.store, r.PathValue("id"))
		s.adminReply(w, r, http.StatusCreated, v, err)
	}))
	m.HandleFunc("DELETE /admin/v1/keys/{keyId}", s.admin(func(w http.ResponseWriter, r *http.Request) {
		err := s.store.RevokeKey(r.Context(), r.PathValue("keyId"))
		s.adminReply(w, r, http.StatusOK, map[string]any{"keyId": r.PathValue("keyId"), "revoked": true}, err)
	}))
	m.HandleFunc("GET /admin/v1/accounts/{id}/ledger", s.admin(func(w http.ResponseWriter, r *http.Request) {
		limit, before, err := pageParams(r)
		if err != nil {
			writeError(w, r, err)
			return
		}
		v, err := ops.Ledger(r.Context(), s.store, r.PathValue("id"), limit, before)
		s.adminReply(w, r, http.StatusOK, v, err)
	}))
	// Settle and close an MPP payment channel (the same as dalil mpp
	// close-channel). The body is empty or {}: nothing else is accepted.
	m.HandleFunc("POST /admin/v1/mpp/channels/{id}/close", s.admin(func(w http.ResponseWriter, r *http.Request) {
		if r.ContentLength != 0 && !decodeAdmin(w, r, &struct{}{}) {
			return
		}
		v, err := ops.CloseChannel(r.Context(), s.cfg.MPPChannels, r.PathValue("id"))
		if err != nil {
			writeError(w, r, err)
			return
		}
		writeData(w, r, http.StatusOK, v, Meta{})
	}))
}

func (s *Server) adminCreateAccount(w http.ResponseWriter, r *http.Request) {
	var body struct {
		Name    string      `json:"name"`
		Plan    string      `json:"plan"`
		Credits json.Number `json:"credits"`
	}
	if !decodeAdmin(w, r, &body) {
		return
	}
	var credits dalil.MicroUSD
	if body.Credits != "" {
		c, err := dalil.ParseUSD(body.Credits.String())
		if err != nil {
			writeError(w, r, dalil.InvalidInput(dalil.Problem{Path: "credits", Message: "must be a USD amount with at most 6 decimals"}))
			return
		}
		credits = c
	}
	v, err := ops.CreateAccount(r.Context(), s.store, body.Name, body.Plan, credits)
	s.adminReply(w, r, http.StatusCreated, v, err)
}

// admin checks the bearer token in constant time.
func (s *Server) admin(h http.HandlerFunc) http.HandlerFunc {
	want := []byte(s.cfg.AdminToken)
	return func(w http.ResponseWriter, r *http.Request) {
		scheme, token, _ := strings.Cut(r.Header.Get("Authorization"), " ")
		if !strings.EqualFold(scheme, "Bearer") || subtle.ConstantTimeCompare([]byte(strings.TrimSpace(token)), want) != 1 {
			writeError(w, r, dalil.Errorf(dalil.CodeUnauthorized, "A valid admin token is required in Authorization: Bearer."))
			return
		}
		h(w, r)
	}
}

func (s *Server) adminReply(w http.ResponseWriter, r *http.Request, status int, v any, err error) {
	if err != nil {
		writeError(w, r, notFoundAs(err, "Account or key"))
		return
	}
	writeData(w, r, status, v, Meta{})
}

func decodeAdmin(w http.ResponseWriter, r *http.Request, v any) bool {
	body, err := readBody(w, r, 4096)
	if err != nil {
		writeError(w, r, err)
		return false
	}
	if err := capability.ParseStrict(body); err != nil {
		writeError(w, r, err)
		return false
	}
	// Every unknown field is listed, not only the first.
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(body, &fields); err != nil {
		writeError(w, r, dalil.InvalidInput(dalil.Problem{Path: "", Message: "must be a JSON object"}))
		return false
	}
	known := jsonFields(v)
	var unknown []dalil.Problem
	for k := range fields {
		if !known[k] {
			unknown = append(unknown, dalil.Problem{Path: k, Message: "unknown field"})
		}
	}
	if len(unknown) > 0 {
		sort.Slice(unknown, func(i, j int) bool { return unknown[i].Path < unknown[j].Path })
		writeError(w, r, dalil.InvalidInput(unknown...))
		return false
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	if err := dec.Decode(v); err != nil {
		writeError(w, r, dalil.InvalidInput(adminProblem(err)))
		return false
	}
	return true
}

// jsonFields lists the JSON names of the fields of the struct v points to.
func jsonFields(v any) map[string]bool {
	out := map[string]bool{}
	t := reflect.TypeOf(v).Elem()
	for i := 0; i < t.NumField(); i++ {
		name, _, _ := strings.Cut(t.Field(i).Tag.Get("json"), ",")
		if name == "" {
			name = t.Field(i).Name
		}
		out[name] = true
	}
	return out
}

// adminProblem names the field a decoding error is about.
func adminProblem(err error) dalil.Problem {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		return dalil.Problem{Path: te.Field, Message: "must be " + te.Type.String() + ", not " + te.Value}
	}
	if name, ok := strings.CutPrefix(err.Error(), "json: unknown field "); ok {
		return dalil.Problem{Path: strings.Trim(name, `"`), Message: "unknown field"}
	}
	if errors.Is(err, io.EOF) {
		return dalil.Problem{Path: "", Message: "a JSON object is required"}
	}
	return dalil.Problem{Path: "", Message: "must be a JSON object"}
}
