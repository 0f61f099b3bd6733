package sanctions

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"dalil/dataset"
)

// ftmEntity is one line of an OpenSanctions FollowTheMoney export.
type ftmEntity struct {
	ID         string              `json:"id"`
	Schema     string              `json:"schema"`
	Caption    string              `json:"caption"`
	Properties map[string][]string `json:"properties"`
	Datasets   []string            `json:"datasets"`
	Target     *bool               `json:"target"`
	FirstSeen  string              `json:"first_seen"`
	LastChange string              `json:"last_change"`
	LastSeen   string              `json:"last_seen"`
}

// ftmSchemata are the FollowTheMoney schemata screened; other entities of
// the export (Address, Sanction, Ownership, ...) are not parties.
var ftmSchemata = map[string]string{
	"Person": TypeIndividual, "Organization": TypeEntity, "Company": TypeEntity, "LegalEntity": TypeEntity,
	"PublicBody": TypeEntity, "Vessel": TypeVessel, "Airplane": TypeAircraft,
}

// ftmIdentifiers are the properties that hold identifiers, with the type
// shown.
var ftmIdentifiers = []struct{ prop, typ string }{
	{"registrationNumber", "Registration Number"}, {"idNumber", "ID Number"}, {"passportNumber", "Passport"},
	{"taxNumber", "Tax ID No."}, {"innCode", "INN"}, {"ogrnCode", "OGRN"}, {"leiCode", "LEI"}, {"swiftBic", "SWIFT/BIC"},
	{"imoNumber", "IMO"}, {"vatCode", "VAT"}, {"dunsCode", "D-U-N-S Number"},
}

// maxFTMLine bounds one JSON line (an entity with thousands of names).
const maxFTMLine = 16 << 20

// ReadFTM reads OpenSanctions' FollowTheMoney JSON lines: Person,
// Organization, Company, LegalEntity, PublicBody, Vessel and Airplane
// entities that are targets (when the export marks targets); other lines
// are skipped. The version is the newest last_change (else last_seen).
// The caller checks the licence first (CheckLicense). A line with a raw
// NUL byte, or an entity with one (written \u0000) in what is kept, is a
// bad record; one in the first line means the file is not text
// (dataset.CheckText).
func ReadFTM(r io.Reader) (*List, error) { return Read(FormatFTM, r) }

func readFTM(r io.Reader, l *List) error {
	l.Title = TitleFTM
	br := bufio.NewReaderSize(r, 64<<10)
	head, _ := br.Peek(512)
	if err := dataset.CheckText(head, "JSON lines"); err != nil {
		return err
	}
	sc := bufio.NewScanner(br)
	sc.Buffer(make([]byte, 64<<10), maxFTMLine)
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" {
			continue
		}
		if strings.IndexByte(text, 0) >= 0 { // not JSON: a string holds one only as \u0000
			l.Records++
			if err := l.bad(dataset.RowError{Line: line, Message: dataset.NULByte}); err != nil {
				return err
			}
			continue
		}
		var x ftmEntity
		if err := json.Unmarshal([]byte(text), &x); err != nil {
			l.Records++
			if err := l.bad(dataset.RowError{Line: line, Message: "not a JSON object: " + err.Error()}); err != nil {
				return err
			}
			continue
		}
		for _, v := range []string{x.LastChange, x.LastSeen} {
			if d := parseDates(v); len(d) == 1 && d[0] > l.Published {
				l.Published = d[0]
				break
			}
		}
		typ, ok := ftmSchemata[x.Schema]
		if !ok || (x.Target != nil && !*x.Target) {
			continue
		}
		e := x.entity(typ, line)
		if err := finish(l, &e); err != nil {
			return err
		}
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("reading JSON lines: %v", err)
	}
	return nil
}

func (x *ftmEntity) entity(typ string, line int) Entity {
	p := x.Properties
	e := Entity{ID: clean(x.ID), Type: typ, Line: line}
	names := p["name"]
	if len(names) > 0 {
		e.Name = clean(names[0])
	}
	if e.Name == "" {
		e.Name = clean(x.Caption)
	}
	for _, n := range names[min(1, len(names)):] {
		addAlias(&e, Alias{Name: n, Type: "alias", Quality: "strong"})
	}
	for _, prop := range []struct{ name, typ, q string }{{"alias", "alias", "strong"}, {"previousName", "previous", "strong"}, {"weakAlias", "weak", "weak"}} {
		for _, n := range p[prop.name] {
			addAlias(&e, Alias{Name: n, Type: prop.typ, Quality: prop.q})
		}
	}
	for _, prop := range []string{"nationality", "citizenship", "country", "jurisdiction", "mainCountry", "flag"} {
		for _, c := range p[prop] {
			addCountry(&e, c)
		}
	}
	for _, prop := range []string{"birthDate", "incorporationDate"} {
		for _, d := range p[prop] {
			addDOB(&e, d)
		}
	}
	for _, id := range ftmIdentifiers {
		for _, n := range p[id.prop] {
			addIdentifier(&e, Identifier{Type: id.typ, Number: n})
		}
	}
	e.Programs = append(e.Programs, p["program"]...)
	if len(e.Programs) == 0 {
		e.Programs = append(e.Programs, x.Datasets...)
	}
	e.Addresses = append(e.Addresses, p["address"]...)
	if d := parseDates(x.FirstSeen); len(d) == 1 {
		e.ListedOn = d[0]
	}
	for _, n := range p["notes"] {
		e.Remarks = clean(e.Remarks + " " + n)
	}
	return e
}
