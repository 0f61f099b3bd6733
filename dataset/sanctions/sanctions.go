// Package sanctions reads the official sanctions lists an operator
// downloads and imports (issue 16):
//
//   - "ofac-xml": the US Treasury OFAC SDN list as sdn.xml (the classic
//     XML publication, root sdnList with publshInformation; the
//     Consolidated Non-SDN list consolidated.xml has the same schema). The
//     Advanced Sanctions List Standard files (sdn_advanced.xml) are not
//     read: the classic file states the same names, aliases, dates of
//     birth, identifiers and countries.
//   - "ofac-csv": the legacy CSV files: sdn.csv alone (names only), or a
//     ZIP archive of sdn.csv with alt.csv (aliases) and add.csv
//     (addresses), and optionally sdn_comments.csv (remarks overflow); the
//     Consolidated list's cons_prim.csv, cons_alt.csv, cons_add.csv are
//     read the same way. No header row, "-0-" is null.
//   - "un-xml": the UN Security Council Consolidated List XML (root
//     CONSOLIDATED_LIST, INDIVIDUALS and ENTITIES).
//   - "eu-xml": the EU Financial Sanctions Files (FSF) consolidated list,
//     XML version 1.1 (root export, one sanctionEntity per listing).
//   - "uk-xml": the UK Sanctions List published by the FCDO
//     (UK-Sanctions-List.xml: root Designations, one Designation per
//     listing), the only official UK list since 28 January 2026.
//   - "ftm": OpenSanctions' FollowTheMoney JSON lines export (one entity a
//     line), accepted only under a commercial licence (CheckLicense).
//
// Each reader returns a List: the entities with their names, aliases,
// countries, dates of birth and identifiers, the publication date the
// file states (the list's version) and every bad record with its line.
package sanctions

import (
	"errors"
	"fmt"
	"io"
	"regexp"
	"slices"
	"strings"
	"time"
	"unicode"

	"dalil/dataset"
	"dalil/internal/evidence"
)

// Formats, as `dalil sanctions import --format` names them.
const (
	FormatOFACXML = "ofac-xml"
	FormatOFACCSV = "ofac-csv"
	FormatUNXML   = "un-xml"
	FormatEUXML   = "eu-xml"
	FormatUKXML   = "uk-xml"
	FormatFTM     = "ftm"
)

// Formats lists every format, the default first.
var Formats = []string{FormatOFACXML, FormatOFACCSV, FormatUNXML, FormatFTM, FormatEUXML, FormatUKXML}

// Entity types.
const (
	TypeIndividual = "individual"
	TypeEntity     = "entity"
	TypeVessel     = "vessel"
	TypeAircraft   = "aircraft"
)

// Entity is one listed party.
type Entity struct {
	// ID is the entity's id on its list (OFAC uid / ent_num, UN DATAID,
	// EU logicalId, UK Unique ID, OpenSanctions id); unique within a list.
	ID string `json:"id"`
	// Reference is the list's human reference (UN "QDi.001", EU
	// "EU.27.28"), if any.
	Reference string `json:"reference,omitempty"`
	Type      string `json:"type"` // individual, entity, vessel or aircraft
	// Name is the primary name as the list writes it.
	Name    string  `json:"name"`
	Aliases []Alias `json:"aliases,omitempty"`
	// Programs are the sanctions programmes or regimes (SDGT, IRAN, ISIL
	// (Da'esh) and Al-Qaida, ...).
	Programs []string `json:"programs,omitempty"`
	// Countries are ISO 3166-1 alpha-2 codes of the nationalities,
	// citizenships, addresses and registrations the list states.
	Countries []string `json:"countries,omitempty"`
	// DatesOfBirth (or of registration, for entities where the list
	// gives it) as YYYY, YYYY-MM or YYYY-MM-DD.
	DatesOfBirth []string     `json:"datesOfBirth,omitempty"`
	Identifiers  []Identifier `json:"identifiers,omitempty"`
	Addresses    []string     `json:"addresses,omitempty"`
	ListedOn     string       `json:"listedOn,omitempty"` // YYYY-MM-DD
	Remarks      string       `json:"remarks,omitempty"`
	// Line is where the entity starts in the file.
	Line int `json:"-"`
}

// Alias is another name of an entity.
type Alias struct {
	Name string `json:"name"`
	// Type: aka, fka, nka (OFAC), alias (UN, EU, UK, OpenSanctions),
	// variation (UK: a spelling variation of the primary name), original
	// (the name in its original script), previous, weak.
	Type string `json:"type,omitempty"`
	// Quality: strong or weak (OFAC category, UN and UK Good / Low
	// quality, EU strong="true|false").
	Quality string `json:"quality,omitempty"`
}

// Identifier is a document or registration number.
type Identifier struct {
	Type    string `json:"type"` // Passport, National ID No., Registration Number, ...
	Number  string `json:"number"`
	Country string `json:"country,omitempty"` // ISO-2 when known
}

// List is one list file read.
type List struct {
	Format string
	// Title names the list ("OFAC Specially Designated Nationals List").
	Title string
	// Published is the publication date the file states (YYYY-MM-DD, or
	// the date and time as written), "" when it states none.
	Published string
	// Declared is the record count the file states, 0 when none.
	Declared int
	// Entities are the good records (Read only: Scan hands them over one
	// by one).
	Entities []Entity
	// Errors are the problems of the bad records (not in Entities), the
	// first dataset.MaxReportedErrors found.
	Errors []dataset.RowError
	// Records counts every record read, good or bad; Bad the bad ones.
	Records, Bad int

	// each, when set (Scan), receives each good entity instead of
	// Entities; stopped is its error, which ends the read.
	each    func(*Entity) error
	stopped error
	// ids are the good records' ids, to find one given twice.
	ids dataset.IDs
}

// readers are the formats' readers: each fills in l, handing its good
// entities to finish.
var readers = map[string]func(r io.Reader, l *List) error{
	FormatOFACXML: readOFACXML, FormatOFACCSV: readOFACCSV, FormatUNXML: readUNXML,
	FormatFTM: readFTM, FormatEUXML: readEUXML, FormatUKXML: readUKXML,
}

// Read reads r in format and holds its entities in List.Entities. An
// import streams with Scan instead.
func Read(format string, r io.Reader) (*List, error) {
	return Scan(format, r, nil)
}

// Scan reads r in format as Read does but holds no entity: it calls each
// (nil: keep them in Entities) for every record as it is read, with the
// entity when it is good, with nil when it is bad, and
// keeps only the counts, the first dataset.MaxReportedErrors problems and
// the ids seen (to find one given twice). An error from each stops the
// read and is returned as it is. The OFAC CSV files are the exception:
// their reader joins three files by id, so it holds the entries (at most
// MaxOFACCSVEntries) until the last file is read.
func Scan(format string, r io.Reader, each func(*Entity) error) (*List, error) {
	read, ok := readers[format]
	if !ok {
		return nil, fmt.Errorf("unknown sanctions list format %q: use one of %s", format, strings.Join(Formats, ", "))
	}
	l := &List{Format: format, each: each}
	err := read(r, l)
	l.ids = dataset.IDs{} // needed while reading only: the List may outlive the read
	if l.stopped != nil {
		return nil, l.stopped
	}
	if err != nil {
		return nil, err
	}
	return l, nil
}

// errStop is what a reader's loop returns once each's error stopped the
// read (the error itself is List.stopped).
var errStop = errors.New("sanctions: stopped")

// bad records one bad record and its problems, and tells each (with
// nil); the error is errStop once each failed.
func (l *List) bad(errs ...dataset.RowError) error {
	l.Bad++
	for _, e := range errs {
		if len(l.Errors) < dataset.MaxReportedErrors {
			l.Errors = append(l.Errors, e)
		}
	}
	return l.tell(nil)
}

// tell hands e (nil: a bad record) to each, if any; the error is errStop
// once each failed.
func (l *List) tell(e *Entity) error {
	if l.each == nil || l.stopped != nil {
		return nil
	}
	if err := l.each(e); err != nil {
		l.stopped = err
		return errStop
	}
	return nil
}

// Detect guesses a file's format from its name and first bytes; "" when
// it cannot tell.
func Detect(filename string, head []byte) string {
	h := string(head[:min(len(head), 4096)])
	switch {
	case strings.HasPrefix(h, "PK\x03\x04"):
		return FormatOFACCSV
	case strings.Contains(h, "<sdnList"):
		return FormatOFACXML
	case strings.Contains(h, "<CONSOLIDATED_LIST"):
		return FormatUNXML
	case strings.Contains(h, "http://eu.europa.ec/fpi/fsd/export") || strings.Contains(h, "<export") && strings.Contains(h, "<sanctionEntity"):
		return FormatEUXML
	case strings.Contains(h, "<Designations"):
		return FormatUKXML
	case strings.HasPrefix(strings.TrimSpace(h), "{") && strings.Contains(h, `"schema"`):
		return FormatFTM
	}
	name := strings.ToLower(filename)
	switch {
	case strings.HasSuffix(name, ".csv"):
		return FormatOFACCSV
	case strings.HasSuffix(name, ".jsonl") || strings.HasSuffix(name, ".json"):
		return FormatFTM
	}
	return ""
}

// CheckLicense refuses an OpenSanctions import whose licence text does
// not state a commercial licence: OpenSanctions publishes its data under
// CC BY-NC 4.0 (non-commercial use), and Dalil sells its answers. The
// official lists need nothing: OFAC's and the UN's are public, the EU's
// is reusable with acknowledgement (Commission Decision 2011/833/EU) and
// the UK's is under the Open Government Licence v3.0.
func CheckLicense(format, license string) error {
	if format != FormatFTM {
		return nil
	}
	l := strings.ToLower(license)
	nonCommercial := strings.Contains(l, "non-commercial") || strings.Contains(l, "noncommercial") || strings.Contains(l, "non commercial") ||
		strings.Contains(l, "by-nc") || strings.Contains(l, "by nc")
	if !strings.Contains(l, "commercial") || nonCommercial {
		return fmt.Errorf("OpenSanctions data (format ftm) is published under CC BY-NC 4.0, for non-commercial use only, and Dalil sells its answers: " +
			"import it only under a commercial licence from OpenSanctions, and state it in --license (for example --license \"OpenSanctions commercial licence, contract 2026-042\"). Nothing was imported")
	}
	return nil
}

// --- shared helpers for the readers ---

func clean(s string) string {
	s = strings.TrimSpace(s)
	if s == "-0-" {
		return ""
	}
	return strings.Join(strings.FieldsFunc(s, unicode.IsSpace), " ")
}

// country returns the ISO-2 code of a country name or code, or "".
func country(s string) string {
	s = clean(s)
	if s == "" {
		return ""
	}
	if c, ok := evidence.NormalizeCountry(s); ok {
		return c
	}
	// "Iran (Islamic Republic of)", "Syrian Arab Republic".
	if i := strings.IndexAny(s, "(,"); i > 0 {
		if c, ok := evidence.NormalizeCountry(s[:i]); ok {
			return c
		}
	}
	if cs := evidence.CountriesMentioned(s); len(cs) == 1 {
		return cs[0]
	}
	return ""
}

func addCountry(e *Entity, name string) {
	if c := country(name); c != "" && !slices.Contains(e.Countries, c) {
		e.Countries = append(e.Countries, c)
	}
}

func addDOB(e *Entity, raw string) {
	for _, d := range parseDates(raw) {
		if !slices.Contains(e.DatesOfBirth, d) {
			e.DatesOfBirth = append(e.DatesOfBirth, d)
		}
	}
}

func addAlias(e *Entity, a Alias) {
	a.Name = clean(a.Name)
	if a.Name == "" || strings.EqualFold(a.Name, e.Name) {
		return
	}
	for _, b := range e.Aliases {
		if strings.EqualFold(b.Name, a.Name) {
			return
		}
	}
	e.Aliases = append(e.Aliases, a)
}

func addIdentifier(e *Entity, id Identifier) {
	id.Type, id.Number = clean(id.Type), clean(id.Number)
	if id.Number == "" {
		return
	}
	if id.Type == "" {
		id.Type = "Identifier"
	}
	if c := country(id.Country); c != "" {
		id.Country = c
	} else {
		id.Country = ""
	}
	if !slices.Contains(e.Identifiers, id) {
		e.Identifiers = append(e.Identifiers, id)
	}
}

var (
	reYear      = regexp.MustCompile(`^\d{4}$`)
	reYearRange = regexp.MustCompile(`^(\d{4})\s*(?:to|-|–)\s*(\d{4})$`)
)

// dateLayouts are how the lists write dates.
var dateLayouts = []struct{ layout, out string }{
	{"2006-01-02", "2006-01-02"}, {"02 Jan 2006", "2006-01-02"}, {"2 Jan 2006", "2006-01-02"}, {"01/02/2006", "2006-01-02"},
	{"02 January 2006", "2006-01-02"}, {"2 January 2006", "2006-01-02"}, {"Jan 2006", "2006-01"}, {"January 2006", "2006-01"},
	{"2006-01", "2006-01"}, {"2006-01-02T15:04:05", "2006-01-02"}, {time.RFC3339Nano, "2006-01-02"}, {"2006-01-02T15:04:05.999999999", "2006-01-02"},
}

// parseDates reads a date as the lists write it ("12 Jan 1960", "1960",
// "circa 1960", "Jan 1960", "1955 to 1957", "1960-01-12") into YYYY,
// YYYY-MM or YYYY-MM-DD; a range gives each year. Unreadable → none.
func parseDates(raw string) []string {
	s := clean(raw)
	for _, p := range []string{"circa ", "approximately ", "approx. ", "ca. ", "about "} {
		if len(s) >= len(p) && strings.EqualFold(s[:len(p)], p) {
			s = strings.TrimSpace(s[len(p):])
		}
	}
	if s == "" {
		return nil
	}
	if reYear.MatchString(s) {
		return []string{s}
	}
	if m := reYearRange.FindStringSubmatch(strings.ToLower(s)); m != nil {
		var out []string
		var a, b int
		fmt.Sscan(m[1], &a)
		fmt.Sscan(m[2], &b)
		if b >= a && b-a <= 10 {
			for y := a; y <= b; y++ {
				out = append(out, fmt.Sprintf("%04d", y))
			}
		}
		return out
	}
	s = titleWords(s)
	for _, l := range dateLayouts {
		if t, err := time.Parse(l.layout, s); err == nil {
			return []string{t.Format(l.out)}
		}
	}
	return nil
}

// titleWords writes month names as time.Parse reads them ("12 MAR
// 1971" → "12 Mar 1971").
func titleWords(s string) string {
	ws := strings.Split(s, " ")
	for i, w := range ws {
		if len(w) > 1 && unicode.IsLetter(rune(w[0])) {
			ws[i] = strings.ToUpper(w[:1]) + strings.ToLower(w[1:])
		}
	}
	return strings.Join(ws, " ")
}

// normType maps the lists' type words to the four types.
func normType(s string) string {
	switch strings.ToLower(clean(s)) {
	case "individual", "person":
		return TypeIndividual
	case "entity", "organization", "company", "legalentity", "publicbody", "enterprise", "":
		return TypeEntity
	case "vessel", "ship":
		return TypeVessel
	case "aircraft", "airplane":
		return TypeAircraft
	}
	return ""
}

// finish validates an entity and keeps it, or hands it to each; its
// problems are row errors. The error is errStop once each failed.
func finish(l *List, e *Entity) error {
	l.Records++
	var errs []dataset.RowError
	if e.ID == "" {
		errs = append(errs, dataset.RowError{Line: e.Line, Field: "id", Message: "the record has no id"})
	}
	if e.Name == "" {
		errs = append(errs, dataset.RowError{Line: e.Line, Field: "name", Message: "the record has no name"})
	}
	if e.Type == "" {
		errs = append(errs, dataset.RowError{Line: e.Line, Field: "type", Message: "unknown entity type"})
	}
	if f := nulField(e); f != "" {
		errs = append(errs, dataset.RowError{Line: e.Line, Field: f, Message: dataset.NULByte})
	}
	if prev := l.ids.Line(e.ID); prev != 0 && e.ID != "" {
		errs = append(errs, dataset.RowError{Line: e.Line, Field: "id", Message: fmt.Sprintf("%q is also the id of the record at line %d", e.ID, prev)})
	}
	if len(errs) > 0 {
		return l.bad(errs...)
	}
	l.ids.See(e.ID, e.Line)
	slices.Sort(e.Countries)
	if l.each == nil {
		l.Entities = append(l.Entities, *e)
		return nil
	}
	return l.tell(e)
}

// nulField names the first of e's texts that holds a NUL byte (0x00),
// which no text column stores, or "" when none does. XML cannot hold one
// (the file is refused); OFAC's CSV files and FollowTheMoney's JSON
// (written \u0000) can.
func nulField(e *Entity) string {
	for _, f := range []struct {
		name string
		v    []string
	}{
		{"id", []string{e.ID}}, {"reference", []string{e.Reference}}, {"type", []string{e.Type}}, {"name", []string{e.Name}},
		{"programs", e.Programs}, {"countries", e.Countries}, {"datesOfBirth", e.DatesOfBirth}, {"addresses", e.Addresses},
		{"listedOn", []string{e.ListedOn}}, {"remarks", []string{e.Remarks}},
	} {
		if slices.ContainsFunc(f.v, dataset.HasNUL) {
			return f.name
		}
	}
	for _, a := range e.Aliases {
		if dataset.HasNUL(a.Name) || dataset.HasNUL(a.Type) || dataset.HasNUL(a.Quality) {
			return "aliases"
		}
	}
	for _, id := range e.Identifiers {
		if dataset.HasNUL(id.Type) || dataset.HasNUL(id.Number) || dataset.HasNUL(id.Country) {
			return "identifiers"
		}
	}
	return ""
}
