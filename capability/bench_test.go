package capability_test

import (
	"testing"

	"dalil/capabilities/property"
)

func BenchmarkDecodeAnalyze(b *testing.B) {
	body := []byte(`{"propertyValue":85000,"annualRent":7200,"serviceCharge":650,"maintenanceCost":400}`)
	e := property.AnalyzeEntry()
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, err := e.Decode(body); err != nil {
			b.Fatal(err)
		}
	}
}
