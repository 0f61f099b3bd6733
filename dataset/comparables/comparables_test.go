package comparables

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"time"

	"dalil/dataset"
)

var today = time.Date(2026, 11, 25, 0, 0, 0, 0, time.UTC)

const header = "area,propertyType,bedrooms,sizeSqm,kind,amountOMR,date\n"

func TestDetectFormat(t *testing.T) {
	for _, tc := range []struct{ format, name, head, want string }{
		{"jsonl", "x.csv", "", "jsonl"},
		{"", "x.CSV", "{", "csv"},
		{"", "x.ndjson", "", "jsonl"},
		{"", "upload", "\ufeff  {\"area\":1}", "jsonl"},
		{"", "upload", "area,kind", "csv"},
	} {
		if got := DetectFormat(tc.format, tc.name, []byte(tc.head)); got != tc.want {
			t.Errorf("DetectFormat(%q, %q, %q) = %s, want %s", tc.format, tc.name, tc.head, got, tc.want)
		}
	}
}

func TestReadCSV(t *testing.T) {
	file := "\ufeff" + header +
		"Al Khuwair,apartment,2,120,rent,400,2026-10-01\n" +
		"\"Shatti Al Qurum\",apartment,\"3.0\",150,rental,\"7200\",2026-10-02T08:00:00+04:00\n" +
		"Al Khuwair,apartment,2,120\n" + // too few fields
		"\"Al \"Khuwair\",apartment,2,120,rent,400,2026-10-01\n" + // bad quote
		"Azaiba,villa,4,300,sale,250000,2026-09-01\n"
	res, err := Read(strings.NewReader(file), "", "f.csv", today)
	if err != nil {
		t.Fatal(err)
	}
	if res.Total != 5 || res.Bad != 2 || len(res.Rows) != 3 || len(res.Hash) != 64 {
		t.Fatalf("result = %+v", res)
	}
	if res.Errors[0].Line != 4 || res.Errors[1].Line != 5 {
		t.Errorf("errors = %+v", res.Errors)
	}
	r := res.Rows[1]
	if r.Line != 3 || r.Area != "shatti-al-qurum" || r.Bedrooms != 3 || r.AmountOMR != 7200 || r.ObservedOn != time.Date(2026, 10, 2, 0, 0, 0, 0, time.UTC) || r.RentPeriod != "monthly" {
		t.Errorf("row = %+v", r)
	}
	again, _ := Read(strings.NewReader(file), "", "other-name.csv", today)
	if again.Hash != res.Hash {
		t.Error("same bytes, different hash")
	}
}

// TestRowRules: one field wrong at a time, each reported on its line with
// its field.
func TestRowRules(t *testing.T) {
	good := map[string]string{"area": "Al Khuwair", "propertyType": "apartment", "bedrooms": "2", "sizeSqm": "120", "kind": "rent", "amountOMR": "400", "date": "2026-10-01"}
	for _, tc := range []struct {
		field, value, wantField, wantText string
	}{
		{"area", "Salalah", "area", "Dhofar"},
		{"area", "", "area", "give the neighbourhood"},
		{"area", "Muscat Governorate", "area", "whole governorate"},
		{"wilayat", "Seeb", "wilayat", "Al Khuwair is in Bawshar, not Seeb"},
		{"governorate", "Dhofar", "governorate", "Dhofar"},
		{"propertyType", "office", "propertyType", "apartment, villa, townhouse"},
		{"bedrooms", "21", "bedrooms", "0 to 20"},
		{"bedrooms", "2.5", "bedrooms", "whole number"},
		{"bathrooms", "-1", "bathrooms", "0 to 20"},
		{"sizeSqm", "abc", "sizeSqm", "square metres"},
		{"sizeSqm", "2000", "sizeSqm", "20 to 1500"},
		{"kind", "", "kind", "rent or sale"},
		{"amountOMR", "0", "amountOMR", "positive"},
		{"amountOMR", "1,200", "amountOMR", "positive"},
		{"amountOMR", "NaN", "amountOMR", "positive"},
		{"amountOMR", "15", "amountOMR", "implausible"},
		{"rentPeriod", "weekly", "rentPeriod", "monthly or annual"},
		{"furnished", "partly", "furnished", "semi_furnished"},
		{"date", "2026-13-01", "date", "YYYY-MM-DD"},
		{"date", "1999-12-31", "date", "out of range"},
		{"date", "2026-11-27", "date", "out of range"},
		{"sourceType", "rumour", "sourceType", "listing_asking_price"},
	} {
		f := map[string]string{}
		for k, v := range good {
			f[k] = v
		}
		f[tc.field] = tc.value
		_, errs := parseRow(f, 7, today, &dataset.IDs{})
		if len(errs) != 1 || errs[0].Line != 7 || errs[0].Field != tc.wantField || !strings.Contains(errs[0].Message, tc.wantText) {
			t.Errorf("%s=%q: %+v", tc.field, tc.value, errs)
		}
	}
	if _, errs := parseRow(good, 2, today, &dataset.IDs{}); len(errs) != 0 {
		t.Errorf("good row: %+v", errs)
	}
	// Annual rents become monthly; a sale has no rent period.
	f := map[string]string{"area": "Al Mouj", "propertyType": "villa", "bedrooms": "4", "sizeSqm": "400", "kind": "rent", "amountOMR": "24000", "rentPeriod": "annual", "date": "2026-10-01"}
	if r, errs := parseRow(f, 2, today, &dataset.IDs{}); len(errs) != 0 || r.AmountOMR != 2000 || r.RentPeriod != "annual" {
		t.Errorf("annual: %+v %+v", r, errs)
	}
	f["kind"] = "sale"
	if _, errs := parseRow(f, 2, today, &dataset.IDs{}); len(errs) == 0 || errs[0].Field != "rentPeriod" {
		t.Errorf("sale with a rent period: %+v", errs)
	}
	// Duplicate ids name the first line.
	seen := &dataset.IDs{}
	good["id"] = "a1"
	parseRow(good, 2, today, seen)
	if _, errs := parseRow(good, 9, today, seen); len(errs) != 1 || !strings.Contains(errs[0].Message, "line 2") {
		t.Errorf("duplicate id: %+v", errs)
	}
}

func TestReportCap(t *testing.T) {
	var b strings.Builder
	b.WriteString(header)
	for range dataset.MaxReportedErrors + 50 {
		b.WriteString("Nowhere,apartment,2,120,rent,400,2026-10-01\n")
	}
	res, err := Read(strings.NewReader(b.String()), "", "", today)
	if err != nil || res.Bad != dataset.MaxReportedErrors+50 || len(res.Errors) != dataset.MaxReportedErrors {
		t.Errorf("bad %d, errors %d, %v", res.Bad, len(res.Errors), err)
	}
}

func TestJSONLineTooLong(t *testing.T) {
	line := `{"area":"` + strings.Repeat("x", maxLineBytes) + `"}` + "\n"
	if _, err := Read(strings.NewReader(line), "jsonl", "", today); err == nil || !strings.Contains(err.Error(), "line 1") {
		t.Errorf("err = %v", err)
	}
}

// FuzzRead: any bytes give a result or an error, never a panic; counts
// add up, every reported line is within the file and no good row holds a
// NUL byte.
func FuzzRead(f *testing.F) {
	f.Add([]byte(header+"Al Khuwair,apartment,2,120,rent,400,2026-10-01\n"), "")
	f.Add([]byte(`{"area":"الخوير","propertyType":"apartment","bedrooms":2,"sizeSqm":120,"kind":"rent","amountOMR":400,"date":"2026-10-01"}`+"\n"), "jsonl")
	f.Add([]byte("area\n\"unterminated\n"), "csv")
	f.Add([]byte("{\"area\":[1,{\"x\":null}]}\n[]\nnull\n"), "")
	f.Add([]byte("sourceName,"+header+"a\x00,Al Khuwair,apartment,2,120,rent,400,2026-10-01\n"), "csv")
	f.Fuzz(func(t *testing.T, data []byte, format string) {
		if format != "" && format != "csv" && format != "jsonl" {
			format = ""
		}
		res, err := Read(bytes.NewReader(data), format, "", today)
		if err != nil {
			return
		}
		if len(res.Rows)+res.Bad != res.Total {
			t.Fatalf("rows %d + bad %d != total %d", len(res.Rows), res.Bad, res.Total)
		}
		lines := bytes.Count(data, []byte("\n")) + 1
		for _, e := range res.Errors {
			if e.Line < 1 || e.Line > lines {
				t.Fatalf("error on line %d of a %d-line file: %+v", e.Line, lines, e)
			}
		}
		for _, r := range res.Rows {
			if r.SizeSqm <= 0 || r.AmountOMR <= 0 || r.Area == "" || r.ObservedOn.IsZero() {
				t.Fatalf("bad row accepted: %+v", r)
			}
			if strings.ContainsRune(fmt.Sprintf("%+v", r), 0) {
				t.Fatalf("a row with a NUL byte accepted: %+v", r)
			}
		}
	})
}

// A row with a NUL byte (0x00) in a field is bad, reported on its line
// with its field (CSV raw, JSON lines as \u0000); the free-form metadata,
// not kept, may hold one; a file whose first line holds one is refused.
func TestReadNUL(t *testing.T) {
	const row = "Al Khuwair,apartment,2,120,rent,400,2026-10-01"
	for _, tc := range []struct {
		name, file, format string
		good               int
		errs               []string
	}{
		{"csv: sourceName", "sourceName," + header + "agent\x00," + row + "\nagent," + row + "\n", "csv", 1, []string{"line 2: sourceName: " + dataset.NULByte}},
		{"csv: id", "id," + header + "a1," + row + "\na\x002," + row + "\n", "csv", 1, []string{"line 3: id: " + dataset.NULByte}},
		{"csv: area", header + "Al\x00Khuwair,apartment,2,120,rent,400,2026-10-01\n", "csv", 0, []string{"line 2: area: " + dataset.NULByte}},
		{"jsonl: sourceUrl as \\u0000", `{"area":"Al Khuwair","propertyType":"apartment","bedrooms":2,"sizeSqm":120,"kind":"rent","amountOMR":400,"date":"2026-10-01","sourceUrl":"https://x.om/\u0000"}` + "\n" +
			`{"area":"Al Khuwair","propertyType":"apartment","bedrooms":2,"sizeSqm":120,"kind":"rent","amountOMR":400,"date":"2026-10-01","metadata":{"note":"\u0000"}}`, "jsonl",
			1, []string{"line 1: sourceUrl: " + dataset.NULByte}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, err := Read(strings.NewReader(tc.file), tc.format, "", today)
			if err != nil {
				t.Fatal(err)
			}
			var errs []string
			for _, e := range res.Errors {
				errs = append(errs, e.Error())
			}
			if len(res.Rows) != tc.good || res.Bad != len(tc.errs) || strings.Join(errs, "\n") != strings.Join(tc.errs, "\n") {
				t.Errorf("%d good, %d bad, errors %q; want %d good, errors %q", len(res.Rows), res.Bad, errs, tc.good, tc.errs)
			}
		})
	}
	utf16 := []byte{0xff, 0xfe}
	for _, r := range header {
		utf16 = append(utf16, byte(r), 0)
	}
	if _, err := Read(bytes.NewReader(utf16), "", "rents.csv", today); err == nil || !strings.Contains(err.Error(), "so it is not CSV text") {
		t.Errorf("UTF-16 file: %v", err)
	}
}
