package companies_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"dalil/capabilities/omanbusiness"
	"dalil/dataset"
	"dalil/dataset/companies"

	"github.com/google/go-cmp/cmp"
)

// read reads data as an import on 2026-11-01 of source "s" does: the
// records, the rows read, the bad rows and their problems.
func read(data, format string, synthetic bool) ([]omanbusiness.Record, int, int, []dataset.RowError, error) {
	res, err := companies.Read(strings.NewReader(data), format, "", omanbusiness.Record{Source: "s", Synthetic: synthetic}, time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC))
	return res.Records, res.Total, res.Bad, res.Errors, err
}

// The companies file read through dataset.Schema.ReadRows: one row at a
// time, in both formats, with what each row gives or why it is bad.
func TestReadRows(t *testing.T) {
	const hdr = "recordId,nameEn,crNumber,phone,activities,sourceType\n"
	type want struct {
		rows, bad int
		recs      []string // "recordId|cr|phone|activities"
		errs      []string // RowError.Error()
	}
	show := func(rs []omanbusiness.Record) []string {
		var out []string
		for _, r := range rs {
			var acts []string
			for _, a := range r.Activities {
				acts = append(acts, a.Code+"/"+a.Description)
			}
			out = append(out, fmt.Sprintf("%s|%s|%s|%s", r.RecordID, r.CRNumber, r.Phone, strings.Join(acts, ",")))
		}
		return out
	}
	for _, c := range []struct {
		name, file, format string
		want               want
	}{
		{"csv: activities split at ;", hdr + "a,X,1234567,24123456,4663 Wholesale; 4752: Hardware ;,directory\n", "csv",
			want{1, 0, []string{"a|1234567|+96824123456|4663/Wholesale,4752/Hardware"}, nil}},
		{"csv: header in any case, lines of spaces skipped", "RECORDID,NameEn,SOURCETYPE\n  \na,X,directory\n\t\n", "csv",
			want{1, 0, []string{"a|||"}, nil}},
		{"csv: wrong number of fields", hdr + "a,X\nb,Y,,,,directory\n", "csv",
			want{2, 1, []string{"b|||"}, []string{"line 2: 2 fields, the header has 6"}}},
		{"csv: unclosed quote", hdr + "a,X,,,,directory\nb,\"Y,,,,directory\n", "csv",
			want{2, 1, []string{"a|||"}, []string{`line 3: unreadable CSV: extraneous or missing " in quoted-field`}}},
		{"csv: a cell not UTF-8", hdr + "a,Caf\xe9,,,,directory\n", "csv",
			want{1, 1, nil, []string{"line 2: nameEn: not UTF-8 text: save the file as UTF-8"}}},
		{"csv: recordId twice", hdr + "a,X,,,,directory\na,Y,,,,directory\n", "csv",
			want{2, 1, []string{"a|||"}, []string{`line 3: recordId: "a" is also the id of line 2`}}},
		{"jsonl: activities as a list of strings and objects", `{"recordId":"a","nameEn":"X","sourceType":"directory","activities":["4663 Wholesale",{"code":" 4752 ","description":"Hardware"},{}]}`, "jsonl",
			want{1, 0, []string{"a|||4663/Wholesale,4752/Hardware"}, nil}},
		{"jsonl: activities as a string, split as in CSV", `{"recordId":"a","nameEn":"X","sourceType":"directory","activities":"4663 Wholesale;Retail"}`, "jsonl",
			want{1, 0, []string{"a|||4663/Wholesale,/Retail"}, nil}},
		{"jsonl: numbers are read as written", `{"recordId":7,"nameEn":"X","sourceType":"directory","crNumber":1234567,"phone":24123456,"activities":4663}`, "jsonl",
			want{1, 0, []string{"7|1234567|+96824123456|4663/"}, nil}},
		{"jsonl: keys in any case, null is absent", `{"RecordId":"a","NAMEEN":"X","sourceType":"directory","crNumber":null,"activities":null}`, "jsonl",
			want{1, 0, []string{"a|||"}, nil}},
		{"jsonl: activities an object", `{"recordId":"a","nameEn":"X","sourceType":"directory","activities":{"code":"1"}}`, "jsonl",
			want{1, 1, nil, []string{"line 1: activities: must be a string or a list of strings or {code, description}"}}},
		{"jsonl: an activity with another key", `{"recordId":"a","nameEn":"X","sourceType":"directory","activities":[{"isic":"1"}]}`, "jsonl",
			want{1, 1, nil, []string{`line 1: activities: each item is a string or {code, description}: json: unknown field "isic"`}}},
		{"jsonl: an unknown key", `{"recordId":"a","nameEn":"X","sourceType":"directory","colour":"red"}`, "jsonl",
			want{1, 1, nil, []string{"line 1: colour: unknown key; the keys are " + columnList()}}},
		{"jsonl: a value that is a list", `{"recordId":"a","nameEn":["X"],"sourceType":"directory"}`, "jsonl",
			want{1, 1, nil, []string{"line 1: nameEn: must be a string or a number"}}},
		{"jsonl: not an object, two values, blank lines", "\n[1]\n" + `{"recordId":"a"} {}` + "\n  \n" + `{"recordId":"b","nameEn":"X","sourceType":"directory"}`, "jsonl",
			want{3, 2, []string{"b|||"}, []string{"line 2: not a JSON object", "line 3: more than one JSON value on the line"}}},
		{"jsonl: a line not UTF-8", `{"recordId":"a","nameEn":"Caf` + "\xe9" + `","sourceType":"directory"}`, "jsonl",
			want{1, 1, nil, []string{"line 1: not UTF-8 text: save the file as UTF-8"}}},
		{"csv: a NUL byte in a name", hdr + "a,X,,,,directory\nb,Al\x00Noor,,,,directory\nc,Z,,,,directory\n", "csv",
			want{3, 1, []string{"a|||", "c|||"}, []string{"line 3: nameEn: " + dataset.NULByte}}},
		{"csv: a NUL byte in the activities", hdr + "a,X,,,4663\x00,directory\n", "csv",
			want{1, 1, nil, []string{"line 2: activities: " + dataset.NULByte}}},
		{"jsonl: a NUL byte written \\u0000", `{"recordId":"a","nameAr":"شركة\u0000النور","sourceType":"directory"}`, "jsonl",
			want{1, 1, nil, []string{"line 1: nameAr: " + dataset.NULByte}}},
		{"jsonl: a NUL byte in a listed activity", `{"recordId":"a","nameEn":"X","sourceType":"directory","activities":[{"code":"1","description":"\u0000"}]}`, "jsonl",
			want{1, 1, nil, []string{"line 1: activities: " + dataset.NULByte}}},
		{"detected: JSON lines by the first byte", "\ufeff " + `{"recordId":"a","nameEn":"X","sourceType":"directory"}`, "",
			want{1, 0, []string{"a|||"}, nil}},
	} {
		t.Run(c.name, func(t *testing.T) {
			recs, rows, bad, errs, err := read(c.file, c.format, false)
			if err != nil {
				t.Fatal(err)
			}
			var es []string
			for _, e := range errs {
				es = append(es, e.Error())
			}
			got := want{rows, bad, show(recs), es}
			if d := cmp.Diff(c.want, got, cmp.AllowUnexported(want{})); d != "" {
				t.Errorf("(-want +got)\n%s", d)
			}
		})
	}
}

func columnList() string {
	var names []string
	for _, c := range companies.Columns {
		names = append(names, c.Name)
	}
	return strings.Join(names, ", ")
}

// A file that cannot be read at all is an error that says why.
func TestReadRefusedFiles(t *testing.T) {
	for _, c := range []struct{ name, file, format, err string }{
		{"empty", "", "csv", "line 1: the file is empty; the first line must be the header"},
		{"unknown column", "recordId,colour\n", "csv", `line 1: unknown column "colour"; the columns are ` + columnList()},
		{"a column twice", "recordId,RECORDID\n", "csv", `line 1: column "recordId" is given twice`},
		{"unknown format", "recordId\n", "xlsx", `unknown format "xlsx": use one of csv, jsonl`},
		{"UTF-16", "\xff\xfer\x00e\x00c\x00o\x00r\x00d\x00I\x00d\x00\n\x00", "", "line 1: the file holds NUL bytes (0x00), so it is not CSV text: is it a spreadsheet (.xlsx, .xls) or text saved as UTF-16? Save it as CSV in UTF-8"},
		{"JSON line over 4 MiB", `{"recordId":"` + strings.Repeat("a", 4<<20) + `"}`, "jsonl", "line 1: longer than 4194304 bytes"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if _, _, _, _, err := read(c.file, c.format, false); err == nil || err.Error() != c.err {
				t.Errorf("error %v, want %q", err, c.err)
			}
		})
	}
	// The row problems of the demo file, read as synthetic: none.
	recs, rows, bad, _, err := read(omanbusiness.DemoCSV, "csv", true)
	if err != nil || rows != 10 || bad != 0 || len(recs) != 10 || recs[0].SourceType != omanbusiness.SourceDemo {
		t.Errorf("demo: %d rows, %d bad, %v", rows, bad, err)
	}
}
