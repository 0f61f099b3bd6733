package companysql

import (
	"bufio"
	"bytes"
	"encoding/csv"
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

// Columns are the fields of a company file: the CSV header names (any
// order, case-insensitive) and the JSON-lines keys. recordId, sourceType
// and one of nameEn or nameAr are required; the rest may be empty.
var Columns = []string{"recordId", "crNumber", "nameEn", "nameAr", "legalForm", "status", "registrationDate", "industry",
	"activities", "governorate", "wilayat", "address", "website", "email", "phone", "sourceType", "sourceUrl", "observedAt"}

// row is one data row as read, before validation: column -> text, and
// the activities of a JSON-lines row given as a list.
type row struct {
	line       int
	fields     map[string]string
	activities []omanbusiness.Activity
	listed     bool // activities came as a JSON list
}

// readRows reads a whole file in format ("csv" or "jsonl"). A file whose
// shape is wrong (no header, unknown column, not JSON) is an error; a
// row's own problems are found later, by parse.
func readRows(data []byte, format string) ([]row, []dataset.RowError, error) {
	switch format {
	case "csv":
		return readCSV(data)
	case "jsonl":
		return readJSONL(data)
	}
	return nil, nil, fmt.Errorf("unknown format %q: want csv or jsonl", format)
}

// detect picks the format from the file name, else from the first byte.
func detect(filename string, data []byte) string {
	name := strings.ToLower(filename)
	switch {
	case strings.HasSuffix(name, ".csv"):
		return "csv"
	case strings.HasSuffix(name, ".jsonl"), strings.HasSuffix(name, ".ndjson"), strings.HasSuffix(name, ".json"):
		return "jsonl"
	}
	if t := bytes.TrimLeft(bytes.TrimPrefix(data, []byte("\ufeff")), " \t\r\n"); len(t) > 0 && t[0] == '{' {
		return "jsonl"
	}
	return "csv"
}

func readCSV(data []byte) ([]row, []dataset.RowError, error) {
	data = bytes.TrimPrefix(data, []byte("\ufeff"))
	if !utf8.Valid(data) {
		return nil, nil, errors.New("the file is not UTF-8 text")
	}
	r := csv.NewReader(bytes.NewReader(data))
	r.FieldsPerRecord = -1
	header, err := r.Read()
	if err == io.EOF {
		return nil, nil, errors.New("line 1: the file is empty; want a header line naming the columns")
	}
	if err != nil {
		return nil, nil, fmt.Errorf("line 1: %v", err)
	}
	cols := make([]string, len(header))
	for i, h := range header {
		h = strings.TrimSpace(h)
		j := slices.IndexFunc(Columns, func(c string) bool { return strings.EqualFold(c, h) })
		if j < 0 {
			return nil, nil, fmt.Errorf("line 1: unknown column %q; the columns are %s", h, strings.Join(Columns, ", "))
		}
		if slices.Contains(cols, Columns[j]) {
			return nil, nil, fmt.Errorf("line 1: column %q appears twice", h)
		}
		cols[i] = Columns[j]
	}
	var rows []row
	var errs []dataset.RowError
	for {
		line, _ := r.FieldPos(0)
		rec, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			var pe *csv.ParseError
			if errors.As(err, &pe) {
				// A quoting error may swallow the rest of the file: stop.
				errs = append(errs, dataset.RowError{Line: pe.StartLine, Message: pe.Err.Error()})
				break
			}
			return nil, nil, err
		}
		line, _ = r.FieldPos(0)
		if len(rec) == 1 && strings.TrimSpace(rec[0]) == "" {
			continue // blank line
		}
		if len(rec) != len(cols) {
			errs = append(errs, dataset.RowError{Line: line, Message: fmt.Sprintf("has %d fields, the header %d", len(rec), len(cols))})
			continue
		}
		rw := row{line: line, fields: map[string]string{}}
		for i, v := range rec {
			rw.fields[cols[i]] = v
		}
		rows = append(rows, rw)
	}
	return rows, errs, nil
}

func readJSONL(data []byte) ([]row, []dataset.RowError, error) {
	data = bytes.TrimPrefix(data, []byte("\ufeff"))
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 64<<10), 4<<20)
	var rows []row
	var errs []dataset.RowError
	line := 0
	for sc.Scan() {
		line++
		text := bytes.TrimSpace(sc.Bytes())
		if len(text) == 0 {
			continue
		}
		rw, err := jsonRow(text)
		if err != nil {
			errs = append(errs, dataset.RowError{Line: line, Message: err.Error()})
			continue
		}
		rw.line = line
		rows = append(rows, rw)
	}
	if err := sc.Err(); err != nil {
		return nil, nil, fmt.Errorf("line %d: %v", line+1, err)
	}
	return rows, errs, nil
}

// jsonRow reads one JSON object whose values are strings (or null), and
// activities a string or a list of strings or {code, description}.
func jsonRow(text []byte) (row, error) {
	if !utf8.Valid(text) {
		return row{}, errors.New("not UTF-8 text")
	}
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(text, &obj); err != nil {
		return row{}, fmt.Errorf("not a JSON object: %v", err)
	}
	rw := row{fields: map[string]string{}}
	for k, raw := range obj {
		j := slices.IndexFunc(Columns, func(c string) bool { return c == k })
		if j < 0 {
			return row{}, fmt.Errorf("unknown field %q; the fields are %s", k, strings.Join(Columns, ", "))
		}
		if string(raw) == "null" {
			continue
		}
		if k == "activities" && len(raw) > 0 && raw[0] == '[' {
			var items []json.RawMessage
			if err := json.Unmarshal(raw, &items); err != nil {
				return row{}, fmt.Errorf("activities: %v", err)
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
						return row{}, fmt.Errorf("activities: each item is a string or {code, description}: %v", err)
					}
					a.Code, a.Description = strings.TrimSpace(a.Code), strings.TrimSpace(a.Description)
				}
				if a != (omanbusiness.Activity{}) {
					rw.activities = append(rw.activities, a)
				}
			}
			rw.listed = true
			continue
		}
		var s string
		if err := json.Unmarshal(raw, &s); err != nil {
			return row{}, fmt.Errorf("%s: must be a string", k)
		}
		rw.fields[k] = s
	}
	return rw, nil
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
