package httpapi_test

import "testing"

var adminAuth = map[string]string{"Authorization": "Bearer admin-secret-token"}

// Contract §5: a body that is not a single JSON object, or that has
// duplicate keys, is 400 INVALID_INPUT on the admin API too. (decodeAdmin
// once decoded only the first value and let the last duplicate win, so
// these created accounts, 201.)
func TestAdminBodyMustBeSingleObject(t *testing.T) {
	e := newEnv(t)
	for _, body := range []string{
		`{"name":"a"} {"name":"b"}`,
		`{"name":"a"} garbage`,
		`{"name":"a","name":"b"}`,
	} {
		r := e.do("POST", "/admin/v1/accounts", body, adminAuth)
		if r.Status != 400 || r.code() != "INVALID_INPUT" {
			t.Errorf("body %s: %d %s; want 400 INVALID_INPUT", body, r.Status, r.Raw)
		}
	}
}

// Contract §5: validation problems come as details [{path, message}] with
// the dotted path of the offending field, every problem listed, on the
// admin API too: an unknown field, a wrong type, an unknown plan. (It once
// reported an unknown field or a wrong type at path "" with Go's decoder
// text, only the first problem, and an unknown plan with no details.)
func TestAdminValidationDetails(t *testing.T) {
	e := newEnv(t)
	id, _ := e.account("free", 0)
	paths := func(r response) map[string]bool {
		out := map[string]bool{}
		ds, _ := r.Body["error"].(map[string]any)["details"].([]any)
		for _, d := range ds {
			if m, ok := d.(map[string]any); ok {
				p, _ := m["path"].(string)
				out[p] = true
			}
		}
		return out
	}
	cases := []struct {
		method, path, body string
		want               []string
	}{
		{"POST", "/admin/v1/accounts", `{"name":"x","foo":1,"bar":2}`, []string{"foo", "bar"}},
		{"POST", "/admin/v1/accounts", `{"name":5}`, []string{"name"}},
		{"POST", "/admin/v1/accounts", `{"name":"x","plan":"gold"}`, []string{"plan"}},
		{"PUT", "/admin/v1/accounts/" + id + "/plan", `{"plan":"gold"}`, []string{"plan"}},
	}
	for _, c := range cases {
		r := e.do(c.method, c.path, c.body, adminAuth)
		if r.Status != 400 || r.code() != "INVALID_INPUT" {
			t.Errorf("%s %s: %d %s", c.method, c.body, r.Status, r.Raw)
			continue
		}
		got := paths(r)
		for _, p := range c.want {
			if !got[p] {
				t.Errorf("%s %s %s: details lack path %q: %s", c.method, c.path, c.body, p, r.Raw)
			}
		}
	}
}
