package vehiclevalue

import (
	"context"
	"testing"

	"dalil"
)

// FuzzDecodeAndEstimate: any body either fails to decode with a 400
// *dalil.Error or is valued without panicking, on a small fixed pool.
func FuzzDecodeAndEstimate(f *testing.F) {
	f.Add([]byte(`{"make":"Toyota","model":"Land Cruiser","year":2019,"country":"OM","mileageKm":120000,"vin":"1HGCM82633A004352"}`))
	f.Add([]byte(`{"make":"تويوتا","model":"LC200","year":2020,"country":"عمان","accidentHistory":true,"comparables":[{"year":2020,"price":1}]}`))
	f.Add([]byte(`{"make":"x","model":"y","year":1950,"country":"KE","currency":"KES","askingPrice":1e8}`))
	e := Entry(Deps{})
	deps := Deps{Listings: &mem{ls: lc(6, 2019, "GXR")}}
	f.Fuzz(func(t *testing.T, body []byte) {
		in, err := e.Decode(body)
		if err != nil {
			if de, ok := err.(*dalil.Error); !ok || (de.Code != dalil.CodeInvalidInput) {
				t.Fatalf("decode error %v", err)
			}
			return
		}
		if _, err := Estimate(context.Background(), deps, in.(Input), today); err != nil {
			if _, ok := err.(*dalil.Error); !ok {
				t.Fatalf("estimate error %v", err)
			}
		}
	})
}

// FuzzVIN: normalising and checking any string never panics, and a VIN
// that normalises is checked with a check digit in 0-9 or X.
func FuzzVIN(f *testing.F) {
	f.Add("1HGCM82633A004352", 2003)
	f.Add("jtmhv05j6-04123456", 1990)
	f.Add("IIIIIIIIIIIIIIIII", 0)
	f.Fuzz(func(t *testing.T, s string, year int) {
		v, ok := NormalizeVIN(s)
		if !ok {
			return
		}
		c := CheckVIN(v, year)
		if d := c.ExpectedCheckDigit; len(d) != 1 || !(d[0] == 'X' || d[0] >= '0' && d[0] <= '9') {
			t.Fatalf("check digit %q", d)
		}
	})
}
