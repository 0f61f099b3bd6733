package httpapi_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"dalil"
	"dalil/capabilities/documentfacts"
	"dalil/capability"
	"dalil/httpapi"
	"dalil/store/sqlstore"
)

// TestDocumentErrorStatuses: document_facts_extract's input errors answer
// the reference service's codes with their statuses over HTTP, on the
// paid route and on its free preview (reference-service.md §6 "Errors",
// the spec's Errors table for 415; issue 30 item 10): an empty text
// EMPTY_DOCUMENT 400, a text over 200,000 characters 413
// DOCUMENT_TOO_LARGE {limit, max, actual}, and a body that is not
// declared JSON 415 UNSUPPORTED_MEDIA_TYPE (text/plain with or without a
// charset, form-encoded, sent with a length or chunked). None is charged.
func TestDocumentErrorStatuses(t *testing.T) {
	st, err := sqlstore.Open(context.Background(), filepath.Join(t.TempDir(), "dalil.db"), sqlstore.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	reg, err := capability.NewRegistry(documentfacts.Entry(documentfacts.Deps{}))
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(httpapi.NewServer(httpapi.Config{Registry: reg, Store: st, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}))
	t.Cleanup(srv.Close)
	e := &env{t: t, srv: srv, store: st}
	id, key := e.account("free", 10_000_000)
	before := e.ledgerLen(id)

	long := `{"text":` + strconv.Quote(strings.Repeat("x", 200_001)) + `}`
	for _, route := range []string{"/api/v1/documents/facts-extract", "/api/v1/preview/document_facts_extract"} {
		h := map[string]string{"X-API-Key": key}
		for _, c := range []struct {
			body   string
			status int
			code   string
		}{
			{`{}`, 400, "MISSING_DOCUMENT"},
			{`{"text":""}`, 400, "EMPTY_DOCUMENT"},
			{`{"text":"\f\f \n"}`, 400, "EMPTY_DOCUMENT"},
			{long, 413, "DOCUMENT_TOO_LARGE"},
		} {
			r := e.do("POST", route, c.body, h)
			if r.Status != c.status || r.code() != c.code {
				t.Errorf("%s %.40s: %d %.300s, want %d %s", route, c.body, r.Status, r.Raw, c.status, c.code)
			}
			if c.code == "DOCUMENT_TOO_LARGE" {
				d, _ := r.Body["error"].(map[string]any)["details"].(map[string]any)
				if d["limit"] != "characters" || d["max"] != 200000.0 || d["actual"] != 200001.0 {
					t.Errorf("%s: details %v", route, d)
				}
			}
		}
		for _, ct := range []string{"text/plain", "text/plain; charset=utf-8", "application/x-www-form-urlencoded"} {
			h := map[string]string{"X-API-Key": key, "Content-Type": ct}
			if r := e.do("POST", route, `{"text":"Invoice No: INV-1"}`, h); r.Status != 415 || r.code() != string(dalil.CodeUnsupportedMediaType) {
				t.Errorf("%s as %s: %d %s, want 415", route, ct, r.Status, r.Raw)
			}
		}
		// Chunked (no Content-Length) text/plain.
		req, _ := http.NewRequest("POST", srv.URL+route, io.MultiReader(bytes.NewBufferString(`{"text":"Invoice No: INV-1"}`)))
		req.Header.Set("Content-Type", "text/plain")
		req.Header.Set("X-API-Key", key)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		var body struct {
			Error struct{ Code string } `json:"error"`
		}
		json.NewDecoder(res.Body).Decode(&body)
		res.Body.Close()
		if res.StatusCode != 415 || body.Error.Code != "UNSUPPORTED_MEDIA_TYPE" {
			t.Errorf("%s chunked text/plain: %d %s", route, res.StatusCode, body.Error.Code)
		}
	}
	if n := e.ledgerLen(id); n != before {
		t.Errorf("refused calls changed the ledger: %d entries, was %d", n, before)
	}
}
