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
func ReadOFACXML(r io.Reader) (*List, error) { return Read(FormatOFACXML, r) }

func readOFACXML(r io.Reader, l *List) error {
	l.Title = TitleOFACSDN
	return walkXML(r, "sdnList", "an OFAC SDN XML file", nil, func(dec *xml.Decoder, st *xml.StartElement, line int) (bool, error) {
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
			return true, finish(l, &e)
		default:
			return false, nil
		}
		return true, nil
	})
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
		if err == errStop {
			return err
		}
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

// MaxOFACCSVEntries bounds the entries of OFAC's CSV files read at once:
// an entry's aliases and addresses are in other files (alt.csv, add.csv),
// so the reader holds every entry of sdn.csv until the last file is read.
// OFAC's SDN list has about 18,000 entries; the classic XML (ofac-xml),
// which states the same, is read entry by entry.
const MaxOFACCSVEntries = 100_000

// ReadOFACCSV reads OFAC's legacy CSV files: sdn.csv alone, or a ZIP
// archive holding sdn.csv (or cons_prim.csv) with alt.csv and add.csv
// (cons_alt.csv, cons_add.csv) and optionally sdn_comments.csv. The CSV
// files state no publication date: the version is the retrieval date. An
// archive is read in place when r is a file (an io.ReaderAt with a Size,
// as dataset.Spooled is), else read whole first.
func ReadOFACCSV(r io.Reader) (*List, error) { return Read(FormatOFACCSV, r) }

// sized is a file a ZIP archive can be read from in place.
type sized interface {
	io.ReaderAt
	Size() int64
}

func readOFACCSV(r io.Reader, l *List) error {
	l.Title = TitleOFACSDN
	br := bufio.NewReaderSize(r, 64<<10)
	head, _ := br.Peek(4)
	open := map[string]func() (io.ReadCloser, error){"sdn.csv": func() (io.ReadCloser, error) { return io.NopCloser(br), nil }}
	if bytes.HasPrefix(head, []byte("PK\x03\x04")) {
		var err error
		if open, err = unzip(br, r); err != nil {
			return err
		}
	}
	primName := "sdn.csv"
	if _, ok := open[primName]; !ok {
		if primName = "cons_prim.csv"; open[primName] == nil {
			return errors.New("the archive holds no sdn.csv (or cons_prim.csv): zip OFAC's sdn.csv, alt.csv and add.csv together")
		}
		l.Title = TitleOFACCons
	}
	byID := map[string]*Entity{}
	var order []string
	bad := func(e dataset.RowError) error {
		l.Records++
		return l.bad(e)
	}
	readFile := func(name, as string, fields int, row func(line int, f []string) error) error {
		rc, err := open[name]()
		if err != nil {
			return fmt.Errorf("%s: %v", name, err)
		}
		defer rc.Close()
		return readCSV(as, rc, fields, row, bad)
	}
	err := readFile(primName, "sdn.csv", 12, func(line int, f []string) error {
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
			return bad(dataset.RowError{Line: line, Field: "ent_num", Message: fmt.Sprintf("%q appears twice", e.ID)})
		}
		if e.ID == "" {
			return bad(dataset.RowError{Line: line, Field: "ent_num", Message: "empty"})
		}
		if len(order) == MaxOFACCSVEntries {
			return fmt.Errorf("sdn.csv has more than %d entries, which OFAC's CSV files (joined by id in memory) are not read beyond: import the list's XML (--format ofac-xml)", MaxOFACCSVEntries)
		}
		byID[e.ID] = e
		order = append(order, e.ID)
		return nil
	})
	if err != nil {
		return err
	}
	attach := func(name string, fields int, fn func(e *Entity, f []string)) error {
		file := name
		if open[file] == nil {
			file = strings.Replace(strings.Replace(name, "alt", "cons_alt", 1), "add", "cons_add", 1)
		}
		if open[file] == nil {
			return nil
		}
		return readFile(file, name, fields, func(line int, f []string) error {
			e := byID[clean(f[0])]
			if e == nil {
				return bad(dataset.RowError{Line: line, Field: name + " ent_num", Message: fmt.Sprintf("%q is no entry of sdn.csv", clean(f[0]))})
			}
			fn(e, f)
			return nil
		})
	}
	if err := attach("alt.csv", 5, func(e *Entity, f []string) {
		addAlias(e, Alias{Name: f[3], Type: strings.ToLower(strings.Trim(clean(f[2]), ".'\" "))})
	}); err != nil {
		return err
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
		return err
	}
	if open["sdn_comments.csv"] != nil {
		if err := readFile("sdn_comments.csv", "sdn_comments.csv", 2, func(line int, f []string) error {
			if e := byID[clean(f[0])]; e != nil {
				e.Remarks = clean(e.Remarks + " " + f[1])
			}
			return nil
		}); err != nil {
			return err
		}
	}
	for _, id := range order {
		e := byID[id]
		delete(byID, id)
		fromRemarks(e, e.Remarks)
		if err := finish(l, e); err != nil {
			return err
		}
	}
	return nil
}

// maxZipEntry bounds one CSV file of an archive.
const maxZipEntry = 1 << 30

// unzip opens the OFAC files of a ZIP archive: in place when src is a
// file (sized), else read whole from br first.
func unzip(br *bufio.Reader, src io.Reader) (map[string]func() (io.ReadCloser, error), error) {
	var ra io.ReaderAt
	var size int64
	if f, ok := src.(sized); ok {
		ra, size = f, f.Size()
	} else {
		data, err := io.ReadAll(br)
		if err != nil {
			return nil, err
		}
		ra, size = bytes.NewReader(data), int64(len(data))
	}
	zr, err := zip.NewReader(ra, size)
	if err != nil {
		return nil, fmt.Errorf("not a readable ZIP archive: %v", err)
	}
	out := map[string]func() (io.ReadCloser, error){}
	for _, f := range zr.File {
		name := strings.ToLower(path.Base(f.Name))
		switch name {
		case "sdn.csv", "alt.csv", "add.csv", "sdn_comments.csv", "cons_prim.csv", "cons_alt.csv", "cons_add.csv":
		default:
			continue
		}
		if f.UncompressedSize64 > maxZipEntry {
			return nil, fmt.Errorf("%s: larger than 1 GiB", f.Name)
		}
		out[name] = func() (io.ReadCloser, error) {
			rc, err := f.Open()
			if err != nil {
				return nil, err
			}
			return struct {
				io.Reader
				io.Closer
			}{io.LimitReader(rc, maxZipEntry), rc}, nil
		}
	}
	return out, nil
}

// readCSV reads one of OFAC's header-less CSV files: each record must
// have fields fields; the end-of-file mark (Ctrl-Z) and blank lines are
// skipped; a record with another count, or with a NUL byte in a field,
// is a bad record (bad). A NUL byte in the first line means the file is
// not text (UTF-16, a spreadsheet): an error, as is row's.
func readCSV(name string, r io.Reader, fields int, row func(line int, f []string) error, bad func(dataset.RowError) error) error {
	br := bufio.NewReaderSize(r, 64<<10)
	head, _ := br.Peek(512)
	if err := dataset.CheckText(head, "CSV"); err != nil {
		return fmt.Errorf("%s %w", name, err)
	}
	cr := csv.NewReader(br)
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
			if err := bad(dataset.RowError{Line: line, Field: name, Message: fmt.Sprintf("%d fields, want %d", len(rec), fields)}); err != nil {
				return err
			}
			continue
		}
		if i := slices.IndexFunc(rec, dataset.HasNUL); i >= 0 {
			if err := bad(dataset.RowError{Line: line, Field: name, Message: fmt.Sprintf("field %d %s", i+1, dataset.NULByte)}); err != nil {
				return err
			}
			continue
		}
		if err := row(line, rec); err != nil {
			return err
		}
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
