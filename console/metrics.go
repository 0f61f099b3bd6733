package console

import (
	"math"
	"sort"

	dto "github.com/prometheus/client_model/go"
)

// The metrics the server keeps (httpapi/metrics.go), read from its
// registry: they count since this process started, on this replica.
const (
	errorsMetric  = "dalil_errors_total"
	latencyMetric = "dalil_http_request_duration_seconds"
)

type codeCount struct {
	Code  string
	Count int64
}

// toolLatency is a capability's latency: p50 and p99 in seconds,
// estimated from the histogram's buckets as Prometheus'
// histogram_quantile does (linear within a bucket).
type toolLatency struct {
	Tool     string
	Count    int64
	P50, P99 float64
	// Over is set when the quantile lies in the last, open bucket: the
	// figure is the last bound, a floor.
	P50Over, P99Over bool
}

type metricsView struct {
	refused      []codeCount
	refusedTotal int64
	latency      []toolLatency
}

// readMetrics gathers refusals by error code and latency by capability.
func (c *Console) readMetrics() (metricsView, error) {
	var v metricsView
	fams, err := c.o.Host.Metrics().Gather()
	if err != nil {
		return v, err
	}
	routes := c.o.Host.CapabilityRoutes()
	type hist struct {
		count   uint64
		bounds  []float64
		buckets []uint64 // cumulative
	}
	byTool := map[string]*hist{}
	for _, f := range fams {
		switch f.GetName() {
		case errorsMetric:
			for _, m := range f.GetMetric() {
				n := int64(m.GetCounter().GetValue())
				if n == 0 {
					continue
				}
				v.refused = append(v.refused, codeCount{Code: label(m, "code"), Count: n})
				v.refusedTotal += n
			}
		case latencyMetric:
			for _, m := range f.GetMetric() {
				tool, ok := routes[label(m, "route")]
				if !ok {
					continue
				}
				h := m.GetHistogram()
				t := byTool[tool]
				if t == nil {
					t = &hist{}
					for _, b := range h.GetBucket() {
						t.bounds = append(t.bounds, b.GetUpperBound())
					}
					t.buckets = make([]uint64, len(t.bounds))
					byTool[tool] = t
				}
				t.count += h.GetSampleCount()
				for i, b := range h.GetBucket() {
					if i < len(t.buckets) {
						t.buckets[i] += b.GetCumulativeCount()
					}
				}
			}
		}
	}
	sort.Slice(v.refused, func(i, j int) bool {
		if v.refused[i].Count != v.refused[j].Count {
			return v.refused[i].Count > v.refused[j].Count
		}
		return v.refused[i].Code < v.refused[j].Code
	})
	for tool, h := range byTool {
		if h.count == 0 {
			continue
		}
		l := toolLatency{Tool: tool, Count: int64(h.count)}
		l.P50, l.P50Over = quantile(0.50, h.count, h.bounds, h.buckets)
		l.P99, l.P99Over = quantile(0.99, h.count, h.bounds, h.buckets)
		v.latency = append(v.latency, l)
	}
	sort.Slice(v.latency, func(i, j int) bool { return v.latency[i].Tool < v.latency[j].Tool })
	return v, nil
}

func label(m *dto.Metric, name string) string {
	for _, l := range m.GetLabel() {
		if l.GetName() == name {
			return l.GetValue()
		}
	}
	return ""
}

// quantile estimates the q-quantile of count observations from cumulative
// bucket counts: the rank's bucket, linear within it (from 0 for the
// first). A rank past the last bound answers that bound and over=true.
func quantile(q float64, count uint64, bounds []float64, cumulative []uint64) (float64, bool) {
	rank := q * float64(count)
	lower, below := 0.0, uint64(0)
	for i, ub := range bounds {
		if math.IsInf(ub, +1) {
			break
		}
		if float64(cumulative[i]) >= rank {
			in := cumulative[i] - below
			if in == 0 {
				return ub, false
			}
			return lower + (ub-lower)*(rank-float64(below))/float64(in), false
		}
		lower, below = ub, cumulative[i]
	}
	return lower, true
}
