package httpapi_test

import (
	"context"
	"log/slog"
	"net/http/httptest"
	"path/filepath"
	"testing"

	"dalil/capabilities/voice"
	"dalil/capabilities/voice/voicesql"
	"dalil/capability"
	"dalil/httpapi"
	"dalil/internal/testenv"
	"dalil/ops"
	"dalil/store/sqlstore"
)

// newBackendEnv is a server on the store at dsn (a SQLite file or a
// PostgreSQL schema) with the voice call routes over the real call store.
func newBackendEnv(t *testing.T, dsn string) *env {
	t.Helper()
	st, err := sqlstore.Open(context.Background(), dsn, sqlstore.Options{Modules: []sqlstore.Module{voicesql.Module()}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	svc := voice.NewService(voice.Config{Store: voicesql.New(st.DB(), nil)})
	reg, err := capability.NewRegistry(voice.Entries(voice.Deps{Calls: svc})...)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(httpapi.NewServer(httpapi.Config{Registry: reg, Store: st, Logger: slog.New(slog.DiscardHandler), AdminToken: "admin-secret-token"}))
	t.Cleanup(srv.Close)
	return &env{t: t, srv: srv, store: st, logs: &syncBuffer{}}
}

// A NUL byte or text that is not UTF-8 in an id, a query parameter or a
// name is refused at the edge, with the same answer on SQLite and on
// PostgreSQL (which stores neither, and answered 503 "storage
// unavailable; retry shortly", so an agent retried for ever, where SQLite
// stored the NUL name): 404 for an id in the path (nothing has it), 400
// for a query parameter or a name (issue 28 item 5).
func TestNULAndInvalidUTF8AtTheEdge(t *testing.T) {
	backends := map[string]func(t *testing.T) string{
		"sqlite":   func(t *testing.T) string { return filepath.Join(t.TempDir(), "dalil.db") },
		"postgres": func(t *testing.T) string { return testenv.FreshPostgresSchema(t, testenv.Postgres(t)) },
	}
	for name, dsn := range backends {
		t.Run(name, func(t *testing.T) {
			e := newBackendEnv(t, dsn(t))
			c, err := ops.CreateAccount(context.Background(), e.store, "buyer", "free", 1_000_000)
			if err != nil {
				t.Fatal(err)
			}
			key := map[string]string{"X-API-Key": c.APIKey}
			admin := map[string]string{"Authorization": "Bearer admin-secret-token"}
			for _, tc := range []struct {
				method, path string
				body         any
				headers      map[string]string
				status       int
			}{
				{"GET", "/api/v1/voice/calls?before=%00", nil, key, 400},
				{"GET", "/api/v1/voice/calls?before=%ff%fe", nil, key, 400},
				{"GET", "/api/v1/voice/calls?limit=5&before=call_%00", nil, key, 400},
				{"GET", "/api/v1/voice/calls/%ff%fe", nil, key, 404},
				{"GET", "/api/v1/voice/calls/call_%00", nil, key, 404},
				{"POST", "/api/v1/voice/calls/%ff%fe/cancel", nil, key, 404},
				{"POST", "/api/v1/voice/calls/call_%00/cancel", nil, key, 404},
				{"GET", "/api/v1/calls/%00", nil, key, 404},
				{"GET", "/api/v1/calls/%00", nil, map[string]string{"X-Call-Token": "tok"}, 404},
				{"GET", "/api/v1/account/transactions?before=%00", nil, key, 400},
				{"GET", "/admin/v1/accounts/%00", nil, admin, 404},
				{"GET", "/admin/v1/accounts/%ff%fe", nil, admin, 404},
				{"POST", "/admin/v1/accounts/acct_%00/credits", map[string]any{"usd": "1"}, admin, 404},
				{"PUT", "/admin/v1/accounts/%00/plan", map[string]any{"plan": "growth"}, admin, 404},
				{"GET", "/admin/v1/accounts/%00/keys", nil, admin, 404},
				{"POST", "/admin/v1/accounts/%00/keys", nil, admin, 404},
				{"GET", "/admin/v1/accounts/%00/ledger", nil, admin, 404},
				{"GET", "/admin/v1/accounts/%00/usage", nil, admin, 404},
				{"DELETE", "/admin/v1/keys/key_%00", nil, admin, 404},
				{"DELETE", "/admin/v1/keys/key_%c3%28", nil, admin, 404},
				{"GET", "/admin/v1/accounts?after=%00", nil, admin, 400},
				{"GET", "/admin/v1/accounts?after=acct_%ff", nil, admin, 400},
				{"POST", "/admin/v1/accounts", map[string]any{"name": "a\u0000b"}, admin, 400},
				{"POST", "/admin/v1/accounts", `{"name":"a\u0000b"}`, admin, 400},
				// The same routes with a well-formed id nothing has: 404.
				{"GET", "/api/v1/voice/calls/call_none", nil, key, 404},
				{"GET", "/admin/v1/accounts/acct_none", nil, admin, 404},
				{"DELETE", "/admin/v1/keys/key_none", nil, admin, 404},
				{"GET", "/admin/v1/accounts?after=acct_none", nil, admin, 200},
			} {
				r := e.do(tc.method, tc.path, tc.body, tc.headers)
				want := map[int]string{400: "INVALID_INPUT", 404: "NOT_FOUND", 200: ""}[tc.status]
				if r.Status != tc.status || r.code() != want {
					t.Errorf("%s %s %v: %d %s, want %d %s", tc.method, tc.path, tc.body, r.Status, r.Raw, tc.status, want)
				}
			}
			// No account was created with the NUL name.
			list, err := ops.ListAccounts(context.Background(), e.store, ops.MaxPage, "")
			if err != nil || len(list.Accounts) != 1 {
				t.Errorf("accounts after the NUL name: %+v %v", list.Accounts, err)
			}
		})
	}
}
