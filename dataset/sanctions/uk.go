package sanctions

import (
	"encoding/xml"
	"io"
	"regexp"
	"strings"
	"time"
)

// The UK Sanctions List published by the FCDO (UK-Sanctions-List.xml):
// root <Designations> with <DateGenerated> (dd/mm/yyyy) and one
// <Designation> per listed individual, entity or ship. Since 28 January
// 2026 it is the only official UK list (OFSI's Consolidated List is no
// longer updated).
type ukName struct {
	Parts    [6]string
	NameType string `xml:"NameType"`
	Strength string `xml:"AliasStrength"`
}

// UnmarshalXML reads Name1..Name6 into Parts (Name6 is the family name
// or an entity's whole name).
func (n *ukName) UnmarshalXML(dec *xml.Decoder, st xml.StartElement) error {
	var raw struct {
		N1       string `xml:"Name1"`
		N2       string `xml:"Name2"`
		N3       string `xml:"Name3"`
		N4       string `xml:"Name4"`
		N5       string `xml:"Name5"`
		N6       string `xml:"Name6"`
		NameType string `xml:"NameType"`
		Strength string `xml:"AliasStrength"`
	}
	if err := dec.DecodeElement(&raw, &st); err != nil {
		return err
	}
	*n = ukName{Parts: [6]string{raw.N1, raw.N2, raw.N3, raw.N4, raw.N5, raw.N6}, NameType: raw.NameType, Strength: raw.Strength}
	return nil
}

func (n ukName) full() string {
	parts := []string{}
	for _, p := range n.Parts {
		if p = clean(p); p != "" {
			parts = append(parts, p)
		}
	}
	return strings.Join(parts, " ")
}

type ukDocument struct {
	Number string `xml:"PassportNumber"`
	Info   string `xml:"PassportAdditionalInformation"`
}

type ukNationalID struct {
	Number string `xml:"NationalIdentifierNumber"`
	Info   string `xml:"NationalIdentifierAdditionalInformation"`
}

type ukIndividual struct {
	DOBs          []string       `xml:"DOBs>DOB"`
	Nationalities []string       `xml:"Nationalities>Nationality"`
	Passports     []ukDocument   `xml:"PassportDetails>Passport"`
	NationalIDs   []ukNationalID `xml:"NationalIdentifierDetails>NationalIdentifier"`
}

type ukDesignation struct {
	UniqueID       string   `xml:"UniqueID"`
	UNRef          string   `xml:"UNReferenceNumber"`
	DateDesignated string   `xml:"DateDesignated"`
	Names          []ukName `xml:"Names>Name"`
	NonLatin       []string `xml:"NonLatinNames>NonLatinName>NameNonLatinScript"`
	Regime         string   `xml:"RegimeName"`
	Kind           string   `xml:"IndividualEntityShip"`
	Other          string   `xml:"OtherInformation"`
	Addresses      []struct {
		L1      string `xml:"AddressLine1"`
		L2      string `xml:"AddressLine2"`
		L3      string `xml:"AddressLine3"`
		L4      string `xml:"AddressLine4"`
		L5      string `xml:"AddressLine5"`
		L6      string `xml:"AddressLine6"`
		Postal  string `xml:"AddressPostalCode"`
		Country string `xml:"AddressCountry"`
	} `xml:"Addresses>Address"`
	// Individual details are under IndividualDetails/Individual; some
	// files state them on the designation itself: both are read.
	Individuals []ukIndividual `xml:"IndividualDetails>Individual"`
	ukIndividual
	Registrations []string `xml:"EntityDetails>Entity>BusinessRegistrationNumbers>BusinessRegistrationNumber"`
	Ships         []struct {
		IMOs  []string `xml:"IMONumbers>IMONumber"`
		Flags []string `xml:"CurrentBelievedFlagOfShips>CurrentBelievedFlagOfShip"`
	} `xml:"ShipDetails>Ship"`
}

// TitleUK is the UK list's title.
const TitleUK = "UK Sanctions List (FCDO)"

// ReadUKXML reads the UK Sanctions List XML (UK-Sanctions-List.xml). The
// version is DateGenerated. An entry's id is its Unique ID (AFG0006,
// RUS1234); its name is the one whose type is "Primary name" (Name1 to
// Name6 joined); primary name variations, aliases and the names in
// non-Latin script are its aliases.
func ReadUKXML(r io.Reader) (*List, error) { return Read(FormatUKXML, r) }

func readUKXML(r io.Reader, l *List) error {
	l.Title = TitleUK
	return walkXML(r, "Designations", "a UK Sanctions List XML file", nil, func(dec *xml.Decoder, st *xml.StartElement, line int) (bool, error) {
		switch st.Name.Local {
		case "DateGenerated":
			var s string
			if err := dec.DecodeElement(&s, st); err != nil {
				return true, err
			}
			l.Published = clean(s)
			if d := ukDates(l.Published); len(d) == 1 && len(d[0]) == 10 {
				l.Published = d[0]
			}
		case "Designation":
			var x ukDesignation
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

func (x *ukDesignation) entity(line int) Entity {
	e := Entity{ID: clean(x.UniqueID), Line: line}
	switch strings.ToLower(clean(x.Kind)) {
	case "individual":
		e.Type = TypeIndividual
	case "entity":
		e.Type = TypeEntity
	case "ship":
		e.Type = TypeVessel
	}
	primary := -1
	for i, n := range x.Names {
		if strings.EqualFold(clean(n.NameType), "primary name") && n.full() != "" {
			primary = i
			break
		}
	}
	if primary < 0 {
		for i, n := range x.Names {
			if n.full() != "" {
				primary = i
				break
			}
		}
	}
	if primary >= 0 {
		e.Name = x.Names[primary].full()
	}
	for i, n := range x.Names {
		if i == primary {
			continue
		}
		a := Alias{Name: n.full(), Type: "alias"}
		if strings.EqualFold(clean(n.NameType), "primary name variation") {
			a.Type = "variation"
		}
		switch s := strings.ToLower(clean(n.Strength)); {
		case strings.HasPrefix(s, "good"):
			a.Quality = "strong"
		case strings.HasPrefix(s, "low"):
			a.Quality = "weak"
		}
		addAlias(&e, a)
	}
	for _, n := range x.NonLatin {
		addAlias(&e, Alias{Name: n, Type: "original"})
	}
	if p := clean(x.Regime); p != "" {
		e.Programs = []string{p}
	}
	if d := ukDates(x.DateDesignated); len(d) == 1 && len(d[0]) == 10 {
		e.ListedOn = d[0]
	}
	for _, a := range x.Addresses {
		parts := []string{}
		for _, p := range []string{a.L1, a.L2, a.L3, a.L4, a.L5, a.L6, a.Postal, a.Country} {
			if p = clean(p); p != "" {
				parts = append(parts, p)
			}
		}
		if len(parts) > 0 {
			e.Addresses = append(e.Addresses, strings.Join(parts, ", "))
		}
		addCountry(&e, a.Country)
	}
	for _, ind := range append(x.Individuals, x.ukIndividual) {
		for _, d := range ind.DOBs {
			for _, v := range ukDates(d) {
				addDOB(&e, v)
			}
		}
		for _, n := range ind.Nationalities {
			addCountry(&e, n)
		}
		for _, p := range ind.Passports {
			addIdentifier(&e, Identifier{Type: "Passport", Number: p.Number, Country: docCountry(p.Info)})
		}
		for _, n := range ind.NationalIDs {
			addIdentifier(&e, Identifier{Type: "National ID No.", Number: n.Number, Country: docCountry(n.Info)})
		}
	}
	for _, r := range x.Registrations {
		addIdentifier(&e, Identifier{Type: "Registration Number", Number: r})
	}
	for _, s := range x.Ships {
		for _, imo := range s.IMOs {
			addIdentifier(&e, Identifier{Type: "IMO Number", Number: imo})
		}
		for _, f := range s.Flags {
			addCountry(&e, f)
		}
	}
	var remarks []string
	if un := clean(x.UNRef); un != "" {
		remarks = append(remarks, "UN reference "+un)
	}
	if o := clean(x.Other); o != "" {
		remarks = append(remarks, o)
	}
	e.Remarks = strings.Join(remarks, "; ")
	return e
}

// docCountry is the issuing country a document's additional information
// names ("Afghanistan passport", "issued in Yemen"), if exactly one.
func docCountry(info string) string {
	return country(info)
}

var reUKDate = regexp.MustCompile(`^(dd|\d{1,2})/(mm|\d{1,2})/(\d{4})$`)

// ukDates reads a date as the UK list writes it: dd/mm/yyyy, with the
// unknown parts masked ("dd/mm/1945" is 1945, "dd/03/1958" March 1958).
// Other spellings are read as the other lists' dates are, except the
// US month-first form.
func ukDates(raw string) []string {
	s := strings.ToLower(clean(raw))
	if s == "" {
		return nil
	}
	if m := reUKDate.FindStringSubmatch(s); m != nil {
		day, month, year := m[1], m[2], m[3]
		switch {
		case month == "mm":
			return []string{year}
		case day == "dd":
			if t, err := time.Parse("2006-1", year+"-"+month); err == nil {
				return []string{t.Format("2006-01")}
			}
			return []string{year}
		}
		if t, err := time.Parse("2006-1-2", year+"-"+month+"-"+day); err == nil {
			return []string{t.Format("2006-01-02")}
		}
		return []string{year}
	}
	// "2026-09-29", "29/09/2026 10:15:00"; never the US "01/02/2006".
	if i := strings.IndexByte(s, ' '); i > 0 && reUKDate.MatchString(s[:i]) {
		return ukDates(s[:i])
	}
	if strings.Contains(s, "/") {
		return nil
	}
	return parseDates(raw)
}
