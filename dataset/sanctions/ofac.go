package sanctions

import (
	"archive/zip"
	"bufio"
	"bytes"
	"encoding/csv"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"path"
	"regexp"
	"slices"
	"strings"
	"time"

	"dalil/dataset"
)

// OFAC's classic sdn.xml (and consolidated.xml), read entry by entry.
type ofacPublish struct {
	Date  string `xml:"Publish_Date"`
	Count int    `xml:"Record_Count"`
}

type ofacName struct {
	First string `xml:"firstName"`
	Last  string `xml:"lastName"`
}

func (n ofacName) full() string { return clean(clean(n.First) + " " + clean(n.Last)) }

type ofacEntry struct {
	UID string `xml:"uid"`
	ofacName
	Title    string   `xml:"title"`
	Type     string   `xml:"sdnType"`
	Remarks  string   `xml:"remarks"`
	Programs []string `xml:"programList>program"`
	IDs      []struct {
		Type    string `xml:"idType"`
		Number  string `xml:"idNumber"`
		Country string `xml:"idCountry"`
	} `xml:"idList>id"`
	Akas []struct {
		Type     string `xml:"type"`
		Category string `xml:"category"`
		ofacName
	} `xml:"akaList>aka"`
	Addresses []struct {
		Address1 string `xml:"address1"`
		Address2 string `xml:"address2"`
		Address3 string `xml:"address3"`
		City     string `xml:"city"`
		State    string `xml:"stateOrProvince"`
		Postal   string `xml:"postalCode"`
		Country  string `xml:"country"`
	} `xml:"addressList>address"`
	Nationalities []string `xml:"nationalityList>nationality>country"`
	Citizenships  []string `xml:"citizenshipList>citizenship>country"`
	DOBs          []string `xml:"dateOfBirthList>dateOfBirthItem>dateOfBirth"`
	Vessel        struct {
		Flag string `xml:"vesselFlag"`
	} `xml:"vesselInfo"`
}

// OFAC titles.
const (
	TitleOFACSDN  = "OFAC Specially Designated Nationals and Blocked Persons List"
	TitleOFACCons = "OFAC Consolidated Sanctions List (non-SDN)"
	TitleUN       = "UN Security Council Consolidated List"
	TitleFTM      = "OpenSanctions (FollowTheMoney export)"
)

// ReadOFACXML reads OFAC's sdn.xml (or consolidated.xml). The version is
// publshInformation/Publish_Date (MM/DD/YYYY, given as YYYY-MM-DD).
func ReadOFACXML(r io.Reader) (*List, error) {
	l := &List{Format: FormatOFACXML, Title: TitleOFACSDN}
	seen := map[string]int{}
	err := walkXML(r, "sdnList", "an OFAC SDN XML file", nil, func(dec *xml.Decoder, st *xml.StartElement, line int) (bool, error) {
		switch st.Name.Local {
		case "publshInformation", "publishInformation":
			var p ofacPublish
			if err := dec.DecodeElement(&p, st); err != nil {
				return true, err
			}
			l.Declared = p.Count
			l.Published = clean(p.Date)
			if t, err := time.Parse("01/02/2006", l.Published); err == nil {
				l.Published = t.Format("2006-01-02")
			}
		case "sdnEntry":
			var x ofacEntry
			if err := dec.DecodeElement(&x, st); err != nil {
				return true, err
			}
			e := x.entity(line)
			finish(l, &e, seen)
		default:
			return false, nil
		}
		return true, nil
	})
	if err != nil {
		return nil, err
	}
	return l, nil
}

// walkXML reads an XML document whose root element is root (what names
// the file in errors; onRoot, if set, sees the root's start tag). Each
// element below it goes to handle with the line it starts at: handle
// decodes it and returns true, or returns false to have it skipped
// (descend lists the containers read into instead). XML cannot hold a NUL
// byte: one in the first line means the file is not XML text at all
// (dataset.CheckText), one further on makes the file not well-formed.
func walkXML(r io.Reader, root, what string, onRoot func(xml.StartElement), handle func(dec *xml.Decoder, st *xml.StartElement, line int) (bool, error), descend ...string) error {
	br := bufio.NewReaderSize(r, 64<<10)
	head, _ := br.Peek(512)
	if err := dataset.CheckText(head, "XML"); err != nil {
		return err
	}
	dec := xml.NewDecoder(br)
	seenRoot := false
	for {
		line, _ := dec.InputPos()
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return fmt.Errorf("line %d: not well-formed XML: %v", line, nulHint(err))
		}
		st, ok := tok.(xml.StartElement)
		if !ok {
			continue
		}
		if !seenRoot {
			if st.Name.Local != root {
				return fmt.Errorf("not %s: the root element is <%s>, not <%s>", what, st.Name.Local, root)
			}
			seenRoot = true
			if onRoot != nil {
				onRoot(st)
			}
			continue
		}
		if slices.Contains(descend, st.Name.Local) {
			continue
		}
		at, _ := dec.InputPos()
		done, err := handle(dec, &st, at)
		if err != nil {
			return fmt.Errorf("line %d: <%s>: %v", at, st.Name.Local, nulHint(err))
		}
		if !done {
			if err := dec.Skip(); err != nil {
				return fmt.Errorf("line %d: <%s>: %v", line, st.Name.Local, nulHint(err))
			}
		}
	}
	if !seenRoot {
		return fmt.Errorf("not %s: no <%s> element", what, root)
	}
	return nil
}

// nulHint adds to an XML error for a NUL byte what it most likely means:
// XML cannot hold one (not even as &#0;), so the file is refused whole.
func nulHint(err error) error {
	var se *xml.SyntaxError
	if errors.As(err, &se) && strings.HasSuffix(se.Msg, "U+0000") {
		return fmt.Errorf("%w: a NUL byte (0x00), which XML cannot hold: the file is damaged; download it again", err)
	}
	return err
}

func (x *ofacEntry) entity(line int) Entity {
	e := Entity{ID: clean(x.UID), Type: normType(x.Type), Name: x.full(), Remarks: clean(x.Remarks), Line: line}
	for _, p := range x.Programs {
		if p = clean(p); p != "" {
			e.Programs = append(e.Programs, p)
		}
	}
	for _, a := range x.Akas {
		q := strings.ToLower(clean(a.Category))
		addAlias(&e, Alias{Name: a.full(), Type: strings.ToLower(strings.Trim(clean(a.Type), ".")), Quality: q})
	}
	for _, id := range x.IDs {
		addIdentifier(&e, Identifier{Type: id.Type, Number: id.Number, Country: id.Country})
	}
	for _, a := range x.Addresses {
		parts := []string{}
		for _, p := range []string{a.Address1, a.Address2, a.Address3, a.City, a.State, a.Postal, a.Country} {
			if p = clean(p); p != "" {
				parts = append(parts, p)
			}
		}
		if len(parts) > 0 {
			e.Addresses = append(e.Addresses, strings.Join(parts, ", "))
		}
		addCountry(&e, a.Country)
	}
	for _, c := range append(x.Nationalities, x.Citizenships...) {
		addCountry(&e, c)
	}
	addCountry(&e, x.Vessel.Flag)
	for _, d := range x.DOBs {
		addDOB(&e, d)
	}
	fromRemarks(&e, e.Remarks)
	return e
}

// ReadOFACCSV reads OFAC's legacy CSV files: sdn.csv alone, or a ZIP
// archive holding sdn.csv (or cons_prim.csv) with alt.csv and add.csv
// (cons_alt.csv, cons_add.csv) and optionally sdn_comments.csv. The CSV
// files state no publication date: the version is the retrieval date.
func ReadOFACCSV(r io.Reader) (*List, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	files := map[string][]byte{"sdn.csv": data}
	if bytes.HasPrefix(data, []byte("PK\x03\x04")) {
		files, err = unzip(data)
		if err != nil {
			return nil, err
		}
	}
	l := &List{Format: FormatOFACCSV, Title: TitleOFACSDN}
	prim, ok := files["sdn.csv"]
	if !ok {
		if prim, ok = files["cons_prim.csv"]; !ok {
			return nil, errors.New("the archive holds no sdn.csv (or cons_prim.csv): zip OFAC's sdn.csv, alt.csv and add.csv together")
		}
		l.Title = TitleOFACCons
	}
	byID := map[string]*Entity{}
	var order []string
	var bad []dataset.RowError
	err = readCSV("sdn.csv", prim, 12, func(line int, f []string) {
		e := &Entity{ID: clean(f[0]), Name: clean(f[1]), Type: normType(f[2]), Remarks: clean(f[11]), Line: line}
		if clean(f[2]) == "" {
			e.Type = TypeEntity
		}
		for _, p := range strings.Split(clean(f[3]), "] [") {
			if p = strings.Trim(p, "[] "); p != "" {
				e.Programs = append(e.Programs, p)
			}
		}
		addCountry(e, f[9]) // vessel flag
		if _, dup := byID[e.ID]; dup && e.ID != "" {
			bad = append(bad, dataset.RowError{Line: line, Field: "ent_num", Message: fmt.Sprintf("%q appears twice", e.ID)})
			return
		}
		if e.ID != "" {
			byID[e.ID] = e
			order = append(order, e.ID)
			return
		}
		bad = append(bad, dataset.RowError{Line: line, Field: "ent_num", Message: "empty"})
	}, &bad)
	if err != nil {
		return nil, err
	}
	attach := func(name string, fields int, fn func(e *Entity, f []string)) error {
		data, ok := files[name]
		if !ok {
			data, ok = files[strings.Replace(strings.Replace(name, "alt", "cons_alt", 1), "add", "cons_add", 1)]
		}
		if !ok {
			return nil
		}
		return readCSV(name, data, fields, func(line int, f []string) {
			e := byID[clean(f[0])]
			if e == nil {
				bad = append(bad, dataset.RowError{Line: line, Field: name + " ent_num", Message: fmt.Sprintf("%q is no entry of sdn.csv", clean(f[0]))})
				return
			}
			fn(e, f)
		}, &bad)
	}
	if err := attach("alt.csv", 5, func(e *Entity, f []string) {
		addAlias(e, Alias{Name: f[3], Type: strings.ToLower(strings.Trim(clean(f[2]), ".'\" "))})
	}); err != nil {
		return nil, err
	}
	if err := attach("add.csv", 6, func(e *Entity, f []string) {
		parts := []string{}
		for _, p := range []string{f[2], f[3], f[4]} {
			if p = clean(p); p != "" {
				parts = append(parts, p)
			}
		}
		if len(parts) > 0 {
			e.Addresses = append(e.Addresses, strings.Join(parts, ", "))
		}
		addCountry(e, f[4])
	}); err != nil {
		return nil, err
	}
	if c, ok := files["sdn_comments.csv"]; ok {
		if err := readCSV("sdn_comments.csv", c, 2, func(line int, f []string) {
			if e := byID[clean(f[0])]; e != nil {
				e.Remarks = clean(e.Remarks + " " + f[1])
			}
		}, &bad); err != nil {
			return nil, err
		}
	}
	seen := map[string]int{}
	for _, id := range order {
		e := byID[id]
		fromRemarks(e, e.Remarks)
		finish(l, e, seen)
	}
	l.Errors = append(l.Errors, bad...)
	l.Records += len(bad)
	return l, nil
}

func unzip(data []byte) (map[string][]byte, error) {
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return nil, fmt.Errorf("not a readable ZIP archive: %v", err)
	}
	out := map[string][]byte{}
	for _, f := range zr.File {
		name := strings.ToLower(path.Base(f.Name))
		switch name {
		case "sdn.csv", "alt.csv", "add.csv", "sdn_comments.csv", "cons_prim.csv", "cons_alt.csv", "cons_add.csv":
		default:
			continue
		}
		if f.UncompressedSize64 > 1<<30 {
			return nil, fmt.Errorf("%s: larger than 1 GiB", f.Name)
		}
		rc, err := f.Open()
		if err != nil {
			return nil, fmt.Errorf("%s: %v", f.Name, err)
		}
		b, err := io.ReadAll(io.LimitReader(rc, 1<<30))
		rc.Close()
		if err != nil {
			return nil, fmt.Errorf("%s: %v", f.Name, err)
		}
		out[name] = b
	}
	return out, nil
}

// readCSV reads one of OFAC's header-less CSV files: each record must
// have fields fields; the end-of-file mark (Ctrl-Z) and blank lines are
// skipped; a record with another count, or with a NUL byte in a field,
// is a row error. A NUL byte in the first line means the file is not
// text (UTF-16, a spreadsheet): an error.
func readCSV(name string, data []byte, fields int, row func(line int, f []string), bad *[]dataset.RowError) error {
	if err := dataset.CheckText(data[:min(len(data), 512)], "CSV"); err != nil {
		return fmt.Errorf("%s %w", name, err)
	}
	cr := csv.NewReader(bytes.NewReader(data))
	cr.FieldsPerRecord = -1
	cr.LazyQuotes = true
	for {
		rec, err := cr.Read()
		if err == io.EOF {
			return nil
		}
		line, _ := cr.FieldPos(0)
		if err != nil {
			var pe *csv.ParseError
			if errors.As(err, &pe) {
				return fmt.Errorf("%s line %d: %v", name, pe.StartLine, pe.Err)
			}
			return fmt.Errorf("%s: %v", name, err)
		}
		if len(rec) == 1 && strings.Trim(rec[0], "\x1a \t\r") == "" {
			continue
		}
		if len(rec) != fields {
			*bad = append(*bad, dataset.RowError{Line: line, Field: name, Message: fmt.Sprintf("%d fields, want %d", len(rec), fields)})
			continue
		}
		if i := slices.IndexFunc(rec, dataset.HasNUL); i >= 0 {
			*bad = append(*bad, dataset.RowError{Line: line, Field: name, Message: fmt.Sprintf("field %d %s", i+1, dataset.NULByte)})
			continue
		}
		row(line, rec)
	}
}

// Remarks: OFAC states dates of birth, nationalities and identifiers in
// the remarks of the CSV files ("DOB 19 Jun 1951; nationality Egypt;
// Passport 1084010 (Egypt)"); the XML has them as elements too (read
// both; duplicates are dropped).
var reRemarkID = regexp.MustCompile(`^([A-Za-z .'/&-]*?(?:Passport|No\.|Number|ID|#|IMO|LEI|SWIFT/BIC|Code|License|Licence))\s+([A-Za-z0-9][A-Za-z0-9/.-]*(?:\s[0-9][A-Za-z0-9/.-]*)*)\s*(?:\(([^()]*)\))?(?:\s.*)?$`)

func fromRemarks(e *Entity, remarks string) {
	for _, seg := range strings.Split(remarks, ";") {
		seg = strings.TrimSuffix(strings.TrimSpace(seg), ".")
		seg = strings.TrimPrefix(seg, "alt. ")
		low := strings.ToLower(seg)
		switch {
		case strings.HasPrefix(low, "dob "):
			addDOB(e, seg[4:])
		case strings.HasPrefix(low, "nationality "):
			addCountry(e, seg[len("nationality "):])
		case strings.HasPrefix(low, "citizen "):
			addCountry(e, seg[len("citizen "):])
		case strings.HasPrefix(low, "pob "), strings.HasPrefix(low, "a.k.a"), strings.HasPrefix(low, "f.k.a"), strings.HasPrefix(low, "linked to"),
			strings.HasPrefix(low, "website"), strings.HasPrefix(low, "email"), strings.HasPrefix(low, "phone"), strings.HasPrefix(low, "additional sanctions"),
			strings.HasPrefix(low, "gender"), strings.HasPrefix(low, "organization established date"), strings.HasPrefix(low, "secondary sanctions"):
		default:
			if m := reRemarkID.FindStringSubmatch(seg); m != nil {
				typ, num := strings.TrimSpace(m[1]), strings.TrimRight(m[2], ".,")
				// "Vessel Registration Identification IMO 9999999" is the
				// XML's type "Vessel Registration Identification", number
				// "IMO 9999999".
				if t, ok := strings.CutSuffix(typ, " IMO"); ok {
					typ, num = t, "IMO "+num
				}
				addIdentifier(e, Identifier{Type: typ, Number: num, Country: m[3]})
			}
		}
	}
}
