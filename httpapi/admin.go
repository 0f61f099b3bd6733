package httpapi

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"reflect"
	"sort"
	"strconv"
	"strings"

	"dalil"
	"dalil/capability"
	"dalil/ops"
)

// adminRoute is one operation of the admin API (contract §1): its handler
// and what /openapi-admin.json says about it, side by side. adminRoutes
// mounts exactly this list and adminOpenAPI documents exactly this list,
// so the two cannot drift (TestAdminOpenAPICoversEveryRoute).
type adminRoute struct {
	method, path string
	id, summary  string
	description  string
	tag          string
	query        []adminParam
	// body is a pointer to the request body's type (nil: no body);
	// optionalBody: it may be left out.
	body         any
	optionalBody bool
	// example is a request body shown in the document.
	example any
	// upload: the body is a file (a dataset import), not JSON.
	upload bool
	// status is the success status; data a value of the type of the
	// success envelope's data.
	status int
	data   any
	// errors are the failure statuses besides those every admin route
	// may answer (401, 405, 429, 500, 503).
	errors []int
	handle http.HandlerFunc
	// params describe path parameters, by name, and dataName names the
	// answer's schema, for the routes a module declares (Config.Admin).
	params   map[string]string
	dataName string
}

// adminParam is a query parameter.
type adminParam struct {
	name, description string
	schema            obj
}

// Bodies of the admin API. Their fields are exactly what is accepted:
// anything else is an unknown field (400).
type (
	adminCreateBody struct {
		Name    string      `json:"name" jsonschema:"the account's name, 1 to 120 characters"`
		Plan    string      `json:"plan,omitempty" jsonschema:"free (the default), developer, growth or enterprise"`
		Credits json.Number `json:"credits,omitempty" jsonschema:"initial prepaid credits in USD, at most 6 decimals (default 0)"`
	}
	adminCreditsBody struct {
		USD json.Number `json:"usd" jsonschema:"USD to add, positive, at most 6 decimals; the balance may not exceed USD 1000000000000"`
	}
	adminPlanBody struct {
		Plan      string `json:"plan" jsonschema:"free, developer, growth or enterprise"`
		NewPeriod bool   `json:"newPeriod,omitempty" jsonschema:"start a new allowance period now, with nothing used (default false: a new plan keeps the current period and what was used in it)"`
	}
	adminEmptyBody struct{}
)

// The pages of listings (ops.DefaultPage, ops.MaxPage).
var (
	limitParam = adminParam{"limit", "how many to return, 1 to 200 (default 50)", obj{"type": "integer", "minimum": 1, "maximum": ops.MaxPage, "default": ops.DefaultPage}}
)

// adminAPI lists every admin route.
func (s *Server) adminAPI() []adminRoute {
	return []adminRoute{
		{method: "GET", path: "/admin/v1/accounts", id: "list_accounts", tag: "Accounts",
			summary:     "List accounts",
			description: "Accounts in the order they were created, with plan, prepaid credits and what is left of the current allowance (null on the free plan). A full page carries nextAfter: pass it as after for the next one. The same as `dalil accounts list --json`.",
			query: []adminParam{limitParam,
				{"after", "nextAfter of the previous page: list the accounts created after this one", obj{"type": "string", "minLength": 1}}},
			status: http.StatusOK, data: ops.AccountList{}, errors: []int{400},
			handle: func(w http.ResponseWriter, r *http.Request) {
				limit, after, err := accountPageParams(r)
				if err != nil {
					writeError(w, r, err)
					return
				}
				v, err := ops.ListAccounts(r.Context(), s.store, limit, after)
				s.adminReply(w, r, http.StatusOK, v, err)
			}},
		{method: "POST", path: "/admin/v1/accounts", id: "create_account", tag: "Accounts",
			summary:     "Create an account and its first API key",
			description: "The answer is the only time the key's secret (apiKey) is shown. The same as `dalil accounts create`.",
			body:        &adminCreateBody{}, example: obj{"name": "acme", "plan": "developer", "credits": "25"},
			status: http.StatusCreated, data: ops.Created{}, errors: []int{400, 413, 415},
			handle: s.adminCreateAccount},
		{method: "GET", path: "/admin/v1/accounts/{id}", id: "show_account", tag: "Accounts",
			summary:     "Show an account",
			description: "Plan, current allowance period, prepaid credits and keys (never a secret). The same as `dalil accounts show`.",
			status:      http.StatusOK, data: ops.View{}, errors: []int{404},
			handle: func(w http.ResponseWriter, r *http.Request) {
				v, err := ops.ShowAccount(r.Context(), s.store, r.PathValue("id"))
				s.adminReply(w, r, http.StatusOK, v, err)
			}},
		{method: "POST", path: "/admin/v1/accounts/{id}/credits", id: "add_credits", tag: "Accounts",
			summary:     "Add prepaid credits",
			description: "Appends a top-up to the ledger and answers the new balance. The balance may not exceed USD 1,000,000,000,000 (dalil.MaxCredits): a top-up that would pass it is 400 naming how much may still be added. The same as `dalil credits add`.",
			body:        &adminCreditsBody{}, example: obj{"usd": "10"},
			status: http.StatusOK, data: ops.TopUp{}, errors: []int{400, 404, 413, 415},
			handle: func(w http.ResponseWriter, r *http.Request) {
				var body adminCreditsBody
				if !decodeAdmin(w, r, &body) {
					return
				}
				amount, err := dalil.ParseUSD(body.USD.String())
				if err != nil || amount <= 0 {
					writeError(w, r, dalil.InvalidInput(dalil.Problem{Path: "usd", Message: "must be a positive USD amount with at most 6 decimals, such as 10 or \"0.50\""}))
					return
				}
				v, err := ops.AddCredits(r.Context(), s.store, r.PathValue("id"), amount)
				s.adminReply(w, r, http.StatusOK, v, err)
			}},
		{method: "PUT", path: "/admin/v1/accounts/{id}/plan", id: "set_plan", tag: "Accounts",
			summary: "Change the plan",
			description: "The plan the account already has changes nothing (period unchanged). Another plan keeps the current period and what was used in it, counted against the new allowance (period kept), unless newPeriod is true: then a new period starts now with nothing used (period restarted). " +
				"The answer is the account as shown by GET /admin/v1/accounts/{id}, with previousPlan and period. The same as `dalil plan set`.",
			body: &adminPlanBody{}, example: obj{"plan": "growth"},
			status: http.StatusOK, data: ops.PlanSet{}, errors: []int{400, 404, 413, 415},
			handle: func(w http.ResponseWriter, r *http.Request) {
				var body adminPlanBody
				if !decodeAdmin(w, r, &body) {
					return
				}
				v, err := ops.SetPlan(r.Context(), s.store, r.PathValue("id"), body.Plan, body.NewPeriod)
				s.adminReply(w, r, http.StatusOK, v, err)
			}},
		{method: "GET", path: "/admin/v1/accounts/{id}/keys", id: "list_keys", tag: "Keys",
			summary:     "List an account's API keys",
			description: "Every key, revoked ones with revokedAt; never a secret. The same as `dalil keys list`.",
			status:      http.StatusOK, data: []dalil.Key{}, errors: []int{404},
			handle: func(w http.ResponseWriter, r *http.Request) {
				v, err := ops.ListKeys(r.Context(), s.store, r.PathValue("id"))
				s.adminReply(w, r, http.StatusOK, v, err)
			}},
		{method: "POST", path: "/admin/v1/accounts/{id}/keys", id: "create_key", tag: "Keys",
			summary:     "Issue an API key",
			description: "The answer is the only time the secret (apiKey) is shown. No body. The same as `dalil keys create`.",
			status:      http.StatusCreated, data: ops.NewKey{}, errors: []int{404},
			handle: func(w http.ResponseWriter, r *http.Request) {
				v, err := ops.CreateKey(r.Context(), s.store, r.PathValue("id"))
				s.adminReply(w, r, http.StatusCreated, v, err)
			}},
		{method: "DELETE", path: "/admin/v1/keys/{keyId}", id: "revoke_key", tag: "Keys",
			summary:     "Revoke an API key",
			description: "The key is refused (401) at once on this server and within milliseconds on every other. Revoking twice is not an error. The same as `dalil keys revoke`.",
			status:      http.StatusOK, data: ops.Revoked{}, errors: []int{404},
			handle: func(w http.ResponseWriter, r *http.Request) {
				v, err := ops.RevokeKey(r.Context(), s.store, r.PathValue("keyId"))
				s.adminReply(w, r, http.StatusOK, v, err)
			}},
		{method: "GET", path: "/admin/v1/accounts/{id}/ledger", id: "ledger", tag: "Money",
			summary:     "The account's ledger",
			description: "Top-ups and charges, newest first. A full page carries nextBefore: pass it as before for the next one. The same as `dalil ledger`.",
			query: []adminParam{limitParam,
				{"before", "nextBefore of the previous page: list the entries older than this one", obj{"type": "integer", "minimum": 1}}},
			status: http.StatusOK, data: ops.LedgerPage{}, errors: []int{400, 404},
			handle: func(w http.ResponseWriter, r *http.Request) {
				limit, before, err := pageParams(r)
				if err != nil {
					writeError(w, r, err)
					return
				}
				v, err := ops.Ledger(r.Context(), s.store, r.PathValue("id"), limit, before)
				s.adminReply(w, r, http.StatusOK, v, err)
			}},
		{method: "GET", path: "/admin/v1/accounts/{id}/usage", id: "usage", tag: "Money",
			summary:     "What the account was charged, per tool and rail",
			description: "Calls and USD charged per tool and rail since the account was created, and the total: what GET /api/v1/account/usage shows the account's own keys. The same as `dalil usage`.",
			status:      http.StatusOK, data: ops.Usage{}, errors: []int{404},
			handle: func(w http.ResponseWriter, r *http.Request) {
				v, err := ops.AccountUsage(r.Context(), s.store, r.PathValue("id"))
				s.adminReply(w, r, http.StatusOK, v, err)
			}},
	}
}

// adminRoutes mounts /admin/v1 behind DALIL_ADMIN_TOKEN, and
// /openapi-admin.json, which describes it whether it is on or not. With no
// token every /admin/v1 path answers 404 saying how to turn it on.
func (s *Server) adminRoutes() {
	routes := s.adminAPI()
	for _, rt := range s.cfg.Admin {
		routes = append(routes, s.moduleAdminRoute(rt))
	}
	routes = append(routes, s.datasetRoutes()...)
	doc := marshal(s.adminOpenAPI(routes))
	s.mux.HandleFunc("GET /openapi-admin.json", func(w http.ResponseWriter, r *http.Request) { writeDoc(w, "application/json", doc) })
	if s.cfg.AdminToken == "" {
		off := func(w http.ResponseWriter, r *http.Request) {
			writeError(w, r, dalil.Errorf(dalil.CodeNotFound,
				"The admin API is off on this server. To turn it on, set DALIL_ADMIN_TOKEN to a secret of at least %d characters (openssl rand -hex 32) and restart dalil serve; see /openapi-admin.json.", MinAdminToken))
		}
		s.mux.HandleFunc("/admin/v1", off)
		s.mux.HandleFunc("/admin/v1/", off)
		return
	}
	guard := s.adminGuard()
	for _, rt := range routes {
		s.mux.HandleFunc(rt.method+" "+rt.path, guard(rt.handle))
	}
}

// moduleAdminRoute is an admin route a module declares (a rail's or a
// capability's), as the admin API mounts and documents its own.
func (s *Server) moduleAdminRoute(rt dalil.Route) adminRoute {
	a := adminRoute{method: rt.Method, path: rt.Path, id: rt.ID, summary: rt.Summary, description: rt.Description, tag: rt.Tag,
		status: cmp.Or(rt.Status, http.StatusOK), data: rt.Data, errors: rt.Errors, params: rt.Params, dataName: rt.DataName,
		handle: s.routeHandler(rt)}
	if rt.Body == dalil.BodyEmpty {
		a.body = &adminEmptyBody{}
	}
	return a
}

func (s *Server) adminCreateAccount(w http.ResponseWriter, r *http.Request) {
	var body adminCreateBody
	if !decodeAdmin(w, r, &body) {
		return
	}
	if !storableText(body.Name) {
		// Stored as it is: PostgreSQL refuses a NUL byte (a 503 there, where
		// SQLite kept it), so no backend takes one.
		writeError(w, r, dalil.InvalidInput(dalil.Problem{Path: "name", Message: "must not hold a NUL byte (\\u0000)"}))
		return
	}
	var credits dalil.MicroUSD
	if body.Credits != "" {
		c, err := dalil.ParseUSD(body.Credits.String())
		if err != nil {
			writeError(w, r, dalil.InvalidInput(dalil.Problem{Path: "credits", Message: "must be a non-negative USD amount with at most 6 decimals, such as 25 or \"0.50\""}))
			return
		}
		credits = c
	}
	v, err := ops.CreateAccount(r.Context(), s.store, body.Name, body.Plan, credits)
	s.adminReply(w, r, http.StatusCreated, v, err)
}

// accountPageParams reads ?limit= (1-200, default 50) and ?after= (an
// account id; an unknown one lists the accounts whose ids sort after it)
// of GET /admin/v1/accounts.
func accountPageParams(r *http.Request) (int, string, error) {
	limit := ops.DefaultPage
	if v := r.URL.Query().Get("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > ops.MaxPage {
			return 0, "", &dalil.Error{Code: dalil.CodeInvalidInput,
				Details: []dalil.Problem{{Path: "limit", Message: "must be an integer from 1 to 200"}},
				Message: "The query parameter limit is not valid; see details."}
		}
		limit = n
	}
	return limit, r.URL.Query().Get("after"), nil
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
