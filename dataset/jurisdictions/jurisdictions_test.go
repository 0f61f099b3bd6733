package jurisdictions

import (
	"strings"
	"testing"
	"time"
)

var today = time.Date(2026, 11, 28, 0, 0, 0, 0, time.UTC)

// The embedded default is the FATF's publication of 19 June 2026: three
// jurisdictions under a call for action, 22 under increased monitoring.
func TestDefault(t *testing.T) {
	d := Default()
	if d.Published != "2026-06-19" || !d.Embedded || d.Count(CallForAction) != 3 || d.Count(IncreasedMonitoring) != 22 || d.Batch != "" {
		t.Fatalf("default %+v", d)
	}
	for code, list := range map[string]string{"KP": CallForAction, "IR": CallForAction, "MM": CallForAction, "IQ": IncreasedMonitoring,
		"BA": IncreasedMonitoring, "KW": IncreasedMonitoring, "VG": IncreasedMonitoring} {
		if e, ok := d.On(code); !ok || e.List != list {
			t.Errorf("%s: %+v %v, want on %s", code, e, ok, list)
		}
	}
	// Removed in June 2026 (Algeria, Namibia) or earlier (South Africa,
	// Nigeria), never listed (Oman).
	for _, code := range []string{"DZ", "NA", "ZA", "NG", "OM"} {
		if e, ok := d.On(code); ok {
			t.Errorf("%s is on %s", code, e.List)
		}
	}
	if got := d.PublishedAt(); !got.Equal(time.Date(2026, 6, 19, 0, 0, 0, 0, time.UTC)) {
		t.Errorf("PublishedAt %v", got)
	}
}

func TestRead(t *testing.T) {
	good := "list,country,name,published\ncall_for_action,IRN,Iran,2026-10-24\nIncreased Monitoring,vn,Vietnam,2026-10-24\n"
	res, err := Read(strings.NewReader(good), "", "fatf.csv", today)
	if err != nil || res.Bad != 0 || len(res.Rows) != 2 || res.Published != "2026-10-24" || res.Rows[0].Country != "IR" ||
		res.Rows[1].List != IncreasedMonitoring || res.Rows[1].Country != "VN" || res.Hash == "" {
		t.Fatalf("good file: %+v %v", res, err)
	}
	jsonl := `{"list":"call_for_action","country":"KP","name":"DPRK","published":"2026-10-24"}` + "\n"
	if res, err := Read(strings.NewReader(jsonl), "", "fatf.jsonl", today); err != nil || len(res.Rows) != 1 || res.Rows[0].Country != "KP" {
		t.Fatalf("JSON lines: %+v %v", res, err)
	}
	for _, c := range []struct {
		name, row, field string
	}{
		{"unknown list", "black_list,IR,Iran,2026-10-24", "list"},
		{"a country name, not a code", "call_for_action,Iran,Iran,2026-10-24", "country"},
		{"an unknown code", "call_for_action,XX,Nowhere,2026-10-24", "country"},
		{"no name", "call_for_action,IR,,2026-10-24", "name"},
		{"not a date", "call_for_action,IR,Iran,24/10/2026", "published"},
		{"in the future", "call_for_action,IR,Iran,2027-02-13", "published"},
		{"another publication", "increased_monitoring,YE,Yemen,2026-06-19", "published"},
		{"listed twice", "increased_monitoring,IR,Iran,2026-10-24", "country"},
	} {
		t.Run(c.name, func(t *testing.T) {
			// The first row is good and stands; the second is bad.
			file := "list,country,name,published\ncall_for_action,IR,Iran,2026-10-24\n" + c.row + "\n"
			res, err := Read(strings.NewReader(file), "csv", "f.csv", today)
			if err != nil {
				t.Fatal(err)
			}
			if res.Bad != 1 || len(res.Errors) == 0 || res.Errors[0].Line != 3 || res.Errors[0].Field != c.field || len(res.Rows) != 1 {
				t.Fatalf("%+v", res)
			}
		})
	}
	if _, err := Read(strings.NewReader("country,name\nIR,Iran\n"), "csv", "f.csv", today); err == nil {
		t.Error("a header without list and published was read")
	}
}

// FuzzRead: any bytes read without a panic; every good row is on a
// known list with an ISO-2 code, and every row is good or bad.
func FuzzRead(f *testing.F) {
	f.Add([]byte(DefaultFile()), "csv")
	f.Add([]byte(`{"list":"call_for_action","country":"KP","name":"DPRK","published":"2026-10-24"}`+"\n"), "jsonl")
	f.Add([]byte("list,country,name,published\ncall_for_action,IR,\"Ir\"\"an\",2026-10-24\n"), "csv")
	f.Add([]byte("list,country\n\x00"), "csv")
	f.Fuzz(func(t *testing.T, data []byte, format string) {
		if format != "csv" && format != "jsonl" {
			format = ""
		}
		res, err := Read(strings.NewReader(string(data)), format, "f", today)
		if err != nil {
			return
		}
		if len(res.Rows)+res.Bad != res.Total {
			t.Fatalf("%d good + %d bad != %d rows", len(res.Rows), res.Bad, res.Total)
		}
		for _, r := range res.Rows {
			if (r.List != CallForAction && r.List != IncreasedMonitoring) || len(r.Country) != 2 || r.Name == "" {
				t.Fatalf("row %+v", r)
			}
		}
	})
}
