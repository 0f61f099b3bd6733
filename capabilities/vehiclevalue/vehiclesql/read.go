package vehiclesql

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

	"dalil/capabilities/vehiclevalue"
	"dalil/dataset"
)

// Formats are the listings file formats, the first the default.
var Formats = []string{"csv", "jsonl"}

// field is one column (CSV) or key (JSON lines) of a listings file.
type field struct {
	name     string
	aliases  []string
	required bool
}

// fields are the accepted columns. docs/vehicle-value.md documents them.
var fields = []field{
	{"id", []string{"sourceRecordId", "listingId"}, false},
	{"make", nil, true},
	{"model", nil, true},
	{"trim", nil, false},
	{"year", []string{"modelYear"}, true},
	{"mileageKm", []string{"km", "odometerKm"}, false},
	{"mileageMiles", []string{"miles"}, false},
	{"price", []string{"askingPrice"}, true},
	{"currency", nil, true},
	{"country", nil, true},
	{"city", nil, false},
	{"listedOn", []string{"listingDate", "date", "observedAt"}, true},
	{"sellerType", nil, false},
	{"vin", nil, false},
	{"priceType", nil, false},
	{"condition", nil, false},
	{"fuelType", nil, false},
	{"transmission", nil, false},
	{"bodyType", nil, false},
	{"drivetrain", nil, false},
	{"msrp", nil, false},
	{"sourceName", nil, false},
	{"sourceUrl", nil, false},
}

var fieldByName = func() map[string]string {
	m := map[string]string{}
	for _, f := range fields {
		m[strings.ToLower(f.name)] = f.name
		for _, a := range f.aliases {
			m[strings.ToLower(a)] = f.name
		}
	}
	return m
}()

func fieldList() string {
	names := make([]string, len(fields))
	for i, f := range fields {
		names[i] = f.name
		if f.required {
			names[i] += " (required)"
		}
	}
	return strings.Join(names, ", ")
}

// Limits of one file.
const (
	MaxRows     = 2_000_000
	maxLineSize = 64 << 10
)

// row is one good listing and where it came from.
type row struct {
	line     int
	recordID string
	l        vehiclevalue.Listing
}

// readResult is a whole file read.
type readResult struct {
	rows   []row
	total  int
	bad    int
	errors []dataset.RowError
	hash   string // SHA-256 of the bytes, hex
}

func (r *readResult) refuse(errs []dataset.RowError) {
	r.bad++
	for _, e := range errs {
		if len(r.errors) < dataset.MaxReportedErrors {
			r.errors = append(r.errors, e)
		}
	}
}

// formatOf is format, else the file name's extension, else jsonl when the
// file starts with '{', else csv.
func formatOf(format, filename string, head []byte) string {
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

// readListings reads and validates a whole file; today bounds the dates
// and the model years. The error is for a file that cannot be read at all.
func readListings(r io.Reader, format, filename string, today time.Time) (readResult, error) {
	h := sha256.New()
	br := bufio.NewReaderSize(io.TeeReader(r, h), 64<<10)
	head, _ := br.Peek(512)
	var res readResult
	v := validator{today: today, ids: map[string]int{}}
	each := func(line int, values map[string]string, errs []dataset.RowError) error {
		if res.total++; res.total > MaxRows {
			return fmt.Errorf("more than %d rows: split the file", MaxRows)
		}
		if len(errs) == 0 {
			var rw row
			if rw, errs = v.parse(line, values); len(errs) == 0 {
				res.rows = append(res.rows, rw)
				return nil
			}
		}
		res.refuse(errs)
		return nil
	}
	var err error
	switch formatOf(format, filename, head) {
	case "csv":
		err = eachCSV(br, each)
	case "jsonl":
		err = eachJSONL(br, each)
	default:
		return res, fmt.Errorf("unknown format %q: use one of %s", format, strings.Join(Formats, ", "))
	}
	if err != nil {
		return res, err
	}
	if _, err := io.Copy(io.Discard, br); err != nil {
		return res, err
	}
	res.hash = hex.EncodeToString(h.Sum(nil))
	return res, nil
}

type rowFunc func(line int, values map[string]string, errs []dataset.RowError) error

func eachCSV(r io.Reader, each rowFunc) error {
	cr := csv.NewReader(r)
	cr.ReuseRecord = true
	header, err := cr.Read()
	if err == io.EOF {
		return errors.New("line 1: the file is empty; the first line must be the header")
	}
	if err != nil {
		return fmt.Errorf("line 1: %w", err)
	}
	cols := make([]string, len(header))
	for i, h := range header {
		name := strings.TrimSpace(strings.TrimPrefix(h, "\ufeff"))
		c, ok := fieldByName[strings.ToLower(name)]
		if !ok {
			return fmt.Errorf("line 1: unknown column %q; the columns are %s", clip(name), fieldList())
		}
		if slices.Contains(cols[:i], c) {
			return fmt.Errorf("line 1: column %q is given twice", c)
		}
		cols[i] = c
	}
	for _, f := range fields {
		if f.required && !slices.Contains(cols, f.name) {
			return fmt.Errorf("line 1: required column %q is missing; the columns are %s", f.name, fieldList())
		}
	}
	for {
		rec, err := cr.Read()
		if err == io.EOF {
			return nil
		}
		var pe *csv.ParseError
		if err != nil && !errors.As(err, &pe) {
			return err
		}
		if err != nil {
			msg := "unreadable CSV: " + pe.Err.Error()
			if errors.Is(err, csv.ErrFieldCount) {
				msg = fmt.Sprintf("%d fields, the header has %d", len(rec), len(cols))
			}
			if err := each(pe.StartLine, nil, []dataset.RowError{{Line: pe.StartLine, Message: msg}}); err != nil {
				return err
			}
			continue
		}
		line, _ := cr.FieldPos(0)
		values := make(map[string]string, len(cols))
		for i, c := range cols {
			values[c] = rec[i]
		}
		if err := each(line, values, nil); err != nil {
			return err
		}
	}
}

func eachJSONL(r io.Reader, each rowFunc) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), maxLineSize)
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
		values, errs := objectValues(text, line)
		if err := each(line, values, errs); err != nil {
			return err
		}
	}
	if errors.Is(sc.Err(), bufio.ErrTooLong) {
		return fmt.Errorf("line %d: longer than %d bytes", line+1, maxLineSize)
	}
	return sc.Err()
}

// objectValues reads one JSON object into name → text, as a CSV row.
func objectValues(text []byte, line int) (map[string]string, []dataset.RowError) {
	dec := json.NewDecoder(bytes.NewReader(text))
	dec.UseNumber()
	var obj map[string]any
	if err := dec.Decode(&obj); err != nil || obj == nil {
		return nil, []dataset.RowError{{Line: line, Message: "not a JSON object"}}
	}
	if dec.More() {
		return nil, []dataset.RowError{{Line: line, Message: "more than one JSON value on the line"}}
	}
	keys := make([]string, 0, len(obj))
	for k := range obj {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	values := map[string]string{}
	var errs []dataset.RowError
	for _, k := range keys {
		c, ok := fieldByName[strings.ToLower(k)]
		switch {
		case !ok:
			errs = append(errs, dataset.RowError{Line: line, Field: clip(k), Message: "unknown key; the keys are " + fieldList()})
			continue
		case values[c] != "":
			errs = append(errs, dataset.RowError{Line: line, Field: k, Message: "given twice (under another of its names)"})
			continue
		}
		switch x := obj[k].(type) {
		case nil:
		case string:
			values[c] = x
		case json.Number:
			values[c] = x.String()
		default:
			errs = append(errs, dataset.RowError{Line: line, Field: c, Message: "must be a string or a number"})
		}
	}
	return values, errs
}

func clip(s string) string {
	if r := []rune(s); len(r) > 60 {
		return string(r[:60]) + "…"
	}
	return s
}

// validator checks rows one at a time.
type validator struct {
	today time.Time
	ids   map[string]int // record id -> first line
}

// parse validates one row's values; every problem is reported.
func (v validator) parse(line int, values map[string]string) (row, []dataset.RowError) {
	var errs []dataset.RowError
	bad := func(f, format string, args ...any) {
		errs = append(errs, dataset.RowError{Line: line, Field: f, Message: fmt.Sprintf(format, args...)})
	}
	get := func(f string) string { return strings.TrimSpace(values[f]) }
	rw := row{line: line, recordID: get("id")}
	l := &rw.l
	if len(rw.recordID) > 200 {
		bad("id", "longer than 200 characters")
	} else if first, dup := v.ids[rw.recordID]; dup && rw.recordID != "" {
		bad("id", "the same id as line %d", first)
	} else if rw.recordID != "" {
		v.ids[rw.recordID] = line
	}
	mk := get("make")
	if vehiclevalue.Key(mk) == "" || len(mk) > 60 {
		bad("make", "required: 1 to 60 characters with letters or digits")
	} else {
		name := vehiclevalue.NormalizeMake(mk)
		l.Make = name.Display
		if md := get("model"); vehiclevalue.Key(md) == "" || len(md) > 80 {
			bad("model", "required: 1 to 80 characters with letters or digits")
		} else {
			l.Model = vehiclevalue.NormalizeModel(name, md).Display
		}
	}
	if t := get("trim"); len(t) > 60 {
		bad("trim", "longer than 60 characters")
	} else {
		l.Trim = strings.Join(strings.Fields(t), " ")
	}
	if y, err := strconv.Atoi(get("year")); err != nil || y < 1950 || y > v.today.Year()+1 {
		bad("year", "must be a model year from 1950 to %d", v.today.Year()+1)
	} else {
		l.Year = y
	}
	km, miles := get("mileageKm"), get("mileageMiles")
	switch {
	case km != "" && miles != "":
		bad("mileageKm", "give mileageKm or mileageMiles, not both")
	case km != "" || miles != "":
		f, s, factor := "mileageKm", km, 1.0
		if miles != "" {
			f, s, factor = "mileageMiles", miles, 1.609344
		}
		n, err := strconv.ParseFloat(s, 64)
		if err != nil || n < 0 || math.IsInf(n, 0) || n*factor > 2_000_000 {
			bad(f, "must be a distance from 0 to 2,000,000 km")
		} else {
			k := int(math.Round(n * factor))
			l.MileageKm = &k
		}
	}
	if p, err := strconv.ParseFloat(get("price"), 64); err != nil || !(p > 0) || p > 1e8 {
		bad("price", "must be a number above 0 and at most 100,000,000")
	} else {
		l.Price = p
	}
	if c, ok := vehiclevalue.NormalizeCurrency(get("currency")); !ok {
		bad("currency", "must be a 3-letter ISO 4217 code such as OMR, AED or USD")
	} else {
		l.Currency = c
	}
	if c, ok := vehiclevalue.NormalizeCountry(get("country")); !ok || get("country") == "" {
		bad("country", "must be an ISO 3166 code or a country name (English or Arabic)")
	} else {
		l.Country = c
	}
	if c := get("city"); len(c) > 80 {
		bad("city", "longer than 80 characters")
	} else {
		l.City = strings.Join(strings.Fields(c), " ")
	}
	if d, ok := parseDate(get("listedOn")); !ok {
		bad("listedOn", "must be a date YYYY-MM-DD (or an RFC 3339 time)")
	} else if d.After(v.today.AddDate(0, 0, 1)) {
		bad("listedOn", "is in the future")
	} else {
		l.ListedOn = d
	}
	enum := func(f string, allowed ...string) string {
		s := strings.ToLower(get(f))
		if s != "" && !slices.Contains(allowed, s) {
			bad(f, "must be one of %s", strings.Join(allowed, ", "))
			return ""
		}
		return s
	}
	l.SellerType = enum("sellerType", "dealer", "private")
	l.PriceType = enum("priceType", "listing", "sale")
	if l.PriceType == "" {
		l.PriceType = "listing"
	}
	if s := get("vin"); s != "" {
		if n, ok := vehiclevalue.NormalizeVIN(s); !ok {
			bad("vin", "must be 17 characters without I, O or Q")
		} else {
			l.VIN = n
		}
	}
	for _, c := range []struct {
		f     string
		dst   *string
		canon func(string) string
	}{
		{"condition", &l.Condition, vehiclevalue.CanonicalCondition},
		{"fuelType", &l.FuelType, vehiclevalue.CanonicalFuel},
		{"transmission", &l.Transmission, vehiclevalue.CanonicalTransmission},
		{"bodyType", &l.BodyType, vehiclevalue.CanonicalBody},
		{"drivetrain", &l.Drivetrain, vehiclevalue.CanonicalDrivetrain},
	} {
		if s := get(c.f); s != "" {
			if *c.dst = c.canon(s); *c.dst == "" {
				bad(c.f, "unknown value %q", clip(s))
			}
		}
	}
	if s := get("msrp"); s != "" {
		if p, err := strconv.ParseFloat(s, 64); err != nil || !(p > 0) || p > 1e8 {
			bad("msrp", "must be a number above 0")
		} else {
			l.MSRP = p
		}
	}
	if s := get("sourceName"); len(s) > 100 {
		bad("sourceName", "longer than 100 characters")
	} else {
		l.SourceName = s
	}
	if s := get("sourceUrl"); len(s) > 500 || (s != "" && !strings.HasPrefix(s, "https://") && !strings.HasPrefix(s, "http://")) {
		bad("sourceUrl", "must be an http(s) URL of at most 500 characters")
	} else {
		l.SourceURL = s
	}
	return rw, errs
}

// parseDate reads YYYY-MM-DD or an RFC 3339 time (its UTC day).
func parseDate(s string) (time.Time, bool) {
	if d, err := time.Parse(time.DateOnly, s); err == nil {
		return d, true
	}
	if t, err := time.Parse(time.RFC3339, s); err == nil {
		u := t.UTC()
		return time.Date(u.Year(), u.Month(), u.Day(), 0, 0, 0, 0, time.UTC), true
	}
	return time.Time{}, false
}
