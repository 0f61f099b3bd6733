package httpapi_test

import (
	"crypto/sha256"
	"encoding/hex"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"dalil/dataset"
	"dalil/dataset/datasettest"
	"dalil/httpapi"
)

// The admin dataset routes run the Importer as the CLI does: required
// source and licence, bad rows listed with line numbers and nothing
// imported unless skipBad, the same file twice unchanged, stats after.
func TestAdminDatasetImport(t *testing.T) {
	fake := datasettest.New("widgets")
	e := newEnv(t, func(c *httpapi.Config) { c.Datasets = []dataset.Importer{fake} })
	admin := map[string]string{"Authorization": "Bearer admin-secret-token", "Content-Type": "text/csv"}
	const path = "/admin/v1/datasets/widgets/import"
	bad := "value\n1\nx\n3\ny\n"

	r := e.do("POST", path+"?format=xml&extra=1", bad, admin)
	if r.Status != 400 || r.code() != "INVALID_INPUT" {
		t.Fatalf("bad query: %d %s", r.Status, r.Raw)
	}
	for _, want := range []string{`"source"`, `"license"`, `"format"`, `"extra"`} {
		if !strings.Contains(string(r.Raw), want) {
			t.Errorf("bad query answer does not name %s: %s", want, r.Raw)
		}
	}
	q := "?source=test-export&license=CC-BY-4.0"
	r = e.do("POST", path+q, bad, admin)
	if r.Status != 400 || r.code() != "INVALID_INPUT" || !strings.Contains(string(r.Raw), `"line":3`) || !strings.Contains(string(r.Raw), `"line":5`) {
		t.Fatalf("bad rows: %d %s", r.Status, r.Raw)
	}
	if st, _ := fake.Stats(t.Context()); st.Rows != 0 {
		t.Fatalf("a refused file imported %d rows", st.Rows)
	}
	r = e.do("POST", path+q+"&skipBad=true", bad, admin)
	if r.Status != 200 || r.data()["imported"] != float64(2) || r.data()["badRows"] != float64(2) {
		t.Fatalf("skipBad: %d %s", r.Status, r.Raw)
	}
	r = e.do("POST", path+q+"&skipBad=true", bad, admin)
	if r.Status != 200 || r.data()["unchanged"] != true || r.data()["imported"] != float64(0) {
		t.Fatalf("same file again: %d %s", r.Status, r.Raw)
	}
	r = e.do("GET", "/admin/v1/datasets/widgets", nil, admin)
	if r.Status != 200 || r.data()["rows"] != float64(2) {
		t.Fatalf("stats: %d %s", r.Status, r.Raw)
	}
	r = e.do("GET", "/admin/v1/datasets", nil, admin)
	if r.Status != 200 || !strings.Contains(string(r.Raw), `"dataset":"widgets"`) {
		t.Fatalf("list: %d %s", r.Status, r.Raw)
	}
	if r := e.do("GET", "/admin/v1/datasets/gadgets", nil, admin); r.Status != 404 {
		t.Fatalf("unknown dataset: %d %s", r.Status, r.Raw)
	}
	if r := e.do("POST", path+q, bad, map[string]string{"Content-Type": "text/csv"}); r.Status != 401 {
		t.Fatalf("no token: %d %s", r.Status, r.Raw)
	}
}

// A file declared larger than the limit is refused before it is read.
func TestAdminDatasetImportTooLarge(t *testing.T) {
	fake := datasettest.New("widgets")
	e := newEnv(t, func(c *httpapi.Config) { c.Datasets = []dataset.Importer{fake} })
	req := httptest.NewRequest("POST", "/admin/v1/datasets/widgets/import?source=s&license=l", strings.NewReader("value\n1\n"))
	req.ContentLength = httpapi.MaxDatasetUpload + 1
	req.Header.Set("Authorization", "Bearer admin-secret-token")
	rec := httptest.NewRecorder()
	e.srv.Config.Handler.ServeHTTP(rec, req)
	if rec.Code != http.StatusRequestEntityTooLarge || !strings.Contains(rec.Body.String(), "PAYLOAD_TOO_LARGE") {
		t.Fatalf("declared too large: %d %s", rec.Code, rec.Body)
	}
}

// An import may take longer to upload and run than the server's read and
// write timeouts (sized for calls) allow: the import route extends both,
// so a slow upload is read to the end and its answer delivered.
func TestAdminDatasetImportOutlastsServerTimeouts(t *testing.T) {
	fake := datasettest.New("widgets")
	e := newEnv(t, func(c *httpapi.Config) { c.Datasets = []dataset.Importer{fake} })
	srv := httptest.NewUnstartedServer(e.srv.Config.Handler)
	srv.Config.ReadTimeout, srv.Config.WriteTimeout = 300*time.Millisecond, 300*time.Millisecond
	srv.Start()
	defer srv.Close()

	pr, pw := io.Pipe()
	go func() {
		pw.Write([]byte("value\n1\n"))
		time.Sleep(700 * time.Millisecond) // past both server timeouts
		pw.Write([]byte("2\n"))
		pw.Close()
	}()
	req, _ := http.NewRequest("POST", srv.URL+"/admin/v1/datasets/widgets/import?source=s&license=l", pr)
	req.Header.Set("Authorization", "Bearer admin-secret-token")
	req.Header.Set("Content-Type", "text/csv")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("slow upload: %v", err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	if res.StatusCode != 200 || !strings.Contains(string(b), `"imported":2`) {
		t.Fatalf("slow upload: %d %s", res.StatusCode, b)
	}
}

// widgetBatch is the batch datasettest.Fake imports file as.
func widgetBatch(file string) string {
	sum := sha256.Sum256([]byte(file))
	return "batch-" + hex.EncodeToString(sum[:])[:12]
}

// The admin API lists a dataset's batches and retracts one, as `dalil
// <name> batches|retract` do: the body is optional, the retraction is
// listed with its reason and rows, a second one or an unknown batch is
// 404, a bad reason or an unknown field 400 (nothing retracted).
func TestAdminDatasetBatchesAndRetract(t *testing.T) {
	fake := datasettest.New("widgets")
	e := newEnv(t, func(c *httpapi.Config) { c.Datasets = []dataset.Importer{fake} })
	admin := map[string]string{"Authorization": "Bearer admin-secret-token"}
	for _, f := range []string{"value\n1\n2\n", "value\n3\n"} {
		if r := e.do("POST", "/admin/v1/datasets/widgets/import?source=s&license=l", f, admin); r.Status != 200 {
			t.Fatalf("import: %d %s", r.Status, r.Raw)
		}
	}
	first, second := widgetBatch("value\n1\n2\n"), widgetBatch("value\n3\n")
	r := e.do("GET", "/admin/v1/datasets/widgets/batches", nil, admin)
	bs, _ := r.data()["batches"].([]any)
	if r.Status != 200 || r.data()["dataset"] != "widgets" || len(bs) != 2 || bs[0].(map[string]any)["current"] != true {
		t.Fatalf("batches: %d %s", r.Status, r.Raw)
	}
	retract := func(batch string, body any) response {
		return e.do("POST", "/admin/v1/datasets/widgets/batches/"+batch+"/retract", body, admin)
	}
	for _, c := range []struct {
		name string
		body any
	}{
		{"a NUL byte", `{"reason":"a\u0000b"}`},
		{"too long", `{"reason":"` + strings.Repeat("x", dataset.MaxReason+1) + `"}`},
		{"an unknown field", `{"why":"x"}`},
		{"not an object", `"x"`},
	} {
		if r := retract(first, c.body); r.Status != 400 || r.code() != "INVALID_INPUT" {
			t.Errorf("%s: %d %s", c.name, r.Status, r.Raw)
		}
	}
	r = retract(first, nil)
	if r.Status != 200 || r.data()["rowsRemoved"] != float64(2) || r.data()["batch"] != first || r.data()["reason"] != "" {
		t.Fatalf("retract without a body: %d %s", r.Status, r.Raw)
	}
	if r := retract(first, `{"reason":"again"}`); r.Status != 404 || r.code() != "NOT_FOUND" {
		t.Errorf("retract again: %d %s", r.Status, r.Raw)
	}
	r = retract(second, `{"reason":"licence withdrawn"}`)
	if r.Status != 200 || r.data()["reason"] != "licence withdrawn" || r.data()["rowsRemoved"] != float64(1) {
		t.Fatalf("retract with a reason: %d %s", r.Status, r.Raw)
	}
	r = e.do("GET", "/admin/v1/datasets/widgets/batches", nil, admin)
	bs, _ = r.data()["batches"].([]any)
	if len(bs) != 2 {
		t.Fatalf("batches after: %s", r.Raw)
	}
	for _, b := range bs {
		b := b.(map[string]any)
		if b["current"] != false || b["retracted"] == nil {
			t.Errorf("after both retractions: %v", b)
		}
	}
	if st, _ := fake.Stats(t.Context()); st.Rows != 0 {
		t.Errorf("%d rows left", st.Rows)
	}
	for _, p := range []string{"/admin/v1/datasets/gadgets/batches", "/admin/v1/datasets/gadgets/batches/x/retract"} {
		m := "GET"
		if strings.HasSuffix(p, "retract") {
			m = "POST"
		}
		if r := e.do(m, p, nil, admin); r.Status != 404 {
			t.Errorf("%s %s: %d %s", m, p, r.Status, r.Raw)
		}
	}
	if r := e.do("POST", "/admin/v1/datasets/widgets/batches/x/retract", nil, nil); r.Status != 401 {
		t.Errorf("no token: %d", r.Status)
	}
}
