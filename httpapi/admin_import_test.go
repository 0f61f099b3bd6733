package httpapi_test

import (
	"archive/zip"
	"bytes"
	"context"
	"log/slog"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"strings"
	"testing"

	"dalil/capabilities/omanbusiness/companysql"
	"dalil/capabilities/omanproperty/omanpropertysql"
	"dalil/capabilities/sanctions/sanctionssql"
	"dalil/capabilities/vehiclevalue/vehiclesql"
	"dalil/capability"
	"dalil/dataset"
	"dalil/httpapi"
	"dalil/store/sqlstore"
)

// importDatasets are the four real importers, by name.
var importDatasets = []string{"comparables", "companies", "listings", "sanctions"}

// newImportEnv is a server over SQLite with the four real dataset
// importers mounted, as `dalil serve` mounts them.
func newImportEnv(t testing.TB) *env {
	t.Helper()
	st, err := sqlstore.Open(context.Background(), filepath.Join(t.TempDir(), "dalil.db"), sqlstore.Options{
		Modules: []sqlstore.Module{omanpropertysql.Module(), companysql.Module(), vehiclesql.Module(), sanctionssql.Module()}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	reg, err := capability.NewRegistry()
	if err != nil {
		t.Fatal(err)
	}
	db := st.DB()
	cfg := httpapi.Config{Registry: reg, Store: st, Logger: slog.New(slog.DiscardHandler), AdminToken: "admin-secret-token",
		Datasets: []dataset.Importer{omanpropertysql.New(db), companysql.New(db), vehiclesql.New(db), sanctionssql.New(db)}}
	srv := httptest.NewServer(httpapi.NewServer(cfg))
	t.Cleanup(srv.Close)
	return &env{t: t, srv: srv, store: st, logs: &syncBuffer{}}
}

// zipOf is a ZIP archive holding one file (what an .xlsx is, and what
// the OFAC CSV reader takes apart).
func zipOf(name, content string) string {
	var b bytes.Buffer
	zw := zip.NewWriter(&b)
	w, _ := zw.Create(name)
	w.Write([]byte(content))
	zw.Close()
	return b.String()
}

// badImportFiles are files no dataset can import at all, each a
// file-level problem (not a bad row): the admin route answers 400 with
// the importer's reason, never 500 (issue 28 item 2).
var badImportFiles = []struct {
	name, body string
}{
	{"empty", ""},
	{"blank lines", "\n\n  \n"},
	{"header only", "recordId,nameEn,sourceType,make,model,year,price,currency,country,listedOn\n"},
	{"binary", "\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\xff\xfe\x00\x01"},
	{"zip", zipOf("sheet.xml", "<worksheet/>")},
	{"NUL in header", "record\x00Id,nameEn\n1,a\n"},
	{"semicolons", "recordId;nameEn;sourceType\nr1;Acme;registry\n"},
	{"unknown column", "colour,flavour\nred,sweet\n"},
	{"duplicate header", "nameEn,nameEn,make,make\na,b,c,d\n"},
	{"UTF-16", "\xff\xfer\x00e\x00c\x00\n\x00"},
	{"not JSON", "{not json at all\n"},
	{"truncated XML", "<?xml version=\"1.0\"?><sdnList><publshInformation>"},
	{"XML of nothing", "<?xml version=\"1.0\"?><CONSOLIDATED_LIST></CONSOLIDATED_LIST>"},
}

// TestAdminImportBadFiles: every file-level problem of every dataset is
// a 400 INVALID_INPUT naming the importer's reason, as are a NUL byte in
// the source or the file name.
func TestAdminImportBadFiles(t *testing.T) {
	e := newImportEnv(t)
	admin := map[string]string{"Authorization": "Bearer admin-secret-token", "Content-Type": "application/octet-stream"}
	for _, ds := range importDatasets {
		path := "/admin/v1/datasets/" + ds + "/import?source=s&license=l"
		for _, f := range badImportFiles {
			r := e.do("POST", path, f.body, admin)
			if r.Status != 400 || r.code() != "INVALID_INPUT" {
				t.Errorf("%s, %s: %d %s", ds, f.name, r.Status, r.Raw)
				continue
			}
			msg, _ := r.Body["error"].(map[string]any)["message"].(string)
			if !strings.HasPrefix(msg, "The file cannot be imported: ") && !strings.Contains(msg, "rows are bad") {
				t.Errorf("%s, %s: the answer does not give the reason: %s", ds, f.name, r.Raw)
			}
		}
		for _, q := range []string{"source=a%00b&license=l", "source=s&license=l%00", "source=s&license=l&filename=" + url.QueryEscape("x\x00.csv")} {
			r := e.do("POST", "/admin/v1/datasets/"+ds+"/import?"+q, "recordId,nameEn\n", admin)
			if r.Status != 400 || r.code() != "INVALID_INPUT" || !strings.Contains(string(r.Raw), "NUL") {
				t.Errorf("%s, %s: %d %s", ds, q, r.Status, r.Raw)
			}
		}
	}
	// The reason reaches the operator: the empty file's, for one.
	r := e.do("POST", "/admin/v1/datasets/companies/import?source=s&license=l", "", admin)
	if !strings.Contains(string(r.Raw), "the file is empty") {
		t.Errorf("empty companies file: %s", r.Raw)
	}
}

// A file of the dataset's own header and no row: companies and sanctions
// (an XML list of no entity) have nothing to import, a 400 that says so;
// comparables and listings import nothing and say so (200, imported 0).
func TestAdminImportNoRows(t *testing.T) {
	e := newImportEnv(t)
	admin := map[string]string{"Authorization": "Bearer admin-secret-token", "Content-Type": "text/csv"}
	for _, c := range []struct {
		ds, body string
		status   int
		want     string
	}{
		{"companies", "recordId,nameEn,sourceType\n", 400, "no importable rows"},
		{"sanctions", `<?xml version="1.0"?><sdnList><publshInformation><Publish_Date>01/02/2026</Publish_Date></publshInformation></sdnList>`, 400, "no listed entity"},
		{"comparables", "area,propertyType,bedrooms,sizeSqm,kind,amountOMR,date\n", 200, `"imported":0`},
		{"listings", "make,model,year,price,currency,country,listedOn\n", 200, `"imported":0`},
	} {
		r := e.do("POST", "/admin/v1/datasets/"+c.ds+"/import?source=s&license=l", c.body, admin)
		if r.Status != c.status || !strings.Contains(string(r.Raw), c.want) {
			t.Errorf("%s: %d %s, want %d with %s", c.ds, r.Status, r.Raw, c.status, c.want)
		}
	}
}

// FuzzAdminImport sends arbitrary files, file names and sources to the
// import route of every dataset (the four real importers, on SQLite):
// never a 500. The seeds under testdata/fuzz/FuzzAdminImport are every
// case of badImportFiles (issue 28 item 2) with and without a file name
// that picks the format, and NUL bytes in the source and the file name.
func FuzzAdminImport(f *testing.F) {
	f.Add([]byte("recordId,nameEn,sourceType\nr1,Acme,public_registry\n"), "companies.csv", "src")
	f.Add([]byte("make,model,year,price,currency,country,listedOn\nToyota,Camry,2019,9000,OMR,OM,2026-01-01\n"), "", "src")
	e := newImportEnv(f)
	h := e.srv.Config.Handler
	f.Fuzz(func(t *testing.T, body []byte, filename, source string) {
		q := url.Values{"source": {source}, "license": {"CC-BY-4.0"}, "skipBad": {"true"}}
		if filename != "" {
			q.Set("filename", filename)
		}
		for _, ds := range importDatasets {
			req := httptest.NewRequest("POST", "/admin/v1/datasets/"+ds+"/import?"+q.Encode(), bytes.NewReader(body))
			req.Header.Set("Authorization", "Bearer admin-secret-token")
			req.Header.Set("Content-Type", "application/octet-stream")
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			if rec.Code >= 500 {
				t.Fatalf("%s: %d for %q (filename %q, source %q): %s", ds, rec.Code, body, filename, source, rec.Body)
			}
		}
	})
}
