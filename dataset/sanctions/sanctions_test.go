package sanctions

import (
	"archive/zip"
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"dalil/dataset"
)

func mustRead(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func zipOf(t *testing.T, files map[string][]byte) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, n := range []string{"sdn.csv", "alt.csv", "add.csv", "SDN_COMMENTS.CSV", "readme.txt"} {
		b, ok := files[n]
		if !ok {
			continue
		}
		w, err := zw.Create("download/" + n)
		if err != nil {
			t.Fatal(err)
		}
		w.Write(b)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// The entities of the OFAC test files, as both the XML and the zipped
// CSV files state them.
var wantOFAC = []Entity{
	{ID: "90001", Type: TypeIndividual, Programs: []string{"SDGT"},
		Aliases:      []Alias{{Name: "Khaled Seif AL-MITHAL", Type: "a.k.a", Quality: "strong"}, {Name: "ABU SAIF", Type: "a.k.a", Quality: "weak"}},
		Countries:    []string{"YE"},
		DatesOfBirth: []string{"1971-03-12", "1972"},
		Identifiers:  []Identifier{{Type: "Passport", Number: "A1234567", Country: "YE"}},
		Addresses:    []string{"Sanaa, Yemen"}},
	{ID: "90002", Name: "GULF EXAMPLE SHIPPING LLC", Type: TypeEntity, Programs: []string{"IRAN", "SDGT"},
		Aliases:     []Alias{{Name: "GULF SAMPLE MARINE", Type: "f.k.a", Quality: "strong"}},
		Countries:   []string{"AE"},
		Identifiers: []Identifier{{Type: "Registration Number", Number: "1122334", Country: "AE"}},
		Addresses:   []string{"Office 12, Example Tower, Dubai, United Arab Emirates"}},
	{ID: "90003", Name: "EXAMPLE STAR", Type: TypeVessel, Programs: []string{"IRAN"}, Countries: []string{"PA"},
		Identifiers: []Identifier{{Type: "Vessel Registration Identification", Number: "IMO 9999999"}}},
}

var ignore = cmpopts.IgnoreFields(Entity{}, "Line", "Remarks", "ListedOn")

func TestReadOFACXML(t *testing.T) {
	l, err := ReadOFACXML(bytes.NewReader(mustRead(t, "sdn.xml")))
	if err != nil {
		t.Fatal(err)
	}
	if l.Published != "2026-10-28" || l.Declared != 3 || len(l.Errors) != 0 || l.Records != 3 || l.Title != TitleOFACSDN {
		t.Fatalf("list %+v", l)
	}
	want := clone(wantOFAC)
	want[0].Name = "Khalid Saif AL-EXAMPLE"
	if d := cmp.Diff(want, l.Entities, ignore); d != "" {
		t.Errorf("(-want +got)\n%s", d)
	}
	if l.Entities[0].Line != 7 {
		t.Errorf("first entry at line %d, want 7", l.Entities[0].Line)
	}
}

func clone(es []Entity) []Entity { return append([]Entity(nil), es...) }

func TestReadOFACCSV(t *testing.T) {
	archive := zipOf(t, map[string][]byte{"sdn.csv": mustRead(t, "sdn.csv"), "alt.csv": mustRead(t, "alt.csv"), "add.csv": mustRead(t, "add.csv"),
		"SDN_COMMENTS.CSV": []byte("90003,\"Former name EXAMPLE MOON.\"\r\n"), "readme.txt": []byte("ignored")})
	l, err := ReadOFACCSV(bytes.NewReader(archive))
	if err != nil {
		t.Fatal(err)
	}
	if l.Published != "" || len(l.Errors) != 0 || l.Records != 3 {
		t.Fatalf("list %+v", l)
	}
	want := clone(wantOFAC)
	want[0].Name = "AL-EXAMPLE, Khalid Saif"
	want[0].Aliases = []Alias{{Name: "AL-MITHAL, Khaled Seif", Type: "aka"}, {Name: "ABU SAIF", Type: "aka"}}
	want[1].Aliases = []Alias{{Name: "GULF SAMPLE MARINE", Type: "fka"}}
	want[1].Addresses = []string{"Office 12, Example Tower, Dubai, United Arab Emirates"}
	if d := cmp.Diff(want, l.Entities, ignore); d != "" {
		t.Errorf("(-want +got)\n%s", d)
	}
	if !strings.Contains(l.Entities[2].Remarks, "EXAMPLE MOON") {
		t.Errorf("sdn_comments.csv not appended: %q", l.Entities[2].Remarks)
	}

	// sdn.csv alone: names, no aliases or addresses.
	l, err = ReadOFACCSV(bytes.NewReader(mustRead(t, "sdn.csv")))
	if err != nil || len(l.Entities) != 3 || len(l.Entities[0].Aliases) != 0 {
		t.Fatalf("sdn.csv alone: %v %+v", err, l)
	}
}

func TestReadOFACCSVBadRows(t *testing.T) {
	sdn := "1,\"GOOD NAME\",-0- ,\"SDGT\",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- \n" +
		"2,\"TOO FEW FIELDS\"\n" +
		"3,-0- ,\"individual\",\"SDGT\",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- \n" +
		"1,\"SAME ID\",-0- ,\"SDGT\",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- \n" +
		"4,\"ODD TYPE\",\"spaceship\",\"SDGT\",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- \n"
	alt := "9,1,\"aka\",\"NOBODY\",-0- \n"
	l, err := ReadOFACCSV(bytes.NewReader(zipOf(t, map[string][]byte{"sdn.csv": []byte(sdn), "alt.csv": []byte(alt)})))
	if err != nil {
		t.Fatal(err)
	}
	got := map[int]string{}
	for _, e := range l.Errors {
		got[e.Line] += e.Field + ";"
	}
	want := map[int]string{2: "sdn.csv;", 3: "name;", 4: "ent_num;", 5: "type;", 1: "alt.csv ent_num;"}
	if d := cmp.Diff(want, got); d != "" || len(l.Entities) != 1 {
		t.Errorf("errors (-want +got)\n%s\n%+v", d, l.Errors)
	}
}

func TestReadUNXML(t *testing.T) {
	l, err := ReadUNXML(bytes.NewReader(mustRead(t, "un.xml")))
	if err != nil {
		t.Fatal(err)
	}
	if l.Published != "2026-10-30" || len(l.Errors) != 0 || l.Title != TitleUN {
		t.Fatalf("list %+v", l)
	}
	want := []Entity{
		{ID: "6900001", Reference: "QDi.999", Type: TypeIndividual, Name: "ABDUL RAHMAN MOHAMMED AL-SAMPLE", Programs: []string{"Al-Qaida"},
			Aliases: []Alias{{Name: "عبد الرحمن محمد العينة", Type: "original"}, {Name: "Abdulrahman al-Sample", Type: "alias", Quality: "strong"},
				{Name: "Abu Mohammed", Type: "alias", Quality: "weak"}},
			Countries: []string{"SA", "YE"}, DatesOfBirth: []string{"1968-02-14", "1966", "1967"},
			Identifiers: []Identifier{{Type: "Passport", Number: "B7654321", Country: "SA"}}, Addresses: []string{"Yemen"}, ListedOn: "2011-06-01"},
		{ID: "6900002", Reference: "QDe.999", Type: TypeEntity, Name: "SAMPLE RELIEF FOUNDATION", Programs: []string{"Al-Qaida"},
			Aliases:   []Alias{{Name: "Mu'assasat al-Mithal al-Khayriya", Type: "alias", Quality: "strong"}},
			Countries: []string{"PK"}, Addresses: []string{"Example Street 1, Karachi, Pakistan"}, ListedOn: "2012-03-05"},
	}
	if d := cmp.Diff(want, l.Entities, cmpopts.IgnoreFields(Entity{}, "Line", "Remarks")); d != "" {
		t.Errorf("(-want +got)\n%s", d)
	}
}

func TestReadFTM(t *testing.T) {
	data := string(mustRead(t, "entities.ftm.json")) + "not json\n{\"id\": \"\", \"schema\": \"Person\", \"properties\": {\"name\": [\"No Id\"]}}\n"
	l, err := ReadFTM(strings.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if l.Published != "2026-10-29" || len(l.Entities) != 2 {
		t.Fatalf("list %+v", l)
	}
	want := []dataset.RowError{{Line: 4, Message: l.Errors[0].Message}, {Line: 5, Field: "id", Message: "the record has no id"}}
	if d := cmp.Diff(want, l.Errors); d != "" || !strings.HasPrefix(l.Errors[0].Message, "not a JSON object") {
		t.Errorf("errors (-want +got)\n%s", d)
	}
	p := l.Entities[0]
	if p.Name != "Salim Hamad Al-Sample" || len(p.Aliases) != 2 || p.Countries[0] != "OM" || p.DatesOfBirth[0] != "1975-07-01" ||
		p.Identifiers[0] != (Identifier{Type: "Passport", Number: "OM998877"}) || p.Type != TypeIndividual || p.ListedOn != "2024-01-02" {
		t.Errorf("person %+v", p)
	}
	if c := l.Entities[1]; c.Type != TypeEntity || c.Countries[0] != "AE" || c.Identifiers[0].Number != "CN-12345" {
		t.Errorf("company %+v", c)
	}
}

func TestCheckLicense(t *testing.T) {
	for _, c := range []struct {
		format, license string
		ok              bool
	}{
		{FormatFTM, "OpenSanctions commercial licence, contract 2026-042", true},
		{FormatFTM, "CC BY-NC 4.0", false},
		{FormatFTM, "non-commercial use", false},
		{FormatFTM, "opensanctions", false},
		{FormatOFACXML, "public domain (17 U.S.C. 105)", true},
		{FormatEUXML, "EU FSF, reuse per Commission Decision 2011/833/EU", true},
		{FormatUKXML, "Open Government Licence v3.0", true},
	} {
		if err := CheckLicense(c.format, c.license); (err == nil) != c.ok {
			t.Errorf("CheckLicense(%q, %q) = %v", c.format, c.license, err)
		}
	}
}

func TestParseDates(t *testing.T) {
	for in, want := range map[string][]string{
		"12 Mar 1971": {"1971-03-12"}, "1972": {"1972"}, "circa 1960": {"1960"}, "Jan 1960": {"1960-01"}, "1955 to 1957": {"1955", "1956", "1957"},
		"1968-02-14": {"1968-02-14"}, "2026-10-30T19:00:04.463Z": {"2026-10-30"}, "12 MAR 1971": {"1971-03-12"}, "2026-10-30T19:00:04": {"2026-10-30"}, "unknown": nil, "": nil, "1900 to 2000": nil,
	} {
		if got := parseDates(in); !cmp.Equal(got, want, cmpopts.EquateEmpty()) {
			t.Errorf("parseDates(%q) = %v, want %v", in, got, want)
		}
	}
}

func TestDetectAndRead(t *testing.T) {
	for _, c := range []struct{ file, format string }{{"sdn.xml", FormatOFACXML}, {"un.xml", FormatUNXML}, {"entities.ftm.json", FormatFTM}, {"sdn.csv", FormatOFACCSV},
		{"eu.xml", FormatEUXML}, {"uk.xml", FormatUKXML}} {
		b := mustRead(t, c.file)
		if got := Detect(c.file, b); got != c.format {
			t.Errorf("Detect(%s) = %q", c.file, got)
		}
		if l, err := Read(c.format, bytes.NewReader(b)); err != nil || len(l.Entities) < 2 {
			t.Errorf("Read(%s): %v", c.file, err)
		}
	}
	if _, err := Read("pdf", nil); err == nil {
		t.Error("unknown format read")
	}
	for _, c := range []struct{ format, body string }{
		{FormatOFACXML, "<CONSOLIDATED_LIST/>"}, {FormatUNXML, "<sdnList/>"}, {FormatOFACXML, "<sdnList><sdnEntry><uid>1</uid>"}, {FormatUNXML, ""},
		{FormatOFACCSV, "PK\x03\x04garbage"},
		{FormatEUXML, "<Designations/>"}, {FormatUKXML, "<export/>"}, {FormatEUXML, "<export><sanctionEntity logicalId=\"1\">"},
		{FormatUKXML, "<html><body>Service unavailable</body></html>"},
	} {
		if _, err := Read(c.format, strings.NewReader(c.body)); err == nil {
			t.Errorf("Read(%s, %q) accepted", c.format, c.body)
		}
	}
}

// A NUL byte (0x00), which no text column stores: in a record of OFAC's
// CSV files or of a FollowTheMoney export (written \u0000) it makes that
// record bad, reported on its line; XML cannot hold one, so an XML file
// with one is refused whole; a file whose first line holds one is not
// text (UTF-16, a spreadsheet) and is refused whole, saying so.
func TestReadNUL(t *testing.T) {
	sdn := string(mustRead(t, "sdn.csv"))
	alt := string(mustRead(t, "alt.csv"))
	ftm := string(mustRead(t, "entities.ftm.json"))
	type result struct {
		ids  []string
		errs []string
	}
	for _, c := range []struct {
		name, format string
		data         []byte
		want         result
	}{
		{"ofac-csv: a name in sdn.csv", FormatOFACCSV, []byte(strings.Replace(sdn, "GULF EXAMPLE", "GULF\x00EXAMPLE", 1)),
			result{[]string{"90001", "90003"}, []string{"line 2: sdn.csv: field 2 " + dataset.NULByte}}},
		{"ofac-csv: an alias in alt.csv", FormatOFACCSV, zipOf(t, map[string][]byte{"sdn.csv": []byte(sdn), "alt.csv": []byte(strings.Replace(alt, "ABU SAIF", "ABU\x00SAIF", 1))}),
			result{[]string{"90001", "90002", "90003"}, []string{"line 2: alt.csv: field 4 " + dataset.NULByte}}},
		{"ftm: a name written \\u0000", FormatFTM, []byte(strings.Replace(ftm, `"name": ["Salim Hamad Al-Sample"]`, `"name": ["Salim\u0000Hamad"]`, 1)),
			result{[]string{"NK-sample2"}, []string{"line 1: name: " + dataset.NULByte}}},
		{"ftm: an alias written \\u0000", FormatFTM, []byte(strings.Replace(ftm, `"Salem Hamed Alsample"`, `"Salem\u0000"`, 1)),
			result{[]string{"NK-sample2"}, []string{"line 1: aliases: " + dataset.NULByte}}},
		{"ftm: a raw NUL byte after the first line", FormatFTM, []byte(strings.Replace(ftm, `"Muscat"]`, "\"Mus\x00cat\"]", 1)),
			result{[]string{"NK-sample1", "NK-sample2"}, []string{"line 2: " + dataset.NULByte}}},
		{"ftm: an unused property may hold one", FormatFTM, []byte(strings.Replace(ftm, `"topics": ["sanction"]`, `"topics": ["\u0000"]`, 1)),
			result{[]string{"NK-sample1", "NK-sample2"}, nil}},
	} {
		t.Run(c.name, func(t *testing.T) {
			l, err := Read(c.format, bytes.NewReader(c.data))
			if err != nil {
				t.Fatal(err)
			}
			var got result
			for _, e := range l.Entities {
				got.ids = append(got.ids, e.ID)
			}
			for _, e := range l.Errors {
				got.errs = append(got.errs, e.Error())
			}
			if d := cmp.Diff(c.want, got, cmp.AllowUnexported(result{})); d != "" {
				t.Errorf("(-want +got)\n%s", d)
			}
		})
	}
	utf16 := func(s string) []byte {
		b := []byte{0xff, 0xfe}
		for _, r := range s {
			b = append(b, byte(r), 0)
		}
		return b
	}
	notText := func(what string) string {
		return "line 1: the file holds NUL bytes (0x00), so it is not " + what + " text: is it a spreadsheet (.xlsx, .xls) or text saved as UTF-16? Save it as " + what + " in UTF-8"
	}
	for _, c := range []struct {
		name, format string
		data         []byte
		err          string
	}{
		{"ofac-csv: UTF-16", FormatOFACCSV, utf16(sdn), "sdn.csv " + notText("CSV")},
		{"ofac-csv: NULs", FormatOFACCSV, make([]byte, 2048), "sdn.csv " + notText("CSV")},
		{"ofac-csv: alt.csv in UTF-16", FormatOFACCSV, zipOf(t, map[string][]byte{"sdn.csv": []byte(sdn), "alt.csv": utf16(alt)}), "alt.csv " + notText("CSV")},
		{"ofac-xml: UTF-16", FormatOFACXML, utf16(string(mustRead(t, "sdn.xml"))), notText("XML")},
		{"un-xml: NULs", FormatUNXML, make([]byte, 2048), notText("XML")},
		{"ftm: UTF-16", FormatFTM, utf16(ftm), notText("JSON lines")},
		{"ofac-xml: a NUL byte in a name", FormatOFACXML, []byte(strings.Replace(string(mustRead(t, "sdn.xml")), "AL-EXAMPLE", "AL\x00EXAMPLE", 1)),
			"line 7: <sdnEntry>: XML syntax error on line 10: illegal character code U+0000: a NUL byte (0x00), which XML cannot hold: the file is damaged; download it again"},
		{"eu-xml: UTF-16", FormatEUXML, utf16(string(mustRead(t, "eu.xml"))), notText("XML")},
		{"uk-xml: a NUL byte in a name", FormatUKXML, []byte(strings.Replace(string(mustRead(t, "uk.xml")), "Salem", "Sa\x00lem", 1)),
			"illegal character code U+0000: a NUL byte (0x00), which XML cannot hold"},
		{"un-xml: &#0;", FormatUNXML, []byte(strings.Replace(string(mustRead(t, "un.xml")), "ABDUL", "ABDUL&#0;", 1)),
			"illegal character code U+0000: a NUL byte (0x00), which XML cannot hold"},
	} {
		if _, err := Read(c.format, bytes.NewReader(c.data)); err == nil || !strings.Contains(err.Error(), c.err) {
			t.Errorf("%s: %v, want %q", c.name, err, c.err)
		}
	}
}
