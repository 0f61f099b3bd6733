package httpapi

import (
	"testing"
	"time"
)

// value is the counter value (or the histogram's count) of the series of
// the metric name with the given label values, in the labels' name order.
func value(t *testing.T, m *metrics, name string, labels ...string) float64 {
	t.Helper()
	mfs, err := m.reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	for _, mf := range mfs {
		if mf.GetName() != name {
			continue
		}
		for _, d := range mf.GetMetric() {
			same := len(d.GetLabel()) == len(labels)
			for i, l := range d.GetLabel() {
				same = same && l.GetValue() == labels[i]
			}
			if !same {
				continue
			}
			if c := d.GetCounter(); c != nil {
				return c.GetValue()
			}
			return float64(d.GetHistogram().GetSampleCount())
		}
	}
	return 0
}

// TestObserveRequestSeries: the kept series count what WithLabelValues
// would, kept or not (past maxSeriesKept), for requests and charges.
func TestObserveRequestSeries(t *testing.T) {
	m := newMetrics()
	paid := &callLog{rail: "api_credits", tool: "analyze_property", amount: 10_000}
	refused := &callLog{code: "INSUFFICIENT_CREDITS"}
	for range 3 {
		m.observeRequest("POST /a", 200, time.Millisecond, paid)
	}
	m.observeRequest("POST /a", 402, time.Millisecond, refused)
	m.kept.Store(maxSeriesKept) // full: the next series are looked up each time
	for range 2 {
		m.observeRequest("POST /b", 200, time.Millisecond, &callLog{rail: "x402", tool: "t", amount: 5})
	}
	for _, c := range []struct {
		got  float64
		want float64
		what string
	}{
		{value(t, m, "dalil_http_requests_total", "POST /a", "200"), 3, "requests /a 200"},
		{value(t, m, "dalil_http_requests_total", "POST /a", "402"), 1, "requests /a 402"},
		{value(t, m, "dalil_http_requests_total", "POST /b", "200"), 2, "requests /b 200"},
		{value(t, m, "dalil_errors_total", "INSUFFICIENT_CREDITS"), 1, "errors"},
		{value(t, m, "dalil_charges_total", "api_credits", "analyze_property"), 3, "charges"},
		{value(t, m, "dalil_charged_microusd_total", "api_credits", "analyze_property"), 30_000, "charged"},
		{value(t, m, "dalil_charges_total", "x402", "t"), 2, "charges x402"},
		{value(t, m, "dalil_charged_microusd_total", "x402", "t"), 10, "charged x402"},
	} {
		if c.got != c.want {
			t.Errorf("%s = %v, want %v", c.what, c.got, c.want)
		}
	}
	if a, b := value(t, m, "dalil_http_request_duration_seconds", "POST /a"), value(t, m, "dalil_http_request_duration_seconds", "POST /b"); a != 4 || b != 2 {
		t.Errorf("latency counts %v and %v, want 4 and 2", a, b)
	}
	kept := len(m.byRoute.m) + len(m.byCharge.m)
	if kept != 3 {
		t.Errorf("%d series kept, want 3 (the two routes and the charge before the cap)", kept)
	}
}

// BenchmarkObserveRequest is the metrics of one charged call.
func BenchmarkObserveRequest(b *testing.B) {
	m := newMetrics()
	cl := &callLog{rail: "api_credits", tool: "analyze_property", amount: 10_000}
	b.ReportAllocs()
	for b.Loop() {
		m.observeRequest("POST /api/v1/property/analyze", 200, time.Millisecond, cl)
	}
}
