package capability_test

import (
	"testing"

	"dalil/capabilities/property"
	"dalil/capability"
)

func benchDecode(b *testing.B, e capability.Entry, body string, wantErr bool) {
	buf := []byte(body)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := e.Decode(buf); (err != nil) != wantErr {
			b.Fatal(err)
		}
	}
}

// BenchmarkDecodeAnalyze: the analyze_property body of the HTTP benchmark
// (docs/performance.md) through the registered entry.
func BenchmarkDecodeAnalyze(b *testing.B) {
	benchDecode(b, property.AnalyzeEntry(), `{"propertyValue":85000,"annualRent":7200,"serviceCharge":650,"maintenanceCost":400}`, false)
}

// BenchmarkDecodeCompare: nested objects in an array.
func BenchmarkDecodeCompare(b *testing.B) {
	benchDecode(b, property.CompareEntry(), `{"properties":[{"name":"Villa A","propertyValue":85000,"annualRent":7200,"serviceCharge":650},{"name":"Flat B","propertyValue":62000.5,"annualRent":5400,"vacancyRatePct":5},{"name":"Shop C","propertyValue":120000,"annualRent":11000,"maintenanceCost":900}]}`, false)
}

// BenchmarkDecodeInvalid: a body with three schema problems.
func BenchmarkDecodeInvalid(b *testing.B) {
	benchDecode(b, property.AnalyzeEntry(), `{"propertyValue":0,"annualRent":"7200","extra":1}`, true)
}
