// Package companies reads the files of the company records dataset
// ("companies") that the Oman business capabilities answer from: CSV with
// a header line, or JSON lines with the same keys. Every row is validated
// into an omanbusiness.Record on its own and every bad row is reported
// with its line number, field and reason; the tables and the Importer are
// companysql's. The format is documented in docs/oman-business.md.
package companies

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"dalil/capabilities/omanbusiness"
	"dalil/dataset"
	"dalil/internal/oman"

	"github.com/nyaruka/phonenumbers"
)

// Formats are the file formats read, the first the default.
var Formats = []string{"csv", "jsonl"}

// Columns are the fields of a company file: the CSV header names and the
// JSON-lines keys (any order, case-insensitive). recordId, sourceType and
// one of nameEn or nameAr are required of every row; the rest may be
// empty. In JSON lines, activities may also be a list of strings or
// {code, description}.
var Columns = []dataset.Column{
	{Name: "recordId"}, {Name: "crNumber"}, {Name: "nameEn"}, {Name: "nameAr"}, {Name: "legalForm"}, {Name: "status"},
	{Name: "registrationDate"}, {Name: "industry"}, {Name: "activities", JSON: true}, {Name: "governorate"}, {Name: "wilayat"},
	{Name: "address"}, {Name: "website"}, {Name: "email"}, {Name: "phone"}, {Name: "sourceType"}, {Name: "sourceUrl"}, {Name: "observedAt"},
}

// schema reads both formats into one column → text map per row
// (dataset.Schema.ReadRows, the reader of every tabular dataset).
var schema = dataset.NewSchema(dataset.Schema{Columns: Columns, FoldCase: true, MaxLineBytes: maxLineBytes})

// maxLineBytes bounds one JSON line.
const maxLineBytes = 4 << 20

// row is one data row as read, before validation: column -> text, and
// the activities, read from their JSON (a string, or a list).
type row struct {
	line       int
	fields     map[string]string
	activities []omanbusiness.Activity
	listed     bool // activities came as a JSON list
}

// Result is a whole file read and validated.
type Result struct {
	Records []omanbusiness.Record // the good rows, in line order (Read only; Scan hands them over one by one)
	Total   int                   // data rows read
	Bad     int                   // rows with at least one problem
	Errors  []dataset.RowError    // the first dataset.MaxReportedErrors problems
	// Hash is the SHA-256 of the file's bytes (hex): the same file gives
	// the same hash, whatever its name.
	Hash string
}

// Read reads a whole file in format ("csv" or "jsonl"; "" detects it from
// filename and the first bytes) and validates every row into a Record
// (parse); src carries the import's source, batch, licence, synthetic
// flag and default observation time. A file whose shape is wrong (an
// unknown column, a column twice, an unknown format) is an error; a row's
// own problems, a recordId repeated included, are in the result. It holds
// every good row: an import streams with Scan instead.
func Read(r io.Reader, format, filename string, src omanbusiness.Record, now time.Time) (Result, error) {
	var good []omanbusiness.Record
	res, err := Scan(r, format, filename, src, now, func(rec omanbusiness.Record, _ int) error {
		good = append(good, rec)
		return nil
	})
	res.Records = good
	return res, err
}

// Scan reads a file as Read does but holds no row: it hands each good row
// to each (nil: none) with its line, as it is read, and keeps only the
// counts, the first dataset.MaxReportedErrors problems and the recordIds
// seen (to find one given twice). An error from each stops the read and
// is returned as it is.
func Scan(r io.Reader, format, filename string, src omanbusiness.Record, now time.Time, each func(omanbusiness.Record, int) error) (Result, error) {
	var res Result
	seen := map[string]int32{}
	hash, err := schema.ReadRows(r, format, filename, func(line int, values map[string]string, errs []dataset.RowError) error {
		res.Total++
		if len(errs) == 0 {
			rw := row{line: line, fields: values}
			errs = rw.readActivities()
			if len(errs) == 0 {
				var rec omanbusiness.Record
				rec, errs = parse(rw, src, now)
				if prev, ok := seen[rec.RecordID]; ok && rec.RecordID != "" {
					errs = append(errs, dataset.RowError{Line: line, Field: "recordId", Message: fmt.Sprintf("%q is also the id of line %d", rec.RecordID, prev)})
				}
				if len(errs) == 0 {
					seen[strings.Clone(rec.RecordID)] = int32(line)
					if each != nil {
						return each(rec, line)
					}
					return nil
				}
			}
		}
		res.Bad++
		for _, e := range errs {
			if len(res.Errors) < dataset.MaxReportedErrors {
				res.Errors = append(res.Errors, e)
			}
		}
		return nil
	})
	res.Hash = hash
	return res, err
}

// readActivities decodes the activities column (JSON text: see
// dataset.Column.JSON): a string, as in CSV, stays in fields to be split
// at ";" by parse; a number is a code; a list holds strings or {code,
// description}.
func (rw *row) readActivities() []dataset.RowError {
	raw := rw.fields["activities"]
	delete(rw.fields, "activities")
	bad := func(msg string, args ...any) []dataset.RowError {
		return []dataset.RowError{{Line: rw.line, Field: "activities", Message: fmt.Sprintf(msg, args...)}}
	}
	switch {
	case raw == "":
		return nil
	case raw[0] == '"':
		var s string
		if err := json.Unmarshal([]byte(raw), &s); err != nil {
			return bad("%v", err)
		}
		rw.fields["activities"] = s
		return nil
	case raw[0] == '[':
	case raw[0] == '-' || raw[0] >= '0' && raw[0] <= '9':
		rw.fields["activities"] = raw
		return nil
	default:
		return bad("must be a string or a list of strings or {code, description}")
	}
	var items []json.RawMessage
	if err := json.Unmarshal([]byte(raw), &items); err != nil {
		return bad("%v", err)
	}
	for _, it := range items {
		var s string
		var a omanbusiness.Activity
		if json.Unmarshal(it, &s) == nil {
			a = parseActivity(s)
		} else {
			dec := json.NewDecoder(bytes.NewReader(it))
			dec.DisallowUnknownFields()
			if err := dec.Decode(&a); err != nil {
				return bad("each item is a string or {code, description}: %v", err)
			}
			a.Code, a.Description = strings.TrimSpace(a.Code), strings.TrimSpace(a.Description)
		}
		if a != (omanbusiness.Activity{}) {
			rw.activities = append(rw.activities, a)
		}
	}
	rw.listed = true
	return nil
}

var activityCode = regexp.MustCompile(`^([0-9]{2,8}(?:\.[0-9]{1,4})?)\s*[:\-–]?\s*(.*)$`)

// parseActivity reads "4663 Wholesale of ...", "4663: Wholesale ..." or a
// bare description.
func parseActivity(s string) omanbusiness.Activity {
	s = strings.TrimSpace(s)
	if m := activityCode.FindStringSubmatch(s); m != nil {
		return omanbusiness.Activity{Code: m[1], Description: strings.TrimSpace(m[2])}
	}
	return omanbusiness.Activity{Description: s}
}

var emailPattern = regexp.MustCompile(`^[^\s@]+@[^\s@]+\.[^\s@]+$`)

// limits of the text fields, in characters.
var maxLen = map[string]int{"recordId": 120, "nameEn": 200, "nameAr": 200, "legalForm": 60, "industry": 200, "activities": 2000,
	"address": 300, "website": 300, "email": 254, "phone": 30, "sourceUrl": 500, "crNumber": 30, "governorate": 60, "wilayat": 60}

// parse validates one row into a Record; src carries the import's
// source, batch, licence, synthetic flag and default observation time.
func parse(rw row, src omanbusiness.Record, now time.Time) (omanbusiness.Record, []dataset.RowError) {
	var errs []dataset.RowError
	bad := func(field, msg string, args ...any) {
		errs = append(errs, dataset.RowError{Line: rw.line, Field: field, Message: fmt.Sprintf(msg, args...)})
	}
	f := func(k string) string {
		v := strings.TrimSpace(rw.fields[k])
		if n, ok := maxLen[k]; ok && utf8.RuneCountInString(v) > n {
			bad(k, "is longer than %d characters", n)
			return ""
		}
		return v
	}
	r := src
	r.RecordID = f("recordId")
	if r.RecordID == "" {
		bad("recordId", "is required: the row's id in its source")
	}
	r.NameEn, r.NameAr = f("nameEn"), f("nameAr")
	if r.NameEn == "" && r.NameAr == "" {
		bad("nameEn", "a name is required (nameEn or nameAr)")
	}
	if cr := f("crNumber"); cr != "" {
		n, ok := omanbusiness.NormalizeCR(cr)
		if !ok {
			bad("crNumber", "%q is not a CR number: 4 to 10 digits (spaces, dashes, dots and slashes are ignored)", cr)
		}
		r.CRNumber = n
	}
	r.LegalForm = f("legalForm")
	switch st := strings.ToLower(f("status")); st {
	case "", omanbusiness.StatusActive, omanbusiness.StatusInactive, omanbusiness.StatusSuspended, omanbusiness.StatusUnknown:
		r.Status = st
	default:
		bad("status", "%q: want active, inactive, suspended or unknown", st)
	}
	if d := f("registrationDate"); d != "" {
		t, err := time.Parse("2006-01-02", d)
		switch {
		case err != nil:
			bad("registrationDate", "%q: want a date YYYY-MM-DD", d)
		case t.After(now):
			bad("registrationDate", "%s is in the future", d)
		default:
			r.RegistrationDate = d
		}
	}
	r.Industry = f("industry")
	if rw.listed {
		r.Activities = rw.activities
	} else if a := f("activities"); a != "" {
		for _, item := range strings.Split(a, ";") {
			if act := parseActivity(item); act != (omanbusiness.Activity{}) {
				r.Activities = append(r.Activities, act)
			}
		}
	}
	gov, wil := f("governorate"), f("wilayat")
	if gov != "" {
		if g, ok := oman.LookupGovernorate(gov); ok {
			r.Governorate = g.NameEn
		} else {
			bad("governorate", "%q is not one of Oman's 11 governorates", gov)
		}
	}
	if wil != "" {
		w, ok := oman.LookupWilayat(gov, wil)
		switch {
		case ok:
			r.Wilayat = w.NameEn
			g, _ := oman.LookupGovernorate(w.Governorate)
			r.Governorate = g.NameEn
		case r.Governorate != "":
			bad("wilayat", "%q is not a wilayat of %s", wil, r.Governorate)
		case gov == "":
			bad("wilayat", "%q is not a wilayat of Oman", wil)
		}
	}
	r.Address = f("address")
	if w := f("website"); w != "" {
		if omanbusiness.Domain(w) == "" {
			bad("website", "%q is not a web address or domain", w)
		}
		r.Website = w
	}
	if e := f("email"); e != "" {
		if !emailPattern.MatchString(e) {
			bad("email", "%q is not an email address", e)
		}
		r.Email = strings.ToLower(e)
	}
	if p := f("phone"); p != "" {
		e164, err := PhoneE164(p)
		if err != nil {
			bad("phone", "%q: %v", p, err)
		}
		r.Phone = e164
	}
	st := omanbusiness.SourceType(strings.ToLower(f("sourceType")))
	switch {
	case src.Synthetic:
		r.SourceType = omanbusiness.SourceDemo // synthetic rows are demo, whatever they say
	case st == "":
		bad("sourceType", "is required: one of %s", sourceTypeList())
	case st == omanbusiness.SourceDemo:
		bad("sourceType", "demo is reserved for synthetic data (dalil serve --demo); real data names its real kind of source")
	case !slices.Contains(omanbusiness.SourceTypes, st):
		bad("sourceType", "%q: want one of %s", st, sourceTypeList())
	default:
		r.SourceType = st
	}
	if u := f("sourceUrl"); u != "" {
		p, err := url.Parse(u)
		if err != nil || (p.Scheme != "http" && p.Scheme != "https") || p.Host == "" {
			bad("sourceUrl", "%q is not an http(s) URL", u)
		}
		r.SourceURL = u
	}
	if o := f("observedAt"); o != "" {
		t, err := time.Parse(time.RFC3339, o)
		if err != nil {
			t, err = time.Parse("2006-01-02", o)
		}
		switch {
		case err != nil:
			bad("observedAt", "%q: want YYYY-MM-DD or an RFC 3339 time", o)
		case t.After(now.Add(24 * time.Hour)):
			bad("observedAt", "%s is in the future", o)
		default:
			r.ObservedAt = t.UTC()
		}
	}
	return r, errs
}

func sourceTypeList() string {
	var s []string
	for _, t := range omanbusiness.SourceTypes {
		if t != omanbusiness.SourceDemo {
			s = append(s, string(t))
		}
	}
	return strings.Join(s, ", ")
}

// PhoneE164 parses a phone number as written in Oman (8 digits, or with
// +968 / 00968) or in international form, and returns it in E.164. It
// refuses a number that is not valid for its country.
func PhoneE164(s string) (string, error) {
	s = strings.TrimSpace(s)
	if strings.HasPrefix(s, "00") {
		s = "+" + s[2:]
	}
	n, err := phonenumbers.Parse(s, "OM")
	if err != nil {
		return "", errors.New("not a phone number")
	}
	if !phonenumbers.IsValidNumber(n) {
		return "", errors.New("not a valid phone number for its country")
	}
	return phonenumbers.Format(n, phonenumbers.E164), nil
}
