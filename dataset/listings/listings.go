// Package listings reads the files of the vehicle listings dataset
// (asking and sale prices of used vehicles) that vehicle_value_estimate
// answers from: CSV with a header line, or JSON lines with the same keys.
// Every row is validated on its own and every bad row is reported with its
// line number, field and reason; the tables and the Importer are
// vehiclesql's. The format is documented in docs/vehicle-value.md.
package listings

import (
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"dalil/capabilities/vehiclevalue"
	"dalil/dataset"
)

// Formats are the listings file formats, the first the default.
var Formats = []string{"csv", "jsonl"}

// Columns are the accepted columns (CSV) or keys (JSON lines), whatever
// their case. docs/vehicle-value.md documents them.
var Columns = []dataset.Column{
	{Name: "id", Aliases: []string{"sourceRecordId", "listingId"}},
	{Name: "make", Required: true},
	{Name: "model", Required: true},
	{Name: "trim"},
	{Name: "year", Aliases: []string{"modelYear"}, Required: true},
	{Name: "mileageKm", Aliases: []string{"km", "odometerKm"}},
	{Name: "mileageMiles", Aliases: []string{"miles"}},
	{Name: "price", Aliases: []string{"askingPrice"}, Required: true},
	{Name: "currency", Required: true},
	{Name: "country", Required: true},
	{Name: "city"},
	{Name: "listedOn", Aliases: []string{"listingDate", "date", "observedAt"}, Required: true},
	{Name: "sellerType"},
	{Name: "vin"},
	{Name: "priceType"},
	{Name: "condition"},
	{Name: "fuelType"},
	{Name: "transmission"},
	{Name: "bodyType"},
	{Name: "drivetrain"},
	{Name: "msrp"},
	{Name: "sourceName"},
	{Name: "sourceUrl"},
}

// schema reads both formats into one column → text map per row.
var schema = dataset.NewSchema(dataset.Schema{Columns: Columns, FoldCase: true, MaxRows: MaxRows, MaxLineBytes: maxLineSize})

// Limits of one file.
const (
	MaxRows     = 2_000_000
	maxLineSize = 64 << 10
)

// Row is one good listing, its line and its own record id, if any.
type Row struct {
	Line     int
	RecordID string
	vehiclevalue.Listing
}

// Result is what Read (or Scan) found.
type Result struct {
	Rows   []Row              // the good rows, in line order (Read only; Scan hands them over one by one)
	Total  int                // data rows read
	Bad    int                // rows with at least one problem
	Errors []dataset.RowError // the first dataset.MaxReportedErrors problems
	// Period is the earliest and latest listing date of the good rows.
	Period dataset.Span
	// Hash is the SHA-256 of the file's bytes (hex): the same file gives
	// the same hash, whatever its name.
	Hash string
}

// Good is how many rows are good.
func (r Result) Good() int { return r.Total - r.Bad }

func (r *Result) refuse(errs []dataset.RowError) {
	r.Bad++
	for _, e := range errs {
		if len(r.Errors) < dataset.MaxReportedErrors {
			r.Errors = append(r.Errors, e)
		}
	}
}

// Read reads and validates a whole file and holds its good rows in
// Result.Rows; today bounds the dates and the model years. The error is
// for a file that cannot be read at all (an unknown format, a bad CSV
// header, an I/O failure, too many rows); bad rows are in the Result. An
// import streams with Scan instead.
func Read(r io.Reader, format, filename string, today time.Time) (Result, error) {
	var good []Row
	res, err := Scan(r, format, filename, today, func(rw *Row) error {
		if rw != nil {
			good = append(good, *rw)
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
	v := validator{today: today, ids: &dataset.IDs{}}
	hash, err := schema.ReadRows(r, format, filename, func(line int, values map[string]string, errs []dataset.RowError) error {
		res.Total++
		if len(errs) == 0 {
			var rw Row
			if rw, errs = v.parse(line, values); len(errs) == 0 {
				res.Period.Add(rw.ListedOn)
				if each != nil {
					return each(&rw)
				}
				return nil
			}
		}
		res.refuse(errs)
		if each != nil {
			return each(nil)
		}
		return nil
	})
	res.Hash = hash
	return res, err
}

// validator checks rows one at a time.
type validator struct {
	today time.Time
	ids   *dataset.IDs // record ids seen, with their first line
}

// parse validates one row's values; every problem is reported.
func (v validator) parse(line int, values map[string]string) (Row, []dataset.RowError) {
	var errs []dataset.RowError
	bad := func(f, format string, args ...any) {
		errs = append(errs, dataset.RowError{Line: line, Field: f, Message: fmt.Sprintf(format, args...)})
	}
	get := func(f string) string { return strings.TrimSpace(values[f]) }
	rw := Row{Line: line, RecordID: get("id")}
	l := &rw.Listing
	if len(rw.RecordID) > 200 {
		bad("id", "longer than 200 characters")
	} else if rw.RecordID != "" {
		if first := v.ids.See(rw.RecordID, line); first != 0 {
			bad("id", "the same id as line %d", first)
		}
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
	if d, ok := dataset.ParseDate(get("listedOn")); !ok {
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
				bad(c.f, "unknown value %q", dataset.Clip(s))
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
