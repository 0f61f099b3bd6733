package dataset

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

var testSchema = NewSchema(Schema{Columns: []Column{
	{Name: "name", Required: true},
	{Name: "price", Aliases: []string{"askingPrice"}},
	{Name: "meta", FreeForm: true},
}, FoldCase: true, MaxRows: 3, MaxLineBytes: 200})

type seen struct {
	line   int
	values map[string]string
	errs   []RowError
}

func read(t *testing.T, s *Schema, file, format string) ([]seen, string, error) {
	t.Helper()
	var got []seen
	hash, err := s.ReadRows(strings.NewReader(file), format, "", func(line int, v map[string]string, errs []RowError) error {
		got = append(got, seen{line, v, errs})
		return nil
	})
	return got, hash, err
}

// CSV and JSON lines give the same column → text maps, with aliases and
// case folded, problems reported by line, and the file's hash.
func TestReadRows(t *testing.T) {
	csv := "\ufeffNAME,askingprice\nfalcon,12\n\"unclosed,1\n"
	got, hash, err := read(t, testSchema, csv, "")
	if err != nil || len(hash) != 64 {
		t.Fatalf("csv: %v %q", err, hash)
	}
	if len(got) != 2 || got[0].line != 2 || fmt.Sprint(got[0].values) != "map[name:falcon price:12]" || got[1].values != nil || got[1].errs[0].Line != 3 {
		t.Errorf("csv rows = %+v", got)
	}
	jsonl := `{"Name":"falcon","price":12,"meta":{"any":1}}` + "\n\n" + `{"name":"x","askingPrice":"1","price":"2"}` + "\n" + `[1]` + "\n"
	got, _, err = read(t, testSchema, jsonl, "")
	if err != nil || len(got) != 3 {
		t.Fatalf("jsonl: %v %+v", err, got)
	}
	if fmt.Sprint(got[0].values) != "map[name:falcon price:12]" || len(got[0].errs) != 0 {
		t.Errorf("line 1 = %+v", got[0])
	}
	if got[1].line != 3 || len(got[1].errs) != 1 || !strings.Contains(got[1].errs[0].Message, "given twice") {
		t.Errorf("line 3 = %+v", got[1])
	}
	if got[2].errs[0].Message != "not a JSON object" {
		t.Errorf("line 4 = %+v", got[2])
	}

	for name, c := range map[string]struct{ file, format, err string }{
		"unknown column":          {"name,colour\n", "csv", `unknown column "colour"`},
		"missing column":          {"price\n", "csv", `required column "name" is missing`},
		"alias twice":             {"name,price,askingPrice\n", "csv", `column "price" is given twice ("askingPrice" is another name for it)`},
		"name twice in two cases": {"name,NAME\n", "csv", `line 1: column "name" is given twice`},
		"empty":                   {"", "csv", "the file is empty"},
		"too many rows":           {"name\na\nb\nc\nd\n", "csv", "more than 3 rows"},
		"long JSON line":          {`{"name":"` + strings.Repeat("a", 300) + `"}`, "jsonl", "longer than 200 bytes"},
		"unknown format":          {"name\n", "xml", `unknown format "xml"`},
	} {
		if _, _, err := read(t, testSchema, c.file, c.format); err == nil || !strings.Contains(err.Error(), c.err) {
			t.Errorf("%s: %v, want %q", name, err, c.err)
		}
	}
	if _, _, err := read(t, testSchema, "name,NAME\n", "csv"); err == nil || err.Error() != `line 1: column "name" is given twice` {
		t.Errorf("one name in two cases: %v", err)
	}
	got, _, _ = read(t, testSchema, `{"name":["a"]}`, "jsonl")
	if len(got) != 1 || got[0].errs[0].Message != "must be a string or a number" {
		t.Errorf("array value: %+v", got)
	}
}

func TestDetectFormatAndClip(t *testing.T) {
	for _, c := range []struct{ format, name, head, want string }{
		{"jsonl", "x.csv", "", "jsonl"}, {"", "x.CSV", "{", "csv"}, {"", "x.ndjson", "", "jsonl"},
		{"", "upload", " \ufeff{", "csv"}, {"", "upload", "\ufeff {\"a\":1}", "jsonl"}, {"", "", "a,b", "csv"},
	} {
		if got := DetectFormat(c.format, c.name, []byte(c.head)); got != c.want {
			t.Errorf("DetectFormat(%q, %q, %q) = %s, want %s", c.format, c.name, c.head, got, c.want)
		}
	}
	long := strings.Repeat("é", 40) // 80 bytes
	if c := Clip(long); !strings.HasSuffix(c, "…") || len(c) > 63 || !strings.HasPrefix(long, strings.TrimSuffix(c, "…")) {
		t.Errorf("Clip = %q", c)
	}
}

// A JSON column hands every value over as JSON; blank lines are no rows;
// text in another encoding is its row's problem, in both formats.
func TestReadRowsJSONColumnBlankLinesEncoding(t *testing.T) {
	s := NewSchema(Schema{Columns: []Column{{Name: "name", Required: true}, {Name: "tags", JSON: true}}, FoldCase: true})
	type row struct {
		line          int
		name, tags    string
		hasTags, nilV bool
		errs          string
	}
	get := func(file, format string) []row {
		t.Helper()
		got, _, err := read(t, s, file, format)
		if err != nil {
			t.Fatalf("%q: %v", file, err)
		}
		var out []row
		for _, g := range got {
			r := row{line: g.line, nilV: g.values == nil, name: g.values["name"]}
			r.tags, r.hasTags = g.values["tags"]
			for _, e := range g.errs {
				r.errs += e.Error() + ";"
			}
			out = append(out, r)
		}
		return out
	}
	for _, c := range []struct {
		name, file, format string
		want               []row
	}{
		{"csv cells as JSON strings", "name,tags\na,x;y\nb,\nc,\"say \"\"hi\"\"\"\n", "csv", []row{
			{line: 2, name: "a", tags: `"x;y"`, hasTags: true},
			{line: 3, name: "b", tags: `""`, hasTags: true},
			{line: 4, name: "c", tags: `"say \"hi\""`, hasTags: true},
		}},
		{"csv without the column", "name\na\n", "csv", []row{{line: 2, name: "a"}}},
		{"jsonl values as JSON", `{"name":"a","tags":"x;y"}` + "\n" + `{"name":"b","tags":["x",{"code":"1","d":2}]}` + "\n" +
			`{"name":"c","tags":7}` + "\n" + `{"name":"d","tags":null}` + "\n" + `{"name":"e","Tags":{"k":true}}` + "\n", "jsonl", []row{
			{line: 1, name: "a", tags: `"x;y"`, hasTags: true},
			{line: 2, name: "b", tags: `["x",{"code":"1","d":2}]`, hasTags: true},
			{line: 3, name: "c", tags: `7`, hasTags: true},
			{line: 4, name: "d"},
			{line: 5, name: "e", tags: `{"k":true}`, hasTags: true},
		}},
		{"lines of spaces in csv are no rows", "name,tags\n   \na,b\n\t\n\n", "csv", []row{{line: 3, name: "a", tags: `"b"`, hasTags: true}}},
		{"lines of spaces in jsonl are no rows", "  \n" + `{"name":"a"}` + "\n \t \n", "jsonl", []row{{line: 2, name: "a"}}},
		{"csv cell not UTF-8", "name,tags\n\xff\xfe,ok\n", "csv", []row{
			{line: 2, tags: `"ok"`, hasTags: true, errs: "line 2: name: not UTF-8 text: save the file as UTF-8;"},
		}},
		{"jsonl line not UTF-8", `{"name":"` + "\xe9t\xe9" + `"}` + "\n" + `{"name":"ok"}`, "jsonl", []row{
			{line: 1, nilV: true, errs: "line 1: not UTF-8 text: save the file as UTF-8;"},
			{line: 2, name: "ok"},
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			if d := cmp.Diff(c.want, get(c.file, c.format), cmp.AllowUnexported(row{})); d != "" {
				t.Errorf("(-want +got)\n%s", d)
			}
		})
	}
	// A column that is not JSON still refuses a list.
	got, _, _ := read(t, s, `{"name":["a"]}`, "jsonl")
	if len(got) != 1 || len(got[0].errs) != 1 || got[0].errs[0].Message != "must be a string or a number" {
		t.Errorf("list in a text column: %+v", got)
	}
}

// A NUL byte (0x00) in a value makes its row bad, in both formats and
// whether written raw (CSV) or as \u0000 (JSON), in a JSON column at any
// depth too; a free-form column, which no dataset keeps, may hold one. A
// NUL byte in the first line means the file is not text at all.
func TestReadRowsNUL(t *testing.T) {
	s := NewSchema(Schema{Columns: []Column{{Name: "name", Required: true}, {Name: "tags", JSON: true}, {Name: "meta", FreeForm: true}}, FoldCase: true})
	for _, c := range []struct {
		name, file, format string
		want               []string // per row: its values, or its errors
	}{
		{"csv cell", "name,tags\nok,x\nAl\x00Noor,y\nlast,z\n", "csv",
			[]string{"map[name:ok tags:\"x\"]", "line 3: name: " + NULByte + ";", "map[name:last tags:\"z\"]"}},
		{"csv cell of a JSON column", "name,tags\na,x\x00y\n", "csv", []string{"line 2: tags: " + NULByte + ";"}},
		{"csv free-form cell", "name,meta\na,x\x00y\n", "csv", []string{"map[meta:x\x00y name:a]"}},
		{"jsonl string written \\u0000", `{"name":"ok"}` + "\n" + `{"name":"Al\u0000Noor"}` + "\n", "jsonl",
			[]string{"map[name:ok]", "line 2: name: " + NULByte + ";"}},
		{"jsonl in a list of a JSON column", `{"name":"a","tags":["x",{"k":"\u0000"}]}`, "jsonl", []string{"line 1: tags: " + NULByte + ";"}},
		{"jsonl in a key of a JSON column", `{"name":"a","tags":{"k\u0000":1}}`, "jsonl", []string{"line 1: tags: " + NULByte + ";"}},
		{"jsonl in an unknown key", `{"name":"a","x\u0000":1}`, "jsonl", []string{"line 1: a key " + NULByte + ";"}},
		{"jsonl free-form", `{"name":"a","meta":{"k":"\u0000"}}`, "jsonl", []string{"map[name:a]"}},
		{"jsonl raw NUL after the first line", `{"name":"ok"}` + "\n" + "{\"name\":\"a\x00\"}\n", "jsonl",
			[]string{"map[name:ok]", "line 2: " + NULByte + ";"}},
		{"jsonl escaped backslash is no NUL", `{"name":"a\\u0000"}`, "jsonl", []string{`map[name:a\u0000]`}},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, _, err := read(t, s, c.file, c.format)
			if err != nil {
				t.Fatal(err)
			}
			var out []string
			for _, g := range got {
				if len(g.errs) == 0 {
					out = append(out, fmt.Sprint(g.values))
					continue
				}
				var e string
				for _, x := range g.errs {
					e += x.Error() + ";"
				}
				out = append(out, e)
			}
			if d := cmp.Diff(c.want, out); d != "" {
				t.Errorf("(-want +got)\n%s", d)
			}
		})
	}
	// A file whose first line holds a NUL byte: a spreadsheet, UTF-16
	// text, a file of NULs. Refused whole, saying what it likely is.
	utf16 := func(s string) string {
		b := []byte{0xff, 0xfe}
		for _, r := range s {
			b = append(b, byte(r), 0)
		}
		return string(b)
	}
	for _, c := range []struct{ name, file, format, filename, what string }{
		{"xlsx", "PK\x03\x04\x14\x00\x06\x00\x08\x00\x00\x00!\x00[Content_Types].xml", "", "prices.xlsx", "CSV"},
		{"UTF-16 CSV", utf16("name,tags\r\na,b\r\n"), "", "export.csv", "CSV"},
		{"NULs", strings.Repeat("\x00", 4096), "", "", "CSV"},
		{"UTF-16 JSON lines", utf16(`{"name":"a"}` + "\n"), "", "x.jsonl", "JSON lines"},
		{"NULs as JSON lines", strings.Repeat("\x00", 10), "jsonl", "", "JSON lines"},
	} {
		_, err := s.ReadRows(strings.NewReader(c.file), c.format, c.filename, func(int, map[string]string, []RowError) error { return nil })
		want := "line 1: the file holds NUL bytes (0x00), so it is not " + c.what + " text: is it a spreadsheet (.xlsx, .xls) or text saved as UTF-16? Save it as " + c.what + " in UTF-8"
		if err == nil || err.Error() != want {
			t.Errorf("%s: %v, want %q", c.name, err, want)
		}
	}
}

// Validate refuses what a batch could not store.
func TestValidate(t *testing.T) {
	for _, c := range []struct {
		o   ImportOptions
		err string
	}{
		{ImportOptions{Source: "s", License: "l", Filename: "f.csv"}, ""},
		{ImportOptions{License: "l"}, "--source is required: name where the file came from"},
		{ImportOptions{Source: "s"}, "--license is required: the terms you hold the data under"},
		{ImportOptions{Source: "s\x00", License: "l"}, "--source " + NULByte},
		{ImportOptions{Source: "s", License: "\x00"}, "--license " + NULByte},
		{ImportOptions{Source: "s", License: "l", Filename: "f\x00.csv"}, "the file name " + NULByte},
	} {
		err := c.o.Validate()
		if (err == nil) != (c.err == "") || err != nil && err.Error() != c.err {
			t.Errorf("%+v: %v, want %q", c.o, err, c.err)
		}
	}
}

// ParseDate: a date, or a date-time's UTC day; anything else is no date.
func TestParseDate(t *testing.T) {
	day := func(y int, m time.Month, d int) time.Time { return time.Date(y, m, d, 0, 0, 0, 0, time.UTC) }
	for _, c := range []struct {
		in   string
		want time.Time
		ok   bool
	}{
		{"2026-11-01", day(2026, 11, 1), true},
		{"2024-02-29", day(2024, 2, 29), true},
		{"2026-11-01T10:00:00Z", day(2026, 11, 1), true},
		{"2026-11-01T23:30:00-02:00", day(2026, 11, 2), true}, // 01:30 UTC the next day
		{"2026-11-01T01:00:00+04:00", day(2026, 10, 31), true},
		{"2026-11-01T10:00:00.123456Z", day(2026, 11, 1), true},
		{"", time.Time{}, false},
		{"2025-02-29", time.Time{}, false},
		{"01/11/2026", time.Time{}, false},
		{"2026-11-1", time.Time{}, false},
		{"2026-11-01T10:00:00", time.Time{}, false}, // no zone
		{" 2026-11-01", time.Time{}, false},
	} {
		got, ok := ParseDate(c.in)
		if ok != c.ok || !got.Equal(c.want) || got.Location() != time.UTC {
			t.Errorf("ParseDate(%q) = %v, %v; want %v, %v", c.in, got, ok, c.want, c.ok)
		}
	}
}

// Every file-level problem ReadRows, Validate and ReadAll find is a
// *FileError (the admin API's 400), with the cause's message; an error of
// the caller's RowFunc comes back as it is, not one.
func TestFileErrors(t *testing.T) {
	var fe *FileError
	for name, err := range map[string]error{
		"empty":          func() error { _, _, err := read(t, testSchema, "", "csv"); return err }(),
		"unknown column": func() error { _, _, err := read(t, testSchema, "colour\nred\n", "csv"); return err }(),
		"NUL in header":  func() error { _, _, err := read(t, testSchema, "na\x00me\n", ""); return err }(),
		"too many rows":  func() error { _, _, err := read(t, testSchema, "name\na\nb\nc\nd\n", "csv"); return err }(),
		"unknown format": func() error { _, _, err := read(t, testSchema, "name\n", "xml"); return err }(),
		"options":        ImportOptions{Source: "s"}.Validate(),
		"too large":      func() error { _, err := ReadAll(strings.NewReader("abc"), 2); return err }(),
	} {
		if !errors.As(err, &fe) || fe.Error() != err.Error() || err.Error() == "" {
			t.Errorf("%s: %#v, want a FileError", name, err)
		}
	}
	if _, _, err := read(t, testSchema, "", "csv"); err.Error() != "line 1: the file is empty; the first line must be the header" {
		t.Errorf("empty file: %q", err)
	}
	stop := errors.New("stop")
	_, err := testSchema.ReadRows(strings.NewReader("name\na\n"), "csv", "", func(int, map[string]string, []RowError) error { return stop })
	if err != stop {
		t.Errorf("RowFunc's error came back as %#v", err)
	}
	// Unreadable keeps nil nil and a FileError as it is.
	if Unreadable(nil) != nil {
		t.Error("Unreadable(nil) is not nil")
	}
	once := Unreadable(stop)
	if twice := Unreadable(fmt.Errorf("ctx: %w", once)); !errors.As(twice, &fe) || fe != once || !errors.Is(twice, stop) {
		t.Errorf("Unreadable wrapped a FileError again: %#v", twice)
	}
}
