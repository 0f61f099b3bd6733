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
	"sync"
	"testing"

	"dalil"
	"dalil/capabilities/maintenance"
	"dalil/capabilities/property"
	"dalil/capability"
	"dalil/httpapi"
	"dalil/ops"
	"dalil/store/sqlstore"
)

type boomIn struct {
	Mode string `json:"mode" schema:"enum=panic|error|ok|unpaid"`
}

type boomOut struct {
	OK bool `json:"ok"`
	// Insufficient marks an answer not charged (Basis.Unanswered).
	Insufficient bool `json:"insufficient,omitempty"`
}

func (o boomOut) Basis() dalil.Basis {
	b := dalil.Basis{Sources: []dalil.Source{{Kind: dalil.SourceCaller, Name: "the mode given"}}}
	if o.Insufficient {
		b.Unanswered = "too little data to answer"
	}
	return b
}

// boomEntry is a test capability that panics or fails on demand.
func boomEntry() capability.Entry {
	return capability.Define("boom_tool", capability.Options{Group: "Test", Summary: "fails on demand", Path: "/api/v1/test/boom", Price: 50_000},
		func(_ context.Context, in boomIn) (boomOut, error) {
			switch in.Mode {
			case "panic":
				panic("secret internal detail /etc/passwd")
			case "error":
				return boomOut{}, io.ErrUnexpectedEOF
			case "unpaid":
				return boomOut{Insufficient: true}, nil
			}
			return boomOut{OK: true}, nil
		})
}

type evidenceIn struct {
	Source string `json:"source" schema:"enum=synthetic|dataset|stale|none|caller"`
}

type evidenceOut struct {
	Answer string `json:"answer"`
	basis  dalil.Basis
}

func (o evidenceOut) Basis() dalil.Basis { return o.basis }

// evidenceEntry is a test capability whose answer rests on the source its
// input names (capability.Evidenced).
func evidenceEntry() capability.Entry {
	return capability.Define("evidence_tool", capability.Options{Group: "Test", Summary: "answers from a chosen source", Path: "/api/v1/test/evidence", Price: 40_000},
		func(_ context.Context, in evidenceIn) (evidenceOut, error) {
			out := evidenceOut{Answer: "from " + in.Source}
			formula := dalil.Source{Kind: dalil.SourceComputation, Name: "the test rule"}
			switch in.Source {
			case "synthetic":
				out.basis = dalil.Basis{Sources: []dalil.Source{{Kind: dalil.SourceSynthetic, Name: "demo-list", Dataset: "sanctions", Batch: "b-demo", Items: 4}, formula}}
			case "dataset":
				out.basis = dalil.Basis{Sources: []dalil.Source{{Kind: dalil.SourceDataset, Name: "ofac-sdn", Dataset: "sanctions", Batch: "b-real", Items: 9000}, formula}}
			case "stale":
				out.basis = dalil.Basis{Sources: []dalil.Source{{Kind: dalil.SourceDataset, Name: "ofac-sdn", Dataset: "sanctions", Batch: "b-old", Stale: true}}}
			case "caller":
				out.basis = dalil.Basis{Sources: []dalil.Source{{Kind: dalil.SourceCaller, Name: "the figures given"}, formula}}
			default:
				out.basis = dalil.Basis{Sources: []dalil.Source{formula}}
			}
			return out, nil
		})
}

type env struct {
	t     testing.TB
	srv   *httptest.Server
	store *sqlstore.Store
	logs  *syncBuffer
}

type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}
func (s *syncBuffer) String() string { s.mu.Lock(); defer s.mu.Unlock(); return s.b.String() }

func newEnv(t testing.TB, mutate ...func(*httpapi.Config)) *env {
	t.Helper()
	st, err := sqlstore.Open(context.Background(), filepath.Join(t.TempDir(), "dalil.db"), sqlstore.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	reg, err := capability.NewRegistry(property.AnalyzeEntry(), property.CompareEntry(), maintenance.Entry(), boomEntry(), evidenceEntry(),
		capability.Planned("estimate_property_rent", "Property", "later"))
	if err != nil {
		t.Fatal(err)
	}
	logs := &syncBuffer{}
	cfg := httpapi.Config{Registry: reg, Store: st, Logger: slog.New(slog.NewJSONHandler(logs, nil)), AdminToken: "admin-secret-token"}
	for _, m := range mutate {
		m(&cfg)
	}
	srv := httptest.NewServer(httpapi.NewServer(cfg))
	t.Cleanup(srv.Close)
	return &env{t: t, srv: srv, store: st, logs: logs}
}

// account creates an account and returns its id and key.
func (e *env) account(plan string, credits dalil.MicroUSD) (string, string) {
	e.t.Helper()
	c, err := ops.CreateAccount(context.Background(), e.store, "test", plan, credits)
	if err != nil {
		e.t.Fatal(err)
	}
	return c.AccountID, c.APIKey
}

type response struct {
	Status int
	Header http.Header
	Body   map[string]any
	Raw    []byte
}

func (e *env) do(method, path string, body any, headers map[string]string) response {
	e.t.Helper()
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		rd = bytes.NewBufferString(b)
	case []byte:
		rd = bytes.NewReader(b)
	default:
		raw, _ := json.Marshal(b)
		rd = bytes.NewReader(raw)
	}
	req, err := http.NewRequest(method, e.srv.URL+path, rd)
	if err != nil {
		e.t.Fatal(err)
	}
	if rd != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	for k, v := range headers {
		if v == "" {
			req.Header.Del(k)
		} else {
			req.Header.Set(k, v)
		}
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	out := response{Status: res.StatusCode, Header: res.Header, Raw: raw}
	json.Unmarshal(raw, &out.Body)
	return out
}

func (r response) code() string {
	if e, ok := r.Body["error"].(map[string]any); ok {
		s, _ := e["code"].(string)
		return s
	}
	return ""
}

func (r response) data() map[string]any {
	d, _ := r.Body["data"].(map[string]any)
	return d
}

func (r response) meta() map[string]any {
	m, _ := r.Body["meta"].(map[string]any)
	return m
}

func (e *env) credits(accountID string) dalil.MicroUSD {
	e.t.Helper()
	a, err := e.store.Account(context.Background(), accountID)
	if err != nil {
		e.t.Fatal(err)
	}
	return a.Credits
}

func (e *env) ledgerLen(accountID string) int {
	e.t.Helper()
	rows, err := e.store.Ledger(context.Background(), accountID, 200, 0)
	if err != nil {
		e.t.Fatal(err)
	}
	return len(rows)
}

// chargeAll uses up a developer plan's whole monthly allowance.
func chargeAll(accountID string) dalil.ChargeRequest {
	return dalil.ChargeRequest{AccountID: accountID, Tool: "test", Price: 10 * dalil.USD, Method: dalil.MethodSubscription}
}

func jsonNum(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }
