package listings_test

import (
	"bytes"
	"testing"
	"time"

	"dalil/dataset/listings"
)

// FuzzRead: any file is read without panicking; every good row
// is valid and every bad row has an error with a line number.
func FuzzRead(f *testing.F) {
	f.Add([]byte("make,model,year,price,currency,country,listedOn\nToyota,LC200,2019,14500,OMR,OM,2026-11-01\n"), "csv")
	f.Add([]byte(`{"make":"تويوتا","model":"لاند كروزر","year":2019,"price":"1","currency":"RO","country":"عمان","listedOn":"2026-01-01T00:00:00Z","mileageMiles":5}`+"\n{"), "jsonl")
	f.Add([]byte("make,model\n\"unterminated"), "")
	today := time.Date(2026, 11, 25, 0, 0, 0, 0, time.UTC)
	f.Fuzz(func(t *testing.T, data []byte, format string) {
		res, err := listings.Read(bytes.NewReader(data), format, "", today)
		if err != nil {
			return
		}
		for _, r := range res.Rows {
			if r.Make == "" || r.Model == "" || !(r.Price > 0) || r.Currency == "" || r.Country == "" || r.ListedOn.IsZero() {
				t.Fatalf("bad row accepted: %+v", r.Listing)
			}
		}
		for _, e := range res.Errors {
			if e.Line < 1 {
				t.Fatalf("error without a line: %+v", e)
			}
		}
		if res.Bad+len(res.Rows) != res.Total {
			t.Fatalf("%d bad + %d good != %d rows", res.Bad, len(res.Rows), res.Total)
		}
	})
}
