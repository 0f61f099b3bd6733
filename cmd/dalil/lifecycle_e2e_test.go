package main

import (
	"bytes"
	"cmp"
	"context"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"dalil/capabilities/omanbusiness"
	"dalil/capabilities/omanproperty/omanpropertysql"
	"dalil/capabilities/vehiclevalue/vehiclesql"
	"dalil/internal/testenv"
)

func TestRetractionEndToEndSQLite(t *testing.T) {
	testRetractionEndToEnd(t, filepath.Join(t.TempDir(), "dalil.db"))
}

func TestRetractionEndToEndPostgres(t *testing.T) {
	testRetractionEndToEnd(t, testenv.FreshPostgresSchema(t, testenv.Postgres(t)))
}

// lifecycleCase is one dataset through a real `dalil serve`: a real
// (not synthetic) file, a capability that needs only it, and a call that
// uses its rows.
type lifecycleCase struct {
	dataset, file string
	args          []string
	capability    string
	path, body    string
	// uses is what an answer from the file's rows holds; empty: the
	// batch's id (the answer's datasets or evidence name it).
	uses string
	// viaAdmin: retract through the admin API (else the CLI, another
	// store handle, as another process would).
	viaAdmin bool
	// always: the capability is available without the dataset (it may
	// use live providers too); without the rows it answers
	// insufficient_market_data, not charged.
	always bool
}

// testRetractionEndToEnd imports one real file into each dataset with the
// CLI beside a running `dalil serve`; each capability that needs only that
// dataset becomes available and its answer names the batch. Retracting
// the batch (through the admin API, or the CLI) makes the capability
// unconfigured again, with no restart: the call is 503
// PROVIDER_NOT_CONFIGURED, not charged, and `batches` lists the batch as
// retracted with its reason and rows.
func testRetractionEndToEnd(t *testing.T, db string) {
	dir := t.TempDir()
	write := func(name, body string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	now := time.Now().UTC()
	cases := []lifecycleCase{
		{dataset: "comparables", file: write("muscat.csv", string(omanpropertysql.DemoCSV(now))), capability: "analyze_oman_property",
			path: "/api/v1/oman/property/analyze", viaAdmin: true,
			body: `{"governorate":"Muscat","wilayat":"Bawshar","area":"Al Khuwair","propertyType":"apartment","bedrooms":2,"bathrooms":2,"sizeSqm":120,"askingPriceOMR":68000,"askingMonthlyRentOMR":450}`},
		{dataset: "listings", file: write("listings.csv", string(vehiclesql.DemoCSV(now))), capability: "vehicle_value_estimate",
			path: "/api/v1/automotive/vehicle-value-estimate", body: omanLC, always: true},
		{dataset: "companies", file: write("companies.csv", strings.ReplaceAll(omanbusiness.DemoCSV, ",demo,", ",public_registry,")),
			capability: "search_oman_company", path: "/api/v1/business/search", body: `{"query":"Al Noor Trading"}`, viaAdmin: true,
			uses: `"companyId":"OM-CR-1000001"`},
		{dataset: "sanctions", file: sanctionsFile("sdn.xml"), args: []string{"--format", "ofac-xml"}, capability: "sanctions_screen",
			path: "/api/v1/risk/sanctions-screen", body: `{"name":"Khalid Saif Al-Example"}`},
	}
	acct := cli(t, db, "accounts", "create", "--name", "lifecycle", "--plan", "developer", "--credits", "5")
	hdr := map[string]string{"X-API-Key": acct["apiKey"].(string)}
	admin := map[string]string{"Authorization": "Bearer " + adminToken}
	base, _ := serveOn(t, map[string]string{"DALIL_ADMIN_TOKEN": adminToken}, db)

	status := func(id string) string {
		for _, c := range do(t, http.MethodGet, base+"/api/v1/capabilities", "", nil).body["data"].([]any) {
			if c := c.(map[string]any); c["name"] == id {
				return c["status"].(string)
			}
		}
		return "not listed"
	}
	// A change by another store handle is read within datasetFresh:
	// polled, not timed.
	await := func(id, want string) {
		t.Helper()
		got := ""
		for deadline := time.Now().Add(5 * datasetFresh); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
			if got = status(id); got == want {
				return
			}
		}
		t.Fatalf("%s is %s, want %s", id, got, want)
	}

	batches := map[string]string{}
	for _, c := range cases {
		if got := status(c.capability); got != "unconfigured" && !c.always {
			t.Fatalf("%s before any import: %s", c.capability, got)
		}
		rep := cli(t, db, append([]string{c.dataset, "import", c.file, "--source", "licensed-" + c.dataset, "--license", "test licence", "--json"}, c.args...)...)
		batch, _ := rep["batch"].(string)
		if batch == "" || rep["imported"].(float64) == 0 {
			t.Fatalf("import %s: %v", c.dataset, rep)
		}
		batches[c.dataset] = batch
		await(c.capability, "available")
		a := post(t, base+c.path, c.body, hdr)
		if a.status != 200 || !strings.Contains(string(a.raw), cmp.Or(c.uses, batch)) {
			t.Fatalf("%s with %s imported: %d, %s in it? %s", c.capability, c.dataset, a.status, cmp.Or(c.uses, batch), a.raw)
		}
	}

	for _, c := range cases {
		batch := batches[c.dataset]
		if c.viaAdmin {
			r := post(t, base+"/admin/v1/datasets/"+c.dataset+"/batches/"+batch+"/retract", `{"reason":"licence withdrawn"}`, admin)
			if r.status != 200 || data(r)["rowsRemoved"].(float64) == 0 {
				t.Fatalf("retract %s through the admin API: %d %s", c.dataset, r.status, r.raw)
			}
			// The admin API's retraction refreshes this server's view
			// at once: no wait.
			if got := status(c.capability); got != "unconfigured" && !c.always {
				t.Errorf("%s right after the admin retraction: %s", c.capability, got)
			}
		} else {
			var out, errb bytes.Buffer
			if err := run(context.Background(), []string{c.dataset, "retract", batch, "--reason", "licence withdrawn", "--db", db}, noEnv, nil, &out, &errb); err != nil ||
				!strings.Contains(out.String(), "retracted batch "+batch) {
				t.Fatalf("dalil %s retract: %v %s %s", c.dataset, err, out.String(), errb.String())
			}
			if !c.always {
				await(c.capability, "unconfigured")
			}
		}
		a := post(t, base+c.path, c.body, hdr)
		if c.always {
			wantUnpaid(t, a, c.capability+" after the retraction")
			if strings.Contains(string(a.raw), cmp.Or(c.uses, batch)) {
				t.Errorf("%s names the retracted batch: %s", c.capability, a.raw)
			}
		} else if a.status != 503 || a.code() != "PROVIDER_NOT_CONFIGURED" || strings.Contains(string(a.raw), cmp.Or(c.uses, batch)) || !strings.Contains(string(a.raw), c.dataset+" import") {
			t.Errorf("%s after the retraction: %d %s", c.capability, a.status, a.raw)
		}
		list := do(t, http.MethodGet, base+"/admin/v1/datasets/"+c.dataset+"/batches", "", admin)
		bs, _ := data(list)["batches"].([]any)
		if len(bs) != 1 || path(bs[0], "current") != false || path(bs[0], "retracted", "reason") != "licence withdrawn" || path(bs[0], "id") != batch {
			t.Errorf("%s batches after the retraction: %s", c.dataset, list.raw)
		}
	}
}
