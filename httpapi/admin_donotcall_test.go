package httpapi_test

import (
	"context"
	"encoding/json"
	"net/url"
	"path/filepath"
	"strings"
	"testing"

	"dalil/capabilities/voice"
	"dalil/capabilities/voice/voicesql"
	"dalil/dataset"
	"dalil/dataset/datasettest"
	"dalil/httpapi"
	"dalil/rail/mpp"
	"dalil/store/sqlstore"
)

// dncStore is a store with the voice tables and the do-not-call list on
// it, keyed as the voice service keys it (under a fixed secret here;
// cmd/dalil uses the store's voice-numbers secret).
type dncStore struct {
	st     *sqlstore.Store
	list   *voicesql.DoNotCallList
	secret []byte
}

func newDNCStore(t *testing.T) *dncStore {
	t.Helper()
	st, err := sqlstore.Open(context.Background(), filepath.Join(t.TempDir(), "voice.db"), sqlstore.Options{Modules: []sqlstore.Module{voicesql.Module()}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	d := &dncStore{st: st, secret: []byte("test number secret")}
	d.list = voicesql.NewDoNotCallList(st.DB(), func(_ context.Context, e164 string) (string, error) {
		return voice.HashNumber(d.secret, e164), nil
	})
	return d
}

// rows are the list's rows as "hash source".
func (d *dncStore) rows(t *testing.T) []string {
	t.Helper()
	rs, err := d.st.DB().Read().Query(`SELECT number_hash, source FROM voice_do_not_call ORDER BY number_hash`)
	if err != nil {
		t.Fatal(err)
	}
	defer rs.Close()
	var out []string
	for rs.Next() {
		var h, s string
		if err := rs.Scan(&h, &s); err != nil {
			t.Fatal(err)
		}
		out = append(out, h+" "+s)
	}
	return out
}

// TestAdminDoNotCall: PUT, GET and DELETE /admin/v1/voice/do-not-call/{number}
// on the voicesql list: add (source operator), add again (kept), check
// listed and not listed, remove, remove again, a callee's opt-out refused
// 403 DO_NOT_CALL and kept, bad numbers 400 at path number without the
// number echoed, a body other than {} refused; every answer valid against
// /openapi-admin.json; the table holds hashes only and the log no number.
func TestAdminDoNotCall(t *testing.T) {
	d := newDNCStore(t)
	e := newEnv(t, func(c *httpapi.Config) { c.Admin = voice.AdminRoutes(d.list) })
	doc := getAdminDoc(t, e)
	const tmpl = "/admin/v1/voice/do-not-call/{number}"
	admin := map[string]string{"Authorization": "Bearer admin-secret-token"}
	const n1, n2, n3 = "+96891234567", "+96892345678", "+96893456789"
	// The callee of n3 opted out during a call (as voicesql.Store.Update
	// records it).
	if _, added, err := voicesql.ListDoNotCall(context.Background(), d.st.DB(), voice.HashNumber(d.secret, n3), voice.SourceCallee); err != nil || !added {
		t.Fatalf("callee opt-out: %v %v", added, err)
	}

	type want struct {
		status int
		code   string
		// data: the fields of data that must be there (nil: absent).
		data map[string]any
	}
	var firstAt any
	for _, c := range []struct {
		name, method, number string
		body                 any
		want                 want
	}{
		{"add", "PUT", n1, nil, want{200, "", map[string]any{"number": n1, "listed": true, "added": true, "source": "operator", "removed": nil}}},
		{"add again, spaces and %2B", "PUT", "%2B968%209123%204567", `{}`, want{200, "", map[string]any{"number": n1, "listed": true, "added": false, "source": "operator"}}},
		{"check listed", "GET", n1, nil, want{200, "", map[string]any{"number": n1, "listed": true, "source": "operator", "added": nil, "removed": nil}}},
		{"check not listed", "GET", n2, nil, want{200, "", map[string]any{"number": n2, "listed": false, "source": nil, "addedAt": nil, "added": nil}}},
		{"check callee", "GET", n3, nil, want{200, "", map[string]any{"number": n3, "listed": true, "source": "callee"}}},
		{"add over callee", "PUT", n3, nil, want{200, "", map[string]any{"number": n3, "listed": true, "added": false, "source": "callee"}}},
		{"remove callee refused", "DELETE", n3, nil, want{403, "DO_NOT_CALL", nil}},
		{"remove not listed", "DELETE", n2, nil, want{200, "", map[string]any{"number": n2, "listed": false, "removed": false, "source": nil}}},
		{"remove", "DELETE", n1, nil, want{200, "", map[string]any{"number": n1, "listed": false, "removed": true, "source": nil, "addedAt": nil}}},
		{"check after remove", "GET", n1, nil, want{200, "", map[string]any{"number": n1, "listed": false}}},
		{"remove again", "DELETE", n1, nil, want{200, "", map[string]any{"removed": false}}},
		{"not E.164", "PUT", "96897654321", nil, want{400, "INVALID_INPUT", nil}},
		{"words", "GET", "call%20me", nil, want{400, "INVALID_INPUT", nil}},
		{"unallocated", "GET", "+9689123", nil, want{400, "INVALID_INPUT", nil}},
		{"emergency", "PUT", "+968911", nil, want{400, "INVALID_INPUT", nil}},
		{"bad number on remove", "DELETE", "+1", nil, want{400, "INVALID_INPUT", nil}},
		{"a body", "PUT", n2, `{"source":"callee"}`, want{400, "INVALID_INPUT", nil}},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := e.do(c.method, "/admin/v1/voice/do-not-call/"+c.number, c.body, admin)
			doc.check(c.method, tmpl, r)
			if r.Status != c.want.status || r.code() != c.want.code {
				t.Fatalf("%s %s: %d %s, want %d %s", c.method, c.number, r.Status, r.Raw, c.want.status, c.want.code)
			}
			for k, v := range c.want.data {
				got, ok := r.data()[k]
				if v == nil && ok || v != nil && got != v {
					t.Errorf("data.%s = %v, want %v: %s", k, got, v, r.Raw)
				}
			}
			if c.name == "add" {
				firstAt = r.data()["addedAt"]
				if firstAt == nil {
					t.Errorf("add without addedAt: %s", r.Raw)
				}
			}
			if c.name == "add again, spaces and %2B" && r.data()["addedAt"] != firstAt {
				t.Errorf("add again changed addedAt: %v, first %v", r.data()["addedAt"], firstAt)
			}
			if len(r.data()) > 0 {
				for k := range r.data() {
					if !map[string]bool{"number": true, "listed": true, "source": true, "addedAt": true, "added": true, "removed": true}[k] {
						t.Errorf("data has %q: %s", k, r.Raw)
					}
				}
			}
			if c.want.code == "INVALID_INPUT" && c.name != "a body" {
				errb, _ := r.Body["error"].(map[string]any)
				ds, _ := errb["details"].([]any)
				p, _ := ds[0].(map[string]any)
				if len(ds) != 1 || p["path"] != "number" || p["message"] == "" {
					t.Errorf("details: %s", r.Raw)
				}
				if raw, _ := url.PathUnescape(c.number); strings.Contains(string(r.Raw), raw) {
					t.Errorf("the refusal echoes the number %q: %s", raw, r.Raw)
				}
			}
			if c.want.code == "DO_NOT_CALL" {
				errb, _ := r.Body["error"].(map[string]any)
				det, _ := errb["details"].(map[string]any)
				msg, _ := errb["message"].(string)
				if det["rule"] != voice.RuleCalleeOptOut || det["source"] != "callee" || !strings.Contains(msg, "stays on the do-not-call list: the callee opted out during a call") {
					t.Errorf("refusal: %s", r.Raw)
				}
			}
		})
	}
	// What the gate would refuse and why, per number: the messages name
	// the rule.
	for number, want := range map[string]string{
		"96891234567": "is not a phone number in E.164 form",
		"+9689123":    "is not an allocated number",
		"+968911":     "is never called anyway (rule emergency_or_short_code",
	} {
		r := e.do("GET", "/admin/v1/voice/do-not-call/"+number, nil, admin)
		if !strings.Contains(string(r.Raw), want) {
			t.Errorf("%s: %s, want %q", number, r.Raw, want)
		}
	}

	// Stored: only hashes; the callee's opt-out stayed; n2 (refused body)
	// was never added.
	rows := d.rows(t)
	if len(rows) != 1 || rows[0] != voice.HashNumber(d.secret, n3)+" callee" {
		t.Errorf("the do-not-call table: %q, want only the callee's opt-out", rows)
	}
	if strings.Contains(e.logs.String(), "91234567") || strings.Contains(e.logs.String(), "93456789") {
		t.Errorf("a number reached the log:\n%s", e.logs.String())
	}
}

// TestAdminDoNotCallGuardsAndUnavailable: no or a wrong token is 401, the
// admin API off is 404 saying how to turn it on (the admin middleware,
// as for every route), and a server without the list answers 503
// PROVIDER_NOT_CONFIGURED (as the MPP close with channels off), checking
// nothing; other methods are 405.
func TestAdminDoNotCallGuardsAndUnavailable(t *testing.T) {
	d := newDNCStore(t)
	path := "/admin/v1/voice/do-not-call/+96891234567"
	on := newEnv(t, func(c *httpapi.Config) { c.Admin = voice.AdminRoutes(d.list) })
	off := newEnv(t, func(c *httpapi.Config) { c.Admin = voice.AdminRoutes(d.list); c.AdminToken = "" })
	none := newEnv(t, func(c *httpapi.Config) { c.Admin = voice.AdminRoutes(nil) })
	doc := getAdminDoc(t, none)
	for _, m := range []string{"PUT", "GET", "DELETE"} {
		for _, h := range []map[string]string{{}, {"Authorization": "Bearer wrong"}} {
			if r := on.do(m, path, nil, h); r.Status != 401 || r.code() != "UNAUTHORIZED" {
				t.Errorf("%s %v: %d %s", m, h, r.Status, r.Raw)
			}
		}
		r := off.do(m, path, nil, map[string]string{"Authorization": "Bearer admin-secret-token"})
		if r.Status != 404 || r.code() != "NOT_FOUND" || !strings.Contains(string(r.Raw), "DALIL_ADMIN_TOKEN") {
			t.Errorf("%s with the admin API off: %d %s", m, r.Status, r.Raw)
		}
		r = none.do(m, path, nil, map[string]string{"Authorization": "Bearer admin-secret-token"})
		doc.check(m, "/admin/v1/voice/do-not-call/{number}", r)
		if r.Status != 503 || r.code() != "PROVIDER_NOT_CONFIGURED" || !strings.Contains(string(r.Raw), "do-not-call list is not available") {
			t.Errorf("%s without the list: %d %s", m, r.Status, r.Raw)
		}
	}
	if r := on.do("POST", path, nil, map[string]string{"Authorization": "Bearer admin-secret-token"}); r.Status != 405 || r.Header.Get("Allow") != "GET, PUT, DELETE" {
		t.Errorf("POST: %d Allow %q %s", r.Status, r.Header.Get("Allow"), r.Raw)
	}
	if rows := d.rows(t); len(rows) != 0 {
		t.Errorf("refused requests changed the list: %q", rows)
	}
}

// TestAdminOpenAPITagsDescribed: every tag an admin operation names is
// declared with a description (Redocly's tag rules), Voice included.
func TestAdminOpenAPITagsDescribed(t *testing.T) {
	e := newEnv(t, func(c *httpapi.Config) {
		c.Datasets = []dataset.Importer{datasettest.New("widgets")}
		c.Admin = append(mpp.AdminRoutes(nil), voice.AdminRoutes(nil)...)
	})
	r := e.do("GET", "/openapi-admin.json", nil, nil)
	var doc struct {
		Tags []struct {
			Name        string `json:"name"`
			Description string `json:"description"`
		} `json:"tags"`
		Paths map[string]map[string]struct {
			Tags []string `json:"tags"`
		} `json:"paths"`
	}
	if err := json.Unmarshal(r.Raw, &doc); err != nil {
		t.Fatal(err)
	}
	described := map[string]bool{}
	for _, tg := range doc.Tags {
		described[tg.Name] = tg.Description != ""
	}
	used := map[string]bool{}
	for p, item := range doc.Paths {
		for m, op := range item {
			for _, tg := range op.Tags {
				used[tg] = true
				if !described[tg] {
					t.Errorf("%s %s: tag %q is not declared with a description", m, p, tg)
				}
			}
		}
	}
	if !used["Voice"] || !used["Datasets"] {
		t.Errorf("tags used: %v", used)
	}
}
