package sanctions

import (
	"encoding/xml"
	"io"
	"strings"
)

// The UN Security Council Consolidated List XML.
type unAlias struct {
	Quality string `xml:"QUALITY"`
	Name    string `xml:"ALIAS_NAME"`
}

type unAddress struct {
	Street  string `xml:"STREET"`
	City    string `xml:"CITY"`
	State   string `xml:"STATE_PROVINCE"`
	Country string `xml:"COUNTRY"`
}

type unRecord struct {
	DataID     string      `xml:"DATAID"`
	First      string      `xml:"FIRST_NAME"`
	Second     string      `xml:"SECOND_NAME"`
	Third      string      `xml:"THIRD_NAME"`
	Fourth     string      `xml:"FOURTH_NAME"`
	ListType   string      `xml:"UN_LIST_TYPE"`
	Reference  string      `xml:"REFERENCE_NUMBER"`
	ListedOn   string      `xml:"LISTED_ON"`
	Original   string      `xml:"NAME_ORIGINAL_SCRIPT"`
	Comments   string      `xml:"COMMENTS1"`
	Nationals  []string    `xml:"NATIONALITY>VALUE"`
	IndAliases []unAlias   `xml:"INDIVIDUAL_ALIAS"`
	EntAliases []unAlias   `xml:"ENTITY_ALIAS"`
	IndAddr    []unAddress `xml:"INDIVIDUAL_ADDRESS"`
	EntAddr    []unAddress `xml:"ENTITY_ADDRESS"`
	DOBs       []struct {
		Type string `xml:"TYPE_OF_DATE"`
		Date string `xml:"DATE"`
		Year string `xml:"YEAR"`
		From string `xml:"FROM_YEAR"`
		To   string `xml:"TO_YEAR"`
	} `xml:"INDIVIDUAL_DATE_OF_BIRTH"`
	Documents []struct {
		Type    string `xml:"TYPE_OF_DOCUMENT"`
		Type2   string `xml:"TYPE_OF_DOCUMENT2"`
		Number  string `xml:"NUMBER"`
		Country string `xml:"ISSUING_COUNTRY"`
	} `xml:"INDIVIDUAL_DOCUMENT"`
}

// ReadUNXML reads the UN Security Council Consolidated List
// (consolidated.xml). The version is CONSOLIDATED_LIST/@dateGenerated.
func ReadUNXML(r io.Reader) (*List, error) { return Read(FormatUNXML, r) }

func readUNXML(r io.Reader, l *List) error {
	l.Title = TitleUN
	onRoot := func(st xml.StartElement) {
		for _, a := range st.Attr {
			if a.Name.Local == "dateGenerated" {
				l.Published = clean(a.Value)
				if d := parseDates(l.Published); len(d) == 1 {
					l.Published = d[0]
				}
			}
		}
	}
	return walkXML(r, "CONSOLIDATED_LIST", "a UN consolidated list XML file", onRoot, func(dec *xml.Decoder, st *xml.StartElement, line int) (bool, error) {
		if st.Name.Local != "INDIVIDUAL" && st.Name.Local != "ENTITY" {
			return false, nil
		}
		var x unRecord
		if err := dec.DecodeElement(&x, st); err != nil {
			return true, err
		}
		e := x.entity(st.Name.Local == "INDIVIDUAL", line)
		return true, finish(l, &e)
	}, "INDIVIDUALS", "ENTITIES")
}

func (x *unRecord) entity(individual bool, line int) Entity {
	parts := []string{}
	for _, p := range []string{x.First, x.Second, x.Third, x.Fourth} {
		if p = clean(p); p != "" {
			parts = append(parts, p)
		}
	}
	e := Entity{ID: clean(x.DataID), Reference: clean(x.Reference), Name: strings.Join(parts, " "), Type: TypeEntity,
		Remarks: clean(x.Comments), Line: line}
	if individual {
		e.Type = TypeIndividual
	}
	if p := clean(x.ListType); p != "" {
		e.Programs = []string{p}
	}
	if d := parseDates(x.ListedOn); len(d) == 1 {
		e.ListedOn = d[0]
	}
	addAlias(&e, Alias{Name: x.Original, Type: "original"})
	for _, a := range append(x.IndAliases, x.EntAliases...) {
		q := strings.ToLower(clean(a.Quality))
		switch q {
		case "good", "a.k.a.":
			q = "strong"
		case "low", "f.k.a.":
			q = "weak"
		}
		addAlias(&e, Alias{Name: a.Name, Type: "alias", Quality: q})
	}
	for _, a := range append(x.IndAddr, x.EntAddr...) {
		parts := []string{}
		for _, p := range []string{a.Street, a.City, a.State, a.Country} {
			if p = clean(p); p != "" {
				parts = append(parts, p)
			}
		}
		if len(parts) > 0 {
			e.Addresses = append(e.Addresses, strings.Join(parts, ", "))
		}
		addCountry(&e, a.Country)
	}
	for _, n := range x.Nationals {
		addCountry(&e, n)
	}
	for _, d := range x.DOBs {
		switch {
		case clean(d.Date) != "":
			addDOB(&e, d.Date)
		case clean(d.Year) != "":
			addDOB(&e, d.Year)
		case clean(d.From) != "" && clean(d.To) != "":
			addDOB(&e, clean(d.From)+" to "+clean(d.To))
		}
	}
	for _, doc := range x.Documents {
		addIdentifier(&e, Identifier{Type: clean(doc.Type + " " + doc.Type2), Number: doc.Number, Country: doc.Country})
	}
	return e
}
