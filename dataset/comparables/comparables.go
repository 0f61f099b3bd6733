// Package comparables reads the files of the comparables dataset (rent and
// sale observations in the Muscat governorate) that analyze_oman_property
// answers from: CSV with a header line, or JSON lines with the same keys.
// Every row is validated on its own and every bad row is reported with its
// line number, field and reason; the tables are omanpropertysql's. The
// format is documented in docs/oman-property.md.
package comparables

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/csv"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"path"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"dalil/capabilities/omanproperty"
	"dalil/dataset"
)

// Formats are the file formats read, the first the default.
var Formats = []string{"csv", "jsonl"}

// Columns are the accepted column (CSV) or key (JSON lines) names, each
// with its aliases: the reference service's import header
// (transactionType, priceOMR, observedAt, sourceRecordId) is accepted as
// it is.
var Columns = []struct {
	Name     string
	Aliases  []string
	Required bool
}{
	{"id", []string{"sourceRecordId"}, false},
	{"governorate", nil, false},
	{"wilayat", nil, false},
	{"area", nil, true},
	{"propertyType", nil, true},
	{"bedrooms", nil, true},
	{"bathrooms", nil, false},
	{"sizeSqm", nil, true},
	{"kind", []string{"transactionType"}, true},
	{"amountOMR", []string{"priceOMR"}, true},
	{"rentPeriod", nil, false},
	{"furnished", nil, false},
	{"date", []string{"observedAt"}, true},
	{"sourceType", nil, false},
	{"sourceName", nil, false},
	{"sourceUrl", nil, false},
	{"metadata", nil, false}, // accepted and not kept (the reference's free-form JSON)
}

// canonical maps every column name and alias to its canonical name.
var canonical = func() map[string]string {
	m := map[string]string{}
	for _, c := range Columns {
		m[c.Name] = c.Name
		for _, a := range c.Aliases {
			m[a] = c.Name
		}
	}
	return m
}()

// Limits of one file.
const (
	MaxRows      = 2_000_000
	maxLineBytes = 64 << 10
	maxIDLength  = 200
)

// Row is one good row: the comparable (without ID, Batch and Synthetic,
// which the importer sets), its line and its own record id, if any.
type Row struct {
	Line     int
	RecordID string
	omanproperty.Comparable
}

// Result is what Read found.
type Result struct {
	Rows   []Row
	Total  int                // data rows read
	Bad    int                // rows with at least one problem
	Errors []dataset.RowError // the first dataset.MaxReportedErrors problems
	// Hash is the SHA-256 of the file's bytes (hex): the same file gives
	// the same hash, whatever its name.
	Hash string
}

func (r *Result) bad(line int, errs []dataset.RowError) {
	r.Bad++
	for _, e := range errs {
		if len(r.Errors) < dataset.MaxReportedErrors {
			r.Errors = append(r.Errors, e)
		}
	}
}

// DetectFormat returns format when set, else the format of filename's
// extension (.csv; .jsonl, .ndjson, .json), else "jsonl" when the first
// non-blank byte of head is '{', else "csv".
func DetectFormat(format, filename string, head []byte) string {
	if format != "" {
		return format
	}
	switch strings.ToLower(path.Ext(filename)) {
	case ".csv":
		return "csv"
	case ".jsonl", ".ndjson", ".json":
		return "jsonl"
	}
	if b := bytes.TrimLeft(bytes.TrimPrefix(head, []byte("\ufeff")), " \t\r\n"); len(b) > 0 && b[0] == '{' {
		return "jsonl"
	}
	return "csv"
}

// Read reads a whole file. today bounds the dates (a row dated after
// today + 1 day is bad). The error is for a file that cannot be read at
// all (an unknown format, a bad CSV header, an I/O failure, too many rows);
// bad rows are in the Result.
func Read(r io.Reader, format, filename string, today time.Time) (Result, error) {
	h := sha256.New()
	br := bufio.NewReaderSize(io.TeeReader(r, h), 64<<10)
	head, _ := br.Peek(512)
	var res Result
	var err error
	switch DetectFormat(format, filename, head) {
	case "csv":
		err = readCSV(br, today, &res)
	case "jsonl":
		err = readJSONL(br, today, &res)
	default:
		return res, fmt.Errorf("unknown format %q: use one of %s", format, strings.Join(Formats, ", "))
	}
	if err != nil {
		return res, err
	}
	// Whatever the reader left unread still counts in the hash.
	if _, err := io.Copy(io.Discard, br); err != nil {
		return res, err
	}
	res.Hash = hex.EncodeToString(h.Sum(nil))
	return res, nil
}

func readCSV(r io.Reader, today time.Time, res *Result) error {
	cr := csv.NewReader(r)
	cr.ReuseRecord = true
	header, err := cr.Read()
	if err == io.EOF {
		return errors.New("line 1: the file is empty; the first line must be the header")
	}
	if err != nil {
		return fmt.Errorf("line 1: %w", err)
	}
	if len(header) > 0 {
		header[0] = strings.TrimPrefix(header[0], "\ufeff")
	}
	cols, err := headerColumns(header)
	if err != nil {
		return err
	}
	seen := map[string]int{}
	for {
		rec, err := cr.Read()
		if err == io.EOF {
			return nil
		}
		if res.Total++; res.Total > MaxRows {
			return fmt.Errorf("more than %d rows: split the file", MaxRows)
		}
		if err != nil {
			var pe *csv.ParseError
			if !errors.As(err, &pe) {
				return err
			}
			line := pe.StartLine
			if errors.Is(err, csv.ErrFieldCount) {
				res.bad(line, []dataset.RowError{{Line: line, Message: fmt.Sprintf("%d fields, the header has %d", len(rec), len(cols))}})
			} else {
				res.bad(line, []dataset.RowError{{Line: line, Message: "unreadable CSV: " + pe.Err.Error()}})
			}
			continue
		}
		line, _ := cr.FieldPos(0)
		fields := make(map[string]string, len(cols))
		for i, c := range cols {
			fields[c] = rec[i]
		}
		row, errs := parseRow(fields, line, today, seen)
		if len(errs) > 0 {
			res.bad(line, errs)
			continue
		}
		res.Rows = append(res.Rows, row)
	}
}

// headerColumns checks a CSV header: known names, no column twice (an
// alias counts as its column), every required column present.
func headerColumns(header []string) ([]string, error) {
	cols := make([]string, len(header))
	for i, h := range header {
		name := strings.TrimSpace(h)
		c, ok := canonical[name]
		if !ok {
			return nil, fmt.Errorf("line 1: unknown column %q; the columns are %s", truncate(name), columnList())
		}
		if slices.Contains(cols[:i], c) {
			return nil, fmt.Errorf("line 1: column %q is given twice (%q is another name for it)", c, name)
		}
		cols[i] = c
	}
	for _, c := range Columns {
		if c.Required && !slices.Contains(cols, c.Name) {
			return nil, fmt.Errorf("line 1: required column %q is missing; the columns are %s", c.Name, columnList())
		}
	}
	return cols, nil
}

func columnList() string {
	var names []string
	for _, c := range Columns {
		n := c.Name
		if c.Required {
			n += " (required)"
		}
		names = append(names, n)
	}
	return strings.Join(names, ", ")
}

func readJSONL(r *bufio.Reader, today time.Time, res *Result) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), maxLineBytes)
	seen := map[string]int{}
	line := 0
	for sc.Scan() {
		line++
		text := bytes.TrimSpace(sc.Bytes())
		if line == 1 {
			text = bytes.TrimPrefix(text, []byte("\ufeff"))
		}
		if len(text) == 0 {
			continue
		}
		if res.Total++; res.Total > MaxRows {
			return fmt.Errorf("more than %d rows: split the file", MaxRows)
		}
		fields, errs := jsonFields(text, line)
		if len(errs) == 0 {
			var row Row
			row, errs = parseRow(fields, line, today, seen)
			if len(errs) == 0 {
				res.Rows = append(res.Rows, row)
				continue
			}
		}
		res.bad(line, errs)
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return fmt.Errorf("line %d: longer than %d bytes", line+1, maxLineBytes)
		}
		return err
	}
	return nil
}

// jsonFields reads one JSON-lines object into the same name → text map a
// CSV row gives: strings as they are, numbers as written, null as absent.
func jsonFields(text []byte, line int) (map[string]string, []dataset.RowError) {
	dec := json.NewDecoder(bytes.NewReader(text))
	dec.UseNumber()
	var obj map[string]any
	if err := dec.Decode(&obj); err != nil || obj == nil {
		return nil, []dataset.RowError{{Line: line, Message: "not a JSON object"}}
	}
	if dec.More() {
		return nil, []dataset.RowError{{Line: line, Message: "more than one JSON value on the line"}}
	}
	fields := map[string]string{}
	var errs []dataset.RowError
	keys := make([]string, 0, len(obj))
	for k := range obj {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		c, ok := canonical[k]
		if !ok {
			errs = append(errs, dataset.RowError{Line: line, Field: truncate(k), Message: "unknown key; the keys are " + columnList()})
			continue
		}
		if _, dup := fields[c]; dup {
			errs = append(errs, dataset.RowError{Line: line, Field: k, Message: "given twice (under another of its names)"})
			continue
		}
		switch v := obj[k].(type) {
		case nil:
		case string:
			fields[c] = v
		case json.Number:
			fields[c] = v.String()
		default:
			if c == "metadata" {
				continue // free-form, not kept
			}
			errs = append(errs, dataset.RowError{Line: line, Field: c, Message: "must be a string or a number"})
		}
	}
	return fields, errs
}

func truncate(s string) string {
	if len(s) <= 60 {
		return s
	}
	cut := 60
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}

// Plausible amounts: monthly rent 20 to 100,000 OMR and 0.1 to 100 OMR
// per sqm; sale price 1,000 to 10^9 OMR (the reference's asking-price
// bounds) and 10 to 20,000 OMR per sqm. Anything else is a typo or
// another unit.
const (
	minRent, maxRent             = 20.0, 100_000.0
	minRentPerSqm, maxRentPerSqm = 0.1, 100.0
	minSale, maxSale             = 1000.0, 1e9
	minSalePerSqm, maxSalePerSqm = 10.0, 20_000.0
)

// earliest is the oldest date accepted.
var earliest = time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)

// parseRow validates one row given as column → text. seen maps record ids
// to the line they were first seen on.
func parseRow(f map[string]string, line int, today time.Time, seen map[string]int) (Row, []dataset.RowError) {
	var errs []dataset.RowError
	bad := func(field, format string, args ...any) {
		errs = append(errs, dataset.RowError{Line: line, Field: field, Message: fmt.Sprintf(format, args...)})
	}
	get := func(name string) string { return strings.TrimSpace(f[name]) }
	row := Row{Line: line}
	c := &row.Comparable

	if id := get("id"); id != "" {
		switch {
		case len(id) > maxIDLength || !utf8.ValidString(id):
			bad("id", "at most %d characters of UTF-8", maxIDLength)
		case seen[id] != 0:
			bad("id", "duplicate id: also on line %d", seen[id])
		default:
			seen[id] = line
			row.RecordID = id
		}
	}

	// Location: the area must be a place of the Muscat governorate; a
	// wilayat or governorate given must agree with it.
	in := omanproperty.Input{Governorate: get("governorate"), Wilayat: get("wilayat"), Area: get("area")}
	if in.Governorate == "" {
		in.Governorate = "Muscat"
	}
	if p, w, problems := omanproperty.Locate(in); len(problems) > 0 {
		for _, p := range problems {
			bad(p.Path, "%s", p.Message)
		}
	} else {
		c.Area, c.Wilayat = p, w
	}

	c.PropertyType = strings.ToLower(get("propertyType"))
	if !slices.Contains(omanproperty.PropertyTypes, c.PropertyType) {
		bad("propertyType", "must be one of %s", strings.Join(omanproperty.PropertyTypes, ", "))
	}
	if n, ok := intField(get("bedrooms"), 0, 20); ok {
		c.Bedrooms = n
	} else {
		bad("bedrooms", "must be a whole number from 0 to 20 (0 for a studio)")
	}
	if s := get("bathrooms"); s != "" {
		if n, ok := intField(s, 0, 20); ok {
			c.Bathrooms = &n
		} else {
			bad("bathrooms", "must be a whole number from 0 to 20")
		}
	}
	size, sizeOK := number(get("sizeSqm"))
	if bounds, known := omanproperty.SizeBounds[c.PropertyType]; known && sizeOK && (size < bounds[0] || size > bounds[1]) {
		bad("sizeSqm", "%s of %g sqm: must be %g to %g", c.PropertyType, size, bounds[0], bounds[1])
		sizeOK = false
	} else if !sizeOK {
		bad("sizeSqm", "must be a number of square metres")
	}
	c.SizeSqm = size

	switch k := strings.ToLower(get("kind")); k {
	case "rent", "rental":
		c.Kind = omanproperty.KindRent
	case "sale":
		c.Kind = omanproperty.KindSale
	default:
		bad("kind", "must be rent or sale")
	}
	period := strings.ToLower(get("rentPeriod"))
	switch {
	case c.Kind == omanproperty.KindSale && period != "":
		bad("rentPeriod", "only for rents")
	case c.Kind == omanproperty.KindRent && period == "":
		period = "monthly"
	case c.Kind == omanproperty.KindRent && period != "monthly" && period != "annual":
		bad("rentPeriod", "must be monthly or annual")
	}
	c.RentPeriod = period
	amount, ok := number(get("amountOMR"))
	if !ok || amount <= 0 {
		bad("amountOMR", "must be a positive number of OMR")
	} else {
		if period == "annual" {
			amount /= 12
		}
		c.AmountOMR = amount
		switch c.Kind {
		case omanproperty.KindRent:
			if amount < minRent || amount > maxRent {
				bad("amountOMR", "a monthly rent of %.3f OMR is implausible (%g to %g)", amount, minRent, maxRent)
			} else if ps := amount / size; sizeOK && (ps < minRentPerSqm || ps > maxRentPerSqm) {
				bad("amountOMR", "%.3f OMR per sqm a month is implausible (%g to %g): check the amount, the size and rentPeriod", ps, minRentPerSqm, maxRentPerSqm)
			}
		case omanproperty.KindSale:
			if amount < minSale || amount > maxSale {
				bad("amountOMR", "a sale price of %.3f OMR is implausible (%g to %g)", amount, minSale, maxSale)
			} else if ps := amount / size; sizeOK && (ps < minSalePerSqm || ps > maxSalePerSqm) {
				bad("amountOMR", "%.3f OMR per sqm is implausible (%g to %g): check the amount and the size", ps, minSalePerSqm, maxSalePerSqm)
			}
		}
	}

	furnished := strings.ToLower(get("furnished"))
	if furnished == "unspecified" {
		furnished = ""
	}
	if furnished != "" && !slices.Contains(omanproperty.Furnishings, furnished) {
		bad("furnished", "must be furnished, semi_furnished, unfurnished or empty")
	}
	c.Furnished = furnished

	if d, ok := parseDate(get("date")); !ok {
		bad("date", "must be a date, YYYY-MM-DD (or an ISO 8601 date-time)")
	} else if d.Before(earliest) || d.After(today.AddDate(0, 0, 1)) {
		bad("date", "%s is out of range: from 2000-01-01 to today", d.Format(time.DateOnly))
	} else {
		c.ObservedOn = d
	}

	c.SourceType = strings.ToLower(get("sourceType"))
	if c.SourceType != "" && !slices.Contains(omanproperty.SourceTypes, c.SourceType) {
		bad("sourceType", "must be one of %s, or empty", strings.Join(omanproperty.SourceTypes, ", "))
	}
	c.SourceName = get("sourceName")
	c.SourceURL = get("sourceUrl")
	for _, s := range []struct{ name, v string }{{"sourceName", c.SourceName}, {"sourceUrl", c.SourceURL}} {
		if len(s.v) > 500 || !utf8.ValidString(s.v) {
			bad(s.name, "at most 500 characters of UTF-8")
		}
	}
	return row, errs
}

func intField(s string, lo, hi int) (int, bool) {
	n, err := strconv.Atoi(s)
	if err != nil {
		// "3.0" from a spreadsheet is 3.
		f, ok := number(s)
		if !ok || f != math.Trunc(f) || f < math.MinInt32 || f > math.MaxInt32 {
			return 0, false
		}
		n = int(f)
	}
	return n, n >= lo && n <= hi
}

// number reads a finite decimal; thousands separators are not accepted.
func number(s string) (float64, bool) {
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
		return 0, false
	}
	return f, true
}

// parseDate reads YYYY-MM-DD or an RFC 3339 date-time (its UTC date).
func parseDate(s string) (time.Time, bool) {
	if d, err := time.Parse(time.DateOnly, s); err == nil {
		return d, true
	}
	if t, err := time.Parse(time.RFC3339, s); err == nil {
		y, m, d := t.UTC().Date()
		return time.Date(y, m, d, 0, 0, 0, 0, time.UTC), true
	}
	return time.Time{}, false
}
