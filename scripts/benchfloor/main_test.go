package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/jackc/pgx/v5"

	"dalil/capabilities/property"
	"dalil/internal/testenv"
)

func TestMain(m *testing.M) { testenv.Main(m) }

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
	jr = newJournal(&fileSink{f: f})
	defer func() { jr = nil }()
	const calls = 64
	ids := callConcurrently(t, calls, func(id string) error {
		// The record must already be in the file: read it now.
		b, err := os.ReadFile(path)
		if err != nil || !strings.Contains(string(b), id+"\tanalyze_property\t10000\t") {
			return fmt.Errorf("answer %s has no record in the journal (%v)", id, err)
		}
		return nil
	})
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
	if len(lines) != calls || len(ids) != calls {
		t.Fatalf("%d records for %d answers", len(lines), len(ids))
	}
}

// The PostgreSQL durable floor: every answered call has its row committed
// (seen from another connection) by the time its answer arrives, and a
// call whose group failed is not answered 200.
func TestPGDurableFloorInsertsEveryAnswer(t *testing.T) {
	dsn := testenv.FreshPostgresSchema(t, testenv.Postgres(t))
	ctx := context.Background()
	s, err := openPGSink(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer s.conn.Close(ctx)
	jr = newJournal(s)
	defer func() { jr = nil }()
	other, err := pgx.Connect(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close(ctx)
	var mu sync.Mutex // one pgx.Conn serves one query at a time
	const calls = 64
	ids := callConcurrently(t, calls, func(id string) error {
		mu.Lock()
		defer mu.Unlock()
		var n int
		if err := other.QueryRow(ctx, `SELECT COUNT(*) FROM journal WHERE request_id = $1 AND tool = 'analyze_property' AND price = 10000`, id).Scan(&n); err != nil || n != 1 {
			return fmt.Errorf("answer %s has %d rows in the journal (%v)", id, n, err)
		}
		return nil
	})
	var n int
	if err := other.QueryRow(ctx, `SELECT COUNT(*) FROM journal`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	if n != calls || len(ids) != calls {
		t.Fatalf("%d rows for %d answers", n, len(ids))
	}
	// The table has no index: nothing but the rows costs a write.
	var indexes int
	if err := other.QueryRow(ctx, `SELECT COUNT(*) FROM pg_indexes WHERE tablename = 'journal' AND schemaname = current_schema()`).Scan(&indexes); err != nil || indexes != 0 {
		t.Errorf("journal has %d indexes (%v), want none", indexes, err)
	}

	// A group that cannot be written answers nobody 200.
	if _, err := other.Exec(ctx, `ALTER TABLE journal ADD CONSTRAINT cheap CHECK (price < 10000) NOT VALID`); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(http.HandlerFunc(handle))
	defer srv.Close()
	res, err := http.Post(srv.URL+"/api/v1/property/analyze", "application/json", strings.NewReader(`{"propertyValue":85000,"annualRent":7200}`))
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusServiceUnavailable {
		t.Errorf("a failed insert answered %d, want 503", res.StatusCode)
	}
}

// callConcurrently makes calls concurrent analyze_property calls to the
// floor's handler; check runs on each 200's request id as soon as its
// answer arrives. It returns the ids answered.
func callConcurrently(t *testing.T, calls int, check func(requestID string) error) chan string {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(handle))
	defer srv.Close()
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
			if err := check(env.Meta.RequestID); err != nil {
				t.Error(err)
			}
			ids <- env.Meta.RequestID
		}()
	}
	wg.Wait()
	close(ids)
	return ids
}
