// Package jurisdictions reads the files of the jurisdictions dataset: the
// FATF's two public lists of jurisdictions with strategic AML/CFT
// deficiencies, "High-Risk Jurisdictions subject to a Call for Action"
// (call_for_action) and "Jurisdictions under Increased Monitoring"
// (increased_monitoring), as of one FATF publication. A file is CSV with a
// header line, or JSON lines with the same keys: list, country (ISO 3166-1
// alpha-2 or alpha-3 code), name, published (YYYY-MM-DD, the same on every
// row: one file is one publication). Every row is validated on its own and
// every bad row reported with its line. The default, embedded, is the
// FATF's publication of 19 June 2026 (Default); the tables are
// jurisdictionsql's. docs/data-sources.md says where the lists come from.
package jurisdictions

import (
	_ "embed"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"dalil/dataset"
	"dalil/internal/evidence"
)

// The two lists.
const (
	CallForAction       = "call_for_action"
	IncreasedMonitoring = "increased_monitoring"
)

// Titles are the FATF's names of the lists.
var Titles = map[string]string{
	CallForAction:       "FATF High-Risk Jurisdictions subject to a Call for Action",
	IncreasedMonitoring: "FATF Jurisdictions under Increased Monitoring",
}

// Formats are the file formats read, the first the default.
var Formats = []string{"csv", "jsonl"}

// Columns are the accepted column (CSV) or key (JSON lines) names.
var Columns = []dataset.Column{
	{Name: "list", Required: true},
	{Name: "country", Aliases: []string{"iso2", "countryCode"}, Required: true},
	{Name: "name", Aliases: []string{"jurisdiction"}, Required: true},
	{Name: "published", Required: true},
}

var schema = dataset.NewSchema(dataset.Schema{Columns: Columns, FoldCase: true, MaxRows: MaxRows, MaxLineBytes: 4 << 10})

// MaxRows bounds one file: there are fewer than 250 jurisdictions.
const MaxRows = 1000

// earliest is the oldest publication accepted: a date before it is a typo
// (the FATF's public lists of deficient jurisdictions began in 2000).
var earliest = time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)

// Entry is one jurisdiction on one list.
type Entry struct {
	List    string `json:"list"`
	Country string `json:"country"` // ISO 3166-1 alpha-2
	Name    string `json:"name"`
}

// Row is one good row and its line.
type Row struct {
	Line int
	Entry
}

// Result is what Read found.
type Result struct {
	Rows   []Row
	Total  int
	Bad    int
	Errors []dataset.RowError
	// Published is the publication date every good row states
	// (YYYY-MM-DD), "" when none does.
	Published string
	// Hash is the SHA-256 of the file's bytes (hex).
	Hash string
}

func (r *Result) bad(errs []dataset.RowError) {
	r.Bad++
	for _, e := range errs {
		if len(r.Errors) < dataset.MaxReportedErrors {
			r.Errors = append(r.Errors, e)
		}
	}
}

// Read reads a whole file. A publication date after today + 1 day is
// bad. The error is for a file that cannot be read at all (an unknown
// format, a bad CSV header, an I/O failure, too many rows); bad rows are
// in the Result.
func Read(r io.Reader, format, filename string, today time.Time) (Result, error) {
	var res Result
	seen := map[string]int{} // country -> first line
	firstDate := 0           // the line that set res.Published
	hash, err := schema.ReadRows(r, format, filename, func(line int, f map[string]string, errs []dataset.RowError) error {
		res.Total++
		if len(errs) > 0 {
			res.bad(errs)
			return nil
		}
		bad := func(field, format string, args ...any) {
			errs = append(errs, dataset.RowError{Line: line, Field: field, Message: fmt.Sprintf(format, args...)})
		}
		get := func(k string) string { return strings.TrimSpace(f[k]) }
		var e Entry
		switch l := strings.ReplaceAll(strings.ToLower(get("list")), " ", "_"); l {
		case CallForAction, IncreasedMonitoring:
			e.List = l
		default:
			bad("list", "must be %s or %s", CallForAction, IncreasedMonitoring)
		}
		code := get("country")
		if c, ok := evidence.NormalizeCountry(code); ok && (len(code) == 2 || len(code) == 3) && isLetters(code) {
			e.Country = c
		} else {
			bad("country", "must be an ISO 3166-1 alpha-2 or alpha-3 code (IR, IRN), got %q", clip(code))
		}
		switch e.Name = get("name"); {
		case e.Name == "" || utf8.RuneCountInString(e.Name) > 100:
			bad("name", "must be 1 to 100 characters")
		}
		pub := get("published")
		if d, err := time.Parse(time.DateOnly, pub); err != nil {
			bad("published", "must be a date YYYY-MM-DD, got %q", clip(pub))
		} else if d.Before(earliest) || d.After(today.AddDate(0, 0, 1)) {
			bad("published", "%s is not a plausible publication date (2000-01-01 to today)", pub)
		} else if res.Published != "" && pub != res.Published {
			bad("published", "%s differs from %s (line %d): one file is one FATF publication", pub, res.Published, firstDate)
		}
		if e.Country != "" {
			if at, dup := seen[e.Country]; dup {
				bad("country", "%s is listed twice (also on line %d): a jurisdiction is on one list at most", e.Country, at)
			}
		}
		if len(errs) > 0 {
			res.bad(errs)
			return nil
		}
		seen[e.Country] = line
		if res.Published == "" {
			res.Published, firstDate = pub, line
		}
		res.Rows = append(res.Rows, Row{Line: line, Entry: e})
		return nil
	})
	res.Hash = hash
	return res, err
}

func isLetters(s string) bool {
	for _, r := range s {
		if (r < 'A' || r > 'Z') && (r < 'a' || r > 'z') {
			return false
		}
	}
	return true
}

func clip(s string) string {
	if utf8.RuneCountInString(s) > 40 {
		return string([]rune(s)[:40]) + "…"
	}
	return s
}

// Lists is one publication of the two lists, as answers use it.
type Lists struct {
	// Published is the FATF's publication date (YYYY-MM-DD).
	Published string
	// Source, License, Batch and RetrievedAt identify an import; the
	// embedded default has Embedded set and no batch.
	Source      string
	License     string
	Batch       string
	RetrievedAt time.Time
	Embedded    bool
	Entries     []Entry
}

// On returns the list country (ISO-2) is on, if any.
func (l Lists) On(country string) (Entry, bool) {
	i := slices.IndexFunc(l.Entries, func(e Entry) bool { return e.Country == country })
	if i < 0 {
		return Entry{}, false
	}
	return l.Entries[i], true
}

// Count is how many jurisdictions list holds.
func (l Lists) Count(list string) int {
	n := 0
	for _, e := range l.Entries {
		if e.List == list {
			n++
		}
	}
	return n
}

// PublishedAt is Published as a time (zero when it does not parse).
func (l Lists) PublishedAt() time.Time {
	t, _ := time.Parse(time.DateOnly, l.Published)
	return t
}

//go:embed fatf-2026-06-19.csv
var defaultFile string

// DefaultSource and DefaultLicense describe the embedded default.
const (
	DefaultSource  = "FATF public statements of 19 June 2026 (embedded default)"
	DefaultLicense = "facts from the FATF's public statements (fatf-gafi.org); the statements' text is (c) FATF/OECD and not copied"
)

// Default is the embedded default: the lists as the FATF published them
// on 19 June 2026, after its plenary of 17-19 June 2026 (docs/data-sources.md
// says where this was checked). It ages: answers state its date, and warn
// once it is older than a plenary cycle.
func Default() Lists {
	res, err := Read(strings.NewReader(defaultFile), "csv", "fatf-2026-06-19.csv", time.Date(2026, 6, 19, 0, 0, 0, 0, time.UTC))
	if err != nil || res.Bad > 0 || len(res.Rows) == 0 {
		panic(fmt.Sprintf("jurisdictions: the embedded default does not read: %v %v", err, res.Errors))
	}
	l := Lists{Published: res.Published, Source: DefaultSource, License: DefaultLicense, Embedded: true}
	for _, r := range res.Rows {
		l.Entries = append(l.Entries, r.Entry)
	}
	return l
}

// DefaultFile is the embedded default's file, as `dalil jurisdictions
// import` reads it.
func DefaultFile() string { return defaultFile }
