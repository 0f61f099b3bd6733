package sanctions

import (
	"bytes"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

func TestReadEUXML(t *testing.T) {
	l, err := ReadEUXML(bytes.NewReader(mustRead(t, "eu.xml")))
	if err != nil {
		t.Fatal(err)
	}
	if l.Published != "2026-10-27" || len(l.Errors) != 0 || l.Records != 2 || l.Title != TitleEU || l.Format != FormatEUXML {
		t.Fatalf("list %+v", l)
	}
	want := []Entity{
		{ID: "880001", Reference: "EU.9001.11", Type: TypeIndividual, Name: "Hamad Saleh Al-Tajriba", Programs: []string{"TERR", "YEM"},
			Aliases: []Alias{{Name: "حمد صالح التجربة", Type: "alias", Quality: "strong"}, {Name: "Хамад Салех Ат-Таджриба", Type: "alias", Quality: "strong"},
				{Name: "Abu Saleh", Type: "alias", Quality: "weak"}},
			Countries: []string{"YE"}, DatesOfBirth: []string{"1969-11-03", "1970", "1971"},
			Identifiers: []Identifier{{Type: "National passport", Number: "Y0987654", Country: "YE"}},
			Addresses:   []string{"Example Street 4, Sanaa, YEMEN"}, ListedOn: "2019-04-02",
			Remarks: "UN reference QDi.998; Example record made for Dalil's tests."},
		{ID: "880002", Reference: "EU.9002.12", Type: TypeEntity, Name: "Sample Marine Trading JSC", Programs: []string{"RUS"},
			Aliases:     []Alias{{Name: "АО Образец Морская Торговля", Type: "alias", Quality: "strong"}},
			Countries:   []string{"RU"},
			Identifiers: []Identifier{{Type: "Registration Number", Number: "1027700000099", Country: "RU"}},
			Addresses:   []string{"Novorossiysk, 353900, RUSSIAN FEDERATION"}, ListedOn: "2022-02-28"},
	}
	if d := cmp.Diff(want, l.Entities, cmpopts.IgnoreFields(Entity{}, "Line")); d != "" {
		t.Errorf("(-want +got)\n%s", d)
	}
	if l.Entities[0].Line != 3 {
		t.Errorf("first entity at line %d, want 3", l.Entities[0].Line)
	}
}

func TestReadEUXMLRecords(t *testing.T) {
	head := `<export xmlns="http://eu.europa.ec/fpi/fsd/export" generationDate="2026-01-02T03:04:05Z">`
	for _, c := range []struct {
		name, body string
		ids        []string
		errs       []string
	}{
		{"no strong English name: the first name", `<sanctionEntity logicalId="1"><subjectType classificationCode="P"/>` +
			`<nameAlias wholeName="Weak One" strong="false"/><nameAlias wholeName="Имя" nameLanguage="RU" strong="true"/></sanctionEntity>`,
			[]string{"1:individual:Weak One:Имя"}, nil},
		{"names from their parts", `<sanctionEntity logicalId="2"><subjectType code="enterprise"/><nameAlias firstName="A" lastName="B"/></sanctionEntity>`,
			[]string{"2:entity:A B:"}, nil},
		{"partial birth dates", `<sanctionEntity logicalId="3"><subjectType code="person"/><nameAlias wholeName="X Y"/>` +
			`<birthdate year="1950" monthOfYear="4"/><birthdate year="1951"/><birthdate yearRangeTo="1980"/></sanctionEntity>`,
			[]string{"3:individual:X Y:"}, nil},
		{"no id, no name, unknown type", `<sanctionEntity><subjectType code="person"/><nameAlias wholeName="Z"/></sanctionEntity>` +
			`<sanctionEntity logicalId="4"><subjectType code="person"/></sanctionEntity>` +
			`<sanctionEntity logicalId="5"><subjectType code="planet" classificationCode="X"/><nameAlias wholeName="Q"/></sanctionEntity>` +
			`<sanctionEntity logicalId="5"><subjectType code="person"/><nameAlias wholeName="R"/></sanctionEntity>`,
			[]string{"5:individual:R:"}, []string{"line 1: id: the record has no id", "line 1: name: the record has no name", "line 1: type: unknown entity type"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			l, err := ReadEUXML(strings.NewReader(head + c.body + `</export>`))
			if err != nil {
				t.Fatal(err)
			}
			var ids, errs []string
			for _, e := range l.Entities {
				var al []string
				for _, a := range e.Aliases {
					al = append(al, a.Name)
				}
				ids = append(ids, e.ID+":"+e.Type+":"+e.Name+":"+strings.Join(al, ","))
			}
			for _, e := range l.Errors {
				errs = append(errs, e.Error())
			}
			if d := cmp.Diff(c.ids, ids, cmpopts.EquateEmpty()); d != "" {
				t.Errorf("entities (-want +got)\n%s", d)
			}
			if d := cmp.Diff(c.errs, errs, cmpopts.EquateEmpty()); d != "" {
				t.Errorf("errors (-want +got)\n%s", d)
			}
			if c.name == "partial birth dates" {
				if d := cmp.Diff([]string{"1950-04", "1951"}, l.Entities[0].DatesOfBirth); d != "" {
					t.Errorf("dates of birth (-want +got)\n%s", d)
				}
			}
			if l.Published != "2026-01-02" {
				t.Errorf("published %q", l.Published)
			}
		})
	}
}

func TestReadUKXML(t *testing.T) {
	l, err := ReadUKXML(bytes.NewReader(mustRead(t, "uk.xml")))
	if err != nil {
		t.Fatal(err)
	}
	if l.Published != "2026-10-29" || len(l.Errors) != 0 || l.Records != 3 || l.Title != TitleUK || l.Format != FormatUKXML {
		t.Fatalf("list %+v", l)
	}
	want := []Entity{
		{ID: "YEM9901", Type: TypeIndividual, Name: "Salem Nasser AL-NAMOUDHAJ", Programs: []string{"The Yemen (Sanctions) (EU Exit) Regulations 2020"},
			Aliases: []Alias{{Name: "Salim Nasir AL-NAMUDHAJ", Type: "variation"}, {Name: "Abu Nasser", Type: "alias", Quality: "weak"},
				{Name: "Salem Al-Mithali", Type: "alias", Quality: "strong"}, {Name: "سالم ناصر النموذج", Type: "original"}},
			Countries: []string{"YE"}, DatesOfBirth: []string{"1966", "1967-07-04", "1968-02"},
			Identifiers: []Identifier{{Type: "Passport", Number: "05512345", Country: "YE"}, {Type: "National ID No.", Number: "01010099887"}},
			Addresses:   []string{"Sanaa, Yemen"}, ListedOn: "2015-05-12", Remarks: "UN reference YEi.901; Example record made for Dalil's tests."},
		{ID: "RUS9902", Type: TypeEntity, Name: "GULF SPECIMEN LOGISTICS FZE", Programs: []string{"The Russia (Sanctions) (EU Exit) Regulations 2019"},
			Aliases: []Alias{{Name: "GSL FZE", Type: "alias"}}, Countries: []string{"AE"},
			Identifiers: []Identifier{{Type: "Registration Number", Number: "JAFZA-000123"}},
			Addresses:   []string{"Warehouse 7, Jebel Ali Free Zone, Dubai, United Arab Emirates"}, ListedOn: "2023-02-24"},
		{ID: "RUS9903", Type: TypeVessel, Name: "SPECIMEN DAWN", Programs: []string{"The Russia (Sanctions) (EU Exit) Regulations 2019"},
			Countries: []string{"PA"}, Identifiers: []Identifier{{Type: "IMO Number", Number: "IMO9999888"}}, ListedOn: "2025-05-09"},
	}
	if d := cmp.Diff(want, l.Entities, cmpopts.IgnoreFields(Entity{}, "Line")); d != "" {
		t.Errorf("(-want +got)\n%s", d)
	}
}

func TestReadUKXMLRecords(t *testing.T) {
	doc := `<Designations><DateGenerated>2026-09-29</DateGenerated>` +
		// No name typed Primary: the first name; details on the
		// designation itself; an unknown kind; a duplicate id.
		`<Designation><UniqueID>A1</UniqueID><IndividualEntityShip>Individual</IndividualEntityShip>` +
		`<Names><Name><Name6>First Name</Name6><NameType>Alias</NameType></Name><Name><Name6>Second</Name6><NameType>alias</NameType></Name></Names>` +
		`<DOBs><DOB>31/12/1970</DOB><DOB>1/2/1971</DOB><DOB>12/31/1972</DOB></DOBs><PassportDetails><Passport><PassportNumber>P1</PassportNumber></Passport></PassportDetails></Designation>` +
		`<Designation><UniqueID>A2</UniqueID><IndividualEntityShip>Aircraft carrier</IndividualEntityShip><Names><Name><Name6>X</Name6></Name></Names></Designation>` +
		`<Designation><UniqueID>A1</UniqueID><IndividualEntityShip>Entity</IndividualEntityShip><Names><Name><Name6>Y</Name6></Name></Names></Designation>` +
		`</Designations>`
	l, err := ReadUKXML(strings.NewReader(doc))
	if err != nil {
		t.Fatal(err)
	}
	if l.Published != "2026-09-29" || len(l.Entities) != 1 || l.Records != 3 || len(l.Errors) != 2 {
		t.Fatalf("list %+v", l)
	}
	e := l.Entities[0]
	if e.Name != "First Name" || len(e.Aliases) != 1 || e.Identifiers[0].Number != "P1" {
		t.Errorf("entity %+v", e)
	}
	// 12/31/1972 is no UK date (month 31): not read as the US one.
	if d := cmp.Diff([]string{"1970-12-31", "1971-02-01", "1972"}, e.DatesOfBirth); d != "" {
		t.Errorf("dates of birth (-want +got)\n%s", d)
	}
	if l.Errors[0].Field != "type" || l.Errors[1].Field != "id" {
		t.Errorf("errors %+v", l.Errors)
	}
}

func TestUKDates(t *testing.T) {
	for in, want := range map[string][]string{
		"dd/mm/1945": {"1945"}, "01/03/1958": {"1958-03-01"}, "dd/03/1958": {"1958-03"}, "DD/MM/1950": {"1950"}, "29/10/2026 09:15:00": {"2026-10-29"},
		"2026-09-29": {"2026-09-29"}, "1960": {"1960"}, "": nil, "02/30/2001": {"2001"}, "05/06/07": nil, "unknown": nil,
	} {
		if got := ukDates(in); !cmp.Equal(got, want, cmpopts.EquateEmpty()) {
			t.Errorf("ukDates(%q) = %v, want %v", in, got, want)
		}
	}
}
