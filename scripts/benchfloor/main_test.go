package main

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"

	"dalil/capabilities/property"
)

// The floor must do the same JSON work as Dalil: the same keys in the same
// order, and the same figures wherever float64 rounding does not differ
// from the decimal rounding of contract §2. (Only this test imports Dalil
// code; the floor itself does not.)
func TestFloorAnswersLikeDalil(t *testing.T) {
	f := func(v float64) *float64 { return &v }
	for _, tc := range []struct {
		name  string
		in    input
		dalil property.Input
	}{
		{"reference example", input{PropertyValue: 85000, AnnualRent: 7200, ServiceCharge: f(650), MaintenanceCost: f(400)},
			property.Input{PropertyValue: 85000, AnnualRent: 7200, ServiceCharge: f(650), MaintenanceCost: f(400)}},
		{"vacancy, other costs, legacy alias", input{PropertyValue: 100000, AnnualRent: 10000, VacancyRatePct: f(10), OtherAnnualCosts: f(1000), Maintenance: f(250.5)},
			property.Input{PropertyValue: 100000, AnnualRent: 10000, VacancyRatePct: f(10), OtherAnnualCosts: f(1000), Maintenance: f(250.5)}},
		{"negative net: no payback", input{PropertyValue: 100000, AnnualRent: 1000, ServiceCharge: f(2000)},
			property.Input{PropertyValue: 100000, AnnualRent: 1000, ServiceCharge: f(2000)}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			want, _ := property.Analyze(context.Background(), tc.dalil)
			wantJSON, _ := json.Marshal(want)
			gotJSON, _ := json.Marshal(compute(tc.in))
			if diff := cmp.Diff(string(wantJSON), string(gotJSON)); diff != "" {
				t.Errorf("metrics JSON (-dalil +floor):\n%s", diff)
			}
		})
	}
}

func TestFloorHandler(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(handle))
	defer srv.Close()
	post := func(body string) (int, map[string]json.RawMessage) {
		t.Helper()
		res, err := http.Post(srv.URL+"/api/v1/property/analyze", "application/json", strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		var env map[string]json.RawMessage
		if err := json.NewDecoder(res.Body).Decode(&env); err != nil {
			t.Fatalf("body is not a JSON object: %v", err)
		}
		return res.StatusCode, env
	}
	status, env := post(`{"propertyValue":85000,"annualRent":7200,"serviceCharge":650,"maintenanceCost":400}`)
	if status != 200 || string(env["success"]) != "true" {
		t.Fatalf("valid body: %d %v", status, env)
	}
	var m meta
	if err := json.Unmarshal(env["meta"], &m); err != nil || !strings.HasPrefix(m.RequestID, "req_") || m.Tool != "analyze_property" || m.Price != 0.01 {
		t.Errorf("meta = %s (%v)", env["meta"], err)
	}
	var data map[string]any
	json.Unmarshal(env["data"], &data)
	if data["netYield"] != 7.24 || data["paybackYears"] != 13.82 {
		t.Errorf("data = %s", env["data"])
	}
	for _, body := range []string{
		`{"propertyValue":85000,"annualRent":7200,"garage":1}`,
		`{"propertyValue":0,"annualRent":7200}`,
		`{"propertyValue":1,"annualRent":1,"vacancyRatePct":101}`,
		`{"propertyValue":1,"annualRent":1,"maintenance":1,"maintenanceCost":1}`,
		`[1]`,
	} {
		if status, env := post(body); status != 400 || string(env["success"]) != "false" {
			t.Errorf("%s: %d %v, want 400", body, status, env)
		}
	}
}

// With a journal, every answered call has its record in the file by the
// time its answer arrives, however many calls share a group.
func TestDurableFloorJournalsEveryAnswer(t *testing.T) {
	path := filepath.Join(t.TempDir(), "journal")
	f, err := os.OpenFile(path, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o600)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	jr = newJournal(f)
	defer func() { jr = nil }()
	srv := httptest.NewServer(http.HandlerFunc(handle))
	defer srv.Close()

	const calls = 64
	ids := make(chan string, calls)
	var wg sync.WaitGroup
	for range calls {
		wg.Add(1)
		go func() {
			defer wg.Done()
			res, err := http.Post(srv.URL+"/api/v1/property/analyze", "application/json",
				strings.NewReader(`{"propertyValue":85000,"annualRent":7200}`))
			if err != nil {
				t.Error(err)
				return
			}
			defer res.Body.Close()
			var env envelope
			if err := json.NewDecoder(res.Body).Decode(&env); err != nil || res.StatusCode != 200 {
				t.Errorf("%d %v", res.StatusCode, err)
				return
			}
			// The record must already be in the file: read it now.
			b, err := os.ReadFile(path)
			if err != nil || !strings.Contains(string(b), env.Meta.RequestID+"\tanalyze_property\t10000\t") {
				t.Errorf("answer %s has no record in the journal (%v)", env.Meta.RequestID, err)
			}
			ids <- env.Meta.RequestID
		}()
	}
	wg.Wait()
	close(ids)
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
	if len(lines) != calls || len(ids) != calls {
		t.Fatalf("%d records for %d answers", len(lines), len(ids))
	}
}
