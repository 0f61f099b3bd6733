package listings_test

import (
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"dalil/dataset"
	"dalil/dataset/listings"
)

// A listing with a NUL byte (0x00) in a field is a bad row, reported on
// its line with its field, in CSV (raw) and JSON lines (\u0000); a file
// whose first line holds one is not text and is refused whole.
func TestReadNUL(t *testing.T) {
	today := time.Date(2026, 11, 25, 0, 0, 0, 0, time.UTC)
	const hdr = "id,make,model,year,price,currency,country,listedOn\n"
	const good = "a1,Toyota,Land Cruiser,2019,14500,OMR,OM,2026-11-01\n"
	type result struct {
		total, bad int
		ids        []string
		errs       []string
	}
	for _, c := range []struct {
		name, file, format string
		want               result
	}{
		{"csv: make", hdr + good + "a2,Toy\x00ota,Land Cruiser,2019,14500,OMR,OM,2026-11-01\n", "csv",
			result{2, 1, []string{"a1"}, []string{"line 3: make: " + dataset.NULByte}}},
		{"csv: id", hdr + "a\x001,Toyota,Land Cruiser,2019,14500,OMR,OM,2026-11-01\n" + good, "csv",
			result{2, 1, []string{"a1"}, []string{"line 2: id: " + dataset.NULByte}}},
		{"csv: an optional field", "make,model,year,price,currency,country,listedOn,sourceName\nToyota,LC,2019,14500,OMR,OM,2026-11-01,dealer\x00\n", "csv",
			result{1, 1, nil, []string{"line 2: sourceName: " + dataset.NULByte}}},
		{"jsonl: model as \\u0000", `{"id":"a1","make":"Toyota","model":"Land\u0000Cruiser","year":2019,"price":14500,"currency":"OMR","country":"OM","listedOn":"2026-11-01"}` + "\n" +
			`{"id":"a2","make":"Toyota","model":"Land Cruiser","year":2019,"price":14500,"currency":"OMR","country":"OM","listedOn":"2026-11-01"}`, "jsonl",
			result{2, 1, []string{"a2"}, []string{"line 1: model: " + dataset.NULByte}}},
	} {
		t.Run(c.name, func(t *testing.T) {
			res, err := listings.Read(strings.NewReader(c.file), c.format, "", today)
			if err != nil {
				t.Fatal(err)
			}
			got := result{total: res.Total, bad: res.Bad}
			for _, r := range res.Rows {
				got.ids = append(got.ids, r.RecordID)
			}
			for _, e := range res.Errors {
				got.errs = append(got.errs, e.Error())
			}
			if d := cmp.Diff(c.want, got, cmp.AllowUnexported(result{})); d != "" {
				t.Errorf("(-want +got)\n%s", d)
			}
		})
	}
	// An .xlsx uploaded as the listings file.
	_, err := listings.Read(strings.NewReader("PK\x03\x04\x14\x00\x06\x00\x08\x00\x00\x00!\x00"), "", "listings.xlsx", today)
	if err == nil || !strings.Contains(err.Error(), "the file holds NUL bytes (0x00), so it is not CSV text") {
		t.Errorf("xlsx: %v", err)
	}
}
