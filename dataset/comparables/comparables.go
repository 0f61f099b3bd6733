// Package comparables reads the files of the comparables dataset (rent and
// sale observations in the Muscat governorate) that analyze_oman_property
// answers from: CSV with a header line, or JSON lines with the same keys.
// Every row is validated on its own and every bad row is reported with its
// line number, field and reason; the tables are omanpropertysql's. The
// format is documented in docs/oman-property.md.
package comparables

import (
	"fmt"
	"io"
	"math"
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
var Columns = []dataset.Column{
	{Name: "id", Aliases: []string{"sourceRecordId"}},
	{Name: "governorate"},
	{Name: "wilayat"},
	{Name: "area", Required: true},
	{Name: "propertyType", Required: true},
	{Name: "bedrooms", Required: true},
	{Name: "bathrooms"},
	{Name: "sizeSqm", Required: true},
	{Name: "kind", Aliases: []string{"transactionType"}, Required: true},
	{Name: "amountOMR", Aliases: []string{"priceOMR"}, Required: true},
	{Name: "rentPeriod"},
	{Name: "furnished"},
	{Name: "date", Aliases: []string{"observedAt"}, Required: true},
	{Name: "sourceType"},
	{Name: "sourceName"},
	{Name: "sourceUrl"},
	{Name: "metadata", FreeForm: true}, // accepted and not kept (the reference's free-form JSON)
}

// schema reads both formats into one column → text map per row.
var schema = dataset.NewSchema(dataset.Schema{Columns: Columns, MaxRows: MaxRows, MaxLineBytes: maxLineBytes})

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

// Result is what Read (or Scan) found.
type Result struct {
	Rows   []Row              // the good rows, in line order (Read only; Scan hands them over one by one)
	Total  int                // data rows read
	Bad    int                // rows with at least one problem
	Errors []dataset.RowError // the first dataset.MaxReportedErrors problems
	// Period is the earliest and latest date of the good rows.
	Period dataset.Span
	// Hash is the SHA-256 of the file's bytes (hex): the same file gives
	// the same hash, whatever its name.
	Hash string
}

// Good is how many rows are good.
func (r Result) Good() int { return r.Total - r.Bad }

func (r *Result) bad(line int, errs []dataset.RowError) {
	r.Bad++
	for _, e := range errs {
		if len(r.Errors) < dataset.MaxReportedErrors {
			r.Errors = append(r.Errors, e)
		}
	}
}

// DetectFormat is dataset.DetectFormat.
func DetectFormat(format, filename string, head []byte) string {
	return dataset.DetectFormat(format, filename, head)
}

// Read reads a whole file and holds its good rows in Result.Rows. today
// bounds the dates (a row dated after today + 1 day is bad). The error is
// for a file that cannot be read at all (an unknown format, a bad CSV
// header, an I/O failure, too many rows); bad rows are in the Result. An
// import streams with Scan instead.
func Read(r io.Reader, format, filename string, today time.Time) (Result, error) {
	var good []Row
	res, err := Scan(r, format, filename, today, func(row *Row) error {
		if row != nil {
			good = append(good, *row)
		}
		return nil
	})
	res.Rows = good
	return res, err
}

// Scan reads a file as Read does but holds no row: it calls each (nil:
// none) for every data row as it is read, with the row when it is good,
// with nil when it is bad, and keeps only the counts, the period, the
// first dataset.MaxReportedErrors problems and the record ids seen (to
// find one given twice). An error from each stops the read and is
// returned as it is.
func Scan(r io.Reader, format, filename string, today time.Time, each func(*Row) error) (Result, error) {
	var res Result
	var seen dataset.IDs
	hash, err := schema.ReadRows(r, format, filename, func(line int, fields map[string]string, errs []dataset.RowError) error {
		res.Total++
		if len(errs) == 0 {
			var row Row
			if row, errs = parseRow(fields, line, today, &seen); len(errs) == 0 {
				res.Period.Add(row.ObservedOn)
				if each != nil {
					return each(&row)
				}
				return nil
			}
		}
		res.bad(line, errs)
		if each != nil {
			return each(nil)
		}
		return nil
	})
	res.Hash = hash
	return res, err
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

// parseRow validates one row given as column → text. seen holds the
// record ids seen, with the line each was first seen on.
func parseRow(f map[string]string, line int, today time.Time, seen *dataset.IDs) (Row, []dataset.RowError) {
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
		default:
			if first := seen.See(id, line); first != 0 {
				bad("id", "duplicate id: also on line %d", first)
			} else {
				row.RecordID = id
			}
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

	if d, ok := dataset.ParseDate(get("date")); !ok {
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
