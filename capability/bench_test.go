package capability_test

import (
	"context"
	"encoding/json"
	"syscall"
	"testing"

	"dalil/capabilities/maintenance"
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

// benchEncode writes the result of body's call, as the response path
// did (Marshal, then a newline appended) and with AppendOutput into a
// buffer of its own.
func benchEncode(b *testing.B, e capability.Entry, body string) {
	in, err := e.Decode([]byte(body))
	if err != nil {
		b.Fatal(err)
	}
	out, err := e.Run(context.Background(), in)
	if err != nil {
		b.Fatal(err)
	}
	b.Run("marshal", func(b *testing.B) {
		b.ReportAllocs()
		cpu0 := cpuTime()
		for b.Loop() {
			d, err := capability.Marshal(out)
			if err != nil {
				b.Fatal(err)
			}
			_ = append(d, '\n')
		}
		b.ReportMetric(float64(cpuTime()-cpu0)/float64(b.N), "cpu-ns/op")
	})
	b.Run("compiled", func(b *testing.B) {
		b.ReportAllocs()
		cpu0 := cpuTime()
		for b.Loop() {
			d, err := e.AppendOutput(nil, out)
			if err != nil {
				b.Fatal(err)
			}
			_ = append(d, '\n')
		}
		b.ReportMetric(float64(cpuTime()-cpu0)/float64(b.N), "cpu-ns/op")
	})
}

// BenchmarkEncodeAnalyze: analyze_property's result for the benchmark's
// body (15 numbers, two strings, a list of strings).
func BenchmarkEncodeAnalyze(b *testing.B) {
	benchEncode(b, property.AnalyzeEntry(), `{"propertyValue":85000,"annualRent":7200,"serviceCharge":650,"maintenanceCost":400}`)
}

// BenchmarkEncodeCompare: three analyses and a ranking.
func BenchmarkEncodeCompare(b *testing.B) {
	benchEncode(b, property.CompareEntry(), `{"properties":[{"name":"Villa A","propertyValue":85000,"annualRent":7200,"serviceCharge":650},{"name":"Flat B","propertyValue":62000.5,"annualRent":5400,"vacancyRatePct":5},{"name":"Shop C","propertyValue":120000,"annualRent":11000,"maintenanceCost":900}]}`)
}

// BenchmarkEncodeMaintenance: estimate_maintenance's result.
func BenchmarkEncodeMaintenance(b *testing.B) {
	e := maintenance.Entry()
	body, _ := json.Marshal(e.Example)
	benchEncode(b, e, string(body))
}

// cpuTime is the process's user and system CPU time so far, in ns: on a
// loaded machine, wall time per operation is not the cost.
func cpuTime() int64 {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return ru.Utime.Nano() + ru.Stime.Nano()
}
