package sanctions

import (
	"encoding/xml"
	"fmt"
	"io"
	"slices"
	"strings"
)

// The EU Financial Sanctions Files (FSF) consolidated list, XML version
// 1.1: root <export generationDate="..."> in the namespace
// http://eu.europa.ec/fpi/fsd/export, one <sanctionEntity> per listed
// person or entity, everything stated in attributes.
type euEntity struct {
	LogicalID       string   `xml:"logicalId,attr"`
	EURef           string   `xml:"euReferenceNumber,attr"`
	UNID            string   `xml:"unitedNationId,attr"`
	DesignationDate string   `xml:"designationDate,attr"`
	Remarks         []string `xml:"remark"`
	Regulations     []struct {
		Programme       string `xml:"programme,attr"`
		PublicationDate string `xml:"publicationDate,attr"`
	} `xml:"regulation"`
	SubjectType struct {
		Code           string `xml:"code,attr"`
		Classification string `xml:"classificationCode,attr"`
	} `xml:"subjectType"`
	Names []struct {
		First    string `xml:"firstName,attr"`
		Middle   string `xml:"middleName,attr"`
		Last     string `xml:"lastName,attr"`
		Whole    string `xml:"wholeName,attr"`
		Language string `xml:"nameLanguage,attr"`
		Strong   string `xml:"strong,attr"`
	} `xml:"nameAlias"`
	Citizenships []euCountry `xml:"citizenship"`
	Birthdates   []struct {
		Date  string `xml:"birthdate,attr"`
		Day   string `xml:"dayOfMonth,attr"`
		Month string `xml:"monthOfYear,attr"`
		Year  string `xml:"year,attr"`
		From  string `xml:"yearRangeFrom,attr"`
		To    string `xml:"yearRangeTo,attr"`
	} `xml:"birthdate"`
	Identifications []struct {
		Number      string `xml:"number,attr"`
		LatinNumber string `xml:"latinNumber,attr"`
		TypeCode    string `xml:"identificationTypeCode,attr"`
		TypeDesc    string `xml:"identificationTypeDescription,attr"`
		euCountry
	} `xml:"identification"`
	Addresses []struct {
		Street string `xml:"street,attr"`
		PoBox  string `xml:"poBox,attr"`
		City   string `xml:"city,attr"`
		Zip    string `xml:"zipCode,attr"`
		Region string `xml:"region,attr"`
		Place  string `xml:"place,attr"`
		euCountry
	} `xml:"address"`
}

// euCountry is how the FSF states a country: an ISO-2 code ("00" when
// unknown) and its name in capitals.
type euCountry struct {
	ISO2        string `xml:"countryIso2Code,attr"`
	Description string `xml:"countryDescription,attr"`
}

func (c euCountry) name() string {
	if code := clean(c.ISO2); code != "" && code != "00" {
		return code
	}
	if d := clean(c.Description); !strings.EqualFold(d, "UNKNOWN") {
		return d
	}
	return ""
}

// TitleEU is the EU list's title.
const TitleEU = "EU Consolidated Financial Sanctions List"

// ReadEUXML reads the EU Financial Sanctions Files consolidated list
// (xmlFullSanctionsList, version 1.1). The version is
// export/@generationDate. An entity's id is its logicalId, its reference
// the EU reference number; the first strong name in no particular
// language is its name, every other name an alias (those in other
// languages and scripts included).
func ReadEUXML(r io.Reader) (*List, error) { return Read(FormatEUXML, r) }

func readEUXML(r io.Reader, l *List) error {
	l.Title = TitleEU
	onRoot := func(st xml.StartElement) {
		for _, a := range st.Attr {
			if a.Name.Local == "generationDate" {
				l.Published = clean(a.Value)
				if d := parseDates(l.Published); len(d) == 1 {
					l.Published = d[0]
				}
			}
		}
	}
	return walkXML(r, "export", "an EU Financial Sanctions Files XML file", onRoot, func(dec *xml.Decoder, st *xml.StartElement, line int) (bool, error) {
		if st.Name.Local != "sanctionEntity" {
			return false, nil
		}
		var x euEntity
		if err := dec.DecodeElement(&x, st); err != nil {
			return true, err
		}
		e := x.entity(line)
		return true, finish(l, &e)
	})
}

func (x *euEntity) entity(line int) Entity {
	e := Entity{ID: clean(x.LogicalID), Reference: clean(x.EURef), Line: line}
	switch strings.ToLower(clean(x.SubjectType.Code)) {
	case "person":
		e.Type = TypeIndividual
	case "enterprise":
		e.Type = TypeEntity
	default:
		switch strings.ToUpper(clean(x.SubjectType.Classification)) {
		case "P":
			e.Type = TypeIndividual
		case "E":
			e.Type = TypeEntity
		default:
			e.Type = normType(x.SubjectType.Code)
		}
	}
	// The name: the first strong name stated in no particular language
	// (or in English); else the first name at all.
	names := make([]string, len(x.Names))
	primary := -1
	for i, n := range x.Names {
		names[i] = clean(n.Whole)
		if names[i] == "" {
			names[i] = clean(clean(n.First) + " " + clean(n.Middle) + " " + clean(n.Last))
		}
		lang := strings.ToUpper(clean(n.Language))
		if primary < 0 && names[i] != "" && (lang == "" || lang == "EN") && !strings.EqualFold(clean(n.Strong), "false") {
			primary = i
		}
	}
	if primary < 0 {
		primary = slices.IndexFunc(names, func(s string) bool { return s != "" })
	}
	if primary >= 0 {
		e.Name = names[primary]
	}
	for i, n := range x.Names {
		if i == primary {
			continue
		}
		q := "strong"
		if strings.EqualFold(clean(n.Strong), "false") {
			q = "weak"
		}
		addAlias(&e, Alias{Name: names[i], Type: "alias", Quality: q})
	}
	for _, reg := range x.Regulations {
		if p := clean(reg.Programme); p != "" && !slices.Contains(e.Programs, p) {
			e.Programs = append(e.Programs, p)
		}
		if d := parseDates(reg.PublicationDate); len(d) == 1 && len(d[0]) == 10 && (e.ListedOn == "" || d[0] < e.ListedOn) {
			e.ListedOn = d[0]
		}
	}
	if d := parseDates(x.DesignationDate); len(d) == 1 && len(d[0]) == 10 {
		e.ListedOn = d[0]
	}
	for _, c := range x.Citizenships {
		addCountry(&e, c.name())
	}
	for _, b := range x.Birthdates {
		switch {
		case clean(b.Date) != "":
			addDOB(&e, b.Date)
		case clean(b.Year) != "":
			d := clean(b.Year)
			if m := clean(b.Month); m != "" && len(m) <= 2 {
				d += "-" + fmt.Sprintf("%02s", m)
				if day := clean(b.Day); day != "" && len(day) <= 2 {
					d += "-" + fmt.Sprintf("%02s", day)
				}
			}
			if len(parseDates(d)) == 1 {
				addDOB(&e, d)
			} else {
				addDOB(&e, b.Year)
			}
		case clean(b.From) != "" && clean(b.To) != "":
			addDOB(&e, clean(b.From)+" to "+clean(b.To))
		}
	}
	for _, id := range x.Identifications {
		typ := clean(id.TypeDesc)
		if typ == "" {
			typ = clean(id.TypeCode)
		}
		num := clean(id.Number)
		if num == "" {
			num = id.LatinNumber
		}
		addIdentifier(&e, Identifier{Type: typ, Number: num, Country: id.name()})
		if l := clean(id.LatinNumber); l != "" && l != num {
			addIdentifier(&e, Identifier{Type: typ, Number: l, Country: id.name()})
		}
	}
	for _, a := range x.Addresses {
		parts := []string{}
		for _, p := range []string{a.Street, a.PoBox, a.City, a.Zip, a.Region, a.Place, a.Description} {
			if p = clean(p); p != "" && !strings.EqualFold(p, "UNKNOWN") {
				parts = append(parts, p)
			}
		}
		if len(parts) > 0 {
			e.Addresses = append(e.Addresses, strings.Join(parts, ", "))
		}
		addCountry(&e, a.name())
	}
	var remarks []string
	if un := clean(x.UNID); un != "" {
		remarks = append(remarks, "UN reference "+un)
	}
	for _, r := range x.Remarks {
		if r = clean(r); r != "" {
			remarks = append(remarks, r)
		}
	}
	e.Remarks = strings.Join(remarks, "; ")
	return e
}
